"""Prompt layouts and phase accounts over many real game states (no Discord needed)."""

from __future__ import annotations

import random

from bot.games.caylus.narration import account
from bot.games.caylus.prompts import layout
from bot.games.layout import (
    ANSWER_SEP,
    MAX_BUTTONS_PER_ROW,
    MAX_OPTIONS,
    MAX_ROWS,
    autocomplete_name,
)
from bot.service.narration import Chronicle, attribute
from engine import caylus as game

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def _states(seeds: range, players: int):
    for seed in seeds:
        state = game.new_game(game.Options(players=players), game.Setup(seed=seed))
        rng = random.Random(seed)
        while not state.over:
            yield state
            seat = state.decision.seat
            state, _ = game.apply(state, game.choose_action(state, seat, rng), seat)


def test_every_decision_fits_discord_limits_and_offers_every_action() -> None:
    kinds: set[str] = set()
    for players in (2, 3, 5):
        for state in _states(range(6), players):
            seat = state.decision.seat
            actions = game.legal_actions(state, seat)
            shape = layout(state, seat, actions, NAMES[:players])
            kinds.add(state.decision.kind)
            assert shape.rows <= MAX_ROWS
            assert len(shape.buttons) <= MAX_ROWS * MAX_BUTTONS_PER_ROW
            for menu in shape.menus:
                assert 1 <= len(menu.choices) <= MAX_OPTIONS
                assert len(menu.placeholder) <= 150
                assert all(len(c.label) <= 100 and len(c.description) <= 100 for c in menu.choices)
            assert all(len(c.label) <= 80 for c in shape.buttons)
            offered = [c.action for c in shape.choices()]
            assert len(offered) == len(set(offered))
            # a placement may come with its answers ahead ("place 11|take FF"), the castle as
            # one decision ("!key=castle all"): every legal action is offered on its own too
            plain = [a for a in offered if ANSWER_SEP not in a and not a.startswith("!")]
            assert len(plain) == len(actions) or shape.hidden
            assert set(plain) <= {str(a) for a in actions}
            if not shape.hidden:
                assert {a.split(ANSWER_SEP)[0] for a in offered if ANSWER_SEP in a} <= set(plain)
            for choice in shape.choices():
                assert len(f"cay:b:99999:99999:{choice.action}") <= 100
                assert len(autocomplete_name(choice)) <= 100
                assert (choice.label and choice.label != choice.action) or choice.action == "pass"
    assert {"place", "castle", "favor", "build", "bribe"} <= kinds


def test_labels_show_costs() -> None:
    state = game.new_game(game.Options(players=3), game.Setup(seed=1))
    seat = state.decision.seat
    shape = layout(state, seat, game.legal_actions(state, seat), NAMES[:3])
    labels = [c.label for c in shape.choices()]
    assert any(label.startswith("Peddler (7) — ") and label.endswith(" d") for label in labels)
    assert any(label.startswith("Castle — ") for label in labels)


def test_accounts_are_grouped_by_phase() -> None:
    state = game.new_game(game.Options(players=3), game.Setup(seed=4))
    chronicle = Chronicle(seq=0, state=state)
    rng = random.Random(4)
    while state.turn < 3:
        seat = state.decision.seat
        turn, phase = state.turn, state.phase
        state, events = game.apply(state, game.choose_action(state, seat, rng), seat)
        chronicle.told.extend(attribute(events, turn, phase))
    told = chronicle.take([(1, 2), (1, 7), (2, 1)])
    assert told[(1, 2)] and all(
        e.kind in ("place", "pass", "prestige", "phase") for e in told[(1, 2)]
    )
    assert any(e.kind == "bailiff" for e in told[(1, 7)])
    assert all(e.kind == "income" for e in told[(2, 1)])
    text = account(1, 2, told[(1, 2)], NAMES)
    assert text.startswith("**Turn 1 · 2. Workers**") and "• " in text


def test_batch_label_counts_the_overflow_section() -> None:
    """With the Dungeon full but not yet scored, a batch builds in the Walls: +4 PP, not +5."""
    from bot.games.caylus.prompts import describe
    from engine.caylus.actions import parse

    state = game.new_game(game.Options(players=3), game.Setup(seed=1))
    full = state.model_copy(deep=True)
    full.castle[0] = [0, 1, 2, 0, 1, 2]
    choice = describe(full, 0, parse("batch FWS"), ["A", "B", "C"])
    assert "+4 PP" in choice.label and "Walls" in choice.description
    choice = describe(state, 0, parse("batch FWS"), ["A", "B", "C"])
    assert "+5 PP" in choice.label and "Dungeon" in choice.description


def test_rules_topics_for_favors_and_scoring_follow_the_rulebook_tables() -> None:
    from bot.games.caylus.rules import rule_topics, rules_text

    values = [value for _, value in rule_topics()]
    assert "favors" in values and "scoring" in values
    favors = rules_text("favors")
    assert "**c) cubes** — 1: 1 food | 2: 1 wood or stone | 3: 1 cloth" in favors
    assert "5: architect" in favors and "different lines" in favors
    scoring = rules_text("scoring")
    assert (
        "**Dungeon** (6 spaces, 5 PP a batch, scored at 12) — houses 0: -2 PP, 1: nothing, "
        "2+: 1 favor" in scoring
    )
    assert "0: -3 PP, 1: nothing, 2: 1 favor, 3-4: 2 favors, 5+: 3 favors" in scoring
    assert "0: -4 PP, 1: nothing, 2-3: 1 favor, 4-5: 2 favors, 6+: 3 favors" in scoring
    assert "3 PP a gold, 1 PP per 3 other cubes, 1 PP per 4 d" in scoring
