"""Faults around the store, without Discord: one damaged game among healthy ones, two processes
on one file, a full disk, the outbox that keeps what must still be posted, clock stops, double
submits of a typed move. Each test first reproduces what used to strand or mislead players.
Those that are not about SQLite's file run on both backends."""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import DUPLICATE_WINDOW, GameService, retry_delay
from bot.store import DatabaseLocked, StoreError, open_store
from bot.words import errors as err
from engine import caylus
from tests.db import execute, target_of
from tests.test_clock_service import (
    ALICE,
    BOB,
    CHANNEL,
    HOST,
    VirtualTime,
    _human_move,
    _open,
    _rows,
    _running,
    utc,
)


@pytest.fixture
def vt() -> VirtualTime:
    return VirtualTime(utc(2026, 3, 2, 12))


@pytest.fixture
async def services(database: str, vt: VirtualTime):
    svc, clock = await _open(database, vt)
    yield svc, clock
    await svc.close()


@pytest.fixture
async def sqlite_services(tmp_path: Path, vt: VirtualTime):
    svc, clock = await _open(tmp_path / "games.db", vt)
    yield svc, clock
    await svc.close()


async def _sql(svc: GameService, sql: str, params=()) -> None:
    await execute(svc.store, sql, params)


# --- one damaged game does not stop the others -----------------------------------------------


async def test_damaged_game_is_skipped_marked_and_reported_once(services, vt, caplog) -> None:
    svc, clock = services
    bad = await _running(svc, clock, channel=CHANNEL)
    good = await _running(svc, clock, users=(ALICE, BOB), channel=CHANNEL + 1)
    await _sql(svc, "UPDATE games SET options = '{not json' WHERE id = ?", (bad.game.id,))
    await svc.close()  # a restart: nothing of the damaged game is left in memory
    svc, clock = await _open(target_of(svc.store), vt)
    try:
        caplog.set_level(logging.ERROR)
        deadline = await clock.deadline(good.game.id, vt.now)
        notices = await clock.tick(vt.at(deadline.due + timedelta(minutes=1)))
        kinds = {(n.kind, n.game_id) for n in notices}
        # the healthy game expired as usual; the damaged one is reported to its channel
        assert ("expired", good.game.id) in kinds
        assert ("damaged", bad.game.id) in kinds
        (report,) = [n for n in notices if n.kind == "damaged"]
        assert report.channel_id == CHANNEL and f"#{bad.game.id} is damaged" in report.text
        assert await _rows(svc, "SELECT game_id FROM damaged_games") == [(bad.game.id,)]
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1 and "damaged" in errors[0].getMessage()
        # the next ticks skip it silently: logged once, reported once
        caplog.clear()
        vt.t += 25 * 3600
        later = await clock.tick(vt.now)
        assert not [n for n in later if n.game_id == bad.game.id]
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert [n.kind for n in later if n.game_id == good.game.id] == ["expired"]
        # a player's command gets a clear answer, not a crash
        with pytest.raises(err.GameDamaged, match="damaged"):
            await svc.game(bad.game.id)
        with pytest.raises(err.GameDamaged):
            await svc.game_in_channel(10, CHANNEL)
        # the host can abort it to free the channel
        aborted = await svc.abort(bad.game.id, HOST)
        assert aborted.status == "aborted"
        again = await svc.create_game(10, CHANNEL, HOST, players=2)
        assert again.status == "lobby"
    finally:
        await svc.close()


async def test_clock_isolates_a_game_whose_engine_work_fails(services, vt, monkeypatch) -> None:
    """Not only unreadable rows: any failure of one game's clock work is that game's alone."""
    svc, clock = services
    first = await _running(svc, clock, channel=CHANNEL)
    second = await _running(svc, clock, users=(ALICE, BOB), channel=CHANNEL + 1)
    real = caylus.default_action
    broken = first.game.id

    def default_action(state, seat=None):  # the first game's default move crashes (a bug, say)
        if state.setup.seed == first.state.setup.seed:
            raise RuntimeError("boom")
        return real(state, seat)

    monkeypatch.setattr(caylus, "default_action", default_action)
    deadline = await clock.deadline(second.game.id, vt.now)
    notices = await clock.tick(vt.at(deadline.due + timedelta(minutes=1)))
    assert ("expired", second.game.id) in {(n.kind, n.game_id) for n in notices}
    assert ("damaged", broken) in {(n.kind, n.game_id) for n in notices}
    assert await svc.store.damaged(broken) is not None


async def test_a_repaired_game_is_no_longer_damaged(services, vt) -> None:
    svc, clock = services
    result = await _running(svc, clock)
    gid = result.game.id
    good = (await _rows(svc, "SELECT options FROM games WHERE id = ?", (gid,)))[0][0]
    await _sql(svc, "UPDATE games SET options = '[' WHERE id = ?", (gid,))
    await svc.close()
    svc, clock = await _open(target_of(svc.store), vt)
    try:
        with pytest.raises(err.GameDamaged):
            await svc.game(gid)
        await _sql(svc, "UPDATE games SET options = ? WHERE id = ?", (good, gid))  # the operator
        assert (await svc.game(gid)).status == "running"
        assert await svc.store.damaged(gid) is None
    finally:
        await svc.close()


