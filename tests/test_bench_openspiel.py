"""bench/bench_openspiel.py, the outside yardstick (docs/players.md, "An outside yardstick:
OpenSpiel's MCTS"): without OpenSpiel it says so in one line and exits 0 (the path CI takes);
with OpenSpiel installed, the wrapped game plays exactly our engine's game and a tiny match
prints its JSON line."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.caylus import Options, Setup, apply, legal_actions, new_game, outcome, pending
from engine.caylus.codes import ACTIONS, CODE

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "bench" / "bench_openspiel.py"

# Runs the script as `python bench/bench_openspiel.py` would, with `import pyspiel` failing
# whether or not OpenSpiel is installed here (a None in sys.modules makes the import fail).
WITHOUT_PYSPIEL = (
    "import runpy, sys\n"
    "sys.modules['pyspiel'] = None\n"
    "sys.argv = [sys.argv[1], *sys.argv[2:]]\n"
    "runpy.run_path(sys.argv[0], run_name='__main__')\n"
)


def test_bench_openspiel_without_pyspiel_prints_one_line_and_exits_0() -> None:
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_PYSPIEL, str(SCRIPT), "--games", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 1
    assert "OpenSpiel is not installed" in lines[0]
    assert "pip install open_spiel" in lines[0]
    assert run.stderr == ""


def test_openspiel_caylus_random_game_ends_with_the_engines_final_scores() -> None:
    pytest.importorskip("pyspiel")
    from bench.openspiel_caylus import load

    seed = 5
    rng = random.Random(17)
    wrapped = load(seed).new_initial_state()
    state = new_game(Options(players=2), Setup(seed=seed))
    moves = 0
    while not state.over:
        seat = pending(state)[0].seat
        assert wrapped.current_player() == seat
        assert wrapped.legal_actions() == sorted(CODE[a] for a in legal_actions(state, seat))
        code = rng.choice(wrapped.legal_actions())
        assert wrapped.action_to_string(seat, code) == str(ACTIONS[code])
        # each side plays on its own copy: a clone taken now must not see the move
        before = wrapped.clone()
        wrapped.apply_action(code)
        assert before.legal_actions() == sorted(CODE[a] for a in legal_actions(state, seat))
        state, _ = apply(state, ACTIONS[code], seat)
        moves += 1
    assert wrapped.is_terminal() and moves > 20
    result = outcome(state)
    assert result is not None
    assert wrapped.fast.scores() == result.scores
    expected = [
        0.0 if len(result.winners) == 2 else 1.0 if seat in result.winners else -1.0
        for seat in range(2)
    ]
    assert wrapped.returns() == expected


def test_bench_openspiel_tiny_match_prints_its_json_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("pyspiel")
    from bench import bench_openspiel

    code = bench_openspiel.main(
        ["--games", "2", "--simulations", "5", "--iterations", "10", "--seed", "3", "--progress"]
    )
    assert code == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert report["games"] == 2
    assert 0.0 <= report["strong_win_share"] <= 1.0
    assert set(report["mean_score"]) == {"strong", "openspiel_mcts"}
    for side in ("strong", "openspiel_mcts"):
        assert report["seconds_per_decision"][side]["decisions"] > 10
    assert report["settings"] == {
        "simulations": 5,
        "rollouts": 1,
        "uct_c": 2.0,
        "solve": True,
        "strong_budget_s": None,
        "strong_iterations": 10,
    }
    progress = [json.loads(line) for line in captured.err.splitlines()]
    assert [line["strong_seat"] for line in progress] == [0, 1]  # seats alternated
    strong_scores = [line["scores"][line["strong_seat"]] for line in progress]
    assert report["mean_score"]["strong"] == round(sum(strong_scores) / 2, 1)
