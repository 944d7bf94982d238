"""The components of a message, built from the items of bot/discord/items.py: a prompt's menus
and buttons, the lobby's, the private replies' (premoves, the turn plan editor, "My choices",
/caylus me's standing orders), /caylus history's pages, Undo, /caylus replay's steps."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import discord

from bot.discord.items import (
    ActivityButton,
    AnswerSelect,
    CatchUpButton,
    ChoiceButton,
    ChoicesButton,
    ChoiceSelect,
    HandButton,
    HistoryButton,
    LobbyButton,
    OrdersSelect,
    PlansCancel,
    ReplayButton,
    ReplayJump,
    TurnPlanButton,
    TurnPlanSelect,
    UndoButton,
)
from bot.games.layout import Choice, Layout
from bot.words.lang import t


def lobby_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave", "bot", "start"):
        view.add_item(LobbyButton(game_id, op))
    return view


def choice_view(
    game_id: int,
    version: int,
    layout: Layout,
    *,
    hand: bool = False,
    choices: bool = False,
    plan: bool = False,
    catch_up: bool = False,
) -> discord.ui.View:
    """The components of a prompt: menus first (one row each), then the buttons, then (a game
    with hands) "My hand", then (players with questions ahead) "My choices", then (a turn's
    placements) "Plan my turn", then (the channel's prompt) "Catch me up"."""
    view = discord.ui.View(timeout=None)
    for k, menu in enumerate(layout.menus):
        options = [
            discord.SelectOption(label=c.label, value=c.action, description=c.description or None)
            for c in menu.choices
        ]
        view.add_item(ChoiceSelect(game_id, version, k, options, menu.placeholder))
    for choice in layout.buttons:
        view.add_item(ChoiceButton(game_id, version, choice.action, choice.label, choice.style))
    if hand:
        view.add_item(HandButton(game_id))
    if choices:
        view.add_item(ChoicesButton(game_id))
    if plan:
        view.add_item(TurnPlanButton(game_id, "o"))
    if catch_up:
        view.add_item(CatchUpButton(game_id))
    return view


def with_catch_up(game_id: int, view: discord.ui.View | None) -> discord.ui.View:
    """`view` (a new one if None) with "Catch me up" added where a row has room (a full view
    stays as it is: /caylus me's own reply is one press away)."""
    view = view if view is not None else discord.ui.View(timeout=None)
    with contextlib.suppress(ValueError):  # five full rows
        view.add_item(CatchUpButton(game_id))
    return view


def _options(
    choices: list[Choice], value: Callable[[Choice], str] | None = None
) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=c.label[:100],
            value=value(c) if value else c.action,
            description=(c.description or None) and c.description[:100],
        )
        for c in choices[:25]
    ]


def turn_plan_view(
    game_id: int,
    spaces: list[Choice],
    conditions: list[Choice],
    *,
    back: bool,
    standing: bool,
) -> discord.ui.View:
    """The private turn plan editor: the spaces to add (in at most two menus), the conditions,
    and "suggest a plan", "remove the last space", "clear", "use every turn" (or "stop using
    every turn")."""
    view = discord.ui.View(timeout=None)
    for op, chunk in zip("ad", (spaces[:25], spaces[25:50]), strict=True):
        if chunk:
            view.add_item(TurnPlanSelect(game_id, op, _options(chunk), t.TURN_PLAN_ADD))
    if conditions:
        view.add_item(TurnPlanSelect(game_id, "c", _options(conditions), t.TURN_PLAN_CONDITIONS))
    view.add_item(TurnPlanButton(game_id, "g"))
    if back:
        view.add_item(TurnPlanButton(game_id, "b"))
    view.add_item(TurnPlanButton(game_id, "x"))
    label = t.BUTTON_PLAN_NOT_STANDING if standing else None
    view.add_item(TurnPlanButton(game_id, "s", label))
    return view


