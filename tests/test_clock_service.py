"""The decision clock on both backends (a real SQLite file, a real PostgreSQL schema) with a
virtual clock: deadlines, expiries
and the default move, takeover and reclaim, reminders in three time zones across the 2026 DST
changes, away, pause, a restart, bad input."""

from __future__ import annotations

import logging
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.clock_service import ClockService, compute_timing
from bot.service import ActResult, GameService
from bot.service.automated import default_move
from bot.words import errors as err
from engine import caylus
from engine.record import replay
from tests.db import rows

GUILD, CHANNEL = 10, 20
HOST, ALICE, BOB = 100, 101, 102
H = 3600.0


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


class VirtualTime:
    """The one clock of a test: the service stamps moves with it, ticks are given it."""

    def __init__(self, start: datetime) -> None:
        self.t = start.timestamp()

    def __call__(self) -> float:
        return self.t

    @property
    def now(self) -> datetime:
        return datetime.fromtimestamp(self.t, UTC)

    def at(self, instant: datetime) -> datetime:
        self.t = instant.timestamp()
        return instant


async def _open(path: str | Path, vt: VirtualTime) -> tuple[GameService, ClockService]:
    svc = await GameService.open(path, rng=random.Random(42), clock=vt)
    return svc, ClockService(svc)


@pytest.fixture
def vt() -> VirtualTime:
    return VirtualTime(utc(2026, 3, 2, 12))


@pytest.fixture
async def services(database: str, vt: VirtualTime):
    svc, clock = await _open(database, vt)
    yield svc, clock
    await svc.close()


async def _running(
    svc: GameService, cs: ClockService, users=(HOST, ALICE), channel=CHANNEL, **settings
) -> ActResult:
    game = await svc.create_game(GUILD, channel, users[0], players=len(users))
    for user in users[1:]:
        await svc.join(game.id, user)
    if settings:
        await cs.configure(game.id, users[0], **settings)
    return await svc.start(game.id, users[0])


async def _rows(svc: GameService, sql: str, params=()) -> list[tuple]:
    return await rows(svc.store, sql, params)


async def _human_move(svc: GameService, vt: VirtualTime, game_id: int, minutes: int = 5):
    vt.t += minutes * 60
    info = await svc.game(game_id)
    seat = info.awaiting[0]
    state = await svc.state(game_id)
    action = caylus.choose_action(state, seat.seat, random.Random(vt.t))
    return await svc.act(game_id, seat.user_id, str(action), info.version)


# --- the pure deadline rule ------------------------------------------------------------------


def test_compute_timing_pauses_and_away() -> None:
    # plain: 24 h after the decision began
    assert compute_timing(0, 24 * H, [], [], 0).due == 24 * H
    # a 10 h pause begun 2 h in pushes the deadline back 10 h; an open one stops it
    assert compute_timing(0, 24 * H, [(2 * H, 12 * H)], [], 13 * H).due == 34 * H
    assert compute_timing(0, 24 * H, [(2 * H, None)], [], 13 * H).due is None
    # a pause over before the decision, or begun after its deadline, changes nothing
    assert compute_timing(5 * H, 24 * H, [(1 * H, 4 * H), (40 * H, 50 * H)], [], 0).due == 29 * H
    # away from 20 h to 48 h: the clock restarts whole at 48 h
    timing = compute_timing(0, 24 * H, [], [(20 * H, 48 * H)], 30 * H)
    assert (timing.clock_start, timing.due, timing.away_until) == (48 * H, 72 * H, 48 * H)
    # away that ended before the decision began, or began after it expired: no effect
    assert compute_timing(10 * H, 24 * H, [], [(0, 5 * H), (40 * H, 50 * H)], 0).due == 34 * H
    # a pause after the away period pushes the restarted clock back
    assert compute_timing(0, 24 * H, [(50 * H, 52 * H)], [(20 * H, 48 * H)], 60 * H).due == 74 * H


# --- expiry, takeover, reclaim ---------------------------------------------------------------


