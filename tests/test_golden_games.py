"""The recorded seeded Caylus games of tests/golden/ replay to the same states, events and
error messages (see tests/caylus_golden.py): what guards the rules engine's behaviour."""

from __future__ import annotations

import pytest

from tests.caylus_golden import GAMES, load, replay_problems


@pytest.mark.parametrize("name", [spec[0] for spec in GAMES])
def test_recorded_caylus_games_replay_to_the_same_states(name: str) -> None:
    assert replay_problems(load(name)) == []


def test_recorded_caylus_games_cover_every_player_count_and_variant() -> None:
    games = [load(spec[0]) for spec in GAMES]
    options = [g["record"]["options"] for g in games]
    assert {o["players"] for o in options} == {2, 3, 4, 5}
    assert {o["favor_mode"] for o in options} == {"full", "simplified"}
    assert {o["tile_set"] for o in options} == {"revised", "first"}
    assert all(g["final"]["over"] for g in games)
    assert sum(len(g["errors"]) for g in games) > 300
