"""Notation: every legal action met in random games parses back to itself; forgiving input
variants (case, cube order, spacing, aliases) parse to the canonical form."""

from __future__ import annotations

import pytest

from engine.caylus import legal_actions, parse
from engine.caylus.actions import Action
from tests.caylus_helpers import random_states


def test_round_trip_of_every_legal_action_in_random_games():
    seen: set[str] = set()
    states = 0
    for players, games in ((2, 2), (3, 2), (4, 2), (5, 2)):
        for s in random_states(games, players, seed0=100 * players, every=3):
            if s.over:
                continue
            states += 1
            for a in legal_actions(s, s.decision.seat):
                text = str(a)
                if text in seen:
                    continue
                seen.add(text)
                assert parse(text) == a, text
                assert str(parse(text)) == text
    assert states >= 300
    verbs = {t.split()[0] for t in seen}
    assert {"pass", "place", "provost", "skip", "take", "build", "batch", "favor"} <= verbs


@pytest.mark.parametrize(
    ("variant", "canonical"),
    [
        ("PASS", "pass"),
        ("  pass  ", "pass"),
        ("Place Castle", "place castle"),
        ("place 07", "place 7"),
        ("place trading post", "place trading"),
        ("place stable", "place stables"),
        ("BATCH SWF", "batch FWS"),
        ("batch g f c", "batch FCG"),
        ("batch F+W+S", "batch FWS"),
        ("take ff", "take FF"),
        ("take cff", "take FFC"),
        ("sell g", "sell G"),
        ("buy sw", "buy WS"),
        ("pay 2D", "pay 2d"),
        ("pay ccc", "pay CCC"),
        ("pay sf", "pay FS"),
        ("provost + 2", "provost +2"),
        ("Provost -3", "provost -3"),
        ("favor C2s", "favor c2S"),
        ("favor D3", "favor d3"),
        ("FAVOR A", "favor a"),
        ("exchange g sw", "exchange G WS"),
        ("exchange G > SW", "exchange G WS"),
        ("build Market g", "build market G"),
        ("build STATUE @012", "build statue @12"),
        ("lawyer 03", "lawyer 3"),
        ("gate Back", "gate back"),
        ("inn STAY", "inn stay"),
        ("done", "skip"),
        ("Joust", "joust"),
    ],
)
def test_forgiving_variants_parse_to_canonical(variant, canonical):
    a = parse(variant)
    assert str(a) == canonical
    assert a == parse(canonical)


def test_actions_are_interned_and_hashable():
    assert parse("batch SWF") is parse("batch FWS")
    assert len({parse("pass"), parse("PASS"), Action(verb="pass")}) == 1
