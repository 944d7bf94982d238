"""Caylus's own strings read in the current language (i18n.using): `ct` is
bot/games/caylus/text.py (the shared ones are `bot.words.lang.t`)."""

from __future__ import annotations

from i18n import Words

ct = Words("bot.games.caylus.text")
