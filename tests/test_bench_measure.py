"""How the benchmarks measure: CPU time with its spread, wall time labelled beside it, verdicts
only from enough games, one name for one sampled state, and a usage line that says how long."""

from __future__ import annotations

import ast
import json
import re
import sys
import time
from pathlib import Path

import pytest

from bench import bench_arena, bench_phone, bench_render
from bench.measure import spread, timed_ms

BENCH = Path(__file__).resolve().parents[1] / "bench"


def test_benchmark_times_are_cpu_milliseconds_with_min_median_max_and_wall_beside() -> None:
    def busy() -> None:
        sum(range(20_000))

    figures = timed_ms(busy, 5)
    cpu = figures["cpu_ms"]
    assert set(cpu) == {"min", "median", "max"}
    assert 0 <= cpu["min"] <= cpu["median"] <= cpu["max"]
    assert "wall_ms_median" in figures
    # sleeping costs no CPU: a benchmark's figure is not inflated by waiting
    asleep = timed_ms(lambda: time.sleep(0.02), 3)
    assert asleep["cpu_ms"]["max"] < asleep["wall_ms_median"]
    assert spread([3.0, 1.0, 2.0]) == {"min": 1.0, "median": 2.0, "max": 3.0}


def _result(share: float) -> dict[str, object]:
    return {
        "levels": {
            "strong": {"win_share": share, "median_s": 0.5, "p99_s": 1.0},
            "easy": {"win_share": 1 - share, "median_s": 0.0, "p99_s": 0.0},
        }
    }


@pytest.mark.parametrize("games", [20, 99, 100, 150])
def test_arena_gives_verdicts_only_at_100_games_a_matchup(games: int) -> None:
    runs = [("caylus", "strong,easy", "strong", 0.95, [])]
    summary = bench_arena.summarize(runs, [_result(0.97)], games, None, False)
    target = summary["targets"][0]  # type: ignore[index]
    assert target["win_share"] == 0.97
    if games >= 100:
        assert target["met"] is True and target["time_met"] is True
        assert "verdicts" not in summary
    else:
        assert target["met"] is None and target["time_met"] is None
        assert "100 games" in str(summary["verdicts"])


def test_every_benchmark_says_how_long_it_runs() -> None:
    """Each script's docstring gives its usage (`python bench/...`) and how long it runs at the
    defaults ("about 2 minutes", "90 s", "10 minutes to 2 hours")."""
    duration = re.compile(r"\b\d[\d,.]* ?(seconds?|minutes?|hours?|s)\b", re.IGNORECASE)
    silent = []
    for path in sorted(BENCH.glob("bench_*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        if "python bench/" not in doc or not duration.search(doc):
            silent.append(path.name)
    assert not silent, f"these benchmarks do not say how to run them and for how long: {silent}"


def test_the_picture_benchmarks_time_the_same_state_named_the_same_way(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["bench_render.py", "--runs", "1"])
    bench_render.main()
    rendered = json.loads(capsys.readouterr().out)
    phone = bench_phone.timings(1)
    assert rendered["state"] == phone["state"]
    assert rendered["state"].startswith("Caylus, 5 players, seed 3, turn 8 phase 2")
    for figures in (rendered["whole_board"], rendered["card"], phone["card"]):
        assert set(figures["cpu_ms"]) == {"min", "median", "max"}
