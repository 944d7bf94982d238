"""The translation catalogues (docs/i18n.md): the template matches the code, every language
has every message with the same placeholders, and strings read in the language in force."""

from __future__ import annotations

import pytest

import i18n
from i18n import catalogue

OTHER = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]


def test_template_matches_the_code():
    assert not catalogue.stale_template(), "run `caylus i18n extract`"


@pytest.mark.parametrize("lang", OTHER)
def test_placeholders_match_the_english(lang):
    wrong = [p for p in catalogue.problems(lang) if "placeholders" in p or "obsolete" in p]
    assert wrong == []


def test_languages_and_discord_locales():
    assert i18n.normalize("nl") == "nl"
    assert i18n.normalize("en-US") == "en"
    assert i18n.normalize("de") == "de"
    assert i18n.normalize("fr") == "fr"
    assert i18n.normalize("pt-BR") == "en"
    assert i18n.normalize(None) == "en"


def test_english_outside_any_language():
    from bot.words.lang import t

    assert i18n.current() == "en"
    assert t.NO_GAME.startswith("There is no game")


def test_lists_and_numbers_follow_the_language():
    assert i18n.join(["a", "b", "c"], "en") == "a, b, and c"
    assert i18n.join(["a", "b", "c"], "nl") == "a, b en c"
    assert i18n.join(["a", "b", "c"], "de") == "a, b und c"
    assert i18n.join(["a", "b", "c"], "fr") == "a, b et c"
    assert i18n.number(1234.5, "de") == "1.234,5"


def test_plural_forms_follow_the_language():
    words = i18n.PluralText(("{count} card", "{count} cards"), "en")
    assert words.format(count=1) == "1 card"
    assert words.format(count=0) == "0 cards"
    french = i18n.PluralText(("{count} carte", "{count} cartes"), "fr")
    assert french.format(count=0) == "0 carte"  # French: 0 and 1 are singular
    assert french.format(count=2) == "2 cartes"


@pytest.mark.parametrize("lang", OTHER)
def test_every_message_exists_in_every_language(lang):
    """Complete and current: no message missing, untranslated or fuzzy (`caylus i18n check`)."""
    assert catalogue.problems(lang) == []


def _sample(template: str, field: str) -> object:
    """A value for `field`: a name with its article where the template asks for a form
    ({tile:dat}), else a number."""
    import string

    from i18n.grammar import is_form
    from render.names import tile_name

    specs = [s for _, n, s, _ in string.Formatter().parse(template) if n == field and s]
    return tile_name("market") if any(is_form(s) for s in specs) else 1


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_message_formats_in_every_language(lang):
    """Each translation takes the same values as its English (same placeholders, same specs)."""
    from bot.games.magna_carta.lang import mt
    from bot.words.lang import m, t

    with i18n.using(lang):
        assert t.PHASE_NAMES[0]
        assert mt.MC_PROVOST_MOVE.format(delta=2, where="x", cost=2)
        for context, english, _ in catalogue.messages():
            if isinstance(english, i18n.Plural):
                continue
            translated = i18n.translate(context, english)
            values = {name: _sample(translated, name) for name in i18n.fields(english)}
            translated.format(**values)  # no KeyError, no bad format spec
    assert m.STATUS


def test_a_translation_reads_in_the_language_in_force():
    from bot.games.magna_carta.lang import mt
    from bot.words.lang import colour_name, t

    with i18n.using("nl"):
        assert t.BUTTON_JOIN == "Meedoen"
        assert colour_name("blue") == "blauw"
        with i18n.using("de"):
            assert t.PHASE_NAMES[3] == "Vogt"
        assert t.PHASE_NAMES[3] == "Provoost"
    with i18n.using("fr"):
        assert mt.MC_TOKEN_WORDS["dungeon"] == "donjon"
    assert t.BUTTON_JOIN == "Join"


def test_errors_read_in_the_language_of_whoever_sees_them():
    from bot.words import errors as err

    with i18n.using("de"):
        error = err.NotIdle(game_id=4, colour="red")
    assert str(error) == (
        "Der Platz Rot von Partie #4 hat keine Entscheidung verpasst: nur ein untätiger Spieler "
        "(dessen Zeit abgelaufen ist) kann dem eingebauten Spieler übergeben werden."
    )


def test_a_later_sentence_reads_in_the_language_it_is_shown_in():
    from bot.words.lang import m

    later = i18n.Later(m, "CLOCK_PAUSED", game_id=9)
    with i18n.using("fr"):
        assert str(later).startswith("La partie n° 9 est en pause")
    assert str(later).startswith("Game #9 is paused")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_slash_command_texts_fit_discords_limit(lang):
    """Discord refuses a description or a choice name over 100 characters (and the translator
    would have to cut it mid-word): every command, option and choice text fits, in every
    language."""
    from bot.words import text as english

    texts = {f"text.{n}": getattr(english, n) for n in dir(english) if n.startswith("OPT_")}
    texts |= {f"text.DESC.{k}": v for k, v in english.DESC.items()}
    for name in ("ORDER_NAMES", "CHOICE_NAMES"):
        for option, values in getattr(english, name).items():
            texts |= {f"text.{name}.{option}.{k}": v for k, v in values.items()}
    too_long = {}
    for context, source in texts.items():
        if not isinstance(source, str):
            continue
        shown = source if lang == i18n.DEFAULT else i18n.translate(context, source, lang)
        if len(shown) > 100:
            too_long[context] = len(shown)
    assert too_long == {}


def test_a_fraction_of_days_reads_as_many_in_every_language() -> None:
    from bot.words import messages
    from bot.words.lang import m

    with i18n.using("en"):
        assert m.AWAY_DAYS.format(count=1) == "1 away day"
        assert m.AWAY_DAYS.format(count=2.5) == "2.5 away days"
    with i18n.using("de"):
        assert m.AWAY_DAYS.format(count=1.5) == "1,5 Abwesenheitstage"
    assert messages.AWAY_DAYS.one == "{count} away day"
