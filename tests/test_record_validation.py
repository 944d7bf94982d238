"""Damaged and crafted records end in typed errors with readable reasons, and nothing loops.

`GameRecord.from_json` refuses what is not a record, `replay` refuses a record that cannot start
a game, `state_from_json` / `validate_state` refuse a state whose parts do not fit together
(docs/record.md lists the checks), and the engine's automatic loops stop on a state that was
never validated instead of hanging.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine import caylus
from engine.caylus import rules
from engine.errors import BadSetup, BadState, IllegalAction
from engine.record import GameRecord, initial_state, record_for, replay
from tests.caylus_helpers import game, place_workers, position
from tests.fuzz_inputs import CONFIGS, deadline, new_random_game, play_on


def readable(message: str) -> bool:
    return (
        (message[:1].isupper() or message[:1] == "'")
        and message.endswith(".")
        and "\n" not in message
        and len(message) < 300
    )


# ---------------------------------------------------------------- every real state passes


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(map(str, c)))
def test_every_state_of_random_games_is_consistent(config) -> None:
    rng = random.Random(CONFIGS.index(config))
    checked = 0
    for _ in range(3):
        state = new_random_game(rng, config)
        while True:
            caylus.validate_state(state)
            assert caylus.state_from_json(state.model_dump_json()) == state
            checked += 1
            if state.over:
                break
            state, _ = play_on(rng, state, 1)
    assert checked > 300


# ---------------------------------------------------------------- crafted start states

Edit = Callable[[dict[str, Any]], None]


def _set(field: str, value: Any) -> Edit:
    return lambda data: data.__setitem__(field, value)


def _player(seat: int, field: str, value: Any) -> Edit:
    return lambda data: data["players"][seat].__setitem__(field, value)


def _item(field: str, index: Any, value: Any) -> Edit:
    return lambda data: data[field].__setitem__(index, value)


CRAFTED: list[tuple[str, Edit, str]] = [
    ("passed twice", _set("passed", [0, 0]), "'passed' names seat 0 twice"),
    ("passed out of range", _set("passed", [3]), "'passed' names seat 3, but the seats are 0-2"),
    ("turn order", _set("turn_order", [0, 0, 1]), "the turn order must list each seat 0-2 once"),
    ("a player too many", lambda d: d["players"].append(d["players"][0]), "4 players"),
    ("negative deniers", _player(1, "deniers", -1), "the deniers of seat 1 is -1"),
    ("huge prestige", _player(1, "prestige", 10**40), "between 0 and 1000000"),
    ("negative cube", lambda d: d["players"][0]["cubes"].update(F=-2), "the food of seat 0"),
    ("missing cube", lambda d: d["players"][0]["cubes"].pop("G"), "must list exactly F, W, S"),
    ("workers", _player(2, "workers", 7), "seat 2 holds 7 workers"),
    ("lost worker", _player(2, "workers", 5), "5 workers in hand and 0 on the board"),
    ("favor marker", _player(0, "favors", [9, 0, 0, 0]), "favor markers of seat 0"),
    ("owner out of range", _item("owners", 8, 5), "road position 9 is an empty lot"),
    ("owned neutral", _item("owners", 0, 1), "road position 1 cannot be owned by seat 1"),
    ("owned empty lot", _item("owners", 20, 1), "road position 21 is an empty lot"),
    ("worker on a lot", _item("workers", 20, 1), "road position 21 is an empty lot"),
    ("unknown tile", _item("road", 10, "moon"), "unknown tile 'moon'"),
    ("fixed tile moved", _item("road", 6, None), "road position 7 must hold the Peddler"),
    ("second neutral", _item("road", 9, "n-farm"), "the Farm is on the road 2 times"),
    ("special seat", lambda d: d["specials"].update(gate=-1), "'specials' names seat -1"),
    ("special missing", lambda d: d["specials"].pop("joust"), "'specials' must list exactly"),
    ("stables twice", _set("stables", [1, 1]), "'stables' names seat 1 twice"),
    ("castle sections", _set("castle", [[]]), "the castle has 3 sections"),
    ("dungeon overfull", _set("castle", [[0] * 7, [], []]), "the Dungeon holds 7 houses"),
    ("favor queue seat", _set("favor_queue", [9]), "'favor_queue' names seat 9"),
    ("favor queue flood", _set("favor_queue", [1] * 100_000), "seat 1 has 100000 royal favors"),
    ("lawyer pending", _set("lawyer_pending", [[29, 0]]), "waiting transformation"),
    ("favor lines", _set("favor_lines_used", ["aa", "", ""]), "distinct letters a-d"),
    ("batches per seat", _set("batches", [0, 0]), "'batches' must have one entry per seat"),
    ("stock", lambda d: d["stock"].update(statue=-1), "-1 Statue tiles in stock"),
    ("stock too big", lambda d: d["stock"].update(statue=2), "the revised tile set has 1"),
    ("stock unknown", lambda d: d["stock"].update(peddler=1), "the stock lists 'peddler'"),
    ("discarded", _set("discarded", ["n-farm"]), "'discarded' lists 'n-farm'"),
    ("phase", _set("phase", 8), "the phase is 8"),
    ("cursor", _set("cursor", 5), "the cursor is 5; in phase 2 it must be 0-2"),
    ("section", _set("section", 3), "the game is over exactly when"),
    ("bailiff", _set("bailiff", 29), "the bailiff and the provost"),
    ("turn", _set("turn", 0), "the turn is 0"),
    ("no decision", _set("decision", None), "a decision must be pending"),
    ("decision kind", lambda d: d["decision"].update(kind="dance"), "unknown decision kind"),
    ("decision seat", lambda d: d["decision"].update(seat=3), "the decision is for seat 3"),
    (
        "wrong placing seat",
        lambda d: d["decision"].update(seat=1),
        "the placement decision is for the seat at the cursor",
    ),
    (
        "produce off phase 5",
        lambda d: d["decision"].update(kind="produce", at=1),
        "belongs to the building at the cursor in phase 5",
    ),
    (
        "favor in simplified mode",
        lambda d: d.update(phase=3, passed=[0, 1, 2], decision={"kind": "favor", "seat": 0}),
        "only follows a royal favor",
    ),
]


@pytest.mark.parametrize(("name", "edit", "reason"), CRAFTED, ids=[c[0] for c in CRAFTED])
def test_a_crafted_start_state_is_refused_with_its_reason(name: str, edit: Edit, reason: str):
    data = game(players=3, favor_mode="simplified").model_dump(mode="json")
    edit(data)
    record = GameRecord(start=data, actions=["pass"])
    with deadline(10), pytest.raises(BadState) as info:
        replay(record)
    message = str(info.value)
    assert message.startswith("The game state is not consistent: ") and reason in message
    assert readable(message), message


def test_a_mid_game_decision_must_fit_its_phase_and_seat() -> None:
    """Phase 4: the bribe decision belongs to the passer at the cursor."""
    state = place_workers(position(players=3), {0: ["7"], 1: ["castle"]})
    while state.decision.kind != "bribe":
        state, _ = caylus.apply(state, caylus.default_action(state))
    caylus.validate_state(state)
    data = state.model_dump(mode="json")
    data["decision"]["seat"] = data["passed"][(data["cursor"]) % 3]
    with pytest.raises(BadState, match="bribe decision is for the seat at the cursor"):
        caylus.state_from_json(json.dumps(data))


def test_state_errors_stay_value_errors_for_callers_that_caught_pydantic() -> None:
    with pytest.raises(ValueError, match="not a Caylus game state"):
        caylus.state_from_json("{")
    with pytest.raises(BadSetup, match="field 'turn'"):
        caylus.state_from_json(game().model_dump_json().replace('"turn":1', '"turn":"x"'))
    with pytest.raises(BadState):
        caylus.state_from_json(None)  # type: ignore[arg-type]


# ---------------------------------------------------------------- records


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "Invalid JSON"),
        (b"{", "Invalid JSON: EOF"),
        (b'{"game": "caylus", "actions": ["pass", 3]}', "field 'actions.1'"),
        (b'{"game": "\xc3"}', "invalid unicode"),
        (b"\xff\xfe{}", "Invalid JSON"),
        (b"[1, 2]", "should be an object"),
        (b'{"actions": "pass"}', "field 'actions'"),
        (b'{"seats": [1e400]}', "field 'seats.0'"),
        (b'{"movez": []}', "field 'movez': Extra inputs are not permitted"),
        (b"[" * 5000, "recursion limit"),
        (None, "A game record is JSON text."),
    ],
)
def test_what_is_not_a_record_is_refused(data: Any, reason: str) -> None:
    with pytest.raises(BadSetup) as info:
        GameRecord.from_json(data)
    assert reason in str(info.value) and readable(str(info.value)), str(info.value)


def test_a_long_field_name_is_cut_in_the_message() -> None:
    with pytest.raises(BadSetup) as info:
        GameRecord.from_json(json.dumps({"x" * 5000: 1}))
    assert len(str(info.value)) < 200 and "…" in str(info.value)


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        (GameRecord(game="chess"), "Unknown game 'chess': known are caylus, magna-carta."),
        (GameRecord(options={"players": 9}), "field 'players'"),
        (GameRecord(options={"colour": "red"}), "field 'colour'"),
        (
            GameRecord(setup={"seed": 1, "turn_order": [0, 0, 1, 2]}),
            "The turn order must list each seat",
        ),
        (GameRecord(setup={"seed": "x"}), "field 'seed'"),
        (GameRecord(setup={"seed": 1}, actions=["pass"], seats=[0, 1]), "2 seats for 1 actions"),
        (
            GameRecord(start=game().model_dump(mode="json"), options={"players": 4}),
            "either from 'start' or from 'options' and 'setup'",
        ),
        (GameRecord(start={"game": "caylus"}), "not a Caylus game state"),
        (GameRecord(start={"x": float("nan")}), "The start state is not JSON data"),
    ],
)
def test_a_record_that_cannot_start_a_game_raises_bad_setup(record: GameRecord, reason: str):
    with pytest.raises(BadSetup) as info:
        replay(record)
    assert reason in str(info.value) and readable(str(info.value)), str(info.value)


def test_a_bad_action_is_a_failure_with_the_valid_prefix() -> None:
    start = game(players=2)
    record = record_for(start, ["pass", "place ²", "pass"])
    result = replay(record)
    assert result.applied == 1 and result.failure is not None
    assert result.failure.index == 1 and "digits 0-9" in result.failure.reason


def test_replay_needs_a_record() -> None:
    with pytest.raises(BadSetup):
        replay({"game": "caylus"})  # type: ignore[arg-type]


def test_initial_state_of_a_start_record_is_the_validated_state() -> None:
    start = position(players=3, deniers=9)
    assert initial_state(GameRecord(start=start.model_dump(mode="json"))) == start


# ---------------------------------------------------------------- no loop without validation


def _unchecked(state: caylus.State, **changes: Any) -> caylus.State:
    """A state with `changes` that skips validate_state (as a caller building states could)."""
    return caylus.State.model_validate({**state.model_dump(), **changes})


def test_passing_twice_stops_instead_of_looping() -> None:
    """2 players, seat 0 on the passing list twice: seat 1's pass used to loop forever."""
    start = game(players=2, turn_order=[0, 1])
    state = _unchecked(start, passed=[0, 0], decision={"kind": "place", "seat": 1}, cursor=1)
    with deadline(10), pytest.raises(BadSetup, match="everyone in the turn order has passed"):
        caylus.apply(state, "pass")


