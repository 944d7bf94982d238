"""The SQLite store: games, seats, the append-only action log, settings (docs/store.md).

No game rules here (that is bot/service.py) and no Discord. Two aiosqlite connections:

- the *writer*: every write is a function given to `Store.write(work)`, run in the writer's
  thread between `BEGIN IMMEDIATE` and `COMMIT` (rolled back on any exception), so a
  transaction costs one hand-over to the thread and transactions never interleave;
- the *reader*: plain reads in autocommit mode, which in WAL mode see the last committed
  data and never block or get blocked by the writer.

Migrations (`migrations/NNNN_name.sql`) are applied in order by `Store.open`, each inside one
transaction together with its row in `schema_migrations`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

log = logging.getLogger(__name__)

T = TypeVar("T")

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d+)_([A-Za-z0-9_\-]+)\.sql$")


class StoreError(Exception):
    """A problem of the store itself (not of a player's input)."""


class VersionConflict(StoreError):
    """`UPDATE games ... WHERE version = ?` matched no row: someone changed the game first."""


class DamagedRow(StoreError):
    """A stored game row that cannot be decoded (e.g. a damaged JSON column)."""

    def __init__(self, game_id: int, reason: str) -> None:
        super().__init__(f"game {game_id}: {reason}")
        self.game_id = game_id
        self.reason = reason


class DatabaseLocked(StoreError):
    """Another bot process holds the database file (one bot process per SQLite file)."""


class DiskFull(StoreError):
    """SQLite could not write: the disk (or the database's size limit) is full."""


# ---------------------------------------------------------------------------------------------
# Rows
# ---------------------------------------------------------------------------------------------

_GAME_COLUMNS = (
    "id, guild_id, channel_id, kind, options, setup, status, host_id, version, seq, "
    "awaiting_seat, awaiting_since, outcome, created_at, updated_at, started_at, ended_at, "
    "language"
)


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    kind: str
    options: dict[str, Any]
    setup: dict[str, Any] | None
    status: str
    host_id: int
    version: int
    seq: int
    awaiting_seat: int | None
    awaiting_since: float | None
    outcome: dict[str, Any] | None
    created_at: float
    updated_at: float
    started_at: float | None
    ended_at: float | None
    language: str = "en"  # what its channel reads (i18n.LANGUAGES)
    snapshot: str | None = None  # only when asked for (they are the big columns)
    phase_snapshot: str | None = None

    @classmethod
    def from_sql(cls, row: Sequence[Any]) -> GameRow:
        """The row decoded; a column that is not what it should be raises DamagedRow."""
        values = list(row)
        try:
            values[4] = json.loads(values[4])
            values[5] = json.loads(values[5]) if values[5] is not None else None
            values[12] = json.loads(values[12]) if values[12] is not None else None
            if not isinstance(values[4], dict):
                raise ValueError("options is not a JSON object")
            if values[5] is not None and not isinstance(values[5], dict):
                raise ValueError("setup is not a JSON object")
            for k in (0, 1, 2, 7, 8, 9):
                if not isinstance(values[k], int):
                    raise ValueError(f"column {k} is not an integer")
        except (ValueError, TypeError, RecursionError) as error:  # JSONDecodeError included
            raise DamagedRow(row[0] if row else -1, f"unreadable row ({error})"[:200]) from None
        return cls(*values)

    @property
    def active(self) -> bool:
        return self.status in ("lobby", "running")


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    seat: int
    user_id: int | None
    is_bot: bool
    colour: str
    resigned_user_id: int | None
    joined_at: float


_SEAT_COLUMNS = "game_id, seat, user_id, is_bot, colour, resigned_user_id, joined_at"


def _seat(row: Sequence[Any]) -> SeatRow:
    return SeatRow(row[0], row[1], row[2], bool(row[3]), row[4], row[5], row[6])


@dataclass(frozen=True, slots=True)
class LogRow:
    seq: int
    seat: int
    action: str
    by_bot: bool
    user_id: int | None
    created_at: float
    planned: bool = False  # played from the player's plan (docs/pace.md)


@dataclass(frozen=True, slots=True)
class PlanRow:
    """A stored plan of a seat (the body is bot.plans JSON; the store reads no rules)."""

    seat: int
    key: str
    user_id: int
    body: str
    status: str  # active | dropped
    reason: str | None
    seq: int | None
    created_at: float


@dataclass(frozen=True, slots=True)
class UserSettings:
    user_id: int
    time_zone: str = "UTC"
    quiet_start: int | None = None  # minutes after local midnight
    quiet_end: int | None = None
    notify: str = "mention"  # mention | dm | none
    language: str | None = None  # private replies (None: the Discord client's language)
    updated_at: float | None = None


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    manager_role_id: int | None = None
    default_players: int | None = None
    default_favor_mode: str | None = None
    default_tile_set: str | None = None
    updated_at: float | None = None


@dataclass(frozen=True, slots=True)
class OutboxRow:
    id: int
    game_id: int
    after_seq: int
    to_seq: int
    version: int
    payload: dict[str, Any]
    created_at: float
    attempts: int
    next_attempt_at: float
    parts_done: int
    last_error: str | None


_OUTBOX_COLUMNS = (
    "id, game_id, after_seq, to_seq, version, payload, created_at, attempts, next_attempt_at, "
    "parts_done, last_error"
)


def _outbox(row: Sequence[Any]) -> OutboxRow:
    values = list(row)
    try:
        payload = json.loads(values[5])
    except ValueError:
        payload = {}
    values[5] = payload if isinstance(payload, dict) else {}
    return OutboxRow(*values)


USER_SETTING_FIELDS = tuple(f.name for f in fields(UserSettings))[1:-1]
GUILD_SETTING_FIELDS = tuple(f.name for f in fields(GuildSettings))[1:-1]

# Columns of `games` that `Tx.update_game` may set (besides version and updated_at).
_UPDATABLE = frozenset(
    {
        "status",
        "host_id",
        "seq",
        "snapshot",
        "phase_snapshot",
        "setup",
        "options",
        "awaiting_seat",
        "awaiting_since",
        "outcome",
        "started_at",
        "ended_at",
    }
)
_JSON_COLUMNS = frozenset({"setup", "options", "outcome"})


# ---------------------------------------------------------------------------------------------
# Migrations
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    path: Path

    def statements(self) -> list[str]:
        """The file split into complete SQL statements (triggers with BEGIN ... END stay whole)."""
        out: list[str] = []
        buffer = ""
        for line in self.path.read_text(encoding="utf-8").splitlines(keepends=True):
            buffer += line
            if sqlite3.complete_statement(buffer):
                statement = buffer.strip()
                if statement.strip(";").strip() and not _only_comments(statement):
                    out.append(statement)
                buffer = ""
        if buffer.strip() and not _only_comments(buffer):
            raise StoreError(f"{self.path.name}: incomplete SQL statement at the end")
        return out


def _only_comments(sql: str) -> bool:
    return all(
        not ln.strip() or ln.strip().startswith("--") or ln.strip() == ";"
        for ln in sql.splitlines()
    )


def discover_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    found: dict[int, Migration] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _MIGRATION_NAME.match(path.name)
        if not match:
            raise StoreError(f"migration file name not NNNN_name.sql: {path.name}")
        version = int(match.group(1))
        if version in found:
            raise StoreError(
                f"two migrations numbered {version}: {found[version].path.name}, {path.name}"
            )
        found[version] = Migration(version, match.group(2), path)
    versions = sorted(found)
    if versions != list(range(1, len(versions) + 1)):
        raise StoreError(f"migrations must be numbered 1, 2, 3 ... without gaps: {versions}")
    return [found[v] for v in versions]


# ---------------------------------------------------------------------------------------------
# Transactions
# ---------------------------------------------------------------------------------------------


class Tx:
    """The write operations, valid only inside a function given to `Store.write`.

    Synchronous: the whole function runs in the writer connection's thread, between
    `BEGIN IMMEDIATE` and `COMMIT`, in one hand-over from the event loop.
    """

    __slots__ = ("conn", "now")

    def __init__(self, conn: sqlite3.Connection, now: float) -> None:
        self.conn = conn
        self.now = now

    def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.conn.execute(sql, params).fetchone()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self.conn.execute(sql, params).rowcount

    def insert_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        kind: str,
        options: dict[str, Any],
        host_id: int,
        language: str = "en",
    ) -> int:
        cursor = self.conn.execute(
            "INSERT INTO games (guild_id, channel_id, kind, options, status, host_id, version, "
            "created_at, updated_at, language) VALUES (?, ?, ?, ?, 'lobby', ?, 0, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                kind,
                json.dumps(options),
                host_id,
                self.now,
                self.now,
                language,
            ),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def active_game(self, guild_id: int, channel_id: int) -> GameRow | None:
        row = self.fetchone(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND channel_id = ? "
            "AND status IN ('lobby', 'running')",
            (guild_id, channel_id),
        )
        return GameRow.from_sql(row) if row else None

    def update_game(self, game_id: int, expected_version: int, **values: Any) -> int:
        """Set columns and bump the version, if the game is still at `expected_version`.

        Returns the new version; raises VersionConflict (the transaction rolls back) otherwise.
        """
        unknown = set(values) - _UPDATABLE
        if unknown:
            raise StoreError(f"cannot update games columns {sorted(unknown)}")
        names = list(values)
        params = [
            json.dumps(values[n]) if n in _JSON_COLUMNS and values[n] is not None else values[n]
            for n in names
        ]
        assignments = "".join(f"{n} = ?, " for n in names)
        cursor = self.conn.execute(
            f"UPDATE games SET {assignments}version = version + 1, updated_at = ? "
            "WHERE id = ? AND version = ?",
            (*params, self.now, game_id, expected_version),
        )
        if cursor.rowcount != 1:
            raise VersionConflict(f"game {game_id} is no longer at version {expected_version}")
        return expected_version + 1

    def replace_seats(self, game_id: int, seats: Iterable[SeatRow]) -> None:
        self.conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        self.conn.executemany(
            f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    s.seat,
                    s.user_id,
                    int(s.is_bot),
                    s.colour,
                    s.resigned_user_id,
                    s.joined_at,
                )
                for s in seats
            ],
        )

    def append_actions(self, game_id: int, rows: Sequence[LogRow]) -> None:
        """Append log rows; the primary key (game_id, seq) refuses a seq twice."""
        self.conn.executemany(
            "INSERT INTO actions (game_id, seq, seat, action, by_bot, user_id, created_at, "
            "planned) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    r.seq,
                    r.seat,
                    r.action,
                    int(r.by_bot),
                    r.user_id,
                    r.created_at,
                    int(r.planned),
                )
                for r in rows
            ],
        )

    # --- plans and standing orders (migrations/0004_plans.sql, docs/pace.md) ------------------

    def put_plan(self, game_id: int, seat: int, key: str, user_id: int, body: str) -> None:
        """Store an active plan (replacing the seat's plan with the same key)."""
        self.conn.execute(
            "INSERT INTO plans (game_id, seat, key, user_id, body, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat, key) DO UPDATE SET "
            "user_id = excluded.user_id, body = excluded.body, status = 'active', "
            "reason = NULL, seq = NULL, created_at = excluded.created_at",
            (game_id, seat, key, user_id, body, self.now),
        )

    def delete_plan(self, game_id: int, seat: int, key: str) -> int:
        return self.execute(
            "DELETE FROM plans WHERE game_id = ? AND seat = ? AND key = ?", (game_id, seat, key)
        )

    def drop_plan(self, game_id: int, seat: int, key: str, reason: str, seq: int) -> None:
        """The plan could not be played at the decision after log row `seq`: kept, marked."""
        self.conn.execute(
            "UPDATE plans SET status = 'dropped', reason = ?, seq = ? "
            "WHERE game_id = ? AND seat = ? AND key = ?",
            (reason[:300], seq, game_id, seat, key),
        )

    def set_seat_orders(
        self, game_id: int, seat: int, user_id: int, orders: dict[str, Any]
    ) -> None:
        names = list(orders)
        self.conn.execute(
            f"INSERT INTO seat_orders (game_id, seat, user_id, {''.join(n + ', ' for n in names)}"
            f"updated_at) VALUES (?, ?, ?, {''.join('?, ' for _ in names)}?) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, "
            f"{''.join(f'{n} = excluded.{n}, ' for n in names)}updated_at = excluded.updated_at",
            (game_id, seat, user_id, *orders.values(), self.now),
        )

    def set_user_orders(self, user_id: int, orders: dict[str, Any]) -> None:
        names = list(orders)
        self.conn.execute(
            f"INSERT INTO user_orders (user_id, {''.join(n + ', ' for n in names)}updated_at) "
            f"VALUES (?, {''.join('?, ' for _ in names)}?) ON CONFLICT (user_id) DO UPDATE SET "
            f"{''.join(f'{n} = excluded.{n}, ' for n in names)}updated_at = excluded.updated_at",
            (user_id, *orders.values(), self.now),
        )

    def insert_outbox(
        self, game_id: int, after_seq: int, to_seq: int, version: int, payload: dict[str, Any]
    ) -> int:
        """What the channel must see after this change, kept until it has been posted."""
        cursor = self.conn.execute(
            "INSERT INTO outbox (game_id, after_seq, to_seq, version, payload, created_at, "
            "next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, after_seq, to_seq, version, json.dumps(payload), self.now, self.now),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def set_user_settings(self, user_id: int, values: dict[str, Any]) -> None:
        self._upsert("user_settings", "user_id", user_id, values, USER_SETTING_FIELDS)

    def set_guild_settings(self, guild_id: int, values: dict[str, Any]) -> None:
        self._upsert("guild_settings", "guild_id", guild_id, values, GUILD_SETTING_FIELDS)

    def _upsert(
        self, table: str, key: str, key_value: int, values: dict[str, Any], allowed: tuple[str, ...]
    ) -> None:
        unknown = set(values) - set(allowed)
        if unknown:
            raise StoreError(f"unknown {table} fields {sorted(unknown)}")
        names = [*values, "updated_at"]
        params = [*values.values(), self.now]
        updates = ", ".join(f"{n} = excluded.{n}" for n in names)
        self.conn.execute(
            f"INSERT INTO {table} ({key}, {', '.join(names)}) "
            f"VALUES (?, {', '.join('?' for _ in names)}) "
            f"ON CONFLICT ({key}) DO UPDATE SET {updates}",
            (key_value, *params),
        )


# ---------------------------------------------------------------------------------------------
# The store
# ---------------------------------------------------------------------------------------------


class Store:
    """Open with `await Store.open(path)`; close with `await store.close()` (or `async with`)."""

    def __init__(
        self,
        path: Path,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        clock: Any = time.time,
    ) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._read_tx_lock = asyncio.Lock()
        self._clock = clock
        self._closed = False
        self._lock: _ProcessLock | None = None
        self._full = False  # a full disk was logged and no write has worked since
        self._table_columns: dict[str, list[str]] = {}

    # --- opening -----------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations_dir: Path | None = None,
        synchronous: str = "NORMAL",
        busy_timeout_ms: int = 10_000,
        clock: Any = time.time,
        exclusive: bool = False,
        lock_wait: float = 0.0,
        check: bool = False,
    ) -> Store:
        """Open (creating if needed) and migrate the database at `path`.

        `synchronous=NORMAL` in WAL mode: a committed transaction survives a crash of the
        process (SIGKILL); after a power cut the last few may be lost, never corrupted.
        Pass `synchronous="FULL"` to fsync every commit.

        `exclusive`: hold an OS lock on `<path>.lock` while open, so a second bot process on
        the same file is refused (after waiting up to `lock_wait` seconds for the first to
        exit) with DatabaseLocked. `check`: run SQLite's quick integrity check first. A file
        that is not a usable database raises StoreError naming the problem.
        """
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise StoreError(f"bad synchronous mode {synchronous!r}")
        path = Path(path)
        lock = await _ProcessLock.acquire(path, lock_wait) if exclusive else None
        writer: aiosqlite.Connection | None = None
        reader: aiosqlite.Connection | None = None
        try:
            writer = await _connect(path, busy_timeout_ms)
            if check:
                await _integrity_check(writer, path)
            await _run(writer, "PRAGMA journal_mode = WAL")
            await _run(writer, f"PRAGMA synchronous = {synchronous.upper()}")
            await _migrate(writer, migrations_dir or MIGRATIONS_DIR, clock)
            reader = await _connect(path, busy_timeout_ms)
            await _run(reader, "PRAGMA query_only = ON")
        except sqlite3.DatabaseError as error:
            await _close_all(writer, reader, lock)
            raise StoreError(_database_problem(path, error)) from None
        except BaseException:
            await _close_all(writer, reader, lock)
            raise
        store = cls(path, writer, reader, clock)
        store._lock = lock
        return store

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            await self._reader.close()
            await self._writer.close()  # runs after every write already handed to its thread
        finally:
            if self._lock is not None:
                self._lock.release()
                self._lock = None

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        rows = await self._reader.execute_fetchall("SELECT MAX(version) FROM schema_migrations")
        return rows[0][0] or 0

    # --- writing -----------------------------------------------------------------------------

    async def write(self, work: Callable[[Tx], T]) -> T:
        """Run `work(tx)` as one transaction (BEGIN IMMEDIATE ... COMMIT) and return its result;
        any exception rolls everything back and propagates.

        `work` runs in the writer connection's thread, so a transaction is one hand-over from
        the event loop (not one per statement) and transactions can never interleave: they run
        one after the other in submission order. Keep `work` short and free of I/O besides SQL.
        """
        if self._closed:
            raise StoreError("the store is closed")
        now = self._clock()

        def run() -> T:
            conn = self._writer._conn  # the sqlite3 connection, used only in its own thread
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = work(Tx(conn, now))
                conn.execute("COMMIT")
                return result
            except BaseException:
                if conn.in_transaction:
                    conn.rollback()
                raise

        # aiosqlite's own way to run a call in its thread (what execute() uses internally)
        try:
            result = await self._writer._execute(run)
        except sqlite3.OperationalError as error:
            if getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
                if not self._full:  # once for the operator, not once per refused move
                    self._full = True
                    log.error("cannot write %s: the disk is full (%s)", self.path, error)
                raise DiskFull(str(error)) from error
            raise
        if self._full:
            self._full = False
            log.warning("writing %s works again", self.path)
        return result

    # --- the outbox (what must still be posted), clock stops, damaged games ----------------------

    async def undelivered(self, game_id: int) -> list[OutboxRow]:
        """The game's outbox rows not yet posted, oldest first."""
        rows = await self._all(
            f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE game_id = ? AND delivered_at IS NULL "
            "ORDER BY id",
            (game_id,),
        )
        return [_outbox(r) for r in rows]

    async def games_with_due_posts(self, now: float) -> list[tuple[int, int]]:
        """(game id, channel id) of games with an undelivered outbox row due at `now`."""
        rows = await self._all(
            "SELECT DISTINCT o.game_id, g.channel_id FROM outbox o "
            "JOIN games g ON g.id = o.game_id "
            "WHERE o.delivered_at IS NULL AND o.next_attempt_at <= ? ORDER BY o.game_id",
            (now,),
        )
        return [(r[0], r[1]) for r in rows]

    async def mark_delivered(self, outbox_id: int) -> None:
        await self.write(
            lambda tx: tx.execute(
                "UPDATE outbox SET delivered_at = ? WHERE id = ? AND delivered_at IS NULL",
                (tx.now, outbox_id),
            )
        )

    async def mark_failed(
        self, outbox_id: int, error: str, parts_done: int, retry_in: Callable[[int], float]
    ) -> int:
        """Count a failed attempt; the next one is due `retry_in(attempts)` seconds later."""

        def work(tx: Tx) -> int:
            row = tx.fetchone("SELECT attempts FROM outbox WHERE id = ?", (outbox_id,))
            attempts = (row[0] if row else 0) + 1
            tx.execute(
                "UPDATE outbox SET attempts = ?, next_attempt_at = ?, last_error = ?, "
                "parts_done = MAX(parts_done, ?) WHERE id = ?",
                (attempts, tx.now + retry_in(attempts), error[:500], parts_done, outbox_id),
            )
            return attempts

        return await self.write(work)

    async def set_parts_done(self, outbox_id: int, parts_done: int) -> None:
        await self.write(
            lambda tx: tx.execute(
                "UPDATE outbox SET parts_done = MAX(parts_done, ?) WHERE id = ?",
                (parts_done, outbox_id),
            )
        )

    async def stop_clock(self, game_id: int, reason: str) -> bool:
        """Open a clock stop (the bot cannot post); False if one is open already."""

        def work(tx: Tx) -> bool:
            if tx.fetchone(
                "SELECT 1 FROM clock_stops WHERE game_id = ? AND restarted_at IS NULL", (game_id,)
            ):
                return False
            tx.execute(
                "INSERT INTO clock_stops (game_id, stopped_at, reason) VALUES (?, ?, ?)",
                (game_id, tx.now, reason[:500]),
            )
            return True

        return await self.write(work)

    async def restart_clock(self, game_id: int) -> bool:
        """Close the open clock stop, if any (True if there was one)."""
        changed = await self.write(
            lambda tx: tx.execute(
                "UPDATE clock_stops SET restarted_at = MAX(?, stopped_at) "
                "WHERE game_id = ? AND restarted_at IS NULL",
                (tx.now, game_id),
            )
        )
        return changed > 0

    async def open_stop(self, game_id: int) -> tuple[float, str, bool] | None:
        """(stopped at, reason, host told) of the game's open clock stop."""
        rows = await self._all(
            "SELECT stopped_at, reason, host_told FROM clock_stops "
            "WHERE game_id = ? AND restarted_at IS NULL",
            (game_id,),
        )
        return (rows[0][0], rows[0][1], bool(rows[0][2])) if rows else None

    async def mark_host_told(self, game_id: int) -> bool:
        """True the first time for the open stop: tell the host once per stop."""
        changed = await self.write(
            lambda tx: tx.execute(
                "UPDATE clock_stops SET host_told = 1 "
                "WHERE game_id = ? AND restarted_at IS NULL AND host_told = 0",
                (game_id,),
            )
        )
        return changed > 0

    async def mark_damaged(self, game_id: int, reason: str) -> bool:
        """Mark a game damaged; True if it was not marked before (log and report it once)."""
        changed = await self.write(
            lambda tx: tx.execute(
                "INSERT OR IGNORE INTO damaged_games (game_id, reason, marked_at) VALUES (?, ?, ?)",
                (game_id, reason[:500], tx.now),
            )
        )
        return changed > 0

    async def damaged(self, game_id: int) -> str | None:
        rows = await self._all("SELECT reason FROM damaged_games WHERE game_id = ?", (game_id,))
        return rows[0][0] if rows else None

    async def damaged_ids(self) -> set[int]:
        return {r[0] for r in await self._all("SELECT game_id FROM damaged_games")}

    async def mark_reported(self, game_id: int) -> bool:
        """True the first time: the channel of a damaged game is told once."""
        changed = await self.write(
            lambda tx: tx.execute(
                "UPDATE damaged_games SET reported = 1 WHERE game_id = ? AND reported = 0",
                (game_id,),
            )
        )
        return changed > 0

    async def current_version(self, game_id: int) -> int | None:
        """The stored version of a game (None if there is no such game): cheap, no JSON."""
        rows = await self._all("SELECT version FROM games WHERE id = ?", (game_id,))
        return rows[0][0] if rows else None

    async def set_user_settings(self, user_id: int, **values: Any) -> UserSettings:
        await self.write(lambda tx: tx.set_user_settings(user_id, values))
        return await self.user_settings(user_id)

    async def set_guild_settings(self, guild_id: int, **values: Any) -> GuildSettings:
        await self.write(lambda tx: tx.set_guild_settings(guild_id, values))
        return await self.guild_settings(guild_id)

    # --- reading -----------------------------------------------------------------------------

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self._reader.execute_fetchall(sql, params))

    async def query(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows of a read-only SELECT on the reader connection (for the clock's own tables)."""
        return await self._all(sql, params)

    async def game(self, game_id: int, *, snapshots: bool = False) -> GameRow | None:
        extra = ", snapshot, phase_snapshot" if snapshots else ""
        rows = await self._all(f"SELECT {_GAME_COLUMNS}{extra} FROM games WHERE id = ?", (game_id,))
        return GameRow.from_sql(rows[0]) if rows else None

    async def game_with_seats(self, game_id: int) -> tuple[GameRow, list[SeatRow]] | None:
        """The game row (with snapshots) and its seats, read in one read transaction."""
        # One read transaction (WAL snapshot) so the pair is consistent even while the writer
        # commits; the lock keeps two such pairs from nesting BEGINs on the shared reader.
        async with self._read_tx_lock:
            await _run(self._reader, "BEGIN")
            try:
                game = await self.game(game_id, snapshots=True)
                seats = await self.seats(game_id) if game else []
            finally:
                await _run(self._reader, "COMMIT")
        return (game, seats) if game else None

    async def active_game(self, guild_id: int, channel_id: int) -> GameRow | None:
        rows = await self._all(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND channel_id = ? "
            "AND status IN ('lobby', 'running')",
            (guild_id, channel_id),
        )
        return GameRow.from_sql(rows[0]) if rows else None

    async def games(
        self, *, guild_id: int | None = None, statuses: Sequence[str] = (), limit: int = 100
    ) -> list[GameRow]:
        where, params = [], []
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if statuses:
            where.append(f"status IN ({', '.join('?' for _ in statuses)})")
            params.extend(statuses)
        sql = f"SELECT {_GAME_COLUMNS} FROM games"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY id LIMIT ?"
        return _readable([(r, None) for r in await self._all(sql, (*params, limit))])

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [_seat(r) for r in rows]

    async def log(
        self, game_id: int, *, after_seq: int = 0, limit: int | None = None
    ) -> list[LogRow]:
        sql = (
            "SELECT seq, seat, action, by_bot, user_id, created_at, planned FROM actions "
            "WHERE game_id = ? AND seq > ? ORDER BY seq"
        )
        params: tuple[Any, ...] = (game_id, after_seq)
        if limit is not None:
            sql += " LIMIT ?"
            params = (*params, limit)
        rows = await self._all(sql, params)
        return [LogRow(r[0], r[1], r[2], bool(r[3]), r[4], r[5], bool(r[6])) for r in rows]

    async def plans(self, game_id: int, seat: int | None = None) -> list[PlanRow]:
        """The game's stored plans (of one seat, or all), oldest first."""
        rows = await self._all(
            "SELECT seat, key, user_id, body, status, reason, seq, created_at FROM plans "
            "WHERE game_id = ? AND (? IS NULL OR seat = ?) ORDER BY seat, created_at, key",
            (game_id, seat, seat),
        )
        return [PlanRow(*r) for r in rows]

    async def seat_orders(self, game_id: int) -> dict[int, dict[str, Any]]:
        """Seat -> its standing orders (column -> value) for the seats that have a row."""
        names = await self._columns("seat_orders")
        rows = await self._all(
            f"SELECT {', '.join(names)} FROM seat_orders WHERE game_id = ?", (game_id,)
        )
        seat = names.index("seat")
        return {r[seat]: _order_values(names, r) for r in rows}

    async def user_orders(self, user_id: int) -> dict[str, Any] | None:
        """A player's default standing orders (column -> value), None if never set."""
        names = await self._columns("user_orders")
        rows = await self._all(
            f"SELECT {', '.join(names)} FROM user_orders WHERE user_id = ?", (user_id,)
        )
        return _order_values(names, rows[0]) if rows else None

    async def _columns(self, table: str) -> list[str]:
        """The columns of `table` as the migrations made them (read once)."""
        found = self._table_columns.get(table)
        if found is None:
            rows = await self._all(f"PRAGMA table_info({table})")
            found = self._table_columns[table] = [r[1] for r in rows]
        return found

    async def log_count(self, game_id: int) -> int:
        rows = await self._all("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,))
        return rows[0][0]

    async def user_games(
        self,
        user_id: int,
        *,
        guild_id: int | None = None,
        statuses: Sequence[str] = ("lobby", "running"),
    ) -> list[tuple[GameRow, SeatRow]]:
        """Games where `user_id` holds a (human) seat, with that seat; newest activity first."""
        sql = (
            f"SELECT {', '.join('g.' + c.strip() for c in _GAME_COLUMNS.split(','))}, "
            f"{', '.join('s.' + c.strip() for c in _SEAT_COLUMNS.split(','))} "
            "FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ?"
        )
        params: list[Any] = [user_id]
        if statuses:
            sql += f" AND g.status IN ({', '.join('?' for _ in statuses)})"
            params.extend(statuses)
        if guild_id is not None:
            sql += " AND g.guild_id = ?"
            params.append(guild_id)
        sql += " ORDER BY g.updated_at DESC, g.id DESC"
        n = len(_GAME_COLUMNS.split(","))
        pairs = [(r[:n], r[n:]) for r in await self._all(sql, params)]
        return [(game, _seat(seat)) for game, seat in _readable_pairs(pairs)]

    async def user_settings(self, user_id: int) -> UserSettings:
        rows = await self._all(
            f"SELECT user_id, {', '.join(USER_SETTING_FIELDS)}, updated_at FROM user_settings "
            "WHERE user_id = ?",
            (user_id,),
        )
        return UserSettings(*rows[0]) if rows else UserSettings(user_id)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        rows = await self._all(
            f"SELECT guild_id, {', '.join(GUILD_SETTING_FIELDS)}, updated_at FROM guild_settings "
            "WHERE guild_id = ?",
            (guild_id,),
        )
        return GuildSettings(*rows[0]) if rows else GuildSettings(guild_id)


_ORDER_KEYS = frozenset({"game_id", "seat", "user_id", "updated_at"})


def _order_values(names: Sequence[str], row: Sequence[Any]) -> dict[str, Any]:
    """The order columns of a seat_orders / user_orders row (the migration is the schema)."""
    return {n: v for n, v in zip(names, row, strict=True) if n not in _ORDER_KEYS}


async def _run(conn: aiosqlite.Connection, sql: str, params: Any = ()) -> None:
    """Execute one statement and close its cursor at once.

    An unclosed cursor keeps its statement open until the garbage collector finds it, and an
    open statement makes the next COMMIT fail ("SQL statements in progress") wherever something
    still holds a reference to the cursor (seen under SimCord's task tracking).
    """
    cursor = await conn.execute(sql, params)
    await cursor.close()


async def _connect(path: Path, busy_timeout_ms: int) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(path, isolation_level=None)  # we issue BEGIN ourselves
    await _run(conn, f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
    await _run(conn, "PRAGMA foreign_keys = ON")
    return conn


async def _migrate(conn: aiosqlite.Connection, directory: Path, clock: Any) -> None:
    migrations = discover_migrations(directory)
    await _run(
        conn,
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
        "name TEXT NOT NULL, applied_at REAL NOT NULL)",
    )
    for migration in migrations:
        await _run(conn, "BEGIN IMMEDIATE")  # re-checked under the lock: two openers are safe
        try:
            rows = await conn.execute_fetchall("SELECT MAX(version) FROM schema_migrations")
            current = rows[0][0] or 0
            if migration.version <= current:
                await _run(conn, "COMMIT")
                continue
            if migration.version != current + 1:
                raise StoreError(
                    f"database at schema {current}, next file is {migration.path.name}"
                )
            for statement in migration.statements():
                try:
                    await _run(conn, statement)
                except sqlite3.OperationalError as error:
                    raise StoreError(
                        f"migration {migration.path.name} failed: {error}; nothing of it was "
                        "applied"
                    ) from error
            await _run(
                conn,
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, clock()),
            )
            await _run(conn, "COMMIT")
            log.info("applied migration %s", migration.path.name)
        except BaseException:
            await _run(conn, "ROLLBACK")
            raise
    rows = await conn.execute_fetchall("SELECT MAX(version) FROM schema_migrations")
    newest = migrations[-1].version if migrations else 0
    if (rows[0][0] or 0) > newest:
        raise StoreError(
            f"the database is at schema {rows[0][0]}, newer than this code "
            f"({newest}); refusing to run"
        )


def _readable(rows: list[tuple[Sequence[Any], None]]) -> list[GameRow]:
    return [game for game, _ in _readable_pairs(rows)]


def _readable_pairs(rows: list[tuple[Sequence[Any], T]]) -> list[tuple[GameRow, T]]:
    """Decoded game rows of a listing; a damaged one is left out (the clock and the service
    mark and report it when they meet it), so one bad row cannot break a list."""
    out = []
    for raw, extra in rows:
        try:
            out.append((GameRow.from_sql(raw), extra))
        except DamagedRow as error:
            log.debug("left a damaged game out of a listing: %s", error)
    return out


async def _close_all(
    writer: aiosqlite.Connection | None,
    reader: aiosqlite.Connection | None,
    lock: _ProcessLock | None,
) -> None:
    for conn in (reader, writer):
        if conn is not None:
            try:
                await conn.close()
            except Exception:  # closing after a failed open: the first error is what matters
                log.debug("closing a connection after a failed open", exc_info=True)
    if lock is not None:
        lock.release()


async def _integrity_check(conn: aiosqlite.Connection, path: Path) -> None:
    """SQLite's quick check (structure of every table and index, not the contents' meaning)."""
    rows = await conn.execute_fetchall("PRAGMA quick_check")
    problems = [str(r[0]) for r in rows if str(r[0]).lower() != "ok"]
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise StoreError(
            f"the database {path} is damaged: {problems[0]}{more}; restore it from a backup "
            "or move it away to start with an empty one"
        )


def _database_problem(path: Path, error: sqlite3.DatabaseError) -> str:
    text = str(error)
    code = getattr(error, "sqlite_errorcode", None)
    if code == sqlite3.SQLITE_NOTADB or "not a database" in text:
        return (
            f"{path} is not a SQLite database (or its header is damaged); point "
            "CAYLUS_DATABASE at the right file, or restore it from a backup"
        )
    if code == sqlite3.SQLITE_CORRUPT or "malformed" in text:
        return f"the database {path} is damaged ({text}); restore it from a backup"
    if code == sqlite3.SQLITE_FULL:
        return f"cannot write the database {path}: the disk is full"
    if code in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM, sqlite3.SQLITE_READONLY):
        return f"cannot open the database {path} for writing ({text})"
    return f"cannot use the database {path}: {text}"


class _ProcessLock:
    """An exclusive OS lock on `<database>.lock`, held while a bot process has the file open.

    flock locks belong to the open file, so a second opener (another process, or a second
    `Store.open(..., exclusive=True)` in this one) is refused until the first closes or dies;
    the kernel drops the lock of a killed process, so a crash never leaves a stale lock.
    """

    def __init__(self, path: Path, handle: Any) -> None:
        self.path = path
        self._handle = handle

    @classmethod
    async def acquire(cls, database: Path, wait: float) -> _ProcessLock:
        try:
            import fcntl
        except ImportError:  # not POSIX: no lock (documented in docs/store.md)
            return cls(database, None)
        path = database.with_name(database.name + ".lock")
        try:
            handle = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - held while open
        except OSError as error:
            raise StoreError(f"cannot create the lock file {path}: {error.strerror}") from None
        deadline = time.monotonic() + max(0.0, wait)
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() >= deadline:
                    handle.seek(0)
                    holder = handle.read().strip() or "another process"
                    handle.close()
                    raise DatabaseLocked(
                        f"the database {database} is in use by another bot process "
                        f"({holder}); stop it first, or give this one another "
                        "CAYLUS_DATABASE"
                    ) from None
                await asyncio.sleep(0.2)
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()} since {time.strftime('%Y-%m-%d %H:%M:%S')}")
        handle.flush()
        return cls(database, handle)

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()  # closing the file drops the flock
            self._handle = None
