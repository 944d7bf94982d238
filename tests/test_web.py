"""The web pages (docs/web.md), over HTTP against the real aiohttp server of the bot's process
and the real game service: the signed spectator link, the page and its JSON, the board picture
per version, the live event stream, the security headers, hidden Magna Carta hands, and the bot
starting and stopping the server. The same pages in a real browser: tests/test_web_browser.py."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import aiohttp
import pytest

import bot.web.server as web_server
from bot.service import GameService
from bot.settings import Settings
from bot.web import LinkSigner, load_secret
from bot.web.server import CONTENT_SECURITY_POLICY
from tests.discord_harness import said, table
from tests.web_helpers import SECRET, hidden_card_leaks, served


def test_spectator_link_is_signed_and_a_forged_one_is_refused():
    signer = LinkSigner(SECRET)
    token = signer.spectator_token(12)
    assert signer.spectated_game(token) == (12, 0)
    _, signature = token.split(".")
    assert signer.spectated_game(f"13.{signature}") is None  # another game's number
    other = "B" if signature.endswith("A") else "A"
    assert signer.spectated_game(f"12.{signature[:-1]}{other}") is None
    assert signer.spectated_game("12") is None and signer.spectated_game("x.y") is None
    assert LinkSigner(b"another secret, also long enough").spectated_game(token) is None


def test_web_secret_is_generated_once_and_kept(tmp_path: Path):
    where = tmp_path / "secret" / "web-secret"
    first = load_secret("", str(where))
    assert len(first) >= 32 and load_secret("", str(where)) == first
    assert oct(os.stat(where).st_mode & 0o777) == "0o600"
    assert load_secret("configured-and-long-enough", str(where)) == b"configured-and-long-enough"


def test_web_settings_are_off_by_default_and_public_url_is_checked(tmp_path: Path):
    settings = Settings(_env_file=None, database=str(tmp_path / "x.db"))
    assert settings.web_port is None and settings.public_url == ""
    on = Settings(_env_file=None, web_port="8080", public_url="https://caylus.example.org/")
    assert on.web_port == 8080 and on.public_url == "https://caylus.example.org"
    with pytest.raises(ValueError, match="https://"):
        Settings(_env_file=None, public_url="caylus.example.org")


async def test_game_page_shows_board_stock_and_whose_decision(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        async with http.get(await web.url(game_id)) as answer:
            assert answer.status == 200
            html = await answer.text()
            headers = answer.headers
        assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
        info = await web.service.game(game_id)
        assert f"/board/{info.version}.png" in html
        assert "Waiting for Red" in html or "Waiting for Blue" in html
        assert "Bot (green, easy)" in html and "6 workers left" in html
        assert "Decide by " in html and 'data-at="' in html  # the clock's deadline
        async with http.get(await web.url(game_id, f"/board/{info.version}.png")) as answer:
            assert answer.status == 200 and answer.content_type == "image/png"
            assert "immutable" in answer.headers["Cache-Control"]
            png = await answer.read()
        assert png.startswith(b"\x89PNG")
        async with http.get(await web.url(game_id, "/page.json")) as answer:
            page = await answer.json()
        assert page["version"] == info.version and page["status"] == "running"
        assert page["waiting_html"] and page["stock_html"]


async def test_board_picture_is_drawn_once_per_version(tmp_path: Path, monkeypatch):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        version = (await web.service.game(game_id)).version
        pages = web.site.pages
        drawn = []
        real = type(pages)._draw

        async def counting(self, gid: int, ver: int):
            drawn.append(ver)
            return await real(self, gid, ver)

        monkeypatch.setattr(type(pages), "_draw", counting)
        first = await asyncio.gather(*(pages.board_png(game_id, version) for _ in range(3)))
        assert first[0] == first[1] == first[2] and first[0] is not None
        assert drawn == [version]  # three asks at once, one picture drawn
        async with http.get(await web.url(game_id, f"/board/{version}.png")) as answer:
            assert await answer.read() == first[0]
        assert drawn == [version]  # and kept
        async with http.get(await web.url(game_id, f"/board/{version + 5}.png")) as answer:
            assert answer.status == 404  # a version the game is not at
            assert "reload the page" in await answer.text()


async def test_bad_link_gets_a_clear_message(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        good = await web.url(web.games.caylus)
        for url in (good[:-2], good.replace("/g/1.", "/g/99."), good + "x"):
            async with http.get(url) as answer:
                assert answer.status == 404
                text = await answer.text()
                assert "no longer valid" in text
                assert answer.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY


async def test_damaged_game_page_gets_a_clear_message_not_a_server_error(tmp_path: Path):
    """A game whose stored row cannot be read answers as a command in its channel does (it is
    damaged, the host can repair it), with the same safety headers; nothing is changed."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        url = await web.url(game_id)

        def damage(tx: Any) -> None:
            tx.execute("UPDATE games SET options = '[' WHERE id = ?", (game_id,))

        await web.service.store.write(damage)
        web.service._cache.clear()  # read from the store again, as after a restart
        async with http.get(url) as answer:
            assert answer.status == 503
            assert "damaged" in await answer.text()
            assert answer.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY


