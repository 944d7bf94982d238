"""The bot's catalogues read in the current language (i18n.using): `t` is bot/words/text.py,
`m` is bot/words/messages.py. Import these, never the English modules, where a player will
read the words."""

from __future__ import annotations

from typing import Any

import i18n
from i18n import Words

t = Words("bot.words.text")
m = Words("bot.words.messages")


def colour_name(code: str) -> str:
    """A seat's colour ('blue') as the current language says it."""
    return m.COLOUR_NAMES.get(code, code)


def winner_line(outcome: Any, names: list[str]) -> str:
    """'🏆 Ann wins with 62 points!' (the winners joined the language's way; the game-over post,
    the replay's last step, the web page). `outcome`: the engine's Outcome."""
    winners = i18n.join([names[s] for s in outcome.winners])  # "a and b", "a en b", ...
    best = outcome.scores[outcome.winners[0]]
    template = t.WINNER_ONE if len(outcome.winners) == 1 else t.WINNER_MANY
    return str(template.format(names=winners, count=best))
