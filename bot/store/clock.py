"""The decision clock's queries (its tables come from migration 0002; docs/clock.md): the reads
`ClockReads` gives every `Store`, and the writes `ClockWrites` gives every transaction (`Tx`),
written once in SQL that SQLite and PostgreSQL both accept, like the rest of the store.

The clock service (bot/clock_service/) composes its transactions from these writes inside one
`Store.write(work)`, so a vote that pauses a game or a reminder claimed with its record stays
one transaction; it decides, the store only reads and records.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from bot.store.clock_rows import (
    AwaitedSeat,
    AwayEnded,
    AwayPeriod,
    ClockSettingsRow,
    ClockStoppages,
    DamagedToReport,
    DecisionRow,
    ReminderClaim,
    ShardSet,
    TakenOverSeat,
    shard_condition,
)
from bot.store.rows import USER_SETTING_FIELDS, StoreError, UserSettings

# Beyond this many games a read of their stoppages asks for every running game's rows instead
# of naming each game (a tick: thousands of parameters would be slower than the extra rows).
_NAMED_GAMES = 100

# Columns of `clock_settings` that `ClockWrites.set_clock_settings` may set.
CLOCK_SETTING_COLUMNS = frozenset({"clock_seconds", "reminders", "max_away_days", "takeover_after"})


class ClockReads:
    """The clock's reads, on every `Store` (outside a transaction: the last committed data)."""

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        raise NotImplementedError  # the backend's

    async def clock_settings_of(self, game_id: int) -> ClockSettingsRow | None:
        """The game's own clock settings; None when it has none (the defaults apply)."""
        rows = await self._all(
            "SELECT clock_seconds, reminders, max_away_days, takeover_after FROM clock_settings "
            "WHERE game_id = ?",
            (game_id,),
        )
        return ClockSettingsRow(*rows[0]) if rows else None

    async def running_players_settings(self, shards: ShardSet | None = None) -> list[UserSettings]:
        """The settings of every player seated in a running game (of these shards' guilds, or
        all) who has any, in one query (a tick needs them all; one query per game costs a round
        trip each on a server)."""
        covered, params = shard_condition(shards)
        rows = await self._all(
            f"SELECT user_id, {', '.join(USER_SETTING_FIELDS)}, updated_at FROM user_settings "
            "WHERE user_id IN (SELECT s.user_id FROM seats s JOIN games g ON g.id = s.game_id "
            f"WHERE g.status = 'running' AND s.user_id IS NOT NULL{covered})",
            params,
        )
        return [UserSettings(*r) for r in rows]

    async def paused_since(self, game_id: int) -> float | None:
        """When the game's open pause began; None while it is not paused."""
        rows = await self._all(
            "SELECT paused_at FROM clock_pauses WHERE game_id = ? AND resumed_at IS NULL",
            (game_id,),
        )
        return rows[0][0] if rows else None

    async def pause_voters(self, game_id: int) -> tuple[int, ...]:
        """The users who asked to pause the game, first asker first."""
        rows = await self._all(
            "SELECT user_id FROM clock_pause_votes WHERE game_id = ? ORDER BY voted_at, user_id",
            (game_id,),
        )
        return tuple(r[0] for r in rows)

    async def seats_taken_over_from(
        self, user_id: int, guild_id: int | None = None
    ) -> list[TakenOverSeat]:
        """The user's seats the built-in player holds in running games (of one server, or
        all) until they reclaim them."""
        rows = await self._all(
            "SELECT g.id, g.guild_id, g.channel_id, g.kind, g.status, c.seat, s.colour "
            "FROM clock_seats c JOIN games g ON g.id = c.game_id "
            "JOIN seats s ON s.game_id = c.game_id AND s.seat = c.seat "
            "WHERE c.user_id = ? AND c.taken_over = 1 AND g.status = 'running'"
            + (" AND g.guild_id = ?" if guild_id is not None else ""),
            (user_id, guild_id) if guild_id is not None else (user_id,),
        )
        return [TakenOverSeat(*r) for r in rows]

    async def away_until(self, game_id: int, seat: int, now: float) -> float | None:
        """When the seat's away period running at `now` ends; None if it is not away."""
        rows = await self._all(
            "SELECT MAX(COALESCE(ended_at, until_at)) FROM clock_away "
            "WHERE game_id = ? AND seat = ? AND from_at <= ? AND COALESCE(ended_at, until_at) > ?",
            (game_id, seat, now, now),
        )
        return rows[0][0] if rows else None

    async def away_periods(self, game_id: int, seat: int) -> list[AwayPeriod]:
        """Every away period of the seat, oldest first."""
        rows = await self._all(
            "SELECT id, from_at, until_at, ended_at FROM clock_away "
            "WHERE game_id = ? AND seat = ? ORDER BY from_at",
            (game_id, seat),
        )
        return [AwayPeriod(*r) for r in rows]

    async def seats_awaited(
        self,
        game_id: int | None,
        *,
        default_clock: int,
        default_reminders: str,
        default_takeover: int,
        shards: ShardSet | None = None,
    ) -> list[AwaitedSeat]:
        """Running games waiting for a human seat (one game, or all: of these shards' guilds
        only, when given), oldest game first, with their clock settings (the defaults given
        where a game has none). Games marked damaged are left out: the clock skips them."""
        covered, covered_params = shard_condition(shards)
        rows = await self._all(
            "SELECT g.id, g.guild_id, g.channel_id, g.version, g.seq, g.awaiting_seat, "
            "g.awaiting_since, s.user_id, s.colour, COALESCE(c.clock_seconds, ?), "
            "COALESCE(c.reminders, ?), COALESCE(c.takeover_after, ?) FROM games g "
            "JOIN seats s ON s.game_id = g.id AND s.seat = g.awaiting_seat "
            "LEFT JOIN clock_settings c ON c.game_id = g.id "
            "WHERE g.status = 'running' AND g.awaiting_seat IS NOT NULL AND s.is_bot = 0 "
            "AND g.awaiting_since IS NOT NULL "
            + ("AND g.id = ? " if game_id is not None else "")
            + f"AND g.id NOT IN (SELECT game_id FROM damaged_games){covered} ORDER BY g.id",
            (
                default_clock,
                default_reminders,
                default_takeover,
                *((game_id,) if game_id is not None else ()),
                *covered_params,
            ),
        )
        return [AwaitedSeat(*r) for r in rows]

    async def clock_stoppages(
        self, game_ids: Sequence[int], shards: ShardSet | None = None
    ) -> ClockStoppages:
        """The pauses, clock stops and away periods of these games (their deadlines' input;
        `shards`: the games are all of these shards' guilds)."""
        found = ClockStoppages()
        if not game_ids:
            return found
        params: list[Any]
        if len(game_ids) <= _NAMED_GAMES:
            games, params = f"IN ({', '.join('?' for _ in game_ids)})", list(game_ids)
        else:  # many games (the tick): every running game's rows, not thousands of parameters
            covered, params = shard_condition(shards)
            games = f"IN (SELECT g.id FROM games g WHERE g.status = 'running'{covered})"
        for gid, begun, ended in await self._all(
            f"SELECT game_id, paused_at, resumed_at FROM clock_pauses WHERE game_id {games}",
            params,
        ):
            found.stops.setdefault(gid, []).append((begun, ended))
        for gid, begun, ended in await self._all(
            f"SELECT game_id, stopped_at, restarted_at FROM clock_stops WHERE game_id {games}",
            params,
        ):
            found.stops.setdefault(gid, []).append((begun, ended))
        for gid, seat, begun, ends in await self._all(
            "SELECT game_id, seat, from_at, COALESCE(ended_at, until_at) FROM clock_away "
            f"WHERE game_id {games}",
            params,
        ):
            found.aways.setdefault((gid, seat), []).append((begun, ends))
        return found

    async def expiries_in_row(self, game_id: int, seat: int) -> int:
        """Decisions of `seat` the clock took since the player's own last move or reclaim.
        A move played from the player's plan (planned = 1) does not show the player is there:
        only their own answers (and a reclaim) end a run of expiries."""
        rows = await self._all(
            "SELECT COUNT(*) FROM clock_expiries WHERE game_id = ? AND seat = ? AND seq > "
            "(SELECT COALESCE(MAX(seq), 0) FROM actions "
            " WHERE game_id = ? AND seat = ? AND by_bot = 0 AND planned = 0) AND seq > "
            "(SELECT COALESCE(MAX(reset_seq), 0) FROM clock_seats "
            " WHERE game_id = ? AND seat = ?)",
            (game_id, seat, game_id, seat, game_id, seat),
        )
        return int(rows[0][0])

    async def reminders_sent(self, game_ids: Sequence[int]) -> dict[tuple[int, int, int], set[str]]:
        """(game, seq, seat) -> the reminder items already sent for these games' current
        decisions (one query for a batch of games, not one per game)."""
        found: dict[tuple[int, int, int], set[str]] = {}
        if not game_ids:
            return found
        marks = ", ".join("?" for _ in game_ids)
        for gid, seq, seat, item in await self._all(
            "SELECT r.game_id, r.seq, r.seat, r.item FROM clock_reminders r "
            f"JOIN games g ON g.id = r.game_id AND g.seq = r.seq WHERE r.game_id IN ({marks})",
            list(game_ids),
        ):
            found.setdefault((gid, seq, seat), set()).add(item)
        return found

    async def decisions_of(
        self, game_ids: Sequence[int], snapshots_of: Collection[int]
    ) -> list[DecisionRow]:
        """The games' pending decisions as stored, in one query: their row's columns, and the
        snapshot of those in `snapshots_of` (the others' states the caller has in memory)."""
        if not game_ids:
            return []
        wanted = [g for g in game_ids if g in snapshots_of]
        snapshot = (
            f"CASE WHEN id IN ({', '.join('?' for _ in wanted)}) THEN snapshot END"
            if wanted
            else "NULL"
        )
        rows = await self._all(
            f"SELECT id, kind, status, version, seq, awaiting_seat, {snapshot} FROM games "
            f"WHERE id IN ({', '.join('?' for _ in game_ids)})",
            [*wanted, *game_ids],
        )
        return [DecisionRow(*r) for r in rows]

    async def aways_ended_unannounced(
        self, now: float, shards: ShardSet | None = None
    ) -> list[AwayEnded]:
        """Away periods that ran to their end by `now` and whose end was not announced (a
        player back early announced it themselves); of these shards' guilds, or all."""
        covered, params = shard_condition(shards)
        rows = await self._all(
            "SELECT a.id, a.game_id, a.seat, a.user_id, g.guild_id, g.channel_id, g.status, "
            "s.colour FROM clock_away a JOIN games g ON g.id = a.game_id "
            "JOIN seats s ON s.game_id = a.game_id AND s.seat = a.seat "
            f"WHERE a.announced = 0 AND a.ended_at IS NULL AND a.until_at <= ?{covered}",
            (now, *params),
        )
        return [AwayEnded(*r) for r in rows]

    async def damaged_games_to_report(
        self, shards: ShardSet | None = None
    ) -> list[DamagedToReport]:
        """Active games marked damaged whose channel has not been told yet (of these shards'
        guilds, or all)."""
        covered, params = shard_condition(shards)
        rows = await self._all(
            "SELECT d.game_id, g.guild_id, g.channel_id FROM damaged_games d "
            "JOIN games g ON g.id = d.game_id WHERE d.reported = 0 "
            f"AND g.status IN ('lobby', 'running'){covered} ORDER BY d.game_id",
            params,
        )
        return [DamagedToReport(*r) for r in rows]

    async def seat_taken_over_from(self, game_id: int, user_id: int) -> int | None:
        """The user's seat in the game that the built-in player holds until they reclaim it."""
        rows = await self._all(
            "SELECT seat FROM clock_seats WHERE game_id = ? AND user_id = ? AND taken_over = 1",
            (game_id, user_id),
        )
        return rows[0][0] if rows else None

    async def reclaimer_of(self, game_id: int, seat: int) -> int | None:
        """Who may reclaim the seat from the built-in player (None: nobody may)."""
        rows = await self._all(
            "SELECT user_id FROM clock_seats WHERE game_id = ? AND seat = ? AND taken_over = 1",
            (game_id, seat),
        )
        return rows[0][0] if rows else None


