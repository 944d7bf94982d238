"""Load benchmark: many active games served by one SQLite process or by N processes sharing
one PostgreSQL database. Prints one JSON object per backend.

    python bench/bench_scale.py [--games 10000] [--seconds 30] [--players 64]
    (about 4 minutes at the defaults, 2 for each backend: writing the 10,000 games, 30 s of
    load and the minute between the clock's two ticks)
                                [--processes 2] [--url postgresql://...] [--sqlite-only]
                                [--postgres-only] [--clock-all] [--tick-gap 60]

- `--games` active two-player games are written straight into a fresh database (each with a
  valid snapshot and a decision pending since the start: as many pending deadlines).
- load: each process serves its share of the games (as Discord shards do: the games of the
  guilds of its shard, process k of n running shard k of n) with `--players` concurrent
  players, each acting on a random game of the share as soon as its previous act returned,
  through GameService.act (the game's locks, one transaction per act, the outbox row);
  committed actions per second over all processes, and the latency of an act (median, p99) as
  the player waits for it (the built-in player's choice of move is not counted).
- clock: the ClockService's tick in each process at once, over the pending deadlines of its
  shard's games (`--clock-all`: of every game, each reminder sent once whichever process claims
  it): an idle tick (nothing due), then a tick at half time (each decision's "half" reminder is
  due).

PostgreSQL: `--url` (an empty database or schema), else a throwaway cluster of the machine's
server (tests/pg_cluster.py) with fsync on and default commit durability.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.clock_service import ClockService  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.store import ShardSet, Tx, open_store  # noqa: E402
from engine import caylus  # noqa: E402

START = datetime(2026, 3, 2, 12, tzinfo=UTC).timestamp()


def guild_of(game_id: int) -> int:
    """The guild of a benchmark game: 100 games a guild, the guilds spread over the shards as
    Discord's ids are (the shard is `(guild_id >> 22) % shards`)."""
    return (1 + game_id // 100) << 22


async def fill(target: str, games: int) -> None:
    """`games` running two-player games, written in batches straight through the store."""
    store = await open_store(target)
    try:
        states = [
            caylus.new_game(caylus.Options(players=2), caylus.Setup(seed=s)) for s in range(64)
        ]
        options = json.dumps(caylus.Options(players=2).model_dump())
        snaps = [(s.model_dump_json(), json.dumps(s.setup.model_dump())) for s in states]
        for first in range(1, games + 1, 1000):
            ids = range(first, min(games, first + 999) + 1)
            rows, seats = [], []
            for gid in ids:
                snapshot, setup = snaps[gid % len(snaps)]
                seat = states[gid % len(states)].decision.seat
                game = (gid, guild_of(gid), gid, "caylus", options, setup, "running", 10 * gid)
                rows.append((*game, 1, 0, snapshot, snapshot, seat, START, START, START, START))
                seats += [
                    (gid, 0, 10 * gid, 0, "blue", START),
                    (gid, 1, 10 * gid + 1, 0, "red", START),
                ]

            def work(tx: Tx, rows: list[Any] = rows, seats: list[Any] = seats) -> None:
                tx.executemany(
                    "INSERT INTO games (id, guild_id, channel_id, kind, options, setup, status, "
                    "host_id, version, seq, snapshot, phase_snapshot, awaiting_seat, "
                    "awaiting_since, created_at, updated_at, started_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    rows,
                )
                tx.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, is_bot, colour, joined_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    seats,
                )

            await store.write(work)
        reset = getattr(store, "reset_identities", None)
        if reset is not None:
            await reset()
    finally:
        await store.close()


# --- one serving process ------------------------------------------------------------------------


