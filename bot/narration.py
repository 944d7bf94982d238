"""The account of each phase, from the engine's events.

Each event carries the turn and phase it happened in (stamped by the engine). `Chronicle`
keeps, per game, the state and the events of the phases not yet told; it follows the game move
by move and rebuilds itself from the game record when it missed moves (after a restart).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot import text as t
from engine.protocol import Event

MAX_LINES_PER_PHASE = 12


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
    state: Any
    told: list[Told] = field(default_factory=list)

    def follow(self, game: Any, moves: Any) -> None:
        """Apply the moves (service `Move`s, in order) and keep their events by phase."""
        for move in moves:
            turn, phase = self.state.turn, self.state.phase
            self.state, _ = game.apply(self.state, move.action, move.seat)
            self.told.extend(attribute(move.events, turn, phase))
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

    def take_phase(self, turn: int, phase: int) -> list[Event]:
        """The events of the phase still going on, told now (a favor's prompt follows them):
        the account at the end of the phase has the rest."""
        out = [x.event for x in self.told if (x.turn, x.phase) == (turn, phase)]
        self.told = [x for x in self.told if (x.turn, x.phase) != (turn, phase)]
        return out


def rebuild(
    game: Any,
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


def account(
    turn: int, phase: int, events: list[Event], names: list[str], so_far: bool = False
) -> str:
    """A short account of one phase: a header line and one line per event (capped).
    `so_far`: the phase is still going on (the account of its first part)."""
    header = t.PHASE_HEADER_SO_FAR if so_far else t.PHASE_HEADER
    lines = [header.format(turn=turn, phase=phase, name=t.PHASE_NAMES[phase - 1])]
    sentences = [_line(e, names) for e in events if _worth_telling(e)]
    sentences = [s for s in sentences if s]
    if not sentences:
        return ""
    merged = _merge_prestige(sentences)
    shown = merged[:MAX_LINES_PER_PHASE]
    lines.extend(f"• {s}" for s in shown)
    if len(merged) > len(shown):
        lines.append("• " + t.MORE_LINES.format(count=len(merged) - len(shown)))
    return "\n".join(lines)


def _worth_telling(event: Event) -> bool:
    if event.kind == "phase":
        return False
    # "loses 0 PP": a penalty that found nothing to take
    return not (event.kind == "prestige" and event.pp == 0 and "loses" in event.text)


def _line(event: Event, names: list[str]) -> str:
    sentence = event.render(names).strip()
    if not sentence:
        return ""
    return sentence[0].upper() + sentence[1:]


def _merge_prestige(lines: list[str]) -> list[str]:
    """'X builds ...' followed by 'X gains 2 PP (building ...)' reads as one line."""
    out: list[str] = []
    for line in lines:
        if out and " gains " in line and "PP (" in line:
            who = line.split(" gains ", 1)[0]
            if out[-1].startswith(who) and " PP" not in out[-1]:
                gain = line.split(" gains ", 1)[1].split(" (", 1)[0]
                out[-1] = f"{out[-1]}: +{gain}"
                continue
        out.append(line)
    return out
