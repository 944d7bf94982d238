"""The PostgreSQL backend (asyncpg): one database that several bot processes share
(docs/store.md, docs/deploy.md).

- Reads run on a connection of the pool (each statement on its own, read committed).
- A write is a function given to `Store.write(work)`, as on SQLite: it runs in a worker thread
  inside one SERIALIZABLE transaction, each of its statements handed to the event loop's
  connection, so every transaction function reads and writes as if it were alone, whatever
  other processes do. A serialization conflict rolls it back and runs it again from the start
  (a few times, then the error propagates). A write made while the task holds a game's lock
  (the service's moves) runs at READ COMMITTED: the lock already keeps every other change of
  that game out, and the version check is in its UPDATE.
- A transaction's statements whose outcome is not read wait, and go with its BEGIN and COMMIT
  in one message (`PgTx`); an action is three round trips: the lock and its reads
  (`caylus_lock_game`, migration 0012), the write, the release (docs/store.md, "Round trips").
- `game_lock(game_id)` takes a session advisory lock for the game, so a game's
  read-modify-write is serialised across processes; the store calls made while it is held (by
  the same task) use the lock's connection, so a held lock never waits for a second one.
  The lock ends when its connection goes back to the pool: the pool's reset (only for a
  connection that took a session lock, `SessionsToReset`) unlocks it in the same message.
  A killed process's session ends and the server drops its locks.
- Migrations are `migrations/postgres/NNNN_name.sql`, each applied in one transaction under an
  advisory lock (two processes starting at once are safe).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import os
import random
import secrets
import socket
import time
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, TypeAlias, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.store.base import Store, _order_values, log
from bot.store.clock_rows import ReminderClaim
from bot.store.migrations import PG_MIGRATIONS_DIR, discover_migrations, newer_than_code
from bot.store.rows import (
    DiskFull,
    GameBusy,
    GameRow,
    IntegrityError,
    PlanRow,
    SeatRow,
    StoreError,
    StoreUnavailable,
    VersionConflict,
)
from bot.store.tx import Tx

T = TypeVar("T")

# Advisory lock name spaces (the first of the two int4 keys): a game's actions, a claim
# inside one transaction (the clock's reminders), the migrations. Advisory locks belong to the
# whole database: each space is mixed with the schema's name (`lock_spaces`), so bots (or test
# runs) in different schemas of one database never wait for each other's games.
LOCK_GAME = 0x43A1
LOCK_CLAIM = 0x43A2
LOCK_MIGRATE = 0x43A3
SERIALIZATION_RETRIES = 30

# a connection of the pool, as the pool lends it
# (a string: the proxy is generic in asyncpg's types only, not at run time)
Connection: TypeAlias = "PoolConnectionProxy[asyncpg.Record]"
Isolation = Literal["read_committed", "serializable"]  # what the store's writes use


@dataclass(slots=True)
class _Prefetched:
    """What `caylus_lock_game` read right after the game's lock was granted (migration 0012):
    served to the lock's holder instead of reading it again, until the holder writes."""

    game_id: int
    version: int | None
    plans: list[PlanRow]
    orders: list[dict[str, Any]]  # seat_orders rows, column -> value


@dataclass(slots=True)
class _Bound:
    """The connection a task holds a game lock on, and what was read with the lock."""

    conn: Connection
    task: asyncio.Task[Any] | None
    prefetched: _Prefetched | None = None
    outbox_id: int | None = None  # taken with the lock for the game's next outbox row
    game_id: int | None = None


_CONNECTION_ERRORS: tuple[type[BaseException], ...] = (
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.CannotConnectNowError,
    asyncpg.AdminShutdownError,
    ConnectionError,
    OSError,
)
# closing the pool: a connection that fails, or a close that takes too long
_CLOSE_ERRORS: tuple[type[BaseException], ...] = (TimeoutError, *_CONNECTION_ERRORS)
# connecting: no server, a bad URL, or a server that refuses
_CONNECT_ERRORS: tuple[type[BaseException], ...] = (
    *_CONNECTION_ERRORS,
    asyncpg.PostgresError,
    ValueError,
)
_RETRYABLE = (asyncpg.SerializationError, asyncpg.DeadlockDetectedError)


