"""Pure rules engines behind one typed protocol (engine/protocol.py: `Game`).

No discord, PIL, sqlite, clock or global random here: tests/test_layers.py enforces it.
Each game is registered once, as its `Game` object (engine/<game>/game.py), by its name.
"""

from __future__ import annotations

from engine.compiled import package_path

# the compiled modules of this package itself (engine/events.py), when built from these
# sources, load ahead of them (engine/compiled.py); set before anything below imports one
__path__ = package_path(__name__, __path__)

from engine.protocol import Game

GAME_NAMES: tuple[str, ...] = ("caylus", "magna-carta")
_GAMES: dict[str, Game] = {}


def games() -> dict[str, Game]:
    """Every game by name, loaded on first use (so `import engine.errors` loads no game)."""
    if not _GAMES:
        from engine.caylus.game import GAME as CAYLUS
        from engine.magna_carta.game import GAME as MAGNA_CARTA

        _GAMES.update({game.name: game for game in (CAYLUS, MAGNA_CARTA)})
        assert tuple(_GAMES) == GAME_NAMES, (tuple(_GAMES), GAME_NAMES)
    return _GAMES


def __getattr__(name: str) -> bool:
    """`engine.COMPILED`: whether the compiled core runs (engine/compiled.py), read on first
    use so that `import engine` alone stays cheap."""
    if name == "COMPILED":
        from engine.compiled import COMPILED

        return COMPILED
    raise AttributeError(f"module 'engine' has no attribute '{name}'")


def get_game(name: str) -> Game:
    """The game `name`'s rules: new_game, pending, legal_actions, apply, outcome, ..."""
    found = games().get(name)
    if found is None:
        raise KeyError(f"unknown game '{name}'; known: {', '.join(GAME_NAMES)}")
    return found
