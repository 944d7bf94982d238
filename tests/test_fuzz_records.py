"""`caylus replay`, `render` and `simulate` on damaged input: one line on stderr, a non-zero exit,
no traceback, no hang.

A seeded fuzz mutates valid records of both games (bytes flipped or cut, fields of the wrong
type, crafted start states such as `"passed": [0, 0]` or a Magna Carta hand of 15,000 cards,
seats and actions out of line) and runs each through
the command in this process under a deadline; a few real subprocess runs check the exit status
and the output as a shell sees them. bench/bench_fuzz.py runs the same fuzz for longer.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import caylus
from engine.record import GameRecord, record_for
from tests.caylus_helpers import game
from tests.fuzz_inputs import check_cli_outcome, fuzz_replay, mc_mutated_record, run_cli
from tests.mc_helpers import position as mc_position

ROOT = Path(__file__).resolve().parent.parent
CHUNKS = 8
RECORDS_PER_CHUNK = 550


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutated_records_end_in_one_line_and_a_status(chunk: int, tmp_path: Path) -> None:
    report = fuzz_replay(1000 + chunk, RECORDS_PER_CHUNK, tmp_path, seconds=30)
    assert report.tried == RECORDS_PER_CHUNK
    assert report.hangs == 0 and report.problems == 0, "\n".join(report.first())


MC_RECORDS = 300


def test_mutated_magna_carta_records_end_in_one_line_and_a_status(tmp_path: Path) -> None:
    """Damaged and impossible Magna Carta start states (the validation refuses them) and the
    states it lets through (the engine must then play on them or refuse an action): one line
    and a status, never a traceback or a hang."""
    report = fuzz_replay(2000, MC_RECORDS, tmp_path, seconds=30, make=mc_mutated_record)
    assert report.tried == MC_RECORDS
    assert report.hangs == 0 and report.problems == 0, "\n".join(report.first())


def _write(path: Path, data: bytes | str) -> str:
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return str(path)


def _passed_twice() -> str:
    """The crafted start that used to loop forever: seat 0 on the passing list twice."""
    data = game(players=2, turn_order=[0, 1]).model_dump(mode="json")
    data["passed"] = [0, 0]
    data["decision"] = {"kind": "place", "seat": 1}
    data["cursor"] = 1
    return GameRecord(start=data, actions=["pass"]).model_dump_json()


def _one_error_line(status: int, out: str, err: str) -> str:
    assert status != 0
    assert check_cli_outcome(status, out, err) is None, err
    return err.strip()


def test_replay_reports_a_missing_file(tmp_path: Path) -> None:
    line = _one_error_line(*run_cli(["replay", str(tmp_path / "nowhere.json")]))
    assert line.startswith("error: cannot read the record '") and "No such file" in line


def test_replay_reports_a_directory(tmp_path: Path) -> None:
    line = _one_error_line(*run_cli(["replay", str(tmp_path)]))
    assert line.startswith("error: cannot read the record '")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b'{"game": "caylus", "actions": ["pass"\xff]}', "Invalid JSON"),
        (b"", "Invalid JSON"),
        ('{"game": "caylus", "seats": "0"}', "field 'seats'"),
        ('{"game": "go"}', "Unknown game 'go'"),
        ('{"options": {"players": 1}, "setup": {"seed": 3}}', "field 'players'"),
    ],
)
def test_replay_reports_what_is_wrong_with_a_record(tmp_path: Path, data, expected) -> None:
    line = _one_error_line(*run_cli(["replay", _write(tmp_path / "r.json", data)]))
    assert line.startswith("error: ") and expected in line


def test_replay_of_a_crafted_start_stops_with_the_reason(tmp_path: Path) -> None:
    line = _one_error_line(*run_cli(["replay", _write(tmp_path / "r.json", _passed_twice())], 20))
    assert line == "error: The game state is not consistent: 'passed' names seat 0 twice."


def _mc_start(edit: Any) -> str:
    """A Magna Carta record from a mid-round state (seat 0 to act) damaged by `edit`."""
    data = mc_position(players=3).model_dump()
    edit(data)
    return GameRecord(game="magna-carta", start=data, actions=["pass"]).model_dump_json()


MC_DAMAGED_STARTS = [
    ("negative purse", lambda d: d["players"][0].update(deniers=-3), "field 'players.0.deniers'"),
    ("phase 99", lambda d: d.update(phase=99), "field 'phase'"),
    ("unknown card", lambda d: d["players"][0]["hand"].append("dragon"), "'dragon', no card"),
    ("missing seat", lambda d: d.update(start_player=3), "name seats 0-2"),
    ("hand of 15,000", lambda d: d["players"][0].update(hand=["bank"] * 15_000), "15000 in hand"),
    ("road card repeated", lambda d: d["road"].append(dict(d["road"][1])), "on the road 2 times"),
    ("a billion shuffles", lambda d: d["players"][1].update(shuffles=10**9), "reshuffle count"),
]


@pytest.mark.parametrize(
    ("edit", "expected"),
    [case[1:] for case in MC_DAMAGED_STARTS],
    ids=[case[0] for case in MC_DAMAGED_STARTS],
)
def test_replay_of_a_damaged_magna_carta_start_gives_one_typed_line(
    tmp_path: Path, edit: Any, expected: str
) -> None:
    line = _one_error_line(*run_cli(["replay", _write(tmp_path / "r.json", _mc_start(edit))]))
    assert line.startswith(
        ("error: The game state is not consistent: ", "error: This is not a Magna Carta game")
    ), line
    assert expected in line and line.endswith("."), line


def test_replay_cuts_a_huge_action_in_its_failure_line(tmp_path: Path) -> None:
    start = game(players=2)
    record = record_for(start, ["pass", "place " + "9" * 5000 + "\nsecond line"])
    line = _one_error_line(
        *run_cli(["replay", _write(tmp_path / "r.json", record.model_dump_json())])
    )
    assert line.startswith("action 1 'place 999") and "failed: " in line
    assert len(line) < 400


def test_replay_reports_an_unwritable_png(tmp_path: Path) -> None:
    record = record_for(game(players=2), ["pass"])
    path = _write(tmp_path / "r.json", record.model_dump_json())
    line = _one_error_line(*run_cli(["replay", path, "--png", str(tmp_path / "no" / "b.png")]))
    assert line.startswith("error: cannot write the PNG file '")


def test_render_reports_a_damaged_record_and_a_foreign_game(tmp_path: Path) -> None:
    out = str(tmp_path / "b.png")
    bad = _write(tmp_path / "bad.json", b"{\xff")
    line = _one_error_line(*run_cli(["render", "--record", bad, "--out", out]))
    assert line.startswith("error: This is not a game record")
    line = _one_error_line(*run_cli(["render", "--record", str(tmp_path / "gone.json")]))
    assert line.startswith("error: cannot use the file '") and "No such file" in line
    crafted = _write(tmp_path / "crafted.json", _passed_twice())
    line = _one_error_line(*run_cli(["render", "--record", crafted, "--out", out]))
    assert "'passed' names seat 0 twice" in line
    assert not Path(out).exists()


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["simulate", "--players", "9"], "caylus is played by 2-5 players, not 9"),
        (["simulate", "--games", "-1"], "argument --games: -1 is below the minimum 0"),
        (["simulate", "--games", "many"], "argument --games: 'many' is not a whole number"),
        (["simulate", "--max-actions", "0"], "below the minimum 1"),
        (["render", "--upto", "-2"], "argument --upto: -2 is negative"),
        (["render", "--players", "7"], "argument --players: invalid choice"),
        (["replay"], "the following arguments are required: record"),
    ],
)
def test_bad_arguments_give_one_line(argv: list[str], expected: str) -> None:
    status, out, err = run_cli(argv)
    line = _one_error_line(status, out, err)
    assert expected in line


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_real_runs_exit_non_zero_with_one_line(tmp_path: Path) -> None:
    crafted = _write(tmp_path / "crafted.json", _passed_twice())
    damaged = _write(tmp_path / "damaged.json", b'{"game": "caylus", "actions": ["\xc3"]}')
    runs = [
        _cli("replay", crafted),
        _cli("replay", damaged),
        _cli("replay", str(tmp_path / "missing.json")),
        _cli("render", "--record", damaged, "--out", str(tmp_path / "b.png")),
        _cli("simulate", "--players", "1"),
        _cli("replay", _write(tmp_path / "mc.json", _mc_start(MC_DAMAGED_STARTS[4][1]))),
    ]
    for run in runs:
        assert run.returncode != 0, run
        assert len(run.stderr.splitlines()) == 1 and "Traceback" not in run.stderr, run.stderr
        assert run.stdout == "", run.stdout
    assert runs[0].stderr.startswith("error: The game state is not consistent")
    assert runs[-1].stderr.startswith("error: The game state is not consistent: seat 0 has")


def test_a_real_run_of_a_good_record_still_succeeds(tmp_path: Path) -> None:
    start = game(players=3)
    state, actions = start, []
    for _ in range(12):
        action = caylus.default_action(state)
        actions.append(str(action))
        state, _ = caylus.apply(state, action)
    path = _write(tmp_path / "good.json", record_for(start, actions).model_dump_json())
    run = _cli("replay", path, "--json")
    assert run.returncode == 0 and run.stderr == ""
    assert caylus.state_from_json(run.stdout) == state
    assert json.loads(run.stdout)["turn"] == state.turn
