"""One of several service processes on one PostgreSQL database (run by
tests/test_pg_processes.py, and killed there with SIGKILL at random moments).

    python tests/pg_crash_worker.py URL ACK_FILE SEED BASE T0 SPEED BUSY_IDS IDLE_IDS

Every process plays the same games and ticks the same clock, as the bot's processes would:
the busy games' awaited players move as soon as they can (each process acting for them, so two
processes race for the same decisions), the idle games are left to the clock (expiries,
reminders), and the outbox rows are claimed and "posted". Virtual time, shared by all the
processes: BASE + (now - T0) * SPEED. Each line of ACK_FILE is written, and flushed, only after
what it reports has committed: `act` (the moves of an acknowledged action), `expired` and
`reminder` (the clock's notices), `posted` (an outbox row marked delivered), `error` (anything
unexpected).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.clock_service import ClockService
from bot.service import GameService
from bot.store import StoreError
from bot.words import errors as err
from engine import caylus


class Acks:
    def __init__(self, path: str) -> None:
        self._file = open(path, "a", encoding="utf-8")  # noqa: SIM115 - open for the whole run

    def write(self, **entry: Any) -> None:
        self._file.write(json.dumps(entry) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())


async def play(svc: GameService, acks: Acks, gid: int, rng: random.Random, pid: int) -> None:
    """Act for whoever must decide in a busy game, as fast as the game allows."""
    while True:
        try:
            info = await svc.game(gid)
            if info.status != "running":
                return
            if not info.awaiting:
                await asyncio.sleep(0.01)
                continue
            state = await svc.state(gid)  # may already be newer than `info`: then the
            pending = caylus.pending(state)  # act below is refused as stale, and tried again
            if not pending or info.seats[pending[0].seat].user_id is None:
                await asyncio.sleep(0.01)
                continue
            seat = info.seats[pending[0].seat]
            action = str(caylus.choose_action(state, seat.seat, rng))
            result = await svc.act(gid, seat.user_id, action, info.version)
        except (err.StaleVersion, err.NotYourDecision, err.GameOver, err.GameNotRunning):
            await asyncio.sleep(rng.random() * 0.01)  # the other process was quicker
            continue
        except (err.NotSaved, StoreError) as error:
            acks.write(kind="store", game=gid, error=str(error)[:200], pid=pid)
            await asyncio.sleep(0.05)
            continue
        except Exception as error:  # reported to the test, which fails on it
            acks.write(kind="error", game=gid, error=f"{type(error).__name__}: {error}"[:300])
            await asyncio.sleep(0.05)
            continue
        acks.write(
            kind="act",
            game=gid,
            version=result.version,
            moves=[[m.seq, m.seat, m.action] for m in result.moves],
            outbox=result.outbox_id,
            pid=pid,
        )


async def tick(clock: ClockService, acks: Acks, now: Any, pid: int) -> None:
    while True:
        try:
            notices = await clock.tick(now())
        except Exception as error:
            acks.write(kind="error", game=0, error=f"tick {type(error).__name__}: {error}"[:300])
            await asyncio.sleep(0.05)
            continue
        for notice in notices:
            if notice.kind == "expired":
                assert notice.result is not None
                acks.write(
                    kind="expired",
                    game=notice.game_id,
                    seat=notice.seat,
                    moves=[[m.seq, m.seat, m.action] for m in notice.result.moves],
                    outbox=notice.result.outbox_id,
                    pid=pid,
                )
            elif notice.kind == "reminder":
                assert notice.deadline is not None
                acks.write(
                    kind="reminder",
                    game=notice.game_id,
                    seq=notice.deadline.seq,
                    seat=notice.seat,
                    items=list(notice.extra["items"]),
                    pid=pid,
                )
        await asyncio.sleep(0.02)


async def post(svc: GameService, acks: Acks, ids: list[int], rng: random.Random, pid: int) -> None:
    """What the Discord layer does with the outbox: claim a game's rows, post, mark them."""
    while True:
        gid = rng.choice(ids)
        try:
            for row in await svc.undelivered(gid, wait=0.5):
                await asyncio.sleep(rng.random() * 0.005)  # "posting"
                await svc.post_delivered(row.id)
                acks.write(kind="posted", game=gid, outbox=row.id, pid=pid)
        except (err.NotSaved, StoreError):
            await asyncio.sleep(0.05)
        except Exception as error:
            acks.write(kind="error", game=gid, error=f"post {type(error).__name__}: {error}"[:300])
        await asyncio.sleep(0.01)


async def main(argv: list[str]) -> None:
    url, ack_path, seed = argv[0], argv[1], int(argv[2])
    base, t0, speed = float(argv[3]), float(argv[4]), float(argv[5])
    busy = [int(x) for x in argv[6].split(",") if x]
    idle = [int(x) for x in argv[7].split(",") if x]

    def virtual() -> float:
        return base + (time.time() - t0) * speed

    def now() -> datetime:
        return datetime.fromtimestamp(virtual(), UTC)

    svc = await GameService.open(url, rng=random.Random(seed), clock=virtual, pool_size=6)
    clock = ClockService(svc)
    acks = Acks(ack_path)
    pid = os.getpid()
    acks.write(kind="ready", pid=pid)
    rng = random.Random(seed)
    await asyncio.gather(
        *(play(svc, acks, gid, random.Random(rng.random()), pid) for gid in busy),
        tick(clock, acks, now, pid),
        post(svc, acks, busy + idle, random.Random(rng.random()), pid),
    )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