async def test_event_stream_tells_a_move_at_once(tmp_path: Path, database: str):
    """A spectator's event stream sends the version, then the new one as soon as a player
    moves through the game service (no polling: QUIET_SECONDS is far longer than the wait);
    on SQLite and on PostgreSQL."""
    async with served(tmp_path, database) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        info = await web.service.game(game_id)
        async with http.get(await web.url(game_id, "/events")) as stream:
            assert stream.headers["Content-Type"] == "text/event-stream"

            async def next_version() -> int:
                while True:
                    line = (await stream.content.readline()).decode()
                    if line.startswith("data:"):
                        return int(json.loads(line[5:])["version"])

            assert await asyncio.wait_for(next_version(), 5) == info.version
            seat = info.pending[0].seat
            user = info.seats[seat].user_id
            assert user is not None
            await web.service.act(game_id, user, "pass", info.version)
            moved = await asyncio.wait_for(next_version(), 2)
            assert moved > info.version
            assert web.service.changes.watcher_count(game_id) == 1
        await asyncio.sleep(0.1)
        assert web.service.changes.watcher_count(game_id) == 0  # the closed stream went


async def test_magna_carta_spectator_never_sees_a_hand(tmp_path: Path):
    """The page, its JSON and its event stream of a running Magna Carta game never contain a
    card that is only in hands or draw piles, at the start and after moves."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.magna_carta
        for _ in range(6):
            info = await web.service.game(game_id)
            if info.status != "running":
                break
            state = await web.service.state(game_id)
            texts = []
            for tail in ("", "/page.json"):
                async with http.get(await web.url(game_id, tail)) as answer:
                    texts.append(await answer.text())
            async with http.get(await web.url(game_id, "/events")) as stream:
                texts.append((await stream.content.readuntil(b"}\n\n")).decode())
            for text in texts:
                assert hidden_card_leaks(state, text) == [], text[:300]
            assert "cards in hand" in texts[0]  # the count is public, the cards are not
            pending = info.pending[0]
            user = info.seats[pending.seat].user_id
            legal = await web.service.legal_actions(game_id, user)
            await web.service.act(game_id, user, legal[-1], info.version)


async def test_hidden_card_scan_finds_a_hand_card(tmp_path: Path):
    """The scan itself works: a hand's card named in a text is found."""
    async with served(tmp_path) as web:
        state = await web.service.state(web.games.magna_carta)
        card = next(c for p in state.players for c in p.hand)
        assert hidden_card_leaks(state, f"holding {card}") == [card]


