"""Actions: small frozen models with one canonical text form each (docs/notation.md).

`parse(text)` accepts the canonical form and a few forgiving variants (case, cube order, aliases)
and returns the canonical action, so `parse(str(a)) == a` for every action the engine produces.
Actions are interned: the same text always yields the same object, which keeps legal-action
lists cheap to build and compare (typed texts only while the table has room, see `typed`).
Any text at all ends in a canonical action or a MalformedAction: numbers are ASCII digits only
and a text longer than MAX_ACTION_LENGTH is refused outright.
"""

from __future__ import annotations

import re
from typing import ClassVar, Literal, get_args

from pydantic import BaseModel, ConfigDict

from engine.caylus.catalogue import CUBES, ROAD_LENGTH, SPECIALS, TILES
from engine.errors import MalformedAction, quoted

Verb = Literal[
    "pass",
    "place",
    "gate",
    "provost",
    "joust",
    "inn",
    "take",
    "build",
    "lawyer",
    "sell",
    "buy",
    "pay",
    "batch",
    "favor",
    "exchange",
    "skip",
]
VERBS: tuple[str, ...] = get_args(Verb)

PLACE_TARGETS: tuple[str, ...] = (*SPECIALS, "castle")


class Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    verb: Verb
    arg: str = ""

    _interned: ClassVar[dict[tuple[str, str], Action]] = {}

    @classmethod
    def of(cls, verb: str, arg: str = "") -> Action:
        """The interned action for (verb, arg); arg must already be canonical."""
        key = (verb, arg)
        found = cls._interned.get(key)
        if found is None:
            found = cls.model_construct(verb=verb, arg=arg)  # type: ignore[arg-type]
            cls._interned[key] = found
        return found

    # Typed texts are interned as well, but only while the table is smaller than this: past it,
    # `typed` returns a fresh (equal, not identical) action, so that a stream of distinct typed
    # junk ('take FFFFWW...') cannot grow the table without end. The engine's own actions
    # always go through `of`, so every legal action stays interned.
    TYPED_INTERN_LIMIT: ClassVar[int] = 20_000

    @classmethod
    def typed(cls, verb: str, arg: str = "") -> Action:
        """The action for a parsed (canonical) text: the interned one when there is room."""
        found = cls._interned.get((verb, arg))
        if found is not None:
            return found
        if len(cls._interned) < cls.TYPED_INTERN_LIMIT:
            return cls.of(verb, arg)
        return cls.model_construct(verb=verb, arg=arg)  # type: ignore[arg-type]

    @classmethod
    def interned(cls, verb: object, arg: object) -> Action | None:
        """The interned action (verb, arg), if there is one (every legal action is)."""
        if type(verb) is not str or type(arg) is not str:
            return None
        return cls._interned.get((verb, arg))

    @property
    def text(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else self.verb

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        verb, arg = self.__dict__.get("verb"), self.__dict__.get("arg")
        if isinstance(verb, str) and isinstance(arg, str):
            return f"Action({self.text!r})"
        return f"Action(verb={verb!r}, arg={arg!r})"  # built by hand with other values

    # Interned actions compare by identity first; a model built by hand still compares by text.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not Action:
            return NotImplemented
        return self.verb == other.verb and self.arg == other.arg

    def __hash__(self) -> int:
        return hash((self.verb, self.arg))


def sort_cubes(cubes: str) -> str:
    """Cube letters in canonical order F W S C G."""
    return "".join(sorted(cubes, key=CUBES.index))


_CUBES_RE = re.compile(r"^[FWSCG]+$")
_ALIASES = {"done": "skip", "no": "skip", "decline": "skip", "stop": "skip"}

# The longest canonical action is about 20 characters ('build cathedral @28'); forgiving variants
# add spaces and '+'. Anything much longer is not an action, and refusing it early keeps the
# parser's work (and every message quoting the text) small.
MAX_ACTION_LENGTH = 100


def _cubes(arg: str, text: str) -> str:
    arg = arg.replace("+", "").replace(" ", "").upper()
    if not _CUBES_RE.match(arg):
        raise MalformedAction.said("words.BAD_CUBES", {"text": quoted(text)})
    return sort_cubes(arg)


def _position(word: str) -> int | None:
    """The road position a word of ASCII digits names (leading zeros allowed), else None."""
    if not word.isdigit():  # the caller has made sure the word is ASCII: digits 0-9 only
        return None
    value = int(word)  # short: the whole text is at most MAX_ACTION_LENGTH characters
    return value if 1 <= value <= ROAD_LENGTH else None


def _space(arg: str, text: str, extra: tuple[str, ...] = ()) -> str:
    aliases = {
        "tradingpost": "trading",
        "trading-post": "trading",
        "post": "trading",
        "merchants": "guild",
        "jousting": "joust",
        "stable": "stables",
    }
    arg = aliases.get(arg, arg)
    if arg in PLACE_TARGETS or arg in extra:
        return arg
    position = _position(arg)
    if position is not None:
        return str(position)
    targets = ", ".join(PLACE_TARGETS)
    values = {"text": quoted(text), "last": ROAD_LENGTH, "targets": targets}
    raise MalformedAction.said("words.BAD_SPACE", values)


def _not_plain(text: str, verb: str) -> MalformedAction:
    """The error for a text with characters outside ASCII (superscripts, fullwidth digits, ...)."""
    example = _NUMBER_EXAMPLES.get(verb) or _EXAMPLES.get(verb) or "'place 7'"
    odd = next(c for c in text if not c.isascii() and not c.isspace())
    key = "words.NOT_PLAIN_NUMBER" if odd.isnumeric() else "words.NOT_PLAIN"
    return MalformedAction.said(key, {"text": quoted(text), "example": example})


def parse(text: str) -> Action:
    """Parse notation into the canonical action; raises MalformedAction with a hint."""
    if not isinstance(text, str) or not text.strip():
        raise MalformedAction.said("words.NO_ACTION")
    if len(text) > MAX_ACTION_LENGTH:
        values = {"text": quoted(text, 40), "length": len(text)}
        raise MalformedAction.said("words.TOO_LONG", values)
    words = text.split()
    verb = _ALIASES.get(words[0].lower(), words[0].lower())
    # Only ASCII from here on: str.isdigit() accepts superscripts that int() refuses, and
    # upper() turns 'ß' into 'SS'. Unicode spaces between the words are fine.
    if not all(word.isascii() for word in words):
        raise _not_plain(text, verb)
    rest = words[1:]
    lowered = [w.lower() for w in rest]
    if verb not in VERBS:
        values = {"text": quoted(text), "word": quoted(words[0], 20), "verbs": ", ".join(VERBS)}
        raise MalformedAction.said("words.UNKNOWN_VERB", values)
    if verb in ("pass", "skip", "joust"):
        if rest:
            raise MalformedAction.said("words.NOTHING_AFTER", {"text": quoted(text), "verb": verb})
        return Action.typed(verb)
    if not rest:
        values = {"text": quoted(text), "verb": verb, "example": _EXAMPLES[verb]}
        raise MalformedAction.said("words.NEEDS_MORE", values)
    joined = " ".join(lowered)
    if verb == "place":
        return Action.typed(verb, _space(joined.replace(" ", ""), text))
    if verb == "gate":
        return Action.typed(verb, _space(joined.replace(" ", ""), text, ("back",)))
    if verb == "provost":
        m = re.fullmatch(r"([+-]) *([1-3])", joined)
        if not m:
            raise MalformedAction.said("words.BAD_PROVOST", {"text": quoted(text)})
        return Action.typed(verb, m.group(1) + m.group(2))
    if verb == "inn":
        if joined not in ("stay", "leave"):
            raise MalformedAction.said("words.BAD_INN", {"text": quoted(text)})
        return Action.typed(verb, joined)
    if verb in ("take", "sell", "buy", "batch"):
        return Action.typed(verb, _cubes("".join(rest), text))
    if verb == "pay":
        m = re.fullmatch(r"([0-9]+) *d", joined)
        if m:
            return Action.typed(verb, f"{int(m.group(1))}d")
        return Action.typed(verb, _cubes("".join(rest), text))
    if verb == "lawyer":
        position = _position(joined)
        if position is None:
            values = {"text": quoted(text), "last": ROAD_LENGTH}
            raise MalformedAction.said("words.BAD_LAWYER", values)
        return Action.typed(verb, str(position))
    if verb == "build":
        tile = lowered[0]
        if tile not in TILES:
            values = {"text": quoted(text), "word": quoted(rest[0], 30)}
            raise MalformedAction.said("words.UNKNOWN_BUILDING", values)
        extra = lowered[1:]
        if not extra:
            return Action.typed(verb, tile)
        if len(extra) == 1 and extra[0].startswith("@"):
            position = _position(extra[0][1:])
            if position is None:
                values = {"text": quoted(text), "last": ROAD_LENGTH, "building": tile}
                raise MalformedAction.said("words.BAD_RESIDENCE", values)
            return Action.typed(verb, f"{tile} @{position}")
        if len(extra) == 1 and len(extra[0]) == 1:
            return Action.typed(verb, f"{tile} {_cubes(extra[0], text)}")
        raise MalformedAction.said("words.BAD_BUILD_EXTRA", {"text": quoted(text)})
    if verb == "favor":
        m = re.fullmatch(r"([abcd]) *([1-5])? *([fwscg])?", joined)
        if not m:
            raise MalformedAction.said("words.BAD_FAVOR", {"text": quoted(text)})
        line, col, cube = m.group(1), m.group(2) or "", (m.group(3) or "").upper()
        return Action.typed(verb, f"{line}{col}{cube}")
    # exchange: give one cube, take two non-gold cubes, e.g. "exchange G WS"
    flat = "".join(rest).upper().replace(">", "").replace("FOR", "")
    if len(flat) != 3 or not _CUBES_RE.match(flat) or "G" in flat[1:]:
        raise MalformedAction.said("words.BAD_EXCHANGE", {"text": quoted(text)})
    return Action.typed(verb, f"{flat[0]} {sort_cubes(flat[1:])}")


_EXAMPLES: dict[str, str] = {
    "place": "'place castle' or 'place 7'",
    "gate": "'gate trading' or 'gate back'",
    "provost": "'provost +2'",
    "inn": "'inn stay'",
    "take": "'take FF'",
    "build": "'build sawmill'",
    "lawyer": "'lawyer 3'",
    "sell": "'sell G'",
    "buy": "'buy S'",
    "pay": "'pay 2d' or 'pay CC'",
    "batch": "'batch FWS'",
    "favor": "'favor b'",
    "exchange": "'exchange G WS'",
}
# Examples with a number in them, for a text whose number is not written with 0-9.
_NUMBER_EXAMPLES: dict[str, str] = {
    "place": "'place 7'",
    "gate": "'gate 12'",
    "provost": "'provost +2'",
    "build": "'build statue @9'",
    "lawyer": "'lawyer 3'",
    "pay": "'pay 2d'",
    "favor": "'favor c2S'",
}
