"""What the Discord layer needs from a game, beyond its engine: the words and pictures.

Each game is a folder `bot/games/<name>/` whose `UI` implements `GameUI`; the cogs, the service
and the store never branch on the game. Everything here is pure (no Discord objects): strings,
the choices of a prompt (`bot.games.layout`), picture bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any, NamedTuple, Protocol

from bot.games.layout import Choice, Layout
from engine.protocol import Event, Outcome, PendingDecision


class Picture(NamedTuple):
    """One attachment: its file name and its PNG bytes."""

    filename: str
    data: bytes


class GameUI(Protocol):
    kind: str  # the engine's game name
    title: str  # the game's name for players
    phases_per_turn: int
    # Hidden information: a game with hands (Magna Carta) shows the channel only `public(state)`
    # and each player their own `private(state, seat)`; prompts in the channel carry only the
    # public choices, the others are in the player's private "My hand" reply.
    has_hands: bool

    def public(self, state: Any) -> Any:
        """What everyone may see: what channel pictures, accounts and status are made from."""
        ...

    def private(self, state: Any, seat: int) -> Any:
        """What `seat` may see (its own hand too): for its private replies only."""
        ...

    def split_actions(self, state: Any, seat: int, actions: list[Any]) -> tuple[list, list]:
        """(the choices that may be shown in the channel, those only the player may see)."""
        ...

    def hand_lines(self, state: Any, seat: int, names: list[str]) -> list[str]:
        """The private reply's text: the player's hand and stock (empty without hands)."""
        ...

    def hand_picture(self, state: Any, seat: int, names: list[str]) -> Picture | None:
        """The player's hand as a picture, for their eyes only (None without hands)."""
        ...

    def hand_layout(self, state: Any, seat: int, actions: list[Any], names: list[str]) -> Layout:
        """The private choices (from `split_actions`) as buttons and menus."""
        ...

    # --- the lobby
    # /caylus new's options that belong to this game -> the engine's option names
    option_names: dict[str, str]
    # the standing orders this game has (bot.plans.Orders fields: inn, bribe, castle)
    order_names: tuple[str, ...]
    # a new game's decision clock when the host sets none
    default_clock: timedelta

    def options_text(self, options: dict[str, Any]) -> str:
        """The lobby's line about the game's options."""
        ...

    # --- prompts
    def headline(self, state: Any, pending: PendingDecision, names: list[str]) -> str:
        """The sentence of a pending decision."""
        ...

    def context(self, state: Any, seat: int) -> str:
        """The line under it: turn, phase and what the deciding seat holds."""
        ...

    def layout(self, state: Any, seat: int, actions: list[Any], names: list[str]) -> Layout:
        """The decision's (public) choices as buttons and menus, for the channel's prompt."""
        ...

    def describe(self, state: Any, seat: int, action: Any, names: list[str]) -> Choice:
        """One action in plain words (labels, autocomplete)."""
        ...

    # --- what happened
    def intro(self, state: Any, names: list[str]) -> str:
        """The first line of a game."""
        ...

    def account(
        self, turn: int, phase: int, events: list[Event], names: list[str], so_far: bool = False
    ) -> str:
        """The account of a phase (or of its first part, `so_far`)."""
        ...

    def phase_title(self, turn: int, phase: int, events: list[Event]) -> str:
        """The title of a phase (the account's first line), also for one with nothing to tell
        (the replay names every phase)."""
        ...

    def tells_before_prompt(self, state: Any) -> bool:
        """Whether the pending decision needs the account of the phase so far before it (a
        favor: what won it)."""
        ...

    def score_lines(self, outcome: Outcome, names: list[str], emojis: list[str]) -> list[str]:
        """One line per seat, best first, with the breakdown."""
        ...

    # --- pictures
    def shows_board(self, state: Any, previous: Any) -> bool:
        """Whether the whole board follows the phone card after these phases."""
        ...

    def phase_pictures(
        self,
        state: Any,
        names: list[str],
        previous: Any,
        events: Sequence[Event],
        board: bool,
    ) -> list[Picture]:
        """The card (and the board when `board`) after a phase."""
        ...

    def board_picture(
        self, state: Any, names: list[str], previous: Any, events: Sequence[Event] = ()
    ) -> Picture:
        """The whole board, for /caylus board and after the phases that show it (`events`:
        the phases' events, for what changed)."""
        ...

    # --- looking
    def status_lines(self, state: Any, names: list[str], emojis: list[str]) -> list[str]:
        """/caylus board: where the game stands and one line per seat."""
        ...

    def me_lines(self, state: Any, seat: int) -> list[str]:
        """/caylus me: what this seat holds (visible to its player only)."""
        ...

    # --- rules
    def rule_topics(self) -> list[tuple[str, str]]:
        """(label, value) of every topic of /caylus help."""
        ...

    def rules_text(self, topic: str) -> str:
        """The text of a topic (or a sentence saying it is unknown)."""
        ...


class PlanUI(Protocol):
    """What a game whose decisions can be answered ahead (docs/pace.md: Caylus) adds to its
    `GameUI`."""

    def premove_text(self, state: Any, plan: Any) -> str:
        """A queued placement in words."""
        ...

    def question_choices(self, question: Any, names: list[str]) -> tuple[str, list[Choice]]:
        """A question's title and its options in words (the player's private reply)."""
        ...

    def question_line(self, question: Any, names: list[str]) -> str:
        """One line about a question, with its planned answer if any."""
        ...
