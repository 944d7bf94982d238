"""Caylus games followed like the bot posts them (`caylus render`, tests, benchmarks, the
docs' pictures): a post each time an action ends a phase (or the game), with the state at the
start of the phase(s) that ended (`previous`) and their engine events.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine import caylus
from engine.caylus.state import FavorMode, State, TileSet
from engine.errors import BadSetup, EngineError, quoted
from engine.protocol import Event
from engine.record import GameRecord, initial_state


@dataclass
class Post:
    """What the bot posts when a phase ends: the state, the state at the start of the phase(s)
    that ended (`previous`) and their engine events."""

    state: State
    previous: State | None = None
    events: list[Event] = field(default_factory=list)


class _PhaseTracker:
    """Follows a game like the bot: a post each time an action ends a phase (or the game)."""

    def __init__(self, state: State) -> None:
        self.post = Post(state)
        self.current = state  # the first state of the current phase
        self.pending: list[Event] = []  # events of the current phase, not told yet

    def step(self, new_state: State, events: Sequence[Event] = ()) -> bool:
        """Follow one action; True when it ended a phase (a new post)."""
        self.pending += [e for e in events if e.kind != "turn"]
        now = (new_state.turn, new_state.phase)
        if now == (self.current.turn, self.current.phase) and not new_state.over:
            return False
        told: list[Event] = []
        rest: list[Event] = []
        for event in self.pending:  # the phases that ended are told; the current one waits
            ended = new_state.over or (event.turn, event.phase) < now
            (told if ended else rest).append(event)
        self.pending = rest
        self.post = Post(new_state, self.current, told)
        self.current = new_state
        return True


def _decider(state: State) -> int:
    """The seat that decides now in a game that is not over (the engine always names one)."""
    if state.decision is None:
        raise BadSetup("The game is not over, yet nobody has a decision to make.")
    return state.decision.seat


def game_posts(
    seed: int, players: int, favor_mode: FavorMode = "full", tile_set: TileSet = "revised"
) -> Iterator[Post]:
    """Every post of a seeded random game (engine.caylus.choose_action), in order."""
    options = caylus.Options(players=players, favor_mode=favor_mode, tile_set=tile_set)
    state = caylus.new_game(options, caylus.Setup(seed=seed))
    rng = random.Random(seed)
    tracker = _PhaseTracker(state)
    while not state.over:
        seat = _decider(state)
        state, events = caylus.apply(state, caylus.choose_action(state, seat, rng))
        if tracker.step(state, events):
            yield tracker.post


def random_post(
    seed: int,
    players: int,
    turn: int | None,
    phase: int,
    favor_mode: FavorMode = "full",
    tile_set: TileSet = "revised",
) -> Post:
    """A seeded random game stopped at the first decision of (turn, phase) or later, with the
    last post's `previous` state and events (what the picture marks as changed)."""
    options = caylus.Options(players=players, favor_mode=favor_mode, tile_set=tile_set)
    state = caylus.new_game(options, caylus.Setup(seed=seed))
    rng = random.Random(seed)
    tracker = _PhaseTracker(state)
    while not state.over:
        if turn is not None and (state.turn, state.phase) >= (turn, phase):
            break
        seat = _decider(state)
        state, events = caylus.apply(state, caylus.choose_action(state, seat, rng))
        tracker.step(state, events)
    return Post(state, tracker.post.previous, tracker.post.events)


def random_game(
    seed: int,
    players: int,
    turn: int | None,
    phase: int,
    favor_mode: FavorMode = "full",
    tile_set: TileSet = "revised",
) -> tuple[State, State | None]:
    """`random_post` as (state, the state at the start of the phase before)."""
    post = random_post(seed, players, turn, phase, favor_mode, tile_set)
    return post.state, post.previous


def record_post(path: str, upto: int | None) -> Post:
    """The state after the record's actions (or its first `upto`), with the last post's
    `previous` state and events.

    A record that is not one, or not of Caylus, raises BadSetup; a file that cannot be read,
    OSError (the command prints either as one line).
    """
    record = GameRecord.from_json(Path(path).read_bytes())
    if record.game != caylus.name:
        raise BadSetup(
            f"The renderer draws Caylus boards; this record is of {quoted(record.game)}."
        )
    actions = record.actions if upto is None else record.actions[:upto]
    state = initial_state(record)
    tracker = _PhaseTracker(state)
    for index, text in enumerate(actions):
        try:
            state, events = caylus.apply(state, text)
        except EngineError as error:
            print(
                f"action {index} {quoted(text)} failed: {error} Drawing the state before it.",
                file=sys.stderr,
            )
            break
        tracker.step(state, events)
    return Post(state, tracker.post.previous, tracker.post.events)


def from_record(path: str, upto: int | None) -> tuple[State, State | None]:
    """`record_post` as (state, the state at the start of the phase before)."""
    post = record_post(path, upto)
    return post.state, post.previous
