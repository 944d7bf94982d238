"""Typed engine errors. Nothing else escapes `apply`; every message is readable by a player."""

from __future__ import annotations

from typing import Any, Self

# Text a user typed is quoted in messages cut to this many characters, so that a huge input
# never ends up whole in a message, a log line or a Discord reply.
QUOTE_LIMIT = 80


class EngineError(Exception):
    """Base class: `str(error)` is a short sentence a player can read, in English.

    An error may also carry its sentence as a message `key` and `values` (engine/wording.py),
    which the bot phrases in the reader's language.
    """

    def __init__(self, *args: Any, key: str = "", values: dict[str, Any] | None = None) -> None:
        super().__init__(*args)
        self.key = key
        self.values = values

    @classmethod
    def said(cls, key: str, values: dict[str, Any] | None = None) -> Self:
        """The error whose sentence is message `key` with `values` (English in `str()`)."""
        from engine.wording import english

        text = english(key, values)
        return cls(text[:1].upper() + text[1:], key=key, values=values)


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


class BadState(BadSetup, ValueError):
    """A game state (state JSON, a record's start) that is malformed or not consistent.

    Also a ValueError, like the pydantic validation error it stands for, so callers that caught
    that one keep working.
    """


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """`text` on one line and at most `limit` characters: characters that do not print
    (newlines, control and format characters) are shown escaped, and a longer text is cut
    with an ellipsis."""
    if len(text) > 4 * limit:  # escaping can only lengthen: look at a bounded prefix
        text = text[: 4 * limit] + "…"
    if not text.isprintable():
        text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """`text` in single quotes for a message, shortened (see `shorten`)."""
    return f"'{shorten(str(text), limit)}'"


def validation_reason(error: Any) -> str:
    """The first problem of a pydantic ValidationError as a short phrase: where and what."""
    problems = error.errors(include_url=False, include_input=False)
    if not problems:
        return "it is not valid"
    first = problems[0]
    where = ".".join(str(part) for part in first.get("loc", ()))
    what = str(first.get("msg", "not valid")).rstrip(".")
    others = len(problems) - 1
    more = f" (and {others} more problem{'s' if others > 1 else ''})" if others else ""
    if not where:
        return f"{shorten(what, 120)}{more}"
    return f"field {quoted(where, 60)}: {shorten(what, 120)}{more}"
