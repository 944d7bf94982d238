"""The store: games, seats, the append-only action log, settings, the outbox (docs/store.md).

`open_store(target)` opens a SQLite file (the default, one bot process) or, for a
`postgresql://` URL, a PostgreSQL database that several bot processes share. Both backends
implement the interface of `bot.store.base` (reads), `bot.store.tx` (writes) and
`bot.store.clock` (the decision clock's reads and writes; its rows in `bot.store.clock_rows`)
and keep their own migrations (`migrations/sqlite/`, `migrations/postgres/`). Every SQL
statement of the bot is in this package (docs/store.md, "Where the SQL lives").
"""

from bot.store.base import OUTBOX_LEASE, Store
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
)
from bot.store.migrations import (
    MIGRATIONS_DIR,
    MIGRATIONS_ROOT,
    PG_MIGRATIONS_DIR,
    Migration,
    discover_migrations,
)
from bot.store.opening import is_postgres_url, open_store
from bot.store.rows import (
    GAME_COLUMNS,
    GUILD_SETTING_FIELDS,
    USER_SETTING_FIELDS,
    AheadDm,
    DamagedRow,
    DatabaseLocked,
    DiskFull,
    GameBusy,
    GameHead,
    GameRow,
    GuildSettings,
    IntegrityError,
    LogRow,
    OutboxRow,
    PlanRow,
    RatingChange,
    RatingRow,
    SeatRow,
    StoreError,
    StoreUnavailable,
    UnreadableGame,
    UserSettings,
    VersionConflict,
)
from bot.store.tx import Tx

__all__ = [
    "GAME_COLUMNS",
    "GUILD_SETTING_FIELDS",
    "MIGRATIONS_DIR",
    "MIGRATIONS_ROOT",
    "OUTBOX_LEASE",
    "PG_MIGRATIONS_DIR",
    "USER_SETTING_FIELDS",
    "AheadDm",
    "AwaitedSeat",
    "AwayEnded",
    "AwayPeriod",
    "ClockSettingsRow",
    "ClockStoppages",
    "DamagedRow",
    "DamagedToReport",
    "DatabaseLocked",
    "DecisionRow",
    "DiskFull",
    "GameBusy",
    "GameHead",
    "GameRow",
    "GuildSettings",
    "IntegrityError",
    "LogRow",
    "Migration",
    "OutboxRow",
    "PlanRow",
    "RatingChange",
    "RatingRow",
    "ReminderClaim",
    "SeatRow",
    "ShardSet",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "TakenOverSeat",
    "Tx",
    "UnreadableGame",
    "UserSettings",
    "VersionConflict",
    "discover_migrations",
    "is_postgres_url",
    "open_store",
]
