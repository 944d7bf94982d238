"""The Magna Carta decision kinds' table (engine/magna_carta/decision_kinds.py) says what the
engine does: checked at every state of seeded random games of both rule sets, and read by the
rules, the words, the bot's prompts and plans and the pictures."""

from __future__ import annotations

import pytest

from bot.games.magna_carta import prompts
from bot.games.magna_carta.text import MC_HEADLINE_OWNER, MC_HEADLINE_WORKER, MC_SKIP
from engine import magna_carta as mc
from engine.errors import IllegalAction
from engine.magna_carta import catalogue as cat
from engine.magna_carta import mc_words, validate
from engine.magna_carta.actions import Action
from engine.magna_carta.catalogue import CARDS, Effect
from engine.magna_carta.decision_kinds import (
    BY_NAME,
    KINDS,
    OPENING,
    OWNER_KIND,
    WORKER_KIND,
    DecisionKind,
)
from engine.magna_carta.state import DECISION_KINDS, State, decision
from render.magna_carta import decision as render_decision
from tests.mc_helpers import random_states

GAMES = [(4, "standard", 0), (3, "standard", 10), (2, "beginner", 20), (4, "beginner", 30)]


def _states() -> list[State]:
    return [s for players, variant, seed in GAMES for s in random_states(2, players, variant, seed)]


STATES = _states()


def test_every_magna_carta_decision_kind_is_in_the_table() -> None:
    assert set(BY_NAME) == {*DECISION_KINDS, OPENING.name}
    assert [kind.name for kind in KINDS] == list(mc_words.DECISIONS)  # catalogue order too
    # every effect a card may ask of its worker or owner has its kind; the free gains none
    for card in CARDS.values():
        if card.kind is cat.Kind.PRESTIGE:
            continue
        if card.worker_gain or card.effect in (Effect.GAIN, Effect.SMALL_PRODUCTION):
            assert card.effect not in WORKER_KIND, card.id
        elif card.effect is not Effect.GOLD_MINE:
            assert card.effect in WORKER_KIND, card.id
        if card.effect in OWNER_KIND:  # an owner asked gets nothing without asking
            assert not card.owner_gain, card.id
    assert set(WORKER_KIND.values()) | set(OWNER_KIND.values()) == {
        kind.name for kind in KINDS if kind.at_building
    }
    # the bot's prompts and the pictures have words for every kind: a road card's effect for
    # those asked at a card, their own for the others; a "skip" button label for every kind
    # whose default is to skip
    for kind in KINDS:
        if not kind.at_building:
            assert kind.name in prompts._HEADLINES, kind
            assert kind.name in render_decision._TEXTS, kind
        if kind.default == "skip":
            assert kind.name in MC_SKIP, kind
    assert set(prompts._HEADLINES) == set(render_decision._TEXTS)
    assert not any(BY_NAME[name].at_building for name in prompts._HEADLINES)


def test_magna_carta_decision_kinds_table_holds_at_every_state_of_random_games() -> None:
    seen: set[str] = set()
    for state in STATES:
        if state.over:
            continue
        asked = mc.pending(state)
        kinds = {BY_NAME[p.kind] for p in asked}
        assert len(kinds) == 1
        (kind,) = kinds
        seen.add(kind.name)
        assert state.stage == kind.stage, (kind, state.phase_name)
        assert kind.stage in cat.PHASE_NUMBERS[state.options.variant]
        assert (len(asked) > 1) <= kind.parallel  # only a parallel kind asks several at once
        assert bool(state.waiting) == kind.parallel
        for p in asked:
            assert p.prompt == kind.prompt
            options = mc.legal_actions(state, p.seat)
            assert {a.verb for a in options} <= set(kind.verbs), (kind, options)
            assert mc.default_action(state, p.seat) == Action.of(kind.default)
        d = state.decision
        if d is not None:
            assert (d.at >= 0) == kind.at_building, d
            if kind.at_building:
                assert CARDS[state.road[d.at]].effect in kind.effects(d.part), d
    assert seen == set(BY_NAME)  # every kind came up


@pytest.mark.parametrize("kind", [kind for kind in KINDS if not kind.changeable])
def test_magna_carta_kinds_not_changeable_keep_their_options_whatever_the_others_did(
    kind: DecisionKind,
) -> None:
    """What the other players' choices in the same phase can change (their stocks, the castle
    tokens left, the provost, their workers) changes nothing of a kind not marked
    `changeable`; the kinds marked so do change (the church with the tokens left, ...)."""
    checked = 0
    for state in STATES:
        asked = [p for p in mc.pending(state) if p.kind == kind.name]
        if not asked:
            continue
        seat = asked[0].seat
        before = mc.legal_actions(state, seat)
        other = state.copy()
        other.tokens = [0, 0, 1]
        other.players = [p.clone() for p in state.players]
        for k, p in enumerate(other.players):
            if k != seat:
                p.deniers, p.cubes = p.deniers + 7, [c + 2 for c in p.cubes]
        assert mc.legal_actions(other, seat) == before, (kind, state.decision)
        checked += 1
    assert checked


def test_a_changeable_kind_changes_with_what_the_others_took() -> None:
    """The counterpart: the church and the castle change with the tokens the others took."""
    changed = set()
    for state in STATES:
        asked = mc.pending(state)
        if not asked or asked[0].kind not in ("church", "castle"):
            continue
        seat = asked[0].seat
        other = state.copy()
        other.tokens = [0, 0, 1] if asked[0].kind == "church" else [0, 0, 0]
        if mc.legal_actions(other, seat) != mc.legal_actions(state, seat):
            changed.add(asked[0].kind)
    assert changed == {"church", "castle"}
    assert BY_NAME["church"].changeable and BY_NAME["castle"].changeable


def test_the_prompts_and_words_come_from_the_table() -> None:
    assert {kind.name: kind.prompt for kind in KINDS} == mc_words.DECISIONS
    # the error texts check the table's verbs: a verb of another kind does not answer
    state = next(s for s in STATES if s.decision is not None and s.decision.kind == "action")
    with pytest.raises(IllegalAction) as refused:
        mc.apply(state, "deliver FWS")
    assert refused.value.key == "mc_words.NOT_THIS_DECISION"
    assert BY_NAME["action"].prompt in str(refused.value)
    # a decision at a road card reads as that card in the prompt and the picture
    at_card = [
        s
        for s in STATES
        if s.decision is not None and BY_NAME[s.decision.kind].at_building and not s.over
    ]
    names = ["Ann", "Bob", "Cy", "Di"]
    parts = set()
    for state in at_card[:40]:
        d = state.decision
        assert d is not None
        view = mc.view(state, None)
        line = prompts.headline(view, d.seat, names)
        template = MC_HEADLINE_OWNER if d.part == "owner" else MC_HEADLINE_WORKER
        assert line.startswith(template.split("{")[0]), line
        assert f"({d.at + 1})" in line
        text, _ = render_decision.decision_text(view, view.pending[0], names)
        assert f"({d.at + 1})" in text
        parts.add(d.part)
    assert parts == {"worker", "owner"}


def test_the_state_checks_read_the_table() -> None:
    """validate_state refuses a decision at a card whose effect the kind does not ask."""
    for state in STATES:
        d = state.decision
        if d is None or d.kind != "sell":
            continue
        wrong = state.copy()
        wrong.decision = decision("bank", d.seat, d.at, d.part)
        with pytest.raises(ValueError, match="cannot make a bank decision"):
            validate.validate_state(wrong)
        return
    pytest.fail("no Market decision in the games")
