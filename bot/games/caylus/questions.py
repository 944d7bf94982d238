"""What a Caylus player can be asked now (docs/pace.md): the pending decision if it is theirs,
and the decisions ahead that the engine's lookahead already sees, from the state and that
player's own plans only (never another player's)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.caylus.plan_kinds import (
    _CHANGEABLE,
    _PARALLEL,
    ANSWER_PHASE,
    CASTLE_ALL,
    USE_KINDS,
    CastlePlan,
    castle_options,
    default_answer,
    plan_for_answer,
)
from bot.games.caylus.playing import resolve
from bot.games.plans import (
    Orders,
    PlanBase,
    Question,
    answer_key,
)
from engine.caylus import legal_actions, parse
from engine.caylus.actions import Action
from engine.caylus.lookahead import (
    Upcoming,
    upcoming,
)
from engine.caylus.state import State


def questions(
    state: State,
    seat: int,
    plans: Mapping[str, PlanBase],
    orders: Orders,
) -> list[Question]:
    """What `seat` can be asked now: its pending decision (first, `now`) and the decisions the
    lookahead sees for it in the rest of the turn, from the state and this seat's own plans."""
    out: list[Question] = []
    d = state.decision
    if not state.over and d is not None and d.seat == seat:
        out.append(_now_question(state, seat))
    for ahead in _lookahead(state, seat, plans, orders):
        out.append(ahead)
    return out


def _now_question(state: State, seat: int) -> Question:
    d = state.decision
    assert d is not None
    options = tuple(str(a) for a in legal_actions(state, seat))
    if d.kind == "castle":
        options = (*castle_options(state, seat), *options)
    return Question(
        key=answer_key(state.turn, state.phase, d.kind, d.at),
        seat=seat,
        turn=state.turn,
        phase=state.phase,
        kind=d.kind,
        at=d.at,
        options=options,
        default=default_answer(d.kind, options),
        now=True,
        fixed=True,
        provost=state.provost if d.kind == "bribe" else None,
        state=state,
        answered_by=plan_for_answer,
    )


def _lookahead(
    state: State, seat: int, plans: Mapping[str, PlanBase], orders: Orders
) -> list[Question]:
    remaining = dict(plans)  # premoves and answers are used up as the lookahead plays them
    sources: dict[str, tuple[str, str]] = {}  # question key -> (planned answer, by)

    def answer(s: State) -> Action | None:
        d = s.decision
        assert d is not None
        found = resolve(s, seat, remaining, orders)
        for key, _why in found.dropped:
            remaining.pop(key, None)
        if found.consume is not None:
            remaining.pop(found.consume, None)
        for added in found.adds:
            remaining[added.key] = added
        key = answer_key(s.turn, s.phase, d.kind, d.at)
        if found.action is not None:
            if d.kind == "castle":
                plan = remaining.get(key) or plans.get(key)
                text = plan.option if isinstance(plan, CastlePlan) else CASTLE_ALL
                sources.setdefault(key, (text, found.source))
            else:
                sources.setdefault(key, (str(found.action), found.source))
            return found.action
        default = default_answer(d.kind, [str(a) for a in legal_actions(s, seat)])
        if d.kind == "castle" or default is None:
            return None  # the lookahead plays the engine's default
        return parse(default)

    found = upcoming(state, seat, answer)
    out: list[Question] = []
    changed = False  # an earlier decision of this seat is one another player can change
    for ahead in found:
        kind = ahead.key.kind
        fixed_before = not changed
        changed = changed or kind in _CHANGEABLE
        if kind not in ANSWER_PHASE and kind != "castle":
            continue  # placements, favors, exchanges are asked when they come
        if ahead.key.via_favor:
            continue
        out.append(_ahead_question(state, seat, ahead, kind, fixed_before, sources))
    return out


def _ahead_question(
    state: State,
    seat: int,
    ahead: Upcoming,
    kind: str,
    fixed_before: bool,
    sources: Mapping[str, tuple[str, str]],
) -> Question:
    k = ahead.key
    key = answer_key(k.turn, k.phase, kind, k.at)
    options = tuple(str(a) for a in ahead.options)
    if kind == "castle":
        options = castle_options(ahead.state, seat)
    if kind in ("produce", "owner"):
        fixed = True
    elif kind in USE_KINDS or kind in ("joust", "inn"):
        fixed = fixed_before
    else:
        fixed = False
    planned, by = sources.get(key, (None, None))
    return Question(
        key=key,
        seat=seat,
        turn=k.turn,
        phase=k.phase,
        kind=kind,
        at=k.at,
        options=options,
        default=default_answer(kind, options),
        planned=planned,
        planned_by=by,
        now=False,
        fixed=fixed,
        due=planned is None
        and state.phase >= 3
        and kind in _PARALLEL
        and (fixed or kind in ("bribe", "castle")),
        provost=ahead.state.provost if kind == "bribe" else None,
        state=ahead.state,
        answered_by=plan_for_answer,
    )
