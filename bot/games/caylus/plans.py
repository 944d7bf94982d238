"""Caylus's plans (docs/pace.md): answers given ahead, castle plans, premoves, owners' choices
and turn plans, and the functions the game service plays them with (`PLANNER`, this game's
`bot.games.plans.Planner`).

- `Answer`: an answer given ahead, bound to one future decision (turn, decision kind, road
  position; a bribe also to where the provost stands), e.g. "Farm (11) -> take FF".
- `CastlePlan`: the castle in one decision: deliver all the batches I can, or N, or these.
- `Premove`: a queued placement: "then place on X if it is still free and costs no more than
  now, else ask me" (or "then pass").
- `OwnerChoice`: the cube an owner takes whenever another player uses their stone production
  building (a standing answer for that building).
- Standing orders (`Orders`): the inn (stay / ask), provost bribes (ask / never), the castle
  (ask / all I can).

`resolve(state, seat, plans, orders)` says whether a seat's plans answer its pending decision;
the answer is always one of the engine's legal actions at that moment, otherwise the plan is
dropped (with the reason, for the player) and the player is asked as without plans.
`questions(...)` lists what a player can be asked now: the pending decision if it is theirs,
and the decisions ahead that the engine's lookahead already sees, from the state and that
player's own plans only (never another player's). No storage and no Discord here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

from pydantic import Field

import engine.errors as engine_errors
from bot.games.caylus.lang import ct
from bot.games.plans import (
    MAX_ENTRIES,
    MAX_PLANS,
    MAX_WORKERS,
    ORDER_FIELDS,
    STANDING_KEY,
    BadPlan,
    Orders,
    PlanBase,
    PlanEntry,
    Planner,
    PlanOption,
    Question,
    Reason,
    Resolution,
    TurnPlan,
    TurnPlanProgress,
    TurnPlanStep,
    answer_key,
    orders_with,
    parse_key,
    plan_to_json,
    reason_from_text,
    reason_to_text,
    refused,
    turn_plan_key,
    turn_plan_now,
    validated_turn_plan,
)
from bot.words.lang import m
from engine.caylus import apply, legal_actions, parse
from engine.caylus.actions import PLACE_TARGETS, Action, sort_cubes
from engine.caylus.catalogue import ROAD_LENGTH, TILES
from engine.caylus.lookahead import (
    Upcoming,
    activation_kind,
    castle_plan_batches,
    decision_key,
    placements_ahead,
    upcoming,
    with_decision,
)
from engine.caylus.rules import placement_cost
from engine.caylus.state import State
from i18n import Later
from render.names import tile_name
from render.sentences import error_text

PASS, SKIP = Action.of("pass"), Action.of("skip")
INN_STAY = Action.of("inn", "stay")


def _place(entry: PlanEntry) -> Action:
    """The placement a turn plan's entry wishes for."""
    return Action.of("place", entry.target)


# The phase of each decision an answer may be given ahead for, and the verbs that answer it.
ANSWER_PHASE: dict[str, int] = {
    "gate": 3,
    "guild": 3,
    "joust": 3,
    "inn": 3,
    "bribe": 4,
    "produce": 5,
    "owner": 5,
    "build": 5,
    "lawyer": 5,
    "sell": 5,
    "buy": 5,
    "church": 5,
    "tailor": 5,
    "bank": 5,
    "alchemist": 5,
    "jeweller": 5,
}
ANSWER_VERBS: dict[str, tuple[str, ...]] = {
    "gate": ("gate",),
    "guild": ("provost", "skip"),
    "joust": ("joust", "skip"),
    "inn": ("inn",),
    "bribe": ("provost", "skip"),
    "produce": ("take",),
    "owner": ("take",),
    "build": ("build", "skip"),
    "lawyer": ("lawyer", "skip"),
    "sell": ("sell", "skip"),
    "buy": ("buy", "skip"),
    "church": ("pay", "skip"),
    "tailor": ("pay", "skip"),
    "bank": ("pay", "skip"),
    "alchemist": ("pay", "skip"),
    "jeweller": ("pay", "skip"),
}
AT_KINDS = frozenset(k for k, phase in ANSWER_PHASE.items() if phase == 5)  # a road position
USE_KINDS = frozenset({"sell", "buy", "church", "tailor", "bank", "alchemist", "jeweller"})
# A player's own decisions whose outcome another player's choice can change (the spaces left
# for the gate, the stock, lots and road for builds and lawyers, the favors they bring): the
# player's later answers in the same turn may then no longer hold.
_CHANGEABLE = frozenset({"gate", "build", "lawyer", "favor", "exchange"})
# Open questions of these kinds are worth a ping of their own once placement is over: asked in
# parallel, each player once, instead of one after another when they come.
_PARALLEL = frozenset({"produce", "owner", "joust", "inn", "bribe", "castle", *USE_KINDS})
CASTLE_ALL = "castle all"


