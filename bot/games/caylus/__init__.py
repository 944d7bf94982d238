"""Caylus in Discord (prompts, accounts, pictures, rules): `UI` implements bot.games.GameUI."""

from bot.games.caylus.ui import UI

__all__ = ["UI"]
