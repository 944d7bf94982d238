"""Magna Carta, phase by phase: setup and opening hands, income, actions, the provost,
activation, the castle, the end of a round, the end of the game and the final scoring."""

from __future__ import annotations

import pytest

from engine.errors import BadSetup, IllegalAction
from engine.magna_carta import (
    Options,
    Setup,
    State,
    apply,
    legal_actions,
    new_game,
    outcome,
    pending,
    score_breakdown,
    view,
)
from engine.magna_carta import catalogue as cat
from engine.magna_carta.conformance import light_violations
from tests.mc_helpers import (
    act_plan,
    cubes_of,
    decision,
    deck,
    game,
    keep_all,
    legal,
    pass_all,
    play,
    play_events,
    position,
    skip_while,
    to_activation,
)

# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_road_is_the_peddler_with_random_neutral_cards_to_its_left(players):
    roads = set()
    for seed in range(30):
        s = new_game(Options(players=players), Setup(seed=seed))
        assert len(s.road) == players and s.road[-1] == "n-peddler"
        assert set(s.road[:-1]) <= set(cat.OTHER_NEUTRALS) and len(set(s.road)) == players
        assert all(owner is None for owner in s.owners)
        roads.add(tuple(s.road))
    assert len(roads) > 3  # really drawn


@pytest.mark.parametrize(("players", "tokens"), [(2, [5, 6, 7]), (3, [6, 7, 8]), (4, [7, 8, 9])])
def test_setup_castle_tokens_by_player_count(players, tokens):
    assert game(players).tokens == tokens


@pytest.mark.parametrize("variant", ["beginner", "standard"])
def test_setup_stock_workers_and_opening_hand(variant):
    s = game(3, variant)
    size = 10 if variant == "beginner" else 12
    for p in s.players:
        assert p.cubes == [2, 2, 0, 0] and p.deniers == 4 and p.workers == 4
        assert len(p.hand) == 3 and len(p.deck) == size - 3 and p.discard == []
        assert p.tokens == [0, 0, 0] and p.prestige == []


def test_setup_provost_starts_on_the_peddler_in_the_standard_game():
    s = game(4, "standard")
    assert s.road[s.provost] == "n-peddler"
    assert game(4, "beginner").provost == -1


def test_setup_opening_hands_are_one_simultaneous_decision_of_every_player():
    s = game(3, decks={1: deck("bank", "market", "church", "lawyer", "gold-mine", "peddler")})
    assert [(p.seat, p.kind) for p in pending(s)] == [(0, "redraw"), (1, "redraw"), (2, "redraw")]
    assert legal(s, 2) == ["keep", "redraw"]
    # any seat may answer first, without waiting for the others
    a = play(s, (2, "keep"), (1, "redraw"), (0, "keep"))
    b = play(s, (1, "redraw"), (0, "keep"), (2, "keep"))
    assert a == b
    p = a.players[1]
    assert p.hand == ["lawyer", "gold-mine", "peddler"]
    assert p.discard == ["bank", "market", "church"]  # face up on the discard pile
    assert decision(a) == ("action", 0)  # then round 1 begins


def test_setup_opening_hand_answered_once_only():
    s = play(game(2), (0, "keep"))
    assert [p.seat for p in pending(s)] == [1]
    with pytest.raises(Exception, match="not your decision"):
        apply(s, "redraw", 0)


