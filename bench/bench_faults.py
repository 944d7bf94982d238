"""Discord failures during play: prints one JSON object.

    python bench/bench_faults.py [--games 10] [--steps 150] [--seed 1]
    (about 3 minutes at the defaults)

Plays `--games` three-player games in the simulated Discord (SimCord, the real discord.py code
paths). Before each move, with some probability, posting in the game's channel starts to fail:
server errors for a few requests, or the bot's Send Messages permission is taken away. After the
move, Discord recovers (the faults end, the permission comes back) and an hour of virtual time
passes, so the scheduler runs. Then the game must have exactly one prompt for the decision now
pending, with buttons of the current version, and nothing left in its outbox.

Counts: moves, injected failures, moves whose posts failed (the player was told), and games
left without a prompt (the target is zero).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from tests.discord_harness import said, table
from tests.test_discord_clock import start_game
from tests.test_discord_faults import permissions_home


async def one_game(root: Path, seed: int, steps: int) -> dict[str, int]:
    rng = random.Random(seed)
    counts = {"moves": 0, "injected": 0, "told_not_posted": 0, "without_prompt": 0}
    async with table(root, 3, seed=seed, render_boards=False) as tb:
        await start_game(tb, 3)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        gid = info.id
        for _ in range(steps):
            info = await tb.service.game(gid)
            if info.status != "running":
                break
            overwrite = None
            if rng.random() < 0.3:
                counts["injected"] += 1
                if rng.random() < 0.6:
                    path = f"/channels/{tb.channel.id}/messages"
                    tb.env.inject_error("POST", path, status=500, times=rng.randint(1, 6))
                else:
                    overwrite = Overwrite(
                        target_id=tb.env.bot.user.id,
                        type=OverwriteType.MEMBER,
                        allow=0,
                        deny=discord.Permissions(
                            send_messages=True, send_messages_in_threads=True
                        ).value,
                    )
                    # the game's thread has the permissions of its channel
                    permissions_home(tb).overwrites.append(overwrite)
            result = await tb.step(pass_rate=0.6, play_rate=0.1)
            counts["moves"] += 1
            if "could not post" in said(result):
                counts["told_not_posted"] += 1
            tb.env.backend.faults.clear()
            if overwrite is not None:
                permissions_home(tb).overwrites.remove(overwrite)
            await tb.env.advance_time(3600)
            info = await tb.service.game(gid)
            if info.status != "running":
                break
            last = tb.last_prompt()
            marks = (f"cay:b:{gid}:{info.version}:", f"cay:s:{gid}:{info.version}:")
            current = last is not None and any(
                (getattr(item, "custom_id", "") or "").startswith(marks)
                for row in last.components
                for item in getattr(row, "children", [row])
            )
            if not current or await tb.service.undelivered(gid):
                counts["without_prompt"] += 1
                break
    return counts


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    totals = {"games": args.games, "moves": 0, "injected": 0, "told_not_posted": 0}
    totals["games_left_without_prompt"] = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.games):
            root = Path(tmp) / f"g{k}"
            root.mkdir()
            counts = await one_game(root, args.seed + k, args.steps)
            for key in ("moves", "injected", "told_not_posted"):
                totals[key] += counts[key]
            totals["games_left_without_prompt"] += counts["without_prompt"]
    totals["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(totals))


if __name__ == "__main__":
    asyncio.run(main())
