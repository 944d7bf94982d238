"""What every part of the `/caylus` cog shares: the service and the per-game state the parts
keep (locks, the prompt shown, the answered prompts, the Undo offers, ...), the channel a game
lives in, the players' names, the mentions a message may make, the lobby as the channel shows
it, and the pictures drawn off the event loop.

The parts build on one another, so each knows what it uses (the type checker too): this base,
then `prompts.py` (the pending decision's prompt), `guard.py` (acknowledging, answering
privately, the one error handler), `delivery.py` with `ahead.py` (posting the outbox and the
questions-ahead DMs), and the command parts over them (composed in bot/discord/cogs/caylus.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import logging
import weakref
from collections import OrderedDict, defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any, overload

import aiohttp
import discord
from discord.ext import commands

import i18n
from bot.clock_service import ClockNotice, ClockService
from bot.clock_service.clock import ClockInputError, format_duration, time_zone
from bot.discord.views import lobby_view
from bot.games import GameUI, Picture, ui_for
from bot.metrics import NO_METRICS, Recorder
from bot.service import GameInfo, GameService
from bot.service.answers import DEFAULT_LEVEL, GameState
from bot.service.pace import AskNow
from bot.settings import Settings
from bot.words import errors as err
from bot.words.lang import colour_name, m, t

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()


def mentioning(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Notify exactly these users, whatever else the text names (docs/discord.md, "Mentions":
    a ping means the game waits for you now)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in dict.fromkeys(user_ids)]
    )


# The user whose interaction is being handled in this task: they are at the table now, so a
# prompt that comes to them as the answer to their own press names them without a ping.
AT_THE_TABLE: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "caylus_at_the_table", default=None
)


def awaited_mentions(info: GameInfo) -> discord.AllowedMentions:
    """Notify the players the game waits for now (`GameInfo.awaiting_user_ids`), nobody else,
    and not the one whose press brought the prompt (`AT_THE_TABLE`): the prompt appears under
    their press, a ping would only repeat it (docs/discord.md, "Mentions")."""
    here = AT_THE_TABLE.get()
    return mentioning(u for u in info.awaiting_user_ids if u != here)


def notice_mentions(notice: ClockNotice) -> str | None:
    """The mentions a clock's notice names (None: nobody)."""
    return " ".join(f"<@{u}>" for u in notice.user_ids) or None


MESSAGE_LIMIT = 2000
# What a failed post can raise: Discord refusing or failing, or the network.
DELIVERY_ERRORS: tuple[type[BaseException], ...] = (
    discord.HTTPException,
    aiohttp.ClientError,
    asyncio.TimeoutError,
    OSError,
)
POST_ATTEMPTS = 2  # a post that fails on Discord's side is tried once more at once ...
POST_RETRY_PAUSE = 0.5  # ... after this many seconds; later the scheduler tries again


