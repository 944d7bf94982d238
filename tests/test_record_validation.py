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

from engine import caylus, magna_carta
from engine.caylus import fast_game as engine_game
from engine.caylus.fast_game import FastGame
from engine.errors import BadSetup, BadState, IllegalAction
from engine.record import GameRecord, initial_state, record_for, replay
from tests import mc_helpers
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
    monkeypatch.setattr(engine_game, "MAX_AUTOMATIC_STEPS", 50)
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
        FastGame.from_state(state).advance()
    with pytest.raises(BadState, match="used all four lines"):
        caylus.validate_state(state)


# ---------------------------------------------------------------- Magna Carta start states


@pytest.mark.parametrize(
    ("players", "variant"), [(2, "beginner"), (3, "standard"), (4, "standard")]
)
def test_mc_every_state_of_random_games_is_consistent(players: int, variant: str) -> None:
    """Mid-activation states included: a worker stays on a card that has acted (also on a card
    a Lawyer has just turned), and the check must accept every state the engine makes."""
    checked = 0
    for state in mc_helpers.random_states(2, players, variant, seed0=40 + players):
        magna_carta.validate_state(state)
        assert magna_carta.state_from_json(state.model_dump_json()) == state
        checked += 1
    assert checked > 200


def _mc_player(seat: int, field: str, value: Any) -> Edit:
    return lambda data: data["players"][seat].__setitem__(field, value)


def _mc_repeat_owned_card(data: dict[str, Any]) -> None:
    """Seat 0's Bank on the road while it is still in seat 0's hand or draw pile."""
    data["road"].append({"card": "bank", "owner": 0})


def _mc_road_card(**card: Any) -> Edit:
    """A card of seat `owner` added at road position 5, taken out of its hand and draw pile
    (and its worker out of the worker's hand), so only what the test names is wrong."""

    def edit(data: dict[str, Any]) -> None:
        data["road"].append(card)
        p = data["players"][card["owner"]]
        p["hand"] = [c for c in p["hand"] if c != card["card"]]
        p["deck"] = [c for c in p["deck"] if c != card["card"]]
        if card.get("worker") is not None:
            data["players"][card["worker"]]["workers"] -= 1

    return edit


MC_CRAFTED: list[tuple[str, Edit, str]] = [
    # malformed: pydantic or the structural check
    ("negative purse", _mc_player(0, "deniers", -3), "field 'players.0.deniers'"),
    ("phase 99", _set("phase", 99), "field 'phase'"),
    ("unknown card", lambda d: d["players"][1]["hand"].append("dragon"), "'dragon', no card"),
    ("seat that does not exist", _set("start_player", 7), "name seats 0-3"),
    ("worker of no seat", lambda d: d["road"][0].update(worker=9), "a worker of no seat"),
    # impossible: the consistency check
    ("hand of 15,000 cards", _mc_player(0, "hand", ["bank"] * 15_000), "15000 in hand"),
    ("road card repeated", _mc_repeat_owned_card, "1 on the road"),
    ("neutral repeated", lambda d: d["road"].append(dict(d["road"][0])), "Park is on the road 2"),
    (
        "card in hand and pile",
        lambda d: d["players"][2]["deck"].append(d["players"][2]["hand"][0]),
        "2 times (1 in hand, 1 in the draw pile",
    ),
    ("a billion shuffles", _mc_player(0, "shuffles", 10**9), "reshuffle count of seat 0"),
    ("huge purse", _mc_player(1, "deniers", 10**40), "a huge number"),
    ("huge cubes", lambda d: d["players"][1]["cubes"].update(S=10**7), "the stone of seat 1"),
    ("round", _set("round", 10**9), "the round is 1000000000"),
    ("tokens left", lambda d: d["tokens"].update(dungeon=50), "the dungeon tokens left is 50"),
    ("tokens won", lambda d: d["players"][0]["tokens"].update(walls=8), "8 walls tokens"),
    ("lost worker", _mc_player(2, "workers", 3), "3 workers in hand and 0 on the road"),
    ("prestige twice", _mc_player(0, "prestige", ["statue"]), "the Statue is 2 times"),
    ("passed twice", _set("passed", [1, 1]), "'passed' names seat 1 twice"),
    ("no decision", _set("decision", None), "a decision must be pending"),
    ("decision out of phase", lambda d: d["decision"].update(kind="castle"), "castle decision"),
    (
        "beginner phase 6",
        lambda d: (d["options"].update(variant="beginner"), d.update(phase=6)),
        "phase 6 does not exist in the beginner game",
    ),
    (
        "stored cubes on a residence",
        _mc_road_card(card="small-farm", owner=1, residence=True, stored=2),
        "the residence at 5 holds stored cubes",
    ),
    (
        "worker on a residence before the activation",
        _mc_road_card(card="bank", owner=1, residence=True, worker=0),
        "the residence at 5 holds a worker",
    ),
]


@pytest.mark.parametrize(("name", "edit", "reason"), MC_CRAFTED, ids=[c[0] for c in MC_CRAFTED])
def test_mc_a_damaged_or_impossible_start_state_is_refused_with_its_reason(
    name: str, edit: Edit, reason: str
) -> None:
    data = mc_helpers.position().model_dump()
    edit(data)
    record = GameRecord(game="magna-carta", start=data, actions=["pass"])
    with deadline(10), pytest.raises(BadState) as info:
        replay(record)
    message = str(info.value)
    assert message.startswith(
        ("The game state is not consistent: ", "This is not a Magna Carta game state: ")
    ), message
    assert reason in message and readable(message), message


def test_mc_a_worker_on_a_residence_is_accepted_only_once_its_card_has_acted() -> None:
    """The activation is at the Bank (7); the residence at 5 acted before it turned."""
    s = mc_helpers.position(
        road=[("small-farm", 0), ("lawyer", 1), ("bank", 2)],
        cubes={0: "F", 1: "", 3: ""},
        deniers=5,
        provost=7,
    )
    s = mc_helpers.to_activation(s, {0: ["place 6"], 1: ["place 5"], 3: ["place 7"]})
    s = mc_helpers.play(s, (0, "lawyer 5 F"))
    assert s.flipped[4] and s.workers[4] == 1
    magna_carta.validate_state(s)
    data = s.model_dump()
    data["cursor"] = 4  # as if the residence had not acted yet
    with pytest.raises(BadState, match="the residence at 5 holds a worker"):
        magna_carta.state_from_json(json.dumps(data))


def test_mc_state_errors_are_typed_and_stay_value_errors() -> None:
    with pytest.raises(ValueError, match="not a Magna Carta game state"):
        magna_carta.state_from_json("{")
    with pytest.raises(BadState):
        magna_carta.state_from_json(None)  # type: ignore[arg-type]
