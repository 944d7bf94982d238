"""The web page's latency: from a player's click to the move committed and their page showing it.

Serves the demo's games (bot/web/demo.py: a Caylus game of two made-up players and an `easy`
bot) on a free port, opens each player's private page in a real headless Chromium (the
distribution's, tests/web_browser.py) and plays moves by clicking: a highlighted space of the
board whose placement plays at once when there is one, else the first such choice button (a
placement with answers opens its chooser first, untimed, and its first pick is timed). Each move is
timed twice: from the click to the server's answer (the move committed, the bot seats' moves
after it included), and from the click to the page showing the new version (the event, the
page's data, the new board picture drawn and loaded). Prints one JSON object.
Run: python bench/bench_web.py [moves]   (default 40 moves, about 60 seconds)
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.async_api import async_playwright

from tests.web_browser import LAUNCH_ARGS, NOT_FOUND, find_chromium
from tests.web_helpers import served


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "p50_ms": round(1000 * statistics.median(values), 1),
        "p99_ms": round(1000 * percentile(values, 0.99), 1),
        "max_ms": round(1000 * max(values), 1),
    }


async def main(moves: int) -> dict[str, Any]:
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit(NOT_FOUND)
    committed: list[float] = []
    shown: list[float] = []
    clicks = {"board": 0, "button": 0, "chooser": 0}
    with tempfile.TemporaryDirectory() as folder:
        async with served(Path(folder)) as web, async_playwright() as driver:
            browser = await driver.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
            game_id = web.games.caylus
            info = await web.service.game(game_id)
            pages = {}
            for seat in info.seats:
                if seat.user_id is None:
                    continue
                page = await browser.new_page(viewport={"width": 400, "height": 900})
                link = await web.site.player_url(game_id, seat.user_id)
                await page.goto(f"http://127.0.0.1:{web.server.port}{link}")
                pages[seat.user_id] = page
            for _ in range(moves):
                info = await web.service.game(game_id)
                if info.status != "running":
                    break
                user = info.seats[info.pending[0].seat].user_id
                page = pages[user]
                await page.wait_for_function(
                    f"() => Number(document.body.dataset.shown) >= {info.version}"
                )
                # a move of one click (a space or a button); a placement offered with its
                # answers opens a chooser first (untimed), and the pick is the timed click
                plain = ":not([aria-haspopup])"
                target, kind = page.locator(f"#places button{plain}").first, "board"
                if await target.count() == 0:
                    target, kind = page.locator(f"#choices button{plain}").first, "button"
                if await target.count() == 0:
                    await page.locator("#places button, #choices button").first.click()
                    target, kind = page.locator("#chooser button").first, "chooser"
                started = time.perf_counter()
                async with page.expect_response(lambda r: r.url.endswith("/play")) as answer:
                    await target.click()
                await (await answer.value).finished()
                committed.append(time.perf_counter() - started)
                after = (await web.service.game(game_id)).version
                await page.wait_for_function(
                    f"() => Number(document.body.dataset.shown) >= {after}"
                    " && document.getElementById('board').complete"
                )
                shown.append(time.perf_counter() - started)
                clicks[kind] += 1
            await browser.close()
    return {
        "moves": len(shown),
        "clicks": clicks,
        "click_to_committed": summary(committed),
        "click_to_page_updated": summary(shown),
    }


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)), indent=2))
