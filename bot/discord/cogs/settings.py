"""/caylus settings: a player's time zone, quiet hours and where reminders go."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

import i18n
from bot.clock_service.clock import (
    suggest_time_zones,
)
from bot.discord.cogs.base import _zone
from bot.discord.cogs.group import caylus
from bot.discord.cogs.guard import Answers
from bot.discord.translator import choices, loc
from bot.games.plan_lines import orders_text
from bot.words.lang import t

log = logging.getLogger(__name__)


class SettingsCommands(Answers):
    """Per-player settings."""

    @caylus.command(name="settings", description=t.DESC["settings"])
    @app_commands.describe(
        time_zone=t.OPT_TIME_ZONE,
        quiet_hours=t.OPT_QUIET_HOURS,
        reminders_via=t.OPT_REMIND_VIA,
        ahead_dm=t.OPT_AHEAD_DM,
        inn=t.OPT_ORDER_INN,
        bribes=t.OPT_ORDER_BRIBES,
        castle=t.OPT_ORDER_CASTLE,
        owner_effects=t.OPT_ORDER_OWNER,
        language=t.OPT_MY_LANGUAGE,
    )
    @app_commands.choices(
        reminders_via=choices("reminders_via"),
        language=[
            *(app_commands.Choice(name=i18n.language_name(c), value=c) for c in i18n.LANGUAGES),
            app_commands.Choice(name=loc("text.LANGUAGE_AUTO", t.LANGUAGE_AUTO), value="auto"),
        ],
        inn=[app_commands.Choice(name=n, value=v) for v, n in t.ORDER_NAMES["inn"].items()],
        bribes=[app_commands.Choice(name=n, value=v) for v, n in t.ORDER_NAMES["bribe"].items()],
        castle=[app_commands.Choice(name=n, value=v) for v, n in t.ORDER_NAMES["castle"].items()],
        owner_effects=[
            app_commands.Choice(name=n, value=v) for v, n in t.ORDER_NAMES["owner"].items()
        ],
    )
    async def settings_(
        self,
        interaction: discord.Interaction,
        time_zone: str | None = None,
        quiet_hours: str | None = None,
        reminders_via: str | None = None,
        ahead_dm: bool | None = None,
        inn: str | None = None,
        bribes: str | None = None,
        castle: str | None = None,
        owner_effects: str | None = None,
        language: str | None = None,
    ) -> None:
        async with self.guard(interaction, "settings"):
            await self.defer_private(interaction)
            uid = interaction.user.id
            given = (("inn", inn), ("bribe", bribes), ("castle", castle), ("owner", owner_effects))
            orders = {k: v for k, v in given if v}
            asked = (time_zone, quiet_hours, reminders_via, ahead_dm, language)
            changing = asked != (None,) * 5 or orders
            if language is not None:  # this very answer is in the new language
                chosen = await self.service.set_user_language(uid, language)
                i18n.set_current(chosen or await self.reader_language(interaction))
            mine = await self.clock.set_user_settings(
                uid,
                time_zone=time_zone,
                quiet_hours=quiet_hours,
                remind_via=reminders_via,
            )
            if ahead_dm is not None:
                await self.service.set_ahead_dm(uid, ahead_dm)
            stored = await self.service.user_settings(uid)
            if orders:
                defaults = await self.service.set_default_orders(uid, **orders)
            else:
                defaults = await self.service.default_orders(uid)
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
                t.SETTINGS_AHEAD_DM.format(
                    choice=t.SETTINGS_AHEAD_DM_ON if stored.ahead_dm else t.SETTINGS_AHEAD_DM_OFF
                ),
                t.SETTINGS_ORDERS.format(orders=orders_text(defaults)),
                t.SETTINGS_LANGUAGE.format(language=await self._language_words(interaction)),
            ]
            if not changing:
                lines.append(t.SETTINGS_HELP)
            await self.tell(interaction, "\n".join(lines))

    async def _language_words(self, interaction: discord.Interaction) -> str:
        chosen = await self.service.user_language(interaction.user.id)
        if chosen:
            return i18n.language_name(chosen)
        client = i18n.language_name(await self.reader_language(interaction))
        return f"{client} ({t.LANGUAGE_AUTO})"

    @settings_.autocomplete("time_zone")
    async def time_zone_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        async def find() -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=z, value=z) for z in suggest_time_zones(current)]

        return await self.suggest(interaction, "settings:time_zone", find)
