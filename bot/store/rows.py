"""The store's rows (what a read returns, decoded) and its errors."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, NamedTuple


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


GAME_STATUSES = ("lobby", "running", "finished", "aborted")
# (index in GAME_COLUMNS, name) of the Unix-time columns
_TIME_COLUMNS = (
    (11, "awaiting_since"),
    (13, "created_at"),
    (14, "updated_at"),
    (15, "started_at"),
    (16, "ended_at"),
)
_REQUIRED_TIMES = frozenset({"created_at", "updated_at"})


def _is_time(value: Any, *, optional: bool) -> bool:
    """Unix seconds: a finite number (None where the column may be empty)."""
    if value is None:
        return optional
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value)


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
            if values[12] is not None and not isinstance(values[12], dict):
                raise ValueError("outcome is not a JSON object")
            if not isinstance(values[3], str):
                raise ValueError("kind is not text")
            if values[6] not in GAME_STATUSES:
                raise ValueError(f"status {str(values[6])[:20]!r} is not one of {GAME_STATUSES}")
            if values[10] is not None and not isinstance(values[10], int):
                raise ValueError("awaiting_seat is not an integer")
            # the clock computes deadlines from these: a bad one is the row's damage, found
            # on every read alike (not a mark the clock sets and the next read clears)
            for k, name in _TIME_COLUMNS:
                if not _is_time(values[k], optional=name not in _REQUIRED_TIMES):
                    raise ValueError(f"{name} is not a time")
        except (ValueError, TypeError, RecursionError) as error:  # JSONDecodeError included
            raise DamagedRow(row[0] if row else -1, f"unreadable row ({error})"[:200]) from None
        return cls(*values)

    @property
    def active(self) -> bool:
        return self.status in ("lobby", "running")


class GameHead(NamedTuple):
    """The plain columns of a game row, read without decoding it (a damaged game has them too:
    enough to abort it and free its channel). Values are what the columns hold."""

    id: int
    guild_id: Any
    channel_id: Any
    host_id: Any
    status: Any
    seq: Any
    version: Any


@dataclass(frozen=True, slots=True)
class UnreadableGame:
    """A listed game whose row cannot be decoded (`GameRow.from_sql` refused it): what of it
    can still be read, so a listing shows it marked damaged rather than leaving it out."""

    id: int
    kind: str
    channel_id: int
    started_at: float | None
    ended_at: float | None
    reason: str

    @classmethod
    def from_sql(cls, row: Sequence[Any], reason: str) -> UnreadableGame:
        def number(value: Any) -> float | None:
            return float(value) if _is_time(value, optional=False) else None

        return cls(
            id=row[0],
            kind=row[3] if isinstance(row[3], str) else "?",
            channel_id=row[2] if isinstance(row[2], int) else 0,
            started_at=number(row[15]),
            ended_at=number(row[16]),
            reason=reason,
        )


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
    """A stored plan of a seat (the body is a plan's JSON, bot/games/plans.py; the store reads
    no rules)."""

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
    ahead_dm: bool = False  # questions ahead by direct message too (docs/discord.md, "Mentions")
    updated_at: float | None = None


@dataclass(frozen=True, slots=True)
class AheadDm:
    """The direct message that tells a player of their questions ahead in one phase of a game
    (migration 0011): edited while the phase lasts, a new one for the next phase."""

    game_id: int
    user_id: int
    turn: int
    phase: int
    channel_id: int
    message_id: int


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
    games, wins, finished, left_early = map(int, row[5:9])
    return RatingRow(
        int(row[0]),
        row[1],
        int(row[2]),
        float(row[3]),
        float(row[4]),
        games,
        wins,
        finished,
        left_early,
        row[9],
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
