"""The fast in-place Caylus path (engine/caylus/fast.py) plays exactly the games of the reference
`apply`: over seeded games of every player count, favor mode and tile set, with moves from the
built-in player and uniformly random ones, after every action the fast game converts to a state
equal to the reference state, offers the same options in the same order to the same seat, and
ends with the same scores. A state converted to the fast path and back is unchanged."""

from __future__ import annotations

import random

import pytest

from engine import caylus
from engine.caylus import rules
from engine.caylus.fast import ACTIONS, CODE, FastGame

GAMES = 240
CHUNK = 40
CONFIGS = [
    (players, mode, tiles)
    for players in (2, 3, 4, 5)
    for mode in ("full", "simplified")
    for tiles in ("revised", "first")
]


def compare_game(seed: int) -> list[str]:
    players, mode, tiles = CONFIGS[seed % len(CONFIGS)]
    rng = random.Random(seed)
    options = caylus.Options(players=players, favor_mode=mode, tile_set=tiles)  # type: ignore[arg-type]
    state = caylus.new_game(options, caylus.Setup(seed=seed))
    fast = FastGame.from_state(state)
    where = f"game {seed} ({players} players, {mode}, {tiles})"
    for step in range(3000):
        if state.over:
            break
        seat = state.decision.seat  # type: ignore[union-attr]
        legal = caylus.legal_actions(state, seat)
        if fast.seat != seat or [ACTIONS[c] for c in fast.options] != legal:
            return [f"{where} action {step}: options differ"]
        if rng.random() < 0.5:
            action = caylus.choose_action(state, seat, rng)
        else:
            action = legal[rng.randrange(len(legal))]
        state, _ = caylus.apply(state, action, seat)
        fast.play(CODE[action])
        if fast.to_state() != state:
            return [f"{where} action {step} '{action}': states differ"]
        if step % 25 == 0 and FastGame.from_state(state).to_state() != state:
            return [f"{where} action {step}: a conversion round trip differs"]
    if not (state.over and fast.over):
        return [f"{where}: did not end"]
    if fast.scores() != rules.final_scores(state).scores:
        return [f"{where}: final scores differ"]
    return []


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_fast_path_plays_the_same_games_as_apply(chunk: int) -> None:
    problems: list[str] = []
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        problems += compare_game(seed)
    assert problems == []


def test_fast_path_copies_are_independent() -> None:
    state = caylus.new_game(caylus.Options(players=3), caylus.Setup(seed=5))
    fast = FastGame.from_state(state)
    copy = fast.copy()
    rng = random.Random(1)
    for _ in range(150):
        copy.play(copy.options[rng.randrange(len(copy.options))])
    assert fast.to_state() == state
    assert [ACTIONS[c] for c in fast.options] == caylus.legal_actions(state, fast.seat)


def test_play_action_refuses_an_illegal_action() -> None:
    fast = FastGame.from_state(caylus.new_game(caylus.Options(players=2), caylus.Setup(seed=3)))
    with pytest.raises(ValueError):
        fast.play_action(caylus.parse("skip"))
    fast.play_action(caylus.parse("pass"))
    assert fast.seat != -1