class ClockWrites:
    """The clock's statements inside a transaction (`Tx`); each names what it records."""

    __slots__ = ()
    now: float

    # the backend's primitives (defined by `Tx`)
    def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        raise NotImplementedError

    def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        raise NotImplementedError

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        raise NotImplementedError

    def send(self, sql: str, params: Sequence[Any] = ()) -> None:
        raise NotImplementedError

    # --- a game's clock settings ---------------------------------------------------------------

    def set_clock_settings(self, game_id: int, values: dict[str, Any]) -> None:
        """Set some of the game's clock settings (the others keep their values or defaults)."""
        unknown = set(values) - CLOCK_SETTING_COLUMNS
        if unknown:
            raise StoreError(f"cannot set clock_settings columns {sorted(unknown)}")
        if not values:
            return
        self.execute(
            "INSERT INTO clock_settings (game_id, updated_at) VALUES (?, ?) "
            "ON CONFLICT (game_id) DO NOTHING",
            (game_id, self.now),
        )
        self.execute(
            f"UPDATE clock_settings SET {', '.join(f'{n} = ?' for n in values)}, "
            "updated_at = ? WHERE game_id = ?",
            (*values.values(), self.now, game_id),
        )

    # --- pauses --------------------------------------------------------------------------------

    def is_paused(self, game_id: int) -> bool:
        return bool(
            self.fetchone(
                "SELECT 1 FROM clock_pauses WHERE game_id = ? AND resumed_at IS NULL", (game_id,)
            )
        )

    def add_pause_vote(self, game_id: int, user_id: int, at: float) -> None:
        """The user asks to pause (asking twice keeps the first time)."""
        self.execute(
            "INSERT INTO clock_pause_votes (game_id, user_id, voted_at) VALUES (?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (game_id, user_id, at),
        )

    def pause_voters(self, game_id: int) -> list[int]:
        """The users who asked to pause, first asker first."""
        rows = self.fetchall(
            "SELECT user_id FROM clock_pause_votes WHERE game_id = ? ORDER BY voted_at, user_id",
            (game_id,),
        )
        return [r[0] for r in rows]

    def pause_game(self, game_id: int, at: float) -> None:
        """The game's clock stops from `at`; the votes that asked for it are spent."""
        self.execute("DELETE FROM clock_pause_votes WHERE game_id = ?", (game_id,))
        self.execute("INSERT INTO clock_pauses (game_id, paused_at) VALUES (?, ?)", (game_id, at))

    def resume_game(self, game_id: int, at: float) -> bool:
        """End the game's open pause at `at` (its votes go with it); False if not paused."""
        if not self.execute(
            "UPDATE clock_pauses SET resumed_at = ? WHERE game_id = ? AND resumed_at IS NULL",
            (at, game_id),
        ):
            return False
        self.execute("DELETE FROM clock_pause_votes WHERE game_id = ?", (game_id,))
        return True

    def withdraw_pause_vote(self, game_id: int, user_id: int) -> bool:
        """The user no longer asks to pause; False if they had not asked."""
        return bool(
            self.execute(
                "DELETE FROM clock_pause_votes WHERE game_id = ? AND user_id = ?",
                (game_id, user_id),
            )
        )

    # --- idle seats ----------------------------------------------------------------------------

    def take_over_seat(self, game_id: int, seat: int, user_id: int, at: float) -> None:
        """The built-in player holds the user's seat from `at` until they reclaim it."""
        self._put_clock_seat(game_id, seat, user_id, taken_over=1, taken_over_at=at)

    def hand_seat_over_for_good(self, game_id: int, seat: int, user_id: int) -> None:
        """The host gave the user's seat to the built-in player: nobody may reclaim it."""
        self._put_clock_seat(game_id, seat, user_id, taken_over=0)

    def end_reclaim(self, game_id: int, seat: int) -> None:
        """A seat the built-in player took over can no longer be reclaimed (the host kicked)."""
        self.execute(
            "UPDATE clock_seats SET taken_over = 0, updated_at = ? WHERE game_id = ? AND seat = ?",
            (self.now, game_id, seat),
        )

    def reclaim_seat(self, game_id: int, seat: int) -> bool:
        """The player takes the seat back: the expiries before now no longer count against
        them. False if the built-in player does not hold it (any more)."""
        changed = self.execute(
            "UPDATE clock_seats SET taken_over = 0, reset_seq = "
            "(SELECT seq FROM games WHERE id = ?), updated_at = ? "
            "WHERE game_id = ? AND seat = ? AND taken_over = 1",
            (game_id, self.now, game_id, seat),
        )
        return changed == 1

    def _put_clock_seat(self, game_id: int, seat: int, user_id: int, **values: Any) -> None:
        names = list(values)
        self.send(
            f"INSERT INTO clock_seats (game_id, seat, user_id, {', '.join(names)}, updated_at) "
            f"VALUES (?, ?, ?, {', '.join('?' for _ in names)}, ?) ON CONFLICT (game_id, seat) "
            f"DO UPDATE SET user_id = excluded.user_id, "
            f"{', '.join(f'{n} = excluded.{n}' for n in names)}, updated_at = excluded.updated_at",
            (game_id, seat, user_id, *values.values(), self.now),
        )

    # --- expiries and reminders ----------------------------------------------------------------

    def record_expiry(
        self, game_id: int, seq: int, user_id: int, deadline_at: float, expired_at: float
    ) -> None:
        """The move logged at `seq` is the clock's, made for `user_id` whose time ran out.
        Sent with the move's other writes (its outcome is not read): on PostgreSQL the
        expiry's transaction is then one message."""
        self.send(
            "INSERT INTO clock_expiries (game_id, seq, seat, user_id, action, deadline_at, "
            "expired_at) SELECT game_id, seq, seat, CAST(? AS BIGINT), action, "
            "CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION) FROM actions "
            "WHERE game_id = ? AND seq = ?",
            (user_id, deadline_at, expired_at, game_id, seq),
        )

    def awaited_decision(self, game_id: int) -> tuple[int, int | None] | None:
        """(seq, awaited seat) of a running game; None if it is not running."""
        row = self.fetchone(
            "SELECT seq, awaiting_seat FROM games WHERE id = ? AND status = 'running'", (game_id,)
        )
        return (row[0], row[1]) if row is not None else None

    def record_reminder(
        self,
        game_id: int,
        seq: int,
        seat: int,
        item: str,
        user_id: int,
        due_at: float,
        sent_at: float,
    ) -> bool:
        """Record a reminder as sent; False if it was recorded before (by this process or
        another)."""
        return bool(
            self.execute(
                "INSERT INTO clock_reminders (game_id, seq, seat, item, user_id, due_at, sent_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, seq, seat, item, user_id, due_at, sent_at),
            )
        )

    def claim_reminders(self, claims: Sequence[ReminderClaim], sent_at: float) -> set[int]:
        """Record these reminders as sent where this transaction may, and return the games
        whose reminder this transaction claimed (its process sends it): the game is claimed
        (`try_claim`: no other transaction is claiming it right now), it still awaits the
        same decision, and none of its items was recorded before. So each is sent once,
        whichever processes tick. (The PostgreSQL backend does it in one statement.)"""
        mine = set()
        for claim in claims:
            if not self.try_claim(claim.game_id):
                continue  # another process is sending this game's reminders right now
            if self.awaited_decision(claim.game_id) != (claim.seq, claim.seat):
                continue
            fresh = sum(
                self.record_reminder(
                    claim.game_id, claim.seq, claim.seat, item, claim.user_id, due_at, sent_at
                )
                for item, due_at in claim.items
            )
            if fresh == len(claim.items):
                mine.add(claim.game_id)
        return mine

    def try_claim(self, key: int) -> bool:
        raise NotImplementedError  # the transaction's (Tx)

    def forget_reminders_from(self, game_id: int, seq: int) -> None:
        """Forget the reminders sent for the game's decisions from log row `seq` on: the same
        decision, asked again, is reminded again."""
        self.execute("DELETE FROM clock_reminders WHERE game_id = ? AND seq >= ?", (game_id, seq))

    # --- away periods --------------------------------------------------------------------------

    def start_away(
        self, game_id: int, seat: int, user_id: int, from_at: float, until: float
    ) -> None:
        self.execute(
            "INSERT INTO clock_away (game_id, seat, user_id, from_at, until_at, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, seat, user_id, from_at, until, self.now),
        )

    def extend_away(self, away_id: int, until: float) -> None:
        """Move the end of a running away period (earlier or later)."""
        self.execute("UPDATE clock_away SET until_at = ? WHERE id = ?", (until, away_id))

    def end_away(self, game_id: int, seat: int, at: float) -> bool:
        """The player is back at `at`, before the end of the away period running then (its
        end needs no announcement); False if the seat is not away."""
        return bool(
            self.execute(
                "UPDATE clock_away SET ended_at = ?, announced = 1 WHERE game_id = ? "
                "AND seat = ? AND ended_at IS NULL AND from_at <= ? AND until_at > ?",
                (at, game_id, seat, at, at),
            )
        )

    def announce_away_end(self, away_id: int) -> bool:
        """Mark the end of an away period announced; True only the first time."""
        return bool(
            self.execute(
                "UPDATE clock_away SET announced = 1 WHERE id = ? AND announced = 0", (away_id,)
            )
        )
