"""The scheduler: what `tick(now)` does about once a minute. Expiries (the clock decides for a
player whose time ran out, and takes the seat over after too many in a row), reminders, returns
from away, and games found damaged on the way.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

from bot.clock_service.clock import (
    ClockInputError,
    known_time_zones,
    parse_reminders,
    reminder_times,
    time_zone,
)
from bot.clock_service.core import ClockCore, with_decision
from bot.clock_service.timing import to_seconds
from bot.clock_service.values import (
    DEFAULT_TAKEOVER_AFTER,
    ClockNotice,
    Deadline,
    UserClockSettings,
)
from bot.store import DecisionRow, GameBusy, ReminderClaim, StoreError, Tx
from bot.words import errors as err
from bot.words.lang import colour_name, m
from engine import get_game
from i18n import Later
from render.sentences import decision_phrase

log = logging.getLogger(__name__)


# Games whose reminders the tick handles together: one query of what they were sent, one of
# their decisions, one transaction that claims them (a few round trips for the whole batch).
REMINDER_BATCH = 250
_rng = random.SystemRandom()  # where a tick starts among the games (not a game's randomness)


class TickCalls(ClockCore):
    """The scheduler's tick and its parts."""

    async def tick(self, now: datetime, deliver: Deliver | None = None) -> list[ClockNotice]:
        """Everything due at `now`, at most once each: expiries (default move applied, maybe a
        takeover), reminders (one per decision and item; of several overdue ones, after a
        restart, only the most urgent is sent), the ends of away periods. Run it every minute.

        Each game's work is isolated: a game whose work fails for a reason of its own is marked
        damaged (logged once, one 'damaged' notice for its channel) and skipped from then on;
        the other games go on.

        `deliver`: called with each notice as soon as it is decided (the Discord layer posts it
        then), so a catch-up with thousands of expiries does not keep every move's result in
        memory to the end; the notices returned have then been delivered and carry no
        `result`."""
        async with self._tick_lock:
            out = _Outgoing(deliver)
            now_s = to_seconds(now)
            await out.add(await self._announce_returns(now_s))
            rows = await self._awaited_rows(None)
            players = await self._players_settings() if rows else {}
            broken: list[tuple[dict[str, Any], BaseException]] = []
            reminding: list[tuple[dict[str, Any], Deadline]] = []
            for row, deadline in await self._timings(rows, now, broken):
                if deadline.due is None:
                    continue
                if to_seconds(deadline.due) > now_s:
                    reminding.append((row, deadline))  # a reminder may be due: below
                    continue
                held = self.svc.holds(row["id"])
                await out.add(await self._guarded(row, self._expire(row, deadline, now), broken))
                if not held:  # loaded only to play its expiry (a catch-up): not kept after
                    self.svc.let_go(row["id"])
            await out.add(await self._reminders(reminding, now, players, broken))
            for row, error in broken:
                await out.add(await self._damaged(row, error))
            await out.add(await self._report_damaged())
            return out.notices

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
            await self.svc.game(gid)
        except err.GameDamaged:
            # a read finds the damage too (and has marked it): that mark is lifted by the first
            # read after the operator's repair, so the clock adds no mark of its own
            return []
        except Exception:  # the store: the clock's own mark below says what it met
            log.debug("clock: reading game %s again failed", gid, exc_info=True)
        try:
            if await self.svc.mark_damaged(gid, reason):
                log.error("clock: game %s is damaged, skipped from now on", gid, exc_info=error)
        except Exception:
            log.exception("clock: could not mark game %s damaged", gid)
        return []

    async def _report_damaged(self) -> list[ClockNotice]:
        """One notice per damaged game not yet reported to its channel (however it was found:
        by the clock, or by a player's command)."""
        notices = []
        for gid, guild, channel in await self.store.damaged_games_to_report(self.shards):
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
        in_row = await self.store.expiries_in_row(gid, seat) + 1
        takeover = in_row >= row["takeover_after"]
        now_s, due_s, seq = to_seconds(now), to_seconds(deadline.due), row["seq"] + 1  # type: ignore[arg-type]

        def also(tx: Tx) -> None:
            tx.record_expiry(gid, seq, user, due_s, now_s)
            if takeover:
                tx.take_over_seat(gid, seat, user, now_s)

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
        deadline = with_decision(deadline, decision.kind if decision else "", prompt)
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
        """The reminders due now of the games in `reminding`, a batch of games at a time, each
        batch in a few round trips whatever its size: what it already sent (one query), the
        decisions of the games with a reminder left to send (one query; their stored states are
        decoded in a worker thread), then one transaction that claims them all. The loop gets
        its turn between batches. Processes ticking together start at different games, so each
        mostly finds the others' work done."""
        if not reminding:
            return []
        start = _rng.randrange(len(reminding))
        reminding = reminding[start:] + reminding[:start]
        now_s = to_seconds(now)
        notices: list[ClockNotice] = []
        await asyncio.to_thread(known_time_zones)  # read once per process, off the loop
        for first in range(0, len(reminding), REMINDER_BATCH):
            if first:
                await asyncio.sleep(0)  # the loop's turn between batches
            due = []
            for row, deadline in reminding[first : first + REMINDER_BATCH]:
                try:
                    items = _due_items(row, deadline, now, players)
                except Exception as error:  # the game's own (its stored reminder spec)
                    broken.append((row, error))
                    continue
                if items is not None:
                    due.append((row, deadline, items))
            if not due:
                continue
            try:
                found = await self._unsent(due, broken)
                if not found:
                    continue
                claims = [r.claim() for r in found]

                def claim(tx: Tx, claims: list[ReminderClaim] = claims) -> set[int]:
                    return tx.claim_reminders(claims, now_s)

                claimed = await self.store.write(claim, claimed=True)
            except (err.NotSaved, StoreError, sqlite3.OperationalError) as error:
                log.warning("clock: %d reminders must wait for the store: %s", len(due), error)
                continue
            notices += [_reminder_notice(r) for r in found if r.row["id"] in claimed]
        return sorted(notices, key=lambda n: n.game_id)

    async def _unsent(
        self,
        due: list[tuple[dict[str, Any], Deadline, _Due]],
        broken: list[tuple[dict[str, Any], BaseException]],
    ) -> list[_DueReminder]:
        """Of these games' due reminders, those not yet sent for a decision still awaited,
        with the decision named (for the reminder's sentence): two queries for the batch."""
        sent = await self.store.reminders_sent([row["id"] for row, _, _ in due])
        unsent = []
        for row, deadline, (items, via) in due:
            done = sent.get((row["id"], deadline.seq, deadline.seat), set())
            left = tuple(x for x in items if x[1] not in done)
            if left:
                unsent.append((row, deadline, (left, via)))
        if not unsent:
            return []
        in_memory = {}
        for row, deadline, _ in unsent:
            state = self.svc.state_in_memory(row["id"], deadline.version)
            if state is not None:
                in_memory[row["id"]] = state
        ids = [row["id"] for row, _, _ in unsent]
        stored = await self.store.decisions_of(ids, snapshots_of=set(ids) - set(in_memory))
        expected = {row["id"]: deadline for row, deadline, _ in unsent}
        to_decode = [r for r in stored if r.id not in in_memory]
        named = _name_decisions([r for r in stored if r.id in in_memory], in_memory, expected)
        if to_decode:  # decoded in a thread: hundreds of stored states would hold the loop
            named.update(await asyncio.to_thread(_name_decisions, to_decode, {}, expected))
        found = []
        for row, deadline, (items, via) in unsent:
            decision = named.get(row["id"])
            if isinstance(decision, BaseException):
                # a stored state that does not read: the service reads the game (replaying its
                # log, repairing the state) or finds it damaged
                decision = await self._guarded(row, self._named_by_service(deadline), broken)
            if decision is not None:
                game, kind, prompt = decision
                found.append(
                    _DueReminder(
                        row={**row, "kind": game},
                        deadline=with_decision(deadline, kind, prompt),
                        items=items,
                        via=via,
                    )
                )
        return found

    async def _named_by_service(self, deadline: Deadline) -> tuple[str, str, str] | None:
        """(game kind, decision kind, prompt) of the decision awaited, read by the service;
        None if the game moved on."""
        info = await self.svc.game(deadline.game_id)
        decision = next((p for p in info.pending if p.seat == deadline.seat), None)
        if decision is None or info.version != deadline.version:
            return None
        return info.kind, decision.kind, decision.prompt

    async def _announce_returns(self, now_s: float) -> list[ClockNotice]:
        notices = []
        for (
            away_id,
            gid,
            seat,
            user,
            guild,
            channel,
            status,
            colour,
        ) in await self.store.aways_ended_unannounced(now_s, self.shards):

            def announce(tx: Tx, away_id: int = away_id) -> bool:
                return tx.announce_away_end(away_id)

            marked = await self.store.write(announce)
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