async def test_expiry_applies_the_default_and_logs_it(services, vt: VirtualTime) -> None:
    svc, clock = services
    start = vt.now
    result = await _running(svc, clock)
    gid = result.game.id
    deadline = await clock.deadline(gid, vt.now)
    assert deadline.due == start + timedelta(hours=24) and deadline.since == start
    assert deadline.user_id == result.awaiting_user_ids[0] and deadline.prompt
    assert deadline.timestamp() == f"<t:{int(deadline.due.timestamp())}:f>"

    assert [n for n in await clock.tick(vt.at(deadline.due - timedelta(seconds=1)))
            if n.kind == "expired"] == []  # fmt: skip
    state_before = await svc.state(gid)
    expected = caylus.default_action(state_before)
    notices = await clock.tick(vt.at(deadline.due))
    (expired,) = [n for n in notices if n.kind == "expired"]
    assert expired.user_ids == (deadline.user_id,) and expired.channel_id == CHANNEL
    assert expired.extra["action"] == str(expected) == "pass"
    assert f"`{expected}`" in expired.render("<@1>") and "<@1>" in expired.render("<@1>")
    assert expired.result is not None and expired.result.moves[0].by_bot
    # it is in the log, for the seat, by the bot, and recorded as an expiry
    page = await svc.log(gid, after_seq=deadline.seq)
    first = page.entries[0]
    assert (first.seat, first.action, first.by_bot, first.user_id) == (
        deadline.seat,
        str(expected),
        True,
        None,
    )
    assert await _rows(svc, "SELECT seq, seat, user_id, action FROM clock_expiries") == [
        (deadline.seq + 1, deadline.seat, deadline.user_id, str(expected))
    ]
    # the next decision's clock starts at the expiry
    after = await clock.deadline(gid, vt.now)
    assert after.since == vt.now and after.due == vt.now + timedelta(hours=24)
    assert [n.kind for n in await clock.tick(vt.now)] == []  # nothing twice


async def test_takeover_after_three_expiries_reclaim_and_the_count_resets(
    services, vt: VirtualTime
) -> None:
    svc, clock = services
    result = await _running(svc, clock, clock="1h")
    gid = result.game.id
    idle = result.awaiting_user_ids[0]  # this player never plays; the other always does
    other = HOST if idle == ALICE else ALICE
    idle_seat = result.game.seat_of(idle).seat

    async def until_idle_expires() -> list:
        for _ in range(400):
            deadline = await clock.deadline(gid, vt.now)
            if deadline.user_id == idle:
                return await clock.tick(vt.at(deadline.due))
            await _human_move(svc, vt, gid)
        raise AssertionError("the idle player was never awaited")

    kinds = [n.kind for n in await until_idle_expires()]
    assert kinds == ["expired"] and await clock.expiries_in_row(gid, idle_seat) == 1
    second = [n for n in await until_idle_expires() if n.kind == "expired"]
    assert second[0].extra["in_row"] == 2 and "2 in a row" in second[0].text
    with pytest.raises(err.NotTakenOver):
        await clock.reclaim(gid, idle)
    notices = await until_idle_expires()
    assert [n.kind for n in notices] == ["expired", "takeover"]
    takeover = notices[1]
    assert takeover.user_ids == (idle,) and "/caylus back" in takeover.text
    game = await svc.game(gid)
    seat = game.seats[idle_seat]
    assert seat.is_bot and seat.resigned_user_id == idle and idle not in game.awaiting_user_ids
    assert seat.level == "medium"  # the takeover plays at medium
    mine = await clock.my_games(idle, GUILD, vt.now)
    assert [(g.game_id, g.taken_over, g.waiting_for_you) for g in mine] == [(gid, True, False)]
    # the medium bot plays the seat on; the other player keeps playing
    for _ in range(5):
        await _human_move(svc, vt, gid)
    assert all(s.user_id == other for s in (await svc.game(gid)).awaiting)

    back = await clock.reclaim(gid, idle)
    assert back.kind == "reclaimed" and game.seats[idle_seat].colour in back.text
    game = await svc.game(gid)
    assert game.seats[idle_seat].user_id == idle and not game.seats[idle_seat].is_bot
    assert game.seats[idle_seat].level is None
    assert await clock.expiries_in_row(gid, idle_seat) == 0
    with pytest.raises(err.NotTakenOver):
        await clock.reclaim(gid, idle)

    # two more expiries, then the player acts: the count starts again
    await until_idle_expires()
    await until_idle_expires()
    assert await clock.expiries_in_row(gid, idle_seat) == 2
    for _ in range(400):
        if (await svc.game(gid)).awaiting_user_ids == [idle]:
            break
        await _human_move(svc, vt, gid)
    await _human_move(svc, vt, gid)  # the idle player plays themselves
    assert await clock.expiries_in_row(gid, idle_seat) == 0
    notices = await until_idle_expires()
    assert [n.kind for n in notices] == ["expired"] and notices[0].extra["in_row"] == 1

    # the host may hand an idle seat to the bot for good (then no reclaim)
    with pytest.raises(err.NotHost):
        await clock.kick(gid, other if idle == HOST else idle, idle_seat, vt.now)
    with pytest.raises(err.NotIdle):
        await clock.kick(gid, HOST, 1 - idle_seat, vt.now, can_manage=True)
    kicked = await clock.kick(gid, HOST, idle_seat, vt.now, can_manage=True)
    assert kicked.kind == "kicked" and kicked.user_ids == (idle,)
    assert (await svc.game(gid)).seats[idle_seat].is_bot
    with pytest.raises(err.NotTakenOver):
        await clock.reclaim(gid, idle)
    # the log (defaults, bot moves, the player's own) still replays to the same state
    assert replay(await svc.record(gid)).state == await svc.state(gid)


