"""Magna Carta's plans (docs/pace.md): standing orders (never move the provost, deliver all one
can to the castle, never use my cards' owner effects) and turn plans: an ordered list of road
cards to put workers on in one round's actions, and "pass once I have placed N" / "pass when I
have less than k deniers". `PLANNER` is this game's `bot.games.plans.Planner`.

Only placements and passes are planned: they show nothing of the hand. Whatever depends on the
hand (build, draw, swap) is asked as without a plan: when no entry is playable and the plan does
not say to pass, the player is asked for their action with every choice open. Pure: the game
service (bot/service/planning.py) stores the plans and plays them; the engine
judges every move (`legal_actions`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import bot.games.plans as pl
from bot.games.plans import BadPlan, Orders, PlanEntry, TurnPlan
from bot.words.lang import m
from engine.magna_carta import apply, legal_actions, pending
from engine.magna_carta import catalogue as cat
from engine.magna_carta.actions import ROAD_MAX
from engine.magna_carta.decision_kinds import BY_NAME
from engine.magna_carta.state import State
from engine.magna_carta.state import decision as mc_decision

ACTIONS = cat.STAGES.index("actions")
# The decision kinds' facts are the engine's table (engine/magna_carta/decision_kinds.py): the
# action a turn plan answers, and the two a standing order may answer (never move the provost,
# deliver all I can), each with its verbs and the answer that declines.
ACTION, PROVOST, CASTLE = BY_NAME["action"], BY_NAME["provost"], BY_NAME["castle"]


def placing(state: State) -> bool:
    """Whether the round's actions (where workers are placed) are on."""
    return not state.over and state.stage == ACTIONS and not state.waiting


def plan_turn(state: State) -> int:
    """The round a turn plan set now is for: this one until its actions are over, else the next."""
    return int(state.round) if state.stage <= ACTIONS else int(state.round) + 1


def places(state: State, seat: int) -> list[tuple[Any, int]]:
    """(action, cost) of the road cards `seat` could put a worker on now, and the pass, as if
    its action were asked now; empty outside the actions or once `seat` passed."""
    if not placing(state) or seat in state.passed:
        return []
    d = state.decision
    now = state
    if d is None or d.seat != seat or d.kind != ACTION.name:
        now = state.copy()
        now.decision = mc_decision(ACTION.name, seat)
    return [
        (a, cat.ACTION_COST if a.verb == "place" else 0)
        for a in legal_actions(now, seat)
        if a.verb in ("place", "pass")
    ]


def placed(state: State, seat: int) -> int:
    """The workers `seat` has put on road cards this round."""
    return sum(1 for w in state.workers if w == seat)


def holds(state: State, seat: int, target: str) -> bool:
    i = int(target) - 1
    return i < len(state.workers) and state.workers[i] == seat


def check(state: State, seat: int, plan: pl.TurnPlan) -> pl.TurnPlan:
    """The plan in canonical form: its round, its road positions (no carried answers: Magna
    Carta's placements bring no decision to answer ahead); BadPlan names the first wrong one."""
    turn = 0
    if not plan.standing:
        turn = plan.turn or plan_turn(state)
        if (turn, ACTIONS) < (state.round, state.stage):
            raise pl.BadPlan(reason=m.PLAN_PAST.format(turn=turn, phase=ACTIONS))
        if turn == state.round and placing(state) and seat in state.passed:
            raise pl.BadPlan(reason=m.TURN_PLAN_PASSED)
    entries: list[pl.PlanEntry] = []
    for entry in plan.entries:
        target = entry.target.strip().lower().removeprefix("place ").strip()
        if not (target.isdigit() and 1 <= int(target) <= ROAD_MAX):
            raise pl.BadPlan(reason=m.PLAN_NOT_A_SPACE.format(target=entry.target))
        target = str(int(target))
        if entry.answer:
            raise pl.BadPlan(reason=m.TURN_PLAN_BAD_ANSWER.format(position=target, options="-"))
        if all(e.target != target for e in entries):
            entries.append(pl.PlanEntry(target=target, max_cost=entry.max_cost))
    return plan.model_copy(update={"turn": turn, "entries": tuple(entries)})


