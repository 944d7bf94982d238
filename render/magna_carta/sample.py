"""Seeded random Magna Carta games followed like the bot posts them (tests, bench, docs).

A post is made each time an action ends a phase (or the game): the state then, the state at
the start of the phase(s) that ended (`previous`) and their events. The pictures are drawn
from `public(...)` of these states; the states themselves hold hidden cards and are for tests.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from engine import magna_carta as mc
from engine.magna_carta.state import State
from engine.protocol import Event


@dataclass
class Post:
    state: State
    previous: State | None = None
    events: list[Event] = field(default_factory=list)


def game_posts(
    seed: int, players: int, variant: str = "standard", uniform: float = 0.0
) -> Iterator[Post]:
    """Every post of a seeded random game: the first (the game begins, no `previous`), then one
    each time an action ends a phase. Seats play the built-in player, or with probability
    `uniform` a uniformly random legal action (odder positions)."""
    options = mc.Options(players=players, variant=variant)  # type: ignore[arg-type]
    state = mc.new_game(options, mc.Setup(seed=seed))
    rng = random.Random(seed)
    yield Post(state)
    current = state  # the first state of the current phase
    waiting: list[Event] = []  # events of the current phase, not told yet
    while not state.over:
        seat = mc.deciding_seats(state)[0]
        if uniform and rng.random() < uniform:
            legal = mc.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        else:
            action = mc.choose_action(state, seat, rng)
        state, events = mc.apply(state, action, seat)
        waiting += events
        now = (state.round, state.phase)
        if now == (current.round, current.phase) and not state.over:
            continue
        told = [e for e in waiting if state.over or (e.turn, e.phase) < now]
        waiting = [e for e in waiting if e not in told]
        yield Post(state, current, told)
        current = state
