"""The `caylus` console script: bot, simulate, arena, replay, render, copy-db (see the README)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from pydantic import ValidationError

import i18n.cli as i18n_cli
from bot.service.automated import AutomatedPlayer, engine_player, safe_action
from engine import GAME_NAMES, get_game
from engine.errors import EngineError, quoted, shorten, validation_reason
from engine.players.play_counts import PlayCounts
from engine.protocol import Game, GameState
from engine.record import GameRecord, replay

# Longest error line the commands print: engine messages are short, this only guards the rest.
MESSAGE_LIMIT = 400


class CommandError(Exception):
    """A problem with the command's arguments or files: printed as one line, exit status 1."""


def _game_for(name: str, players: int) -> Game:
    """The game `name`, if `players` can play it; CommandError otherwise."""
    game = get_game(name)
    if not game.min_players <= players <= game.max_players:
        raise CommandError(
            f"{name} is played by {game.min_players}-{game.max_players} players, not {players}."
        )
    return game


def _simulate(args: argparse.Namespace) -> int:
    from engine.conformance import checker_for

    game = _game_for(args.game, args.players)
    wanted = {
        "players": args.players,
        "favor_mode": args.favor_mode,
        "tile_set": args.tile_set,
        "variant": args.variant,
    }  # each game takes the options it knows
    try:
        options = game.Options(
            **{k: v for k, v in wanted.items() if k in game.Options.model_fields}
        )
    except ValidationError as error:
        raise CommandError(f"bad options for {args.game}: {validation_reason(error)}.") from None
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


def _arena(args: argparse.Namespace, player: AutomatedPlayer = engine_player) -> int:
    """Complete games between automated players, seat positions rotated game by game; one JSON
    line: per level its win share (ties shared), mean score, decision times and failures
    (docs/players.md). A player that fails plays the default move for that decision, as a bot
    seat does (bot/service/automated.py), and each failure is one line on stderr.
    """
    from engine.players import LEVELS, Budget

    game = _game_for(args.game, args.players)
    levels = [level.strip() for level in args.seats.split(",")]
    if len(levels) != args.players:
        raise CommandError(f"--seats names {len(levels)} levels for {args.players} players.")
    seat_names = (*LEVELS, ARENA_RANDOM)
    unknown = sorted(set(levels) - set(seat_names))
    if unknown:
        raise CommandError(f"unknown level {quoted(unknown[0])}; levels: {', '.join(seat_names)}.")
    if args.playouts_only and args.budget is not None:
        raise CommandError("--playouts-only and --budget exclude each other.")
    wins = dict.fromkeys(levels, 0.0)
    scores: dict[str, list[int]] = {level: [] for level in levels}
    times: dict[str, list[float]] = {level: [] for level in levels}
    # with --playouts-only: the processor time of each decision (what it takes on a core of its
    # own, whatever the machine's load) and how many took longer than the level's time budget,
    # i.e. those a timed search on an idle core would have cut short of the playout cap
    cpu: dict[str, list[float]] = {level: [] for level in levels}
    over: dict[str, int] = dict.fromkeys(levels, 0)
    failures: dict[str, int] = dict.fromkeys(levels, 0)
    play_counts = PlayCounts(args.game, levels)
    pace_before = _machine_pace(game, args.players) if args.playouts_only else None
    started = time.perf_counter()
    for index in range(args.games):
        shift = index % args.players  # seat k plays level levels[(k + shift) % players]
        seated = levels[shift:] + levels[:shift]
        state = game.new_game(
            game.Options(players=args.players), game.Setup(seed=args.seed + index)
        )
        rng = random.Random((args.seed + index) * 1_000_003)
        while not state.over:
            seat = game.pending(state)[0].seat
            level = seated[seat]
            budget = Budget()
            if args.playouts_only:
                pass  # each level's playout cap, no clock: as on an idle core that reaches it
            elif args.budget is not None:
                budget = Budget(should_stop=_stop_after(args.budget))
            elif level not in ("easy", ARENA_RANDOM):
                budget = Budget(should_stop=_stop_after(game.LEVEL_SECONDS[level]))
            decision_started = time.perf_counter()
            cpu_started = time.process_time()
            seat_player = _uniformly_random if level == ARENA_RANDOM else player
            decided = safe_action(game, state, seat, level, rng, budget, seat_player)
            action = decided.action
            if decided.failure is not None:
                failures[level] += 1
                failed = {"game": index, "seed": args.seed + index, "seat": seat, "level": level}
                print(json.dumps({**failed, "failure": decided.failure}), file=sys.stderr)
            if len(game.legal_actions(state, seat)) > 1:
                times[level].append(time.perf_counter() - decision_started)
                cpu[level].append(spent := time.process_time() - cpu_started)
                if level not in ("easy", ARENA_RANDOM) and spent > game.LEVEL_SECONDS[level]:
                    over[level] += 1
            play_counts.decided(state, action, level)
            state, _ = game.apply(state, action, seat)
        play_counts.finished(state, seated)
        result = game.outcome(state)
        if result is None:  # the engine's contract: a game that is over has an outcome
            raise CommandError(f"game {index} ended without an outcome.")
        for seat, level in enumerate(seated):
            scores[level].append(result.scores[seat])
            if seat in result.winners:
                wins[level] += 1 / len(result.winners)
        if args.progress:
            print(
                json.dumps({"game": index, "seats": seated, "scores": result.scores}),
                file=sys.stderr,
                flush=True,
            )
    report = {
        level: {
            "win_share": round(wins[level] / max(args.games, 1), 3),
            "mean_score": round(statistics.fmean(scores[level]), 1) if scores[level] else 0,
            "median_s": round(statistics.median(times[level]), 4) if times[level] else 0,
            "p99_s": round(_percentile(times[level], 0.99), 4) if times[level] else 0,
            "decisions": len(times[level]),
            "failures": failures[level],  # decisions played as the default move instead
            **play_counts.report(level),  # Caylus: penalties_per_game, workers_per_turn
        }
        for level in dict.fromkeys(levels)
    }
    if args.playouts_only:
        for level, stats in report.items():
            if level not in ("easy", ARENA_RANDOM) and cpu[level]:
                stats["cpu_median_s"] = round(statistics.median(cpu[level]), 4)
                stats["cpu_p99_s"] = round(_percentile(cpu[level], 0.99), 4)
                stats["over_time_share"] = round(over[level] / len(cpu[level]), 3)
    summary: dict[str, Any] = {
        "game": args.game,
        "players": args.players,
        "games": args.games,
        "seats": levels,
        "seed": args.seed,
        "budget_s": args.budget,
        "playouts_only": args.playouts_only,
        "seconds": round(time.perf_counter() - started, 1),
        "levels": report,
    }
    if pace_before is not None:  # the machine's pace when the run began and when it ended
        summary["pace_s"] = [pace_before, _machine_pace(game, args.players)]
    print(json.dumps(summary))
    return 0


