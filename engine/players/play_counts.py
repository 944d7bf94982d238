"""What `caylus arena` counts of how each level plays Caylus, beside who wins: the castle
sections scored without a house of the seat (each a penalty of 2, 3 or 4 PP) and the workers a
seat placed per turn (docs/players.md, "Measuring them")."""

from __future__ import annotations

from typing import Any

CAYLUS = "caylus"


class PlayCounts:
    """Per level: workers placed, turns played and section penalties taken, over the games of a
    run (Caylus only: Magna Carta has neither)."""

    def __init__(self, game_name: str, levels: list[str]) -> None:
        self.counting = game_name == CAYLUS
        self.placed = dict.fromkeys(levels, 0)
        self.seat_turns = dict.fromkeys(levels, 0)
        self.penalties = dict.fromkeys(levels, 0)
        self.seat_games = dict.fromkeys(levels, 0)

    def decided(self, state: Any, action: Any, level: str) -> None:
        """Count `action`, about to be played on `state` by a seat of `level`."""
        decision = state.decision
        if self.counting and decision is not None and decision.kind == "place":
            self.placed[level] += action.verb == "place"  # a pass places nobody

    def finished(self, state: Any, seated: list[str]) -> None:
        """Count a finished game, `seated[seat]` the level of each seat: every section is
        scored by the end, so a section without a house of the seat was a penalty."""
        if not self.counting:
            return
        for seat, level in enumerate(seated):
            self.seat_games[level] += 1
            self.seat_turns[level] += state.turn
            self.penalties[level] += sum(seat not in houses for houses in state.castle)

    def report(self, level: str) -> dict[str, float]:
        """`penalties_per_game` and `workers_per_turn` of `level` (nothing for Magna Carta)."""
        if not self.counting or not self.seat_games[level]:
            return {}
        return {
            "penalties_per_game": round(self.penalties[level] / self.seat_games[level], 3),
            "workers_per_turn": round(self.placed[level] / max(self.seat_turns[level], 1), 2),
        }
