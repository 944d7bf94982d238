"""Caylus Magna Carta registered as a `engine.protocol.Game` (see engine/__init__.py)."""

from __future__ import annotations

from random import Random
from typing import Any

import engine.magna_carta as mc
from engine.magna_carta.actions import Action
from engine.magna_carta.state import Options, Setup, State
from engine.magna_carta.view import View
from engine.protocol import Event, Outcome, PendingDecision


class MagnaCartaGame:
    """The Magna Carta rules behind `Game`: its features, and the functions of
    engine/magna_carta/ looked up when called; `view` is what one seat (or nobody: None) may
    see."""

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

    def new_game(self, options: Options | None = None, setup: Setup | None = None) -> State:
        return mc.new_game(options, setup)

    def pending(self, state: State) -> list[PendingDecision]:
        return mc.pending(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return mc.legal_actions(state, seat)

    def apply(
        self, state: State, action: Any, seat: int | None = None
    ) -> tuple[State, list[Event]]:
        return mc.apply(state, action, seat)

    def outcome(self, state: State) -> Outcome | None:
        return mc.outcome(state)

    def parse_action(self, text: str) -> Action:
        return mc.parse_action(text)

    def phases_in_turn(self, state: State) -> int:
        return mc.phases_in_turn(state)

    def revealed(self, before: State, after: State) -> str | None:
        return mc.revealed(before, after)

    def state_from_json(self, text: str | bytes) -> State:
        return mc.state_from_json(text)

    def choose_action(self, state: State, seat: int, rng: Random) -> Action:
        return mc.choose_action(state, seat, rng)

    def automated_action(
        self, state: State, seat: int, level: str, rng: Random, budget: Any = None
    ) -> Action:
        return mc.automated_action(state, seat, level, rng, budget)

    def default_action(self, state: State, seat: int | None = None) -> Action | None:
        return mc.default_action(state, seat)

    def view(self, state: State, seat: int | None) -> View:
        return mc.view(state, seat)

    def make_checker(self, start: State, level: str = "light") -> Any | None:
        return mc.make_checker(start, level)


GAME = MagnaCartaGame()
