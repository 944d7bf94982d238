"""In a real headless Chromium (tests/web_browser.py): a placement with its answer in one click
(the chooser at the space, closed by Escape and by a click elsewhere, its pick played and told in
the channel as the menu's choice), and a finished game's replay playing by itself on its
scrubber (docs/web.md). Screenshots kept in CAYLUS_WEB_SHOTS when set, to be looked at."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from pathlib import Path

import pytest

from bench import bench_presses
from tests.discord_harness import web_table
from tests.test_web_play import buttons_of
from tests.web_browser import NOT_FOUND, find_chromium, playwright_missing, shots
from tests.web_helpers import served

CHROMIUM = find_chromium()
if CHROMIUM is None or playwright_missing():
    pytest.skip(playwright_missing() or NOT_FOUND, allow_module_level=True)

from playwright.async_api import Browser, Locator  # noqa: E402

from tests.test_web_browser import SECONDS, browser, open_page, replay_shown  # noqa: E402

__all__ = ["browser"]  # the Chromium fixture, shared with tests/test_web_browser.py


async def test_browser_placement_with_its_answer_in_one_click(tmp_path: Path, browser: Browser):
    """A player's page 400 px wide: a click on the farm's space opens the chooser at the space
    with the menu's choices (every space's chooser all on screen); Escape closes it, so does a
    tap elsewhere or a second click on the space; picking "Take 1 cloth"
    places the worker with that answer kept, and the channel's prompt collapses to the menu's
    label of that choice. A space with one plain placement still plays at once (no chooser)."""
    async with web_table(tmp_path) as tb:
        prompt = tb.last_prompt()
        player = tb.awaited(prompt)
        reply = await player.slash(tb.channel, "caylus me")
        link = next(b["url"] for b in buttons_of(reply.response) if b.get("url"))
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        assert info is not None
        page, problems = await open_page(browser, link, width=400)
        farm = page.locator('#places button[data-action="place 4"]')
        await farm.wait_for(timeout=SECONDS)
        assert (
            await page.locator('#places button[data-action="place 1"]').get_attribute(
                "aria-haspopup"
            )
            is None
        )  # the quarry: one plain placement, played by its click
        await farm.click()
        chooser = page.locator("#chooser")
        await chooser.wait_for(timeout=SECONDS)
        words = await chooser.locator("button").all_inner_texts()
        assert words == ["Take 1 food", "Take 1 cloth", "Decide later"]
        assert await chooser.locator("p").inner_text() == "Farm (4) — 1 d"
        focused = await page.evaluate("document.activeElement.textContent")
        assert focused == "Take 1 food"  # keyboard ready: the first choice has the focus
        box, space = await chooser.bounding_box(), await farm.bounding_box()
        assert box is not None and space is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= 400  # all of it on the phone
        assert abs(box["y"] - (space["y"] + space["height"])) < 10  # right under the space
        assert all(b["height"] >= 40 for b in await _boxes(chooser))  # big enough to tap
        await page.screenshot(path=str(shots(tmp_path) / "chooser-400.png"))
        await farm.click()  # a second click on its space closes it
        await chooser.wait_for(state="detached", timeout=SECONDS)
        for other in await page.locator('#places button[aria-haspopup="dialog"]').all():
            await other.click()  # every space's chooser is all on the phone's screen
            box = await chooser.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 400
            await page.keyboard.press("Escape")
            await chooser.wait_for(state="detached", timeout=SECONDS)
        await farm.click()
        await chooser.wait_for(timeout=SECONDS)
        await page.keyboard.press("Escape")
        await chooser.wait_for(state="detached", timeout=SECONDS)
        assert await page.evaluate("document.activeElement.dataset.action") == "place 4"
        await farm.click()
        await chooser.wait_for(timeout=SECONDS)
        await page.locator("h1").click()  # a click elsewhere closes it
        await chooser.wait_for(state="detached", timeout=SECONDS)
        assert await tb.service.game(info.id) == info  # nothing played meanwhile
        await farm.click()
        await chooser.get_by_role("button", name="Take 1 cloth").click()
        await page.wait_for_function(
            f"() => Number(document.body.dataset.shown) > {info.version}", timeout=SECONDS
        )
        for _ in range(100):  # the page's open connections never settle: wait for the post
            if tb.last_prompt() is not None and tb.last_prompt().id != prompt.id:
                break
            await asyncio.sleep(0.05)
        log = await tb.service.log(info.id, after_seq=info.seq)
        assert log.entries[0].action == "place 4" and log.entries[0].user_id == player.id
        mine = await tb.service.plans_of(info.id, player.id)
        assert [getattr(p, "action", None) for p in mine.plans] == ["take C"]
        collapsed = tb.fresh(prompt)
        assert "chose **Farm (4) — 1 d → Take 1 cloth**" in collapsed.content
        assert await page.locator("#chooser").count() == 0
        assert await page.inner_text("#message") == ""
        assert problems == []
        await page.context.close()
        await tb.env.bot.close()


async def test_browser_clicks_are_the_ones_the_press_bench_counts(tmp_path: Path, browser: Browser):
    """The first turn's placements of a game's two people, each decided as bench/bench_presses.py
    decides and clicked on the player's page in Chromium: the clicks the page's script needs
    (a space or a button, then a chooser pick when offered) are the ones the bench counts from
    page.json, and every move is played."""
    async with web_table(tmp_path) as tb:
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        assert info is not None
        pages, problems = {}, []
        for user in (s.user_id for s in info.seats if s.user_id is not None):
            url = await tb.env.bot.web.site.player_url(info.id, user)  # the page's own port
            pages[user], seen = await open_page(browser, url, width=400)
            problems.append(seen)
        chooser_picks = 0
        for _ in range(5):
            info = await tb.service.game(info.id)
            seat = info.pending[0].seat
            user = info.seats[seat].user_id
            assert user is not None  # the bot seat plays by itself between
            page = pages[user]
            await page.wait_for_function(
                f"() => document.body.dataset.shown === '{info.version}'", timeout=SECONDS
            )
            view = await tb.service.view(info.id, user)
            value = bench_presses.decide(view.state, seat, 1, info.version)
            player = await page.evaluate(
                "async () => (await (await fetch(`${document.body.dataset.base}/page.json`))"
                ".json()).player"
            )
            counted = bench_presses.page_clicks(player, value)
            clicked: Counter[str] = Counter()
            move = value.partition("|")[0]
            space = page.locator(f'#places button[data-action="{move}"]')
            if await space.count():
                await space.click()
                clicked["board"] += 1
            else:
                await page.locator(f'#choices button[data-action="{move}"]').click()
                clicked["buttons"] += 1
            if "|" in value or await page.locator("#chooser").count():
                await page.locator(f'#chooser button[data-option="{value}"]').click()
                clicked["picks"] += 1
                chooser_picks += 1
            assert clicked == counted, (value, clicked, counted)
            for _ in range(200):
                if (await tb.service.game(info.id)).version > info.version:
                    break
                await asyncio.sleep(0.05)
            log = await tb.service.log(info.id, after_seq=info.seq)
            assert log.entries[0].action == move and log.entries[0].user_id == user
        assert chooser_picks > 0  # the decisions include a placement with its answers
        assert problems == [[], []]
        for page in pages.values():
            await page.context.close()
        await tb.env.bot.close()


async def _boxes(chooser: Locator) -> list[dict[str, float]]:
    buttons = chooser.locator("button")
    found = []
    for k in range(await buttons.count()):
        box = await buttons.nth(k).bounding_box()
        assert box is not None
        found.append(box)
    return found


async def test_browser_replay_plays_by_itself(tmp_path: Path, browser: Browser):
    """A finished game's page: "▶ Play" from step 1 shows step 2, 3, ... about once a second,
    each next picture asked for before its step is shown; "⏸ Pause" stops it; a move of the
    scrubber stops it; played from near the end, it stops on the last step; the animation's
    link stays."""
    async with served(tmp_path) as web:
        url = await web.url(web.games.finished)
        page, problems = await open_page(browser, url, width=400)
        asked: list[tuple[float, str]] = []
        page.on("request", lambda r: asked.append((time.monotonic(), r.url.rsplit("/", 1)[-1])))
        steps = int(await page.get_attribute("#scrubber", "max") or 0)
        await replay_shown(page, steps)
        play = page.locator("#replay-play")
        assert await play.inner_text() == "▶ Play"
        await page.locator("#scrubber").fill("1")
        await replay_shown(page, 1)
        started = time.monotonic()
        await play.click()
        assert await play.inner_text() == "⏸ Pause"
        await replay_shown(page, 2)
        await replay_shown(page, 3)
        took = time.monotonic() - started
        assert 1.6 < took < 6, took  # about a second a step
        assert await page.inner_text("#replay-step") == f"Step 3 of {steps}"
        assert "4.png" in [name for _, name in asked]  # the next step's picture, ahead
        await play.click()  # ⏸ Pause
        assert await play.inner_text() == "▶ Play"
        held = await page.evaluate("document.getElementById('scrubber').value")
        await asyncio.sleep(1.5)
        assert await page.evaluate("document.getElementById('scrubber').value") == held
        # playing again, then the reader moves the scrubber: it stops there
        await play.click()
        await replay_shown(page, 4)
        await page.locator("#scrubber").fill("10")
        await replay_shown(page, 10)
        assert await play.inner_text() == "▶ Play"
        await asyncio.sleep(1.5)
        assert await page.evaluate("document.getElementById('scrubber').value") == "10"
        # near the end: it plays to the last step and stops there
        await page.locator("#scrubber").fill(str(steps - 1))
        await replay_shown(page, steps - 1)
        await play.click()
        await replay_shown(page, steps)
        await page.wait_for_function(
            "() => document.getElementById('replay-play').getAttribute('aria-pressed') === 'false'",
            timeout=SECONDS,
        )
        assert await page.inner_text("#replay-step") == f"Step {steps} of {steps}"
        assert await page.locator("#replay-animation").is_visible()  # the WebP's link stays
        await page.screenshot(path=str(shots(tmp_path) / "replay-play-400.png"), full_page=True)
        assert problems == []
        await page.context.close()
