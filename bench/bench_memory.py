"""Memory of one bot process over many games: resident memory and live objects, game by game.

    python bench/bench_memory.py [--games 200] [--every 20] [--seed 1]
    (about 20 minutes at the defaults; --games 40, about 4 minutes)

One bot process in the simulated Discord (SimCord, the real discord.py code paths) plays
`--games` 3-player Caylus games one after the other (two people answering the prompts, one
easy bot seat; pictures on), each in a channel of its own that is deleted when the game is over
(as a server cleans up), so the simulator forgets its messages and only the bot's own memory
can grow (the simulator's own records of the requests it served are emptied too); an hour of
simulated time passes between games. After every `--every` games, after
a full garbage collection, it prints a JSON line: resident memory (MB), live objects, and the
live objects of each package that made them
(bot, discord, engine, render, simcord, other). The last line sums up: resident memory at the
end and the growth of live objects over the last half of the games (the targets: at most 250
MB after 200 games, and live objects flat over the last 100: `objects_per_game_last_half`
near 0).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.discord_harness import table

PACKAGES = ("bot", "discord", "engine", "render", "simcord")


def resident_mb() -> float:
    """The process's resident memory now (Linux /proc; the peak elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def forget_simulated_history(backend: Any) -> None:
    """Empty the simulator's own records of what happened (every HTTP request the bot made, the
    transcript, the interactions, the pictures uploaded), which it keeps for tests to read: they
    would grow with every game and hide the bot's own memory."""
    backend.http_requests.clear()
    backend.transcript.clear()
    backend.interactions.clear()
    backend.cdn._blobs.clear()  # the pictures posted, as its CDN keeps them (bytes)


def live_objects() -> tuple[int, dict[str, int]]:
    """Live objects the collector tracks, after a full collection, and by the package of their
    type."""
    gc.collect()
    everything = gc.get_objects()
    by_package: Counter[str] = Counter()
    for obj in everything:
        module = type(obj).__module__
        top = module.partition(".")[0] if isinstance(module, str) else ""
        by_package[top if top in PACKAGES else "other"] += 1
    return len(everything), dict(sorted(by_package.items()))


async def run(games: int, every: int, seed: int) -> dict[str, object]:
    samples: list[tuple[int, int]] = []
    with tempfile.TemporaryDirectory() as tmp:
        async with table(Path(tmp), 3, seed=seed) as tb:
            guild = tb.guild
            for k in range(1, games + 1):
                channel = guild.create_text_channel(f"game-{k}")
                tb.channel = channel
                await tb.open_game(2, bots=1, bot_level="easy")
                await tb.play_out(pass_rate=0.5, play_rate=0.1)
                await tb.env.settle()
                for gone in {
                    tb.channel.id,
                    channel.id,
                }:  # the game's thread, if any, and its channel
                    if gone in tb.env.backend.channels:
                        tb.env.backend.delete_channel(gone)
                # an hour passes between games, as it would between a server's games: what
                # expires (private menus' timeouts, the clock's ticks) gets its chance to
                await tb.env.advance_time(3600)
                forget_simulated_history(tb.env.backend)
                tb.seen.clear()  # the harness's own record of posts
                tb.latencies.clear()
                if k % every == 0 or k == games:
                    count, by_package = live_objects()
                    samples.append((k, count))
                    line = {
                        "games": k,
                        "resident_mb": resident_mb(),
                        "live_objects": count,
                        "by_package": by_package,
                    }
                    print(json.dumps(line), flush=True)
    half = [s for s in samples if s[0] >= games // 2] or samples
    (first_k, first_count), (last_k, last_count) = half[0], half[-1]
    per_game = (last_count - first_count) / max(1, last_k - first_k)
    return {
        "games": games,
        "resident_mb_at_end": resident_mb(),
        "objects_per_game_last_half": round(per_game, 1),
        "targets": "resident memory <= 250 MB after 200 games; live objects flat over the last 100",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--every", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    print(json.dumps(asyncio.run(run(args.games, args.every, args.seed))))


if __name__ == "__main__":
    main()
