"""Benchmark: the time to draw a mid-game 5-player board at full size and encode its PNG, and
its size; the same for the phone card posted after every phase. About 10 seconds at the
defaults.

    python bench/bench_render.py [--runs 30] [--seed 3] [--turn 8] [--phase 2]

Prints one JSON object. The state comes from a seeded random game
(render.caylus.sample.random_post; bench/measure.py names it, the same state bench_phone.py
times). Every time is CPU milliseconds, min / median / max over the runs, with the median wall
time beside it: "whole_board" is drawing + the posted palette PNG (render_png), "draw" and
"png_encode" its two halves; "rgb_png_encode" the full-colour PNG of the same board
(render.to_png), as posted before the palette; "card" the phase card, drawn and encoded.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.measure import CAYLUS_SAMPLE, caylus_state_name, timed_ms
from render import posted_png, to_png
from render import theme as t
from render.caylus import look, render_card, render_image, render_png
from render.caylus.sample import random_post


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--seed", type=int, default=CAYLUS_SAMPLE["seed"])
    parser.add_argument("--turn", type=int, default=CAYLUS_SAMPLE["turn"])
    parser.add_argument("--phase", type=int, default=CAYLUS_SAMPLE["phase"])
    args = parser.parse_args()
    players = CAYLUS_SAMPLE["players"]
    post = random_post(args.seed, players, args.turn, args.phase)
    state = post.state
    kw = {
        "names": ["Alice", "Bob", "Carol", "Dan", "Eve"],
        "previous": post.previous,
        "events": post.events,
    }
    render_png(state, **kw)  # warm the font and text caches
    render_card(state, **kw)
    image = render_image(state, **kw)
    png = posted_png(image, look.BOARD_COLOURS)
    rgb = to_png(image)
    card = posted_png(render_card(state, **kw), t.CARD_COLOURS)
    runs = args.runs
    print(
        json.dumps(
            {
                "state": caylus_state_name(players, args.seed, state.turn, state.phase),
                "runs": runs,
                "size_px": list(image.size),
                "whole_board": timed_ms(
                    lambda: posted_png(render_image(state, **kw), look.BOARD_COLOURS), runs
                ),
                "draw": timed_ms(lambda: render_image(state, **kw), runs),
                "png_encode": timed_ms(lambda: posted_png(image, look.BOARD_COLOURS), runs),
                "png_kb": round(len(png) / 1024, 1),
                "rgb_png_encode": timed_ms(lambda: to_png(image), runs),
                "rgb_png_kb": round(len(rgb) / 1024, 1),
                "card": timed_ms(
                    lambda: posted_png(render_card(state, **kw), t.CARD_COLOURS), runs
                ),
                "card_kb": round(len(card) / 1024, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
