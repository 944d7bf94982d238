"""Magna Carta games followed like the bot posts them (tests, benchmarks, docs pictures).

A post is made each time an action ends a phase (or the game): the state then, the state at
the start of the phase(s) that ended (`previous`) and their events; the first post is the
game's start. The pictures are drawn from `view(state, None)` of these states; the states
themselves hold hidden cards and are for tests.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from engine import magna_carta as mc
from engine.magna_carta.actions import Action
from engine.magna_carta.state import State, Variant
from engine.protocol import Event
from engine.record import GameRecord, initial_state, record_for


@dataclass
class Post:
    state: State
    previous: State | None = None
    events: list[Event] = field(default_factory=list)


def follow(state: State, moves: Iterable[tuple[int, Action | str]]) -> Iterator[Post]:
    """The posts of a game from `state` through `moves` ((seat, action) in order)."""
    yield Post(state)
    current = state  # the first state of the current phase
    waiting: list[Event] = []  # events of the current phase, not told yet
    for seat, action in moves:
        state, events = mc.apply(state, action, seat)
        waiting += events
        now = (state.round, state.phase)
        if now == (current.round, current.phase) and not state.over:
            continue
        told = [e for e in waiting if state.over or (e.turn, e.phase) < now]
        waiting = [e for e in waiting if e not in told]
        yield Post(state, current, told)
        current = state


class _RandomPlayer:
    """Chooses for whichever seat the game waits for: the built-in player, or with probability
    `uniform` a uniformly random legal action (odder positions)."""

    def __init__(self, state: State, seed: int, uniform: float) -> None:
        self.state = state
        self.rng = random.Random(seed)
        self.uniform = uniform
        self.moves: list[tuple[int, Action]] = []

    def __iter__(self) -> Iterator[tuple[int, Action]]:
        state = self.state
        while not state.over:
            seat = mc.deciding_seats(state)[0]
            if self.uniform and self.rng.random() < self.uniform:
                legal = mc.legal_actions(state, seat)
                action = legal[self.rng.randrange(len(legal))]
            else:
                action = mc.choose_action(state, seat, self.rng)
            self.moves.append((seat, action))
            yield seat, action
            state, _ = mc.apply(state, action, seat)


def game_posts(
    seed: int, players: int, variant: Variant = "standard", uniform: float = 0.0
) -> Iterator[Post]:
    """Every post of a seeded random game (see `_RandomPlayer`)."""
    options = mc.Options(players=players, variant=variant)
    state = mc.new_game(options, mc.Setup(seed=seed))
    yield from follow(state, _RandomPlayer(state, seed, uniform))


def random_record(
    seed: int,
    players: int,
    variant: Variant = "standard",
    stop: tuple[int, int] | None = None,
    uniform: float = 0.0,
) -> GameRecord:
    """A seeded random game as a record, up to the first decision at or after (round, phase)
    `stop` (default: the end)."""
    options = mc.Options(players=players, variant=variant)
    start = mc.new_game(options, mc.Setup(seed=seed))
    actions, seats = [], []
    state = start
    for seat, action in _RandomPlayer(start, seed, uniform):
        if stop is not None and (state.round, state.phase) >= stop:
            break
        actions.append(str(action))
        seats.append(seat)
        state, _ = mc.apply(state, action, seat)
    return record_for(start, actions, seats)


def record_posts(record: GameRecord) -> list[Post]:
    """The posts of a game record, followed like the bot."""
    seats = record.seats or []
    moves = zip(seats, record.actions, strict=True)
    return list(follow(initial_state(record), moves))
