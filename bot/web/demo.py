"""`caylus web --demo`: the web pages over a throwaway database holding one running game of each
kind and one finished game, for trying the pages out and for the browser tests (docs/web.md).

The players of the running games are made-up users (DEMO_USERS) beside bot seats; the finished
game is played to its end by `easy` bots when the demo starts (a few seconds).
"""

from __future__ import annotations

import asyncio
import secrets
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bot.clock_service import ClockService
from bot.service import GameService
from bot.web.server import WebServer, WebSite
from bot.web.tokens import LinkSigner

DEMO_GUILD = 1
DEMO_USERS = (1001, 1002, 1003)
DEMO_LEVEL = "easy"  # the demo's bots: quick, and never a search on the machine's clock


@dataclass(frozen=True, slots=True)
class DemoGames:
    caylus: int  # running: DEMO_USERS[0] and DEMO_USERS[1] and a bot
    magna_carta: int  # running: DEMO_USERS[0] and DEMO_USERS[2] and a bot (hands dealt)
    finished: int  # a Magna Carta game of two bots, played to its end

    def all(self) -> dict[str, int]:
        return {"caylus": self.caylus, "magna-carta": self.magna_carta, "finished": self.finished}


async def _running(
    service: GameService, channel: int, kind: str, users: tuple[int, int], bots: int
) -> int:
    host, other = users
    info = await service.create_game(DEMO_GUILD, channel, host, kind=kind, players=2 + bots)
    await service.join(info.id, other)
    for _ in range(bots):
        await service.add_bot(info.id, host, level=DEMO_LEVEL)
    await service.start(info.id, host)
    return info.id


async def make_demo_games(service: GameService) -> DemoGames:
    """The demo's three games, made through the game service like any game."""
    caylus = await _running(service, 101, "caylus", (DEMO_USERS[0], DEMO_USERS[1]), 1)
    magna = await _running(service, 102, "magna-carta", (DEMO_USERS[0], DEMO_USERS[2]), 1)
    host = DEMO_USERS[0]
    info = await service.create_game(
        DEMO_GUILD, 103, host, kind="magna-carta", players=2, join=False
    )
    for _ in range(2):
        await service.add_bot(info.id, host, level=DEMO_LEVEL)
    await service.start(info.id, host)
    return DemoGames(caylus=caylus, magna_carta=magna, finished=info.id)


async def serve_demo(host: str, port: int, say: object = print) -> None:
    """Serve the demo until interrupted (Ctrl-C); prints the games' links."""
    with tempfile.TemporaryDirectory(prefix="caylus-web-demo-") as folder:
        async with await GameService.open(Path(folder) / "demo.sqlite3") as service:
            games = await make_demo_games(service)
            site = WebSite(
                service, LinkSigner(secrets.token_bytes(32)), clock=ClockService(service)
            )
            server = WebServer(site, host=host, port=port)
            await server.start()
            shown = "localhost" if host in ("0.0.0.0", "127.0.0.1", "") else host
            assert callable(say)
            address = f"http://{shown}:{server.port}"
            for name, game_id in games.all().items():
                say(f"{name}: {address}{await site.spectator_url(game_id)}")
            for name, game_id in (("caylus", games.caylus), ("magna-carta", games.magna_carta)):
                for seat in (await service.game(game_id)).seats:
                    if seat.user_id is not None:  # each made-up player's own page, to play on
                        link = await site.player_url(game_id, seat.user_id)
                        say(f"{name}, playing {seat.colour}: {address}{link}")
            try:
                await asyncio.Event().wait()
            finally:
                await server.stop()