async def test_a_failing_bot_player_after_a_takeover_plays_the_default_move(
    database: str, vt: VirtualTime, caplog
) -> None:
    # the seat the clock hands to the built-in player: its player raises at every decision,
    # and the clock's tick still commits, the game is not marked damaged and goes on
    calls: list[int] = []

    def broken(game, state, seat, level, rng, budget):
        calls.append(seat)
        raise IndexError("list index out of range")

    svc = await GameService.open(database, rng=random.Random(42), clock=vt, bot_player=broken)
    clock = ClockService(svc)
    try:
        result = await _running(svc, clock, clock="1h", takeover_after=1)
        gid = result.game.id
        idle = result.awaiting_user_ids[0]
        idle_seat = result.game.seat_of(idle).seat
        with caplog.at_level(logging.ERROR):
            deadline = await clock.deadline(gid, vt.now)
            notices = await clock.tick(vt.at(deadline.due))
            assert [n.kind for n in notices] == ["expired", "takeover"]
            for _ in range(60):  # the other player plays on; the broken seat never waits
                if len(calls) >= 5:
                    break
                await _human_move(svc, vt, gid)
        assert len(calls) >= 5 and set(calls) == {idle_seat}
        failed = [r.getMessage() for r in caplog.records if "failed at move" in r.getMessage()]
        assert len(failed) == len(calls)
        assert all(f"the medium player of seat {idle_seat}" in line for line in failed)
        assert await svc.store.damaged(gid) is None
        game = await svc.game(gid)
        assert game.seats[idle_seat].is_bot and game.status == "running"
        assert idle not in game.awaiting_user_ids
        record = await svc.record(gid)
        state = caylus.new_game(caylus.Options(**record.options), caylus.Setup(**record.setup))
        for action, seat in zip(record.actions, record.seats, strict=True):
            if seat == idle_seat:  # the clock's default, then the bot's: the default move
                assert action == str(default_move(caylus, state, seat))
            state, _ = caylus.apply(state, action, seat)
        assert state == await svc.state(gid)
    finally:
        await svc.close()


async def test_a_move_racing_the_clock_wins_and_the_clock_writes_nothing(
    services, vt: VirtualTime
) -> None:
    svc, clock = services
    result = await _running(svc, clock)
    gid = result.game.id
    deadline = await clock.deadline(gid, vt.now)
    await _human_move(svc, vt, gid, minutes=30)  # the player moves before the tick
    with pytest.raises(err.StaleVersion):  # what a tick computed from the old version gets
        await svc.clock_move(gid, deadline.seat, deadline.version, now=vt.t)
    assert await _rows(svc, "SELECT COUNT(*) FROM clock_expiries") == [(0,)]
    assert "expired" not in [n.kind for n in await clock.tick(vt.at(deadline.due))]


# --- reminders in three time zones across the daylight-saving changes -----------------------


