"""Caylus `strong` at the castle (docs/players.md, "Caylus: strong at the castle"): its playouts
play easy's habits for every seat, and its royal favor is the deniers line when short of them
(engine/caylus/habits.py) unless its search finds something clearly better."""

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
    poor = favor_with_deniers(5)  # 3 d left after the joust
    assert habits.favor_habit(FastGame.from_state(poor)) == code("favor b")
    assert strong_choices(poor) == {"favor b"}
    rich = favor_with_deniers(12)  # 10 d left: the search chooses
    assert habits.favor_habit(FastGame.from_state(rich)) is None


def test_strong_habit_yields_to_a_clearly_better_search_choice() -> None:
    g = FastGame.from_state(favor_with_deniers(5))
    deniers, prestige = code("favor b"), code("favor a")
    margin = habits.HABIT_MARGIN
    # within the margin the habit is played; beyond it the search's choice
    close = {prestige: (300, 0.60), deniers: (100, 0.60 - margin / 2)}
    assert habits.habit_choice(g, prestige, close, margin) == deniers
    clear = {prestige: (300, 0.60), deniers: (100, 0.60 - 2 * margin)}
    assert habits.habit_choice(g, prestige, clear, margin) == prestige


def test_only_strong_plays_the_habits() -> None:
    assert ai.LEVEL_SETTINGS["strong"].habit_margin == habits.HABIT_MARGIN
    assert ai.LEVEL_SETTINGS["medium"].habit_margin is None


def test_strong_spends_a_hoard_rather_than_passing() -> None:
    # 9 deniers and cubes to build and sell with: a pass the search preferred, even by far,
    # gives way to its most visited useful placement
    s = position(players=3, cubes_of={0: "FWWSC", 1: "", 2: ""}, deniers=9, castle=[[0], [], []])
    g = FastGame.from_state(s)
    carpenter, pass_ = code(f"place {CARPENTER}"), code("pass")
    assert carpenter in useful_placements(g, 0)
    stats = {pass_: (300, 0.7), carpenter: (100, 0.5)}
    assert habits.habit_choice(g, pass_, stats, habits.HABIT_MARGIN) == carpenter
    # with fewer than HOARD deniers the search's pass stands
    s = position(players=3, cubes_of={0: "FWWSC", 1: "", 2: ""}, deniers=habits.HOARD - 1)
    g = FastGame.from_state(s)
    assert habits.habit_choice(g, pass_, stats, habits.HABIT_MARGIN) == pass_
    # and with nothing useful it can pay for, too
    s = position(players=3, cubes_of={0: "", 1: "", 2: ""}, deniers={0: 0, 1: 5, 2: 5})
    g = FastGame.from_state(s)
    assert habits.spend_hoard_habit(g, pass_, {pass_: (10, 0.5)}) is None
