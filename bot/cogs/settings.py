"""/caylus settings: a player's time zone, quiet hours and where reminders go."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot import text as t
from bot.clock import (
    suggest_time_zones,
)
from bot.cogs.base import TableBase, _zone
from bot.cogs.group import caylus

log = logging.getLogger(__name__)


class SettingsCommands(TableBase):
    """Per-player settings."""

    @caylus.command(name="settings", description=t.DESC["settings"])
    @app_commands.describe(
        time_zone=t.OPT_TIME_ZONE, quiet_hours=t.OPT_QUIET_HOURS, reminders_via=t.OPT_REMIND_VIA
    )
    @app_commands.choices(
        reminders_via=[app_commands.Choice(name=v, value=v) for v in ("channel", "dm", "none")]
    )
    async def settings_(
        self,
        interaction: discord.Interaction,
        time_zone: str | None = None,
        quiet_hours: str | None = None,
        reminders_via: str | None = None,
    ) -> None:
        async with self.guard(interaction, "settings"):
            await self.defer_private(interaction)
            changing = (time_zone, quiet_hours, reminders_via) != (None, None, None)
            mine = await self.clock.set_user_settings(
                interaction.user.id,
                time_zone=time_zone,
                quiet_hours=quiet_hours,
                remind_via=reminders_via,
            )
            local = self.now().astimezone(_zone(mine.time_zone)).strftime("%H:%M")
            lines = [t.SETTINGS_SAVED] if changing else []
            lines += [
                t.SETTINGS_TITLE,
                t.SETTINGS_LINES.format(
                    zone=mine.time_zone,
                    local=local,
                    quiet=str(mine.quiet_hours) if mine.quiet_hours else t.QUIET_NONE,
                    via=t.REMIND_VIA_NAMES.get(mine.remind_via, mine.remind_via),
                ),
            ]
            if not changing:
                lines.append(t.SETTINGS_HELP)
            await self.tell(interaction, "\n".join(lines))

    @settings_.autocomplete("time_zone")
    async def time_zone_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=z, value=z) for z in suggest_time_zones(current)]
