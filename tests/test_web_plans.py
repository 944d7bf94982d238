"""A player's questions ahead, plans and undo on their own web page (docs/web.md, "My choices,
plans and undo"), over the real server, the real service and a SQLite file, and in the simulated
Discord for what the channel and the Discord controls show: the same words as "My choices" and
/caylus me, the same service calls, the channel told as after the Undo button, the stale Undo's
message, and nobody else's plans on any other page, answer or event stream."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path
from typing import Any

import aiohttp

import i18n
from bot.games import ui_for
from bot.web.lang import wt
from bot.web.page import seat_names
from bot.web.server import MOVES_PER_MINUTE
from bot.words import errors as err
from bot.words.lang import t
from tests.discord_harness import components, said, table, web_table
from tests.test_web_play import csrf_of, player_url, post_move, press_in_discord
from tests.web_helpers import Served, served

BRIBE = "1/4/bribe/0"  # the demo's Caylus game: a question ahead of the player not awaited
TAGS = re.compile(r"<[^>]+>")


def plain(line: str) -> str:
    """A line of the page's escaped HTML as the text it reads (bold and code marks dropped)."""
    return html.unescape(TAGS.sub("", line))


def markless(text: str) -> str:
    """A Discord message as the text it reads (its bold and code marks dropped)."""
    return text.replace("**", "").replace("`", "")


async def page_json(http: aiohttp.ClientSession, url: str) -> dict[str, Any]:
    async with http.get(url + "/page.json") as answer:
        assert answer.status == 200
        return dict(await answer.json())


async def post(
    http: aiohttp.ClientSession, url: str, path: str, body: Any, csrf: str | None
) -> tuple[int, dict[str, Any]]:
    headers = {"X-CSRF-Token": csrf} if csrf is not None else {}
    async with http.post(f"{url}/{path}", json=body, headers=headers) as answer:
        return answer.status, dict(await answer.json())


async def off_turn_user(web: Served, game_id: int) -> int:
    """The demo game's human player who is not awaited (they have a question ahead)."""
    info = await web.service.game(game_id)
    awaited = {p.seat for p in info.pending}
    return next(s.user_id for s in info.seats if s.user_id and s.seat not in awaited)


async def awaited_user(service: Any, game_id: int) -> int:
    info = await service.game(game_id)
    user = info.seats[info.pending[0].seat].user_id
    assert user is not None
    return int(user)


def question_of(plans: dict[str, Any], key: str) -> dict[str, Any]:
    return next(q for q in plans["questions"] if q["key"] == key)


