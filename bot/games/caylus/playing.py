"""Caylus's plans checked when they are set (canonical form, or BadPlan saying why) and played
when their decision comes (`resolve`: always one of the engine's legal actions then, or the
plan is dropped with the reason and the player is asked as without plans)."""

from __future__ import annotations

from collections.abc import Mapping

import engine.errors as engine_errors
from bot.games.caylus.ahead import _placement_question
from bot.games.caylus.plan_kinds import (
    ANSWER_PHASE,
    ANSWER_VERBS,
    AT_KINDS,
    INN_STAY,
    PASS,
    SKIP,
    USE_KINDS,
    Answer,
    CastlePlan,
    OwnerChoice,
    Premove,
    parse_castle_option,
)
from bot.games.caylus.turn_plans import plan_turn, turn_plan_step
from bot.games.plans import (
    BadPlan,
    Orders,
    PlanBase,
    PlanEntry,
    Reason,
    Resolution,
    TurnPlan,
    answer_key,
    refused,
    turn_plan_now,
    validated_turn_plan,
)
from bot.words.lang import m
from engine.caylus import apply, legal_actions, parse
from engine.caylus.actions import PLACE_TARGETS, Action, sort_cubes
from engine.caylus.catalogue import ROAD_LENGTH, TILES
from engine.caylus.lookahead import (
    castle_plan_batches,
)
from engine.caylus.rules import placement_cost
from engine.caylus.state import State
from i18n import Later
from render.names import tile_name
from render.sentences import error_text


def check_plan(state: State, seat: int, plan: PlanBase) -> PlanBase:
    """The plan in canonical form, if it can ever apply from `state` on; BadPlan otherwise.
    Whether its answer is legal is asked only when its decision comes."""
    if state.over:
        raise BadPlan(reason=m.PLAN_GAME_OVER)
    now = (state.turn, state.phase)
    if isinstance(plan, Answer):
        if plan.decision not in ANSWER_PHASE:
            raise BadPlan(reason=m.PLAN_NOT_AHEAD.format(kind=plan.decision))
        if (plan.turn, plan.phase) < now:
            raise BadPlan(reason=m.PLAN_PAST.format(turn=plan.turn, phase=plan.phase))
        if (plan.decision in AT_KINDS) != (plan.at > 0):
            needs = m.PLAN_NEEDS_ROAD if plan.decision in AT_KINDS else m.PLAN_NEEDS_NO_ROAD
            raise BadPlan(reason=needs.format(kind=plan.decision))
        try:
            action = parse(plan.action)
        except engine_errors.MalformedAction as error:
            raise BadPlan(reason=error_text(error)) from None
        if action.verb not in ANSWER_VERBS[plan.decision]:
            verbs = " / ".join(ANSWER_VERBS[plan.decision])
            raise BadPlan(reason=m.PLAN_ANSWERED_WITH.format(kind=plan.decision, verbs=verbs))
        provost = plan.provost
        if plan.decision == "bribe" and provost is None:
            provost = state.provost
        return plan.model_copy(update={"action": str(action), "provost": provost})
    if isinstance(plan, CastlePlan):
        if (plan.turn, 6) < now:
            raise BadPlan(reason=m.PLAN_CASTLE_PAST.format(turn=plan.turn))
        cubes = []
        for batch in plan.cubes:
            try:
                action = parse(f"batch {batch}")
            except engine_errors.MalformedAction as error:
                raise BadPlan(reason=error_text(error)) from None
            if len(action.arg) != 3 or action.arg[0] != "F" or len(set(action.arg)) != 3:
                raise BadPlan(reason=m.PLAN_NOT_A_BATCH.format(batch=batch))
            cubes.append(action.arg)
        return plan.model_copy(update={"cubes": tuple(cubes)})
    if isinstance(plan, TurnPlan):
        return _check_turn_plan(state, seat, plan)
    if isinstance(plan, Premove):
        turn = plan.turn or state.turn
        if (turn, 2) != now or seat in state.passed:
            raise BadPlan(reason=m.PLAN_PREMOVE_NOW)
        target = plan.target.strip().lower().removeprefix("place ").strip()
        if target != "pass" and target not in PLACE_TARGETS:
            if not (target.isdigit() and 1 <= int(target) <= ROAD_LENGTH):
                raise BadPlan(reason=m.PLAN_NOT_A_SPACE.format(target=plan.target))
            target = str(int(target))
        max_cost = plan.max_cost
        if max_cost is None:
            max_cost = 0 if target == "pass" else placement_cost(state, seat, target)
        return plan.model_copy(update={"turn": turn, "target": target, "max_cost": max_cost})
    if not isinstance(plan, OwnerChoice):
        raise BadPlan(reason=m.PLAN_NOT_AHEAD.format(kind=plan.kind))
    tile = state.road[plan.at - 1]
    if tile is None or state.owners[plan.at - 1] != seat or not TILES[tile].owner_bonus:
        raise BadPlan(reason=m.PLAN_NOT_OWNER.format(at=plan.at))
    cube = plan.cube.strip().upper()
    bonus = TILES[tile].owner_bonus
    if cube not in bonus:
        raise BadPlan(
            reason=m.PLAN_OWNER_TAKES.format(name=tile_name(tile), cubes=", ".join(bonus))
        )
    return plan.model_copy(update={"tile": tile, "cube": cube})


