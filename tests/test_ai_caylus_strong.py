"""Caylus `strong`, round two (docs/players.md, "Caylus: strong, round two"): what its search
settings and habits change in positions where they must act differently from before."""

from __future__ import annotations

import dataclasses
import random

from engine import caylus
from engine.caylus import ai
from engine.caylus.codes import CODE
from engine.caylus.easy import easy_action
from engine.caylus.fast_game import FastGame
from engine.players import Budget
from tests.caylus_helpers import position


def code(text: str) -> int:
    return CODE[caylus.parse(text)]


def test_caylus_strong_search_starts_from_easys_move() -> None:
    # strong's progressive bias: the move easy's policy would play (here the castle, as the
    # seat owes the Dungeon a house and holds a batch) gets STRONG_PRIOR_WEIGHT / (1 + visits)
    # in the tree walk, so it gets more of the playouts than without the bias; medium has none
    strong, medium = ai.LEVEL_SETTINGS["strong"], ai.LEVEL_SETTINGS["medium"]
    assert strong.prior_weight == ai.STRONG_PRIOR_WEIGHT > 0
    assert medium.prior_weight == 0.0
    s = position(players=3, cubes_of={0: "FWSC", 1: "FW", 2: "FS"}, deniers=8)
    g = FastGame.from_state(s)
    castle = code("place castle")
    assert all(easy_action(g, random.Random(k)) == castle for k in range(20))
    playouts = 20 * len(g.options)

    def castle_visits(settings: ai.Level, seed: int) -> int:
        stats = ai.search_stats(g, settings, random.Random(seed), Budget(iterations=playouts))
        return stats[castle][0]

    unbiased = dataclasses.replace(strong, prior_weight=0.0)
    gains = [castle_visits(strong, k) - castle_visits(unbiased, k) for k in (7, 8)]
    assert all(gain > 0 for gain in gains) and sum(gains) >= 0.03 * 2 * playouts, gains
