"""The plan book shared by the games (docs/pace.md): what a player decides before the game
asks, as small typed values with their text forms, and `Planner`, what a game's plans do.

- `TurnPlan` (with its `PlanEntry` wishes): the placements of a whole turn in one answer.
- `Orders`: standing orders per player and game (the inn, provost bribes, the castle, owner
  effects; each game uses some, `GameUI.order_names`).
- `PlanBase`: every stored plan; a game adds its own kinds (Caylus: answers given ahead,
  castle plans, premoves, owners' choices, in bot/games/caylus/plans.py).
- `Resolution`, `TurnPlanStep`, `TurnPlanProgress`, `PlanOption`, `Question`: what the game's
  `Planner` answers the game service with.

The service (bot/service/planning.py, bot/service/pace.py) stores plans and plays them through
the game's `Planner` (`GameUI.plans`); the answer is always one of the engine's legal actions at
that moment. No storage, no Discord and no game's rules here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import reduce
from operator import or_
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

import engine.errors as engine_errors
from bot.words.errors import ServiceError
from bot.words.lang import m
from engine.protocol import GameState
from i18n import Later
from render.sentences import error_text

MAX_PLANS = 100  # active plans per player and game: plenty for a turn, and a bound on storage


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
        # phrased as the engine's error it stands for
        return error_text(engine_errors.EngineError(key=self.key, values=self.values))


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
    if not error.key:
        return str(error)
    return Later(m, "PLAN_RULES_REFUSE", reason=EngineSaid(error.key, error.values))


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


def answer_key(turn: int, phase: int, kind: str, at: int = 0) -> str:
    """The identity of a decision a plan or a question is bound to, e.g. '3/5/produce/11'."""
    return f"{turn}/{phase}/{kind}/{at}"


def parse_key(key: str) -> tuple[int, int, str, int]:
    """(turn, phase, kind, at) of a key made by `answer_key`; BadPlan if it is not one."""
    parts = key.split("/")
    if len(parts) != 4 or not (parts[0].isdigit() and parts[1].isdigit() and parts[3].isdigit()):
        raise BadPlan(reason=m.PLAN_NO_DECISION.format(key=key))
    return int(parts[0]), int(parts[1]), parts[2], int(parts[3])


class PlanBase(BaseModel):
    """A stored plan of one seat: its `key` (the decision it is bound to, one plan a key), how it
    reads (`text`), where it sorts among the player's plans (`sort_key`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: str

    @property
    def key(self) -> str:
        raise NotImplementedError

    @property
    def text(self) -> str:
        raise NotImplementedError

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (2, 0, 0, 0, "")

    @property
    def queue_turn(self) -> int | None:
        """The turn of a queued plan (a Caylus premove), kept in the order it was made; None
        for a plan bound to its own decision."""
        return None

    @property
    def queue_order(self) -> int:
        """The place of a queued plan in its turn's queue (0 for any other plan)."""
        return 0

    def queued(self, order: int) -> PlanBase:
        """This queued plan at place `order` of its turn's queue."""
        return self


# Any stored plan (a game's own kinds subclass PlanBase)
Plan = PlanBase


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


class TurnPlan(PlanBase):
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
    def sort_key(self) -> tuple[Any, ...]:
        return (-1, self.standing, self.turn, 0, "")

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


def validated_turn_plan(plan: TurnPlan) -> TurnPlan:
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


@dataclass(frozen=True, slots=True)
class TurnPlanStep:
    """What a turn plan plays at `seat`'s placement now: `action` (None: ask the player), the
    entry it comes from (`index`, None for a pass), and why it passes (`passing`: 'after',
    'above', 'below', 'else')."""

    action: Any = None  # the game's engine action
    index: int | None = None
    passing: str = ""


@dataclass(frozen=True, slots=True)
class TurnPlanProgress:
    """Where a turn plan stands for its player: per entry 'placed' (my worker is there), 'taken'
    (someone else's), 'dear' (costs more than its limit or than I have), 'next' (played at my
    next placement) or 'later'; and the next step (None once placements are over)."""

    plan: TurnPlan
    entries: tuple[str, ...]
    step: TurnPlanStep | None


def turn_plan_now(plans: Mapping[str, Plan], turn: int) -> TurnPlan | None:
    """The turn plan in force in `turn`: the plan for that turn, else the standing plan."""
    plan = plans.get(turn_plan_key(turn))
    if not isinstance(plan, TurnPlan):
        plan = plans.get(STANDING_KEY)
    return plan if isinstance(plan, TurnPlan) else None


@dataclass(frozen=True, slots=True)
class PlanOption:
    """A space a turn plan may name: `target`, what it costs now, and the answers placing
    there can carry (`question`: the decision it brings, for labels; None: it carries none)."""

    target: str
    cost: int
    answers: tuple[str, ...] = ()
    question: Question | None = None


@dataclass(frozen=True, slots=True)
class Resolution:
    """What the plans of the deciding seat say about its pending decision."""

    action: Any = None  # play this for the seat (a planned move); None: ask
    source: str = ""  # the plan key that gave it, or 'orders.inn' / 'orders.bribe' / ...
    consume: str | None = None  # plan key used up by playing it
    dropped: tuple[tuple[str, Reason], ...] = ()  # (plan key, why): plans not played
    adds: tuple[Plan, ...] = ()  # plans kept by playing it (a turn plan's carried answer)


