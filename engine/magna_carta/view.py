"""What one seat may know (M9): `view(state, seat)`.

A view holds the viewer's own hand, every hand size and draw-pile size, every discard pile and
everything on the table. No draw pile's order is in it (not even the viewer's: nobody knows it),
nor the setup's seed or deck orders (they would give the piles away). `view(state, None)` is a
spectator's view: no hand at all. The renderer, the bot's private replies and the built-in
player work from views.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import engine.magna_carta.catalogue as cat
from engine.magna_carta.actions import Action
from engine.magna_carta.decision_kinds import BY_NAME, OPENING
from engine.magna_carta.rules import deciding_seats, legal_actions, score_breakdowns
from engine.magna_carta.state import State


class RoadCardView(NamedTuple):
    position: int  # 1 = the first card of the road
    card: str
    owner: int | None
    residence: bool
    cover: str | None  # the prestige building on this residence (standard game)
    stored: int  # cubes lying on a small production card
    worker: int | None
    active: bool  # activates this round as the provost stands now (the whole road: beginner)


class PlayerView(NamedTuple):
    seat: int
    deniers: int
    cubes: dict[str, int]
    workers: int  # not on the road
    hand: list[str] | None  # the viewer's own hand only
    hand_size: int
    deck_size: int
    discard: list[str]  # bottom card first; the last one is on top
    tokens: dict[str, int]
    prestige: list[str]  # beginner game: prestige buildings kept in front of the player
    passed: int | None  # bridge space (1 = passed first) this round, None if not passed
    score: dict[str, int]  # the points this player would score now


class PendingView(NamedTuple):
    seat: int
    kind: str
    prompt: str
    at: int | None  # the road position being activated, if any
    part: str  # "worker" or "owner" for an activation effect


@dataclass(frozen=True, slots=True)
class View:
    game: str
    viewer: int | None
    players_count: int
    variant: str
    round: int
    phase: int  # numbered per rule set (M8)
    phase_name: str
    start_player: int
    provost: int | None  # road position (standard game)
    tokens: dict[str, int]  # castle tokens left
    prestige_supply: list[str]
    road: list[RoadCardView]
    players: list[PlayerView]
    passed: list[int]  # bridge order
    pending: list[PendingView]
    legal: list[Action]  # the viewer's legal actions now
    due_flips: list[tuple[int, int]]  # (road position, seat): Lawyer flips waiting (M7)
    delivered: list[int]  # castle batches per seat in this castle phase
    last_round: bool
    over: bool

    def model_dump(self) -> dict[str, Any]:
        """A JSON-ready dict (for the bot and the renderer)."""
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        data["road"] = [r._asdict() for r in self.road]
        data["players"] = [p._asdict() for p in self.players]
        data["pending"] = [p._asdict() for p in self.pending]
        data["legal"] = [str(a) for a in self.legal]
        data["due_flips"] = [list(f) for f in self.due_flips]
        return data


def view(state: State, seat: int | None) -> View:
    """What `seat` may know (None: a spectator)."""
    s = state
    last = s.provost if s.options.variant == "standard" else len(s.road) - 1
    road = [
        RoadCardView(i + 1, card, owner, flipped, cover, stored, worker, i <= last)
        for i, (card, owner, flipped, cover, stored, worker) in enumerate(
            zip(s.road, s.owners, s.flipped, s.covers, s.stored, s.workers, strict=True)
        )
    ]
    scores = score_breakdowns(s)
    players = [
        PlayerView(
            k,
            p.deniers,
            dict(zip(cat.CUBES, p.cubes, strict=True)),
            p.workers,
            list(p.hand) if k == seat else None,
            len(p.hand),
            len(p.deck),
            list(p.discard),
            dict(zip(cat.TOKEN_NAMES, p.tokens, strict=True)),
            list(p.prestige),
            s.passed.index(k) + 1 if k in s.passed else None,
            scores[k],
        )
        for k, p in enumerate(s.players)
    ]
    pending = []
    for k in deciding_seats(s):
        d = s.decision if not s.waiting else None
        kind = BY_NAME[d.kind] if d is not None else OPENING
        at = d.at + 1 if d is not None and d.at >= 0 else None
        part = d.part if d is not None else ""
        pending.append(PendingView(k, kind.name, kind.prompt, at, part))
    return View(
        game=s.game,
        viewer=seat,
        players_count=len(s.players),
        variant=s.options.variant,
        round=s.round,
        phase=s.phase,
        phase_name=s.phase_name,
        start_player=s.start_player,
        provost=s.provost + 1 if s.provost >= 0 else None,
        tokens=dict(zip(cat.TOKEN_NAMES, s.tokens, strict=True)),
        prestige_supply=list(s.prestige_supply),
        road=road,
        players=players,
        passed=list(s.passed),
        pending=pending,
        legal=legal_actions(s, seat) if seat is not None else [],
        due_flips=[(i + 1, k) for i, k in s.due_flips],
        delivered=list(s.delivered),
        last_round=s.last_round,
        over=s.over,
    )