async def test_finished_game_page_shows_the_scores(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        async with http.get(await web.url(web.games.finished)) as answer:
            html = await answer.text()
        assert "finished" in html and "The game is over" in html
        assert "🏆" in html or "wins" in html


async def test_bot_starts_and_stops_the_web_server(tmp_path: Path):
    """With CAYLUS_WEB_PORT the bot's setup starts the pages (here on a free port) over its
    own game service; a game opened in Discord is on its page; closing the bot stops them."""
    secret_file = tmp_path / "web-secret"
    async with table(tmp_path, web_port=0, web_secret_file=str(secret_file)) as tb:
        await tb.open_game(2, 1, language="de")
        web = tb.env.bot.web
        assert web is not None and web.port > 0 and secret_file.exists()
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        assert info is not None
        url = f"http://127.0.0.1:{web.port}{await web.site.spectator_url(info.id)}"
        async with aiohttp.ClientSession() as http, http.get(url) as answer:
            html = await answer.text()
        assert answer.status == 200 and '<html lang="de">' in html
        assert "Spieler" in html  # the game's language
        port = web.port
        await tb.env.bot.close()  # what stopping the bot does (SimCord detaches without it)
        assert tb.env.bot.web is None
    with pytest.raises(aiohttp.ClientConnectionError):
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/g/1.x"):
            pass


async def test_bot_without_web_port_serves_nothing(tmp_path: Path):
    async with table(tmp_path) as tb:
        assert tb.env.bot.web is None


async def test_caylus_board_gives_the_watch_link_when_pages_are_public(tmp_path: Path):
    """/caylus board ends with the game's spectator link when the bot serves web pages at a
    public address; the link opens the game's page."""
    async with table(
        tmp_path,
        web_port=0,
        public_url="http://127.0.0.1:1",  # replaced below by the real port
        web_secret_file=str(tmp_path / "s"),
    ) as tb:
        await tb.open_game(2, 1)
        web = tb.env.bot.web
        web.site.public_url = f"http://127.0.0.1:{web.port}"
        reply = await tb.players[1].slash(tb.channel, "caylus board")
        text = said(reply)
        link = text.split("browser: ", 1)[1].split()[0]
        assert "Watch it live in a browser: http://127.0.0.1:" in text
        async with aiohttp.ClientSession() as http, http.get(link) as answer:
            assert answer.status == 200 and "Waiting for" in await answer.text()
        await tb.env.bot.close()


async def test_caylus_board_gives_no_link_without_a_public_address(tmp_path: Path):
    async with table(tmp_path, web_port=0, web_secret_file=str(tmp_path / "s")) as tb:
        await tb.open_game(2, 1)
        reply = await tb.players[1].slash(tb.channel, "caylus board")
        assert "Waiting for" in said(reply) and "browser" not in said(reply)
        await tb.env.bot.close()


async def test_event_stream_hears_a_move_made_by_another_process(
    tmp_path: Path, database: str, monkeypatch: pytest.MonkeyPatch
):
    """A move committed by another service on the same database (another bot process) is not
    told to this process's watchers: the idle stream reads the stored version after its quiet
    while and sends the new one."""
    monkeypatch.setattr(web_server, "QUIET_SECONDS", 0.3)
    async with served(tmp_path, database) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        info = await web.service.game(game_id)
        other = await GameService.open(database)  # the other process's service
        async with other, http.get(await web.url(game_id, "/events")) as stream:
            versions: list[int] = []

            async def next_version() -> int:
                while True:
                    line = (await stream.content.readline()).decode()
                    if line.startswith("data:"):
                        return int(json.loads(line[5:])["version"])

            versions.append(await asyncio.wait_for(next_version(), 5))
            user = info.seats[info.pending[0].seat].user_id
            await other.act(game_id, user, "pass", info.version)
            versions.append(await asyncio.wait_for(next_version(), 5))
        assert versions[0] == info.version and versions[1] > info.version


def test_caylus_web_without_demo_explains_what_serves_the_pages(capsys):
    from bot.cli import main

    assert main(["web"]) == 1
    said_ = capsys.readouterr().err
    assert "--demo" in said_ and "CAYLUS_WEB_PORT" in said_ and said_[-1] == "\n"


async def test_caylus_web_demo_makes_a_game_of_each_kind_and_a_finished_one(tmp_path: Path):
    async with served(tmp_path) as web:
        kinds = {}
        for name, game_id in web.games.all().items():
            info = await web.service.game(game_id)
            kinds[name] = (info.kind, info.status)
        assert kinds == {
            "caylus": ("caylus", "running"),
            "magna-carta": ("magna-carta", "running"),
            "finished": ("magna-carta", "finished"),
        }


async def test_lobby_page_shows_the_seats_and_no_board(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        lobby = await web.service.create_game(1, 999, 1001, kind="caylus", players=3)
        await web.service.add_bot(lobby.id, 1001, level="easy")
        async with http.get(await web.url(lobby.id)) as answer:
            html = await answer.text()
        assert answer.status == 200 and "waiting for players" in html
        assert "Blue" in html and "Bot (red, easy)" in html
        assert 'src="" alt' in html and "hidden" in html  # no board before the start
        async with http.get(await web.url(lobby.id, "/board/1.png")) as answer:
            assert answer.status == 404
