"""The Caylus search's evaluation at its horizon (engine/caylus/evaluation.py) and its playout
policy (engine/caylus/ai.py) where they see the castle: each weight by name, on positions made
for it. Strength is measured by `caylus arena` (docs/players.md), never asserted here."""

from __future__ import annotations

import random

import pytest

from engine import caylus
from engine.caylus import ai, evaluation
from engine.caylus.codes import ACTIONS, CODE
from engine.caylus.evaluation import (
    DENIER_END,
    DENIERS_A_TURN,
    FAVOR_PP,
    MISS_CHANCE,
    estimated_scores,
    turns_to_scoring,
)
from engine.caylus.fast_game import FastGame
from engine.players.mcts import margin_rewards
from tests.caylus_helpers import (
    CARPENTER,
    GOLD_MINE,
    N_CARPENTER,
    N_FARM,
    N_QUARRY,
    edit,
    place_workers,
    play,
    position,
    skip_bribes,
)


def game_of(**fields: object) -> FastGame:
    return FastGame.from_state(position(players=3, **fields))  # type: ignore[arg-type]


def test_evaluation_counts_the_coming_section_penalty() -> None:
    # the Dungeon is scored at bailiff 12: from 11, within the next turn
    empty = {0: "", 1: "", 2: ""}
    near = game_of(bailiff=11, provost=11, deniers=5, cubes_of=empty)
    assert turns_to_scoring(near) == 1
    housed = game_of(bailiff=11, provost=11, deniers=5, cubes_of=empty, castle=[[0], [], []])
    # seat 0 without a house and without a cube of its batch: 2 PP at the chance it misses it
    lost = estimated_scores(housed)[0] - estimated_scores(near)[0]
    assert lost == pytest.approx(2 * MISS_CHANCE[3][0])
    # the same penalty far ahead weighs less: the seat has turns to get there
    far = game_of(bailiff=2, provost=2, deniers=5, cubes_of=empty)
    assert turns_to_scoring(far) >= 3
    far_housed = game_of(bailiff=2, provost=2, deniers=5, cubes_of=empty, castle=[[0], [], []])
    far_lost = estimated_scores(far_housed)[0] - estimated_scores(far)[0]
    assert far_lost == pytest.approx(2 * MISS_CHANCE[3][2])
    assert far_lost < lost
    # the closer its cubes are to a batch, the likelier a seat delivers it in time
    outlooks = [
        evaluation.castle_outlook(game_of(bailiff=11, cubes_of={0: cubes}), 0, 1)
        for cubes in ("FWS", "FFW", "FF", "")
    ]
    assert outlooks == pytest.approx([-2 * MISS_CHANCE[lacks][0] for lacks in range(4)])
    assert outlooks == sorted(outlooks, reverse=True)
    # the Towers cost 4 PP
    towers = game_of(bailiff=23, provost=23, section=2, scored=2, deniers=5, cubes_of=empty)
    assert evaluation.castle_outlook(towers, 0, 1) == pytest.approx(-4 * MISS_CHANCE[3][0])


def test_evaluation_values_a_castle_house_before_scoring() -> None:
    # a house's own points are prestige already: what a house adds before the scoring is the
    # avoided penalty, and with two houses in the Dungeon the royal favor of its scoring
    none = estimated_scores(game_of(bailiff=11, provost=11, deniers=5))[0]
    one = estimated_scores(game_of(bailiff=11, provost=11, deniers=5, castle=[[0], [], []]))[0]
    two = estimated_scores(game_of(bailiff=11, provost=11, deniers=5, castle=[[0, 0], [], []]))
    assert one > none
    assert two[0] == pytest.approx(one + FAVOR_PP)
    assert two[1] == pytest.approx(none)  # the other seats' outlook is their own


