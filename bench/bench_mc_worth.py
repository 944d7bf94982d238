"""What one more denier, cube or card in hand is worth in Magna Carta final points, by castle
tokens left: the measurement behind `TWO_PLAYER_WORTH` in engine/magna_carta/ai.py.

At the start of each round of built-in games (both seats the searching players' playout policy),
one seat gets one more of an item; the position is played to the end with and without it, with
the same random numbers, and the difference in that seat's final score and in its lead over the
best opponent is averaged per item and per three castle tokens left.

Run: python bench/bench_mc_worth.py [--games 300] [--players 2] [--repeats 2]
     (about 2 minutes at the defaults)
(300 two-player games with 2 repeats: about 1000 positions per item and bucket, a few minutes.)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import magna_carta as mc
from engine.magna_carta import ai
from engine.magna_carta.state import State

ITEMS = ("d", "F", "W", "S", "G", "card")


def play_out(state: State, seed: int) -> list[int]:
    world = ai._World(state)
    rng = random.Random(seed)
    while not world.state.over:
        world.play(ai.builtin_policy(world.state, world.seat, world.options, rng))
    return mc.outcome(world.state).scores


def with_one_more(state: State, seat: int, item: str) -> State | None:
    s = state.copy()
    s.players = [p.clone() for p in s.players]
    p = s.players[seat]
    if item == "d":
        p.deniers += 1
    elif item == "card":
        if not p.deck:
            return None
        p.hand, p.deck = [*p.hand, p.deck[0]], p.deck[1:]
    else:
        p.cubes["FWSG".index(item)] += 1
    return s


def lead(scores: list[int], seat: int) -> int:
    return scores[seat] - max(x for k, x in enumerate(scores) if k != seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    found: dict[tuple[int, str], list[tuple[int, int]]] = {}
    for g in range(args.games):
        state = mc.new_game(mc.Options(players=args.players), mc.Setup(seed=500_000 + g))
        rng = random.Random(g)
        world = ai._World(state)
        last_round = state.round
        while not world.state.over:
            world.play(ai.builtin_policy(world.state, world.seat, world.options, rng))
            s = world.state
            if s.round == last_round or s.over:
                continue
            last_round = s.round
            bucket = 0 if s.last_round else sum(s.tokens) // 3
            seat = rng.randrange(args.players)
            for _ in range(args.repeats):
                seed = rng.randrange(2**30)
                base = play_out(s, seed)
                for item in ITEMS:
                    changed = with_one_more(s, seat, item)
                    if changed is None:
                        continue
                    scores = play_out(changed, seed)
                    gain = scores[seat] - base[seat]
                    found.setdefault((bucket, item), []).append(
                        (gain, lead(scores, seat) - lead(base, seat))
                    )
    print("tokens left: item own gain / lead gain (positions)")
    for bucket in sorted({b for b, _ in found}):
        row = []
        for item in ITEMS:
            pairs = found.get((bucket, item), [])
            if pairs:
                own = statistics.fmean(x for x, _ in pairs)
                diff = statistics.fmean(y for _, y in pairs)
                row.append(f"{item} {own:+.2f}/{diff:+.2f} ({len(pairs)})")
        print(f"{3 * bucket}-{3 * bucket + 2}:", "  ".join(row))


if __name__ == "__main__":
    main()
