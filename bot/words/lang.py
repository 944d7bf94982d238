"""The bot's catalogues read in the current language (i18n.using): `t` is bot/words/text.py,
`m` is bot/words/messages.py. Import these, never the English modules, where a player will
read the words."""

from __future__ import annotations

from i18n import Words

t = Words("bot.words.text")
m = Words("bot.words.messages")


def colour_name(code: str) -> str:
    """A seat's colour ('blue') as the current language says it."""
    return m.COLOUR_NAMES.get(code, code)