async def test_page_answers_a_question_ahead_like_my_choices(tmp_path: Path):
    """The page lists the questions ahead with the words of the game's UI (as "My choices"
    does); a click answers through `answer_ahead`, the answer shows as chosen, and another
    click changes it."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        user = await off_turn_user(web, game_id)
        url = await player_url(web, game_id, user)
        plans = (await page_json(http, url))["plans"]
        info = await web.service.game(game_id)
        asked = next(q for q in await web.service.questions_for(game_id, user) if q.key == BRIBE)
        with i18n.using(info.language):
            names = seat_names(info)
            title, options = ui_for(info.kind).question_choices(asked, names)
            line = ui_for(info.kind).question_line(asked, names)
        shown = question_of(plans, BRIBE)
        assert shown["title"] == title and plain(shown["line_html"]) == markless(line)
        assert [(o["option"], o["label"]) for o in shown["options"]] == [
            (c.action, c.label) for c in options
        ]
        assert not any(o["chosen"] for o in shown["options"])  # an open question
        assert plans["choices_title"] == t.BUTTON_MY_CHOICES
        csrf = csrf_of(web, url)
        status, _ = await post(http, url, "answer", {"key": BRIBE, "option": "provost +1"}, csrf)
        assert status == 200
        kept = next(q for q in await web.service.questions_for(game_id, user) if q.key == BRIBE)
        assert kept.planned == "provost +1"
        shown = question_of((await page_json(http, url))["plans"], BRIBE)
        assert [o["option"] for o in shown["options"] if o["chosen"]] == ["provost +1"]
        # changeable as in Discord: another pick replaces it
        status, _ = await post(http, url, "answer", {"key": BRIBE, "option": "skip"}, csrf)
        assert status == 200
        shown = question_of((await page_json(http, url))["plans"], BRIBE)
        assert [o["option"] for o in shown["options"] if o["chosen"]] == ["skip"]
        assert (await web.service.game(game_id)).version == info.version  # nothing played


async def test_page_questions_ahead_read_as_discords_my_choices(tmp_path: Path):
    """The player's page and Discord's "My choices" reply (pressed on the channel's prompt)
    say the same: each question's line, each option's words."""
    async with web_table(tmp_path) as tb:
        web = tb.env.bot.web
        prompt = tb.last_prompt()
        awaited = tb.awaited(prompt)
        player = next(p for p in tb.players if p is not awaited)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        buttons, _ = components(prompt)
        mine = next(b for b in buttons if b.label == t.BUTTON_MY_CHOICES)
        reply = await player.click(prompt, custom_id=mine.custom_id)
        text = markless(said(reply))
        message = reply.followups[-1] if reply.followups else reply.response
        rows = message.components or []  # as Discord sent them
        menus = [c for row in rows for c in row["components"] if c["type"] == 3]
        url = await web.site.player_url(info.id, player.id)
        async with aiohttp.ClientSession() as http:
            plans = (await page_json(http, url))["plans"]
        assert plans["questions"]
        for asked, menu in zip(plans["questions"], menus, strict=True):
            assert plain(asked["line_html"]) in text
            assert [o["label"] for o in asked["options"]] == [o["label"] for o in menu["options"]]
            assert [o["option"] for o in asked["options"]] == [
                o["value"].partition("=")[2] for o in menu["options"]
            ]
        await tb.env.bot.close()


async def test_page_answer_refusals_change_nothing(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        user = await off_turn_user(web, game_id)
        url = await player_url(web, game_id, user)
        csrf = csrf_of(web, url)
        info = await web.service.game(game_id)
        answer = {"key": BRIBE, "option": "provost +1"}
        with i18n.using(info.language):
            # no CSRF token: not from the page
            status, refused = await post(http, url, "answer", answer, None)
            assert status == 403 and refused["error"] == wt.NOT_A_MOVE
            for body in ([1, 2], {"key": BRIBE}, {"key": 3, "option": "skip"}, "x"):
                assert (await post(http, url, "answer", body, csrf))[0] == 400
            # a question that does not exist, an option it does not have: the service's reason
            status, refused = await post(
                http, url, "answer", {"key": "9/9/bribe/0", "option": "skip"}, csrf
            )
            assert status == 400 and refused["error"]
            status, refused = await post(
                http, url, "answer", {"key": BRIBE, "option": "provost +9"}, csrf
            )
            assert status == 400 and refused["error"]
        asked = next(q for q in await web.service.questions_for(game_id, user) if q.key == BRIBE)
        assert asked.planned is None and (await web.service.plans_of(game_id, user)).plans == ()
        # the spectator's link has no such route: only a player's page changes plans
        async with http.post(await web.url(game_id, "/answer"), json=answer) as refused_answer:
            assert refused_answer.status in (404, 405)


async def test_activity_spectator_page_cannot_post_moves_plans_or_undo(tmp_path: Path):
    """A spectator's token opened as the Activity's page (`/a/`) has no player: a move, an
    answer, a cancel or an undo posted there is refused with a sentence (403), not a failure."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        info = await web.service.game(game_id)
        answer = {"key": BRIBE, "option": "provost +1"}
        activity = (await web.url(game_id)).replace("/g/", "/a/")
        headers = {"X-CSRF-Token": web.site.signer.csrf_token(activity.rsplit("/a/", 1)[1])}
        moves = (("play", {"action": "pass", "version": info.version}),)
        for path, body in (("answer", answer), ("cancel-plans", {}), ("undo", {"seq": 1}), *moves):
            async with http.post(
                f"{activity}/{path}", json=body, headers=headers
            ) as refused_answer:
                assert refused_answer.status == 403, path
                assert (await refused_answer.json())["error"] == wt.NOT_A_MOVE
        assert (await web.service.game(game_id)).version == info.version


async def test_page_plan_clicks_share_the_moves_rate_limit(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        user = await off_turn_user(web, game_id)
        url = await player_url(web, game_id, user)
        csrf = csrf_of(web, url)
        info = await web.service.game(game_id)
        for _ in range(MOVES_PER_MINUTE):
            assert (await post_move(http, url, "place 99", info.version, csrf))[0] == 400
        status, refused = await post(http, url, "answer", {"key": BRIBE, "option": "skip"}, csrf)
        assert status == 429 and refused["error"]
        assert (await post(http, url, "cancel-plans", {}, csrf))[0] == 429
        asked = next(q for q in await web.service.questions_for(game_id, user) if q.key == BRIBE)
        assert asked.planned is None


async def test_page_shows_my_plans_like_caylus_me(tmp_path: Path):
    """The plan lines on the page are the lines /caylus me shows: the standing orders, the
    turn plan and where it stands, the plans queued; with "Cancel all my plans"."""
    async with web_table(tmp_path) as tb:
        web = tb.env.bot.web
        awaited = tb.awaited(tb.last_prompt())
        player = next(p for p in tb.players if p is not awaited)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        await tb.service.answer(info.id, player.id, BRIBE, "provost +1")
        plan = await tb.service.suggest_turn_plan(info.id, player.id)
        await tb.service.set_turn_plan(info.id, player.id, plan)
        reply = await player.slash(tb.channel, "caylus me")
        me = markless(said(reply))
        url = await web.site.player_url(info.id, player.id)
        async with aiohttp.ClientSession() as http:
            plans = (await page_json(http, url))["plans"]
        lines = [plain(line) for line in plans["plans_html"]]
        assert any(line.startswith(plain(t.ME_ORDERS.format(orders=""))) for line in lines)
        assert any(line.startswith("Turn plan: ") for line in lines), lines
        assert any(line.startswith("Your plans (only you see them): ") for line in lines)
        for line in lines:
            assert line in me, (line, me)
        assert plans["cancel"] == t.BUTTON_CANCEL_PLANS
        assert plans["plans_title"] and plans["undo"] is None
        await tb.env.bot.close()


async def test_page_cancels_my_plans_like_caylus_me(tmp_path: Path):
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        user = await off_turn_user(web, game_id)
        await web.service.answer(game_id, user, BRIBE, "provost +1")
        await web.service.queue_premove(game_id, user, "2")
        assert (await web.service.plans_of(game_id, user)).plans
        url = await player_url(web, game_id, user)
        info = await web.service.game(game_id)
        assert (await post(http, url, "cancel-plans", {}, None))[0] == 403
        assert (await web.service.plans_of(game_id, user)).plans  # untouched
        status, answer = await post(http, url, "cancel-plans", {}, csrf_of(web, url))
        assert status == 200
        with i18n.using(info.language):
            assert plain(answer["note_html"]) == t.PLANS_CANCELLED.format(game_id=game_id)
        assert (await web.service.plans_of(game_id, user)).plans == ()
        plans = (await page_json(http, url))["plans"]
        assert plain(plans["plans_html"][-1]) == t.ME_NO_PLANS and plans["cancel"] == ""
        assert not any(o["chosen"] for o in question_of(plans, BRIBE)["options"])


async def test_undo_seq_of_follows_the_undo_rules(tmp_path: Path):
    """What the page offers is what `undo` would take back: the mover's last move (the seq
    `act` reported for its Undo button) until anyone moves again; nobody else's."""
    async with served(tmp_path) as web:
        service, game_id = web.service, web.games.caylus
        first = await awaited_user(service, game_id)
        other = await off_turn_user(web, game_id)
        assert await service.undo_seq_of(game_id, first) is None  # nothing of theirs yet
        result = await service.act(game_id, first, "place 1", None)
        assert result.undo_seq is not None
        assert await service.undo_seq_of(game_id, first) == result.undo_seq
        assert await service.undo_seq_of(game_id, other) is None
        assert await service.undo_seq_of(game_id, 4242) is None  # not seated
        await service.act(game_id, other, "pass", None)  # the game moved on
        assert await service.undo_seq_of(game_id, first) is None


async def web_undo_transcript(tmp_path: Path) -> tuple[str, str, str]:
    """The 3-player table: the awaited player places from their page, then takes it back
    there. The channel's transcript, the undo's note and the page's Undo offer after."""
    async with web_table(tmp_path) as tb:
        web = tb.env.bot.web
        player = tb.awaited(tb.last_prompt())
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        url = await web.site.player_url(info.id, player.id)
        csrf = web.site.signer.csrf_token(url.rsplit("/p/", 1)[1])
        async with aiohttp.ClientSession() as http:
            assert (await post_move(http, url, "place 1", info.version, csrf))[0] == 200
        await tb.env.settle()  # with no connection open: the server's are the bot's work too
        async with aiohttp.ClientSession() as http:
            undo = (await page_json(http, url))["plans"]["undo"]
            log = await tb.service.log(info.id, after_seq=info.seq)
            assert undo["seq"] == log.entries[-1].seq and undo["label"] == t.BUTTON_UNDO
            status, answer = await post(http, url, "undo", {"seq": undo["seq"]}, csrf)
            assert status == 200, answer
        await tb.env.settle()
        async with aiohttp.ClientSession() as http:
            after = (await page_json(http, url))["plans"]["undo"]
        assert (await tb.service.log(info.id, after_seq=info.seq)).entries == ()
        assert (await tb.service.game(info.id)).pending == info.pending
        transcript = tb.transcript()
        await tb.env.bot.close()
        return transcript, plain(answer["note_html"]), str(after)


async def discord_undo_transcript(tmp_path: Path) -> tuple[str, str]:
    """The same game: the placement picked from the channel's menu, then its Undo button."""
    async with table(tmp_path) as tb:
        await tb.open_game(2, 1)
        prompt = tb.last_prompt()
        player = tb.awaited(prompt)
        await press_in_discord(tb, "place 1")
        await tb.env.settle()
        buttons, _ = components(tb.fresh(prompt))
        undo = next(b for b in buttons if b.label == t.BUTTON_UNDO)
        reply = await player.click(tb.fresh(prompt), custom_id=undo.custom_id)
        await tb.env.settle()
        return tb.transcript(), markless(said(reply))


async def test_page_undo_takes_back_the_move_and_tells_the_channel(tmp_path: Path):
    """A move played on the page and taken back there: the move leaves the log, the player is
    asked again, the page offers no Undo any more, and the channel reads exactly as when the
    same move is picked from the menu and taken back with its Undo button."""
    from_web, web_note, after = await web_undo_transcript(tmp_path / "web")
    from_discord, discord_note = await discord_undo_transcript(tmp_path / "discord")
    assert t.PROMPT_UNDONE in from_web and "took back their move" in from_web
    assert from_web == from_discord
    assert web_note == discord_note and web_note.startswith("Taken back: ")
    assert after == "None"


async def test_page_offers_undo_after_a_discord_move(tmp_path: Path):
    """A move picked from the channel's menu: the player's page offers its Undo too (not the
    other player's page); taken back from the page, the channel's Undo button goes."""
    async with web_table(tmp_path) as tb:
        web = tb.env.bot.web
        player = tb.awaited(tb.last_prompt())
        other = next(p for p in tb.players if p is not player)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        await press_in_discord(tb, "place 1")
        await tb.env.settle()
        assert "[Undo]" in tb.transcript()
        async with aiohttp.ClientSession() as http:
            url = await web.site.player_url(info.id, player.id)
            undo = (await page_json(http, url))["plans"]["undo"]
            assert undo is not None
            other_url = await web.site.player_url(info.id, other.id)
            assert (await page_json(http, other_url))["plans"]["undo"] is None
            csrf = web.site.signer.csrf_token(url.rsplit("/p/", 1)[1])
            status, _ = await post(http, url, "undo", {"seq": undo["seq"]}, csrf)
            assert status == 200
        await tb.env.settle()
        assert "[Undo]" not in tb.transcript()  # the channel's Undo went with the move
        assert (await tb.service.log(info.id, after_seq=info.seq)).entries == ()
        await tb.env.bot.close()


async def test_page_stale_undo_gets_the_stale_button_message(tmp_path: Path):
    """An Undo from a page that missed the game moving on: the stale Undo button's message,
    nothing taken back."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        first = await awaited_user(web.service, game_id)
        url = await player_url(web, game_id, first)
        csrf = csrf_of(web, url)
        info = await web.service.game(game_id)
        assert (await post_move(http, url, "place 1", info.version, csrf))[0] == 200
        seq = (await page_json(http, url))["plans"]["undo"]["seq"]
        second = await awaited_user(web.service, game_id)
        await web.service.act(game_id, second, "pass", None)  # the game moves on
        before = await web.service.game(game_id)
        status, refused = await post(http, url, "undo", {"seq": seq}, csrf)
        assert status == 409
        with i18n.using(before.language):
            assert refused["error"] == str(err.UndoTooLate(game_id=game_id))
        assert (await web.service.game(game_id)).version == before.version
        for body in ({}, {"seq": "1"}, {"seq": True}, {"seq": 0}):
            assert (await post(http, url, "undo", body, csrf))[0] == 400
        assert (await post(http, url, "undo", {"seq": seq}, None))[0] == 403


async def test_other_players_plans_never_on_a_page(tmp_path: Path):
    """One player's answers ahead and plans are on their own page only: never on the other
    player's page, the spectator's page or JSON, nor in the event stream."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        user = await off_turn_user(web, game_id)
        url = await player_url(web, game_id, user)
        status, _ = await post(
            http, url, "answer", {"key": BRIBE, "option": "provost +3"}, csrf_of(web, url)
        )
        assert status == 200
        await web.service.queue_premove(game_id, user, "2")
        mine = await web.service.plans_of(game_id, user)
        secrets = [plan.text for plan in mine.plans]
        assert len(secrets) == 2
        own = (await page_json(http, url))["plans"]
        assert all(any(s in plain(line) for line in own["plans_html"]) for s in secrets)
        other = await awaited_user(web.service, game_id)
        other_url = await player_url(web, game_id, other)
        spectator = await web.url(game_id)
        for reader in (other_url, spectator):
            async with http.get(reader) as answer:
                page = await answer.text()
            async with http.get(reader + "/page.json") as answer:
                data = await answer.text()
            for text in (page, data):
                assert not [s for s in secrets if s in text], reader
                assert "Your plans (only you see them)" not in text
        theirs = (await page_json(http, other_url))["plans"]
        assert plain(theirs["plans_html"][-1]) == t.ME_NO_PLANS
        for asked in theirs["questions"]:
            assert not any(o["chosen"] for o in asked["options"])
        assert "plans" not in await page_json(http, spectator)
        async with http.get(spectator + "/events") as stream:
            first = await stream.content.readuntil(b"\n\n")
            event = await stream.content.readuntil(b"\n\n")
        assert first.startswith(b"retry:") and event.startswith(b"event: version\n")
        assert not [s for s in secrets if s.encode() in event]


async def test_page_plans_and_stale_undo_read_in_the_games_language(tmp_path: Path):
    """A German game: the part's headings, its lines and the stale Undo's message in German,
    as its channel reads them."""
    async with served(tmp_path) as web, aiohttp.ClientSession() as http:
        service = web.service
        host, guest = 2001, 2002
        made = await service.create_game(1, 205, host, kind="caylus", players=3, language="de")
        await service.join(made.id, guest)
        await service.add_bot(made.id, host, level="easy")
        await service.start(made.id, host)
        first = await awaited_user(service, made.id)
        url = await player_url(web, made.id, first)
        csrf = csrf_of(web, url)
        info = await service.game(made.id)
        assert (await post_move(http, url, "place 1", info.version, csrf))[0] == 200
        plans = (await page_json(http, url))["plans"]
        seq = plans["undo"]["seq"]
        await service.act(made.id, await awaited_user(service, made.id), "pass", None)
        status, refused = await post(http, url, "undo", {"seq": seq}, csrf)
        with i18n.using("de"):
            assert plans["choices_title"] == t.BUTTON_MY_CHOICES != "My choices"
            assert plans["plans_title"] == wt.MY_PLANS != "My plans and standing orders"
            assert plans["undo"]["hint"] == wt.UNDO_HINT and plans["undo"]["label"] == t.BUTTON_UNDO
            assert plain(plans["plans_html"][0]).startswith(plain(t.ME_ORDERS.format(orders="")))
            assert status == 409 and refused["error"] == str(err.UndoTooLate(game_id=made.id))
        assert "Daueraufträge" in plans["plans_html"][0] and "zurückgenommen" in refused["error"]


async def test_undo_seq_of_agrees_with_the_undo_button_over_whole_games(tmp_path: Path):
    """Move after move of both running demo games (random legal moves of the people, the bots
    answering): the page offers Undo exactly when `act` gives the Undo button its seq, and
    for the same move (a card drawn, a bot moving after, the end: no offer)."""
    async with served(tmp_path) as web:
        service = web.service
        rng = random.Random(7)
        offered = refused = 0
        for game_id in (web.games.caylus, web.games.magna_carta):
            for _ in range(80):
                info = await service.game(game_id)
                if info.status != "running" or not info.pending:
                    break
                user = info.seats[info.pending[0].seat].user_id
                assert user is not None  # the bots answer at once
                legal = await service.legal_actions(game_id, user)
                result = await service.act(game_id, user, rng.choice(legal), None)
                assert await service.undo_seq_of(game_id, user) == result.undo_seq
                offered += result.undo_seq is not None
                refused += result.undo_seq is None
        print(f"undo offered after {offered} moves, refused after {refused}")
        assert offered and refused  # both cases were met
