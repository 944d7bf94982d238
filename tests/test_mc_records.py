"""Magna Carta records, states and chance: replay from a seed or an explicit setup or a whole
start state; seeded reshuffles recorded in the state (a state saved mid-game goes on exactly
like the original); apply never changes its input; hidden information stays hidden in views
and events; the `caylus simulate` and `caylus replay` commands."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.cli import main
from engine import get_game
from engine.magna_carta import (
    Options,
    Setup,
    State,
    apply,
    choose_action,
    legal_actions,
    new_game,
    pending,
    state_from_json,
    view,
)
from engine.magna_carta.conformance import public_events, shuffle_decks, shuffle_hidden
from engine.record import GameRecord, record_for, replay
from tests.mc_helpers import deck, game, position, random_states


def played(seed: int = 7, players: int = 3, variant: str = "standard"):
    rng = random.Random(seed)
    state = new_game(Options(players=players, variant=variant), Setup(seed=seed))  # type: ignore[arg-type]
    start = state
    actions: list[str] = []
    seats: list[int] = []
    while not state.over:
        seat = rng.choice([p.seat for p in pending(state)])
        action = choose_action(state, seat, rng)
        actions.append(str(action))
        seats.append(seat)
        state, _ = apply(state, action, seat)
    return start, actions, seats, state


def test_registered_as_magna_carta():
    module = get_game("magna-carta")
    assert module.name == "magna-carta" and module.min_players == 2 and module.max_players == 4
    for attr in ("State", "Action", "Options", "Setup", "new_game", "pending", "legal_actions",
                 "apply", "outcome", "parse_action", "state_from_json", "choose_action",
                 "default_action", "view"):  # fmt: skip
        assert hasattr(module, attr), attr


def test_replay_of_a_whole_game_with_seats_reproduces_the_final_state():
    start, actions, seats, final = played()
    record = record_for(start, actions, seats)
    assert record.game == "magna-carta" and record.setup["decks"]
    result = replay(GameRecord.model_validate_json(record.model_dump_json()))
    assert result.ok and result.applied == len(actions) and result.state == final


def test_replay_without_seats_answers_the_opening_in_seat_order():
    start = game(3)
    record = record_for(start, ["keep", "redraw", "keep", "pass"])
    result = replay(record)
    assert result.ok and result.state.players[1].discard and result.state.passed == [0]


def test_replay_reports_the_first_bad_action():
    start, actions, seats, _ = played()
    seats = [*seats[:10], seats[10], *seats[10:]]
    record = record_for(start, [*actions[:10], "place 40", *actions[10:]], seats)
    result = replay(record)
    assert not result.ok and result.failure.index == 10
    assert result.failure.action == "place 40" and result.failure.reason.endswith(".")


def test_record_of_an_explicit_printed_setup_replays_the_same_way_every_time():
    record = GameRecord(
        game="magna-carta",
        options={"players": 2, "variant": "beginner"},
        setup={
            "neutral": ["n-forest", "n-peddler"],
            "start_player": 1,
            "decks": [deck(variant="beginner"), deck("bank", variant="beginner")],
        },
        actions=["keep", "keep", "place 1", "pass", "pass"],
    )
    a, b = replay(record), replay(record)
    assert a.ok and a.state == b.state
    assert a.state.players[1].cubes[1] == 3  # seat 1's worker took a wood in the forest


def test_a_state_saved_mid_game_goes_on_identically_reshuffles_included():
    rng = random.Random(5)
    s = new_game(Options(players=2), Setup(seed=5))
    copies = 0
    while not s.over:
        seat = pending(s)[0].seat
        legal = legal_actions(s, seat)
        action = legal[rng.randrange(len(legal))]
        saved = state_from_json(s.model_dump_json())
        assert saved == s
        a, events_a = apply(s, action, seat)
        b, events_b = apply(saved, action, seat)
        assert a == b and events_a == events_b
        copies += 1
        s = a
    assert sum(p.shuffles for p in s.players) > 0, "the game should have reshuffled"
    assert copies > 50


def test_reshuffles_depend_on_the_seed():
    discards = {0: ["bank", "market", "church", "lawyer", "peddler", "gold-mine"]}
    a = position(deniers=5, hands={0: []}, decks={0: []}, discards=discards)
    b = State.model_validate({**a.model_dump(), "setup": {**a.setup.model_dump(), "seed": 99}})
    orders = {tuple(apply(x, "draw", 0)[0].players[0].deck) for x in (a, b)}
    assert len(orders) == 2


def test_apply_never_changes_its_input():
    for s in random_states(2, 4, "standard", seed0=3):
        if s.over:
            continue
        seat = pending(s)[0].seat
        before = s.model_dump_json()
        apply(s, legal_actions(s, seat)[-1], seat)
        assert s.model_dump_json() == before


def test_state_json_round_trip_and_validation():
    for s in random_states(1, 3, "beginner", seed0=8):
        text = s.model_dump_json()
        assert state_from_json(text) == s and state_from_json(text).model_dump_json() == text
    with pytest.raises(ValueError):
        State.model_validate({"game": "caylus"})


def test_views_and_legal_actions_do_not_depend_on_hidden_cards():
    rng = random.Random(1)
    checked = 0
    for k, s in enumerate(random_states(3, 4, "standard", seed0=21)):
        if k % 7:
            continue
        for seat in (0, 1, 2, 3, None):
            other = shuffle_hidden(s, rng, seat)
            assert view(other, seat) == view(s, seat)
            if seat is not None:
                assert legal_actions(other, seat) == legal_actions(s, seat)
            checked += 1
    assert checked > 100


def test_public_events_do_not_depend_on_the_order_of_draw_piles():
    rng = random.Random(2)
    draws = 0
    for s in random_states(3, 3, "standard", seed0=30):
        if s.over:
            continue
        seat = pending(s)[0].seat
        for action in legal_actions(s, seat):
            if action.verb in ("draw", "swap", "redraw"):
                _, events = apply(s, action, seat)
                _, other = apply(shuffle_decks(s, rng), action, seat)
                assert public_events(events) == public_events(other)
                draws += 1
    assert draws > 50


def test_view_is_json_ready():
    s = position(hands={0: ["bank"]})
    data = view(s, 0).model_dump()
    again = json.loads(json.dumps(data))
    assert again["players"][0]["hand"] == ["bank"] and again["players"][1]["hand"] is None
    assert again["legal"][0] == "pass" and again["pending"][0]["kind"] == "action"


# ---------------------------------------------------------------- the command line


@pytest.mark.parametrize("variant", ["beginner", "standard"])
def test_simulate_magna_carta_prints_the_contract_json(variant, capsys):
    args = ["simulate", "--game", "magna-carta", "--variant", variant, "--games", "3",
            "--players", "3", "--seed", "5", "--check", "full"]  # fmt: skip
    assert main(args) == 0
    result = json.loads(capsys.readouterr().out)
    for key in ("games", "actions", "seconds", "games_per_second", "actions_per_second",
                "invariant_violations", "errors"):  # fmt: skip
        assert key in result
    assert result["game"] == "magna-carta" and result["games"] == 3
    assert result["invariant_violations"] == 0 and result["errors"] == 0
    assert result["actions"] > 100


def test_simulate_magna_carta_uniform_player(capsys):
    args = ["simulate", "--game", "magna-carta", "--games", "4", "--players", "2",
            "--player", "uniform"]  # fmt: skip
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["invariant_violations"] == 0


def test_replay_command_reaches_the_final_state(tmp_path: Path, capsys):
    start, actions, seats, final = played(seed=9, players=4)
    path = tmp_path / "game.json"
    path.write_text(record_for(start, actions, seats).model_dump_json())
    assert main(["replay", str(path), "--json"]) == 0
    replayed = state_from_json(capsys.readouterr().out)
    assert replayed == final and replayed.over


def test_replay_command_stops_at_an_illegal_action(tmp_path: Path, capsys):
    start, actions, seats, _ = played(seed=9, players=2)
    seats = [*seats[:6], seats[6], *seats[6:]]
    bad = record_for(start, [*actions[:6], "deliver GGG", *actions[6:]], seats)
    path = tmp_path / "bad.json"
    path.write_text(bad.model_dump_json())
    assert main(["replay", str(path)]) == 1
    assert "action 6 'deliver GGG' failed" in capsys.readouterr().err


def test_the_layering_test_scans_the_magna_carta_package():
    from tests.test_layers import ROOT, sources

    scanned = {str(p.relative_to(ROOT)) for p in sources("engine")}
    for name in ("rules", "state", "actions", "catalogue", "view", "player", "conformance"):
        assert f"engine/magna_carta/{name}.py" in scanned


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["road"].append({"card": "palace", "owner": 0}),
        lambda d: d["road"][0].update(owner=1),  # a neutral card with an owner
        lambda d: d["road"][0].update(worker=7),
        lambda d: d["players"][0]["hand"].append("library"),
        lambda d: d.update(decision={"kind": "dance", "seat": 0, "at": 0, "part": ""}),
        lambda d: d.update(decision={"kind": "action", "seat": 9, "at": 0, "part": ""}),
        lambda d: d.update(provost=40),
        lambda d: d.update(start_player=5),
        lambda d: d.update(due_flips=[[30, 0]]),
        lambda d: d["players"].pop(),
    ],
)
def test_a_state_json_that_refers_to_nothing_is_refused(change):
    data = position().model_dump()
    change(data)
    with pytest.raises(ValueError):
        State.model_validate(data)


def test_decision_kinds_and_prompts_agree():
    from engine.magna_carta.decision_kinds import BY_NAME as PROMPTS
    from engine.magna_carta.state import DECISION_KINDS

    assert set(PROMPTS) == {*DECISION_KINDS, "redraw"}
