"""The `caylus` console script: bot, simulate, replay, render (contract in ../shared/design.md)."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from engine import GAME_NAMES, get_game
from engine.errors import EngineError
from engine.record import GameRecord, replay


def _simulate(args: argparse.Namespace) -> int:
    from engine.conformance import checker_for

    game = get_game(args.game)
    wanted = {
        "players": args.players,
        "favor_mode": args.favor_mode,
        "tile_set": args.tile_set,
        "variant": args.variant,
    }  # each game takes the options it knows
    options = game.Options(**{k: v for k, v in wanted.items() if k in game.Options.model_fields})
    total_actions = 0
    violations: list[str] = []
    errors: list[str] = []
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        rng = random.Random(seed)
        try:
            state = game.new_game(options, game.Setup(seed=seed))
            checker = checker_for(state, level=args.check) if args.check != "none" else None
            steps = 0
            while not state.over:
                seat = game.pending(state)[0].seat
                if args.player == "uniform":
                    legal = game.legal_actions(state, seat)
                    action = legal[rng.randrange(len(legal))]
                else:
                    action = game.choose_action(state, seat, rng)
                new_state, events = game.apply(state, action, seat)
                if checker is not None:
                    violations.extend(checker.after(state, action, new_state, events))
                state = new_state
                steps += 1
                if steps > args.max_actions:
                    violations.append(f"game {seed}: no end after {steps} actions")
                    break
            if checker is not None:
                violations.extend(checker.at_end(state))
            total_actions += steps
        except Exception as error:  # reported, not raised: the run goes on
            errors.append(f"game {seed}: {type(error).__name__}: {error}")
    seconds = time.perf_counter() - started
    result = {
        "game": args.game,
        "players": args.players,
        "player": args.player,
        "check": args.check,
        "games": args.games,
        "actions": total_actions,
        "actions_per_game": round(total_actions / max(args.games, 1), 1),
        "seconds": round(seconds, 3),
        "games_per_second": round(args.games / seconds, 1),
        "actions_per_second": round(total_actions / seconds, 1),
        "invariant_violations": len(violations),
        "errors": len(errors),
    }
    if violations or errors:
        result["first_problems"] = (violations + errors)[:10]
    print(json.dumps(result))
    return 1 if violations or errors else 0


def _load_record(path: str) -> GameRecord:
    return GameRecord.model_validate_json(Path(path).read_text())


def _replay(args: argparse.Namespace) -> int:
    record = _load_record(args.record)
    result = replay(record)
    if args.json:
        print(result.state.model_dump_json(indent=2))
    if args.png:
        from render import render_png

        Path(args.png).write_bytes(render_png(result.state))
    if result.failure is not None:
        f = result.failure
        print(f"action {f.index} '{f.action}' failed: {f.reason}", file=sys.stderr)
        return 1
    if not args.json:
        print(f"replayed {result.applied} actions; game over: {result.state.over}")
    return 0


def _render(args: argparse.Namespace) -> int:
    from render.cli import run

    return run(args)


def _bot(args: argparse.Namespace) -> int:
    from bot.app import main as bot_main

    return bot_main()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="caylus", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("bot", help="run the Discord bot (settings from the environment / .env)")

    sim = sub.add_parser("simulate", help="play random games and check invariants")
    sim.add_argument("--game", choices=GAME_NAMES, default="caylus")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--favor-mode", choices=("full", "simplified"), default="full")
    sim.add_argument("--tile-set", choices=("revised", "first"), default="revised")
    sim.add_argument(
        "--variant", choices=("beginner", "standard"), default="standard", help="Magna Carta rules"
    )
    sim.add_argument(
        "--check",
        choices=("none", "light", "full"),
        default="light",
        help="invariants after every action: light (cheap), full (also JSON "
        "round trip and replay), none",
    )
    sim.add_argument("--max-actions", type=int, default=5000)
    sim.add_argument(
        "--player",
        choices=("builtin", "uniform"),
        default="builtin",
        help="the built-in player, or uniformly random legal actions",
    )

    rep = sub.add_parser("replay", help="replay a game record")
    rep.add_argument("record")
    rep.add_argument("--json", action="store_true", help="print the final state JSON")
    rep.add_argument("--png", help="render the final board to this PNG file")

    ren = sub.add_parser("render", help="render a board to PNG")
    try:
        from render.cli import configure

        configure(ren)
    except ImportError:  # the renderer is optional for the engine's own commands
        pass
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handlers: dict[str, Any] = {
        "simulate": _simulate,
        "replay": _replay,
        "render": _render,
        "bot": _bot,
    }
    try:
        return int(handlers[args.command](args) or 0)
    except EngineError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
