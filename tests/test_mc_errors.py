"""Bad input for Magna Carta: malformed notation, illegal actions, the wrong seat, acting after
the end, plus a fixed-seed fuzz of random texts and odd Action objects. Every refusal is a
typed EngineError with a readable sentence, and the state is left unchanged."""

from __future__ import annotations

import contextlib
import random
import re
import string

import pytest

from engine.errors import (
    BadSetup,
    EngineError,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourDecision,
)
from engine.magna_carta import Action, apply, legal_actions, parse, pending
from tests.mc_helpers import (
    finished_game,
    game,
    keep_all,
    pass_all,
    play,
    position,
    random_states,
    to_activation,
)


def readable(message: str) -> bool:
    """A sentence: starts with a capital letter or a quote, ends with a full stop, no repr."""
    return (
        bool(message)
        and (message[0].isupper() or message[0] == "'")
        and message.rstrip().endswith(".")
        and "Traceback" not in message
        and not re.search(r"<\w+ object at|Decision\(|Player\(", message)
    )


def rejects(state, text, error, seat=None, *needles):
    before = state.model_dump_json()
    with pytest.raises(error) as info:
        apply(state, text, seat)
    assert state.model_dump_json() == before, "a refused action changed the state"
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
        "pass now",
        "keep it",
        "place",
        "place 0",
        "place 53",
        "place x",
        "place 1 2",
        "place ²",
        "build",
        "build palace FW",
        "build statue SSG",  # a prestige building is built with 'prestige'
        "build bank WS1",
        "prestige bank WSS",
        "prestige statue @x SSG",
        "prestige library SSG",
        "provost 2",
        "provost +4",
        "provost -0",
        "buy G",
        "buy FWS",
        "buy",
        "sell",
        "sell FW",
        "sell X",
        "trade",
        "trade GG",
        "pay",
        "pay lots",
        "pay 2 d d",
        "lawyer",
        "lawyer x F",
        "lawyer 3 W",
        "lawyer 3 FF",
        "deliver FW",
        "deliver FFW",
        "deliver FWSF",
        "deliver ABC",
    ],
)
def test_malformed_notation(text):
    with pytest.raises(MalformedAction) as info:
        parse(text)
    assert readable(str(info.value)), str(info.value)
    rejects(keep_all(game()), text, MalformedAction)


def test_malformed_unknown_verb_lists_the_verbs():
    message = rejects(keep_all(game()), "jump 3", MalformedAction)
    assert "place" in message and "pass" in message and "deliver" in message


@pytest.mark.parametrize("thing", [None, 3, 2.5, b"pass", ["pass"], object()])
def test_malformed_non_text_input(thing):
    rejects(keep_all(game()), thing, MalformedAction)


# ---------------------------------------------------------------- illegal actions


def test_illegal_answer_to_another_decision():
    rejects(keep_all(game()), "deliver FWS", IllegalAction, None, "does not answer", "pass")
    rejects(game(), "pass", IllegalAction, 0, "keep")


def test_illegal_place_beyond_the_road():
    rejects(keep_all(game()), "place 9", IllegalAction, None, "no card at 9")


def test_illegal_place_without_deniers():
    s = position(deniers={0: 0}, hands={0: ["bank"]}, cubes={0: "WSS"})
    rejects(s, "place 1", IllegalAction, 0, "costs 1 d")
    rejects(s, "draw", IllegalAction, 0, "costs 1 d")


def test_illegal_prestige_in_the_beginner_game_hotel():
    s = position(variant="beginner", cubes={0: "SSSG"})
    rejects(s, "prestige hotel SSSG", IllegalAction, 0, "not used in the beginner game")


@pytest.mark.parametrize("text", ["prestige statue @2", "prestige statue @2 SSG"])
def test_mc_beginner_prestige_on_the_road_gives_the_true_reason(text):
    """The player holds the Statue's cost: the reason is that beginner prestige buildings are
    kept in front of the builder, never put on the road (not the cost)."""
    s = position(variant="beginner", cubes={0: "SSG"})
    message = rejects(s, text, IllegalAction, 0, "not put on the road", "Leave out @2")
    assert "costs" not in message
    with pytest.raises(IllegalAction) as info:
        apply(s, text, 0)
    assert info.value.key == "mc_words.BEGINNER_PRESTIGE_NOT_ON_ROAD"
    assert play(s, (0, "prestige statue")).players[0].prestige == ["statue"]


def test_mc_beginner_prestige_on_the_road_is_translated():
    import i18n
    from render.sentences import error_text

    s = position(variant="beginner", cubes={0: "SSG"})
    with pytest.raises(IllegalAction) as info:
        apply(s, "prestige statue @2", 0)
    english = error_text(info.value)
    for language, word in (("nl", "instapspel"), ("de", "Einsteigerspiel"), ("fr", "initiation")):
        with i18n.using(language):
            text = error_text(info.value)
        assert text != english and word in text and "@2" in text, text


def test_illegal_prestige_already_built():
    s = position(variant="beginner", cubes={0: "SSG", 1: "SSG"})
    s = play(s, (0, "prestige statue SSG"))
    rejects(s, "prestige statue SSG", IllegalAction, 1, "built already")


def test_illegal_prestige_on_someone_elses_residence():
    s = position(
        road=[
            {"card": "bank", "owner": 1, "residence": True},
            {"card": "market", "owner": 0, "residence": True},
        ],
        cubes={0: "SSG"},
    )
    rejects(s, "prestige statue @5 SSG", IllegalAction, 0, "not one of your free residences")


def test_illegal_provost_move_past_the_end_or_too_dear():
    s = pass_all(position(deniers={0: 1, 1: 9, 2: 9, 3: 9}))
    rejects(s, "provost +1", IllegalAction, None, "past the end")
    rejects(s, "provost -3", IllegalAction, None, "costs 3 d")


