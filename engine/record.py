"""Game records: options, setup and the list of actions in notation; replay rebuilds the state.

A record may start from a whole state (`start`, the state JSON) instead of a setup, the way a
chess test starts from a FEN. See docs/record.md.

Damaged or crafted input ends in a typed error, never another exception: `GameRecord.from_json`
raises BadSetup for anything that is not a record, `initial_state` raises BadSetup for a record
that cannot start a game (unknown game, bad options or setup, an inconsistent start state), and
`replay` returns a ReplayFailure at the first action that cannot be applied.
"""

from __future__ import annotations

import json
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine import GAME_NAMES, get_game
from engine.errors import BadSetup, EngineError, quoted, shorten, validation_reason
from engine.protocol import Event, Game


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

    @classmethod
    def from_json(cls, data: str | bytes) -> GameRecord:
        """The record in `data` (JSON text or UTF-8 bytes); BadSetup says what is wrong."""
        if not isinstance(data, str | bytes | bytearray):
            raise BadSetup("A game record is JSON text.")
        try:
            return cls.model_validate_json(data)
        except ValidationError as error:
            raise BadSetup(f"This is not a game record: {validation_reason(error)}.") from None


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


def _game_of(record: GameRecord) -> Game:
    if record.game not in GAME_NAMES:
        raise BadSetup(
            f"Unknown game {quoted(record.game, 30)}: known are {', '.join(GAME_NAMES)}."
        )
    return get_game(record.game)


def initial_state(record: GameRecord) -> Any:
    """The state the record starts from: its `start` state, checked for consistency, or a new
    game from its options and setup. Raises BadSetup (with the reason) if there is none."""
    game = _game_of(record)
    if record.start is not None:
        if record.options or record.setup:
            raise BadSetup(
                "A record starts either from 'start' or from 'options' and 'setup', not both."
            )
        try:
            text = json.dumps(record.start, allow_nan=False)
        except (TypeError, ValueError) as error:
            raise BadSetup(f"The start state is not JSON data: {shorten(str(error))}.") from None
        return game.state_from_json(text)  # checks types and consistency: BadState
    try:
        options = game.Options(**record.options)
        setup = game.Setup(**record.setup)
    except ValidationError as error:
        raise BadSetup(
            f"The record's options or setup are wrong: {validation_reason(error)}."
        ) from None
    return game.new_game(options, setup)


def replay(record: GameRecord, *, keep_events: bool = False) -> ReplayResult:
    """Rebuild the state; on a bad action stop there and report index, text and reason.

    Raises BadSetup when the record cannot start a game (see `initial_state`).
    """
    if not isinstance(record, GameRecord):
        raise BadSetup("A replay needs a game record (see docs/record.md).")
    game = _game_of(record)
    state = initial_state(record)
    events: list[Event] = []
    seats = record.seats
    if seats is not None and len(seats) != len(record.actions):
        raise BadSetup(
            f"The record gives {len(seats)} seats for {len(record.actions)} actions: "
            "give one seat per action, or none."
        )
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


def built_in_game(kind: str, players: int, seed: int, **options: Any) -> GameRecord:
    """The record of a whole game every seat of which the built-in player played, from `seed`
    (the setup's and the players' random numbers): a game to replay, draw or animate."""
    game = get_game(kind)
    rng = random.Random(seed)
    start = game.new_game(game.Options(players=players, **options), game.Setup(seed=seed))
    state, actions, seats = start, [], []
    while game.outcome(state) is None:
        seat = game.pending(state)[0].seat
        action = game.choose_action(state, seat, rng)
        state, _ = game.apply(state, action, seat)
        actions.append(str(action))
        seats.append(seat)
    return record_for(start, actions, seats)
