"""Plain SQL on a test database, behind the store's back (what an operator or a damaged disk
would do): the same `?` statements on a SQLite file or a PostgreSQL URL."""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from bot.store import Store, is_postgres_url
from bot.store.postgres import numbered


def target_of(store: Store) -> str:
    """What to open again: the store's file, or its full URL."""
    return store.url if is_postgres_url(getattr(store, "url", "")) else str(store.path)  # type: ignore[attr-defined]


async def rows(target: Any, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    if isinstance(target, Store):
        target = target_of(target)
    if is_postgres_url(str(target)):
        conn = await asyncpg.connect(str(target))
        try:
            return [tuple(r) for r in await conn.fetch(numbered(sql), *params)]
        finally:
            await conn.close()
    with sqlite3.connect(target) as conn:
        return conn.execute(sql, params).fetchall()


async def execute(target: Any, sql: str, params: Sequence[Any] = ()) -> None:
    await rows(target, sql, params)


def with_search_path(url: str, schema: str) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"]
    query.append(("search_path", schema))
    return urlunsplit((*parts[:3], urlencode(query), parts.fragment))


@asynccontextmanager
async def fresh_schema(url: str) -> AsyncIterator[str]:
    """A new empty schema on the server at `url`; yields a URL that uses it."""
    schema = f"test_{secrets.token_hex(6)}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
    finally:
        await conn.close()
    try:
        yield with_search_path(url, schema)
    finally:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(f"DROP SCHEMA {schema} CASCADE")
        finally:
            await conn.close()


async def undone_moves(target: Any, game_id: int) -> list[tuple[int, str, int]]:
    """(seq, action, user id) of the moves taken back in the game, oldest undo first: what the
    undo keeps in `undone_actions` (docs/history.md, "Undo"), kept as history, read by no
    command."""
    found = await rows(
        target,
        "SELECT seq, action, user_id FROM undone_actions WHERE game_id = ? ORDER BY undone_at, seq",
        (game_id,),
    )
    return [(int(seq), str(action), int(user)) for seq, action, user in found]
