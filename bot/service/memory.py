"""What the service's memory of games weighs for Python's garbage collector (docs/discord.md,
"Memory"): a full collection walks every object it tracks, with the event loop held, so the
games kept in memory are bounded by the objects they hold, not only by their number.
"""

from __future__ import annotations

import gc
import types

# Up to this many objects the collector tracks, counted in the states of the games kept in
# memory. A two-player Caylus game the engine is playing counts about 200 (its state now and at
# the phase's start, each with its engine game), one just read from the store about 90: some
# 250-550 games, at least twice the 100 busy games one process is meant to serve. Measured on
# the shared 2-core machine, a full collection took about 17 ms of CPU with 256 games played
# kept, 37 ms with 512 and 67 ms with 1,024 (the count bound alone): the clock's target is
# 50 ms at most, the tick's own objects included.
CACHE_OBJECTS = 50_000

# Shared by every game (classes, modules, functions): never a game's own weight.
_SHARED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)


def tracked_objects(*roots: object) -> int:
    """How many objects the garbage collector tracks among those `roots` hold (each once,
    classes, modules and functions left out): what a full collection walks for them. It reads
    only the objects' references (no attribute is read: a state the engine made stays unread),
    a level at a time (one call into the collector per level)."""
    seen: set[int] = set()
    level = [root for root in roots if root is not None]
    while level:
        fresh = []
        for obj in level:
            key = id(obj)
            if key not in seen and gc.is_tracked(obj) and not isinstance(obj, _SHARED):
                seen.add(key)
                fresh.append(obj)
        level = gc.get_referents(*fresh) if fresh else []
    return len(seen)