def step(state: State, seat: int, plan: pl.TurnPlan, legal: list[Any]) -> pl.TurnPlanStep:
    """The first road card still free (and within its limit); a pass when a condition of the
    whole plan holds or it says 'else pass'; else nothing (the player is asked)."""
    by_text = {str(a): a for a in legal}
    passing = by_text.get("pass")
    deniers = state.players[seat].deniers
    if passing is not None:
        if plan.pass_after is not None and placed(state, seat) >= plan.pass_after:
            return pl.TurnPlanStep(passing, passing="after")
        if plan.pass_below is not None and deniers < plan.pass_below:
            return pl.TurnPlanStep(passing, passing="below")
        if plan.pass_above is not None and plan.pass_above < cat.ACTION_COST:
            return pl.TurnPlanStep(passing, passing="above")
    for index, entry in enumerate(plan.entries):
        action = by_text.get(f"place {entry.target}")
        if action is None:
            continue  # used, taken, a residence now, or not affordable: the next one
        if entry.max_cost is not None and entry.max_cost < cat.ACTION_COST:
            continue
        return pl.TurnPlanStep(action, index)
    if plan.otherwise == "pass" and passing is not None:
        return pl.TurnPlanStep(passing, passing="else")
    return pl.TurnPlanStep()


def resolve(
    state: State, seat: int, plans: Mapping[str, pl.PlanBase], orders: pl.Orders
) -> pl.Resolution:
    """Whether `seat`'s standing orders, else its turn plan, answer its pending decision now."""
    found = _resolve_orders(state, seat, orders)
    if found.action is None:
        found = _resolve_turn_plan(state, seat, plans)
    return found


def _resolve_orders(state: State, seat: int, orders: pl.Orders) -> pl.Resolution:
    """The provost order (never move him), the castle order (deliver every batch one can, the
    engine's first legal batch each time, then stop) and the owner order (never use my cards'
    owner effects)."""
    mine = [p for p in pending(state) if p.seat == seat]
    if state.over or not mine:
        return pl.Resolution()
    kind = BY_NAME[mine[0].kind]
    legal = legal_actions(state, seat)
    decline = next((a for a in legal if str(a) == kind.default), None)
    if kind is PROVOST and orders.bribe == "never" and decline is not None:
        return pl.Resolution(decline, "orders.bribe")
    decision = state.decision
    is_owner = decision is not None and decision.part == "owner"
    if is_owner and orders.owner == "never" and decline is not None:
        return pl.Resolution(decline, "orders.owner")
    if kind is CASTLE and orders.castle == "all":
        batch = next((a for a in legal if a.verb == CASTLE.verbs[0]), None)
        if batch is not None:
            return pl.Resolution(batch, "orders.castle")
        if decline is not None:
            return pl.Resolution(decline, "orders.castle")
    return pl.Resolution()


def _resolve_turn_plan(state: State, seat: int, plans: Mapping[str, pl.PlanBase]) -> pl.Resolution:
    """The planned action for `seat`'s pending action decision, if its turn plan says one."""
    d = state.decision
    if d is None or d.seat != seat or d.kind != ACTION.name or not placing(state):
        return pl.Resolution()
    plan = pl.turn_plan_now(plans, state.round)
    if plan is None:
        return pl.Resolution()
    found = step(state, seat, plan, legal_actions(state, seat))
    if found.action is None:
        return pl.Resolution()
    return pl.Resolution(found.action, plan.key)


def stale(plan: pl.PlanBase, state: State) -> bool:
    """True once the plan can no longer apply: the game is over or its round's actions are
    past (standing orders and turn plans are this game's only plans)."""
    if state.over:
        return True
    if not isinstance(plan, pl.TurnPlan):
        return False
    return not plan.standing and (plan.turn, ACTIONS) < (state.round, state.stage)


