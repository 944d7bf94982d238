"""The differences between the beginner and the standard Magna Carta rules, one test each."""

from __future__ import annotations

import pytest

from engine.magna_carta import Options, Setup, legal_actions, new_game, score_breakdown
from engine.magna_carta import catalogue as cat
from engine.magna_carta.actions import parse
from engine.magna_carta.phases import incomes
from tests.mc_helpers import decision, game, pass_all, play, play_events, position


def test_variant_option_defaults_to_standard_and_is_validated():
    assert Options().variant == "standard"
    with pytest.raises(ValueError):
        Options(variant="expert")  # type: ignore[arg-type]


def test_variant_beginner_has_five_phases_standard_six():
    assert cat.PHASES_PER_ROUND == {"beginner": 5, "standard": 6}
    beginner = pass_all(position(variant="beginner", cubes={0: "FWS"}))
    assert beginner.phase_name == "castle" and beginner.phase == 4
    standard = pass_all(position(variant="standard", cubes={0: "FWS"}))
    assert standard.phase_name == "provost" and standard.phase == 3


def test_variant_beginner_has_no_provost_the_whole_road_activates():
    s = position(variant="beginner", road=[("large-quarry", 1)], cubes={0: "", 1: ""})
    assert s.provost == -1
    s, events = play_events(s, (0, "place 5"), "pass", "pass", "pass", "pass")
    assert s.players[0].cubes[2] == 2 and s.players[1].cubes[2] == 1
    assert "provost" not in {e.kind for e in events} and s.round == 2


def test_variant_standard_cards_beyond_the_provost_do_nothing():
    s = position(variant="standard", road=[("large-quarry", 1)], cubes={0: "", 1: ""})
    assert s.road[s.provost] == "n-peddler"  # the new card lies beyond him
    s = play(s, (0, "place 5"), "pass", "pass", "pass", "pass", *["skip"] * 4)
    assert s.players[0].cubes[2] == 0


def test_variant_beginner_decks_have_ten_cards_without_lawyer_and_church():
    s = game(3, "beginner")
    for p in s.players:
        cards = p.hand + p.deck
        assert len(cards) == 10 and "lawyer" not in cards and "church" not in cards
    assert all(len(p.hand + p.deck) == 12 for p in game(3, "standard").players)


def test_variant_beginner_has_no_hotel():
    assert "hotel" not in game(2, "beginner").prestige_supply
    assert "hotel" in game(2, "standard").prestige_supply


def test_variant_beginner_prestige_kept_in_front_standard_on_own_residence():
    s = position(variant="beginner", cubes={0: "WWG"})
    assert "prestige theatre WWG" in [str(a) for a in legal_actions(s, 0)]
    s = play(s, (0, "prestige theatre WWG"))
    assert s.players[0].prestige == ["theatre"] and score_breakdown(s, 0)["prestige"] == 6
    s = position(variant="standard", cubes={0: "WWG"},
                 road=[{"card": "market", "owner": 0, "residence": True}])  # fmt: skip
    options = [str(a) for a in legal_actions(s, 0) if a.verb == "prestige"]
    assert options == ["prestige theatre @5 WWG"]
    s = play(s, (0, "prestige theatre @5 WWG"))
    assert s.covers[4] == "theatre" and s.players[0].prestige == []
    assert score_breakdown(s, 0)["prestige"] == 6 and score_breakdown(s, 0)["buildings"] == 0


def test_variant_beginner_income_is_two_deniers_only():
    standard = position(variant="standard",
                        road=[{"card": "market", "owner": 0, "residence": True}])  # fmt: skip
    assert incomes(standard) == [3, 2, 2, 2]
    beginner = position(variant="beginner")
    assert incomes(beginner) == [2, 2, 2, 2]


def test_variant_standard_provost_starts_on_the_peddler_and_moves_at_the_end_of_rounds():
    s = new_game(Options(players=3, variant="standard"), Setup(seed=3))
    assert s.road[s.provost] == "n-peddler"
    s = position(variant="standard", road=[("bank", 1), ("market", 1)])
    s = play(pass_all(s), *["skip"] * 4)
    assert s.round == 2 and s.provost == 5 and decision(s) == ("action", 1)


def test_variant_prestige_notation_differs_by_rule_set():
    assert str(parse("prestige statue SSG")) == "prestige statue SSG"  # beginner
    assert str(parse("prestige statue @6 SSG")) == "prestige statue @6 SSG"  # standard
