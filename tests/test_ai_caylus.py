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
from engine.caylus.activation import build_spends
from engine.caylus.codes import CODE, EXCHANGE
from engine.caylus.fast_game import FastGame
from engine.errors import GameOver, NotYourDecision
from engine.players import LEVELS, Budget
from tests.caylus_helpers import (
    CARPENTER,
    GOLD_MINE,
    N_CARPENTER,
    N_FARM,
    N_MARKET,
    N_QUARRY,
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


# --- easy at a prestige building with a castle worker (the IndexError of seed 20328) -----------

ARCHITECT = 9  # road position of the architect in the positions below


def architect_with_castle_worker(cubes: str) -> caylus.State:
    """Seat 0 has a worker in the castle and one on an architect, and residences at road
    positions 4 (a lawyer's former quarry) and 14: the architect offers prestige buildings
    '@4' and '@14', whose second value is a road index."""
    s = position(
        players=2,
        road={4: ("residence", 0), ARCHITECT: "architect", 14: ("residence", 0)},
        cubes_of={0: cubes, 1: ""},
        deniers=9,
        provost=20,
    )
    s = place_workers(s, {0: ["castle", str(ARCHITECT)]})
    s = skip_bribes(s)
    assert decision(s) == ("build", 0)
    assert {"build statue @4", "build statue @14"} <= {str(a) for a in caylus.legal_actions(s, 0)}
    return s


def test_easy_reads_a_prestige_builds_road_index_as_no_cube() -> None:
    # statue costs S S G; after it F W C remain: still a batch, so building is fine and
    # neither residence may count as an extra cube (index 3 was read as a cloth, 13 crashed)
    s = architect_with_castle_worker("FWCSSG")
    assert build_spends(FastGame.from_state(s), CODE[caylus.parse("build statue @4")]) == (
        0, 0, 2, 0, 1,
    )  # fmt: skip
    assert build_spends(FastGame.from_state(s), CODE[caylus.parse("build statue @14")]) == (
        0, 0, 2, 0, 1,
    )  # fmt: skip
    choices = easy_choices(s)
    assert {"build statue @4", "build statue @14"} <= choices


def test_easy_builds_no_prestige_building_that_starves_its_castle_worker() -> None:
    # with F W S S G the statue leaves F W: no batch, so easy keeps its cubes for the castle
    s = architect_with_castle_worker("FWSSG")
    assert easy_choices(s) == {"skip"}


def test_easy_finishes_the_four_player_game_of_seed_20328() -> None:
    # `caylus arena --game caylus --players 4 --games 1 --seats easy,easy,easy,easy
    # --seed 20328` raised an IndexError when easy held a castle worker at an architect (easy
    # now plays that game differently; the positions above hold the bug itself)
    state = caylus.new_game(caylus.Options(players=4), caylus.Setup(seed=20328))
    rng = random.Random(20328 * 1_000_003)  # the arena's rng for that game
    while not state.over:
        seat = state.decision.seat  # type: ignore[union-attr]
        action = caylus.automated_action(state, seat, "easy", rng, Budget())
        state, _ = caylus.apply(state, action, seat)
    assert caylus.outcome(state) is not None


def test_a_search_stopped_before_its_first_playout_plays_the_easy_move() -> None:
    # the search's fallback is the easy policy (not the first option, a pass or a skip), so it
    # met the prestige build's road index too
    s = architect_with_castle_worker("FWCSSG")
    budget = Budget(iterations=10_000, should_stop=lambda: True)
    for level in ("medium", "strong"):
        for k in range(10):
            action = caylus.automated_action(s, 0, level, random.Random(k), budget)
            assert action == caylus.automated_action(s, 0, "easy", random.Random(k))
    checked = 0
    for k, state in enumerate(random_states(2, players=3, seed0=60, every=19)):
        if state.over or len(caylus.legal_actions(state, state.decision.seat)) < 2:  # type: ignore[union-attr]
            continue
        seat = state.decision.seat  # type: ignore[union-attr]
        easy = caylus.automated_action(state, seat, "easy", random.Random(k))
        assert caylus.automated_action(state, seat, "medium", random.Random(k), budget) == easy
        checked += 1
    assert checked > 10


# --- easy delivers to the castle: no section scored without a house it could have built ------


def test_easy_places_in_the_castle_first_when_it_can_feed_a_batch_and_has_no_house() -> None:
    s = position(players=3, cubes_of={0: "FWS", 1: "", 2: ""}, deniers=9)
    assert decision(s) == ("place", 0)
    assert easy_choices(s) == {"place castle"}
    # with a house in the Dungeon already, the castle is one sensible move among others
    s = position(players=3, cubes_of={0: "FWS", 1: "", 2: ""}, deniers=9, castle=[[0], [], []])
    assert len(easy_choices(s)) > 1


def test_easy_places_in_the_castle_after_a_worker_that_completes_its_batch() -> None:
    # F W and a worker on the quarry ahead of the provost (a stone): the castle, next
    s = position(players=3, cubes_of={0: "FW", 1: "", 2: ""}, deniers=9, turn_order=[0, 1, 2])
    s = play(s, (0, f"place {N_QUARRY}"), (1, "pass"), (2, "pass"))
    assert decision(s) == ("place", 0)
    assert easy_choices(s) == {"place castle"}


def test_easy_goes_for_the_cube_its_castle_batch_lacks() -> None:
    # F W and no house: of the production buildings, the farm's cloth, the quarry's stone and
    # the gold mine's gold complete a batch; the forest's and the sawmill's wood do not
    s = position(players=3, cubes_of={0: "FW", 1: "", 2: ""}, deniers=9, provost=20)
    assert easy_choices(s) == {f"place {N_FARM}", f"place {N_QUARRY}", f"place {GOLD_MINE}"}
    # at a building with a choice of products it takes the one its castle worker needs
    s = position(players=2, cubes_of={0: "WS", 1: ""}, deniers=9, provost=20)
    s = place_workers(s, {0: ["castle", str(N_FARM)]})
    s = skip_bribes(s)
    assert decision(s) == ("produce", 0)
    assert easy_choices(s) == {"take F"}


def test_easy_scores_a_house_in_nearly_every_castle_section() -> None:
    # before the fix, three easy seats had a house in the Dungeon in 20 % of games, and lost
    # 2 PP at its scoring; the measured shares now are 0.98 / 1.0 / 1.0 (docs/players.md)
    housed = [0, 0, 0]
    seats = 0
    for seed in range(1, 11):
        state, _ = play_game(["easy", "easy", "easy"], seed=seed)
        for seat in range(3):
            seats += 1
            for section in range(3):
                housed[section] += seat in state.castle[section]
    assert all(count >= 0.9 * seats for count in housed), housed


# --- easy plays as a fair beginner (issue 28): delivers, keeps its workers busy, builds -------


def easy_share(state: caylus.State, wanted: set[str]) -> float:
    """The share of rngs (SEEDS) for which easy's choice at `state` is one of `wanted`."""
    seat = state.decision.seat  # type: ignore[union-attr]
    picks = [str(caylus.automated_action(state, seat, "easy", random.Random(k))) for k in SEEDS]
    return sum(pick in wanted for pick in picks) / len(picks)


def test_easy_delivers_a_batch_when_it_holds_one_and_a_castle_space_is_free() -> None:
    # a house in the Dungeon already, so no penalty to avoid: a batch is still 5 PP, and easy
    # takes the castle in nearly every draw (9 in 10), not as one space among a dozen
    s = position(players=3, cubes_of={0: "FWS", 1: "", 2: ""}, deniers=9, castle=[[0], [], []])
    assert decision(s) == ("place", 0)
    assert easy_share(s, {"place castle"}) >= 0.75
    # without a batch the castle is no option at all
    s = position(players=3, cubes_of={0: "FW", 1: "", 2: ""}, deniers=9, castle=[[0], [], []])
    assert easy_share(s, {"place castle"}) == 0


def test_easy_keeps_placing_while_it_has_deniers_and_a_useful_space() -> None:
    # 9 deniers, cubes to sell and build with: a worker kept home earns nothing, so no pass
    s = position(players=3, cubes_of={0: "FWWSC", 1: "", 2: ""}, deniers=9, castle=[[0], [], []])
    assert "pass" not in easy_choices(s)
    # and with nothing it can pay for, it passes
    s = position(players=3, cubes_of={0: "", 1: "", 2: ""}, deniers={0: 0, 1: 5, 2: 5})
    assert easy_choices(s) == {"pass"}


def test_easy_spends_no_worker_on_turn_order_when_short_of_deniers() -> None:
    # 3 deniers: the guild, the stables and the inn would leave it 2 for the builds ahead
    s = position(players=3, cubes_of={0: "FW", 1: "", 2: ""}, deniers=3, castle=[[0], [], []])
    assert not easy_choices(s) & {"place guild", "place stables", "place inn"}


def test_easy_prefers_a_builder_that_can_build() -> None:
    # F F W W: no castle batch, a wood building at either carpenter (prestige now, income later)
    s = position(players=3, cubes_of={0: "FFWW", 1: "", 2: ""}, deniers=9, castle=[[0], [], []])
    builders = {f"place {N_CARPENTER}", f"place {CARPENTER}"}
    assert easy_share(s, builders) >= 0.6


def favor_with_deniers(marker: list[int], deniers: int) -> caylus.State:
    """Seat 1 pays at the joust field (2 d with its worker) and wins a favor (phase 3)."""
    s = position(cubes_of={1: "CWFSC"}, favors={1: marker}, scored=0, section=0, deniers=deniers)
    s = place_workers(s, {1: ["joust"]})
    s = play(s, (1, "joust"))
    assert decision(s) == ("favor", 1)
    return s


def test_easy_takes_the_prestige_favor_or_deniers_when_short_of_them() -> None:
    rich = favor_with_deniers([0, 0, 0, 0], deniers=10)  # 8 d left after the joust
    assert easy_share(rich, {"favor a"}) >= 0.75
    poor = favor_with_deniers([0, 0, 0, 0], deniers=5)  # 3 d left
    assert easy_share(poor, {"favor b"}) >= 0.75


def test_easy_takes_a_building_favor_when_one_is_on_offer() -> None:
    # the building line's column 2 (a carpenter's build, one cube off) with wood to build
    s = favor_with_deniers([0, 0, 0, 1], deniers=10)
    assert "favor d2" in {str(a) for a in caylus.legal_actions(s, 1)}
    assert easy_share(s, {"favor d2"}) >= 0.75
