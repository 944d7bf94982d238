"""Actions: small frozen models with one canonical text form each (docs/notation.md).

`parse(text)` accepts the canonical form and a few forgiving variants (case, cube order, aliases)
and returns the canonical action, so `parse(str(a)) == a` for every action the engine produces.
Actions are interned: the same text always yields the same object, which keeps legal-action
lists cheap to build and compare.
"""

from __future__ import annotations

import re
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from engine.caylus.catalogue import CUBES, ROAD_LENGTH, SPECIALS, TILES
from engine.errors import MalformedAction

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
VERBS: tuple[str, ...] = Verb.__args__  # type: ignore[attr-defined]

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

    @property
    def text(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else self.verb

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    # Interned actions compare by identity first; a model built by hand still compares by text.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not Action:
            return NotImplemented
        return self.verb == other.verb and self.arg == other.arg  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.verb, self.arg))


def sort_cubes(cubes: str) -> str:
    """Cube letters in canonical order F W S C G."""
    return "".join(sorted(cubes, key=CUBES.index))


_CUBES_RE = re.compile(r"^[FWSCG]+$")
_ALIASES = {"done": "skip", "no": "skip", "decline": "skip", "stop": "skip"}


def _cubes(arg: str, text: str) -> str:
    arg = arg.replace("+", "").replace(" ", "").upper()
    if not _CUBES_RE.match(arg):
        raise MalformedAction(
            f"'{text}': cubes are written with the letters F (food), W (wood), S (stone), "
            "C (cloth), G (gold), e.g. 'batch FWS'."
        )
    return sort_cubes(arg)


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
    if arg.isdigit() and 1 <= int(arg) <= ROAD_LENGTH:
        return str(int(arg))
    raise MalformedAction(
        f"'{text}': a space is a road position 1-{ROAD_LENGTH} or one of "
        f"{', '.join(PLACE_TARGETS)}."
    )


def parse(text: str) -> Action:
    """Parse notation into the canonical action; raises MalformedAction with a hint."""
    if not isinstance(text, str) or not text.strip():
        raise MalformedAction("An action is needed, e.g. 'pass' or 'place castle'.")
    words = text.strip().split()
    verb = _ALIASES.get(words[0].lower(), words[0].lower())
    rest = [w for w in words[1:]]
    lowered = [w.lower() for w in rest]
    if verb not in VERBS:
        raise MalformedAction(
            f"'{text}': unknown action '{words[0]}'. Actions start with one of: "
            f"{', '.join(VERBS)} (see /caylus help)."
        )
    if verb in ("pass", "skip", "joust"):
        if rest:
            raise MalformedAction(f"'{text}': '{verb}' takes nothing after it.")
        return Action.of(verb)
    if not rest:
        raise MalformedAction(f"'{text}': '{verb}' needs more, e.g. {_EXAMPLES[verb]}.")
    joined = " ".join(lowered)
    if verb == "place":
        return Action.of(verb, _space(joined.replace(" ", ""), text))
    if verb == "gate":
        return Action.of(verb, _space(joined.replace(" ", ""), text, ("back",)))
    if verb == "provost":
        m = re.fullmatch(r"([+-])\s*([1-3])", joined)
        if not m:
            raise MalformedAction(
                f"'{text}': move the provost with +1..+3 or -1..-3, e.g. 'provost -2'."
            )
        return Action.of(verb, m.group(1) + m.group(2))
    if verb == "inn":
        if joined not in ("stay", "leave"):
            raise MalformedAction(f"'{text}': say 'inn stay' or 'inn leave'.")
        return Action.of(verb, joined)
    if verb in ("take", "sell", "buy", "batch"):
        return Action.of(verb, _cubes("".join(rest), text))
    if verb == "pay":
        m = re.fullmatch(r"(\d+)\s*d", joined)
        if m:
            return Action.of(verb, f"{int(m.group(1))}d")
        return Action.of(verb, _cubes("".join(rest), text))
    if verb == "lawyer":
        if not (joined.isdigit() and 1 <= int(joined) <= ROAD_LENGTH):
            raise MalformedAction(
                f"'{text}': name the road position to transform, e.g. 'lawyer 3'."
            )
        return Action.of(verb, str(int(joined)))
    if verb == "build":
        tile = lowered[0]
        if tile not in TILES:
            raise MalformedAction(f"'{text}': unknown building '{rest[0]}' (see /caylus rules).")
        extra = lowered[1:]
        if not extra:
            return Action.of(verb, tile)
        if len(extra) == 1 and extra[0].startswith("@") and extra[0][1:].isdigit():
            return Action.of(verb, f"{tile} @{int(extra[0][1:])}")
        if len(extra) == 1 and len(extra[0]) == 1:
            return Action.of(verb, f"{tile} {_cubes(extra[0], text)}")
        raise MalformedAction(
            f"'{text}': after the building comes the cube you pay for '*' "
            "(e.g. 'build market G') or the residence '@12' for prestige."
        )
    if verb == "favor":
        m = re.fullmatch(r"([abcd])\s*([1-5])?\s*([fwscg])?", joined)
        if not m:
            raise MalformedAction(
                f"'{text}': a favor is a line a-d with a column, e.g. "
                "'favor a', 'favor c2 S', 'favor d3'."
            )
        line, col, cube = m.group(1), m.group(2) or "", (m.group(3) or "").upper()
        return Action.of(verb, f"{line}{col}{cube}")
    # exchange: give one cube, take two non-gold cubes, e.g. "exchange G WS"
    flat = "".join(rest).upper().replace(">", "").replace("FOR", "")
    if len(flat) != 3 or not _CUBES_RE.match(flat) or "G" in flat[1:]:
        raise MalformedAction(
            f"'{text}': write the cube you give, then the two you take "
            "(no gold), e.g. 'exchange G WS'."
        )
    return Action.of(verb, f"{flat[0]} {sort_cubes(flat[1:])}")


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
