"""The store: games, seats, the append-only action log, settings, the outbox (docs/store.md).

`Store.open(target)` opens a SQLite file (the default, one bot process) or, for a
`postgresql://` URL, a PostgreSQL database that several bot processes share. Both backends
implement the interface of `bot.store.base` and keep their own migrations
(`migrations/sqlite/`, `migrations/postgres/`).
"""

from bot.store.base import (
    GAME_COLUMNS,
    GUILD_SETTING_FIELDS,
    MIGRATIONS_DIR,
    MIGRATIONS_ROOT,
    OUTBOX_LEASE,
    PG_MIGRATIONS_DIR,
    USER_SETTING_FIELDS,
    DamagedRow,
    DatabaseLocked,
    DiskFull,
    GameBusy,
    GameRow,
    GuildSettings,
    IntegrityError,
    LogRow,
    Migration,
    OutboxRow,
    PlanRow,
    SeatRow,
    Store,
    StoreError,
    StoreUnavailable,
    Tx,
    UserSettings,
    VersionConflict,
    discover_migrations,
    is_postgres_url,
)

__all__ = [
    "GAME_COLUMNS",
    "GUILD_SETTING_FIELDS",
    "MIGRATIONS_DIR",
    "MIGRATIONS_ROOT",
    "OUTBOX_LEASE",
    "PG_MIGRATIONS_DIR",
    "USER_SETTING_FIELDS",
    "DamagedRow",
    "DatabaseLocked",
    "DiskFull",
    "GameBusy",
    "GameRow",
    "GuildSettings",
    "IntegrityError",
    "LogRow",
    "Migration",
    "OutboxRow",
    "PlanRow",
    "SeatRow",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "Tx",
    "UserSettings",
    "VersionConflict",
    "discover_migrations",
    "is_postgres_url",
]
