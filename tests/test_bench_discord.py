"""bench/bench_discord.py's load run, in a tiny configuration: games played at once on one
process in the simulated Discord, arrivals at a fixed rate, one JSON line of figures."""

from __future__ import annotations

import json
import threading

import pytest

from bench import bench_discord


def test_bench_discord_load_prints_cpu_and_latencies_of_games_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    figures = bench_discord.cli(["--games", "2", "--rates", "6", "--seconds", "4", "--seed", "2"])
    assert json.loads(json.dumps(figures)) == figures  # one JSON line
    assert figures["games"] == 2
    assert {"cpu_ms_per_interaction", "bot_cpu_ms_per_interaction", "rates"} <= set(figures)
    assert list(figures["rates"]) == ["6"]
    rate = figures["rates"]["6"]
    assert rate["interactions"] > 0, "no interaction was answered"
    assert 0 < rate["p50_ms"] <= rate["p99_ms"] <= rate["max_ms"]
    # CPU was measured, the simulator's part left out of the bot's
    assert 0 < figures["bot_cpu_ms_per_interaction"] < figures["cpu_ms_per_interaction"]
    assert 0 < rate["simulator_share_of_loop"] < 1
    assert figures["unexpected_errors"] == 0
    assert rate["nothing_to_answer"] == 0  # every game chosen had a prompt for a person
    assert not [t for t in threading.enumerate() if t.name == "bench-sampler"]


def test_bench_discord_keeps_its_one_game_after_the_other_usage() -> None:
    figures = bench_discord.cli(["1", "caylus", "easy"])
    assert figures["games"] == 1 and figures["interactions"] > 0
    assert 0 < figures["p50_ms"] <= figures["p99_ms"]
