"""Questions about a Caylus State that the bot, the renderer and the error texts ask: what a
placement costs, the incomes, the castle's room, where a favor marker goes, the final scores.

Each formula is the engine's own (engine/caylus/core.py, engine/caylus/codes.py), read from a
State instead of the engine's int lists.
"""

from __future__ import annotations

import engine.caylus.catalogue as cat
from engine.caylus.catalogue import TILES
from engine.caylus.core import (
    castle_room,
    end_score,
    house_section,
    marker_after,
    open_columns_after,
    placement_price,
)
from engine.caylus.state import State
from engine.protocol import Outcome


def placement_cost(s: State, seat: int, target: str) -> int:
    """Deniers to place a worker of `seat` on `target` now (phase 2)."""
    owned = target.isdigit() and s.owners[int(target) - 1] == seat
    return placement_price(s.inn_right == seat, owned, len(s.players), len(s.passed))


def base_placement_cost(s: State, seat: int) -> int:
    """What the next worker of `seat` costs on a space it does not own (phase 2)."""
    return placement_cost(s, seat, "castle")


def incomes(s: State) -> list[int]:
    """Phase 1 income by seat: 2 d, +1 a residence, +1 the Library, +2 the Hotel."""
    amounts = [cat.BASE_INCOME] * len(s.players)
    for tile, owner in zip(s.road, s.owners, strict=True):
        if owner is not None and tile is not None:  # an owned lot always holds a building
            amounts[owner] += TILES[tile].income
    return amounts


def open_columns(s: State) -> int:
    return open_columns_after(s.scored)


def favor_marker_after(s: State, seat: int, line: int) -> int:
    """Where `seat`'s marker on favor line `line` (0-3) stands once this favor advances it."""
    return marker_after(s.players[seat].favors[line], s.scored)


def castle_spaces_left(s: State) -> int:
    return castle_room(s.castle, s.section)


def next_house_section(s: State) -> int | None:
    """The section the next batch builds in: the one under construction, or the next one with
    room when it is full (None once no space is left)."""
    return house_section(s.castle, s.section)


def can_deliver_batch(cubes: dict[str, int]) -> bool:
    """A castle batch: 1 food and two other different kinds (gold counts as a kind)."""
    return cubes.get("F", 0) >= 1 and sum(1 for c in "WSCG" if cubes.get(c, 0) >= 1) >= 2


_space_names: dict[tuple[str | None, str], str] = {}


def space_name(s: State, target: str) -> str:
    """'Peddler (7)', 'empty lot (12)' or a special building's name."""
    if target.isdigit():
        key = (s.road[int(target) - 1], target)
        name = _space_names.get(key)
        if name is None:
            tile = key[0]
            name = _space_names[key] = f"{TILES[tile].name if tile else 'empty lot'} ({target})"
        return name
    return cat.SPECIAL_NAMES[target]


_SCORE_PARTS = ("game", "gold", "cubes", "deniers", "total")  # end_score's order


def final_scores(state: State) -> Outcome:
    """Game points plus the end bonus (3 PP a gold, 1 per 3 other cubes, 1 per 4 d)."""
    breakdown = []
    for p in state.players:
        parts = end_score(p.prestige, [p.cubes[c] for c in cat.CUBES], p.deniers)
        breakdown.append(
            dict(zip(("game", "gold", "cubes", "deniers", "total"), parts, strict=True))
        )
    scores = [b["total"] for b in breakdown]
    best = max(scores)
    return Outcome(
        scores=scores, breakdown=breakdown, winners=[i for i, x in enumerate(scores) if x == best]
    )
