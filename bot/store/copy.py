"""Copy every row of one store into another, SQLite to PostgreSQL or back (`caylus copy-db`).

Both stores are at the same schema version (each opened, so migrated, by its own backend) and the
target holds no game yet. Games are copied in batches, each batch one transaction with all of its
rows (seats, the log, the clock's rows, the outbox, plans), after the tables that belong to no
game (settings, default orders, the damaged marks). Ids are kept; a PostgreSQL target then
numbers new rows on from the largest id. A failure empties the target again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bot.store.base import Store
from bot.store.rows import StoreError
from bot.store.tx import Tx

# Tables without a game, then the game's own tables (after `games`, foreign keys first).
GLOBAL_TABLES = (
    "user_settings",
    "guild_settings",
    "user_orders",
    "damaged_games",
    "ratings",
)
GAME_TABLES = (
    "seats",
    "actions",
    "clock_settings",
    "clock_pauses",
    "clock_pause_votes",
    "clock_seats",
    "clock_expiries",
    "clock_away",
    "clock_reminders",
    "outbox",
    "clock_stops",
    "plans",
    "seat_orders",
    "rating_changes",
    "undone_actions",
    "ahead_dms",
)
ALL_TABLES = ("games", *GLOBAL_TABLES, *GAME_TABLES)


@dataclass
class CopyReport:
    counts: dict[str, int] = field(default_factory=dict)  # table -> rows copied
    game_ids: list[int] = field(default_factory=list)


async def copy_database(
    source: Store,
    target: Store,
    *,
    batch: int = 100,
    progress: Callable[[int, int], None] | None = None,
) -> CopyReport:
    """Copy everything of `source` into the empty `target`; `progress(done, total)` after each
    batch of games. Raises StoreError (naming the problem) and leaves the target empty."""
    source_version, target_version = await source.schema_version(), await target.schema_version()
    if source_version != target_version:
        raise StoreError(
            f"the source is at schema {source_version}, the target at {target_version}: "
            "run the same version of the bot on both"
        )
    if (await target._all("SELECT COUNT(*) FROM games"))[0][0]:
        raise StoreError("the target already holds games: copy into an empty database only")
    columns: dict[str, list[str]] = {}
    for table in ALL_TABLES:
        mine, theirs = await source._columns(table), await target._columns(table)
        if set(mine) != set(theirs):
            raise StoreError(f"the table {table} differs between the source and the target")
        columns[table] = mine
    report = CopyReport({table: 0 for table in ALL_TABLES})
    try:
        for table in GLOBAL_TABLES:
            found = await source._all(f"SELECT {', '.join(columns[table])} FROM {table}")
            for start in range(0, len(found), 1000):
                part = found[start : start + 1000]
                await target.write(partial(_insert, table=table, names=columns[table], rows=part))
            report.counts[table] = len(found)
        ids = [r[0] for r in await source._all("SELECT id FROM games ORDER BY id")]
        for start in range(0, len(ids), max(1, batch)):
            chunk = ids[start : start + max(1, batch)]
            marks = ", ".join("?" for _ in chunk)
            per_table: dict[str, list[Any]] = {
                "games": await source._all(
                    f"SELECT {', '.join(columns['games'])} FROM games WHERE id IN ({marks})",
                    chunk,
                )
            }
            for table in GAME_TABLES:
                per_table[table] = await source._all(
                    f"SELECT {', '.join(columns[table])} FROM {table} WHERE game_id IN ({marks})",
                    chunk,
                )

            def work(tx: Tx, per_table: dict[str, list[Any]] = per_table) -> None:
                for table in ("games", *GAME_TABLES):
                    _insert(tx, table, columns[table], per_table[table])

            await target.write(work)
            for table, found in per_table.items():
                report.counts[table] += len(found)
            report.game_ids += chunk
            if progress is not None:
                progress(len(report.game_ids), len(ids))
        await target.reset_identities()
    except BaseException:
        await _empty(target)
        raise
    return report


def _insert(tx: Tx, table: str, names: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    if rows:
        tx.executemany(
            f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})",
            [tuple(r) for r in rows],
        )


async def _empty(target: Store) -> None:
    def work(tx: Tx) -> None:
        for table in (*reversed(GAME_TABLES), "games", *GLOBAL_TABLES):
            tx.execute(f"DELETE FROM {table}")

    await target.write(work)


async def count_rows(store: Store) -> dict[str, int]:
    """Rows per copied table (to compare a copy with its source)."""
    return {t: (await store._all(f"SELECT COUNT(*) FROM {t}"))[0][0] for t in ALL_TABLES}
