"""Automated Magna Carta players (engine/magna_carta/ai.py): every level plays complete legal
games for every player count and rule set, the same seed and budget give the same game, and no
level reads what its seat cannot see: changing the unseen cards (other hands, every draw pile,
the seed of future reshuffles and the recorded deck orders) in a way consistent with the seat's
view never changes a decision. The search's determinizations agree with the view, and its
playout policy makes the built-in player's choices.

Strength is measured by `caylus arena` (docs/players.md), never asserted here."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from engine import magna_carta as mc
from engine.errors import GameOver, NotYourDecision
from engine.magna_carta import ai
from engine.magna_carta.conformance import shuffle_hidden
from engine.magna_carta.state import STATE_FIELDS, Setup, State
from engine.magna_carta.view import view
from engine.players import LEVELS, Budget
from engine.players.mcts import margin_rewards
from tests.mc_helpers import finished_game, random_states

TINY = Budget(iterations=6)
# what every seat sees of a state (the players hold the hands, the setup the draw piles)
PUBLIC_FIELDS = tuple(f for f in STATE_FIELDS if f not in ("options", "setup", "players"))


def play_game(
    levels: list[str], seed: int, variant: str = "standard", budget: Budget = TINY
) -> tuple[State, list[str]]:
    options = mc.Options(players=len(levels), variant=variant)  # type: ignore[arg-type]
    state = mc.new_game(options, mc.Setup(seed=seed))
    rng = random.Random(seed)
    actions = []
    while not state.over:
        seat = mc.pending(state)[0].seat
        action = mc.automated_action(state, seat, levels[seat], rng, budget)
        assert action in mc.legal_actions(state, seat)
        state, _ = mc.apply(state, action, seat)
        actions.append(str(action))
    return state, actions


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["standard", "beginner"])
def test_every_level_plays_complete_legal_games(players: int, variant: str) -> None:
    levels = [LEVELS[(k + players) % len(LEVELS)] for k in range(players)]
    state, actions = play_game(levels, seed=players, variant=variant)
    assert state.over and mc.outcome(state) is not None
    assert len(actions) > 30


def test_the_same_seed_and_budget_give_the_same_game() -> None:
    first = play_game(["strong", "medium"], seed=5)[1]
    assert play_game(["strong", "medium"], seed=5)[1] == first
    assert play_game(["strong", "medium"], seed=6)[1] != first


def hide_differently(state: State, rng: random.Random, seat: int) -> State:
    """`state` with everything `seat` cannot see dealt anew: the other hands and every draw
    pile shuffled (sizes kept), another seed for future reshuffles, other recorded deck orders
    and reshuffle counts."""
    other = shuffle_hidden(state, rng, seat)
    decks = [rng.sample(p.deck + p.hand, len(p.deck + p.hand)) for p in other.players]
    other.setup = Setup(seed=rng.randrange(10**6), decks=decks)
    for p in other.players:
        p.shuffles = rng.randrange(5)
    return other


def test_no_level_decides_from_what_its_seat_cannot_see() -> None:
    rng = random.Random(11)
    checked = 0
    for k, s in enumerate(random_states(3, players=3, seed0=40)):
        if s.over or k % 7:
            continue
        for p in mc.pending(s):
            other = hide_differently(s, rng, p.seat)
            assert view(other, p.seat) == view(s, p.seat)
            for level in LEVELS:
                a = mc.automated_action(s, p.seat, level, random.Random(k), Budget(iterations=12))
                b = mc.automated_action(
                    other, p.seat, level, random.Random(k), Budget(iterations=12)
                )
                assert a == b, (level, k)
            checked += 1
    assert checked > 30


def test_a_determinization_agrees_with_the_view_and_deals_only_unseen_cards() -> None:
    rng = random.Random(3)
    checked = 0
    for variant in ("standard", "beginner"):
        for k, s in enumerate(random_states(2, players=4, variant=variant, seed0=70)):
            if s.over or k % 5:
                continue
            for p in mc.pending(s):
                made = ai.determinize(view(s, p.seat), rng)
                for name in PUBLIC_FIELDS:
                    assert getattr(made, name) == getattr(s, name), name
                for seat, (mine, real) in enumerate(zip(made.players, s.players, strict=True)):
                    assert mine.discard == real.discard and mine.cubes == real.cubes
                    assert (mine.deniers, mine.workers, mine.tokens) == (
                        real.deniers,
                        real.workers,
                        real.tokens,
                    )
                    assert Counter(mine.hand + mine.deck) == Counter(real.hand + real.deck)
                    assert len(mine.hand) == len(real.hand)
                    if seat == p.seat:
                        assert mine.hand == real.hand
                assert mc.legal_actions(made, p.seat) == mc.legal_actions(s, p.seat)
                checked += 1
    assert checked > 100


def test_the_playout_policy_makes_the_built_in_players_choices() -> None:
    checked = 0
    for variant in ("standard", "beginner"):
        for k, s in enumerate(random_states(3, players=3, variant=variant, seed0=90)):
            if s.over:
                continue
            for p in mc.pending(s):
                options = mc.legal_actions(s, p.seat)
                expected = mc.choose_action(s, p.seat, random.Random(k))
                assert ai.builtin_policy(s, p.seat, options, random.Random(k)) == expected
                checked += 1
    assert checked > 500


def test_a_search_stopped_at_once_still_answers_legally() -> None:
    s = mc.new_game(mc.Options(players=3), mc.Setup(seed=4))
    budget = Budget(iterations=10_000, should_stop=lambda: True)
    for p in mc.pending(s):
        action = mc.automated_action(s, p.seat, "strong", random.Random(1), budget)
        assert action in mc.legal_actions(s, p.seat)


def test_a_search_stopped_before_its_first_playout_plays_the_built_in_players_move() -> None:
    # not simply the first legal option (a pass or a skip): what easy would play
    budget = Budget(iterations=10_000, should_stop=lambda: True)
    checked = 0
    for k, s in enumerate(random_states(4, players=3, seed0=50)):
        if k % 17:
            continue
        for p in mc.pending(s):
            if len(mc.legal_actions(s, p.seat)) < 2:
                continue
            easy = mc.automated_action(s, p.seat, "easy", random.Random(k))
            for level in ("medium", "strong"):
                stopped = mc.automated_action(s, p.seat, level, random.Random(k), budget)
                assert stopped == easy, (level, k)
            checked += 1
    assert checked > 20


def test_no_decision_after_the_end_nor_for_a_seat_not_asked() -> None:
    with pytest.raises(GameOver):
        mc.automated_action(finished_game(), 0, "medium", random.Random(1))
    s = mc.new_game(mc.Options(players=2), mc.Setup(seed=2))
    s, _ = mc.apply(s, "keep", 0)
    with pytest.raises(NotYourDecision):
        mc.automated_action(s, 0, "strong", random.Random(1))


def _a_decision_with_options(minimum: int) -> tuple[State, int, int]:
    """A state of a seeded game where a seat chooses among at least `minimum` actions."""
    for s in random_states(1, players=2, seed0=33):
        for p in mc.pending(s):
            count = len(mc.legal_actions(s, p.seat))
            if count >= minimum:
                return s, p.seat, count
    raise AssertionError("no such decision in the seeded game")


def test_mc_strong_searches_2000_playouts_at_most_200_per_legal_option() -> None:
    # Untimed, strong runs to its cap: should_stop is asked once before every playout.
    settings = ai.LEVEL_SETTINGS["strong"]
    assert (settings.iterations, settings.per_option) == (2000, 200)
    for minimum in (2, 12):
        s, seat, options = _a_decision_with_options(minimum)
        asked = [0]

        def never_stop(asked: list[int] = asked) -> bool:
            asked[0] += 1
            return False

        mc.automated_action(s, seat, "strong", random.Random(1), Budget(should_stop=never_stop))
        assert asked[0] == min(2000, 200 * options), options


def test_mc_strong_reward_keeps_growing_with_a_lead_beyond_eight_points() -> None:
    # strong's lead reward is the logistic of the lead in units of 6 points (medium's: 3), so
    # a lead of 12 is still clearly worth more than one of 8, where medium's reward is nearly
    # saturated: strong plays for a bigger margin, not only for the win.
    strong, medium = ai.LEVEL_SETTINGS["strong"], ai.LEVEL_SETTINGS["medium"]
    assert (strong.scale, medium.scale) == (6.0, 3.0)

    def lead_reward(settings: ai.Level, lead: float) -> float:
        return margin_rewards([20.0 + lead, 20.0], settings.scale)[0]

    assert lead_reward(strong, 12) - lead_reward(strong, 8) > 0.08
    assert lead_reward(medium, 12) - lead_reward(medium, 8) < 0.05
    assert lead_reward(strong, 0) == lead_reward(medium, 0) == 0.5


def test_mc_strong_explores_less_so_its_playouts_go_to_its_best_options() -> None:
    # strong's lead in units of 6 points keeps the options' mean rewards close together; with
    # medium's exploration constant (0.6) its playouts spread almost evenly over them, with
    # STRONG_EXPLORATION (0.3) the best options get more of them.
    strong, medium = ai.LEVEL_SETTINGS["strong"], ai.LEVEL_SETTINGS["medium"]
    assert strong.exploration == ai.STRONG_EXPLORATION == 0.3
    assert medium.exploration == 0.6
    s, seat, options = _a_decision_with_options(8)
    v = view(s, seat)
    budget = Budget(iterations=100 * options)

    def top_share(settings: ai.Level) -> float:
        stats = ai.search_stats(v, settings, random.Random(7), budget)
        visits = sorted((n for n, _ in stats.values()), reverse=True)
        assert sum(visits) == 100 * options
        return sum(visits[:3]) / sum(visits)

    wider = top_share(dataclasses.replace(strong, exploration=medium.exploration))
    assert top_share(strong) > wider + 0.05, (top_share(strong), wider)


def test_mc_strong_search_starts_from_the_built_in_players_choice() -> None:
    # strong's progressive bias: the option the playout policy (the built-in player's rules)
    # would play gets STRONG_PRIOR_WEIGHT / (1 + visits) in the tree walk, so it gets more of
    # the playouts than the same search without the bias gives it; medium has no bias.
    strong, medium = ai.LEVEL_SETTINGS["strong"], ai.LEVEL_SETTINGS["medium"]
    assert strong.prior_weight == ai.STRONG_PRIOR_WEIGHT == 2.0
    assert medium.prior_weight == 0.0
    s, seat, options = _a_decision_with_options(12)
    v = view(s, seat)
    favoured = ai.builtin_policy(s, seat, mc.legal_actions(s, seat), random.Random(0))
    playouts = 50 * options

    def favoured_visits(settings: ai.Level, seed: int) -> int:
        stats = ai.search_stats(v, settings, random.Random(seed), Budget(iterations=playouts))
        return stats[favoured][0]

    unbiased_settings = dataclasses.replace(strong, prior_weight=0.0)
    gains = [favoured_visits(strong, k) - favoured_visits(unbiased_settings, k) for k in (7, 8)]
    assert all(gain > 0 for gain in gains) and sum(gains) >= 0.03 * 2 * playouts, gains