def questions_view(
    game_id: int, version: int, menus: list[tuple[str, str, list[Choice]]]
) -> discord.ui.View:
    """The private "My choices" reply: one menu per question (at most four), whose values are
    'key=option'."""
    view = discord.ui.View(timeout=None)
    for k, (key, title, choices) in enumerate(menus[:4]):
        options = _options(choices, value=_answer_of(key))
        view.add_item(AnswerSelect(game_id, version, k, options, title[:150]))
    return view


def _answer_of(key: str) -> Callable[[Choice], str]:
    """A question's option value: 'key=option'."""
    return lambda choice: f"{key}={choice.action}"


def orders_view(
    game_id: int,
    current: dict[str, str],
    *,
    cancel: bool,
    names: tuple[str, ...] | None = None,
    plan: bool = False,
) -> discord.ui.View:
    """/caylus me: a menu to change this game's standing orders (the current ones marked),
    "cancel all my plans", and (during a turn's placements) "Plan my turn"."""
    view = discord.ui.View(timeout=None)
    options = [
        discord.SelectOption(
            label=f"{t.ORDER_WHAT[name]}: {words}"[:100],
            value=f"{name}={value}",
            default=False,
            description=t.ORDER_NOW if current.get(name) == value else None,
        )
        for name, values in t.ORDER_NAMES.items()
        if names is None or name in names
        for value, words in values.items()
    ]
    view.add_item(OrdersSelect(game_id, options))
    if cancel:
        view.add_item(PlansCancel(game_id))
    if plan:
        view.add_item(TurnPlanButton(game_id, "o"))
    return view


def history_view(user_id: int | None, page: int, pages: int) -> discord.ui.View | None:
    """Newer / Older under a page of /caylus history (None when there is one page)."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(HistoryButton(user_id or 0, max(1, page - 1), "n", disabled=page <= 1))
    view.add_item(HistoryButton(user_id or 0, min(pages, page + 1), "o", disabled=page >= pages))
    return view


def undo_view(game_id: int, seq: int | None) -> discord.ui.View | None:
    """The Undo button for the move `seq` (None: the move cannot be taken back)."""
    if seq is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(game_id, seq))
    return view


def replay_view(
    game_id: int, step: int, steps: int, turns: list[tuple[str, int]], *, hand: bool = False
) -> discord.ui.View:
    """Under a step of /caylus replay: first, previous, next, last; the whole board, (`hand`)
    the reader's own hand then, and the animation; a menu of the turns (`turns`: (label, first
    step); at most 25, spread evenly)."""
    view = discord.ui.View(timeout=None)
    last = steps - 1
    view.add_item(ReplayButton(game_id, 0, "f", disabled=step <= 0))
    view.add_item(ReplayButton(game_id, max(0, step - 1), "p", disabled=step <= 0))
    view.add_item(ReplayButton(game_id, min(last, step + 1), "n", disabled=step >= last))
    view.add_item(ReplayButton(game_id, last, "l", disabled=step >= last))
    view.add_item(ReplayButton(game_id, step, "b"))
    if hand:
        view.add_item(ReplayButton(game_id, step, "h"))
    view.add_item(ReplayButton(game_id, 0, "a"))
    if len(turns) > 25:  # Discord's most options: every turn cannot be offered
        turns = [turns[round(k * (len(turns) - 1) / 24)] for k in range(25)]
    options = [
        discord.SelectOption(
            label=label[:100],
            value=str(first),
            description=t.REPLAY_JUMP_STEP.format(step=first + 1)[:100],
            default=False,
        )
        for label, first in turns
    ]
    view.add_item(ReplayJump(game_id, options))
    return view


def open_board_view(game_id: int) -> discord.ui.View:
    """ "Open the board": the game's page inside Discord, as the bot's Activity (docs/web.md)."""
    view = discord.ui.View(timeout=None)
    view.add_item(ActivityButton(game_id))
    return view
