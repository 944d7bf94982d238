"""Turn plans: how many placements still ask a player when everyone plans each turn.

    python bench/bench_turn_plans.py [--games 20] [--seed 1]
    (about 20 seconds at the defaults)

Three humans play whole 3-player Caylus games through the game service (a SQLite file). Every
decision is the easy built-in player's choice. The same games (same seeds) are played twice:
without plans (every placement is asked), and with a turn plan per player per turn: when a
turn's placements begin, each player keeps the plan `suggest_turn_plan` makes ("Suggest a
plan" in the editor: the easy player's placements one after another, with their answers). Prints
one JSON line:

    {"off": {"asked_per_turn": .., "asked_per_game": .., "planned_per_game": .., "turns": ..},
     "on": {...}, "planned_share": ..}

`asked_per_turn`: placement decisions (a placement or a pass) some player was asked, per turn;
`planned_per_game`: placements played from a plan; `planned_share`: the share of all the
placements and passes of the plans-on games that a plan played. A measure of the turn plan
alone: no clock, no looks, no pings (the whole table is measured elsewhere).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import plans as pl
from bot.service import GameService
from engine import caylus

USERS = (100, 101, 102)


async def play(seed: int, plans: bool) -> dict[str, int]:
    """One game: placement decisions asked, placements played from plans, turns."""
    with tempfile.TemporaryDirectory() as folder:
        svc = await GameService.open(str(Path(folder) / "games.db"), rng=random.Random(seed))
        try:
            game = await svc.create_game(1, 2, USERS[0], players=len(USERS))
            for user in USERS[1:]:
                await svc.join(game.id, user)
            await svc.start(game.id, USERS[0])
            rng = random.Random(seed)
            planned_turns: set[int] = set()
            asked = 0
            while True:
                state = await svc.state(game.id)
                if state.over:
                    break
                if plans and state.phase == 2 and state.turn not in planned_turns:
                    planned_turns.add(state.turn)
                    for user in USERS:
                        suggested = await svc.suggest_turn_plan(game.id, user)
                        with contextlib.suppress(pl.BadPlan):  # already passed
                            await svc.set_turn_plan(game.id, user, suggested)
                    continue
                info = await svc.game(game.id)
                seat = info.awaiting[0]
                asked += state.decision.kind == "place"
                action = caylus.automated_action(state, seat.seat, "easy", rng)
                await svc.act(game.id, seat.user_id, str(action), info.version)
            rows = await svc.store.log(game.id)
            placing = [r for r in rows if r.action.startswith("place") or r.action == "pass"]
            return {
                "asked": asked,
                "planned": sum(1 for r in placing if r.planned),
                "placements": len(placing),
                "turns": (await svc.state(game.id)).turn,
            }
        finally:
            await svc.close()


async def measure(games: int, seed: int) -> dict[str, object]:
    out: dict[str, object] = {}
    totals = {}
    for name, plans in (("off", False), ("on", True)):
        found = [await play(seed * 1000 + k, plans) for k in range(games)]
        asked = sum(f["asked"] for f in found)
        turns = sum(f["turns"] for f in found)
        out[name] = {
            "asked_per_turn": round(asked / turns, 2),
            "asked_per_game": round(asked / games, 1),
            "planned_per_game": round(sum(f["planned"] for f in found) / games, 1),
            "turns": round(turns / games, 1),
        }
        totals[name] = sum(f["placements"] for f in found), sum(f["planned"] for f in found)
    placements, planned = totals["on"]
    out["planned_share"] = round(planned / placements, 3) if placements else 0.0
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(measure(args.games, args.seed))))


if __name__ == "__main__":
    main()
