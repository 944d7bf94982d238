"""An experienced Caylus player's habits, which the `strong` level plays at the root of its
search (docs/players.md, "Caylus: strong at the castle").

The search looks to the end of the current turn: what a royal favor's deniers pay for (the next
turn's workers) shows after that horizon, and its playouts, which play easy's habits, spend
every denier the seat keeps. A habit names the move a good player makes there without thinking
long: `habit_choice` plays the deniers favor when short of them unless the search's own choice
has a mean reward higher by the level's margin (`HABIT_MARGIN` for `strong`), and never passes
with a hoard while a useful space is affordable.
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.caylus.codes import FAVOR, FAVORS, PASS, PLACE
from engine.caylus.easy import SHORT_OF_DENIERS, useful_placements
from engine.caylus.evaluation import DENIERS_A_TURN
from engine.caylus.fast_game import FastGame

_DENIERS_FAVOR = FAVORS["b"]

# How much better (in mean reward at the root, a value in (0, 1)) the search's choice must be
# than the habit's move for the search's choice to be played.
HABIT_MARGIN = 0.02
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


def habit_choice(
    g: FastGame, searched: int, stats: dict[Hashable, tuple[int, float]], margin: float
) -> int:
    """The habit's move for the decision of `g`, unless the search's choice `searched` is
    better by `margin` in mean reward (`stats`: the search's visits and mean reward per root
    action); `searched` where no habit applies."""
    hoard = spend_hoard_habit(g, searched, stats)
    if hoard is not None:
        return hoard  # a pass with a hoard is never clearly better
    habit = favor_habit(g)
    if habit is None or habit == searched:
        return searched
    visits, mean = stats.get(habit, (0, 0.0))
    if visits and stats[searched][1] - mean > margin:
        return searched
    return habit
