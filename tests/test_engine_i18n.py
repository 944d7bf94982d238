"""The engine's sentences in the players' languages (docs/i18n.md): the account of every phase,
why a move is illegal and why a favor was won read in Dutch, German and French, with no English
word left, while the engine itself keeps speaking English (`Event.text`, `str(error)`)."""

from __future__ import annotations

import random
import re
from collections import defaultdict
from typing import Any

import pytest

import i18n
from bot.games.caylus import narration as caylus_narration
from bot.games.magna_carta import narration as mc_narration
from engine import caylus, get_game
from engine.caylus.actions import VERBS as CAYLUS_VERBS
from engine.errors import EngineError, IllegalAction, MalformedAction
from engine.magna_carta.actions import VERBS as MC_VERBS
from engine.protocol import Event
from engine.wording import english
from render.sentences import decision_words, error_text, event_text, favor_reason

LANGUAGES = ("nl", "de", "fr")
NAMES = ["Ann", "Ben", "Cy", "Di"]
# Words of the engine's English sentences that no translation uses.
ENGLISH = re.compile(
    r"\b(places a|passes|builds|gains|loses|collects|moves|takes|delivers|worker|provost|favor|"
    r"royal|income|batch|token|nothing|the|you|your|cannot|already|costs|turn|round)\b"
)
CAYLUS_TRIES = (
    "place 27",
    "place castle",
    "place stables",
    "place inn",
    "place gate",
    "place 8",
    "build statue @3",
    "build farm",
    "provost +3",
    "provost -3",
    "batch FWS",
    "favor a",
    "favor d3",
    "take F",
    "sell G",
    "exchange F WW",
    "lawyer 3",
    "gate castle",
)
MC_TRIES = (
    "place 9",
    "place 1",
    "draw",
    "swap",
    "build bank",
    "build small-farm",
    "prestige statue",
    "prestige hotel @3",
    "provost +3",
    "provost -3",
    "buy FW",
    "sell G",
    "trade S",
    "pay 5d",
    "lawyer 2 F",
    "deliver FWS",
    "keep",
)


def english_left(text: str) -> list[str]:
    """English words in `text`, leaving out the notation it quotes ('place castle') or lists
    (the verbs an action starts with)."""
    for verbs in (CAYLUS_VERBS, MC_VERBS):
        text = text.replace(", ".join(verbs), "")
    return ENGLISH.findall(re.sub(r"'[^']*'", "", text))


def play(game: Any, state: Any, seed: int, tries: tuple[str, ...]) -> tuple[list, dict]:
    """A random game: its events, and one illegal-move error per message key met on the way."""
    rng = random.Random(seed)
    events: list[Event] = []
    errors: dict[str, EngineError] = {}
    while not state.over:
        seat = game.pending(state)[0].seat
        for text in tries:
            try:
                game.apply(state, text, seat)
            except IllegalAction as error:
                errors.setdefault(error.key, error)
            except EngineError:
                pass
        legal = game.legal_actions(state, seat)
        state, new = game.apply(state, legal[rng.randrange(len(legal))], seat)
        events += new
    return events, errors


@pytest.fixture(scope="module")
def caylus_game() -> tuple[list[Event], dict[str, EngineError]]:
    state = caylus.new_game(caylus.Options(players=4), caylus.Setup(seed=11))
    return play(caylus, state, 11, CAYLUS_TRIES)


@pytest.fixture(scope="module")
def mc_game() -> tuple[list[Event], dict[str, EngineError]]:
    mc = get_game("magna-carta")
    state = mc.new_game(mc.Options(players=3, variant="standard"), mc.Setup(seed=4))
    return play(mc, state, 4, MC_TRIES)


def by_phase(events: list[Event]) -> dict[tuple[int, int], list[Event]]:
    phases: dict[tuple[int, int], list[Event]] = defaultdict(list)
    for event in events:
        phases[event.turn, event.phase].append(event)
    return phases


def test_the_engine_keeps_its_english(caylus_game: Any, mc_game: Any) -> None:
    for events, errors in (caylus_game, mc_game):
        assert all(e.key and "{" not in e.render(NAMES) for e in events)
        for error in errors.values():
            text = english(error.key, error.values)
            assert str(error) == text[:1].upper() + text[1:]
            with i18n.using("en"):
                assert error_text(error) == str(error)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_caylus_game_is_told_in_the_language(lang: str, caylus_game: Any) -> None:
    events, _ = caylus_game
    keys = {e.key for e in events}
    for told in ("BUILD", "FAVOR_WON", "PASS", "PROVOST_BRIBE", "BATCH", "GAIN_PP", "INCOME"):
        assert f"words.{told}" in keys  # the game shows each kind of sentence
    lines = []
    with i18n.using(lang):
        for (turn, phase), phase_events in sorted(by_phase(events).items()):
            account = caylus_narration.account(turn, phase, phase_events, NAMES)
            lines += [line for line in account.splitlines() if line.startswith("• ")]
        english_lines = [line for line in lines if english_left(line)]
    assert len(lines) > 200
    assert english_lines == []
    with i18n.using("en"):
        first = event_text(events[0], NAMES)
    assert first == events[0].render(NAMES)  # English reads exactly as the engine says


