"""The web page in a real headless Chromium (tests/web_browser.py): it loads and shows the board
with its script running under the strict content security policy; a second page watching the
game sees a move arrive live; a Magna Carta spectator's page and its API answers never contain
a hand's cards; the phone layout at 400 px wide and the desktop one (screenshots kept in
CAYLUS_WEB_SHOTS when set, to be looked at). The first page load's bytes are measured."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import i18n
from bot.words.lang import t
from tests.discord_harness import web_table
from tests.test_web_play import buttons_of
from tests.web_browser import (
    LAUNCH_ARGS,
    NOT_FOUND,
    find_chromium,
    playwright_missing,
    shots,
)
from tests.web_helpers import Served, hidden_card_leaks, served

CHROMIUM = find_chromium()
if CHROMIUM is None or playwright_missing():
    pytest.skip(playwright_missing() or NOT_FOUND, allow_module_level=True)

from playwright.async_api import Browser, Page, async_playwright  # noqa: E402

SECONDS = 10_000  # Playwright's waits, in ms


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as driver:
        launched = await driver.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            yield launched
        finally:
            await launched.close()


async def open_page(browser: Browser, url: str, width: int = 1280) -> tuple[Page, list[str]]:
    """A page at `url` in a new context `width` px wide; the console's errors are collected
    (a script blocked by the content security policy shows there)."""
    context = await browser.new_context(viewport={"width": width, "height": 900})
    page = await context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    await page.goto(url)
    await board_shown(page)
    return page, problems


async def board_shown(page: Page) -> None:
    await page.wait_for_function(
        "() => { const b = document.getElementById('board');"
        " return b && b.complete && b.naturalWidth > 0; }",
        timeout=SECONDS,
    )


async def live(page: Page) -> None:
    """The script ran and its event stream is open (the header says so)."""
    await page.wait_for_function(
        "() => document.getElementById('live').className === 'on'", timeout=SECONDS
    )


async def test_browser_page_loads_and_shows_the_board(tmp_path: Path, browser: Browser):
    async with served(tmp_path) as web:
        game_id = web.games.caylus
        page, problems = await open_page(browser, await web.url(game_id))
        await live(page)
        info = await web.service.game(game_id)
        src = await page.get_attribute("#board", "src")
        assert src is not None and src.endswith(f"/board/{info.version}.png")
        width = await page.evaluate("document.getElementById('board').naturalWidth")
        assert width >= 800  # the whole board, as /caylus board draws it
        assert "Waiting for" in await page.inner_text("#waiting")
        assert "Bot (green, easy)" in await page.inner_text("#stock")
        assert await page.inner_text("#live") == "Live"
        deadline = await page.inner_text("#deadline")
        assert deadline.startswith("Decide by ") and "UTC" not in deadline  # the reader's time
        assert problems == []  # nothing refused by the content security policy, no error
        await page.screenshot(path=str(shots(tmp_path) / "desktop.png"), full_page=True)


async def test_browser_second_page_sees_a_move_arrive_live(tmp_path: Path, browser: Browser):
    """Two spectators watch; a player moves through the game service; both pages show the new
    board and whose decision it is now without being reloaded."""
    async with served(tmp_path) as web:
        game_id = web.games.caylus
        first, _ = await open_page(browser, await web.url(game_id))
        second, _ = await open_page(browser, await web.url(game_id), width=400)
        for page in (first, second):
            await live(page)
            await page.evaluate("window.loadedOnce = true")  # gone if the page reloads
        info = await web.service.game(game_id)
        mover = info.seats[info.pending[0].seat]
        waiting_before = await second.inner_text("#waiting")
        assert mover.user_id is not None
        result = await web.service.act(game_id, mover.user_id, "pass", info.version)
        version = result.game.version
        for page in (first, second):
            await page.wait_for_function(
                f"() => document.body.dataset.version === '{version}'", timeout=SECONDS
            )
            await board_shown(page)
            src = await page.get_attribute("#board", "src")
            assert src is not None and src.endswith(f"/board/{version}.png")
            assert await page.evaluate("window.loadedOnce") is True
        assert await second.inner_text("#waiting") != waiting_before
        assert "passes" in (await second.inner_text("#account")).lower() or version > 0


async def test_browser_magna_carta_spectator_never_sees_a_hand(tmp_path: Path, browser: Browser):
    """The page's source and every API answer the browser read, as the game goes on, hold no
    card that is only in a hand or a draw pile."""
    async with served(tmp_path) as web:
        game_id = web.games.magna_carta
        page, problems = await open_page(browser, await web.url(game_id))
        answers: list[Any] = []
        page.on("response", lambda r: answers.append(r) if "page.json" in r.url else None)
        await live(page)
        for _ in range(5):
            info = await web.service.game(game_id)
            if info.status != "running":
                break
            state = await web.service.state(game_id)
            source = await page.content()
            assert hidden_card_leaks(state, source) == []
            for answer in answers:
                assert hidden_card_leaks(state, await answer.text()) == []
            answers.clear()
            user = info.seats[info.pending[0].seat].user_id
            legal = await web.service.legal_actions(game_id, user)
            moved = await web.service.act(game_id, user, legal[-1], info.version)
            await page.wait_for_function(
                f"() => document.body.dataset.version === '{moved.game.version}'",
                timeout=SECONDS,
            )
        assert problems == []


async def test_browser_phone_layout_at_400px(tmp_path: Path, browser: Browser):
    """At 400 px wide the page is one column: the board fills the width, nothing overflows
    sideways, the side text follows below the board."""
    async with served(tmp_path) as web:
        for name, game_id in (("phone", web.games.caylus), ("phone-mc", web.games.magna_carta)):
            page, _ = await open_page(browser, await web.url(game_id), width=400)
            await live(page)
            overflow = await page.evaluate("document.documentElement.scrollWidth")
            assert overflow <= 400
            board = await page.locator("#board").bounding_box()
            side = await page.locator("#side").bounding_box()
            assert board is not None and side is not None
            assert 360 <= board["width"] <= 400
            assert side["y"] >= board["y"] + board["height"] - 1  # below the board
            await page.screenshot(path=str(shots(tmp_path) / f"{name}.png"), full_page=True)


async def replay_shown(page: Page, step: int | str) -> None:
    """The replay's board picture of `step` is loaded (the script marks it)."""
    await page.wait_for_function(
        f"() => document.body.dataset.replayShown === '{step}'", timeout=SECONDS
    )


