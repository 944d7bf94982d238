"""Discord latency: from an interaction's arrival to the bot's complete response.

Plays complete games in the simulated Discord (SimCord, no network) through commands, buttons
and menus, and times every interaction from the moment the simulated user acts until the bot
has finished answering it: acknowledgement, engine (the player's move and the bot seats'),
database commit, board images rendered off the event loop and uploaded, the account of the
phase, and the next prompt. Prints one JSON object.
Run: python bench/bench_discord.py [games] [caylus|magna-carta] [easy|medium|strong]
     (about 30 seconds for the default 4 Caylus games at easy)

The bot seats play at `easy` unless a level is given: a searching level (medium, strong) thinks
for its time budget on every decision by design (0.22 s, 0.9 s a move), and that thinking time,
spent in a worker thread while the event loop goes on, would be counted in the response of the
human move that handed the turn to the bots. Run with `medium` to see it included.
"""

from __future__ import annotations

import asyncio
import json
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.discord_harness import table


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


async def _game(seed: int, humans: int, bots: int, level: str) -> tuple[list[float], int, float]:
    with tempfile.TemporaryDirectory() as tmp:
        async with table(Path(tmp), humans, seed=seed) as tb:
            started = time.perf_counter()
            await tb.open_game(humans, bots=bots, bot_level=level)
            await tb.play_out(pass_rate=0.5, play_rate=0.1)
            images = sum(len(m.attachments) for m in tb.channel.history())
            return tb.latencies, images, time.perf_counter() - started


async def _magna_carta(
    seed: int, humans: int, bots: int, level: str
) -> tuple[list[float], int, float]:
    """A Magna Carta game: public choices on the prompts and private ones from "My hand"."""
    import random

    from tests.discord_harness import is_game_over
    from tests.test_discord_magna_carta import mc_step

    with tempfile.TemporaryDirectory() as tmp:
        async with table(Path(tmp), humans, seed=seed) as tb:
            started = time.perf_counter()
            host = tb.players[0]
            await tb.new_game(host, game="magna-carta", players=humans + bots)
            lobby = tb.channel.last_message
            for player in tb.players[1:humans]:
                await player.click(lobby, label="Join")
            for _ in range(bots):
                await host.slash(tb.channel, "caylus addbot", level=level)
            await tb.timed(host.click(lobby, label="Start"))
            rng = random.Random(seed)
            while not any(is_game_over(m) for m in tb.channel.history()[-3:]):
                await mc_step(tb, rng)
            images = sum(len(m.attachments) for m in tb.channel.history())
            return tb.latencies, images, time.perf_counter() - started


async def main(games: int, game: str = "caylus", level: str = "easy") -> dict:
    latencies: list[float] = []
    images = 0
    seconds = 0.0
    setups = [(3, 0), (2, 2), (4, 0), (3, 2)]
    if game == "magna-carta":
        setups = [(3, 0), (2, 1), (4, 0), (2, 2)]
    play = _magna_carta if game == "magna-carta" else _game
    for k in range(games):
        humans, bots = setups[k % len(setups)]
        lat, imgs, secs = await play(100 + k, humans, bots, level)
        latencies += lat
        images += imgs
        seconds += secs
    ms = [x * 1000 for x in latencies]
    return {
        "benchmark": "discord interaction -> complete response (SimCord, board images on)",
        "game": game,
        "games": games,
        "bot_level": level,
        "interactions": len(ms),
        "board_images": images,
        "p50_ms": round(_quantile(ms, 0.50), 1),
        "p90_ms": round(_quantile(ms, 0.90), 1),
        "p99_ms": round(_quantile(ms, 0.99), 1),
        "max_ms": round(max(ms), 1),
        "mean_ms": round(statistics.fmean(ms), 1),
        "seconds": round(seconds, 2),
    }


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    which = sys.argv[2] if len(sys.argv) > 2 else "caylus"
    level = sys.argv[3] if len(sys.argv) > 3 else "easy"
    print(json.dumps(asyncio.run(main(count, which, level))))
