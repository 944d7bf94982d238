"""Caylus's answers ahead of a placement (docs/pace.md): what placing on a space (or passing)
can carry as answers for the decision it brings, and what a seat may queue as premoves."""

from __future__ import annotations

import engine.errors as engine_errors
from bot.games.caylus.plan_kinds import (
    ANSWER_PHASE,
    PASS,
    castle_options,
    default_answer,
    plan_for_answer,
)
from bot.games.plans import (
    Question,
    answer_key,
)
from engine.caylus import apply, legal_actions, parse
from engine.caylus.actions import Action
from engine.caylus.catalogue import TILES
from engine.caylus.lookahead import (
    activation_kind,
    decision_key,
    placements_ahead,
    with_decision,
)
from engine.caylus.state import State


def placing_as(state: State, seat: int) -> State | None:
    """`state` as `seat` would face a placement now (`state` itself when it is their placement;
    None outside the placements or once `seat` passed): made once for all the spaces asked."""
    if state.over or state.phase != 2 or seat in state.passed:
        return None
    d = state.decision
    mine = state if d is not None and d.seat == seat and d.kind == "place" else None
    return mine or with_decision(state, "place", seat)


def _placement_question(
    state: State, seat: int, target: str, placing: State | None = None
) -> Question | None:
    """The decision placing on `target` now brings `seat` (None: none, or the space is not
    free now). `placing`: `placing_as(state, seat)` when the caller made it already."""
    placing = placing or placing_as(state, seat)
    if placing is None:
        return None
    found = answer_ahead_options(placing, seat, Action.of("place", target))
    return found[0] if found else None


def answer_ahead_options(state: State, seat: int, action: Action | str) -> list[Question]:
    """The answers a placement (or a pass) can carry, for the placement buttons: placing on a
    building with a choice offers that choice ("Farm (11) -> take FF / take C / decide later"),
    the castle offers 'castle all' / 'castle N', the joust field the joust, the merchants' guild
    its provost move, and a pass the provost bribe (while the provost stays where it is).
    Empty when the placement carries none. Each question's `key` binds the answer; `default` is
    what to suggest (None: 'decide later')."""
    if isinstance(action, str):
        action = parse(action)
    d = state.decision
    if state.over or d is None or d.seat != seat or d.kind != "place":
        return []
    target = action.arg
    if action is not PASS and target.isdigit() and activation_kind(state, int(target)) is None:
        # a building that asks its worker nothing: no answer to carry (a placement leaves the
        # road as it is, so the state before it says so without playing it)
        return []
    try:
        after, _ = apply(state, action, seat)
    except engine_errors.EngineError:
        return []
    turn = state.turn
    # (kind, at, effect, options, the state in which the decision is asked)
    found: list[tuple[str, int, str, tuple[str, ...], State]] = []
    if action is PASS:
        asked_now = with_decision(after, "bribe", seat)
        moves = legal_actions(asked_now, seat)
        if len(moves) > 1:
            found.append(("bribe", 0, "", tuple(str(a) for a in moves), asked_now))
    elif target.isdigit():
        at = int(target)
        asked = activation_kind(after, at)
        if asked is not None:
            kind, effect = asked
            asked_now = with_decision(after, kind, seat, at=at, effect=effect)
            if kind == "produce":  # the tile's products, whatever the stock
                tile = TILES[after.road[at - 1]]  # type: ignore[index]
                options = tuple(f"take {x}" for x in tile.produce)
            else:
                options = tuple(str(a) for a in legal_actions(asked_now, seat))
            found.append((kind, at, effect, options, asked_now))
    elif target == "castle":
        asked_now = with_decision(after, "castle", seat)
        found.append(("castle", 0, "", castle_options(after, seat), asked_now))
    elif target in ("joust", "guild"):
        asked_now = with_decision(after, target, seat)
        moves = legal_actions(asked_now, seat)
        if len(moves) > 1:
            found.append((target, 0, "", tuple(str(a) for a in moves), asked_now))
    out = []
    for kind, at, _effect, options, asked_now in found:
        phase = 6 if kind == "castle" else ANSWER_PHASE[kind]
        out.append(
            Question(
                key=answer_key(turn, phase, kind, at),
                seat=seat,
                turn=turn,
                phase=phase,
                kind=kind,
                at=at,
                options=options,
                default=None if kind == "bribe" else default_answer(kind, options),
                fixed=kind in ("produce", "castle", "joust"),
                provost=after.provost if kind == "bribe" else None,
                state=asked_now,
                answered_by=plan_for_answer,
            )
        )
    return out


def premove_options(state: State, seat: int) -> list[tuple[str, int]]:
    """(target, cost now) of what `seat` may queue as its next placement ('pass' costs 0)."""
    return [(a.arg or "pass", cost) for a, cost in placements_ahead(state, seat)]


def now_key(state: State) -> str | None:
    """The key of the pending decision (what `Question.key` is for the `now` question)."""
    k = decision_key(state)
    return None if k is None else answer_key(k.turn, k.phase, k.kind, k.at)
