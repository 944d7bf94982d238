"""The events of each phase, kept until they are told (the words are each game's: bot/games/).

Each event carries the turn and phase it happened in (stamped by the engine). `Chronicle`
keeps, per game, the state and the events of the phases not yet told; it follows the game move
by move and rebuilds itself from the game record when it missed moves (after a restart).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from bot.service.results import Move
from engine.protocol import Event, Game, GameState


@dataclass(slots=True)
class Told:
    turn: int
    phase: int
    event: Event


def attribute(events: list[Event] | tuple[Event, ...], turn: int, phase: int) -> list[Told]:
    """(turn, phase) for each event of one action taken in (turn, phase).

    The engine stamps each event with the turn and phase it happened in; events without a
    stamp (turn 0) are filed under the phase the action was taken in.
    """
    return [Told(e.turn or turn, e.phase or phase, e) for e in events if e.kind != "turn"]


@dataclass(slots=True)
class Chronicle:
    seq: int  # actions applied so far
    state: GameState
    told: list[Told] = field(default_factory=list)

    def follow(self, game: Game, moves: Iterable[Move]) -> None:
        """Apply the moves (service `Move`s, in order) and keep their events by phase."""
        for move in moves:
            turn, phase = self.state.turn, self.state.phase
            self.state, _ = game.apply(self.state, move.action, move.seat)
            events = list(move.events)
            if move.planned and events:
                # a move played from the player's plan says so, where it is told
                first = events[0]
                events[0] = replace(first, data={**(first.data or {}), "planned": True})
            self.told.extend(attribute(events, turn, phase))
            self.seq = move.seq

    def take(self, phases: list[tuple[int, int]]) -> dict[tuple[int, int], list[Event]]:
        """The events of these (turn, phase)s, forgotten afterwards (older ones too)."""
        wanted = set(phases)
        out: dict[tuple[int, int], list[Event]] = {p: [] for p in phases}
        last = max(phases) if phases else (0, 0)
        keep = []
        for told in self.told:
            key = (told.turn, told.phase)
            if key in wanted:
                out[key].append(told.event)
            elif key > last:
                keep.append(told)
        self.told = keep
        return out

    def so_far(self, turn: int, phase: int) -> list[Event]:
        """The events of the phase still going on, told now (a favor's prompt follows them) and
        kept: the account at the end of the phase tells the whole phase and replaces the
        message that told it so far."""
        return [x.event for x in self.told if (x.turn, x.phase) == (turn, phase)]


def rebuild(
    game: Game,
    options: dict,
    setup: dict,
    actions: list[str],
    seats: list[int],
    upto_phase: tuple[int, int] | None = None,
) -> Chronicle:
    """Replay a game record, keeping the events of the current (not yet told) phases."""
    state = game.new_game(game.Options(**options), game.Setup(**setup))
    chronicle = Chronicle(seq=0, state=state)
    for index, action in enumerate(actions):
        turn, phase = state.turn, state.phase
        state, events = game.apply(state, action, seats[index] if seats else None)
        chronicle.told.extend(attribute(events, turn, phase))
    chronicle.state, chronicle.seq = state, len(actions)
    if upto_phase is not None:
        chronicle.told = [x for x in chronicle.told if (x.turn, x.phase) >= upto_phase]
    return chronicle


def since(
    game: Game,
    options: dict,
    setup: dict,
    actions: list[str],
    seats: list[int],
    after: int,
) -> tuple[Any, Any, list[Told]]:
    """Replay a game record: the state after its first `after` actions, the state now, and the
    events of the actions since (a player's catch-up: what happened since their last move)."""
    state = game.new_game(game.Options(**options), game.Setup(**setup))
    before, told = state, []
    for index, action in enumerate(actions):
        if index == after:
            before = state
        turn, phase = state.turn, state.phase
        state, events = game.apply(state, action, seats[index] if seats else None)
        if index >= after:
            told.extend(attribute(events, turn, phase))
    if after >= len(actions):
        before = state
    return before, state, told
