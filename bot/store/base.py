"""The store interface: rows, errors, the write operations (`Tx`) and the reads (`Store`),
written once in SQL that SQLite and PostgreSQL both accept (docs/store.md).

A backend supplies the few primitives below it: running one statement inside a transaction
(`Tx.execute` / `fetchone` / `fetchall` / `executemany`), a read outside one (`Store._all`),
a whole transaction (`Store.write`), a consistent pair of reads (`Store.game_with_seats`), a
table's columns, and the per-game lock that serialises a game's actions across processes
(`Store.game_lock`). Statements are written with `?` placeholders; the PostgreSQL backend
numbers them. No game rules here (that is bot/service/) and no Discord.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, TypeVar

log = logging.getLogger("bot.store")

T = TypeVar("T")

MIGRATIONS_ROOT = Path(__file__).resolve().parent.parent.parent / "migrations"
MIGRATIONS_DIR = MIGRATIONS_ROOT / "sqlite"  # each backend keeps its own numbered files
PG_MIGRATIONS_DIR = MIGRATIONS_ROOT / "postgres"
_MIGRATION_NAME = re.compile(r"^(\d+)_([A-Za-z0-9_\-]+)\.sql$")

# How long a process may hold a game's undelivered outbox rows before another may post them
# (the holder renews it with every message it posts; a killed holder's claim runs out). Claims
# are timed by the machines' own clocks (time.time), never by an injected game clock.
OUTBOX_LEASE = 120.0


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
    """The database could not write: the disk (or the database's size limit) is full."""


class IntegrityError(StoreError):
    """A constraint of the schema refused a write (a unique key, a foreign key, a CHECK, the
    append-only log). The SQLite backend's is also a `sqlite3.IntegrityError`."""


class StoreUnavailable(StoreError):
    """The database server cannot be reached (or the connection broke): nothing was written
    that was not committed; try again later."""


class GameBusy(StoreError):
    """Another process is working on this game right now (`game_lock(..., wait=False)`)."""


# ---------------------------------------------------------------------------------------------
# Rows
# ---------------------------------------------------------------------------------------------

GAME_COLUMNS = (
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
    level: str | None = None  # a bot seat's level (None: the default level, or a human)


SEAT_COLUMNS = "game_id, seat, user_id, is_bot, colour, resigned_user_id, joined_at, level"


def seat_row(row: Sequence[Any]) -> SeatRow:
    return SeatRow(row[0], row[1], row[2], bool(row[3]), row[4], row[5], row[6], row[7])


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
class RatingRow:
    """A player's rating in one server and game (docs/history.md)."""

    guild_id: int
    kind: str
    user_id: int
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    finished: int = 0  # games held to the end
    left_early: int = 0  # games left to the built-in player (resigned, kicked, taken over)
    updated_at: float | None = None


RATING_COLUMNS = "guild_id, kind, user_id, mu, sigma, games, wins, finished, left_early, updated_at"


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one rated game did to one human seat's rating."""

    game_id: int
    user_id: int
    seat: int
    place: int  # 1 = first; equal places are a tie
    won: bool
    held: bool  # False: left to the built-in player
    score: int | None
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float


def rating_row(row: Sequence[Any]) -> RatingRow:
    return RatingRow(
        int(row[0]), row[1], int(row[2]), float(row[3]), float(row[4]), *map(int, row[5:9]), row[9]
    )


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


OUTBOX_COLUMNS = (
    "id, game_id, after_seq, to_seq, version, payload, created_at, attempts, next_attempt_at, "
    "parts_done, last_error"
)


def outbox_row(row: Sequence[Any]) -> OutboxRow:
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
# Time columns: always given to the database as floats (PostgreSQL's are double precision).
_TIME_COLUMNS = frozenset({"awaiting_since", "started_at", "ended_at"})


# ---------------------------------------------------------------------------------------------
# Migrations
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    path: Path

    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")


def discover_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The numbered files of one backend's folder, checked: NNNN_name.sql, 1, 2, 3 ... no gaps."""
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


def newer_than_code(current: int, migrations: Sequence[Migration]) -> StoreError | None:
    newest = migrations[-1].version if migrations else 0
    if current > newest:
        return StoreError(
            f"the database is at schema {current}, newer than this code ({newest}); refusing to run"
        )
    return None


# ---------------------------------------------------------------------------------------------
# Transactions
# ---------------------------------------------------------------------------------------------


class Tx:
    """The write operations, valid only inside a function given to `Store.write`.

    Synchronous: the whole function runs in a worker thread of the backend, inside one
    transaction, in one hand-over from the event loop. Keep it short and free of I/O besides
    SQL. A backend may run it again from the start after a serialization conflict, so it must
    not change anything outside the database except through its return value.
    """

    __slots__ = ("now",)

    def __init__(self, now: float) -> None:
        self.now = now

    # --- the backend's primitives ----------------------------------------------------------

    def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        raise NotImplementedError

    def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        raise NotImplementedError

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        raise NotImplementedError

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        raise NotImplementedError

    def try_claim(self, key: int) -> bool:
        """Claim `key` (a game id) for the rest of this transaction unless another
        transaction holds it; False if one does. (SQLite: one writer at a time, always True.)"""
        return True

    # --- games, seats, the log ----------------------------------------------------------------

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
        row = self.fetchone(
            "INSERT INTO games (guild_id, channel_id, kind, options, status, host_id, version, "
            "created_at, updated_at, language) VALUES (?, ?, ?, ?, 'lobby', ?, 0, ?, ?, ?) "
            "RETURNING id",
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
        return int(row[0])

    def active_game(self, guild_id: int, channel_id: int) -> GameRow | None:
        row = self.fetchone(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND channel_id = ? "
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
        params = [_column_value(n, values[n]) for n in names]
        assignments = "".join(f"{n} = ?, " for n in names)
        changed = self.execute(
            f"UPDATE games SET {assignments}version = version + 1, updated_at = ? "
            "WHERE id = ? AND version = ?",
            (*params, self.now, game_id, expected_version),
        )
        if changed != 1:
            raise VersionConflict(f"game {game_id} is no longer at version {expected_version}")
        return expected_version + 1

    def replace_seats(self, game_id: int, seats: Iterable[SeatRow]) -> None:
        self.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        rows = [
            (
                game_id,
                s.seat,
                s.user_id,
                int(s.is_bot),
                s.colour,
                s.resigned_user_id,
                float(s.joined_at),
                s.level if s.is_bot else None,
            )
            for s in seats
        ]
        if rows:
            self.executemany(
                f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows
            )

    def append_actions(self, game_id: int, rows: Sequence[LogRow]) -> None:
        """Append log rows; the primary key (game_id, seq) refuses a seq twice."""
        if not rows:
            return
        self.executemany(
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
                    float(r.created_at),
                    int(r.planned),
                )
                for r in rows
            ],
        )

    # --- plans and standing orders (migration 0004, docs/pace.md) ------------------------------

    def put_plan(self, game_id: int, seat: int, key: str, user_id: int, body: str) -> None:
        """Store an active plan (replacing the seat's plan with the same key)."""
        self.execute(
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
        self.execute(
            "UPDATE plans SET status = 'dropped', reason = ?, seq = ? "
            "WHERE game_id = ? AND seat = ? AND key = ?",
            (reason[:300], seq, game_id, seat, key),
        )

    def set_seat_orders(
        self, game_id: int, seat: int, user_id: int, orders: dict[str, Any]
    ) -> None:
        names = list(orders)
        self.execute(
            f"INSERT INTO seat_orders (game_id, seat, user_id, {''.join(n + ', ' for n in names)}"
            f"updated_at) VALUES (?, ?, ?, {''.join('?, ' for _ in names)}?) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, "
            f"{''.join(f'{n} = excluded.{n}, ' for n in names)}updated_at = excluded.updated_at",
            (game_id, seat, user_id, *orders.values(), self.now),
        )

    def set_user_orders(self, user_id: int, orders: dict[str, Any]) -> None:
        names = list(orders)
        self.execute(
            f"INSERT INTO user_orders (user_id, {''.join(n + ', ' for n in names)}updated_at) "
            f"VALUES (?, {''.join('?, ' for _ in names)}?) ON CONFLICT (user_id) DO UPDATE SET "
            f"{''.join(f'{n} = excluded.{n}, ' for n in names)}updated_at = excluded.updated_at",
            (user_id, *orders.values(), self.now),
        )

    # --- the outbox, settings -----------------------------------------------------------------

    def insert_outbox(
        self, game_id: int, after_seq: int, to_seq: int, version: int, payload: dict[str, Any]
    ) -> int:
        """What the channel must see after this change, kept until it has been posted."""
        row = self.fetchone(
            "INSERT INTO outbox (game_id, after_seq, to_seq, version, payload, created_at, "
            "next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (game_id, after_seq, to_seq, version, json.dumps(payload), self.now, self.now),
        )
        return int(row[0])

    def ratings_for_update(
        self, guild_id: int, kind: str, user_ids: Sequence[int], mu: float, sigma: float
    ) -> dict[int, RatingRow]:
        """The current ratings of these players, their rows locked until the transaction ends
        (two games ending at once in different channels must not both start from the same
        rating); a player never rated gets a row with `mu`, `sigma` and no games first."""
        ids = sorted(set(user_ids))  # one order for every transaction: no deadlock
        if not ids:
            return {}
        for user_id in ids:
            self.execute(
                "INSERT INTO ratings (guild_id, kind, user_id, mu, sigma, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, user_id) DO NOTHING",
                (guild_id, kind, user_id, mu, sigma, self.now),
            )
        marks = ", ".join("?" for _ in ids)
        where = f"guild_id = ? AND kind = ? AND user_id IN ({marks})"
        self.execute(
            f"UPDATE ratings SET updated_at = updated_at WHERE {where}", (guild_id, kind, *ids)
        )
        rows = self.fetchall(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE {where}", (guild_id, kind, *ids)
        )
        return {int(r[2]): rating_row(r) for r in rows}

    def put_rating(self, row: RatingRow) -> None:
        self.execute(
            f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, "
            "finished = excluded.finished, left_early = excluded.left_early, "
            "updated_at = excluded.updated_at",
            (
                row.guild_id,
                row.kind,
                row.user_id,
                row.mu,
                row.sigma,
                row.games,
                row.wins,
                row.finished,
                row.left_early,
                self.now,
            ),
        )

    def add_rating_change(self, change: RatingChange) -> None:
        self.execute(
            "INSERT INTO rating_changes (game_id, user_id, seat, place, won, held, score, "
            "mu_before, sigma_before, mu_after, sigma_after) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                change.game_id,
                change.user_id,
                change.seat,
                change.place,
                int(change.won),
                int(change.held),
                change.score,
                change.mu_before,
                change.sigma_before,
                change.mu_after,
                change.sigma_after,
            ),
        )

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
        self.execute(
            f"INSERT INTO {table} ({key}, {', '.join(names)}) "
            f"VALUES (?, {', '.join('?' for _ in names)}) "
            f"ON CONFLICT ({key}) DO UPDATE SET {updates}",
            (key_value, *params),
        )


def _column_value(name: str, value: Any) -> Any:
    if name in _JSON_COLUMNS and value is not None:
        return json.dumps(value)
    if name in _TIME_COLUMNS and value is not None:
        return float(value)
    return value


# ---------------------------------------------------------------------------------------------
# The store
# ---------------------------------------------------------------------------------------------


class Store:
    """Open with `await Store.open(target)`: a file path (SQLite) or a `postgresql://` URL
    (PostgreSQL); close with `await store.close()` (or `async with`)."""

    backend = "?"
    # A process-wide name for this open store: the outbox rows it is posting carry it.
    holder: str = ""

    def __init__(self, clock: Any) -> None:
        self._clock = clock
        self._closed = False
        self._table_columns: dict[str, list[str]] = {}

    # --- opening -----------------------------------------------------------------------------

    @classmethod
    async def open(cls, target: str | Path, **kwargs: Any) -> Store:
        """Open (creating if needed) and migrate the database `target`: a `postgresql://` (or
        `postgres://`) URL opens the PostgreSQL backend, anything else is a SQLite file.
        Keyword arguments are the backend's (see `SqliteStore.open`, `PostgresStore.open`)."""
        if cls is not Store:  # a backend class: its own open
            raise TypeError(f"{cls.__name__} must define open()")
        if is_postgres_url(target):
            from bot.store.postgres import PostgresStore

            return await PostgresStore.open(str(target), **kwargs)
        if isinstance(target, str) and "://" in target:
            raise StoreError(
                f"{target.split('://', 1)[0]}:// is not a database the bot knows: "
                "give a SQLite file path or a postgresql:// URL"
            )
        from bot.store.sqlite import SqliteStore

        return await SqliteStore.open(target, **kwargs)

    @property
    def target(self) -> str:
        """What was opened: the file path or the URL (without its password)."""
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        rows = await self._all("SELECT MAX(version) FROM schema_migrations")
        return rows[0][0] or 0

    # --- the backend's primitives ------------------------------------------------------------

    async def write(self, work: Callable[[Tx], T], *, claimed: bool = False) -> T:
        """Run `work(tx)` as one transaction and return its result; any exception rolls
        everything back and propagates. `claimed`: the work keeps itself correct against other
        processes (a `tx.try_claim` of each game before touching it, unique keys), so it needs
        no stricter isolation than the claim (PostgreSQL: READ COMMITTED, no retries)."""
        raise NotImplementedError

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        raise NotImplementedError

    async def game_with_seats(self, game_id: int) -> tuple[GameRow, list[SeatRow]] | None:
        """The game row (with snapshots) and its seats, read in one read transaction."""
        raise NotImplementedError

    async def _read_columns(self, table: str) -> list[str]:
        raise NotImplementedError

    @asynccontextmanager
    async def game_lock(self, game_id: int, *, wait: bool = True) -> AsyncIterator[None]:
        """Serialise a game's read-modify-write across processes (held by the service around
        each call on the game). SQLite has one bot process per file: nothing to do."""
        yield

    # --- the outbox (what must still be posted), clock stops, damaged games ----------------------

    async def undelivered(self, game_id: int) -> list[OutboxRow]:
        """The game's outbox rows not yet posted, oldest first."""
        rows = await self._all(
            f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE game_id = ? AND delivered_at IS NULL "
            "ORDER BY id",
            (game_id,),
        )
        return [outbox_row(r) for r in rows]

    async def claim_undelivered(self, game_id: int, lease: float = OUTBOX_LEASE) -> list[OutboxRow]:
        """The game's undelivered rows, claimed for this store's process for `lease` seconds
        (renewed by `mark_delivered` and `set_parts_done`), so two processes never post the same
        rows at once. Empty while another process's claim on the game's rows runs."""
        holder, wall = self.holder, time.time()

        def work(tx: Tx) -> list[Any]:
            taken = tx.fetchone(
                "SELECT 1 FROM outbox WHERE game_id = ? AND delivered_at IS NULL "
                "AND claimed_by IS NOT NULL AND claimed_by <> ? AND claimed_until > ?",
                (game_id, holder, wall),
            )
            if taken:
                return []
            return tx.fetchall(
                "UPDATE outbox SET claimed_by = ?, claimed_until = ? "
                f"WHERE game_id = ? AND delivered_at IS NULL RETURNING {OUTBOX_COLUMNS}",
                (holder, wall + lease, game_id),
            )

        return sorted((outbox_row(r) for r in await self.write(work)), key=lambda r: r.id)

    async def games_with_due_posts(self, now: float) -> list[tuple[int, int]]:
        """(game id, channel id) of games with an undelivered outbox row due at `now` that no
        other process is posting."""
        rows = await self._all(
            "SELECT DISTINCT o.game_id, g.channel_id FROM outbox o "
            "JOIN games g ON g.id = o.game_id "
            "WHERE o.delivered_at IS NULL AND o.next_attempt_at <= ? AND NOT EXISTS ("
            "SELECT 1 FROM outbox c WHERE c.game_id = o.game_id AND c.delivered_at IS NULL "
            "AND c.claimed_by IS NOT NULL AND c.claimed_by <> ? AND c.claimed_until > ?) "
            "ORDER BY o.game_id",
            (float(now), self.holder, time.time()),
        )
        return [(r[0], r[1]) for r in rows]

    async def mark_delivered(self, outbox_id: int, lease: float = OUTBOX_LEASE) -> None:
        def work(tx: Tx) -> None:
            tx.execute(
                "UPDATE outbox SET delivered_at = ? WHERE id = ? AND delivered_at IS NULL",
                (tx.now, outbox_id),
            )
            self._renew(tx, outbox_id, lease)

        await self.write(work)

    async def mark_failed(
        self, outbox_id: int, error: str, parts_done: int, retry_in: Callable[[int], float]
    ) -> int:
        """Count a failed attempt; the next one is due `retry_in(attempts)` seconds later.
        The claim on the row ends: whichever process is free then tries again."""

        def work(tx: Tx) -> int:
            row = tx.fetchone("SELECT attempts FROM outbox WHERE id = ?", (outbox_id,))
            attempts = (row[0] if row else 0) + 1
            tx.execute(
                "UPDATE outbox SET attempts = ?, next_attempt_at = ?, last_error = ?, "
                "parts_done = CASE WHEN parts_done > ? THEN parts_done ELSE ? END WHERE id = ?",
                (
                    attempts,
                    float(tx.now + retry_in(attempts)),
                    error[:500],
                    parts_done,
                    parts_done,
                    outbox_id,
                ),
            )
            tx.execute(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL WHERE game_id = "
                "(SELECT game_id FROM outbox WHERE id = ?) AND claimed_by = ?",
                (outbox_id, self.holder),
            )
            return attempts

        return await self.write(work)

    async def set_parts_done(
        self, outbox_id: int, parts_done: int, lease: float = OUTBOX_LEASE
    ) -> None:
        def work(tx: Tx) -> None:
            tx.execute(
                "UPDATE outbox SET parts_done = CASE WHEN parts_done > ? THEN parts_done "
                "ELSE ? END WHERE id = ?",
                (parts_done, parts_done, outbox_id),
            )
            self._renew(tx, outbox_id, lease)

        await self.write(work)

    async def release_claims(self) -> None:
        """Give up this process's claims on outbox rows (at close: a restarted bot, a new
        process, posts them at once instead of after the claim has run out)."""
        try:
            await self.write(
                lambda tx: tx.execute(
                    "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL "
                    "WHERE claimed_by = ? AND delivered_at IS NULL",
                    (self.holder,),
                )
            )
        except Exception:  # closing anyway: the claims then run out by themselves
            log.debug("could not release the outbox claims at close", exc_info=True)

    def _renew(self, tx: Tx, outbox_id: int, lease: float) -> None:
        """The holder of a game's rows is still at work: its claim runs `lease` more seconds."""
        tx.execute(
            "UPDATE outbox SET claimed_until = ? WHERE game_id = "
            "(SELECT game_id FROM outbox WHERE id = ?) AND delivered_at IS NULL "
            "AND claimed_by = ?",
            (time.time() + lease, outbox_id, self.holder),
        )

    async def stop_clock(self, game_id: int, reason: str) -> bool:
        """Open a clock stop (the bot cannot post); False if one is open already."""

        def work(tx: Tx) -> bool:
            if tx.fetchone(
                "SELECT 1 FROM clock_stops WHERE game_id = ? AND restarted_at IS NULL", (game_id,)
            ):
                return False
            # the partial unique index keeps a second open stop out, whoever is quicker
            return (
                tx.execute(
                    "INSERT INTO clock_stops (game_id, stopped_at, reason) VALUES (?, ?, ?) "
                    "ON CONFLICT DO NOTHING",
                    (game_id, tx.now, reason[:500]),
                )
                > 0
            )

        return await self.write(work)

    async def restart_clock(self, game_id: int) -> bool:
        """Close the open clock stop, if any (True if there was one)."""
        changed = await self.write(
            lambda tx: tx.execute(
                "UPDATE clock_stops SET restarted_at = CASE WHEN stopped_at > ? THEN stopped_at "
                "ELSE ? END WHERE game_id = ? AND restarted_at IS NULL",
                (tx.now, tx.now, game_id),
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
                "INSERT INTO damaged_games (game_id, reason, marked_at) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id) DO NOTHING",
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

    async def query(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows of a read-only SELECT (for the clock's own tables)."""
        return await self._all(sql, params)

    async def game(self, game_id: int, *, snapshots: bool = False) -> GameRow | None:
        extra = ", snapshot, phase_snapshot" if snapshots else ""
        rows = await self._all(f"SELECT {GAME_COLUMNS}{extra} FROM games WHERE id = ?", (game_id,))
        return GameRow.from_sql(rows[0]) if rows else None

    async def active_game(self, guild_id: int, channel_id: int) -> GameRow | None:
        rows = await self._all(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND channel_id = ? "
            "AND status IN ('lobby', 'running')",
            (guild_id, channel_id),
        )
        return GameRow.from_sql(rows[0]) if rows else None

    async def games(
        self, *, guild_id: int | None = None, statuses: Sequence[str] = (), limit: int = 100
    ) -> list[GameRow]:
        where: list[str] = []
        params: list[Any] = []
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if statuses:
            where.append(f"status IN ({', '.join('?' for _ in statuses)})")
            params.extend(statuses)
        sql = f"SELECT {GAME_COLUMNS} FROM games"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY id LIMIT ?"
        return readable([(r, None) for r in await self._all(sql, (*params, limit))])

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [seat_row(r) for r in rows]

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
        sql = (
            "SELECT seat, key, user_id, body, status, reason, seq, created_at FROM plans "
            "WHERE game_id = ?"
        )
        params: tuple[Any, ...] = (game_id,)
        if seat is not None:
            sql += " AND seat = ?"
            params = (game_id, seat)
        rows = await self._all(sql + " ORDER BY seat, created_at, key", params)
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
            found = self._table_columns[table] = await self._read_columns(table)
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
            f"SELECT {', '.join('g.' + c.strip() for c in GAME_COLUMNS.split(','))}, "
            f"{', '.join('s.' + c.strip() for c in SEAT_COLUMNS.split(','))} "
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
        n = len(GAME_COLUMNS.split(","))
        pairs = [(r[:n], r[n:]) for r in await self._all(sql, params)]
        return [(game, seat_row(seat)) for game, seat in readable_pairs(pairs)]

    async def finished_games(
        self,
        guild_id: int,
        *,
        user_id: int | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> tuple[list[tuple[GameRow, list[SeatRow]]], int]:
        """A page of the finished games of a server, newest end first, each with its seats,
        and how many there are in all. `user_id`: only games where that user held a seat
        (to the end, or until they resigned it to the built-in player)."""
        where = "guild_id = ? AND status = 'finished'"
        params: list[Any] = [guild_id]
        if user_id is not None:
            where += (
                " AND id IN (SELECT game_id FROM seats WHERE user_id = ? OR resigned_user_id = ?)"
            )
            params += [user_id, user_id]
        total = (await self._all(f"SELECT COUNT(*) FROM games WHERE {where}", params))[0][0]
        rows = readable(
            [
                (r, None)
                for r in await self._all(
                    f"SELECT {GAME_COLUMNS} FROM games WHERE {where} "
                    "ORDER BY ended_at DESC, id DESC LIMIT ? OFFSET ?",
                    (*params, max(1, limit), max(0, offset)),
                )
            ]
        )
        seats: dict[int, list[SeatRow]] = {row.id: [] for row in rows}
        if rows:
            marks = ", ".join("?" for _ in rows)
            for r in await self._all(
                f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id IN ({marks}) "
                "ORDER BY game_id, seat",
                [row.id for row in rows],
            ):
                seats[r[0]].append(seat_row(r))
        return [(row, seats[row.id]) for row in rows], int(total)

    async def ratings(self, guild_id: int, kind: str) -> list[RatingRow]:
        """Every player of a server with a rated game in one game (the caller orders them)."""
        rows = await self._all(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND kind = ? AND games > 0",
            (guild_id, kind),
        )
        return [rating_row(r) for r in rows]

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        rows = await self._all(
            "SELECT game_id, user_id, seat, place, won, held, score, mu_before, sigma_before, "
            "mu_after, sigma_after FROM rating_changes WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [
            RatingChange(
                int(r[0]),
                int(r[1]),
                r[2],
                r[3],
                bool(r[4]),
                bool(r[5]),
                r[6],
                float(r[7]),
                float(r[8]),
                float(r[9]),
                float(r[10]),
            )
            for r in rows
        ]

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


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


_ORDER_KEYS = frozenset({"game_id", "seat", "user_id", "updated_at"})


def _order_values(names: Sequence[str], row: Sequence[Any]) -> dict[str, Any]:
    """The order columns of a seat_orders / user_orders row (the migration is the schema)."""
    return {n: v for n, v in zip(names, row, strict=True) if n not in _ORDER_KEYS}


def readable(rows: list[tuple[Sequence[Any], None]]) -> list[GameRow]:
    return [game for game, _ in readable_pairs(rows)]


def readable_pairs(rows: list[tuple[Sequence[Any], T]]) -> list[tuple[GameRow, T]]:
    """Decoded game rows of a listing; a damaged one is left out (the clock and the service
    mark and report it when they meet it), so one bad row cannot break a list."""
    out = []
    for raw, extra in rows:
        try:
            out.append((GameRow.from_sql(raw), extra))
        except DamagedRow as error:
            log.debug("left a damaged game out of a listing: %s", error)
    return out
