"""CPU instructions per random 4-player Caylus game, counted by valgrind (callgrind), so the
figure does not drift with the machine or its load. Prints one JSON object.

Run: python bench/bench_instructions.py [--games N]   (needs valgrind on the PATH)
     (about 5 minutes at the default 20 games; --games 5 about 90 seconds)

Both paths play the one rules engine (engine/caylus/fast_game.py), N seeded games of uniformly
random legal moves (the seed's generator picks `options[randrange(len(options))]`, the same
games on both paths):
- `bot`: `caylus.apply` and `legal_actions`, the immutable API the bot plays through (events,
  checks, a new State for every move);
- `bot_stored`: the same, and every new state's JSON made, as the service stores each one (every
  field of every state is read: the layer's lazy reading saves nothing there; no target);
- `search`: `FastGame.play` on one in-place game, as the automated players search.
A game's cost is (instructions of N games - instructions of 0 games) / N: the interpreter's
start-up and the imports are the same in both runs and cancel out (a few games carry a larger
share of what the first game does once). The targets: at most 9 million instructions a game on
the bot's path (4.45 million on the compiled core), 11 million on the search's; docs/players.md
("Speed") keeps the figures measured and where a game's instructions go.

It counts the build that runs (`engine` in the output: compiled when `python -m engine.compile`
built the core from today's sources); `CAYLUS_PURE_ENGINE=1 python bench/bench_instructions.py`
counts the pure Python modules.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TARGETS: dict[str, int | None] = {"bot": 9_000_000, "bot_stored": None, "search": 11_000_000}
COMPILED_BOT_TARGET = 4_450_000  # the bot's path on the compiled core


def play(path: str, games: int) -> None:
    """N random 4-player games on `path` (run inside valgrind by `count`)."""
    from engine import caylus
    from engine.caylus.fast_game import FastGame

    for seed in range(games):
        rng = random.Random(seed)
        state = caylus.new_game(caylus.Options(players=4), caylus.Setup(seed=seed))
        if path == "search":
            game = FastGame.from_state(state)
            while not game.over:
                options = game.options
                game.play(options[rng.randrange(len(options))])
        else:
            while not state.over:
                seat = state.decision.seat  # type: ignore[union-attr]
                legal = caylus.legal_actions(state, seat)
                state, _ = caylus.apply(state, legal[rng.randrange(len(legal))], seat)
                if path == "bot_stored":
                    state.model_dump_json()  # as the store keeps every state's snapshot


def count(path: str, games: int) -> int:
    """Instructions valgrind counts for a run of `games` games on `path`."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--play",
        path,
        "--games",
        str(games),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--play", choices=tuple(TARGETS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.play, args.games)
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is needed: install it (e.g. apt-get install valgrind) and run again.")
    from engine.compiled import COMPILED, running

    result: dict[str, object] = {"games": args.games, "players": 4, "engine": running()}
    targets = {**TARGETS, "bot": COMPILED_BOT_TARGET} if COMPILED else TARGETS
    for path, target in targets.items():
        per_game = round((count(path, args.games) - count(path, 0)) / args.games)
        result[f"{path}_instructions_per_game"] = per_game
        if target is not None:
            result[f"{path}_target"] = target
            result[f"{path}_meets_target"] = per_game <= target
    print(json.dumps(result))


if __name__ == "__main__":
    main()
