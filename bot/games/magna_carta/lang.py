"""Caylus Magna Carta's own strings read in the current language (i18n.using): `mt` is
bot/games/magna_carta/text.py (the shared ones are `bot.words.lang.t`)."""

from __future__ import annotations

from i18n import Words

mt = Words("bot.games.magna_carta.text")
