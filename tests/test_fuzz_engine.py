"""Hostile input to parse_action and apply ends in a typed engine error or a valid result.

First the cases found by earlier fuzzing, each on its own; then a seeded fuzz run over states of
every configuration (2-5 players, both favor modes, both tile sets): mutated notation, Unicode
digits, huge numbers, control characters, very long strings, action objects built by hand with
any field values, and wrong seats. Only EngineError subclasses may escape, messages stay one
short line, a successful apply gives a consistent state, and the input state never changes.
bench/bench_fuzz.py runs the same fuzz for longer.
"""

from __future__ import annotations

import random

import pytest

from engine import caylus
from engine.caylus.actions import MAX_ACTION_LENGTH, Action
from engine.errors import EngineError, GameOver, IllegalAction, MalformedAction, NotYourDecision
from tests.caylus_helpers import finished_game, game, position
from tests.fuzz_inputs import CONFIGS, fuzz_engine

# ---------------------------------------------------------------- notation


@pytest.mark.parametrize(
    ("text", "example"),
    [
        ("place ²", "'place 7'"),
        ("lawyer ³", "'lawyer 3'"),
        ("build statue @²", "'build statue @9'"),
        ("place ７", "'place 7'"),  # fullwidth: int() would take it, the notation does not
        ("pay ٢d", "'pay 2d'"),  # Arabic-Indic
        ("provost +①", "'provost +2'"),
    ],
)
def test_numbers_not_written_with_ascii_digits_are_malformed(text: str, example: str) -> None:
    with pytest.raises(MalformedAction) as info:
        caylus.parse_action(text)
    message = str(info.value)
    assert (
        message
        == f"'{text}' is not a move: numbers are written with the digits 0-9, e.g. {example}."
    )


@pytest.mark.parametrize(
    "text", ["take ß", "take ﬀ", "batch ſwf", "ｐａｓｓ", "place castle\u200b"]
)
def test_letters_outside_ascii_are_malformed(text: str) -> None:
    """upper() would turn 'ß' into 'SS' and 'ſ' into 'S': such text is refused, not guessed."""
    with pytest.raises(MalformedAction, match="plain letters and the digits 0-9"):
        caylus.parse_action(text)


def test_unicode_spaces_between_words_still_separate_them() -> None:
    assert str(caylus.parse_action("place\u00a07")) == "place 7"
    assert str(caylus.parse_action("batch\u3000F W S")) == "batch FWS"


@pytest.mark.parametrize(
    "text",
    [
        "place " + "9" * 5000,  # past Python's int-string conversion limit
        "place " + "0" * 5000 + "7",
        "pay " + "1" * 4400 + "d",
        "build statue @" + "9" * 4400,
        "take " + "F" * 100_000,
    ],
)
def test_huge_inputs_are_refused_with_a_short_message(text: str) -> None:
    with pytest.raises(MalformedAction) as info:
        caylus.parse_action(text)
    message = str(info.value)
    assert "too long to be an action" in message and f"({len(text)} characters)" in message
    assert len(message) < 160


def test_the_longest_accepted_text_still_parses() -> None:
    text = "place" + " " * (MAX_ACTION_LENGTH - len("place 7")) + " 7"
    assert len(text) == MAX_ACTION_LENGTH
    assert str(caylus.parse_action(text)) == "place 7"


@pytest.mark.parametrize(
    "text",
    ["build statue @0", "build statue @29", "lawyer 0", "lawyer 29", "lawyer -1", "place -3"],
)
def test_positions_outside_the_road_are_malformed(text: str) -> None:
    with pytest.raises(MalformedAction, match="1-28"):
        caylus.parse_action(text)


def test_messages_quote_user_text_on_one_line_cut_to_80_characters() -> None:
    with pytest.raises(MalformedAction) as info:
        caylus.parse_action("dance\n" + "x" * 90)
    message = str(info.value)
    assert "\n" not in message and "'dance\\nxxx" in message
    quoted = message.split("': ")[0] + "'"
    assert len(quoted) == 82 and quoted.endswith("…'")


