"""One three-player Caylus game, `strong` against two `medium`, printed turn by turn: the game the
commentary in docs/players.md ("A commented game: strong against two medium") reads.

Run: python bench/bench_commented_game.py [--seed 9103] [--seats strong,medium,medium]
     (about 2 minutes of processor time with the engine's core compiled: every search runs to
     its level's playout cap, no clock, so the game depends on the seed only)

It is game 0 of `caylus arena --game caylus --players 3 --games 1 --seats strong,medium,medium
--seed N --playouts-only` (the same setup, the same random numbers, the same decisions), told as
a player would follow it at the table: per turn, every event in the channel's words (placements,
passes, the castle, buildings built, favors, the section scorings and their penalties), then
per seat the workers placed, the houses in the castle, the deniers and prestige points
(after the next turn's income, which follows the end of a turn at once).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service.automated import safe_action
from engine import caylus
from engine.caylus.state import State
from engine.players import Budget
from render.sentences import event_text

# engine event kinds that say nothing a reader of the game needs (phase marks, turn marks)
_SILENT_KINDS = frozenset({"phase", "turn"})


def _houses(state: State, seat: int) -> int:
    return sum(section.count(seat) for section in state.castle)


def _standing(state: State, names: list[str], placed: list[int]) -> list[str]:
    lines = []
    for seat, name in enumerate(names):
        p = state.players[seat]
        cubes = " ".join(f"{k}{v}" for k, v in sorted(p.cubes.items()) if v)
        lines.append(
            f"  {name}: {p.prestige} PP, {p.deniers} deniers, workers placed {placed[seat]}, "
            f"houses {_houses(state, seat)}, favors {p.favors}, cubes {cubes or '-'}"
        )
    return lines


def play(seed: int, levels: list[str]) -> State:
    game = caylus
    players = len(levels)
    names = [f"{level}#{seat}" for seat, level in enumerate(levels)]
    state = game.new_game(game.Options(players=players), game.Setup(seed=seed))
    rng = random.Random(seed * 1_000_003)  # as `caylus arena` seeds its game 0
    turn = 1
    placed = [0] * players
    print(f"== turn 1 (bailiff {state.bailiff}, provost {state.provost})")
    while not state.over:
        seat = game.pending(state)[0].seat
        decided = safe_action(game, state, seat, levels[seat], rng, Budget())
        if decided.failure is not None:
            print(f"  ! {names[seat]} failed: {decided.failure}; default move played")
        action = decided.action
        if str(action).startswith("place"):  # a road building, a special one or the castle
            placed[seat] += 1
        state, events = game.apply(state, action, seat)
        for event in events:
            if event.kind in _SILENT_KINDS:
                continue
            if event.turn and event.turn != turn:
                # the next turn's income follows the bailiff at once: the standing is the
                # state after it (the income already counted)
                print(*_standing(state, names, placed), sep="\n")
                turn, placed = event.turn, [0] * players
                print(f"\n== turn {turn} (bailiff {state.bailiff}, provost {state.provost})")
            text = event_text(event, names)
            if text:
                print(f"  [{event.phase or state.phase}] {text}")
    print(*_standing(state, names, placed), sep="\n")
    outcome = game.outcome(state)
    assert outcome is not None
    print(f"\nfinal scores: {dict(zip(names, outcome.scores, strict=True))}")
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=9103)
    parser.add_argument("--seats", default="strong,medium,medium")
    args = parser.parse_args()
    play(args.seed, [level.strip() for level in args.seats.split(",")])


if __name__ == "__main__":
    main()
