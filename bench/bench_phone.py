"""Benchmark: what the bot posts per game, and how small the text is on a phone.

    python bench/bench_phone.py [--seed 3] [--runs 15]

Plays seeded random games the way the bot posts them (one post each time an action ends a
phase; `previous` = the state at the start of the phase, `events` = the events of the phases
that ended) and prints one JSON object:

- "bytes_per_game": the sum of `render_phase_pictures` over every post of a complete 3- and
  4-player game (the card after every phase, the whole board when a workers phase begins and
  at the end), the same without the per-turn boards, and the whole RGB board after every phase
  (what was posted before);
- "smallest_text": every text drawn goes through `render.pieces.text`, which records its font
  size; the smallest displayed capital height is cap height / font size (0.729 for DejaVu Sans
  Condensed) x smallest font px x 400 / picture width, for the card and the whole board, over
  2- to 5-player games in both favor modes, several phases each and the final board;
- "timings": CPU milliseconds (min / median / max, median wall time beside it) of drawing +
  encoding one post's pictures, at the state bench_render.py times (bench/measure.py).

About 30 seconds at the defaults.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.measure import CAYLUS_SAMPLE, caylus_state_name, timed_ms
from render import theme as t
from render import to_png
from render.caylus import (
    look,
    render_card,
    render_card_png,
    render_image,
    render_phase_pictures,
    render_png,
)
from render.caylus.sample import game_posts, random_post
from render.pieces import recording_text

NAMES = ["Alice", "Bob", "Carol", "Dan", "Eve"]


def smallest_text(draw: object, width: int) -> dict[str, object]:
    with recording_text() as drawn:
        draw()  # type: ignore[operator]
    smallest = min(drawn, key=lambda x: x.size)
    return {
        "font_px": smallest.size,
        "width_px": width,
        "text": smallest.text,
        "cap_px_at_400": round(t.displayed_cap_height(smallest.size, width), 2),
    }


def text_sizes(seed: int) -> dict[str, object]:
    """The smallest text of the card and of the board over many states and player counts."""
    card: dict[str, object] | None = None
    board: dict[str, object] | None = None
    states = 0
    for players in (2, 3, 4, 5):
        for mode in ("full", "simplified"):
            posts = list(game_posts(seed + players, players, mode))
            picked = [*posts[:: max(1, len(posts) // 8)], posts[-1]]
            for post in picked:
                names = NAMES[:players]
                states += 1
                c = smallest_text(
                    lambda p=post, n=names: render_card(
                        p.state, names=n, previous=p.previous, events=p.events
                    ),
                    t.CARD_WIDTH,
                )
                b = smallest_text(
                    lambda p=post, n=names: render_image(
                        p.state, names=n, previous=p.previous, events=p.events
                    ),
                    look.WIDTH,
                )
                if card is None or c["cap_px_at_400"] < card["cap_px_at_400"]:  # type: ignore[operator]
                    card = c
                if board is None or b["cap_px_at_400"] < board["cap_px_at_400"]:  # type: ignore[operator]
                    board = b
    return {"states": states, "card": card, "whole_board": board}


def bytes_per_game(seed: int, players: int) -> dict[str, object]:
    posted = cards = boards = before = card_bytes = final_board = 0
    largest = 0
    posts = list(game_posts(seed, players))
    for post in posts:
        names = NAMES[:players]
        pictures = render_phase_pictures(
            post.state, names=names, previous=post.previous, events=post.events
        )
        for picture in pictures:
            posted += len(picture.data)
            largest = max(largest, len(picture.data))
        cards += 1
        card_bytes += len(pictures[0].data)
        boards += len(pictures) - 1
        if post.state.over:
            final_board = sum(len(p.data) for p in pictures[1:])
        before += len(to_png(render_image(post.state, names=names, previous=post.previous)))
    return {
        "players": players,
        "posts": len(posts),
        "cards": cards,
        "whole_boards": boards,
        "posted_bytes": posted,
        "posted_mb": round(posted / 1e6, 2),
        "largest_picture_bytes": largest,
        "average_card_bytes": card_bytes // max(1, cards),
        "cards_and_final_board_only_mb": round((card_bytes + final_board) / 1e6, 2),
        "before_rgb_board_every_phase_mb": round(before / 1e6, 2),
    }


def timings(runs: int) -> dict[str, object]:
    """CPU time of one post's pictures at the state bench_render.py times (bench/measure.py)."""
    sample = CAYLUS_SAMPLE
    mid = random_post(sample["seed"], sample["players"], sample["turn"], sample["phase"])
    kw = {"names": NAMES, "previous": mid.previous, "events": mid.events}
    render_phase_pictures(mid.state, **kw)  # warm the font and text caches
    return {
        "state": caylus_state_name(
            sample["players"], sample["seed"], mid.state.turn, mid.state.phase
        ),
        "card": timed_ms(lambda: render_card_png(mid.state, **kw), runs),
        "card_draw_only": timed_ms(lambda: render_card(mid.state, **kw), runs),
        "whole_board_palette": timed_ms(lambda: render_png(mid.state, **kw), runs),
        "whole_board_rgb_before": timed_ms(lambda: to_png(render_image(mid.state, **kw)), runs),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    result = {
        "phone_width_px": t.PHONE_WIDTH,
        "card_width_px": t.CARD_WIDTH,
        "smallest_text": text_sizes(args.seed),
        "bytes_per_game": [bytes_per_game(args.seed, 3), bytes_per_game(args.seed, 4)],
        "timings": timings(args.runs),
    }
    print(json.dumps(result, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
