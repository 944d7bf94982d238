"""Automated Caylus players (engine/caylus/ai.py): every level plays complete legal games at
every player count, the same seed and budget give the same game, a search stopped at once still
answers, and the easy level makes none of the built-in player's blunders.

Strength is measured by `caylus arena` (docs/players.md), never asserted here; searches run with
tiny iteration budgets to keep the suite fast."""

from __future__ import annotations

import random

import pytest

from engine import caylus
from engine.caylus import ai
from engine.caylus.fast import EXCHANGE, FastGame
from engine.errors import GameOver, NotYourDecision
from engine.players import LEVELS, Budget
from tests.caylus_helpers import (
    CARPENTER,
    N_MARKET,
    PEDDLER,
    decision,
    finished_game,
    place_workers,
    play,
    position,
    random_states,
    skip_bribes,
)

TINY = Budget(iterations=6)
SEEDS = range(40)  # rngs tried for a choice that must hold whatever the draws


def play_game(
    levels: list[str], seed: int, budget: Budget = TINY
) -> tuple[caylus.State, list[str]]:
    state = caylus.new_game(caylus.Options(players=len(levels)), caylus.Setup(seed=seed))
    rng = random.Random(seed)
    actions = []
    while not state.over:
        seat = state.decision.seat  # type: ignore[union-attr]
        action = caylus.automated_action(state, seat, levels[seat], rng, budget)
        assert action in caylus.legal_actions(state, seat)
        state, _ = caylus.apply(state, action, seat)
        actions.append(str(action))
    return state, actions


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_level_plays_complete_legal_games(players: int) -> None:
    levels = [LEVELS[k % len(LEVELS)] for k in range(players)]
    state, actions = play_game(levels, seed=players)
    assert state.over and caylus.outcome(state) is not None
    assert len(actions) > 50


def test_the_same_seed_and_budget_give_the_same_game() -> None:
    first = play_game(["strong", "medium"], seed=7)[1]
    again = play_game(["strong", "medium"], seed=7)[1]
    assert first == again
    other = play_game(["strong", "medium"], seed=8)[1]
    assert other != first


def test_a_search_stopped_at_once_still_answers_legally() -> None:
    state = caylus.new_game(caylus.Options(players=3), caylus.Setup(seed=2))
    seat = state.decision.seat  # type: ignore[union-attr]
    budget = Budget(iterations=10_000, should_stop=lambda: True)
    for level in ("medium", "strong"):
        action = caylus.automated_action(state, seat, level, random.Random(1), budget)
        assert action in caylus.legal_actions(state, seat)


def test_a_search_reads_the_position_it_is_given_and_changes_nothing() -> None:
    state = caylus.new_game(caylus.Options(players=4), caylus.Setup(seed=3))
    before = state.model_dump_json()
    caylus.automated_action(state, state.decision.seat, "strong", random.Random(1), TINY)  # type: ignore[union-attr]
    assert state.model_dump_json() == before


def test_only_the_deciding_seat_may_ask_and_not_after_the_end() -> None:
    state = caylus.new_game(caylus.Options(players=2), caylus.Setup(seed=1))
    other = 1 - state.decision.seat  # type: ignore[union-attr]
    with pytest.raises(NotYourDecision):
        caylus.automated_action(state, other, "easy", random.Random(1))
    with pytest.raises(GameOver):
        caylus.automated_action(finished_game(), 0, "medium", random.Random(1))
    with pytest.raises(ValueError):
        caylus.automated_action(state, 1 - other, "grandmaster", random.Random(1))


# --- the easy level's blunders, one by one ----------------------------------------------------


def easy_choices(state: caylus.State, seat: int | None = None) -> set[str]:
    seat = state.decision.seat if seat is None else seat  # type: ignore[union-attr]
    return {str(caylus.automated_action(state, seat, "easy", random.Random(k))) for k in SEEDS}


def joust_favor(marker: list[int], cubes: str = "", scored: int = 2) -> caylus.State:
    """Seat 1 pays at the joust field and wins a favor (phase 3), its markers at `marker`."""
    s = position(cubes_of={1: "C" + cubes}, favors={1: marker}, scored=scored,
                 section=min(scored, 2), deniers=10)  # fmt: skip
    s = place_workers(s, {1: ["joust"]})
    s = play(s, (1, "joust"))
    assert decision(s) == ("favor", 1)
    return s


def test_easy_never_pays_more_for_the_trading_post_than_it_gives() -> None:
    # three players have passed: a worker costs 4 d, the trading post gives 3 d
    s = position(players=5, deniers=20)
    s = play(s, "pass", "pass", "pass")
    assert "place trading" in {str(a) for a in caylus.legal_actions(s, s.decision.seat)}  # type: ignore[union-attr]
    for k in range(60):
        assert str(caylus.automated_action(s, s.decision.seat, "easy", random.Random(k))) != (  # type: ignore[union-attr]
            "place trading"
        )


