"""The write operations of a transaction (`Tx`), written once in SQL that SQLite and PostgreSQL
both accept; a backend supplies the statement primitives.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from bot.store.clock import ClockWrites
from bot.store.rows import (
    GAME_COLUMNS,
    GUILD_SETTING_FIELDS,
    RATING_COLUMNS,
    SEAT_COLUMNS,
    USER_SETTING_FIELDS,
    AheadDm,
    GameRow,
    LogRow,
    RatingChange,
    RatingRow,
    SeatRow,
    StoreError,
    VersionConflict,
    rating_row,
)

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
# Transactions
# ---------------------------------------------------------------------------------------------


class Tx(ClockWrites):
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

    # A statement whose outcome the caller does not read may be sent later by the backend: with
    # the next statement that is read, or with the commit (PostgreSQL: all of them in one round
    # trip, docs/store.md "Round trips"). Its failure then surfaces there, still inside
    # `Store.write`, and rolls the whole transaction back as an immediate failure would.

    def send(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Run one statement whose outcome is not read (now, or later: above)."""
        self.execute(sql, params)

    def send_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """`executemany`, its outcome not read (now, or later: above)."""
        self.executemany(sql, rows)

    def send_changing_one(self, sql: str, params: Sequence[Any], conflict: str) -> None:
        """Run one statement that must change exactly one row, else VersionConflict(`conflict`)
        fails the transaction (now, or when the statement is sent: above)."""
        if self.execute(sql, params) != 1:
            raise VersionConflict(conflict)

    def reserved_outbox_id(self, game_id: int) -> int | None:
        """An outbox id already taken for this game's next outbox row (PostgreSQL takes one
        with the game's lock), or None: the insert returns one."""
        return None

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
        self.send_changing_one(
            f"UPDATE games SET {assignments}version = version + 1, updated_at = ? "
            "WHERE id = ? AND version = ?",
            (*params, self.now, game_id, expected_version),
            f"game {game_id} is no longer at version {expected_version}",
        )
        return expected_version + 1

    def replace_seats(self, game_id: int, seats: Iterable[SeatRow]) -> None:
        self.send("DELETE FROM seats WHERE game_id = ?", (game_id,))
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
            self.send_many(
                f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows
            )

    def append_actions(self, game_id: int, rows: Sequence[LogRow]) -> None:
        """Append log rows; the primary key (game_id, seq) refuses a seq twice."""
        if not rows:
            return
        self.send_many(
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

    def repair_snapshots(
        self, game_id: int, version: int, snapshot: str, phase_snapshot: str, seq: int
    ) -> bool:
        """Replace the cached states of a game still at `version` with those its log replays
        to (the log is the truth); False if the game has moved meanwhile. The version stays:
        the game itself did not change."""
        changed = self.execute(
            "UPDATE games SET snapshot = ?, phase_snapshot = ?, seq = ? "
            "WHERE id = ? AND version = ?",
            (snapshot, phase_snapshot, seq, game_id, version),
        )
        return changed == 1

    def abort_damaged_game(self, game_id: int) -> None:
        """Abort a game whose row may not decode (frees its channel); the row stays for an
        operator to inspect."""
        self.execute(
            "UPDATE games SET status = 'aborted', awaiting_seat = NULL, awaiting_since = NULL, "
            "ended_at = ?, updated_at = ?, version = version + 1 WHERE id = ?",
            (self.now, self.now, game_id),
        )

    def set_game_language(self, game_id: int, language: str) -> None:
        self.execute(
            "UPDATE games SET language = ?, updated_at = ? WHERE id = ?",
            (language, self.now, game_id),
        )

    def revoke_links(self, game_id: int) -> None:
        """Every web link of the game given so far stops working (migration 0013)."""
        self.execute(
            "UPDATE games SET link_generation = link_generation + 1, updated_at = ? WHERE id = ?",
            (self.now, game_id),
        )

    def take_back_move(self, game_id: int, row: LogRow, user_id: int) -> bool:
        """Move the log row `row` (the game's last) to `undone_actions`, taken back by
        `user_id`: the only time a row leaves the log. False, and nothing changed, if it is no
        longer in the log."""
        removed = self.execute(
            "DELETE FROM actions WHERE game_id = ? AND seq = ?", (game_id, row.seq)
        )
        if removed != 1:
            return False
        self.execute(
            "INSERT INTO undone_actions (game_id, seq, seat, action, user_id, played_at, "
            "undone_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, row.seq, row.seat, row.action, user_id, row.created_at, self.now),
        )
        return True

    def settle_posts_from(self, game_id: int, seq: int) -> None:
        """Count as posted what the game's channel was still to see about the moves from log
        row `seq` on (their rows left the log)."""
        self.execute(
            "UPDATE outbox SET delivered_at = ? WHERE game_id = ? AND to_seq >= ? "
            "AND delivered_at IS NULL",
            (self.now, game_id, seq),
        )

    # --- plans and standing orders (migration 0004, docs/pace.md) ------------------------------

    def put_plan(self, game_id: int, seat: int, key: str, user_id: int, body: str) -> None:
        """Store an active plan (replacing the seat's plan with the same key)."""
        self.send(
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

    def delete_plans_since(self, game_id: int, seat: int, since: float, keep: str) -> None:
        """Delete the seat's plans made at `since` or later, but the one with key `keep`."""
        self.execute(
            "DELETE FROM plans WHERE game_id = ? AND seat = ? AND created_at >= ? AND key <> ?",
            (game_id, seat, since, keep),
        )

    def drop_plan(self, game_id: int, seat: int, key: str, reason: str, seq: int) -> None:
        """The plan could not be played at the decision after log row `seq`: kept, marked."""
        self.send(
            "UPDATE plans SET status = 'dropped', reason = ?, seq = ? "
            "WHERE game_id = ? AND seat = ? AND key = ?",
            (reason[:300], seq, game_id, seat, key),
        )

    def set_seat_orders(
        self, game_id: int, seat: int, user_id: int, orders: dict[str, Any]
    ) -> None:
        names = list(orders)
        self.send(
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

    def put_ahead_dm(self, dm: AheadDm) -> None:
        """Keep the direct message of a player's questions ahead (one per game and player)."""
        self.execute(
            "INSERT INTO ahead_dms (game_id, user_id, turn, phase, channel_id, message_id) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET "
            "turn = excluded.turn, phase = excluded.phase, channel_id = excluded.channel_id, "
            "message_id = excluded.message_id",
            (dm.game_id, dm.user_id, dm.turn, dm.phase, dm.channel_id, dm.message_id),
        )

    # --- the outbox, settings -----------------------------------------------------------------

    def insert_outbox(
        self, game_id: int, after_seq: int, to_seq: int, version: int, payload: dict[str, Any]
    ) -> int:
        """What the channel must see after this change, kept until it has been posted."""
        reserved = self.reserved_outbox_id(game_id)
        if reserved is not None:
            self.send(
                "INSERT INTO outbox (id, game_id, after_seq, to_seq, version, payload, "
                "created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    reserved,
                    game_id,
                    after_seq,
                    to_seq,
                    version,
                    json.dumps(payload),
                    self.now,
                    self.now,
                ),
            )
            return reserved
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
