"""The engine's sentences in the language in force: what happened (events), why a move is
illegal (errors), why a favor was won.

The engine says them as a key and values (engine/wording.py); here the key's template is read
from the translations (its words module is a catalogue source) and the values that are names
(buildings, cards, cubes, castle sections, places in the turn order) are translated too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from string import Formatter
from typing import Any

from engine.caylus.rules import PROMPTS_AT
from engine.caylus.state import State
from engine.caylus.words import cost_text
from engine.caylus.words import favor_reason as english_favor_reason
from engine.magna_carta.mc_words import namers as magna_carta_namers
from engine.protocol import Event
from engine.wording import MODULES, phrase
from i18n import Words
from i18n.grammar import Name, headed
from render.labels import w as lb
from render.names import (
    card_name,
    cube_name,
    cubes_words,
    empty_lot,
    residence,
    section_name,
    space_words,
    special_name,
    tile_name,
)

_WORDS = {prefix: Words(module) for prefix, module in MODULES.items()}


def ordinal(k: int) -> str:
    """'1st', '2nd', '3rd', '4th' in the language in force (places in the turn order)."""
    return lb.ORDINALS.get(k) or lb.ORDINAL.format(k=k)


def template(key: str) -> str:
    """The template of message `key` ("words.BUILD") in the language in force."""
    prefix, _, name = key.partition(".")
    value: Any = _WORDS[prefix]
    for part in name.split("."):
        value = value[part] if isinstance(value, dict) else getattr(value, part)
    wording: str = value  # a message's wording (a plural one formats like a str)
    return wording


def _caylus_namers() -> Mapping[str, Callable[[Any], str]]:
    words = _WORDS["words"]
    return {
        "tile": lambda tile: tile_name(tile) if tile else empty_lot(),
        "special": special_name,
        "cube": cube_name,
        "cubes": cubes_words,
        "needs": lambda cost: cost_text(cost, words.ANY_CUBE, cubes_words),
        "ordinal": ordinal,
        "section": section_name,
        "effect": lambda effect: words.EFFECTS[effect],
        "kind": lambda kind: words.KINDS[kind],
        "decision": lambda kind: lb.DECISIONS.get(kind, kind),
    }


def _magna_carta_namers() -> Mapping[str, Callable[[Any], str]]:
    return magna_carta_namers(_WORDS["mc_words"], card_name, cube_name, ordinal)


# How each game's words module (engine/wording.py MODULES) names the values of its messages.
_NAMERS: dict[str, Callable[[], Mapping[str, Callable[[Any], str]]]] = {
    "words": _caylus_namers,
    "mc_words": _magna_carta_namers,
}


@cache
def _namers(prefix: str) -> Mapping[str, Callable[[Any], str]]:
    return _NAMERS[prefix]()


def _headed(key: str, wording: str, values: dict[str, Any]) -> str:
    """A message made of a name and more ('{card} ({at})', a Magna Carta road card) stays a
    `Name` headed by that name, so a template around it can still ask for a form with its
    article ('{label:bei dat}' -> 'beim Markt (3)'). The residence label's head is the
    residence's own name, which its wording starts with."""
    text = wording.format(**values)
    if not isinstance(wording, str):  # a plural message is a whole sentence, never a name's head
        return text
    head: Any = None
    parts = list(Formatter().parse(wording))
    if parts and not parts[0][0] and parts[0][1] and not parts[0][2]:
        head = values.get(parts[0][1])
    elif key in _HEADS:
        head = _HEADS[key]()
    return headed(text, head)  # no head: a name with no article, never a failed form


_HEADS: dict[str, Callable[[], Name]] = {"mc_words.RESIDENCE": residence}


def say(key: str, args: Mapping[str, Any] | None = None, **people: str) -> str:
    """Message `key` with its values in the language in force; `people` fill {s} and {o}."""
    return phrase(key, args, template, _namers(key.partition(".")[0]), _headed, **people)


def event_text(event: Event, names: list[str]) -> str:
    """An engine event in the language in force, seats named by `names`, starting upper case
    (events the engine did not phrase as a key read in English)."""
    if not event.key:
        text = event.render(names).strip()
    else:
        actor = names[event.seat] if event.seat is not None else ""
        other = names[event.other] if event.other is not None else ""
        text = say(event.key, event.args, s=actor, o=other).strip()
    return text[:1].upper() + text[1:]


def error_text(error: BaseException) -> str:
    """An engine error in the language in force (its English when it carries no key)."""
    key = getattr(error, "key", "")
    if not key:
        return str(error)
    text = say(key, getattr(error, "values", None))
    return text[:1].upper() + text[1:]


def favor_reason(why: str) -> str:
    """What won a royal favor, from the English a Caylus decision keeps."""
    found = english_favor_reason(why)
    return say(*found) if found is not None else why


def decision_phrase(game: str, kind: str, english: str = "") -> str:
    """What a decision of `kind` asks, in the language in force, from what the clock keeps
    (the game, the decision's kind and the engine's English prompt, no state): the clock's
    reminders and notices, `/caylus me`, `/caylus mygames`. A Caylus decision at a building
    names it again in the language in force; an unknown kind keeps the engine's words."""
    if game == "magna-carta":
        phrases: dict[str, str] = _WORDS["mc_words"].DECISIONS
        return phrases.get(kind, english)
    if kind in lb.DECISIONS_AT:
        pattern = re.escape(PROMPTS_AT[kind]).replace(r"\{where\}", "(?P<where>.+)")
        found = re.fullmatch(pattern, english)
        if found:
            return lb.DECISIONS_AT[kind].format(where=space_words(found["where"]))
    if kind in lb.DECISIONS:
        return lb.DECISIONS[kind]
    return english


def decision_words(state: State) -> str:
    """What the current Caylus decision asks, in the language in force (the engine's prompt)."""
    d = state.decision
    if d is None:
        return ""
    if d.kind == "favor" and d.why:
        return lb.FAVOR_WON_FOR.format(why=favor_reason(d.why))
    if not d.at or d.kind not in lb.DECISIONS_AT:
        return lb.DECISIONS.get(d.kind, d.kind)
    tile = state.road[d.at - 1]
    where = tile_name(tile).with_suffix(f" ({d.at})") if tile else Name(lb.SPACE.format(at=d.at))
    return lb.DECISIONS_AT[d.kind].format(where=where)
