"""Automated players shared by every game: the levels, the search budget, the search itself.

Each game has its own players (engine/caylus/ai.py, engine/magna_carta/ai.py) behind one call,
`game.automated_action(state, seat, level, rng, budget)`. The engine reads no clock: a caller
with a time limit passes `Budget(should_stop=...)` built from its own clock, and a test passes
an iteration count. See docs/players.md.
"""

from __future__ import annotations

from engine.compiled import package_path

# the compiled search, when built from these sources, loads ahead of it (engine/compiled.py)
__path__ = package_path(__name__, __path__)

from collections.abc import Callable
from dataclasses import dataclass

LEVELS: tuple[str, ...] = ("easy", "medium", "strong")
DEFAULT_LEVEL = "medium"
# The level of the built-in player that takes a person's seat (the clock's takeover of an idle
# seat, the host's kick): a club player keeps the others' game a game without running away
# with it (docs/players.md, "In the bot").
TAKEOVER_LEVEL = "medium"


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a search may run: at most `iterations` playouts (None: the level's default),
    and it stops early as soon as `should_stop()` says so (checked every few playouts). With the
    same iterations and a `should_stop` that never fires, a decision is a pure function of the
    seat's view and the seed."""

    iterations: int | None = None
    should_stop: Callable[[], bool] | None = None


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"unknown level '{level}'; levels: {', '.join(LEVELS)}")
    return level


__all__ = ["DEFAULT_LEVEL", "LEVELS", "TAKEOVER_LEVEL", "Budget", "check_level"]
