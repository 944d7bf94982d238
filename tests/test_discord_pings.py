"""A ping means: the game waits for you now (docs/discord.md, "Mentions"). Whole games through
the simulated Discord, every message the bot posts checked against who the game waits for at
that moment; undo pings nobody; the questions ahead are a line, a badge and (opted in) one
direct message per phase, edited."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.discord_harness import counting_pings, table
from tests.test_discord_magna_carta import play_mc

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _report(name: str, count: object) -> None:
    """The counts of a whole game, for docs/pace.md (CAYLUS_PING_REPORT=file appends them)."""
    out = os.environ.get("CAYLUS_PING_REPORT")
    if out:
        with Path(out).open("a", encoding="utf-8") as f:
            f.write(json.dumps({"game": name, **count}) + "\n")  # type: ignore[dict-item]


async def test_ping_rule_over_a_whole_three_player_caylus_game(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=3, render_boards=False) as tb:
        with counting_pings(tb) as count:
            await tb.open_game(3)
            await tb.play_out(pass_rate=0.6, play_rate=0.15)
        people = [p.id for p in tb.players]
        _report(
            "caylus-3",
            {
                "pings_per_player": count.per_player(people),
                "empty_pings": len(count.empty),
                "stray_mentions": len(count.stray),
            },
        )
        assert count.per_player(people) > 0
        assert not count.empty, count.empty[:3]
        assert not count.stray, count.stray[:3]


async def test_ping_rule_over_a_whole_magna_carta_game_two_people_two_bots(
    tmp_path: Path,
) -> None:
    async with table(tmp_path, 2, seed=21, render_boards=False) as tb:
        with counting_pings(tb) as count:
            await play_mc(tb, humans=2, bots=2, rules="standard", seed=1)
        people = [p.id for p in tb.players]
        _report(
            "magna-carta-2+2",
            {
                "pings_per_player": count.per_player(people),
                "empty_pings": len(count.empty),
                "stray_mentions": len(count.stray),
            },
        )
        assert count.per_player(people) > 0
        assert not count.empty, count.empty[:3]
        assert not count.stray, count.stray[:3]
