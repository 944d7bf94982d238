"""After the game: /caylus record (the game record as JSON, as `caylus replay` reads it)."""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands

from bot.cogs.base import TableBase
from bot.cogs.group import caylus
from bot.lang import t

log = logging.getLogger(__name__)


class HistoryCommands(TableBase):
    """Records, history, ratings."""

    @caylus.command(name="record", description=t.DESC["record"])
    @app_commands.describe(game=t.OPT_GAME_ID)
    async def record(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1]
    ) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "record", game):
            await interaction.response.defer(ephemeral=True, thinking=True)
            record = await self.service.shared_record(game, interaction.guild_id or 0)
            data = record.model_dump_json(indent=2, exclude_none=True).encode()
            file = discord.File(io.BytesIO(data), filename=f"caylus-game-{game}.json")
            await self.tell(
                interaction,
                t.RECORD_NOTE.format(game_id=game, actions=len(record.actions)),
                file=file,
            )