class PgIntegrityError(IntegrityError):
    """A constraint refused a write (the asyncpg error is the cause)."""


def _placeholders(sql: str, fill: Callable[[int], str]) -> tuple[str, int]:
    """`sql` with its k-th `?` placeholder replaced by `fill(k)` (none of our statements has a
    `?` inside a string literal, but quoted text is skipped anyway), and how many there were."""
    out: list[str] = []
    count = 0
    quote: str | None = None
    for char in sql:
        if quote is not None:
            if char == quote:
                quote = None
        elif char in ("'", '"'):
            quote = char
        elif char == "?":
            out.append(fill(count))
            count += 1
            continue
        out.append(char)
    return "".join(out), count


@lru_cache(maxsize=2048)
def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2 ...`."""
    return _placeholders(sql, lambda k: f"${k + 1}")[0]


def _rowcount(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


def _lock_key(game_id: int) -> int:
    """A game id as the second int4 key (ids beyond 2**31 share keys: more waiting, no harm)."""
    key = game_id & 0xFFFFFFFF
    return key - (1 << 32) if key >= (1 << 31) else key


def lock_spaces(schema: str) -> tuple[int, int, int]:
    """The advisory lock spaces (game, claim, migrate) of the tables in `schema`."""

    def space(base: int) -> int:
        mixed = zlib.crc32(f"{base}:{schema}".encode())
        return mixed - (1 << 32) if mixed >= (1 << 31) else mixed

    return space(LOCK_GAME), space(LOCK_CLAIM), space(LOCK_MIGRATE)


def safe_url(url: str) -> str:
    """The URL without its password (for messages and logs)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port:
        host += f":{parts.port}"
    netloc = f"{parts.username}:***@{host}" if parts.username else host
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


async def holds_bot_database(url: str) -> bool:
    """Whether the PostgreSQL database at `url` already holds a bot's tables (its migrations
    table), looked at without creating anything; StoreError if it cannot be reached."""
    try:
        conn = await asyncpg.connect(url, timeout=10)
    except Exception as error:
        raise StoreError(
            f"cannot connect to the PostgreSQL database {safe_url(url)}: "
            f"{str(error) or type(error).__name__}"
        ) from None
    try:
        return await conn.fetchval("SELECT to_regclass('schema_migrations')") is not None
    finally:
        await conn.close()


class SessionsToReset:
    """The pool's reset: asyncpg's default resets every connection it gets back (one round trip
    each time). Ours sends it only for the connections that may hold session state (a game's
    advisory lock: nothing else of the bot's lives in a session), so a read costs one round
    trip instead of two and a game's unlock travels with the reset. A transaction left open is
    rolled back by asyncpg before this is called, whatever it returns."""

    def __init__(self) -> None:
        self._pids: set[int] = set()  # the server pids of the connections to reset

    def mark(self, conn: Connection) -> None:
        self._pids.add(conn.get_server_pid())

    async def __call__(self, conn: asyncpg.Connection) -> None:
        pid = conn.get_server_pid()
        if pid in self._pids:
            await conn.execute(conn.get_reset_query())
            self._pids.discard(pid)


# The SQLSTATE `send_changing_one` raises on the server when its statement changed no row
# (a class of our own: PostgreSQL's are digits and capitals too, none starts with "CY").
VERSION_CONFLICT_STATE = "CY409"


def _literal(value: Any) -> str | None:
    """`value` as an SQL literal, or None for a type not written this way (the statement then
    goes on its own, with parameters). Strings are quoted the standard way (quotes doubled, no
    backslash escapes), which `standard_conforming_strings`, set on for every connection of the
    pool, makes the whole truth; a NUL, which PostgreSQL's text cannot hold, is refused."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return None  # our columns are 0/1 integers: a bool here is a caller's mistake
    if isinstance(value, int | float):
        if value != value:
            return "'NaN'::float8"
        if value in (float("inf"), float("-inf")):
            return f"'{'-' if value < 0 else ''}Infinity'::float8"
        # in brackets when negative: "a -?" must not become the comment "a --1"
        # (the base types' own forms: a subclass such as an IntEnum may print otherwise)
        text = int.__repr__(value) if isinstance(value, int) else float.__repr__(value)
        return f"({text})" if text.startswith("-") else text  # -0.0 too
    if isinstance(value, str):
        if "\x00" in value:
            return None
        return "'" + value.replace("'", "''") + "'"
    return None


def inlined(sql: str, params: Sequence[Any]) -> str | None:
    """The statement with its `?` placeholders replaced by the literals of `params` (quoted
    text skipped, as `numbered` does); None if a parameter has no literal form."""
    literals = [_literal(v) for v in params]
    if any(lit is None for lit in literals):
        return None
    text, count = _placeholders(sql, lambda k: literals[k] or "" if k < len(literals) else "")
    if count != len(literals):
        raise StoreError(f"{len(literals)} parameters for {count} placeholders: {sql}")
    return text


class PgTx(Tx):
    """`Tx` in a worker thread: each statement runs on the transaction's connection in the
    event loop, and the thread waits for it.

    The statements whose outcome is not read (`send`...) wait, written out with their values
    as literals, and go in one simple-query message with the next statement that is read or
    with the COMMIT; so does the BEGIN. A change made of such statements only (an action: the
    game row, its log rows, its outbox row) is one round trip (docs/store.md, "Round trips")."""

    __slots__ = ("_begin", "_begun", "_bound", "_pending", "claim_space", "conn", "loop")

    def __init__(
        self,
        conn: Connection,
        now: float,
        loop: asyncio.AbstractEventLoop,
        claim_space: int = LOCK_CLAIM,
        *,
        begin: str = "BEGIN",
        bound: _Bound | None = None,
    ):
        super().__init__(now)
        self.conn = conn
        self.loop = loop
        self.claim_space = claim_space
        self._begin = begin
        self._begun = False
        self._pending: list[str] = []
        self._bound = bound

    def _wait(self, call: Awaitable[T]) -> T:
        return asyncio.run_coroutine_threadsafe(call, self.loop).result()  # type: ignore[arg-type]

    def _script(self, *, commit: bool) -> str | None:
        """What is waiting (the BEGIN first if not sent yet, the COMMIT last if asked)."""
        parts = [] if self._begun else [self._begin]
        parts += self._pending
        if commit and (self._begun or self._pending):
            parts.append("COMMIT")
        elif commit:
            return None  # nothing was sent, nothing is waiting: nothing to commit
        self._pending = []
        self._begun = True
        return ";\n".join(parts) if parts else None

    def _flush(self) -> None:
        """Send what is waiting, before a statement whose outcome is read."""
        if self._begun and not self._pending:
            return
        script = self._script(commit=False)
        if script is not None:
            self._wait(_run_script(self.conn, script))

    async def commit(self) -> None:
        """The waiting statements and the COMMIT, in one message (from the event loop)."""
        script = self._script(commit=True)
        if script is not None:
            await _run_script(self.conn, script)

    def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        self._flush()
        return self._wait(self.conn.fetchrow(numbered(sql), *params))

    def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        self._flush()
        return self._wait(self.conn.fetch(numbered(sql), *params))

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._flush()
        return _rowcount(self._wait(self.conn.execute(numbered(sql), *params)))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._flush()
        self._wait(self.conn.executemany(numbered(sql), rows))

    def send(self, sql: str, params: Sequence[Any] = ()) -> None:
        statement = inlined(sql, params)
        if statement is None:
            self.execute(sql, params)
        else:
            self._pending.append(statement)

    def send_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        for row in rows:
            self.send(sql, row)

    def send_changing_one(self, sql: str, params: Sequence[Any], conflict: str) -> None:
        statement = inlined(sql, params)
        tag = "$cy$"
        if statement is None or tag in statement:
            super().send_changing_one(sql, params, conflict)
            return
        # the check runs on the server, in the same message: no round trip of its own
        self._pending.append(
            f"DO {tag} BEGIN {statement}; IF NOT FOUND THEN RAISE EXCEPTION USING "
            f"ERRCODE = '{VERSION_CONFLICT_STATE}', MESSAGE = "
            f"{_literal(conflict)}; END IF; END {tag}"
        )

    def reserved_outbox_id(self, game_id: int) -> int | None:
        bound = self._bound
        if bound is None or bound.game_id != game_id or bound.outbox_id is None:
            return None
        reserved, bound.outbox_id = bound.outbox_id, None  # once
        return reserved

    def claim_reminders(self, claims: Sequence[ReminderClaim], sent_at: float) -> set[int]:
        """`ClockWrites.claim_reminders` in one statement, whatever the number of games:
        each game's claim is tried (`pg_try_advisory_xact_lock` in the claim space, held to the
        commit, as `try_claim`), its decision checked, and its items inserted; the rows this
        statement inserted come back."""
        if not claims:
            return set()
        self._flush()
        items = [(c.game_id, item, c.user_id, due) for c in claims for item, due in c.items]
        inserted = self._wait(
            self.conn.fetch(
                _CLAIM_REMINDERS,
                [c.game_id for c in claims],
                [_lock_key(c.game_id) for c in claims],
                [c.seq for c in claims],
                [c.seat for c in claims],
                [i[0] for i in items],
                [i[1] for i in items],
                [i[2] for i in items],
                [float(i[3]) for i in items],
                self.claim_space,
                float(sent_at),
            )
        )
        fresh: dict[int, int] = {}
        for game_id, _item in inserted:
            fresh[game_id] = fresh.get(game_id, 0) + 1
        return {c.game_id for c in claims if fresh.get(c.game_id, 0) == len(c.items)}

    def try_claim(self, key: int) -> bool:
        self._flush()
        return bool(
            self._wait(
                self.conn.fetchval(
                    "SELECT pg_try_advisory_xact_lock($1, $2)", self.claim_space, _lock_key(key)
                )
            )
        )


# The tick's batch of reminders, claimed and recorded in one statement (`PgTx.claim_reminders`):
# the games this transaction claims (the lock is taken before a game's rows are inserted: they
# join on it) and that still await the same decision, then their items, each once.
_CLAIM_REMINDERS = """
WITH claimed AS MATERIALIZED (
    SELECT c.game_id, c.seq, c.seat
    FROM unnest($1::bigint[], $2::int[], $3::int[], $4::int[]) AS c(game_id, lock_key, seq, seat)
    JOIN games g ON g.id = c.game_id AND g.status = 'running' AND g.seq = c.seq
        AND g.awaiting_seat = c.seat
    WHERE pg_try_advisory_xact_lock($9::int, c.lock_key)
)
INSERT INTO clock_reminders (game_id, seq, seat, item, user_id, due_at, sent_at)
SELECT w.game_id, c.seq, c.seat, w.item, w.user_id, w.due_at, $10::double precision
FROM unnest($5::bigint[], $6::text[], $7::bigint[], $8::double precision[])
    AS w(game_id, item, user_id, due_at)
JOIN claimed c ON c.game_id = w.game_id
ON CONFLICT DO NOTHING
RETURNING game_id, item
"""


async def _run_script(conn: Connection, script: str) -> None:
    """Statements in one simple-query message; the version check's own error as
    VersionConflict. A COMMIT that the server answers with ROLLBACK (the transaction had
    failed earlier and its error was caught) is an error, never a silent loss."""
    try:
        status = await conn.execute(script)
    except asyncpg.PostgresError as error:
        if getattr(error, "sqlstate", None) == VERSION_CONFLICT_STATE:
            raise VersionConflict(str(error)) from None
        raise
    if script.endswith("COMMIT") and status == "ROLLBACK":
        raise StoreError("the transaction had failed: nothing of it was written")


class PostgresStore(Store):
    """The store on a PostgreSQL database (a `postgresql://` URL)."""

    backend = "postgres"

    def __init__(
        self,
        url: str,
        pool: asyncpg.Pool,
        clock: Any,
        pool_size: int,
        spaces: tuple[int, int, int] = (LOCK_GAME, LOCK_CLAIM, LOCK_MIGRATE),
        sessions: SessionsToReset | None = None,
    ) -> None:
        super().__init__(clock)
        self.url = url
        self._pool = pool
        self._game_space, self._claim_space, _ = spaces
        self._executor = ThreadPoolExecutor(
            max_workers=pool_size + 2, thread_name_prefix="caylus-pg"
        )
        self._full = False
        self._sessions = sessions
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        # The connection a task holds for a game lock of this store: its calls go through it.
        self._bound_to: contextvars.ContextVar[_Bound | None] = contextvars.ContextVar(
            f"caylus_pg_bound_{id(self)}", default=None
        )

    # --- opening -----------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        migrations_dir: Path | None = None,
        clock: Any = time.time,
        pool_size: int = 10,
        connect_timeout: float = 10.0,
        check: bool = False,
        **sqlite_only: Any,
    ) -> PostgresStore:
        """Connect a pool of up to `pool_size` connections and apply the migrations.
        (`exclusive`, `lock_wait`, `synchronous`, `busy_timeout_ms` are SQLite's: several
        processes sharing the database is what this backend is for.) A server that cannot be
        reached, or refuses, raises StoreError naming it."""
        unknown = set(sqlite_only) - {"exclusive", "lock_wait", "synchronous", "busy_timeout_ms"}
        if unknown:
            raise TypeError(f"unknown store options {sorted(unknown)}")
        shown = safe_url(url)
        sessions = SessionsToReset()
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=max(2, pool_size),
                timeout=connect_timeout,
                command_timeout=None,
                # READ COMMITTED whatever the server's default: `caylus_lock_game` relies on it
                # to read after its lock (migration 0012)
                server_settings={
                    "application_name": "caylus-bot",
                    "default_transaction_isolation": "read committed",
                    # PgTx writes string literals the standard way (quotes doubled)
                    "standard_conforming_strings": "on",
                },
                reset=sessions,
            )
        except asyncpg.InvalidPasswordError as error:
            raise StoreError(f"the PostgreSQL server {shown} refused the login: {error}") from None
        except asyncpg.InvalidCatalogNameError as error:
            raise StoreError(f"no such PostgreSQL database {shown}: {error}") from None
        except _CONNECT_ERRORS as error:
            raise StoreError(
                f"cannot connect to the PostgreSQL database {shown}: "
                f"{str(error) or type(error).__name__}"
            ) from None
        try:
            async with pool.acquire() as conn:
                spaces = lock_spaces(await conn.fetchval("SELECT current_schema()") or "")
                await _migrate(conn, migrations_dir or PG_MIGRATIONS_DIR, clock, spaces[2])
        except BaseException:
            await pool.close()
            raise
        return cls(url, pool, clock, max(2, pool_size), spaces, sessions)

    @property
    def target(self) -> str:
        return safe_url(self.url)

    async def close(self) -> None:
        if self._closed:
            return
        await self.release_claims()
        self._closed = True
        try:
            await asyncio.wait_for(self._pool.close(), timeout=10)
        except _CLOSE_ERRORS:
            self._pool.terminate()
        finally:
            self._executor.shutdown(wait=False, cancel_futures=True)

    # --- the connection a call uses ----------------------------------------------------------

    def _bound(self) -> Connection | None:
        held = self._held()
        return held.conn if held is not None else None

    def _held(self) -> _Bound | None:
        bound = self._bound_to.get()
        # only the task that took the lock: a task it started copies the context, and two
        # tasks must never share one connection
        if bound is None or bound.task is not asyncio.current_task():
            return None
        return bound

    def _prefetched(self, game_id: int) -> _Prefetched | None:
        held = self._held()
        if held is None or held.prefetched is None or held.prefetched.game_id != game_id:
            return None
        return held.prefetched

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Connection]:
        if self._closed:
            raise StoreError("the store is closed")
        bound = self._bound()
        if bound is not None:
            yield bound
            return
        try:
            conn = await self._pool.acquire()
        except _CONNECTION_ERRORS as error:
            raise StoreUnavailable(f"the database cannot be reached: {error}") from error
        try:
            yield conn
        finally:
            await self._pool.release(conn)

    @asynccontextmanager
    async def game_lock(self, game_id: int, *, wait: bool = True) -> AsyncIterator[None]:
        """A session advisory lock on the game, held until the block ends. `wait=False`: raise
        GameBusy at once if another process (or another task here) holds it."""
        key = _lock_key(game_id)
        # A connection of its own goes back to the pool when the block ends, and the pool's
        # reset unlocks it there: one round trip for both. (A lock taken on a connection some
        # other lock of this task holds is unlocked on its own, as that one stays held.)
        own = self._bound() is None and self._sessions is not None
        async with self._connection() as conn:
            if own:
                assert self._sessions is not None
                self._sessions.mark(conn)  # before the lock: a cancelled wait is reset too
            try:
                # the lock, then (in its own snapshot) the version, plans and orders
                found = await conn.fetchval(
                    "SELECT caylus_lock_game($1, $2, $3, $4)", self._game_space, key, game_id, wait
                )
            except _CONNECTION_ERRORS as error:
                raise StoreUnavailable(f"the database cannot be reached: {error}") from error
            if found is None:
                raise GameBusy(f"game {game_id} is being changed by another process")
            answer = json.loads(found)
            prefetched = _prefetch(game_id, answer)
            token = self._bound_to.set(
                _Bound(conn, asyncio.current_task(), prefetched, int(answer["outbox_id"]), game_id)
            )
            try:
                yield
            finally:
                self._bound_to.reset(token)
                if not own:
                    try:
                        await conn.execute(
                            "SELECT pg_advisory_unlock($1, $2)", self._game_space, key
                        )
                    except Exception:  # a broken connection: the server drops it
                        log.debug("unlocking game %s failed", game_id, exc_info=True)

    # --- writing -----------------------------------------------------------------------------

    async def write(self, work: Callable[[Tx], T], *, claimed: bool = False) -> T:
        """Run `work(tx)` in one SERIALIZABLE transaction and return its result; any exception
        rolls everything back and propagates. Serialization conflicts with other transactions
        run it again (so `work` must not change anything but the database). `claimed`: the
        work claims each game it touches (`tx.try_claim`) and relies on unique keys, so READ
        COMMITTED is enough (a batch of many games would otherwise collide with other
        processes' batches and be run again and again)."""
        if self._closed:
            raise StoreError("the store is closed")
        held = self._held()
        if held is not None:  # what the lock read may be about to change
            held.prefetched = None
        now = self._clock()
        # under a game's lock, nothing else changes that game: no need to pay for SERIALIZABLE
        # (whose page-level conflicts between unrelated games would only cost retries)
        relaxed = claimed or self._bound() is not None
        isolation: Isolation = "read_committed" if relaxed else "serializable"
        started = time.perf_counter()  # retries included: the caller waits for them too
        for attempt in range(SERIALIZATION_RETRIES):
            try:
                async with self._connection() as conn:
                    result = await self._transaction(conn, work, now, isolation)
            except _RETRYABLE:
                if attempt == SERIALIZATION_RETRIES - 1:
                    raise
                await asyncio.sleep(random.uniform(0, 0.002 * 2 ** min(attempt, 6)))
                continue
            except asyncpg.IntegrityConstraintViolationError as error:
                raise PgIntegrityError(str(error)) from error
            except asyncpg.DiskFullError as error:
                if not self._full:  # once for the operator, not once per refused move
                    self._full = True
                    log.error("cannot write %s: the disk is full (%s)", self.target, error)
                raise DiskFull(str(error)) from error
            except _CONNECTION_ERRORS as error:
                raise StoreUnavailable(f"the database cannot be reached: {error}") from error
            self.metrics.store_commit(time.perf_counter() - started)
            if self._full:
                self._full = False
                log.warning("writing %s works again", self.target)
            return result
        raise AssertionError("unreachable")

    async def _transaction(
        self, conn: Connection, work: Callable[[Tx], T], now: float, isolation: Isolation
    ) -> T:
        loop = asyncio.get_running_loop()
        level = "SERIALIZABLE" if isolation == "serializable" else "READ COMMITTED"
        tx = PgTx(
            conn,
            now,
            loop,
            self._claim_space,
            begin=f"BEGIN ISOLATION LEVEL {level}",
            bound=self._held(),
        )
        try:
            done = loop.run_in_executor(self._executor, work, tx)
            try:
                result = await asyncio.shield(done)
            except asyncio.CancelledError:
                # the thread still uses the connection: let it finish before rolling back
                with contextlib.suppress(BaseException):
                    await done
                raise
            await tx.commit()
        except BaseException:
            if conn.is_in_transaction():
                with contextlib.suppress(Exception):
                    await conn.execute("ROLLBACK")
            raise
        return result

    # --- reading -----------------------------------------------------------------------------

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        try:
            async with self._connection() as conn:
                return await conn.fetch(numbered(sql), *params)
        except _CONNECTION_ERRORS as error:
            raise StoreUnavailable(f"the database cannot be reached: {error}") from error

    async def game_with_seats(self, game_id: int) -> tuple[GameRow, list[SeatRow]] | None:
        try:
            async with self._connection() as conn:
                # both reads on it (and not what the lock read: this reads the whole row)
                token = self._bound_to.set(_Bound(conn, asyncio.current_task()))
                try:
                    async with conn.transaction(isolation="repeatable_read", readonly=True):
                        game = await self.game(game_id, snapshots=True)
                        seats = await self.seats(game_id) if game else []
                finally:
                    self._bound_to.reset(token)
        except _CONNECTION_ERRORS as error:
            raise StoreUnavailable(f"the database cannot be reached: {error}") from error
        return (game, seats) if game else None

    async def current_version(self, game_id: int) -> int | None:
        prefetched = self._prefetched(game_id)
        if prefetched is not None:
            return prefetched.version
        return await super().current_version(game_id)

    async def plans(self, game_id: int, seat: int | None = None) -> list[PlanRow]:
        prefetched = self._prefetched(game_id)
        if prefetched is not None:
            return [p for p in prefetched.plans if seat is None or p.seat == seat]
        return await super().plans(game_id, seat)

    async def seat_orders(self, game_id: int) -> dict[int, dict[str, Any]]:
        prefetched = self._prefetched(game_id)
        if prefetched is None:
            return await super().seat_orders(game_id)
        names = await self._columns("seat_orders")
        return {
            int(row["seat"]): _order_values(names, [row[n] for n in names])
            for row in prefetched.orders
        }

    async def _read_columns(self, table: str) -> list[str]:
        rows = await self._all(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = "
            "current_schema() AND table_name = ? ORDER BY ordinal_position",
            (table,),
        )
        return [r[0] for r in rows]

    async def reset_identities(self) -> None:
        """After rows were inserted with their ids (caylus copy-db): new rows number on from
        the largest id of each table with an identity column."""

        def work(tx: Tx) -> None:
            for table in ("games", "clock_away", "outbox"):
                tx.fetchone(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )

        await self.write(work)


