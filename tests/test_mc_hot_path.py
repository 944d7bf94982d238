"""Magna Carta's hot path keeps a few reads cached between calls (engine/magna_carta/play.py,
phases.py, rules.py, state.py): the last state's options, the free cards and free residences of
one set of road lists, the payable actions and prestige placements of a stock, the decisions and
pending decisions by kind and seat, the phase numbers of the last options. docs/architecture.md
("What compiling buys Magna Carta"). None may change an answer: these tests compare every cached
answer with the same question asked of a fresh copy of the state (new lists, so no cache knows
them), on random games of both rule sets, on both builds."""

from __future__ import annotations

import copy
import random

import pytest

import engine.magna_carta as mc
import engine.magna_carta.phases as phases
import engine.magna_carta.play as play


def _fresh(state: mc.State) -> mc.State:
    """A whole copy of `state`: every list new, so no cache of the engine holds any of them."""
    return copy.deepcopy(state)


def _cold_options(state: mc.State, seat: int) -> list[mc.Action]:
    """The options of `seat` computed from nothing: on a fresh copy, every cache emptied (the
    value-keyed ones too: the payable actions and prestige placements by stock)."""
    phases._PAYABLE.clear()
    phases._PRESTIGE_PLACES.clear()
    phases._PRESTIGE_ON.clear()
    play.forget_road("flipped")  # the free cards and the free residences
    return mc.legal_actions(_fresh(state), seat)


def _states(seed: int, players: int, variant: str) -> list[mc.State]:
    rng = random.Random(seed)
    state = mc.new_game(mc.Options(players=players, variant=variant), mc.Setup(seed=seed))
    states = [state]
    while not state.over:
        seat = mc.pending(state)[0].seat
        legal = mc.legal_actions(state, seat)
        state, _ = mc.apply(state, legal[rng.randrange(len(legal))], seat)
        states.append(state)
    return states


# seeds whose random games offer prestige buildings (most random games never do)
@pytest.mark.parametrize(
    ("players", "variant", "seed"), [(4, "standard", 25), (3, "standard", 20), (2, "beginner", 29)]
)
def test_mc_cached_option_lists_equal_those_of_a_fresh_copy(
    players: int, variant: str, seed: int
) -> None:
    """Every state of random games, asked again out of order (so the last-options cache, the
    free cards and the free residences are those of another state, the caches by stock full):
    the same options as computed from nothing, the same pending decisions as a fresh copy."""
    states = _states(seed, players, variant)
    order = list(range(len(states)))
    random.Random(5).shuffle(order)
    prestige = 0
    for index in order:
        state = states[index]
        fresh = _fresh(state)
        assert mc.pending(state) == mc.pending(fresh)
        for p in mc.pending(state):
            warm = mc.legal_actions(state, p.seat)
            assert warm == mc.legal_actions(fresh, p.seat), index
            assert warm == _cold_options(state, p.seat), index
            prestige += sum(1 for a in warm if a.verb == "prestige")
    assert prestige > 0  # the cache of prestige placements was read


def test_mc_apply_on_an_earlier_state_equals_apply_on_its_fresh_copy() -> None:
    """Branching from earlier states of a game (after later ones filled the caches): the same
    new state and the same events as the same move on a fresh copy; the earlier state itself
    unchanged."""
    states = _states(7, 4, "standard")
    rng = random.Random(11)
    for index in rng.sample(range(len(states) - 1), 60):
        state = states[index]
        before = state.model_dump_json()
        seat = mc.pending(state)[0].seat
        legal = mc.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        after, events = mc.apply(state, action, seat)
        fresh_after, fresh_events = mc.apply(_fresh(state), str(action), seat)
        assert after == fresh_after and after.model_dump_json() == fresh_after.model_dump_json()
        assert events == fresh_events
        assert state.model_dump_json() == before
        # and the options of the new state, computed in `apply`, match a fresh copy's
        for p in mc.pending(after):
            assert mc.legal_actions(after, p.seat) == mc.legal_actions(_fresh(after), p.seat)


def test_mc_decisions_and_pending_decisions_are_shared_values() -> None:
    """The decisions found by kind and seat (and by card and part) are one object per value,
    equal to a decision made anew; pending decisions likewise."""
    from engine.magna_carta.state import Decision, decision

    assert decision("action", 2) is decision("action", 2)
    assert decision("action", 2) == Decision("action", 2)
    assert decision("action", 2) is not decision("action", 1)
    assert decision("castle", 2) is not decision("action", 2)
    worker = decision("lawyer", 1, 5, "worker")
    assert worker is decision("lawyer", 1, 5, "worker") and worker == Decision(
        "lawyer", 1, 5, "worker"
    )
    assert worker is not decision("lawyer", 1, 5, "owner")
    state = mc.new_game(mc.Options(players=3), mc.Setup(seed=1))
    assert [p.seat for p in mc.pending(state)] == [0, 1, 2]
    assert mc.pending(state)[1] is mc.pending(_fresh(state))[1]
