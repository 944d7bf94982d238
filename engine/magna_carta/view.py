"""What one seat may know (M9): `view(state, seat)`.

A view holds the viewer's own hand, every hand size and draw-pile size, every discard pile and
everything on the table. No draw pile's order is in it (not even the viewer's: nobody knows it),
nor the setup's seed or deck orders (they would give the piles away). `view(state, None)` is a
spectator's view: no hand at all. The renderer, the bot's private replies and the built-in
player work from views.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine.magna_carta import catalogue as cat
from engine.magna_carta.actions import Action
from engine.magna_carta.rules import PROMPTS, deciding_seats, legal_actions, score_breakdown
from engine.magna_carta.state import State


@dataclass(frozen=True, slots=True)
class RoadCardView:
    position: int  # 1 = the first card of the road
    card: str
    owner: int | None
    residence: bool
    cover: str | None  # the prestige building on this residence (standard game)
    stored: int  # cubes lying on a small production card
    worker: int | None
    active: bool  # activates this round as the provost stands now (the whole road: beginner)


@dataclass(frozen=True, slots=True)
class PlayerView:
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


@dataclass(frozen=True, slots=True)
class PendingView:
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
        data = asdict(self)
        data["legal"] = [str(a) for a in self.legal]
        return data


def view(state: State, seat: int | None) -> View:
    """What `seat` may know (None: a spectator)."""
    s = state
    last = s.provost if s.options.variant == "standard" else len(s.road) - 1
    road = [
        RoadCardView(
            position=i + 1,
            card=s.road[i],
            owner=s.owners[i],
            residence=s.flipped[i],
            cover=s.covers[i],
            stored=s.stored[i],
            worker=s.workers[i],
            active=i <= last,
        )
        for i in range(len(s.road))
    ]
    players = [
        PlayerView(
            seat=k,
            deniers=p.deniers,
            cubes=dict(zip(cat.CUBES, p.cubes, strict=True)),
            workers=p.workers,
            hand=list(p.hand) if k == seat else None,
            hand_size=len(p.hand),
            deck_size=len(p.deck),
            discard=list(p.discard),
            tokens=dict(zip(cat.TOKEN_NAMES, p.tokens, strict=True)),
            prestige=list(p.prestige),
            passed=s.passed.index(k) + 1 if k in s.passed else None,
            score=score_breakdown(s, k),
        )
        for k, p in enumerate(s.players)
    ]
    pending = []
    for k in deciding_seats(s):
        d = s.decision if not s.waiting else None
        kind = d.kind if d is not None else "redraw"
        at = d.at + 1 if d is not None and d.at >= 0 else None
        part = d.part if d is not None else ""
        pending.append(PendingView(k, kind, PROMPTS[kind], at, part))
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