def test_illegal_effect_answers():
    s = position(road=[("bank", 1)], cubes={0: ""}, deniers={0: 2, 1: 5, 2: 5, 3: 5}, provost=5)
    s = to_activation(s, {0: ["place 5"]})  # 1 d left
    rejects(s, "pay 3d", IllegalAction, None, "not 3 d")
    rejects(s, "pay 2d", IllegalAction, None, "1 d (1 gold) or 3 d (2 gold)")
    rejects(s, "sell F", IllegalAction, None, "does not answer")


def test_illegal_lawyer_targets():
    s = position(
        road=[
            ("lawyer", 1),
            ("bank", 2),
            {"card": "market", "owner": 0, "residence": True},
            ("small-farm", 0),
        ],
        cubes={0: "F"},
        deniers=5,
        provost=8,
    )
    s = to_activation(s, {0: ["place 5"]})
    rejects(s, "lawyer 6 F", IllegalAction, None, "not one of your road cards")
    rejects(s, "lawyer 7 F", IllegalAction, None, "a residence already")
    rejects(s, "lawyer 5 F", IllegalAction, None, "not one of your road cards")
    rejects(s, "lawyer 8 G", IllegalAction, None, "no gold to pay with")


def test_illegal_batch_without_the_cubes():
    s = pass_all(position(cubes={0: "FWS", 1: "", 2: "", 3: ""}))
    s = play(s, *["skip"] * 4)
    rejects(s, "deliver FSG", IllegalAction, None, "cannot pay the batch")


def test_ambiguous_abbreviation_lists_the_choices():
    s = position(hands={0: ["market"]}, cubes={0: "FWS"})
    message = rejects(s, "build market", IllegalAction, 0, "several")
    assert "build market FW" in message and "build market WS" in message


# ---------------------------------------------------------------- the wrong seat


def test_not_your_decision():
    s = keep_all(game())
    message = rejects(s, "pass", NotYourDecision, 2, "seat 0")
    assert "not your decision" in message.lower()


@pytest.mark.parametrize("seat", [4, -1, "0", 0.0, True, None])
def test_not_your_decision_odd_seats(seat):
    s = keep_all(game())
    if seat is None:
        apply(s, "pass", seat)  # None means: whoever must decide
        return
    rejects(s, "pass", NotYourDecision, seat)


def test_not_your_decision_in_the_opening_after_answering():
    s = play(game(3), (1, "keep"))
    rejects(s, "keep", NotYourDecision, 1, "seat 0", "seat 2")


# ---------------------------------------------------------------- after the end


def test_game_over():
    s = finished_game(seed=4)
    rejects(s, "pass", GameOver, None, "over")
    rejects(s, "pass", GameOver, 0, "over")
    assert pending(s) == [] and legal_actions(s, 0) == []


def test_errors_are_engine_errors():
    for cls in (MalformedAction, IllegalAction, NotYourDecision, GameOver, BadSetup):
        assert issubclass(cls, EngineError)


# ---------------------------------------------------------------- fuzz


def _random_text(rng: random.Random) -> str:
    words = [
        "pass", "keep", "redraw", "draw", "swap", "place", "build", "prestige", "provost",
        "buy", "sell", "trade", "pay", "lawyer", "deliver", "skip", "done", "@3", "+2", "-9",
        "FWS", "GG", "small-farm", "statue", "n-park", "2d", "99", "0", "-", "@", "",
    ]  # fmt: skip
    kind = rng.random()
    if kind < 0.4:
        return " ".join(rng.choice(words) for _ in range(rng.randrange(1, 5)))
    if kind < 0.7:
        alphabet = string.printable + "²٣é€\u200b"
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 20)))
    return rng.choice(words[:16]) + " " + "".join(rng.choice("FWSG?x@+-0123456789") for _ in
                                                    range(rng.randrange(0, 6)))  # fmt: skip


def _random_action(rng: random.Random) -> object:
    verbs = ["place", "build", "prestige", "provost", "buy", "sell", "trade", "pay", "lawyer",
             "deliver", "pass", "keep", "skip", "fly", "", 7, None]  # fmt: skip
    args = ["", "1", "-5", "999", "small-farm FW", "statue @99 SSG", "+3", "FWS", "ZZZ", "G",
            "3d", "0d", "2 F", "x y z", 12, None, "bank WSS extra"]  # fmt: skip
    return Action.model_construct(verb=rng.choice(verbs), arg=rng.choice(args))


def test_fuzz_only_engine_errors_escape_and_the_state_is_kept():
    rng = random.Random(2024)
    states = [s for k, s in enumerate(random_states(6, 3, "standard", seed0=40)) if k % 9 == 0]
    states += [s for k, s in enumerate(random_states(4, 2, "beginner", seed0=50)) if k % 9 == 0]
    assert len(states) > 60
    accepted = 0
    for s in states:
        before = s.model_dump_json()
        for _ in range(60):
            thing = _random_text(rng) if rng.random() < 0.6 else _random_action(rng)
            seat = rng.choice([None, 0, 1, 2, 5, -1])
            if isinstance(thing, str):
                with contextlib.suppress(EngineError):
                    parse(thing)
            try:
                apply(s, thing, seat)
                accepted += 1
            except EngineError as error:
                assert readable(str(error)), (thing, str(error))
        assert s.model_dump_json() == before
    assert accepted > 0  # some random moves were legal: the fuzz reached real decisions


def test_messages_keep_card_names_capitalised():
    s = play(position(deniers=5), (0, "place 4"))
    message = rejects(s, "place 4", IllegalAction, 1)
    assert message == "The Peddler (4) already has a worker (one per card)."