# What the Discord layer gives `tick` to post each notice as soon as it is decided.
Deliver = Callable[[ClockNotice], Awaitable[None]]


class _Outgoing:
    """The tick's notices: handed to `deliver` one by one as they are decided, if given (then
    kept without their `result`, which holds the move's states), and returned at the end."""

    def __init__(self, deliver: Deliver | None) -> None:
        self.deliver = deliver
        self.notices: list[ClockNotice] = []

    async def add(self, notices: list[ClockNotice] | None) -> None:
        for notice in notices or ():
            if self.deliver is not None:
                await self.deliver(notice)
                if notice.result is not None:
                    notice = dataclasses.replace(notice, result=None)
            self.notices.append(notice)


# (the items due now and not known to be sent, as (when due, item), earliest first; how)
_Due = tuple[tuple[tuple[datetime, str], ...], str]


def _due_items(
    row: dict[str, Any],
    deadline: Deadline,
    now: datetime,
    players: dict[int, UserClockSettings],
) -> _Due | None:
    """The items of this decision's reminder spec whose instant (in the awaited player's time
    zone and quiet hours) has come, and whether to send them by DM; None if none has."""
    spec = parse_reminders(row["reminders"])
    if not spec:
        return None
    settings = players.get(deadline.user_id) or UserClockSettings(deadline.user_id)
    if settings.remind_via == "none":
        return None
    try:
        zone = time_zone(settings.time_zone)
    except ClockInputError:
        zone = time_zone("UTC")
    assert deadline.due is not None
    items: list[tuple[datetime, str]] = []
    for item in spec:
        times = reminder_times(
            deadline.clock_start, deadline.due, (item,), zone, settings.quiet_hours
        )
        if times and times[0] <= now:
            items.append((times[0], item))
    if not items:
        return None
    return tuple(sorted(items)), "dm" if settings.remind_via == "dm" else "channel"


