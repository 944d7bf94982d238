"""A Magna Carta player's own hand on their web page (docs/web.md, "A player's page"): the
picture "My hand" sends, served through their own link only (private to the browser), its
cards clickable where a legal move builds them; the board's places (road cards, castle,
bridge, prestige buildings) clickable; their hand at a finished game's replay step; and no
response of any seat's page or the spectator's holding another seat's hand. Over the real
server, game service and SQLite file. The click in a real browser: tests/test_web_browser.py.
"""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path
from typing import Any

import aiohttp
from PIL import Image

import i18n
from bot.games import ui_for
from bot.service.answers import legal_actions
from bot.web.hand import PRIVATE_PICTURE
from bot.web.lang import wt
from bot.web.page import png_size, seat_names
from engine import get_game
from engine.magna_carta import Options, Setup
from engine.magna_carta import catalogue as cat
from engine.magna_carta.view import view as mc_view
from render.magna_carta import board_picture_areas, hand_picture_areas
from tests.test_discord_magna_carta import names_of
from tests.test_web_play import csrf_of, player_url, post_move
from tests.test_web_replay import HUMAN, finished_steps, play_to_the_end
from tests.web_helpers import Served, hidden_card_leaks, served

MC = ui_for("magna-carta")
MC_GAME = get_game("magna-carta")


async def to_a_build(web: Served) -> tuple[int, int]:
    """The demo's Magna Carta game played on (every seat's first legal move) until a made-up
    player may build a card of their hand: (game, that player's user id)."""
    game_id = web.games.magna_carta
    for _ in range(60):
        info = await web.service.game(game_id)
        user = info.seats[info.pending[0].seat].user_id
        assert user is not None  # the bot seat plays by itself after a player's move
        legal = await web.service.legal_actions(game_id, user)
        if any(a.startswith("build ") for a in legal):
            return game_id, user
        await web.service.act(game_id, user, legal[0], info.version)
    raise AssertionError("no build offered in 60 moves")


async def get(http: aiohttp.ClientSession, url: str) -> tuple[int, str, bytes]:
    async with http.get(url) as answer:
        return answer.status, answer.headers.get("Cache-Control", ""), await answer.read()


def seat_leaks(state: Any, seat: int, text: str) -> list[str]:
    """The cards now only in other seats' hands and draw piles that `text` names (any
    language, or by id), leaving out the cards of `seat`'s own hand (the same card may be in
    two hands: theirs may be shown to them)."""
    own = {n for c in state.players[seat].hand for n in {c, *names_of(c)}}
    return [found for found in hidden_card_leaks(state, text) if found not in own]


def without_steps(text: str, tail: str) -> str:
    """A finished game's answer without its replay's steps (each step's account is scanned
    against the state of that step, not the end's)."""
    if tail != "/page.json":
        return text
    answer = json.loads(text)
    answer.pop("replay")
    return json.dumps(answer, ensure_ascii=False)


async def first_event(http: aiohttp.ClientSession, url: str) -> str:
    async with http.get(url + "/events") as stream:

        async def read() -> str:
            seen = ""
            while "data:" not in seen:
                seen += (await stream.content.readline()).decode()
            return seen

        return await asyncio.wait_for(read(), 5)


def test_mc_hand_areas_cover_each_card_of_the_hand_picture():
    """The renderer says where it draws each card of a hand: inside the picture, apart from
    each other, one per card held."""
    state = fresh(3)
    for seat in range(3):
        own = mc_view(state, seat)
        picture = MC.hand_picture(state, seat, ["Blue", "Red", "Green"])
        assert picture is not None
        width, height = png_size(picture.data)
        areas = hand_picture_areas(own, names=["Blue", "Red", "Green"])
        assert set(areas) == {f"card:{c}" for c in state.players[seat].hand}
        boxes = list(areas.values())
        for x, y, w, h in boxes:
            assert x >= 0 and x + w <= width and y >= 0 and y + h <= height and w > 100
        for k, (x, y, w, h) in enumerate(boxes):
            for x2, y2, w2, h2 in boxes[k + 1 :]:
                assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y


def test_mc_board_areas_place_road_cards_castle_bridge_and_prestige_buildings():
    state = fresh(2)
    public = mc_view(state, None)
    areas = board_picture_areas(public, names=["Blue", "Red"])
    picture = MC.board_picture(state, ["Blue", "Red"], None)
    width, height = png_size(picture.data)
    road = {f"road:{card.position}" for card in public.road}
    prestige = {f"prestige:{c}" for c in public.prestige_supply}
    assert set(areas) == road | prestige | {"castle", "bridge"}
    for x, y, w, h in areas.values():
        assert x >= 0 and x + w <= width and y >= 0 and y + h <= height
    castle, bridge = areas["castle"], areas["bridge"]
    assert castle[1] + castle[3] <= bridge[1]  # the castle's rows above the bridge's
    try:
        hand_picture_areas(public)
    except ValueError as error:
        assert "player's view" in str(error)
    else:
        raise AssertionError("the public view has no hand to place")


