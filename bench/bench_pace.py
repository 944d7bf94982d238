"""Pace: how long a 3-player game lasts when its players look at Discord only now and then.

    python bench/bench_pace.py [--games 20] [--seed 1] [--premoves 6]
    (about 30 seconds at the defaults)

Three humans, in Asia/Tokyo, Europe/Amsterdam and America/Los_Angeles, each look at Discord at
4 random moments of every waking day (08:00-23:00 local) and then answer everything pending
for them. The same games (same seeds) are played twice through the game service, on a virtual
clock: plans off (every decision asked when it comes, standing orders 'ask') and plans on (the
defaults the interface offers: standing orders as in /caylus settings, the placement's default
answer ahead, the offered premoves queued, the questions ahead answered). Prints one JSON line:

    {"off": {"waits_per_turn": .., "pings_per_player": .., "median_days": .., ...},
     "on": {...}, "speedup": ..}

Definitions (docs/pace.md): a *wait* is a period in which the game cannot go on until one
player answers (it begins when the game comes to that player's decision and ends at their next
look; questions answered ahead by several players meanwhile are part of it). A *ping* is a new
prompt message that mentions a player: a player is pinged when they become asked (the game
waits for their decision, or a question of theirs is due in parallel) after not being asked;
staying asked across their own consecutive decisions is the same message. Days: from the start
to the end of the game. The decision clock plays no part (a look comes within a day).
"""

from __future__ import annotations

import argparse
import asyncio
import heapq
import json
import random
import statistics
import sys
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.caylus import plans as pl
from bot.service import GameService
from engine import caylus
from engine.caylus.lookahead import with_decision

ZONES = ("Asia/Tokyo", "Europe/Amsterdam", "America/Los_Angeles")
LOOKS_PER_DAY = 4
WAKE, SLEEP = 8, 23  # local hours: looks fall in [08:00, 23:00)
START = datetime(2025, 3, 3, 12, 0, tzinfo=UTC)  # the moment each game starts
GUILD, CHANNEL = 1, 1
USERS = (1001, 1002, 1003)


@dataclass
class Stats:
    turns: int = 0
    waits: int = 0
    pings: int = 0
    days: float = 0.0
    decisions: int = 0  # decisions of the humans (asked or planned)
    planned: int = 0  # of those, played from plans and standing orders


def looks(zone: str, rng: random.Random):
    """The moments (Unix seconds) a player in `zone` looks at Discord, from START on."""
    tz = ZoneInfo(zone)
    day = START.astimezone(tz).date()
    while True:
        moments = sorted(rng.uniform(WAKE, SLEEP) for _ in range(LOOKS_PER_DAY))
        for hours in moments:
            local = datetime(day.year, day.month, day.day, tzinfo=tz) + timedelta(hours=hours)
            if local >= START:
                yield local.timestamp()
        day += timedelta(days=1)


class Clock:
    def __init__(self) -> None:
        self.now = START.timestamp()

    def __call__(self) -> float:
        return self.now


async def play_game(path: Path, seed: int, plans_on: bool, premoves: int) -> Stats:
    clock = Clock()
    svc = await GameService.open(path, rng=random.Random(seed), clock=clock)
    try:
        return await _play(svc, clock, seed, plans_on, premoves)
    finally:
        await svc.close()


async def _play(svc: GameService, clock: Clock, seed: int, plans_on: bool, premoves: int) -> Stats:
    stats = Stats()
    if not plans_on:
        for user in USERS:
            await svc.set_default_orders(user, inn="ask", bribe="ask", castle="ask")
    game = await svc.create_game(GUILD, CHANNEL + seed, USERS[0], players=3)
    for user in USERS[1:]:
        await svc.join(game.id, user)
    await svc.start(game.id, USERS[0])
    gid = game.id
    seat_of = {s.user_id: s.seat for s in (await svc.game(gid)).seats}
    brains = {u: random.Random(seed * 7919 + k) for k, u in enumerate(USERS)}
    schedule = [looks(z, random.Random(seed * 104729 + k)) for k, z in enumerate(ZONES)]
    events = [(next(schedule[k]), k) for k in range(len(USERS))]
    heapq.heapify(events)

    asked: set[int] = set()  # players with a live prompt

    async def asked_now() -> tuple[set[int], int | None]:
        if plans_on:
            now = await svc.ask_now(gid)
            return set(now.asked), now.waiting_for
        info = await svc.game(gid)
        waiting = info.awaiting_user_ids
        return set(waiting), (waiting[0] if waiting else None)

    async def after_change() -> None:
        nonlocal asked
        fresh, _ = await asked_now()
        stats.pings += len(fresh - asked)
        asked = fresh

    await after_change()
    blocked = (await svc.game(gid)).awaiting_user_ids
    stats.waits += 1 if blocked else 0
    block_key = (blocked[0], (await svc.game(gid)).seq) if blocked else None

    while True:
        info = await svc.game(gid)
        if info.status != "running":
            break
        when, k = heapq.heappop(events)
        heapq.heappush(events, (next(schedule[k]), k))
        clock.now = when
        user = USERS[k]
        if user not in asked:
            continue  # nothing pending for this player: the look changes nothing
        await _answer_everything(
            svc, gid, user, seat_of[user], brains[user], plans_on, premoves, after_change
        )
        info = await svc.game(gid)
        if info.status == "running" and info.awaiting_user_ids:
            key = (info.awaiting_user_ids[0], info.seq)
            if key != block_key:
                stats.waits += 1
                block_key = key

    state = await svc.state(gid)
    stats.turns = state.turn
    stats.days = (clock.now - START.timestamp()) / 86_400
    for row in await svc.store.log(gid):
        if not row.by_bot:
            stats.decisions += 1
            stats.planned += row.planned
    return stats