class Answer(PlanBase):
    """Play `action` when this seat's `decision` of turn `turn` (at road position `at`) comes,
    if it is legal then. A bribe answer holds only while the provost stands on `provost`."""

    kind: Literal["answer"] = "answer"
    turn: int = Field(ge=1)
    decision: str
    at: int = Field(0, ge=0, le=ROAD_LENGTH)
    action: str
    provost: int | None = Field(None, ge=1, le=ROAD_LENGTH)

    @property
    def phase(self) -> int:
        return ANSWER_PHASE[self.decision]

    @property
    def key(self) -> str:
        return answer_key(self.turn, self.phase, self.decision, self.at)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (1, self.turn, self.phase, self.at, self.decision)

    @property
    def text(self) -> str:
        """How the plan reads (in the language in force); the answer stays in notation."""
        where = m.PLAN_AT.format(at=self.at) if self.at else ""
        held = m.PLAN_WHILE_PROVOST.format(provost=self.provost) if self.provost is not None else ""
        decision = ct.CY_QUESTION_WORDS.get(self.decision, self.decision)
        return (
            m.PLAN_ANSWER.format(turn=self.turn, decision=decision, where=where, action=self.action)
            + held
        )


class CastlePlan(PlanBase):
    """The castle in one decision for turn `turn`: `cubes` (explicit batches, counted from the
    turn's first batch), else `batches` of them (None: all I can), cubes chosen by
    `engine.caylus.lookahead.castle_batches` (wood first, then stone, cloth, gold)."""

    kind: Literal["castle"] = "castle"
    turn: int = Field(ge=1)
    batches: int | None = Field(None, ge=1)
    cubes: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return answer_key(self.turn, 6, "castle")

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (1, self.turn, 6, 0, "castle")

    @property
    def option(self) -> str:
        """The castle option text that stands for this plan ('castle all', 'castle 2' ...)."""
        if self.cubes:
            return "castle " + " ".join(self.cubes)
        return CASTLE_ALL if self.batches is None else f"castle {self.batches}"

    @property
    def text(self) -> str:
        return m.PLAN_CASTLE.format(turn=self.turn, option=self.option.removeprefix("castle "))


class Premove(PlanBase):
    """Then place on `target` (or pass) in turn `turn`, if it is still free and costs no more
    than `max_cost` deniers; else ask me. `order`: the place in this seat's queue (the service
    sets it). Turn 0 and no `max_cost` mean: this turn, what the space costs now."""

    kind: Literal["premove"] = "premove"
    turn: int = Field(0, ge=0)
    target: str
    max_cost: int | None = Field(None, ge=0)
    order: int = Field(0, ge=0)

    @property
    def key(self) -> str:
        return f"{self.turn}/2/premove/{self.order}"

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (0, self.turn, self.order)

    @property
    def queue_turn(self) -> int | None:
        return self.turn

    @property
    def queue_order(self) -> int:
        return self.order

    def queued(self, order: int) -> Premove:
        return self.model_copy(update={"order": order})

    @property
    def action(self) -> Action:
        return PASS if self.target == "pass" else Action.of("place", self.target)

    @property
    def text(self) -> str:
        if self.target == "pass":
            return m.PLAN_PREMOVE_PASS.format(turn=self.turn)
        limit = m.PLAN_AT_MOST.format(cost=self.max_cost) if self.max_cost is not None else ""
        return m.PLAN_PREMOVE.format(turn=self.turn, target=self.target) + limit


