"""Caylus Magna Carta registered as a `engine.protocol.Game` (see engine/__init__.py)."""

from __future__ import annotations

from typing import Any

import engine.magna_carta as mc
from engine.magna_carta.actions import Action
from engine.magna_carta.state import Options, Setup, State


class MagnaCartaGame:
    """The Magna Carta rules behind `Game`: the functions of engine/magna_carta/ and its
    features; `view` is what one seat (or nobody: None) may see."""

    name = mc.name
    min_players = mc.min_players
    max_players = mc.max_players
    phases_per_turn = mc.phases_per_turn
    hidden_information = mc.hidden_information
    chance_in_play = True  # cards are drawn and piles reshuffled during play
    LEVEL_SECONDS = mc.LEVEL_SECONDS
    State = State
    Action = Action
    Options = Options
    Setup = Setup

    new_game = staticmethod(mc.new_game)
    pending = staticmethod(mc.pending)
    legal_actions = staticmethod(mc.legal_actions)
    apply = staticmethod(mc.apply)
    outcome = staticmethod(mc.outcome)
    parse_action = staticmethod(mc.parse_action)
    phases_in_turn = staticmethod(mc.phases_in_turn)
    revealed = staticmethod(mc.revealed)
    state_from_json = staticmethod(mc.state_from_json)
    choose_action = staticmethod(mc.choose_action)
    automated_action = staticmethod(mc.automated_action)
    default_action = staticmethod(mc.default_action)
    view = staticmethod(mc.view)

    def make_checker(self, start: Any, level: str = "light") -> Any | None:
        return mc.make_checker(start, level)


GAME = MagnaCartaGame()
