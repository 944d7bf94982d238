"""The names of buildings, special spaces and cards as players read them.

The English here comes from the engine's catalogues and is the source of their translations in
the i18n catalogues (the names of the published Dutch and German editions, the established
French ones). Read them through the functions below: they answer in the language in force
(`i18n.using`), for the pictures and for the bot's words alike.

Each name also has its forms with the definite article (the `*_DEFINITE` messages: "the Farm" is
"der Bauernhof | den Bauernhof | dem Bauernhof", "la Ferme", "de boerderij"): the functions
return an `i18n.grammar.Name`, the bare name that a template can also ask for a form,
`{tile:bei dat}` -> "beim Bauernhof" (docs/i18n.md, "Names with their articles").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from engine.caylus import catalogue as cay
from engine.magna_carta import catalogue as mc
from i18n import Words, current
from i18n.grammar import Name

TILE_NAMES = {tile_id: tile.name for tile_id, tile in cay.TILES.items()}
SPECIAL_NAMES = dict(cay.SPECIAL_NAMES)
CARD_NAMES = {card_id: card.name for card_id, card in mc.CARDS.items()}
CUBE_NAMES = dict(cay.CUBE_NAMES)  # Caylus: food, wood, stone, cloth, gold
SECTION_NAMES = dict(zip(("dungeon", "walls", "towers"), cay.SECTION_NAMES, strict=True))
FAVOR_LINE_NAMES = dict(cay.FAVOR_LINE_NAMES)
NOTHING = "nothing"
EMPTY_LOT = "empty lot"
RESIDENCE = "Residence"
# The same names with their definite article, as sentences use them (i18n/grammar.py); German
# writes the nominative, accusative and dative between "|".
TILE_DEFINITE = {tile_id: f"the {name}" for tile_id, name in TILE_NAMES.items()}
SPECIAL_DEFINITE = {key: f"the {name}" for key, name in SPECIAL_NAMES.items()}
CARD_DEFINITE = {card_id: f"the {name}" for card_id, name in CARD_NAMES.items()}
SECTION_DEFINITE = {key: f"the {name}" for key, name in SECTION_NAMES.items()}
EMPTY_LOT_DEFINITE = f"the {EMPTY_LOT}"
RESIDENCE_DEFINITE = "the residence"
# What buildings, special spaces, favor cells and cards do, as the engines' catalogues say it.
TILE_EFFECTS = {tile_id: tile.reminder for tile_id, tile in cay.TILES.items() if tile.reminder}
SPECIAL_EFFECTS = dict(cay.SPECIAL_REMINDERS)
FAVOR_CELLS = dict(cay.FAVOR_CELL_TEXT)  # by line: one text per column
CARD_WORKER_EFFECTS = {c.id: c.worker_text for c in mc.CARDS.values() if c.worker_text}
CARD_OWNER_EFFECTS = {c.id: c.owner_text for c in mc.CARDS.values() if c.owner_text}

if TYPE_CHECKING:  # a translated constant has the type of its English one (i18n.Words)
    import render.names as _english

    _names = _english
else:
    _names = Words("render.names")
# The English names the engine gives spaces in its sentences and prompts ('Peddler (7)', 'Gate'),
# read back into ids.
_ON_ROAD = re.compile(r"^(?P<name>.+) \((?P<at>\d+)\)$")
_TILE_IDS = {tile.name: tile_id for tile_id, tile in cay.TILES.items()}
_SPECIAL_KEYS = {name: key for key, name in cay.SPECIAL_NAMES.items()}


def tile_name(tile_id: str) -> Name:
    """A Caylus building ('Farm', 'Boerderij', 'Bauernhof', 'Ferme')."""
    return Name(_names.TILE_NAMES[tile_id], _names.TILE_DEFINITE[tile_id], current())


def special_name(key: str) -> Name:
    """A special space of the Caylus board ('Inn', 'Herberg', 'Wirtshaus', 'Auberge')."""
    return Name(_names.SPECIAL_NAMES[key], _names.SPECIAL_DEFINITE[key], current())


def space_words(english: str) -> str:
    """A space the engine named in English ('Peddler (7)', 'Gate') in the language in force."""
    if english in _SPECIAL_KEYS:
        return special_name(_SPECIAL_KEYS[english])
    road = _ON_ROAD.match(english)
    if road and road["name"] in _TILE_IDS:
        return tile_name(_TILE_IDS[road["name"]]).with_suffix(f" ({road['at']})")
    return Name(english)  # not a space's name: kept, with no article


def card_name(card_id: str) -> Name:
    """A Magna Carta card."""
    return Name(_names.CARD_NAMES[card_id], _names.CARD_DEFINITE[card_id], current())


def space_name(state: Any, target: str) -> Name:
    """'Peddler (7)', 'empty lot (12)' or a special space's name (engine.caylus.rules.space_name
    in the language in force)."""
    if target.isdigit():
        tile = state.road[int(target) - 1]
        return (tile_name(tile) if tile else empty_lot()).with_suffix(f" ({target})")
    return special_name(target)


def cube_name(cube: str) -> str:
    """A Caylus cube ('F' -> 'food', 'voedsel', 'Nahrung', 'nourriture')."""
    return _names.CUBE_NAMES[cube]


def cubes_words(cubes: str) -> str:
    """'FWW' -> '1 food + 2 wood' (engine.caylus.rules.cube_text in the language in force)."""
    parts = [f"{cubes.count(c)} {cube_name(c)}" for c in cay.CUBES if c in cubes]
    return " + ".join(parts) if parts else _names.NOTHING


def section_name(index: int) -> Name:
    """A castle section by its index (0 Dungeon, 1 Walls, 2 Towers)."""
    key = ("dungeon", "walls", "towers")[index]
    return Name(_names.SECTION_NAMES[key], _names.SECTION_DEFINITE[key], current())


def favor_line_name(line: str) -> str:
    return _names.FAVOR_LINE_NAMES[line]


def residence() -> Name:
    """A Magna Carta card turned into a residence."""
    return Name(_names.RESIDENCE, _names.RESIDENCE_DEFINITE, current())


def empty_lot() -> Name:
    return Name(_names.EMPTY_LOT, _names.EMPTY_LOT_DEFINITE, current())


def tile_effect(tile_id: str) -> str:
    """What a Caylus building does, in short ('1 food or 1 cloth'); '' for none."""
    return _names.TILE_EFFECTS.get(tile_id, "")


def special_effect(key: str) -> str:
    """What a special space of the Caylus board does, in short; '' for none."""
    return _names.SPECIAL_EFFECTS.get(key, "")


def favor_cell(line: str, column: int) -> str:
    """A cell of the royal favor table (line 'a'-'d', column 1-5): '1 cube → 2'."""
    return _names.FAVOR_CELLS[line][column - 1].replace("->", "→")


def card_worker_effect(card_id: str) -> str:
    """What a Magna Carta card gives the worker on it; '' for none."""
    return _names.CARD_WORKER_EFFECTS.get(card_id, "")


def card_owner_effect(card_id: str) -> str:
    """What a Magna Carta card gives its owner when another player's worker uses it."""
    return _names.CARD_OWNER_EFFECTS.get(card_id, "")
