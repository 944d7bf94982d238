"""Caylus Magna Carta in Discord (prompts, accounts, pictures, hidden hands, rules): `UI`
implements bot.games.GameUI."""

from bot.games.magna_carta.ui import UI

__all__ = ["UI"]
