"""Benchmark: median time to render a mid-game 5-player board at full size, and its PNG size.

    python bench/bench_render.py [--runs 30] [--seed 3] [--turn 8] [--phase 2]

Prints one JSON object. The state comes from a seeded random game (render.cli.random_game).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import render_image, render_png, to_png
from render.cli import random_game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--turn", type=int, default=8)
    parser.add_argument("--phase", type=int, default=2)
    args = parser.parse_args()
    state, previous = random_game(args.seed, 5, args.turn, args.phase)
    names = ["Alice", "Bob", "Carol", "Dan", "Eve"]
    render_png(state, names=names, previous=previous)  # warm the font and text caches
    total, draw, encode = [], [], []
    png = b""
    for _ in range(args.runs):
        t0 = time.perf_counter()
        image = render_image(state, names=names, previous=previous)
        t1 = time.perf_counter()
        png = to_png(image)
        t2 = time.perf_counter()
        draw.append((t1 - t0) * 1000)
        encode.append((t2 - t1) * 1000)
        total.append((t2 - t0) * 1000)
    print(
        json.dumps(
            {
                "state": f"5 players, seed {args.seed}, turn {state.turn} phase {state.phase}",
                "runs": args.runs,
                "size_px": list(image.size),
                "median_ms": round(statistics.median(total), 1),
                "median_draw_ms": round(statistics.median(draw), 1),
                "median_png_encode_ms": round(statistics.median(encode), 1),
                "png_bytes": len(png),
                "png_kb": round(len(png) / 1024, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