def _space(target: str) -> str | None:
    """A placement target in canonical form ('12', 'castle', 'gate' ...), None if no space."""
    target = target.strip().lower().removeprefix("place ").strip()
    if target in PLACE_TARGETS:
        return target
    if target.isdigit() and 1 <= int(target) <= ROAD_LENGTH:
        return str(int(target))
    return None


def _check_turn_plan(state: State, seat: int, plan: TurnPlan) -> TurnPlan:
    """A turn plan in canonical form: its turn (this one while placements are to come, else
    the next), its spaces and carried answers; BadPlan names the first wrong entry."""
    plan = validated_turn_plan(plan)
    turn = 0
    if not plan.standing:
        turn = plan.turn or plan_turn(state)
        if (turn, 2) < (state.turn, state.phase):
            raise BadPlan(reason=m.PLAN_PAST.format(turn=turn, phase=2))
        if (turn, state.phase) == (state.turn, 2) and seat in state.passed:
            raise BadPlan(reason=m.TURN_PLAN_PASSED)
    entries: list[PlanEntry] = []
    for entry in plan.entries:
        target = _space(entry.target)
        if target is None:
            raise BadPlan(reason=m.PLAN_NOT_A_SPACE.format(target=entry.target))
        if any(e.target == target for e in entries):
            continue  # a space twice is the same wish: the first one counts
        answer = _check_carried(state, seat, turn, target, entry.answer)
        entries.append(PlanEntry(target=target, answer=answer, max_cost=entry.max_cost))
    return plan.model_copy(update={"turn": turn, "entries": tuple(entries)})


def _check_carried(
    state: State, seat: int, turn: int, target: str, answer: str | None
) -> str | None:
    """The answer an entry carries, in canonical form; BadPlan if it answers nothing that
    placement brings (checked against the offered answers while the space is free this turn)."""
    if answer is None or not answer.strip():
        return None
    if target == "castle":
        return parse_castle_option(turn or state.turn, answer).option
    try:
        action = parse(answer)
    except engine_errors.MalformedAction as error:
        raise BadPlan(reason=error_text(error)) from None
    text = str(action)
    question = _placement_question(state, seat, target) if turn == state.turn else None
    if question is not None:
        if text not in question.options:
            options = ", ".join(question.options)
            raise BadPlan(reason=m.TURN_PLAN_BAD_ANSWER.format(position=target, options=options))
    elif not any(action.verb in ANSWER_VERBS[kind] for kind in _CARRIED_KINDS):
        raise BadPlan(reason=m.TURN_PLAN_BAD_ANSWER.format(position=target, options="-"))
    return text


# The decisions a placement can carry an answer for (bot/games/caylus/prompts.py offers them).
_CARRIED_KINDS = ("produce", "joust", "guild", *sorted(USE_KINDS))


def carried_plan(state: State, seat: int, entry: PlanEntry) -> PlanBase | None:
    """The answer plan an entry carries for the decision its placement brings (None: it carries
    none, or its answer is not one of that decision's options now: asked when it comes)."""
    if entry.answer is None:
        return None
    question = _placement_question(state, seat, entry.target)
    if question is None or entry.answer not in question.options:
        return None
    try:
        return check_plan(state, seat, question.plan(entry.answer))
    except BadPlan:
        return None


def premove(state: State, seat: int, target: str, max_cost: int | None = None) -> PlanBase:
    """A premove of `seat` on `target` ('pass', 'castle', '12', 'place 12' ...) in this turn;
    `max_cost` defaults to what the space costs `seat` now."""
    return check_plan(state, seat, Premove(turn=state.turn, target=target, max_cost=max_cost))


