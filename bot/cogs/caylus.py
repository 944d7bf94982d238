"""The `/caylus` command group, the buttons' handlers, and what the bot posts in the channel.

Every entry point (a command, a button, a menu) acknowledges the interaction first (defer), then
calls the game service, then answers: privately for errors and private information, in the
channel for what everyone should see (lobby, boards, accounts, the prompt of the next decision).
Errors of every entry point go through `Guard` (one handler): service and engine errors become a
short private sentence; anything else is logged with game, user and command and the user gets an
apology (the service wrote nothing: it commits only complete changes).
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import errors as err
from bot import messages as m
from bot import text as t
from bot.clock import (
    ClockInputError,
    discord_timestamp,
    format_duration,
    parse_clock,
    suggest_time_zones,
    time_zone,
)
from bot.clock_service import ClockNotice, ClockService, Deadline, expiry_templates
from bot.narration import Chronicle, account, rebuild
from bot.prompts import Layout, autocomplete_name, describe, headline, layout
from bot.service import ActResult, GameInfo, GameService
from bot.settings import Settings
from bot.store import DiskFull
from bot.views import choice_view, lobby_view
from engine import get_game
from engine.caylus import catalogue as cat
from render import starts_workers_phase

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
PING = discord.AllowedMentions(users=True, roles=False, everyone=False)
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


class _Lazy:
    """A board rendered once, started at the first `get` (renders run in threads)."""

    def __init__(self, fn: Callable[..., Awaitable[bytes | None]], *args: Any) -> None:
        self._fn, self._args = fn, args
        self._task: asyncio.Future[bytes | None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.ensure_future(self._fn(*self._args))

    async def get(self) -> bytes | None:
        self.start()
        assert self._task is not None
        return await self._task


@dataclass(slots=True)
class Part:
    """One channel message of a delivery: `build` makes it (rendering its board) only when it
    is posted, so a retry that skips the parts already posted does no work for them."""

    game_id: int
    kind: str  # notice | board | over | prompt
    build: Callable[[], Awaitable[dict[str, Any] | None]]
    pictures: _Lazy | None = None  # started before the first post, so renders overlap


async def _no_pictures() -> list[Any]:
    return []


def _delivery_reason(error: BaseException) -> str:
    """Why a post failed, in a few words a host or player can act on."""
    if isinstance(error, discord.Forbidden):
        return t.REASON_FORBIDDEN
    if isinstance(error, discord.NotFound):
        return t.REASON_NOT_FOUND
    if isinstance(error, discord.HTTPException):
        return t.REASON_DISCORD.format(status=error.status)
    return t.REASON_NETWORK


def _phase_pictures(
    state: Any, names: list[str], previous: Any, events: list[Any], board: bool
) -> list[Any]:
    from render import render_phase_pictures

    return render_phase_pictures(state, names=names, previous=previous, events=events, board=board)


def _board_picture(state: Any, names: list[str], previous: Any) -> Any:
    from render import render_board_picture

    return render_board_picture(state, names=names, previous=previous)


def _cubes(cubes: dict[str, int]) -> str:
    return " ".join(f"{t.CUBE_EMOJI[c]}{cubes.get(c, 0)}" for c in cat.CUBES)


def _clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Guard:
    """`async with cog.guard(interaction, "play", game_id):` — the one error handler."""

    def __init__(
        self,
        cog: CaylusCog,
        interaction: discord.Interaction,
        command: str,
        game_id: int | None = None,
    ) -> None:
        self.cog, self.interaction, self.command, self.game_id = cog, interaction, command, game_id

    async def __aenter__(self) -> Guard:
        return self

    async def __aexit__(self, exc_type: Any, error: BaseException | None, tb: Any) -> bool:
        if error is None or not isinstance(error, Exception):
            return False
        await self.cog.handle_error(self.interaction, error, self.command, self.game_id)
        return True


class CaylusCog(commands.Cog, name="Caylus"):
    caylus = app_commands.Group(name="caylus", description=t.GROUP_DESC, guild_only=True)

    def __init__(
        self,
        bot: commands.Bot,
        service: GameService,
        settings: Settings,
        *,
        clock: ClockService | None = None,
        now: Callable[[], datetime] | None = None,
    ) -> None:
        self.bot = bot
        self.service = service
        self.settings = settings
        self.clock = clock if clock is not None else ClockService(service)
        # The time of the clock's scheduler and of the prompts' deadlines: Discord's (SimCord's
        # virtual clock in tests), or an injected one sharing the service's clock.
        self.now: Callable[[], datetime] = now if now is not None else discord.utils.utcnow
        self.prompts: dict[int, discord.Message] = {}  # game -> its last prompt (to mark it)
        self.reminders: defaultdict[int, list[discord.Message]] = defaultdict(list)
        self.clock_failures = 0  # notices that could not be posted (logged)
        self.names: dict[int, str] = {}
        self.chronicles: dict[int, Chronicle] = {}
        self.locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.executor = ThreadPoolExecutor(settings.render_threads, thread_name_prefix="caylus")
        self.unexpected_errors = 0  # for tests and health checks
        self.timings: list[float] = []  # seconds from arrival to the last answer, per press

    async def cog_load(self) -> None:
        if self.settings.clock_loop:
            self.clock_loop.change_interval(seconds=self.settings.clock_tick_seconds)
            self.clock_loop.start()

    async def cog_unload(self) -> None:
        self.clock_loop.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)

    # --- the decision clock's scheduler (docs/clock.md) -------------------------------------------

    @tasks.loop(minutes=1)
    async def clock_loop(self) -> None:
        # The tick runs as its own task: it ends when the tick is done, which lets a test
        # harness (SimCord) see the work finish instead of waiting for the endless loop task.
        await asyncio.ensure_future(self.run_clock())

    @clock_loop.before_loop
    async def _before_clock_loop(self) -> None:
        await self.bot.wait_until_ready()  # the first run is right after: a restart catches up

    async def run_clock(self, now: datetime | None = None) -> list[ClockNotice]:
        """One run of the scheduler: first what earlier posts (or a restart) left undelivered,
        then the clock's tick (everything due is applied by the ClockService, then posted
        here). A notice that cannot be posted is logged and the others still go out; nothing
        escapes."""
        now = now if now is not None else self.now()
        try:
            await self.deliver_due(now)
        except Exception:
            log.exception("posting the outbox failed")
            self.clock_failures += 1
        try:
            notices = await self.clock.tick(now)
        except Exception:
            log.exception("the clock's tick failed")
            self.clock_failures += 1
            return []
        for notice in notices:
            if notice.kind == "takeover":
                continue  # its line is posted with its expiry (the outbox row of that move)
            try:
                await self.post_notice(notice)
            except Exception:
                self.clock_failures += 1
                log.exception(
                    "could not post the clock's %s notice of game %s", notice.kind, notice.game_id
                )
        return notices

    async def _channel(self, channel_id: int) -> Any:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        return channel

    @staticmethod
    def _mentions(notice: ClockNotice) -> str | None:
        return " ".join(f"<@{u}>" for u in notice.user_ids) or None

    async def post_notice(self, notice: ClockNotice) -> None:
        """Post what the clock decided: a reminder (a short ping, or a DM), an expiry (the old
        prompt is marked, then the outbox row of the clock's move: the expiry's lines, with
        the takeover if any, boards and the next prompt as after a move), the end of an away
        period, a damaged game."""
        if notice.kind == "expired":
            async with self.locks[notice.game_id]:
                try:
                    await self._mark_expired(await self._channel(notice.channel_id), notice)
                except DELIVERY_ERRORS:
                    log.info("could not mark the expired prompt of game %s", notice.game_id)
                await self.deliver(notice.game_id, notice.result)
            return
        channel = await self._channel(notice.channel_id)
        if notice.kind == "reminder":
            await self._remind(channel, notice)
            return
        text = notice.render(self._mentions(notice))
        await channel.send(_clip(text), allowed_mentions=NO_MENTIONS)

    async def _remind(self, channel: Any, notice: ClockNotice) -> None:
        if notice.via == "dm":
            user_id = notice.user_ids[0]
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                text = t.REMINDER_DM.format(
                    text=notice.render(f"<@{user_id}>"), channel=f"<#{notice.channel_id}>"
                )
                await user.send(_clip(text), allowed_mentions=NO_MENTIONS)
                return
            except discord.HTTPException:  # DMs closed: fall back to the channel
                log.info("could not DM user %s; reminding in the channel", user_id)
        sent = await channel.send(
            _clip(notice.render(self._mentions(notice))), allowed_mentions=PING
        )
        self.reminders[notice.game_id].append(sent)

    async def _drop_reminders(self, game_id: int) -> None:
        """The decision was answered: its reminder lines go (they would only pile up)."""
        for message in self.reminders.pop(game_id, []):
            try:
                await message.delete()
            except DELIVERY_ERRORS:
                log.info("could not remove a reminder of game %s", game_id)

    async def _find_prompt(
        self, channel: Any, game_id: int, versions: set[int]
    ) -> discord.Message | None:
        """The prompt message of `game_id` at one of `versions`: the one this instance posted
        last, or (after a restart) the latest such message in the channel."""
        message = self.prompts.get(game_id)
        if message is not None and any(_is_prompt_of(message, game_id, v) for v in versions):
            return message
        try:
            async for found in channel.history(limit=30):
                if any(_is_prompt_of(found, game_id, v) for v in versions):
                    return found
        except discord.HTTPException:
            log.info("could not read the history of channel %s", getattr(channel, "id", None))
        return None

    async def _mark_expired(self, channel: Any, notice: ClockNotice) -> None:
        """The prompt of the decision that ran out loses its buttons and says what was
        played (an edit, not a new message)."""
        deadline = notice.deadline
        if deadline is None:
            return
        message = await self._find_prompt(channel, notice.game_id, {deadline.version})
        if message is None:
            return
        action = notice.extra.get("action", "")
        line = t.PROMPT_EXPIRED.format(action=action)
        in_row = int(notice.extra.get("in_row", 1))
        limit = int((notice.result.cause if notice.result else {}).get("limit", 0) or 0)
        if in_row > 1 and limit and in_row < limit:
            line += m.CLOCK_EXPIRED_IN_ROW.format(count=in_row, limit=limit)
        try:
            content = _clip(f"{message.content}\n{line}")
            await message.edit(content=content, view=None, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.info("could not mark the expired prompt of game %s", notice.game_id)
        self.prompts.pop(notice.game_id, None)

    async def _mark_answered(
        self, channel: Any, game_id: int, version: int, who: str, label: str
    ) -> None:
        """A decision answered with /caylus play: its prompt says so and loses its buttons,
        as when a button is pressed (an edit, not a new message)."""
        message = await self._find_prompt(channel, game_id, {version})
        if message is None:
            return
        try:
            done = t.CHOSE.format(who=who, label=label)
            content = _clip(f"{message.content}\n{done}")
            await message.edit(content=content, view=None, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.info("could not mark the answered prompt of game %s", game_id)
        if self.prompts.get(game_id) is message:
            self.prompts.pop(game_id, None)

    async def _close_prompt(self, channel: Any, info: GameInfo) -> None:
        """The game ended without its prompt being answered (an abort): the prompt says so and
        loses its buttons."""
        message = await self._find_prompt(channel, info.id, {info.version})
        if message is None:
            return
        try:
            content = _clip(f"{message.content}\n{t.PROMPT_ABORTED}")
            await message.edit(content=content, view=None, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.info("could not close the prompt of game %s", info.id)
        self.prompts.pop(info.id, None)

    async def refresh_prompt(self, channel: Any, before: GameInfo) -> None:
        """Edit the current decision's prompt in place (no new message, no new ping) after
        something changed its deadline (away, back, pause, resume) or the game's version
        (reclaim, kick): its buttons carry the version, its text the deadline."""
        try:
            info = await self.service.game(before.id)
            if info.status != "running" or not info.pending:
                return
            if [p.seat for p in info.pending] != [p.seat for p in before.pending]:
                return  # another decision: it got its own prompt
            message = await self._find_prompt(channel, info.id, {before.version, info.version})
            if message is None:
                return
            state = await self.service.state(info.id)
            content, view = await self._prompt(info, state)
            edited = await message.edit(content=content, view=view, allowed_mentions=NO_MENTIONS)
            self.prompts[info.id] = edited if edited is not None else message
        except discord.HTTPException:
            log.info("could not refresh the prompt of game %s", before.id)

    async def deadline_lines(
        self, info: GameInfo, names: list[str] | None = None
    ) -> tuple[list[str], Deadline | None]:
        """What the prompt says about the clock of the pending decision."""
        if not info.pending:
            return [], None
        deadline = await self.clock.deadline(info.id, self.now())
        if deadline is None or deadline.seat != info.pending[0].seat:
            return [], deadline
        if deadline.paused:
            return [t.DEADLINE_PAUSED], deadline
        due, relative = deadline.timestamp("f"), deadline.timestamp("R")
        if deadline.away_until is not None:
            names = names or await self.names_for(info)
            return [
                t.DEADLINE_AWAY.format(
                    who=names[deadline.seat],
                    until=discord_timestamp(deadline.away_until, "f"),
                    due=due,
                )
            ], deadline
        return [t.DEADLINE_LINE.format(due=due, relative=relative)], deadline

    # --- the error handler ----------------------------------------------------------------------

    def guard(
        self, interaction: discord.Interaction, command: str, game_id: int | None = None
    ) -> Guard:
        return Guard(self, interaction, command, game_id)

    async def handle_error(
        self, interaction: discord.Interaction, error: Exception, command: str, game_id: int | None
    ) -> None:
        if isinstance(error, app_commands.CommandInvokeError):
            error = error.original  # type: ignore[assignment]
        try:
            if isinstance(error, err.ServiceError):
                game_id = getattr(error, "game_id", None) or game_id
                await self._explain(interaction, error, game_id)
                return
            if isinstance(error, DiskFull):  # logged once by the store
                await self.tell(interaction, t.NOT_SAVED_ANY)
                return
            if isinstance(error, app_commands.AppCommandError):
                await self.tell(interaction, str(error) or t.UNEXPECTED)
                return
        except Exception:  # answering failed: log it like any unexpected error
            log.exception("could not answer an error in %s (game %s)", command, game_id)
            return
        self.unexpected_errors += 1
        log.error(
            "unexpected error in %s (game %s, user %s, guild %s, channel %s)",
            command,
            game_id,
            interaction.user.id if interaction.user else None,
            interaction.guild_id,
            interaction.channel_id,
            exc_info=error,
        )
        try:
            await self.tell(interaction, t.UNEXPECTED)
        except Exception:
            log.exception("could not apologise for an error in %s", command)

    async def _explain(
        self, interaction: discord.Interaction, error: err.ServiceError, game_id: int | None
    ) -> None:
        if isinstance(error, err.StaleVersion):
            await self._stale(interaction, game_id or error.game_id)
            return
        if isinstance(error, err.NotYourDecision | err.NotSeated) and game_id is not None:
            info = await self.service.game(game_id)
            if info.status == "running" and info.pending:
                await self.tell(interaction, await self._not_yours(info, interaction.user.id))
                return
        if isinstance(error, err.NotHost):
            await self.tell(interaction, t.NEED_MANAGER.format(game_id=error.game_id))
            return
        if isinstance(error, err.MalformedAction):
            await self.tell(interaction, t.MALFORMED.format(reason=str(error)))
            return
        await self.tell(interaction, str(error))

    async def _not_yours(self, info: GameInfo, user_id: int) -> str:
        names = await self.names_for(info)
        pending = info.pending[0]
        who = names[pending.seat]
        if info.seat_of(user_id) is None:
            return t.NOT_IN_GAME_DECISION.format(game_id=info.id, who=who, prompt=pending.prompt)
        return t.NOT_YOUR_DECISION.format(who=who, prompt=pending.prompt)

    async def _stale(self, interaction: discord.Interaction, game_id: int) -> None:
        info = await self.service.game(game_id)
        if info.status == "finished":
            await self.tell(interaction, t.BOARD_CHANGED_OVER.format(game_id=game_id))
            return
        if info.status != "running" or not info.pending:
            await self.tell(
                interaction,
                t.BOARD_CHANGED_GONE.format(game_id=game_id, status=m.STATUS[info.status]),
            )
            return
        state = await self.service.state(game_id)
        content, view = await self._prompt(info, state, mention=False, for_user=interaction.user.id)
        await self.tell(interaction, t.BOARD_CHANGED + "\n" + content, view=view)

    # --- small helpers ----------------------------------------------------------------------------

    @staticmethod
    async def defer_private(interaction: discord.Interaction) -> None:
        """Acknowledge a command at once. Its errors are private; what everyone should see
        (a lobby, the start, an abort) is posted in the channel."""
        await interaction.response.defer(ephemeral=True, thinking=True)

    async def announce(
        self, interaction: discord.Interaction, note: str, content: str | None = None, **kwargs: Any
    ) -> None:
        """Post in the channel for everyone, and tell the user privately that it is done."""
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        await interaction.channel.send(content, **kwargs)  # type: ignore[union-attr]
        await self.tell(interaction, note)

    async def tell(
        self,
        interaction: discord.Interaction,
        content: str | None = None,
        *,
        ephemeral: bool = True,
        **kwargs: Any,
    ) -> None:
        """Answer the interaction (first response or follow-up)."""
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        if content is not None:
            kwargs["content"] = _clip(content)
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        if interaction.response.is_done():
            await interaction.followup.send(ephemeral=ephemeral, **kwargs)
        else:
            await interaction.response.send_message(ephemeral=ephemeral, **kwargs)

    def remember(self, user: discord.abc.User) -> None:
        self.names[user.id] = user.display_name

    async def name_of(self, guild_id: int, user_id: int, colour: str) -> str:
        name = self.names.get(user_id)
        if name:
            return name
        guild = self.bot.get_guild(guild_id)
        member = guild.get_member(user_id) if guild else None
        if member is None and guild is not None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                member = None
        name = member.display_name if member else t.PLAYER_NAME.format(colour=colour)
        if member:
            self.names[user_id] = name
        return name

    async def names_for(self, info: GameInfo) -> list[str]:
        names = []
        for seat in info.seats:
            if seat.user_id is None:
                names.append(t.BOT_NAME.format(colour=seat.colour))
            else:
                names.append(await self.name_of(info.guild_id, seat.user_id, seat.colour))
        return names

    def issued_at(self, interaction: discord.Interaction) -> float:
        """When the user sent this interaction, on the clock the service stamps moves with
        (Discord's creation time of the interaction, as an age, applied to our clock)."""
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        return self.now().timestamp() - max(0.0, age)

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
        if interaction.guild_id is None:
            raise err.ServiceError(t.GUILD_ONLY)
        info = await self.service.game_in_channel(interaction.guild_id, interaction.channel_id)
        if info is None:
            raise err.ServiceError(t.NO_GAME)
        return info

    async def running_game(self, interaction: discord.Interaction) -> GameInfo:
        info = await self.channel_game(interaction)
        if info.status == "lobby":
            raise err.ServiceError(t.NOT_STARTED.format(game_id=info.id, count=len(info.seats)))
        return info

    async def pictures(
        self, state: Any, names: list[str], previous: Any, events: list[Any], board: bool
    ) -> list[Any]:
        """What is posted after a phase: the phone card, and the whole board when `board`
        (render/__init__.py), drawn in a worker thread."""
        if not self.settings.render_boards:
            return []
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.executor, _phase_pictures, state, names, previous, events, board
        )

    async def render_board(self, state: Any, names: list[str], previous: Any) -> Any:
        """The whole board, full size (`/caylus board`), or None when pictures are off."""
        if not self.settings.render_boards:
            return None
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, _board_picture, state, names, previous)

    # --- the lobby --------------------------------------------------------------------------------

    async def lobby_embed(self, info: GameInfo) -> discord.Embed:
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
            title=t.LOBBY_TITLE.format(game_id=info.id),
            description=status,
            colour=discord.Colour.gold(),
        )
        embed.add_field(
            name=t.LOBBY_SEATS.format(count=len(info.seats), wanted=wanted),
            value="\n".join(lines) or t.LOBBY_EMPTY,
            inline=False,
        )
        embed.add_field(
            name=t.LOBBY_OPTIONS,
            value=t.LOBBY_OPTIONS_TEXT.format(
                favor_mode=info.options.get("favor_mode", "full"),
                tile_set=info.options.get("tile_set", "revised"),
            ),
            inline=False,
        )
        clock = await self.clock.clock_settings(info.id)
        embed.add_field(
            name=t.LOBBY_CLOCK,
            value=t.LOBBY_CLOCK_TEXT.format(
                clock=format_duration(clock.clock),
                reminders=", ".join(clock.reminders) or "off",
                takeover_after=clock.takeover_after,
                max_away_days=clock.max_away_days,
            ),
            inline=False,
        )
        host = await self.name_of(info.guild_id, info.host_id, "host")
        embed.set_footer(text=t.LOBBY_HOST.format(host=host))
        return embed

    async def lobby_press(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        started = time.perf_counter()
        self.remember(interaction.user)
        async with self.guard(interaction, f"lobby:{op}", game_id):
            await interaction.response.defer()
            await self._same_channel(interaction, game_id)
            uid = interaction.user.id
            if op == "start":
                await self._start(interaction, game_id, edit_lobby=True)
                return
            if op == "join":
                info = await self.service.join(game_id, uid)
            elif op == "leave":
                info = await self.service.leave(game_id, uid)
            else:
                info = await self.service.add_bot(
                    game_id, uid, can_manage=self.can_manage(interaction)
                )
            view = lobby_view(game_id) if info.status == "lobby" else None
            await interaction.edit_original_response(embed=await self.lobby_embed(info), view=view)
        self.timings.append(time.perf_counter() - started)

    async def _close_lobbies(self, channel: Any, game_id: int, embed: discord.Embed) -> None:
        """Every earlier copy of this game's lobby (e.g. posted by /caylus join) shows the new
        status and loses its Join/Leave/Add bot/Start buttons."""
        title = t.LOBBY_TITLE.format(game_id=game_id)
        me = self.bot.user
        try:
            async for message in channel.history(limit=30):
                if (
                    me is not None
                    and message.author.id == me.id
                    and message.components
                    and any(e.title == title for e in message.embeds)
                ):
                    await message.edit(embed=embed, view=None)
        except discord.HTTPException:
            log.info("could not close the lobby copies of game %s", game_id)

    async def _start(
        self, interaction: discord.Interaction, game_id: int, edit_lobby: bool
    ) -> None:
        async with self.locks[game_id]:
            result = await self.service.start(
                game_id, interaction.user.id, can_manage=self.can_manage(interaction)
            )
            embed = await self.lobby_embed(result.game)
            if edit_lobby:
                await interaction.edit_original_response(embed=embed, view=None)
            else:
                await self.announce(interaction, t.STARTED.format(game_id=game_id), embed=embed)
            await self._close_lobbies(interaction.channel, game_id, embed)
            failed = await self.deliver(game_id, result)
            if failed is not None:
                await self.tell(interaction, t.STARTED_NOT_POSTED.format(reason=failed))

    # --- playing ----------------------------------------------------------------------------------

    async def press(
        self, interaction: discord.Interaction, game_id: int, version: int, action: str
    ) -> None:
        """A choice button or menu was used."""
        started = time.perf_counter()
        self.remember(interaction.user)
        async with self.guard(interaction, f"press:{_clip(action, 40)}", game_id):
            await interaction.response.defer()
            async with self.locks[game_id]:
                await self._same_channel(interaction, game_id)
                result = await self.service.act(game_id, interaction.user.id, action, version)
                label = _label_in(interaction.message, action) or action
                who = self.names.get(interaction.user.id, interaction.user.display_name)
                if interaction.message is not None:
                    done = t.CHOSE.format(who=who, label=label)
                    content = _clip(f"{interaction.message.content}\n{done}")
                    try:
                        await interaction.edit_original_response(
                            content=content, view=None, allowed_mentions=NO_MENTIONS
                        )
                    except DELIVERY_ERRORS:  # the move is made: the next prompt matters more
                        log.info("could not mark the pressed prompt of game %s", game_id)
                failed = await self.deliver(game_id, result)
                if failed is not None:
                    note = t.MADE_NOT_POSTED.format(label=label, reason=failed)
                    await self.tell(interaction, note)
        self.timings.append(time.perf_counter() - started)

    # --- posting what happened: the outbox (docs/store.md, "The outbox") -----------------------

    async def deliver(self, game_id: int, fresh: ActResult | None = None) -> str | None:
        """Post every undelivered outbox row of the game, oldest first: boards and accounts of
        the phases that ended, then the prompt of the decision now pending (or the end). Call
        under `self.locks[game_id]`. `fresh`: the result just committed (saves rebuilding it).

        Returns None when everything is posted. When Discord refuses or fails, the attempt is
        counted (the scheduler tries again later, skipping what was already posted), the game's
        clock stops until a post succeeds, the host is told once, and the reason is returned
        for the player who acted."""
        entries = await self.service.undelivered(game_id)
        if not entries:
            return None
        info = fresh.game if fresh is not None else await self.service.game(game_id)
        try:
            channel = await self._channel(info.channel_id)
        except DELIVERY_ERRORS as error:
            return await self._delivery_failed(info, entries[0].id, entries[0].parts_done, error)
        for k, entry in enumerate(entries):
            if fresh is not None and fresh.outbox_id == entry.id:
                result = fresh
            else:
                result = await self.service.post_result(entry)
            parts = await self._parts(result, with_prompt=k == len(entries) - 1)
            done = entry.parts_done
            for part in parts[entry.parts_done :]:
                if part.pictures is not None:
                    part.pictures.start()  # the render threads draw while earlier parts post
            try:
                for part in parts[entry.parts_done :]:
                    await self._post(channel, part)
                    done += 1
            except DELIVERY_ERRORS as error:
                return await self._delivery_failed(info, entry.id, done, error)
            await self.service.post_delivered(entry.id)
        await self._drop_reminders(game_id)
        if await self.service.restart_clock(game_id):
            log.info("game %s: posting works again; its clock runs again", game_id)
            await self._post_quietly(channel, t.CLOCK_RUNS_AGAIN.format(game_id=game_id))
        return None

    async def deliver_due(self, now: datetime) -> int:
        """The scheduler's part: post what earlier attempts (or a restart) left undelivered.
        Returns how many games still could not be posted."""
        failed = 0
        for game_id, _channel_id in await self.service.due_posts(now.timestamp()):
            try:
                async with self.locks[game_id]:
                    if await self.deliver(game_id) is not None:
                        failed += 1
            except err.GameDamaged:
                continue  # reported by the clock; nothing to post for a game nobody can read
            except Exception:
                failed += 1
                log.exception("could not post the outbox of game %s", game_id)
        return failed

    async def _delivery_failed(
        self, info: GameInfo, outbox_id: int, done: int, error: BaseException
    ) -> str:
        reason = _delivery_reason(error)
        attempts = await self.service.post_failed(outbox_id, reason, done)
        if await self.service.stop_clock(info.id, reason):
            log.warning(
                "game %s: cannot post in channel %s (%s); its clock is stopped until it can",
                info.id,
                info.channel_id,
                reason,
            )
        else:
            log.info("game %s: posting failed again (attempt %s): %s", info.id, attempts, reason)
        if await self.service.claim_host_notice(info.id):
            await self._tell_host(info, reason)
        return reason

    async def _tell_host(self, info: GameInfo, reason: str) -> None:
        """A direct message to the host: the bot cannot post in the game's channel."""
        try:
            user = self.bot.get_user(info.host_id) or await self.bot.fetch_user(info.host_id)
            text = t.HOST_CANNOT_POST.format(
                game_id=info.id, channel=f"<#{info.channel_id}>", reason=reason
            )
            await user.send(_clip(text), allowed_mentions=NO_MENTIONS)
        except DELIVERY_ERRORS:
            log.info("could not tell the host of game %s (DMs closed?)", info.id)

    async def _post_quietly(self, channel: Any, text: str) -> None:
        try:
            await channel.send(_clip(text), allowed_mentions=NO_MENTIONS)
        except DELIVERY_ERRORS:
            log.info("could not post a notice in channel %s", getattr(channel, "id", None))

    async def _post(self, channel: Any, part: Part) -> None:
        """Post one part; a server error or a network failure is tried again at once after a
        short pause (Discord refusing, 403/404, is not: that needs a person)."""
        message = await part.build()
        if message is None:
            return
        files = message.pop("files", [])
        for attempt in range(POST_ATTEMPTS):
            kwargs = dict(message)
            if files:
                kwargs["files"] = [discord.File(io.BytesIO(data), filename=n) for n, data in files]
            try:
                sent = await channel.send(**kwargs)
                break
            except (discord.Forbidden, discord.NotFound):
                raise
            except DELIVERY_ERRORS:
                if attempt == POST_ATTEMPTS - 1:
                    raise
                await asyncio.sleep(POST_RETRY_PAUSE * (2**attempt))
        if part.kind == "prompt":
            self.prompts[part.game_id] = sent

    async def _parts(self, result: ActResult, *, with_prompt: bool) -> list[Part]:
        """The messages of one outbox row, each built only when it is posted."""
        info = result.game
        gid = info.id
        names = await self.names_for(info)
        chronicle = await self._chronicle(info, result)
        groups: list[tuple[Any, list[tuple[int, int]]]] = []
        for end in result.phase_ends:
            if groups and groups[-1][0] is end.state:
                groups[-1][1].append((end.turn, end.phase))
            else:
                groups.append((end.state, [(end.turn, end.phase)]))
        told = chronicle.take([p for _, phases in groups for p in phases])
        cause = result.cause or {}
        parts: list[Part] = []
        intro = None
        previous = result.board_before
        if cause.get("cause") == "start":
            first = result.board_before if result.board_before is not None else result.state
            order = ", ".join(names[s] for s in first.turn_order)
            intro = t.GAME_STARTS.format(game_id=gid, order=order)
            previous = None
            if not groups:
                groups.append((result.state, []))
        if cause.get("cause") == "expired" and cause.get("takeover") and result.moves:
            # a plain expiry is told in its prompt (edited); a takeover pings its player
            parts.append(self._expiry_part(gid, cause, result.moves[0].action))
        over = result.outcome is not None
        for k, (state, phases) in enumerate(groups):
            lines = [intro] if intro and k == 0 else []
            lines += [account(turn, phase, told[(turn, phase)], names) for turn, phase in phases]
            text = "\n".join(x for x in lines if x)
            events = [e for phase in phases for e in told[phase]]
            # the whole board too when a new turn's placements begin, and at the end
            board = state.over or starts_workers_phase(state, previous)
            pictures = _Lazy(self.pictures, state, names, previous, events, board)
            previous = state
            if over and k == len(groups) - 1:
                parts.append(self._over_part(info, result, names, text, pictures))
                parts.append(self._picture_part(gid, pictures, 1))
                return parts
            parts.append(self._board_part(gid, text, pictures))
            if board:
                parts.append(self._picture_part(gid, pictures, 1))
        if over:
            parts.append(self._over_part(info, result, names, "", None))
        elif with_prompt:
            decision = result.state.decision
            if decision is not None and decision.kind == "favor":
                # what won the favor comes before the favor's prompt, not after it
                turn, phase = result.state.turn, result.state.phase
                so_far = account(turn, phase, chronicle.take_phase(turn, phase), names, True)
                if so_far:
                    parts.append(self._board_part(gid, so_far, _Lazy(_no_pictures)))
            parts.append(Part(gid, "prompt", lambda: self._prompt_message(gid)))
        return parts

    def _expiry_part(self, game_id: int, cause: dict[str, Any], action: str) -> Part:
        async def build() -> dict[str, Any]:
            expired, taken = expiry_templates(game_id, cause, action)
            mention = f"<@{cause['user_id']}>" if cause.get("user_id") else cause.get("colour", "")
            lines = [expired.replace("{player}", mention)]
            if taken is not None:
                lines.append(taken.replace("{player}", mention))
            # a takeover pings its player once; a plain expiry does not (the next prompt
            # pings whoever must decide)
            mentions = PING if taken is not None else NO_MENTIONS
            return {"content": _clip("\n".join(lines)), "allowed_mentions": mentions}

        return Part(game_id, "notice", build)

    def _board_part(self, game_id: int, text: str, pictures: _Lazy) -> Part:
        """A phase's account with its phone card."""

        async def build() -> dict[str, Any] | None:
            drawn = await pictures.get() or []
            if not text and not drawn:
                return None
            message: dict[str, Any] = {"content": _clip(text) if text else None}
            message["allowed_mentions"] = NO_MENTIONS
            if drawn:
                message["files"] = [(drawn[0].filename, drawn[0].data)]
            return message

        return Part(game_id, "board", build, pictures)

    def _picture_part(self, game_id: int, pictures: _Lazy, index: int) -> Part:
        """One more picture of the same phase (the whole board), in a message of its own so
        that Discord shows it at full width."""

        async def build() -> dict[str, Any] | None:
            drawn = await pictures.get() or []
            if len(drawn) <= index:
                return None
            picture = drawn[index]
            return {"files": [(picture.filename, picture.data)], "allowed_mentions": NO_MENTIONS}

        return Part(game_id, "board", build, pictures)

    def _over_part(
        self, info: GameInfo, result: ActResult, names: list[str], text: str, pictures: Any
    ) -> Part:
        async def build() -> dict[str, Any]:
            drawn = (await pictures.get() or []) if pictures is not None else []
            self.chronicles.pop(info.id, None)
            card = drawn[0] if drawn else None
            return self._game_over_message(info, result, names, text, card)

        return Part(info.id, "over", build, pictures)

    async def _prompt_message(self, game_id: int) -> dict[str, Any] | None:
        """The prompt of the decision pending now (none if the game no longer waits)."""
        info = await self.service.game(game_id)
        if info.status != "running" or not info.pending:
            return None
        state = await self.service.state(game_id)
        content, view = await self._prompt(info, state)
        message: dict[str, Any] = {"content": content, "allowed_mentions": PING}
        if view is not None:
            message["view"] = view
        return message

    async def _chronicle(self, info: GameInfo, result: ActResult) -> Chronicle:
        game = get_game(info.kind)
        chronicle = self.chronicles.get(info.id)
        first = result.moves[0].seq if result.moves else info.seq + 1
        if chronicle is not None and chronicle.seq == first - 1:
            chronicle.follow(game, result.moves)
            return chronicle
        record = await self.service.record(info.id)
        upto = result.moves[-1].seq if result.moves else len(record.actions)
        loop = asyncio.get_running_loop()
        chronicle = await loop.run_in_executor(
            self.executor,
            rebuild,
            game,
            record.options,
            record.setup,
            list(record.actions[:upto]),
            [],
        )
        self.chronicles[info.id] = chronicle
        return chronicle

    async def _prompt(
        self,
        info: GameInfo,
        state: Any,
        *,
        names: list[str] | None = None,
        mention: bool = True,
        for_user: int | None = None,
    ) -> tuple[str, discord.ui.View | None]:
        """The prompt of the pending decision: text, and the components for its decider."""
        names = names or await self.names_for(info)
        game = get_game(info.kind)
        pending = info.pending[0]
        seat = pending.seat
        player = state.players[seat]
        users = [s.user_id for s in info.awaiting if s.user_id is not None]
        mentions = " ".join(f"<@{u}>" for u in users) if mention else "🔔"
        sentence = headline(state, pending.prompt, names)
        lines = [t.PROMPT.format(mentions=mentions, who=names[seat], prompt=sentence)]
        stock = f"{player.deniers} d · {_cubes(player.cubes)} · {player.prestige} PP"
        lines.append(
            t.PROMPT_CONTEXT.format(
                turn=state.turn, phase=state.phase, name=t.PHASE_NAMES[state.phase - 1], stock=stock
            )
        )
        lines += (await self.deadline_lines(info, names))[0]
        view = None
        if for_user is None or for_user in users:
            actions = game.legal_actions(state, seat)
            shape: Layout = layout(state, seat, actions, names)
            view = choice_view(info.id, info.version, shape)
            lines.append(t.PROMPT_HELP)
            if shape.hidden:
                lines.append(t.PROMPT_TOO_MANY)
        return _clip("\n".join(lines)), view

    @staticmethod
    def _game_over_message(
        info: GameInfo,
        result: ActResult,
        names: list[str],
        text: str,
        card: Any,
    ) -> dict[str, Any]:
        """The game-over message: scores with their breakdown, winners, the final card (the
        whole final board follows in a message of its own)."""
        outcome = result.outcome
        assert outcome is not None
        embed = discord.Embed(
            title=t.GAME_OVER_TITLE.format(game_id=info.id), colour=discord.Colour.gold()
        )
        order = sorted(range(len(outcome.scores)), key=lambda s: -outcome.scores[s])
        lines = []
        for seat in order:
            b = outcome.breakdown[seat]
            lines.append(
                t.SCORE_LINE.format(
                    emoji=t.COLOUR_EMOJI.get(info.seats[seat].colour, ""),
                    name=names[seat],
                    total=b["total"],
                    game=b["game"],
                    gold=b["gold"],
                    cubes=b["cubes"],
                    deniers=b["deniers"],
                )
            )
        winners = " & ".join(names[s] for s in outcome.winners)
        best = outcome.scores[outcome.winners[0]]
        template = t.WINNER_ONE if len(outcome.winners) == 1 else t.WINNER_MANY
        embed.description = template.format(names=winners, score=best) + "\n\n" + "\n".join(lines)
        message: dict[str, Any] = {
            "content": _clip(text) if text else None,
            "embed": embed,
            "allowed_mentions": NO_MENTIONS,
        }
        if card is not None:
            message["files"] = [(card.filename, card.data)]
            embed.set_image(url=f"attachment://{card.filename}")
        return message

    # --- commands: lobby --------------------------------------------------------------------------

    @caylus.command(name="new", description=t.DESC["new"])
    @app_commands.describe(
        players=t.OPT_PLAYERS, favor_mode=t.OPT_FAVOR, tile_set=t.OPT_TILES, clock=t.OPT_CLOCK
    )
    @app_commands.choices(
        favor_mode=[app_commands.Choice(name=v, value=v) for v in ("full", "simplified")],
        tile_set=[app_commands.Choice(name=v, value=v) for v in ("revised", "first")],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[int, 2, 5] | None = None,
        favor_mode: str | None = None,
        tile_set: str | None = None,
        clock: str | None = None,
    ) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "new"):
            await self.defer_private(interaction)
            if interaction.guild_id is None:
                raise err.ServiceError(t.GUILD_ONLY)
            if clock is not None:
                try:  # checked before the game exists: a bad clock creates nothing
                    parse_clock(clock)
                except ClockInputError:
                    raise err.BadClock(value=clock) from None
            options = {
                k: v
                for k, v in (("favor_mode", favor_mode), ("tile_set", tile_set))
                if v is not None
            }
            info = await self.service.create_game(
                interaction.guild_id,
                interaction.channel_id,
                interaction.user.id,
                players=players,
                options=options,
            )
            if clock is not None:
                await self.clock.set_clock(info.id, interaction.user.id, clock, can_manage=True)
            await self.announce(
                interaction,
                t.OPENED.format(game_id=info.id),
                embed=await self.lobby_embed(info),
                view=lobby_view(info.id),
            )

    @caylus.command(name="join", description=t.DESC["join"])
    async def join(self, interaction: discord.Interaction) -> None:
        await self._lobby_command(interaction, "join")

    @caylus.command(name="leave", description=t.DESC["leave"])
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._lobby_command(interaction, "leave")

    @caylus.command(name="addbot", description=t.DESC["addbot"])
    async def addbot(self, interaction: discord.Interaction) -> None:
        await self._lobby_command(interaction, "bot")

    @caylus.command(name="kick", description=t.DESC["kick"])
    @app_commands.describe(seat=t.OPT_SEAT)
    async def kick(
        self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 5]
    ) -> None:
        if interaction.guild_id is not None:
            info = await self.service.game_in_channel(interaction.guild_id, interaction.channel_id)
            if info is not None and info.status == "running":
                await self._kick_idle(interaction, info, seat)
                return
        await self._lobby_command(interaction, "kick", seat=seat)

    async def _kick_idle(self, interaction: discord.Interaction, info: GameInfo, seat: int) -> None:
        """In a running game the host hands an idle player's seat to the built-in player."""
        self.remember(interaction.user)
        async with self.guard(interaction, "kick", info.id):
            await self.defer_private(interaction)
            async with self.locks[info.id]:
                notice = await self.clock.kick(
                    info.id,
                    interaction.user.id,
                    seat - 1,
                    self.now(),
                    can_manage=self.can_manage(interaction),
                )
                await self.announce(
                    interaction,
                    t.KICK_NOTE.format(colour=notice.colour, game_id=info.id),
                    _clip(notice.render(self._mentions(notice))),
                )
                if notice.result is not None and notice.result.moves:
                    await self.deliver(info.id, notice.result)
                else:
                    await self.refresh_prompt(interaction.channel, info)  # the version changed

    async def _lobby_command(
        self, interaction: discord.Interaction, op: str, seat: int = 0
    ) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, op):
            await self.defer_private(interaction)
            info = await self.channel_game(interaction)
            uid = interaction.user.id
            manage = self.can_manage(interaction)
            if op == "join":
                info = await self.service.join(info.id, uid)
            elif op == "leave":
                info = await self.service.leave(info.id, uid)
            elif op == "bot":
                info = await self.service.add_bot(info.id, uid, can_manage=manage)
            else:
                info = await self.service.kick(info.id, uid, seat - 1, can_manage=manage)
            note, _public = t.LOBBY_NOTES[op]
            who = interaction.user.display_name
            facts = {"game_id": info.id, "seat": seat, "who": who}
            if info.status == "aborted":
                await self.announce(interaction, note.format(**facts), t.LOBBY_GONE.format(**facts))
                return
            view = lobby_view(info.id) if info.status == "lobby" else None
            embed = await self.lobby_embed(info)
            if await self._update_lobby(interaction.channel, info.id, embed, view):
                await self.tell(interaction, t.LOBBY_NOTE_UPDATED.format(note=note.format(**facts)))
                return
            await self.announce(interaction, note.format(**facts), None, embed=embed, view=view)

    async def _update_lobby(
        self, channel: Any, game_id: int, embed: discord.Embed, view: Any
    ) -> bool:
        """Edit the game's lobby message in place (no second copy in the channel); False when
        it cannot be found (deleted, or long scrolled away)."""
        title = t.LOBBY_TITLE.format(game_id=game_id)
        me = self.bot.user
        try:
            async for message in channel.history(limit=50):
                if (
                    me is not None
                    and message.author.id == me.id
                    and any(e.title == title for e in message.embeds)
                ):
                    await message.edit(embed=embed, view=view)
                    return True
        except discord.HTTPException:
            log.info("could not update the lobby of game %s", game_id)
        return False

    @caylus.command(name="start", description=t.DESC["start"])
    async def start(self, interaction: discord.Interaction) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "start"):
            await self.defer_private(interaction)
            info = await self.channel_game(interaction)
            await self._start(interaction, info.id, edit_lobby=False)

    @caylus.command(name="abort", description=t.DESC["abort"])
    async def abort(self, interaction: discord.Interaction) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "abort"):
            await self.defer_private(interaction)
            try:
                info = await self.channel_game(interaction)
            except err.GameDamaged as damaged:  # it cannot be read, but it can be aborted
                gid = damaged.game_id
                await self.service.abort(
                    gid, interaction.user.id, can_manage=self.can_manage(interaction)
                )
                who = interaction.user.display_name
                await self.announce(
                    interaction,
                    t.ABORT_DONE.format(game_id=gid),
                    t.ABORTED.format(game_id=gid, who=who),
                )
                return
            async with self.locks[info.id]:
                await self.service.abort(
                    info.id, interaction.user.id, can_manage=self.can_manage(interaction)
                )
                await self._close_prompt(interaction.channel, info)
                await self._drop_reminders(info.id)
            self.chronicles.pop(info.id, None)
            if info.status == "lobby":
                aborted = await self.service.game(info.id)
                await self._close_lobbies(
                    interaction.channel, info.id, await self.lobby_embed(aborted)
                )
            who = interaction.user.display_name
            await self.announce(
                interaction,
                t.ABORT_DONE.format(game_id=info.id),
                t.ABORTED.format(game_id=info.id, who=who),
            )

    # --- commands: play ---------------------------------------------------------------------------

    @caylus.command(name="play", description=t.DESC["play"])
    @app_commands.describe(action=t.OPT_ACTION)
    async def play(self, interaction: discord.Interaction, action: str) -> None:
        started = time.perf_counter()
        self.remember(interaction.user)
        async with self.guard(interaction, f"play:{_clip(action, 40)}"):
            await interaction.response.defer(ephemeral=True, thinking=True)
            info = await self.running_game(interaction)
            async with self.locks[info.id]:
                before = await self.service.view(info.id, interaction.user.id)
                try:
                    result = await self.service.act(
                        info.id,
                        interaction.user.id,
                        action,
                        None,
                        issued_at=self.issued_at(interaction),
                    )
                except err.ServiceError as error:
                    await self.handle_error(interaction, error, "play", info.id)
                    return
                label = action
                if before.state is not None and before.seat is not None:
                    names = await self.names_for(info)
                    parsed = get_game(info.kind).parse_action(action)
                    label = describe(before.state, before.seat.seat, parsed, names).label
                played = result.moves[0].action if result.moves else action
                await self.tell(interaction, t.PLAYED.format(label=label, action=played))
                who = self.names.get(interaction.user.id, interaction.user.display_name)
                await self._mark_answered(
                    interaction.channel, info.id, before.game.version, who, label
                )
                failed = await self.deliver(info.id, result)
                if failed is not None:
                    note = t.MADE_NOT_POSTED.format(label=label, reason=failed)
                    await self.tell(interaction, note)
        self.timings.append(time.perf_counter() - started)

    @play.autocomplete("action")
    async def play_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            if interaction.guild_id is None:
                return []
            info = await self.service.game_in_channel(interaction.guild_id, interaction.channel_id)
            if info is None or info.status != "running":
                return []
            view = await self.service.view(info.id, interaction.user.id)
            if view.decision is None or view.seat is None:
                return []
            game = get_game(info.kind)
            names = await self.names_for(info)
            seat = view.seat.seat
            actions = game.legal_actions(view.state, seat)
            needle = current.strip().lower()
            out = []
            for action in actions:
                choice = describe(view.state, seat, action, names)
                name = autocomplete_name(choice)
                if needle and needle not in name.lower():
                    continue
                out.append(app_commands.Choice(name=name, value=choice.action))
                if len(out) == 25:
                    break
            return out
        except Exception:
            log.exception("autocomplete of /caylus play failed")
            return []

    # --- commands: look ---------------------------------------------------------------------------

    @caylus.command(name="board", description=t.DESC["board"])
    async def board(self, interaction: discord.Interaction) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "board"):
            await interaction.response.defer(ephemeral=True, thinking=True)
            info = await self.running_game(interaction)
            state = await self.service.state(info.id)
            previous = await self.service.phase_start_state(info.id)
            names = await self.names_for(info)
            picture = await self.render_board(state, names, previous)
            content = None
            if info.pending:
                content, _ = await self._prompt(
                    info, state, names=names, mention=False, for_user=-1
                )
            file = None
            if picture is not None:
                file = discord.File(io.BytesIO(picture.data), filename=picture.filename)
            await self.tell(interaction, content, file=file)

    @caylus.command(name="status", description=t.DESC["status"])
    async def status(self, interaction: discord.Interaction) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "status"):
            await interaction.response.defer(ephemeral=True, thinking=True)
            info = await self.channel_game(interaction)
            names = await self.names_for(info)
            lines = [f"**{t.STATUS_TITLE.format(game_id=info.id, status=m.STATUS[info.status])}**"]
            if info.status == "lobby":
                await self.tell(interaction, embed=await self.lobby_embed(info))
                return
            state = await self.service.state(info.id)
            lines.append(
                t.STATUS_TURN.format(
                    turn=state.turn,
                    phase=state.phase,
                    name=t.PHASE_NAMES[state.phase - 1],
                    bailiff=state.bailiff,
                    provost=state.provost,
                )
            )
            if info.pending:
                pending = info.pending[0]
                since = ""
                if info.awaiting_since:
                    since = t.STATUS_SINCE.format(when=f"<t:{int(info.awaiting_since)}:R>")
                lines.append(
                    t.STATUS_WAITING.format(
                        who=names[pending.seat], prompt=pending.prompt, since=since
                    )
                )
                lines += (await self.deadline_lines(info, names))[0]
            for seat in info.seats:
                p = state.players[seat.seat]
                lines.append(
                    t.STATUS_SEAT.format(
                        emoji=t.COLOUR_EMOJI.get(seat.colour, ""),
                        name=names[seat.seat],
                        pp=p.prestige,
                        deniers=p.deniers,
                        cubes=_cubes(p.cubes),
                        workers=p.workers,
                    )
                )
            await self.tell(interaction, "\n".join(lines))

    @caylus.command(name="me", description=t.DESC["me"])
    async def me(self, interaction: discord.Interaction) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "me"):
            await interaction.response.defer(ephemeral=True, thinking=True)
            info = await self.running_game(interaction)
            view = await self.service.view(info.id, interaction.user.id)
            if view.seat is None:
                await self.tell(interaction, t.ME_NO_SEAT.format(game_id=info.id))
                return
            names = await self.names_for(info)
            seat = view.seat
            p = view.state.players[seat.seat]
            title = t.ME_TITLE.format(
                game_id=info.id, colour=seat.colour, emoji=t.COLOUR_EMOJI.get(seat.colour, "")
            )
            lines = [
                f"**{title}**",
                t.ME_LINE.format(
                    pp=p.prestige, deniers=p.deniers, cubes=_cubes(p.cubes), workers=p.workers
                ),
                t.ME_FAVORS.format(a=p.favors[0], b=p.favors[1], c=p.favors[2], d=p.favors[3]),
            ]
            owned = [
                f"{cat.TILES[tile].name} ({i + 1})"
                for i, tile in enumerate(view.state.road)
                if tile and view.state.owners[i] == seat.seat
            ]
            lines.append(
                t.ME_BUILDINGS.format(buildings=", ".join(owned)) if owned else t.ME_NO_BUILDINGS
            )
            components = None
            if view.decision is not None:
                lines.append(t.ME_DECISION.format(prompt=view.decision.prompt))
                _, components = await self._prompt(
                    info, view.state, names=names, mention=False, for_user=interaction.user.id
                )
            elif info.pending:
                lines.append(t.ME_WAIT.format(who=names[info.pending[0].seat]))
            await self.tell(interaction, "\n".join(lines), view=components)

    @caylus.command(name="log", description=t.DESC["log"])
    @app_commands.describe(page=t.OPT_PAGE)
    async def log_(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] = 1
    ) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "log"):
            await interaction.response.defer(ephemeral=True, thinking=True)
            info = await self.running_game(interaction)
            per_page = 20
            total = info.seq
            if total == 0:
                await self.tell(interaction, t.LOG_EMPTY.format(game_id=info.id))
                return
            after = max(0, total - per_page * page)
            limit = min(per_page, total - after) if page > 1 else per_page
            entries = (await self.service.log(info.id, after_seq=after, limit=limit)).entries
            names = await self.names_for(info)
            title = t.LOG_TITLE.format(
                game_id=info.id, first=entries[0].seq, last=entries[-1].seq, total=total
            )
            lines = [f"**{title}**"]
            lines += [
                t.LOG_LINE.format(seq=e.seq, who=names[e.seat], action=e.action) for e in entries
            ]
            await self.tell(interaction, "\n".join(lines))

    @caylus.command(name="rules", description=t.DESC["rules"])
    @app_commands.describe(topic=t.OPT_TOPIC)
    async def rules(self, interaction: discord.Interaction, topic: str) -> None:
        async with self.guard(interaction, "rules"):
            await self.tell(interaction, rules_text(topic))

    @rules.autocomplete("topic")
    async def rules_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        needle = current.strip().lower()
        found = [
            app_commands.Choice(name=name, value=value)
            for name, value in rule_topics()
            if needle in name.lower() or needle in value
        ]
        return found[:25]

    # --- commands: the clock (docs/clock.md) ------------------------------------------------------

    @caylus.command(name="clock", description=t.DESC["clock"])
    @app_commands.rename(duration="time")
    @app_commands.describe(
        duration=t.OPT_CLOCK,
        reminders=t.OPT_REMINDERS,
        away_days=t.OPT_AWAY_DAYS,
        takeover_after=t.OPT_TAKEOVER_AFTER,
    )
    async def clock_(
        self,
        interaction: discord.Interaction,
        duration: str | None = None,
        reminders: str | None = None,
        away_days: app_commands.Range[int, 0, 60] | None = None,
        takeover_after: app_commands.Range[int, 1, 20] | None = None,
    ) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "clock"):
            await self.defer_private(interaction)
            info = await self.channel_game(interaction)
            if duration is reminders is away_days is takeover_after is None:
                settings = await self.clock.clock_settings(info.id)
                await self.tell(interaction, t.CLOCK_SHOW.format(text=settings.text))
                return
            async with self.locks[info.id]:
                settings = await self.clock.configure(
                    info.id,
                    interaction.user.id,
                    clock=duration,
                    reminders=reminders,
                    max_away_days=away_days,
                    takeover_after=takeover_after,
                    can_manage=self.can_manage(interaction),
                )
            kwargs: dict[str, Any] = {}
            if info.status == "lobby":
                kwargs = {"embed": await self.lobby_embed(info), "view": lobby_view(info.id)}
            await self.announce(
                interaction,
                t.CLOCK_CHANGED_NOTE.format(text=settings.text),
                t.CLOCK_CHANGED.format(who=interaction.user.display_name, text=settings.text),
                **kwargs,
            )

    @caylus.command(name="settings", description=t.DESC["settings"])
    @app_commands.describe(
        time_zone=t.OPT_TIME_ZONE, quiet_hours=t.OPT_QUIET_HOURS, reminders_via=t.OPT_REMIND_VIA
    )
    @app_commands.choices(
        reminders_via=[app_commands.Choice(name=v, value=v) for v in ("channel", "dm", "none")]
    )
    async def settings_(
        self,
        interaction: discord.Interaction,
        time_zone: str | None = None,
        quiet_hours: str | None = None,
        reminders_via: str | None = None,
    ) -> None:
        async with self.guard(interaction, "settings"):
            await self.defer_private(interaction)
            changing = (time_zone, quiet_hours, reminders_via) != (None, None, None)
            mine = await self.clock.set_user_settings(
                interaction.user.id,
                time_zone=time_zone,
                quiet_hours=quiet_hours,
                remind_via=reminders_via,
            )
            local = self.now().astimezone(_zone(mine.time_zone)).strftime("%H:%M")
            lines = [t.SETTINGS_SAVED] if changing else []
            lines += [
                t.SETTINGS_TITLE,
                t.SETTINGS_LINES.format(
                    zone=mine.time_zone,
                    local=local,
                    quiet=str(mine.quiet_hours) if mine.quiet_hours else t.QUIET_NONE,
                    via=t.REMIND_VIA_NAMES.get(mine.remind_via, mine.remind_via),
                ),
            ]
            if not changing:
                lines.append(t.SETTINGS_HELP)
            await self.tell(interaction, "\n".join(lines))

    @settings_.autocomplete("time_zone")
    async def time_zone_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=z, value=z) for z in suggest_time_zones(current)]

    @caylus.command(name="away", description=t.DESC["away"])
    @app_commands.describe(until=t.OPT_AWAY_UNTIL)
    async def away(self, interaction: discord.Interaction, until: str) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "away"):
            await self.defer_private(interaction)
            info = await self.running_game(interaction)
            uid = interaction.user.id
            async with self.locks[info.id]:
                away = await self.clock.away(info.id, uid, until, self.now())
                public = away.notice.render(f"<@{uid}>") + await self._deadline_now(info.id)
                await self.announce(
                    interaction,
                    t.AWAY_NOTE.format(game_id=info.id, until=discord_timestamp(away.until)),
                    _clip(public),
                )
                await self.refresh_prompt(interaction.channel, info)

    @caylus.command(name="back", description=t.DESC["back"])
    async def back(self, interaction: discord.Interaction) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "back"):
            await self.defer_private(interaction)
            info = await self.running_game(interaction)
            uid = interaction.user.id
            async with self.locks[info.id]:
                notice = await self.clock.back(info.id, uid, self.now())
                public = notice.render(f"<@{uid}>") + await self._deadline_now(info.id)
                await self.announce(interaction, t.BACK_NOTE.format(game_id=info.id), _clip(public))
                await self.refresh_prompt(interaction.channel, info)

    @caylus.command(name="pause", description=t.DESC["pause"])
    async def pause(self, interaction: discord.Interaction) -> None:
        await self._pause_command(interaction, "pause")

    @caylus.command(name="resume", description=t.DESC["resume"])
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._pause_command(interaction, "resume")

    async def _pause_command(self, interaction: discord.Interaction, op: str) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, op):
            await self.defer_private(interaction)
            info = await self.running_game(interaction)
            uid = interaction.user.id
            async with self.locks[info.id]:
                if op == "pause":
                    state = await self.clock.vote_pause(info.id, uid, self.now())
                else:
                    state = await self.clock.vote_resume(info.id, uid, self.now())
                public = state.notice.render(f"<@{uid}>")
                if state.notice.kind == "resumed":
                    public += await self._deadline_now(info.id)
                note = t.PAUSE_NOTE if op == "pause" else t.RESUME_NOTE
                await self.announce(interaction, note, _clip(public))
                if state.notice.kind in ("paused", "resumed"):
                    await self.refresh_prompt(interaction.channel, info)

    async def _deadline_now(self, game_id: int) -> str:
        """' Alice's decision: decide by ...' for announcements that move a deadline."""
        deadline = await self.clock.deadline(game_id, self.now())
        if deadline is None or deadline.due is None:
            return ""
        info = await self.service.game(game_id)
        names = await self.names_for(info)
        return t.DEADLINE_NOW.format(
            who=names[deadline.seat], due=deadline.timestamp("f"), relative=deadline.timestamp("R")
        )

    @caylus.command(name="reclaim", description=t.DESC["reclaim"])
    async def reclaim(self, interaction: discord.Interaction) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "reclaim"):
            await self.defer_private(interaction)
            info = await self.running_game(interaction)
            uid = interaction.user.id
            async with self.locks[info.id]:
                notice = await self.clock.reclaim(info.id, uid)
                await self.announce(
                    interaction,
                    t.RECLAIM_NOTE.format(game_id=info.id),
                    _clip(notice.render(f"<@{uid}>")),
                )
                await self.refresh_prompt(interaction.channel, info)  # the version changed

    @caylus.command(name="mygames", description=t.DESC["mygames"])
    async def mygames(self, interaction: discord.Interaction) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "mygames"):
            await self.defer_private(interaction)
            if interaction.guild_id is None:
                raise err.ServiceError(t.GUILD_ONLY)
            games = await self.clock.my_games(interaction.user.id, interaction.guild_id, self.now())
            if not games:
                await self.tell(interaction, t.MYGAMES_NONE)
                return
            lines = [t.MYGAMES_TITLE]
            for g in games:
                channel = f"<#{g.channel_id}>"
                d = g.deadline
                if g.taken_over:
                    line = t.MYGAMES_TAKEN.format(game_id=g.game_id, channel=channel)
                elif g.status == "lobby":
                    line = t.MYGAMES_LOBBY.format(game_id=g.game_id, channel=channel)
                elif g.waiting_for_you and d is not None:
                    line = t.MYGAMES_WAITING.format(
                        game_id=g.game_id,
                        channel=channel,
                        prompt=d.prompt,
                        due=d.timestamp("R") if d.due else "—",
                    )
                else:
                    who = t.MYGAMES_NOBODY
                    if d is not None:
                        who = await self.name_of(g.guild_id, d.user_id, d.colour)
                    due = t.MYGAMES_DUE.format(due=d.timestamp("R")) if d and d.due else ""
                    line = t.MYGAMES_RUNNING.format(
                        game_id=g.game_id, channel=channel, who=who, due=due
                    )
                if g.paused:
                    line += t.MYGAMES_PAUSED
                if g.away_until is not None:
                    line += t.MYGAMES_AWAY.format(until=discord_timestamp(g.away_until))
                lines.append(line)
            await self.tell(interaction, "\n".join(lines))

    @caylus.command(name="help", description=t.DESC["help"])
    async def help(self, interaction: discord.Interaction) -> None:
        async with self.guard(interaction, "help"):
            await self.tell(interaction, t.HELP)


