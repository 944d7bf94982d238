"""The project's binding Magna Carta rulings M1-M19, one or more tests each (named by ruling)."""

from __future__ import annotations

import pytest

from engine.errors import MalformedAction
from engine.magna_carta import (
    apply,
    outcome,
    parse,
    score_breakdown,
    view,
)
from engine.magna_carta import catalogue as cat
from engine.magna_carta.conformance import light_violations
from tests.mc_helpers import (
    act_plan,
    cubes_of,
    decision,
    legal,
    pass_all,
    play,
    play_events,
    position,
    skip_while,
    to_activation,
)

# ---------------------------------------------------------------- M1 card data


@pytest.mark.parametrize(
    ("card", "cost", "pp"),
    [
        ("small-farm", "FW", 1),
        ("small-sawmill", "FW", 1),
        ("small-quarry", "FW", 1),
        ("peddler", "W?", 2),
        ("market", "W?", 2),
        ("lawyer", "FW", 2),
        ("large-farm", "FSS", 2),
        ("large-sawmill", "FSS", 2),
        ("large-quarry", "FSS", 2),
        ("gold-mine", "FSS", 2),
        ("bank", "WSS", 3),
        ("church", "WSS", 3),
        ("theatre", "WWG", 6),
        ("statue", "SSG", 6),
        ("hotel", "SSSG", 6),
        ("stables", "FFFGG", 10),
        ("town-hall", "WWWGG", 10),
        ("monument", "SSSGG", 10),
        ("cathedral", "SSSSSGGG", 14),
    ],
)
def test_M1_card_costs_and_prestige_points(card, cost, pp):
    assert cat.CARDS[card].cost == cost and cat.CARDS[card].pp == pp


def test_M1_decks_and_neutral_cards():
    assert len(cat.DECKS["standard"]) == 12 and len(set(cat.DECKS["standard"])) == 12
    assert set(cat.DECKS["standard"]) - set(cat.DECKS["beginner"]) == {"lawyer", "church"}
    assert set(cat.NEUTRAL_IDS) == {"n-peddler", "n-park", "n-forest", "n-quarry", "n-trading"}
    assert cat.tokens_at_start(4) == [7, 8, 9] and cat.TOKEN_PP == (4, 3, 2)


# ---------------------------------------------------------------- M2 no Library


def test_M2_the_library_is_not_in_the_game():
    assert "library" not in cat.CARDS
    assert len(cat.PRESTIGE_SUPPLY["standard"]) == 7
    with pytest.raises(MalformedAction):
        parse("prestige library SSG")


# ---------------------------------------------------------------- M3 gold


def test_M3_gold_stands_in_for_any_cube_of_a_building_cost():
    s = position(hands={0: ["small-farm", "bank"]}, cubes={0: "GGG"}, variant="standard")
    assert [a for a in legal(s, 0) if a.startswith("build")] == [
        "build small-farm GG",
        "build bank GGG",
    ]


def test_M3_gold_stands_in_for_any_cube_of_a_prestige_cost():
    s = position(variant="beginner", cubes={0: "SGG"})
    assert "prestige statue SGG" in legal(s, 0)
    s = play(s, (0, "prestige statue SGG"))
    assert s.players[0].prestige == ["statue"] and cubes_of(s, 0) == ""


def test_M3_gold_stands_in_for_any_cube_of_a_batch():
    s = skip_while(pass_all(position(cubes={0: "GGG", 1: "", 2: "", 3: ""})), {"provost"})
    assert legal(s) == ["skip", "deliver GGG"]