def in_language(lang: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` run in `lang` wherever it runs (a worker thread does not see our context)."""

    def run(*args: Any) -> Any:
        with i18n.using(lang):
            return fn(*args)

    return run


def _clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _zone(name: str) -> Any:
    try:
        return time_zone(name)
    except ClockInputError:
        return time_zone("UTC")


@overload
def picture_file(picture: Picture) -> discord.File: ...
@overload
def picture_file(picture: Picture | None) -> discord.File | None: ...
def picture_file(picture: Picture | None) -> discord.File | None:
    """A drawn picture as an attachment (None: nothing drawn)."""
    if picture is None:
        return None
    return discord.File(io.BytesIO(picture.data), filename=picture.filename)


def through_channel(message: Any) -> Any:
    """The bot's own `message` reached through its channel (the bot's token), for a change made
    long after it was posted: a message an interaction edited (`edit_original_response`) would
    otherwise be changed through that interaction's token, which Discord ends after 15 minutes
    (a deletion then fails as "not found", an edit as "unknown webhook")."""
    partial = getattr(message.channel, "get_partial_message", None)
    return partial(message.id) if partial is not None else message


class GameLocks:
    """game -> its lock, made when first asked for; a lock nobody holds or waits for goes
    (weakly kept), so finished games leave none behind. Keep the lock itself while holding
    it (`async with locks[game]:` does)."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __getitem__(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def __len__(self) -> int:
        return len(self._locks)


class Names(OrderedDict[int, str]):
    """user -> display name as last seen, the most recent NAMES_KEPT users (a bounded cache:
    a name not kept is asked of Discord again)."""

    def __setitem__(self, user_id: int, name: str) -> None:
        super().__setitem__(user_id, name)
        self.move_to_end(user_id)
        if len(self) > NAMES_KEPT:
            self.popitem(last=False)


NAMES_KEPT = 4096


class TableBase(commands.Cog):
    """State and helpers shared by every part of the cog (composed in
    bot/discord/cogs/caylus.py). A Cog itself, so that each part's commands are typed as a
    cog's."""

    def __init__(
        self,
        bot: commands.Bot,
        service: GameService,
        settings: Settings,
        *,
        clock: ClockService | None = None,
        now: Callable[[], datetime] | None = None,
        metrics: Recorder = NO_METRICS,
    ) -> None:
        self.bot = bot
        self.metrics = metrics  # interactions, pictures, the clock's runs (bot/metrics/)
        self.service = service
        self.settings = settings
        self.clock = clock if clock is not None else ClockService(service)
        # The time of the clock's scheduler and of the prompts' deadlines: Discord's (SimCord's
        # virtual clock in tests), or an injected one sharing the service's clock.
        self.now: Callable[[], datetime] = now if now is not None else discord.utils.utcnow
        self.prompts: dict[int, discord.Message] = {}  # game -> its last prompt (to mark it)
        # game -> (decision kinds, seats) its last prompt asked: a simultaneous call's prompt is
        # edited as seats answer, not posted again
        self.prompt_calls: dict[int, tuple[frozenset, frozenset]] = {}
        self.reminders: defaultdict[int, list[discord.Message]] = defaultdict(list)
        # game -> (the channel message whose Undo button is offered, the move's seq): the
        # button goes once the game has moved on (docs/history.md, "Undo")
        self.undo_offers: dict[int, tuple[discord.Message, int]] = {}
        self.undo_swept: set[int] = set()  # games whose older Undo buttons were looked for
        # game -> who may answer ahead, as its last prompt was built (for the opted-in DMs)
        self.ahead_asks: dict[int, AskNow] = {}
        # (game, user) -> the text of their questions-ahead DM as last sent or edited
        self.ahead_dm_texts: dict[tuple[int, int], str] = {}
        self.ahead_dm_failures = 0  # DMs that could not be sent or edited (logged)
        # game -> its answered prompts collapsed to one line since its last phase account:
        # removed once an account says the same (`remove_answered`)
        self.answered: defaultdict[int, list[discord.Message]] = defaultdict(list)
        # game -> its latest whole board, removed when the next one is posted
        self.whole_boards: dict[int, discord.Message] = {}
        # game -> the accounts of phases so far ((turn, phase), message), removed when the
        # phase's whole account is posted
        self.so_far_posts: dict[int, list[tuple[tuple[int, int] | None, discord.Message]]] = {}
        self.clock_failures = 0  # notices that could not be posted (logged)
        self.names = Names()
        self.locks = GameLocks()
        self.executor = ThreadPoolExecutor(settings.render_threads, thread_name_prefix="caylus")
        self.unexpected_errors = 0  # for tests and health checks
        # interactions that expired (or whose acknowledgement failed) before they were
        # acknowledged: routine under load, so counted apart from the unexpected errors
        self.expired_interactions = 0

    def forget_game(self, game_id: int) -> None:
        """A game ended (finished or aborted): nothing this process kept for it stays. (Its
        lock goes by itself once nobody holds it: GameLocks.)"""
        self.prompts.pop(game_id, None)
        self.prompt_calls.pop(game_id, None)
        self.reminders.pop(game_id, None)
        self.undo_offers.pop(game_id, None)
        self.ahead_asks.pop(game_id, None)
        self.answered.pop(game_id, None)
        self.whole_boards.pop(game_id, None)
        self.so_far_posts.pop(game_id, None)
        self.undo_swept.discard(game_id)
        for key in [k for k in self.ahead_dm_texts if k[0] == game_id]:
            del self.ahead_dm_texts[key]
        self.service.forget_chronicle(game_id)

    async def _channel(self, channel_id: int) -> Any:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
            # a game's thread idle for a week was archived by Discord: its prompts can be
            # edited again only once it is reopened (a post alone would reopen it)
            try:
                channel = await channel.edit(archived=False)
            except discord.HTTPException:
                log.info("could not reopen the archived thread %s", channel_id)
        return channel

    @staticmethod
    def public(info: GameInfo) -> Any:
        """`with self.public(info):` — what is posted in the game's channel (or drawn) reads
        in the game's language."""
        return i18n.using(info.language)

    def remember(self, user: discord.abc.User) -> None:
        self.names[user.id] = user.display_name

    async def name_of(self, guild_id: int, user_id: int, colour: str, *, fetch: bool = True) -> str:
        """A player's display name; `fetch=False`: only what is known without asking Discord
        (an autocomplete has no time for a request)."""
        name = self.names.get(user_id)
        if name:
            return name
        guild = self.bot.get_guild(guild_id)
        member = guild.get_member(user_id) if guild else None
        if member is None and guild is not None and fetch:
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                member = None
        name = member.display_name if member else t.PLAYER_NAME.format(colour=colour_name(colour))
        if member:
            self.names[user_id] = name
        return name

    async def names_for(self, info: GameInfo, *, fetch: bool = True) -> list[str]:
        names = []
        for seat in info.seats:
            if seat.user_id is None:
                level = seat.level or DEFAULT_LEVEL
                names.append(
                    t.BOT_NAME.format(colour=colour_name(seat.colour), level=t.BOT_LEVEL[level])
                )
            else:
                names.append(
                    await self.name_of(info.guild_id, seat.user_id, seat.colour, fetch=fetch)
                )
        return names

    def issued_at(self, interaction: discord.Interaction) -> float:
        """When the user sent this interaction, on the clock the service stamps moves with
        (Discord's creation time of the interaction, as an age, applied to our clock)."""
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        return self.now().timestamp() - max(0.0, age)

    @contextlib.asynccontextmanager
    async def holding(self) -> AsyncIterator[Callable[[int], Awaitable[None]]]:
        """`async with self.holding() as hold:` — the service calls `hold(game_id)` once it
        knows the game, so its lock is held from before the move until its posts are out;
        every lock taken is released at the end."""
        held_locks: list[asyncio.Lock] = []  # kept here: a lock nobody holds may go

        async def hold(game_id: int) -> None:
            lock = self.locks[game_id]
            await lock.acquire()
            held_locks.append(lock)

        try:
            yield hold
        finally:
            for lock in held_locks:
                lock.release()

    async def _same_channel(self, interaction: discord.Interaction, game_id: int) -> None:
        """A button acts only in its own game's channel (a copied or forwarded message)."""
        info = await self.service.game(game_id)
        if interaction.channel_id != info.channel_id:
            raise err.ServiceError(
                t.WRONG_CHANNEL.format(game_id=game_id, channel=f"<#{info.channel_id}>")
            )

    def can_manage(self, interaction: discord.Interaction) -> bool:
        perms = interaction.permissions
        return bool(perms.manage_channels or perms.administrator)

    async def channel_game(self, interaction: discord.Interaction) -> GameInfo:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise err.ServiceError(t.GUILD_ONLY)
        info = await self.service.game_in_channel(interaction.guild_id, interaction.channel_id)
        if info is None:
            raise err.ServiceError(t.NO_GAME)
        return info

    async def watch_link(self, game_id: int) -> str | None:
        """The game's public read-only web page (docs/web.md), when the bot serves pages at a
        public address (CAYLUS_WEB_PORT and CAYLUS_PUBLIC_URL); else None."""
        web = getattr(self.bot, "web", None)  # bot.app.CaylusBot's; the cogs import no web
        if web is None or not self.settings.public_url:
            return None
        return str(await web.site.spectator_url(game_id))

    async def player_link(self, game_id: int, user_id: int) -> str | None:
        """A player's private, expiring link to their board on the web page (docs/web.md),
        when the bot serves pages at a public address; else None. Only ever shown privately."""
        web = getattr(self.bot, "web", None)
        if web is None or not self.settings.public_url:
            return None
        return str(await web.site.player_url(game_id, user_id))

    async def state_of(self, info: GameInfo) -> GameState:
        """The engine state of a started game (a lobby has none: it is not running)."""
        state = await self.service.state(info.id)
        if state is None:
            raise err.GameNotRunning(game_id=info.id, status=m.STATUS[info.status])
        return state

    async def running_game(self, interaction: discord.Interaction) -> GameInfo:
        info = await self.channel_game(interaction)
        if info.status == "lobby":
            raise err.ServiceError(t.NOT_STARTED.format(game_id=info.id, count=len(info.seats)))
        return info

    @property
    def chronicles(self) -> dict[int, Any]:
        """The events of each game's phases not yet told: the service keeps them (this
        process's memory, empty after a restart); a cog never replays a record."""
        return self.service.chronicles

    @staticmethod
    def ui(kind: str) -> GameUI:
        """The game's words and pictures (bot/games/)."""
        return ui_for(kind)

    async def pictures(
        self,
        kind: str,
        state: GameState,
        names: list[str],
        previous: Any,
        events: list[Any],
        board: bool,
    ) -> list[Picture]:
        """What is posted after a phase: the phone card, and the whole board when `board`,
        drawn in worker threads (the two at once: the drawing and encoding release the GIL)."""
        if not self.settings.render_boards:
            return []
        ui = self.ui(kind)
        shown, before = ui.public(state), ui.public(previous) if previous is not None else None
        loop = asyncio.get_running_loop()
        lang = i18n.current()  # the worker threads draw in our language
        card = loop.run_in_executor(
            self.executor,
            self.metrics.timed_render("card", in_language(lang, ui.phase_pictures)),
            shown,
            names,
            before,
            events,
            False,
        )
        if not board:
            return await card
        draw = self.metrics.timed_render("board", in_language(lang, ui.board_picture))
        whole = loop.run_in_executor(self.executor, draw, shown, names, before, events)
        drawn, picture = await asyncio.gather(card, whole)
        return [*drawn, picture]

    async def render_board(
        self, kind: str, state: GameState, names: list[str], previous: Any
    ) -> Picture | None:
        """The whole board, full size (`/caylus board`), or None when pictures are off."""
        if not self.settings.render_boards:
            return None
        ui = self.ui(kind)
        shown, before = ui.public(state), ui.public(previous) if previous is not None else None
        loop = asyncio.get_running_loop()
        draw = self.metrics.timed_render("board", in_language(i18n.current(), ui.board_picture))
        return await loop.run_in_executor(self.executor, draw, shown, names, before)

    def lobby_buttons(self, info: GameInfo) -> discord.ui.View:
        with self.public(info):
            return lobby_view(info.id)

    async def lobby_embed(self, info: GameInfo) -> discord.Embed:
        """The lobby as the channel shows it (in the game's language)."""
        with self.public(info):
            names = await self.names_for(info)
            wanted = info.options.get("players", len(info.seats))
            lines = [
                t.SEAT_LINE.format(
                    n=s.seat + 1, emoji=t.COLOUR_EMOJI.get(s.colour, ""), name=names[s.seat]
                )
                for s in info.seats
            ]
            status = {
                "lobby": t.LOBBY_OPEN,
                "running": t.LOBBY_STARTED,
                "aborted": t.LOBBY_ABORTED,
            }.get(info.status, m.STATUS[info.status])
            embed = discord.Embed(
                title=t.LOBBY_TITLE.format(title=self.ui(info.kind).title, game_id=info.id),
                description=status,
                colour=discord.Colour.gold(),
            )
            embed.add_field(
                name=t.LOBBY_SEATS.format(count=len(info.seats), wanted=wanted),
                value="\n".join(lines) or t.LOBBY_EMPTY,
                inline=False,
            )
            options = self.ui(info.kind).options_text(info.options)
            language = t.LOBBY_LANGUAGE.format(language=i18n.language_name(info.language))
            embed.add_field(name=t.LOBBY_OPTIONS, value=f"{options} · {language}", inline=False)
            clock = await self.clock.clock_settings(info.id)
            embed.add_field(
                name=t.LOBBY_CLOCK,
                value=t.LOBBY_CLOCK_TEXT.format(
                    clock=format_duration(clock.clock),
                    reminders=", ".join(clock.reminders) or m.REMINDERS_OFF,
                    after_missed=m.AFTER_MISSED.format(count=clock.takeover_after),
                    away_days=m.AWAY_DAYS.format(count=clock.max_away_days),
                ),
                inline=False,
            )
            host = await self.name_of(info.guild_id, info.host_id, "host")
            embed.set_footer(text=t.LOBBY_HOST.format(host=host))
            return embed
