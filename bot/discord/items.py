"""The buttons and select menus that survive restarts (discord.py DynamicItem): what each
custom id means and which call of the cog a press makes. How they are arranged on a message is
bot/discord/views.py.

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
- `cay:u:{game}:{seq}`: "Undo" on a move's confirmation,
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
(it could not name a game anyway, and would overflow the database's integers). A kind is never
reused: posted messages keep their ids.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Protocol, Self, runtime_checkable

import discord

from bot.words.lang import t

CUSTOM_ID_LIMIT = 100
_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
_GAME = r"(?P<game>\d{1,18})"


@runtime_checkable
class Presses(Protocol):
    """What the items hand their presses to: the table's cog (`bot/discord/cogs/`), which acts
    and answers. The items know only these calls, not the cog."""

    async def press(
        self, interaction: discord.Interaction, game_id: int, version: int, action: str
    ) -> None: ...

    async def lobby_press(
        self, interaction: discord.Interaction, game_id: int, op: str
    ) -> None: ...

    async def hand_press(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def choices_press(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def catch_up_press(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def activity_press(self, interaction: discord.Interaction, game_id: int) -> None: ...

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
    # the client is the bot (commands.Bot has get_cog; discord.Client, its declared type, not)
    cog = getattr(interaction.client, "get_cog")("Caylus")  # noqa: B009
    if not isinstance(cog, Presses):  # a programmer's error: the cog is loaded before any item
        raise RuntimeError("the Caylus cog is not loaded")
    return cog


def _only_value(interaction: discord.Interaction) -> str:
    """The chosen value of a one-value select menu ("" when none came)."""
    data: dict[str, Any] = dict(interaction.data or {})
    values = data.get("values") or []
    return str(values[0]) if values else ""


def _select(
    custom_id: str,
    options: list[discord.SelectOption] | None,
    placeholder: str | None,
    row: int | None = None,
) -> discord.ui.Select[Any]:
    """A one-value menu; rebuilt from its id alone it has a stand-in option (Discord needs
    one; a press reads only the chosen value)."""
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=placeholder or None,
        options=options or [discord.SelectOption(label="-", value="-")],
        row=row,
    )


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"cay:b:{_GAME}:(?P<version>\d{{1,18}}):(?P<action>[^:]{{1,60}})",
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
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> Self:
        label = getattr(item, "label", "") or ""
        return cls(int(match["game"]), int(match["version"]), match["action"], label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).press(interaction, self.game_id, self.version, self.action)


class _VersionedSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"cay:(?P<kind>[sa]):{_GAME}:(?P<version>\d{{1,18}}):(?P<k>\d{{1,2}})",
):
    """The `k`-th menu of a message asked at one version of a game:
    `cay:{kind}:{game}:{version}:{k}`. A subclass gives its `kind` and what a choice asks of the
    cog."""

    kind: ClassVar[str]

    def __init_subclass__(cls, *, kind: str, **kwargs: Any) -> None:
        template = rf"cay:{kind}:{_GAME}:(?P<version>\d{{1,18}}):(?P<k>\d{{1,2}})"
        super().__init_subclass__(template=template, **kwargs)
        cls.kind = kind

    def __init__(
        self,
        game_id: int,
        version: int,
        k: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        custom_id = f"cay:{self.kind}:{game_id}:{version}:{k}"
        super().__init__(_select(custom_id, options, placeholder))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> Self:
        return cls(int(match["game"]), int(match["version"]), int(match["k"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.choose(_cog(interaction), interaction, _only_value(interaction))

    async def choose(self, cog: Presses, interaction: discord.Interaction, value: str) -> None:
        raise NotImplementedError


class ChoiceSelect(_VersionedSelect, kind="s"):
    """A menu of a prompt: its option values are actions."""

    async def choose(self, cog: Presses, interaction: discord.Interaction, value: str) -> None:
        await cog.press(interaction, self.game_id, self.version, value)


class AnswerSelect(_VersionedSelect, kind="a"):
    """One question of the private "My choices" reply: its options are 'key=option'."""

    async def choose(self, cog: Presses, interaction: discord.Interaction, value: str) -> None:
        await cog.answer_press(interaction, self.game_id, self.version, value)


class _OpButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"cay:(?P<kind>[lt]):{_GAME}:(?P<op>[a-z]{{1,5}})",
):
    """A button of a game doing one of a few things: `cay:{kind}:{game}:{op}`. A subclass gives
    its `kind`, its ops (a pattern), its `LOOKS` (op: the label's name in bot/words/text.py and
    the style) and what a press asks of the cog."""

    LOOKS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]]
    kind: ClassVar[str]

    def __init_subclass__(cls, *, kind: str, ops: str, **kwargs: Any) -> None:
        super().__init_subclass__(template=rf"cay:{kind}:{_GAME}:(?P<op>{ops})", **kwargs)
        cls.kind = kind

    def __init__(self, game_id: int, op: str, label: str | None = None) -> None:
        name, style = self.LOOKS[op]
        custom_id = f"cay:{self.kind}:{game_id}:{op}"
        super().__init__(
            discord.ui.Button(label=label or getattr(t, name), style=style, custom_id=custom_id)
        )
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> Self:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.press(_cog(interaction), interaction)

    async def press(self, cog: Presses, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class LobbyButton(_OpButton, kind="l", ops="join|leave|bot|start"):
    LOOKS = {
        "join": ("BUTTON_JOIN", discord.ButtonStyle.success),
        "leave": ("BUTTON_LEAVE", discord.ButtonStyle.secondary),
        "bot": ("BUTTON_ADD_BOT", discord.ButtonStyle.secondary),
        "start": ("BUTTON_START", discord.ButtonStyle.primary),
    }

    async def press(self, cog: Presses, interaction: discord.Interaction) -> None:
        await cog.lobby_press(interaction, self.game_id, self.op)


class TurnPlanButton(_OpButton, kind="t", ops="[obxsg]"):
    """ "Plan my turn" (opens the private editor) and the editor's buttons."""

    LOOKS = {
        "o": ("BUTTON_PLAN_TURN", discord.ButtonStyle.success),
        "b": ("BUTTON_PLAN_BACK", discord.ButtonStyle.secondary),
        "x": ("BUTTON_PLAN_CLEAR", discord.ButtonStyle.secondary),
        "s": ("BUTTON_PLAN_STANDING", discord.ButtonStyle.secondary),
        "g": ("BUTTON_PLAN_SUGGEST", discord.ButtonStyle.primary),
    }

    async def press(self, cog: Presses, interaction: discord.Interaction) -> None:
        await cog.turn_plan_press(interaction, self.game_id, self.op, None)


class TurnPlanSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"cay:t:{_GAME}:(?P<op>[acd])",
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
        super().__init__(_select(f"cay:t:{game_id}:{op}", options, placeholder))
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> Self:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        op = "a" if self.op == "d" else self.op
        value = _only_value(interaction)
        await _cog(interaction).turn_plan_press(interaction, self.game_id, op, value)


class _GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"cay:(?P<kind>[a-z]):{_GAME}"
):
    """A button whose custom id is `cay:{kind}:{game}`, rebuilt from the game id alone. A
    subclass gives its `kind` (`class HandButton(_GameButton, kind="h")`), its `LOOK` (the
    label's name in bot/words/text.py, the style, the emoji) and what a press asks of the cog."""

    LOOK: ClassVar[tuple[str, discord.ButtonStyle, str | None]]
    kind: ClassVar[str]

    def __init_subclass__(cls, *, kind: str, **kwargs: Any) -> None:
        super().__init_subclass__(template=rf"cay:{kind}:{_GAME}", **kwargs)
        cls.kind = kind

    def __init__(self, game_id: int) -> None:
        label, style, emoji = self.LOOK
        custom_id = f"cay:{self.kind}:{game_id}"
        super().__init__(
            discord.ui.Button(
                label=getattr(t, label), style=style, custom_id=custom_id, emoji=emoji
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> Self:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.press(_cog(interaction), interaction)

    async def press(self, cog: Presses, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class _GameSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"cay:(?P<kind>[a-z]{{1,2}}):{_GAME}",
):
    """A one-value menu whose custom id is `cay:{kind}:{game}` (its options are given when it
    is offered; a press needs only the chosen value). A subclass gives its `kind`, its
    `PLACEHOLDER` (the name in bot/words/text.py), its `ROW` if it has one, and what a choice asks
    of the cog."""

    PLACEHOLDER: ClassVar[str]
    ROW: ClassVar[int | None] = None
    kind: ClassVar[str]

    def __init_subclass__(cls, *, kind: str, **kwargs: Any) -> None:
        super().__init_subclass__(template=rf"cay:{kind}:{_GAME}", **kwargs)
        cls.kind = kind

    def __init__(self, game_id: int, options: list[discord.SelectOption] | None = None) -> None:
        custom_id = f"cay:{self.kind}:{game_id}"
        super().__init__(_select(custom_id, options, getattr(t, self.PLACEHOLDER), self.ROW))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> Self:
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


class ActivityButton(_GameButton, kind="w"):
    """ "Open the board": launches the bot's Discord Activity (the game's web page inside
    Discord, docs/web.md); offered when the Activity is set up."""

    LOOK = "BUTTON_OPEN_BOARD", discord.ButtonStyle.primary, "🎲"

    async def press(self, cog: Presses, interaction: discord.Interaction) -> None:
        await cog.activity_press(interaction, self.game_id)


class ChoicesButton(_GameButton, kind="c"):
    """ "My choices": the presser's questions ahead and their answers, privately."""

    LOOK = "BUTTON_MY_CHOICES", discord.ButtonStyle.success, None

    async def press(self, cog: Presses, interaction: discord.Interaction) -> None:
        await cog.choices_press(interaction, self.game_id)


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
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"cay:y:(?P<user>\d{1,20}):(?P<page>\d{1,6}):(?P<way>[no])",
):
    """A page of /caylus history: the newer or older games (of one player, or everyone's)."""

    def __init__(self, user_id: int, page: int, way: str, disabled: bool = False) -> None:
        newer = way == "n"
        super().__init__(
            discord.ui.Button(
                label=t.BUTTON_NEWER if newer else t.BUTTON_OLDER,
                emoji="◀" if newer else "▶",
                style=discord.ButtonStyle.secondary,
                custom_id=f"cay:y:{user_id}:{page}:{way}",
                disabled=disabled,
            )
        )
        self.user_id, self.page, self.way = user_id, page, way

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> Self:
        return cls(int(match["user"]), int(match["page"]), match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).history_press(interaction, self.user_id or None, self.page)


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"cay:u:{_GAME}:(?P<seq>\d{{1,18}})"
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
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> Self:
        return cls(int(match["game"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).undo_press(interaction, self.game_id, self.seq)


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"cay:r:{_GAME}:(?P<step>\d{{1,6}}):(?P<op>[fpnlbah])",
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
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> Self:
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


DYNAMIC_ITEMS = (
    ChoiceButton,
    ChoiceSelect,
    LobbyButton,
    HandButton,
    ChoicesButton,
    CatchUpButton,
    ActivityButton,
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
