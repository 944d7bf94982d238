"""Playing from a player's private web page (docs/web.md, "A player's page"): the expiring signed
link, the moves offered (the engine's legal moves, placements on the board), the CSRF token, the
version check with the stale button's message, the rate limit, refusals that change nothing, no
other player's hand, and the /caylus me button that gives the link."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import aiohttp

import i18n
from bot.web import LinkSigner
from bot.web.server import MOVES_PER_MINUTE
from bot.words.lang import t
from tests.discord_harness import table, web_table
from tests.test_discord_magna_carta import names_of
from tests.web_helpers import SECRET, Served, served


def buttons_of(message: Any) -> list[dict[str, Any]]:
    """The buttons of a private reply (its components as Discord sends them)."""
    rows = message.components or []
    return [c for row in rows for c in row["components"] if c["type"] == 2]


async def player_url(web: Served, game_id: int, user_id: int) -> str:
    return f"http://127.0.0.1:{web.server.port}{await web.site.player_url(game_id, user_id)}"


async def awaited_user(web: Served, game_id: int) -> tuple[Any, int]:
    info = await web.service.game(game_id)
    user = info.seats[info.pending[0].seat].user_id
    assert user is not None
    return info, user


async def post_move(
    http: aiohttp.ClientSession, url: str, action: str, version: int, csrf: str | None
) -> tuple[int, dict[str, Any]]:
    headers = {"X-CSRF-Token": csrf} if csrf is not None else {}
    async with http.post(
        url + "/play", json={"action": action, "version": version}, headers=headers
    ) as answer:
        return answer.status, await answer.json()


def csrf_of(web: Served, url: str) -> str:
    return web.site.signer.csrf_token(url.rsplit("/p/", 1)[1])


def test_player_link_expires_and_names_its_player_only():
    signer = LinkSigner(SECRET)
    token = signer.player_token(4, 1001, expires=2_000)
    assert signer.player_of(token, now=1_999) == (4, 1001, 2_000, 0)
    assert signer.player_of(token, now=2_000) is None  # expired
    assert signer.player_of(token.replace(".1001.", ".1002."), now=0) is None  # another player
    assert signer.player_of(token.replace(".2000.", ".9000."), now=0) is None  # longer life
    assert signer.player_of(token[:-2], now=0) is None
    assert signer.spectated_game(token) is None  # a player's link is no spectator's
    assert signer.csrf_token(token) != signer.csrf_token(signer.player_token(4, 1002, 2_000))


async def test_player_page_offers_their_legal_moves_with_placements_on_the_board(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        info, user = await awaited_user(web, game_id)
        async with http.get(await player_url(web, game_id, user) + "/page.json") as answer:
            player = (await answer.json())["player"]
        legal = await web.service.legal_actions(game_id, user)
        assert [c["action"] for c in player["choices"]] == legal  # the engine's answer
        placed = {c["action"]: c["area"] for c in player["choices"]}
        assert placed["place 1"] is not None and placed["place gate"] is not None
        assert placed["place castle"] is not None  # the castle's panel
        assert placed["pass"] is None  # a button
        assert player["board_size"][0] == 1080
        label = next(c["label"] for c in player["choices"] if c["action"] == "pass")
        assert label and label != "pass"  # named as the game's UI names it
        other = next(s.user_id for s in info.seats if s.user_id not in (None, user))
        async with http.get(await player_url(web, game_id, other) + "/page.json") as answer:
            assert (await answer.json())["player"]["choices"] == []  # not their decision
        async with http.get(await player_url(web, game_id, user)) as answer:
            html = await answer.text()
        assert "You play " in html and 'data-csrf="' in html


async def test_move_from_player_page_is_played_and_refusals_change_nothing(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        info, user = await awaited_user(web, game_id)
        url = await player_url(web, game_id, user)
        csrf = csrf_of(web, url)
        # no CSRF token, or another link's: refused, nothing played
        assert (await post_move(http, url, "place 1", info.version, None))[0] == 403
        other_csrf = web.site.signer.csrf_token("p1.1.1.x")
        assert (await post_move(http, url, "place 1", info.version, other_csrf))[0] == 403
        assert (await post_move(http, url, "place 1", info.version, "\u00e9t\u00e9"))[0] == 403
        async with http.post(
            url + "/play", data=b"x" * 10_000, headers={"X-CSRF-Token": csrf}
        ) as a:
            assert a.status == 413  # no body that large is a move
        # an illegal move: the engine's reason, nothing played
        status, answer = await post_move(http, url, "place 27", info.version, csrf)
        assert status == 400 and "27" in answer["error"]
        assert (await web.service.game(game_id)).version == info.version
        # a move: played
        status, answer = await post_move(http, url, "place 1", info.version, csrf)
        assert status == 200 and answer["version"] > info.version
        log = await web.service.log(game_id, after_seq=info.seq)
        assert log.entries[0].action == "place 1" and log.entries[0].user_id == user


async def test_stale_page_move_gets_the_stale_button_message(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        info, user = await awaited_user(web, game_id)
        url = await player_url(web, game_id, user)
        status, answer = await post_move(http, url, "place 1", info.version - 1, csrf_of(web, url))
        assert status == 409
        with i18n.using(info.language):
            assert answer["error"] == t.BOARD_CHANGED
        assert (await web.service.game(game_id)).version == info.version


async def test_moves_from_a_page_are_rate_limited_per_player(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        info, user = await awaited_user(web, game_id)
        url = await player_url(web, game_id, user)
        csrf = csrf_of(web, url)
        statuses = [
            (await post_move(http, url, "place 99", info.version, csrf))[0]
            for _ in range(MOVES_PER_MINUTE + 1)
        ]
        assert statuses[:-1] == [400] * MOVES_PER_MINUTE and statuses[-1] == 429
        # another player is not held back by it
        other = next(s.user_id for s in info.seats if s.user_id not in (None, user))
        other_url = await player_url(web, game_id, other)
        status, _ = await post_move(http, other_url, "pass", info.version, csrf_of(web, other_url))
        assert status == 400  # refused by the engine (not their decision), not by the limit


async def test_expired_player_link_is_refused_with_a_clear_message(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        _, user = await awaited_user(web, game_id)
        token = web.site.signer.player_token(game_id, user, int(time.time()) - 1)
        base = f"http://127.0.0.1:{web.server.port}/p/{token}"
        async with http.get(base) as answer:
            assert answer.status == 404 and "/caylus me" in await answer.text()
        async with http.post(base + "/play", json={}) as answer:
            assert answer.status == 404


async def test_magna_carta_player_page_shows_own_hand_never_another_players(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.magna_carta
        info = await web.service.game(game_id)
        state = await web.service.state(game_id)
        for seat in info.seats:
            if seat.user_id is None:
                continue
            own = {n for c in state.players[seat.seat].hand for n in names_of(c)}
            others = {
                n
                for k, p in enumerate(state.players)
                if k != seat.seat
                for c in [*p.hand, *p.deck]
                for n in names_of(c)
            } - own
            others -= {n for p in state.players for c in p.discard for n in names_of(c)}
            for c in state.road:
                others -= names_of(getattr(c, "card", c))
            url = await player_url(web, game_id, seat.user_id)
            for tail in ("", "/page.json"):
                async with http.get(url + tail) as answer:
                    text = await answer.text()
                assert not [n for n in others if n in text], (seat.seat, tail)
            # their own hand is on their page: every card of it, by name
            async with http.get(url + "/page.json") as answer:
                hand = " ".join((await answer.json())["player"]["hand_html"])
            assert "Your hand" in hand
            for card in state.players[seat.seat].hand:
                assert names_of(card) & {n for n in own if n in hand}, card


async def test_caylus_me_gives_a_private_link_button_to_my_board(tmp_path: Path):
    async with web_table(tmp_path, reachable=False) as tb:
        web = tb.env.bot.web
        reply = await tb.players[0].slash(tb.channel, "caylus me")
        message = reply.response or reply.followups[-1]
        link = next(b for b in buttons_of(message) if b["label"] == t.OPEN_IN_BROWSER)
        assert message.ephemeral  # for the player's eyes only
        token = link["url"].rsplit("/p/", 1)[1]
        found = web.site.signer.player_of(token, time.time())
        assert found is not None and found.user_id == tb.players[0].id
        await tb.env.bot.close()


async def test_caylus_me_gives_no_link_without_a_public_address(tmp_path: Path):
    async with table(tmp_path, web_port=0, web_secret_file=str(tmp_path / "s")) as tb:
        await tb.open_game(2, 1)
        reply = await tb.players[0].slash(tb.channel, "caylus me")
        message = reply.response or reply.followups[-1]
        assert [b for b in buttons_of(message) if "url" in b] == []
        await tb.env.bot.close()


async def press_in_discord(tb: Any, action: str) -> None:
    """The awaited player picks `action` from the channel's prompt (its menu or its button)."""
    prompt = tb.last_prompt()
    player = tb.awaited(prompt)
    for row in prompt.components:
        for item in getattr(row, "children", [row]):
            options = [o.value for o in getattr(item, "options", [])]
            if action in options:
                await player.select(prompt, [action], custom_id=item.custom_id)
                return
            if getattr(item, "custom_id", "").endswith(f":{action}"):
                await player.click(prompt, custom_id=item.custom_id)
                return
    raise AssertionError(f"{action} is not on the prompt")