async def _answer_everything(
    svc: GameService,
    gid: int,
    user: int,
    seat: int,
    brain: random.Random,
    plans_on: bool,
    premoves: int,
    after_change,
) -> None:
    """The player answers what is pending for them: their decisions while the game waits for
    them, and (plans on) every open question ahead, until nothing is left for them."""
    answered: set[str] = set()
    for _ in range(1000):
        info = await svc.game(gid)
        if info.status != "running":
            return
        if user in info.awaiting_user_ids:
            state = await svc.state(gid)
            action = caylus.choose_action(state, seat, brain)
            plans = (
                await _with_placement(svc, gid, user, seat, state, action, brain, premoves)
                if plans_on
                else []
            )
            await svc.act(gid, user, str(action), info.version, plans=plans)
            await after_change()
            continue
        if not plans_on:
            return
        open_ = [
            q
            for q in await svc.questions_for(gid, user)
            if not q.now and q.open and q.key not in answered
        ]
        if not open_:
            return
        q = open_[0]
        answered.add(q.key)
        option = (
            q.default if q.kind == "castle" else str(caylus.choose_action(q.state, seat, brain))
        )
        await svc.answer(gid, user, q.key, option, provost=q.provost)
        await after_change()


async def _with_placement(
    svc: GameService,
    gid: int,
    user: int,
    seat: int,
    state,
    action,
    brain: random.Random,
    premoves: int,
) -> list:
    """Plans made with a placement: the default answers ahead it offers, and the premoves
    offered after it (the placements this player means to make next, as things stand)."""
    if state.decision.kind != "place":
        return []
    plans = [
        q.plan(q.default)
        for q in await svc.answer_ahead_options(gid, user, action)
        if q.default is not None
    ]
    if action.verb != "place":
        return plans
    s, _ = caylus.apply(state, action, seat)
    for _ in range(premoves):
        if s.over or s.phase != 2 or seat in s.passed:
            break
        mine = with_decision(s, "place", seat)
        nxt = caylus.choose_action(mine, seat, brain)
        plans.append(pl.Premove(target=nxt.arg or "pass"))
        if nxt.verb != "place":
            break
        s, _ = caylus.apply(mine, nxt, seat)
    return plans


def summary(results: list[Stats]) -> dict:
    turns = sum(r.turns for r in results)
    decisions = sum(r.decisions for r in results)
    return {
        "games": len(results),
        "waits_per_turn": round(sum(r.waits for r in results) / turns, 2),
        "pings_per_player": round(sum(r.pings for r in results) / len(results) / len(USERS), 1),
        "median_days": round(statistics.median(r.days for r in results), 1),
        "turns_per_game": round(turns / len(results), 1),
        "planned_share": round(sum(r.planned for r in results) / decisions, 2),
    }


async def main(games: int, seed: int, premoves: int) -> dict:
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for mode, on in (("off", False), ("on", True)):
            results = []
            for g in range(games):
                path = Path(tmp) / f"{mode}-{g}.db"
                results.append(await play_game(path, seed * 1000 + g, on, premoves))
            out[mode] = summary(results)
    out["speedup"] = round(out["off"]["median_days"] / out["on"]["median_days"], 2)
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--premoves", type=int, default=6, help="premoves queued at most")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main(args.games, args.seed, args.premoves))))
