"""Buttons and select menus that survive restarts (discord.py DynamicItem).

The custom id carries everything a press needs, so any running bot instance can answer it:
- `cay:b:{game}:{version}:{action}`: a choice button (the action in notation),
- `cay:s:{game}:{version}:{k}`: a choice menu whose option values are actions,
- `cay:l:{game}:{op}`: a lobby button (join, leave, bot, start),
- `cay:h:{game}`: "My hand" (a game with hidden hands: the presser's hand, privately),
- `cay:c:{game}`: "My choices" (the presser's questions ahead, privately),
- `cay:k:{game}`: "Catch me up" (what happened since the presser's last move, privately), and
  `cay:a:{game}:{version}:{k}`: one question's answers ('key=option'),
- `cay:o:{game}`: /caylus me's menu of standing orders ('name=value'), `cay:p:{game}`:
  "cancel all my plans",
- `cay:y:{user}:{page}:{way}`: /caylus history's page buttons (user 0: every player; way
  `n` newer, `o` older), answered by editing the private reply,
- `cay:r:{game}:{step}:{op}`: /caylus replay's buttons (op `f` first, `p` previous, `n` next,
  `l` last: show that step; `b` the step's whole board, `h` the presser's hand then, `a` the
  animation), and
  `cay:rj:{game}`: its "jump to a turn" menu (values: steps),
- `cay:q:{game}`: the private premove menu (the next placement to queue), `cay:x:{game}`:
  "cancel my queue",
- `cay:t:{game}:{op}`: the turn plan ("Plan my turn": op `o` opens the private editor; in it
  the menus `a`/`d` add a space ('12' or '12|take C') and `c` sets a condition ('else=pass',
  'after=4', 'above=2', 'limit=1'), the buttons `g` suggest a plan, `b` remove the last space,
  `x` clear, `s` use it every turn or stop).
Presses are handed to the cog (`bot.get_cog("Caylus")`), which acts and answers. The numbers in
an id are at most 18 digits and an action at most 60 characters, so a crafted id matches no item
(it could not name a game anyway, and would overflow the database's integers).
"""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar, Protocol, cast

import discord

from bot.games.layout import Choice, Layout
from bot.words.lang import t

CUSTOM_ID_LIMIT = 100
_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class Presses(Protocol):
    """What the views hand their presses to: the table's cog (`bot/discord/cogs/`), which acts and
    answers. The views know only these calls, not the cog."""

    async def press(
        self, interaction: discord.Interaction, game_id: int, version: int, action: str
    ) -> None: ...

    async def lobby_press(
        self, interaction: discord.Interaction, game_id: int, op: str
    ) -> None: ...

    async def hand_press(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def choices_press(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def catch_up_press(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def answer_press(
        self, interaction: discord.Interaction, game_id: int, version: int, value: str
    ) -> None: ...

    async def turn_plan_press(
        self, interaction: discord.Interaction, game_id: int, op: str, value: str | None
    ) -> None: ...

    async def premove_press(
        self, interaction: discord.Interaction, game_id: int, target: str | None
    ) -> None: ...

    async def orders_press(
        self, interaction: discord.Interaction, game_id: int, value: str | None
    ) -> None: ...

    async def history_press(
        self, interaction: discord.Interaction, user_id: int | None, page: int
    ) -> None: ...

    async def undo_press(
        self, interaction: discord.Interaction, game_id: int, seq: int
    ) -> None: ...

    async def replay_press(
        self, interaction: discord.Interaction, game_id: int, step: int, op: str
    ) -> None: ...


def _cog(interaction: discord.Interaction) -> Presses:
    cog = interaction.client.get_cog("Caylus")  # type: ignore[attr-defined]
    if cog is None:  # a programmer's error: the cog is loaded before any view
        raise RuntimeError("the Caylus cog is not loaded")
    return cast(Presses, cog)


def _only_value(interaction: discord.Interaction) -> str:
    """The chosen value of a one-value select menu ("" when none came)."""
    values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
    return str(values[0]) if values else ""


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cay:b:(?P<game>\d{1,18}):(?P<version>\d{1,18}):(?P<action>[^:]{1,60})",
):
    def __init__(
        self, game_id: int, version: int, action: str, label: str = "", style: str = "primary"
    ) -> None:
        custom_id = f"cay:b:{game_id}:{version}:{action}"
        assert len(custom_id) <= CUSTOM_ID_LIMIT, custom_id
        super().__init__(
            discord.ui.Button(label=label or action, style=_STYLES[style], custom_id=custom_id)
        )
        self.game_id, self.version, self.action = game_id, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: Any
    ) -> ChoiceButton:
        return cls(
            int(match["game"]),
            int(match["version"]),
            match["action"],
            getattr(item, "label", "") or "",
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).press(interaction, self.game_id, self.version, self.action)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"cay:s:(?P<game>\d{1,18}):(?P<version>\d{1,18}):(?P<k>\d{1,2})",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        k: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"cay:s:{game_id}:{version}:{k}",
                placeholder=placeholder or None,
                options=options or [discord.SelectOption(label="-", value="-")],
                min_values=1,
                max_values=1,
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: Any
    ) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["k"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        action = _only_value(interaction)
        await _cog(interaction).press(interaction, self.game_id, self.version, action)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cay:l:(?P<game>\d{1,18}):(?P<op>join|leave|bot|start)",
):
    _LOOK = {  # the label's name in bot/words/text.py (read in the language in force), the style
        "join": ("BUTTON_JOIN", discord.ButtonStyle.success),
        "leave": ("BUTTON_LEAVE", discord.ButtonStyle.secondary),
        "bot": ("BUTTON_ADD_BOT", discord.ButtonStyle.secondary),
        "start": ("BUTTON_START", discord.ButtonStyle.primary),
    }

    def __init__(self, game_id: int, op: str) -> None:
        label, style = self._LOOK[op]
        super().__init__(
            discord.ui.Button(
                label=getattr(t, label), style=style, custom_id=f"cay:l:{game_id}:{op}"
            )
        )
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: Any
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).lobby_press(interaction, self.game_id, self.op)


