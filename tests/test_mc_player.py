"""The built-in Magna Carta player and the clock's default move.

The player decides from `view(state, seat)` only, so shuffling the cards it cannot see never
changes its choice; it makes none of the blunders a careful beginner avoids; and it beats
uniformly random play clearly."""

from __future__ import annotations

import random

from engine.magna_carta import (
    Options,
    Setup,
    apply,
    choose_action,
    default_action,
    legal_actions,
    new_game,
    outcome,
    pending,
)
from engine.magna_carta.conformance import shuffle_hidden
from tests.mc_helpers import (
    deck,
    game,
    pass_all,
    position,
    random_states,
    skip_while,
    to_activation,
)


def test_the_player_decides_from_what_its_seat_may_see():
    rng = random.Random(8)
    checked = 0
    for k, s in enumerate(random_states(4, 4, "standard", seed0=60)):
        if s.over or k % 3:
            continue
        for p in pending(s):
            hidden = shuffle_hidden(s, rng, p.seat)
            a = choose_action(s, p.seat, random.Random(k))
            b = choose_action(hidden, p.seat, random.Random(k))
            assert a == b
            checked += 1
    assert checked > 200


def test_the_player_keeps_an_affordable_opening_hand_and_redraws_a_hopeless_one():
    s = game(2, decks={1: deck("bank", "church", "gold-mine")})
    assert str(choose_action(s, 0, random.Random(1))) == "keep"  # small-farm: F + W
    assert str(choose_action(s, 1, random.Random(1))) == "redraw"  # all need stone


def test_the_player_builds_a_prestige_building_or_a_useful_card_when_it_can():
    s = position(variant="beginner", cubes={0: "SSGG"}, hands={0: ["small-farm"]})
    assert str(choose_action(s, 0, random.Random(1))).startswith("prestige statue")
    s = position(cubes={0: "FSSW"}, hands={0: ["small-farm", "large-quarry"]})
    assert str(choose_action(s, 0, random.Random(1))) == "build large-quarry FSS"


def test_the_player_never_places_a_worker_it_cannot_use():
    s = position(
        road=[("bank", 1), ("church", 1), ("peddler", 1)],
        deniers={0: 1, 1: 5, 2: 5, 3: 5},
        cubes={0: ""},
        hands={0: []},
        provost=7,
    )
    for seed in range(20):
        action = str(choose_action(s, 0, random.Random(seed)))
        assert action not in ("place 4", "place 5", "place 6", "place 7"), action


def test_the_player_does_not_pay_the_provost_for_nothing():
    s = pass_all(position(deniers=5))  # no worker anywhere
    for seed in range(10):
        assert str(choose_action(s, pending(s)[0].seat, random.Random(seed))) == "skip"


def test_the_player_moves_the_provost_to_reach_its_own_worker():
    s = position(road=[("bank", 1), ("large-quarry", 2)], deniers=5, provost=4)
    s = apply(s, "place 6", 0)[0]
    s = pass_all(s)
    assert pending(s)[0].seat == 1
    s = apply(s, "skip", 1)[0]
    assert str(choose_action(s, 2, random.Random(1))) == "skip"  # seat 2 has no worker out
    s = apply(s, "skip", 2)[0]
    s = apply(s, "skip", 3)[0]
    assert str(choose_action(s, 0, random.Random(1))) == "provost +2"


def test_the_player_delivers_every_batch_it_can():
    s = skip_while(pass_all(position(cubes={0: "FWSFWG", 1: "", 2: "", 3: ""})), {"provost"})
    assert str(choose_action(s, 0, random.Random(1))) == "deliver FWS"
    s = apply(s, "deliver FWS")[0]
    assert str(choose_action(s, 0, random.Random(1))) == "deliver FWG"


def test_the_player_buys_what_it_lacks_and_never_swaps_gold_for_gold():
    s = position(cubes={0: "FFWW"}, deniers=5, provost=4)
    s = to_activation(s, {0: ["place 4"]})
    assert str(choose_action(s, 0, random.Random(1))) == "buy S"
    s = position(road=[("gold-mine", 1)], cubes={1: "G"}, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    assert [str(a) for a in legal_actions(s, 1)] == ["skip", "trade G"]
    assert str(choose_action(s, 1, random.Random(1))) == "skip"


def test_the_player_beats_uniform_random_play():
    wins = 0
    games = 16
    for seed in range(games):
        rng = random.Random(seed)
        s = new_game(Options(players=2, variant="standard"), Setup(seed=seed))
        smart = seed % 2
        while not s.over:
            seat = pending(s)[0].seat
            if seat == smart:
                action = choose_action(s, seat, rng)
            else:
                options = legal_actions(s, seat)
                action = options[rng.randrange(len(options))]
            s, _ = apply(s, action, seat)
        result = outcome(s)
        wins += smart in result.winners
    assert wins >= games * 0.8


def test_default_action_keeps_passes_and_skips():
    s = game(2)
    assert str(default_action(s, 1)) == "keep" and str(default_action(s)) == "keep"
    s = position(deniers=5)
    assert str(default_action(s, 0)) == "pass" and default_action(s, 1) is None
    s = position(road=[("bank", 1)], deniers=5, provost=5)
    s = to_activation(s, {0: ["place 5"]})
    assert str(default_action(s)) == "skip"
    s = pass_all(position(deniers=5))
    assert str(default_action(s)) == "skip"  # the provost stays
    assert default_action(game(2).model_copy(deep=True), 5) is None