async def web_table_move(tmp_path: Path, action: str) -> str:
    """A 3-player game (two people, a bot) where the awaited player plays `action` from their
    web page; the channel's transcript afterwards."""
    async with web_table(tmp_path) as tb:
        web = tb.env.bot.web
        user = tb.awaited(tb.last_prompt())
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        url = await web.site.player_url(info.id, user.id)
        csrf = web.site.signer.csrf_token(url.rsplit("/p/", 1)[1])
        async with aiohttp.ClientSession() as http:
            status, _ = await post_move(http, url, action, info.version, csrf)
        assert status == 200
        await tb.env.settle()
        transcript = tb.transcript()
        await tb.env.bot.close()
        return transcript


async def discord_table_move(tmp_path: Path, action: str) -> str:
    async with table(tmp_path) as tb:
        await tb.open_game(2, 1)
        await press_in_discord(tb, action)
        await tb.env.settle()
        return tb.transcript()


async def test_move_from_web_page_gives_the_channel_the_same_posts_as_a_menu(tmp_path: Path):
    """The same game (same seed) twice: a placement picked from the channel's menu, and the
    same placement played from the player's web page. The channel reads the same afterwards:
    the prompt collapsed to who chose what, the next prompt (or the phase's account)."""
    from_web = await web_table_move(tmp_path / "web", "place 1")
    from_menu = await discord_table_move(tmp_path / "menu", "place 1")
    assert "chose" in from_menu
    # the menu's presser is offered Undo on the collapsed prompt; the web page offers it on
    # the player's own page (tests/test_web_plans.py), not in the channel
    undo_offer = "  [buttons] [Undo]\n"
    assert undo_offer in from_menu
    assert from_web == from_menu.replace(undo_offer, "")