class _GameButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"cay:(?P<kind>[a-z]):(?P<game>\d{1,18})"
):
    """A button whose custom id is `cay:{kind}:{game}`, rebuilt from the game id alone. A
    subclass gives its `kind` (`class HandButton(_GameButton, kind="h")`), its `LOOK` (the
    label's name in bot/words/text.py, the style, the emoji) and what a press asks of the cog."""

    LOOK: ClassVar[tuple[str, discord.ButtonStyle, str | None]]
    kind: ClassVar[str]

    def __init_subclass__(cls, *, kind: str, **kwargs: Any) -> None:
        super().__init_subclass__(template=rf"cay:{kind}:(?P<game>\d{{1,18}})", **kwargs)
        cls.kind = kind

    def __init__(self, game_id: int) -> None:
        label, style, emoji = self.LOOK
        super().__init__(
            discord.ui.Button(
                label=getattr(t, label),
                style=style,
                custom_id=f"cay:{self.kind}:{game_id}",
                emoji=emoji,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> Any:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.press(_cog(interaction), interaction)

    async def press(self, cog: Presses, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class _GameSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"cay:(?P<kind>[a-z]{1,2}):(?P<game>\d{1,18})",
):
    """A one-value menu whose custom id is `cay:{kind}:{game}` (its options are given when it
    is offered; a press needs only the chosen value). A subclass gives its `kind`, its
    `PLACEHOLDER` (the name in bot/words/text.py), its `ROW` if it has one, and what a choice asks
    of the cog."""

    PLACEHOLDER: ClassVar[str]
    ROW: ClassVar[int | None] = None
    kind: ClassVar[str]

    def __init_subclass__(cls, *, kind: str, **kwargs: Any) -> None:
        super().__init_subclass__(template=rf"cay:{kind}:(?P<game>\d{{1,18}})", **kwargs)
        cls.kind = kind

    def __init__(self, game_id: int, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"cay:{self.kind}:{game_id}",
                placeholder=getattr(t, self.PLACEHOLDER),
                options=options or [discord.SelectOption(label="-", value="-")],
                row=self.ROW,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> Any:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.choose(_cog(interaction), interaction, _only_value(interaction))

    async def choose(self, cog: Presses, interaction: discord.Interaction, value: str) -> None:
        raise NotImplementedError


class HandButton(_GameButton, kind="h"):
    """ "My hand": the presser's own hand and its choices, privately (games with hands)."""

    LOOK = "BUTTON_MY_HAND", discord.ButtonStyle.success, "🂠"

    async def press(self, cog: Presses, interaction: discord.Interaction) -> None:
        await cog.hand_press(interaction, self.game_id)


class CatchUpButton(_GameButton, kind="k"):
    """ "Catch me up": what happened since the presser's last move, privately."""

    LOOK = "BUTTON_CATCH_UP", discord.ButtonStyle.secondary, "📜"

    async def press(self, cog: Presses, interaction: discord.Interaction) -> None:
        await cog.catch_up_press(interaction, self.game_id)


def with_catch_up(game_id: int, view: discord.ui.View | None) -> discord.ui.View | None:
    """`view` (a new one if None) with "Catch me up" added where a row has room (a full view
    stays as it is: /caylus me's own reply is one press away)."""
    view = view if view is not None else discord.ui.View(timeout=None)
    with contextlib.suppress(ValueError):  # five full rows
        view.add_item(CatchUpButton(game_id))
    return view


class ChoicesButton(_GameButton, kind="c"):
    """ "My choices": the presser's questions ahead and their answers, privately."""

    LOOK = "BUTTON_MY_CHOICES", discord.ButtonStyle.success, None

    async def press(self, cog: Presses, interaction: discord.Interaction) -> None:
        await cog.choices_press(interaction, self.game_id)


class AnswerSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"cay:a:(?P<game>\d{1,18}):(?P<version>\d{1,18}):(?P<k>\d{1,2})",
):
    """One question of the private "My choices" reply: its options are 'key=option'."""

    def __init__(
        self,
        game_id: int,
        version: int,
        k: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"cay:a:{game_id}:{version}:{k}",
                placeholder=placeholder or None,
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: Any
    ) -> AnswerSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["k"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = _only_value(interaction)
        await _cog(interaction).answer_press(interaction, self.game_id, self.version, value)


class PremoveSelect(_GameSelect, kind="q"):
    """The private premove menu: its options are the next placement to queue."""

    PLACEHOLDER = "PREMOVE_PLACEHOLDER"

    async def choose(self, cog: Presses, interaction: discord.Interaction, value: str) -> None:
        await cog.premove_press(interaction, self.game_id, value)


class PremoveCancel(_GameButton, kind="x"):
    """ "Cancel my queue": the presser's queued placements are forgotten."""

    LOOK = "BUTTON_CANCEL_PREMOVES", discord.ButtonStyle.secondary, None

    async def press(self, cog: Presses, interaction: discord.Interaction) -> None:
        await cog.premove_press(interaction, self.game_id, None)


_TURN_PLAN_BUTTONS = {
    "o": ("BUTTON_PLAN_TURN", discord.ButtonStyle.success),
    "b": ("BUTTON_PLAN_BACK", discord.ButtonStyle.secondary),
    "x": ("BUTTON_PLAN_CLEAR", discord.ButtonStyle.secondary),
    "s": ("BUTTON_PLAN_STANDING", discord.ButtonStyle.secondary),
    "g": ("BUTTON_PLAN_SUGGEST", discord.ButtonStyle.primary),
}


class TurnPlanButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cay:t:(?P<game>\d{1,18}):(?P<op>[obxsg])",
):
    """ "Plan my turn" (opens the private editor) and the editor's buttons."""

    def __init__(self, game_id: int, op: str, label: str | None = None) -> None:
        name, style = _TURN_PLAN_BUTTONS[op]
        super().__init__(
            discord.ui.Button(
                label=label or getattr(t, name), style=style, custom_id=f"cay:t:{game_id}:{op}"
            )
        )
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: Any
    ) -> TurnPlanButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).turn_plan_press(interaction, self.game_id, self.op, None)


class TurnPlanSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"cay:t:(?P<game>\d{1,18}):(?P<op>[acd])",
):
    """The turn plan editor's menus: a space to add (`a`, `d`: two menus when there are more
    than 25), a condition (`c`)."""

    def __init__(
        self,
        game_id: int,
        op: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"cay:t:{game_id}:{op}",
                placeholder=placeholder or None,
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: Any
    ) -> TurnPlanSelect:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        op = "a" if self.op == "d" else self.op
        value = _only_value(interaction)
        await _cog(interaction).turn_plan_press(interaction, self.game_id, op, value)


class OrdersSelect(_GameSelect, kind="o"):
    """The /caylus me menu of this game's standing orders: its values are 'name=value'."""

    PLACEHOLDER = "ORDERS_PLACEHOLDER"

    async def choose(self, cog: Presses, interaction: discord.Interaction, value: str) -> None:
        await cog.orders_press(interaction, self.game_id, value)


class PlansCancel(_GameButton, kind="p"):
    """ "Cancel all my plans" (/caylus me)."""

    LOOK = "BUTTON_CANCEL_PLANS", discord.ButtonStyle.secondary, None

    async def press(self, cog: Presses, interaction: discord.Interaction) -> None:
        await cog.orders_press(interaction, self.game_id, None)


class HistoryButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cay:y:(?P<user>\d{1,20}):(?P<page>\d{1,6}):(?P<way>[no])",
):
    """A page of /caylus history: the newer or older games (of one player, or everyone's)."""

    def __init__(self, user_id: int, page: int, way: str, disabled: bool = False) -> None:
        label = t.BUTTON_NEWER if way == "n" else t.BUTTON_OLDER
        emoji = "◀" if way == "n" else "▶"
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=discord.ButtonStyle.secondary,
                custom_id=f"cay:y:{user_id}:{page}:{way}",
                disabled=disabled,
            )
        )
        self.user_id, self.page, self.way = user_id, page, way

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: Any
    ) -> HistoryButton:
        return cls(int(match["user"]), int(match["page"]), match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).history_press(interaction, self.user_id or None, self.page)


