"""Plans: what a player decides before the game asks (docs/pace.md).

Small typed values, their text forms, and the pure functions the game service uses:

- `Answer`: an answer given ahead, bound to one future decision (turn, decision kind, road
  position; a bribe also to where the provost stands), e.g. "Farm (11) -> take FF".
- `CastlePlan`: the castle in one decision: deliver all the batches I can, or N, or these.
- `Premove`: a queued placement: "then place on X if it is still free and costs no more than
  now, else ask me" (or "then pass").
- `OwnerChoice`: the cube an owner takes whenever another player uses their stone production
  building (a standing answer for that building).
- `Orders`: standing orders per player and game: the inn (stay / ask), provost bribes
  (ask / never), the castle (ask / all I can), and in Magna Carta the owner's effects of my
  cards (ask / never).

`resolve(state, seat, plans, orders)` says whether a seat's plans answer its pending decision;
the answer is always one of the engine's legal actions at that moment, otherwise the plan is
dropped (with the reason, for the player) and the player is asked as without plans.
`questions(...)` lists what a player can be asked now: the pending decision if it is theirs,
and the decisions ahead that the engine's lookahead already sees, from the state and that
player's own plans only (never another player's). No storage and no Discord here: the game service
(bot/service/planning.py) stores plans, plays them and hands questions to the Discord layer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

import engine.errors as engine_errors
from bot.errors import ServiceError
from bot.lang import m, t
from engine.caylus import apply, legal_actions, parse
from engine.caylus.actions import PLACE_TARGETS, Action, sort_cubes
from engine.caylus.catalogue import ROAD_LENGTH, TILES
from engine.caylus.decision_kinds import KINDS
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

# The phase of each decision an answer may be given ahead for, and the verbs that answer it.
# The decision kinds' facts are the engine's table (engine/caylus/decision_kinds.py).
_AHEAD = [kind for kind in KINDS if kind.answered_ahead]  # the kinds a plan may answer
ANSWER_PHASE: dict[str, int] = {kind.name: kind.phase for kind in _AHEAD if kind.phase}
ANSWER_VERBS: dict[str, tuple[str, ...]] = {kind.name: kind.verbs for kind in _AHEAD}
AT_KINDS = frozenset(kind.name for kind in _AHEAD if kind.at_building)  # a road position
USE_KINDS = frozenset(kind.name for kind in KINDS if kind.optional_use)
# A player's own decisions whose outcome another player's choice can change (the spaces left
# for the gate, the stock, lots and road for builds and lawyers, the favors they bring): the
# player's later answers in the same turn may then no longer hold.
_CHANGEABLE = frozenset(kind.name for kind in KINDS if kind.changeable)
# Open questions of these kinds are worth a ping of their own once placement is over: asked in
# parallel, each player once, instead of one after another when they come.
_PARALLEL = frozenset(kind.name for kind in KINDS if kind.parallel)
CASTLE_ALL = "castle all"
MAX_PLANS = 100  # active plans per player and game: plenty for a turn, and a bound on storage


GAMES = frozenset({"caylus"})  # the games whose decisions these plans know
# Games with standing orders only (no answers ahead, no premoves): Magna Carta's provost moves
# ("bribe": never) and castle deliveries ("castle": all I can).
ORDERS_ONLY = frozenset({"magna-carta"})


def supports(kind: str) -> bool:
    """Whether games of `kind` have plans or standing orders (this module knows their
    decisions)."""
    return kind in GAMES or kind in ORDERS_ONLY


def _orders_only(state: Any) -> bool:
    return getattr(state, "game", "caylus") in ORDERS_ONLY


class BadPlan(ServiceError):
    code = "bad_plan"
    template = "BAD_PLAN"


# Why a plan was not played: read when shown, in the reader's language (the engine's own
# reasons, str, come in English). Stored as JSON naming the message (`reason_to_text`).
Reason = Later | str


class EngineSaid:
    """Why the rules refuse a plan's move, as the engine said it (a message key and values),
    phrased when read: in the language of whoever reads it (a `Later` value)."""

    __slots__ = ("key", "values")

    def __init__(self, key: str, values: Any) -> None:
        self.key, self.values = key, _tuples(values)

    def __call__(self) -> str:
        return error_text(self)


def _tuples(value: Any) -> Any:
    """Values read back from JSON: a nested message is a (key, values) pair again."""
    if isinstance(value, list):
        if len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], dict):
            return (value[0], _tuples(value[1]))
        return [_tuples(v) for v in value]
    if isinstance(value, dict):
        return {k: _tuples(v) for k, v in value.items()}
    return value


def refused(error: engine_errors.EngineError) -> Reason:
    """A plan's move refused by the rules: the engine's reason, read in the reader's language."""
    key = getattr(error, "key", "")
    if not key:
        return str(error)
    return Later(m, "PLAN_RULES_REFUSE", reason=EngineSaid(key, getattr(error, "values", None)))


