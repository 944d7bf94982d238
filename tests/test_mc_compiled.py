"""Magna Carta's rules core runs compiled (mypyc) like Caylus's, from the same source as the pure
build (engine/compiled.py; docs/architecture.md "The engine's core runs compiled or as pure
Python"). These tests pass on both builds: `.ci/run` runs them on each."""

from __future__ import annotations

import copy
import random
import sysconfig

import pytest

import engine.compiled as compiled
import engine.magna_carta as mc
import engine.magna_carta.models as models
import engine.magna_carta.state as state_module
from engine.errors import IllegalAction, MalformedAction, NotYourDecision
from tests.mc_helpers import game, keep_all

SUFFIX = str(sysconfig.get_config_var("EXT_SUFFIX"))
# the modules the engine compiles for Magna Carta; the boundary (actions, validate, the package)
# stays Python so that hostile input meets the engine's own errors
MC_CORE = [m for m in compiled.CORE_MODULES if m.startswith("engine.magna_carta.")]


def test_mc_rules_core_is_in_the_compiled_modules() -> None:
    for needed in ("state", "play", "phases", "activation", "rules", "catalogue"):
        assert f"engine.magna_carta.{needed}" in MC_CORE
    # pydantic models cannot be compiled: they live in a module of their own, which stays Python
    assert "engine.magna_carta.models" not in compiled.CORE_MODULES
    assert "engine.magna_carta.actions" not in compiled.CORE_MODULES


def test_mc_core_modules_load_from_the_build_that_runs() -> None:
    import importlib

    for name in MC_CORE:
        module = importlib.import_module(name)
        assert module.__file__ is not None
        assert module.__file__.endswith(SUFFIX) == compiled.COMPILED, name


def test_mc_pydantic_models_are_importable_where_they_were() -> None:
    """The JSON's models moved to models.py; every public name is still where callers found it."""
    for name in (
        "Options",
        "Setup",
        "PlayerModel",
        "RoadCardModel",
        "DecisionModel",
        "StateModel",
        "CUBE_KEYS",
        "TOKEN_KEYS",
        "DECISION_KINDS",
    ):
        assert getattr(state_module, name) is getattr(models, name)
    assert mc.Options is models.Options and mc.Setup is models.Setup


def test_mc_state_copy_and_json_round_trip_on_this_build() -> None:
    s = game(seed=3)
    rng = random.Random(3)
    for _ in range(60):
        seat = mc.pending(s)[0].seat
        options = mc.legal_actions(s, seat)
        s, _ = mc.apply(s, options[rng.randrange(len(options))], seat)
    copied = s.copy()
    assert copied == s and copied is not s
    assert all(getattr(copied, k) is getattr(s, k) for k in state_module.STATE_FIELDS)
    assert mc.state_from_json(s.model_dump_json()) == s
    first = s.players[0]
    assert first.clone() == first and first.clone().cubes is not first.cubes
    assert set(first.dump()) == set(state_module.PLAYER_FIELDS)


def test_mc_state_deep_copies_on_this_build() -> None:
    """copy.deepcopy and copy.copy work on a compiled state as on a pure one (a compiled
    class is not rebuilt field by field: the state says how)."""
    s = game(seed=4)
    rng = random.Random(4)
    for _ in range(40):
        seat = mc.pending(s)[0].seat
        options = mc.legal_actions(s, seat)
        s, _ = mc.apply(s, options[rng.randrange(len(options))], seat)
    deep = copy.deepcopy(s)
    assert deep == s and deep is not s
    assert deep.players[0] is not s.players[0] and deep.road is not s.road
    deep.players[0].hand.append("x")
    assert s.players[0].hand != deep.players[0].hand
    assert copy.copy(s) == s
    player = copy.deepcopy(s.players[1])
    assert player == s.players[1] and player.deck is not s.players[1].deck


@pytest.mark.parametrize("seat", [None, "0", 1.0, True, -1, 99, [0]])
def test_mc_hostile_seat_gets_the_engines_own_error_compiled_or_not(seat: object) -> None:
    """A compiled function raises TypeError for an argument of the wrong type; the public API
    takes the seat as Any and checks it, so both builds answer the same."""
    s = keep_all(game(seed=5))  # past the opening hands, to seat 0's action
    assert mc.legal_actions(s, seat) == []
    if seat is None:  # None means: the seat the game waits for
        assert mc.default_action(s, seat) == mc.Action.of("pass")
        assert mc.apply(s, "pass", seat)[0].passed == [0]
        return
    assert mc.default_action(s, seat) is None
    with pytest.raises(NotYourDecision):
        mc.apply(s, "pass", seat)


def test_mc_hand_built_action_is_refused_with_the_engines_error_on_this_build() -> None:
    s = keep_all(game(seed=5))
    for odd in (
        mc.Action.model_construct(verb="place", arg="99"),  # off the road
        mc.Action.model_construct(verb="place", arg=7),  # a field of the wrong type
        mc.Action.model_construct(verb=None, arg=""),
        object(),
    ):
        with pytest.raises(MalformedAction):
            mc.apply(s, odd)
    with pytest.raises(IllegalAction):  # well formed, but not a move of this moment
        mc.apply(s, mc.Action.model_construct(verb="provost", arg="+1"))
