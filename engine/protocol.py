"""The small protocol every game behind the bot implements (Caylus, Magna Carta): `Game`.

The service, store, renderer and bot only use these names, so they treat all games alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Protocol, Self

from pydantic import BaseModel

from engine.events import Event as Event  # every game's events (compiled with the cores)


@dataclass(frozen=True, slots=True)
class PendingDecision:
    seat: int
    kind: str
    prompt: str  # a short sentence: what this seat must decide


@dataclass(frozen=True, slots=True)
class Outcome:
    scores: list[int]  # final totals by seat
    breakdown: list[dict[str, int]]  # by seat: game points, end bonus parts, total
    winners: list[int]  # seats sharing the win


class GameState(Protocol):
    """What every game's state has, for the code that does not know the game (the service, the
    store, the Discord layer): whose game it is, where it stands (a Magna Carta round is its
    `turn`), whether it is over, its setup, and its JSON. Everything else is the game's own."""

    @property
    def game(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def phase(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def players(self) -> Sequence[object]:
        """One entry a seat, in seat order."""
        ...

    @property
    def setup(self) -> Any: ...
    def model_dump_json(self) -> str: ...
    @classmethod
    def model_validate_json(cls, text: str | bytes, /) -> Self:
        """The state in `text` as it was dumped (no consistency checks: `Game.state_from_json`
        checks them)."""
        ...


class Checker(Protocol):
    """The invariants of random games (`caylus simulate`, the conformance tests): the problems
    found after each move and at the end (empty: none)."""

    def after(self, before: Any, action: Any, after: Any, events: list[Event]) -> list[str]: ...
    def at_end(self, final: Any) -> list[str]: ...


class Game(Protocol):
    """A game's rules behind one typed object: what `engine.get_game(name)` returns.

    Each game registers one (engine/<game>/game.py, listed in `engine.games()`); its features
    are declared here, so no caller asks whether a game has something. `State` and `Action` are
    the game's own types: the callers that do not know the game pass them through untouched
    (typed `Any` there).

    The features are read-only (properties here, plain class attributes in a game): a game
    declares them once, and only a read-only member lets a game's own, more precise types (its
    `Action` model, a dict of levels) stand where the protocol names the general ones (a
    settable protocol attribute must match its type exactly)."""

    @property
    def name(self) -> str:
        """The game's id: records, the store, the bot's registry (`bot.games.UIS`)."""
        ...

    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def phases_per_turn(self) -> int:
        """The most phases a turn (a Magna Carta round) has."""
        ...

    @property
    def hidden_information(self) -> bool:
        """Hands and draw piles that a running game's record would show."""
        ...

    @property
    def chance_in_play(self) -> bool:
        """Chance after the setup (cards drawn during play): a move that drew or showed
        something cannot be taken back; what a move `revealed` says what undo may not take
        back."""
        ...

    @property
    def LEVEL_SECONDS(self) -> Mapping[str, float]:
        """The automated players' levels and their time a move."""
        ...

    @property
    def State(self) -> type[GameState]: ...

    @property
    def Action(self) -> type[BaseModel]: ...

    @property
    def Options(self) -> type[BaseModel]: ...

    @property
    def Setup(self) -> type[BaseModel]: ...

    def new_game(self, options: Any = None, setup: Any = None) -> Any: ...
    def pending(self, state: Any) -> list[PendingDecision]: ...
    def legal_actions(self, state: Any, seat: int) -> list[Any]: ...
    def apply(
        self, state: Any, action: Any, seat: int | None = None
    ) -> tuple[Any, list[Event]]: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def parse_action(self, text: str) -> Any: ...
    def phases_in_turn(self, state: Any) -> int: ...
    def revealed(self, before: Any, after: Any) -> str | None:
        """What the play from `before` to `after` showed that nobody knew (None: nothing, so it
        may be taken back)."""
        ...

    def state_from_json(self, text: str | bytes) -> Any: ...
    def choose_action(self, state: Any, seat: int, rng: Random) -> Any: ...
    def automated_action(
        self, state: Any, seat: int, level: str, rng: Random, budget: Any = None
    ) -> Any: ...
    def default_action(self, state: Any, seat: int | None = None) -> Any | None:
        """What the clock plays for a seat whose time ran out (None: nothing sensible)."""
        ...

    def make_checker(self, start: Any, level: str = "light") -> Checker | None:
        """The game's own invariant checker (None: the shared one, engine/conformance.py)."""
        ...
