"""What every part of the clock shares: the reads (a game's and a player's clock settings, the
deadline of a decision, a player's games), and the deadlines of the awaited seats computed from
the store (the game's clock, its pauses and stops, the awaited player's away periods).
"""

from __future__ import annotations

import asyncio
import dataclasses
import math
from collections.abc import Iterable
from datetime import UTC, datetime, time, timedelta
from typing import Any

from bot.clock_service.clock import DEFAULT_CLOCK, QuietHours, parse_reminders
from bot.clock_service.timing import compute_timing, to_instant, to_seconds
from bot.clock_service.values import (
    DEFAULT_REMINDER_SPEC,
    DEFAULT_TAKEOVER_AFTER,
    ClockNotice,
    ClockSettings,
    Deadline,
    MyGame,
    UserClockSettings,
)
from bot.service import ActResult, GameInfo, GameService
from bot.store import GameHead, ShardSet, UserSettings
from bot.words import errors as err
from bot.words.lang import m
from i18n import Later

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
OFF_WORDS = ("", "off", "none", "no")
REMIND_VIA = {"channel": "mention", "dm": "dm", "none": "none"}  # -> user_settings.notify


# Rows the tick works through on the event loop between two turns it gives other tasks (a
# deadline or a row's reminder times take some microseconds: a few milliseconds a chunk).
CHUNK = 250