class OwnerChoice(PlanBase):
    """Whenever another player uses my stone production building `tile` at `at`, take `cube`."""

    kind: Literal["owner"] = "owner"
    at: int = Field(ge=1, le=ROAD_LENGTH)
    tile: str
    cube: str

    @property
    def key(self) -> str:
        return f"owner/{self.at}"

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (2, 0, 0, self.at, "")

    @property
    def text(self) -> str:
        return m.PLAN_OWNER_CHOICE.format(name=tile_name(self.tile), at=self.at, cube=self.cube)


Plan = Answer | CastlePlan | Premove | OwnerChoice | TurnPlan  # a Caylus plan


def plan_from_json(text: str) -> PlanBase:
    return PLANNER.plan_from_json(text)


# ---------------------------------------------------------------------------------------------
# Checking a plan when it is set
# ---------------------------------------------------------------------------------------------


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


def plan_turn(state: State) -> int:
    """The turn a turn plan set now is for: this one until its placements are over, else the
    next."""
    return int(state.turn) if state.phase <= 2 else int(state.turn) + 1


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


def _placement_question(state: State, seat: int, target: str) -> Question | None:
    """The decision placing on `target` now brings `seat` (None: none, or the space is not
    free now)."""
    if state.over or state.phase != 2 or seat in state.passed:
        return None
    d = state.decision
    mine = state if d is not None and d.seat == seat and d.kind == "place" else None
    hypothetical = mine or with_decision(state, "place", seat)
    found = answer_ahead_options(hypothetical, seat, Action.of("place", target))
    return found[0] if found else None


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


def carried_plan(state: State, seat: int, entry: PlanEntry) -> Plan | None:
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


def turn_plan_options(state: State, seat: int) -> tuple[PlanOption, ...]:
    """The spaces `seat` could place on as things stand (placements phase, not passed), each
    with its cost and the answers it can carry (none in Magna Carta: the road cards); empty
    otherwise."""
    out = []
    for action, cost in placements_ahead(state, seat):
        if action is PASS:
            continue
        question = _placement_question(state, seat, action.arg)
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


def premove(state: State, seat: int, target: str, max_cost: int | None = None) -> Premove:
    """A premove of `seat` on `target` ('pass', 'castle', '12', 'place 12' ...) in this turn;
    `max_cost` defaults to what the space costs `seat` now."""
    return check_plan(state, seat, Premove(turn=state.turn, target=target, max_cost=max_cost))


# ---------------------------------------------------------------------------------------------
# Playing plans: does a seat's plan answer its pending decision?
# ---------------------------------------------------------------------------------------------


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
    plans: Mapping[str, Plan],
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
    state: State, seat: int, plans: Mapping[str, Plan], legal: list[Action]
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
    state: State, seat: int, plans: Mapping[str, Plan], legal: list[Action]
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
    state: State, seat: int, plans: Mapping[str, Plan], orders: Orders, legal: list[Action]
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


def parse_castle_option(turn: int, option: str) -> CastlePlan:
    """'castle all', 'castle 2' or 'castle FWS FCG' as the plan for the castle of `turn`."""
    words = option.strip().lower().split()
    if not words or words[0] != "castle" or len(words) < 2:
        raise BadPlan(reason=m.PLAN_NOT_CASTLE.format(option=option))
    if words[1:] == ["all"]:
        return CastlePlan(turn=turn)
    if len(words) == 2 and words[1].isdigit() and int(words[1]) >= 1:
        return CastlePlan(turn=turn, batches=int(words[1]))
    if all(re.fullmatch(r"[fwscg]{3}", w) for w in words[1:]):
        return CastlePlan(turn=turn, cubes=tuple(w.upper() for w in words[1:]))
    raise BadPlan(reason=m.PLAN_NOT_CASTLE.format(option=option))


# ---------------------------------------------------------------------------------------------
# Questions: what a player can be asked now
# ---------------------------------------------------------------------------------------------


