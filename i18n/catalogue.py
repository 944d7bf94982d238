"""Keeping the catalogues in step with the code: `caylus i18n extract | check | stats`.

`extract` reads every catalogue module (SOURCES), writes the template `messages.pot` and merges
it into each language's `messages.po` (new messages come in untranslated, changed ones fuzzy:
both read in English until a translator fills them in). `check` lists what is missing or wrong.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Iterator
from typing import Any

from i18n import (
    DEFAULT,
    DOMAIN,
    LANGUAGES,
    LOCALE_DIR,
    Plural,
    fields,
    grammar,
    is_translatable,
    po_path,
)

# Modules whose UPPER_CASE constants are user-facing English (docs/i18n.md).
SOURCES: tuple[str, ...] = (
    "bot.words.text",
    "bot.games.caylus.text",  # each game's own strings, msgctxt text.<NAME> like bot.words.text's
    "bot.games.magna_carta.text",
    "bot.words.messages",
    "render.names",
    "render.labels",
    "engine.caylus.words",  # the engines' sentences (engine/wording.py)
    "engine.magna_carta.mc_words",
    "bot.web.webtext",  # the web page's own words (docs/web.md)
)
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
# What translators read above each name's forms with its article (i18n/grammar.py).
DEFINITE_NOTE = (
    "This name with its definite article, as sentences use it. German: nominative | accusative "
    "| dative, e.g. 'der Bauernhof | den Bauernhof | dem Bauernhof'; French and Dutch: one form, "
    "e.g. 'la Ferme', \"l'Auberge\", 'les Écuries'; 'de boerderij', 'het kasteel'."
)
PROJECT = "caylus-bot"
BRACE = "python-brace-format"


def _walk(context: str, value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, Plural):
        yield context, value
    elif isinstance(value, str):
        if is_translatable(value):
            yield context, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(f"{context}.{key}", item)
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from _walk(f"{context}.{index}", item)


def messages() -> Iterator[tuple[str, str | Plural, str]]:
    """(context, English, module) for every user-facing message, in source order."""
    for name in SOURCES:
        module = importlib.import_module(name)
        prefix = name.rsplit(".", 1)[-1]
        skip = set(getattr(module, "UNTRANSLATED", ()))
        for attr, value in vars(module).items():
            if not attr.isupper() or attr.startswith("_") or attr in skip:
                continue
            for context, english in _walk(f"{prefix}.{attr}", value):
                yield context, english, name


def is_definite(context: str) -> bool:
    """Whether the message is a name with its article (a constant ending in _DEFINITE)."""
    return context.split(".")[1].endswith("_DEFINITE")


def bare_context(context: str) -> str:
    """The context of the bare name whose forms `context` gives ('names.TILE_DEFINITE.farm' ->
    'names.TILE_NAMES.farm', 'names.EMPTY_LOT_DEFINITE' -> 'names.EMPTY_LOT')."""
    prefix, attr, *rest = context.split(".")
    stem = attr.removesuffix("_DEFINITE")
    # the first module of that prefix (bot.words.text: the games' own text modules hold no names)
    module = importlib.import_module(next(s for s in SOURCES if s.endswith(f".{prefix}")))
    bare = f"{stem}_NAMES" if hasattr(module, f"{stem}_NAMES") else stem
    return ".".join([prefix, bare, *rest])


def _grammar_problems(lang: str, context: str, strings: list[str], have: dict[Any, Any]) -> list:
    """Forms asked for that the language does not have ({tile:dat} in French), and names with
    their article that do not give the language's forms."""
    out = []
    for translated in strings:
        for spec in _specs(translated):
            problem = grammar.form_problem(lang, spec) if grammar.is_form(spec) else None
            if problem:
                out.append(f"{lang}: form in {context}: {problem}")
    if is_definite(context):
        bare = next((m for key, m in have.items() if key[0] == bare_context(context)), None)
        name = bare.string if bare is not None and isinstance(bare.string, str) else ""
        for problem in grammar.form_problems(lang, name, strings[0]):
            out.append(f"{lang}: article of {context}: {problem}")
    return out


