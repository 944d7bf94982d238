"""Damaged games and the store's edge cases, without Discord: a damaged game answers the same
everywhere and counts the same in every statistic, a damaged mark stays until an operator acts,
nothing is committed before a game is found usable, a file-size limit is a full disk, a
database in a folder that does not exist yet. Each test first reproduces what used to go wrong.
Those that are not about SQLite's file run on both backends."""

from __future__ import annotations

import logging
import random
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import GameService
from bot.store import open_store
from bot.words import errors as err
from engine import caylus
from tests.db import execute, target_of
from tests.history_helpers import finish, new_game
from tests.test_clock_service import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    HOST,
    VirtualTime,
    _open,
    _rows,
    _running,
    utc,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def vt() -> VirtualTime:
    return VirtualTime(utc(2026, 3, 2, 12))


async def _sql(svc: GameService, sql: str, params=()) -> None:
    await execute(svc.store, sql, params)


async def _restart(svc: GameService, vt: VirtualTime):
    """A new process on the same database: nothing of the games is left in memory."""
    target = target_of(svc.store)
    await svc.close()
    return await _open(target, vt)


async def _marks(svc: GameService) -> list[tuple]:
    return await _rows(svc, "SELECT game_id, reason FROM damaged_games ORDER BY game_id")


# --- abort always frees the channel ------------------------------------------------------------


async def test_a_game_of_an_unknown_kind_can_be_aborted_and_frees_its_channel(
    database: str, vt: VirtualTime
) -> None:
    svc, clock = await _open(database, vt)
    try:
        result = await _running(svc, clock)
        gid = result.game.id
        await _sql(svc, "UPDATE games SET kind = 'caylus-deluxe' WHERE id = ?", (gid,))
        svc, clock = await _restart(svc, vt)
        with pytest.raises(err.GameDamaged, match=f"Game #{gid} is damaged"):
            await svc.game_in_channel(GUILD, CHANNEL)
        (mark,) = await _marks(svc)
        assert mark[0] == gid and "unknown game kind 'caylus-deluxe'" in mark[1]
        with pytest.raises(err.NotHost):
            await svc.abort(gid, BOB)
        aborted = await svc.abort(gid, HOST)
        assert aborted.status == "aborted"
        assert await svc.game_in_channel(GUILD, CHANNEL) is None
        again = await svc.create_game(GUILD, CHANNEL, HOST, players=2)
        assert again.status == "lobby"
    finally:
        await svc.close()


# --- validate before committing ------------------------------------------------------------------


async def test_a_clock_expiry_with_a_seat_row_missing_commits_nothing(
    database: str, vt: VirtualTime
) -> None:
    svc, clock = await _open(database, vt)
    try:
        result = await _running(svc, clock)
        gid = result.game.id
        awaited = result.game.awaiting[0].seat
        other = 1 - awaited
        deadline = await clock.deadline(gid, vt.now)
        await _sql(svc, "DELETE FROM seats WHERE game_id = ? AND seat = ?", (gid, other))
        svc, clock = await _restart(svc, vt)
        before = await _rows(svc, "SELECT version, seq FROM games WHERE id = ?", (gid,))
        outbox = await _rows(svc, "SELECT COUNT(*) FROM outbox WHERE game_id = ?", (gid,))
        notices = await clock.tick(vt.at(deadline.due + timedelta(minutes=1)))
        assert [(n.kind, n.game_id) for n in notices] == [("damaged", gid)]
        # nothing of the expiry was written: no move, no version, no outbox row, no expiry
        assert await _rows(svc, "SELECT version, seq FROM games WHERE id = ?", (gid,)) == before
        assert await _rows(svc, "SELECT COUNT(*) FROM outbox WHERE game_id = ?", (gid,)) == outbox
        assert await _rows(svc, "SELECT COUNT(*) FROM clock_expiries") == [(0,)]
        (mark,) = await _marks(svc)
        assert f"seat row(s) {other} missing" in mark[1]
        with pytest.raises(err.GameDamaged):
            await svc.act(gid, result.game.awaiting[0].user_id, "pass", None)
        assert (await svc.abort(gid, HOST)).status == "aborted"
    finally:
        await svc.close()


# --- a damaged mark stays until an operator acts ------------------------------------------------


async def test_a_bad_awaiting_since_keeps_its_damaged_mark_until_repaired(
    database: str, vt: VirtualTime, caplog: pytest.LogCaptureFixture
) -> None:
    svc, clock = await _open(database, vt)
    try:
        result = await _running(svc, clock)
        gid = result.game.id
        since = (await _rows(svc, "SELECT awaiting_since FROM games WHERE id = ?", (gid,)))[0][0]
        await _sql(svc, "UPDATE games SET awaiting_since = ? WHERE id = ?", (float("inf"), gid))
        svc, clock = await _restart(svc, vt)
        caplog.set_level(logging.WARNING)
        vt.t += 30 * 3600
        notices = await clock.tick(vt.now)
        assert ("damaged", gid) in {(n.kind, n.game_id) for n in notices}
        (mark,) = await _marks(svc)
        assert "awaiting_since is not a time" in mark[1]
        for _ in range(3):  # every read and every tick: still damaged, the same mark
            with pytest.raises(err.GameDamaged, match="awaiting_since"):
                await svc.game(gid)
            vt.t += 3600
            assert not [n for n in await clock.tick(vt.now) if n.game_id == gid]
            assert await _marks(svc) == [mark]
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1  # logged once for the operator
        assert not [r for r in caplog.records if "no longer marked" in r.getMessage()]
        # the operator repairs the column: the next read lifts the mark
        await _sql(svc, "UPDATE games SET awaiting_since = ? WHERE id = ?", (since, gid))
        assert (await svc.game(gid)).status == "running"
        assert await _marks(svc) == []
    finally:
        await svc.close()


