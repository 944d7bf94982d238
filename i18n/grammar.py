"""Names with their articles (docs/i18n.md, "Names with their articles").

A building, card or special space is named bare on a picture ("Bauernhof", "Ferme") and with its
article in a sentence ("beim Bauernhof", "à la Ferme", "op de boerderij"). Each name's forms with
the definite article are data, translated like the name itself: a message in a catalogue module
whose constant ends in `_DEFINITE` ("the Farm" -> "der Bauernhof | den Bauernhof | dem Bauernhof",
"la Ferme", "de boerderij"). German gives the three cases (nominative, accusative, dative), the
other languages one form. What a language does with an article after a preposition (German
"bei dem" -> "beim", French "à le" -> "au") is the language's, so it lives here, once.

A template asks for a form with a format spec on the name's placeholder, `[preposition ]case`:
`{tile:the}` (any language: the form with the article, in German the nominative), German
`{tile:acc}`, `{tile:dat}`, `{tile:bei dat}` ("beim Bauernhof", "bei der Kirche"),
`{special:in acc}` ("ins Wirtshaus"); French `{tile:à the}` ("au Marché", "à la Ferme",
"à l'Auberge", "aux Écuries"), `{tile:de the}` ("du Marché"). A preposition without a
contraction is written before it as it is: "sur {tile:the}", "op {tile:the}", "auf {tile:dat}".
The value is a `Name`; `{tile}` without a spec is the bare name.
"""

from __future__ import annotations

from typing import Any

from i18n import current

# The definite articles a form may start with, per language.
ARTICLES: dict[str, tuple[str, ...]] = {
    "en": ("the",),
    "nl": ("de", "het"),
    "de": ("der", "die", "das", "den", "dem"),
    "fr": ("le", "la", "l'", "les"),
}
# The cases a name's definite forms give, in the order they are written (one form: "the").
CASES: dict[str, tuple[str, ...]] = {
    "en": ("the",),
    "nl": ("the",),
    "fr": ("the",),
    "de": ("nom", "acc", "dat"),
}
ALIASES = {"the": "nom"}  # German reads "the" as the nominative
# A preposition and the article it meets -> the one word they make.
CONTRACTIONS: dict[str, dict[tuple[str, str], str]] = {
    "de": {
        ("bei", "dem"): "beim",
        ("in", "dem"): "im",
        ("an", "dem"): "am",
        ("zu", "dem"): "zum",
        ("zu", "der"): "zur",
        ("von", "dem"): "vom",
        ("in", "das"): "ins",
        ("an", "das"): "ans",
    },
    "fr": {
        ("à", "le"): "au",
        ("à", "les"): "aux",
        ("de", "le"): "du",
        ("de", "les"): "des",
    },
}
# The articles of a name's forms that agree with one gender (German: masculine, feminine,
# neuter, plural); a language not listed has one form, any of its articles.
DECLENSIONS: dict[str, frozenset[tuple[str, ...]]] = {
    "de": frozenset(
        {
            ("der", "den", "dem"),
            ("die", "die", "der"),
            ("das", "das", "dem"),
            ("die", "die", "den"),
        }
    ),
}
SEPARATOR = "|"
EVERY_CASE = frozenset(c for cases in CASES.values() for c in cases) | frozenset(ALIASES)


def forms_of(definite: str) -> tuple[str, ...]:
    """'der Bauernhof | den Bauernhof | dem Bauernhof' -> its forms."""
    return tuple(part.strip() for part in definite.split(SEPARATOR) if part.strip())


def _case_index(lang: str, case: str) -> int | None:
    cases = CASES.get(lang, CASES["en"])
    if case in cases:
        return cases.index(case)
    alias = ALIASES.get(case)
    if alias in cases:
        return cases.index(alias)
    return None


def is_form(spec: str) -> bool:
    """Whether a format spec asks for a name's form (its last word is a case), not a number's
    format ('+d', '>10')."""
    words = spec.split()
    return bool(words) and words[-1] in EVERY_CASE and all(w.isalpha() for w in words)


def form_problem(lang: str, spec: str) -> str | None:
    """Why `spec` is no form in `lang` (None when it is one)."""
    words = spec.split()
    if _case_index(lang, words[-1]) is None:
        cases = ", ".join(CASES.get(lang, CASES["en"]))
        return f"{{...:{spec}}} asks for a case {lang} does not have (it has: {cases})"
    if len(words) > 2:
        return f"{{...:{spec}}}: one preposition at most"
    return None


