"""Sentences as a key and values, phrased when read (docs/i18n.md).

The engine says what happened and why a move is illegal as a message key and its values: the
key names an English template in a game's words module (`engine/caylus/words.py`:
"words.BUILD" is its constant BUILD), the values are numbers and ids (a tile id, cube letters,
a castle section's index). `english` phrases them for the command line, logs and records; the
bot phrases the same key and values from the translated templates, with the names translated.

A value's meaning comes from its name (`tile`, `cubes`, `section`, ...): each game gives one
function per name that turns an id into words. A value that is itself a (key, values) pair is a
message inside the message (a prestige gain's reason); a tuple value is always such a message
(use lists for other sequences).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

Said = tuple[str, dict[str, Any]]  # a message: its key and its values
Namer = Callable[[Any], str]

# words module prefix -> module path; the prefix is the first part of every key of that module
MODULES: dict[str, str] = {
    "words": "engine.caylus.words",
    "mc_words": "engine.magna_carta.mc_words",
}


def _english_template(key: str) -> str:
    prefix, _, name = key.partition(".")
    module = importlib.import_module(MODULES[prefix])
    value: Any = module
    for part in name.split("."):
        value = value[part] if isinstance(value, dict) else getattr(value, part)
    wording: str = value  # a message's wording (a plural one formats like a str)
    return wording


def phrase(
    key: str,
    args: Mapping[str, Any] | None,
    template: Callable[[str], str],
    namers: Mapping[str, Namer],
    inner: Callable[[str, str, dict[str, Any]], str] | None = None,
    **people: str,
) -> str:
    """The message `key` with `args` in words: `template(key)` gives its wording, `namers` turn
    named values into words, `people` fill {s} and {o} (the seats' names). A message inside is
    made by `inner(key, template, values)` when given (a translation keeps there what a name
    needs to take its article later), else formatted."""
    values: dict[str, Any] = dict(people)
    if args:
        for name, value in args.items():
            if isinstance(value, tuple):
                values[name] = phrase(value[0], value[1], template, namers, inner, **people)
            else:
                namer = namers.get(name)
                values[name] = namer(value) if namer is not None else value
    if inner is not None:
        return inner(key, template(key), values)
    return template(key).format(**values)


def english_namers(key: str) -> Mapping[str, Namer]:
    prefix = key.partition(".")[0]
    module = importlib.import_module(MODULES[prefix])
    namers: Mapping[str, Namer] = module.ENGLISH_NAMERS  # each words module has them
    return namers


def english(key: str, args: Mapping[str, Any] | None = None, **people: str) -> str:
    """The message in English; {s} and {o} stay placeholders unless given."""
    people = {"s": "{s}", "o": "{o}", **people}
    return phrase(key, args, _english_template, english_namers(key), None, **people)
