"""The words a player reads, in English, Dutch, German or French (docs/i18n.md).

English is the source: every user-facing string is written once, in English, in a catalogue
module (bot/words/text.py, bot/words/messages.py, ...). Those strings are the msgids of gettext
catalogues (`i18n/locale/messages.pot`, one `i18n/locale/<lang>/LC_MESSAGES/messages.po` per
language), read at run time with Babel, so a clean checkout needs no build step. Each message's
context (msgctxt) is where it lives ("text.NO_GAME", "text.DESC.new"), so one English word in
two roles ("Castle" the phase, "Castle" the building) can be translated twice.

Code reads a catalogue module through `Words`: `t = Words("bot.words.text")`, then `t.NO_GAME`
is that string in the current language, a context variable set with `using(lang)` (the game's
language for what is posted in a channel, the reader's for a private reply). Outside any
`using`, English.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext
import importlib
import re
import string
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

LANGUAGES: tuple[str, ...] = ("en", "nl", "de", "fr")
DEFAULT = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"

_current: contextvars.ContextVar[str] = contextvars.ContextVar("caylus_language", default=DEFAULT)


def current() -> str:
    """The language strings are read in now."""
    return _current.get()


def normalize(code: str | None) -> str:
    """A language code or a Discord locale ('nl', 'de', 'fr', 'en-US', 'en-GB') -> one of
    LANGUAGES; anything else -> English."""
    if not code:
        return DEFAULT
    base = str(code).replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT


def supported(code: str | None) -> bool:
    """Whether `code` names one of our languages (a Discord locale 'en-US' counts as 'en')."""
    if not code:
        return False
    return str(code).replace("_", "-").split("-")[0].lower() in LANGUAGES


@contextlib.contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Read every string in `lang` inside the block (None: keep the current language; a code
    we do not have: English)."""
    token = _current.set(normalize(lang) if lang else _current.get())
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def set_current(lang: str | None) -> contextvars.Token[str]:
    """Set the language for the rest of this task (reset with `reset`)."""
    return _current.set(normalize(lang))


def reset(token: contextvars.Token[str]) -> None:
    _current.reset(token)


class Plural(NamedTuple):
    """A message with a singular and a plural form in English (gettext's msgid_plural); other
    languages have as many forms as their plural rule says. Read it with `.format(count=n, ...)`
    through `Words` (which gives a `PluralText`)."""

    one: str
    other: str

    def format(self, count: float, **values: Any) -> str:
        """The English form for `count` (the engine's English reads its plurals so)."""
        return (self.one if count == 1 else self.other).format(count=count, **values)


_FIELD = re.compile(r"\{[^{}]*\}")


def is_translatable(value: str) -> bool:
    """Only strings with a letter outside their placeholders are words ('• {line}', an emoji
    or ' · ' are the same everywhere)."""
    return any(ch.isalpha() for ch in _FIELD.sub("", value))


class PluralText:
    """A plural message in one language: `.format(count=n, **more)` picks the form."""

    __slots__ = ("forms", "lang")

    def __init__(self, forms: tuple[str, ...], lang: str) -> None:
        self.forms, self.lang = forms, lang

    def form(self, count: float) -> str:
        # gettext's plural rules take whole numbers: a fraction ('2.5 days') reads as many
        whole = float(count).is_integer()
        index = _plural_index(self.lang)(abs(int(count)) if whole else 2)
        return self.forms[min(int(index), len(self.forms) - 1)]

    def format(self, count: float, **values: Any) -> str:
        return self.form(count).format(count=number(count, self.lang), **values)


# --- the catalogues -------------------------------------------------------------------------


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def _catalog(lang: str) -> Any:
    """The Babel catalogue of `lang` (None for English, the source language)."""
    if lang == DEFAULT:
        return None
    from babel.messages.pofile import read_po

    path = po_path(lang)
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


@cache
def _table(lang: str) -> dict[tuple[str | None, str], Any]:
    """(context, English) -> the translation (a str, or a tuple of plural forms); untranslated
    and fuzzy messages are left out, so they read in English."""
    catalog = _catalog(lang)
    table: dict[tuple[str | None, str], Any] = {}
    if catalog is None:
        return table
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.string, tuple | list):
            if all(message.string):
                key = message.id[0] if isinstance(message.id, tuple | list) else message.id
                table[(message.context, key)] = tuple(message.string)
        elif message.string:
            table[(message.context, message.id)] = message.string
    return table


@cache
def _by_english(lang: str) -> dict[str, str]:
    """English -> translation whatever the context (for Discord's command translator)."""
    out: dict[str, str] = {}
    for (_, english), value in _table(lang).items():
        if isinstance(value, str):
            out.setdefault(english, value)
    return out


