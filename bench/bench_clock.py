"""The clock's catch-up tick: how long it holds the event loop, how long it takes, and how many
round trips it makes to PostgreSQL. Prints one JSON object per backend.

    python bench/bench_clock.py [--games 5000] [--sqlite-only | --postgres-only] [--url ...]
                                [--no-freeze] [--expiries] [--held N]
    (about 1 minute at the defaults, most of it writing the games; with --expiries, about 3)

`--games` running two-player games are written straight into a fresh database (as
bench/bench_scale.py does: each awaiting a human since the same instant, the default clock of
24 hours and reminders `half,2h`). A fresh process (nothing in memory: a restart) then runs one
tick at half time, when every game's `half` reminder is due, while a watchdog coroutine sleeps
5 ms at a time and records the longest time it waited beyond that: the longest the tick held
the event loop (wall time: on a busy machine other processes' turns on the CPU count too; so
the CPU time the loop's thread spent between two of the watchdog's turns is printed beside it,
and the longest pause of Python's garbage collector during the tick), and the process's CPU
time over the tick (all its threads: `tick_cpu_seconds`). The process freezes its
start-up objects as the bot does (`--no-freeze`: not). Round trips are the calls of asyncpg's
connection during the tick (each one request and its answer), per game reminded.

`--expiries`: the tick comes after every game's deadline instead, and plays the default moves
(each notice handed to `deliver` as the bot's scheduler does, so no move's result is held to
the end of the tick). `games_in_memory_after`: the games the service still holds in memory
after the tick (its states or untold events: `GameService.holds`). `--held N`: the service
holds the first N games in memory before the tick, as a bot holds the games played lately
(read after the freeze, as those are).

PostgreSQL: `--url` (an empty database or schema), else a throwaway cluster of the machine's
server (tests/pg_cluster.py).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_scale import START, fill  # noqa: E402

from bot.app import freeze_start_up_objects  # noqa: E402
from bot.clock_service import ClockService  # noqa: E402
from bot.service import GameService  # noqa: E402

WATCH_STEP = 0.005  # the watchdog's sleep
HALF_TIME = START + 12 * 3600 + 60  # every game's `half` reminder is due (default clock: 24 h)
EXPIRY_TIME = START + 24 * 3600 + 60  # every game's clock has run out


@contextmanager
def counted_round_trips() -> Iterator[Counter[str]]:
    """Every request asyncpg's connections send while inside, by kind of call."""
    import asyncpg

    counted: Counter[str] = Counter()
    names = ("execute", "executemany", "fetch", "fetchrow", "fetchval")
    originals = {n: getattr(asyncpg.connection.Connection, n) for n in names}

    def counting(name: str) -> Any:
        original = originals[name]

        async def call(self: Any, *args: Any, **kwargs: Any) -> Any:
            counted[name] += 1
            return await original(self, *args, **kwargs)

        return call

    for name in names:
        setattr(asyncpg.connection.Connection, name, counting(name))
    try:
        yield counted
    finally:
        for name, original in originals.items():
            setattr(asyncpg.connection.Connection, name, original)


async def catch_up(
    target: str, games: int, freeze: bool = True, expiries: bool = False, held: int = 0
) -> dict[str, Any]:
    """One tick at half time (or after every deadline) in a fresh service (holding the first
    `held` games in memory, as a bot holds the games played lately), with the watchdog running
    beside it."""
    at = EXPIRY_TIME if expiries else HALF_TIME
    svc = await GameService.open(target, rng=random.Random(1), clock=lambda: at)
    if freeze:
        freeze_start_up_objects()  # as the bot does once started
    for gid in range(1, min(held, games) + 1):
        await svc.game(gid)
    longest = longest_cpu = 0.0
    stop = asyncio.Event()

    async def watchdog() -> None:
        nonlocal longest, longest_cpu
        while not stop.is_set():
            began, began_cpu = time.perf_counter(), time.thread_time()
            await asyncio.sleep(WATCH_STEP)
            longest = max(longest, time.perf_counter() - began - WATCH_STEP)
            longest_cpu = max(longest_cpu, time.thread_time() - began_cpu)

    pauses: list[float] = []

    def collected(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            pauses.append(-time.perf_counter())
        elif pauses:
            pauses[-1] += time.perf_counter()

    async def posted(notice: Any) -> None:
        """Where the bot posts each notice as the tick decides it (here: nothing to post)."""

    try:
        clock = ClockService(svc)
        watcher = asyncio.create_task(watchdog())
        await asyncio.sleep(WATCH_STEP * 2)
        longest = longest_cpu = 0.0  # the watchdog's own start does not count
        gc.callbacks.append(collected)
        with counted_round_trips() as trips:
            began, began_cpu = time.perf_counter(), time.process_time()
            notices = await clock.tick(datetime.fromtimestamp(at, UTC), deliver=posted)
            seconds = time.perf_counter() - began
            cpu_seconds = time.process_time() - began_cpu
        gc.callbacks.remove(collected)
        stop.set()
        await watcher
        in_memory = sum(svc.holds(gid) for gid in range(1, games + 1))
    finally:
        await svc.close()
    reminded = sum(n.kind == "reminder" for n in notices)
    expired = sum(n.kind == "expired" for n in notices)
    result: dict[str, Any] = {
        **({"expiries": expired} if expiries else {"reminders_sent": reminded}),
        "tick_seconds": round(seconds, 2),
        "tick_cpu_seconds": round(cpu_seconds, 2),
        "longest_loop_hold_ms": round(longest * 1000, 1),
        "longest_loop_hold_cpu_ms": round(longest_cpu * 1000, 1),
        "longest_gc_pause_ms": round(max(pauses, default=0.0) * 1000, 1),
        "games_in_memory_after": in_memory,
    }
    if target.startswith("postgresql"):
        total = sum(trips.values())
        result["round_trips"] = total
        result["round_trips_per_game"] = round(total / max(1, reminded + expired), 3)
    return result


def run(target: str, games: int, freeze: bool, expiries: bool, held: int) -> dict[str, Any]:
    asyncio.run(fill(target, games))
    result = asyncio.run(catch_up(target, games, freeze, expiries, held))
    backend = "postgres" if target.startswith("postgresql") else "sqlite"
    return {"backend": backend, "games": games, **({"held": held} if held else {}), **result}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--url", help="an empty PostgreSQL database (default: a throwaway one)")
    parser.add_argument("--sqlite-only", action="store_true")
    parser.add_argument("--postgres-only", action="store_true")
    parser.add_argument(
        "--no-freeze", action="store_true", help="skip the bot's gc.freeze() after start-up"
    )
    parser.add_argument(
        "--expiries", action="store_true", help="tick after every deadline: the default moves"
    )
    parser.add_argument(
        "--held",
        type=int,
        default=0,
        help="games the service holds in memory before the tick (a busy bot's; default none)",
    )
    args = parser.parse_args()
    options = (args.games, not args.no_freeze, args.expiries, args.held)
    if not args.postgres_only:
        with tempfile.TemporaryDirectory() as folder:
            print(
                json.dumps(run(str(Path(folder) / "bench.sqlite3"), *options)),
                flush=True,
            )
    if args.sqlite_only:
        return
    cluster = None
    url = args.url
    if url is None:
        sys.path.insert(0, str(ROOT / "tests"))
        import pg_cluster

        cluster = pg_cluster.start({"shared_buffers": "256MB"})
        url = cluster.url
    try:
        print(json.dumps(run(url, *options)), flush=True)
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