def _prefetch(game_id: int, found: dict[str, Any]) -> _Prefetched:
    """`caylus_lock_game`'s answer (JSON) as the rows the store's reads return."""
    version = found["version"]
    return _Prefetched(
        game_id=game_id,
        version=int(version) if version is not None else None,
        plans=[
            PlanRow(
                int(seat),
                key,
                int(user_id),
                body,
                status,
                reason,
                int(seq) if seq is not None else None,
                float(created_at),
            )
            for seat, key, user_id, body, status, reason, seq, created_at in found["plans"]
        ],
        orders=found["orders"],
    )


async def _migrate(
    conn: Connection, directory: Path, clock: Any, space: int = LOCK_MIGRATE
) -> None:
    migrations = discover_migrations(directory)
    for migration in [None, *migrations]:
        async with conn.transaction():
            # one opener at a time: a second process waits here, then finds the work done
            await conn.execute("SELECT pg_advisory_xact_lock($1, 0)", space)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                "name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
            )
            if migration is None:
                continue
            current = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
            if migration.version <= current:
                continue
            if migration.version != current + 1:
                raise StoreError(
                    f"database at schema {current}, next file is {migration.path.name}"
                )
            try:
                await conn.execute(migration.text())  # the whole file: simple query protocol
            except asyncpg.PostgresError as error:
                raise StoreError(
                    f"migration {migration.path.name} failed: {error}; nothing of it was applied"
                ) from error
            await conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                migration.version,
                migration.name,
                float(clock()),
            )
            log.info("applied migration %s", migration.path.name)
    current = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
    problem = newer_than_code(current, migrations)
    if problem is not None:
        raise problem
