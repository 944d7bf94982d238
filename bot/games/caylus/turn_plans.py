"""Caylus's turn plans (docs/pace.md, "Plan my turn"): the placements of a whole turn in one
answer, how far a plan got, what it plays next, the spaces it may name and a suggested plan."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.games.caylus.ahead import _placement_question, placing_as
from bot.games.caylus.plan_kinds import PASS, _place
from bot.games.plans import (
    PlanEntry,
    PlanOption,
    TurnPlan,
    TurnPlanProgress,
    TurnPlanStep,
)
from engine.caylus import apply
from engine.caylus.actions import Action
from engine.caylus.lookahead import (
    placements_ahead,
    with_decision,
)
from engine.caylus.rules import placement_cost
from engine.caylus.state import State


def plan_turn(state: State) -> int:
    """The turn a turn plan set now is for: this one until its placements are over, else the
    next."""
    return int(state.turn) if state.phase <= 2 else int(state.turn) + 1


def placed_this_turn(state: State, seat: int) -> int:
    """The workers `seat` has placed in this turn's placement phase (the inn's occupant from an
    earlier turn is not one of them)."""
    return (
        sum(1 for w in state.workers if w == seat)
        + sum(1 for w in state.specials.values() if w == seat)
        + state.stables.count(seat)
        + (state.inn_left == seat)
        + state.castle_workers.count(seat)
    )


def _holds(state: State, seat: int, target: str) -> bool:
    """Whether `seat` has a worker on `target` this turn."""
    if target.isdigit():
        return state.workers[int(target) - 1] == seat
    if target == "castle":
        return seat in state.castle_workers
    if target == "stables":
        return seat in state.stables
    if target == "inn":
        return state.inn_left == seat
    return state.specials.get(target) == seat


def worker_price(state: State, seat: int) -> int:
    """What a worker costs `seat` now on a space it does not own (the 'pass when a placement
    would cost more than k' condition of a turn plan)."""
    return placement_cost(state, seat, "castle")


def turn_plan_step(
    state: State, seat: int, plan: TurnPlan, legal: Iterable[Action]
) -> TurnPlanStep:
    """The first entry still free, affordable and within its limit (entries used or taken are
    skipped); a pass if a whole-plan condition holds or the plan says 'else pass'."""
    legal = set(legal)
    placed = placed_this_turn(state, seat)
    if PASS in legal and plan.pass_after is not None and placed >= plan.pass_after:
        return TurnPlanStep(PASS, passing="after")
    if (
        PASS in legal
        and plan.pass_above is not None
        and worker_price(state, seat) > plan.pass_above
    ):
        return TurnPlanStep(PASS, passing="above")
    deniers = state.players[seat].deniers
    if PASS in legal and plan.pass_below is not None and deniers < plan.pass_below:
        return TurnPlanStep(PASS, passing="below")
    for index, entry in enumerate(plan.entries):
        if _place(entry) not in legal:
            continue  # used, taken or not affordable: the next wish
        cost = placement_cost(state, seat, entry.target)
        if entry.max_cost is not None and cost > entry.max_cost:
            continue
        return TurnPlanStep(_place(entry), index)
    if plan.otherwise == "pass" and PASS in legal:
        return TurnPlanStep(PASS, passing="else")
    return TurnPlanStep()


def turn_plan_progress(state: State, seat: int, plan: TurnPlan) -> TurnPlanProgress:
    """Where the plan stands: per entry placed / taken / dear / next / later, and the next
    step."""
    if plan.turn not in (0, state.turn) or state.phase != 2:
        # before this turn's placements (or a plan for the next turn): nothing stands yet
        return TurnPlanProgress(plan, ("later",) * len(plan.entries), None)
    legal = [a for a, _ in placements_ahead(state, seat)]
    step = turn_plan_step(state, seat, plan, legal) if legal else None
    out = []
    for index, entry in enumerate(plan.entries):
        if _holds(state, seat, entry.target):
            out.append("placed")
        elif step is not None and step.index == index:
            out.append("next")
        elif _place(entry) in legal:
            dear = entry.max_cost is not None and (
                placement_cost(state, seat, entry.target) > entry.max_cost
            )
            out.append("dear" if dear else "later")
        elif entry.target.isdigit() and state.workers[int(entry.target) - 1] is None:
            out.append("dear")  # free, but I cannot pay for it (or may not use it)
        else:
            out.append("taken")
    return TurnPlanProgress(plan, tuple(out), step)


def turn_plan_options(state: State, seat: int) -> tuple[PlanOption, ...]:
    """The spaces `seat` could place on as things stand (placements phase, not passed), each
    with its cost and the answers it can carry (none in Magna Carta: the road cards); empty
    otherwise."""
    out = []
    placing = placing_as(state, seat)  # one hypothetical placement for all the spaces
    for action, cost in placements_ahead(state, seat):
        if action is PASS:
            continue
        question = _placement_question(state, seat, action.arg, placing)
        answers = question.options if question is not None else ()
        out.append(PlanOption(action.arg, cost, answers, question))
    return tuple(out)


def suggest_turn_plan(
    state: State, seat: int, choose: Callable[[State, int], Action], limit: int = 6
) -> TurnPlan:
    """A turn plan as a sensible player would make it: the placements `choose` (e.g. the easy
    built-in player) makes one after another for `seat` as if the others waited, each with the
    answer its placement would suggest (the tile's first product, the castle all I can), at
    most `limit`; ending in 'pass once I have placed N' if it would pass there, else asking."""
    entries: list[PlanEntry] = []
    if state.over or state.phase != 2 or seat in state.passed:
        return TurnPlan(turn=plan_turn(state))
    d = state.decision
    mine = d is not None and d.seat == seat and d.kind == "place"
    now = state if mine else with_decision(state, "place", seat)
    passes = False
    while len(entries) < limit:
        action = choose(now, seat)
        if action.verb != "place":
            passes = action is PASS
            break
        question = _placement_question(now, seat, action.arg)
        answer = question.default if question is not None else None
        entries.append(PlanEntry(target=action.arg, answer=answer))
        after, _ = apply(now, action, seat)
        if after.over or after.phase != 2 or seat in after.passed:
            break
        now = with_decision(after, "place", seat)
    placed = placed_this_turn(state, seat)
    return TurnPlan(
        turn=state.turn,
        entries=tuple(entries),
        pass_after=placed + len(entries) if passes else None,
    )
