"""Two service processes on one PostgreSQL database, playing the same games and ticking the same
clock at once, one of them killed with SIGKILL at random moments (and started again): every
acknowledged action is in the log once, every expiry and reminder happened once, every outbox
row was posted by one process, every game replays to its snapshot, and each commit's outbox row
covers exactly its moves. (The workers: tests/pg_crash_worker.py.)

`CAYLUS_PG_CRASH_SECONDS` makes the run longer (default 20 s)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.clock_service import ClockService
from bot.service import GameService
from tests.db import fresh_schema, rows

pytestmark = pytest.mark.postgres

WORKER = Path(__file__).resolve().parent / "pg_crash_worker.py"
SECONDS = float(os.environ.get("CAYLUS_PG_CRASH_SECONDS", "20"))
SPEED = 2400.0  # the decision clock's hour passes in 1.5 s
BASE = datetime(2026, 3, 2, 12, tzinfo=UTC).timestamp()


def _read_acks(folder: Path) -> list[dict[str, Any]]:
    entries = []
    for path in sorted(folder.glob("acks-*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            # the last line of a killed process may be cut short: it was never acknowledged
            with contextlib.suppress(ValueError):
                entries.append(json.loads(line))
    return entries


async def _games(svc: GameService, clock: ClockService) -> tuple[list[int], list[int]]:
    """Busy games (players race to move) and idle games (only the clock plays)."""
    busy, idle = [], []
    for k in range(10):
        users = [1000 * k + 1, 1000 * k + 2, 1000 * k + 3][: 2 + k % 2]
        game = await svc.create_game(1, k, users[0], players=len(users) + (k % 3 == 0))
        for user in users[1:]:
            await svc.join(game.id, user)
        if k % 3 == 0:
            await svc.add_bot(game.id, users[0])
        if k >= 6:
            await clock.configure(
                game.id, users[0], clock="1h", reminders="half", takeover_after=20
            )
            idle.append(game.id)
        else:
            busy.append(game.id)
        await svc.start(game.id, users[0])
    return busy, idle


async def test_two_processes_one_killed_at_random_lose_and_double_nothing(
    postgres_url: str, tmp_path: Path
) -> None:
    t0 = time.time()

    def virtual() -> float:
        return BASE + (time.time() - t0) * SPEED

    async with fresh_schema(postgres_url) as url:
        svc = await GameService.open(url, rng=random.Random(3), clock=virtual)
        try:
            busy, idle = await _games(svc, ClockService(svc))
            rng = random.Random(7)
            runs = 0
            logs = []

            def ready(run: int) -> bool:
                acks = tmp_path / f"acks-{run:03d}.jsonl"
                return acks.exists() and '"ready"' in acks.read_text(encoding="utf-8")

            def launch() -> subprocess.Popen[bytes]:
                nonlocal runs
                runs += 1
                log = open(tmp_path / f"worker-{runs}.log", "wb")  # noqa: SIM115
                logs.append(log)
                args = [
                    url,
                    str(tmp_path / f"acks-{runs:03d}.jsonl"),
                    str(runs),
                    repr(BASE),
                    repr(t0),
                    repr(SPEED),
                    ",".join(map(str, busy)),
                    ",".join(map(str, idle)),
                ]
                return subprocess.Popen(
                    [sys.executable, str(WORKER), *args], stdout=log, stderr=subprocess.STDOUT
                )

            workers = [launch(), launch()]
            started = [1, 2]  # the run number of each worker
            kills = 0
            deadline = time.monotonic() + SECONDS
            try:
                while time.monotonic() < deadline:
                    victim = rng.randrange(2)
                    while not ready(started[victim]) and time.monotonic() < deadline:
                        await asyncio.sleep(0.05)  # killed once at work, not while starting
                    await asyncio.sleep(rng.uniform(0.1, 1.5))
                    workers[victim].send_signal(signal.SIGKILL)
                    workers[victim].wait()
                    kills += 1
                    workers[victim] = launch()
                    started[victim] = runs
            finally:
                for worker in workers:
                    worker.send_signal(signal.SIGKILL)
                    worker.wait()
                for log in logs:
                    log.close()
            await _check(svc, url, tmp_path, busy + idle, kills)
        finally:
            await svc.close()


async def _check(svc: GameService, url: str, folder: Path, game_ids: list[int], kills: int) -> None:
    acks = _read_acks(folder)
    errors = [a for a in acks if a["kind"] == "error"]
    assert not errors, errors[:5]
    kinds = Counter(a["kind"] for a in acks)
    store = svc.store

    # every acknowledged move is in the log, once: no (game, seq) was committed twice
    committed: Counter[tuple[int, int]] = Counter()
    for ack in acks:
        if ack["kind"] in ("act", "expired"):
            for seq, seat, action in ack["moves"]:
                committed[(ack["game"], seq)] += 1
                logged = await store.log(ack["game"], after_seq=seq - 1, limit=1)
                assert logged and (logged[0].seq, logged[0].seat, logged[0].action) == (
                    seq,
                    seat,
                    action,
                ), (ack, logged)
    doubled = [key for key, n in committed.items() if n > 1]
    assert not doubled, doubled[:5]

    # every expiry happened once: one clock move per decision (game, seat, deadline), each the
    # default move logged by the bot, after its deadline; every acknowledged one among them
    expiries = await rows(
        store,
        "SELECT e.game_id, e.seq, e.seat, e.deadline_at, e.expired_at, a.by_bot, a.seat "
        "FROM clock_expiries e JOIN actions a ON a.game_id = e.game_id AND a.seq = e.seq",
    )
    per_decision = Counter((g, seat, deadline) for g, _, seat, deadline, *_ in expiries)
    assert all(n == 1 for n in per_decision.values()), per_decision.most_common(3)
    for _g, _seq, seat, deadline, expired, by_bot, logged_seat in expiries:
        assert by_bot == 1 and logged_seat == seat and expired >= deadline
    recorded = {(g, seq) for g, seq, *_ in expiries}
    for ack in acks:
        if ack["kind"] == "expired":
            assert (ack["game"], ack["moves"][0][0]) in recorded, ack

    # every reminder was sent once (by whichever process) and recorded
    sent: Counter[tuple[int, int, int, str]] = Counter()
    for ack in acks:
        if ack["kind"] == "reminder":
            for item in ack["items"]:
                sent[(ack["game"], ack["seq"], ack["seat"], item)] += 1
    assert all(n == 1 for n in sent.values()), sent.most_common(3)
    reminders = {
        tuple(r) for r in await rows(store, "SELECT game_id, seq, seat, item FROM clock_reminders")
    }
    assert set(sent) <= reminders

    # each outbox row posted by one process, and only once
    posted = Counter(a["outbox"] for a in acks if a["kind"] == "posted")
    assert all(n == 1 for n in posted.values()), posted.most_common(3)

    # every game replays to its snapshot; its outbox rows cover its log exactly, in order
    for gid in game_ids:
        assert await svc.replay_problem(gid) is None, gid
        game = await store.game(gid)
        assert game is not None and len(await store.log(gid)) == game.seq
        ranges = await rows(
            store, "SELECT after_seq, to_seq FROM outbox WHERE game_id = ? ORDER BY id", (gid,)
        )
        position = 0
        for after, to in ranges:
            assert after == position and to >= after, (gid, ranges)
            position = to
        assert position == game.seq, (gid, ranges, game.seq)

    # the run did what it is meant to: both kinds of work, while processes were killed
    assert kills >= 3, kills
    assert kinds["act"] >= 20 and kinds["expired"] >= 3 and kinds["reminder"] >= 1, kinds
    print(f"\n{kills} kills; acknowledged: {dict(kinds)}")