@dataclass(frozen=True, slots=True)
class Question:
    """One decision a player can answer now: the pending one (`now`), or one ahead.

    Answer with `GameService.answer(game_id, user_id, key, option)`; `options` are notation
    texts (engine actions; for the castle also 'castle all' / 'castle N'). `planned` is the
    answer that will be played (a plan or a standing order; None: the question is open).
    `fixed`: no other player's choice can make the answer unplayable. `due`: worth a ping of
    its own now. `state`: the (looked-ahead) state in which the decision is pending, to label
    the options (the game UI's `layout(question.state, seat, actions, names)`); like the whole
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
    state: GameState | None = field(default=None, compare=False, repr=False)
    # the game's maker of the plan answering this question (`plan`): (key, option, provost=,
    # always=, state=) -> the plan (the game's `plan_for_answer`)
    answered_by: Callable[..., PlanBase] | None = field(default=None, compare=False, repr=False)

    @property
    def open(self) -> bool:
        return self.planned is None

    def plan(self, option: str, *, always: bool = False) -> Plan:
        """The plan that answers this question ahead with `option` (for `act(..., plans=)`);
        a bribe answer holds while the provost stands where it did."""
        if self.answered_by is None:
            raise BadPlan(reason=m.PLAN_NOT_AHEAD.format(kind=self.kind))
        return self.answered_by(
            self.key, option, provost=self.provost, always=always, state=self.state
        )


# A game's state as its UI and plans read it: the engine's state (Caylus), or that or a view made
# from it (Magna Carta); each game's classes say which (`CaylusPlanner(Planner[State])`).
StateT = TypeVar("StateT")


class Planner(Generic[StateT]):
    """What a game's plans do, for the game service (one instance a game, `GameUI.plans`).

    The defaults are a game with standing orders and turn plans only: no answers given ahead,
    no premoves, no questions ahead."""

    # the plan kinds this game stores besides turn plans (for reading them back)
    plan_types: tuple[type[PlanBase], ...] = ()
    # whether decisions can be answered ahead (questions, answers carried by a placement,
    # premoves): the prompts' "answer ahead" menus and /caylus premove
    answers_ahead: bool = False

    def check_plan(self, state: StateT, seat: int, plan: PlanBase) -> PlanBase:
        """The plan in canonical form, if it can ever apply from `state` on; BadPlan otherwise."""
        raise NotImplementedError

    def resolve(
        self, state: StateT, seat: int, plans: Mapping[str, PlanBase], orders: Orders
    ) -> Resolution:
        """Whether `seat`'s plans and orders answer its pending decision now (a legal action)."""
        raise NotImplementedError

    def plan_turn(self, state: StateT) -> int:
        """The turn a turn plan set now is for: this one until its placements are over, else
        the next."""
        raise NotImplementedError

    def turn_plan_progress(self, state: StateT, seat: int, plan: TurnPlan) -> TurnPlanProgress:
        raise NotImplementedError

    def turn_plan_options(self, state: StateT, seat: int) -> tuple[PlanOption, ...]:
        raise NotImplementedError

    def suggest_turn_plan(
        self, state: StateT, seat: int, choose: Callable[[Any, int], Any], limit: int = 6
    ) -> TurnPlan:
        raise NotImplementedError

    def stale(self, plan: PlanBase, state: StateT) -> bool:
        """True once the plan can no longer apply."""
        raise NotImplementedError

    def premove(
        self, state: StateT, seat: int, target: str, max_cost: int | None = None
    ) -> PlanBase:
        raise BadPlan(reason=m.PLAN_ORDERS_ONLY)

    def questions(
        self, state: StateT, seat: int, plans: Mapping[str, PlanBase], orders: Orders
    ) -> list[Question]:
        return []  # decisions are asked when they come

    def answer_ahead_options(self, state: StateT, seat: int, action: Any) -> list[Question]:
        return []

    def premove_options(self, state: StateT, seat: int) -> list[tuple[str, int]]:
        return []

    def now_key(self, state: StateT) -> str | None:
        return None

    def plan_for_answer(
        self, question_key: str, option: str, *, provost: int | None, always: bool, state: StateT
    ) -> PlanBase:
        _, _, kind, _ = parse_key(question_key)
        raise BadPlan(reason=m.PLAN_NOT_AHEAD.format(kind=kind))

    def plan_from_json(self, text: str) -> PlanBase:
        """A stored plan of this game back (ValidationError / ValueError if unreadable)."""
        return self._adapter().validate_json(text)  # type: ignore[no-any-return]

    def _adapter(self) -> TypeAdapter[Any]:
        found = _ADAPTERS.get(self.plan_types)
        if found is None:
            kinds: tuple[type[PlanBase], ...] = (TurnPlan, *self.plan_types)
            union = kinds[0] if len(kinds) == 1 else _discriminated(kinds)
            found = _ADAPTERS[self.plan_types] = TypeAdapter(union)
        return found


_ADAPTERS: dict[tuple[type[PlanBase], ...], TypeAdapter[Any]] = {}


def _discriminated(kinds: tuple[type[PlanBase], ...]) -> Any:
    return Annotated[reduce(or_, kinds), Field(discriminator="kind")]


def plan_to_json(plan: PlanBase) -> str:
    return plan.model_dump_json()


__all__ = [
    "MAX_PLANS",
    "BadPlan",
    "Orders",
    "Plan",
    "PlanBase",
    "PlanEntry",
    "PlanOption",
    "Planner",
    "Question",
    "Reason",
    "Resolution",
    "TurnPlan",
    "TurnPlanProgress",
    "TurnPlanStep",
    "answer_key",
    "orders_with",
    "parse_key",
    "plan_to_json",
    "reason_from_text",
    "reason_to_text",
    "refused",
    "turn_plan_key",
    "turn_plan_now",
    "validated_turn_plan",
]
