"""What changed during the phase(s) just ended: from the engine's events, or from two states.

The bot gives the renderer the state at the start of the phase (`previous`) and, where it has
them, the phase's engine events. Events tell exactly who placed where, who passed, who built
what; without them the same is read off the two states (placements still on the board, the
passing order), which is exact right after the workers phase and a good account otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.caylus import catalogue as cat
from engine.caylus.state import State
from engine.protocol import Event
from i18n import join
from render import labels
from render.labels import w as lb
from render.names import section_name, space_name, space_words, special_name, tile_name
from render.sentences import event_text, ordinal

WORKERS_PHASE = 2
# The engine's placement sentence: "{s} places a worker on Peddler (7) (1 d)"; the English name
# of the space in it is read back into the language in force by render.names.space_words.
_PLACED_ON = re.compile(labels.ENGINE_PLACED_ON)
# Event kinds the card does not list: resources only (the player table shows them as +/-
# badges), placements and passes (the workers lines), a new turn and skipped effects.
_NOT_LISTED = frozenset(
    {
        "income",
        "produce",
        "owner",
        "sell",
        "buy",
        "alchemist",
        "church",
        "tailor",
        "bank",
        "jeweller",
        "trading",
        "exchange",
        "place",
        "pass",
        "turn",
        "skip",
    }
)


@dataclass
class Changes:
    """What differs from the state at the start of the last phase (all empty without one)."""

    road: set[int]
    castle: list[int]  # per section: index of the first new house
    favors: set[tuple[int, int]]  # (seat, line)
    prestige: list[int]
    deniers: list[int]
    cubes: list[dict[str, int]]
    workers: list[int]
    notes: list[str]

    @classmethod
    def none(cls, s: State) -> Changes:
        return cls(
            set(),
            [99, 99, 99],
            set(),
            [0] * s.n,
            [0] * s.n,
            [{} for _ in range(s.n)],
            [0] * s.n,
            [],
        )


def diff(s: State, prev: State | None, names: list[str]) -> Changes:
    """The board changes between `prev` and `s`, with short notes for the board's banner."""
    ch = Changes.none(s)
    if prev is None or prev.n != s.n:
        return ch
    for i in range(cat.ROAD_LENGTH):
        if s.road[i] != prev.road[i] or s.owners[i] != prev.owners[i]:
            ch.road.add(i + 1)
            tile, old = s.road[i], prev.road[i]
            owner = s.owners[i]
            if tile == "residence" and old is not None and owner is not None:
                ch.notes.append(
                    lb.NOTE_RESIDENCE.format(who=names[owner], name=tile_name(old), at=i + 1)
                )
            elif tile is not None and owner is not None:
                ch.notes.append(
                    lb.NOTE_BUILT.format(who=names[owner], name=tile_name(tile), at=i + 1)
                )
            elif tile is None:
                ch.notes.append(lb.NOTE_CLEARED.format(at=i + 1))
    ch.castle = [len(prev.castle[k]) for k in range(3)]
    new_houses = sum(len(s.castle[k]) - len(prev.castle[k]) for k in range(3))
    if new_houses > 0:
        ch.notes.append(lb.NOTE_HOUSES.format(count=new_houses))
    for seat in range(s.n):
        p, q = s.players[seat], prev.players[seat]
        for line in range(4):
            if p.favors[line] != q.favors[line]:
                ch.favors.add((seat, line))
        ch.prestige[seat] = p.prestige - q.prestige
        ch.deniers[seat] = p.deniers - q.deniers
        ch.cubes[seat] = {c: p.cubes[c] - q.cubes[c] for c in cat.CUBES if p.cubes[c] != q.cubes[c]}
        ch.workers[seat] = p.workers - q.workers
    if s.provost != prev.provost and s.bailiff == prev.bailiff:
        ch.notes.append(lb.NOTE_PROVOST.format(old=prev.provost, new=s.provost))
    if s.bailiff != prev.bailiff:
        ch.notes.append(lb.NOTE_BAILIFF.format(old=prev.bailiff, new=s.bailiff))
    if s.scored > prev.scored:
        done = join([section_name(k) for k in range(prev.scored, s.scored)])
        ch.notes.append(lb.NOTE_SCORED.format(sections=done))
    if s.turn_order != prev.turn_order:
        ch.notes.append(lb.NOTE_TURN_ORDER)
    return ch


