"""The seats as every picture shows them: display names (with defaults) and one letter each."""

from __future__ import annotations

from render.labels import w as lb


def default_names(n: int) -> list[str]:
    """'Player 1', 'Player 2', ... for `n` seats, in the language in force."""
    return [lb.PLAYER_N.format(number=i + 1) for i in range(n)]


def seat_names(names: list[str] | None, n: int) -> list[str]:
    """Display names of `n` seats by seat; missing ones are 'Player 1', 'Player 2', ..."""
    out = list(names)[:n] if names else []
    return out + default_names(n)[len(out) :]


def seat_letters(names: list[str]) -> list[str]:
    """One letter per seat: the names' initials when they are distinct letters, else A-E."""
    initials = [name.strip()[:1].upper() for name in names]
    if all(c.isalpha() and c.isascii() for c in initials) and len(set(initials)) == len(names):
        return initials
    return [chr(ord("A") + i) for i in range(len(names))]
