"""The Caylus decision kinds' table (engine/caylus/decision_kinds.py) says what the engine does:
checked at every state of the recorded games, and read by the rules, words and plans."""

from __future__ import annotations

import pytest

from bot.games.caylus import plan_kinds as plans
from engine import caylus
from engine.caylus import codes, rules, validate
from engine.caylus.catalogue import TILES
from engine.caylus.decision_kinds import BY_NAME, FAVOR_PHASES, KINDS
from engine.record import GameRecord, initial_state
from tests.caylus_golden import GAMES, load


@pytest.mark.parametrize("name", [spec[0] for spec in GAMES])
def test_decision_kinds_table_holds_at_every_recorded_state(name: str) -> None:
    record = GameRecord.model_validate(load(name)["record"])
    state = initial_state(record)
    seen: set[str] = set()
    for text in [*record.actions, None]:
        d = state.decision
        if d is not None:
            kind = BY_NAME[d.kind]
            seen.add(kind.name)
            if kind.phase is None or d.via_favor:  # a favor's build or lawyer comes with it
                assert state.phase in FAVOR_PHASES
            else:
                assert state.phase == kind.phase, d
            verbs = {a.verb for a in caylus.legal_actions(state, d.seat)}
            assert verbs <= set(kind.verbs), (d, verbs)
            if d.via_favor:
                assert d.at == 0
            else:
                assert (d.at > 0) == kind.at_building, d
            if d.at:
                assert TILES[state.road[d.at - 1]].effect in kind.effects  # type: ignore[index]
        if text is None:
            break
        state, _ = caylus.apply(state, text)
    assert {"place", "castle", "bribe"} <= seen


def test_decision_kinds_are_read_from_the_one_table() -> None:
    names = tuple(kind.name for kind in KINDS)
    assert names == codes.KIND_NAMES
    assert all(codes.KIND_CODE[name] == i for i, name in enumerate(names))
    assert {kind.name: kind.prompt for kind in KINDS} == rules.PROMPTS
    assert set(rules.PROMPTS_AT) == {kind.name for kind in KINDS if kind.at_building}
    assert set(plans.ANSWER_VERBS) == {kind.name for kind in KINDS if kind.answered_ahead}
    assert {kind.name for kind in KINDS if kind.answered_ahead and kind.effects} == plans.AT_KINDS
    assert set(validate._BUILDING_DECISIONS) == set(rules.PROMPTS_AT)
