"""Game records: options, setup and the list of actions in notation; replay rebuilds the state.

A record may start from a whole state (`start`, the state JSON) instead of a setup, the way a
chess test starts from a FEN. See docs/record.md.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engine import get_game
from engine.errors import EngineError
from engine.protocol import Event


class GameRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = "caylus"
    options: dict[str, Any] = Field(default_factory=dict)
    setup: dict[str, Any] = Field(default_factory=dict)
    start: dict[str, Any] | None = None  # a whole starting state (state JSON), instead of setup
    actions: list[str] = Field(default_factory=list)
    # The seat of each action, when known (the store keeps it): replay then also checks that
    # each action came from the seat the game was waiting for.
    seats: list[int] | None = None


class ReplayFailure(BaseModel):
    index: int
    action: str
    reason: str


class ReplayResult(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    state: Any  # the state after the valid prefix
    applied: int  # how many actions were applied
    failure: ReplayFailure | None = None
    events: list[Event] = Field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.failure is None


def initial_state(record: GameRecord) -> Any:
    game = get_game(record.game)
    if record.start is not None:
        return game.State.model_validate(record.start)
    return game.new_game(game.Options(**record.options), game.Setup(**record.setup))


def replay(record: GameRecord, *, keep_events: bool = False) -> ReplayResult:
    """Rebuild the state; on a bad action stop there and report index, text and reason."""
    game = get_game(record.game)
    state = initial_state(record)
    events: list[Event] = []
    seats = record.seats
    if seats is not None and len(seats) != len(record.actions):
        failure = ReplayFailure(index=0, action="", reason="seats and actions differ in length")
        return ReplayResult(state=state, applied=0, failure=failure)
    for index, text in enumerate(record.actions):
        try:
            seat = seats[index] if seats is not None else None
            state, new_events = game.apply(state, text, seat)
        except EngineError as error:
            failure = ReplayFailure(index=index, action=text, reason=str(error))
            return ReplayResult(state=state, applied=index, failure=failure, events=events)
        if keep_events:
            events.extend(new_events)
    return ReplayResult(state=state, applied=len(record.actions), events=events)


def record_for(state: Any, actions: list[str], seats: list[int] | None = None) -> GameRecord:
    """The record of a game begun with new_game: its options, explicit setup and actions (and
    their seats, needed when several seats may answer one decision, as in Magna Carta)."""
    return GameRecord(
        game=state.game,
        options=state.options.model_dump(),
        setup=state.setup.model_dump(),
        actions=list(actions),
        seats=list(seats) if seats is not None else None,
    )