async def test_a_clock_mark_that_a_read_cannot_see_is_held_until_the_operator_lifts_it(
    database: str, vt: VirtualTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc, clock = await _open(database, vt)
    try:
        result = await _running(svc, clock)
        gid = result.game.id
        real = caylus.default_action

        def default_action(state, seat=None):  # this game's default move crashes (a bug, say)
            if state.setup.seed == result.state.setup.seed:
                raise RuntimeError("boom")
            return real(state, seat)

        monkeypatch.setattr(caylus, "default_action", default_action)
        deadline = await clock.deadline(gid, vt.now)
        notices = await clock.tick(vt.at(deadline.due + timedelta(minutes=1)))
        assert ("damaged", gid) in {(n.kind, n.game_id) for n in notices}
        (mark,) = await _marks(svc)
        # the game reads and replays, yet the mark is not lifted by a read (it used to be,
        # and the clock marked it again at its next tick: a mark that came and went)
        for _ in range(2):
            with pytest.raises(err.GameDamaged, match="RuntimeError: boom"):
                await svc.game(gid)
            svc, clock = await _restart(svc, vt)
        assert await _marks(svc) == [mark]
        assert await svc.games_of_user(HOST) == []  # the listings leave it out
        # the operator has looked at it and lifts the mark
        await _sql(svc, "DELETE FROM damaged_games WHERE game_id = ?", (gid,))
        assert (await svc.game(gid)).status == "running"
        assert [g.game_id for g in await svc.games_of_user(HOST)] == [gid]
    finally:
        await svc.close()


# --- one answer everywhere, the same rule for every statistic ------------------------------------


async def test_a_damaged_finished_game_answers_record_and_replay_and_counts_everywhere(
    database: str, vt: VirtualTime
) -> None:
    svc, _ = await _open(database, vt)
    try:
        gid = await new_game(svc, [ALICE, BOB], guild_id=GUILD, channel_id=CHANNEL)
        await finish(svc, gid, random.Random(3))
        stats = {u: await svc.player_stats(GUILD, u, "caylus") for u in (ALICE, BOB)}
        board = await svc.leaderboard(GUILD, "caylus")
        page = await svc.history(GUILD)
        assert stats[ALICE].games == 1 and not page.games[0].damaged
        await _sql(svc, "UPDATE games SET outcome = '{\"scores\": [1,' WHERE id = ?", (gid,))
        svc, _ = await _restart(svc, vt)
        # /caylus record and /caylus replay: the damaged answer, never an unexpected error
        with pytest.raises(err.GameDamaged, match=f"Game #{gid} is damaged"):
            await svc.shared_record(gid, GUILD)
        with pytest.raises(err.GameDamaged, match=f"Game #{gid} is damaged"):
            await svc.finished_game(gid, GUILD)
        with pytest.raises(err.UnknownGame):  # another server's number tells nothing more
            await svc.finished_game(gid, GUILD + 1)
        assert [g.game_id for g in await svc.finished_games(GUILD)] == []  # not offered
        # history lists it, marked damaged, with the winners and scores stored at its end
        damaged = await svc.history(GUILD)
        assert damaged.total == 1 and [g.game_id for g in damaged.games] == [gid]
        (listed,) = damaged.games
        assert listed.damaged
        assert listed.winners == page.games[0].winners
        assert [s.score for s in listed.seats] == [s.score for s in page.games[0].seats]
        # every statistic counts it, as the leaderboard always did
        assert await svc.leaderboard(GUILD, "caylus") == board
        for user in (ALICE, BOB):
            now = await svc.player_stats(GUILD, user, "caylus")
            before = stats[user]
            assert (now.games, now.wins, now.finished, now.average_score) == (
                before.games,
                before.wins,
                before.finished,
                before.average_score,
            )
            assert now.rating == before.rating
            assert now.average_breakdown == {}  # its parts are in the unreadable row
    finally:
        await svc.close()


async def test_history_marks_a_finished_game_whose_log_no_longer_replays(
    database: str, vt: VirtualTime
) -> None:
    svc, _ = await _open(database, vt)
    try:
        gid = await new_game(svc, [ALICE, BOB], guild_id=GUILD, channel_id=CHANNEL)
        await finish(svc, gid, random.Random(4))
        await _sql(svc, "DELETE FROM actions WHERE game_id = ? AND seq = 3", (gid,))
        svc, _ = await _restart(svc, vt)
        with pytest.raises(err.GameCorrupt, match=f"Game #{gid} is damaged"):
            await svc.shared_record(gid, GUILD)
        (listed,) = (await svc.history(GUILD)).games
        assert listed.game_id == gid and listed.damaged
        assert (await svc.player_stats(GUILD, ALICE, "caylus")).games == 1
    finally:
        await svc.close()


# --- the store's files ----------------------------------------------------------------------------


async def test_a_sqlite_database_in_a_folder_that_does_not_exist_is_created(
    tmp_path: Path,
) -> None:
    path = tmp_path / "data" / "bot" / "games.db"
    store = await open_store(path, exclusive=True)
    try:
        assert path.is_file() and await store.schema_version() > 0
    finally:
        await store.close()
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(Exception, match="cannot create the folder") as caught:
        await open_store(blocker / "games.db")
    assert "Traceback" not in str(caught.value)


def test_a_file_size_limit_is_not_saved_and_logged_once(tmp_path: Path) -> None:
    """RLIMIT_FSIZE (systemd's LimitFSIZE=) makes SQLite report a disk I/O error: every move
    used to raise the raw sqlite3.OperationalError; now each is "not saved", logged once."""
    moves = 30
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "fsize_worker.py"), str(tmp_path / "g.db"), "30"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    before = next(line for line in lines if line.startswith("before ")).split()[1:]
    after = next(line for line in lines if line.startswith("after ")).split()[1:]
    refused = [line for line in lines if line.startswith("refused ")]
    assert len(refused) == moves, lines
    assert all(line.startswith("refused not_saved ") for line in refused), refused[:3]
    assert after == before  # nothing was saved, nothing changed
    lifted = next(line for line in lines if line.startswith("lifted ")).split()[1:]
    assert int(lifted[0]) == int(before[0]) + 1  # the limit lifted: the move is saved
    told = [line for line in done.stderr.splitlines() if "refuses writes" in line]
    assert len(told) == 1, done.stderr[-2000:]
    assert "RLIMIT_FSIZE" in told[0]


