"""Names with their articles and real plurals (docs/i18n.md, "Names with their articles").

Every building, special space, card and castle section has its forms with the definite article
in every language, and every translated message that puts a name after a preposition or uses it
as subject or object asks for the form it needs: no "sur Ferme", "bei Bauernhof" or
"in Bergfried". No message, English or translated, writes a plural as "(s)".
"""

from __future__ import annotations

import pickle
import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

import i18n
from i18n import catalogue, grammar
from i18n.grammar import Name
from render import names
from render.sentences import say

LANGUAGES = ("nl", "de", "fr")
# The placeholders that hold a name: in the engines' sentences always, in the bot's and the
# pictures' words for these fields ("name" only where it is a building or a card).
ENGINE_NAME_FIELDS = {"tile", "special", "card", "section", "label"}
NAME_FIELDS = {"where", "space", "section", "next", "target", "card"}
NAME_CONTEXTS = {
    "labels.AT_TILE",
    "labels.NOTE_BUILT",
    "labels.NOTE_RESIDENCE",
    "labels.MC_BUILDS",
    "labels.MC_BUILDS_PRESTIGE",
    "labels.MC_WHO_BUILDS",
    "messages.PLAN_OWNER_TAKES",
    "messages.PLAN_OWNER_CHOICE",
}
# Fields named as names that hold something else there.
NOT_NAMES = {
    "messages.PLAN_CANNOT_PLACE",  # target: the space as the plan stores it ('12', 'castle')
    "labels.MC_RESIDENCES_AT",  # where: road positions
}
# Prepositions after which a building's name needs its article.
PREPOSITIONS = {
    "de": ("bei", "in", "auf", "an", "zu", "von", "für", "mit", "aus", "nach"),
    "fr": ("sur", "à", "de", "dans", "avec", "depuis", "pour", "en"),
    "nl": ("op", "bij", "van", "naar", "in", "met", "vanaf", "voor"),
}
# What a preposition and an article become together: never left apart.
UNCONTRACTED = {
    "de": (
        "bei dem ",
        "in dem ",
        "an dem ",
        "zu dem ",
        "zu der ",
        "von dem ",
        "in das ",
        "an das ",
    ),
    "fr": ("à le ", "à les ", "de le ", "de les "),
    "nl": (),
}
# German: the articles of nominative, accusative and dative for each gender and the plural.
GERMAN_DECLENSIONS = grammar.DECLENSIONS["de"]
FRENCH_VOWELS = "aeiouhâàéèêëîïôûAEIOUHÂÀÉÈÊËÎÏÔÛ"


def every_name() -> Iterator[Name]:
    """Every building, special space, card and castle section, the residence and the empty
    lot, as a name in the language in force."""
    yield from (names.tile_name(t) for t in names.TILE_NAMES)
    yield from (names.special_name(k) for k in names.SPECIAL_NAMES)
    yield from (names.card_name(c) for c in names.CARD_NAMES)
    yield from (names.section_name(k) for k in range(3))
    yield names.residence()
    yield names.empty_lot()


def name_messages() -> Iterator[tuple[str, str, set[str]]]:
    """(context, English, the fields holding a name) of every message that names a building,
    special space, card or castle section."""
    for context, english, _ in catalogue.messages():
        sources = [english.one, english.other] if isinstance(english, i18n.Plural) else [english]
        found = set().union(*(i18n.fields(s) for s in sources))
        engine = context.split(".")[0] in ("words", "mc_words")
        held = found & (ENGINE_NAME_FIELDS if engine else NAME_FIELDS)
        if context in NAME_CONTEXTS and "name" in found:
            held |= {"name"}
        if held and context not in NOT_NAMES:
            yield context, english, held


def translations(context: str, english: Any, lang: str) -> list[str]:
    with i18n.using(lang):
        if isinstance(english, i18n.Plural):
            return list(i18n._table(lang).get((context, english.one), ()))
        return [i18n.translate(context, english)]