def reason_to_text(reason: Reason) -> str:
    """A reason as stored: the message's name and values (any language can read it back)."""
    if isinstance(reason, Later):
        parts = []
        for _, name, values in reason.parts:
            said = values.get("reason")
            if isinstance(said, EngineSaid):
                values = {"reason": {"key": said.key, "values": said.values}}
            parts.append({"message": name, "values": values})
        return json.dumps(parts)
    return reason


def reason_from_text(text: str) -> Reason:
    """A stored reason back (plain text, e.g. the engine's or an older row's, stays as it is)."""
    try:
        parts = json.loads(text)
        out = Later()
        for part in parts:
            if not hasattr(m.module, part["message"]):  # a message since renamed: keep the row
                return text
            values = part["values"]
            if part["message"] == "PLAN_RULES_REFUSE":
                said = values["reason"]
                values = {"reason": EngineSaid(said["key"], said["values"])}
            out = out + Later(m, part["message"], **values)
    except (ValueError, TypeError, KeyError, AttributeError):
        return text
    return out


# ---------------------------------------------------------------------------------------------
# Plans
# ---------------------------------------------------------------------------------------------


def answer_key(turn: int, phase: int, kind: str, at: int = 0) -> str:
    """The identity of a decision a plan or a question is bound to, e.g. '3/5/produce/11'."""
    return f"{turn}/{phase}/{kind}/{at}"


def parse_key(key: str) -> tuple[int, int, str, int]:
    """(turn, phase, kind, at) of a key made by `answer_key`; BadPlan if it is not one."""
    parts = key.split("/")
    if len(parts) != 4 or not (parts[0].isdigit() and parts[1].isdigit() and parts[3].isdigit()):
        raise BadPlan(reason=m.PLAN_NO_DECISION.format(key=key))
    return int(parts[0]), int(parts[1]), parts[2], int(parts[3])


