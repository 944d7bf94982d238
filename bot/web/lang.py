"""The web page's words read in the current language (i18n.using): `wt` is bot/web/webtext.py."""

from __future__ import annotations

from i18n import Words

wt = Words("bot.web.webtext")