def test_setup_start_player_is_drawn_or_given():
    starts = {new_game(Options(players=4), Setup(seed=seed)).start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert game(4, start=2).start_player == 2
    assert decision(keep_all(game(4, start=2))) == ("action", 2)


def test_setup_from_a_seed_is_reproducible_and_recorded_explicitly():
    a = new_game(Options(players=3), Setup(seed=11))
    b = new_game(Options(players=3), Setup(seed=11))
    c = new_game(Options(players=3), Setup(seed=12))
    assert a == b and a != c
    explicit = a.setup
    assert explicit.neutral == a.road and explicit.start_player == a.start_player
    assert [d[:3] for d in explicit.decks] == [p.hand for p in a.players]
    assert new_game(Options(players=3), explicit) == a  # the recorded setup gives the same game


@pytest.mark.parametrize(
    "setup",
    [
        Setup(neutral=["n-park", "n-peddler"], start_player=0),  # no decks, no seed
        Setup(seed=1, neutral=["n-peddler", "n-park", "n-forest"]),  # Peddler not last
        Setup(seed=1, neutral=["n-park", "n-park", "n-peddler"]),  # twice the same
        Setup(seed=1, neutral=["n-park", "n-peddler"]),  # too short for 3 players
        Setup(seed=1, start_player=3),
        Setup(seed=1, decks=[deck()] * 2),  # 2 decks for 3 players
        Setup(seed=1, decks=[deck(), deck(), deck()[:-1]]),  # a card missing
        Setup(seed=1, decks=[deck(variant="beginner")] * 3),  # not the standard deck
    ],
)
def test_setup_explicit_setups_are_checked(setup):
    with pytest.raises(BadSetup) as info:
        new_game(Options(players=3), setup)
    assert str(info.value).endswith(".")


# ---------------------------------------------------------------- phase 1: income


def test_income_two_deniers_each_in_round_one_too():
    s = keep_all(game(3))
    assert [p.deniers for p in s.players] == [4 + 2] * 3


def test_income_standard_adds_residences_not_covered_and_the_hotel():
    s = position(
        road=[
            {"card": "bank", "owner": 1, "residence": True},
            {"card": "market", "owner": 1, "residence": True},
            {"card": "peddler", "owner": 1, "residence": True, "cover": "statue"},
            {"card": "church", "owner": 3, "residence": True, "cover": "hotel"},
        ],
        deniers=0,
    )
    s = pass_all(s)
    s = skip_while(s, {"provost"})
    assert s.round == 2
    # seat 0 passed first (+1); seat 1: 2 residences; seat 3: the Hotel (its residence is covered)
    assert [p.deniers for p in s.players] == [1 + 2, 2 + 2, 2, 2 + 1]


# ---------------------------------------------------------------- phase 2: actions


def test_actions_go_clockwise_from_the_start_player_until_all_have_passed():
    s = position(start=2, deniers=10)
    s = play(
        s,
        (2, "place 1"),
        (3, "place 2"),
        (0, "pass"),
        (1, "draw"),
        (2, "pass"),
        (3, "place 3"),
        (1, "pass"),
        (3, "pass"),
    )
    assert s.passed == [0, 2, 1, 3]
    assert decision(s) == ("provost", 0)  # in passing order


def test_actions_draw_costs_a_denier_and_takes_the_top_card_without_hand_limit():
    s = position(deniers=10, hands={0: ["bank", "market", "church", "lawyer", "peddler"]},
                 decks={0: ["gold-mine", "small-farm"]})  # fmt: skip
    s, events = play_events(s, (0, "draw"))
    p = s.players[0]
    assert p.hand[-1] == "gold-mine" and len(p.hand) == 6 and p.deck == ["small-farm"]
    assert p.deniers == 9
    draw = next(e for e in events if e.kind == "draw")
    assert "gold-mine" not in draw.text and draw.data["private"] == {0: {"cards": ["gold-mine"]}}


def test_actions_draw_needs_a_card_somewhere():
    s = position(deniers=10, hands={0: list(cat.DECKS["standard"])}, decks={0: []})
    assert "draw" not in legal(s, 0)
    with pytest.raises(IllegalAction, match="nothing to draw"):
        apply(s, "draw", 0)


def test_actions_swap_discards_the_whole_hand_face_up_and_draws_as_many():
    s = position(
        deniers=10, hands={0: ["bank", "market"]}, decks={0: ["church", "lawyer", "peddler"]}
    )
    s, events = play_events(s, (0, "swap"))
    p = s.players[0]
    assert p.hand == ["church", "lawyer"] and p.discard == ["bank", "market"]
    assert p.deck == ["peddler"] and p.deniers == 9
    swap = next(e for e in events if e.kind == "swap")
    assert swap.data["discarded"] == ["bank", "market"]  # public: face up
    assert swap.data["private"] == {0: {"cards": ["church", "lawyer"]}}


def test_actions_swap_needs_a_hand():
    s = position(deniers=10, hands={0: []})
    assert "swap" not in legal(s, 0)


def test_actions_place_a_worker_costs_a_denier_one_worker_per_card():
    s = position(deniers=10)
    s = play(s, (0, "place 2"))
    assert s.workers[1] == 0 and s.players[0].workers == 3 and s.players[0].deniers == 9
    assert "place 2" not in legal(s, 1)
    with pytest.raises(IllegalAction, match="already has a worker"):
        apply(s, "place 2", 1)


def test_actions_place_needs_a_worker_in_hand():
    s = position(road=[("bank", 1), ("market", 1), ("church", 1), ("peddler", 1)], deniers=10)
    s = play(s, "place 1", "pass", "pass", "pass", "place 5", "place 6", "place 7")
    assert s.players[0].workers == 0
    assert not [a for a in legal(s, 0) if a.startswith("place")]
    with pytest.raises(IllegalAction, match="workers"):
        apply(s, "place 8", 0)


def test_actions_build_pays_the_cost_and_adds_the_card_at_the_end_of_the_road():
    s = position(hands={0: ["large-quarry", "bank"]}, cubes={0: "FSSW"})
    assert [a for a in legal(s, 0) if a.startswith("build")] == [
        "build large-quarry FSS", "build bank WSS"
    ]  # fmt: skip
    s = play(s, (0, "build large-quarry FSS"))
    assert s.road[-1] == "large-quarry" and s.owners[-1] == 0 and len(s.road) == 5
    assert s.players[0].hand == ["bank"] and cubes_of(s, 0) == "W"
    assert decision(s) == ("action", 1)


def test_actions_build_white_cube_is_any_resource_and_gold_replaces_any_cube():
    s = position(hands={0: ["market"]}, cubes={0: "WSG"})
    assert [a for a in legal(s, 0) if a.startswith("build")] == [
        "build market WS", "build market WG", "build market SG"
    ]  # fmt: skip
    s = position(hands={0: ["market"]}, cubes={0: "GG"})
    assert [a for a in legal(s, 0) if a.startswith("build")] == ["build market GG"]


def test_actions_build_can_be_written_without_the_payment_when_only_one_fits():
    s = position(hands={0: ["large-quarry"]}, cubes={0: "FSS"})
    s = play(s, (0, "build large-quarry"))
    assert s.road[-1] == "large-quarry"
    s = position(hands={0: ["market"]}, cubes={0: "FWS"})
    with pytest.raises(IllegalAction, match="several"):
        apply(s, "build market", 0)


def test_actions_build_refuses_a_card_not_in_hand_or_too_expensive():
    s = position(hands={0: ["bank"]}, cubes={0: "WS"})
    with pytest.raises(IllegalAction, match="no Church in your hand"):
        apply(s, "build church WSS", 0)
    with pytest.raises(IllegalAction, match="costs 1 wood \\+ 2 stone"):
        apply(s, "build bank WSS", 0)


def test_actions_pass_takes_the_lowest_bridge_space_first_passer_gets_a_denier():
    s = position(deniers=3)
    s = play(s, (0, "pass"), (1, "pass"))
    assert s.passed == [0, 1]
    assert s.players[0].deniers == 4 and s.players[1].deniers == 3
    assert decision(s) == ("action", 2)
    s = play(s, (2, "place 1"), (3, "pass"))
    assert decision(s) == ("action", 2)  # the passed players are skipped


# ---------------------------------------------------------------- phase 3: the provost


def test_provost_phase_in_passing_order_once_each_a_denier_a_card_up_to_three():
    s = position(road=[("bank", 1), ("market", 2), ("church", 3)], deniers=5)
    s = play(s, "place 1", "pass", "place 2", "pass", "pass", "pass")
    assert s.passed == [1, 3, 0, 2] and s.road[s.provost] == "n-peddler"
    assert decision(s) == ("provost", 1)
    back = ["provost -3", "provost -2", "provost -1"]
    assert legal(s) == ["skip", *back, "provost +1", "provost +2", "provost +3"]
    s = play(s, "provost +3")
    assert s.road[s.provost] == "church" and s.players[1].deniers == 5 + 1 - 3
    assert decision(s) == ("provost", 3)
    assert "provost +1" not in legal(s)  # never past the end of the road
    s, events = play_events(s, "provost -1", "skip", "provost -2")
    stands = next(e for e in events if e.kind == "provost" and e.seat is None)
    assert stands.data["at"] == 4  # the Peddler again for the activation


def test_provost_never_past_the_start_of_the_road_and_only_what_you_can_pay():
    s = position(deniers={0: 2, 1: 0, 2: 0, 3: 0}, provost=1)
    s = pass_all(s)  # seat 0 passes first: 3 d
    assert legal(s) == ["skip", "provost +1", "provost +2", "provost +3"]
    s = play(s, "skip")
    assert decision(s)[0] != "provost"  # the others have no denier: skipped (M18)


# ---------------------------------------------------------------- activation


def test_activation_in_road_order_up_to_the_provost_and_workers_return():
    s = position(road=[("bank", 1), ("peddler", 2)], deniers=6, cubes={1: "", 2: ""}, provost=5)
    s = act_plan(s, {0: ["place 6", "place 5", "place 1"]})
    s, events = play_events(s, *["skip"] * 4)
    kinds = [(e.kind, e.seat) for e in events if e.kind in ("gain", "idle", "bank")]
    assert kinds[0] == ("gain", 0)  # the Park first
    assert decision(s) == ("bank", 0)  # then the Bank (5)
    s, events = play_events(s, "skip", "skip")  # worker and owner decline
    assert ("idle", 0) in [(e.kind, e.seat) for e in events]  # the Peddler (6): beyond
    assert all(w is None for w in s.workers) and s.players[0].workers == 4


def test_mc_workers_return_at_end_of_activation():
    """The rulebook's phase 4 activates the cards, then "the players get their workers back":
    a worker stays on its card after the card has acted, until the last card has acted."""
    s = position(road=[("bank", 1)], deniers=6, cubes={0: "", 1: ""}, provost=5)
    s = to_activation(s, {0: ["place 1", "place 5"]})
    assert decision(s) == ("bank", 0) and cubes_of(s, 0) == "F"  # the Park (1) has acted
    assert s.workers[0] == 0 and s.workers[4] == 0 and s.players[0].workers == 2
    public = view(s, None)
    assert public.road[0].worker == 0 and public.players[0].workers == 2
    assert light_violations(s) == []
    s = play(s, "skip")  # the worker declines the Bank
    assert decision(s) == ("bank", 1) and s.workers[0] == 0 and s.workers[4] == 0
    s = play(s, "skip")  # the owner declines too: the last card has acted
    assert (s.round, s.phase_name) == (2, "actions")  # nobody could deliver: a new round
    assert all(w is None for w in s.workers) and s.players[0].workers == 4


def test_activation_cards_without_a_worker_do_nothing():
    s = position(road=[("large-farm", 1)], cubes={1: ""}, provost=5)
    s = to_activation(s, {})
    assert cubes_of(s, 1) == ""


# ---------------------------------------------------------------- the castle


def castle_position(cubes: dict[int, str], tokens: dict[str, int] | None = None, **kw):
    """Everybody passes at once (passing order 0, 1, 2, 3) and nobody moves the provost."""
    s = position(cubes=cubes, tokens=tokens, **kw)
    return skip_while(pass_all(s), {"provost"})


def test_castle_in_passing_order_batches_of_food_wood_stone_best_tokens_first():
    s = castle_position({0: "FWSFWS", 1: "FWS", 2: "", 3: ""}, tokens={"dungeon": 1})
    assert decision(s) == ("castle", 0)
    assert legal(s) == ["skip", "deliver FWS"]
    s = play(s, "deliver FWS", "deliver FWS")  # then seat 0 has nothing left: it stops
    assert s.players[0].tokens == [1, 1, 0] and cubes_of(s, 0) == ""
    assert decision(s) == ("castle", 1)  # seat 0's gold for the most batches comes at the end
    s = play(s, "deliver FWS")
    assert s.players[1].tokens == [0, 1, 0] and cubes_of(s, 0) == "G"


def test_castle_gold_stands_in_for_any_cube_of_a_batch():
    s = castle_position({0: "FGG", 1: "", 2: "", 3: ""})
    assert legal(s) == ["skip", "deliver FGG"]
    s = castle_position({0: "FWSG", 1: "", 2: "", 3: ""})
    assert legal(s) == ["skip", "deliver FWS", "deliver FWG", "deliver FSG", "deliver WSG"]


def test_castle_no_more_batches_than_tokens_left():
    s = castle_position({0: "FWS" * 3, 1: "", 2: "", 3: ""}, tokens={"dungeon": 0,
                        "walls": 0, "towers": 2})  # fmt: skip
    s = play(s, "deliver FWS", "deliver FWS")
    assert s.players[0].tokens == [0, 0, 2] and cubes_of(s, 0) == "FWSG"  # + the bonus gold
    assert s.last_round


def test_castle_most_batches_earns_one_gold_ties_to_the_earlier_passer():
    s = castle_position({0: "FWS", 1: "FWSFWS", 2: "FWSFWS", 3: ""})
    # seat 0 delivers 1; seat 1 2 (then has nothing left); seat 2 also 2, but seat 1 was first
    s = play(s, "deliver FWS", "deliver FWS", "deliver FWS", "deliver FWS", "deliver FWS")
    assert s.players[1].cubes[cat.GOLD] == 1 and s.players[2].cubes[cat.GOLD] == 0


def test_castle_nobody_delivers_two_tokens_leave_the_game_best_first():
    s = castle_position({0: "", 1: "", 2: "", 3: ""}, tokens={"dungeon": 1})
    assert s.round == 2 and s.tokens == [0, 7, 9]


# ---------------------------------------------------------------- end of the round


def test_end_of_round_provost_two_cards_towards_the_end_and_start_player_passes_left():
    s = position(road=[("bank", 1), ("market", 1), ("church", 1)], provost=3, start=3)
    s = pass_all(s)
    s = skip_while(s, {"provost"})
    assert s.round == 2 and s.provost == 4 and s.start_player == 0
    s = skip_while(pass_all(s), {"provost"})
    assert s.provost == 6 and s.start_player == 1  # only one card was left
    s = skip_while(pass_all(s), {"provost"})
    assert s.provost == 6  # at the end already


# ---------------------------------------------------------------- end of the game and scoring


def test_game_ends_after_the_round_in_which_the_tokens_run_out():
    s = castle_position({0: "FWS", 1: "", 2: "", 3: ""},
                        tokens={"dungeon": 0, "walls": 0, "towers": 1})  # fmt: skip
    s, events = play_events(s, "deliver FWS")
    assert s.over and outcome(s) is not None
    assert [e.kind for e in events][-1] == "end"
    with pytest.raises(Exception, match="over"):
        apply(s, "pass")


def test_final_scoring_breakdown_and_shared_wins():
    s = position(
        road=[
            ("bank", 0),  # 3 PP
            ("small-farm", 0),  # 1 PP
            {"card": "market", "owner": 0, "residence": True},  # 1 PP
            {"card": "peddler", "owner": 0, "residence": True, "cover": "statue"},  # 0 + 6
            {"card": "small-quarry", "owner": 1, "stored": 4},  # 1 PP, stored cubes: none
        ],
        cubes={0: "FFFFWSGG", 1: "FWSSGGGGG"},
        deniers={0: 7, 1: 8},
        won={0: {"dungeon": 1, "towers": 2}, 1: {"walls": 2, "dungeon": 2}},
        hands={1: ["bank", "church", "lawyer"]},  # cards in hand score nothing
    )
    assert score_breakdown(s, 0) == {
        "tokens": 4 + 2 * 2,
        "buildings": 3 + 1 + 1 + 0,
        "prestige": 6,
        "gold": 2,
        "cubes": 2,  # 6 non-gold cubes
        "deniers": 2,  # 7 d
        "total": 8 + 5 + 6 + 2 + 2 + 2,
    }
    assert score_breakdown(s, 1)["total"] == 6 + 8 + 1 + 5 + 1 + 2
    finished = s.copy()
    finished.over = True
    result = outcome(finished)
    assert result.scores[:2] == [25, 23] and result.winners == [0]
    tied = s.copy()
    tied.over = True
    tied.players = [p.clone() for p in s.players]
    tied.players[1].deniers = 14  # 2 PP more: 25 each
    assert outcome(tied).winners == [0, 1]


def test_outcome_is_none_while_the_game_goes_on():
    assert outcome(keep_all(game())) is None
    assert legal_actions(keep_all(game()), 0)


def test_options_after_forced_moves_and_a_whole_round_in_one_action_are_fresh():
    """One action can run forced passes (whose options are computed on the road of the state
    under construction), the activation (workers go home) and the next round's income: the
    next player's options must see the road as it is then, with every card free again."""
    s = position(
        variant="beginner",
        deniers={0: 1, 1: 1, 2: 0, 3: 0},
        cubes={0: "", 1: "", 2: "", 3: ""},
        hands={0: [], 1: [], 2: [], 3: []},
        decks={0: [], 1: [], 2: [], 3: []},
    )
    data = s.model_dump()
    for card, seat in ((0, 1), (1, 2), (2, 3)):  # Park, Forest, Quarry taken already
        data["road"][card]["worker"] = seat
        data["players"][seat]["workers"] = 3
    s = State.model_validate(data)
    # seat 0 takes the last free card; seat 1 has 1 d and a worker but nothing to do; the
    # others have nothing at all: all pass at once, and the whole round runs to its end
    s = play(s, (0, "place 4"))
    assert s.round == 2 and decision(s) == ("action", 1)
    places = [a for a in legal(s) if a.startswith("place")]
    assert places == ["place 1", "place 2", "place 3", "place 4"]