def resolve(state: State, seat: int, plans: Mapping[str, PlanBase], orders: Orders) -> Resolution:
    """Whether `seat`'s plans and orders answer its pending decision now, with a legal action."""
    d = state.decision
    if state.over or d is None or d.seat != seat:
        return Resolution()
    legal = legal_actions(state, seat)
    if d.kind == "place":
        return _resolve_placement(state, seat, plans, legal)
    if d.kind == "castle":
        return _resolve_castle(state, seat, plans, orders, legal)
    if d.kind not in ANSWER_PHASE or d.via_favor:
        return Resolution()
    key = answer_key(state.turn, state.phase, d.kind, d.at)
    dropped: tuple[tuple[str, Reason], ...] = ()
    plan = plans.get(key)
    if isinstance(plan, Answer):
        why = _answer_problem(state, seat, plan, legal)
        if why is None:
            return Resolution(parse(plan.action), key, consume=key)
        dropped = ((key, why),)
    standing = _standing(state, seat, d.kind, d.at, plans, orders, legal)
    if standing is not None:
        return Resolution(standing[0], standing[1], dropped=dropped)
    return Resolution(dropped=dropped)


def _standing(
    state: State,
    seat: int,
    kind: str,
    at: int,
    plans: Mapping[str, PlanBase],
    orders: Orders,
    legal: list[Action],
) -> tuple[Action, str] | None:
    if kind == "inn" and orders.inn == "stay" and INN_STAY in legal:
        return INN_STAY, "orders.inn"
    if kind == "bribe" and orders.bribe == "never" and SKIP in legal:
        return SKIP, "orders.bribe"
    if kind == "owner":
        choice = plans.get(f"owner/{at}")
        if isinstance(choice, OwnerChoice) and state.road[at - 1] == choice.tile:
            action = Action.of("take", choice.cube)
            if action in legal:
                return action, choice.key
    return None


def _answer_problem(state: State, seat: int, plan: Answer, legal: list[Action]) -> Reason | None:
    if plan.provost is not None and state.provost != plan.provost:
        return Later(m, "PLAN_PROVOST_MOVED", now=state.provost, then=plan.provost)
    action = parse(plan.action)
    if action in legal:
        return None
    try:
        apply(state, action, seat)
    except engine_errors.EngineError as error:
        return refused(error)
    return Later(m, "PLAN_CANNOT_PLAY", action=str(action))


def _resolve_premove(
    state: State, seat: int, plans: Mapping[str, PlanBase], legal: list[Action]
) -> Resolution:
    queue = sorted(
        (p for p in plans.values() if isinstance(p, Premove) and p.turn == state.turn),
        key=lambda p: p.order,
    )
    if not queue:
        return Resolution()
    head = queue[0]
    action = head.action
    if action not in legal:
        why = (
            Later(m, "PLAN_CANNOT_PASS")
            if action is PASS
            else Later(m, "PLAN_CANNOT_PLACE", target=head.target)
        )
        return Resolution(dropped=((head.key, why),))
    if action is not PASS and head.max_cost is not None:
        cost = placement_cost(state, seat, head.target)
        if cost > head.max_cost:
            why = Later(m, "PLAN_TOO_DEAR", cost=cost, limit=head.max_cost)
            return Resolution(dropped=((head.key, why),))
    return Resolution(action, head.key, consume=head.key)


def _resolve_placement(
    state: State, seat: int, plans: Mapping[str, PlanBase], legal: list[Action]
) -> Resolution:
    """The premove queue first (one space at a time, explicit), then the turn plan."""
    found = _resolve_premove(state, seat, plans, legal)
    if found.action is not None or found.dropped:
        return found
    plan = turn_plan_now(plans, state.turn)
    if plan is None:
        return Resolution()
    step = turn_plan_step(state, seat, plan, legal)
    if step.action is None:
        return Resolution()
    carried = None if step.index is None else carried_plan(state, seat, plan.entries[step.index])
    return Resolution(step.action, plan.key, adds=() if carried is None else (carried,))


def _resolve_castle(
    state: State, seat: int, plans: Mapping[str, PlanBase], orders: Orders, legal: list[Action]
) -> Resolution:
    key = answer_key(state.turn, 6, "castle")
    plan = plans.get(key)
    source = key
    if not isinstance(plan, CastlePlan):
        if orders.castle != "all":
            return Resolution()
        plan, source = CastlePlan(turn=state.turn), "orders.castle"
    consume = key if source == key else None
    done = state.batches[seat]
    if plan.cubes:
        if done >= len(plan.cubes):
            return Resolution(SKIP, source, consume=consume)
        action = Action.of("batch", sort_cubes(plan.cubes[done]))
        if action in legal:
            return Resolution(action, source)
        why = Later(m, "PLAN_NO_BATCH", cubes=plan.cubes[done])
        return Resolution(dropped=((key, why),))
    left = None if plan.batches is None else plan.batches - done
    batches = castle_plan_batches(state, seat, left) if left is None or left > 0 else []
    if not batches:
        return Resolution(SKIP, source, consume=consume)
    action = Action.of("batch", batches[0])
    assert action in legal, (action, legal)
    return Resolution(action, source)
