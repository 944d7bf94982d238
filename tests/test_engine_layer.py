"""The immutable Caylus API over the one in-place engine (engine/caylus/rules.py over
engine/caylus/fast_game.py): states made by `apply` read their fields from the engine's game when
first read, hand the game on to the next state, and still behave as plain values: equal to the
eager conversion, the same JSON, never changed by later moves, changed fields honoured."""

from __future__ import annotations

import copy
import gc
import pickle
import queue
import random
import sys
import threading
import tracemalloc

import pytest
from pydantic import BaseModel, ValidationError

from engine import caylus
from engine.caylus.codes import ACTIONS
from engine.caylus.fast_game import FastGame
from engine.compiled import COMPILED
from engine.errors import IllegalAction


def _played(seed: int, moves: int, players: int = 4) -> list[caylus.State]:
    rng = random.Random(seed)
    state = caylus.new_game(caylus.Options(players=players), caylus.Setup(seed=seed))
    states = [state]
    for _ in range(moves):
        seat = state.decision.seat  # type: ignore[union-attr]
        legal = caylus.legal_actions(state, seat)
        state, _ = caylus.apply(state, legal[rng.randrange(len(legal))], seat)
        states.append(state)
    return states


def test_engine_states_read_back_after_later_moves() -> None:
    """Each state of a chain, read only after the game moved on (its game handed on to the
    next state), shows exactly its own position: the JSON a fresh replay gives."""
    states = _played(3, 120)
    rng = random.Random(3)
    again = caylus.new_game(caylus.Options(players=4), caylus.Setup(seed=3))
    expected = [again.model_dump_json()]
    for _ in range(120):
        seat = again.decision.seat  # type: ignore[union-attr]
        legal = caylus.legal_actions(again, seat)
        again, _ = caylus.apply(again, legal[rng.randrange(len(legal))], seat)
        expected.append(again.model_dump_json())
    for index in (60, 5, 119, 0, 61, 120):  # out of order: some replay from an earlier one
        assert states[index].model_dump_json() == expected[index]


def test_engine_states_equal_their_eager_conversion() -> None:
    states = _played(8, 90, players=3)
    for state in states[::9]:
        eager = FastGame.from_state(state).to_state()
        assert state == eager
        assert eager == state
        assert caylus.state_from_json(state.model_dump_json()) == state
        assert copy.deepcopy(state) == state
        assert pickle.loads(pickle.dumps(state)) == state
        assert state.model_copy() == state
        assert "turn=" in repr(state)


def test_apply_from_an_older_state_branches_without_changing_the_newer_one() -> None:
    states = _played(5, 40)
    old, newest = states[20], states[40]
    newest_json = newest.model_dump_json()
    seat = old.decision.seat  # type: ignore[union-attr]
    for action in caylus.legal_actions(old, seat):
        branch, _ = caylus.apply(old, action, seat)
        assert branch.turn >= old.turn
    assert newest.model_dump_json() == newest_json
    assert old.model_dump_json() == _played(5, 20)[20].model_dump_json()


def test_a_changed_field_of_an_engine_state_is_what_apply_plays_on() -> None:
    """A scenario changes a state the engine made: the next move plays on the changed state."""
    state = caylus.new_game(caylus.Options(players=2), caylus.Setup(seed=1))
    seat = state.decision.seat  # type: ignore[union-attr]
    assert "place castle" in [str(a) for a in caylus.legal_actions(state, seat)]
    state.players[seat].deniers = 0  # no denier: only passing is left
    assert [str(a) for a in caylus.legal_actions(state, seat)] == ["pass"]
    with pytest.raises(IllegalAction):
        caylus.apply(state, "place castle", seat)
    after, _ = caylus.apply(state, "pass", seat)
    assert after.players[seat].deniers == 1  # the first to pass takes 1 d (and had 0)


def test_a_set_field_of_an_engine_state_is_what_apply_plays_on() -> None:
    state = caylus.new_game(caylus.Options(players=3), caylus.Setup(seed=2))
    seat = state.decision.seat  # type: ignore[union-attr]
    state.provost = 9  # set, not read: the state no longer says what its game says
    after, _ = caylus.apply(state, "pass", seat)
    assert after.provost == 9


