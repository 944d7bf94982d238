"""Pure rules engines behind one small protocol (engine/protocol.py).

No discord, PIL, sqlite, clock or global random here: tests/test_layers.py enforces it.
"""

from __future__ import annotations

from types import ModuleType

GAME_NAMES: tuple[str, ...] = ("caylus", "magna-carta")


def get_game(name: str) -> ModuleType:
    """The engine module of a game: new_game, pending, legal_actions, apply, outcome, ..."""
    if name == "caylus":
        from engine import caylus

        return caylus
    if name == "magna-carta":
        from engine import magna_carta

        return magna_carta
    raise KeyError(f"unknown game '{name}'; known: {', '.join(GAME_NAMES)}")
