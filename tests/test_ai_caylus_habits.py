"""Caylus `strong` at the castle (docs/players.md, "Caylus: strong at the castle" and "Caylus:
strong, round three"): its playouts play easy's habits for every seat to the end of the next turn,
and at the root it plays an experienced player's habits (engine/caylus/habits.py): the castle
while it can feed a batch, no pass with a hoard, the deniers favor when short of them."""

from __future__ import annotations

import random

from engine import caylus
from engine.caylus import ai, habits
from engine.caylus.codes import CODE
from engine.caylus.easy import useful_placements
from engine.caylus.fast_game import FastGame
from engine.players import Budget
from tests.caylus_helpers import CARPENTER, decision, place_workers, play, position

BUDGET = Budget(iterations=150)
SEEDS = range(3)


def strong_choices(state: caylus.State, budget: Budget = BUDGET) -> set[str]:
    seat = state.decision.seat  # type: ignore[union-attr]
    return {
        str(caylus.automated_action(state, seat, "strong", random.Random(k), budget)) for k in SEEDS
    }


def code(text: str) -> int:
    return CODE[caylus.parse(text)]


def test_strong_plays_out_with_easys_habits_and_medium_greedily() -> None:
    assert ai.LEVEL_SETTINGS["strong"].easy_playouts
    assert not ai.LEVEL_SETTINGS["medium"].easy_playouts


def test_strong_delivers_its_batch_before_it_passes() -> None:
    # F W S in hand, 9 deniers, two easy rivals: of strong's placements this turn (it may take
    # the contested spaces first) one is the castle, whether or not it owes the Dungeon a house
    for castle in ([[0], [], []], [[], [], []]):
        s = position(players=3, cubes_of={0: "FWS", 1: "FWS", 2: "FWS"}, deniers=9, castle=castle)
        rng = random.Random(0)
        placed = []
        while s.decision is not None and s.decision.kind == "place":
            seat = s.decision.seat
            level = "strong" if seat == 0 else "easy"
            action = caylus.automated_action(s, seat, level, rng, BUDGET)
            if seat == 0:
                placed.append(str(action))
            s, _ = caylus.apply(s, action, seat)
        assert "place castle" in placed, placed
        assert 0 in s.castle_workers


def favor_with_deniers(deniers: int) -> caylus.State:
    """Seat 1 pays at the joust field (2 d with its worker) and wins a favor (phase 3)."""
    s = position(
        cubes_of={1: "CWFSC"}, favors={1: [0, 0, 0, 0]}, scored=0, section=0, deniers=deniers
    )
    s = place_workers(s, {1: ["joust"]})
    s = play(s, (1, "joust"))
    assert decision(s) == ("favor", 1)
    return s


def test_strong_takes_the_deniers_favor_when_short_of_deniers() -> None:
    poor = favor_with_deniers(5)  # 2 d left after the joust
    assert habits.favor_habit(FastGame.from_state(poor)) == code("favor b")
    assert strong_choices(poor) == {"favor b"}
    rich = favor_with_deniers(12)  # 9 d left: the search chooses
    assert habits.favor_habit(FastGame.from_state(rich)) is None


def test_strong_favor_habit_stands_against_the_search_means() -> None:
    # the next turn's playouts spread the means wide: the habit is played whatever they say
    g = FastGame.from_state(favor_with_deniers(5))
    deniers, prestige = code("favor b"), code("favor a")
    clear = {prestige: (300, 0.70), deniers: (100, 0.40)}
    assert habits.habit_choice(g, prestige, clear) == deniers


def test_only_strong_plays_the_habits() -> None:
    assert ai.LEVEL_SETTINGS["strong"].habits
    assert not ai.LEVEL_SETTINGS["medium"].habits


def test_strong_spends_a_hoard_rather_than_passing() -> None:
    # 9 deniers and cubes to build and sell with: a pass the search preferred, even by far,
    # gives way to its most visited useful placement
    # (no food: no castle batch, so the castle habit does not come first)
    s = position(players=3, cubes_of={0: "WWSC", 1: "", 2: ""}, deniers=9, castle=[[0], [], []])
    g = FastGame.from_state(s)
    carpenter, pass_ = code(f"place {CARPENTER}"), code("pass")
    assert carpenter in useful_placements(g, 0)
    stats = {pass_: (300, 0.7), carpenter: (100, 0.5)}
    assert habits.habit_choice(g, pass_, stats) == carpenter
    # with fewer than HOARD deniers the search's pass stands
    s = position(players=3, cubes_of={0: "WWSC", 1: "", 2: ""}, deniers=habits.HOARD - 1)
    g = FastGame.from_state(s)
    assert habits.habit_choice(g, pass_, stats) == pass_
    # and with nothing useful it can pay for, too
    s = position(players=3, cubes_of={0: "", 1: "", 2: ""}, deniers={0: 0, 1: 5, 2: 5})
    g = FastGame.from_state(s)
    assert habits.spend_hoard_habit(g, pass_, {pass_: (10, 0.5)}) is None


CASTLE, PASS = code("place castle"), code("pass")


def castle_position(cubes: str, deniers: int, house: bool) -> FastGame:
    """Seat 0 to place, three players, with a Dungeon house of its own or none."""
    castle = [[0], [], []] if house else [[], [], []]
    s = position(players=3, cubes_of={0: cubes, 1: "", 2: ""}, deniers=deniers, castle=castle)
    return FastGame.from_state(s)


def test_strong_castle_habit_goes_at_once_while_it_owes_the_section_a_house() -> None:
    g = castle_position("FWS", 9, house=False)
    carpenter = code(f"place {CARPENTER}")
    assert habits.castle_habit(g, carpenter) == CASTLE
    assert habits.habit_choice(g, carpenter, {carpenter: (300, 0.9)}) == CASTLE


def test_strong_castle_habit_keeps_the_castle_within_its_purse() -> None:
    carpenter = code(f"place {CARPENTER}")
    # a house already: with deniers to spare the search's worker stands ...
    rich = castle_position("FWS", 9, house=True)
    assert habits.castle_habit(rich, carpenter) is None
    # ... but not a pass, which would leave the batch at home
    assert habits.castle_habit(rich, PASS) == CASTLE
    # with 2 d the carpenter's worker (1 d) would leave too little for the castle's (1 d, or 2
    # once a rival has passed): the castle first
    poor = castle_position("FWS", 2, house=True)
    assert habits.castle_habit(poor, carpenter) == CASTLE
    assert habits.castle_habit(castle_position("FWS", 3, house=True), carpenter) is None


def test_strong_castle_habit_needs_a_batch() -> None:
    carpenter = code(f"place {CARPENTER}")
    for cubes in ("WSC", "FF", ""):  # no food; one kind; nothing
        g = castle_position(cubes, 9, house=False)
        assert habits.castle_habit(g, PASS) is None
        assert habits.castle_habit(g, carpenter) is None
