"""The bot's path through the immutable Caylus API, made cheaper (docs/players.md, "Speed"):
legal_actions and apply on a state the engine made and nobody read whole take a compiled hot
path (engine/caylus/backing.py: apply_unread, legal_unread), and each new state copies the
fields its chain shows from the start. Every case the hot path declines (a state read whole or
from JSON, a hand-built action, a wrong seat, the game over) must end exactly where the checked
path ends."""

from __future__ import annotations

import random
import threading

import pytest

from engine import caylus
from engine.caylus.actions import Action
from engine.caylus.backing import HANDING_ON, apply_unread, legal_unread
from engine.errors import BadSetup, GameOver, IllegalAction, NotYourDecision


def _new(seed: int, players: int = 4) -> caylus.State:
    return caylus.new_game(caylus.Options(players=players), caylus.Setup(seed=seed))


def test_bot_path_hot_path_plays_what_the_checked_path_plays() -> None:
    """A whole random game played twice: on the engine's unread states (the hot path) and on
    the same positions read from JSON (the checked path). Every step offers the same actions
    and, for the same action, says the same events; every state reads back the same."""
    rng = random.Random(11)
    state = _new(11)
    read = caylus.state_from_json(_new(11).model_dump_json())
    states, expected = [state], [read.model_dump_json()]
    while not state.over:
        seat = state.decision.seat  # type: ignore[union-attr]
        assert legal_unread(state, seat) is not None  # the hot path answers
        assert legal_unread(state, (seat + 1) % 4) == []  # not that seat's decision
        assert legal_unread(read, seat) is None  # read whole: the checked path answers
        offered = caylus.legal_actions(state, seat)
        assert offered == caylus.legal_actions(read, seat)
        action = offered[rng.randrange(len(offered))]
        played, events = caylus.apply(state, action, seat)
        checked, checked_events = caylus.apply(read, action, seat)
        assert events == checked_events
        state = played
        read = caylus.state_from_json(checked.model_dump_json())
        states.append(state)
        expected.append(read.model_dump_json())
    assert len(states) > 150  # a whole game was played, not a few moves
    for index in range(0, len(states), 7):  # read after the game moved on: replayed
        assert states[index].model_dump_json() == expected[index]
    assert states[-1].model_dump_json() == expected[-1]


def test_bot_path_legal_actions_are_a_new_list_for_the_caller() -> None:
    state = _new(4)
    seat = state.decision.seat  # type: ignore[union-attr]
    first = caylus.legal_actions(state, seat)
    first.clear()
    again = caylus.legal_actions(state, seat)
    assert again and again is not first
    assert all(isinstance(action, Action) for action in again)


def test_bot_path_declines_to_the_checked_path_for_wrong_seat_and_game_over() -> None:
    state = _new(5)
    seat = state.decision.seat  # type: ignore[union-attr]
    action = caylus.legal_actions(state, seat)[0]
    other = (seat + 1) % 4
    assert apply_unread(state, action, other) is None
    with pytest.raises(NotYourDecision, match=f"waits for seat {seat}"):
        caylus.apply(state, action, other)
    assert apply_unread(state, "not an action object", None) is None
    over = state.model_copy(update={"over": True})
    with pytest.raises(GameOver):
        caylus.apply(over, action, seat)
    assert caylus.legal_actions(over, seat) == []


def test_bot_path_hand_built_and_typed_actions_play_like_the_interned_ones() -> None:
    """An action not interned (built by hand, or typed as text) is not found by the hot path
    and is played through its interned twin; an illegal one is refused with the reason."""
    state = _new(6)
    seat = state.decision.seat  # type: ignore[union-attr]
    interned = caylus.legal_actions(state, seat)[0]
    by_hand = Action.model_construct(verb=interned.verb, arg=interned.arg)
    assert by_hand is not interned
    assert apply_unread(state, by_hand, seat) is None
    expected, expected_events = caylus.apply(state, interned, seat)
    for action in (by_hand, str(interned)):
        played, events = caylus.apply(state, action, seat)
        assert played.model_dump_json() == expected.model_dump_json()
        assert events == expected_events
    with pytest.raises(IllegalAction):
        caylus.apply(state, caylus.parse("skip"), seat)  # not in placement


def test_bot_path_states_of_a_chain_show_their_own_decision() -> None:
    """The fields a chain's states show from the start are copied for each new state: one
    state's decision and `over` are its own, the options and setup shared."""
    rng = random.Random(7)
    state = _new(7)
    states = [state]
    for _ in range(40):
        seat = state.decision.seat  # type: ignore[union-attr]
        legal = caylus.legal_actions(state, seat)
        state, _ = caylus.apply(state, legal[rng.randrange(len(legal))], seat)
        states.append(state)
    decisions = [s.decision for s in states]
    shown = [s.__dict__ for s in states]
    assert len({id(fields) for fields in shown}) == len(states)
    assert all(s.options is states[0].options and s.setup is states[0].setup for s in states)
    for index in (0, 17, 40):  # read whole, each still shows the decision it was made with
        assert states[index].model_dump()["decision"] == decisions[index].model_dump()  # type: ignore[union-attr]


def _lock_is_free() -> bool:
    """Whether another thread (a renderer) can take the lock states are handed on under."""
    taken: list[bool] = []

    def take() -> None:
        taken.append(HANDING_ON.acquire(blocking=False))
        if taken[0]:
            HANDING_ON.release()

    thread = threading.Thread(target=take)
    thread.start()
    thread.join(timeout=5)
    return taken == [True]


def test_bot_path_lock_is_released_after_a_move_and_after_a_move_that_fails() -> None:
    """The lock a move is played under is released after every move, also when the move
    finds the state inconsistent (BadSetup): no reader waits for ever."""
    state = _new(2)
    seat = state.decision.seat  # type: ignore[union-attr]
    state, _ = caylus.apply(state, caylus.legal_actions(state, seat)[0], seat)
    assert _lock_is_free()
    seat = state.decision.seat  # type: ignore[union-attr]
    state.passed = [0, 1, 2, 3, 3]  # everyone passed, yet the list is longer than the table
    with pytest.raises(BadSetup, match="not consistent"):
        caylus.apply(state, "pass", seat)
    assert _lock_is_free()
