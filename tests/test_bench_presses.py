"""bench/bench_presses.py counts what a 3-player Caylus turn takes in the channel and on the web
page (docs/web.md, "Measured"): checked on a tiny run (one game, its first decisions) and on
made-up page data for each kind of click."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bench import bench_presses

FOREST = {
    "action": "place 6",
    "label": "Forest (6) — 1 d",
    "area": [469, 336, 142, 128],
    "options": [
        {"action": "place 6|take F", "words": "Take 1 food", "label": "…"},
        {"action": "place 6|take W", "words": "Take 1 wood", "label": "…"},
        {"action": "place 6", "words": "Decide later", "label": "…"},
    ],
}
QUARRY = {"action": "place 1", "label": "Quarry (1) — 1 d", "area": [16, 336, 142, 128]}
CASTLE = {
    "action": "place castle",
    "label": "Castle — 1 d",
    "area": None,
    "options": [{"action": "place castle|castle all", "words": "deliver all I can", "label": "…"}],
}
PASS = {"action": "pass", "label": "Pass", "area": None, "options": []}


def player(*choices: dict[str, Any]) -> dict[str, Any]:
    return {
        "board_size": [1080, 1774],
        "choices": [{"options": [], **c} for c in choices],
    }


def test_bench_presses_counts_each_kind_of_click_on_the_page():
    page = player(FOREST, QUARRY, CASTLE, PASS)
    assert bench_presses.page_clicks(page, "place 6|take W") == {"board": 1, "picks": 1}
    assert bench_presses.page_clicks(page, "place 6") == {"board": 1, "picks": 1}  # decide later
    assert bench_presses.page_clicks(page, "place 1") == {"board": 1}
    assert bench_presses.page_clicks(page, "place castle|castle all") == {"buttons": 1, "picks": 1}
    assert bench_presses.page_clicks(page, "pass") == {"buttons": 1}
    with pytest.raises(AssertionError):
        bench_presses.page_clicks(page, "place 1|take S")  # an answer no chooser offers


def test_bench_presses_counts_a_tiny_run_the_same_decisions_both_ways(
    capsys: pytest.CaptureFixture[str],
):
    """One game's first 6 decisions, pressed in the simulated Discord and clicked on the page:
    both plays end the same; every decision is one press in the channel (a button, or an option
    of a menu opened for it) and one board click or button on the page, plus a chooser pick for
    each placement made with its answer; the JSON line says it."""
    result = bench_presses.main(["1", "--decisions", "6"])
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1]) == result
    assert result["same_decisions"] is True and result["decisions"] == 6
    channel, page = result["channel"]["sum"], result["page"]["sum"]
    assert channel["presses"] == 6 and channel["typed"] == 0
    assert 0 < channel["menus"] <= 6  # the placements are in menus, passing is a button
    assert page["board"] + page["buttons"] == 6
    assert page["picks"] <= page["board"] + page["buttons"]
    assert result["turns_and_players"] == 3  # turn 1, each of the three players
    for side, counted in (
        ("channel", bench_presses.CHANNEL_COUNTS),
        ("page", bench_presses.PAGE_COUNTS),
    ):
        total = sum(result[side]["sum"][k] for k in counted)
        assert result[side]["total"]["mean"] == round(total / 3, 2)