def default_answer(kind: str, options: Iterable[str]) -> str | None:
    """The answer an interface suggests first for a decision (None: no sensible default, the
    player decides when it comes): the tile's first product or cube, no bribe, joust when
    possible, stay in the inn, deliver all the batches one can."""
    options = list(options)
    if kind in ("produce", "owner"):
        return options[0] if options else None
    if kind in ("bribe", "guild"):
        return "skip"
    if kind == "joust":
        return "joust" if "joust" in options else "skip"
    if kind == "inn":
        return "inn stay"
    if kind == "castle":
        return CASTLE_ALL
    return None


def castle_options(state: State, seat: int) -> tuple[str, ...]:
    """'castle all', and 'castle N' for each smaller total N of batches this turn that the
    seat's cubes allow (counting the batches it already delivered this turn)."""
    done = state.batches[seat]
    most = done + len(castle_plan_batches(state, seat))
    return (CASTLE_ALL, *(f"castle {n}" for n in range(done + 1, most)))


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
        answers=PLANNER,
    )


def _lookahead(
    state: State, seat: int, plans: Mapping[str, Plan], orders: Orders
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
        answers=PLANNER,
    )


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
    try:
        after, _ = apply(state, action, seat)
    except engine_errors.EngineError:
        return []
    turn = state.turn
    target = action.arg
    found: list[tuple[str, int, str, tuple[str, ...]]] = []  # (kind, at, effect, options)
    if action is PASS:
        moves = legal_actions(with_decision(after, "bribe", seat), seat)
        if len(moves) > 1:
            found.append(("bribe", 0, "", tuple(str(a) for a in moves)))
    elif target.isdigit():
        at = int(target)
        asked = activation_kind(after, at)
        if asked is not None:
            kind, effect = asked
            hypothetical = with_decision(after, kind, seat, at=at, effect=effect)
            options = tuple(str(a) for a in legal_actions(hypothetical, seat))
            if kind == "produce":
                tile = TILES[after.road[at - 1]]  # type: ignore[index]
                options = tuple(f"take {x}" for x in tile.produce)
            found.append((kind, at, effect, options))
    elif target == "castle":
        found.append(("castle", 0, "", castle_options(after, seat)))
    elif target in ("joust", "guild"):
        moves = legal_actions(with_decision(after, target, seat), seat)
        if len(moves) > 1:
            found.append((target, 0, "", tuple(str(a) for a in moves)))
    out = []
    for kind, at, effect, options in found:
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
                state=with_decision(after, kind, seat, at=at, effect=effect),
                answers=PLANNER,
            )
        )
    return out


def plan_for_answer(
    question_key: str, option: str, *, provost: int | None, always: bool, state: State
) -> Plan:
    """The plan that answers the decision `question_key` with `option` ahead of time (`provost`:
    where the provost stands for a bribe answer; `always`: a standing owner's cube)."""
    turn, phase, kind, at = parse_key(question_key)
    if kind == "castle":
        return parse_castle_option(turn, option)
    if kind not in ANSWER_PHASE or ANSWER_PHASE[kind] != phase:
        raise BadPlan(reason=m.PLAN_NOT_AHEAD.format(kind=kind))
    if always:
        if kind != "owner":
            raise BadPlan(reason=m.PLAN_OWNER_ONLY)
        tile = state.road[at - 1]
        cube = option.removeprefix("take").strip()
        return OwnerChoice(at=at, tile=tile or "", cube=cube)
    return Answer(
        turn=turn,
        decision=kind,
        at=at,
        action=option,
        provost=provost if kind == "bribe" else None,
    )


def premove_options(state: State, seat: int) -> list[tuple[str, int]]:
    """(target, cost now) of what `seat` may queue as its next placement ('pass' costs 0)."""
    return [(a.arg or "pass", cost) for a, cost in placements_ahead(state, seat)]


def now_key(state: State) -> str | None:
    """The key of the pending decision (what `Question.key` is for the `now` question)."""
    k = decision_key(state)
    return None if k is None else answer_key(k.turn, k.phase, k.kind, k.at)


