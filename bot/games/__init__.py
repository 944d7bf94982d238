"""Each game's words, pictures and plans for Discord, one folder per game behind `GameUI`.

A new game is a new folder here (and its engine in `engine/`, its pictures in `render/`) whose
`UI` is added to `UIS` below, keyed by the engine's game name (`engine.GAMES`).
"""

from __future__ import annotations

from bot.games.base import GameUI, Picture
from bot.games.caylus import UI as CAYLUS_UI
from bot.games.magna_carta import UI as MAGNA_CARTA_UI

__all__ = ["UIS", "GameUI", "Picture", "ui_for"]

# every game's presentation, registered once, by the engine's game name
UIS: dict[str, GameUI] = {ui.kind: ui for ui in (CAYLUS_UI, MAGNA_CARTA_UI)}


def ui_for(kind: str) -> GameUI:
    """The game's `UI`; KeyError for an unknown game."""
    found = UIS.get(kind)
    if found is None:
        raise KeyError(f"no Discord presentation for the game '{kind}'")
    return found
