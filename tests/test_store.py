"""The store on both backends (a real SQLite file, a real PostgreSQL schema): migrations,
constraints, transactions, settings; and SQLite's pragmas."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.store import (
    MIGRATIONS_DIR,
    PG_MIGRATIONS_DIR,
    IntegrityError,
    LogRow,
    Store,
    StoreError,
    Tx,
    VersionConflict,
    discover_migrations,
    is_postgres_url,
    open_store,
)
from tests.db import execute, rows


@pytest.fixture
async def store(database: str):
    s = await open_store(database)
    yield s
    await s.close()


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


async def _any_tables(target: str) -> set[str]:
    if not is_postgres_url(target):
        return _tables(Path(target))
    found = await rows(
        target,
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
    )
    return {r[0] for r in found}


def _migrations_of(target: str) -> Path:
    return PG_MIGRATIONS_DIR if is_postgres_url(target) else MIGRATIONS_DIR


async def test_open_applies_migrations_and_pragmas(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    store = await open_store(path)
    try:
        assert await store.schema_version() == len(discover_migrations())
        rows = await store._writer.execute_fetchall("PRAGMA journal_mode")
        assert rows[0][0] == "wal"
        rows = await store._writer.execute_fetchall("PRAGMA foreign_keys")
        assert rows[0][0] == 1
        rows = await store._reader.execute_fetchall("PRAGMA foreign_keys")
        assert rows[0][0] == 1
        rows = await store._writer.execute_fetchall("PRAGMA busy_timeout")
        assert rows[0][0] > 0
    finally:
        await store.close()
    assert {
        "games",
        "seats",
        "actions",
        "user_settings",
        "guild_settings",
        "schema_migrations",
    } <= _tables(path)
    # reopening applies nothing twice
    store = await open_store(path)
    await store.close()
    with sqlite3.connect(path) as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM schema_migrations")]
    assert versions == [m.version for m in discover_migrations()]  # each once


async def test_failed_migration_leaves_nothing(tmp_path: Path, database: str) -> None:
    mig = tmp_path / "migrations"
    mig.mkdir()
    shutil.copy(_migrations_of(database) / "0001_initial.sql", mig)
    (mig / "0002_broken.sql").write_text(
        "CREATE TABLE half_done (a INTEGER);\nINSERT INTO no_such_table VALUES (1);\n"
    )
    missing = r"(no such table|does not exist)"
    with pytest.raises(StoreError, match=rf"0002_broken\.sql failed: .*{missing}"):
        await open_store(database, migrations_dir=mig)
    assert "half_done" not in await _any_tables(database)
    assert "games" in await _any_tables(database)  # 0001 committed on its own
    assert (await rows(database, "SELECT MAX(version) FROM schema_migrations"))[0][0] == 1
    # fixed file: applied on the next start
    (mig / "0002_broken.sql").write_text("CREATE TABLE half_done (a INTEGER);\n")
    store = await open_store(database, migrations_dir=mig)
    assert await store.schema_version() == 2
    await store.close()
    assert "half_done" in await _any_tables(database)


async def test_migration_files_are_checked(tmp_path: Path) -> None:
    mig = tmp_path / "m"
    mig.mkdir()
    shutil.copy(MIGRATIONS_DIR / "0001_initial.sql", mig)
    (mig / "0003_gap.sql").write_text("SELECT 1;\n")
    with pytest.raises(StoreError, match="without gaps"):
        discover_migrations(mig)
    (mig / "0003_gap.sql").unlink()
    (mig / "x.sql").write_text("SELECT 1;\n")
    with pytest.raises(StoreError, match="NNNN_name"):
        discover_migrations(mig)


async def test_database_newer_than_code_is_refused(database: str) -> None:
    await (await open_store(database)).close()
    await execute(database, "INSERT INTO schema_migrations VALUES (99, 'future', 0)")
    with pytest.raises(StoreError, match="newer"):
        await open_store(database)


async def test_both_backends_have_the_same_migrations() -> None:
    sqlite_files = [(m.version, m.name) for m in discover_migrations(MIGRATIONS_DIR)]
    assert sqlite_files == [(m.version, m.name) for m in discover_migrations(PG_MIGRATIONS_DIR)]


def _new_game(tx: Tx) -> int:
    return tx.insert_game(
        guild_id=1, channel_id=2, kind="caylus", options={"players": 2}, host_id=7
    )


async def test_one_active_game_per_channel_in_sql(store: Store) -> None:
    first = await store.write(_new_game)
    with pytest.raises(IntegrityError):
        await store.write(_new_game)

    def abort_and_open(tx: Tx) -> int:
        assert tx.update_game(first, 0, status="aborted") == 1
        return _new_game(tx)

    await store.write(abort_and_open)
    assert len(await store.games(guild_id=1)) == 2


async def test_version_checked_in_sql_and_rollback(store: Store) -> None:
    gid = await store.write(_new_game)

    def append_then_conflict(tx: Tx) -> None:
        tx.append_actions(gid, [LogRow(1, 0, "pass", False, 7, 0.0)])
        tx.update_game(gid, 5, seq=1)  # wrong version: the whole transaction goes

    with pytest.raises(VersionConflict):
        await store.write(append_then_conflict)
    assert await store.log(gid) == []
    assert (await store.game(gid)).version == 0


async def test_log_is_append_only_and_keyed(store: Store) -> None:
    def setup(tx: Tx) -> int:
        gid = _new_game(tx)
        tx.append_actions(
            gid, [LogRow(1, 0, "pass", False, 7, 1.0), LogRow(2, 1, "place 6", False, 8, 1.0)]
        )
        return gid

    gid = await store.write(setup)
    twice = [LogRow(2, 1, "pass", False, 8, 2.0)]
    with pytest.raises(IntegrityError):  # a seq twice
        await store.write(lambda tx: tx.append_actions(gid, twice))
    with pytest.raises(IntegrityError, match="append-only"):
        await store.write(lambda tx: tx.execute("UPDATE actions SET action = 'pass'"))
    with pytest.raises(IntegrityError):  # foreign key: no such game
        await store.write(lambda tx: tx.append_actions(999, twice))
    assert [r.action for r in await store.log(gid)] == ["pass", "place 6"]
    assert [r.seq for r in await store.log(gid, after_seq=1, limit=5)] == [2]


async def test_write_returns_and_rolls_back(store: Store) -> None:
    gid = await store.write(_new_game)

    def fail_halfway(tx: Tx) -> None:
        tx.append_actions(gid, [LogRow(1, 0, "pass", False, 7, 0.0)])
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        await store.write(fail_halfway)
    assert await store.log(gid) == []
    await store.close()
    with pytest.raises(StoreError, match="closed"):
        await store.write(_new_game)


async def test_settings_defaults_and_upsert(store: Store) -> None:
    user = await store.user_settings(5)
    assert (user.time_zone, user.notify, user.quiet_start) == ("UTC", "mention", None)
    user = await store.set_user_settings(5, time_zone="Asia/Tokyo", quiet_start=1320)
    user = await store.set_user_settings(5, quiet_end=420)
    assert (user.time_zone, user.quiet_start, user.quiet_end) == ("Asia/Tokyo", 1320, 420)
    guild = await store.set_guild_settings(9, manager_role_id=1234, default_players=3)
    assert (guild.manager_role_id, guild.default_players) == (1234, 3)
    assert (await store.guild_settings(10)).manager_role_id is None
    with pytest.raises(StoreError):
        await store.set_user_settings(5, colour="red")
    with pytest.raises(IntegrityError):  # CHECK constraint
        await store.set_user_settings(5, notify="carrier pigeon")