def test_typed_junk_does_not_grow_the_intern_table_without_end(monkeypatch) -> None:
    monkeypatch.setattr(Action, "TYPED_INTERN_LIMIT", len(Action._interned))
    size = len(Action._interned)
    first = caylus.parse_action("take " + "F" * 12 + "W" * 12 + "S" * 7 + "GG")
    again = caylus.parse_action("take " + "GG" + "S" * 7 + "W" * 12 + "F" * 12)
    assert first == again and first is not again  # equal, not interned
    assert len(Action._interned) == size
    assert caylus.parse_action("pass") is caylus.parse_action("PASS")  # known ones still are


# ---------------------------------------------------------------- action objects built by hand


def _hand_built(**fields) -> Action:
    return Action.model_construct(**fields)


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (Action(verb="place", arg="99"), MalformedAction),
        (Action(verb="place", arg="0"), MalformedAction),
        (Action(verb="place", arg="²"), MalformedAction),
        (Action(verb="place", arg="28"), IllegalAction),  # an empty lot
        (Action(verb="provost", arg="x"), MalformedAction),
        (Action(verb="favor", arg=""), MalformedAction),
        (Action(verb="build", arg=""), MalformedAction),
        (Action(verb="build", arg="d9"), MalformedAction),
        (Action(verb="lawyer", arg="-4"), MalformedAction),
        (_hand_built(verb="place"), MalformedAction),  # arg left out
        (_hand_built(arg="7"), MalformedAction),  # verb left out
        (_hand_built(verb=None, arg=None), MalformedAction),
        (_hand_built(verb="place", arg=7), MalformedAction),
        (_hand_built(verb=[], arg=[1]), MalformedAction),
        (_hand_built(verb=-1, arg=""), MalformedAction),
        (None, MalformedAction),
        (7, MalformedAction),
        (b"pass", MalformedAction),
        (Action, MalformedAction),
    ],
    ids=repr,
)
def test_hand_built_actions_give_typed_errors(action: object, error: type[EngineError]) -> None:
    state = position(road={9: ("sawmill", 1)})
    before = state.model_dump_json()
    with pytest.raises(error):
        caylus.apply(state, action)  # type: ignore[arg-type]
    assert state.model_dump_json() == before


def test_a_hand_built_action_reads_as_its_text() -> None:
    state = game(players=3)
    new_state, _ = caylus.apply(state, Action(verb="place", arg="07"))
    typed_state, _ = caylus.apply(state, "place 7")
    assert new_state == typed_state


def test_the_built_in_player_refuses_a_seat_without_a_decision() -> None:
    state = game(players=3, turn_order=[0, 1, 2])
    rng = random.Random(1)
    for seat in (1, 5, -1, None):
        with pytest.raises(NotYourDecision, match="has no decision to make now"):
            caylus.choose_action(state, seat, rng)  # type: ignore[arg-type]
    with pytest.raises(GameOver):
        caylus.choose_action(finished_game(seed=2, players=2), 0, rng)


# ---------------------------------------------------------------- the fuzz

STATES_PER_CONFIG = 45
INPUTS_PER_STATE = 140


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(map(str, c)))
def test_fuzzed_input_ends_in_a_typed_error_or_a_valid_state(config) -> None:
    seed = CONFIGS.index(config)
    report = fuzz_engine(seed, STATES_PER_CONFIG, INPUTS_PER_STATE, config)
    assert report.tried == STATES_PER_CONFIG * INPUTS_PER_STATE
    assert report.problems == 0, "\n".join(report.first())


def test_the_harness_reports_what_escapes_and_what_changes_the_state(monkeypatch) -> None:
    """The fuzz can fail: an engine that raises ValueError or edits its input is reported."""
    real_apply = caylus.apply

    def broken_apply(state, action, seat=None):
        if isinstance(action, str) and action[:1].isdigit():
            raise ValueError("a bug")
        if isinstance(action, Action) and action.__dict__.get("verb") is None:
            state.players[0].deniers += 1  # changes the state it was given
            raise IllegalAction("No.")
        return real_apply(state, action, seat)

    monkeypatch.setattr(caylus, "apply", broken_apply)
    report = fuzz_engine(0, 6, 300, CONFIGS[0])
    kinds = " ".join(report.kinds)
    assert "ValueError" in kinds and "input state changed" in kinds
