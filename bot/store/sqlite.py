"""The SQLite backend (the default: one file, one bot process; docs/store.md).

Two aiosqlite connections:

- the *writer*: every write is a function given to `Store.write(work)`, run in the writer's
  thread between `BEGIN IMMEDIATE` and `COMMIT` (rolled back on any exception), so a
  transaction costs one hand-over to the thread and transactions never interleave;
- the *reader*: plain reads in autocommit mode, which in WAL mode see the last committed
  data and never block or get blocked by the writer.

Migrations (`migrations/sqlite/NNNN_name.sql`) are applied in order by `SqliteStore.open`,
each inside one transaction together with its row in `schema_migrations`.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import sqlite3
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store.base import Store, log
from bot.store.migrations import MIGRATIONS_DIR, Migration, discover_migrations, newer_than_code
from bot.store.rows import DatabaseLocked, DiskFull, GameRow, IntegrityError, SeatRow, StoreError
from bot.store.tx import Tx

T = TypeVar("T")


class SqliteIntegrityError(IntegrityError, sqlite3.IntegrityError):
    """A constraint refused a write: the store's error, and still SQLite's own."""


class SqliteTx(Tx):
    """`Tx` on the writer's sqlite3 connection, in the writer's thread."""

    __slots__ = ("conn",)

    def __init__(self, conn: sqlite3.Connection, now: float) -> None:
        super().__init__(now)
        self.conn = conn

    def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        # fetchall: a statement read to its end is finished (an INSERT ... RETURNING too)
        rows = self.conn.execute(sql, params).fetchall()
        return rows[0] if rows else None

    def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self.conn.execute(sql, params).fetchall()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self.conn.execute(sql, params).rowcount

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.conn.executemany(sql, rows)


class SqliteStore(Store):
    """The store on one SQLite file."""

    backend = "sqlite"

    def __init__(
        self,
        path: Path,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        clock: Any = time.time,
    ) -> None:
        super().__init__(clock)
        self.path = path
        self._writer = writer
        self._reader = reader
        self._read_tx_lock = asyncio.Lock()
        self._lock: _ProcessLock | None = None
        self._full = False  # a full disk was logged and no write has worked since
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

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
    ) -> SqliteStore:
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
        try:  # a file in a folder that does not exist yet: the folder is made, as the file is
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                f"cannot create the folder {path.parent} for the database {path}: "
                f"{error.strerror or error}"
            ) from None
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

    @property
    def target(self) -> str:
        return str(self.path)

    async def close(self) -> None:
        if self._closed:
            return
        await self.release_claims()
        self._closed = True
        try:
            await self._reader.close()
            await self._writer.close()  # runs after every write already handed to its thread
        finally:
            if self._lock is not None:
                self._lock.release()
                self._lock = None

    # --- writing -----------------------------------------------------------------------------

    async def write(self, work: Callable[[Tx], T], *, claimed: bool = False) -> T:
        """Run `work(tx)` as one transaction (BEGIN IMMEDIATE ... COMMIT) and return its result;
        any exception rolls everything back and propagates.

        `work` runs in the writer connection's thread, so a transaction is one hand-over from
        the event loop (not one per statement) and transactions can never interleave: they run
        one after the other in submission order. Keep `work` short and free of I/O besides SQL.
        (`claimed` changes nothing here: one writer at a time is stricter than any claim.)
        """
        if self._closed:
            raise StoreError("the store is closed")
        now = self._clock()

        def run() -> T:
            conn = self._writer._conn  # the sqlite3 connection, used only in its own thread
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = work(SqliteTx(conn, now))
                conn.execute("COMMIT")
                return result
            except BaseException:
                if conn.in_transaction:
                    conn.rollback()
                raise

        # aiosqlite's own way to run a call in its thread (what execute() uses internally)
        started = time.perf_counter()
        try:
            result = await self._writer._execute(run)
        except sqlite3.IntegrityError as error:
            if isinstance(error, IntegrityError):
                raise
            raise SqliteIntegrityError(*error.args) from error
        except sqlite3.OperationalError as error:
            problem = _write_refused(error)
            if problem is not None:
                if not self._full:  # once for the operator, not once per refused move
                    self._full = True
                    log.error("cannot write %s: %s (%s)", self.path, problem, error)
                raise DiskFull(str(error)) from error
            raise
        self.metrics.store_commit(time.perf_counter() - started)
        if self._full:
            self._full = False
            log.warning("writing %s works again", self.path)
        return result

    # --- reading -----------------------------------------------------------------------------

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self._reader.execute_fetchall(sql, params))

    async def game_with_seats(self, game_id: int) -> tuple[GameRow, list[SeatRow]] | None:
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

    async def _read_columns(self, table: str) -> list[str]:
        rows = await self._all(f"PRAGMA table_info({table})")
        return [r[1] for r in rows]


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


def migration_statements(migration: Migration) -> list[str]:
    """The file split into complete SQL statements (triggers with BEGIN ... END stay whole)."""
    out: list[str] = []
    buffer = ""
    for line in migration.text().splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statement = buffer.strip()
            if statement.strip(";").strip() and not _only_comments(statement):
                out.append(statement)
            buffer = ""
    if buffer.strip() and not _only_comments(buffer):
        raise StoreError(f"{migration.path.name}: incomplete SQL statement at the end")
    return out


def _only_comments(sql: str) -> bool:
    return all(
        not ln.strip() or ln.strip().startswith("--") or ln.strip() == ";"
        for ln in sql.splitlines()
    )


async def _schema_version(conn: aiosqlite.Connection) -> int:
    """The newest migration applied (0 for a new file)."""
    async with conn.execute("SELECT MAX(version) FROM schema_migrations") as cursor:
        row = await cursor.fetchone()
    return int(row[0] or 0) if row is not None else 0


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
            current = await _schema_version(conn)
            if migration.version <= current:
                await _run(conn, "COMMIT")
                continue
            if migration.version != current + 1:
                raise StoreError(
                    f"database at schema {current}, next file is {migration.path.name}"
                )
            for statement in migration_statements(migration):
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
    problem = newer_than_code(await _schema_version(conn), migrations)
    if problem is not None:
        raise problem


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


def _write_refused(error: sqlite3.OperationalError) -> str | None:
    """Why the file could not take a write, when that is the disk's doing (for the operator),
    else None. A file-size limit (RLIMIT_FSIZE, systemd's LimitFSIZE=) makes write() fail with
    EFBIG, which SQLite reports as a disk I/O error: to the players that is a full disk."""
    code = getattr(error, "sqlite_errorcode", None)
    if code == sqlite3.SQLITE_FULL:
        return "the disk is full"
    if code is not None and code & 0xFF == sqlite3.SQLITE_IOERR:
        return (
            "the disk refuses writes (a disk I/O error: a file-size limit such as "
            "RLIMIT_FSIZE or systemd's LimitFSIZE=, or a failing disk)"
        )
    return None


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
    `open_store(..., exclusive=True)` in this one) is refused until the first closes or dies;
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
