"""Caylus Magna Carta registered as a `engine.protocol.Game` (see engine/__init__.py)."""

from __future__ import annotations

from random import Random
from typing import Any

import engine.magna_carta as mc
from engine.magna_carta.view import View
from engine.protocol import Checker, Event, Outcome, PendingDecision


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
    State = mc.State
    Action = mc.Action
    Options = mc.Options
    Setup = mc.Setup

    def new_game(
        self, options: mc.Options | None = None, setup: mc.Setup | None = None
    ) -> mc.State:
        return mc.new_game(options, setup)

    def pending(self, state: mc.State) -> list[PendingDecision]:
        return mc.pending(state)

    def legal_actions(self, state: mc.State, seat: int) -> list[mc.Action]:
        return mc.legal_actions(state, seat)

    def apply(
        self, state: mc.State, action: Any, seat: int | None = None
    ) -> tuple[mc.State, list[Event]]:
        return mc.apply(state, action, seat)

    def outcome(self, state: mc.State) -> Outcome | None:
        return mc.outcome(state)

    def parse_action(self, text: str) -> mc.Action:
        return mc.parse_action(text)

    def phases_in_turn(self, state: mc.State) -> int:
        return mc.phases_in_turn(state)

    def revealed(self, before: mc.State, after: mc.State) -> str | None:
        return mc.revealed(before, after)

    def state_from_json(self, text: str | bytes) -> mc.State:
        return mc.state_from_json(text)

    def choose_action(self, state: mc.State, seat: int, rng: Random) -> mc.Action:
        return mc.choose_action(state, seat, rng)

    def automated_action(
        self, state: mc.State, seat: int, level: str, rng: Random, budget: Any = None
    ) -> mc.Action:
        return mc.automated_action(state, seat, level, rng, budget)

    def default_action(self, state: mc.State, seat: int | None = None) -> mc.Action | None:
        return mc.default_action(state, seat)

    def view(self, state: mc.State, seat: int | None) -> View:
        return mc.view(state, seat)

    def make_checker(self, start: mc.State, level: str = "light") -> Checker:
        return mc.make_checker(start, level)


GAME = MagnaCartaGame()
