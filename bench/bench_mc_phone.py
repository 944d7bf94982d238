"""Benchmark: what the bot posts per Magna Carta game, and how small the text is on a phone.

    python bench/bench_mc_phone.py [--seed 3] [--games 3] [--runs 15]

Plays seeded games of the built-in player the way the bot posts them (one post each time an
action ends a phase; `previous` = the state at the start of the phase, `events` = the events
of the phases that ended; render/magna_carta/sample.py) and prints one JSON object:

- "smallest_text": every text drawn goes through `render.pieces.text`, which records its font
  size; the smallest displayed capital height is cap height / font size (0.729 for DejaVu Sans
  Condensed) x smallest font px x 400 / picture width, for the phone card, the whole board and
  the hand, over 2- to 4-player games of both rule sets, several posts each and the end;
- "bytes_per_game": per player count and rule set, the sum of `render_phase_pictures` over
  every post of a whole game (the card after every phase, the whole board when an actions
  phase begins and at the end), averaged over `--games` games; and the size of a hand picture
  (a private reply, not posted in the channel);
- "timings": CPU milliseconds (min / median / max, median wall time beside it) of drawing +
  encoding one card, one board and one hand (the state named as bench/measure.py names it).

About 1 minute at the defaults.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.measure import magna_carta_state_name, timed_ms
from engine.magna_carta import view
from render import theme as t
from render.magna_carta import (
    render_board,
    render_board_picture,
    render_card,
    render_hand,
    render_hand_picture,
    render_phase_pictures,
)
from render.magna_carta.sample import Post, game_posts
from render.pieces import recording_text

NAMES = ["Alice", "Bob", "Carol", "Dan"]
VARIANTS = ("beginner", "standard")


def _views(post: Post):
    previous = view(post.previous, None) if post.previous is not None else None
    return view(post.state, None), previous


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
    """The smallest text of the card, the board and the hand over many states."""
    best: dict[str, dict[str, object]] = {}
    states = 0
    for players in (2, 3, 4):
        for variant in VARIANTS:
            posts = list(game_posts(seed + players, players, variant))
            for post in [*posts[:: max(1, len(posts) // 8)], posts[-1]]:
                current, previous = _views(post)
                names = NAMES[:players]
                states += 1
                found = {
                    "card": smallest_text(
                        lambda c=current, p=previous, e=post.events, n=names: render_card(
                            c, names=n, previous=p, events=e
                        ),
                        t.CARD_WIDTH,
                    ),
                    "whole_board": smallest_text(
                        lambda c=current, p=previous, n=names: render_board(c, names=n, previous=p),
                        t.CARD_WIDTH,
                    ),
                    "hand": smallest_text(
                        lambda s=post.state, n=names: render_hand(view(s, 0), names=n),
                        t.CARD_WIDTH,
                    ),
                }
                for key, value in found.items():
                    if key not in best or value["cap_px_at_400"] < best[key]["cap_px_at_400"]:  # type: ignore[operator]
                        best[key] = value
    return {"states": states, **best}


def bytes_per_game(seed: int, players: int, variant: str, games: int) -> dict[str, object]:
    posted = cards = boards = card_bytes = largest = posts_count = 0
    hand_bytes: list[int] = []
    for game in range(games):
        posts = list(game_posts(seed + game, players, variant))
        posts_count += len(posts)
        names = NAMES[:players]
        for post in posts:
            current, previous = _views(post)
            pictures = render_phase_pictures(
                current, names=names, previous=previous, events=post.events
            )
            for picture in pictures:
                posted += len(picture.data)
                largest = max(largest, len(picture.data))
            cards += 1
            card_bytes += len(pictures[0].data)
            boards += len(pictures) - 1
        middle = posts[len(posts) // 2].state
        hand_bytes.append(len(render_hand_picture(view(middle, 0), names=names).data))
    return {
        "players": players,
        "rules": variant,
        "games": games,
        "posts_per_game": round(posts_count / games, 1),
        "whole_boards_per_game": round(boards / games, 1),
        "posted_bytes_per_game": posted // games,
        "posted_mb_per_game": round(posted / games / 1e6, 2),
        "average_card_bytes": card_bytes // max(1, cards),
        "largest_picture_bytes": largest,
        "hand_picture_bytes": statistics.median(hand_bytes),
    }


def timings(seed: int, runs: int) -> dict[str, object]:
    posts = list(game_posts(seed, 4, "standard"))
    mid = next(p for p in posts if p.state.round >= 6 and p.state.phase == 2)
    current, previous = _views(mid)
    kw = {"names": NAMES, "previous": previous, "events": mid.events}
    render_phase_pictures(current, **kw)  # warm the font and text caches
    return {
        "state": magna_carta_state_name(4, "standard", seed, current.round, current.phase),
        "card": timed_ms(lambda: render_phase_pictures(current, board=False, **kw), runs),
        "card_draw_only": timed_ms(lambda: render_card(current, **kw), runs),
        "whole_board": timed_ms(lambda: render_board_picture(current, **kw), runs),
        "hand": timed_ms(lambda: render_hand_picture(view(mid.state, 0), names=NAMES), runs),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    result = {
        "phone_width_px": t.PHONE_WIDTH,
        "picture_width_px": t.CARD_WIDTH,
        "smallest_text": text_sizes(args.seed),
        "bytes_per_game": [
            bytes_per_game(args.seed, players, variant, args.games)
            for variant in VARIANTS
            for players in (2, 3, 4)
        ],
        "timings": timings(args.seed, args.runs),
    }
    print(json.dumps(result, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
