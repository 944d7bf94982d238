"""Caylus (William Attia, Ystari 2005): the rules engine. See ../../docs/notation.md."""

from __future__ import annotations

from pydantic import ValidationError

from engine.compiled import package_path

# the compiled core modules, when built from these sources, load ahead of them (engine/compiled.py)
__path__ = package_path(__name__, __path__)

import engine.caylus.catalogue as cat
from engine.caylus.actions import Action, parse
from engine.caylus.ai import LEVEL_SECONDS, automated_action
from engine.caylus.player import choose_action
from engine.caylus.rules import (
    apply,
    default_action,
    legal_actions,
    new_game,
    outcome,
    pending,
)
from engine.caylus.state import Decision, Options, Player, Setup, State
from engine.caylus.validate import validate_state
from engine.errors import BadState, validation_reason

name = "caylus"
hidden_information = False  # every player sees the whole state (the record is public)
min_players = cat.MIN_PLAYERS
max_players = cat.MAX_PLAYERS
phases_per_turn = 7


def phases_in_turn(state: State) -> int:
    """Phases in a turn (all seven, in every variant)."""
    return phases_per_turn


def parse_action(text: str) -> Action:
    return parse(text)


def revealed(before: State, after: State) -> str | None:
    """What the play from `before` to `after` showed that nobody knew: always None in Caylus,
    whose only chance (the neutral tiles and the turn order) is drawn at the setup; every move
    after that is open information, so any move may be taken back while nobody else moved."""
    return None


def state_from_json(text: str | bytes) -> State:
    """The state in `text`; BadState (also a ValueError) says why it is malformed or not
    consistent (see validate_state), so a state read this way is one the rules can play on."""
    if not isinstance(text, str | bytes | bytearray):
        raise BadState("A game state is JSON text.")
    try:
        state = State.model_validate_json(text)
    except ValidationError as error:
        raise BadState(f"This is not a Caylus game state: {validation_reason(error)}.") from None
    validate_state(state)
    return state


__all__ = [
    "LEVEL_SECONDS",
    "Action",
    "Decision",
    "Options",
    "Player",
    "Setup",
    "State",
    "apply",
    "automated_action",
    "choose_action",
    "default_action",
    "legal_actions",
    "new_game",
    "outcome",
    "parse",
    "parse_action",
    "pending",
    "phases_in_turn",
    "revealed",
    "state_from_json",
    "validate_state",
]
