"""Typed engine errors. Nothing else escapes `apply`; every message is readable by a player."""

from __future__ import annotations


class EngineError(Exception):
    """Base class: `str(error)` is a short sentence a player can read."""


class MalformedAction(EngineError):
    """The text is not an action in the notation (docs/notation.md)."""


class IllegalAction(EngineError):
    """A well-formed action that the rules do not allow now; the message says why."""


class NotYourDecision(EngineError):
    """The seat that acted is not the one the game is waiting for."""


class GameOver(EngineError):
    """The game has ended; no more actions are taken."""


class BadSetup(EngineError):
    """A game configuration or record that cannot start a game."""
