"""Who in this process waits for a game to change: the web page's live updates (docs/web.md).

Every change of a game is committed by `ServiceCore._commit` (the one place that bumps its
version), which calls `GameChanges.changed`; a watcher's event is set there, so a page hears of
a move in the same process at once. A change made by another process (several bot processes on
one PostgreSQL database) is not heard here: the watcher also reads the stored version after a
quiet while (bot/web/server.py).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator


class GameChanges:
    """game id -> the events of those watching it; an event is set when the game changes."""

    def __init__(self) -> None:
        self._watchers: dict[int, set[asyncio.Event]] = {}

    def changed(self, game_id: int) -> None:
        for event in self._watchers.get(game_id, ()):
            event.set()

    @contextlib.contextmanager
    def watching(self, game_id: int) -> Iterator[asyncio.Event]:
        """An event set at every change of the game while the block runs (clear it before
        reading the game, so a change made after the read is never missed)."""
        event = asyncio.Event()
        self._watchers.setdefault(game_id, set()).add(event)
        try:
            yield event
        finally:
            watchers = self._watchers.get(game_id)
            if watchers is not None:
                watchers.discard(event)
                if not watchers:
                    del self._watchers[game_id]

    def watcher_count(self, game_id: int) -> int:
        return len(self._watchers.get(game_id, ()))