# --- two processes, one file ------------------------------------------------------------------


async def test_a_second_bot_process_on_one_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    first = await open_store(path, exclusive=True)
    try:
        with pytest.raises(DatabaseLocked, match="in use by another bot process") as caught:
            await open_store(path, exclusive=True, lock_wait=0.3)
        assert "pid" in str(caught.value)
    finally:
        await first.close()
    again = await open_store(path, exclusive=True)  # free once the first has closed
    await again.close()


async def test_the_second_process_waits_for_the_first_to_exit(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    first = await open_store(path, exclusive=True)

    async def close_soon() -> None:
        await asyncio.sleep(0.3)
        await first.close()

    closing = asyncio.ensure_future(close_soon())
    second = await open_store(path, exclusive=True, lock_wait=10)
    await closing
    await second.close()


# --- files that are not a usable database ---------------------------------------------------


async def test_not_a_database_and_damaged_database_are_named(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database" * 200)
    with pytest.raises(StoreError, match="is not a SQLite database"):
        await open_store(junk, check=True)
    damaged = tmp_path / "damaged.db"
    store = await open_store(damaged)
    await store.write(
        lambda tx: [
            tx.insert_game(guild_id=1, channel_id=c, kind="caylus", options={}, host_id=1)
            for c in range(400)
        ]
    )
    await store.close()
    with sqlite3.connect(damaged) as conn:
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()
        page = conn.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(damaged.read_bytes())
    start = (root[0] - 1) * page  # the games table's b-tree root page: scribble over its cells
    data[start + 8 : start + page] = b"\x07" * (page - 8)
    damaged.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="damaged"):
        await open_store(damaged, check=True)


# --- a full disk ------------------------------------------------------------------------------


async def test_full_disk_changes_nothing_and_is_logged_once(sqlite_services, vt, caplog) -> None:
    svc, clock = sqlite_services
    result = await _running(svc, clock)
    gid = result.game.id
    before = await svc.game(gid)
    other = await svc.create_game(10, CHANNEL + 5, BOB, players=2)
    pages = (await _rows(svc, "PRAGMA page_count"))[0][0]
    cursor = await svc.store._writer.execute(f"PRAGMA max_page_count = {pages}")
    await cursor.close()
    caplog.set_level(logging.ERROR)
    # No page may be added any more: fill the end of the outbox (where every new row goes).
    for _ in range(5000):
        try:
            await svc.store.write(lambda tx: tx.insert_outbox(other.id, 0, 0, 0, {}))
        except Exception:
            break
    else:
        raise AssertionError("the size limit did not stop the writes")
    seat = before.awaiting[0]
    state = await svc.state(gid)
    action = str(caylus.legal_actions(state, seat.seat)[0])
    for _ in range(3):
        with pytest.raises(err.NotSaved, match="disk is full"):
            await svc.act(gid, seat.user_id, action, None)
    after = await svc.game(gid)
    assert (after.version, after.seq) == (before.version, before.seq)
    full = [r for r in caplog.records if "disk is full" in r.getMessage()]
    assert len(full) == 1  # once for the operator, not once per refused move
    cursor = await svc.store._writer.execute("PRAGMA max_page_count = 1073741823")
    await cursor.close()
    done = await svc.act(gid, seat.user_id, action, None)
    assert done.version == before.version + 1


# --- the outbox --------------------------------------------------------------------------------


async def test_every_committed_change_leaves_an_outbox_row(services, vt) -> None:
    svc, clock = services
    result = await _running(svc, clock)
    gid = result.game.id
    (start,) = await svc.undelivered(gid)
    assert start.id == result.outbox_id and start.payload == {"cause": "start"}
    assert (start.after_seq, start.to_seq) == (0, result.game.seq)
    moved = await _human_move(svc, vt, gid)
    rows = await svc.undelivered(gid)
    assert [r.id for r in rows] == [start.id, moved.outbox_id]
    assert (rows[1].after_seq, rows[1].to_seq) == (result.game.seq, moved.game.seq)
    # rebuilt from the log, the row stands for exactly what the move returned
    again = await svc.post_result(rows[1])
    assert [m.action for m in again.moves] == [m.action for m in moved.moves]
    assert [(p.turn, p.phase) for p in again.phase_ends] == [
        (p.turn, p.phase) for p in moved.phase_ends
    ]
    assert [p.state for p in again.phase_ends] == [p.state for p in moved.phase_ends]
    assert again.board_before == moved.board_before
    await svc.post_delivered(start.id)
    attempts = await svc.post_failed(moved.outbox_id, "Discord failed with error 500", 1)
    assert attempts == 1
    (left,) = await svc.undelivered(gid)
    assert left.parts_done == 1 and left.last_error.startswith("Discord failed")
    assert left.next_attempt_at == pytest.approx(vt.t + retry_delay(1))
    assert await svc.due_posts(vt.t) == []
    assert await svc.due_posts(vt.t + retry_delay(1)) == [(gid, CHANNEL)]
    assert [retry_delay(n) for n in (1, 2, 3, 9, 20)] == [30, 60, 120, 3600, 3600]


async def test_outbox_row_and_moves_are_one_transaction(services, vt, monkeypatch) -> None:
    """A failure while committing leaves neither the moves nor the outbox row."""
    svc, clock = services
    result = await _running(svc, clock)
    gid = result.game.id
    rows_before = len(await svc.undelivered(gid))
    real = svc.store.write

    async def failing(work):
        def boom(tx):
            work(tx)
            raise sqlite3.OperationalError("disk I/O error")

        return await real(boom)

    monkeypatch.setattr(svc.store, "write", failing)
    with pytest.raises(sqlite3.OperationalError):
        await _human_move(svc, vt, gid)
    monkeypatch.setattr(svc.store, "write", real)
    assert len(await svc.undelivered(gid)) == rows_before
    assert (await svc.game(gid)).version == result.version


async def test_clock_stops_while_the_channel_cannot_be_posted(services, vt) -> None:
    svc, clock = services
    result = await _running(svc, clock)
    gid = result.game.id
    deadline = await clock.deadline(gid, vt.now)
    vt.t += 3600
    assert await svc.stop_clock(gid, "I am missing a permission in that channel")
    assert not await svc.stop_clock(gid, "again")  # one open stop
    stopped = await clock.deadline(gid, vt.now)
    assert stopped.due is None and stopped.paused
    # days later: nothing expired, nothing was played into the void
    vt.t += 5 * 86400
    assert not [n for n in await clock.tick(vt.now) if n.game_id == gid]
    assert (await svc.game(gid)).seq == result.game.seq
    assert await svc.restart_clock(gid)
    after = await clock.deadline(gid, vt.now)
    # the stopped time is given back: 5 days + 1 hour later than first due, less nothing
    assert after.due == deadline.due + timedelta(days=5)
    assert await svc.claim_host_notice(gid) is False  # no open stop: nobody to tell


async def test_a_pause_and_a_clock_stop_overlapping_count_once(services, vt) -> None:
    svc, clock = services
    result = await _running(svc, clock)
    gid = result.game.id
    deadline = await clock.deadline(gid, vt.now)
    users = result.game.seats
    vt.t += 3600
    for seat in users:
        await clock.vote_pause(gid, seat.user_id, vt.now)
    vt.t += 3600
    await svc.stop_clock(gid, "Discord failed with error 500")
    vt.t += 3600
    await clock.vote_resume(gid, users[0].user_id, vt.now)
    assert (await clock.deadline(gid, vt.now)).due is None  # still stopped
    vt.t += 3600
    await svc.restart_clock(gid)
    # stopped from +1 h to +4 h: three hours, counted once
    assert (await clock.deadline(gid, vt.now)).due == deadline.due + timedelta(hours=3)


# --- a typed move sent twice -------------------------------------------------------------------


def _find_repeatable(state, seat_of, rng, limit=4000):
    """Moves from `state` (chosen by the built-in player) up to a state where the awaited seat
    may play the same action twice in a row; returns (moves, action)."""
    moves = []
    for _ in range(limit):
        if caylus.outcome(state) is not None:
            return None
        seat = caylus.pending(state)[0].seat
        for action in caylus.legal_actions(state, seat):
            after, _ = caylus.apply(state, action)
            if caylus.outcome(after) is None:
                nxt = caylus.pending(after)
                if nxt and nxt[0].seat == seat and action in caylus.legal_actions(after, seat):
                    return moves, str(action)
        action = caylus.choose_action(state, seat, rng)
        moves.append((seat, str(action)))
        state, _ = caylus.apply(state, action)
    return None


async def test_double_submit_of_a_typed_move_is_applied_once(services, vt) -> None:
    svc, clock = services
    result = await _running(svc, clock, users=(HOST, ALICE, BOB))
    gid = result.game.id
    state = await svc.state(gid)
    found = _find_repeatable(state, None, random.Random(3))
    assert found is not None
    moves, repeated = found
    users = {s.seat: s.user_id for s in result.game.seats}
    for seat, action in moves:
        vt.t += 60
        await svc.act(gid, users[seat], action, None, issued_at=vt.t - 1)
    seat = (await svc.game(gid)).awaiting[0].seat
    vt.t += 60
    sent = vt.t - 0.5  # both copies sent at the same moment, before either was saved
    outcomes = await asyncio.gather(
        svc.act(gid, users[seat], repeated, None, issued_at=sent),
        svc.act(gid, users[seat], repeated, None, issued_at=sent),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, err.DuplicateCommand)]
    assert len(applied) == 1 and len(refused) == 1
    assert repeated in str(refused[0]) and "send it again" in str(refused[0])
    # sent again knowingly (after seeing the result): it is a move like any other
    vt.t += DUPLICATE_WINDOW + 30
    again = await svc.act(gid, users[seat], repeated, None, issued_at=vt.t - 1)
    assert again.moves[0].action == repeated
