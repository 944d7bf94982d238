"""Caylus registered as a `engine.protocol.Game` (see engine/__init__.py)."""

from __future__ import annotations

from random import Random

import engine.caylus as caylus
from engine.caylus.actions import Action as CaylusAction
from engine.caylus.state import Options as CaylusOptions
from engine.caylus.state import Setup as CaylusSetup
from engine.caylus.state import State as CaylusState
from engine.players import Budget
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
    State = CaylusState
    Action = CaylusAction
    Options = CaylusOptions
    Setup = CaylusSetup

    def new_game(
        self, options: CaylusOptions | None = None, setup: CaylusSetup | None = None
    ) -> CaylusState:
        return caylus.new_game(options, setup)

    def pending(self, state: CaylusState) -> list[PendingDecision]:
        return caylus.pending(state)

    def legal_actions(self, state: CaylusState, seat: int) -> list[CaylusAction]:
        return caylus.legal_actions(state, seat)

    def apply(
        self, state: CaylusState, action: CaylusAction | str, seat: int | None = None
    ) -> tuple[CaylusState, list[Event]]:
        return caylus.apply(state, action, seat)

    def outcome(self, state: CaylusState) -> Outcome | None:
        return caylus.outcome(state)

    def parse_action(self, text: str) -> CaylusAction:
        return caylus.parse_action(text)

    def phases_in_turn(self, state: CaylusState) -> int:
        return caylus.phases_in_turn(state)

    def revealed(self, before: CaylusState, after: CaylusState) -> str | None:
        return caylus.revealed(before, after)

    def state_from_json(self, text: str | bytes) -> CaylusState:
        return caylus.state_from_json(text)

    def choose_action(self, state: CaylusState, seat: int, rng: Random) -> CaylusAction:
        return caylus.choose_action(state, seat, rng)

    def automated_action(
        self, state: CaylusState, seat: int, level: str, rng: Random, budget: Budget | None = None
    ) -> CaylusAction:
        return caylus.automated_action(state, seat, level, rng, budget)

    def default_action(self, state: CaylusState, seat: int | None = None) -> CaylusAction | None:
        return caylus.default_action(state, seat)

    def make_checker(self, start: CaylusState, level: str = "light") -> None:
        return None  # the shared checker (engine/conformance.py) is Caylus's


GAME = CaylusGame()
