"""`caylus render`: draw a board to a PNG file, from a game record or a seeded random game.

caylus render --record game.json --out board.png
caylus render --seed 7 --players 4 --turn 6 --phase 2 --out board.png
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from engine import caylus
from engine.caylus.state import State
from engine.errors import BadSetup, EngineError, quoted
from engine.record import GameRecord, initial_state


def _not_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--record", help="a game record (JSON); draws its last state")
    parser.add_argument(
        "--upto",
        type=_not_negative,
        default=None,
        help="with --record: stop after this many actions",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of a random game")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--favor-mode", choices=("full", "simplified"), default="full")
    parser.add_argument("--tile-set", choices=("revised", "first"), default="revised")
    parser.add_argument(
        "--turn",
        type=int,
        default=None,
        help="random game: stop when this turn is reached (default: the end)",
    )
    parser.add_argument(
        "--phase",
        type=int,
        default=2,
        choices=range(1, 8),
        help="random game: ... and this phase (1-7)",
    )
    parser.add_argument("--names", nargs="+", default=None, help="display names by seat")
    parser.add_argument(
        "--no-highlight",
        action="store_true",
        help="do not highlight what changed in the last phase",
    )
    parser.add_argument("--out", default="board.png", help="PNG file to write")


class _PhaseTracker:
    """Remembers the first state of the current phase and of the one before it."""

    def __init__(self, state: State) -> None:
        self.current = state
        self.previous: State | None = None

    def step(self, new_state: State) -> None:
        if (new_state.turn, new_state.phase) != (self.current.turn, self.current.phase):
            self.previous, self.current = self.current, new_state


def random_game(
    seed: int,
    players: int,
    turn: int | None,
    phase: int,
    favor_mode: str = "full",
    tile_set: str = "revised",
) -> tuple[State, State | None]:
    """A seeded random game stopped at the first decision of (turn, phase) or later.

    Returns the state and the state at the start of the phase before (for the highlight).
    """
    options = caylus.Options(players=players, favor_mode=favor_mode, tile_set=tile_set)
    state = caylus.new_game(options, caylus.Setup(seed=seed))
    rng = random.Random(seed)
    tracker = _PhaseTracker(state)
    while not state.over:
        if turn is not None and (state.turn, state.phase) >= (turn, phase):
            break
        seat = state.decision.seat  # type: ignore[union-attr]
        state, _ = caylus.apply(state, caylus.choose_action(state, seat, rng))
        tracker.step(state)
    return state, tracker.previous


def from_record(path: str, upto: int | None) -> tuple[State, State | None]:
    """The state after the record's actions (or its first `upto`), and the phase start before.

    A record that is not one, or not of Caylus, raises BadSetup; a file that cannot be read,
    OSError (the command prints either as one line).
    """
    record = GameRecord.from_json(Path(path).read_bytes())
    if record.game != caylus.name:
        raise BadSetup(
            f"The renderer draws Caylus boards; this record is of {quoted(record.game)}."
        )
    actions = record.actions if upto is None else record.actions[:upto]
    state = initial_state(record)
    tracker = _PhaseTracker(state)
    for index, text in enumerate(actions):
        try:
            state, _ = caylus.apply(state, text)
        except EngineError as error:
            print(
                f"action {index} {quoted(text)} failed: {error} Drawing the state before it.",
                file=sys.stderr,
            )
            break
        tracker.step(state)
    return state, tracker.previous


def run(args: argparse.Namespace) -> int:
    from render import render_png

    if args.record:
        state, previous = from_record(args.record, args.upto)
    else:
        state, previous = random_game(
            args.seed, args.players, args.turn, args.phase, args.favor_mode, args.tile_set
        )
    png = render_png(state, names=args.names, previous=None if args.no_highlight else previous)
    Path(args.out).write_bytes(png)
    status = "game over" if state.over else f"turn {state.turn} phase {state.phase}"
    print(f"wrote {args.out} ({len(png) // 1024} KB, {status})")
    return 0
