"""The Magna Carta card catalogue: validated at import, and the card tables of
docs/magna-carta-rules.md agree with it (the catalogue is the one source of truth)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.magna_carta import catalogue as cat
from engine.magna_carta.catalogue import CARDS, Effect, Kind

RULES_DOC = Path(__file__).resolve().parent.parent / "docs" / "magna-carta-rules.md"


def doc_rows() -> dict[str, list[str]]:
    rows = {}
    for line in RULES_DOC.read_text().splitlines():
        m = re.match(r"\| `([a-z-]+)` \|(.*)\|$", line)
        if m and m.group(1) in CARDS:
            rows[m.group(1)] = [cell.strip() for cell in m.group(2).split("|")]
    return rows


def test_every_card_is_in_the_rules_document():
    assert set(doc_rows()) == set(CARDS)


@pytest.mark.parametrize("card_id", [c for c in CARDS if CARDS[c].kind is not Kind.NEUTRAL])
def test_the_rules_document_gives_the_catalogue_cost_and_points(card_id):
    card = CARDS[card_id]
    cells = doc_rows()[card_id]
    name, cost, pp = cells[0], cells[1], cells[2]
    assert name.startswith(card.name)
    assert "".join(cost.split()) == card.cost
    assert int(pp) == card.pp
    beginner = cells[-1]
    assert beginner == ("yes" if card.beginner else "no")


def test_catalogue_payments_follow_the_gold_rule():
    assert cat.pays("FW", (0, 0, 0, 2))  # gold for anything
    assert cat.pays("W?", (0, 0, 1, 1))  # gold for the wood, stone for the white cube
    assert not cat.pays("FW", (0, 2, 0, 0))  # wood is no food
    assert not cat.pays("FW", (1, 1, 0, 1))  # too much
    assert cat.payments("SSG")[0] == (0, 0, 2, 1)  # fewest gold first
    assert all(p[cat.GOLD] >= 1 for p in cat.payments("SSG"))  # a gold cube is still a gold


def test_catalogue_effects_are_consistent():
    for card in CARDS.values():
        if card.effect is Effect.SMALL_PRODUCTION:
            assert card.worker_gain == card.owner_gain == card.stores
        if card.kind is Kind.PRESTIGE:
            assert card.effect is Effect.NONE
    assert cat.NEUTRAL_CARDS[0].id == cat.FIRST_NEUTRAL
