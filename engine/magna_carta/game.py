"""Caylus Magna Carta registered as a `engine.protocol.Game` (see engine/__init__.py)."""

from __future__ import annotations

import engine.magna_carta as mc


class MagnaCartaGame:
    """The Magna Carta rules behind `Game`: its features, and the functions of
    engine/magna_carta/; `view` is what one seat (or nobody: None) may see."""

    name = mc.name
    min_players = mc.min_players
    max_players = mc.max_players
    phases_per_turn = mc.phases_per_turn
    hidden_information = mc.hidden_information
    chance_in_play = True  # cards are drawn and piles reshuffled during play
    LEVEL_SECONDS = mc.LEVEL_SECONDS
    State = mc.State
    Action = mc.Action
    Options = mc.Options
    Setup = mc.Setup

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
    make_checker = staticmethod(mc.make_checker)


GAME = MagnaCartaGame()
