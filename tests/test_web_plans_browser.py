"""A player's questions ahead and undo on their page in a real headless Chromium
(tests/web_browser.py), in the simulated Discord: a click on an answer ahead keeps it and shows it
chosen; a click on Undo after a move takes it back, the channel is told, and the page follows.
Screenshots kept in CAYLUS_WEB_SHOTS when set."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.words.lang import t
from tests.discord_harness import web_table
from tests.test_web_play import buttons_of
from tests.web_browser import NOT_FOUND, find_chromium, playwright_missing, shots

if find_chromium() is None or playwright_missing():
    pytest.skip(playwright_missing() or NOT_FOUND, allow_module_level=True)

from playwright.async_api import Browser

from tests.test_web_browser import SECONDS, browser, open_page  # noqa: F401

BRIBE = "1/4/bribe/0"  # the table's question ahead for the player not awaited


async def test_browser_answers_ahead_and_undoes_by_clicking(
    tmp_path: Path,
    browser: Browser,  # noqa: F811 (the fixture of tests/test_web_browser.py)
):
    """The player not awaited opens their page (the link /caylus me gave them) and clicks an
    answer ahead: it is kept and shown chosen. The awaited player clicks a space on their page,
    then Undo: the move is taken back, the channel's prompt of the next decision says so, and
    their page offers the space again."""
    async with web_table(tmp_path) as tb:
        prompt = tb.last_prompt()
        player = tb.awaited(prompt)
        other = next(p for p in tb.players if p is not player)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        assert info is not None
        links = {}
        for someone in (player, other):  # before any page is open (its stream never settles)
            reply = await someone.slash(tb.channel, "caylus me")
            links[someone.id] = next(b["url"] for b in buttons_of(reply.response) if b.get("url"))
        # an answer ahead, by the player whose turn it is not, at phone width
        ahead, problems = await open_page(browser, links[other.id], width=400)
        pick = ahead.locator(f'.question[data-key="{BRIBE}"] button[data-option="provost +1"]')
        await pick.wait_for(timeout=SECONDS)
        await pick.click()
        chosen = ahead.locator(f'.question[data-key="{BRIBE}"] button[aria-pressed="true"]')
        await chosen.wait_for(timeout=SECONDS)
        assert await chosen.get_attribute("data-option") == "provost +1"
        asked = await tb.service.questions_for(info.id, other.id)
        assert next(q for q in asked if q.key == BRIBE).planned == "provost +1"
        await ahead.screenshot(path=str(shots(tmp_path) / "plans-phone.png"), full_page=True)
        # a move, then Undo, by the awaited player
        page, more = await open_page(browser, links[player.id])
        await page.locator('#places button[data-action="place 1"]').click()
        undo = page.locator("#undo")
        await undo.wait_for(timeout=SECONDS)
        assert await undo.inner_text() == t.BUTTON_UNDO
        await page.screenshot(path=str(shots(tmp_path) / "undo.png"), full_page=True)
        await undo.click()
        await page.wait_for_function(
            "() => document.getElementById('plans-note').textContent !== ''", timeout=SECONDS
        )
        assert (await page.inner_text("#plans-note")).startswith("Taken back: ")
        await page.locator('#places button[data-action="place 1"]').wait_for(timeout=SECONDS)
        assert await page.locator("#undo").count() == 0
        assert (await tb.service.log(info.id, after_seq=info.seq)).entries == ()
        # no env.settle(): the pages' open connections are the bot's work too and never settle
        for _ in range(100):
            if t.PROMPT_UNDONE in tb.transcript():
                break
            await asyncio.sleep(0.05)
        assert t.PROMPT_UNDONE in tb.transcript() and "took back their move" in tb.transcript()
        # played again: Undo is offered again, and the note of the undo goes with the move
        await page.locator('#places button[data-action="place 1"]').click()
        await undo.wait_for(timeout=SECONDS)
        assert await page.inner_text("#plans-note") == ""
        assert problems == [] and more == []
        await ahead.context.close()
        await page.context.close()
        await tb.env.bot.close()