class ClockCore:
    """The reads and the deadline machinery the clock's calls share. Wraps a `GameService` (and its
    `Store`); every call takes `now` (an aware datetime) where time matters.

    `shards`: the Discord shards this process runs; its tick covers their guilds' games only
    (None: every game, a bot in one process)."""

    def __init__(self, service: GameService, *, shards: ShardSet | None = None) -> None:
        self.svc = service
        self.store = service.store
        self.shards = shards
        self._tick_lock = asyncio.Lock()

    # --- reads: settings, deadlines, a player's games ----------------------------------------

    async def clock_settings(self, game_id: int) -> ClockSettings:
        row = await self.store.clock_settings_of(game_id)
        if row is None:
            await self._game_head(game_id)  # UnknownGame
            return ClockSettings(game_id)
        return ClockSettings(
            game_id,
            timedelta(seconds=row.clock_seconds),
            parse_reminders(row.reminders),
            row.max_away_days,
            row.takeover_after,
        )

    async def user_settings(self, user_id: int) -> UserClockSettings:
        return _clock_settings(await self.store.user_settings(user_id))

    async def _players_settings(self) -> dict[int, UserClockSettings]:
        """The settings of every player of a running game (of this process's shards), in one
        query (a tick needs them all; one query per game costs a round trip each on a database
        server)."""
        found = await self.store.running_players_settings(self.shards)
        settings: dict[int, UserClockSettings] = {}
        for first in range(0, len(found), CHUNK):
            if first:
                await asyncio.sleep(0)  # the loop's turn between chunks
            settings.update((s.user_id, _clock_settings(s)) for s in found[first : first + CHUNK])
        return settings

    async def deadline(self, game_id: int, now: datetime | None = None) -> Deadline | None:
        """The pending decision of a running game and its deadline; None if nobody (human) is
        awaited (lobby, finished, or a bot deciding)."""
        now = now if now is not None else to_instant(self.svc._clock())
        for _ in range(5):  # the game may move between the two reads: read again
            rows = await self._awaited_rows(game_id)
            if not rows:
                await self._game_head(game_id)  # UnknownGame
                return None
            info = await self.svc.game(game_id)
            deadline = (await self._timings(rows, now))[0][1]
            pending = next((p for p in info.pending if p.seat == deadline.seat), None)
            if pending is not None and info.version == deadline.version:
                return with_decision(deadline, pending.kind, pending.prompt)
        return deadline

    async def expiries_in_row(self, game_id: int, seat: int) -> int:
        """Decisions of `seat` the clock took since the player's own last move (or reclaim)."""
        return await self.store.expiries_in_row(game_id, seat)

    async def pause_state(self, game_id: int) -> tuple[datetime | None, tuple[int, ...]]:
        """(paused since, or None; the users who asked to pause)."""
        since = await self.store.paused_since(game_id)
        votes = await self.store.pause_voters(game_id)
        return (to_instant(since) if since is not None else None), votes

    async def my_games(self, user_id: int, guild_id: int | None, now: datetime) -> list[MyGame]:
        """The user's lobby and running games (in a guild, or all): those waiting for them
        first, soonest deadline first; seats the built-in player took over included."""
        now_s = to_seconds(now)
        out: list[MyGame] = []
        for g in await self.svc.games_of_user(user_id, guild_id=guild_id):
            out.append(
                MyGame(
                    game_id=g.game_id,
                    guild_id=g.guild_id,
                    channel_id=g.channel_id,
                    kind=g.kind,
                    status=g.status,
                    seat=g.seat,
                    colour=g.colour,
                    waiting_for_you=g.my_turn,
                    deadline=None,
                )
            )
        taken = await self.store.seats_taken_over_from(user_id, guild_id)
        for gid, guild, channel, kind, status, seat, colour in taken:
            out.append(MyGame(gid, guild, channel, kind, status, seat, colour, False, None, True))
        result = []
        for game in out:
            if game.status == "running":
                try:
                    deadline = await self.deadline(game.game_id, now)
                except err.GameDamaged:
                    continue  # cannot be read: left out of the list (reported to its channel)
                away = await self.store.away_until(game.game_id, game.seat, now_s)
                away_until = to_instant(away) if away is not None else None
                paused = (await self.pause_state(game.game_id))[0] is not None
                game = _replace(game, deadline=deadline, paused=paused, away_until=away_until)
            result.append(game)

        def order(g: MyGame) -> tuple[Any, ...]:
            due = g.deadline.due.timestamp() if g.deadline and g.deadline.due else math.inf
            return (not g.waiting_for_you, due, g.game_id)

        return sorted(result, key=order)

    # --- internals ---------------------------------------------------------------------------

    async def _game_head(self, game_id: int) -> GameHead:
        """The game's plain columns; UnknownGame if there is no such game."""
        head = await self.store.game_head(game_id)
        if head is None:
            raise err.UnknownGame(game_id=game_id)
        return head

    async def _running_human(self, game_id: int, user_id: int) -> GameInfo:
        info = await self.svc.game(game_id)
        seat = info.seat_of(user_id)
        if seat is None or seat.is_bot:
            raise err.NotSeated(game_id=game_id, user_id=user_id)
        if info.status != "running":
            raise err.GameNotRunning(game_id=game_id, status=m.STATUS[info.status])
        return info

    async def _awaited_rows(self, game_id: int | None) -> list[dict[str, Any]]:
        """Running games waiting for a human seat (one game, or all of this process's shards),
        with their settings."""
        rows = await self.store.seats_awaited(
            game_id,
            default_clock=int(DEFAULT_CLOCK.total_seconds()),
            default_reminders=DEFAULT_REMINDER_SPEC,
            default_takeover=DEFAULT_TAKEOVER_AFTER,
            shards=self.shards if game_id is None else None,
        )
        found: list[dict[str, Any]] = []
        for first in range(0, len(rows), CHUNK):
            if first:
                await asyncio.sleep(0)  # the loop's turn between chunks
            found += (r._asdict() for r in rows[first : first + CHUNK])
        return found

    async def _timings(
        self,
        rows: list[dict[str, Any]],
        now: datetime,
        broken: list[tuple[dict[str, Any], BaseException]] | None = None,
    ) -> list[tuple[dict[str, Any], Deadline]]:
        """The deadline of each row; a row that cannot be computed goes to `broken` (or
        raises, without that list)."""
        if not rows:
            return []
        found = await self.store.clock_stoppages([r["id"] for r in rows], self.shards)
        pauses, aways = found.stops, found.aways
        now_s = to_seconds(now)
        out = []
        for index, r in enumerate(rows):
            if index and not index % CHUNK:
                await asyncio.sleep(0)  # the loop's turn between chunks
            try:
                out.append((r, self._deadline_of(r, pauses, aways, now_s)))
            except Exception as error:
                if broken is None:
                    raise
                broken.append((r, error))
        return out

    @staticmethod
    def _deadline_of(
        r: dict[str, Any],
        pauses: dict[int, list[tuple[float, float | None]]],
        aways: dict[tuple[int, int], list[tuple[float, float]]],
        now_s: float,
    ) -> Deadline:
        timing = compute_timing(
            r["awaiting_since"],
            float(r["clock_seconds"]),
            _merge(pauses.get(r["id"], [])),
            aways.get((r["id"], r["awaiting_seat"]), []),
            now_s,
        )
        return Deadline(
            game_id=r["id"],
            guild_id=r["guild_id"],
            channel_id=r["channel_id"],
            seat=r["awaiting_seat"],
            colour=r["colour"],
            user_id=r["user_id"],
            seq=r["seq"],
            version=r["version"],
            kind="",
            prompt="",
            since=to_instant(r["awaiting_since"]),
            clock_start=to_instant(timing.clock_start),
            due=to_instant(timing.due) if timing.due is not None else None,
            clock=timedelta(seconds=r["clock_seconds"]),
            paused=timing.due is None,
            away_until=to_instant(timing.away_until) if timing.away_until else None,
        )

    @staticmethod
    def _notice(
        kind: str,
        info: GameInfo,
        seat: int | None,
        user_ids: Iterable[int],
        template: str | Later,
        *,
        result: ActResult | None = None,
    ) -> ClockNotice:
        return ClockNotice(
            kind=kind,
            game_id=info.id,
            guild_id=info.guild_id,
            channel_id=info.channel_id,
            user_ids=tuple(user_ids),
            seat=seat,
            colour=info.seats[seat].colour if seat is not None else "",
            template=template,
            result=result,
        )


def _clock_settings(s: UserSettings) -> UserClockSettings:
    via = next((k for k, v in REMIND_VIA.items() if v == s.notify), "channel")
    return UserClockSettings(s.user_id, s.time_zone, _quiet(s.quiet_start, s.quiet_end), via)


def _quiet(start: int | None, end: int | None) -> QuietHours | None:
    if start is None or end is None or start == end:
        return None
    return QuietHours(time(start // 60, start % 60), time(end // 60, end % 60))


def _merge(intervals: Iterable[tuple[float, float | None]]) -> list[tuple[float, float | None]]:
    """Overlapping stops (a pause and a clock stop at once) counted once."""
    out: list[tuple[float, float | None]] = []
    for begun, ended in sorted(intervals, key=lambda x: x[0]):
        if out and (out[-1][1] is None or begun <= out[-1][1]):
            last_begun, last_end = out[-1]
            end = None if last_end is None or ended is None else max(last_end, ended)
            out[-1] = (last_begun, end)
        else:
            out.append((begun, ended))
    return out


def with_decision(deadline: Deadline, kind: str, prompt: str) -> Deadline:
    return _replace(deadline, kind=kind, prompt=prompt)


def _replace(obj: Any, **changes: Any) -> Any:
    return dataclasses.replace(obj, **changes)
