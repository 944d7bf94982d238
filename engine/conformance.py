"""Invariants checked after every action of random games (`caylus simulate`, conformance tests).

light: no negative stock; workers conserved; a decision with legal actions unless the game is
       over; prestige equals the sum of the prestige the events granted.
full:  also that apply left the old state untouched, a lossless JSON round trip, and replay:
       the action re-parsed from its notation and applied to the state re-read from JSON gives
       the same state (so replaying the log step by step reproduces every state), every tenth
       state consistent by state_from_json's checks, plus a whole replay of the record at the end.
"""

from __future__ import annotations

from typing import Any

from engine import get_game
from engine.errors import EngineError
from engine.protocol import Checker, Event
from engine.record import record_for, replay

WORKERS = 6
# full level: every this-many-th state is also read back with state_from_json, which checks its
# consistency (validate_state); every state would double the cost of the check.
CONSISTENCY_EVERY = 10


def workers_on_board(state: Any, seat: int) -> int:
    count: int = sum(1 for w in state.workers if w == seat)
    count += sum(1 for w in state.specials.values() if w == seat)
    count += state.stables.count(seat) + state.castle_workers.count(seat)
    count += (state.inn_left == seat) + (state.inn_right == seat)
    return count


def light_violations(state: Any) -> list[str]:
    problems = []
    for seat, p in enumerate(state.players):
        if p.deniers < 0 or p.prestige < 0 or min(p.cubes.values()) < 0:
            problems.append(f"seat {seat} has a negative stock: {p}")
        if p.workers + workers_on_board(state, seat) != WORKERS:
            problems.append(
                f"seat {seat}: {p.workers} in hand + "
                f"{workers_on_board(state, seat)} on the board != {WORKERS}"
            )
    if min(state.stock.values(), default=0) < 0:
        problems.append(f"negative tile stock: {state.stock}")
    if not state.over:
        game = get_game(state.game)
        pending = game.pending(state)
        if not pending or not game.legal_actions(state, pending[0].seat):
            problems.append("the game is not over but nobody can act")
    return problems


def checker_for(start: Any, level: str = "light") -> Checker:
    """The invariant checker of `start`'s game: its own (`Game.make_checker`) or the Caylus one
    below. Either has `after(before, action, after, events)` and `at_end`."""
    own = get_game(start.game).make_checker(start, level)
    return own if own is not None else GameChecker(start, level)


class GameChecker:
    def __init__(self, start: Any, level: str = "light") -> None:
        self.level = level
        self.game = get_game(start.game)
        self.start = start
        self.actions: list[str] = []
        self.granted = [p.prestige for p in start.players]
        self.last_json = start.model_dump_json() if level == "full" else ""

    def after(self, before: Any, action: Any, after: Any, events: list[Event]) -> list[str]:
        where = f"game {before.setup.seed} action {len(self.actions)} '{action}'"
        self.actions.append(str(action))
        for e in events:
            if e.pp and e.seat is not None:
                self.granted[e.seat] += e.pp
        problems = [f"{where}: {p}" for p in light_violations(after)]
        actual = [p.prestige for p in after.players]
        if actual != self.granted:
            problems.append(f"{where}: prestige {actual} != granted by events {self.granted}")
            self.granted = actual
        if self.level == "full":
            if before.model_dump_json() != self.last_json:
                problems.append(f"{where}: apply changed the state it was given")
            self.last_json = after.model_dump_json()
            copy = self.game.State.model_validate_json(self.last_json)
            if copy != after:
                problems.append(f"{where}: JSON round trip changed the state")
            if len(self.actions) % CONSISTENCY_EVERY == 0:
                try:  # state_from_json also checks that the state is consistent
                    self.game.state_from_json(self.last_json)
                except EngineError as error:
                    problems.append(f"{where}: the state is not consistent: {error}")
            again, _ = self.game.apply(
                self.game.State.model_validate_json(before.model_dump_json()),
                self.game.parse_action(str(action)),
            )
            if again != after:
                problems.append(f"{where}: re-applying the notation gives another state")
        return problems

    def at_end(self, final: Any) -> list[str]:
        problems = []
        if not final.over:
            problems.append(f"game {final.setup.seed} did not end")
        outcome = self.game.outcome(final)
        if final.over and outcome is None:
            problems.append(f"game {final.setup.seed}: over without an outcome")
        if self.level == "full":
            result = replay(record_for(self.start, self.actions))
            if not result.ok or result.state != final:
                problems.append(
                    f"game {final.setup.seed}: replaying the record differs ({result.failure})"
                )
        return problems