async def test_mc_hand_picture_is_my_hands_picture_served_privately(tmp_path: Path):
    """The hand picture on a player's page is the one Discord's "My hand" draws for that seat
    (same renderer, the page's names), marked private for the browser; the page's data says
    its size."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.magna_carta
        info = await web.service.game(game_id)
        state = await web.service.state(game_id)
        pictures = {}
        for seat in info.seats:
            if seat.user_id is None:
                continue
            url = await player_url(web, game_id, seat.user_id)
            async with http.get(url + "/page.json") as answer:
                player = (await answer.json())["player"]
            status, cache, png = await get(http, f"{url}/hand/{info.version}.png")
            assert status == 200 and cache == PRIVATE_PICTURE and "public" not in cache
            with i18n.using(info.language):
                drawn = MC.hand_picture(state, seat.seat, seat_names(info))
            assert drawn is not None and png == drawn.data
            assert list(png_size(png)) == player["hand_size"]
            assert Image.open(io.BytesIO(png)).format == "PNG"
            pictures[seat.seat] = png
        assert len(set(pictures.values())) == len(pictures) == 2  # each seat its own hand
        # a Caylus player's page has no hand picture
        caylus = web.games.caylus
        user = (await web.service.game(caylus)).seats[0].user_id
        assert user is not None
        url = await player_url(web, caylus, user)
        async with http.get(url + "/page.json") as answer:
            assert (await answer.json())["player"]["hand_size"] is None
        version = (await web.service.game(caylus)).version
        assert (await get(http, f"{url}/hand/{version}.png"))[0] == 404


async def test_mc_hand_picture_refused_to_spectators_other_tokens_and_old_versions(
    tmp_path: Path,
):
    """Only a player's own link serves their hand: the spectator's link gets a sentence
    saying where a hand is shown, a link made up for another player (the signature does not
    match) the bad link's sentence, an old version the reload sentence; the game is
    untouched."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.magna_carta
        info = await web.service.game(game_id)
        status, _, text = await get(http, await web.url(game_id, f"/hand/{info.version}.png"))
        assert status == 404 and text.decode() == wt.NO_HAND
        status, _, text = await get(http, await web.url(game_id, "/replay/1/hand.png"))
        assert status == 404 and text.decode() == wt.NO_HAND
        users = [s.user_id for s in info.seats if s.user_id is not None]
        mine = await player_url(web, game_id, users[0])
        theirs = mine.replace(f".{users[0]}.", f".{users[1]}.")  # my signature, their id
        assert theirs != mine
        status, _, text = await get(http, f"{theirs}/hand/{info.version}.png")
        assert status == 404 and text.decode() == wt.BAD_PLAYER_LINK
        status, _, text = await get(http, f"{mine}/hand/{info.version - 1}.png")
        assert status == 404 and text.decode() == wt.NO_SUCH_HAND
        # no replay of a running game: its sentence, not a hand
        status, _, text = await get(http, f"{mine}/replay/1/hand.png")
        assert status == 404 and text.decode() == wt.NO_REPLAY
        assert (await web.service.game(game_id)).version == info.version


