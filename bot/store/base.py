"""The store interface: the reads (`Store`), written once in SQL that SQLite and PostgreSQL both
accept (docs/store.md). Its rows and errors are in `rows.py`, the write operations of a
transaction (`Tx`) in `tx.py`, the decision clock's reads (`ClockReads`, which `Store` has) and
writes in `clock.py`, the migrations in `migrations.py`; `opening.py` opens a backend (this
module knows none of them: they build on it).

A backend supplies the few primitives below it: running one statement inside a transaction
(`Tx.execute` / `fetchone` / `fetchall` / `executemany`), a read outside one (`Store._all`),
a whole transaction (`Store.write`), a consistent pair of reads (`Store.game_with_seats`), a
table's columns, and the per-game lock that serialises a game's actions across processes
(`Store.game_lock`). Statements are written with `?` placeholders; the PostgreSQL backend
numbers them. No game rules here (that is bot/service/) and no Discord.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from bot.metrics import NO_METRICS, Recorder
from bot.store.clock import ClockReads
from bot.store.rows import (
    GAME_COLUMNS,
    GAME_STATUSES,
    GUILD_SETTING_FIELDS,
    OUTBOX_COLUMNS,
    RATING_COLUMNS,
    SEAT_COLUMNS,
    USER_SETTING_FIELDS,
    AheadDm,
    DamagedRow,
    GameHead,
    GameRow,
    GuildSettings,
    LogRow,
    OutboxRow,
    PlanRow,
    RatingChange,
    RatingRow,
    SeatRow,
    UnreadableGame,
    UserSettings,
    outbox_row,
    rating_row,
    seat_row,
)
from bot.store.tx import Tx

log = logging.getLogger("bot.store")

T = TypeVar("T")

# How long a process may hold a game's undelivered outbox rows before another may post them
# (the holder renews it with every message it posts; a killed holder's claim runs out). Claims
# are timed by the machines' own clocks (time.time), never by an injected game clock.
OUTBOX_LEASE = 120.0


# ---------------------------------------------------------------------------------------------
# The store
# ---------------------------------------------------------------------------------------------


class Store(ClockReads):
    """Open with `await open_store(target)`: a file path (SQLite) or a `postgresql://` URL
    (PostgreSQL); close with `await store.close()` (or `async with`)."""

    backend = "?"
    # A process-wide name for this open store: the outbox rows it is posting carry it.
    holder: str = ""
    # where each committed transaction's time goes (bot/metrics/; the bot's, once it serves
    # metrics): each backend's `write` reports it
    metrics: Recorder = NO_METRICS

    def __init__(self, clock: Any) -> None:
        self._clock = clock
        self._closed = False
        self._table_columns: dict[str, list[str]] = {}

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

    async def reset_identities(self) -> None:
        """After rows were inserted with their ids (caylus copy-db): new rows number on from
        the largest id of each table. SQLite does so by itself (a new rowid follows the
        largest): nothing to do."""

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
        (renewed by `mark_delivered`), so two processes never post the same
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

    # --- what the bot's metrics read at each scrape (bot/metrics/) ---------------------------

    async def games_by_status(self) -> dict[str, int]:
        """How many games the database holds in each status (every status, 0 included)."""
        rows = await self._all("SELECT status, COUNT(*) FROM games GROUP BY status")
        counts = dict.fromkeys(GAME_STATUSES, 0)
        counts.update({str(status): int(count) for status, count in rows})
        return counts

    async def outbox_backlog(self) -> tuple[int, float]:
        """(outbox rows not yet posted, the age in seconds of the oldest of them, 0 if none),
        on the store's clock (the one its rows are stamped with)."""
        rows = await self._all(
            "SELECT COUNT(*), MIN(created_at) FROM outbox WHERE delivered_at IS NULL"
        )
        count, oldest = rows[0] if rows else (0, None)
        age = max(0.0, float(self._clock()) - float(oldest)) if oldest is not None else 0.0
        return int(count or 0), age

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

    async def damaged_among(self, game_ids: Sequence[int]) -> dict[int, str]:
        """game id -> the reason of its damaged mark, for those of `game_ids` that are marked."""
        if not game_ids:
            return {}
        marks = ", ".join("?" for _ in game_ids)
        rows = await self._all(
            f"SELECT game_id, reason FROM damaged_games WHERE game_id IN ({marks})", list(game_ids)
        )
        return {int(r[0]): str(r[1]) for r in rows}

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

    async def link_generation(self, game_id: int) -> int | None:
        """The generation of a game's web links (migration 0013; None if there is no such
        game): a link signed with another one was revoked."""
        rows = await self._all("SELECT link_generation FROM games WHERE id = ?", (game_id,))
        return int(rows[0][0]) if rows else None

    async def set_user_settings(self, user_id: int, **values: Any) -> UserSettings:
        await self.write(lambda tx: tx.set_user_settings(user_id, values))
        return await self.user_settings(user_id)

    async def set_guild_settings(self, guild_id: int, **values: Any) -> GuildSettings:
        await self.write(lambda tx: tx.set_guild_settings(guild_id, values))
        return await self.guild_settings(guild_id)

    # --- reading -----------------------------------------------------------------------------

    async def game(self, game_id: int, *, snapshots: bool = False) -> GameRow | None:
        extra = ", snapshot, phase_snapshot" if snapshots else ""
        rows = await self._all(f"SELECT {GAME_COLUMNS}{extra} FROM games WHERE id = ?", (game_id,))
        return GameRow.from_sql(rows[0]) if rows else None

    async def last_game_in_channel(self, guild_id: int, channel_id: int) -> tuple[int, str] | None:
        """(id, status) of the channel's newest game, read without decoding its row (a damaged
        one answers too)."""
        rows = await self._all(
            "SELECT id, status FROM games WHERE guild_id = ? AND channel_id = ? "
            "ORDER BY id DESC LIMIT 1",
            (guild_id, channel_id),
        )
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    async def game_head(self, game_id: int) -> GameHead | None:
        """The game's plain columns (server, channel, host, status, seq, version), read without
        decoding its row: a damaged game answers too (None: no such game)."""
        rows = await self._all(
            "SELECT id, guild_id, channel_id, host_id, status, seq, version FROM games "
            "WHERE id = ?",
            (game_id,),
        )
        return GameHead(*rows[0]) if rows else None

    async def game_language(self, game_id: int) -> str | None:
        """The language of the game's channel, read without decoding its row (None: no game)."""
        rows = await self._all("SELECT language FROM games WHERE id = ?", (game_id,))
        return rows[0][0] if rows else None

    async def last_own_move(self, game_id: int, user_id: int) -> tuple[str, float] | None:
        """(action, when it was saved) of the user's last move they answered themselves (not
        the built-in player's, not one played from their plan); None if there is none."""
        rows = await self._all(
            "SELECT action, created_at FROM actions WHERE game_id = ? AND user_id = ? "
            "AND by_bot = 0 AND planned = 0 ORDER BY seq DESC LIMIT 1",
            (game_id, user_id),
        )
        return (rows[0][0], rows[0][1]) if rows else None

    async def game_guild(self, game_id: int) -> int | None:
        """The server of game `game_id` (None: no such game), read without decoding its row."""
        rows = await self._all("SELECT guild_id FROM games WHERE id = ?", (game_id,))
        return int(rows[0][0]) if rows else None

    async def clear_damaged(self, game_id: int) -> None:
        """Lift a game's damaged mark (it reads and replays again)."""
        await self.write(
            lambda tx: tx.execute("DELETE FROM damaged_games WHERE game_id = ?", (game_id,))
        )

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

    async def ahead_dms(self, game_id: int) -> list[AheadDm]:
        """The direct messages telling the game's players of their questions ahead."""
        rows = await self._all(
            "SELECT game_id, user_id, turn, phase, channel_id, message_id FROM ahead_dms "
            "WHERE game_id = ? ORDER BY user_id",
            (game_id,),
        )
        return [AheadDm(*(int(v) for v in r)) for r in rows]

    async def _columns(self, table: str) -> list[str]:
        """The columns of `table` as the migrations made them (read once)."""
        found = self._table_columns.get(table)
        if found is None:
            found = self._table_columns[table] = await self._read_columns(table)
        return found

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
    ) -> tuple[list[tuple[GameRow | UnreadableGame, list[SeatRow]]], int]:
        """A page of the finished games of a server, newest end first, each with its seats,
        and how many there are in all. `user_id`: only games where that user held a seat
        (to the end, or until they resigned it to the built-in player). A row that cannot be
        decoded is listed as an `UnreadableGame` (what of it can be read), never left out, so
        the page and the total always agree."""
        where = "guild_id = ? AND status = 'finished'"
        params: list[Any] = [guild_id]
        if user_id is not None:
            where += (
                " AND id IN (SELECT game_id FROM seats WHERE user_id = ? OR resigned_user_id = ?)"
            )
            params += [user_id, user_id]
        total = (await self._all(f"SELECT COUNT(*) FROM games WHERE {where}", params))[0][0]
        rows: list[GameRow | UnreadableGame] = []
        for raw in await self._all(
            f"SELECT {GAME_COLUMNS} FROM games WHERE {where} "
            "ORDER BY ended_at DESC, id DESC LIMIT ? OFFSET ?",
            (*params, max(1, limit), max(0, offset)),
        ):
            try:
                rows.append(GameRow.from_sql(raw))
            except DamagedRow as error:
                rows.append(UnreadableGame.from_sql(raw, error.reason))
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
        if not rows:
            return UserSettings(user_id)
        found = UserSettings(*rows[0])
        return dataclasses.replace(found, ahead_dm=bool(found.ahead_dm))  # 0/1 in the table

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        rows = await self._all(
            f"SELECT guild_id, {', '.join(GUILD_SETTING_FIELDS)}, updated_at FROM guild_settings "
            "WHERE guild_id = ?",
            (guild_id,),
        )
        return GuildSettings(*rows[0]) if rows else GuildSettings(guild_id)


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


_ORDER_KEYS = frozenset({"game_id", "seat", "user_id", "updated_at"})


def _order_values(names: Sequence[str], row: Sequence[Any]) -> dict[str, Any]:
    """The order columns of a seat_orders / user_orders row (the migration is the schema)."""
    return {n: v for n, v in zip(names, row, strict=True) if n not in _ORDER_KEYS}
