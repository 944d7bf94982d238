"""bench/bench_web.py times a player's clicks in a real Chromium (docs/web.md, "Measured"):
checked on a run of 10 moves, which on the demo game meet a space whose placement opens a
chooser (a version of the benchmark that clicked the first highlighted space waited for a move
that never came), so that the benchmark keeps working as the page changes."""

from __future__ import annotations

import pytest

from tests.web_browser import NOT_FOUND, find_chromium, playwright_missing

if playwright_missing() or find_chromium() is None:
    pytest.skip(playwright_missing() or NOT_FOUND, allow_module_level=True)


async def test_bench_web_times_a_few_clicks_to_committed_and_to_the_page_updated():
    from bench import bench_web

    result = await bench_web.main(10)
    assert result["moves"] == 10
    assert sum(result["clicks"].values()) == 10  # one timed click a move
    committed, shown = result["click_to_committed"], result["click_to_page_updated"]
    assert 0 < committed["p50_ms"] <= committed["max_ms"]
    assert shown["p50_ms"] >= committed["p50_ms"]  # the page shows a move after it is committed
