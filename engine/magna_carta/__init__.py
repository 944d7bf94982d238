"""Caylus Magna Carta (William Attia, Ystari 2007): the rules engine, beginner and standard
rules. See docs/magna-carta-notation.md, docs/magna-carta-record.md and
docs/magna-carta-rules-choices.md."""

from __future__ import annotations

from pydantic import ValidationError

from engine.compiled import package_path

# the compiled core modules, when built from these sources, load ahead of them (engine/compiled.py)
__path__ = package_path(__name__, __path__)

import engine.magna_carta.catalogue as cat
from engine.errors import BadState, validation_reason
from engine.magna_carta.actions import Action, parse
from engine.magna_carta.ai import LEVEL_SECONDS, automated_action
from engine.magna_carta.conformance import GameChecker
from engine.magna_carta.phases import new_game
from engine.magna_carta.player import choose_action
from engine.magna_carta.rules import (
    apply,
    deciding_seats,
    default_action,
    legal_actions,
    outcome,
    pending,
    score_breakdown,
)
from engine.magna_carta.state import Decision, Options, Player, Setup, State
from engine.magna_carta.validate import validate_state
from engine.magna_carta.view import View, view

name = "magna-carta"
hidden_information = True  # hands and draw piles: a running game's record is private
min_players = 2
max_players = 4
phases_per_turn = 6  # standard rules; the beginner rules have 5 (state.phase numbers per rule set)


def phases_in_turn(state: State) -> int:
    """Phases in a round of this game's rule set (beginner 5, standard 6)."""
    return cat.PHASES_PER_ROUND[state.options.variant]


parse_action = parse  # the Game protocol's name for it


def state_from_json(text: str | bytes) -> State:
    """The state in `text`; BadState (also a ValueError) says why it is malformed or not
    consistent (see engine/magna_carta/validate.py), so a state read this way is one the rules
    can play on."""
    if not isinstance(text, str | bytes | bytearray):
        raise BadState("A game state is JSON text.")
    try:
        state = State.model_validate_json(text)
    except ValidationError as error:
        raise BadState(
            f"This is not a Magna Carta game state: {validation_reason(error)}."
        ) from None
    validate_state(state)
    return state


def revealed(before: State, after: State) -> str | None:
    """What the play from `before` to `after` showed that nobody knew: "card" (a card left a
    draw pile, into a hand), "reshuffle" (a discard pile became a new draw pile in a new order),
    "hand" (a card left a hand, so the others saw it), or None. A move that revealed something
    cannot be taken back (the bot's undo)."""
    for old, new in zip(before.players, after.players, strict=True):
        if new.shuffles != old.shuffles:
            return "reshuffle"
        if len(new.deck) < len(old.deck):
            return "card"
        if any(card not in new.hand for card in old.hand) or len(new.hand) < len(old.hand):
            return "hand"  # a card left a hand face up (built, discarded): everyone saw it
    return None


def make_checker(start: State, level: str = "light") -> GameChecker:
    """The invariant checker of `caylus simulate` and the conformance tests for this game."""
    return GameChecker(start, level)


__all__ = [
    "LEVEL_SECONDS",
    "Action",
    "Decision",
    "Options",
    "Player",
    "Setup",
    "State",
    "View",
    "apply",
    "automated_action",
    "choose_action",
    "deciding_seats",
    "default_action",
    "legal_actions",
    "make_checker",
    "new_game",
    "outcome",
    "parse",
    "parse_action",
    "pending",
    "phases_in_turn",
    "revealed",
    "score_breakdown",
    "state_from_json",
    "validate_state",
    "view",
]
