"""The published editions' terms (docs/i18n.md, "Terms"): every translated message of every
catalogue keeps to its language's glossary (i18n/glossary/<lang>.toml, read by i18n/terms.py),
and the check itself finds a forbidden term, names the message and the term, and respects a
term's game and its allowed phrases."""

from __future__ import annotations

from pathlib import Path

import pytest

import i18n
from i18n import catalogue, terms

OTHER = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]


@pytest.mark.parametrize("lang", OTHER)
def test_every_catalogue_keeps_to_its_glossary(lang: str) -> None:
    found = terms.breaches(terms.load(lang), terms.translations(lang))
    assert found == [], "\n".join(str(breach) for breach in found)


@pytest.mark.parametrize("lang", OTHER)
def test_every_language_has_a_glossary_with_sources(lang: str) -> None:
    glossary = terms.load(lang)
    assert glossary.sources
    assert len(glossary.terms) >= 10


@pytest.mark.parametrize("lang", OTHER)
def test_every_preferred_term_is_read_in_its_catalogue(lang: str) -> None:
    """A glossary names real words: each preferred term (or, for a list, its first word)
    appears in some message of the game it binds."""
    glossary = terms.load(lang)
    texts = list(terms.translations(lang))
    unused = []
    for term in glossary.terms:
        word = term.prefer.split(",")[0].strip().lower()
        if not any(word in text.lower() for context, text in texts if term.binds(context)):
            unused.append(term.prefer)
    assert unused == []


@pytest.mark.parametrize("lang", OTHER)
def test_no_glossary_forbids_its_own_preferred_term(lang: str) -> None:
    for term in terms.load(lang).terms:
        assert terms.find_forbidden(term, term.prefer) == [], term.concept
        assert term.forbid, term.concept
        assert set(term.games) <= set(terms.GAMES), term.concept


def test_a_catalogue_with_a_forbidden_term_fails_naming_the_message(tmp_path: Path) -> None:
    """The whole check, over a copy of the German catalogue with one msgstr gone bad."""
    good = i18n.po_path("de").read_text(encoding="utf-8")
    assert 'msgstr "Abrechnung {section}"' in good
    bad = tmp_path / "messages.po"
    bad.write_text(
        good.replace('msgstr "Abrechnung {section}"', 'msgstr "Wertung {section}"'),
        encoding="utf-8",
    )
    found = terms.breaches(terms.load("de"), terms.translations("de", bad))
    assert [(breach.context, breach.found) for breach in found] == [
        ("labels.SECTION_SCORING", "Wertung")
    ]
    assert terms.breaches(terms.load("de"), terms.translations("de")) == []


def test_a_forbidden_term_is_caught_naming_the_message_and_the_term() -> None:
    german = terms.load("de")
    bad = [("labels.SECTION_SCORING", "Wertung {section}")]
    found = terms.breaches(german, bad)
    assert [(breach.context, breach.found) for breach in found] == [
        ("labels.SECTION_SCORING", "Wertung")
    ]
    message = str(found[0])
    assert "labels.SECTION_SCORING" in message
    assert "'Wertung'" in message
    assert "Abrechnung" in message


def test_the_german_published_terms_are_held() -> None:
    german = terms.load("de")
    bad = [
        ("words.GAME_END", "Die Türme sind gewertet: das Spiel ist zu Ende"),
        ("labels.VIA_FAVOR", " (königliche Gunst)"),
        ("words.FAVOR_PLACE", "Leiste {line} Spalte {column}"),
        ("words.STABLES", "{s} wird {ordinal} in der Spielreihenfolge (Ställe)"),
        ("words.EVERYONE_PASSED", "Alle haben gepasst: die Sondergebäude werden aktiv."),
        ("text.CY_JOUST", "Turnier — 1 d + 1 Tuch"),
        ("mc_words.BAD_PAY", "{text}: sag, wie viele Denier, z. B. 'pay 2d'."),
        ("text.STATUS_WAITING", "Warte auf {who}: {prompt}{since}"),
    ]
    found = {breach.context: breach.found for breach in terms.breaches(german, bad)}
    assert found == {
        "words.GAME_END": "gewertet",
        "labels.VIA_FAVOR": "königliche Gunst",
        "words.FAVOR_PLACE": "Leiste",
        "words.STABLES": "Spielreihenfolge",
        "words.EVERYONE_PASSED": "Sondergebäude",
        "text.CY_JOUST": "Turnier",
        "mc_words.BAD_PAY": "Denier",
        "text.STATUS_WAITING": "Warte auf",
    }


def test_an_allowed_phrase_is_no_breach() -> None:
    german = terms.load("de")
    fine = [("words.PASS", "{s} ist an der Reihe; die Gebäude werden der Reihe nach aktiv")]
    assert terms.breaches(german, fine) == []
    row = [("words.FAVOR_PLACE", "Reihe {line} Spalte {column}")]
    assert [breach.found for breach in terms.breaches(german, row)] == ["Reihe"]