async def test_browser_replay_scrubber_changes_the_board_picture(tmp_path: Path, browser: Browser):
    """A finished game's page: the scrubber starts on the last step; the Previous button, the
    left arrow key and the range itself each show another step's board picture (another
    picture on screen) and that step's account; no console error."""
    async with served(tmp_path) as web:
        game_id = web.games.finished
        url = await web.url(game_id)
        for width in (1280, 400):
            page, problems = await open_page(browser, url, width=width)
            steps = int(await page.get_attribute("#scrubber", "max") or 0)
            assert steps > 10
            await replay_shown(page, steps)
            assert await page.inner_text("#replay-step") == f"Step {steps} of {steps}"
            last = await page.locator("#board").screenshot()
            await page.click("#replay-prev")
            await replay_shown(page, steps - 1)
            src = await page.get_attribute("#board", "src")
            assert src is not None and src.endswith(f"/replay/{steps - 1}.png")
            await page.locator("h1").click()  # the arrow keys work when the range has no focus
            await page.keyboard.press("ArrowLeft")
            await replay_shown(page, steps - 2)
            await page.locator("#scrubber").fill("1")
            await replay_shown(page, 1)
            assert await page.inner_text("#replay-step") == f"Step 1 of {steps}"
            assert "Magna Carta" in await page.inner_text("#replay-account")  # the intro
            first = await page.locator("#board").screenshot()
            assert first != last  # the picture on screen changed with the scrubber
            await page.click("#replay-next")
            await replay_shown(page, 2)
            overflow = await page.evaluate("document.documentElement.scrollWidth")
            assert overflow <= width
            await page.screenshot(path=str(shots(tmp_path) / f"replay-{width}.png"), full_page=True)
            if width == 400:  # the bot's animation of the whole game, in place of the board
                await page.click("#replay-animation")
                await replay_shown(page, "animation")
                src = await page.get_attribute("#board", "src")
                assert src is not None and src.endswith("/replay.webp")
            assert problems == []
            await page.context.close()


async def test_browser_first_page_load_bytes(tmp_path: Path, browser: Browser):
    """The bytes of a first visit (page, style, script, board picture), printed for
    docs/web.md and held under a budget."""
    async with served(tmp_path) as web:
        sizes = await first_load_bytes(web, browser)
        print("first page load bytes:", sizes)
        assert set(sizes) >= {"html", "css", "js", "png"}
        assert sizes["html"] + sizes["css"] + sizes["js"] < 24_000  # docs/web.md, "Measured"
        assert sum(sizes.values()) < 1_500_000


