"""Benchmark: median time to render a mid-game 5-player board at full size, and its PNG size;
the same for the phone card posted after every phase.

    python bench/bench_render.py [--runs 30] [--seed 3] [--turn 8] [--phase 2]

Prints one JSON object. The state comes from a seeded random game
(render.caylus.sample.random_post).
"median_ms" is drawing + the posted palette PNG (render_png); "rgb_png_*" is the full-colour PNG
of the same board (render.to_png), as posted before the palette.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import posted_png, to_png
from render import theme as t
from render.caylus import look, render_card, render_image, render_png
from render.caylus.sample import random_post


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--turn", type=int, default=8)
    parser.add_argument("--phase", type=int, default=2)
    args = parser.parse_args()
    post = random_post(args.seed, 5, args.turn, args.phase)
    state = post.state
    kw = {"names": ["Alice", "Bob", "Carol", "Dan", "Eve"], "previous": post.previous}
    kw_events = {**kw, "events": post.events}
    render_png(state, **kw_events)  # warm the font and text caches
    render_card(state, **kw_events)
    total, draw, encode, rgb_encode, card_total = [], [], [], [], []
    png = rgb = card = b""
    for _ in range(args.runs):
        t0 = time.perf_counter()
        image = render_image(state, **kw_events)
        t1 = time.perf_counter()
        png = posted_png(image, look.BOARD_COLOURS)
        t2 = time.perf_counter()
        rgb = to_png(image)
        t3 = time.perf_counter()
        card = posted_png(render_card(state, **kw_events), t.CARD_COLOURS)
        t4 = time.perf_counter()
        draw.append((t1 - t0) * 1000)
        encode.append((t2 - t1) * 1000)
        total.append((t2 - t0) * 1000)
        rgb_encode.append((t3 - t2) * 1000)
        card_total.append((t4 - t3) * 1000)

    def median(values: list[float]) -> float:
        return round(statistics.median(values), 1)

    print(
        json.dumps(
            {
                "state": f"5 players, seed {args.seed}, turn {state.turn} phase {state.phase}",
                "runs": args.runs,
                "size_px": list(image.size),
                "median_ms": median(total),
                "median_draw_ms": median(draw),
                "median_png_encode_ms": median(encode),
                "png_bytes": len(png),
                "png_kb": round(len(png) / 1024, 1),
                "rgb_png_encode_ms": median(rgb_encode),
                "rgb_png_kb": round(len(rgb) / 1024, 1),
                "card_median_ms": median(card_total),
                "card_kb": round(len(card) / 1024, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
