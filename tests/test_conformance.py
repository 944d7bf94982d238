"""Conformance: 2,000 seeded random games (2-5 players, both favor modes, both tile sets), with
every invariant of engine/conformance.py checked after every action: no negative stock, workers
conserved, legal actions unless over, apply leaves its input alone, lossless JSON round trip,
replay of the notation gives the same state, prestige equals what the events granted, the game
ends within a bound, and the whole record replays to the final state."""

from __future__ import annotations

import random

import pytest

from engine import caylus
from engine.conformance import GameChecker

GAMES = 2000
CHUNK = 50
MAX_ACTIONS = 2000  # the longest game seen is far below this (bench: about 200-330 actions)

CONFIGS = [
    (players, mode, tiles)
    for players in (2, 3, 4, 5)
    for mode in ("full", "simplified")
    for tiles in ("revised", "first")
]


def play_checked(seed: int, players: int, mode: str, tiles: str) -> list[str]:
    rng = random.Random(seed)
    options = caylus.Options(players=players, favor_mode=mode, tile_set=tiles)
    state = caylus.new_game(options, caylus.Setup(seed=seed))
    checker = GameChecker(state, level="full")
    problems: list[str] = []
    for _ in range(MAX_ACTIONS):
        if state.over:
            break
        seat = state.decision.seat
        if rng.random() < 0.5:  # half the moves from the built-in player, half uniform
            action = caylus.choose_action(state, seat, rng)
        else:
            legal = caylus.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        new_state, events = caylus.apply(state, action)
        problems += checker.after(state, action, new_state, events)
        state = new_state
    problems += checker.at_end(state)
    return problems


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    problems: list[str] = []
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        players, mode, tiles = CONFIGS[seed % len(CONFIGS)]
        problems += play_checked(seed, players, mode, tiles)
    assert problems == []


def test_checker_catches_a_broken_invariant() -> None:
    """The harness can fail: a state with a negative stock and a lost worker is reported."""
    state = caylus.new_game(caylus.Options(players=3), caylus.Setup(seed=1))
    broken = state.model_copy(deep=True)
    broken.players[0].deniers = -1
    broken.players[1].workers = 5
    checker = GameChecker(state, level="light")
    problems = checker.after(state, caylus.parse("pass"), broken, [])
    assert any("negative stock" in p for p in problems)
    assert any("on the board" in p for p in problems)