def test_a_passing_list_with_every_seat_and_more_stops_the_placement_phase() -> None:
    """Phase 2 resumes after a favor; every seat has passed but the list is too long."""
    start = game(players=3, turn_order=[0, 1, 2])
    state = _unchecked(start, passed=[0, 1, 2, 2], decision={"kind": "favor", "seat": 0})
    with deadline(10), pytest.raises(BadSetup, match="everyone in the turn order has passed"):
        caylus.apply(state, "favor a")


def test_automatic_steps_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Favors nobody can take are dropped one automatic step each: too many stop the engine."""
    monkeypatch.setattr(rules, "MAX_AUTOMATIC_STEPS", 50)
    start = game(players=2, turn_order=[0, 1])
    state = _unchecked(start, passed=[1], favor_queue=[0] * 100, favor_lines_used=["abcd", ""])
    with deadline(10), pytest.raises(BadSetup, match="runs on without ever asking a player"):
        caylus.apply(state, "pass")
    assert caylus.apply(state.model_copy(update={"favor_queue": [0] * 40}), "pass")


def test_a_decision_without_answers_is_refused_not_crashed() -> None:
    """A favor for a seat that used all four lines has no answer: apply refuses any, and the
    automatic driver stops with a reason instead of taking the first of no options."""
    start = game(players=2, turn_order=[0, 1])
    state = _unchecked(
        start,
        phase=3,
        passed=[0, 1],
        favor_lines_used=["abcd", ""],
        decision={"kind": "favor", "seat": 0},
    )
    with pytest.raises(IllegalAction, match="already used favor line a"):
        caylus.apply(state, "favor a")
    with pytest.raises(BadSetup, match="has no possible answer"):
        rules._advance(rules._Game(state.model_copy()))
    with pytest.raises(BadState, match="used all four lines"):
        caylus.validate_state(state)
