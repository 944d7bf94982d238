"""What the Discord layer needs from a game, beyond its engine: the words, pictures and plans.

Each game is a folder `bot/games/<name>/` whose `UI` (a `GameUI`) is registered once in
`bot.games.UIS`, keyed by the engine's game name; the cogs, the service and the store never
branch on the game. A capability only some games have is declared here with its default (no
hands, no turn plans, no answers ahead) and a game that has it says so (`has_hands`,
`has_turn_plans`, `plans.answers_ahead`), so no caller asks whether a method exists. Everything
here is pure (no Discord objects): strings, the choices of a prompt (`bot.games.layout`),
picture bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any, Generic, NamedTuple

from bot.games.layout import Choice, Layout
from bot.games.plans import (
    PlanEntry,
    Planner,
    PlanOption,
    Question,
    StateT,
    TurnPlan,
    TurnPlanProgress,
)
from engine.protocol import Event, Outcome, PendingDecision


class Picture(NamedTuple):
    """One attachment: its file name and its PNG bytes."""

    filename: str
    data: bytes


class GameUI(Generic[StateT]):
    """A game's presentation in Discord; the methods without a default each game implements."""

    kind: str  # the engine's game name
    title: str  # the game's name for players
    phases_per_turn: int
    # Hidden information: a game with hands (Magna Carta) shows the channel only `public(state)`
    # and each player their own `private(state, seat)`; prompts in the channel carry only the
    # public choices, the others are in the player's private "My hand" reply.
    has_hands: bool

    def public(self, state: StateT) -> Any:
        """What everyone may see: what channel pictures, accounts and status are made from."""
        raise NotImplementedError

    def private(self, state: StateT, seat: int) -> Any:
        """What `seat` may see (its own hand too): for its private replies only."""
        raise NotImplementedError

    def split_actions(self, state: StateT, seat: int, actions: list[Any]) -> tuple[list, list]:
        """(the choices that may be shown in the channel, those only the player may see)."""
        raise NotImplementedError

    def hand_lines(self, state: StateT, seat: int, names: list[str]) -> list[str]:
        """The private reply's text: the player's hand and stock (empty without hands)."""
        raise NotImplementedError

    def hand_picture(self, state: StateT, seat: int, names: list[str]) -> Picture | None:
        """The player's hand as a picture, for their eyes only (None without hands)."""
        raise NotImplementedError

    def hand_layout(self, state: StateT, seat: int, actions: list[Any], names: list[str]) -> Layout:
        """The private choices (from `split_actions`) as buttons and menus."""
        raise NotImplementedError

    # --- the lobby
    # /caylus new's options that belong to this game -> the engine's option names
    option_names: dict[str, str]
    # the standing orders this game has (bot.games.plans.Orders fields: inn, bribe, castle, owner)
    order_names: tuple[str, ...]
    # a new game's decision clock when the host sets none (None: the bot's, DEFAULT_CLOCK of
    # bot/clock_service/clock.py, a day a decision)
    default_clock: timedelta | None = None

    def options_text(self, options: dict[str, Any]) -> str:
        """The lobby's line about the game's options."""
        raise NotImplementedError

    # --- prompts
    def headline(self, state: StateT, pending: PendingDecision, names: list[str]) -> str:
        """The sentence of a pending decision."""
        raise NotImplementedError

    def context(self, state: StateT, seat: int) -> str:
        """The line under it: turn, phase and what the deciding seat holds."""
        raise NotImplementedError

    def layout(self, state: StateT, seat: int, actions: list[Any], names: list[str]) -> Layout:
        """The decision's (public) choices as buttons and menus, for the channel's prompt."""
        raise NotImplementedError

    def describe(self, state: StateT, seat: int, action: Any, names: list[str]) -> Choice:
        """One action in plain words (labels, autocomplete)."""
        raise NotImplementedError

    def placement_answers(
        self, state: StateT, seat: int, actions: list[Any], names: list[str]
    ) -> dict[str, list[tuple[str, str]]]:
        """The moves the prompt offers joined with their answers ahead (the menu's "Farm (11)
        — 1 d → Take 2 food", ..., "· decide later"): move -> its choices' values, each with
        the answer alone in words, in the menu's order. {}: none (a game without them)."""
        return {}

    # --- what happened
    def intro(self, state: StateT, names: list[str]) -> str:
        """The first line of a game."""
        raise NotImplementedError

    def account(
        self, turn: int, phase: int, events: list[Event], names: list[str], so_far: bool = False
    ) -> str:
        """The account of a phase (or of its first part, `so_far`)."""
        raise NotImplementedError

    def phase_title(self, turn: int, phase: int, events: list[Event]) -> str:
        """The title of a phase (the account's first line), also for one with nothing to tell
        (the replay names every phase)."""
        raise NotImplementedError

    def tells_before_prompt(self, state: StateT) -> bool:
        """Whether the pending decision needs the account of the phase so far before it (a
        favor: what won it)."""
        raise NotImplementedError

    def score_lines(self, outcome: Outcome, names: list[str], emojis: list[str]) -> list[str]:
        """One line per seat, best first, with the breakdown."""
        raise NotImplementedError

    # --- pictures
    def shows_board(self, state: StateT, previous: StateT | None) -> bool:
        """Whether the whole board follows the phone card after these phases."""
        raise NotImplementedError

    def phase_pictures(
        self,
        state: StateT,
        names: list[str],
        previous: StateT | None,
        events: Sequence[Event],
        board: bool,
    ) -> list[Picture]:
        """The card (and the board when `board`) after a phase."""
        raise NotImplementedError

    def board_picture(
        self, state: StateT, names: list[str], previous: StateT | None, events: Sequence[Event] = ()
    ) -> Picture:
        """The whole board, for /caylus board and after the phases that show it (`events`:
        the phases' events, for what changed)."""
        raise NotImplementedError

    def board_places(
        self, state: StateT, names: list[str], previous: StateT | None, actions: Sequence[str]
    ) -> dict[str, tuple[int, int, int, int]]:
        """Where on `board_picture(state, names, previous)` each of `actions` (legal moves in
        notation, the engine's answer) is played by a click: action -> (x, y, width, height)
        in the picture's pixels. Actions without a place on the board are left out (the web
        page offers them as buttons); a game without a clickable board returns {}."""
        return {}

    def hand_places(
        self, state: StateT, seat: int, names: list[str], actions: Sequence[str]
    ) -> dict[str, tuple[int, int, int, int]]:
        """Where on `hand_picture(state, seat, names)` each of `actions` (the seat's legal
        moves in notation) is played by a click, as `board_places` does for the board; a game
        without hands returns {}."""
        return {}

    def record_picture(self, state: StateT) -> bytes:
        """The whole board of a replayed record's state, without names (`caylus replay --png`;
        a game with hands: the public view)."""
        raise NotImplementedError

    # --- looking
    def status_lines(self, state: StateT, names: list[str], emojis: list[str]) -> list[str]:
        """/caylus board: where the game stands and one line per seat."""
        raise NotImplementedError

    def me_lines(self, state: StateT, seat: int) -> list[str]:
        """/caylus me: what this seat holds (visible to its player only)."""
        raise NotImplementedError

    # --- rules
    def rule_topics(self) -> list[tuple[str, str]]:
        """(label, value) of every topic of /caylus help."""
        raise NotImplementedError

    def rules_text(self, topic: str) -> str:
        """The text of a topic (or a sentence saying it is unknown)."""
        raise NotImplementedError

    # --- plans (docs/pace.md)
    # what the game's plans do for the game service (None: the game has no plans)
    plans: Planner[StateT] | None = None
    # whether the prompt offers "Plan my turn" (the turn plan editor, bot.games.turn_plans)
    has_turn_plans = False

    def placing_now(self, state: StateT) -> bool:
        """Whether a turn's placements are on (a turn plan can be played now)."""
        return False

    def turn_plan_lines(
        self,
        state: StateT,
        seat: int,
        progress: TurnPlanProgress,
        options: Sequence[PlanOption],
        names: list[str],
    ) -> list[str]:
        """The turn plan and where it stands, one line a space (games with turn plans)."""
        raise NotImplementedError

    def turn_plan_next(
        self,
        state: StateT,
        seat: int,
        progress: TurnPlanProgress,
        options: Sequence[PlanOption],
        names: list[str],
    ) -> str:
        """What the turn plan plays next (games with turn plans)."""
        raise NotImplementedError

    def turn_plan_entry(
        self,
        state: StateT,
        seat: int,
        entry: PlanEntry,
        options: Sequence[PlanOption],
        names: list[str],
    ) -> str:
        """How one entry of a turn plan reads (games with turn plans)."""
        raise NotImplementedError

    def turn_plan_choices(
        self, state: StateT, seat: int, options: Sequence[PlanOption], names: list[str]
    ) -> list[Choice]:
        """The spaces a turn plan may add, in words (games with turn plans)."""
        raise NotImplementedError

    def turn_plan_conditions(self, plan: TurnPlan) -> list[Choice]:
        """The turn plan editor's conditions menu (games with turn plans)."""
        raise NotImplementedError

    def turn_plan_title(self, game_id: int, turn: int) -> str:
        """The turn plan editor's title (games with turn plans)."""
        raise NotImplementedError

    def turn_plan_how(self) -> str:
        """How a turn plan plays, under the editor's title (games with turn plans)."""
        raise NotImplementedError

    def turn_plan_empty(self) -> str:
        """What an empty turn plan reads (games with turn plans)."""
        raise NotImplementedError

    # --- answers ahead (games whose `plans.answers_ahead`: Caylus)
    def premove_text(self, state: StateT, plan: Any) -> str:
        """A queued placement in words."""
        raise NotImplementedError

    def question_choices(self, question: Question, names: list[str]) -> tuple[str, list[Choice]]:
        """A question's title and its options in words (the player's private reply)."""
        raise NotImplementedError

    def question_line(self, question: Question, names: list[str]) -> str:
        """One line about a question, with its planned answer if any."""
        raise NotImplementedError
