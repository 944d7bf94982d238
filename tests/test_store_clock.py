"""The clock's queries and the service's named statements, on both backends (a real SQLite file,
a real PostgreSQL schema): what each store method reads and records, and that a transaction
composed of them stays one transaction."""

from __future__ import annotations

import pytest

from bot.store import LogRow, SeatRow, Store, StoreError, Tx, open_store
from tests.db import execute, rows, undone_moves

DEFAULTS = {"default_clock": 86_400, "default_reminders": "half,2h", "default_takeover": 3}


@pytest.fixture
async def store(database: str):
    s = await open_store(database)
    yield s
    await s.close()


def _running_game(tx: Tx, *, channel: int = 2, moves: int = 2) -> int:
    """A running two-seat game (users 7 and 8), `moves` moves logged, seat 0 awaited since 100."""
    gid = tx.insert_game(
        guild_id=1, channel_id=channel, kind="caylus", options={"players": 2}, host_id=7
    )
    tx.replace_seats(
        gid,
        [
            SeatRow(gid, 0, 7, False, "blue", None, 1.0),
            SeatRow(gid, 1, 8, False, "red", None, 1.0),
        ],
    )
    tx.append_actions(
        gid,
        [
            LogRow(seq, seq % 2, "pass", False, 7 + seq % 2, float(seq))
            for seq in range(1, moves + 1)
        ],
    )
    tx.update_game(
        gid, 0, status="running", seq=moves, awaiting_seat=0, awaiting_since=100.0, started_at=1.0
    )
    return gid


async def test_clock_pause_votes_pause_and_resume_a_game_in_the_store(store: Store) -> None:
    gid = await store.write(_running_game)

    def vote(user: int, at: float):
        def work(tx: Tx) -> list[int]:
            tx.add_pause_vote(gid, user, at)
            return tx.pause_voters(gid)

        return work

    assert await store.write(vote(8, 10.0)) == [8]
    assert await store.write(vote(7, 20.0)) == [8, 7]
    assert await store.write(vote(8, 30.0)) == [8, 7]  # asking twice keeps the first time
    assert await store.pause_voters(gid) == (8, 7)
    assert await store.paused_since(gid) is None
    await store.write(lambda tx: tx.pause_game(gid, 40.0))
    assert await store.paused_since(gid) == 40.0
    assert await store.pause_voters(gid) == ()  # the votes are spent
    assert await store.write(lambda tx: tx.is_paused(gid))
    assert await store.write(lambda tx: tx.resume_game(gid, 50.0))
    assert not await store.write(lambda tx: tx.resume_game(gid, 60.0))  # not paused any more
    assert await store.paused_since(gid) is None
    await store.write(vote(7, 70.0))
    assert await store.write(lambda tx: tx.withdraw_pause_vote(gid, 7))
    assert not await store.write(lambda tx: tx.withdraw_pause_vote(gid, 7))
    stoppages = await store.clock_stoppages([gid])
    assert stoppages.stops == {gid: [(40.0, 50.0)]}


async def test_clock_pause_is_one_transaction_with_the_votes(store: Store) -> None:
    """A transaction composed of the clock's writes is still one: a failure after the pause
    leaves the votes and no pause."""
    gid = await store.write(_running_game)
    await store.write(lambda tx: tx.add_pause_vote(gid, 7, 1.0))

    def pause_then_fail(tx: Tx) -> None:
        tx.pause_game(gid, 2.0)
        raise RuntimeError("the clock changed its mind")

    with pytest.raises(RuntimeError):
        await store.write(pause_then_fail)
    assert await store.paused_since(gid) is None
    assert await store.pause_voters(gid) == (7,)


async def test_clock_settings_of_a_game_set_in_the_store(store: Store) -> None:
    gid = await store.write(_running_game)
    assert await store.clock_settings_of(gid) is None  # the defaults apply
    await store.write(lambda tx: tx.set_clock_settings(gid, {"clock_seconds": 7200}))
    await store.write(lambda tx: tx.set_clock_settings(gid, {"reminders": "1h"}))
    settings = await store.clock_settings_of(gid)
    assert settings is not None
    assert (settings.clock_seconds, settings.reminders, settings.max_away_days) == (7200, "1h", 7)
    with pytest.raises(StoreError, match="clock_settings"):
        await store.write(lambda tx: tx.set_clock_settings(gid, {"status": "finished"}))
    awaited = await store.seats_awaited(gid, **DEFAULTS)
    assert [(a.user_id, a.clock_seconds, a.reminders, a.takeover_after) for a in awaited] == [
        (7, 7200, "1h", 3)
    ]


