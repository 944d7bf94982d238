"""The names of buildings, special spaces and cards as players read them.

The English here comes from the engine's catalogues and is the source of their translations in
the i18n catalogues (the names of the published Dutch and German editions, the established
French ones). Read them through the functions below: they answer in the language in force
(`i18n.using`), for the pictures and for the bot's words alike.
"""

from __future__ import annotations

from typing import Any

from engine.caylus import catalogue as cay
from engine.magna_carta import catalogue as mc
from i18n import Words

TILE_NAMES = {tile_id: tile.name for tile_id, tile in cay.TILES.items()}
SPECIAL_NAMES = dict(cay.SPECIAL_NAMES)
CARD_NAMES = {card_id: card.name for card_id, card in mc.CARDS.items()}
EMPTY_LOT = "empty lot"
RESIDENCE = "Residence"

_names = Words("render.names")


def tile_name(tile_id: str) -> str:
    """A Caylus building ('Farm', 'Boerderij', 'Bauernhof', 'Ferme')."""
    return _names.TILE_NAMES[tile_id]


def special_name(key: str) -> str:
    """A special space of the Caylus board ('Inn', 'Herberg', 'Wirtshaus', 'Auberge')."""
    return _names.SPECIAL_NAMES[key]


def card_name(card_id: str) -> str:
    """A Magna Carta card."""
    return _names.CARD_NAMES[card_id]


def space_name(state: Any, target: str) -> str:
    """'Peddler (7)', 'empty lot (12)' or a special space's name (engine.caylus.rules.space_name
    in the language in force)."""
    if target.isdigit():
        tile = state.road[int(target) - 1]
        return f"{tile_name(tile) if tile else _names.EMPTY_LOT} ({target})"
    return special_name(target)


def residence() -> str:
    return _names.RESIDENCE
