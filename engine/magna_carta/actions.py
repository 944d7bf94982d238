"""Actions: small frozen models with one canonical text each (docs/magna-carta-notation.md).

`parse(text)` accepts the canonical form and forgiving variants (case, cube order, card-name
aliases, spacing) and returns the canonical action, so `str(parse(t)) == t` for canonical texts
and `parse(str(a)) == a` for every action. Actions are interned: the same text always gives the
same object, which keeps legal-action lists cheap to build and compare.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Literal, get_args

from pydantic import BaseModel, ConfigDict

import engine.magna_carta.catalogue as cat
from engine.errors import MalformedAction
from engine.magna_carta.catalogue import CARDS, Kind

Verb = Literal[
    "keep",
    "redraw",
    "draw",
    "swap",
    "place",
    "build",
    "prestige",
    "pass",
    "provost",
    "buy",
    "sell",
    "trade",
    "pay",
    "lawyer",
    "deliver",
    "skip",
]
VERBS: tuple[str, ...] = get_args(Verb)
BARE_VERBS = ("keep", "redraw", "draw", "swap", "pass", "skip")
ROAD_MAX = len(cat.NEUTRAL_IDS) - 1 + cat.MAX_PLAYERS * len(cat.PLAYER_CARDS)  # 52 cards


class Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    verb: Verb
    arg: str = ""

    _interned: ClassVar[dict[tuple[str, str], Action]] = {}

    @classmethod
    def of(cls, verb: str, arg: str = "") -> Action:
        """The interned action for (verb, arg); `arg` must already be canonical."""
        key = (verb, arg)
        found = cls._interned.get(key)
        if found is None:
            # the engine's own verbs (a `Verb`), unchecked here: this runs for every option
            found = cls.model_construct(verb=verb, arg=arg)  # type: ignore[arg-type]
            cls._interned[key] = found
        return found

    @property
    def text(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else str(self.verb)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    # Interned actions compare by identity first; one built by hand still compares by text.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not Action:
            return NotImplemented
        return self.verb == other.verb and self.arg == other.arg

    def __hash__(self) -> int:
        return hash((self.verb, self.arg))


_ALIASES = {"done": "skip", "no": "skip", "decline": "skip", "stop": "skip", "none": "skip"}
_EXAMPLES: dict[str, str] = {
    "place": "'place 3'",
    "build": "'build small-farm FW'",
    "prestige": "'prestige statue SSG' or 'prestige statue @7 SSG'",
    "provost": "'provost +2' or 'provost -1'",
    "buy": "'buy S' or 'buy FW'",
    "sell": "'sell G'",
    "trade": "'trade W'",
    "pay": "'pay 2d'",
    "lawyer": "'lawyer 6 F'",
    "deliver": "'deliver FWS'",
}


def sort_cubes(cubes: str) -> str:
    return "".join(sorted(cubes, key=cat.CUBES.index))


def _cubes(text: str, raw: str, allowed: str, what: str) -> str:
    """`what`: a key of mc_words.WRITTEN (what the letters stand for)."""
    cubes = raw.replace("+", "").replace(",", "").upper()
    if not cubes or any(c not in allowed for c in cubes):
        values = {"text": f"'{text}'", "what": what, "letters": allowed}
        raise MalformedAction.said("mc_words.BAD_LETTERS", values)
    return sort_cubes(cubes)


def _card(text: str, word: str, kind: Kind) -> str:
    card_id = cat.ALIASES.get(word, word)
    card = CARDS.get(card_id)
    if card is None or card.kind is not kind:
        ids = ", ".join(c.id for c in CARDS.values() if c.kind is kind)
        key = "mc_words.UNKNOWN_PRESTIGE" if kind is Kind.PRESTIGE else "mc_words.UNKNOWN_CARD"
        raise MalformedAction.said(key, {"text": f"'{text}'", "word": f"'{word}'", "ids": ids})
    return card_id


def _position(text: str, word: str) -> int:
    if not (word.isascii() and word.isdigit()) or not 1 <= int(word) <= ROAD_MAX:
        raise MalformedAction.said("mc_words.BAD_POSITION", {"text": f"'{text}'", "last": ROAD_MAX})
    return int(word)


def parse(text: Any) -> Action:
    """Parse notation into the canonical action; raises MalformedAction with a hint."""
    if not isinstance(text, str) or not text.strip():
        raise MalformedAction.said("mc_words.NO_ACTION")
    words = text.strip().lower().split()
    verb = _ALIASES.get(words[0], words[0])
    rest = words[1:]
    if verb not in VERBS:
        values = {"text": f"'{text.strip()}'", "word": f"'{words[0]}'", "verbs": ", ".join(VERBS)}
        raise MalformedAction.said("mc_words.UNKNOWN_VERB", values)
    if verb in BARE_VERBS:
        if rest:
            values = {"text": f"'{text.strip()}'", "verb": verb}
            raise MalformedAction.said("mc_words.NOTHING_AFTER", values)
        return Action.of(verb)
    if not rest:
        values = {"text": f"'{text.strip()}'", "verb": verb, "example": _EXAMPLES[verb]}
        raise MalformedAction.said("mc_words.NEEDS_MORE", values)
    text = text.strip()
    if verb == "place":
        if len(rest) != 1:
            raise MalformedAction.said("mc_words.ONE_POSITION", {"text": f"'{text}'"})
        return Action.of(verb, str(_position(text, rest[0])))
    if verb == "build":
        card = _card(text, rest[0], Kind.PLAYER)
        if len(rest) == 1:
            return Action.of(verb, card)
        pay = _cubes(text, "".join(rest[1:]), cat.CUBES, "payment")
        return Action.of(verb, f"{card} {pay}")
    if verb == "prestige":
        card = _card(text, rest[0], Kind.PRESTIGE)
        parts = [card]
        more = rest[1:]
        if more and more[0].startswith("@"):
            parts.append(f"@{_position(text, more[0][1:])}")
            more = more[1:]
        if more:
            parts.append(_cubes(text, "".join(more), cat.CUBES, "payment"))
        return Action.of(verb, " ".join(parts))
    joined = "".join(rest)
    if verb == "provost":
        m = re.fullmatch(r"([+-])([1-3])", joined, re.ASCII)
        if not m:
            raise MalformedAction.said("mc_words.BAD_PROVOST", {"text": f"'{text}'"})
        return Action.of(verb, m.group(1) + m.group(2))
    if verb == "buy":
        cubes = _cubes(text, joined, cat.NON_GOLD, "buy")
        if len(cubes) > 2:
            raise MalformedAction.said("mc_words.BUY_TWO", {"text": f"'{text}'"})
        return Action.of(verb, cubes)
    if verb in ("sell", "trade"):
        cube = _cubes(text, joined, cat.CUBES, "resource")
        if len(cube) != 1:
            values = {"text": f"'{text}'", "example": _EXAMPLES[verb]}
            raise MalformedAction.said("mc_words.ONE_RESOURCE", values)
        return Action.of(verb, cube)
    if verb == "pay":
        m = re.fullmatch(r"(\d{1,2})d?", joined, re.ASCII)
        if not m:
            raise MalformedAction.said("mc_words.BAD_PAY", {"text": f"'{text}'"})
        return Action.of(verb, f"{int(m.group(1))}d")
    if verb == "lawyer":
        position = _position(text, rest[0])
        if len(rest) == 1:
            return Action.of(verb, str(position))
        cube = _cubes(text, "".join(rest[1:]), "FG", "residence")
        if len(cube) != 1:
            raise MalformedAction.said("mc_words.RESIDENCE_PRICE", {"text": f"'{text}'"})
        return Action.of(verb, f"{position} {cube}")
    # deliver: one castle batch of three cubes
    cubes = _cubes(text, joined, cat.CUBES, "batch")
    if len(cubes) != 3 or not cat.pays(cat.BATCH, cat.cube_counts(cubes)):
        raise MalformedAction.said("mc_words.BAD_BATCH", {"text": f"'{text}'"})
    return Action.of(verb, cubes)


def coerce(action: Any) -> Action:
    """An action from text or an Action object (re-read from its text if it was not made by
    the engine, so odd field values become MalformedAction, never another error)."""
    if isinstance(action, str):
        return parse(action)
    if action.__class__ is Action:
        verb, arg = action.__dict__.get("verb"), action.__dict__.get("arg")
        if isinstance(verb, str) and isinstance(arg, str):
            found = Action._interned.get((verb, arg))
            if found is not None:
                return found
            return parse(f"{verb} {arg}" if arg else verb)
    raise MalformedAction.said("mc_words.NOT_AN_ACTION")