@pytest.mark.parametrize(
    ("zone", "quiet", "start", "expected"),
    [
        # Europe leaves summer time 2026-10-25 01:00 UTC. Half time 00:00 UTC = 02:00 CEST is
        # quiet -> 07:00 CET = 06:00 UTC; 2 h before = 11:00 CET
        ("Europe/Amsterdam", "22:00-07:00", utc(2026, 10, 24, 12), [(10, 25, 6), (10, 25, 10)]),
        # the US leaves daylight time 2026-11-01 09:00 UTC. Half time 08:00 UTC = 01:00 PDT is
        # quiet -> 07:00 PST = 15:00 UTC; 2 h before = 10:00 PST
        ("America/Los_Angeles", "23-7", utc(2026, 10, 31, 20), [(11, 1, 15), (11, 1, 18)]),
        # Tokyo (no DST): 2 h before = 03:00 JST is quiet until 08:00 JST, after the deadline:
        # dropped; half time 17:00 JST is sent
        ("Asia/Tokyo", "0-8", utc(2026, 10, 31, 20), [(11, 1, 8)]),
    ],
)
async def test_reminder_times_by_zone_and_quiet_hours(
    database: str, zone: str, quiet: str, start: datetime, expected: list
) -> None:
    vt = VirtualTime(start)
    svc, clock = await _open(database, vt)
    try:
        for user in (HOST, ALICE):
            await clock.set_user_settings(
                user, time_zone=zone, quiet_hours=quiet, remind_via="dm" if user == ALICE else None
            )
        result = await _running(svc, clock, reminders="half, 2h")
        gid = result.game.id
        user = result.awaiting_user_ids[0]
        deadline = await clock.deadline(gid, vt.now)
        assert deadline.due == start + timedelta(hours=24)
        sent = []
        t = start
        while t < deadline.due:
            for notice in await clock.tick(vt.at(t)):
                assert notice.kind == "reminder" and notice.user_ids == (user,)
                assert notice.via == ("dm" if user == ALICE else "channel")
                assert deadline.timestamp("R") in notice.text and deadline.prompt in notice.text
                sent.append(t)
            t += timedelta(minutes=15)
        assert sent == [utc(2026, *x) for x in expected]
        assert len(await _rows(svc, "SELECT * FROM clock_reminders")) == len(expected)
    finally:
        await svc.close()


async def test_a_reminder_for_an_old_decision_is_dropped(services, vt: VirtualTime) -> None:
    svc, clock = services
    result = await _running(svc, clock)
    gid = result.game.id
    start = vt.now
    vt.at(start + timedelta(hours=11))
    await _human_move(svc, vt, gid, minutes=0)  # decided before half time
    # at the old half time nothing is due: the new decision has its own clock
    assert await clock.tick(vt.at(start + timedelta(hours=12))) == []
    notices = await clock.tick(vt.at(start + timedelta(hours=23)))
    assert [n.kind for n in notices] == ["reminder"]  # the new decision's half time


# --- away and pause --------------------------------------------------------------------------