async def test_mc_build_is_a_click_on_its_card_of_the_hand_picture(tmp_path: Path):
    """A build offered by the engine has its card's place on the hand picture (where the
    renderer drew that card), is no board place, and a click's request plays it through the
    same /play as a button."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id, user = await to_a_build(web)
        info = await web.service.game(game_id)
        seat = info.seat_of(user)
        assert seat is not None
        state = await web.service.state(game_id)
        url = await player_url(web, game_id, user)
        async with http.get(url + "/page.json") as answer:
            player = (await answer.json())["player"]
        with i18n.using(info.language):
            areas = hand_picture_areas(mc_view(state, seat.seat), names=seat_names(info))
        builds = [c for c in player["choices"] if c["action"].startswith("build ")]
        assert builds
        for choice in builds:
            card = choice["action"].split()[1]
            assert choice["hand_area"] == list(areas[f"card:{card}"])
            assert choice["area"] is None  # not the board's
        others = [c for c in player["choices"] if not c["action"].startswith("build ")]
        assert all(c["hand_area"] is None for c in others)  # draw, swap, place, pass
        action = builds[0]["action"]
        status, answer = await post_move(http, url, action, info.version, csrf_of(web, url))
        assert status == 200 and answer["version"] > info.version
        log = await web.service.log(game_id, after_seq=info.seq)
        assert log.entries[0].action == action and log.entries[0].user_id == user


async def test_mc_board_places_put_placements_on_road_cards_and_passing_on_the_bridge(
    tmp_path: Path,
):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id, user = await to_a_build(web)
        info = await web.service.game(game_id)
        state = await web.service.state(game_id)
        url = await player_url(web, game_id, user)
        async with http.get(url + "/page.json") as answer:
            player = (await answer.json())["player"]
        with i18n.using(info.language):
            areas = board_picture_areas(mc_view(state, None), names=seat_names(info))
        placed = {c["action"]: c["area"] for c in player["choices"]}
        places = [a for a in placed if a.startswith("place ")]
        assert places
        for action in places:
            assert placed[action] == list(areas[f"road:{action.split()[1]}"])
        assert placed["pass"] == list(areas["bridge"])
        assert placed["draw"] is None and placed["swap"] is None  # the hand's, as buttons
        status, _ = await post_move(http, url, places[0], info.version, csrf_of(web, url))
        assert status == 200


def test_mc_card_paid_in_several_ways_is_one_card_to_click():
    """Every way to pay a card (gold for any cube) has that card's one place on the hand
    picture: the page offers the ways when the card is clicked."""
    state = fresh(2)
    names = ["Blue", "Red"]
    seat = 0
    for _ in range(200):
        seat = MC_GAME.pending(state)[0].seat
        legal = [str(a) for a in legal_actions("magna-carta", state, seat)]
        if any(a.startswith("build ") for a in legal):
            break
        state = apply(state, legal[0], seat)
    rich = state.model_copy(deep=True)
    rich.players[seat].cubes[cat.CUBES.index("G")] = 3  # gold pays any cube: several ways
    legal = [str(a) for a in legal_actions("magna-carta", rich, seat)]
    builds = [a for a in legal if a.startswith("build ")]
    places = MC.hand_places(rich, seat, names, legal)
    assert set(places) == set(builds)
    by_card: dict[str, set[tuple[int, int, int, int]]] = {}
    for action in builds:
        by_card.setdefault(action.split()[1], set()).add(places[action])
    assert all(len(found) == 1 for found in by_card.values())
    assert any(sum(a.split()[1] == card for a in builds) > 1 for card in by_card)


def apply(state: Any, action: str, seat: int) -> Any:
    return MC_GAME.apply(state, MC_GAME.parse_action(action), seat)[0]


def fresh(players: int) -> Any:
    """A new Magna Carta game at its opening hands, the same every run."""
    return MC_GAME.new_game(Options(players=players), Setup(seed=5))


async def test_no_response_of_any_page_holds_another_seats_hand(tmp_path: Path):
    """Every seat's page (HTML, page.json, the event stream, the refusals) and the
    spectator's hold none of the cards only in another seat's hand or draw pile, while moves
    are made; each seat's hand picture is its own seat's drawing."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.magna_carta
        for _ in range(4):
            info = await web.service.game(game_id)
            state = await web.service.state(game_id)
            readers: list[tuple[int | None, str]] = [(None, await web.url(game_id))]
            for seat in info.seats:
                if seat.user_id is not None:
                    readers.append((seat.seat, await player_url(web, game_id, seat.user_id)))
            for seat_no, url in readers:
                texts = []
                for tail in ("", "/page.json", f"/hand/{info.version - 1}.png"):
                    texts.append((await get(http, url + tail))[2].decode())
                texts.append(await first_event(http, url))
                for text in texts:
                    if seat_no is None:
                        assert hidden_card_leaks(state, text) == [], text[:200]
                    else:
                        assert seat_leaks(state, seat_no, text) == [], (seat_no, text[:200])
                if seat_no is not None:
                    status, _, png = await get(http, f"{url}/hand/{info.version}.png")
                    with i18n.using(info.language):
                        own = MC.hand_picture(state, seat_no, seat_names(info))
                    assert status == 200 and own is not None and png == own.data
            user = info.seats[info.pending[0].seat].user_id
            assert user is not None
            legal = await web.service.legal_actions(game_id, user)
            await web.service.act(game_id, user, legal[0], info.version)
        # the scan finds a card of another seat's hand when it is there
        state = await web.service.state(game_id)
        theirs = next(c for c in state.players[1].hand if c not in state.players[0].hand)
        assert seat_leaks(state, 0, f"they hold {theirs}") == [theirs]