def test_a_build_and_its_prestige_are_one_line(caylus_game: Any) -> None:
    events, _ = caylus_game
    at = next(k for k, e in enumerate(events) if e.key == "words.BUILD")
    pair = events[at : at + 2]
    assert pair[1].key == "words.GAIN_PP"
    with i18n.using("de"):
        account = caylus_narration.account(1, 5, pair, NAMES)
    line = account.splitlines()[1]
    assert " baut " in line and line.endswith(f": +{pair[1].args['amount']} PP")  # type: ignore[index]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["caylus_game", "mc_game"])
def test_why_a_move_is_illegal_in_the_language(
    lang: str, game: str, request: pytest.FixtureRequest
) -> None:
    _, errors = request.getfixturevalue(game)
    assert len(errors) >= 8
    with i18n.using(lang):
        reasons = {key: error_text(error) for key, error in errors.items()}
    for key, reason in reasons.items():
        assert reason != str(errors[key]), key
        assert english_left(reason) == [], reason


@pytest.mark.parametrize("lang", LANGUAGES)
def test_why_a_favor_was_won_in_the_language(lang: str) -> None:
    state = caylus.new_game(caylus.Options(players=3), caylus.Setup(seed=1))
    rng = random.Random(1)
    whys = set()
    while not state.over and len(whys) < 2:
        d = state.decision
        if d.kind == "favor" and d.why:
            whys.add(d.why)
            with i18n.using(lang):
                asked = decision_words(state)
                reason = favor_reason(d.why)
            assert reason != d.why and reason in asked and not english_left(asked)
        legal = caylus.legal_actions(state, d.seat)
        state, _ = caylus.apply(state, legal[rng.randrange(len(legal))], d.seat)
    assert whys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_magna_carta_game_is_told_in_the_language(lang: str, mc_game: Any) -> None:
    events, _ = mc_game
    keys = {e.key for e in events}
    for told in ("PLACE", "BUILD", "PASS", "DELIVER", "TOKEN", "INCOME", "PROVOST_STANDS"):
        assert f"mc_words.{told}" in keys
    lines = []
    with i18n.using(lang):
        for (turn, phase), phase_events in sorted(by_phase(events).items()):
            account = mc_narration.account(turn, phase, phase_events, NAMES)
            lines += account.splitlines()[1:]
    assert len(lines) > 100
    assert [line for line in lines if english_left(line)] == []


CAYLUS_TYPOS = (
    "",
    "x" * 120,
    "fly to the moon",
    "pass now",
    "place",
    "place 99",
    "provost 5",
    "inn maybe",
    "take XYZ",
    "lawyer 40",
    "build tower",
    "build statue @99",
    "build market G W",
    "favor z",
    "exchange G GG",
    "place ７",
)
MC_TYPOS = (
    "",
    "fly",
    "pass now",
    "place",
    "place 1 2",
    "place 99",
    "build castle",
    "prestige farm",
    "provost 5",
    "buy FWS",
    "sell FW",
    "pay lots",
    "lawyer 2 FG",
    "deliver FF",
    "build small-farm XX",
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_text_that_is_no_move_is_explained_in_the_language(lang: str) -> None:
    from engine.magna_carta import parse as mc_parse

    errors = []
    for parse, typos in ((caylus.parse, CAYLUS_TYPOS), (mc_parse, MC_TYPOS)):
        for typo in typos:
            with pytest.raises(MalformedAction) as caught:
                parse(typo)
            errors.append(caught.value)
    assert len({e.key for e in errors}) == len(errors)  # each a different message
    with i18n.using(lang):
        reasons = [error_text(error) for error in errors]
    for error, reason in zip(errors, reasons, strict=True):
        assert error.key and reason != str(error), error.key
        assert english_left(reason) == [], reason


def test_what_a_decision_asks_reads_in_every_language_without_the_state() -> None:
    """The clock's reminders and notices, /caylus me and /caylus mygames name the decision from
    what the clock keeps (the game, the kind, the engine's English prompt)."""
    from engine.caylus.rules import PROMPTS, PROMPTS_AT
    from engine.magna_carta import mc_words
    from render.sentences import decision_phrase

    asked = [("caylus", kind, text) for kind, text in PROMPTS.items()]
    asked += [("caylus", k, text.format(where="Peddler (7)")) for k, text in PROMPTS_AT.items()]
    asked += [("magna-carta", kind, text) for kind, text in mc_words.DECISIONS.items()]
    for game, kind, engine_words in asked:
        with i18n.using("en"):
            assert decision_phrase(game, kind, engine_words) == engine_words
        for lang in ("nl", "de", "fr"):
            with i18n.using(lang):
                said = decision_phrase(game, kind, engine_words)
            assert said and said != engine_words, (lang, game, kind)
            if "Peddler" in engine_words:
                assert "Peddler" not in said  # the building is named in the language too


def test_a_plan_refused_by_the_rules_says_why_in_its_owners_language() -> None:
    """Why a plan's move was not played is found during another player's move and stored; it
    reads in the language of whoever reads it later, the engine's reason included."""
    import engine.errors as engine_errors
    from bot.games.plans import reason_from_text, reason_to_text, refused

    state = caylus.new_game(caylus.Options(players=2), caylus.Setup(seed=1))
    seat = caylus.pending(state)[0].seat
    with pytest.raises(engine_errors.EngineError) as caught:
        caylus.apply(state, caylus.parse("place 30"), seat)
    stored = reason_to_text(refused(caught.value))
    back = reason_from_text(stored)
    with i18n.using("en"):
        english = str(back)
    assert "road position 1-28" in english
    for lang in ("nl", "de", "fr"):
        with i18n.using(lang):
            said = str(back)
        assert "road position" not in said and "rules refuse" not in said, (lang, said)