async def test_away_freezes_then_restarts_the_clock(services, vt: VirtualTime) -> None:
    svc, clock = services
    start = vt.now
    result = await _running(svc, clock, max_away_days=3)
    gid = result.game.id
    user = result.awaiting_user_ids[0]
    vt.at(start + timedelta(hours=20))
    away = await clock.away(gid, user, start + timedelta(days=2), vt.now)
    assert away.notice.kind == "away" and away.days_left == 1.8  # 3 days - 28 h, rounded down
    assert "<t:" in away.notice.text
    deadline = await clock.deadline(gid, vt.now)
    assert deadline.away_until == start + timedelta(days=2)
    assert deadline.clock_start == start + timedelta(days=2)
    assert deadline.due == start + timedelta(days=3)
    # no expiry and no reminder while away; the return is announced once
    assert await clock.tick(vt.at(start + timedelta(hours=24))) == []
    returned = await clock.tick(vt.at(start + timedelta(days=2)))
    assert [n.kind for n in returned] == ["away_over"] and returned[0].user_ids == (user,)
    assert [n.kind for n in await clock.tick(vt.now)] == []
    notices = await clock.tick(vt.at(start + timedelta(days=3)))
    assert "expired" in [n.kind for n in notices]

    # too long, in the past, not a date: refused, nothing written
    before = await _rows(svc, "SELECT * FROM clock_away")
    with pytest.raises(err.AwayTooLong, match="3 away days"):
        await clock.away(gid, user, vt.now + timedelta(days=2), vt.now)
    with pytest.raises(err.AwayInPast, match="already past"):
        await clock.away(gid, user, vt.now - timedelta(hours=1), vt.now)
    with pytest.raises(err.BadAwayDate, match="YYYY-MM-DD"):
        await clock.away(gid, user, "next tuesday", vt.now)
    with pytest.raises(err.NotAway):
        await clock.back(gid, user, vt.now)
    assert await _rows(svc, "SELECT * FROM clock_away") == before

    # a date in the player's own zone; back early restarts the clock at once
    await clock.set_user_settings(user, time_zone="Asia/Tokyo")
    now = vt.now  # 2026-03-05 12:00 UTC = 21:00 JST
    away = await clock.away(gid, user, "2026-03-06", now)
    assert away.until == utc(2026, 3, 6, 15)  # the end of 6 March in Tokyo
    back = await clock.back(gid, user, vt.at(now + timedelta(hours=2)))
    assert back.kind == "back"
    deadline = await clock.deadline(gid, vt.now)
    if deadline.user_id == user:
        assert deadline.due == vt.now + timedelta(hours=24) and deadline.away_until is None
    assert await clock.tick(vt.now) == []  # a return by `back` is not announced again


async def test_pause_needs_every_human_and_resume_keeps_the_time_left(
    services, vt: VirtualTime
) -> None:
    svc, clock = services
    start = vt.now
    result = await _running(svc, clock, users=(HOST, ALICE, BOB))
    gid = result.game.id
    due = (await clock.deadline(gid, vt.now)).due
    vt.at(start + timedelta(hours=2))
    first = await clock.vote_pause(gid, HOST, vt.now)
    assert not first.paused and first.votes == (HOST,) and first.notice.kind == "pause_vote"
    assert "1 of 3" in first.notice.text
    with pytest.raises(err.NotSeated):
        await clock.vote_pause(gid, 999, vt.now)
    await clock.vote_pause(gid, ALICE, vt.now)
    assert (await clock.deadline(gid, vt.now)).due == due  # not paused yet
    last = await clock.vote_pause(gid, BOB, vt.now)
    assert last.paused and last.notice.kind == "paused"
    deadline = await clock.deadline(gid, vt.now)
    assert deadline.paused and deadline.due is None and deadline.timestamp() == ""
    with pytest.raises(err.AlreadyPaused):
        await clock.vote_pause(gid, HOST, vt.now)
    # days later, nothing expires and nothing is reminded
    assert await clock.tick(vt.at(start + timedelta(days=3))) == []
    resumed = await clock.vote_resume(gid, ALICE, vt.at(start + timedelta(hours=12)))
    assert resumed.notice.kind == "resumed" and not resumed.paused
    assert (await clock.deadline(gid, vt.now)).due == due + timedelta(hours=10)
    with pytest.raises(err.NotPaused):
        await clock.vote_resume(gid, ALICE, vt.now)
    # a request to pause can be withdrawn
    await clock.vote_pause(gid, BOB, vt.now)
    withdrawn = await clock.vote_resume(gid, BOB, vt.now)
    assert withdrawn.notice.kind == "vote_withdrawn" and withdrawn.votes == ()


# --- restart ---------------------------------------------------------------------------------


async def test_restart_with_a_pending_deadline_and_a_missed_reminder(
    database: str, vt: VirtualTime
) -> None:
    path = database
    start = vt.now
    svc, clock = await _open(path, vt)
    result = await _running(svc, clock)
    gid = result.game.id
    due = (await clock.deadline(gid, vt.now)).due
    assert await clock.tick(vt.at(start + timedelta(hours=1))) == []
    await svc.close()  # the bot goes down before half time ...

    vt.at(start + timedelta(hours=13))  # ... and comes back after it
    svc, clock = await _open(path, vt)
    try:
        deadline = await clock.deadline(gid, vt.now)
        assert deadline.due == due
        (reminder,) = await clock.tick(vt.now)
        assert reminder.kind == "reminder" and reminder.extra["items"] == ("half",)
        assert await clock.tick(vt.now + timedelta(minutes=1)) == []  # sent once
    finally:
        await svc.close()

    vt.at(start + timedelta(hours=23, minutes=30))  # down over the 2 h reminder as well
    svc, clock = await _open(path, vt)
    try:
        (reminder,) = await clock.tick(vt.now)
        assert reminder.extra["items"] == ("2h",)
        assert await clock.tick(vt.now) == []
        notices = await clock.tick(vt.at(due + timedelta(hours=5)))  # down over the deadline
        assert [n.kind for n in notices] == ["expired"]
        assert (await clock.deadline(gid, vt.now)).since == vt.now  # a full clock from now
    finally:
        await svc.close()


