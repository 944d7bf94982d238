"""The one `/caylus` command group: every command module of the cog adds its commands to it."""

from __future__ import annotations

from discord import app_commands

from bot.words.lang import t

caylus = app_commands.Group(name="caylus", description=t.GROUP_DESC, guild_only=True)
