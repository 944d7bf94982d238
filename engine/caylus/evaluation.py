"""The evaluation at the Caylus search's horizon (the end of a turn): each seat's final score as
it looks now, with what the turns left will still bring (docs/players.md, "The evaluation").

Besides prestige and what cubes, deniers, buildings and favor markers are worth for the turns
left, it sees the castle: the section scored next costs a seat without a house there 2, 3 or 4
PP (counted at the chance that the seat still misses it, by whether it holds a batch and how
soon the scoring comes), and a seat's houses there bring royal favors at that scoring. A house's
own points are prestige already; the favors and the avoided penalty are what this adds.
"""

from __future__ import annotations

import engine.caylus.catalogue as cat
from engine.caylus.codes import K_PRESTIGE, K_RESIDENCE, SECTION_SIZES, TILE_KIND
from engine.caylus.fast_game import FastGame

# What a cube (F W S C G), a denier, ... is worth in prestige: at the end (the final scoring)
# and while there are turns left to use it.
END_VALUE = (1 / 3, 1 / 3, 1 / 3, 1 / 3, 3.0)
PLAY_VALUE = (1.0, 1.0, 1.5, 1.5, 3.5)
DENIER_END, DENIER_PLAY = 0.25, 0.5
# Deniers a seat can put to work in one turn (workers at 1 to 4 d, a build, a church): those
# beyond are held for the end scoring at their end worth (a hoard of 12 d was worth passing
# for while every denier counted at its play worth).
DENIERS_A_TURN = 7
BUILDING_PER_TURN = 0.5  # an owned craft building: others' workers and owner's cubes
INCOME_PER_TURN = 0.6  # one more denier of income a turn
INCOME_TURNS = 8.0  # turns of a building's income counted at most
FAVOR_STEP = 0.7  # a favor marker one column further on
TURNS_TO_USE = 5.0  # turns left from which cubes and deniers count at their full play worth
# The bailiff's squares per turn on average (1, or 2 when the provost ended beyond it): 1.22 to
# 1.26 measured in three-player games of easy and of medium.
BAILIFF_PACE = 1.25
# What one royal favor is worth in PP (a step of the prestige line is 1 to 5 PP, of the deniers
# line 3 to 7 d, of the cubes line a cube or two, a discounted building).
FAVOR_PP = 2.0
# The chance that a seat without a house in the section scored next still has none at its
# scoring, by the cubes its batch lacks (0 to 3: a food, and two other kinds) and the turns of
# placement left before the scoring (1, 2, 3 or more). Measured in 10 three-player games of
# `medium` with the evaluation's first castle terms (bench/bench_castle_outlook.py): a seat
# holding a batch, and one lacking cubes (one table for 1 to 3 lacking). The lower chances
# measured later, with `medium` playing these (docs/players.md), made `strong` deliver less.
MISS_CHANCE = (
    (0.45, 0.35, 0.3),  # holds a batch
    (0.8, 0.5, 0.45),  # one cube short
    (0.8, 0.5, 0.45),  # two short
    (0.8, 0.5, 0.45),  # three short
)
# Houses a seat builds per turn (medium measured 0.25, easy 0.58; between them): how fast a
# section fills before its bailiff trigger.
HOUSES_PER_SEAT_TURN = 0.4


def turns_left(g: FastGame) -> float:
    """About how many turns the game has left (the Towers are scored at bailiff 24)."""
    if g.over:
        return 0.0
    return max(0.0, (cat.SECTION_TRIGGERS[2] - g.bailiff) / BAILIFF_PACE)


def turns_to_scoring(g: FastGame) -> int:
    """The turns of placement left before the section under construction is scored (at least
    1): when the bailiff reaches its trigger or its houses fill it, whichever comes first."""
    section = g.section
    squares = cat.SECTION_TRIGGERS[section] - g.bailiff
    by_bailiff = int(-(-squares // BAILIFF_PACE)) if squares > 0 else 1
    room = SECTION_SIZES[section] - len(g.castle[section])
    by_room = int(-(-room // (HOUSES_PER_SEAT_TURN * g.n))) if room > 0 else 1
    return max(1, min(by_bailiff, by_room))


def castle_outlook(g: FastGame, seat: int, turns: int) -> float:
    """What the coming scoring of the section under construction will bring `seat`, in PP:
    its favors for the houses it has there, or its expected penalty when it has none."""
    section = g.section
    houses = g.castle[section].count(seat)
    penalty, favors = cat.section_reward(section, houses)
    if houses:
        return favors * FAVOR_PP
    return penalty * MISS_CHANCE[batch_lacks(g.cubes, 5 * seat)][min(turns, 3) - 1]


def batch_lacks(cubes: list[int], b: int) -> int:
    """The cubes a castle batch lacks from the cubes at `b` (R15: a food and two other kinds)."""
    kinds = (cubes[b + 1] > 0) + (cubes[b + 2] > 0) + (cubes[b + 3] > 0) + (cubes[b + 4] > 0)
    return (cubes[b] < 1) + max(0, 2 - kinds)


def estimated_scores(g: FastGame) -> list[float]:
    """Each seat's final score as it looks now (exact once the game is over)."""
    if g.over:
        return [float(x) for x in g.scores()]
    left = turns_left(g)
    weight = min(1.0, left / TURNS_TO_USE)  # resources are worth more with turns to use them
    cube_values = [END_VALUE[k] + weight * (PLAY_VALUE[k] - END_VALUE[k]) for k in range(5)]
    denier_value = DENIER_END + weight * (DENIER_PLAY - DENIER_END)
    horizon = min(left, INCOME_TURNS)
    owned_value = [0.0] * g.n
    for t, owner in zip(g.road, g.owners):  # noqa: B905
        if owner >= 0:
            kind = TILE_KIND[t]
            if kind == K_RESIDENCE:
                owned_value[owner] += INCOME_PER_TURN * horizon
            elif kind != K_PRESTIGE:
                owned_value[owner] += BUILDING_PER_TURN * horizon
    turns = turns_to_scoring(g) if g.section <= 2 else 0
    cubes, favors = g.cubes, g.favors
    values = []
    for seat in range(g.n):
        b = 5 * seat
        deniers = g.deniers[seat]
        working = min(deniers, DENIERS_A_TURN)
        value = g.prestige[seat] + owned_value[seat]
        value += working * denier_value + (deniers - working) * DENIER_END
        for k in range(5):
            value += cubes[b + k] * cube_values[k]
        f = 4 * seat
        value += (favors[f] + favors[f + 1] + favors[f + 2] + favors[f + 3]) * FAVOR_STEP * weight
        if turns:
            value += castle_outlook(g, seat, turns)
        values.append(value)
    return values
