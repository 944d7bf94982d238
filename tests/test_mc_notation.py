"""Magna Carta notation: every legal action met in random games (both rule sets, 2-4 players)
parses back to itself; forgiving variants parse to the canonical text; every decision kind of
docs/magna-carta-notation.md has a working example there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.magna_carta import Action, legal_actions, parse, pending
from engine.magna_carta.decision_kinds import BY_NAME as PROMPTS
from tests.mc_helpers import random_states

DOC = Path(__file__).resolve().parent.parent / "docs" / "magna-carta-notation.md"


def test_round_trip_of_every_legal_action_in_random_games():
    seen: set[str] = set()
    kinds: set[str] = set()
    states = 0
    for players in (2, 3, 4):
        for variant in ("beginner", "standard"):
            for s in random_states(3, players, variant, seed0=10 * players):
                for decision in pending(s):
                    states += 1
                    kinds.add(decision.kind)
                    for a in legal_actions(s, decision.seat):
                        text = str(a)
                        if text in seen:
                            continue
                        seen.add(text)
                        assert parse(text) is a, text  # interned: the very same object
                        assert str(parse(text)) == text
    assert states > 1000
    assert kinds >= {"redraw", "action", "provost", "castle", "buy", "bank"}
    verbs = {t.split()[0] for t in seen}
    assert {"keep", "redraw", "pass", "draw", "swap", "place", "build", "provost", "skip"} <= verbs
    assert {"deliver", "buy", "pay"} <= verbs


@pytest.mark.parametrize(
    ("variant", "canonical"),
    [
        ("PASS", "pass"),
        ("  pass  ", "pass"),
        ("done", "skip"),
        ("No", "skip"),
        ("Place 07", "place 7"),
        ("build Small-Farm wf", "build small-farm FW"),
        ("build sfarm F+W", "build small-farm FW"),
        ("build goldmine SSF", "build gold-mine FSS"),
        ("build lquarry s f s", "build large-quarry FSS"),
        ("build market", "build market"),
        ("prestige Statue gss", "prestige statue SSG"),
        ("prestige statue @07 gss", "prestige statue @7 SSG"),
        ("prestige theater", "prestige theatre"),
        ("prestige townhall @5", "prestige town-hall @5"),
        ("provost + 2", "provost +2"),
        ("Provost -3", "provost -3"),
        ("buy sf", "buy FS"),
        ("buy w", "buy W"),
        ("sell g", "sell G"),
        ("trade s", "trade S"),
        ("pay 3", "pay 3d"),
        ("pay 05D", "pay 5d"),
        ("lawyer 06 g", "lawyer 6 G"),
        ("lawyer 6", "lawyer 6"),
        ("deliver swf", "deliver FWS"),
        ("deliver g g g", "deliver GGG"),
        ("deliver GFW", "deliver FWG"),
        ("KEEP", "keep"),
        ("Redraw", "redraw"),
    ],
)
def test_forgiving_variants_parse_to_canonical(variant, canonical):
    a = parse(variant)
    assert str(a) == canonical
    assert a is parse(canonical)
    assert str(parse(canonical)) == canonical


def test_actions_are_interned_and_hashable():
    assert parse("deliver SWF") is parse("deliver FWS")
    assert len({parse("pass"), parse("PASS"), Action(verb="pass")}) == 1
    assert Action(verb="place", arg="3") == parse("place 3")


def test_the_notation_document_has_a_parsing_example_for_every_decision_kind():
    text = DOC.read_text()
    for kind in PROMPTS:
        assert f"`{kind}`" in text, kind
    verbs = set(Action.model_fields["verb"].annotation.__args__)
    placeholder = re.compile(r"\b(N|C|CC|CCC|CARD|CUBES|Nd)\b")
    parsed = 0
    rows = "\n".join(line for line in text.splitlines() if line.startswith("| `"))
    for example in re.findall(r"`([a-z]+(?: [^`]*)?)`", rows):
        if example in PROMPTS or example.split()[0] not in verbs:
            continue  # a decision kind or not an action
        if placeholder.search(example):
            continue  # a pattern such as 'place N', not an example
        assert str(parse(example)) == example, example  # examples are canonical
        parsed += 1
    assert parsed >= 25