# --- the settings' errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "postgress://user:password@host/db",
        "postgres+asyncpg://caylus:password-that-is-long-enough-to-be-cut@db.example:5432/x",
        "mysql://user:password@host/db",
    ],
)
def test_a_mistyped_database_url_never_shows_its_password(tmp_path: Path, url: str) -> None:
    from tests.test_startup import one_line, run_bot

    line = one_line(run_bot(tmp_path, CAYLUS_DATABASE=url))
    assert "CAYLUS_DATABASE" in line and "postgresql://" in line
    assert "password" not in line and "***" in line, line


def test_caylus_bot_creates_the_folder_of_its_database_file(tmp_path: Path) -> None:
    """The start goes on past the database (to Discord, unreachable here) with the file made."""
    from tests.test_startup import run_bot

    path = tmp_path / "data" / "caylus.sqlite3"
    result = run_bot(tmp_path, CAYLUS_DATABASE=str(path), CAYLUS_LOG_LEVEL="CRITICAL")
    assert "Traceback" not in result.stderr, result.stderr
    assert "cannot reach Discord" in result.stderr, result.stderr  # past the database
    assert path.is_file()


async def test_a_damaged_game_on_a_full_disk_still_answers_damaged(
    tmp_path: Path, vt: VirtualTime
) -> None:
    """Marking it is a write: a full disk must not turn the answer into an unexpected error."""
    svc, clock = await _open(tmp_path / "games.db", vt)
    try:
        result = await _running(svc, clock)
        gid = result.game.id
        other = await svc.create_game(GUILD, CHANNEL + 1, BOB, players=2)
        await _sql(svc, "UPDATE games SET options = '{' WHERE id = ?", (gid,))
        svc, clock = await _restart(svc, vt)
        pages = (await _rows(svc, "PRAGMA page_count"))[0][0]
        cursor = await svc.store._writer.execute(f"PRAGMA max_page_count = {pages}")  # type: ignore[attr-defined]
        await cursor.close()
        for _ in range(5000):  # fill the last pages: no write fits any more
            try:
                await svc.store.write(lambda tx: tx.insert_outbox(other.id, 0, 0, 0, {}))
            except Exception:
                break
        else:
            raise AssertionError("the size limit did not stop the writes")
        fake = 10**9  # and the marks' table, down to its smallest rows
        for size in (400, 100, 20, 1):
            for _ in range(5000):
                fake += 1
                try:
                    await svc.store.mark_damaged(fake, "x" * size)
                except Exception:
                    break
        for _ in range(2):
            with pytest.raises(err.GameDamaged, match=f"Game #{gid} is damaged"):
                await svc.game(gid)
        assert await svc.store.damaged(gid) is None  # not saved: a read that can write marks it
        cursor = await svc.store._writer.execute("PRAGMA max_page_count = 1073741823")  # type: ignore[attr-defined]
        await cursor.close()
        with pytest.raises(err.GameDamaged):
            await svc.game(gid)
        assert await svc.store.damaged(gid) is not None
    finally:
        await svc.close()