async def test_replay_step_shows_my_hand_on_my_page_only(tmp_path: Path):
    """A finished game's page opened by a player's link serves their hand at each replay step
    (the bot's "My hand at this step"), equal to what the bot draws then; the spectator's
    link gets its sentence; a step the game does not have gets the step's sentence."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = await play_to_the_end(web.service, 301)
        info = await web.service.game(game_id)
        seat = info.seat_of(HUMAN)
        assert seat is not None
        steps = await finished_steps(web.service, game_id)
        url = await player_url(web, game_id, HUMAN)
        async with http.get(url + "/page.json") as answer:
            page = await answer.json()
        assert page["player"]["hand_size"] is not None and len(page["replay"]["steps"]) > 2
        for step in (1, 2, len(steps)):
            status, cache, png = await get(http, f"{url}/replay/{step}/hand.png")
            with i18n.using(info.language):
                drawn = MC.hand_picture(steps[step - 1].state, seat.seat, seat_names(info))
            assert status == 200 and cache == PRIVATE_PICTURE and drawn is not None
            assert png == drawn.data
        for step in (0, len(steps) + 1):
            status, _, text = await get(http, f"{url}/replay/{step}/hand.png")
            assert status == 404
            assert text.decode() == wt.NO_SUCH_STEP.format(step=step, steps=len(steps))
        status, _, text = await get(http, await web.url(game_id, "/replay/2/hand.png"))
        assert status == 404 and text.decode() == wt.NO_HAND
        # the spectator's page of the finished game: no hand, no player part
        async with http.get(await web.url(game_id, "/page.json")) as answer:
            assert "player" not in await answer.json()
        # the player's page and data hold no card then only in the bot's hand or draw pile,
        # nor does any step's account of the one at that step; the spectator's, no hand card
        final = steps[-1].state
        for tail in ("", "/page.json", "/replay/0/hand.png", f"/hand/{info.version - 1}.png"):
            text = without_steps((await get(http, url + tail))[2].decode(), tail)
            assert seat_leaks(final, seat.seat, text) == [], tail
            spectator = (await get(http, await web.url(game_id, tail)))[2].decode()
            assert hidden_card_leaks(final, without_steps(spectator, tail)) == [], tail
        for step, shown in zip(steps, page["replay"]["steps"], strict=True):
            account = "\n".join(shown["account_html"])
            assert seat_leaks(step.state, seat.seat, account) == [], account[:200]


async def test_mc_hand_picture_in_the_activity_is_the_players_own(tmp_path: Path):
    """The Activity's page of a player (`/a/<their token>`) serves their hand as `/p/` does;
    the Activity's page of a spectator gets the sentence."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.magna_carta
        info = await web.service.game(game_id)
        seat = next(s for s in info.seats if s.user_id is not None)
        assert seat.user_id is not None
        mine = await player_url(web, game_id, seat.user_id)
        activity = mine.replace("/p/", "/a/")
        mine_png = await get(http, f"{mine}/hand/{info.version}.png")
        activity_png = await get(http, f"{activity}/hand/{info.version}.png")
        assert activity_png[0] == 200 and activity_png[2] == mine_png[2]
        spectator = (await web.url(game_id)).replace("/g/", "/a/")
        status, _, text = await get(http, f"{spectator}/hand/{info.version}.png")
        assert status == 404 and text.decode() == wt.NO_HAND


def test_mc_board_places_of_provost_lawyer_prestige_and_castle_moves():
    """Each kind of Magna Carta move with a place on the board is mapped onto it (the
    provost's onto the card he moves to, as its label names it); an activation's choices, the
    hand's and the skips have none (buttons)."""
    state = fresh(2)
    names = ["Blue", "Red"]
    public = mc_view(state, None)
    areas = board_picture_areas(public, names=names)
    provost = public.provost or 1
    prestige = public.prestige_supply[0]
    moves = [
        f"provost -{provost - 1}" if provost > 1 else "provost +1",
        "lawyer 2 F",
        f"prestige {prestige} @2 SSG",
        "deliver FWS",
        "pass",
        "place 1",
        "skip",
        "buy F",
        "draw",
        "build small-farm FW",
    ]
    places = MC.board_places(state, names, None, moves)
    target = 1 if provost > 1 else provost + 1
    assert places == {
        moves[0]: areas[f"road:{target}"],
        "lawyer 2 F": areas["road:2"],
        f"prestige {prestige} @2 SSG": areas[f"prestige:{prestige}"],
        "deliver FWS": areas["castle"],
        "pass": areas["bridge"],
        "place 1": areas["road:1"],
    }


async def test_mc_player_page_says_to_click_a_card_and_caylus_a_space(tmp_path: Path):
    """The line under "You play ...": a Magna Carta player clicks a card (of the hand picture)
    or a place of the board; a Caylus player a space."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        said = {}
        for game_id in (web.games.magna_carta, web.games.caylus):
            info = await web.service.game(game_id)
            user = next(s.user_id for s in info.seats if s.user_id is not None)
            async with http.get(await player_url(web, game_id, user)) as answer:
                said[game_id] = await answer.text()
        assert "highlighted card or place" in said[web.games.magna_carta]
        assert "highlighted space" not in said[web.games.magna_carta]
        assert "highlighted space" in said[web.games.caylus]