def test_M3_gold_may_be_handed_in_at_the_market():
    s = position(road=[("market", 1)], cubes={0: "G"}, deniers=3, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    assert legal(s) == ["skip", "sell G"]
    s = play(s, "sell G")
    assert cubes_of(s, 0) == "" and s.players[0].deniers == 3 - 1 + 4 + 2


def test_M3_gold_may_be_swapped_at_the_gold_mine():
    s = position(road=[("gold-mine", 1)], cubes={1: "G"}, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    assert legal(s) == ["skip", "trade G"]
    s = play(s, "trade G")
    assert cubes_of(s, 1) == "G"


# ---------------------------------------------------------------- M4 Church takes the last token


def test_M4_church_taking_the_last_token_ends_the_game_after_the_round_no_batches():
    s = position(
        road=[("church", 1)],
        tokens={"dungeon": 0, "walls": 0, "towers": 1},
        cubes={0: "FWS", 1: "FWS"},
        deniers=5,
        provost=5,
    )
    s = to_activation(s, {0: ["place 5"]})
    s, events = play_events(s, "pay 2d")
    assert s.players[0].tokens == [0, 0, 1] and s.tokens == [0, 0, 0]
    assert s.over  # the owner could not buy, nobody could deliver: the round ended
    assert cubes_of(s, 0) == "FWS" and cubes_of(s, 1) == "FWS"
    assert "last-round" in [e.kind for e in events]
    assert not [e for e in events if e.kind in ("deliver", "castle-bonus", "castle-penalty")]


# ---------------------------------------------------------------- M5 nobody delivers, 1 left


def test_M5_nobody_delivers_with_one_token_left_it_is_removed_and_the_game_ends():
    s = position(tokens={"dungeon": 0, "walls": 0, "towers": 1})
    s, events = play_events(pass_all(s), *["skip"] * 4)
    penalty = next(e for e in events if e.kind == "castle-penalty")
    assert penalty.data["removed"] == ["towers"]
    assert s.tokens == [0, 0, 0] and s.over


# ---------------------------------------------------------------- M6 unlimited supply


def test_M6_cubes_and_coins_are_unlimited():
    s = position(
        road=[("large-quarry", 1)], cubes={0: "S" * 40}, deniers={0: 60, 1: 0, 2: 0, 3: 0},
        provost=5,
    )  # fmt: skip
    s = to_activation(s, {0: ["place 5"]})
    assert s.players[0].cubes[2] == 42 and s.players[1].cubes[2] == 1
    assert s.players[0].deniers == 60 - 1  # more than the 56 coins of the box


# ---------------------------------------------------------------- M7 Lawyer on an occupied card


def test_M7_a_card_with_a_worker_is_flipped_right_after_it_is_activated():
    s = position(
        road=[("lawyer", 0), ("small-farm", 0)], cubes={0: "F", 1: ""}, deniers=5, provost=6
    )
    s = to_activation(s, {0: ["place 5"], 1: ["place 6"]})
    s, events = play_events(s, (0, "lawyer 6 F"))
    assert s.flipped[5] and s.stored[5] == 0
    assert cubes_of(s, 1) == "F"  # the worker still took its food
    assert cubes_of(s, 0) == "F"  # and the owner a stored one; the other 3 went back
    kinds = [e.kind for e in events]
    assert kinds.index("flip") > max(i for i, e in enumerate(events) if e.kind == "gain")
    flip = next(e for e in events if e.kind == "flip")
    assert "3 food go back to the bank" in flip.text


def test_M7_a_card_beyond_the_provost_is_flipped_when_its_worker_returns():
    s = position(
        road=[("lawyer", 0), ("small-farm", 0)], cubes={0: "F", 1: ""}, deniers=5, provost=5
    )
    s = to_activation(s, {0: ["place 5"], 1: ["place 6"]})
    s, events = play_events(s, (0, "lawyer 6 F"))
    assert s.flipped[5] and s.stored[5] == 0 and cubes_of(s, 1) == ""
    kinds = [e.kind for e in events]
    assert kinds.index("idle") < kinds.index("flip")


def test_M7_a_card_turned_after_it_acted_keeps_its_worker_until_the_activation_ends():
    s = position(
        road=[("lawyer", 0), ("small-farm", 0), ("bank", 2)],
        cubes={0: "F", 1: "", 3: ""},
        deniers=5,
        provost=7,
    )
    s = to_activation(s, {0: ["place 5"], 1: ["place 6"], 3: ["place 7"]})
    s = play(s, (0, "lawyer 6 F"))  # the small farm (6) turns right after it has acted
    assert decision(s) == ("bank", 3)  # the activation goes on at the Bank (7)
    assert s.flipped[5] and s.stored[5] == 0 and cubes_of(s, 1) == "F"
    assert s.workers[5] == 1 and s.players[1].workers == 3  # still on the residence
    assert light_violations(s) == []
    s = play(s, "skip", "skip")  # the Bank's worker and owner decline: the phase ends
    assert s.round == 2 and s.workers[5] is None and s.players[1].workers == 4


def test_mc_a_card_turned_into_a_residence_keeps_its_worker_until_the_phase_ends():
    """The Lawyer turns a card that has acted already (it lies before the Lawyer): it turns at
    once, and the worker on it stays there until the activation phase ends."""
    s = position(
        road=[("small-farm", 0), ("lawyer", 1), ("bank", 2)],
        cubes={0: "F", 1: "", 3: ""},
        deniers=5,
        provost=7,
    )
    s = to_activation(s, {0: ["place 6"], 1: ["place 5"], 3: ["place 7"]})
    assert decision(s) == ("lawyer", 0) and s.workers[4] == 1
    s, events = play_events(s, (0, "lawyer 5 F"))
    assert s.flipped[4] and s.stored[4] == 0 and "flip" in [e.kind for e in events]
    assert s.due_flips == [] and s.workers[4] == 1 and s.players[1].workers == 3
    assert view(s, None).road[4].worker == 1 and view(s, None).road[4].residence
    assert decision(s) == ("bank", 3) and light_violations(s) == []
    s = play(s, "skip", "skip")
    assert s.round == 2 and s.workers[4] is None and s.players[1].workers == 4
    assert s.flipped[4]


def test_M7_a_card_without_a_worker_is_flipped_at_once_stored_cubes_go_back():
    s = position(
        road=[("lawyer", 1), {"card": "small-quarry", "owner": 0, "stored": 2}],
        cubes={0: "F"},
        deniers=5,
        provost=6,
    )
    s = to_activation(s, {0: ["place 5"]})
    s = play(s, "lawyer 6 F")
    assert s.flipped[5] and s.stored[5] == 0 and cubes_of(s, 0) == ""


# ---------------------------------------------------------------- M8 phase numbers


def test_M8_phases_are_numbered_per_rule_set():
    beginner = pass_all(position(variant="beginner", cubes={0: "FWS"}))
    assert (beginner.phase, beginner.phase_name) == (4, "castle")  # activation was phase 3
    standard = pass_all(position(variant="standard", cubes={0: "FWS"}))
    assert (standard.phase, standard.phase_name) == (3, "provost")
    standard = skip_while(standard, {"provost"})
    assert (standard.phase, standard.phase_name) == (5, "castle")


def test_M8_events_carry_the_phase_number_of_their_rule_set():
    s = position(variant="beginner", cubes={0: ""})
    s, events = play_events(s, "place 1", "pass", "pass", "pass", "pass")
    gain = next(e for e in events if e.kind == "gain")
    assert gain.phase == 3 and gain.turn == 1
    end = next(e for e in events if e.kind == "start-player")
    assert end.phase == 5


# ---------------------------------------------------------------- M9 hidden information


def test_M9_a_view_holds_the_own_hand_sizes_discards_and_the_table_but_no_pile_order():
    s = position(
        hands={0: ["bank", "market"], 1: ["church"]},
        discards={1: ["lawyer"]},
        road=[("gold-mine", 2)],
    )
    v = view(s, 0)
    me, other = v.players[0], v.players[1]
    assert me.hand == ["bank", "market"] and me.deck_size == len(s.players[0].deck)
    assert other.hand is None and other.hand_size == 1 and other.discard == ["lawyer"]
    assert other.deck_size == len(s.players[1].deck)
    assert [r.card for r in v.road][-1] == "gold-mine"
    text = str(v.model_dump())
    assert "church" not in text.replace("'church'", "")  # church only as a hand count
    assert "deck'" not in text and "seed" not in text and "decks" not in text
    spectator = view(s, None)
    assert all(p.hand is None for p in spectator.players) and spectator.legal == []


def test_M9_draws_name_the_card_only_in_the_part_private_to_the_drawer():
    s = position(deniers=5, decks={0: ["church", "bank"]})
    s, events = play_events(s, (0, "draw"))
    draw = next(e for e in events if e.kind == "draw")
    assert "church" not in draw.text.lower()
    assert draw.data == {"private": {0: {"cards": ["church"]}}}
    assert view(s, 0).players[0].hand[-1] == "church"
    assert view(s, 1).players[0].hand is None


# ---------------------------------------------------------------- M10 worker before owner


def test_M10_worker_before_owner_at_the_church_when_tokens_are_short():
    s = position(
        road=[("church", 1)],
        tokens={"dungeon": 0, "walls": 0, "towers": 1},
        deniers=6,
        provost=5,
    )
    s = to_activation(s, {0: ["place 5"]})
    assert decision(s) == ("church", 0)
    s, events = play_events(s, "pay 2d")
    assert s.players[0].tokens == [0, 0, 1] and s.players[1].tokens == [0, 0, 0]
    owner = [e for e in events if e.seat == 1 and e.kind == "skip"]
    assert owner and owner[0].data["forced"]  # nothing left for the owner to buy


# ---------------------------------------------------------------- M11 reshuffles


def test_M11_a_draw_pile_is_reshuffled_only_when_a_card_must_be_drawn_from_it():
    s = position(deniers=5, hands={0: []}, decks={0: ["bank"]}, discards={0: ["market"]})
    s = play(s, (0, "draw"))
    p = s.players[0]
    assert p.deck == [] and p.discard == ["market"] and p.shuffles == 0  # not yet
    s = play(s, "pass", "pass", "pass", (0, "draw"))
    p = s.players[0]
    assert p.hand == ["bank", "market"] and p.discard == [] and p.shuffles == 1


def test_M11_a_swap_discards_first_draws_the_pile_then_reshuffles_with_the_discarded_hand():
    s = position(
        deniers=5,
        hands={0: ["market", "church"]},
        decks={0: ["bank"]},
        discards={0: ["lawyer"]},
    )
    s, events = play_events(s, (0, "swap"))
    p = s.players[0]
    assert p.hand[0] == "bank" and len(p.hand) == 2
    assert p.hand[1] in ("lawyer", "market", "church")  # from the reshuffled discard pile
    assert sorted([*p.deck, p.hand[1]]) == ["church", "lawyer", "market"] and p.discard == []
    assert p.shuffles == 1 and "shuffle" in [e.kind for e in events]


def test_M11_reshuffles_are_reproducible_from_the_state():
    s = position(deniers=5, hands={0: ["market", "church", "peddler", "lawyer"]},
                 decks={0: []}, discards={0: ["bank", "gold-mine", "small-farm"]})  # fmt: skip
    a = play(s, (0, "swap"))
    b = play(s.model_copy(deep=True), (0, "swap"))
    assert a == b  # same seed, same counter: the same order


# ---------------------------------------------------------------- M12 provost distance


def test_M12_every_road_card_counts_for_the_provost_residences_included():
    s = position(
        road=[
            {"card": "bank", "owner": 1, "residence": True},
            {"card": "market", "owner": 1, "residence": True, "cover": "statue"},
            ("church", 2),
        ],
        deniers=5,
        provost=4,
    )
    s = pass_all(s)
    assert legal(s)[-3:] == ["provost +1", "provost +2", "provost +3"]
    s = play(s, "provost +2")  # onto the covered residence: allowed
    assert s.provost == 5 and s.flipped[s.provost]


# ---------------------------------------------------------------- M13 one prestige per residence


def test_M13_each_prestige_building_needs_an_own_free_residence():
    s = position(
        road=[{"card": "bank", "owner": 0, "residence": True}, ("market", 1)],
        cubes={0: "SSGWWG"},
    )
    options = [a for a in legal(s, 0) if a.startswith("prestige")]
    assert "prestige statue @5 SSG" in options and "prestige theatre @5 WWG" in options
    assert all(" @5 " in a for a in options)
    s = play(s, (0, "prestige statue @5 SSG"))
    assert s.covers[4] == "statue"
    s = play(s, "pass", "pass", "pass")
    assert not [a for a in legal(s, 0) if a.startswith("prestige")]  # WWG, but no residence


def test_M13_no_prestige_building_without_a_residence_in_the_standard_game():
    s = position(cubes={0: "SSGWWG"})
    assert not [a for a in legal(s, 0) if a.startswith("prestige")]
    with pytest.raises(Exception, match="residence"):
        apply(s, "prestige statue SSG", 0)


# ---------------------------------------------------------------- M14 Church, two tokens


def test_M14_two_church_tokens_only_if_two_are_left_one_at_a_time_best_first():
    s = position(
        road=[("church", 1)], tokens={"dungeon": 1, "walls": 0, "towers": 0}, deniers=6, provost=5
    )
    s = to_activation(s, {0: ["place 5"]})
    assert legal(s) == ["skip", "pay 2d"]
    s = position(
        road=[("church", 1)], tokens={"dungeon": 1, "walls": 1, "towers": 0}, deniers=6, provost=5
    )
    s = to_activation(s, {0: ["place 5"]})
    s = play(s, "pay 5d")
    assert s.players[0].tokens == [1, 1, 0]  # from two categories


# ---------------------------------------------------------------- M15 Lawyer targets


def test_M15_lawyer_targets_any_own_building_also_beyond_the_provost_or_occupied():
    s = position(
        road=[
            ("market", 0),  # 5
            ("lawyer", 1),  # 6
            {"card": "bank", "owner": 0, "residence": True},  # 7: already a residence
            ("lawyer", 0),  # 8: a Lawyer
            ("small-farm", 0),  # 9: beyond the provost, with a worker
            ("gold-mine", 2),  # 10: not seat 0's
        ],
        cubes={0: "G", 1: ""},
        deniers=5,
        provost=6,
    )
    s = to_activation(s, {0: ["place 6"], 1: ["place 9"]})
    assert legal(s) == ["skip", "lawyer 5 G", "lawyer 9 G"]  # gold pays for the food
    s, events = play_events(s, "lawyer 9 G")
    assert s.flipped[8] and cubes_of(s, 1) == ""  # its worker did nothing (beyond the provost)
    kinds = [e.kind for e in events]
    assert kinds.index("idle") < kinds.index("flip")


def test_M15_a_card_already_due_cannot_be_chosen_again():
    s = position(
        road=[("lawyer", 1), ("lawyer", 0), ("small-farm", 0), ("market", 0)],
        cubes={0: "FF"},
        deniers=5,
        provost=8,
    )
    s = to_activation(s, {0: ["place 5", "place 6"], 1: ["place 7"]})
    s = play(s, "lawyer 7 F")
    assert decision(s) == ("lawyer", 0)  # the second Lawyer (6)
    assert legal(s) == ["skip", "lawyer 8 F"]


# ---------------------------------------------------------------- M16 castle gold


def test_M16_tied_castle_gold_goes_to_the_earliest_in_passing_order_also_in_the_last_round():
    s = position(
        cubes={0: "", 1: "FWS", 2: "FWS", 3: ""}, tokens={"dungeon": 0, "walls": 0, "towers": 2}
    )
    s = act_plan(s, {0: ["place 1"]})  # passing order 1, 2, 3, 0
    assert s.passed == [1, 2, 3, 0]
    s, events = play_events(s, *["skip"] * 4, (1, "deliver FWS"), (2, "deliver FWS"))
    bonus = next(e for e in events if e.kind == "castle-bonus")
    assert bonus.seat == 1 and s.players[1].cubes[cat.GOLD] == 1
    assert s.over


# ---------------------------------------------------------------- M17 stored cubes


def test_M17_cubes_stored_on_a_card_score_nothing():
    s = position(road=[{"card": "small-quarry", "owner": 0, "stored": 4}], cubes={0: ""})
    assert score_breakdown(s, 0)["cubes"] == 0 and score_breakdown(s, 0)["buildings"] == 1


# ---------------------------------------------------------------- M18 forced moves


def test_M18_a_player_who_can_only_pass_passes_at_once_with_the_first_denier():
    s = position(2, deniers={0: 5, 1: 0}, hands={1: ["bank"]}, cubes={1: ""})
    s, events = play_events(s, (0, "place 1"))
    assert s.passed == [1] and s.players[1].deniers == 1  # forced, and first
    forced = next(e for e in events if e.kind == "pass")
    assert forced.seat == 1 and forced.data["forced"]
    assert decision(s) == ("action", 0)


def test_M18_provost_phase_skips_every_seat_with_no_denier():
    s = position(deniers={0: 0, 1: 2, 2: 0, 3: 0}, start=1, cubes={0: "", 2: "", 3: ""})
    s = play(s, (1, "place 1"), (1, "place 2"))  # the others were forced to pass
    s = play(s, (1, "pass"))  # seat 1 could still build: not forced
    assert s.passed == [2, 3, 0, 1]
    # seat 2 got the first denier: it decides; seats 3 and 0 have none: skipped; seat 1 has 0
    assert decision(s) == ("provost", 2)
    s, events = play_events(s, "skip")
    skipped = [e.seat for e in events if e.kind == "provost" and e.data and e.data.get("forced")]
    assert skipped == [3, 0, 1]


# ---------------------------------------------------------------- M19 start player


def test_M19_the_start_player_card_passes_to_the_next_seat():
    s = position(3, start=2)
    s = skip_while(pass_all(s), {"provost"})
    assert s.start_player == 0 and decision(s) == ("action", 0)
    s = skip_while(pass_all(s), {"provost"})
    assert s.start_player == 1


def test_rulings_all_have_tests():
    import inspect
    import sys

    names = [n for n, f in inspect.getmembers(sys.modules[__name__], inspect.isfunction)]
    for k in range(1, 20):
        assert any(n.startswith(f"test_M{k}_") for n in names), f"M{k}"


def test_outcome_of_a_finished_game_exists():
    s = position(tokens={"dungeon": 0, "walls": 0, "towers": 1})
    s = play(pass_all(s), *["skip"] * 4)
    assert outcome(s) is not None
