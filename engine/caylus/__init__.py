"""Caylus (William Attia, Ystari 2005): the rules engine. See ../../docs/notation.md."""

from __future__ import annotations

from engine.caylus.actions import Action, parse
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

name = "caylus"
min_players = 2
max_players = 5
phases_per_turn = 7


def phases_in_turn(state: State) -> int:
    """Phases in a turn (all seven, in every variant)."""
    return phases_per_turn


def parse_action(text: str) -> Action:
    return parse(text)


def state_from_json(text: str | bytes) -> State:
    return State.model_validate_json(text)


__all__ = [
    "Action",
    "Decision",
    "Options",
    "Player",
    "Setup",
    "State",
    "apply",
    "choose_action",
    "default_action",
    "legal_actions",
    "new_game",
    "outcome",
    "parse",
    "parse_action",
    "pending",
    "phases_in_turn",
    "state_from_json",
]