def stale(plan: PlanBase, state: State) -> bool:
    """True once the plan can no longer apply: its decision's turn and phase are past."""
    if state.over:
        return True
    now = (state.turn, state.phase)
    if isinstance(plan, Answer):
        return (plan.turn, plan.phase) < now
    if isinstance(plan, CastlePlan):
        return (plan.turn, 6) < now
    if isinstance(plan, Premove):
        return (plan.turn, 2) < now
    if isinstance(plan, TurnPlan):
        return not plan.standing and (plan.turn, 2) < now
    return False  # an owner's choice stands


class CaylusPlanner(Planner):
    """Caylus's plans for the game service (`bot.games.plans.Planner`)."""

    plan_types = (Answer, CastlePlan, Premove, OwnerChoice)
    answers_ahead = True

    def check_plan(self, state: Any, seat: int, plan: PlanBase) -> PlanBase:
        return check_plan(state, seat, plan)

    def resolve(
        self, state: Any, seat: int, plans: Mapping[str, PlanBase], orders: Orders
    ) -> Resolution:
        return resolve(state, seat, plans, orders)

    def plan_turn(self, state: Any) -> int:
        return plan_turn(state)

    def turn_plan_progress(self, state: Any, seat: int, plan: TurnPlan) -> TurnPlanProgress:
        return turn_plan_progress(state, seat, plan)

    def turn_plan_options(self, state: Any, seat: int) -> tuple[PlanOption, ...]:
        return turn_plan_options(state, seat)

    def suggest_turn_plan(
        self, state: Any, seat: int, choose: Callable[[Any, int], Any], limit: int = 6
    ) -> TurnPlan:
        return suggest_turn_plan(state, seat, choose, limit)

    def stale(self, plan: PlanBase, state: Any) -> bool:
        return stale(plan, state)

    def premove(self, state: Any, seat: int, target: str, max_cost: int | None = None) -> PlanBase:
        return premove(state, seat, target, max_cost)

    def questions(
        self, state: Any, seat: int, plans: Mapping[str, PlanBase], orders: Orders
    ) -> list[Question]:
        return questions(state, seat, plans, orders)

    def answer_ahead_options(self, state: Any, seat: int, action: Any) -> list[Question]:
        return answer_ahead_options(state, seat, action)

    def premove_options(self, state: Any, seat: int) -> list[tuple[str, int]]:
        return premove_options(state, seat)

    def now_key(self, state: Any) -> str | None:
        return now_key(state)

    def plan_for_answer(
        self, question_key: str, option: str, *, provost: int | None, always: bool, state: Any
    ) -> PlanBase:
        # a bribe asked ahead without where the provost stood: where he stands now
        if provost is None and state is not None:
            provost = state.provost
        return plan_for_answer(question_key, option, provost=provost, always=always, state=state)


PLANNER = CaylusPlanner()


__all__ = [
    "CASTLE_ALL",
    "MAX_ENTRIES",
    "MAX_PLANS",
    "MAX_WORKERS",
    "ORDER_FIELDS",
    "PLANNER",
    "STANDING_KEY",
    "Answer",
    "BadPlan",
    "CastlePlan",
    "CaylusPlanner",
    "Orders",
    "OwnerChoice",
    "Plan",
    "PlanBase",
    "PlanEntry",
    "PlanOption",
    "Premove",
    "Question",
    "Reason",
    "Resolution",
    "TurnPlan",
    "TurnPlanProgress",
    "TurnPlanStep",
    "answer_ahead_options",
    "answer_key",
    "castle_options",
    "check_plan",
    "default_answer",
    "now_key",
    "orders_with",
    "parse_castle_option",
    "parse_key",
    "plan_for_answer",
    "plan_from_json",
    "plan_to_json",
    "plan_turn",
    "premove",
    "premove_options",
    "questions",
    "reason_from_text",
    "reason_to_text",
    "refused",
    "resolve",
    "stale",
    "suggest_turn_plan",
    "turn_plan_key",
    "turn_plan_now",
    "turn_plan_options",
    "turn_plan_progress",
    "turn_plan_step",
]