# The arena's yardstick seat, not a level a bot seat can have: every decision a legal action
# drawn uniformly at random (from the arena's rng, so a run stays reproducible from its seed).
ARENA_RANDOM = "random"


def _uniformly_random(
    game: Any, state: Any, seat: int, level: str, rng: random.Random, budget: Any
) -> Any:
    """An arena seat that plays a uniformly random legal action (`level` and `budget` unused)."""
    actions = game.legal_actions(state, seat)
    return actions[rng.randrange(len(actions))]


def _machine_pace(game: Any, players: int) -> float:
    """The processor seconds of a fixed piece of search (`medium`'s first decision of the
    game of seed 0, ten times; the best of three tries): the yardstick of a run's processor
    times. A shared machine's core can run two or three times slower for a while, and every
    processor time of the run grows with it, so runs compare only at about the same pace."""
    from engine.players import Budget

    state = game.new_game(game.Options(players=players), game.Setup(seed=0))
    seat = game.pending(state)[0].seat
    best = float("inf")
    for _ in range(3):
        cpu_started = time.process_time()
        for _ in range(10):
            game.automated_action(state, seat, "medium", random.Random(0), Budget())
        best = min(best, time.process_time() - cpu_started)
    return round(best, 4)


def _stop_after(seconds: float) -> Callable[[], bool]:
    """A `should_stop` for one decision: true once `seconds` from now have passed."""
    deadline = time.perf_counter() + seconds
    return lambda: time.perf_counter() > deadline


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def read_bytes(path: str, what: str) -> bytes:
    """The contents of the file `path`, or a CommandError naming `what` it should have been."""
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise CommandError(f"cannot read the {what} {quoted(path)}: {error.strerror}.") from None


def write_bytes(path: str, data: bytes, what: str) -> None:
    try:
        Path(path).write_bytes(data)
    except OSError as error:
        raise CommandError(f"cannot write the {what} {quoted(path)}: {error.strerror}.") from None


def _load_record(path: str) -> GameRecord:
    return GameRecord.from_json(read_bytes(path, "record"))


