"""`caylus copy-db SOURCE TARGET`: every row of one bot database into another, SQLite to
PostgreSQL or back (docs/store.md, "Moving a database"), then every copied game replayed to
its snapshot. The rows are copied by the store (bot/store/copy.py); this checks the two
databases, reports progress and verifies the copy through the service.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from bot.service import GameService
from bot.store import StoreError, is_postgres_url, open_store
from bot.store.copy import copy_database, count_rows
from bot.store.postgres import holds_bot_database, safe_url
from engine.errors import shorten


class CopyRefused(Exception):
    """The copy cannot be made as asked: one line for the command to print."""


async def copy_db(source: str, target: str, batch: int) -> int:
    """Every game, log, setting and clock row of SOURCE into the empty TARGET (a SQLite file or
    a postgresql:// URL each), then every game of the copy is replayed to its snapshot."""
    if source == target:
        raise CopyRefused("the source and the target are the same database.")
    await check_source(source)
    try:
        # a SQLite source is locked like a bot process would: no bot may write during the copy
        source_store = await open_store(source, exclusive=True)
    except StoreError as error:
        raise CopyRefused(f"cannot open the source: {error}.") from None
    try:
        try:
            target_store = await open_store(target, exclusive=True)
        except StoreError as error:
            raise CopyRefused(f"cannot open the target: {error}.") from None
        try:
            started = time.perf_counter()

            def progress(done: int, total: int) -> None:
                if done == total or done % (batch * 20) == 0:
                    print(f"copied {done} of {total} games", flush=True)

            try:
                report = await copy_database(
                    source_store, target_store, batch=batch, progress=progress
                )
            except StoreError as error:
                raise CopyRefused(f"nothing was copied: {error}.") from None
            copied = ", ".join(f"{t} {n}" for t, n in report.counts.items() if n)
            print(f"copied in {time.perf_counter() - started:.1f} s: {copied or 'nothing'}")
            if await count_rows(target_store) != await count_rows(source_store):
                print("error: the row counts of the copy differ from the source", file=sys.stderr)
                return 1
            return await verify_copy(
                GameService(source_store), GameService(target_store), report.game_ids
            )
        finally:
            await target_store.close()
    finally:
        await source_store.close()


async def check_source(source: str) -> None:
    """The source must already be a bot's database: opening it must not create one."""
    if not is_postgres_url(source):
        if "://" not in source and not Path(source).is_file():
            raise CopyRefused(f"no database file {source} to copy from.")
        return  # other URLs: open_store names the problem
    try:
        found = await holds_bot_database(source)
    except StoreError as error:
        raise CopyRefused(f"cannot open the source: {error}.") from None
    if not found:
        raise CopyRefused(f"the source {safe_url(source)} holds no bot database.")


async def verify_copy(source: GameService, target: GameService, game_ids: list[int]) -> int:
    """Every copied game replays to its snapshot (a game that did not already in the source
    is reported as such: the copy kept it as it was)."""
    broken = damaged = 0
    for game_id in game_ids:
        problem = await target.replay_problem(game_id)
        if problem is None:
            continue
        before = await source.replay_problem(game_id)
        if before is not None:
            damaged += 1
            print(f"game {game_id} was already damaged in the source: {shorten(before, 200)}")
            continue
        broken += 1
        print(f"error: game {game_id} of the copy: {shorten(problem, 200)}", file=sys.stderr)
    if broken:
        return 1
    kept = f"; {damaged} damaged in the source, copied as they were" if damaged else ""
    print(
        f"verified: every game of the copy replays to its snapshot "
        f"({len(game_ids) - damaged} games{kept})"
    )
    return 0
