"""Helpers for Caylus rules tests: build explicit positions, then play real actions to reach
the phase under test.

The builder (`position`) starts from `new_game` with an explicit setup, so the state is at the
first placement decision of turn 1 (income paid), and then edits a deep copy of it: tiles and
owners on the road, cubes, deniers, pawns, castle houses, favor markers. Everything the engine
derives from the phase/cursor/decision stays consistent because we never leave phase 2; later
phases are reached by playing placements and passes (`play`, `place_workers`, `pass_all`, ...).

Colours of the rulebook examples map to seats: Blue 0, Red 1, Green 2, Orange 3.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from engine.caylus import Options, Setup, State, apply, legal_actions, new_game
from engine.caylus.actions import Action, parse
from engine.record import GameRecord, replay

BLUE, RED, GREEN, ORANGE = 0, 1, 2, 3

NEUTRAL = ["n-farm", "n-forest", "n-sawmill", "n-quarry", "n-market", "n-carpenter"]
# road positions of the neutral tiles in the default order above
N_FARM, N_FOREST, N_SAWMILL, N_QUARRY, N_MARKET, N_CARPENTER = 1, 2, 3, 4, 5, 6
PEDDLER, CARPENTER, GOLD_MINE = 7, 8, 16

CUBE_KEYS = "FWSCG"


def cubes(text: str = "") -> dict[str, int]:
    """'FFW' -> {'F': 2, 'W': 1, 'S': 0, 'C': 0, 'G': 0}."""
    return {c: text.count(c) for c in CUBE_KEYS}


def game(
    players: int = 4,
    turn_order: list[int] | None = None,
    neutral: list[str] | None = None,
    favor_mode: str = "full",
    tile_set: str = "revised",
) -> State:
    """A new game with an explicit setup (no randomness)."""
    return new_game(
        Options(players=players, favor_mode=favor_mode, tile_set=tile_set),  # type: ignore[arg-type]
        Setup(
            neutral_order=list(neutral or NEUTRAL),
            turn_order=list(turn_order if turn_order is not None else range(players)),
        ),
    )


def position(
    players: int = 4,
    turn_order: list[int] | None = None,
    neutral: list[str] | None = None,
    favor_mode: str = "full",
    tile_set: str = "revised",
    *,
    road: dict[int, tuple[str | None, int | None] | str | None] | None = None,
    cubes_of: dict[int, str] | None = None,
    deniers: dict[int, int] | int | None = None,
    prestige: dict[int, int] | None = None,
    favors: dict[int, list[int]] | None = None,
    provost: int | None = None,
    bailiff: int | None = None,
    castle: list[list[int]] | None = None,
    section: int | None = None,
    scored: int | None = None,
    inn_right: int | None = None,
    stock: dict[str, int] | None = None,
    turn: int | None = None,
) -> State:
    """A phase-2 position (first placement decision of the turn) with the given contents.

    `road` maps a position to (tile, owner) or a bare tile id (no owner) or None (empty lot).
    `cubes_of` gives a seat's whole cube stock as letters ('' = none). `deniers` may be one
    number for everybody. The first seat of `turn_order` is to place.
    """
    s = game(players, turn_order, neutral, favor_mode, tile_set).model_copy(deep=True)
    for pos, spec in (road or {}).items():
        tile, owner = spec if isinstance(spec, tuple) else (spec, None)
        s.road[pos - 1] = tile
        s.owners[pos - 1] = owner
        if tile in s.stock and s.stock[tile] > 0:
            s.stock[tile] -= 1  # the tile on the road left the stock
    for seat, text in (cubes_of or {}).items():
        s.players[seat].cubes = cubes(text)
    if isinstance(deniers, int):
        for p in s.players:
            p.deniers = deniers
    else:
        for seat, amount in (deniers or {}).items():
            s.players[seat].deniers = amount
    for seat, amount in (prestige or {}).items():
        s.players[seat].prestige = amount
    for seat, markers in (favors or {}).items():
        s.players[seat].favors = list(markers)
    if provost is not None:
        s.provost = provost
    if bailiff is not None:
        s.bailiff = bailiff
    if castle is not None:
        s.castle = [list(sec) for sec in castle]
    if section is not None:
        s.section = section
    if scored is not None:
        s.scored = scored
    if inn_right is not None:
        s.inn_right = inn_right
        s.players[inn_right].workers -= 1  # that worker stayed in the inn from a former turn
    if stock is not None:
        s.stock.update(stock)
    if turn is not None:
        s.turn = turn
    # a fresh object (never the one the engine cached legal actions for), validated
    return State.model_validate(s.model_dump())


def edit(state: State, **changes: Any) -> State:
    """A validated copy of `state` with top-level fields replaced."""
    return State.model_validate({**state.model_dump(), **changes})


def play(state: State, *steps: str | tuple[int, str]) -> State:
    """Apply steps in order; a step is 'text' (whoever decides) or (seat, 'text') (checked)."""
    return play_events(state, *steps)[0]


def play_events(state: State, *steps: str | tuple[int, str]) -> tuple[State, list[Any]]:
    """`play`, also returning the events. Every scenario is also checked as a game record: the
    start position plus the actions (with their seats), replayed, must give the same state."""
    start = state
    events: list[Any] = []
    seats: list[int] = []
    for step in steps:
        seat, text = step if isinstance(step, tuple) else (None, step)
        acting = state.decision.seat if state.decision is not None else -1
        state, new = apply(state, text, seat)
        seats.append(acting)
        events.extend(new)
    record = GameRecord(
        start=start.model_dump(mode="json"),
        actions=[str(parse(step[1] if isinstance(step, tuple) else step)) for step in steps],
        seats=seats,
    )
    replayed = replay(record)
    assert replayed.ok and replayed.state == state, replayed.failure
    return state, events


def place_workers(state: State, plan: dict[int, Iterable[str]]) -> State:
    """Phase 2: each seat, when its turn comes, places on its next target ('castle', 'inn',
    '12', ...) or passes when its list is exhausted; stops when phase 2 is over."""
    queues = {seat: list(targets) for seat, targets in plan.items()}
    while state.decision is not None and state.decision.kind == "place" and state.phase == 2:
        seat = state.decision.seat
        queue = queues.get(seat, [])
        text = f"place {queue.pop(0)}" if queue else "pass"
        state, _ = apply(state, text, seat)
    return state


def pass_all(state: State) -> State:
    """Everybody still placing passes."""
    return place_workers(state, {})


def skip_bribes(state: State) -> State:
    """Phase 4: every remaining player declines to move the provost."""
    while state.decision is not None and state.decision.kind == "bribe":
        state, _ = apply(state, "skip")
    return state


def to_activation(state: State, plan: dict[int, Iterable[str]]) -> State:
    """Place the workers of `plan`, everybody passes, nobody bribes: phase 5 (or later) starts."""
    return skip_bribes(place_workers(state, plan))


def skip_while(state: State, kinds: Iterable[str]) -> State:
    """Answer 'skip' while the decision is one of `kinds`."""
    kinds = set(kinds)
    while state.decision is not None and state.decision.kind in kinds:
        state, _ = apply(state, "skip")
    return state


def decision(state: State) -> tuple[str, int]:
    assert state.decision is not None, "no decision pending"
    return state.decision.kind, state.decision.seat


def legal(state: State) -> list[str]:
    """The legal actions of the deciding seat, as text."""
    assert state.decision is not None
    return [str(a) for a in legal_actions(state, state.decision.seat)]


def random_states(games: int, players: int = 4, seed0: int = 0, every: int = 1):
    """States met in random games played by the built-in player (seeded): yields each state."""
    from engine.caylus import choose_action

    for seed in range(seed0, seed0 + games):
        rng = random.Random(seed)
        s = new_game(Options(players=players), Setup(seed=seed))
        k = 0
        while not s.over:
            if k % every == 0:
                yield s
            k += 1
            a = choose_action(s, s.decision.seat, rng)  # type: ignore[union-attr]
            s, _ = apply(s, a)
        yield s


def finished_game(seed: int = 1, players: int = 3) -> State:
    last = None
    for last in random_states(1, players, seed):  # noqa: B007
        pass
    assert last is not None and last.over
    return last


def act(text: str) -> Action:
    return parse(text)
