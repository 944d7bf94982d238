"""Benchmark: the replay's animation of a whole game (bot/service/replay.py, /caylus replay's
"Animation" button and `caylus replay --animate`).

    python bench/bench_replay.py [--seed 7] [--lang en]
    (about 10 seconds)

Plays a seeded game of the built-in player for each game at its most players (Caylus 5,
Magna Carta 4), then prints one JSON line per game: the actions, the replay's steps (= the
animation's frames), the CPU seconds to rebuild the steps from the record, to draw and encode
the animation (its wall seconds beside them), and its size in bytes (Discord's default upload
limit is 10 MiB = 10485760 bytes).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import i18n
from bench.measure import Stopwatch
from bot.games import ui_for
from bot.service.replay import animation, replay_steps
from engine.record import built_in_game

GAMES = (("caylus", 5), ("magna-carta", 4))
NAMES = ["Alice", "Bob", "Carol", "Dan", "Eve"]
UPLOAD_LIMIT = 10 * 1024 * 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    for kind, players in GAMES:
        record = built_in_game(kind, players, args.seed)
        with i18n.using(args.lang):
            with Stopwatch() as replaying:
                steps = replay_steps(record)
            with Stopwatch() as animating:
                data = animation(ui_for(kind), steps, NAMES[:players])
        print(
            json.dumps(
                {
                    "game": kind,
                    "players": players,
                    "seed": args.seed,
                    "actions": len(record.actions),
                    "frames": len(steps),
                    "replay_cpu_seconds": round(replaying.cpu_s, 3),
                    "animation_cpu_seconds": round(animating.cpu_s, 2),
                    "animation_wall_seconds": round(animating.wall_s, 2),
                    "bytes": len(data),
                    "share_of_upload_limit": round(len(data) / UPLOAD_LIMIT, 3),
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