# --- rules text ---------------------------------------------------------------------------------


def rule_topics() -> list[tuple[str, str]]:
    """(label, value) of every building and phase, for /caylus rules."""
    out = [(f"Phase {k}: {name}", f"phase {k}") for k, name in enumerate(t.PHASE_NAMES, 1)]
    out += [(t.RULES_FAVORS_TOPIC, "favors"), (t.RULES_SCORING_TOPIC, "scoring")]
    out += [(label, key) for key, (label, _) in t.RULES_FIGURES.items()]
    for tile in cat.TILES.values():
        out.append((f"{tile.name} ({tile.kind.value}) — {tile.reminder}"[:100], tile.id))
    return out


def _favor_rules() -> str:
    """The royal favor table, from the catalogue."""
    lines = [t.RULES_FAVORS_HEAD]
    for line in cat.FAVOR_LINES:
        cells = " | ".join(
            f"{col}: {text.replace('->', '→')}"
            for col, text in enumerate(cat.FAVOR_CELL_TEXT[line], start=1)
        )
        lines.append(f"**{line}) {cat.FAVOR_LINE_NAMES[line]}** — {cells}")
    lines.append(t.RULES_FAVORS_FOOT)
    return "\n".join(lines)


def _scoring_rules() -> str:
    """The castle scoring tables and the end bonus, from the catalogue."""
    lines = [t.RULES_SCORING_HEAD]
    for sec, name in enumerate(cat.SECTION_NAMES):
        results = []
        for houses in range(0, 7):  # 6 houses or more all score alike
            pp, favors = cat.section_reward(sec, houses)
            text = f"{pp} PP" if pp else f"{favors} favor{'s' if favors > 1 else ''}"
            results.append(text if pp or favors else "nothing")
        rows = []
        start = 0
        for houses in range(1, 8):
            if houses == 7 or results[houses] != results[start]:
                span = (
                    f"{start}+"
                    if houses == 7
                    else f"{start}"
                    if houses - 1 == start
                    else f"{start}-{houses - 1}"
                )
                rows.append(f"{span}: {results[start]}")
                start = houses
        lines.append(
            t.RULES_SCORING_LINE.format(
                name=name,
                size=cat.SECTION_SIZES[sec],
                points=cat.SECTION_POINTS[sec],
                trigger=cat.SECTION_TRIGGERS[sec],
                rows=", ".join(rows),
            )
        )
    lines.append(t.RULES_SCORING_FOOT)
    return "\n".join(lines)


