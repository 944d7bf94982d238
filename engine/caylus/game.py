"""Caylus registered as a `engine.protocol.Game` (see engine/__init__.py)."""

from __future__ import annotations

from random import Random
from typing import Any

import engine.caylus as caylus
from engine.caylus.actions import Action
from engine.caylus.state import Options, Setup, State
from engine.protocol import Event, Outcome, PendingDecision


class CaylusGame:
    """The Caylus rules behind `Game`: its features, and the functions of engine/caylus/ looked
    up when called (so a test that replaces one in the module replaces it here too)."""

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

    def new_game(self, options: Options | None = None, setup: Setup | None = None) -> State:
        return caylus.new_game(options, setup)

    def pending(self, state: State) -> list[PendingDecision]:
        return caylus.pending(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return caylus.legal_actions(state, seat)

    def apply(
        self, state: State, action: Any, seat: int | None = None
    ) -> tuple[State, list[Event]]:
        return caylus.apply(state, action, seat)

    def outcome(self, state: State) -> Outcome | None:
        return caylus.outcome(state)

    def parse_action(self, text: str) -> Action:
        return caylus.parse_action(text)

    def phases_in_turn(self, state: State) -> int:
        return caylus.phases_in_turn(state)

    def revealed(self, before: State, after: State) -> str | None:
        return caylus.revealed(before, after)

    def state_from_json(self, text: str | bytes) -> State:
        return caylus.state_from_json(text)

    def choose_action(self, state: State, seat: int, rng: Random) -> Action:
        return caylus.choose_action(state, seat, rng)

    def automated_action(
        self, state: State, seat: int, level: str, rng: Random, budget: Any = None
    ) -> Action:
        return caylus.automated_action(state, seat, level, rng, budget)

    def default_action(self, state: State, seat: int | None = None) -> Action | None:
        return caylus.default_action(state, seat)

    def make_checker(self, start: State, level: str = "light") -> Any | None:
        return None  # the shared checker (engine/conformance.py) is Caylus's


GAME = CaylusGame()
