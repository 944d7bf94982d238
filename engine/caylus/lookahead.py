"""Looking ahead from a state without changing it (used by the bot's plans, docs/pace.md).

- `decision_key(state)`: the identity of the pending decision (turn, phase, kind, seat, road
  position), so an answer given ahead can be bound to exactly one future decision.
- `upcoming(state, seat, answer)`: the decisions `seat` will meet in the rest of the turn,
  found by playing the turn on: `seat` answers with `answer` (its own plans), every other seat
  with `default_action` (the lookahead never uses another seat's plans).
- `castle_batches(cubes, spaces, limit)`: a deterministic choice of castle batches.
- `with_decision` and `placements_ahead`: a seat's options as if a decision were theirs now.

Pure: nothing here changes a state or reads a clock; the rules stay in rules.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engine.caylus.actions import Action, sort_cubes
from engine.caylus.catalogue import CUBES, TILES, Effect
from engine.caylus.decision_kinds import EFFECT_KIND_NAME
from engine.caylus.rules import (
    apply,
    castle_spaces_left,
    default_action,
    legal_actions,
    placement_cost,
    tile_at,
    turn_and_phase,
)
from engine.caylus.state import Decision, State

# Non-food cubes in the order a castle delivery spends them: the dearest are kept.
_SPEND_ORDER = ("W", "S", "C", "G")
_STEP_LIMIT = 5_000  # a turn has a few hundred decisions at most; this only guards the loop


@dataclass(frozen=True, slots=True)
class DecisionKey:
    """Which decision: in turn `turn`, phase `phase`, `seat` decides `kind` (at road position
    `at` for a building's activation, else 0). A favor's build or lawyer is `via_favor`."""

    turn: int
    phase: int
    kind: str
    seat: int
    at: int = 0
    via_favor: bool = False


def decision_key(state: State) -> DecisionKey | None:
    d = state.decision
    if state.over or d is None:
        return None
    return DecisionKey(state.turn, state.phase, d.kind, d.seat, d.at, d.via_favor)


@dataclass(frozen=True, slots=True)
class Upcoming:
    """A decision `seat` will meet later in the turn, as the lookahead met it."""

    key: DecisionKey
    state: State  # the looked-ahead state in which it is pending (its options, for labels)
    options: tuple[Action, ...]
    played: Action  # what the lookahead played for it


def upcoming(
    state: State,
    seat: int,
    answer: Callable[[State], Action | None],
) -> list[Upcoming]:
    """The decisions of `seat` after the pending one, up to the end of the castle (phase 6) of
    the current turn, in the order they come if nothing else changes.

    The turn is played on from `state`: `seat` answers with `answer(state)` (None or an illegal
    answer: the engine's default action), every other seat with the default action (pass, skip,
    stay, the gate worker back ...). The pending decision itself is played but not listed, and a
    castle delivery of several batches is listed once (its first decision).
    """
    out: list[Upcoming] = []
    seen: set[DecisionKey] = set()
    turn = state.turn
    s = state
    first = True
    for _ in range(_STEP_LIMIT):
        d = s.decision
        if s.over or d is None:
            break
        # the states played on are read whole only where `seat` answers (its plans read them)
        s_turn, s_phase = turn_and_phase(s)
        if s_turn != turn or s_phase >= 7:
            break
        options = legal_actions(s, d.seat)
        action: Action | None = None
        if d.seat == seat:
            action = answer(s)
            if action is not None and action not in options:
                action = None
        if action is None:
            action = default_action(s)
            assert action is not None
        if d.seat == seat and not first:
            key = DecisionKey(s_turn, s_phase, d.kind, d.seat, d.at, d.via_favor)
            if key not in seen:
                seen.add(key)
                out.append(Upcoming(key, s, tuple(options), action))
        first = False
        s, _ = apply(s, action, d.seat)
    return out


def with_decision(state: State, kind: str, seat: int, at: int = 0, effect: str = "") -> State:
    """A copy of `state` in which `seat` faces `kind` now: its options as things stand."""
    decision = Decision(kind=kind, seat=seat, at=at, effect=effect)
    return state.model_copy(update={"decision": decision})


def activation_kind(state: State, position: int) -> tuple[str, str] | None:
    """(decision kind, effect) the building at `position` asks its worker for when it acts, or
    None when it asks nothing (a production building with one product, a residence ...)."""
    tile_id = tile_at(state, position)
    if tile_id is None:
        return None
    tile = TILES[tile_id]
    if tile.effect is Effect.PRODUCE:
        return ("produce", "") if len(tile.produce) > 1 else None
    kind = EFFECT_KIND_NAME.get(tile.effect)
    return (kind, tile.effect.value) if kind is not None else None


def placements_ahead(state: State, seat: int) -> list[tuple[Action, int]]:
    """The placements (and the pass) `seat` could choose if it were its turn now, each with its
    cost in deniers: what a premove may queue. Empty outside phase 2 or once `seat` passed."""
    if state.over or state.phase != 2 or seat in state.passed:
        return []
    mine = state if state.decision is not None and state.decision.seat == seat else None
    mine = mine or with_decision(state, "place", seat)
    return [
        (a, placement_cost(state, seat, a.arg) if a.verb == "place" else 0)
        for a in legal_actions(mine, seat)
    ]


def castle_batches(cubes: Mapping[str, int], spaces: int, limit: int | None = None) -> list[str]:
    """The batches (e.g. 'FWS') for delivering as many as `cubes` allow, at most `spaces` (the
    castle's houses left) and `limit`; among the ways to deliver that many, the one that spends
    wood first, then stone, then cloth, then gold (the dearest cubes are kept). Deterministic.

    Each batch is 1 food and two other different kinds (R15). k batches are possible exactly
    when there are k food and the other kinds, each counted at most k times, add up to 2k.
    """
    most = min(cubes.get("F", 0), max(0, spaces))
    if limit is not None:
        most = min(most, limit)
    for k in range(most, 0, -1):
        need = 2 * k
        take: dict[str, int] = {}
        for c in _SPEND_ORDER:
            take[c] = min(cubes.get(c, 0), k, need)
            need -= take[c]
        if need:
            continue
        # 2k letters grouped by kind, no kind more than k times: letter i with letter i + k
        # is always a pair of different kinds.
        letters = [c for c in _SPEND_ORDER for _ in range(take[c])]
        batches = [sort_cubes("F" + letters[i] + letters[i + k]) for i in range(k)]
        return sorted(batches, key=lambda b: [CUBES.index(c) for c in b])
    return []


def castle_plan_batches(state: State, seat: int, limit: int | None = None) -> list[str]:
    """`castle_batches` for `seat` as things stand (its cubes, the castle's houses left)."""
    return castle_batches(state.players[seat].cubes, castle_spaces_left(state), limit)


__all__ = [
    "DecisionKey",
    "Upcoming",
    "activation_kind",
    "castle_batches",
    "castle_plan_batches",
    "decision_key",
    "placements_ahead",
    "upcoming",
    "with_decision",
]