# ---------------------------------------------------------------------------------------------
# The workers phase: placements and passes
# ---------------------------------------------------------------------------------------------


@dataclass
class WorkersPhase:
    """Placements (seat, space name) in the order made, and the passing order."""

    placements: list[tuple[int, str]] = field(default_factory=list)
    passed: list[int] = field(default_factory=list)

    def spaces_of(self, seat: int) -> list[str]:
        return [space for who, space in self.placements if who == seat]

    def seat_summary(self, seat: int) -> str:
        """'Peddler (7), Gate, Castle · passed 2nd', or '' when the seat did nothing."""
        spaces = self.spaces_of(seat)
        parts = [", ".join(spaces)] if spaces else []
        if seat in self.passed:
            place = self.passed.index(seat) + 1
            bonus = f" (+{cat.FIRST_PASS_BONUS} d)" if place == 1 else ""
            passed = lb.PASSED.format(place=ordinal(place))
            parts.append((passed if spaces else lb.PASSED_WITHOUT.format(passed=passed)) + bonus)
        return " · ".join(parts)

    def banner(self, names: list[str]) -> str:
        """One phrase for the whole board: 'workers placed: Ann 3, Ben 2 · passed: Ben, Ann'."""
        counts: dict[int, int] = {}
        for seat, _ in self.placements:
            counts[seat] = counts.get(seat, 0) + 1
        parts = []
        if counts:
            placed = ", ".join(f"{names[seat]} {n}" for seat, n in counts.items())
            parts.append(lb.WORKERS_PLACED.format(counts=placed))
        if self.passed:
            parts.append(
                lb.PASSED_LIST.format(names=", ".join(names[seat] for seat in self.passed))
            )
        return " · ".join(parts)


def placement_target(event: Event) -> str:
    """The space named by a 'place' event ('Peddler (7)', 'Gate', 'Castle'), in the language
    in force (from the event's values; an event made without them is read from its text)."""
    args = event.args or {}
    if "special" in args:
        return special_name(args["special"])
    if args.get("tile"):
        return f"{tile_name(args['tile'])} ({args['at']})"
    match = _PLACED_ON.search(event.text)
    target = match["target"] if match else event.text.split(" on ", 1)[-1].strip()
    return space_words(target)


def _workers_from_events(events: Sequence[Event]) -> WorkersPhase | None:
    phase = WorkersPhase()
    for event in events:
        if event.seat is None:
            continue
        if event.kind == "place":
            phase.placements.append((event.seat, placement_target(event)))
        elif event.kind == "pass":
            phase.passed.append(event.seat)
    return phase if phase.placements or phase.passed else None


def _placed_workers(s: State) -> list[tuple[int, str]]:
    """Every worker placed this turn and still on the board, in board order."""
    found: list[tuple[int, str]] = []
    for key in cat.SPECIALS:
        seat = s.specials.get(key)
        if seat is not None:
            found.append((seat, special_name(key)))
    found += [(seat, special_name("stables")) for seat in s.stables]
    if s.inn_left is not None:
        found.append((s.inn_left, special_name("inn")))
    for i, seat in enumerate(s.workers):
        if seat is not None:
            found.append((seat, space_name(s, str(i + 1))))
    found += [(seat, special_name("castle")) for seat in s.castle_workers]
    return found


def _workers_from_states(s: State, prev: State) -> WorkersPhase | None:
    """Placements and passes of this turn's workers phase that happened after `prev`."""
    if s.phase < WORKERS_PHASE or s.turn != prev.turn or prev.phase > WORKERS_PHASE:
        return None
    placed = _placed_workers(s)
    passed = list(s.passed)
    if prev.phase == WORKERS_PHASE:  # part of the phase was already seen: keep only the rest
        before = _placed_workers(prev)
        for item in before:
            if item in placed:
                placed.remove(item)
        passed = passed[len(prev.passed) :]
    phase = WorkersPhase(placed, passed)
    return phase if placed or passed else None