def rules_text(topic: str) -> str:
    key = topic.strip().lower()
    if key.startswith("phase"):
        number = key.removeprefix("phase").strip()
        if number.isdigit() and 1 <= int(number) <= 7:
            k = int(number)
            return t.RULES_PHASE.format(phase=k, name=t.PHASE_NAMES[k - 1], text=t.PHASE_RULES[k])
    if key in ("favors", "favor", "royal favors"):
        return _favor_rules()
    if key in ("scoring", "score", "castle scoring"):
        return _scoring_rules()
    aliases = {"trading post": "trading", "merchants' guild": "guild", "joust field": "joust"}
    key = aliases.get(key, key)
    by_label = {label.split(" — ")[0].lower(): k for k, (label, _) in t.RULES_FIGURES.items()}
    key = by_label.get(key, key)
    if key in t.RULES_FIGURES:
        label, text = t.RULES_FIGURES[key]
        lines = [f"**{label}**", text]
        if key in cat.SPECIAL_NAMES:
            lines.append(t.RULES_PLACE.format(id=key))
        return "\n".join(lines)
    by_name = {tile.name.lower(): tile.id for tile in cat.TILES.values()}
    tile = cat.TILES.get(key) or cat.TILES.get(by_name.get(key, ""))
    if tile is None:
        return t.RULES_UNKNOWN.format(topic=topic)
    fixed = [p for p, tid in cat.FIXED_POSITIONS.items() if tid == tile.id]
    pos = f", space {fixed[0]}" if fixed else ""
    lines = [t.RULES_BUILDING.format(name=tile.name, kind=tile.kind.value, pos=pos)]
    if tile.cost:
        cost = " + ".join(
            "1 cube of your choice" if c == cat.ANY else f"1 {cat.CUBE_NAMES[c]}" for c in tile.cost
        )
        if tile.deniers_cost:
            cost += f" + {tile.deniers_cost} d"
        lines.append(t.RULES_COST.format(cost=cost))
    if tile.prestige:
        favors = (
            f", {tile.favors} royal favor" + ("s" if tile.favors > 1 else "") if tile.favors else ""
        )
        lines.append(t.RULES_PRESTIGE.format(pp=tile.prestige, favors=favors))
    if tile.reminder:
        lines.append(t.RULES_EFFECT.format(reminder=tile.reminder))
    lines.append(t.RULES_NOTATION.format(id=tile.id))
    return "\n".join(lines)


def _label_in(message: discord.Message | None, action: str) -> str | None:
    """The label the player saw for `action` on the pressed message."""
    if message is None:
        return None
    for row in message.components:
        for item in getattr(row, "children", [row]):
            custom_id = getattr(item, "custom_id", "") or ""
            if custom_id.endswith(f":{action}") and getattr(item, "label", None):
                return item.label
            for option in getattr(item, "options", ()) or ():
                if option.value == action:
                    return option.label
    return None


def _zone(name: str) -> Any:
    try:
        return time_zone(name)
    except ClockInputError:
        return time_zone("UTC")


def _is_prompt_of(message: discord.Message, game_id: int, version: int) -> bool:
    """A prompt of `game_id` at `version`: its buttons' and menus' ids say so (bot/views.py)."""
    marks = (f"cay:b:{game_id}:{version}:", f"cay:s:{game_id}:{version}:")
    for row in message.components:
        for item in getattr(row, "children", [row]):
            if (getattr(item, "custom_id", "") or "").startswith(marks):
                return True
    return False