def progress(state: State, seat: int, plan: pl.TurnPlan) -> pl.TurnPlanProgress:
    """Where the plan stands: per entry placed / taken (someone's worker, or a residence now) /
    dear (I cannot pay) / next / later, and the next step."""
    if plan.turn not in (0, state.round) or not placing(state):
        return pl.TurnPlanProgress(plan, ("later",) * len(plan.entries), None)
    legal = [a for a, _ in places(state, seat)]
    found = step(state, seat, plan, legal) if legal else None
    texts = {str(a) for a in legal}
    out = []
    for index, entry in enumerate(plan.entries):
        i = int(entry.target) - 1
        if holds(state, seat, entry.target):
            out.append("placed")
        elif found is not None and found.index == index:
            out.append("next")
        elif f"place {entry.target}" in texts:
            out.append("later")
        elif i < len(state.workers) and state.workers[i] is None and not state.flipped[i]:
            out.append("dear")
        elif i >= len(state.road):
            out.append("later")  # a card not built yet
        else:
            out.append("taken")
    return pl.TurnPlanProgress(plan, tuple(out), found)


def options(state: State, seat: int) -> tuple[pl.PlanOption, ...]:
    return tuple(pl.PlanOption(a.arg, cost) for a, cost in places(state, seat) if a.verb == "place")


def _without_cards(state: State, seat: int) -> Any:
    """A copy of `state` in which `seat` decides its action now and holds no cards (no hand,
    draw pile or discard)."""
    now = state.copy()
    now.decision = mc_decision(ACTION.name, seat)
    player = state.players[seat].clone()
    player.hand, player.deck, player.discard = [], [], []
    now.players = [player if k == seat else p for k, p in enumerate(state.players)]
    return now


def suggest(state: State, seat: int, choose: Any, limit: int = 6) -> pl.TurnPlan:
    """The road cards `choose` (the easy built-in player) puts workers on one after another for
    `seat`, as if the others waited and the seat had no cards (so no build, draw or swap: the
    hand's business is asked when it comes, and the suggestion owes nothing to the hand): a pass
    ends the plan in 'pass once I have placed N'; anything else leaves it to ask."""
    entries: list[pl.PlanEntry] = []
    passes = False
    if placing(state) and seat not in state.passed:
        now = _without_cards(state, seat)
        while len(entries) < limit:
            action = choose(now, seat)
            if action.verb != "place":
                passes = action.verb == "pass"
                break
            entries.append(pl.PlanEntry(target=action.arg))
            after, _ = apply(now, action, seat)
            if not placing(after) or seat in after.passed:
                break
            now = _without_cards(after, seat)
    return pl.TurnPlan(
        turn=plan_turn(state),
        entries=tuple(entries),
        pass_after=placed(state, seat) + len(entries) if passes else None,
    )


def check_plan(state: State, seat: int, plan: pl.PlanBase) -> pl.PlanBase:
    """The plan in canonical form (turn plans only: no answers ahead in this game)."""
    if not isinstance(plan, pl.TurnPlan):
        raise pl.BadPlan(reason=m.PLAN_ORDERS_ONLY)
    return check(state, seat, pl.validated_turn_plan(plan))


class MagnaCartaPlanner(pl.Planner[State]):
    """Magna Carta's plans for the game service: standing orders and turn plans."""

    def check_plan(self, state: State, seat: int, plan: pl.PlanBase) -> pl.PlanBase:
        return check_plan(state, seat, plan)

    def resolve(
        self, state: State, seat: int, plans: Mapping[str, pl.PlanBase], orders: pl.Orders
    ) -> pl.Resolution:
        return resolve(state, seat, plans, orders)

    def plan_turn(self, state: State) -> int:
        return plan_turn(state)

    def turn_plan_progress(self, state: State, seat: int, plan: pl.TurnPlan) -> pl.TurnPlanProgress:
        return progress(state, seat, plan)

    def turn_plan_options(self, state: State, seat: int) -> tuple[pl.PlanOption, ...]:
        return options(state, seat)

    def suggest_turn_plan(
        self, state: State, seat: int, choose: Callable[[Any, int], Any], limit: int = 6
    ) -> pl.TurnPlan:
        return suggest(state, seat, choose, limit)

    def stale(self, plan: pl.PlanBase, state: State) -> bool:
        return stale(plan, state)


PLANNER = MagnaCartaPlanner()


__all__ = [
    "ACTIONS",
    "PLANNER",
    "BadPlan",
    "MagnaCartaPlanner",
    "Orders",
    "PlanEntry",
    "TurnPlan",
    "check",
    "check_plan",
    "options",
    "places",
    "placing",
    "plan_turn",
    "progress",
    "resolve",
    "stale",
    "step",
    "suggest",
]