def render(template: str, fields: set[str], name: Name) -> str:
    values: dict[str, Any] = {}
    for _, field, _, _ in string.Formatter().parse(template):
        if field is None:
            continue
        values[field] = name.with_suffix(" (3)") if field in fields else 1
    values.update({k: "Ann" for k in ("s", "o", "who", "owner", "user") if k in values})
    return template.format(**values)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_names_take_their_article_and_case_in_every_message(lang):
    """Each message naming a building, special space, card or castle section, rendered with
    every such name: never the bare name right after a preposition ("sur Ferme", "bei
    Bauernhof", "in Bergfried"), never a preposition and article left apart ("bei dem",
    "à le")."""
    wrong = []
    checked = 0
    with i18n.using(lang):
        every = list(every_name())
        for context, english, fields in name_messages():
            for template in translations(context, english, lang):
                for name in every:
                    text = render(template, fields, name)
                    checked += 1
                    for preposition in PREPOSITIONS[lang]:
                        bare = f"{preposition} {name} (3)"
                        # French negation takes "de" and no article: "pas de Ferme"
                        pattern = rf"(?<!\w)(?<!pas ){re.escape(bare)}"
                        if re.search(pattern, text, re.IGNORECASE):
                            wrong.append(f"{context}: {text}")
                    wrong += [f"{context}: {text}" for u in UNCONTRACTED[lang] if u in text]
    assert checked > 5000
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_names_articles_agree_with_their_gender(lang):
    """Every name's forms with the article, as translated, agree with one gender: German
    der/den/dem, die/die/der, das/das/dem or the plural die/die/den; French l' before a vowel
    and le/la/les otherwise; Dutch de or het. `caylus i18n check` finds none wrong."""
    assert [p for p in catalogue.problems(lang) if "article" in p or "form" in p] == []
    with i18n.using(lang):
        for name in every_name():
            articles = tuple(form.split()[0] for form in name.forms)
            if lang == "de":
                assert articles in GERMAN_DECLENSIONS, name.forms
            elif lang == "fr":
                (form,) = name.forms
                if form.startswith("l'"):
                    assert form[2] in FRENCH_VOWELS, form
                elif not form.startswith("les "):
                    article, word = form.split()[:2]
                    assert article in ("le", "la") and word[0] not in FRENCH_VOWELS, form
            else:
                assert articles in (("de",), ("het",)), name.forms


def test_names_take_their_article_bei_beim_a_la_au_op_de():
    """The issue's examples read right: German dative and its contractions, French à/de with
    le/la/l'/les, Dutch de/het."""
    farm = {"tile": "n-farm", "cubes": "F", "at": 3}
    church = {"tile": "church", "deniers": 2}
    with i18n.using("de"):
        assert say("words.PRODUCE", farm, s="Ann") == "Ann nimmt 1 Nahrung beim Bauernhof (3)"
        assert say("words.PAY_DENIERS_AT", church, s="Ann") == "Ann zahlt 2 d bei der Kirche"
        assert say("words.BUILD", {"tile": "lawyer", "at": 9, "cubes": "SC"}, s="Ann") == (
            "Ann baut den Notar auf 9 für 1 Stein + 1 Tuch"
        )
        assert f"{names.section_name(0):in dat}" == "im Bergfried"
        assert f"{names.section_name(2):in acc}" == "in die Türme"
        assert f"{names.special_name('inn'):in acc}" == "ins Wirtshaus"
        assert f"{names.card_name('large-farm'):dat}" == "dem Großen Bauernhof"
        assert f"{names.tile_name('alchemist'):bei dat}" == "beim Alchemisten"
    with i18n.using("fr"):
        assert say("words.PRODUCE", farm, s="Ann") == "Ann prend 1 nourriture à la Ferme (3)"
        assert say("words.PAY_DENIERS_AT", church, s="Ann") == "Ann paie 2 d à l'Église"
        assert f"{names.tile_name('market'):à the}" == "au Marché"
        assert f"{names.special_name('stables'):à the}" == "aux Écuries"
        assert f"{names.special_name('inn'):à the}" == "à l'Auberge"
        assert f"{names.tile_name('market'):de the}" == "du Marché"
        assert "sur la Ferme" in say(
            "words.PLACE_ROAD", {"tile": "n-farm", "at": 3, "cost": 1}, s="Ann"
        )
    with i18n.using("nl"):
        assert "op de boerderij (3)" in say(
            "words.PLACE_ROAD", {"tile": "n-farm", "at": 3, "cost": 1}, s="Ann"
        )
        assert f"{names.special_name('castle'):the}" == "het kasteel"


def test_names_take_their_article_inside_a_magna_carta_road_card():
    """A road card (a message inside a message) keeps its name's article: German 'beim Markt
    (3)', 'beim Wohnhaus (4)', French 'au Marché (3)'."""
    market = ("mc_words.CARD", {"card": "market", "at": 3})
    residence = ("mc_words.RESIDENCE", {"at": 4})
    sale = {"cube": "F", "price": 4}
    with i18n.using("de"):
        assert say("mc_words.SELL", {**sale, "label": market}, s="Ann") == (
            "Ann gibt 1 Nahrung für 4 d beim Markt (3) ab"
        )
        assert "beim Wohnhaus (4)" in say("mc_words.SELL", {**sale, "label": residence}, s="A")
    with i18n.using("fr"):
        assert say("mc_words.SELL", {**sale, "label": market}, s="Ann").endswith("au Marché (3)")
    with i18n.using("en"):
        assert say("mc_words.SELL", {**sale, "label": market}, s="Ann") == (
            "Ann hands in 1 food for 4 d at the Market (3)"
        )


