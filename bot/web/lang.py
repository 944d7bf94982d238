"""The web page's words read in the current language (i18n.using): `wt` is bot/web/webtext.py;
and the players as the web names them."""

from __future__ import annotations

from bot.service import GameInfo
from bot.service.answers import DEFAULT_LEVEL
from bot.words.lang import colour_name, t
from i18n import Words

wt = Words("bot.web.webtext")


def seat_names(info: GameInfo) -> list[str]:
    """The players as the web names them: their colour (a bot: its colour and level)."""
    names = []
    for seat in info.seats:
        colour = colour_name(seat.colour)
        if seat.is_bot:
            level = t.BOT_LEVEL[seat.level or DEFAULT_LEVEL]
            names.append(t.BOT_NAME.format(colour=colour, level=level))
        else:
            names.append(colour[:1].upper() + colour[1:])
    return names
