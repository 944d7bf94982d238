"""What changed in the phase(s) just ended, from public information only.

`deltas` compares two public views (numbers per seat); `happened` phrases the phase's events.
An event's `data["private"]` is what only one seat may see (the cards drawn): nothing here
reads it, and `public_data` is the only way this package looks into an event's data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.magna_carta import catalogue as cat
from engine.magna_carta.view import View
from engine.protocol import Event
from i18n import join
from render.labels import w as lb
from render.magna_carta.words import TOKEN_PP, road_label, token_name
from render.names import card_name
from render.sentences import event_text, ordinal


def public_data(event: Event) -> dict[str, Any]:
    """An event's data without its private part."""
    return {k: v for k, v in (event.data or {}).items() if k != "private"}


@dataclass(slots=True)
class Deltas:
    """Changes per seat since `previous` (all zero without it)."""

    deniers: list[int]
    cubes: list[dict[str, int]]
    score: list[int]
    hand: list[int]
    new_cards: set[int] = field(default_factory=set)  # road positions built or turned


def deltas(view: View, previous: View | None) -> Deltas:
    n = view.players_count
    if previous is None or previous.players_count != n:
        return Deltas([0] * n, [{} for _ in range(n)], [0] * n, [0] * n)
    now, before = view.players, previous.players
    changed = set()
    for card in view.road:
        if card.position > len(previous.road):
            changed.add(card.position)
            continue
        old = previous.road[card.position - 1]
        if (old.residence, old.cover) != (card.residence, card.cover):
            changed.add(card.position)
    return Deltas(
        deniers=[now[k].deniers - before[k].deniers for k in range(n)],
        cubes=[{c: now[k].cubes[c] - before[k].cubes[c] for c in cat.CUBES} for k in range(n)],
        score=[now[k].score["total"] - before[k].score["total"] for k in range(n)],
        hand=[now[k].hand_size - before[k].hand_size for k in range(n)],
        new_cards=changed,
    )


Line = tuple[int | None, str]  # (the seat whose piece starts the line, or None; the sentence)