def _split_article(form: str, lang: str) -> tuple[str, str, str]:
    """'la Ferme' -> ('la', ' ', 'Ferme'); "l'Auberge" -> ("l'", '', 'Auberge')."""
    for article in sorted(ARTICLES.get(lang, ()), key=len, reverse=True):
        if article.endswith("'") and form.lower().startswith(article):
            return form[: len(article)], "", form[len(article) :]
        head, _, rest = form.partition(" ")
        if head.lower() == article and rest:
            return head, " ", rest
    return "", "", form


def inflect(forms: tuple[str, ...], spec: str, lang: str) -> str:
    """The form `spec` asks for ('bei dat'), from a name's definite forms in `lang`."""
    words = spec.split()
    # A case the name's language lacks reads as its first form: a sentence is never lost over
    # grammar (`caylus i18n check` reports such a template).
    index = _case_index(lang, words[-1]) or 0
    form = forms[min(index, len(forms) - 1)]
    if len(words) == 1:
        return form
    preposition = words[0]
    article, _, rest = _split_article(form, lang)
    joined = CONTRACTIONS.get(lang, {}).get((preposition.lower(), article.lower()))
    if joined is None:
        return f"{preposition} {form}"
    if preposition[:1].isupper():
        joined = joined[:1].upper() + joined[1:]
    return f"{joined} {rest}"


def form_problems(lang: str, bare: str, definite: str) -> list[str]:
    """What is wrong with a name's definite forms in `lang`: how many there are, each starting
    with an article of the language and holding the name's last word."""
    out = []
    forms = forms_of(definite)
    want = len(CASES.get(lang, CASES["en"]))
    if len(forms) != want:
        out.append(f"{len(forms)} forms, not {want} ({' | '.join(CASES[lang])})")
    articles = tuple(_split_article(form, lang)[0].lower() for form in forms)
    if lang in DECLENSIONS and len(forms) == want and articles not in DECLENSIONS[lang]:
        out.append(f"articles {' | '.join(articles)} do not agree with one gender")
    head = bare.split()[-1].lower() if bare.split() else ""
    for form in forms:
        article, _, rest = _split_article(form, lang)
        if not article:
            out.append(f"{form!r} does not start with an article ({', '.join(ARTICLES[lang])})")
        elif head and head not in rest.lower():
            out.append(f"{form!r} does not name {bare!r}")
    return out


class Name(str):
    """A name as a str (the bare name, then its suffix such as ' (7)'), which also knows its
    forms with the article: `format(name, 'bei dat')` -> 'beim Bauernhof (7)'."""

    forms: tuple[str, ...]
    lang: str
    suffix: str

    def __new__(
        cls, bare: str, definite: str = "", lang: str | None = None, suffix: str = ""
    ) -> Name:
        made = super().__new__(cls, f"{bare}{suffix}")
        made.forms = forms_of(definite) or (str(bare),)
        made.lang = lang or current()
        made.suffix = suffix
        return made

    def __getnewargs__(self) -> tuple[Any, ...]:  # type: ignore[override]
        bare = str(self)[: len(self) - len(self.suffix)] if self.suffix else str(self)
        return (bare, f" {SEPARATOR} ".join(self.forms), self.lang, self.suffix)

    def with_suffix(self, suffix: str) -> Name:
        """The same name followed by `suffix` in every form ('Farm' -> 'Farm (7)')."""
        bare = str(self)[: len(self) - len(self.suffix)] if self.suffix else str(self)
        return Name(bare, f" {SEPARATOR} ".join(self.forms), self.lang, self.suffix + suffix)

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        if is_form(spec):
            return inflect(self.forms, spec, self.lang) + self.suffix
        return format(str(self), spec)


def headed(text: str, head: Any) -> Name:
    """`text` as a name headed by `head` when it starts with it ('Markt (3)', 'Markt von Bob
    (3)': its forms are the head's, followed by the rest), else (another head, or none) a name
    with no article, so a template asking for a form still reads."""
    if isinstance(head, Name) and text.startswith(str(head)):
        return head.with_suffix(text[len(head) :])
    return text if isinstance(text, Name) else Name(text)
