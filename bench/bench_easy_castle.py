"""How well Caylus `easy` builds in the castle: all-easy games played as `caylus arena` plays
them (game k: seed + k, the arena's rng), one JSON line per player count.

Run: python bench/bench_easy_castle.py [--players 2,3,4] [--games 20] [--seed 1]
     (about 2 seconds at the defaults)

Per player count: the mean final score, for each castle section (Dungeon, Walls, Towers) the
share of seats with at least one house in it at the end (a seat without one lost 2, 3 or 4 PP
at its scoring), the mean number of houses per seat, the prestige a seat lost on average to
those penalties, the sections a seat missed per game (scored without a house of its), the
workers a seat placed per turn (the castle, the gate and every other space), and games that
failed (an automated player's error, counted, not raised).
Easy decides in microseconds: 100 four-player games take a few seconds (docs/players.md).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import caylus
from engine.caylus import catalogue as cat
from engine.players import Budget


def measure(players: int, games: int, seed: int) -> dict[str, object]:
    scores: list[int] = []
    housed = [0, 0, 0]
    houses = penalty = seats = failed = missed = 0
    placed = seat_turns = 0
    for index in range(games):
        state = caylus.new_game(caylus.Options(players=players), caylus.Setup(seed=seed + index))
        rng = random.Random((seed + index) * 1_000_003)  # as caylus arena draws it
        try:
            while not state.over:
                seat = caylus.pending(state)[0].seat
                action = caylus.automated_action(state, seat, "easy", rng, Budget())
                if state.decision is not None and state.decision.kind == "place":
                    placed += str(action).startswith("place")
                state, _ = caylus.apply(state, action, seat)
        except Exception as error:  # a player's bug: count the game, say which, go on
            failed += 1
            print(f"game {seed + index}: {type(error).__name__}", file=sys.stderr)
            continue
        scores += caylus.outcome(state).scores
        seat_turns += players * state.turn
        for seat in range(players):
            seats += 1
            for section in range(3):
                count = state.castle[section].count(seat)
                houses += count
                housed[section] += count > 0
                if not count:
                    missed += 1
                    penalty -= cat.section_reward(section, 0)[0]
    return {
        "players": players,
        "games": games,
        "seed": seed,
        "failed_games": failed,
        "mean_score": round(statistics.fmean(scores), 1) if scores else None,
        "share_with_house": [round(count / max(seats, 1), 2) for count in housed],
        "houses_per_seat": round(houses / max(seats, 1), 2),
        "penalty_pp_per_seat": round(penalty / max(seats, 1), 2),
        "sections_missed_per_seat_game": round(missed / max(seats, 1), 2),
        "workers_placed_per_turn": round(placed / max(seat_turns, 1), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        print(json.dumps(measure(players, args.games, args.seed)), flush=True)


if __name__ == "__main__":
    main()