class _Summary:
    """One seat's actions phase in a line: 'Ann: Forest (2), Bank (9) · builds Market (10)'."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.places: list[str] = []
        self.other: list[str] = []
        self.draws = 0

    def text(self) -> str:
        parts = []
        if self.places:
            parts.append(lb.MC_WORKER_ON.format(places=", ".join(self.places)))
        if self.draws:
            parts.append(lb.MC_DRAWS.format(count=self.draws))
        parts += self.other
        return " · ".join(parts)


def happened(
    view: View, previous: View | None, events: Sequence[Event] | None, names: list[str]
) -> list[Line]:
    """The phase's lines for the card: decisions and what they did. Income and plain gains
    are left to the numbers' badges (the bot's message tells everything)."""
    if events is None:
        return _from_views(view, previous, names)
    lines: list[Line | _Summary] = []
    summaries: dict[int, _Summary] = {}
    castle: dict[int, list[str]] = {}
    provost = previous.provost if previous is not None else None
    end_phase = cat.PHASE_NUMBERS[view.variant][cat.STAGES.index("end")]
    token_from = ""  # what the next token events come from: "castle" or "church"

    def summary(seat: int) -> _Summary:
        if seat not in summaries:
            summaries[seat] = _Summary(seat)
            lines.append(summaries[seat])  # where the seat first acted
        return summaries[seat]

    def flush_castle() -> None:
        lines.extend(_castle_lines(castle, names))
        castle.clear()

    for event in events:
        data = public_data(event)
        seat = event.seat
        kind = event.kind
        if seat is None and kind == "castle-penalty":
            flush_castle()
            lines.append((None, event_text(event, names)))  # the engine's sentence, counted
            continue
        if seat is None:
            if kind == "provost":
                if data.get("at") == provost and event.phase == end_phase:
                    continue  # the end of the round left him where he was (end of the road)
                provost = data.get("at", provost)
            if kind in ("provost", "last-round", "end"):
                flush_castle()
                lines.append((None, event_text(event, names)))
            continue
        who = names[seat]
        if kind == "keep":
            lines.append((seat, lb.MC_KEEPS.format(who=who)))
        elif kind == "redraw":
            lines.append((seat, lb.MC_REDRAWS.format(who=who, cards=_cards(data))))
        elif kind == "place":
            summary(seat).places.append(
                f"{card_name(view.road[data['at'] - 1].card)} ({data['at']})"
            )
        elif kind == "draw":
            summary(seat).draws += 1
        elif kind == "swap":
            summary(seat).other.append(lb.MC_SWAPS.format(cards=_cards(data)))
        elif kind == "build":
            name = card_name(data["card"])
            summary(seat).other.append(lb.MC_BUILDS.format(name=name, at=data["at"]))
        elif kind == "prestige":
            where = lb.MC_ON_THE_RESIDENCE.format(at=data["at"]) if data.get("at") else ""
            built = lb.MC_BUILDS_PRESTIGE.format(name=card_name(data["card"]))
            summary(seat).other.append(built + where)
        elif kind == "pass":
            space = data.get("space", 1)
            bonus = f" (+{cat.FIRST_PASS_BONUS} d)" if space == 1 else ""
            summary(seat).other.append(lb.MC_PASSES.format(place=ordinal(space)) + bonus)
        elif kind == "provost" and "delta" in data:
            provost = data["at"]
            target = road_label(view, data["at"])
            moved = lb.MC_MOVES_PROVOST.format(who=who, delta=f"{data['delta']:+d}", target=target)
            lines.append((seat, moved))
        elif kind == "deliver":
            token_from = "castle"
        elif kind == "church":
            token_from = "church"
            lines.append((seat, event_text(event, names)))
        elif kind == "token":
            if token_from == "castle":
                castle.setdefault(seat, []).append(data["token"])
            else:
                lines.append((seat, event_text(event, names)))
        elif kind in ("buy", "sell", "trade", "lawyer", "bank", "idle", "flip"):
            lines.append((seat, event_text(event, names)))
        elif kind in ("castle-bonus", "start-player"):
            flush_castle()
            lines.append((seat, event_text(event, names)))
    flush_castle()
    out: list[Line] = []
    for line in lines:
        seat, sentence = (
            (line.seat, f"{names[line.seat]}: {line.text()}")
            if isinstance(line, _Summary)
            else line
        )
        out.append((seat, sentence[:1].upper() + sentence[1:]))
    return out


def _cards(data: dict[str, Any]) -> str:
    """The public cards an event discarded (face up)."""
    return ", ".join(card_name(c) for c in data.get("discarded", [])) or lb.MC_NOTHING


def _castle_lines(castle: dict[int, list[str]], names: list[str]) -> list[Line]:
    out: list[Line] = []
    for seat, tokens in castle.items():
        points = sum(TOKEN_PP[x] for x in tokens)
        what = ", ".join(token_name(x) for x in tokens)
        line = lb.MC_DELIVERS.format(count=len(tokens), who=names[seat], tokens=what, pp=points)
        out.append((seat, line))
    return out


def _from_views(view: View, previous: View | None, names: list[str]) -> list[Line]:
    """Without the events: what the two views tell (builds, residences, passes, provost)."""
    if previous is None:
        return []
    lines: list[Line] = []
    for card in view.road[len(previous.road) :]:
        if card.owner is not None:
            built = lb.MC_WHO_BUILDS.format(
                who=names[card.owner], name=road_label(view, card.position)
            )
            lines.append((card.owner, built))
    for card in view.road[: len(previous.road)]:
        old = previous.road[card.position - 1]
        if card.owner is None:
            continue
        if card.residence and not old.residence:
            turned = lb.MC_TURNED_RESIDENCE.format(name=card_name(card.card), at=card.position)
            lines.append((card.owner, turned))
        if card.cover and not old.cover:
            name = f"{card_name(card.cover)} ({card.position})"
            built = lb.MC_WHO_BUILDS_PRESTIGE.format(who=names[card.owner], names=name)
            lines.append((card.owner, built))
    for seat in range(view.players_count):
        if set(view.players[seat].prestige) - set(previous.players[seat].prestige):
            new = set(view.players[seat].prestige) - set(previous.players[seat].prestige)
            built = join([card_name(c) for c in sorted(new)])
            lines.append((seat, lb.MC_WHO_BUILDS_PRESTIGE.format(who=names[seat], names=built)))
    if view.passed != previous.passed and view.passed:
        order = ", ".join(names[s] for s in view.passed)
        lines.append((None, lb.MC_PASSING_ORDER.format(names=order)))
    if view.provost is not None and view.provost != previous.provost:
        target = road_label(view, view.provost)
        lines.append((None, lb.MC_PROVOST_STANDS.format(target=target)))
    for seat in range(view.players_count):
        won = {
            k: view.players[seat].tokens[k] - previous.players[seat].tokens[k]
            for k in cat.TOKEN_NAMES
        }
        if any(won.values()):
            what = ", ".join(f"{v} {token_name(k)}" for k, v in won.items() if v)
            lines.append((seat, lb.MC_WINS_TOKENS.format(who=names[seat], tokens=what)))
    return lines


__all__ = ["Deltas", "Line", "deltas", "happened", "public_data"]
