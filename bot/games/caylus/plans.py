"""Caylus's plans (docs/pace.md): answers given ahead, castle plans, premoves, owners' choices
and turn plans, and the functions the game service plays them with (`PLANNER`, this game's
`bot.games.plans.Planner`). This module gathers them; they live in `plan_kinds.py` (the kinds
of plan), `playing.py` (checking and playing them), `questions.py` (what a player can be asked
now), `ahead.py` (what a placement can carry) and `turn_plans.py`.

The kinds (`Answer`, `CastlePlan`, `Premove`, `OwnerChoice`) are described in
`plan_kinds.py`; Caylus's standing orders (`Orders`) are the inn (stay / ask), provost bribes
(ask / never) and the castle (ask / all I can).

`resolve(state, seat, plans, orders)` says whether a seat's plans answer its pending decision;
the answer is always one of the engine's legal actions at that moment, otherwise the plan is
dropped (with the reason, for the player) and the player is asked as without plans.
`questions(...)` lists what a player can be asked now: the pending decision if it is theirs,
and the decisions ahead that the engine's lookahead already sees, from the state and that
player's own plans only (never another player's). No storage and no Discord here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.games.caylus.ahead import (
    answer_ahead_options,
    now_key,
    premove_options,
)
from bot.games.caylus.plan_kinds import (
    ANSWER_PHASE,
    ANSWER_VERBS,
    CASTLE_ALL,
    Answer,
    CastlePlan,
    OwnerChoice,
    Plan,
    Premove,
    castle_options,
    default_answer,
    parse_castle_option,
    plan_for_answer,
    stale,
)
from bot.games.caylus.playing import check_plan, premove, resolve
from bot.games.caylus.questions import questions
from bot.games.caylus.turn_plans import (
    plan_turn,
    suggest_turn_plan,
    turn_plan_options,
    turn_plan_progress,
    turn_plan_step,
)
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
)
from engine.caylus.state import State


def plan_from_json(text: str) -> PlanBase:
    return PLANNER.plan_from_json(text)


class CaylusPlanner(Planner[State]):
    """Caylus's plans for the game service (`bot.games.plans.Planner`)."""

    plan_types = (Answer, CastlePlan, Premove, OwnerChoice)
    answers_ahead = True

    def check_plan(self, state: State, seat: int, plan: PlanBase) -> PlanBase:
        return check_plan(state, seat, plan)

    def resolve(
        self, state: State, seat: int, plans: Mapping[str, PlanBase], orders: Orders
    ) -> Resolution:
        return resolve(state, seat, plans, orders)

    def plan_turn(self, state: State) -> int:
        return plan_turn(state)

    def turn_plan_progress(self, state: State, seat: int, plan: TurnPlan) -> TurnPlanProgress:
        return turn_plan_progress(state, seat, plan)

    def turn_plan_options(self, state: State, seat: int) -> tuple[PlanOption, ...]:
        return turn_plan_options(state, seat)

    def suggest_turn_plan(
        self, state: State, seat: int, choose: Callable[[Any, int], Any], limit: int = 6
    ) -> TurnPlan:
        return suggest_turn_plan(state, seat, choose, limit)

    def stale(self, plan: PlanBase, state: State) -> bool:
        return stale(plan, state)

    def premove(
        self, state: State, seat: int, target: str, max_cost: int | None = None
    ) -> PlanBase:
        return premove(state, seat, target, max_cost)

    def questions(
        self, state: State, seat: int, plans: Mapping[str, PlanBase], orders: Orders
    ) -> list[Question]:
        return questions(state, seat, plans, orders)

    def answer_ahead_options(self, state: State, seat: int, action: Any) -> list[Question]:
        return answer_ahead_options(state, seat, action)

    def premove_options(self, state: State, seat: int) -> list[tuple[str, int]]:
        return premove_options(state, seat)

    def now_key(self, state: State) -> str | None:
        return now_key(state)

    def plan_for_answer(
        self, question_key: str, option: str, *, provost: int | None, always: bool, state: State
    ) -> PlanBase:
        # a bribe asked ahead without where the provost stood: where he stands now
        if provost is None and state is not None:
            provost = state.provost
        return plan_for_answer(question_key, option, provost=provost, always=always, state=state)


PLANNER = CaylusPlanner()


__all__ = [
    "ANSWER_PHASE",
    "ANSWER_VERBS",
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
