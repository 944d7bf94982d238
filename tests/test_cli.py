"""The `caylus` command line: simulate and replay, as the design's contract describes them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.cli import main
from engine import caylus
from engine.players import LEVELS
from engine.record import GameRecord, record_for


def played_record(seed: int = 7, players: int = 3) -> tuple[GameRecord, caylus.State]:
    rng = random.Random(seed)
    state = caylus.new_game(caylus.Options(players=players), caylus.Setup(seed=seed))
    start = state
    actions = []
    while not state.over:
        action = caylus.choose_action(state, state.decision.seat, rng)
        actions.append(str(action))
        state, _ = caylus.apply(state, action)
    return record_for(start, actions), state


def test_simulate_prints_the_contract_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--players", "4", "--seed", "5"]) == 0
    result = json.loads(capsys.readouterr().out)
    for key in (
        "games",
        "actions",
        "seconds",
        "games_per_second",
        "actions_per_second",
        "invariant_violations",
        "errors",
    ):
        assert key in result
    assert result["games"] == 3
    assert result["invariant_violations"] == 0 and result["errors"] == 0
    assert result["actions"] > 100


def test_simulate_full_checks_and_uniform_player(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "simulate",
        "--games",
        "2",
        "--players",
        "2",
        "--check",
        "full",
        "--player",
        "uniform",
        "--favor-mode",
        "simplified",
        "--tile-set",
        "first",
    ]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["invariant_violations"] == 0


def test_replay_reaches_the_final_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, final = played_record()
    path = tmp_path / "game.json"
    path.write_text(record.model_dump_json())
    assert main(["replay", str(path), "--json"]) == 0
    replayed = caylus.state_from_json(capsys.readouterr().out)
    assert replayed == final and replayed.over


def test_replay_stops_at_an_illegal_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = played_record()
    record.actions.insert(3, "place 28")  # an empty lot
    path = tmp_path / "bad.json"
    path.write_text(record.model_dump_json())
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "action 3 'place 28' failed" in err and "empty lot" in err


def test_replay_of_an_explicit_printed_setup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record with explicit tile and turn order (no seed) replays the same way every time."""
    record = GameRecord(
        options={"players": 2},
        setup={
            "neutral_order": [
                "n-farm",
                "n-forest",
                "n-sawmill",
                "n-quarry",
                "n-market",
                "n-carpenter",
            ],
            "turn_order": [1, 0],
        },
        actions=["place 1", "place castle", "pass"],
    )
    path = tmp_path / "explicit.json"
    path.write_text(record.model_dump_json())
    assert main(["replay", str(path), "--json"]) == 0
    state = caylus.state_from_json(capsys.readouterr().out)
    assert state.workers[0] == 1 and state.castle_workers == [0]
    assert state.passed == [1]


def test_render_and_replay_draw_magna_carta(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`caylus render --game magna-carta` draws the card, the board and a seat's hand (PNG
    files that decode), and `caylus replay --png` draws a Magna Carta record's final board."""
    from PIL import Image

    from render.magna_carta.sample import random_record

    outs = {
        "board": [],
        "card": ["--card"],
        "hand": ["--hand", "1"],
    }
    for name, extra in outs.items():
        out = tmp_path / f"{name}.png"
        args = ["render", "--game", "magna-carta", "--seed", "3", "--players", "3"]
        assert main([*args, "--turn", "4", "--phase", "2", *extra, "--out", str(out)]) == 0
        with Image.open(out) as image:
            assert image.width == 800 and image.height > 400
    assert "round 4" in capsys.readouterr().out
    record = random_record(5, 2, "beginner")
    path = tmp_path / "mc.json"
    path.write_text(record.model_dump_json())
    png = tmp_path / "final.png"
    assert main(["replay", str(path), "--png", str(png)]) == 0
    with Image.open(png) as image:
        assert image.width == 800
    drawn = tmp_path / "drawn.png"
    assert main(["render", "--record", str(path), "--out", str(drawn)]) == 0  # found by game
    assert drawn.stat().st_size > 10_000
    # a wrong player count is one line, status 1
    assert main(["render", "--game", "magna-carta", "--players", "5", "--out", str(png)]) == 1
    assert "2-4 players" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["caylus", "magna-carta"])
