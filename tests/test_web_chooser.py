"""The placement with its answer in one click (docs/web.md): a player's page offers a placement
that carries a question with exactly the choices the channel's menu offers ("Farm (4) — 1 d →
Take 1 cloth", ..., "· decide later"), and playing one from the page is played through the same
service call and version check as a click, and reads in the channel as the menu's choice."""

from __future__ import annotations

from pathlib import Path

import aiohttp

import i18n
from bot.games import ui_for
from bot.games.caylus.lang import ct
from bot.service.answers import legal_actions
from bot.web.page import seat_names
from bot.words.lang import t
from tests.test_web_play import (
    awaited_user,
    csrf_of,
    discord_table_move,
    player_url,
    post_move,
    web_table_move,
)
from tests.web_helpers import served


async def test_page_placement_with_its_answer_in_one_click(tmp_path: Path):
    """Over the real server, service and SQLite file: the page's chooser options of a
    production building are the menu's, in its order, with the answer alone in words; a
    picked answer plays the placement and keeps the answer (a plan), in one move."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        info, user = await awaited_user(web, game_id)
        url = await player_url(web, game_id, user)
        async with http.get(url + "/page.json") as answer:
            player = (await answer.json())["player"]
        by_action = {c["action"]: c for c in player["choices"]}
        # what the channel's prompt offers: the layout the Discord menu is made from
        view = await web.service.view(game_id, user)
        seat = info.seats[info.pending[0].seat].seat
        with i18n.using(info.language):
            names = seat_names(info)
            ui = ui_for(info.kind)
            menu = ui.layout(view.state, seat, legal_actions(info.kind, view.state, seat), names)
        joined = {c.action.partition("|")[0] for c in menu.choices() if "|" in c.action}
        assert "place 4" in joined  # the demo's forest
        for move in joined:
            offered = [c for c in menu.choices() if c.action.partition("|")[0] == move]
            options = by_action[move]["options"]
            assert [o["action"] for o in options] == [c.action for c in offered]
            assert [o["label"] for o in options] == [c.label for c in offered]
        forest = by_action["place 4"]
        assert forest["area"] is not None  # a click on its space opens the chooser
        assert [o["words"] for o in forest["options"]] == [
            "Take 1 food",
            "Take 1 wood",
            ct.CY_LATER,
        ]
        # spaces with one plain placement have no chooser: a click plays them at once
        assert by_action["place 1"]["options"] == [] and by_action["pass"]["options"] == []

        csrf = csrf_of(web, url)
        # an answer the placement does not carry: a clear refusal, nothing played
        status, refused = await post_move(http, url, "place 4|take CCC", info.version, csrf)
        assert status == 400 and "take F, take W" in refused["error"]
        # a stale page's pick: the stale button's message, nothing played
        status, refused = await post_move(http, url, "place 4|take W", info.version - 1, csrf)
        with i18n.using(info.language):
            assert status == 409 and refused["error"] == t.BOARD_CHANGED
        assert (await web.service.game(game_id)).version == info.version

        status, played = await post_move(http, url, "place 4|take W", info.version, csrf)
        assert status == 200 and played["version"] > info.version
        log = await web.service.log(game_id, after_seq=info.seq)
        assert log.entries[0].action == "place 4" and log.entries[0].user_id == user
        mine = await web.service.plans_of(game_id, user)
        assert [p.action for p in mine.plans] == ["take W"]  # answered when the forest works


async def test_placement_with_its_answer_from_the_page_reads_as_the_menu_choice(tmp_path: Path):
    """The same game twice: "Farm (4) — 1 d → Take 1 cloth" picked from the channel's menu, and
    the same choice from the player's page: the channel reads the same ("✅ … chose **Farm (4)
    — 1 d → Take 1 cloth**.", the next prompt); so does "· decide later"."""
    for choice in ("place 4|take C", "place 4"):
        name = choice.replace(" ", "-").replace("|", "-")
        from_web = await web_table_move(tmp_path / f"web-{name}", choice)
        from_menu = await discord_table_move(tmp_path / f"menu-{name}", choice)
        expected = "Farm (4) — 1 d → Take 1 cloth" if "|" in choice else "Farm (4) — 1 d · decide"
        assert f"chose **{expected}" in from_menu
        undo_offer = "  [buttons] [Undo]\n"  # the menu's presser's private Undo: no page undo yet
        assert from_web == from_menu.replace(undo_offer, "")


async def test_page_placement_chooser_reads_in_the_games_language(tmp_path: Path):
    """A German game's chooser: the answers and "Decide later" in German, the labels the German
    menu's."""
    async with served(tmp_path) as web:
        service = web.service
        info = await service.create_game(7, 77, 1001, players=3, language="de")
        for user in (1002, 1003):
            await service.join(info.id, user)
        await service.start(info.id, 1001)
        info = await service.game(info.id)
        user = info.seats[info.pending[0].seat].user_id
        assert user is not None
        mine = await web.site.pages.choices(info.id, user)
        offered = [c for c in mine.choices if c.options]
        assert offered  # turn 1: the farm, the forest or the castle
        with i18n.using("de"):
            later = ct.CY_LATER
        assert later == "Später entscheiden"
        for choice in offered:
            assert choice.options[-1].words == later
            assert choice.options[-1].label.endswith("· später entscheiden")
            assert all(o.label.startswith(choice.label) for o in choice.options)
            assert not [
                o.words for o in choice.options if "Take" in o.words or "deliver" in o.words
            ]