def history_view(user_id: int | None, page: int, pages: int) -> discord.ui.View | None:
    """Newer / Older under a page of /caylus history (None when there is one page)."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(HistoryButton(user_id or 0, max(1, page - 1), "n", disabled=page <= 1))
    view.add_item(HistoryButton(user_id or 0, min(pages, page + 1), "o", disabled=page >= pages))
    return view


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cay:u:(?P<game>\d{1,18}):(?P<seq>\d{1,18})",
):
    """ "Undo" on the confirmation of a move: takes back that move (the log's `seq`) if it is
    still the game's last one; only its player may (the service checks)."""

    def __init__(self, game_id: int, seq: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=t.BUTTON_UNDO,
                emoji="↩️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"cay:u:{game_id}:{seq}",
            )
        )
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: Any
    ) -> UndoButton:
        return cls(int(match["game"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).undo_press(interaction, self.game_id, self.seq)


def undo_view(game_id: int, seq: int | None) -> discord.ui.View | None:
    """The Undo button for the move `seq` (None: the move cannot be taken back)."""
    if seq is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(game_id, seq))
    return view


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cay:r:(?P<game>\d{1,18}):(?P<step>\d{1,6}):(?P<op>[fpnlbah])",
):
    """A button of /caylus replay: show a step (first, previous, next, last), or send the
    step's whole board, the presser's own hand at that step (a game with hands) or the game's
    animation privately."""

    _LOOK = {  # the label's name in bot/words/text.py, the emoji
        "f": ("BUTTON_REPLAY_FIRST", "⏮"),
        "p": ("BUTTON_REPLAY_PREVIOUS", "◀"),
        "n": ("BUTTON_REPLAY_NEXT", "▶"),
        "l": ("BUTTON_REPLAY_LAST", "⏭"),
        "b": ("BUTTON_REPLAY_BOARD", "🗺"),
        "a": ("BUTTON_REPLAY_ANIMATION", "🎞"),
        "h": ("BUTTON_REPLAY_HAND", "🂠"),
    }

    def __init__(self, game_id: int, step: int, op: str, disabled: bool = False) -> None:
        label, emoji = self._LOOK[op]
        super().__init__(
            discord.ui.Button(
                label=getattr(t, label),
                emoji=emoji,
                style=discord.ButtonStyle.primary if op == "n" else discord.ButtonStyle.secondary,
                custom_id=f"cay:r:{game_id}:{step}:{op}",
                disabled=disabled,
                row=0 if op in "fpnl" else 1,
            )
        )
        self.game_id, self.step, self.op = game_id, step, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: Any
    ) -> ReplayButton:
        return cls(int(match["game"]), int(match["step"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).replay_press(interaction, self.game_id, self.step, self.op)


class ReplayJump(_GameSelect, kind="rj"):
    """/caylus replay's "jump to a turn" menu: its values are steps."""

    PLACEHOLDER = "REPLAY_JUMP"
    ROW = 2

    async def choose(self, cog: Presses, interaction: discord.Interaction, value: str) -> None:
        step = int(value) if value.isdigit() and len(value) <= 6 else -1
        await cog.replay_press(interaction, self.game_id, step, "j")


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


DYNAMIC_ITEMS = (
    ChoiceButton,
    ChoiceSelect,
    LobbyButton,
    HandButton,
    ChoicesButton,
    CatchUpButton,
    AnswerSelect,
    PremoveSelect,
    PremoveCancel,
    TurnPlanButton,
    TurnPlanSelect,
    OrdersSelect,
    PlansCancel,
    HistoryButton,
    UndoButton,
    ReplayButton,
    ReplayJump,
)


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


def _options(choices: list[Choice], value: Any = None) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=c.label[:100],
            value=value(c) if value else c.action,
            description=(c.description or None) and c.description[:100],
        )
        for c in choices[:25]
    ]


def premove_view(game_id: int, choices: list[Choice], *, cancel: bool) -> discord.ui.View:
    """The private premove offer: a menu of next placements, and "cancel my queue"."""
    view = discord.ui.View(timeout=None)
    view.add_item(PremoveSelect(game_id, _options(choices)))
    if cancel:
        view.add_item(PremoveCancel(game_id))
    return view


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
        options = _options(choices, value=lambda c, key=key: f"{key}={c.action}")
        view.add_item(AnswerSelect(game_id, version, k, options, title[:150]))
    return view


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