async def serve(args: argparse.Namespace) -> dict[str, Any]:
    clock_now = {"t": START + 60.0}
    svc = await GameService.open(
        args.target,
        rng=random.Random(args.index),
        clock=lambda: clock_now["t"],
        cache_size=args.games + 100,
        cache_objects=None,  # every game in memory: the load measures the store
        **({"pool_size": args.pool} if args.target.startswith("postgresql") else {}),
    )
    try:
        shards = ShardSet(args.processes, (args.index,)) if args.processes > 1 else None
        mine = [g for g in range(1, args.games + 1) if shards is None or shards.covers(guild_of(g))]
        latencies: list[float] = []
        stale = 0
        await _wait_until(args.begin)
        stop = time.time() + args.seconds

        async def player(seed: int) -> None:
            nonlocal stale
            rng = random.Random(seed)
            while time.time() < stop:
                gid = rng.choice(mine)
                info = await svc.game(gid)
                if info.status != "running" or not info.awaiting:
                    continue
                state = await svc.state(gid)  # another player may have moved since `info`
                pending = caylus.pending(state)
                if not pending or info.seats[pending[0].seat].user_id is None:
                    continue
                seat = info.seats[pending[0].seat]
                action = str(caylus.choose_action(state, seat.seat, rng))
                began = time.perf_counter()
                try:
                    await svc.act(gid, seat.user_id, action, info.version)
                except Exception:  # another player of this process moved it first
                    stale += 1
                    continue
                latencies.append(time.perf_counter() - began)

        await asyncio.gather(*(player(args.index * 1000 + k) for k in range(args.players)))
        load = {"acts": len(latencies), "stale": stale, "latencies": latencies}

        # the clock, over every pending deadline (other processes tick at the same moments)
        clock = ClockService(svc, shards=None if args.clock_all else shards)
        ticks = {}
        for name, at in (("idle", START + 120), ("half", START + 12 * 3600 + 60)):
            await _wait_until(
                args.begin + args.seconds + (5 if name == "idle" else 5 + args.tick_gap)
            )
            clock_now["t"] = at
            began = time.perf_counter()
            notices = await clock.tick(datetime.fromtimestamp(at, UTC))
            ticks[name] = {
                "seconds": round(time.perf_counter() - began, 3),
                "reminders": sum(n.kind == "reminder" for n in notices),
            }
        return {"load": load, "ticks": ticks}
    finally:
        await svc.close()


async def _wait_until(instant: float) -> None:
    await asyncio.sleep(max(0.0, instant - time.time()))


# --- the run ----------------------------------------------------------------------------------


def run(target: str, processes: int, args: argparse.Namespace) -> dict[str, Any]:
    asyncio.run(fill(target, args.games))
    begin = time.time() + 8 + 2 * processes  # time for every process to import and connect
    options = [
        *("--processes", str(processes), "--games", str(args.games)),
        *("--seconds", str(args.seconds), "--players", str(args.players)),
        *("--begin", repr(begin), "--pool", str(args.pool), "--tick-gap", str(args.tick_gap)),
        *(["--clock-all"] if args.clock_all else []),
    ]
    workers = [
        subprocess.Popen(
            [sys.executable, __file__, "--serve", target, "--index", str(k), *options],
            stdout=subprocess.PIPE,
        )
        for k in range(processes)
    ]
    results = [json.loads(w.communicate()[0]) for w in workers]
    latencies = sorted(x for r in results for x in r["load"]["latencies"])
    acts = len(latencies)
    return {
        "backend": "postgres" if target.startswith("postgresql") else "sqlite",
        "processes": processes,
        "games": args.games,
        "players_per_process": args.players,
        "seconds": args.seconds,
        "committed_actions": acts,
        "actions_per_second": round(acts / args.seconds, 1),
        "act_latency_ms": {
            "median": round(statistics.median(latencies) * 1000, 2) if latencies else None,
            "p99": round(latencies[int(len(latencies) * 0.99)] * 1000, 2) if latencies else None,
        },
        "refused_stale": sum(r["load"]["stale"] for r in results),
        "tick_seconds_idle": [r["ticks"]["idle"]["seconds"] for r in results],
        "tick_seconds_half": [r["ticks"]["half"]["seconds"] for r in results],
        "reminders_sent": sum(r["ticks"]["half"]["reminders"] for r in results),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--players", type=int, default=64, help="concurrent players per process")
    parser.add_argument("--processes", type=int, default=2, help="PostgreSQL serving processes")
    parser.add_argument("--pool", type=int, default=10, help="PostgreSQL connections per process")
    parser.add_argument("--tick-gap", type=float, default=60.0, help="seconds between the ticks")
    parser.add_argument(
        "--clock-all",
        action="store_true",
        help="every process ticks for every game (default: for its shard's guilds, as the bot)",
    )
    parser.add_argument("--url", help="an empty PostgreSQL database (default: a throwaway one)")
    parser.add_argument("--sqlite-only", action="store_true")
    parser.add_argument("--postgres-only", action="store_true")
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--index", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--begin", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        args.target = args.serve
        result = asyncio.run(serve(args))
        print(json.dumps(result))
        return
    if not args.postgres_only:
        with tempfile.TemporaryDirectory() as folder:
            print(json.dumps(run(str(Path(folder) / "bench.sqlite3"), 1, args)), flush=True)
    if args.sqlite_only:
        return
    cluster = None
    url = args.url
    if url is None:
        sys.path.insert(0, str(ROOT / "tests"))
        import pg_cluster

        cluster = pg_cluster.start({"shared_buffers": "256MB"}, durable=True)
        url = cluster.url
    try:
        print(json.dumps(run(url, args.processes, args)), flush=True)
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
