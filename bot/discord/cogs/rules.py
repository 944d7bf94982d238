"""/caylus help: how to play with the bot, or with a topic the rules of every building, phase,
figure and table."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.discord.cogs.group import caylus
from bot.discord.cogs.guard import Answers
from bot.words import errors as err
from bot.words.lang import t

log = logging.getLogger(__name__)

DEFAULT_GAME = "caylus"  # whose rules /caylus help tells in a channel without a game


class RulesCommands(Answers):
    """Rules and help."""

    @caylus.command(name="help", description=t.DESC["help"])
    @app_commands.describe(topic=t.OPT_TOPIC)
    async def help(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        async with self.guard(interaction, "help"):
            await self.defer_private(interaction)
            if topic is None or not topic.strip():
                await self.tell(interaction, t.HELP)
                return
            ui = self.ui(await self._rules_game(interaction))
            await self.tell(interaction, ui.rules_text(topic))

    async def _rules_game(self, interaction: discord.Interaction) -> str:
        """The rules of this channel's game, or of Caylus where no game is open."""
        if interaction.guild_id is not None and interaction.channel_id is not None:
            try:
                info = await self.service.game_in_channel(
                    interaction.guild_id, interaction.channel_id
                )
            except err.ServiceError:
                info = None
            if info is not None:
                return info.kind
        return DEFAULT_GAME

    @help.autocomplete("topic")
    async def rules_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        async def find() -> list[app_commands.Choice[str]]:
            needle = current.strip().lower()
            found = [
                app_commands.Choice(name=name, value=value)
                for name, value in self.ui(await self._rules_game(interaction)).rule_topics()
                if needle in name.lower() or needle in value
            ]
            return found[:25]

        return await self.suggest(interaction, "help:topic", find)
