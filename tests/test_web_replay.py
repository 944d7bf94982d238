"""A finished game's replay and its players' statistics on its web page (docs/web.md): the
steps in page.json, each step's board picture (the bot's replay's, drawn once), the 404 of a
step the game does not have, no scrubber on a running game, no Magna Carta hand in any step,
and `/caylus stats` on the page. The scrubber in a real browser: tests/test_web_browser.py."""

from __future__ import annotations

import io
from pathlib import Path

import aiohttp
from PIL import Image

import i18n
from bot.games import ui_for
from bot.service import GameService
from bot.service.replay import replay_steps, step_board
from bot.service.stats import stats_lines
from bot.web.demo import DEMO_GUILD, DEMO_LEVEL
from bot.web.page import STATS_SECONDS, markdown_html, seat_names
from tests.web_helpers import hidden_card_leaks, served

HUMAN = 1001


async def finished_steps(service: GameService, game_id: int) -> list:
    info = await service.game(game_id)
    _, record, planned = await service.finished_game(game_id, info.guild_id)
    with i18n.using(info.language):
        return replay_steps(record, planned)


async def play_to_the_end(service: GameService, channel: int, language: str = "en") -> int:
    """A Magna Carta game of one made-up player (HUMAN, Blue) and an `easy` bot, the player
    always taking their first legal move, to its end: a finished game with a human seat."""
    info = await service.create_game(
        DEMO_GUILD, channel, HUMAN, kind="magna-carta", players=2, language=language
    )
    await service.add_bot(info.id, HUMAN, level=DEMO_LEVEL)
    await service.start(info.id, HUMAN)
    for _ in range(2000):
        info = await service.game(info.id)
        if info.status != "running":
            break
        legal = await service.legal_actions(info.id, HUMAN)
        await service.act(info.id, HUMAN, legal[0], info.version)
    assert info.status == "finished"
    return info.id