async def first_load_bytes(web: Served, browser: Browser) -> dict[str, int]:
    context = await browser.new_context(viewport={"width": 400, "height": 900})
    page = await context.new_page()
    seen: list[Any] = []
    page.on("response", lambda answer: seen.append(answer))
    await page.goto(await web.url(web.games.caylus))
    await board_shown(page)
    await live(page)
    sizes: dict[str, int] = {}
    for answer in seen:
        if answer.url.endswith("/events"):
            continue  # the stream stays open
        kind = answer.headers.get("content-type", "").split(";")[0].split("/")[-1]
        kind = {"javascript": "js", "plain": "text"}.get(kind, kind)
        sizes[kind] = sizes.get(kind, 0) + len(await answer.body())
    await context.close()
    return sizes


async def test_browser_click_on_a_highlighted_space_places_a_worker(
    tmp_path: Path, browser: Browser
):
    """A player opens the link `/caylus me` gave them, clicks a highlighted road space on the
    board: the worker is placed (the game's log), the channel's prompt collapses to who chose
    what and the next player is asked, and the page shows the new board by itself."""
    async with web_table(tmp_path) as tb:
        prompt = tb.last_prompt()
        player = tb.awaited(prompt)
        reply = await player.slash(tb.channel, "caylus me")
        link = next(b["url"] for b in buttons_of(reply.response) if b.get("url"))
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        assert info is not None
        page, problems = await open_page(browser, link)
        space = page.locator('#places button[data-action="place 1"]')
        await space.wait_for(timeout=SECONDS)
        assert await page.locator("#places button").count() >= 8  # every free space offered
        await page.screenshot(path=str(shots(tmp_path) / "player.png"), full_page=True)
        await space.click()
        await page.wait_for_function(
            f"() => Number(document.body.dataset.shown) > {info.version}", timeout=SECONDS
        )
        # no env.settle(): the page's open connections are the bot's work too and never settle
        for _ in range(100):
            if tb.last_prompt() is not None and tb.last_prompt().id != prompt.id:
                break
            await asyncio.sleep(0.05)
        log = await tb.service.log(info.id, after_seq=info.seq)
        assert log.entries[0].action == "place 1" and log.entries[0].user_id == player.id
        collapsed = tb.fresh(prompt)
        assert "chose" in collapsed.content and not collapsed.components
        assert tb.last_prompt().id != prompt.id  # the next decision is asked in the channel
        assert await page.inner_text("#message") == ""
        assert problems == []
        await page.context.close()
        await tb.env.bot.close()


async def test_browser_stale_page_click_gets_the_stale_button_message(
    tmp_path: Path, browser: Browser
):
    """A player's page that missed the game's changes (its event stream cut off here) still
    shows old choices; a click on one is refused with the stale button's message, nothing is
    played, and the page then shows the game as it is now."""
    async with served(tmp_path) as web:
        game_id = web.games.caylus
        info = await web.service.game(game_id)
        first = info.seats[info.pending[0].seat].user_id
        assert first is not None
        road = [a for a in await web.service.legal_actions(game_id, first) if a[6:].isdigit()]
        played, clicked = road[0], road[1]  # two free road spaces
        context = await browser.new_context(viewport={"width": 400, "height": 900})
        page = await context.new_page()
        await page.route("**/events", lambda route: route.abort())  # it hears of nothing
        link = await web.site.player_url(game_id, first)
        await page.goto(f"http://127.0.0.1:{web.server.port}{link}")
        await page.locator(f'#places button[data-action="{clicked}"]').wait_for(timeout=SECONDS)
        await page.screenshot(path=str(shots(tmp_path) / "player-phone.png"), full_page=True)
        # the game goes on without the page: this player places elsewhere, the others pass,
        # and it is their placement again
        await web.service.act(game_id, first, played, None)
        for _ in range(10):
            now = await web.service.game(game_id)
            user = now.seats[now.pending[0].seat].user_id
            if user == first:
                break
            await web.service.act(game_id, user, "pass", None)
        before = await web.service.game(game_id)
        assert before.seats[before.pending[0].seat].user_id == first
        await page.locator(f'#places button[data-action="{clicked}"]').click()
        await page.wait_for_function(
            "() => document.getElementById('message').textContent !== ''", timeout=SECONDS
        )
        with i18n.using(before.language):
            assert await page.inner_text("#message") == t.BOARD_CHANGED
        assert (await web.service.game(game_id)).version == before.version  # nothing played
        await page.wait_for_function(
            f"() => document.body.dataset.shown === '{before.version}'", timeout=SECONDS
        )
        assert await page.locator(f'#places button[data-action="{played}"]').count() == 0
        await context.close()