@cache
def _plural_index(lang: str) -> Any:
    catalog = _catalog(lang)
    if catalog is None:
        return lambda n: 0 if n == 1 else 1
    return gettext.c2py(catalog.plural_expr)


def translate(context: str | None, english: str, lang: str | None = None) -> str:
    """`english` (a msgid with its context) in `lang` (default: the current language)."""
    lang = lang or current()
    if lang == DEFAULT:
        return english
    value = _table(lang).get((context, english))
    return value if isinstance(value, str) else english


def by_english(english: str, lang: str) -> str | None:
    """The translation of `english` in `lang` from any context, None when there is none."""
    if lang == DEFAULT:
        return None
    return _by_english(lang).get(english)


def _localise(lang: str, context: str, value: Any) -> Any:
    if isinstance(value, Plural):
        forms = _table(lang).get((context, value.one)) if lang != DEFAULT else None
        if not isinstance(forms, tuple):
            forms = (value.one, value.other)
        return PluralText(forms, lang)
    if isinstance(value, str):
        if lang == DEFAULT or not is_translatable(value):
            return value
        return translate(context, value, lang)
    if isinstance(value, dict):
        return {k: _localise(lang, f"{context}.{k}", v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(_localise(lang, f"{context}.{i}", v) for i, v in enumerate(value))
    return value


class Words:
    """A catalogue module read in the current language: `Words("bot.words.text").NO_GAME`.

    The module holds the English (its constants, dicts and tuples of strings, `Plural`s); names
    in the module's `UNTRANSLATED` set (identifiers such as colour codes) are passed through.
    """

    def __init__(self, module: str) -> None:
        self._name = module
        self._prefix = module.rsplit(".", 1)[-1]
        self._module: ModuleType | None = None
        self._cache: dict[tuple[str, str], Any] = {}

    @property
    def module(self) -> ModuleType:
        if self._module is None:
            self._module = importlib.import_module(self._name)
        return self._module

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        value = getattr(self.module, name)
        lang = current()
        if name in getattr(self.module, "UNTRANSLATED", ()):
            return value
        if lang == DEFAULT and not isinstance(value, Plural):
            return value
        key = (lang, name)
        try:
            return self._cache[key]
        except KeyError:
            out = self._cache[key] = _localise(lang, f"{self._prefix}.{name}", value)
            return out


# --- formatting -----------------------------------------------------------------------------


def number(value: float, lang: str | None = None) -> str:
    """A number as the language writes it (1,234.5 / 1.234,5)."""
    from babel.numbers import format_decimal

    return format_decimal(value, locale=lang or current())


def join(items: list[str] | tuple[str, ...], lang: str | None = None) -> str:
    """'a, b and c' in the language ('a, b en c', 'a, b und c', 'a, b et c')."""
    from babel.lists import format_list

    items = [str(i) for i in items]
    if not items:
        return ""
    return format_list(items, locale=lang or current())


def fields(template: str) -> set[str]:
    """The placeholders of a str.format template ('{who} chose {label!r}' -> {'who', 'label'})."""
    out = set()
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is not None:
            out.add(name.split(".")[0].split("[")[0])
        if spec:
            out |= fields(spec)
    return out


class Later:
    """A sentence read when it is shown, in the language in force then: `Later(m, "CLOCK_PAUSED",
    game_id=3)`; `str()` formats it. Sentences made by a service that does not know who will
    read them (the channel, a player in private) travel as these. `+` appends another one."""

    __slots__ = ("parts",)

    def __init__(self, words: Any = None, name: str = "", **values: Any) -> None:
        self.parts: tuple[tuple[Any, str, dict[str, Any]], ...] = (
            ((words, name, values),) if words is not None else ()
        )

    def __str__(self) -> str:
        """Values that are callables (a colour's name) are read now too."""
        return "".join(
            getattr(words, name).format(**{k: v() if callable(v) else v for k, v in values.items()})
            for words, name, values in self.parts
        )

    def __add__(self, other: Later) -> Later:
        joined = Later()
        joined.parts = self.parts + other.parts
        return joined

    def __eq__(self, other: object) -> bool:
        return str(self) == (str(other) if isinstance(other, Later | str) else other)

    def __hash__(self) -> int:
        return hash(str(self))

    def __repr__(self) -> str:
        return f"Later({str(self)!r})"

    def replace(self, old: str, new: str) -> str:
        return str(self).replace(old, new)


def language_name(code: str) -> str:
    """A language's own name ('Nederlands', 'Deutsch', 'Français'), from Babel's locale data:
    the same in every language, so a reader finds their own."""
    from babel import Locale

    name = Locale.parse(normalize(code)).get_display_name(normalize(code)) or code
    return name[:1].upper() + name[1:]
