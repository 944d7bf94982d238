"""The turn plan editor's words, shared by the games that have turn plans (docs/pace.md, "Plan
my turn"): the plan one line a space with where it stands, its conditions, what comes next, and
the conditions menu. Each game says how an entry reads (`turn_plan_entry`), which conditions its
menu offers (`plan_conditions`) and when placements are on (`placing_now`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import GameUI, StateT
from bot.games.layout import Choice
from bot.games.plans import PlanOption, TurnPlan, TurnPlanProgress
from bot.words.lang import t


class TurnPlanEditor(GameUI[StateT]):
    """The base of a game's UI (`GameUI`) that has turn plans."""

    has_turn_plans = True

    # the menu's conditions: 'else' (pass / ask me), 'after' (pass once N placed), 'above' (pass
    # when a worker costs more than k), 'below' (pass below k deniers), 'limit' (the last space
    # only if it costs at most k)
    plan_conditions: tuple[str, ...] = ("else", "after")

    def turn_plan_title(self, game_id: int, turn: int) -> str:
        return t.TURN_PLAN_TITLE.format(game_id=game_id, turn=turn)

    def turn_plan_how(self) -> str:
        return t.TURN_PLAN_HOW

    def turn_plan_empty(self) -> str:
        return t.TURN_PLAN_EMPTY

    def turn_plan_conditions(self, plan: TurnPlan) -> list[Choice]:
        """The editor's conditions menu (the ones in force marked)."""
        now = t.CHOICE_PLANNED
        wanted = self.plan_conditions
        out = [
            Choice(value, words, now if _condition_holds(plan, value) else "")
            for value, words in t.TURN_PLAN_COND.items()
            if value.split("=")[0] in wanted and (value != "limit=none" or plan.entries)
        ]
        if "after" in wanted:
            for count in range(1, 7):
                label = t.TURN_PLAN_COND_AFTER.format(count=count)
                out.append(Choice(f"after={count}", label, now if plan.pass_after == count else ""))
        if "above" in wanted:
            for cost in range(1, 5):
                label = t.TURN_PLAN_COND_ABOVE.format(cost=cost)
                out.append(Choice(f"above={cost}", label, now if plan.pass_above == cost else ""))
        if "below" in wanted:
            for deniers in range(1, 5):
                label = t.TURN_PLAN_COND_BELOW.format(deniers=deniers)
                marked = now if plan.pass_below == deniers else ""
                out.append(Choice(f"below={deniers}", label, marked))
        if "limit" in wanted and plan.entries:
            limit = plan.entries[-1].max_cost
            for cost in range(1, 5):
                label = t.TURN_PLAN_COND_LIMIT.format(cost=cost)
                out.append(Choice(f"limit={cost}", label, now if limit == cost else ""))
        return out

    def turn_plan_lines(
        self,
        state: StateT,
        seat: int,
        progress: TurnPlanProgress,
        options: Sequence[PlanOption],
        names: list[str],
    ) -> list[str]:
        """The plan and where it stands, one line a space, then its conditions and what comes
        next: "2. Farm (5) → Take 1 cloth — next"."""
        plan = progress.plan
        lines = [
            t.TURN_PLAN_ENTRY.format(
                n=n,
                label=self.turn_plan_entry(state, seat, entry, options, names),
                limit=""
                if entry.max_cost is None
                else t.TURN_PLAN_LIMIT.format(cost=entry.max_cost),
                status=t.TURN_PLAN_STATUS[status],
            )
            for n, (entry, status) in enumerate(zip(plan.entries, progress.entries, strict=True), 1)
        ] or [self.turn_plan_empty()]
        if plan.pass_after is not None:
            lines.append(t.TURN_PLAN_AFTER.format(count=plan.pass_after))
        if plan.pass_above is not None:
            lines.append(t.TURN_PLAN_ABOVE.format(cost=plan.pass_above))
        if plan.pass_below is not None:
            lines.append(t.TURN_PLAN_BELOW.format(deniers=plan.pass_below))
        lines.append(t.TURN_PLAN_ELSE_PASS if plan.otherwise == "pass" else t.TURN_PLAN_ELSE_ASK)
        lines.append(self.turn_plan_next(state, seat, progress, options, names))
        return lines

    def turn_plan_next(
        self,
        state: StateT,
        seat: int,
        progress: TurnPlanProgress,
        options: Sequence[PlanOption],
        names: list[str],
    ) -> str:
        """'Next: Sawmill (8).', 'Next: pass.' or 'Next: you will be asked.'"""
        step = progress.step
        if step is None or step.action is None:
            return t.TURN_PLAN_NEXT_ASK
        if step.index is None:
            return t.TURN_PLAN_NEXT.format(what=t.TURN_PLAN_NEXT_PASS)
        entry = progress.plan.entries[step.index]
        what = self.turn_plan_entry(state, seat, entry, options, names)
        return t.TURN_PLAN_NEXT.format(what=what)


def _condition_holds(plan: TurnPlan, value: str) -> bool:
    """Whether the menu's 'no limit' / 'else' choice `value` is the plan's now."""
    name, _, how = value.partition("=")
    if name == "else":
        return bool(plan.otherwise == how)
    if name == "after":
        return plan.pass_after is None
    if name == "above":
        return plan.pass_above is None
    if name == "below":
        return plan.pass_below is None
    return bool(plan.entries) and plan.entries[-1].max_cost is None


__all__ = ["TurnPlanEditor"]
