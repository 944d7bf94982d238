"""Prints one game of a `caylus arena` run turn by turn for one level's seat: at each turn's
start the bailiff, the section under construction, every seat's deniers and prestige and the
seat's cubes; then each of its placements (with the deniers it held) and its other decisions
(provost moves, builds, payments). The game and its moves are those of the arena's game `index`
with the same seats and seed (`--playouts-only`: every search to its playout cap).

Run: python bench/caylus_turns.py [--players 3] [--seats strong,medium,medium] [--seed 1]
     [--index 0] [--level strong]
     (about a minute for a three-player game with a strong seat)

Used to read why a level places few workers or misses a castle scoring (docs/players.md,
"Caylus: strong counts its own gain").
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import caylus
from engine.caylus.ai import automated_action
from engine.caylus.state import State
from engine.players import LEVELS, Budget


def turn_header(state: State, seat: int) -> str:
    cubes = "".join(kind * count for kind, count in state.players[seat].cubes.items()) or "-"
    deniers = [p.deniers for p in state.players]
    prestige = [p.prestige for p in state.players]
    return (
        f"turn {state.turn}: bailiff {state.bailiff}, section {state.section}, "
        f"deniers {deniers}, prestige {prestige}, cubes {cubes} |"
    )


def read_game(players: int, levels: list[str], seed: int, index: int, level: str) -> list[str]:
    shift = index % players  # as the arena seats them
    seated = levels[shift:] + levels[:shift]
    watched = seated.index(level)
    state = caylus.new_game(caylus.Options(players=players), caylus.Setup(seed=seed + index))
    rng = random.Random((seed + index) * 1_000_003)
    lines: list[str] = []
    line: list[str] = []
    turn = -1
    while not state.over:
        decision = state.decision
        assert decision is not None
        seat = decision.seat
        if state.turn != turn:
            if line:
                lines.append(" ".join(line))
            turn = state.turn
            line = [turn_header(state, watched)]
        action = automated_action(state, seat, seated[seat], rng, Budget())  # as the arena
        if seat == watched:
            if decision.kind == "place":
                line.append(f"[{state.players[seat].deniers} d] {action}")
            else:
                line.append(f"<{decision.kind}: {action}>")
        state, _ = caylus.apply(state, action, seat)
    lines.append(" ".join(line))
    outcome = caylus.outcome(state)
    assert outcome is not None
    lines.append(f"scores {outcome.scores}, {level} in seat {watched}, castle {state.castle}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seats", default="strong,medium,medium")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--index", type=int, default=0)
    parser.add_argument("--level", default="strong")
    args = parser.parse_args()
    levels = [level.strip() for level in args.seats.split(",")]
    if len(levels) != args.players or args.level not in levels or set(levels) - set(LEVELS):
        parser.error("--seats names a level (easy, medium, strong) per player, --level one")
    for line in read_game(args.players, levels, args.seed, args.index, args.level):
        print(line, flush=True)


if __name__ == "__main__":
    main()
