"""Store/service benchmark: prints one JSON object.

    python bench/bench_store.py [--games 100] [--acts 60] [--stored 10000] [--synchronous NORMAL]
                                [--single 300] [--url postgresql://...] [--no-postgres]
    (about 20 seconds at the defaults)

- throughput: `--games` games (two human seats each) on one database file, played at once
  through GameService.act (engine, per-game lock, one transaction per act); committed actions/s.
- open: a file holding `--stored` games (rows written directly, each with a valid snapshot;
  the last one a whole finished game with its log); time to open the service and serve the
  first request on one game (which loads and verifies that game lazily), a second request on
  another, and a first request on the finished game (a replay of its whole log).
- single action on PostgreSQL: `--single` actions one after the other on one two-player game
  (held in memory, as a busy game is), each through GameService.act; the latency of an act
  (median, p90, the player's choice of move not counted) and its round trips to the server
  (the client's calls counted, docs/store.md "Round trips"). `--url`: an empty database, else a
  throwaway cluster of the machine's server (tests/pg_cluster.py) with fsync on.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import GameService
from bot.store import open_store
from engine import caylus

ROOT = Path(__file__).resolve().parent.parent


async def _play(svc: GameService, game_id: int, acts: int, rng: random.Random) -> int:
    result = None
    game = await svc.game(game_id)
    done = 0
    while done < acts and game.status == "running":
        seat = game.awaiting[0]
        state = result.state if result else await svc.state(game_id)
        action = caylus.choose_action(state, seat.seat, rng)
        result = await svc.act(game_id, seat.user_id, str(action), game.version)
        game = result.game
        done += len(result.moves)
    return done


async def throughput(directory: Path, games: int, acts: int, synchronous: str) -> dict:
    path = directory / "throughput.db"
    svc = await GameService.open(path, rng=random.Random(1), synchronous=synchronous)
    ids = []
    for k in range(games):
        game = await svc.create_game(1, k, 10 * k + 1, players=2)
        await svc.join(game.id, 10 * k + 2)
        ids.append((await svc.start(game.id, 10 * k + 1)).game.id)
    started = time.perf_counter()
    counts = await asyncio.gather(*(_play(svc, gid, acts, random.Random(gid)) for gid in ids))
    seconds = time.perf_counter() - started
    await svc.close()
    total = sum(counts)
    return {
        "games": games,
        "actions": total,
        "seconds": round(seconds, 3),
        "actions_per_second": round(total / seconds, 1),
        "synchronous": synchronous,
    }


def _fill(path: Path, stored: int) -> int:
    """Write `stored` running two-player games straight into the tables (fast)."""
    now = time.time()
    states = [caylus.new_game(caylus.Options(players=2), caylus.Setup(seed=s)) for s in range(64)]
    snaps = [(s.model_dump_json(), json.dumps(s.setup.model_dump())) for s in states]
    options = json.dumps(caylus.Options(players=2).model_dump())
    # the last game carries a whole played game in its log (its first load replays it all)
    state, rng, log, phase_start = states[0], random.Random(0), [], states[0]
    while not state.over:
        seat = state.decision.seat
        action = caylus.choose_action(state, seat, rng)
        new, _ = caylus.apply(state, action, seat)
        if (new.turn, new.phase) != (state.turn, state.phase) or new.over:
            phase_start = new
        state = new
        log.append((stored, len(log) + 1, seat, str(action), 0, 10 * stored + seat, now))
    conn = sqlite3.connect(path)
    with conn:
        games, seats = [], []
        for gid in range(1, stored + 1):
            snapshot, setup = snaps[gid % len(snaps)]
            seat = states[gid % len(states)].decision.seat
            games.append(
                (
                    gid,
                    1 + gid // 500,
                    gid,
                    "caylus",
                    options,
                    setup,
                    "running",
                    10 * gid,
                    1,
                    0,
                    snapshot,
                    snapshot,
                    seat,
                    now,
                    now,
                    now,
                    now,
                )
            )
            seats.append((gid, 0, 10 * gid, 0, "blue", now))
            seats.append((gid, 1, 10 * gid + 1, 0, "red", now))
        conn.executemany(
            "INSERT INTO games (id, guild_id, channel_id, kind, options, setup, status, host_id, "
            "version, seq, snapshot, phase_snapshot, awaiting_seat, awaiting_since, created_at, "
            "updated_at, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            games,
        )
        conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, is_bot, colour, joined_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            seats,
        )
        conn.executemany(
            "INSERT INTO actions (game_id, seq, seat, action, by_bot, user_id, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            log,
        )
        conn.execute(
            "UPDATE games SET setup = ?, seq = ?, snapshot = ?, phase_snapshot = ?, "
            "status = 'finished', awaiting_seat = NULL WHERE id = ?",
            (snaps[0][1], len(log), state.model_dump_json(), phase_start.model_dump_json(), stored),
        )
    conn.close()
    return len(log)


async def _create_schema(path: Path) -> None:
    await (await open_store(path)).close()


async def open_time(directory: Path, stored: int) -> dict:
    path = directory / "open.db"
    fill_started = time.perf_counter()
    await _create_schema(path)
    log_length = _fill(path, stored)
    fill_seconds = time.perf_counter() - fill_started
    rng = random.Random(3)
    started = time.perf_counter()
    svc = await GameService.open(path)
    opened = time.perf_counter()
    gid = rng.randint(1, stored - 1)
    view = await svc.view(gid, 10 * gid)
    first = time.perf_counter()
    other = rng.randint(1, stored - 1)
    await svc.view(other, 10 * other)
    second = time.perf_counter()
    await svc.view(stored, 10 * stored)
    full_log = time.perf_counter()
    mine = await svc.games_of_user(10 * gid)
    assert view.state is not None and len(mine) == 1
    await svc.close()
    return {
        "stored_games": stored,
        "fill_seconds": round(fill_seconds, 3),
        "open_seconds": round(opened - started, 4),
        "first_request_seconds": round(first - opened, 4),
        "open_to_first_answer_seconds": round(first - started, 4),
        "second_request_seconds": round(second - first, 4),
        "first_request_on_a_finished_game_seconds": round(full_log - second, 4),
        "its_log_length": log_length,
    }


async def single_action(url: str, acts: int) -> dict:
    import asyncpg

    calls = [0]

    def counting(name: str):  # one call, one request and its answer
        original = getattr(asyncpg.connection.Connection, name)

        async def call(self, query, *args, **kwargs):
            calls[0] += 1
            return await original(self, query, *args, **kwargs)

        return call

    for name in ("execute", "executemany", "fetch", "fetchrow", "fetchval"):
        setattr(asyncpg.connection.Connection, name, counting(name))
    svc = await GameService.open(url, rng=random.Random(1))
    try:
        latencies, trips = [], []
        rng = random.Random(5)
        game_id = None
        while len(latencies) < acts:
            if game_id is None:
                channel = len(latencies) + 1
                game = await svc.create_game(1, channel, 11, players=2)
                await svc.join(game.id, 12)
                game_id = (await svc.start(game.id, 11)).game.id
            info = await svc.game(game_id)
            if info.status != "running":
                game_id = None
                continue
            state = await svc.state(game_id)
            seat = info.awaiting[0]
            action = str(caylus.choose_action(state, seat.seat, rng))
            before, began = calls[0], time.perf_counter()
            await svc.act(game_id, seat.user_id, action, info.version)
            latencies.append(time.perf_counter() - began)
            trips.append(calls[0] - before)
    finally:
        await svc.close()
    latencies.sort()
    return {
        "acts": acts,
        "median_ms": round(latencies[len(latencies) // 2] * 1000, 2),
        "p90_ms": round(latencies[int(len(latencies) * 0.9)] * 1000, 2),
        "round_trips_per_act": round(sum(trips) / len(trips), 2),
        "engine_compiled": _compiled(),
    }


def _compiled() -> bool:
    from engine.compiled import COMPILED

    return COMPILED


def _postgres_single(args: argparse.Namespace) -> dict:
    if args.url:
        return asyncio.run(single_action(args.url, args.single))
    sys.path.insert(0, str(ROOT / "tests"))
    import pg_cluster

    cluster = pg_cluster.start(durable=True)
    try:
        return asyncio.run(single_action(cluster.url, args.single))
    finally:
        cluster.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--acts", type=int, default=60, help="actions per game")
    parser.add_argument("--stored", type=int, default=10_000)
    parser.add_argument("--synchronous", default="NORMAL")
    parser.add_argument("--single", type=int, default=300, help="PostgreSQL: actions in a row")
    parser.add_argument("--url", help="an empty PostgreSQL database (default: a throwaway one)")
    parser.add_argument("--no-postgres", action="store_true", help="SQLite only")
    parser.add_argument("--postgres-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.postgres_only:
        print(json.dumps({"single_action_postgres": _postgres_single(args)}))
        return
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        result = {
            "throughput": asyncio.run(
                throughput(directory, args.games, args.acts, args.synchronous)
            ),
            "open": asyncio.run(open_time(directory, args.stored)),
        }
    if not args.no_postgres:
        result["single_action_postgres"] = _postgres_single(args)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
