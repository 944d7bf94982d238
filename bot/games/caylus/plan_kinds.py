"""Caylus's kinds of plan (docs/pace.md) and what a question's answer makes of them.

- `Answer`: an answer given ahead, bound to one future decision (turn, decision kind, road
  position; a bribe also to where the provost stands), e.g. "Farm (11) -> take FF".
- `CastlePlan`: the castle in one decision: deliver all the batches I can, or N, or these.
- `Premove`: a queued placement: "then place on X if it is still free and costs no more than
  now, else ask me" (or "then pass").
- `OwnerChoice`: the cube an owner takes whenever another player uses their stone production
  building (a standing answer for that building).

Also the decisions an answer may be given ahead for (`ANSWER_PHASE`) and the verbs that answer
them, the castle's options and the answer an interface suggests first (`default_answer`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import Field

from bot.games.caylus.lang import ct
from bot.games.plans import (
    BadPlan,
    PlanBase,
    PlanEntry,
    TurnPlan,
    answer_key,
    parse_key,
)
from bot.words.lang import m
from engine.caylus.actions import Action
from engine.caylus.catalogue import ROAD_LENGTH
from engine.caylus.decision_kinds import KINDS
from engine.caylus.lookahead import (
    castle_plan_batches,
)
from engine.caylus.state import State
from render.names import tile_name

PASS, SKIP = Action.of("pass"), Action.of("skip")


INN_STAY = Action.of("inn", "stay")


def _place(entry: PlanEntry) -> Action:
    """The placement a turn plan's entry wishes for."""
    return Action.of("place", entry.target)


# The decision kinds' facts are the engine's table (engine/caylus/decision_kinds.py).
_AHEAD = [kind for kind in KINDS if kind.answered_ahead]  # the kinds a plan may answer
# The phase of each decision an answer may be given ahead for, and the verbs that answer it.
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
