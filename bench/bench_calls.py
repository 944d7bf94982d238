"""Calls from the Discord layer: how many game-service calls one move takes, and how many engine
calls the cogs make themselves.

    python bench/bench_calls.py [--plays 40] [--presses 40] [--seed 3]
    (about 5 seconds at the defaults)

A 3-player Caylus game runs in the simulated Discord (tests/discord_harness.py: the real bot,
its cogs and the game service on a SQLite file, the clock's scheduler off). At runtime every
public coroutine of `GameService` and every public method of each registered engine `Game` is
wrapped; a call is counted when the frame that made it is a module of the Discord layer
(bot/discord/). The awaited player answers each prompt in turn, alternately with
`/caylus play` (a value the autocomplete offered; the autocomplete's own reads are not counted)
and by pressing one of the prompt's choices, until each kind has been measured the asked number
of times (or the game ends).

Prints one JSON line: {"play": {"median": .., "max": ..}, "press": {...}, "engine_from_discord":
N, "play_calls": {name: count over all plays}, "press_calls": {...}, "engine_calls": {...}}.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import statistics
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DISCORD_LAYER = str(ROOT / "bot" / "discord") + "/"


class CallCounter:
    """Calls made from the Discord layer's modules, by name, since the last `take`."""

    def __init__(self) -> None:
        self.service: Counter[str] = Counter()
        self.engine: Counter[str] = Counter()

    def take(self) -> Counter[str]:
        taken, self.service = self.service, Counter()
        return taken


def _from_discord_layer() -> bool:
    caller = sys._getframe(2)  # the wrapper's caller
    return caller.f_code.co_filename.startswith(DISCORD_LAYER)


def _counted(fn: Callable[..., Any], name: str, tally: Callable[[], Counter[str]]) -> Any:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if _from_discord_layer():
            tally()[name] += 1
        return fn(*args, **kwargs)  # a coroutine function returns its coroutine unchanged

    wrapper.__wrapped__ = fn  # type: ignore[attr-defined]
    return wrapper


@contextmanager
def counting(counter: CallCounter) -> Iterator[None]:
    """Wrap the service's public coroutines (on the class) and the engines' public methods
    (on each registered game object) for the duration."""
    from bot.service import GameService
    from engine import games

    undo: list[Callable[[], None]] = []
    for name, fn in list(vars(GameService).items()):
        if name.startswith("_") or not inspect.iscoroutinefunction(fn):
            continue
        setattr(GameService, name, _counted(fn, name, lambda: counter.service))
        undo.append(lambda name=name, fn=fn: setattr(GameService, name, fn))
    # the service's mixins: their coroutines are reached through the class's MRO
    for base in GameService.__mro__[1:]:
        for name, fn in list(vars(base).items()):
            if name.startswith("_") or not inspect.iscoroutinefunction(fn):
                continue
            if name in vars(GameService):
                continue
            setattr(GameService, name, _counted(fn, name, lambda: counter.service))
            undo.append(lambda name=name: delattr(GameService, name))
    for game in games().values():
        for name in dir(game):
            if name.startswith("_"):
                continue
            fn = getattr(game, name)
            if not callable(fn):
                continue
            try:
                object.__setattr__(game, name, _counted(fn, name, lambda: counter.engine))
            except (AttributeError, TypeError):
                continue
            undo.append(lambda game=game, name=name: object.__delattr__(game, name))
    try:
        yield
    finally:
        for restore in reversed(undo):
            restore()


async def measure(plays: int, presses: int, seed: int) -> dict[str, Any]:
    from tests.discord_harness import components, table
    from tests.test_discord_clock import start_game

    counter = CallCounter()
    per_play: list[int] = []
    per_press: list[int] = []
    play_calls: Counter[str] = Counter()
    press_calls: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        async with table(Path(folder), 3, seed=seed, render_boards=False, clock_loop=False) as tb:
            await start_game(tb, 3)
            with counting(counter):
                while len(per_play) < plays or len(per_press) < presses:
                    message = tb.last_prompt()
                    if message is None:
                        break  # the game is over
                    actor = tb.awaited(message)
                    buttons, menus = components(message)
                    choices = [b for b in buttons if (b.custom_id or "").startswith("cay:b:")]
                    selects = [m for m in menus if (m.custom_id or "").startswith("cay:s:")]
                    want_play = len(per_play) < plays and (
                        len(per_press) >= presses or len(per_play) <= len(per_press)
                    )
                    if want_play or not (choices or selects):
                        offered = await actor.autocomplete(tb.channel, "caylus play", "action", "")
                        counter.take()  # the autocomplete's reads are not the move's
                        value = offered[tb.rng.randrange(len(offered))]["value"]
                        await actor.slash(tb.channel, "caylus play", action=value)
                        await tb.env.settle()
                        taken = counter.take()
                        per_play.append(sum(taken.values()))
                        play_calls.update(taken)
                    else:
                        counter.take()
                        if choices:
                            button = choices[tb.rng.randrange(len(choices))]
                            await actor.click(message, custom_id=button.custom_id)
                        else:
                            menu = selects[0]
                            value = menu.options[tb.rng.randrange(len(menu.options))].value
                            await actor.select(message, [value], custom_id=menu.custom_id)
                        await tb.env.settle()
                        taken = counter.take()
                        per_press.append(sum(taken.values()))
                        press_calls.update(taken)
                    assert tb.cog.unexpected_errors == 0
    return {
        "play": _summary(per_play),
        "press": _summary(per_press),
        "engine_from_discord": sum(counter.engine.values()),
        "play_calls": dict(play_calls.most_common()),
        "press_calls": dict(press_calls.most_common()),
        "engine_calls": dict(counter.engine.most_common()),
    }


def _summary(counts: list[int]) -> dict[str, float]:
    if not counts:
        return {"count": 0, "median": 0, "max": 0}
    return {"count": len(counts), "median": statistics.median(counts), "max": max(counts)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plays", type=int, default=40)
    parser.add_argument("--presses", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    numbers = asyncio.run(measure(args.plays, args.presses, args.seed))
    print(json.dumps(numbers, sort_keys=True))


if __name__ == "__main__":
    main()
