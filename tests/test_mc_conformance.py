"""Conformance: 2,000 seeded random Magna Carta games (2-4 players, both rule sets), moves
from the built-in player and uniformly random legal moves, with the opening hands answered in
a random seat order.

After every action the cheap invariants of engine/magna_carta/conformance.py hold (no negative
stock; workers, cards, prestige buildings and castle tokens conserved; someone can act unless
the game is over, with two options or more for a single decision; no drawn card in a public
event). The expensive ones (apply leaves its input alone, lossless JSON round trip, the
notation re-applied to the re-read state gives the same state, views and legal actions
unchanged when hidden cards are shuffled, public events unchanged when draw piles are
shuffled) run on every SAMPLE_EVERY-th action and on the last action of every game; at the end
of every game the whole record replays to the final state and the scores equal their
breakdown. Every game ends within MAX_ACTIONS.
"""

from __future__ import annotations

import random

import pytest

from engine.magna_carta import (
    Options,
    Setup,
    apply,
    choose_action,
    legal_actions,
    new_game,
    pending,
)
from engine.magna_carta.conformance import GameChecker

GAMES = 2000
CHUNK = 100
SAMPLE_EVERY = 40
MAX_ACTIONS = 3000  # the longest random game is far below this (about 500 actions)
CONFIGS = [(players, variant) for players in (2, 3, 4) for variant in ("beginner", "standard")]


def play_checked(seed: int, players: int, variant: str) -> tuple[list[str], int]:
    rng = random.Random(seed)
    state = new_game(Options(players=players, variant=variant), Setup(seed=seed))  # type: ignore[arg-type]
    checker = GameChecker(state, level="sampled", sample_every=SAMPLE_EVERY)
    problems: list[str] = []
    builtin_share = rng.choice((0.0, 0.3, 1.0))
    for _ in range(MAX_ACTIONS):
        if state.over:
            break
        seats = [p.seat for p in pending(state)]
        seat = rng.choice(seats)  # simultaneous decisions: any seat may answer first
        if rng.random() < builtin_share:
            action = choose_action(state, seat, rng)
        else:
            legal = legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        new_state, events = apply(state, action, seat)
        problems += checker.after(state, action, new_state, events, seat)
        state = new_state
    problems += checker.at_end(state)
    return problems, len(checker.actions)


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_mc_random_games_keep_every_invariant(chunk: int) -> None:
    problems: list[str] = []
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        players, variant = CONFIGS[seed % len(CONFIGS)]
        found, _ = play_checked(seed, players, variant)
        problems += found
    assert problems == []


def test_mc_checker_catches_broken_invariants() -> None:
    """The harness can fail: a negative stock, a lost worker, a lost card and a token out of
    nowhere are all reported."""
    state = new_game(Options(players=3), Setup(seed=1))
    broken = state.model_copy(deep=True)
    broken.players[0].deniers = -1
    broken.players[1].workers = 3
    broken.players[2].deck.pop()
    broken.tokens[0] += 1
    checker = GameChecker(state)
    problems = " ".join(checker.after(state, "keep", broken, [], 0))
    for needle in ("negative stock", "workers in hand", "cards not conserved", "tokens not"):
        assert needle in problems


def test_mc_checker_catches_a_view_that_leaks() -> None:
    from engine.magna_carta import conformance, view

    state = new_game(Options(players=2), Setup(seed=3))
    original = conformance.view
    try:
        conformance.view = lambda s, seat: [p.hand for p in s.players]  # every hand: a leak
        assert conformance.hidden_information_violations(state, random.Random(1))
    finally:
        conformance.view = original
    assert conformance.hidden_information_violations(state, random.Random(1)) == []
    assert view(state, 0).players[1].hand is None