def _final_picture(game: str, state: GameState) -> bytes:
    """The whole board of a replayed state, as the channel sees it (Magna Carta: the public
    view, no hand)."""
    from bot.games import ui_for

    return ui_for(game).record_picture(state)


def _replay(args: argparse.Namespace) -> int:
    record = _load_record(args.record)
    result = replay(record)
    if args.json:
        print(result.state.model_dump_json(indent=2))
    if args.png:
        write_bytes(args.png, _final_picture(record.game, result.state), "PNG file")
    if result.failure is not None:
        f = result.failure
        reason = shorten(f.reason, MESSAGE_LIMIT)
        print(f"action {f.index} {quoted(f.action)} failed: {reason}", file=sys.stderr)
        return 1
    if not args.json:
        print(f"replayed {result.applied} actions; game over: {result.state.over}")
    if args.animate:
        _animate(record, args)
    return 0


def _animate(record: GameRecord, args: argparse.Namespace) -> None:
    """The whole game as an animated WebP, a frame per step of /caylus replay
    (bot/service/replay.py), in the channel's pictures (Magna Carta: the public view, no hand)."""
    import i18n
    from bot.games import ui_for
    from bot.service.replay import animation, replay_steps
    from bot.words.lang import colour_name, m, t

    if args.lang not in i18n.LANGUAGES:
        known = ", ".join(i18n.LANGUAGES)
        raise CommandError(f"unknown language {quoted(args.lang)}: known are {known}.")
    started = time.perf_counter()
    with i18n.using(args.lang):
        steps = replay_steps(record)
        seats = len(steps[0].state.players)
        names = [n.strip() for n in (args.names or "").split(",") if n.strip()]
        names += [t.PLAYER_NAME.format(colour=colour_name(m.COLOURS[k])) for k in range(seats)][
            len(names) :
        ]
        data = animation(ui_for(record.game), steps, names[:seats])
    write_bytes(args.animate, data, "animation")
    if not args.json:
        print(
            f"animation: {len(steps)} frames, {len(data)} bytes, "
            f"{time.perf_counter() - started:.1f} s: {args.animate}"
        )


def _render(args: argparse.Namespace) -> int:
    from render.cli import run

    return run(args)


def _bot(args: argparse.Namespace) -> int:
    from bot.app import main as bot_main

    return bot_main()


def _health(args: argparse.Namespace) -> int:
    """A container's health check: the bot's health file is fresh (`beat` in
    bot/discord/cogs/clock.py)."""
    from bot.settings import Settings

    try:
        settings = Settings()
    except ValidationError as error:
        raise CommandError(f"bad settings: {validation_reason(error)}.") from None
    path = args.file or settings.health_file
    if not path:
        raise CommandError("no health file: set CAYLUS_HEALTH_FILE (or pass --file).")
    max_age = args.max_age or 3 * settings.clock_tick_seconds
    try:
        age = time.time() - Path(path).stat().st_mtime
    except FileNotFoundError:
        raise CommandError(
            f"unhealthy: {quoted(path)} does not exist (the bot has not run its clock while "
            "connected yet)."
        ) from None
    if age > max_age:
        raise CommandError(
            f"unhealthy: {quoted(path)} was last written {age:.0f} s ago (at most {max_age} s "
            "allowed): the bot is not connected to Discord, its database does not answer, or "
            "its clock is off (CAYLUS_CLOCK_LOOP)."
        )
    print(f"healthy: {quoted(path)} written {age:.0f} s ago")
    return 0


def _copy_db(args: argparse.Namespace) -> int:
    from bot.service.copy_db import CopyRefused, copy_db

    try:
        return asyncio.run(copy_db(args.source, args.target, args.batch))
    except CopyRefused as error:
        raise CommandError(str(error)) from None


def _count(minimum: int) -> Any:
    """An argparse type: a whole number of at least `minimum`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} is below the minimum {minimum}")
        return value

    parse.__name__ = "number"  # argparse names the type in its messages
    return parse


def _web(args: argparse.Namespace) -> int:
    """`caylus web --demo`: the pages over a throwaway database, until Ctrl-C."""
    if not args.demo:
        raise CommandError(
            "caylus web serves only the demo (--demo) for now; the bot serves the pages of its "
            "games itself when CAYLUS_WEB_PORT is set (docs/web.md)."
        )
    from bot.web.demo import serve_demo

    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how the demo ends
        asyncio.run(serve_demo(args.host, args.port))
    return 0


def version_line() -> str:
    """`caylus --version`: the project's version and which build of the engine runs."""
    from importlib.metadata import PackageNotFoundError, version

    from engine.compiled import running

    try:
        number = version("caylus-bot")
    except PackageNotFoundError:  # run from a checkout that was not installed
        number = "(not installed)"
    return f"caylus {number}; {running()}"