async def test_seats_awaited_fill_defaults_and_leave_out_damaged_games(store: Store) -> None:
    first = await store.write(_running_game)
    second = await store.write(lambda tx: _running_game(tx, channel=3))
    every = await store.seats_awaited(None, **DEFAULTS)
    assert [(a.id, a.awaiting_seat, a.colour, a.clock_seconds) for a in every] == [
        (first, 0, "blue", 86_400),
        (second, 0, "blue", 86_400),
    ]
    await store.mark_damaged(first, "test")
    assert [a.id for a in await store.seats_awaited(None, **DEFAULTS)] == [second]
    assert await store.seats_awaited(first, **DEFAULTS) == []


async def test_clock_seats_taken_over_reclaimed_and_handed_over_for_good(store: Store) -> None:
    gid = await store.write(_running_game)
    assert await store.seat_taken_over_from(gid, 7) is None
    await store.write(lambda tx: tx.take_over_seat(gid, 0, 7, 500.0))
    assert await store.seat_taken_over_from(gid, 7) == 0
    assert await store.reclaimer_of(gid, 0) == 7
    assert [tuple(s) for s in await store.seats_taken_over_from(7)] == [
        (gid, 1, 2, "caylus", "running", 0, "blue")
    ]
    assert await store.seats_taken_over_from(7, guild_id=99) == []

    def expire(tx: Tx) -> None:
        tx.append_actions(gid, [LogRow(3, 0, "pass", True, None, 3.0)])
        tx.record_expiry(gid, 3, 7, 2.5, 3.0)
        tx.update_game(gid, 1, seq=3)

    await store.write(expire)
    assert await store.expiries_in_row(gid, 0) == 1
    assert await store.write(lambda tx: tx.reclaim_seat(gid, 0))
    assert not await store.write(lambda tx: tx.reclaim_seat(gid, 0))  # once
    assert await store.expiries_in_row(gid, 0) == 0  # a reclaim forgets the expiries so far
    assert await store.reclaimer_of(gid, 0) is None
    await store.write(lambda tx: tx.take_over_seat(gid, 1, 8, 600.0))
    await store.write(lambda tx: tx.end_reclaim(gid, 1))
    assert await store.reclaimer_of(gid, 1) is None
    await store.write(lambda tx: tx.hand_seat_over_for_good(gid, 0, 7))
    assert await store.seat_taken_over_from(gid, 7) is None


async def test_clock_expiries_in_row_count_from_the_players_own_last_move(store: Store) -> None:
    gid = await store.write(lambda tx: _running_game(tx, moves=4))  # seat 1 moved at 1 and 3

    def bot_moves(tx: Tx) -> None:
        tx.append_actions(gid, [LogRow(5, 1, "pass", True, None, 5.0)])
        tx.record_expiry(gid, 5, 8, 4.5, 5.0)
        tx.append_actions(gid, [LogRow(6, 1, "pass", False, 8, 6.0, planned=True)])
        tx.append_actions(gid, [LogRow(7, 1, "pass", True, None, 7.0)])
        tx.record_expiry(gid, 7, 8, 6.5, 7.0)

    await store.write(bot_moves)
    # a move played from the player's plan does not end the run; their own answer does
    assert await store.expiries_in_row(gid, 1) == 2
    recorded = await rows(store, "SELECT seq, seat, user_id, action FROM clock_expiries")
    assert sorted(tuple(r) for r in recorded) == [(5, 1, 8, "pass"), (7, 1, 8, "pass")]
    await store.write(lambda tx: tx.append_actions(gid, [LogRow(8, 1, "pass", False, 8, 8.0)]))
    assert await store.expiries_in_row(gid, 1) == 0


async def test_clock_reminders_recorded_once_and_forgotten_after_undo(store: Store) -> None:
    gid = await store.write(_running_game)
    assert await store.write(lambda tx: tx.awaited_decision(gid)) == (2, 0)

    def remind(tx: Tx) -> bool:
        return tx.record_reminder(gid, 2, 0, "half", 7, 150.0, 151.0)

    assert await store.write(remind)
    assert not await store.write(remind)  # recorded already: not sent twice
    assert await store.reminders_sent([gid, 999]) == {(gid, 2, 0): {"half"}}
    assert await store.reminders_sent([]) == {}
    await store.write(lambda tx: tx.forget_reminders_from(gid, 2))
    assert await store.reminders_sent([gid]) == {}
    await store.write(lambda tx: tx.update_game(gid, 1, status="finished"))
    assert await store.write(lambda tx: tx.awaited_decision(gid)) is None


