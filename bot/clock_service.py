"""The decision clock of asynchronous games: deadlines, expiries, idle seats, reminders
with time zones and quiet hours, away periods, pauses, "my games". No Discord imports.

`ClockService` wraps a `GameService` (and its `Store`). Every method takes `now` (an aware
datetime) where time matters, so tests and the simulated Discord drive a virtual clock. The
Discord layer calls the commands (settings, away, pause, reclaim, ...) and runs `tick(now)`
about once a minute; `tick` returns `ClockNotice`s to post. The rules are in docs/clock.md.

State lives in the tables of migration 0002 (migrations/*/0002_clock.sql), so a restart loses
nothing: deadlines are computed from `games.awaiting_since`, the game's clock, its pauses and the
awaited player's away periods; a reminder is recorded as sent in the same transaction that
decides to send it. Several processes may tick at once (PostgreSQL): each expiry and reminder
is claimed from the database by one of them (docs/store.md, "Several processes").
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import math
import random
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from functools import partial
from typing import Any

import i18n
from bot import errors as err
from bot.clock import (
    DEFAULT_CLOCK,
    MAX_CLOCK,
    MIN_CLOCK,
    ClockInputError,
    QuietHours,
    discord_timestamp,
    format_duration,
    parse_away_until,
    parse_clock,
    parse_quiet_hours,
    parse_reminders,
    reminder_times,
    time_zone,
)
from bot.lang import colour_name, m
from bot.service import ActResult, GameInfo, GameService
from bot.store import USER_SETTING_FIELDS, GameBusy, StoreError, Tx, UserSettings
from i18n import Later
from render.sentences import decision_phrase

log = logging.getLogger(__name__)

DEFAULT_REMINDER_SPEC = "half,2h"
DEFAULT_MAX_AWAY_DAYS = 7
DEFAULT_TAKEOVER_AFTER = 3
DAY = 86_400.0
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_OFF = ("", "off", "none", "no")
_REMIND_VIA = {"channel": "mention", "dm": "dm", "none": "none"}  # -> user_settings.notify


# ---------------------------------------------------------------------------------------------
# What the clock returns
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClockSettings:
    game_id: int
    clock: timedelta = DEFAULT_CLOCK
    reminders: tuple[str, ...] = ("half", "2h")
    max_away_days: int = DEFAULT_MAX_AWAY_DAYS
    takeover_after: int = DEFAULT_TAKEOVER_AFTER

    @property
    def text(self) -> str:
        return m.CLOCK_SETTINGS.format(
            game_id=self.game_id,
            clock=format_duration(self.clock),
            reminders=", ".join(self.reminders) or m.REMINDERS_OFF,
            away_days=m.AWAY_DAYS.format(count=self.max_away_days),
            after_missed=m.AFTER_MISSED.format(count=self.takeover_after),
        )


@dataclass(frozen=True, slots=True)
class UserClockSettings:
    user_id: int
    time_zone: str = "UTC"
    quiet_hours: QuietHours | None = None
    remind_via: str = "channel"  # channel | dm | none


@dataclass(frozen=True, slots=True)
class Deadline:
    """The pending decision of a game and when its clock runs out.

    `due` is None while the game is paused (the clock is stopped with no end known). While the
    awaited player is away, `away_until` is set and `due` is already the later deadline (the
    clock restarts when the away period ends)."""

    game_id: int
    guild_id: int
    channel_id: int
    seat: int
    colour: str
    user_id: int
    seq: int  # games.seq when the decision began: with `seat`, the decision's identity
    version: int
    kind: str  # the engine's decision kind ('place', 'favor', ...), '' if not loaded
    prompt: str
    since: datetime  # when the decision became this seat's
    clock_start: datetime  # when its clock (last) started: `since`, or the end of an away period
    due: datetime | None
    clock: timedelta
    paused: bool = False
    away_until: datetime | None = None

    def timestamp(self, style: str = "f") -> str:
        """The deadline as a Discord timestamp ('' while paused)."""
        return discord_timestamp(self.due, style) if self.due is not None else ""


@dataclass(frozen=True, slots=True)
class ClockNotice:
    """Something for the Discord layer to post.

    kind: 'expired' (the clock played the default; `result` has the moves and who must decide
    now: prompt them as after any act), 'takeover' (the built-in player took the seat),
    'reminder' (send to `via`: 'channel' = mention in the game's channel, 'dm' = direct
    message), 'away_over', 'away', 'back', 'reclaimed', 'kicked', 'pause_vote', 'paused',
    'resumed', 'vote_withdrawn'. `template` names the player '{player}': `render(name)` fills in a
    mention or a display name (the default is the seat's colour)."""

    kind: str
    game_id: int
    guild_id: int
    channel_id: int
    user_ids: tuple[int, ...]  # whom it concerns (mention them)
    seat: int | None
    colour: str
    template: str | Later  # Later: read in the language of whoever shows it
    deadline: Deadline | None = None
    via: str = "channel"
    result: ActResult | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def render(self, player: str | None = None) -> str:
        shown = player if player is not None else colour_name(self.colour)
        return str(self.template).replace("{player}", shown)

    @property
    def text(self) -> str:
        return self.render()


@dataclass(frozen=True, slots=True)
class PauseState:
    game_id: int
    paused: bool
    paused_at: datetime | None
    votes: tuple[int, ...]  # humans who asked to pause (while not paused)
    needed: tuple[int, ...]  # every human seat's user
    notice: ClockNotice


@dataclass(frozen=True, slots=True)
class AwayInfo:
    game_id: int
    seat: int
    user_id: int
    from_at: datetime
    until: datetime
    days_left: float
    notice: ClockNotice


@dataclass(frozen=True, slots=True)
class MyGame:
    game_id: int
    guild_id: int
    channel_id: int
    kind: str
    status: str
    seat: int
    colour: str
    waiting_for_you: bool
    deadline: Deadline | None  # the current decision (whoever's it is), if the game runs
    taken_over: bool = False  # the built-in player holds the seat: /caylus back
    paused: bool = False
    away_until: datetime | None = None  # this user is away in this game


# ---------------------------------------------------------------------------------------------
# Pure computation of a deadline
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Timing:
    clock_start: float
    due: float | None  # None: paused
    away_until: float | None  # the away period in force at `now`, if any


def compute_timing(
    since: float,
    clock: float,
    pauses: Iterable[tuple[float, float | None]],
    aways: Iterable[tuple[float, float]],
    now: float,
) -> Timing:
    """The deadline of a decision that began at `since` with `clock` seconds (docs/clock.md).

    - An away period of the awaited player that ends after the clock (re)started and began
      before the deadline restarts the clock, whole, at its end.
    - A pause stops the clock: each pause after the clock started and begun before the deadline
      pushes the deadline back by its length (the part after the clock start); an open pause
      (end None) means no deadline for now.
    """
    pause_list = sorted(pauses)

    def due_from(start: float) -> float | None:
        due = start + clock
        for begun, ended in pause_list:
            if ended is not None and ended <= start:
                continue
            if begun >= due:
                break
            if ended is None:
                return None
            due += ended - max(begun, start)
        return due

    start = since
    away_until = None
    for begun, ended in sorted(aways):
        if begun <= now < ended:
            away_until = ended
        if ended <= start:
            continue
        due = due_from(start)
        if due is not None and begun >= due:
            break
        start = ended
    return Timing(start, due_from(start), away_until)


# ---------------------------------------------------------------------------------------------
# The service
# ---------------------------------------------------------------------------------------------


def _ts(instant: datetime) -> float:
    if instant.tzinfo is None:
        raise ValueError("the clock needs aware datetimes (UTC)")
    return instant.timestamp()


def _dt(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def _days(seconds: float) -> float:
    return math.floor(max(0.0, seconds) / DAY * 10) / 10


def _clock_settings(s: UserSettings) -> UserClockSettings:
    via = next((k for k, v in _REMIND_VIA.items() if v == s.notify), "channel")
    return UserClockSettings(s.user_id, s.time_zone, _quiet(s.quiet_start, s.quiet_end), via)


def _quiet(start: int | None, end: int | None) -> QuietHours | None:
    if start is None or end is None or start == end:
        return None
    return QuietHours(time(start // 60, start % 60), time(end // 60, end % 60))


REMINDER_BATCH = 200  # reminders claimed per transaction by the tick
REMINDER_READS = 4  # games the tick reads at once while it looks for due reminders
_rng = random.SystemRandom()  # where a tick starts among the games (not a game's randomness)


@dataclass(frozen=True)
class _DueReminder:
    """A reminder the tick found due: the decision's deadline and the items not yet sent."""

    row: dict[str, Any]
    deadline: Deadline
    items: tuple[tuple[datetime, str], ...]  # (when due, item), earliest first
    via: str


def _claim_reminder(tx: Tx, due: _DueReminder, now_s: float) -> bool:
    """In the tick's transaction: record the reminder as sent, if this transaction may (no
    other one is claiming this game's reminders, the decision is still the one awaited, none
    of its items was recorded meanwhile). True: this process sends it."""
    gid, deadline = due.row["id"], due.deadline
    if not tx.try_claim(gid):
        return False  # another process is sending this game's reminders right now
    current = tx.fetchone(
        "SELECT seq, awaiting_seat FROM games WHERE id = ? AND status = 'running'", (gid,)
    )
    if current is None or tuple(current) != (deadline.seq, deadline.seat):
        return False
    fresh = 0
    for at, item in due.items:
        fresh += tx.execute(
            "INSERT INTO clock_reminders (game_id, seq, seat, item, user_id, "
            "due_at, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (gid, deadline.seq, deadline.seat, item, deadline.user_id, at.timestamp(), now_s),
        )
    return fresh == len(due.items)


def _reminder_notice(due: _DueReminder) -> ClockNotice:
    deadline, row = due.deadline, due.row
    text = Later(
        m,
        "CLOCK_REMINDER",
        player="{player}",
        game_id=row["id"],
        prompt=partial(decision_phrase, row.get("kind", ""), deadline.kind, deadline.prompt),
        due_relative=deadline.timestamp("R"),
        due=deadline.timestamp("f"),
    )
    return ClockNotice(
        kind="reminder",
        game_id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        user_ids=(deadline.user_id,),
        seat=deadline.seat,
        colour=deadline.colour,
        template=text,
        deadline=deadline,
        via=due.via,
        extra={"items": tuple(item for _, item in due.items)},
    )


class ClockService:
    """See the module docstring and docs/clock.md. One per process, next to the GameService."""

    def __init__(self, service: GameService) -> None:
        self.svc = service
        self.store = service.store
        self._tick_lock = asyncio.Lock()

    # --- per-game settings -------------------------------------------------------------------

    async def clock_settings(self, game_id: int) -> ClockSettings:
        rows = await self.store.query(
            "SELECT clock_seconds, reminders, max_away_days, takeover_after FROM clock_settings "
            "WHERE game_id = ?",
            (game_id,),
        )
        if not rows:
            if not await self.store.query("SELECT 1 FROM games WHERE id = ?", (game_id,)):
                raise err.UnknownGame(game_id=game_id)
            return ClockSettings(game_id)
        seconds, spec, away_days, takeover = rows[0]
        return ClockSettings(
            game_id, timedelta(seconds=seconds), parse_reminders(spec), away_days, takeover
        )

    async def configure(
        self,
        game_id: int,
        by_user_id: int,
        *,
        clock: timedelta | str | None = None,
        reminders: str | Sequence[str] | None = None,
        max_away_days: int | None = None,
        takeover_after: int | None = None,
        can_manage: bool = False,
    ) -> ClockSettings:
        """The host (or `can_manage`) changes the game's clock settings. The clock, the away
        allowance and the takeover count only before the start; reminders at any time."""
        game = await self._game_row(game_id)
        if not can_manage and by_user_id != game["host_id"]:
            raise err.NotHost(game_id=game_id, user_id=by_user_id)
        values: dict[str, Any] = {}
        if clock is not None:
            values["clock_seconds"] = int(self._parse_clock(clock).total_seconds())
        if max_away_days is not None:
            if not isinstance(max_away_days, int) or not 0 <= max_away_days <= 60:
                raise err.BadSetting(name="max_away_days", reason="from 0 to 60 days.")
            values["max_away_days"] = max_away_days
        if takeover_after is not None:
            if not isinstance(takeover_after, int) or not 1 <= takeover_after <= 20:
                raise err.BadSetting(name="takeover_after", reason="from 1 to 20 decisions.")
            values["takeover_after"] = takeover_after
        if values and game["status"] != "lobby":
            raise err.ClockInLobbyOnly(game_id=game_id)
        if reminders is not None:
            values["reminders"] = ",".join(self._parse_reminders(reminders))
        if values:
            names = list(values)

            def work(tx: Tx) -> None:
                tx.execute(
                    "INSERT INTO clock_settings (game_id, updated_at) VALUES (?, ?) "
                    "ON CONFLICT (game_id) DO NOTHING",
                    (game_id, tx.now),
                )
                tx.execute(
                    f"UPDATE clock_settings SET {', '.join(f'{n} = ?' for n in names)}, "
                    "updated_at = ? WHERE game_id = ?",
                    (*values.values(), tx.now, game_id),
                )

            await self.store.write(work)
        return await self.clock_settings(game_id)

    async def set_clock(
        self,
        game_id: int,
        by_user_id: int,
        clock: timedelta | str,
        *,
        can_manage: bool = False,
    ) -> ClockSettings:
        """The decision clock (1 hour to 7 days), before the start."""
        return await self.configure(game_id, by_user_id, clock=clock, can_manage=can_manage)

    async def set_reminders(
        self, game_id: int, by_user_id: int, spec: str, *, can_manage: bool = False
    ) -> ClockSettings:
        """Reminders: 'half,2h' (default), any of 'half' and 'Nh', or 'off'."""
        return await self.configure(game_id, by_user_id, reminders=spec, can_manage=can_manage)

    # --- per-user settings -------------------------------------------------------------------

    async def user_settings(self, user_id: int) -> UserClockSettings:
        return _clock_settings(await self.store.user_settings(user_id))

    async def _players_settings(self) -> dict[int, UserClockSettings]:
        """The settings of every player of a running game, in one query (a tick needs them
        all; one query per game costs a round trip each on a database server)."""
        rows = await self.store.query(
            f"SELECT user_id, {', '.join(USER_SETTING_FIELDS)}, updated_at FROM user_settings "
            "WHERE user_id IN (SELECT s.user_id FROM seats s JOIN games g ON g.id = s.game_id "
            "WHERE g.status = 'running' AND s.user_id IS NOT NULL)"
        )
        return {r[0]: _clock_settings(UserSettings(*r)) for r in rows}

    async def set_user_settings(
        self,
        user_id: int,
        *,
        time_zone: str | None = None,
        quiet_hours: str | None = None,
        remind_via: str | None = None,
    ) -> UserClockSettings:
        """Validate everything first (BadTimeZone, BadQuietHours, BadRemindVia: nothing is
        written), then store. quiet_hours: '22:00-07:00', '23-7', or 'off'."""
        values: dict[str, Any] = {}
        if time_zone is not None:
            values["time_zone"] = self._zone_name(time_zone)
        if quiet_hours is not None:
            if quiet_hours.strip().lower() in _OFF:
                values.update(quiet_start=None, quiet_end=None)
            else:
                try:
                    quiet = parse_quiet_hours(quiet_hours)
                except ClockInputError:
                    raise err.BadQuietHours(value=quiet_hours) from None
                values["quiet_start"] = quiet.start.hour * 60 + quiet.start.minute
                values["quiet_end"] = quiet.end.hour * 60 + quiet.end.minute
        if remind_via is not None:
            if remind_via.strip().lower() not in _REMIND_VIA:
                raise err.BadRemindVia(value=remind_via)
            values["notify"] = _REMIND_VIA[remind_via.strip().lower()]
        if values:
            await self.store.set_user_settings(user_id, **values)
        return await self.user_settings(user_id)

    # --- deadlines ---------------------------------------------------------------------------

    async def deadline(self, game_id: int, now: datetime | None = None) -> Deadline | None:
        """The pending decision of a running game and its deadline; None if nobody (human) is
        awaited (lobby, finished, or a bot deciding)."""
        now = now if now is not None else _dt(self.svc._clock())
        for _ in range(5):  # the game may move between the two reads: read again
            rows = await self._awaited_rows(game_id)
            if not rows:
                await self._game_row(game_id)  # UnknownGame
                return None
            info = await self.svc.game(game_id)
            deadline = (await self._timings(rows, now))[0][1]
            pending = next((p for p in info.pending if p.seat == deadline.seat), None)
            if pending is not None and info.version == deadline.version:
                return _with_decision(deadline, pending.kind, pending.prompt)
        return deadline

    # --- the scheduler -----------------------------------------------------------------------

    async def tick(self, now: datetime) -> list[ClockNotice]:
        """Everything due at `now`, at most once each: expiries (default move applied, maybe a
        takeover), reminders (one per decision and item; of several overdue ones, after a
        restart, only the most urgent is sent), the ends of away periods. Run it every minute.

        Each game's work is isolated: a game whose work fails for a reason of its own is marked
        damaged (logged once, one 'damaged' notice for its channel) and skipped from then on;
        the other games go on."""
        async with self._tick_lock:
            notices: list[ClockNotice] = []
            now_s = _ts(now)
            notices += await self._announce_returns(now_s)
            rows = await self._awaited_rows(None)
            players = await self._players_settings() if rows else {}
            broken: list[tuple[dict[str, Any], BaseException]] = []
            reminding: list[tuple[dict[str, Any], Deadline]] = []
            for row, deadline in await self._timings(rows, now, broken):
                if deadline.due is None:
                    continue
                if _ts(deadline.due) > now_s:
                    reminding.append((row, deadline))  # a reminder may be due: below
                    continue
                notices += await self._guarded(row, self._expire(row, deadline, now), broken) or []
            notices += await self._reminders(reminding, now, players, broken)
            for row, error in broken:
                notices += await self._damaged(row, error)
            notices += await self._report_damaged()
            return notices

    async def _guarded(
        self, row: dict[str, Any], work: Any, broken: list[tuple[dict[str, Any], BaseException]]
    ) -> Any:
        """The result of the clock's `work` (a coroutine) on one game, or None when the game
        must wait: it moved meanwhile, another process is at work on it, the store failed (the
        next tick tries again), or it failed for a reason of its own (then it goes to `broken`)."""
        try:
            return await work
        except (err.StaleVersion, err.NotYourDecision, err.GameNotRunning, err.GameOver):
            return None  # the game moved meanwhile: the next tick sees the new decision
        except GameBusy:
            return None  # another process is at work on it (its tick claimed it first)
        except (err.NotSaved, StoreError, sqlite3.OperationalError) as error:
            # the store, not the game: try again at the next tick
            log.warning("clock: game %s must wait for the store: %s", row["id"], error)
        except Exception as error:
            broken.append((row, error))
        return None

    async def _damaged(self, row: dict[str, Any], error: BaseException) -> list[ClockNotice]:
        """The clock's work on this game failed for a reason of the game's own: mark it damaged
        (logged once, with the traceback); its channel is told by `_report_damaged`."""
        gid = row["id"]
        reason = f"{type(error).__name__}: {error}"[:300]
        try:
            if await self.svc.mark_damaged(gid, reason):
                log.error("clock: game %s is damaged, skipped from now on", gid, exc_info=error)
        except Exception:
            log.exception("clock: could not mark game %s damaged", gid)
        return []

    async def _report_damaged(self) -> list[ClockNotice]:
        """One notice per damaged game not yet reported to its channel (however it was found:
        by the clock, or by a player's command)."""
        rows = await self.store.query(
            "SELECT d.game_id, g.guild_id, g.channel_id FROM damaged_games d "
            "JOIN games g ON g.id = d.game_id WHERE d.reported = 0 "
            "AND g.status IN ('lobby', 'running') ORDER BY d.game_id"
        )
        notices = []
        for gid, guild, channel in rows:
            if not isinstance(channel, int) or not await self.store.mark_reported(gid):
                continue
            notices.append(
                ClockNotice(
                    kind="damaged",
                    game_id=gid,
                    guild_id=guild if isinstance(guild, int) else 0,
                    channel_id=channel,
                    user_ids=(),
                    seat=None,
                    colour="",
                    template=Later(m, "CLOCK_DAMAGED", game_id=gid),
                )
            )
        return notices

    async def _expire(self, row: dict[str, Any], deadline: Deadline, now: datetime) -> list[Any]:
        gid, seat, user = row["id"], deadline.seat, deadline.user_id
        in_row = await self._expiries_in_row(gid, seat) + 1
        takeover = in_row >= row["takeover_after"]
        now_s, due_s, seq = _ts(now), _ts(deadline.due), row["seq"] + 1  # type: ignore[arg-type]

        def also(tx: Tx) -> None:
            tx.execute(
                "INSERT INTO clock_expiries (game_id, seq, seat, user_id, action, deadline_at, "
                "expired_at) SELECT game_id, seq, seat, CAST(? AS BIGINT), action, "
                "CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION) FROM actions "
                "WHERE game_id = ? AND seq = ?",
                (user, due_s, now_s, gid, seq),
            )
            if takeover:
                _upsert_seat(tx, gid, seat, user, taken_over=1, taken_over_at=now_s)

        info = await self.svc.game(gid)
        decision = next((p for p in info.pending if p.seat == seat), None)
        prompt = decision.prompt if decision else ""
        # Kept with the outbox row, so the lines can be posted again after a failure.
        cause = {
            "cause": "expired",
            "seat": seat,
            "user_id": user,
            "colour": deadline.colour,
            "in_row": in_row,
            "limit": row["takeover_after"],
            "takeover": takeover,
            "prompt": prompt,
            "decision": decision.kind if decision else "",
            "game": info.kind,
            "version": row["version"],
        }
        result = await self.svc.clock_move(
            gid,
            seat,
            row["version"],
            now=now_s,
            takeover=takeover,
            also=also,
            cause=cause,
            claim=True,
        )
        action = result.moves[0].action
        expired, taken = expiry_templates(gid, cause, action)
        base = {
            "game_id": gid,
            "guild_id": row["guild_id"],
            "channel_id": row["channel_id"],
            "user_ids": (user,),
            "seat": seat,
            "colour": deadline.colour,
        }
        deadline = _with_decision(deadline, decision.kind if decision else "", prompt)
        notices = [
            ClockNotice(
                kind="expired",
                template=expired,
                deadline=deadline,
                result=result,
                extra={"action": action, "in_row": in_row},
                **base,
            )
        ]
        if taken is not None:
            notices.append(ClockNotice(kind="takeover", template=taken, deadline=deadline, **base))
        return notices

    async def _reminders(
        self,
        reminding: list[tuple[dict[str, Any], Deadline]],
        now: datetime,
        players: dict[int, UserClockSettings],
        broken: list[tuple[dict[str, Any], BaseException]],
    ) -> list[ClockNotice]:
        """The reminders due now of the games in `reminding`, a batch of games at a time: what
        each batch already sent is read in one query, its games are read a few at once, then
        its due reminders are claimed in one transaction (`_send_reminders`). Processes ticking
        together start at different games, so each mostly finds the others' work done."""
        if not reminding:
            return []
        start = _rng.randrange(len(reminding))
        reminding = reminding[start:] + reminding[:start]
        limit = asyncio.Semaphore(REMINDER_READS)
        notices: list[ClockNotice] = []

        async def prepare(
            row: dict[str, Any], deadline: Deadline, sent: dict[Any, set[str]]
        ) -> _DueReminder | None:
            async with limit:
                found = self._remind(row, deadline, now, players, sent)
                return await self._guarded(row, found, broken)

        for first in range(0, len(reminding), REMINDER_BATCH):
            part = reminding[first : first + REMINDER_BATCH]
            try:
                sent = await self._sent_reminders([row["id"] for row, _ in part])
            except (StoreError, sqlite3.OperationalError) as error:
                log.warning("clock: %d reminders must wait for the store: %s", len(part), error)
                continue
            due = await asyncio.gather(*(prepare(row, d, sent) for row, d in part))
            notices += await self._send_reminders([r for r in due if r is not None], _ts(now))
        return sorted(notices, key=lambda n: n.game_id)

    async def _sent_reminders(self, game_ids: list[int]) -> dict[tuple[int, int, int], set[str]]:
        """(game, seq, seat) -> the reminder items already sent for these games' current
        decisions (one query for a batch of games, not one per game)."""
        found: dict[tuple[int, int, int], set[str]] = {}
        marks = ", ".join("?" for _ in game_ids)
        for gid, seq, seat, item in await self.store.query(
            "SELECT r.game_id, r.seq, r.seat, r.item FROM clock_reminders r "
            f"JOIN games g ON g.id = r.game_id AND g.seq = r.seq WHERE r.game_id IN ({marks})",
            game_ids,
        ):
            found.setdefault((gid, seq, seat), set()).add(item)
        return found

    async def _remind(
        self,
        row: dict[str, Any],
        deadline: Deadline,
        now: datetime,
        players: dict[int, UserClockSettings],
        sent: dict[tuple[int, int, int], set[str]],
    ) -> _DueReminder | None:
        """The reminder of this decision due now and not yet sent, if any (claimed and sent by
        `_send_reminders`, with the tick's others)."""
        gid, seat, user = row["id"], deadline.seat, deadline.user_id
        spec = parse_reminders(row["reminders"])
        if not spec:
            return None
        settings = players.get(user) or UserClockSettings(user)
        if settings.remind_via == "none":
            return None
        try:
            zone = time_zone(settings.time_zone)
        except ClockInputError:
            zone = time_zone("UTC")
        assert deadline.due is not None
        due_items: list[tuple[datetime, str]] = []
        for item in spec:
            times = reminder_times(
                deadline.clock_start, deadline.due, (item,), zone, settings.quiet_hours
            )
            if times and times[0] <= now:
                due_items.append((times[0], item))
        if not due_items:
            return None
        done = sent.get((gid, deadline.seq, seat), set())
        due_items = sorted(x for x in due_items if x[1] not in done)
        if not due_items:
            return None
        info = await self.svc.game(gid)
        decision = next((p for p in info.pending if p.seat == seat), None)
        if decision is None or info.version != deadline.version:
            return None  # the decision changed: its reminders are dropped
        return _DueReminder(
            row={**row, "kind": info.kind},
            deadline=_with_decision(deadline, decision.kind, decision.prompt),
            items=tuple(due_items),
            via="dm" if settings.remind_via == "dm" else "channel",
        )

    async def _send_reminders(self, due: list[_DueReminder], now_s: float) -> list[ClockNotice]:
        """Claim the due reminders from the database, a batch of games per transaction, and
        return the notices of those this process claimed. Each is recorded as sent in the
        transaction that claims it (so it is sent once, whichever processes tick: a game
        another transaction is claiming right now is left to it, and an item already recorded
        is not sent again). A batch the store cannot take waits for the next tick."""
        notices: list[ClockNotice] = []
        for first in range(0, len(due), REMINDER_BATCH):
            part = due[first : first + REMINDER_BATCH]

            def work(tx: Tx, part: list[_DueReminder] = part) -> list[bool]:
                return [_claim_reminder(tx, r, now_s) for r in part]

            try:
                claimed = await self.store.write(work, claimed=True)
            except (err.NotSaved, StoreError, sqlite3.OperationalError) as error:
                log.warning("clock: %d reminders must wait for the store: %s", len(part), error)
                continue
            notices += [_reminder_notice(r) for r, mine in zip(part, claimed, strict=True) if mine]
        return notices

    async def _announce_returns(self, now_s: float) -> list[ClockNotice]:
        rows = await self.store.query(
            "SELECT a.id, a.game_id, a.seat, a.user_id, g.guild_id, g.channel_id, g.status, "
            "s.colour FROM clock_away a JOIN games g ON g.id = a.game_id "
            "JOIN seats s ON s.game_id = a.game_id AND s.seat = a.seat "
            "WHERE a.announced = 0 AND a.ended_at IS NULL AND a.until_at <= ?",
            (now_s,),
        )
        notices = []
        for away_id, gid, seat, user, guild, channel, status, colour in rows:
            marked = await self.store.write(
                lambda tx, away_id=away_id: tx.execute(
                    "UPDATE clock_away SET announced = 1 WHERE id = ? AND announced = 0",
                    (away_id,),
                )
            )
            if marked and status == "running":
                notices.append(
                    ClockNotice(
                        kind="away_over",
                        game_id=gid,
                        guild_id=guild,
                        channel_id=channel,
                        user_ids=(user,),
                        seat=seat,
                        colour=colour,
                        template=Later(m, "CLOCK_AWAY_OVER", player="{player}", game_id=gid),
                    )
                )
        return notices

    # --- idle seats --------------------------------------------------------------------------

    async def expiries_in_row(self, game_id: int, seat: int) -> int:
        """Decisions of `seat` the clock took since the player's own last move (or reclaim)."""
        return await self._expiries_in_row(game_id, seat)

    async def reclaim(self, game_id: int, user_id: int) -> ClockNotice:
        """The player takes back their seat from the built-in player (after a takeover)."""
        rows = await self.store.query(
            "SELECT seat FROM clock_seats WHERE game_id = ? AND user_id = ? AND taken_over = 1",
            (game_id, user_id),
        )
        if not rows:
            await self._game_row(game_id)
            raise err.NotTakenOver(game_id=game_id)
        seat = rows[0][0]

        def also(tx: Tx) -> None:
            changed = tx.execute(
                "UPDATE clock_seats SET taken_over = 0, reset_seq = "
                "(SELECT seq FROM games WHERE id = ?), updated_at = ? "
                "WHERE game_id = ? AND seat = ? AND taken_over = 1",
                (game_id, tx.now, game_id, seat),
            )
            if changed != 1:
                raise err.NotTakenOver(game_id=game_id)

        info = await self.svc.restore_seat(game_id, seat, user_id, also=also)
        colour = info.seats[seat].colour
        return self._notice(
            "reclaimed",
            info,
            seat,
            (user_id,),
            Later(
                m,
                "CLOCK_RECLAIMED",
                player="{player}",
                colour=partial(colour_name, colour),
                game_id=game_id,
            ),
        )

    async def kick(
        self,
        game_id: int,
        by_user_id: int,
        seat: int,
        now: datetime,
        *,
        can_manage: bool = False,
    ) -> ClockNotice:
        """The host hands an idle seat (one that missed its last decision, or that the built-in
        player took over) to the built-in player for good: no reclaim."""
        info = await self.svc.game(game_id)
        if not can_manage and by_user_id != info.host_id:
            raise err.NotHost(game_id=game_id, user_id=by_user_id)
        if info.status != "running":
            raise err.GameNotRunning(game_id=game_id, status=m.STATUS[info.status])
        if not 0 <= seat < len(info.seats):
            raise err.NoSuchSeat(game_id=game_id, seat=seat)
        held = info.seats[seat]
        colour = held.colour
        text = Later(m, "CLOCK_KICKED", colour=partial(colour_name, colour), game_id=game_id)
        taken = await self.store.query(
            "SELECT user_id FROM clock_seats WHERE game_id = ? AND seat = ? AND taken_over = 1",
            (game_id, seat),
        )
        if held.is_bot:
            if not taken:
                raise err.NotIdle(game_id=game_id, colour=colour)
            await self.store.write(
                lambda tx: tx.execute(
                    "UPDATE clock_seats SET taken_over = 0, updated_at = ? "
                    "WHERE game_id = ? AND seat = ?",
                    (tx.now, game_id, seat),
                )
            )
            return self._notice("kicked", info, seat, (taken[0][0],), text)
        if await self._expiries_in_row(game_id, seat) < 1:
            raise err.NotIdle(game_id=game_id, colour=colour)
        assert held.user_id is not None
        user = held.user_id
        result = await self.svc.seat_to_bot(
            game_id,
            seat,
            now=_ts(now),
            also=lambda tx: _upsert_seat(tx, game_id, seat, user, taken_over=0),
        )
        return self._notice("kicked", result.game, seat, (user,), text, result=result)

    # --- away --------------------------------------------------------------------------------

    async def away(
        self, game_id: int, user_id: int, until: datetime | str, now: datetime
    ) -> AwayInfo:
        """The player is away until `until` (an aware instant, or text 'YYYY-MM-DD[ HH:MM]' in
        their time zone; a bare date means the end of that day). Their clock stops and their
        reminders are off until then; a second call while away changes the end. At most the
        game's max_away_days in total per player and game."""
        info = await self._running_human(game_id, user_id)
        seat = info.seat_of(user_id)
        assert seat is not None
        now_s = _ts(now)
        if isinstance(until, str):
            zone = time_zone((await self.user_settings(user_id)).time_zone)
            try:
                until_dt = parse_away_until(until, zone, _EPOCH)
            except ClockInputError:
                raise err.BadAwayDate(value=until) from None
        else:
            until_dt = until
        until_s = _ts(until_dt)
        if until_s <= now_s:
            raise err.AwayInPast(until=discord_timestamp(until_dt))
        settings = await self.clock_settings(game_id)
        periods = await self.store.query(
            "SELECT id, from_at, until_at, ended_at FROM clock_away "
            "WHERE game_id = ? AND seat = ? ORDER BY from_at",
            (game_id, seat.seat),
        )
        open_id, open_from, used = None, now_s, 0.0
        for pid, begun, ends, ended in periods:
            end = ended if ended is not None else ends
            if begun <= now_s < end:
                open_id, open_from = pid, begun
            else:
                used += max(0.0, min(end, now_s) - begun)
        limit = settings.max_away_days * DAY
        if used + (until_s - open_from) > limit + 1e-6:
            left = max(0.0, limit - used - (now_s - open_from))
            raise err.AwayTooLong(
                game_id=game_id,
                max_days=m.AWAY_DAYS.format(count=settings.max_away_days),
                days_left=i18n.number(round(_days(left), 2)),
                latest=discord_timestamp(_dt(now_s + left)),
            )

        def work(tx: Tx) -> None:
            if open_id is not None:
                tx.execute("UPDATE clock_away SET until_at = ? WHERE id = ?", (until_s, open_id))
            else:
                tx.execute(
                    "INSERT INTO clock_away (game_id, seat, user_id, from_at, until_at, "
                    "created_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, seat.seat, user_id, now_s, until_s, tx.now),
                )

        await self.store.write(work)
        days_left = _days(limit - used - (until_s - open_from))
        text = Later(
            m,
            "CLOCK_AWAY_START",
            player="{player}",
            game_id=game_id,
            until=discord_timestamp(until_dt),
            days_left=partial(_away_days, days_left),
        )
        notice = self._notice("away", info, seat.seat, (user_id,), text)
        return AwayInfo(game_id, seat.seat, user_id, _dt(open_from), until_dt, days_left, notice)

    async def back(self, game_id: int, user_id: int, now: datetime) -> ClockNotice:
        """The player is back before the end of their away period: their clock restarts now."""
        now_s = _ts(now)
        info = await self.svc.game(game_id)
        seat = info.seat_of(user_id)
        if seat is None:
            raise err.NotSeated(game_id=game_id, user_id=user_id)
        changed = await self.store.write(
            lambda tx: tx.execute(
                "UPDATE clock_away SET ended_at = ?, announced = 1 WHERE game_id = ? "
                "AND seat = ? AND ended_at IS NULL AND from_at <= ? AND until_at > ?",
                (now_s, game_id, seat.seat, now_s, now_s),
            )
        )
        if not changed:
            raise err.NotAway(game_id=game_id)
        text = Later(m, "CLOCK_AWAY_OVER", player="{player}", game_id=game_id)
        return self._notice("back", info, seat.seat, (user_id,), text)

    # --- pause -------------------------------------------------------------------------------

    async def vote_pause(self, game_id: int, user_id: int, now: datetime) -> PauseState:
        """A human player asks to pause; the game pauses when every human seat has asked."""
        info = await self._running_human(game_id, user_id)
        humans = tuple(s.user_id for s in info.seats if s.user_id is not None and not s.is_bot)
        now_s = _ts(now)

        def work(tx: Tx) -> tuple[bool, tuple[int, ...]]:
            if tx.fetchone(
                "SELECT 1 FROM clock_pauses WHERE game_id = ? AND resumed_at IS NULL", (game_id,)
            ):
                raise err.AlreadyPaused(game_id=game_id)
            tx.execute(
                "INSERT INTO clock_pause_votes (game_id, user_id, voted_at) "
                "VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, user_id, now_s),
            )
            votes = tuple(
                r[0]
                for r in tx.fetchall(
                    "SELECT user_id FROM clock_pause_votes WHERE game_id = ? ORDER BY voted_at",
                    (game_id,),
                )
                if r[0] in humans
            )
            if set(votes) >= set(humans):
                tx.execute("DELETE FROM clock_pause_votes WHERE game_id = ?", (game_id,))
                tx.execute(
                    "INSERT INTO clock_pauses (game_id, paused_at) VALUES (?, ?)",
                    (game_id, now_s),
                )
                return True, votes
            return False, votes

        paused, votes = await self.store.write(work)
        seat = info.seat_of(user_id)
        assert seat is not None
        if paused:
            notice = self._notice(
                "paused", info, None, humans, Later(m, "CLOCK_PAUSED", game_id=game_id)
            )
            return PauseState(game_id, True, now, (), humans, notice)
        text = Later(
            m,
            "CLOCK_PAUSE_VOTE",
            player="{player}",
            game_id=game_id,
            votes=len(votes),
            needed=len(humans),
        )
        notice = self._notice("pause_vote", info, seat.seat, (user_id,), text)
        return PauseState(game_id, False, None, votes, humans, notice)

    async def vote_resume(self, game_id: int, user_id: int, now: datetime) -> PauseState:
        """Any human player resumes a paused game (clocks continue with the time left); if the
        game is not paused, this withdraws the player's request to pause."""
        info = await self._running_human(game_id, user_id)
        humans = tuple(s.user_id for s in info.seats if s.user_id is not None and not s.is_bot)
        now_s = _ts(now)

        def work(tx: Tx) -> str:
            if tx.execute(
                "UPDATE clock_pauses SET resumed_at = ? WHERE game_id = ? AND resumed_at IS NULL",
                (max(now_s, 0.0), game_id),
            ):
                tx.execute("DELETE FROM clock_pause_votes WHERE game_id = ?", (game_id,))
                return "resumed"
            if tx.execute(
                "DELETE FROM clock_pause_votes WHERE game_id = ? AND user_id = ?",
                (game_id, user_id),
            ):
                return "withdrawn"
            raise err.NotPaused(game_id=game_id)

        what = await self.store.write(work)
        seat = info.seat_of(user_id)
        assert seat is not None
        if what == "resumed":
            notice = self._notice(
                "resumed", info, None, humans, Later(m, "CLOCK_RESUMED", game_id=game_id)
            )
        else:
            text = Later(m, "CLOCK_VOTE_WITHDRAWN", player="{player}", game_id=game_id)
            notice = self._notice("vote_withdrawn", info, seat.seat, (user_id,), text)
        votes = tuple(
            r[0]
            for r in await self.store.query(
                "SELECT user_id FROM clock_pause_votes WHERE game_id = ?", (game_id,)
            )
        )
        return PauseState(game_id, False, None, votes, humans, notice)

    async def pause_state(self, game_id: int) -> tuple[datetime | None, tuple[int, ...]]:
        """(paused since, or None; the users who asked to pause)."""
        rows = await self.store.query(
            "SELECT paused_at FROM clock_pauses WHERE game_id = ? AND resumed_at IS NULL",
            (game_id,),
        )
        votes = await self.store.query(
            "SELECT user_id FROM clock_pause_votes WHERE game_id = ? ORDER BY voted_at",
            (game_id,),
        )
        return (_dt(rows[0][0]) if rows else None), tuple(v[0] for v in votes)

    # --- many games --------------------------------------------------------------------------

    async def my_games(self, user_id: int, guild_id: int | None, now: datetime) -> list[MyGame]:
        """The user's lobby and running games (in a guild, or all): those waiting for them
        first, soonest deadline first; seats the built-in player took over included."""
        now_s = _ts(now)
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
        taken = await self.store.query(
            "SELECT g.id, g.guild_id, g.channel_id, g.kind, g.status, c.seat, s.colour "
            "FROM clock_seats c JOIN games g ON g.id = c.game_id "
            "JOIN seats s ON s.game_id = c.game_id AND s.seat = c.seat "
            "WHERE c.user_id = ? AND c.taken_over = 1 AND g.status = 'running'"
            + (" AND g.guild_id = ?" if guild_id is not None else ""),
            (user_id, guild_id) if guild_id is not None else (user_id,),
        )
        for gid, guild, channel, kind, status, seat, colour in taken:
            out.append(MyGame(gid, guild, channel, kind, status, seat, colour, False, None, True))
        result = []
        for game in out:
            if game.status == "running":
                try:
                    deadline = await self.deadline(game.game_id, now)
                except err.GameDamaged:
                    continue  # cannot be read: left out of the list (reported to its channel)
                away = await self.store.query(
                    "SELECT MAX(COALESCE(ended_at, until_at)) FROM clock_away "
                    "WHERE game_id = ? AND seat = ? AND from_at <= ? "
                    "AND COALESCE(ended_at, until_at) > ?",
                    (game.game_id, game.seat, now_s, now_s),
                )
                away_until = _dt(away[0][0]) if away and away[0][0] is not None else None
                paused = (await self.pause_state(game.game_id))[0] is not None
                game = _replace(game, deadline=deadline, paused=paused, away_until=away_until)
            result.append(game)

        def order(g: MyGame) -> tuple[Any, ...]:
            due = g.deadline.due.timestamp() if g.deadline and g.deadline.due else math.inf
            return (not g.waiting_for_you, due, g.game_id)

        return sorted(result, key=order)

    # --- internals ---------------------------------------------------------------------------

    async def _game_row(self, game_id: int) -> dict[str, Any]:
        rows = await self.store.query(
            "SELECT id, host_id, status, seq, version FROM games WHERE id = ?", (game_id,)
        )
        if not rows:
            raise err.UnknownGame(game_id=game_id)
        return dict(zip(("id", "host_id", "status", "seq", "version"), rows[0], strict=True))

    async def _running_human(self, game_id: int, user_id: int) -> GameInfo:
        info = await self.svc.game(game_id)
        seat = info.seat_of(user_id)
        if seat is None or seat.is_bot:
            raise err.NotSeated(game_id=game_id, user_id=user_id)
        if info.status != "running":
            raise err.GameNotRunning(game_id=game_id, status=m.STATUS[info.status])
        return info

    _AWAITED = (
        "id",
        "guild_id",
        "channel_id",
        "version",
        "seq",
        "awaiting_seat",
        "awaiting_since",
        "user_id",
        "colour",
        "clock_seconds",
        "reminders",
        "takeover_after",
    )

    async def _awaited_rows(self, game_id: int | None) -> list[dict[str, Any]]:
        """Running games waiting for a human seat (one game, or all), with their settings."""
        rows = await self.store.query(
            "SELECT g.id, g.guild_id, g.channel_id, g.version, g.seq, g.awaiting_seat, "
            "g.awaiting_since, s.user_id, s.colour, COALESCE(c.clock_seconds, ?), "
            "COALESCE(c.reminders, ?), COALESCE(c.takeover_after, ?) FROM games g "
            "JOIN seats s ON s.game_id = g.id AND s.seat = g.awaiting_seat "
            "LEFT JOIN clock_settings c ON c.game_id = g.id "
            "WHERE g.status = 'running' AND g.awaiting_seat IS NOT NULL AND s.is_bot = 0 "
            "AND g.awaiting_since IS NOT NULL "
            + ("AND g.id = ? " if game_id is not None else "")
            + "AND g.id NOT IN (SELECT game_id FROM damaged_games) ORDER BY g.id",
            (
                int(DEFAULT_CLOCK.total_seconds()),
                DEFAULT_REMINDER_SPEC,
                DEFAULT_TAKEOVER_AFTER,
                *((game_id,) if game_id is not None else ()),
            ),
        )
        return [dict(zip(self._AWAITED, r, strict=True)) for r in rows]

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
        ids = [r["id"] for r in rows]
        if len(ids) <= 100:
            games, params = f"IN ({', '.join('?' for _ in ids)})", ids
        else:  # many games (the tick): every running game's rows, not thousands of parameters
            games, params = "IN (SELECT id FROM games WHERE status = 'running')", []
        pauses: dict[int, list[tuple[float, float | None]]] = {}
        for gid, begun, ended in await self.store.query(
            f"SELECT game_id, paused_at, resumed_at FROM clock_pauses WHERE game_id {games}",
            params,
        ):
            pauses.setdefault(gid, []).append((begun, ended))
        for gid, begun, ended in await self.store.query(
            f"SELECT game_id, stopped_at, restarted_at FROM clock_stops WHERE game_id {games}",
            params,
        ):
            pauses.setdefault(gid, []).append((begun, ended))
        aways: dict[tuple[int, int], list[tuple[float, float]]] = {}
        for gid, seat, begun, ends in await self.store.query(
            "SELECT game_id, seat, from_at, COALESCE(ended_at, until_at) FROM clock_away "
            f"WHERE game_id {games}",
            params,
        ):
            aways.setdefault((gid, seat), []).append((begun, ends))
        now_s = _ts(now)
        out = []
        for r in rows:
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
            since=_dt(r["awaiting_since"]),
            clock_start=_dt(timing.clock_start),
            due=_dt(timing.due) if timing.due is not None else None,
            clock=timedelta(seconds=r["clock_seconds"]),
            paused=timing.due is None,
            away_until=_dt(timing.away_until) if timing.away_until else None,
        )

    async def _expiries_in_row(self, game_id: int, seat: int) -> int:
        # A move played from the player's plan (planned = 1) does not show the player is there:
        # only their own answers (and a reclaim) end a run of expiries.
        rows = await self.store.query(
            "SELECT COUNT(*) FROM clock_expiries WHERE game_id = ? AND seat = ? AND seq > "
            "(SELECT COALESCE(MAX(seq), 0) FROM actions "
            " WHERE game_id = ? AND seat = ? AND by_bot = 0 AND planned = 0) AND seq > "
            "(SELECT COALESCE(MAX(reset_seq), 0) FROM clock_seats "
            " WHERE game_id = ? AND seat = ?)",
            (game_id, seat, game_id, seat, game_id, seat),
        )
        return rows[0][0]

    @staticmethod
    def _notice(
        kind: str,
        info: GameInfo,
        seat: int | None,
        user_ids: Iterable[int],
        template: str,
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

    @staticmethod
    def _parse_clock(clock: timedelta | str) -> timedelta:
        if isinstance(clock, timedelta):
            if not MIN_CLOCK <= clock <= MAX_CLOCK:
                raise err.BadClock(value=format_duration(clock))
            return clock
        try:
            return parse_clock(clock)
        except ClockInputError:
            raise err.BadClock(value=clock) from None

    @staticmethod
    def _parse_reminders(spec: str | Sequence[str]) -> tuple[str, ...]:
        text = spec if isinstance(spec, str) else ",".join(spec)
        if text.strip().lower() in _OFF:
            return ()
        try:
            items = parse_reminders(text)
        except ClockInputError:
            raise err.BadReminders(value=text) from None
        return tuple(dict.fromkeys(items))

    @staticmethod
    def _zone_name(name: str) -> str:
        try:
            time_zone(name.strip())
        except ClockInputError:
            raise err.BadTimeZone(value=name) from None
        return name.strip()


def expiry_templates(
    game_id: int, cause: dict[str, Any], action: str
) -> tuple[Later, Later | None]:
    """The lines of an expiry ('{player}' for the player), from the cause kept with the
    outbox row: what ran out and what the clock played, then the takeover if there was one."""
    expired = Later(
        m,
        "CLOCK_EXPIRED",
        player="{player}",
        game_id=game_id,
        prompt=partial(
            decision_phrase,
            cause.get("game", ""),
            cause.get("decision", ""),
            cause.get("prompt", ""),
        ),
        action=action,
    )
    in_row, limit = int(cause.get("in_row", 1)), int(cause.get("limit", DEFAULT_TAKEOVER_AFTER))
    if not cause.get("takeover") and in_row > 1:
        expired += Later(m, "CLOCK_EXPIRED_IN_ROW", count=in_row, limit=limit)
    taken = None
    if cause.get("takeover"):
        taken = Later(
            m,
            "CLOCK_TAKEOVER",
            player="{player}",
            count=in_row,
            game_id=game_id,
            colour=partial(colour_name, cause.get("colour", "")),
        )
    return expired, taken


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


def _away_days(days: float) -> str:
    """'2 away days', '1 away day', '2.5 away days' in the language in force."""
    return m.AWAY_DAYS.format(count=round(days, 2))  # type: ignore[no-any-return]


def _with_decision(deadline: Deadline, kind: str, prompt: str) -> Deadline:
    return _replace(deadline, kind=kind, prompt=prompt)


def _replace(obj: Any, **changes: Any) -> Any:
    return dataclasses.replace(obj, **changes)


def _upsert_seat(tx: Tx, game_id: int, seat: int, user_id: int, **values: Any) -> None:
    names = list(values)
    tx.execute(
        f"INSERT INTO clock_seats (game_id, seat, user_id, {', '.join(names)}, updated_at) "
        f"VALUES (?, ?, ?, {', '.join('?' for _ in names)}, ?) ON CONFLICT (game_id, seat) "
        f"DO UPDATE SET user_id = excluded.user_id, "
        f"{', '.join(f'{n} = excluded.{n}' for n in names)}, updated_at = excluded.updated_at",
        (game_id, seat, user_id, *values.values(), tx.now),
    )


__all__ = [
    "AwayInfo",
    "ClockNotice",
    "ClockService",
    "ClockSettings",
    "Deadline",
    "MyGame",
    "PauseState",
    "Timing",
    "UserClockSettings",
    "compute_timing",
]