def test_easy_never_takes_an_empty_favor_when_a_useful_one_is_open() -> None:
    # the joust is paid; line d column 1 has no effect, lines a-c do something
    s = joust_favor([0, 0, 0, 0], cubes="WFSC", scored=0)
    choices = easy_choices(s)
    assert "favor d1" not in choices
    assert choices <= {"favor a", "favor b", "favor c1", "favor c2W", "favor c2S"}


def test_easy_never_places_a_worker_where_it_gets_nothing() -> None:
    # no cubes: the marketplace sells nothing, the carpenter builds nothing; 1 d left after
    # placing: the peddler (2 d a cube) buys nothing
    s = position(players=2, cubes_of={0: "", 1: ""}, deniers={0: 2, 1: 2})
    for k in range(60):
        action = str(caylus.automated_action(s, 0, "easy", random.Random(k)))
        assert action not in {f"place {N_MARKET}", f"place {CARPENTER}", f"place {PEDDLER}"}


def test_easy_feeds_its_castle_worker_whenever_it_can() -> None:
    s = position(players=2, cubes_of={0: "FWSC", 1: ""})
    s = place_workers(s, {0: ["castle"]})
    s = skip_bribes(s)
    while s.decision is not None and s.decision.kind != "castle":  # type: ignore[union-attr]
        s, _ = caylus.apply(s, caylus.default_action(s))
    assert s.decision.kind == "castle" and s.decision.seat == 0  # type: ignore[union-attr]
    assert "skip" not in easy_choices(s)


def test_easy_spends_no_cubes_its_castle_batch_needs_before_the_castle() -> None:
    # seat 0 has a worker in the castle and exactly one batch (F W S); at the carpenter it could
    # build a wood building with that food and wood, which would leave the castle worker unfed
    s = position(players=2, cubes_of={0: "FWS", 1: ""}, deniers=9, provost=10)
    s = place_workers(s, {0: ["castle", str(CARPENTER)]})
    s = skip_bribes(s)
    assert s.decision.kind == "build" and s.decision.seat == 0  # type: ignore[union-attr]
    assert any(a.verb == "build" for a in caylus.legal_actions(s, 0))
    assert easy_choices(s) == {"skip"}


def test_easy_bribes_the_provost_only_to_bring_its_own_workers_into_play() -> None:
    # seat 0 has no worker beyond the provost: paying to move him buys nothing
    s = position(players=2, deniers=9, cubes_of={0: "FFWW", 1: "FFWW"})
    s = place_workers(s, {0: ["1"], 1: ["2"]})
    while s.decision.kind == "bribe":  # type: ignore[union-attr]
        seat = s.decision.seat  # type: ignore[union-attr]
        if seat == 0:
            assert easy_choices(s) == {"skip"}
        s, _ = caylus.apply(s, "skip")
    # with its worker one space beyond the provost, it pays exactly for that space
    s = position(players=2, deniers=9, provost=5)
    s = place_workers(s, {0: ["6"]})
    assert s.decision.kind == "bribe"  # type: ignore[union-attr]
    while s.decision.seat != 0:  # type: ignore[union-attr]
        s, _ = caylus.apply(s, "skip")
    assert easy_choices(s) == {"provost +1"}


def test_easy_never_sells_gold_nor_gives_it_in_an_exchange() -> None:
    s = position(players=2, cubes_of={0: "GGF", 1: ""}, deniers=9)
    s = place_workers(s, {0: [str(N_MARKET)]})
    s = skip_bribes(s)
    assert s.decision.kind == "sell"  # type: ignore[union-attr]
    assert easy_choices(s) <= {"sell F", "skip"}
    # a favor's exchange (line c column 4) with only gold to give: it keeps the gold
    fast = FastGame.from_state(joust_favor([0, 0, 3, 0], cubes="G"))
    fast.play_action(caylus.parse("favor c4"))
    assert fast.kind == EXCHANGE and len(fast.options) > 1
    assert {str(ai.ACTIONS[ai.easy_policy(fast, random.Random(k))]) for k in SEEDS} == {"skip"}


def test_a_decision_reads_only_the_position_not_how_it_was_drawn() -> None:
    # Caylus hides nothing once the tiles are laid: the seed that drew the neutral tiles and
    # the turn order is no part of the position, and no level's decision depends on it
    checked = 0
    for k, s in enumerate(random_states(2, players=3, seed0=30, every=23)):
        if s.over:
            continue
        seat = s.decision.seat  # type: ignore[union-attr]
        other = s.model_copy(update={"setup": caylus.Setup(seed=10_000 + k)})
        for level in LEVELS:
            a = caylus.automated_action(s, seat, level, random.Random(k), TINY)
            b = caylus.automated_action(other, seat, level, random.Random(k), TINY)
            assert a == b, (level, k)
        checked += 1
    assert checked > 20