class _Plan(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Answer(_Plan):
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
    def text(self) -> str:
        """How the plan reads (in the language in force); the answer stays in notation."""
        where = m.PLAN_AT.format(at=self.at) if self.at else ""
        held = m.PLAN_WHILE_PROVOST.format(provost=self.provost) if self.provost is not None else ""
        decision = t.CY_QUESTION_WORDS.get(self.decision, self.decision)
        return (
            m.PLAN_ANSWER.format(turn=self.turn, decision=decision, where=where, action=self.action)
            + held
        )


class CastlePlan(_Plan):
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
    def option(self) -> str:
        """The castle option text that stands for this plan ('castle all', 'castle 2' ...)."""
        if self.cubes:
            return "castle " + " ".join(self.cubes)
        return CASTLE_ALL if self.batches is None else f"castle {self.batches}"

    @property
    def text(self) -> str:
        return m.PLAN_CASTLE.format(turn=self.turn, option=self.option.removeprefix("castle "))


class Premove(_Plan):
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
    def action(self) -> Action:
        return PASS if self.target == "pass" else Action.of("place", self.target)

    @property
    def text(self) -> str:
        if self.target == "pass":
            return m.PLAN_PREMOVE_PASS.format(turn=self.turn)
        limit = m.PLAN_AT_MOST.format(cost=self.max_cost) if self.max_cost is not None else ""
        return m.PLAN_PREMOVE.format(turn=self.turn, target=self.target) + limit


class OwnerChoice(_Plan):
    """Whenever another player uses my stone production building `tile` at `at`, take `cube`."""

    kind: Literal["owner"] = "owner"
    at: int = Field(ge=1, le=ROAD_LENGTH)
    tile: str
    cube: str

    @property
    def key(self) -> str:
        return f"owner/{self.at}"

    @property
    def text(self) -> str:
        return m.PLAN_OWNER_CHOICE.format(name=tile_name(self.tile), at=self.at, cube=self.cube)


MAX_WORKERS = 12  # more than any seat ever has: a bound for 'pass once I have placed N'
MAX_ENTRIES = 12  # wishes per turn plan: more spaces than a seat can place on in one turn
STANDING_KEY = "turnplan/standing"


class PlanEntry(BaseModel):
    """One wish of a turn plan: place on `target` ('12', 'castle', 'gate' ...), carrying
    `answer` for the decision that placement brings ('take C', 'castle all'; None: asked when it
    comes), only if the placement costs at most `max_cost` deniers (None: any cost)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    target: str
    answer: str | None = None
    max_cost: int | None = Field(None, ge=0)

    @property
    def action(self) -> Action:
        return Action.of("place", self.target)


class TurnPlan(_Plan):
    """The placements of a whole turn in one answer: an ordered wish list. At each placement
    decision of the turn the first entry still free, affordable and within its limit is played;
    `pass_after`: pass once I have placed this many workers this turn; `pass_above`: pass when a
    worker would cost more than this many deniers; `otherwise`: when no entry can be played,
    'pass' or 'ask' me; `pass_below`: pass when I have fewer deniers than this. `standing`: the
    plan every turn starts from (turn 0), until a plan for
    the turn itself replaces it."""

    kind: Literal["turnplan"] = "turnplan"
    turn: int = Field(0, ge=0)
    entries: tuple[PlanEntry, ...] = ()
    pass_after: int | None = Field(None, ge=0, le=MAX_WORKERS)
    pass_above: int | None = Field(None, ge=0)
    pass_below: int | None = Field(None, ge=0)  # pass when I have fewer deniers than this
    otherwise: Literal["ask", "pass"] = "ask"
    standing: bool = False

    @property
    def key(self) -> str:
        return turn_plan_key(None if self.standing else self.turn)

    @property
    def text(self) -> str:
        """How the plan reads: 'turn 3: castle → castle all; 5 → take C; 8 (at most 1 d); else
        pass'."""
        parts = [_entry_text(entry) for entry in self.entries]
        if self.pass_after is not None:
            parts.append(m.TURN_PLAN_PASS_AFTER.format(count=self.pass_after))
        if self.pass_above is not None:
            parts.append(m.TURN_PLAN_PASS_ABOVE.format(cost=self.pass_above))
        if self.pass_below is not None:
            parts.append(m.TURN_PLAN_PASS_BELOW.format(deniers=self.pass_below))
        parts.append(m.TURN_PLAN_ELSE_PASS if self.otherwise == "pass" else m.TURN_PLAN_ELSE_ASK)
        head = m.TURN_PLAN_STANDING if self.standing else m.TURN_PLAN_TURN.format(turn=self.turn)
        return f"{head}: " + "; ".join(parts)


def _entry_text(entry: PlanEntry) -> str:
    text = entry.target
    if entry.answer:
        text += f" → {entry.answer}"
    if entry.max_cost is not None:
        text += m.PLAN_AT_MOST.format(cost=entry.max_cost)
    return text


def turn_plan_key(turn: int | None) -> str:
    """The plan key of the turn plan of `turn` (None: the standing plan)."""
    return STANDING_KEY if turn is None else f"{turn}/2/turnplan"


Plan = Answer | CastlePlan | Premove | OwnerChoice | TurnPlan
PLAN_ADAPTER: TypeAdapter[Any] = TypeAdapter(
    Annotated[Answer | CastlePlan | Premove | OwnerChoice | TurnPlan, Field(discriminator="kind")]
)


def plan_from_json(text: str) -> Plan:
    return PLAN_ADAPTER.validate_json(text)  # type: ignore[no-any-return]


def plan_to_json(plan: Plan) -> str:
    return plan.model_dump_json()


class Orders(BaseModel):
    """Standing orders of one player in one game (or a player's defaults for new games)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    inn: Literal["stay", "ask"] = "stay"  # the inn's occupant stays (leaving frees a worker)
    bribe: Literal["ask", "never"] = "ask"  # provost bribes in phase 4
    castle: Literal["ask", "all"] = "ask"  # deliver all the batches I can (no per-turn plan)
    # Magna Carta: the owner's effect of my cards when another player's worker uses them
    owner: Literal["ask", "never"] = "ask"


ORDER_FIELDS: tuple[str, ...] = tuple(Orders.model_fields)


def orders_with(orders: Orders, changes: Mapping[str, Any]) -> Orders:
    """`orders` with `changes`; BadPlan names a bad field or value."""
    unknown = set(changes) - set(ORDER_FIELDS)
    if unknown:
        raise BadPlan(reason=m.PLAN_NO_ORDER.format(name=sorted(unknown)[0]))
    try:
        return Orders(**{**orders.model_dump(), **changes})
    except ValidationError as error:
        first = error.errors()[0]
        name = ".".join(str(x) for x in first.get("loc", ()))
        allowed = " / ".join(_order_values(name))
        raise BadPlan(reason=m.PLAN_ORDER_VALUES.format(name=name, values=allowed)) from None


def _order_values(name: str) -> tuple[str, ...]:
    annotation = Orders.model_fields[name].annotation if name in Orders.model_fields else None
    return tuple(getattr(annotation, "__args__", ()))


# ---------------------------------------------------------------------------------------------
# Checking a plan when it is set
# ---------------------------------------------------------------------------------------------


def check_plan(state: State, seat: int, plan: Plan) -> Plan:
    if _orders_only(state):
        if not isinstance(plan, TurnPlan):
            raise BadPlan(reason=m.PLAN_ORDERS_ONLY)  # Magna Carta: turn plans and orders only
        from bot.games.magna_carta import turn_plans as mc_turn_plans

        return mc_turn_plans.check(state, seat, _validated(plan))
    return _check_plan(state, seat, plan)


def _check_plan(state: State, seat: int, plan: Plan) -> Plan:
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
    plan = _validated(plan)
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


def _validated(plan: TurnPlan) -> TurnPlan:
    """The plan validated again (a copy made with model_copy(update=...) never was) and within
    its bounds; BadPlan otherwise."""
    try:
        plan = TurnPlan.model_validate(plan.model_dump())
    except ValidationError as error:
        first = error.errors()[0]
        name = ".".join(str(x) for x in first.get("loc", ()))
        raise BadPlan(reason=m.TURN_PLAN_BAD_VALUE.format(name=name)) from None
    if len(plan.entries) > MAX_ENTRIES:
        raise BadPlan(reason=m.TURN_PLAN_TOO_LONG.format(count=MAX_ENTRIES))
    return plan


def plan_turn(state: Any) -> int:
    """The turn (a Magna Carta round) a turn plan set now is for: this one until its placements
    are over, else the next."""
    if _orders_only(state):
        from bot.games.magna_carta import turn_plans as mc_turn_plans

        return mc_turn_plans.plan_turn(state)
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
    found = _answer_ahead_options(hypothetical, seat, Action.of("place", target))
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


@dataclass(frozen=True, slots=True)
class TurnPlanStep:
    """What a turn plan plays at `seat`'s placement now: `action` (None: ask the player), the
    entry it comes from (`index`, None for a pass), and why it passes (`passing`: 'after',
    'above', 'below', 'else')."""

    action: Any = None  # the engine's action (Caylus or Magna Carta)
    index: int | None = None
    passing: str = ""


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
        if entry.action not in legal:
            continue  # used, taken or not affordable: the next wish
        cost = placement_cost(state, seat, entry.target)
        if entry.max_cost is not None and cost > entry.max_cost:
            continue
        return TurnPlanStep(entry.action, index)
    if plan.otherwise == "pass" and PASS in legal:
        return TurnPlanStep(PASS, passing="else")
    return TurnPlanStep()


@dataclass(frozen=True, slots=True)
class TurnPlanProgress:
    """Where a turn plan stands for its player: per entry 'placed' (my worker is there), 'taken'
    (someone else's), 'dear' (costs more than its limit or than I have), 'next' (played at my
    next placement) or 'later'; and the next step (None once placements are over)."""

    plan: TurnPlan
    entries: tuple[str, ...]
    step: TurnPlanStep | None


def turn_plan_progress(state: State, seat: int, plan: TurnPlan) -> TurnPlanProgress:
    if _orders_only(state):
        from bot.games.magna_carta import turn_plans as mc_turn_plans

        return mc_turn_plans.progress(state, seat, plan)
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
        elif entry.action in legal:
            dear = entry.max_cost is not None and (
                placement_cost(state, seat, entry.target) > entry.max_cost
            )
            out.append("dear" if dear else "later")
        elif entry.target.isdigit() and state.workers[int(entry.target) - 1] is None:
            out.append("dear")  # free, but I cannot pay for it (or may not use it)
        else:
            out.append("taken")
    return TurnPlanProgress(plan, tuple(out), step)


def turn_plan_now(plans: Mapping[str, Plan], turn: int) -> TurnPlan | None:
    """The turn plan in force in `turn`: the plan for that turn, else the standing plan."""
    plan = plans.get(turn_plan_key(turn))
    if not isinstance(plan, TurnPlan):
        plan = plans.get(STANDING_KEY)
    return plan if isinstance(plan, TurnPlan) else None


def carried_plan(state: State, seat: int, entry: PlanEntry) -> Plan | None:
    """The answer plan an entry carries for the decision its placement brings (None: it carries
    none, or its answer is not one of that decision's options now: asked when it comes)."""
    if entry.answer is None:
        return None
    question = _placement_question(state, seat, entry.target)
    if question is None or entry.answer not in question.options:
        return None
    try:
        return _check_plan(state, seat, question.plan(entry.answer))
    except BadPlan:
        return None


@dataclass(frozen=True, slots=True)
class PlanOption:
    """A space a turn plan may name: `target`, what it costs now, and the answers placing
    there can carry (`question`: the decision it brings, for labels; None: it carries none)."""

    target: str
    cost: int
    answers: tuple[str, ...] = ()
    question: Question | None = None


def turn_plan_options(state: State, seat: int) -> tuple[PlanOption, ...]:
    """The spaces `seat` could place on as things stand (placements phase, not passed), each
    with its cost and the answers it can carry (none in Magna Carta: the road cards); empty
    otherwise."""
    if _orders_only(state):
        from bot.games.magna_carta import turn_plans as mc_turn_plans

        return mc_turn_plans.options(state, seat)
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
    if _orders_only(state):
        from bot.games.magna_carta import turn_plans as mc_turn_plans

        return mc_turn_plans.suggest(state, seat, choose, limit)
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


@dataclass(frozen=True, slots=True)
class Resolution:
    """What the plans of the deciding seat say about its pending decision."""

    action: Action | None = None  # play this for the seat (a planned move); None: ask
    source: str = ""  # the plan key that gave it, or 'orders.inn' / 'orders.bribe' / ...
    consume: str | None = None  # plan key used up by playing it
    dropped: tuple[tuple[str, Reason], ...] = ()  # (plan key, why): plans not played
    adds: tuple[Plan, ...] = ()  # plans kept by playing it (a turn plan's carried answer)


def resolve(state: State, seat: int, plans: Mapping[str, Plan], orders: Orders) -> Resolution:
    """Whether `seat`'s plans and orders answer its pending decision now, with a legal action."""
    if _orders_only(state):
        found = _resolve_orders_only(state, seat, orders)
        if found.action is None:
            from bot.games.magna_carta import turn_plans as mc_turn_plans

            found = mc_turn_plans.resolve(state, seat, plans)
        return found
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


def _resolve_orders_only(state: Any, seat: int, orders: Orders) -> Resolution:
    """Magna Carta: the provost order (never move him), the castle order (deliver every batch
    one can, the engine's first legal batch each time, then stop) and the owner order (never
    use my cards' owner effects)."""
    from engine import magna_carta as mc

    pending = [p for p in mc.pending(state) if p.seat == seat]
    if state.over or not pending:
        return Resolution()
    kind = pending[0].kind
    legal = mc.legal_actions(state, seat)
    skip = next((a for a in legal if str(a) == "skip"), None)
    if kind == "provost" and orders.bribe == "never" and skip is not None:
        return Resolution(skip, "orders.bribe")
    decision = getattr(state, "decision", None)
    is_owner = decision is not None and getattr(decision, "part", "") == "owner"
    if is_owner and orders.owner == "never" and skip is not None:
        return Resolution(skip, "orders.owner")
    if kind == "castle" and orders.castle == "all":
        batch = next((a for a in legal if str(a).startswith("batch")), None)
        if batch is not None:
            return Resolution(batch, "orders.castle")
        if skip is not None:
            return Resolution(skip, "orders.castle")
    return Resolution()


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


@dataclass(frozen=True, slots=True)
class Question:
    """One decision a player can answer now: the pending one (`now`), or one ahead.

    Answer with `GameService.answer(game_id, user_id, key, option)`; `options` are notation
    texts (engine actions; for the castle also 'castle all' / 'castle N'). `planned` is the
    answer that will be played (a plan or a standing order; None: the question is open).
    `fixed`: no other player's choice can make the answer unplayable. `due`: worth a ping of
    its own now. `state`: the (looked-ahead) state in which the decision is pending, to label
    the options (`bot.prompts.layout(question.state, seat, actions, names)`); like the whole
    question it reflects this player's own plans, so it is for this player's eyes only."""

    key: str
    seat: int
    turn: int
    phase: int
    kind: str
    at: int = 0
    options: tuple[str, ...] = ()
    default: str | None = None
    planned: str | None = None
    planned_by: str | None = None  # the plan key or 'orders.<name>'
    now: bool = False
    fixed: bool = True
    due: bool = False
    provost: int | None = None  # a bribe answer holds while the provost stands here
    fallback: str | None = None  # now: why a plan for this decision was not played
    state: Any = field(default=None, compare=False, repr=False)

    @property
    def open(self) -> bool:
        return self.planned is None

    def plan(self, option: str, *, always: bool = False) -> Plan:
        """The plan that answers this question ahead with `option` (for `act(..., plans=)` or
        `set_plan`); a bribe answer holds while the provost stands where it did."""
        return plan_for_answer(
            self.key, option, provost=self.provost, always=always, state=self.state
        )


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
    plans: Mapping[str, Plan],
    orders: Orders,
) -> list[Question]:
    if _orders_only(state):
        return []  # no lookahead for this game: its decisions are asked when they come
    return _questions(state, seat, plans, orders)


def _questions(
    state: State,
    seat: int,
    plans: Mapping[str, Plan],
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
    )


def answer_ahead_options(state: State, seat: int, action: Action | str) -> list[Question]:
    if _orders_only(state):
        return []
    return _answer_ahead_options(state, seat, action)


def _answer_ahead_options(state: State, seat: int, action: Action | str) -> list[Question]:
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
    if _orders_only(state):
        return []
    return _premove_options(state, seat)


def _premove_options(state: State, seat: int) -> list[tuple[str, int]]:
    """(target, cost now) of what `seat` may queue as its next placement ('pass' costs 0)."""
    return [(a.arg or "pass", cost) for a, cost in placements_ahead(state, seat)]


def now_key(state: State) -> str | None:
    if _orders_only(state):
        return None
    return _now_key(state)


def _now_key(state: State) -> str | None:
    """The key of the pending decision (what `Question.key` is for the `now` question)."""
    k = decision_key(state)
    return None if k is None else answer_key(k.turn, k.phase, k.kind, k.at)


def stale(plan: Plan, state: State) -> bool:
    """True once the plan can no longer apply: its decision's turn and phase are past."""
    if state.over:
        return True
    if _orders_only(state):
        from bot.games.magna_carta import turn_plans as mc_turn_plans

        return isinstance(plan, TurnPlan) and mc_turn_plans.stale(plan, state)
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


__all__ = [
    "CASTLE_ALL",
    "Answer",
    "BadPlan",
    "CastlePlan",
    "Orders",
    "OwnerChoice",
    "Plan",
    "PlanEntry",
    "PlanOption",
    "Premove",
    "Question",
    "Resolution",
    "TurnPlan",
    "TurnPlanProgress",
    "TurnPlanStep",
    "answer_ahead_options",
    "answer_key",
    "check_plan",
    "default_answer",
    "now_key",
    "orders_with",
    "parse_castle_option",
    "plan_for_answer",
    "plan_from_json",
    "plan_to_json",
    "plan_turn",
    "premove",
    "premove_options",
    "questions",
    "resolve",
    "stale",
    "suggest_turn_plan",
    "turn_plan_key",
    "turn_plan_now",
    "turn_plan_options",
    "turn_plan_progress",
    "turn_plan_step",
]
