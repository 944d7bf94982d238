"""A player's plans in words, as `/caylus me` and "My choices" say them (docs/pace.md): their
standing orders and their turn plan with where it stands. Shared by the Discord layer and the
player's web page, so both say the same."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games import plans as pl
from bot.games import ui_for
from bot.words.lang import t
from engine.protocol import GameState


def orders_text(orders: Any, names: tuple[str, ...] | None = None) -> str:
    """Standing orders in words: 'inn: always stay · bribes: ask me · castle: ask me' (only
    `names`, the orders a game has, when given)."""
    return " · ".join(
        t.ORDER_LINE.format(what=t.ORDER_WHAT[name], how=t.ORDER_NAMES[name][value])
        for name, value in orders.model_dump().items()
        if names is None or name in names
    )


def worth_a_line(kind: str, progress: pl.TurnPlanProgress) -> bool:
    """A turn plan worth a line: the game has them, and the plan says something (an empty one
    is as if there were none)."""
    empty = pl.TurnPlan(turn=progress.plan.turn, standing=progress.plan.standing)
    return ui_for(kind).has_turn_plans and progress.plan != empty


def turn_plan_line(
    kind: str,
    seat: int,
    progress: pl.TurnPlanProgress,
    state: GameState,
    options: tuple[pl.PlanOption, ...],
    names: list[str],
) -> str | None:
    """ "Turn plan: Castle → deliver all I can; Sawmill (8) — Next: Sawmill (8)." from what the
    service read (None: no plan worth a line)."""
    if not worth_a_line(kind, progress):
        return None
    ui = ui_for(kind)
    words = [ui.turn_plan_entry(state, seat, e, options, names) for e in progress.plan.entries]
    plan = "; ".join(words) or ui.turn_plan_empty()
    if progress.plan.standing:
        plan += f" ({t.BUTTON_PLAN_STANDING.lower()})"
    if progress.step is None:
        return t.ME_TURN_PLAN_LATER.format(plan=plan)
    return t.ME_TURN_PLAN.format(
        plan=plan, then=ui.turn_plan_next(state, seat, progress, options, names)
    )


def me_plan_lines(
    kind: str, orders: Any, plans: Sequence[Any], turn_plan: str | None
) -> tuple[list[str], bool]:
    """/caylus me's lines of the player's standing orders and plans in a game ("Standing orders
    in this game: …", the turn plan's line `turn_plan` if any, "Your plans (only you see them):
    …" or that they have none), and whether they have plans to cancel."""
    lines = [t.ME_ORDERS.format(orders=orders_text(orders, ui_for(kind).order_names))]
    texts = [plan.text for plan in plans if not isinstance(plan, pl.TurnPlan)]
    if turn_plan is not None:
        lines.append(turn_plan)
    has_plans = bool(texts) or turn_plan is not None
    if texts or not has_plans:
        lines.append(t.ME_PLANS.format(plans="; ".join(texts)) if texts else t.ME_NO_PLANS)
    return lines, has_plans
