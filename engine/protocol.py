"""The small protocol every game behind the bot implements (Caylus, later Magna Carta).

The service, store, renderer and bot only use these names, so they treat all games alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel


@dataclass(slots=True)
class Event:
    """Something that happened. Its sentence names seats as {s} (the actor) and {o} (another
    seat).

    The engine says it as a message `key` and its `args` (engine/wording.py), phrased only when
    read: `text` in English, the bot's accounts from the translated template. `said` is a
    ready-made English sentence instead (events made outside the engine).
    A slotted dataclass, cheap to make (the engine makes a few per action); treat it as a value.
    """

    kind: str
    seat: int | None
    said: str
    pp: int = 0  # prestige change of `seat` (actual, after the never-below-zero rule)
    other: int | None = None
    data: dict[str, Any] | None = None
    turn: int = 0  # the turn and phase the event happened in
    phase: int = 0
    key: str = ""  # the message (engine/wording.py); "" when `said` is the sentence
    args: dict[str, Any] | None = None  # its values: numbers and ids, never hidden information

    @property
    def text(self) -> str:
        """The sentence in English, {s} and {o} not filled in."""
        if self.key:
            from engine.wording import english

            return english(self.key, self.args)
        return self.said

    def render(self, names: list[str]) -> str:
        """The sentence in English with the seats' names."""
        actor = names[self.seat] if self.seat is not None else ""
        other = names[self.other] if self.other is not None else ""
        if self.key:
            from engine.wording import english

            return english(self.key, self.args, s=actor, o=other)
        return self.said.format(s=actor, o=other)


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


class GameModule(Protocol):
    """What `engine.get_game(name)` returns."""

    name: str
    min_players: int
    max_players: int
    State: type[BaseModel]
    Action: type[BaseModel]

    def new_game(self, options: Any, setup: Any) -> Any: ...
    def pending(self, state: Any) -> list[PendingDecision]: ...
    def legal_actions(self, state: Any, seat: int) -> list[Any]: ...
    def apply(
        self, state: Any, action: Any, seat: int | None = None
    ) -> tuple[Any, list[Event]]: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def parse_action(self, text: str) -> Any: ...
    def phases_in_turn(self, state: Any) -> int: ...
    def revealed(self, before: Any, after: Any) -> str | None: ...
    def state_from_json(self, text: str | bytes) -> Any: ...
    def choose_action(self, state: Any, seat: int, rng: Any) -> Any: ...