def test_a_placeholder_is_not_a_word() -> None:
    german = terms.load("de")
    assert terms.breaches(german, [("words.BANK", "{s} zahlt {deniers} d")]) == []


def test_dutch_road_terms_are_bound_to_their_game() -> None:
    """Caylus's road is the 'weg', Magna Carta's the 'straat' (the two Dutch rulebooks)."""
    dutch = terms.load("nl")
    caylus_weg = ("words.BAD_SPACE", "{text}: een plaats is een positie op de weg 1-{last}.")
    magna_carta_weg = ("mc_words.BAD_POSITION", "{text}: een positie op de weg is een getal.")
    caylus_straat = ("labels.END_OF_ROAD", "einde van de straat")
    magna_carta_straat = ("mc_words.NO_SUCH_CARD", "De straat heeft {count} kaarten.")
    found = terms.breaches(dutch, [caylus_weg, magna_carta_weg, caylus_straat, magna_carta_straat])
    assert sorted((breach.context, breach.found) for breach in found) == [
        ("labels.END_OF_ROAD", "straat"),
        ("mc_words.BAD_POSITION", "weg"),
    ]


def test_dutch_magna_carta_terms() -> None:
    dutch = terms.load("nl")
    bad = [
        ("mc_words.LAST_ROUND", "De kasteelfiches zijn op: dit is de laatste ronde"),
        ("mc_words.DECISIONS.castle", "lever een pakket aan het kasteel of stop"),
        ("text.MC_RULES_FIGURES.road.1", "en dan de Marskramer"),
        ("words.FAVOR_PLACE_STUCK", "rij {line} kolom {column} (de fiche kan niet verder)"),
        ("names.TILE_NAMES.residence", "Woonhuis"),
        ("text.CY_JOUST", "Toernooi — 1 d + 1 linnen"),
    ]
    found = {breach.context for breach in terms.breaches(dutch, bad)}
    assert found == {context for context, _ in bad}
    # The same words where their own game uses them are right.
    good = [
        ("mc_words.RESIDENCE", "het woonhuis ({at})"),
        ("words.WHY_HOUSE", "een huis in het kasteel ({section})"),
        ("names.SPECIAL_NAMES.joust", "Toernooiveld"),
    ]
    assert terms.breaches(dutch, good) == []


def test_a_shared_message_is_held_only_to_the_terms_both_games_share() -> None:
    dutch = terms.load("nl")
    assert terms.scope_of("labels.PASSED") == terms.SHARED
    assert terms.scope_of("labels.MC_RESIDENCE") == "magna-carta"
    assert terms.scope_of("labels.CASTLE") == "caylus"
    assert terms.breaches(dutch, [("labels.PASSED", "→ woonhuis")]) == []
    # each game's Lawyer tag has its own message, held to its own game's word
    assert terms.scope_of("labels.TO_RESIDENCE") == "caylus"
    assert terms.scope_of("labels.MC_TO_RESIDENCE") == "magna-carta"
    assert terms.breaches(dutch, [("labels.TO_RESIDENCE", "→ woonhuis")]) != []
    assert terms.breaches(dutch, [("labels.MC_TO_RESIDENCE", "→ woonhuis")]) == []


def test_french_buttons_say_what_they_do() -> None:
    french = terms.load("fr")
    bad = [
        ("text.CY_SKIP_ANY", "Passer"),
        ("text.BUTTON_UNDO", "Reprendre"),
        ("text.MC_SELL", "Rendre 1 {cube} — +{price} d"),
    ]
    found = {breach.context: breach.found for breach in terms.breaches(french, bad)}
    assert found == {
        "text.CY_SKIP_ANY": "Passer",
        "text.BUTTON_UNDO": "Reprendre",
        "text.MC_SELL": "Rendre",
    }
    # Passing at the bridge is "Passer"; resuming a paused game is "Reprendre".
    fine = [("text.CY_PASS", "Passer"), ("text.DESC.resume", "Reprendre une partie en pause")]
    assert terms.breaches(french, fine) == []


def test_every_scope_names_real_messages() -> None:
    contexts = [context for context, _, _ in catalogue.messages()]
    stale = [
        prefix
        for prefix, _ in terms.scope_prefixes()
        if not any(context.startswith(prefix) for context in contexts)
    ]
    assert stale == []


@pytest.mark.parametrize("lang", OTHER)
def test_every_term_context_names_real_messages(lang: str) -> None:
    contexts = [context for context, _, _ in catalogue.messages()]
    stale = [
        prefix
        for term in terms.load(lang).terms
        for prefix in term.contexts
        if not any(context.startswith(prefix) for context in contexts)
    ]
    assert stale == []
