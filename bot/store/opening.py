"""Opening the store: the backend its target names (docs/store.md, "Opening").

Here rather than on `Store` itself: the backends build on `bot.store.base`, so the interface
must not know them (no import cycle between the interface and its backends).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.store.base import Store
from bot.store.rows import StoreError


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


async def open_store(target: str | Path, **kwargs: Any) -> Store:
    """Open (creating if needed) and migrate the database `target`: a `postgresql://` (or
    `postgres://`) URL opens the PostgreSQL backend, anything else is a SQLite file.
    Keyword arguments are the backend's (see `SqliteStore.open`, `PostgresStore.open`)."""
    if is_postgres_url(target):
        # imported when asked for: a SQLite bot never loads the PostgreSQL driver
        from bot.store.postgres import PostgresStore

        return await PostgresStore.open(str(target), **kwargs)
    if isinstance(target, str) and "://" in target:
        raise StoreError(
            f"{target.split('://', 1)[0]}:// is not a database the bot knows: "
            "give a SQLite file path or a postgresql:// URL"
        )
    from bot.store.sqlite import SqliteStore

    return await SqliteStore.open(target, **kwargs)
