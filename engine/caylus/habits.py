"""An experienced Caylus player's habits, which the `strong` level plays at the root of its
search (docs/players.md, "Caylus: strong at the castle" and "Caylus: strong, round three").

The search looks to the end of the next turn, whose playouts play easy's habits for every seat:
there a batch delivered next turn looks as good as one delivered now, and every denier the seat
keeps is spent. A habit names the move a good player makes there without thinking long, and
`habit_choice` plays it over the search's choice: the castle while the seat can feed a batch
(at once while it owes the section scored next a house; else rather than pass, or than a worker
after which the castle is beyond its purse), no pass with a hoard while a useful space is
affordable, and the deniers favor when short of them.
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.caylus.codes import (
    FAVOR,
    FAVORS,
    INDEX,
    PASS,
    PLACE,
    PLACE_CASTLE,
    PLACE_ROAD0,
)
from engine.caylus.easy import (
    SHORT_OF_DENIERS,
    fed_after_production,
    owes_a_house,
    useful_placements,
)
from engine.caylus.evaluation import DENIERS_A_TURN
from engine.caylus.fast_game import FastGame

_DENIERS_FAVOR = FAVORS["b"]

# Deniers from which a pass is a hoard (a turn's workers, a build and the church use about as
# many: the evaluation's DENIERS_A_TURN).
HOARD = DENIERS_A_TURN


def favor_habit(g: FastGame) -> int | None:
    """A royal favor on the deniers line while the seat holds fewer than `SHORT_OF_DENIERS`
    deniers: they pay the next turn's workers (the beginner's favor, `easy`'s too). None when
    that does not apply."""
    if g.kind != FAVOR or g.deniers[g.seat] >= SHORT_OF_DENIERS or _DENIERS_FAVOR not in g.options:
        return None
    return _DENIERS_FAVOR


def spend_hoard_habit(
    g: FastGame, searched: int, stats: dict[Hashable, tuple[int, float]]
) -> int | None:
    """No pass while the seat holds at least `HOARD` deniers and a useful space it can pay for
    (easy's test of a useful space): when the search chose to pass, its most visited useful
    placement. A hoard only scores a quarter point a denier at the end; the search, whose
    playouts spend every denier the seat has on easy's habits, can find keeping it better than
    any worker. None when that does not apply."""
    if g.kind != PLACE or searched != PASS or g.deniers[g.seat] < HOARD:
        return None
    useful = useful_placements(g, g.seat)
    if not useful:
        return None
    return max(useful, key=lambda code: stats.get(code, (0, 0.0)))


def castle_habit(g: FastGame, searched: int) -> int | None:
    """The castle for a seat that could feed a batch this turn and has no worker there yet:
    at once while it owes the section scored next a house (its penalty is a sure loss), else
    instead of a pass or of a placement after which it could no longer pay for the castle.
    None when that does not apply."""
    if (
        g.kind != PLACE
        or searched == PLACE_CASTLE
        or PLACE_CASTLE not in g.options
        or g.seat in g.castle_workers
        or g.castle_spaces_left() <= 0
        or not fed_after_production(g, g.seat)
    ):
        return None
    seat = g.seat
    if searched == PASS or owes_a_house(g, seat):
        return PLACE_CASTLE
    # the searched worker's price, then the castle's (one more: a rival's pass raises it)
    cost = g.placement_cost(seat, INDEX[searched] if searched >= PLACE_ROAD0 else -1)
    if g.deniers[seat] - cost < g.placement_cost(seat) + 1:
        return PLACE_CASTLE
    return None


def habit_choice(g: FastGame, searched: int, stats: dict[Hashable, tuple[int, float]]) -> int:
    """The habit's move for the decision of `g` (`stats`: the search's visits and mean reward
    per root action), or the search's choice `searched` where no habit applies. A habit stands
    even where the search's means prefer another move: at the next turn's horizon they spread
    wide (the deniers favor lost to a cube favor by more than 0.02 of reward at 600 playouts)."""
    castle = castle_habit(g, searched)
    if castle is not None:
        return castle
    hoard = spend_hoard_habit(g, searched, stats)
    if hoard is not None:
        return hoard
    habit = favor_habit(g)
    return searched if habit is None else habit