class _Parser(argparse.ArgumentParser):
    """Argument errors in one line (argparse prints the usage first), then exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {shorten(message, MESSAGE_LIMIT)} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="caylus", description=__doc__)
    parser.add_argument("--version", action="version", version=version_line())
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("bot", help="run the Discord bot (settings from the environment / .env)")

    sim = sub.add_parser("simulate", help="play random games and check invariants")
    sim.add_argument("--game", choices=GAME_NAMES, default="caylus")
    sim.add_argument("--games", type=_count(0), default=100)
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
    sim.add_argument("--max-actions", type=_count(1), default=5000)
    sim.add_argument(
        "--player",
        choices=("builtin", "uniform"),
        default="builtin",
        help="the built-in player, or uniformly random legal actions",
    )

    arena = sub.add_parser("arena", help="play automated players against each other")
    arena.add_argument("--game", choices=GAME_NAMES, default="caylus")
    arena.add_argument("--players", type=int, default=4)
    arena.add_argument("--games", type=_count(1), default=100)
    arena.add_argument(
        "--seats",
        required=True,
        help="a level per seat, e.g. strong,easy,easy,easy; random: uniformly random moves",
    )
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds per decision (default: each level's own budget)",
    )
    arena.add_argument(
        "--playouts-only",
        action="store_true",
        help="no time limit: every search runs to its level's playout cap (machine-independent)",
    )
    arena.add_argument(
        "--progress", action="store_true", help="one line per finished game on stderr"
    )

    rep = sub.add_parser("replay", help="replay a game record")
    rep.add_argument("record")
    rep.add_argument("--json", action="store_true", help="print the final state JSON")
    rep.add_argument("--png", help="render the final board to this PNG file")
    rep.add_argument(
        "--animate",
        metavar="OUT.webp",
        help="the whole game as an animated WebP, one frame per step of /caylus replay",
    )
    rep.add_argument("--lang", default="en", help="the animation's language (en, nl, de, fr)")
    rep.add_argument("--names", help="the players' names for the animation, comma-separated")

    i18n_cli.configure(sub.add_parser("i18n", help="the translation catalogues (docs/i18n.md)"))

    copy = sub.add_parser(
        "copy-db",
        help="copy every game, log, setting and clock row from one database to another "
        "(SQLite file or postgresql:// URL), then check that every game replays",
    )
    copy.add_argument("source", help="the database to copy (stop the bot first)")
    copy.add_argument("target", help="an empty database (created and migrated if needed)")
    copy.add_argument("--batch", type=_count(1), default=100, help="games per transaction")

    health = sub.add_parser(
        "health",
        help="exit 0 if the running bot is healthy: its health file (CAYLUS_HEALTH_FILE) was "
        "written recently (it is, after every clock run, while the bot is connected to "
        "Discord and its database answers); else say why and exit 1",
    )
    health.add_argument("--file", help="the health file (default: CAYLUS_HEALTH_FILE)")
    health.add_argument(
        "--max-age",
        type=_count(1),
        default=None,
        help="seconds the file may be old (default: three clock runs, CAYLUS_CLOCK_TICK_SECONDS)",
    )

    web = sub.add_parser(
        "web",
        help="serve the web pages of the games (docs/web.md); the bot serves them itself when "
        "CAYLUS_WEB_PORT is set",
    )
    web.add_argument(
        "--demo",
        action="store_true",
        help="over a throwaway database with one running game of each kind and a finished one",
    )
    web.add_argument("--host", default="127.0.0.1", help="the interface (default 127.0.0.1)")
    web.add_argument("--port", type=_count(0), default=8080, help="the port (default 8080)")

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
        "arena": _arena,
        "replay": _replay,
        "render": _render,
        "bot": _bot,
        "i18n": i18n_cli.run,
        "copy-db": _copy_db,
        "health": _health,
        "web": _web,
    }
    try:
        return int(handlers[args.command](args) or 0)
    except (EngineError, CommandError) as error:  # one readable line, never a traceback
        print(f"error: {shorten(str(error), MESSAGE_LIMIT)}", file=sys.stderr)
        return 1
    except OSError as error:  # a file the renderer reads or writes
        where = f" {quoted(error.filename)}" if error.filename else ""
        print(f"error: cannot use the file{where}: {error.strerror or error}.", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