def workers_phase(
    s: State, previous: State | None, events: Sequence[Event] | None = None
) -> WorkersPhase | None:
    """The placements and passes since `previous` (None when no workers phase is in range)."""
    if events is not None:
        return _workers_from_events(events)
    if previous is None or previous.n != s.n:
        return None
    return _workers_from_states(s, previous)


# ---------------------------------------------------------------------------------------------
# Everything else, as short lines for the phone card
# ---------------------------------------------------------------------------------------------


@dataclass
class Change:
    """One line of 'what changed': `seat` is drawn as a piece before the text (None: the board)."""

    seat: int | None
    text: str
    kind: str = ""
    count: int = 1
    pp: int = 0
    parts: list[str] = field(default_factory=list)
    key: object = None  # what consecutive lines must share to merge (a batch's section)

    def line(self) -> str:
        text = self.text
        if self.parts:
            text += ": " + ", ".join(self.parts)
        if self.pp:
            text += f" ({self.pp:+d} PP)".replace("-", "−")
        return text


def _sentence(event: Event, names: list[str]) -> str:
    return event_text(event, names)


def _from_events(events: Sequence[Event], names: list[str]) -> list[Change]:
    lines: list[Change] = []
    shown = False  # whether the event before was shown (its prestige joins its line)
    for event in events:
        kind, seat = event.kind, event.seat
        last = lines[-1] if lines else None
        if kind == "prestige":
            if event.pp == 0 or not shown or last is None:
                continue  # a gain the table's badges show, or a penalty that took nothing
            if last.kind == "scoring" and seat is not None:
                last.parts.append(f"{names[seat]} {event.pp:+d} PP".replace("-", "−"))
            elif last.seat == seat:
                last.pp += event.pp
            else:
                lines.append(Change(seat, _sentence(event, names), kind))
            continue
        shown = _shown(event)
        if not shown:
            continue
        won = event.key == "words.FAVOR_WON"
        if won and last is not None and last.kind == "scoring" and seat is not None:
            last.parts.append(lb.SCORING_FAVOR.format(who=names[seat]))
            continue
        key = (event.data or {}).get("section")
        if (
            kind == "batch"
            and last is not None
            and (last.kind, last.seat, last.key) == (kind, seat, key)
            and seat is not None
            and key is not None
        ):
            last.count += 1
            last.text = lb.DELIVERS.format(
                count=last.count, who=names[seat], section=section_name(key)
            )
            continue
        lines.append(Change(seat, _sentence(event, names), kind, key=key))
    return lines


def _shown(event: Event) -> bool:
    """Whether the card lists this event (the table shows resources, other lines placements)."""
    if event.kind in _NOT_LISTED:
        return False
    if event.kind == "phase":
        return event.phase != WORKERS_PHASE  # "everyone has passed": the workers lines say it
    if event.kind == "provost":
        return bool((event.data or {}).get("delta"))  # a stay: the provost line says where
    return True


def _from_states(s: State, prev: State, names: list[str]) -> list[Change]:
    """Board changes read off two states (when the bot gives no events)."""
    notes = diff(s, prev, names).notes
    lines = [Change(None, note[:1].upper() + note[1:]) for note in notes]
    for seat in range(s.n):
        moved = [
            lb.FAVOR_COLUMN.format(line=line, column=s.players[seat].favors[k])
            for k, line in enumerate(cat.FAVOR_LINES)
            if s.players[seat].favors[k] != prev.players[seat].favors[k]
        ]
        if moved and s.options.favor_mode == "full":
            lines.append(
                Change(seat, lb.FAVOR_MOVED.format(who=names[seat], lines=", ".join(moved)))
            )
    return lines


def phase_changes(
    s: State, previous: State | None, events: Sequence[Event] | None, names: list[str]
) -> list[Change]:
    """The changes other than placements and passes, in the order they happened."""
    if events is not None:
        return _from_events(events, names)
    if previous is None or previous.n != s.n:
        return []
    return _from_states(s, previous, names)