async def test_finished_game_page_json_lists_its_replay_steps(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.finished
        steps = await finished_steps(web.service, game_id)
        async with http.get(await web.url(game_id, "/page.json")) as answer:
            page = await answer.json()
        listed = page["replay"]["steps"]
        assert len(listed) == len(steps) > 10
        assert all(step["account_html"] for step in listed)  # every step says what happened
        assert "Magna Carta" in " ".join(listed[0]["account_html"])  # the start: the intro
        async with http.get(await web.url(game_id)) as answer:
            html = await answer.text()
        assert f'max="{len(steps)}"' in html and 'id="scrubber"' in html
        assert '<section id="replay"  data-steps' in html  # shown (not hidden)


async def test_replay_step_picture_is_the_png_the_bots_replay_draws(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.finished
        info = await web.service.game(game_id)
        steps = await finished_steps(web.service, game_id)
        ui = ui_for(info.kind)
        with i18n.using(info.language):
            names = seat_names(info)
        for step in (1, len(steps) // 2, len(steps)):
            async with http.get(await web.url(game_id, f"/replay/{step}.png")) as answer:
                png = await answer.read()
                assert answer.status == 200 and answer.content_type == "image/png"
                assert "immutable" in answer.headers["Cache-Control"]
            assert png.startswith(b"\x89PNG\r\n\x1a\n")
            with i18n.using(info.language):
                drawn = step_board(ui, steps[step - 1], names)
            assert png == bytes(drawn.data)
        first = await web.site.pages.replay_png(game_id, 0)
        assert first is await web.site.pages.replay_png(game_id, 0)  # drawn once, kept


async def test_unknown_replay_step_gets_a_clear_404(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.finished
        count = len(await finished_steps(web.service, game_id))
        for step in (0, count + 1):
            async with http.get(await web.url(game_id, f"/replay/{step}.png")) as answer:
                assert answer.status == 404
                said = await answer.text()
            assert said == f"This game's replay has no step {step}: its steps are 1 to {count}."
        async with http.get(await web.url(web.games.caylus, "/replay/1.png")) as answer:
            assert answer.status == 404
            assert await answer.text() == (
                "This game has no replay: only a finished game has one. Reload the page."
            )
            assert answer.headers["Content-Security-Policy"]  # a refusal keeps the headers


async def test_running_game_page_offers_no_scrubber(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        for game_id in (web.games.caylus, web.games.magna_carta):
            async with http.get(await web.url(game_id, "/page.json")) as answer:
                page = await answer.json()
            assert page["replay"] is None and page["stats_html"] == []
            async with http.get(await web.url(game_id)) as answer:
                html = await answer.text()
            assert '<section id="replay" hidden data-steps="0"' in html
            assert '<section id="stats" hidden>' in html


async def test_magna_carta_replay_step_never_shows_a_hand(tmp_path: Path):
    """Every step's account on the page names no card that was then only in a hand or a draw
    pile (scanned against that step's state)."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.finished
        steps = await finished_steps(web.service, game_id)
        async with http.get(await web.url(game_id, "/page.json")) as answer:
            listed = (await answer.json())["replay"]["steps"]
        assert len(listed) == len(steps)
        for step, shown in zip(steps, listed, strict=True):
            text = "\n".join(shown["account_html"])
            assert hidden_card_leaks(step.state, text) == [], text[:300]
        scan = await web.site.pages.replay(game_id)
        assert scan is not None
        card = next(c for p in steps[0].state.players for c in p.hand)
        assert hidden_card_leaks(steps[0].state, f"holding {card}") == [card]  # the scan works


async def test_finished_game_page_shows_the_players_stats(tmp_path: Path):
    """The stats of `/caylus stats` for each human seat, named by colour; a bot has none."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = await play_to_the_end(web.service, 104)
        found = await web.service.player_stats(DEMO_GUILD, HUMAN, "magna-carta")
        assert found.games == 1
        expected = [markdown_html(line.strip()) for line in stats_lines(found, "Blue")]
        async with http.get(await web.url(game_id, "/page.json")) as answer:
            page = await answer.json()
        assert page["stats_html"] == expected
        assert expected[0] == "<strong>Blue at Caylus Magna Carta in this server</strong>"
        async with http.get(await web.url(game_id)) as answer:
            html = await answer.text()
        assert '<section id="stats" >' in html and expected[1] in html
        # the all-bots game has no human: no statistics, and the section stays hidden
        async with http.get(await web.url(web.games.finished, "/page.json")) as answer:
            assert (await answer.json())["stats_html"] == []


async def test_finished_game_stats_follow_the_players_later_games(tmp_path: Path):
    """The statistics are the players' as `/caylus stats` gives them now: a later game counts
    once the page's reading is over STATS_SECONDS old (not before: reading them is not free)."""
    clock = [1_000_000.0]
    async with (
        served(tmp_path, now=lambda: clock[0]) as web,
        aiohttp.ClientSession() as http,
    ):
        game_id = await play_to_the_end(web.service, 104)

        async def games_line() -> str:
            async with http.get(await web.url(game_id, "/page.json")) as answer:
                return (await answer.json())["stats_html"][1]

        assert (await games_line()).startswith("Games 1 · wins")
        await play_to_the_end(web.service, 105)
        assert (await games_line()).startswith("Games 1 · wins")  # kept meanwhile
        clock[0] += STATS_SECONDS + 1
        assert (await games_line()).startswith("Games 2 · wins")


async def test_replay_animation_is_the_bots_animated_webp(tmp_path: Path):
    """`.../replay.webp`: the whole game as the bot's replay animates it (a frame per step),
    made once; a running game has none (404 with its sentence)."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.finished
        steps = await finished_steps(web.service, game_id)
        async with http.get(await web.url(game_id, "/replay.webp")) as answer:
            assert answer.status == 200 and answer.content_type == "image/webp"
            data = await answer.read()
        with Image.open(io.BytesIO(data)) as image:
            assert image.format == "WEBP" and image.n_frames == len(steps)
        kept = await web.site.pages.replay_animation(game_id)
        assert kept == data and kept is await web.site.pages.replay_animation(game_id)  # once
        async with http.get(await web.url(web.games.caylus, "/replay.webp")) as answer:
            assert answer.status == 404
            assert "only a finished game" in await answer.text()


async def test_replay_and_stats_read_in_the_games_language(tmp_path: Path):
    """A German game's page: the scrubber's words, the steps' accounts, the step's 404 and the
    statistics in German, as its channel reads them."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = await play_to_the_end(web.service, 106, language="de")
        async with http.get(await web.url(game_id)) as answer:
            html = await answer.text()
        assert "Wiederholung" in html and "◀ Zurück" in html and "Weiter ▶" in html
        assert "Die Statistiken der Spieler" in html
        async with http.get(await web.url(game_id, "/page.json")) as answer:
            page = await answer.json()
        assert (
            page["stats_html"][0]
            == "<strong>Blau bei Caylus Magna Carta auf diesem Server</strong>"
        )
        steps = page["replay"]["steps"]
        async with http.get(await web.url(game_id, f"/replay/{len(steps) + 1}.png")) as answer:
            said = await answer.text()
        assert answer.status == 404 and said == (
            f"Die Wiederholung dieser Partie hat keinen Schritt {len(steps) + 1}: ihre Schritte "
            f"sind 1 bis {len(steps)}."
        )
