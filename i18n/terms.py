"""The published editions' terms, per language, and the check that holds a catalogue to them
(docs/i18n.md, "Terms"). The data are in i18n/glossary/; this module reads and applies them.

Each language has a glossary, `i18n/glossary/<lang>.toml`: for every concept the term the
published rulebook uses (`prefer`) and the variants a translation must not use (`forbid`),
bound to one game where the two games' rulebooks differ (`games`), or to some messages only
(`contexts`). `i18n/glossary/scope.toml` says which game a message belongs to, by the start of
its context. `breaches` finds every forbidden variant in a set of translations; the tests run
it over every msgstr of every catalogue (tests/test_i18n_glossary.py).

A forbidden variant is a word or phrase matched whole and regardless of case; `*` stands for
any letters inside a word (`Wertung*` finds "Wertungen", `*wertung` finds "Schlosswertung").
A match inside one of the term's `allow` phrases is no breach ("an der Reihe" is not the favor
row "Reihe"); placeholders (`{deniers}`) are skipped.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

GLOSSARY_DIR = Path(__file__).resolve().parent / "glossary"
GAMES: tuple[str, ...] = ("caylus", "magna-carta")
SHARED = "both"  # a message both games show: only the terms common to both games bind it


@dataclass(frozen=True)
class Term:
    """One concept: the published term and the variants a translation must not use."""

    concept: str
    prefer: str
    forbid: tuple[str, ...]
    games: tuple[str, ...] = GAMES
    contexts: tuple[str, ...] = ()  # only messages whose context starts with one of these
    allow: tuple[str, ...] = ()  # phrases in which a forbidden variant is the right word
    note: str = ""

    def binds(self, context: str) -> bool:
        """Whether this term holds for the message `context`."""
        if self.contexts and not context.startswith(self.contexts):
            return False
        game = scope_of(context)
        if game == SHARED:
            return set(GAMES) <= set(self.games)
        return game in self.games


@dataclass(frozen=True)
class Glossary:
    lang: str
    sources: str  # the rulebooks (or the edition) the terms come from
    terms: tuple[Term, ...]


@dataclass(frozen=True)
class Breach:
    """A forbidden variant found in one translated message."""

    lang: str
    context: str
    found: str
    term: Term
    text: str

    def __str__(self) -> str:
        return (
            f"{self.lang} {self.context}: '{self.found}' is forbidden ({self.term.concept}): "
            f"write '{self.term.prefer}' — in: {self.text!r}"
        )


def _pattern(variant: str) -> re.Pattern[str]:
    words = (re.escape(part) for part in variant.split("*"))
    return re.compile(r"(?<!\w)" + r"\w*".join(words) + r"(?!\w)", re.IGNORECASE)


@cache
def _patterns(variants: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    return tuple(_pattern(variant) for variant in variants)


def _allowed_spans(text: str, allow: tuple[str, ...]) -> list[tuple[int, int]]:
    spans = []
    for phrase in _patterns(allow):
        spans += [match.span() for match in phrase.finditer(text)]
    return spans


_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def find_forbidden(term: Term, text: str) -> list[str]:
    """The forbidden variants of `term` in `text`, as written there (placeholders such as
    `{deniers}` are names in the code, not words a player reads)."""
    text = _PLACEHOLDER.sub(lambda match: " " * len(match.group(0)), text)
    allowed = _allowed_spans(text, term.allow)
    found: dict[tuple[int, int], str] = {}  # by place: two variants may match one word
    for pattern in _patterns(term.forbid):
        for match in pattern.finditer(text):
            start, end = match.span()
            if not any(a <= start and end <= b for a, b in allowed):
                found.setdefault((start, end), match.group(0))
    return [found[span] for span in sorted(found)]


def _as_tuple(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list | tuple):
        return tuple(str(item) for item in value)
    return ()


@cache
def load(lang: str) -> Glossary:
    """The glossary of `lang` (KeyError-free: a language without one has no terms)."""
    path = GLOSSARY_DIR / f"{lang}.toml"
    if not path.exists():
        return Glossary(lang, "", ())
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    terms = tuple(
        Term(
            concept=entry["concept"],
            prefer=entry["prefer"],
            forbid=_as_tuple(entry["forbid"]),
            games=_as_tuple(entry.get("games", GAMES)),
            contexts=_as_tuple(entry.get("contexts", ())),
            allow=_as_tuple(entry.get("allow", ())),
            note=entry.get("note", ""),
        )
        for entry in data.get("terms", ())
    )
    return Glossary(lang, data.get("sources", ""), terms)


@cache
def _scopes() -> tuple[tuple[str, str], ...]:
    data = tomllib.loads((GLOSSARY_DIR / "scope.toml").read_text(encoding="utf-8"))
    pairs = [(prefix, game) for game, prefixes in data.items() for prefix in prefixes]
    # The longest matching start decides: "labels.MC_" before "labels.".
    return tuple(sorted(pairs, key=lambda pair: -len(pair[0])))


def scope_prefixes() -> tuple[tuple[str, str], ...]:
    """(context start, game) pairs of scope.toml, longest first."""
    return _scopes()


def scope_of(context: str) -> str:
    """The game a message belongs to ('caylus', 'magna-carta'), or SHARED."""
    for prefix, game in _scopes():
        if context == prefix or context.startswith(prefix):
            return game
    return SHARED


def breaches(glossary: Glossary, messages: Iterable[tuple[str, str]]) -> list[Breach]:
    """Every forbidden variant in `messages`, (context, translation) pairs."""
    out = []
    for context, text in messages:
        for term in glossary.terms:
            if term.binds(context):
                out += [
                    Breach(glossary.lang, context, found, term, text)
                    for found in find_forbidden(term, text)
                ]
    return out


def translations(lang: str, path: Path | None = None) -> Iterator[tuple[str, str]]:
    """(context, msgstr) for every translated message of `lang`'s catalogue (or of the
    catalogue file `path`), each plural form on its own."""
    from babel.messages.pofile import read_po

    from i18n import po_path

    with (path or po_path(lang)).open("rb") as handle:
        messages = read_po(handle, locale=lang)
    for message in messages:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        for text in strings:
            if text:
                yield message.context or "", text
