"""A Magna Carta player's hand picture on their page in a real headless Chromium
(tests/web_browser.py): a click on a card of the hand picture builds it, through the same
service call as a button, and the channel of the simulated Discord is told as for a button
press; a finished game's scrubber shows the player's hand at each step on their page only;
the pages at 400 px wide (screenshots kept in CAYLUS_WEB_SHOTS when set)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiohttp

import i18n
from bot.web.lang import wt
from tests.discord_harness import table
from tests.test_web_browser import SECONDS, browser, open_page
from tests.test_web_replay import HUMAN, play_to_the_end
from tests.web_browser import shots
from tests.web_helpers import served

__all__ = ["browser"]  # the Chromium fixture, shared with tests/test_web_browser.py


async def channel_prompt(tb: Any, ready: Any) -> Any:
    """The channel's last prompt once `ready(prompt)` holds (a page's move is told by the
    bot's own work, which never settles while a page's connections are open)."""
    for _ in range(200):
        now = tb.last_prompt()
        if now is not None and ready(now):
            return now
        await asyncio.sleep(0.05)
    raise AssertionError("the channel was not told")


async def test_browser_click_on_a_hand_card_builds_it_and_the_channel_is_told(
    tmp_path: Path, browser: Any
):
    """Two players of Magna Carta, each move played from the player's page (their first
    legal move, by the page's POST), until one may build a card: on their page, 400 px wide,
    the card is a highlighted part of the hand picture; a click builds it (the game's log),
    the channel's prompt collapses to who chose what and the next decision is asked, as
    after a button press."""
    async with table(
        tmp_path, web_port=0, public_url="http://127.0.0.1:1", web_secret_file=str(tmp_path / "s")
    ) as tb:
        web = tb.env.bot.web
        web.site.public_url = f"http://127.0.0.1:{web.port}"
        await tb.open_game(2, 0, game="magna-carta")
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        assert info is not None
        game_id = info.id
        async with aiohttp.ClientSession() as http:
            for _ in range(60):
                info = await tb.service.game(game_id)
                user = info.seats[info.pending[0].seat].user_id
                assert user is not None
                legal = await tb.service.legal_actions(game_id, user)
                if any(a.startswith("build ") for a in legal):
                    break
                link = await web.site.player_url(game_id, user)
                token = link.rsplit("/p/", 1)[1]
                async with http.post(
                    f"{link}/play",
                    json={"action": legal[0], "version": info.version},
                    headers={"X-CSRF-Token": web.site.signer.csrf_token(token)},
                ) as answer:
                    assert answer.status == 200, await answer.text()
        builds = [a for a in legal if a.startswith("build ")]
        ways: dict[str, list[str]] = {}  # each card's ways to pay it
        for action in builds:
            ways.setdefault(action.split()[1], []).append(action)
        build = next(paid[0] for paid in ways.values() if len(paid) == 1)
        several = next((paid for paid in ways.values() if len(paid) > 1), None)
        # the channel asks them, as for any decision
        prompt = await channel_prompt(tb, lambda now: tb.awaited(now).id == user)
        page, problems = await open_page(browser, await web.site.player_url(game_id, user), 400)
        card = page.locator(f'#hand-places button[data-action="{build}"]')
        await card.wait_for(timeout=SECONDS)
        await page.wait_for_function(
            "() => { const h = document.getElementById('hand-picture');"
            " return h.complete && h.naturalWidth > 0; }",
            timeout=SECONDS,
        )
        box = await card.bounding_box()
        picture = await page.locator("#hand-picture").bounding_box()
        assert box is not None and picture is not None
        assert picture["width"] <= 400 and box["width"] > 100 and box["height"] > 100
        await page.screenshot(path=str(shots(tmp_path) / "hand-phone.png"), full_page=True)
        assert several is not None  # this table's deal: a card paid in several ways
        if several:  # its click offers the ways, and plays nothing
            await page.locator("#hand-places button[aria-haspopup]").first.click()
            offered = page.locator(".pick button")
            await offered.first.wait_for(timeout=SECONDS)
            assert sorted(await offered.evaluate_all("bs => bs.map(b => b.dataset.action)")) == (
                sorted(several)
            )
            assert (await tb.service.game(game_id)).version == info.version  # nothing played
            await page.screenshot(path=str(shots(tmp_path) / "hand-pick-phone.png"))
        await card.click()
        await page.wait_for_function(
            f"() => Number(document.body.dataset.shown) > {info.version}", timeout=SECONDS
        )
        told = await channel_prompt(tb, lambda now: now.id != prompt.id)
        log = await tb.service.log(game_id, after_seq=info.seq)
        assert log.entries[0].action == build and log.entries[0].user_id == user
        collapsed = tb.fresh(prompt)
        assert "chose" in collapsed.content and not collapsed.components
        assert told.id != prompt.id  # the next decision is asked in the channel
        assert await page.inner_text("#message") == ""
        assert problems == []
        await page.context.close()
        await tb.env.bot.close()


async def hand_step_shown(page: Any, step: int) -> None:
    await page.wait_for_function(
        f"() => document.body.dataset.handShown === '{step}'", timeout=SECONDS
    )


async def test_browser_replay_scrubber_shows_my_hand_at_the_step_on_my_page_only(
    tmp_path: Path, browser: Any
):
    """A finished game's page opened by a player's link, 400 px wide: the scrubber shows the
    player's own hand at each step beside the board (their picture, the step in its
    description); the spectator's page of the same game shows no hand and asks for none."""
    async with served(tmp_path) as web:
        game_id = await play_to_the_end(web.service, 301)
        url = f"http://127.0.0.1:{web.server.port}{await web.site.player_url(game_id, HUMAN)}"
        page, problems = await open_page(browser, url, width=400)
        steps = int(await page.get_attribute("#scrubber", "max") or 0)
        assert steps > 10
        await hand_step_shown(page, steps)
        assert await page.is_visible("#hand-picture")
        await page.click("#replay-prev")
        await hand_step_shown(page, steps - 1)
        src = await page.get_attribute("#hand-picture", "src")
        assert src is not None and src.endswith(f"/replay/{steps - 1}/hand.png")
        alt = await page.get_attribute("#hand-picture", "alt")
        with i18n.using("en"):
            assert alt == wt.REPLAY_HAND_ALT.format(step=steps - 1)
        await page.locator("#scrubber").fill("1")
        await hand_step_shown(page, 1)
        overflow = await page.evaluate("document.documentElement.scrollWidth")
        assert overflow <= 400
        await page.screenshot(path=str(shots(tmp_path) / "replay-hand-phone.png"), full_page=True)
        assert problems == []
        await page.context.close()
        asked: list[str] = []
        context = await browser.new_context(viewport={"width": 400, "height": 900})
        spectator = await context.new_page()
        spectator.on("request", lambda request: asked.append(request.url))
        await spectator.goto(await web.url(game_id))
        await spectator.wait_for_function(
            f"() => document.body.dataset.replayShown === '{steps}'", timeout=SECONDS
        )
        await spectator.click("#replay-prev")
        await spectator.wait_for_function(
            f"() => document.body.dataset.replayShown === '{steps - 1}'", timeout=SECONDS
        )
        assert not await spectator.is_visible("#hand-picture")
        assert not [a for a in asked if "/hand" in a]
        await context.close()