def _specs(template: str) -> list[str]:
    import string

    try:
        return [spec for _, name, spec, _ in string.Formatter().parse(template) if name and spec]
    except ValueError:
        return []


def template() -> Any:
    from babel.messages.catalog import Catalog

    catalog = Catalog(
        project=PROJECT,
        version="1",
        domain=DOMAIN,
        charset="utf-8",
        fuzzy=False,
        copyright_holder="the caylus-bot authors",
        msgid_bugs_address="the project's issue tracker",
    )
    for context, english, module in messages():
        msgid: Any = english
        text = english
        if isinstance(english, Plural):
            msgid = (english.one, english.other)
            text = english.one + english.other
        flags = [BRACE] if "{" in text else []
        catalog.add(
            msgid,
            context=context,
            locations=[(module.replace(".", "/") + ".py", 0)],
            flags=flags,
            auto_comments=[DEFINITE_NOTE] if is_definite(context) else [],
        )
    return catalog


def _write(catalog: Any, path: Any, **options: Any) -> None:
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, include_lineno=False, **options)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = buffer.getvalue()
    if not path.exists() or _undated(path.read_bytes()) != _undated(data):
        path.write_bytes(data)


def _undated(data: bytes) -> bytes:
    """A catalogue without its date lines (rewriting a file only for a new date is noise)."""
    dates = (b'"POT-Creation-Date', b'"PO-Revision-Date')
    return b"\n".join(line for line in data.splitlines() if not line.startswith(dates))


def read(lang: str) -> Any:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN, project=PROJECT, fuzzy=False)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def extract() -> list[str]:
    """Write the template and merge it into every language; returns the files written."""
    pot = template()
    _write(pot, TEMPLATE)
    written = [str(TEMPLATE)]
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        catalog = read(lang)
        catalog.update(pot, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        _write(catalog, po_path(lang), ignore_obsolete=True)
        written.append(str(po_path(lang)))
    return written


def _key(message: Any) -> tuple[str | None, str]:
    msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return message.context, msgid


def problems(lang: str) -> list[str]:
    """What stops `lang` from being complete: missing, fuzzy or extra messages, placeholders
    that differ from the English."""
    out: list[str] = []
    catalog = read(lang)
    have = {_key(m): m for m in catalog if m.id}
    wanted = set()
    for context, english, _ in messages():
        one = english.one if isinstance(english, Plural) else english
        wanted.add((context, one))
        message = have.get((context, one))
        if message is None:
            out.append(f"{lang}: missing {context}")
            continue
        if message.fuzzy:
            out.append(f"{lang}: fuzzy {context}")
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        if not all(strings):
            out.append(f"{lang}: untranslated {context}")
            continue
        out += _grammar_problems(lang, context, list(strings), have)
        sources = [english.one, english.other] if isinstance(english, Plural) else [english]
        expected = set().union(*(fields(s) for s in sources))
        for translated in strings:
            got = fields(translated)
            if isinstance(english, Plural):
                got |= {"count"}  # a form for one may say "one" instead of {count}
            if got != expected:
                out.append(
                    f"{lang}: placeholders of {context}: {sorted(got)}, not {sorted(expected)}"
                )
    for key in have:
        if key not in wanted:
            out.append(f"{lang}: obsolete {key[0]}")
    return out


def stale_template() -> bool:
    """Whether messages.pot differs from what the code says (run `caylus i18n extract`)."""
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, template(), width=100, include_lineno=False)
    if not TEMPLATE.exists():
        return True
    return _undated(TEMPLATE.read_bytes()) != _undated(buffer.getvalue())


def stats() -> dict[str, dict[str, int]]:
    total = sum(1 for _ in messages())
    out = {}
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        missing = sum(1 for p in problems(lang) if " untranslated " in p or " missing " in p)
        out[lang] = {"messages": total, "translated": total - missing}
    return out
