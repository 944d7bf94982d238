"""Shared by the web tests: a game service with the demo's games and the web pages served on a
free port (real aiohttp server, real SQLite file), and what a spectator may not read."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.clock_service import ClockService
from bot.service import GameService
from bot.web import LinkSigner, WebServer, WebSite
from bot.web.demo import DemoGames, make_demo_games
from engine.magna_carta import catalogue as cat
from tests.test_discord_magna_carta import NAME_PATTERN, hidden_only

SECRET = b"a test secret of thirty-two bytes"
SEED = 3


@dataclass
class Served:
    service: GameService
    site: WebSite
    server: WebServer
    games: DemoGames

    async def url(self, game_id: int, tail: str = "") -> str:
        return f"http://127.0.0.1:{self.server.port}{await self.site.spectator_url(game_id)}{tail}"


@contextlib.asynccontextmanager
async def served(
    tmp_path: Path,
    database: str | None = None,
    site_type: type[WebSite] = WebSite,
    **site_options: Any,
) -> AsyncIterator[Served]:
    """The demo's games on a database (a SQLite file in `tmp_path` unless given) and their
    pages on a free port of 127.0.0.1 (`site_options`: WebSite's, e.g. the Activity's)."""
    target = database or str(tmp_path / "web.sqlite3")
    # seeded: the same setups every run (which spaces are free at the start, ...)
    async with await GameService.open(target, rng=random.Random(SEED)) as service:
        games = await make_demo_games(service)
        site = site_type(service, LinkSigner(SECRET), clock=ClockService(service), **site_options)
        server = WebServer(site, host="127.0.0.1", port=0)
        await server.start()
        try:
            yield Served(service, site, server, games)
        finally:
            await server.stop()


def hidden_card_leaks(state: Any, text: str) -> list[str]:
    """The names (any language) and ids of the cards now only in hands and draw piles that
    `text` contains: a spectator may read none of them."""
    secret_names = hidden_only(state)
    found = sorted(set(NAME_PATTERN.findall(text)) & secret_names)
    public = {c for p in state.players for c in [*p.discard, *p.prestige]}
    public |= {getattr(card, "card", card) for card in state.road}
    hidden_ids = {c for p in state.players for c in [*p.hand, *p.deck]} - public
    for card_id in hidden_ids:
        if card_id in cat.CARDS and re.search(rf"\b{re.escape(card_id)}\b", text):
            found.append(card_id)
    return found