def test_engine_copies_are_independent() -> None:
    state = caylus.new_game(caylus.Options(players=3), caylus.Setup(seed=5))
    fast = FastGame.from_state(state)
    twin = fast.copy()
    rng = random.Random(1)
    for _ in range(150):
        twin.play(twin.options[rng.randrange(len(twin.options))])
    assert fast.to_state() == state
    assert [ACTIONS[c] for c in fast.options] == caylus.legal_actions(state, fast.seat)


def test_play_action_refuses_an_illegal_action() -> None:
    fast = FastGame.from_state(caylus.new_game(caylus.Options(players=2), caylus.Setup(seed=3)))
    with pytest.raises(ValueError):
        fast.play_action(caylus.parse("skip"))
    fast.play_action(caylus.parse("pass"))
    assert fast.seat != -1


def test_engine_states_read_in_another_thread_while_play_goes_on() -> None:
    """The renderer reads states in its own threads while the service plays the next move on
    the same game: each state still reads as its own position, never a half-played one."""
    expected = [state.model_dump_json() for state in _played(12, 150)]
    found: dict[int, str] = {}
    ready: queue.Queue[tuple[int, caylus.State] | None] = queue.Queue()

    def read() -> None:
        while (item := ready.get()) is not None:
            index, state = item
            found[index] = state.model_dump_json()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    reader = threading.Thread(target=read)
    reader.start()
    try:
        rng = random.Random(12)
        state = caylus.new_game(caylus.Options(players=4), caylus.Setup(seed=12))
        for index in range(150):
            ready.put((index, state))  # read while the next move is played on its game
            seat = state.decision.seat  # type: ignore[union-attr]
            legal = caylus.legal_actions(state, seat)
            state, _ = caylus.apply(state, legal[rng.randrange(len(legal))], seat)
    finally:
        ready.put(None)
        reader.join()
        sys.setswitchinterval(interval)
    assert [found[index] for index in range(150)] == expected[:150]


def test_a_state_read_whole_and_changed_in_place_is_what_apply_plays_on() -> None:
    """The store reads every state whole; a state read whole keeps the engine's game for the
    next move only while its fields are as they were given: a change deep inside one (a
    castle section, a seat's cubes) is seen."""
    states = _played(9, 60)
    state = states[-1]
    state.model_dump_json()  # read whole, as the store does
    seat = state.decision.seat  # type: ignore[union-attr]
    unchanged, _ = caylus.apply(state, caylus.legal_actions(state, seat)[0], seat)
    again = _played(9, 60)[-1]
    expected, _ = caylus.apply(again, caylus.legal_actions(again, seat)[0], seat)
    assert unchanged.model_dump_json() == expected.model_dump_json()
    other = caylus.legal_actions(state, seat)[-1]  # the same read state, another move
    branch_json = caylus.apply(state, other, seat)[0].model_dump_json()
    assert branch_json == caylus.apply(_played(9, 60)[-1], other, seat)[0].model_dump_json()
    # a placement, read whole, then changed deep inside: the next move plays on the change
    placing = next(
        s
        for s in _played(9, 200)
        if s.decision is not None
        and s.decision.kind == "place"
        and s.players[s.decision.seat].deniers >= 2
        and len(caylus.legal_actions(s, s.decision.seat)) > 1
    )
    placing.model_dump_json()
    seat = placing.decision.seat  # type: ignore[union-attr]
    placing.players[seat].deniers = 0
    assert [str(a) for a in caylus.legal_actions(placing, seat)] == ["pass"]
    branch = _played(10, 80)[-1]
    branch.model_dump_json()
    branch.castle[0].append(0)
    eager = FastGame.from_state(branch.model_copy()).to_state()
    assert branch == eager
    assert branch.castle[0][-1] == 0


