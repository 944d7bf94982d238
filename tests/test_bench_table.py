"""bench/bench_table.py: pings counted from what the simulated Discord notified, an empty ping
(a mention of someone the game was not waiting for) told apart, and short games of every model
giving counts of the right shape."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest

from bench import bench_table as bench
from tests.discord_harness import Seen, table
from tests.test_discord_clock import start_game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ROOT = Path(__file__).resolve().parent.parent
KEYS = {
    "pings_per_player",
    "empty_pings",
    "waits_per_turn",
    "posts_visible",
    "posts_total",
    "median_days",
}


def _post(message_id: int, *pinged: int, kind: str = "post") -> Seen:
    message = SimpleNamespace(id=message_id)
    return Seen(kind, datetime(2026, 1, 1, tzinfo=UTC), message, tuple(pinged))


def test_an_empty_ping_is_counted_apart_from_a_ping_that_asks() -> None:
    posts = [_post(1, 10), _post(2, 10, 11), _post(3, 11, kind="edit"), _post(4, 99)]
    pings = bench.pings_in(posts, awaited={10}, people={10, 11, 12})
    # 99 is nobody at the table; an edit notifies nobody
    assert [(p.message_id, p.user_id) for p in pings] == [(1, 10), (2, 10), (2, 11)]
    assert [p.empty for p in pings] == [False, False, True]
    assert bench.count_empty(pings) == 1
    assert bench.count_empty(bench.pings_in(posts, awaited={10, 11}, people={10, 11})) == 0
    assert bench.count_empty(bench.pings_in(posts, awaited=(), people={10, 11})) == 3


async def test_the_harness_records_whom_a_post_notified_and_an_empty_ping_is_found(
    tmp_path: Path,
) -> None:
    async with table(tmp_path, 3, seed=2, render_boards=False, clock_loop=False) as tb:
        first = await start_game(tb, 3)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        awaited = set(info.awaiting_user_ids)
        people = {p.id for p in tb.players}
        # the game's own prompt notified exactly whom it waits for
        prompt = next(s for s in tb.seen if s.kind == "post" and s.message.id == first.id)
        assert set(prompt.pinged) == awaited
        # a post that mentions two others but lets one mention through notifies that one only
        idle, quiet = [p for p in tb.players if p.id not in awaited][:2]
        channel = tb.env.bot.get_channel(tb.channel.id)
        await channel.send(
            f"{idle.mention} {quiet.mention}",
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(idle.id)]),
        )
        await tb.env.settle()
        last = tb.seen[-1]
        assert last.kind == "post" and last.pinged == (idle.id,)
        pings = bench.pings_in([prompt, last], awaited, people)
        assert [(p.user_id, p.empty) for p in pings] == [
            *((u, False) for u in prompt.pinged),
            (idle.id, True),
        ]


def _sane(numbers: dict, people: int) -> None:
    assert set(numbers) >= KEYS
    assert numbers["pings_per_player"] > 0
    assert 0 <= numbers["empty_pings"] <= numbers["pings_per_player"] * people
    assert 0 < numbers["waits_per_turn"] < 30
    assert 0 < numbers["posts_visible"] <= numbers["posts_total"]
    assert numbers["median_days"] > 0
    # the waits by kind of person add up to the waits
    by_kind = sum(numbers["waits_per_turn_by_kind"].values())
    assert abs(by_kind - numbers["waits_per_turn"]) <= 0.01 * len(numbers["waits_per_turn_by_kind"])
    assert numbers["asked_decisions_per_player"] >= 0


async def test_one_short_caylus_game_per_model_gives_sane_counts() -> None:
    result = await bench.main("caylus", 3, 0, games=1, seed=1, pictures=False, budget=45)
    models = json.loads(json.dumps(result))["models"]
    assert set(models) == set(bench.MODELS)
    for numbers in models.values():
        _sane(numbers, 3)
    # the kinds of people behave differently: a planner's moves come from plans
    assert models["planner"]["planned_share"] > models["asked"]["planned_share"]
    assert set(models["mixed"]["waits_per_turn_by_kind"]) <= {
        "offered",
        "planner",
        "offered+planner",
    }
    assert set(models["asked"]["waits_per_turn_by_kind"]) == {"asked"}


async def test_a_short_magna_carta_game_with_two_people_and_two_bots() -> None:
    result = await bench.main(
        "magna-carta", 4, 2, games=1, seed=1, models=("asked", "mixed"), pictures=False, budget=30
    )
    assert set(result["models"]) == {"asked", "mixed"}
    for numbers in result["models"].values():
        _sane(numbers, 2)


def test_the_command_prints_one_json_line() -> None:
    command = [sys.executable, "bench/bench_table.py", "--models", "asked", "--games", "1"]
    command += ["--budget", "12", "--no-pictures"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    assert set(json.loads(lines[0])["models"]) == {"asked"}
    wrong = subprocess.run(
        [sys.executable, "bench/bench_table.py", "--models", "lazy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert wrong.returncode == 2 and "unknown model lazy" in wrong.stderr