def test_arena_prints_one_json_line_per_level(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["arena", "--game", game, "--players", "2", "--games", "2", "--seats", "medium,easy"]
    assert main([*args, "--budget", "0.002", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert len(out.strip().splitlines()) == 1
    assert "pace_s" not in json.loads(out)  # a timed run has no processor times to compare
    levels = json.loads(out)["levels"]
    assert set(levels) == {"medium", "easy"}
    for stats in levels.values():
        assert {"win_share", "mean_score", "median_s", "p99_s"} <= set(stats)
    assert sum(stats["win_share"] for stats in levels.values()) == pytest.approx(1.0)


def test_arena_plays_to_the_playout_caps_with_playouts_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import dataclasses

    from engine.magna_carta import ai

    # tiny caps keep the game short; the option itself only drops the clock
    small = dataclasses.replace(ai.LEVEL_SETTINGS["medium"], iterations=4, per_option=2)
    monkeypatch.setitem(ai.LEVEL_SETTINGS, "medium", small)
    args = ["arena", "--game", "magna-carta", "--players", "2", "--games", "1"]
    assert main([*args, "--seats", "medium,easy", "--playouts-only", "--seed", "5"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["playouts_only"] is True
    medium = result["levels"]["medium"]
    assert 0 <= medium["over_time_share"] <= 1 and medium["cpu_median_s"] >= 0
    assert "over_time_share" not in result["levels"]["easy"]
    before, after = result["pace_s"]  # the machine's pace when the run began and ended
    assert before > 0 and after > 0
    assert main([*args, "--seats", "medium,easy", "--playouts-only", "--budget", "0.1"]) != 0
    assert "exclude each other" in capsys.readouterr().err


def test_arena_runs_split_by_seed_play_the_games_of_one_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a long matchup can be spread over cores: game k of a run uses seed + k and the seating
    # shifted by k, so chunks of a multiple of the player count add up to the whole run
    import dataclasses

    from engine.caylus import ai

    small = dataclasses.replace(ai.LEVEL_SETTINGS["medium"], iterations=4, per_option=2)
    monkeypatch.setitem(ai.LEVEL_SETTINGS, "medium", small)

    def games(seed: int, count: int) -> list[dict]:
        args = ["arena", "--game", "caylus", "--players", "2", "--seats", "medium,easy"]
        args += ["--playouts-only"]  # no clock: the same games every time
        assert main([*args, "--games", str(count), "--seed", str(seed), "--progress"]) == 0
        lines = capsys.readouterr().err.strip().splitlines()
        return [{k: v for k, v in json.loads(line).items() if k != "game"} for line in lines]

    whole = games(1, 4)
    assert games(1, 2) + games(3, 2) == whole
    assert [game["seats"] for game in whole] == [["medium", "easy"], ["easy", "medium"]] * 2


@pytest.mark.parametrize("game", ["caylus", "magna-carta"])
def test_arena_random_seat_plays_uniformly_random_legal_moves(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # the yardstick `easy` is measured against (docs/players.md): legal moves drawn from the
    # arena's rng, so a run is reproducible from its seed; it is no level a bot seat can have
    args = ["arena", "--game", game, "--players", "2", "--games", "2", "--seats", "easy,random"]
    runs = []
    for _ in range(2):
        assert main([*args, "--seed", "4", "--progress"]) == 0
        captured = capsys.readouterr()
        runs.append(captured.err)
        levels = json.loads(captured.out)["levels"]
        assert set(levels) == {"easy", "random"}
        assert levels["random"]["failures"] == 0 and levels["random"]["decisions"] > 0
        assert sum(stats["win_share"] for stats in levels.values()) == pytest.approx(1.0)
    assert runs[0] == runs[1]
    assert "random" not in LEVELS


def test_arena_refuses_seats_that_do_not_fit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--players", "3", "--games", "1", "--seats", "strong,easy"]) != 0
    assert main(["arena", "--players", "2", "--games", "1", "--seats", "strong,genius"]) != 0
    err = capsys.readouterr().err
    assert "--seats names 2 levels for 3 players" in err and "unknown level" in err


def test_health_says_healthy_only_for_a_fresh_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import time

    monkeypatch.chdir(tmp_path)  # no .env of the developer's
    monkeypatch.delenv("CAYLUS_HEALTH_FILE", raising=False)
    assert main(["health"]) == 1
    assert "no health file: set CAYLUS_HEALTH_FILE" in capsys.readouterr().err

    health = tmp_path / "health"
    monkeypatch.setenv("CAYLUS_HEALTH_FILE", str(health))
    assert main(["health"]) == 1
    assert "does not exist" in capsys.readouterr().err

    health.write_text("1\n")
    assert main(["health"]) == 0
    assert capsys.readouterr().out.startswith("healthy:")

    old = time.time() - 200
    os.utime(health, (old, old))
    assert main(["health"]) == 1  # three ticks of 60 s by default
    err = capsys.readouterr().err
    assert "unhealthy" in err and "last written 200 s ago (at most 180 s" in err
    assert main(["health", "--max-age", "300"]) == 0
    assert main(["health", "--file", str(tmp_path / "other")]) == 1
    capsys.readouterr()
    monkeypatch.setenv("CAYLUS_CLOCK_TICK_SECONDS", "1")
    assert main(["health"]) == 1
    assert "bad settings" in capsys.readouterr().err


def test_arena_plays_the_default_move_for_a_failing_player_and_counts_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the arena decides through the bot seats' safety (bot/service/automated.py): a player that
    # raises plays the default move, one line on stderr each time, counted per level
    from bot.cli import _arena, build_parser
    from bot.service.automated import engine_player

    def easy_breaks(game, state, seat, level, rng, budget):
        if level == "easy":
            raise IndexError("list index out of range")
        return engine_player(game, state, seat, level, rng, budget)

    args = ["arena", "--players", "2", "--games", "2", "--seats", "medium,easy", "--seed", "5"]
    assert _arena(build_parser().parse_args([*args, "--budget", "0.002"]), easy_breaks) == 0
    captured = capsys.readouterr()
    levels = json.loads(captured.out)["levels"]
    assert levels["medium"]["failures"] == 0
    failures = levels["easy"]["failures"]
    assert failures > 20  # every easy decision; both games still played to the end
    lines = [json.loads(line) for line in captured.err.strip().splitlines()]
    assert len(lines) == failures
    assert {line["level"] for line in lines} == {"easy"}
    assert all(line["failure"].startswith("IndexError in tests/test_cli.py") for line in lines)
    assert levels["medium"]["win_share"] == 1.0  # an easy seat that only passes


def test_render_hand_counts_seats_from_1_and_labels_the_seat_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`caylus render --game magna-carta --hand 1` draws the first seat's hand ("Player 1's
    hand"), the seat the lobby numbers 1; `--help` says seats count from 1; seat 0 or one past
    the last is refused in one line."""
    from engine import magna_carta as mc
    from render.magna_carta import render_hand_picture
    from render.magna_carta.sample import random_record, record_posts

    state = record_posts(random_record(3, 3, "standard", (4, 2)))[-1].state
    base = ["render", "--game", "magna-carta", "--seed", "3", "--players", "3"]
    base += ["--turn", "4", "--phase", "2"]
    for asked in (1, 3):
        out = tmp_path / f"hand{asked}.png"
        assert main([*base, "--hand", str(asked), "--out", str(out)]) == 0
        seat = asked - 1
        assert out.read_bytes() == render_hand_picture(mc.view(state, seat)).data
        other = render_hand_picture(mc.view(state, asked % 3)).data
        assert out.read_bytes() != other
    capsys.readouterr()
    for wrong in ("0", "4"):
        assert main([*base, "--hand", wrong, "--out", str(tmp_path / "x.png")]) == 1
        assert "seats count from 1 (1-3)" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["render", "--help"])
    assert "seats count from 1" in " ".join(capsys.readouterr().out.split())


def test_cli_i18n_subcommand_checks_and_counts_the_catalogues(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`caylus i18n` (its own module, i18n/cli.py): check finds the catalogues complete, stats
    counts every language's messages, a step it does not know is refused in one line."""
    assert main(["i18n", "check"]) == 0
    assert capsys.readouterr().out == ""
    assert main(["i18n", "stats"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert sorted(counts) == ["de", "fr", "nl"]
    assert all(c["translated"] == c["messages"] > 0 for c in counts.values())
    with pytest.raises(SystemExit) as stopped:
        main(["i18n", "translate"])
    assert stopped.value.code == 2
    assert "invalid choice: 'translate'" in capsys.readouterr().err


def test_arena_counts_penalties_per_game_and_workers_per_turn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # a Caylus seat whose player always fails plays the default move (pass, skip): it places no
    # worker and takes all three section penalties; the searching seat places workers
    from bot.cli import _arena, build_parser
    from bot.service.automated import engine_player

    def easy_passes(game, state, seat, level, rng, budget):
        if level == "easy":
            raise IndexError("list index out of range")
        return engine_player(game, state, seat, level, rng, budget)

    args = ["arena", "--players", "2", "--games", "2", "--seats", "medium,easy", "--seed", "5"]
    assert _arena(build_parser().parse_args([*args, "--budget", "0.002"]), easy_passes) == 0
    levels = json.loads(capsys.readouterr().out)["levels"]
    assert levels["easy"]["workers_per_turn"] == 0
    assert levels["easy"]["penalties_per_game"] == 3
    assert levels["medium"]["workers_per_turn"] >= 1
    assert levels["medium"]["penalties_per_game"] < 3
    # Magna Carta has no castle sections nor workers: no such counts
    mc = ["arena", "--game", "magna-carta", "--players", "2", "--games", "1"]
    assert main([*mc, "--seats", "easy,easy", "--seed", "5"]) == 0
    easy = json.loads(capsys.readouterr().out)["levels"]["easy"]
    assert "workers_per_turn" not in easy and "penalties_per_game" not in easy