def test_evaluation_sees_a_section_fill_before_its_trigger() -> None:
    # five of the Dungeon's six spaces taken: it fills and is scored within a turn or two,
    # whatever the bailiff's distance to its trigger
    nearly_full = game_of(bailiff=2, provost=2, castle=[[1, 1, 2, 2, 1], [], []])
    full_soon = turns_to_scoring(nearly_full)
    assert full_soon <= 2 < turns_to_scoring(game_of(bailiff=2, provost=2))
    assert full_soon == -(-1 // (evaluation.HOUSES_PER_SEAT_TURN * 3))


def test_evaluation_values_deniers_beyond_a_turns_use_at_their_end_worth() -> None:
    some = estimated_scores(game_of(bailiff=2, provost=2, deniers=DENIERS_A_TURN))[0]
    hoard = estimated_scores(game_of(bailiff=2, provost=2, deniers=DENIERS_A_TURN + 5))[0]
    assert hoard - some == pytest.approx(5 * DENIER_END)
    fewer = estimated_scores(game_of(bailiff=2, provost=2, deniers=DENIERS_A_TURN - 1))[0]
    assert some - fewer > DENIER_END  # a denier a worker can use is worth more


def test_evaluation_counts_fewer_turns_left_as_the_bailiff_advances() -> None:
    early, late = game_of(bailiff=2, provost=2), game_of(bailiff=20, provost=20)
    assert evaluation.turns_left(early) > evaluation.turns_left(late) > 0


def test_evaluation_is_the_final_score_once_the_game_is_over() -> None:
    g = game_of(bailiff=2, provost=2)
    g.over = True
    assert estimated_scores(g) == [float(x) for x in g.scores()]


# --- the playout policy and the castle --------------------------------------------------------


def code(text: str) -> int:
    return CODE[caylus.parse(text)]


def placements(g: FastGame) -> list[int]:
    return [ai.playout_policy(g, random.Random(k)) for k in range(40)]


def test_playout_policy_goes_to_the_castle_while_it_owes_the_section_a_house() -> None:
    owes = game_of(cubes_of={0: "FWS", 1: "", 2: ""}, deniers=9, turn_order=[0, 1, 2])
    castle = code("place castle")
    assert castle in owes.options
    chosen = placements(owes)
    assert chosen.count(castle) >= 28  # all but the policy's random tenth-or-so of spaces
    # a castle worker of a seat without a house is worth the penalty it avoids on top
    housed = game_of(cubes_of={0: "FWS"}, deniers=9, castle=[[0], [], []], turn_order=[0, 1, 2])
    assert ai._special_value(owes, 0, ai.T_CASTLE) > ai._special_value(housed, 0, ai.T_CASTLE)


def test_playout_policy_takes_the_producer_that_completes_a_batch_when_it_owes_a_house() -> None:
    # F W, no house: the farm's cloth, the quarry's stone and the gold mine's gold complete a
    # batch, ahead of the provost; the neutral carpenter, worth more otherwise, would spend the W
    s = position(players=3, cubes_of={0: "FW", 1: "", 2: ""}, deniers=9, turn_order=[0, 1, 2])
    chosen = placements(FastGame.from_state(s))
    completing = [code(f"place {n}") for n in (N_FARM, N_QUARRY, GOLD_MINE)]
    assert sum(chosen.count(c) for c in completing) >= 28
    assert code(f"place {N_CARPENTER}") in FastGame.from_state(s).options
    housed = FastGame.from_state(edit(s, castle=[[0], [], []]))
    assert placements(housed).count(code(f"place {N_CARPENTER}")) >= 20
    # once the stone is on its way (the quarry ahead of the provost), the castle
    s = play(s, (0, f"place {N_QUARRY}"), (1, "pass"), (2, "pass"))
    chosen = placements(FastGame.from_state(s))
    assert chosen.count(code("place castle")) >= 28


def test_playout_policy_spends_no_cubes_its_castle_batch_needs() -> None:
    # a castle worker and exactly one batch (F W S): at the carpenter the playout builds
    # nothing with that food and wood (it used to build the best prestige it could)
    s = position(players=2, cubes_of={0: "FWS", 1: ""}, deniers=9, provost=10)
    s = place_workers(s, {0: ["castle", str(CARPENTER)]})
    s = skip_bribes(s)
    g = FastGame.from_state(s)
    assert g.kind == ai.BUILD and g.seat == 0 and len(g.options) > 1
    assert set(placements(g)) == {code("skip")}
    # without the castle worker the same seat builds
    s = position(players=2, cubes_of={0: "FWS", 1: ""}, deniers=9, provost=10)
    s = skip_bribes(place_workers(s, {0: [str(CARPENTER)]}))
    assert code("skip") not in placements(FastGame.from_state(s))


def test_playout_policy_takes_the_cube_its_castle_batch_lacks() -> None:
    # S C and a castle worker: at the neutral farm (a food, or a cloth worth more) the food
    # completes the batch
    s = position(players=2, cubes_of={0: "SC", 1: ""}, deniers=9, provost=20)
    s = skip_bribes(place_workers(s, {0: ["castle", str(N_FARM)]}))
    g = FastGame.from_state(s)
    assert g.kind == ai.PRODUCE and g.seat == 0
    assert {str(ACTIONS[c]) for c in placements(g)} == {"take F"}
    # with a batch in hand already, the cloth
    s = position(players=2, cubes_of={0: "FSC", 1: ""}, deniers=9, provost=20)
    s = skip_bribes(place_workers(s, {0: ["castle", str(N_FARM)]}))
    assert {str(ACTIONS[c]) for c in placements(FastGame.from_state(s))} == {"take C"}


def test_strong_prefers_its_own_gain_to_a_lead_bought_by_spending_on_its_rivals_loss() -> None:
    # From 50 points each: a worker that brings the seat 3 PP while the rivals gain 2 (a lead of
    # 1), or a provost move that costs the seat 1.5 PP and each rival 3.5 (a lead of 2).
    start = [50.0, 50.0, 50.0]
    own_gain, rivals_loss = [53.0, 52.0, 52.0], [48.5, 46.5, 46.5]

    def reward(level: str, values: list[float]) -> float:
        settings = ai.LEVEL_SETTINGS[level]
        return margin_rewards(values, settings.scale, start, settings.own_share)[0]

    assert ai.LEVEL_SETTINGS["strong"].own_share == pytest.approx(0.5)
    assert reward("strong", own_gain) > reward("strong", rivals_loss)
    # medium counts its own gain at a quarter and still buys the lead
    assert reward("medium", own_gain) < reward("medium", rivals_loss)
