"""Caylus registered as a `engine.protocol.Game` (see engine/__init__.py)."""

from __future__ import annotations

from typing import Any

import engine.caylus as caylus
from engine.caylus.actions import Action
from engine.caylus.state import Options, Setup, State


class CaylusGame:
    """The Caylus rules behind `Game`: the functions of engine/caylus/ and its features."""

    name = caylus.name
    min_players = caylus.min_players
    max_players = caylus.max_players
    phases_per_turn = caylus.phases_per_turn
    hidden_information = caylus.hidden_information
    # chance only at the setup (the neutral tiles, the turn order): every move after that is open
    chance_in_play = False
    LEVEL_SECONDS = caylus.LEVEL_SECONDS
    State = State
    Action = Action
    Options = Options
    Setup = Setup

    new_game = staticmethod(caylus.new_game)
    pending = staticmethod(caylus.pending)
    legal_actions = staticmethod(caylus.legal_actions)
    apply = staticmethod(caylus.apply)
    outcome = staticmethod(caylus.outcome)
    parse_action = staticmethod(caylus.parse_action)
    phases_in_turn = staticmethod(caylus.phases_in_turn)
    revealed = staticmethod(caylus.revealed)
    state_from_json = staticmethod(caylus.state_from_json)
    choose_action = staticmethod(caylus.choose_action)
    automated_action = staticmethod(caylus.automated_action)
    default_action = staticmethod(caylus.default_action)

    def make_checker(self, start: Any, level: str = "light") -> Any | None:
        return None  # the shared checker (engine/conformance.py) is Caylus's


GAME = CaylusGame()