# --- settings and bad input ------------------------------------------------------------------


async def test_bad_input_is_answered_clearly_and_writes_nothing(services, vt) -> None:
    svc, clock = services
    with pytest.raises(err.BadTimeZone, match="IANA") as bad:
        await clock.set_user_settings(ALICE, time_zone="Mars/Olympus_Mons", quiet_hours="22-7")
    assert isinstance(bad.value, err.ServiceError) and "Mars/Olympus_Mons" in str(bad.value)
    with pytest.raises(err.BadQuietHours, match="22:00-07:00"):
        await clock.set_user_settings(ALICE, time_zone="Asia/Tokyo", quiet_hours="ten to seven")
    with pytest.raises(err.BadRemindVia):
        await clock.set_user_settings(ALICE, remind_via="pigeon")
    assert await _rows(svc, "SELECT * FROM user_settings") == []

    settings = await clock.set_user_settings(
        ALICE, time_zone="Europe/Amsterdam", quiet_hours="22:30-07:00", remind_via="dm"
    )
    assert (settings.time_zone, str(settings.quiet_hours), settings.remind_via) == (
        "Europe/Amsterdam",
        "22:30-07:00",
        "dm",
    )
    assert (await clock.set_user_settings(ALICE, quiet_hours="off")).quiet_hours is None

    game = await svc.create_game(GUILD, CHANNEL, HOST, players=2)
    assert (await clock.clock_settings(game.id)).clock == timedelta(hours=24)
    for bad_clock in ("30m", "8d", "soon"):
        with pytest.raises(err.BadClock, match="1 hour and 7 days"):
            await clock.set_clock(game.id, HOST, bad_clock)
    with pytest.raises(err.BadReminders, match="half"):
        await clock.configure(game.id, HOST, reminders="sometimes")
    with pytest.raises(err.NotHost):
        await clock.set_clock(game.id, ALICE, "2d")
    assert await _rows(svc, "SELECT * FROM clock_settings") == []
    changed = await clock.set_clock(game.id, ALICE, "1d 12h", can_manage=True)
    assert changed.clock == timedelta(hours=36) and "1 day 12 hours" in changed.text
    await svc.join(game.id, ALICE)
    await svc.start(game.id, HOST)
    with pytest.raises(err.ClockInLobbyOnly):
        await clock.set_clock(game.id, HOST, "2d")
    assert (await clock.configure(game.id, HOST, reminders="off")).reminders == ()
    with pytest.raises(err.UnknownGame):
        await clock.deadline(999)


async def test_my_games_marks_the_games_waiting_for_me(services, vt: VirtualTime) -> None:
    svc, clock = services
    first = await _running(svc, clock, users=(HOST, ALICE))
    second = await _running(svc, clock, users=(ALICE, BOB), channel=CHANNEL + 1, clock="2h")
    lobby = await svc.create_game(GUILD, CHANNEL + 2, ALICE)
    mine = await clock.my_games(ALICE, GUILD, vt.now)
    assert {g.game_id for g in mine} == {first.game.id, second.game.id, lobby.id}
    waiting = [g for g in mine if g.waiting_for_you]
    expected = {r.game.id for r in (first, second) if r.awaiting_user_ids == [ALICE]}
    assert {g.game_id for g in waiting} == expected
    assert mine[: len(waiting)] == waiting  # waiting for me first, soonest deadline first
    dues = [g.deadline.due for g in waiting]
    assert dues == sorted(dues)
    assert next(g for g in mine if g.game_id == lobby.id).deadline is None
    assert await clock.my_games(ALICE, GUILD + 1, vt.now) == []
