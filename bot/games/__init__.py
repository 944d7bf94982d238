"""Each game's words and pictures for Discord, one folder per game behind `GameUI`.

A new game is a new folder here (and its engine in `engine/`, its pictures in `render/`):
`ui_for(kind)` finds it by the engine's game name.
"""

from __future__ import annotations

from importlib import import_module

from bot.games.base import GameUI, Picture

__all__ = ["GameUI", "Picture", "ui_for"]

_LOADED: dict[str, GameUI] = {}


def ui_for(kind: str) -> GameUI:
    """The game's `UI` (from `bot.games.<kind with - as _>`); KeyError for an unknown game."""
    found = _LOADED.get(kind)
    if found is None:
        try:
            module = import_module(f"bot.games.{kind.replace('-', '_')}")
        except ModuleNotFoundError:
            raise KeyError(f"no Discord presentation for the game '{kind}'") from None
        found = _LOADED[kind] = module.UI
    return found