def _name_decisions(
    stored: list[DecisionRow], states: dict[int, Any], expected: dict[int, Deadline]
) -> dict[int, tuple[str, str, str] | BaseException | None]:
    """(game kind, decision kind, prompt) of the awaited decision of each game, from its state
    in `states` or else the one stored in its row; None when the decision is no longer the one
    the tick computed (its reminders are dropped); the error when the stored state cannot be
    read (the game's own failure). Pure: it may run in a thread."""
    named: dict[int, tuple[str, str, str] | BaseException | None] = {}
    for found in stored:
        deadline = expected.get(found.id)
        if deadline is None or found.status != "running" or found.version != deadline.version:
            named[found.id] = None  # the game moved on since the tick read it
            continue
        try:
            game = get_game(found.kind)
            state = states.get(found.id)
            if state is None:
                if found.snapshot is None:
                    raise ValueError("a running game without a stored state")
                state = game.state_from_json(found.snapshot)
            decision = next((p for p in game.pending(state) if p.seat == deadline.seat), None)
        except Exception as error:
            named[found.id] = error
            continue
        named[found.id] = (found.kind, decision.kind, decision.prompt) if decision else None
    return named


@dataclass(frozen=True)
class _DueReminder:
    """A reminder the tick found due: the decision's deadline and the items not yet sent."""

    row: dict[str, Any]
    deadline: Deadline
    items: tuple[tuple[datetime, str], ...]  # (when due, item), earliest first
    via: str

    def claim(self) -> ReminderClaim:
        deadline = self.deadline
        return ReminderClaim(
            game_id=deadline.game_id,
            seq=deadline.seq,
            seat=deadline.seat,
            user_id=deadline.user_id,
            items=tuple((item, at.timestamp()) for at, item in self.items),
        )


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