def test_a_state_from_json_is_converted_once_for_legal_actions_and_apply(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The service loads a state from JSON, asks its legal actions, then applies one: the
    state is converted into the engine's game once, and again only once it was changed."""
    if COMPILED:  # a compiled class's methods cannot be replaced; CI's pure run checks this
        pytest.skip("counts conversions by patching FastGame, which only the pure build allows")
    state = caylus.state_from_json(_played(4, 30)[-1].model_dump_json())
    conversions: list[int] = []
    convert = FastGame.from_state.__func__  # type: ignore[attr-defined]

    def counted(cls: type[FastGame], s: caylus.State, events: object = None) -> FastGame:
        conversions.append(1)
        return convert(cls, s, events)  # type: ignore[no-any-return]

    monkeypatch.setattr(FastGame, "from_state", classmethod(counted))
    seat = state.decision.seat  # type: ignore[union-attr]
    legal = caylus.legal_actions(state, seat)
    caylus.apply(state, legal[-1], seat)
    caylus.legal_actions(state, seat)
    assert len(conversions) == 1
    state.players[seat].deniers += 5  # changed in place: converted again, the change played
    caylus.legal_actions(state, seat)
    assert len(conversions) == 2


class _Holder(BaseModel):
    """A model that holds a state, as a service value or a record might."""

    state: caylus.State


def test_a_lazy_state_inside_another_model_dumps_every_field() -> None:
    """pydantic dumps a nested model from its fields directly: a state the engine made and
    nobody read yet is still dumped whole, never as the few fields it shows at first."""
    state = _played(6, 50)[-1]
    expected = FastGame.from_state(_played(6, 50)[-1]).to_state().model_dump()
    holder = _Holder(state=state)
    assert holder.model_dump()["state"] == expected
    assert _Holder.model_validate_json(holder.model_dump_json()).state == state


def test_decisions_shared_between_states_are_frozen() -> None:
    """States waiting for the same thing share one Decision: changing it through one state is
    refused, so it can never change another state's."""
    first = caylus.new_game(caylus.Options(players=3), caylus.Setup(seed=4))
    second = caylus.new_game(caylus.Options(players=3), caylus.Setup(seed=4))
    assert first.decision is second.decision
    seat = second.decision.seat  # type: ignore[union-attr]
    with pytest.raises(ValidationError):
        first.decision.seat = seat + 1  # type: ignore[union-attr,misc]
    assert second.decision.seat == seat  # type: ignore[union-attr]
    changed = first.decision.model_copy(update={"seat": seat + 1})  # type: ignore[union-attr]
    assert changed.seat == seat + 1 and second.decision.seat == seat  # type: ignore[union-attr]


def _chain_growth_per_move(seed: int, moves: int) -> float:
    """Bytes a chain of states keeps per move when only its newest state is kept and each
    older one is read whole once after the next move (as the renderer reads the state before
    a move), measured between move 20 and the last."""
    rng = random.Random(seed)
    state = caylus.new_game(caylus.Options(players=4), caylus.Setup(seed=seed))
    for index in range(moves):
        if index == 20:
            gc.collect()
            start = tracemalloc.get_traced_memory()[0]
        seat = state.decision.seat  # type: ignore[union-attr]
        legal = caylus.legal_actions(state, seat)
        before = state
        state, _ = caylus.apply(state, legal[rng.randrange(len(legal))], seat)
        before.model_dump_json()
        del before
    gc.collect()
    return (tracemalloc.get_traced_memory()[0] - start) / (moves - 20)


def test_a_chain_of_states_keeps_no_dropped_state_alive() -> None:
    _chain_growth_per_move(7, 200)  # the same game once first: shared decisions, interning
    tracemalloc.start()
    try:
        per_move = _chain_growth_per_move(7, 200)
    finally:
        tracemalloc.stop()
    assert per_move < 100  # one move's code in the chain's list, not a state or a game


def test_setting_a_misspelt_field_of_a_state_is_refused() -> None:
    state = caylus.new_game(caylus.Options(players=3), caylus.Setup(seed=2))
    json_before = state.model_dump_json()
    with pytest.raises(ValueError, match="provots"):
        state.provots = 9  # type: ignore[attr-defined]
    assert state.model_dump_json() == json_before
    loaded = caylus.state_from_json(json_before)
    with pytest.raises(ValueError, match="bailif"):
        loaded.bailif = 9  # type: ignore[attr-defined]
    assert loaded.model_dump_json() == json_before
