"""Bad input: malformed notation, illegal actions, the wrong seat, acting after the end.
Every error leaves the state unchanged and says what is wrong in a readable sentence."""

from __future__ import annotations

import re

import pytest

from engine.caylus import apply, legal_actions, parse
from engine.errors import EngineError, GameOver, IllegalAction, MalformedAction, NotYourDecision
from tests.caylus_helpers import (
    finished_game,
    game,
    place_workers,
    play,
    position,
    skip_bribes,
)


def readable(message: str) -> bool:
    """A sentence: starts with a capital letter or a quote, ends with a full stop, no repr."""
    return (
        bool(message)
        and (message[0].isupper() or message[0] == "'")
        and message.rstrip().endswith(".")
        and "Traceback" not in message
        and not re.search(r"<\w+ object at", message)
    )


def rejects(state, text, error, seat=None, *needles):
    before = state.model_dump()
    with pytest.raises(error) as info:
        apply(state, text, seat)
    assert state.model_dump() == before, "the state was changed by a refused action"
    message = str(info.value)
    assert readable(message), message
    for needle in needles:
        assert needle.lower() in message.lower(), message
    return message


# ---------------------------------------------------------------- malformed notation


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "dance",
        "place",
        "place 29",
        "place 0",
        "place moon",
        "pass now",
        "provost +4",
        "provost 2",
        "inn maybe",
        "take XY",
        "batch F1S",
        "build palace",
        "build market GG",
        "lawyer 40",
        "lawyer x",
        "favor e",
        "favor a9",
        "exchange G GG",
        "exchange F",
        "pay lots",
        "gate nowhere",
    ],
)
def test_malformed_notation(text):
    s = game()
    with pytest.raises(MalformedAction) as info:
        parse(text)
    assert readable(str(info.value)), str(info.value)
    rejects(s, text, MalformedAction)


def test_malformed_unknown_verb_lists_verbs():
    message = rejects(game(), "jump 3", MalformedAction)
    assert "place" in message and "pass" in message


# ---------------------------------------------------------------- illegal actions


def test_illegal_occupied_space():
    s = play(game(), (0, "place 1"))
    rejects(s, "place 1", IllegalAction, None, "occupied")


def test_illegal_empty_lot():
    rejects(game(), "place 12", IllegalAction, None, "empty lot")


def test_illegal_residence_or_prestige_building():
    s = position(road={9: ("residence", 1), 10: ("statue", 1)})
    rejects(s, "place 9", IllegalAction, None, "residence")
    rejects(s, "place 10", IllegalAction, None, "Statue")


def test_illegal_not_enough_deniers():
    # seat 1 can still afford its own sawmill (1 d), so its decision is not a forced pass
    s = position(road={9: ("sawmill", 1)}, deniers={0: 20, 1: 1, 2: 20, 3: 20})
    s = play(s, (0, "pass"))
    rejects(s, "place castle", IllegalAction, 1, "costs 2 d", "1 d")


def test_illegal_second_castle_worker():
    s = play(position(deniers=20), (0, "place castle"), (1, "pass"), (2, "pass"), (3, "pass"))
    rejects(s, "place castle", IllegalAction, None, "castle")


def test_illegal_stables_in_two_player_game():
    rejects(game(2), "place stables", IllegalAction, None, "2-player")


def test_illegal_action_for_the_wrong_decision():
    rejects(game(), "batch FWS", IllegalAction, None, "place a worker")


def test_illegal_provost_off_road():
    s = place_workers(position(provost=1, deniers=20), {})
    rejects(s, "provost -1", IllegalAction, None, "off the road")


def test_illegal_bribe_too_expensive():
    s = place_workers(position(provost=10, deniers={0: 0, 1: 20, 2: 20, 3: 20}), {})
    # seat 0 passed first and has 1 d
    rejects(s, "provost +3", IllegalAction, None, "3 d")


def test_illegal_build_without_cubes():
    s = position(cubes_of={1: "W"}, provost=28, deniers=20)
    s = skip_bribes(place_workers(s, {1: ["8"]}))
    rejects(s, "build sawmill", IllegalAction, None, "sawmill")


def test_illegal_build_wrong_family():
    s = position(cubes_of={1: "SFWF"}, provost=28, deniers=20)
    s = skip_bribes(place_workers(s, {1: ["8"]}))
    rejects(s, "build park", IllegalAction, None, "carpenter")


def test_illegal_bad_batch():
    s = position(cubes_of={1: "FWSC"}, deniers=20)
    s = skip_bribes(place_workers(s, {1: ["castle"]}))
    rejects(s, "batch FWG", IllegalAction, None, "batch")


def test_illegal_favor_line_used_this_phase():
    s = position(
        road={9: ("architect", 2), 12: ("residence", 1)},
        cubes_of={1: "SSSSGG"},
        provost=28,
        deniers=20,
    )
    s = skip_bribes(place_workers(s, {1: ["9"]}))
    s = play(s, (1, "build monument @12"), (1, "favor a"))
    rejects(s, "favor a", IllegalAction, None, "line a")


# ---------------------------------------------------------------- wrong seat


def test_not_your_decision():
    s = game()
    message = rejects(s, "pass", NotYourDecision, 2, "seat 0")
    assert "not your decision" in message.lower()


def test_not_your_decision_off_turn():
    s = place_workers(position(provost=10, deniers=20), {})
    rejects(s, "skip", NotYourDecision, 3)


# ---------------------------------------------------------------- after the end


def test_game_over():
    s = finished_game()
    rejects(s, "pass", GameOver, None, "over")
    rejects(s, "pass", GameOver, 0, "over")


def test_errors_are_engine_errors():
    for cls in (MalformedAction, IllegalAction, NotYourDecision, GameOver):
        assert issubclass(cls, EngineError)


def test_bad_setup_is_refused_with_a_reason():
    from engine.caylus import Options, Setup, new_game
    from engine.errors import BadSetup

    with pytest.raises(BadSetup) as info:
        new_game(Options(players=3), Setup(turn_order=[0, 1, 1]))
    assert "turn_order" in str(info.value) and str(info.value).endswith(".")
    with pytest.raises(BadSetup):
        new_game(Options(players=3), Setup(neutral_order=["n-farm"] * 6))


def test_an_edited_copy_of_a_returned_state_is_judged_afresh():
    """States are values: the engine never changes one it returned, and callers edit copies
    (docs/record.md). A copy with fewer deniers loses the placements it can no longer pay."""
    s, _ = apply(game(), "place 1")  # the engine caches the options of this very object
    edited = s.model_copy(deep=True)
    edited.players[1].deniers = 0
    assert "place castle" not in [str(a) for a in legal_actions(edited, 1)]
    with pytest.raises(IllegalAction):
        apply(edited, "place castle")
    assert "place castle" in [str(a) for a in legal_actions(s, 1)]  # the original is intact
