"""The decision clock on Discord: the scheduler loop (outbox, expiries, reminders), and
/caylus clock, away, back, pause, resume, reclaim, mygames (docs/clock.md)."""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import tasks

import i18n
from bot.clock_service import ClockNotice, MyGame
from bot.clock_service.clock import (
    discord_timestamp,
)
from bot.discord.cogs.base import DELIVERY_ERRORS, NO_MENTIONS, _clip, mentioning, notice_mentions
from bot.discord.cogs.delivery import Delivery
from bot.discord.cogs.group import caylus
from bot.metrics import IN_CLOCK
from bot.words import errors as err
from bot.words.lang import m, t
from render.sentences import decision_phrase

log = logging.getLogger(__name__)


class ClockCommands(Delivery):
    """The clock's scheduler and commands."""

    health_file_failed = False  # logged once until the file can be written again

    async def cog_load(self) -> None:
        if self.settings.clock_loop:
            self.clock_loop.change_interval(seconds=self.settings.clock_tick_seconds)
            self.clock_loop.start()

    async def cog_unload(self) -> None:
        self.clock_loop.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)

    @tasks.loop(minutes=1)
    async def clock_loop(self) -> None:
        # The tick runs as its own task: it ends when the tick is done, which lets a test
        # harness (SimCord) see the work finish instead of waiting for the endless loop task.
        await asyncio.ensure_future(self.run_clock(lag=self._loop_lag()))

    def _loop_lag(self) -> float:
        """Seconds this run of the loop started after it was due (its previous run's start
        plus the interval: a long run, or a busy event loop, makes the next one late)."""
        following, interval = self.clock_loop.next_iteration, self.clock_loop.seconds
        if following is None or not interval:
            return 0.0
        due = following - timedelta(seconds=interval)
        # Discord's clock, as the loop reads it (SimCord's virtual one in tests)
        return max(0.0, (discord.utils.utcnow() - due).total_seconds())

    @clock_loop.before_loop
    async def _before_clock_loop(self) -> None:
        await self.bot.wait_until_ready()  # the first run is right after: a restart catches up

    async def run_clock(self, now: datetime | None = None, lag: float = 0.0) -> list[ClockNotice]:
        """One run of the scheduler: first what earlier posts (or a restart) left undelivered,
        then the clock's tick (everything due is applied by the ClockService, each notice
        posted here as soon as the tick decides it). A notice that cannot be posted is logged
        and the others still go out; nothing escapes. Its time, and `lag` (how late the loop
        started it), go to the metrics."""
        started = time.perf_counter()
        try:
            return await self._run_clock(now if now is not None else self.now())
        finally:
            self.metrics.clock_tick(time.perf_counter() - started, lag)

    async def _run_clock(self, now: datetime) -> list[ClockNotice]:
        try:
            await self.deliver_due(now)
        except Exception:
            log.exception("posting the outbox failed")
            self.clock_failures += 1
            self.metrics.unexpected_error(IN_CLOCK)
        try:
            # each notice is posted as soon as the tick decides it: a catch-up of thousands of
            # expiries holds no move's result longer than its post (docs/clock.md)
            notices = await self.clock.tick(now, deliver=self._post_clock_notice)
        except Exception:
            log.exception("the clock's tick failed")
            self.clock_failures += 1
            self.metrics.unexpected_error(IN_CLOCK)
            return []
        self.beat()
        return notices

    async def _post_clock_notice(self, notice: ClockNotice) -> None:
        """Post one of the tick's notices; a failure is logged and counted, the others go on."""
        if notice.kind == "takeover":
            return  # its line is posted with its expiry (the outbox row of that move)
        try:
            await self.post_notice(notice)
        except Exception:
            self.clock_failures += 1
            self.metrics.unexpected_error(IN_CLOCK)
            log.exception(
                "could not post the clock's %s notice of game %s", notice.kind, notice.game_id
            )

    def beat(self) -> None:
        """The health file is rewritten: the clock's tick has just read the database, and the
        bot is connected to Discord (`caylus health`, docs/deploy.md)."""
        path = self.settings.health_file
        if not path or not self.bot.is_ready() or self.bot.is_closed():
            return
        try:
            Path(path).write_text(f"{time.time():.0f}\n", encoding="utf-8")
        except OSError as error:
            if not self.health_file_failed:
                log.warning("cannot write the health file %s: %s", path, error)
            self.health_file_failed = True
        else:
            self.health_file_failed = False

    async def post_notice(self, notice: ClockNotice) -> None:
        """Post what the clock decided: a reminder (a short ping, or a DM), an expiry (the old
        prompt is marked, then the outbox row of the clock's move: the expiry's lines, with
        the takeover if any, boards and the next prompt as after a move), the end of an away
        period, a damaged game."""
        if notice.kind == "expired":
            async with self.locks[notice.game_id]:
                try:
                    channel = await self._channel(notice.channel_id)
                    with i18n.using(await self.service.game_language(notice.game_id)):
                        await self._mark_expired(channel, notice)
                except DELIVERY_ERRORS:
                    log.info("could not mark the expired prompt of game %s", notice.game_id)
                await self.deliver(notice.game_id, notice.result)
            return
        channel = await self._channel(notice.channel_id)
        lang = await self.service.game_language(notice.game_id)
        if notice.kind == "reminder":
            await self._remind(channel, notice, lang)
            return
        with i18n.using(lang):
            text = notice.render(notice_mentions(notice))
        await channel.send(_clip(text), allowed_mentions=NO_MENTIONS)

    async def _remind(self, channel: Any, notice: ClockNotice, lang: str) -> None:
        if notice.via == "dm":
            user_id = notice.user_ids[0]
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                with i18n.using(await self.service.user_language(user_id) or lang):
                    text = t.REMINDER_DM.format(
                        text=notice.render(f"<@{user_id}>"), channel=f"<#{notice.channel_id}>"
                    )
                await user.send(_clip(text), allowed_mentions=NO_MENTIONS)
                return
            except discord.HTTPException:  # DMs closed: fall back to the channel
                log.info("could not DM user %s; reminding in the channel", user_id)
        with i18n.using(lang):
            text = notice.render(notice_mentions(notice))
        # a reminder pings the player whose decision it is, once (docs/clock.md)
        sent = await channel.send(_clip(text), allowed_mentions=mentioning(notice.user_ids))
        self.reminders[notice.game_id].append(sent)

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
            info = await self.service.game(notice.game_id)
            # the player who had the decision (after a takeover their seat is the bot's)
            who = await self.name_of(info.guild_id, deadline.user_id, deadline.colour)
            # the prompt collapses to one line that stays in the story (an account does not
            # say that the clock played)
            content = _clip(t.EXPIRED_COLLAPSED.format(who=who, line=line))
            await message.edit(content=content, view=None, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.info("could not mark the expired prompt of game %s", notice.game_id)
        self.prompts.pop(notice.game_id, None)

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
                kwargs = {"embed": await self.lobby_embed(info), "view": self.lobby_buttons(info)}
            with self.public(info):
                public = t.CLOCK_CHANGED.format(
                    who=interaction.user.display_name, text=settings.text
                )
            await self.announce(
                interaction, t.CLOCK_CHANGED_NOTE.format(text=settings.text), public, **kwargs
            )

    @caylus.command(name="away", description=t.DESC["away"])
    @app_commands.describe(until=t.OPT_AWAY_UNTIL)
    async def away(self, interaction: discord.Interaction, until: str) -> None:
        async with self.guard(interaction, "away"):
            await self.defer_private(interaction)
            info = await self.running_game(interaction)
            uid = interaction.user.id
            async with self.locks[info.id]:
                away = await self.clock.away(info.id, uid, until, self.now())
                with self.public(info):
                    public = away.notice.render(f"<@{uid}>") + await self._deadline_now(info.id)
                await self.announce(
                    interaction,
                    t.AWAY_NOTE.format(game_id=info.id, until=discord_timestamp(away.until)),
                    _clip(public),
                )
                await self.refresh_prompt(interaction.channel, info)

    @caylus.command(name="back", description=t.DESC["back"])
    async def back(self, interaction: discord.Interaction) -> None:
        """Back from an away period, or taking the seat back from the built-in player (both at
        once when both apply): one command for "I am here again"."""
        async with self.guard(interaction, "back"):
            await self.defer_private(interaction)
            info = await self.running_game(interaction)
            uid = interaction.user.id
            async with self.locks[info.id]:
                notes: list[str] = []
                public: list[str] = []
                try:
                    notice = await self.clock.reclaim(info.id, uid)
                except err.NotTakenOver:
                    if info.seat_of(uid) is None:  # never seated, or kicked: nothing to come to
                        await self.tell(interaction, t.ME_NO_SEAT.format(game_id=info.id))
                        return
                else:
                    notes.append(t.RECLAIM_NOTE.format(game_id=info.id))
                    with self.public(info):
                        public.append(notice.render(f"<@{uid}>"))
                try:
                    notice = await self.clock.back(info.id, uid, self.now())
                except err.NotAway:
                    if not notes:
                        raise
                else:
                    notes.append(t.BACK_NOTE.format(game_id=info.id))
                    with self.public(info):
                        public.append(notice.render(f"<@{uid}>"))
                with self.public(info):
                    deadline = await self._deadline_now(info.id)
                await self.announce(
                    interaction, " ".join(notes), _clip("\n".join(public) + deadline)
                )
                await self.refresh_prompt(interaction.channel, info)  # the version changed

    @caylus.command(name="pause", description=t.DESC["pause"])
    async def pause(self, interaction: discord.Interaction) -> None:
        await self._pause_command(interaction, "pause")

    @caylus.command(name="resume", description=t.DESC["resume"])
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._pause_command(interaction, "resume")

    async def _pause_command(self, interaction: discord.Interaction, op: str) -> None:
        async with self.guard(interaction, op):
            await self.defer_private(interaction)
            info = await self.running_game(interaction)
            uid = interaction.user.id
            async with self.locks[info.id]:
                if op == "pause":
                    state = await self.clock.vote_pause(info.id, uid, self.now())
                else:
                    state = await self.clock.vote_resume(info.id, uid, self.now())
                with self.public(info):
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

    async def _may_answer_ahead(self, game: MyGame, user_id: int) -> bool:
        """The badge of `/caylus mygames`: the player has questions they can answer ahead now
        in a running game that does not wait for them."""
        if game.status != "running" or game.waiting_for_you or game.taken_over:
            return False
        return user_id in (await self.service.ask_now(game.game_id, whole=False)).ahead

    @caylus.command(name="mygames", description=t.DESC["mygames"])
    async def mygames(self, interaction: discord.Interaction) -> None:
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
                        prompt=decision_phrase(g.kind, d.kind, d.prompt),
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
                if await self._may_answer_ahead(g, interaction.user.id):
                    line += t.MYGAMES_AHEAD
                if g.paused:
                    line += t.MYGAMES_PAUSED
                if g.away_until is not None:
                    line += t.MYGAMES_AWAY.format(until=discord_timestamp(g.away_until))
                lines.append(line)
            await self.tell(interaction, "\n".join(lines))