async def test_clock_away_periods_start_extend_end_and_announce(store: Store) -> None:
    gid = await store.write(_running_game)
    await store.write(lambda tx: tx.start_away(gid, 0, 7, 100.0, 200.0))
    (period,) = await store.away_periods(gid, 0)
    assert (period.from_at, period.until_at, period.ended_at) == (100.0, 200.0, None)
    assert await store.away_until(gid, 0, 150.0) == 200.0
    await store.write(lambda tx: tx.extend_away(period.id, 300.0))
    assert await store.away_until(gid, 0, 250.0) == 300.0
    assert await store.away_until(gid, 0, 350.0) is None
    assert await store.aways_ended_unannounced(299.0) == []
    (ended,) = await store.aways_ended_unannounced(300.0)
    assert (ended.game_id, ended.seat, ended.user_id, ended.colour) == (gid, 0, 7, "blue")
    assert await store.write(lambda tx: tx.announce_away_end(ended.id))
    assert not await store.write(lambda tx: tx.announce_away_end(ended.id))  # once
    # back early: the period ends then and needs no announcement
    await store.write(lambda tx: tx.start_away(gid, 1, 8, 400.0, 500.0))
    assert not await store.write(lambda tx: tx.end_away(gid, 1, 399.0))  # not away yet
    assert await store.write(lambda tx: tx.end_away(gid, 1, 420.0))
    assert await store.away_until(gid, 1, 430.0) is None
    assert await store.aways_ended_unannounced(1000.0) == []
    stoppages = await store.clock_stoppages([gid])
    assert stoppages.aways == {(gid, 0): [(100.0, 300.0)], (gid, 1): [(400.0, 420.0)]}


async def test_clock_stoppages_of_many_games_read_every_running_game(store: Store) -> None:
    """Past a hundred games the read asks for every running game's rows (not thousands of
    parameters): the answer is the same."""
    gid = await store.write(_running_game)
    await store.write(lambda tx: tx.pause_game(gid, 10.0))
    await store.stop_clock(gid, "cannot post")
    named = await store.clock_stoppages([gid])
    many = await store.clock_stoppages([gid, *range(10_000, 10_200)])
    assert len(named.stops[gid]) == 2
    assert sorted(many.stops[gid]) == sorted(named.stops[gid])
    assert await store.clock_stoppages([]) == type(named)()


async def test_running_players_settings_and_damaged_games_to_report(store: Store) -> None:
    gid = await store.write(_running_game)
    await store.set_user_settings(8, time_zone="Asia/Tokyo")
    await store.set_user_settings(99, time_zone="Europe/Paris")  # in no running game
    assert [(s.user_id, s.time_zone) for s in await store.running_players_settings()] == [
        (8, "Asia/Tokyo")
    ]
    assert await store.damaged_games_to_report() == []
    await store.mark_damaged(gid, "test")
    assert [tuple(d) for d in await store.damaged_games_to_report()] == [(gid, 1, 2)]
    assert await store.mark_reported(gid)
    assert await store.damaged_games_to_report() == []


async def test_service_statements_named_in_the_store(store: Store) -> None:
    """The service's own statements: a game's plain columns, its language, the last move a
    player answered, an undo, a repaired snapshot, the abort of a damaged game."""
    gid = await store.write(_running_game)
    head = await store.game_head(gid)
    assert head is not None and (head.host_id, head.status, head.seq, head.version) == (
        7,
        "running",
        2,
        1,
    )
    assert await store.game_head(999) is None
    assert await store.game_language(gid) == "en"
    await store.write(lambda tx: tx.set_game_language(gid, "nl"))
    assert await store.game_language(gid) == "nl"
    assert await store.last_own_move(gid, 8) == ("pass", 1.0)
    assert await store.last_own_move(gid, 99) is None

    last = (await store.log(gid))[-1]

    def undo(tx: Tx) -> bool:
        tx.put_plan(gid, 1, "later", 8, "{}")
        tx.put_plan(gid, 1, "turnplan/standing", 8, "{}")
        tx.delete_plans_since(gid, 1, 0.0, keep="turnplan/standing")
        tx.settle_posts_from(gid, last.seq)
        return tx.take_back_move(gid, last, 8)

    assert await store.write(undo)
    assert not await store.write(lambda tx: tx.take_back_move(gid, last, 8))  # gone already
    assert [r.seq for r in await store.log(gid)] == [1]
    assert await undone_moves(store, gid) == [(2, "pass", 8)]
    assert [p.key for p in await store.plans(gid)] == ["turnplan/standing"]

    assert not await store.write(lambda tx: tx.repair_snapshots(gid, 0, "{}", "{}", 1))
    assert await store.write(lambda tx: tx.repair_snapshots(gid, 1, "{}", "{}", 1))
    await execute(store, "UPDATE games SET options = 'not json' WHERE id = ?", (gid,))
    head = await store.game_head(gid)  # a damaged row still has its plain columns
    assert head is not None and head.status == "running"
    await store.write(lambda tx: tx.abort_damaged_game(gid))
    head = await store.game_head(gid)
    assert head is not None and (head.status, head.version) == ("aborted", 2)