def test_names_take_their_article_check_finds_a_name_without_it():
    """`caylus i18n check` reports a name's forms without an article or with the wrong count,
    and a form a language does not have."""
    assert grammar.form_problems("de", "Bauernhof", "der Bauernhof")  # 3 cases wanted
    assert grammar.form_problems("fr", "Ferme", "Ferme")  # no article
    assert grammar.form_problems("nl", "Boerderij", "de kerk")  # another name
    assert grammar.form_problems("de", "Kirche", "der Kirche | die Kirche | der Kirche")
    assert not grammar.form_problems("de", "Ställe", "die Ställe | die Ställe | den Ställen")
    assert grammar.form_problem("fr", "dat")  # French has no dative
    assert grammar.form_problem("de", "bei dat") is None


def test_names_take_their_article_and_stay_plain_strings():
    """A name is a str (pictures, joins and lookups see the bare name) that survives a copy
    between threads or processes; a number's format spec still works on it."""
    with i18n.using("de"):
        farm = names.tile_name("n-farm").with_suffix(" (3)")
    assert farm == "Bauernhof (3)" and f"{farm}" == "Bauernhof (3)"
    assert f"{farm:>15}" == "  Bauernhof (3)"
    copy = pickle.loads(pickle.dumps(farm))
    assert f"{copy:bei dat}" == "beim Bauernhof (3)"
    assert f"{Name('Feld 5'):bei dat}" == "bei Feld 5"  # no forms: the bare name
    assert f"{grammar.headed('Feld 5', None):bei dat}" == "bei Feld 5"
    with i18n.using("fr"):
        market = names.tile_name("market")
    assert f"{market:bei dat}" == "bei le Marché"  # a case French lacks: read, never lost


def pseudo_plurals(text: str) -> list[str]:
    return re.findall(r"\w\((?:s|e|en|n|es|fen|x|nen)\)", text)


def test_no_pseudo_plural_s_in_english_or_translations():
    """No "(s)" plural anywhere: English sources and every translation use plural messages."""
    found = []
    for context, english, _ in catalogue.messages():
        sources = [english.one, english.other] if isinstance(english, i18n.Plural) else [english]
        found += [f"en {context}" for s in sources if pseudo_plurals(s)]
        for lang in LANGUAGES:
            found += [
                f"{lang} {context}"
                for t in translations(context, english, lang)
                if pseudo_plurals(t)
            ]
    assert found == []


@pytest.mark.parametrize(
    ("key", "one_values", "many_values", "one", "many"),
    [
        (
            "mc_words.CUBES_COST",
            {"deniers": 0, "count": 1},
            {"deniers": 0, "count": 2},
            "1 cube costs 1 d",
            "2 cubes cost 2 d",
        ),
        (
            "mc_words.CASTLE_PENALTY",
            {"tokens": ["walls"]},
            {"tokens": ["walls", "walls"]},
            "loses 1 walls token",
            "loses 2 walls tokens",
        ),
        (
            "mc_words.CHURCH",
            {"price": 2, "label": ("mc_words.CARD", {"card": "church", "at": 5}), "count": 1},
            {"price": 2, "label": ("mc_words.CARD", {"card": "church", "at": 5}), "count": 2},
            "1 castle token at",
            "2 castle tokens at",
        ),
    ],
)
def test_no_pseudo_plural_s_engine_sentences_read_one_and_many(
    key, one_values, many_values, one, many
):
    from engine.wording import english

    assert one in english(key, one_values)
    assert many in english(key, many_values)
    with i18n.using("fr"):
        assert "1 jeton " in say("mc_words.CASTLE_PENALTY", {"tokens": ["walls"]})
        assert "2 jetons " in say("mc_words.CASTLE_PENALTY", {"tokens": ["walls", "walls"]})
    with i18n.using("de"):
        assert "1 Rohstoff kostet" in say("mc_words.CUBES_COST", {"count": 1, "deniers": 0})
        assert "3 Rohstoffe kosten" in say("mc_words.CUBES_COST", {"count": 3, "deniers": 0})
