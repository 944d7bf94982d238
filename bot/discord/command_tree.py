"""The bot's command tree: a global sync that keeps the Activity's entry point command.

Enabling Activities in the Developer Portal gives the application a PRIMARY_ENTRY_POINT
command (type 4, Discord's "Launch"), made and handled by Discord. A global sync is one bulk
overwrite (PUT /applications/{id}/commands) of every global command, and Discord refuses one
that leaves the entry point out (error 50240). discord.py does not know entry point commands,
so its `CommandTree.sync()` always leaves it out: this tree first reads the application's
global commands and sends every entry point command back with the bot's own commands
(docs/web.md, "Inside Discord: the Activity"). Guild syncs are discord.py's own: entry point
commands are global only.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.abc import Snowflake
from discord.http import Route

log = logging.getLogger(__name__)

PRIMARY_ENTRY_POINT = 4  # Discord's application command type; discord.py 2.7 has no name for it
# What Discord returns but does not take in a command it is given: who owns it, its revision
# and scope, and the one-locale renderings that stand in for the localization dictionaries.
# The command's `id` stays, so Discord updates the command it has rather than making a new one.
READ_ONLY_FIELDS = frozenset(
    {"application_id", "version", "guild_id", "name_localized", "description_localized"}
)


def entry_point_payloads(global_commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The application's entry point commands among `global_commands` (as Discord returned
    them), each as it must be sent back in a bulk overwrite: every field but the read-only
    ones, so its name, handler, description, contexts and localizations stay as they are."""
    return [
        {key: value for key, value in command.items() if key not in READ_ONLY_FIELDS}
        for command in global_commands
        if command.get("type") == PRIMARY_ENTRY_POINT
    ]


class EntryPointKeepingTree(app_commands.CommandTree):
    """discord.py's CommandTree whose global sync keeps the application's entry point
    command; without one, the bulk overwrite it sends is exactly discord.py's."""

    async def sync(self, *, guild: Snowflake | None = None) -> list[app_commands.AppCommand]:
        if guild is not None:
            return await super().sync(guild=guild)
        application_id = self.client.application_id
        if application_id is None:
            raise app_commands.MissingApplicationID
        entry_points = entry_point_payloads(await self.fetch_global_command_payloads())
        # the same payload as CommandTree.sync: every global command, translated
        commands = self.get_commands()
        translator = self.translator
        if translator:
            payload = [
                await command.get_translated_payload(self, translator) for command in commands
            ]
        else:
            payload = [command.to_dict(self) for command in commands]
        if entry_points:
            log.info("keeping %d entry point command(s) in the global sync", len(entry_points))
        try:
            data = await self._http.bulk_upsert_global_commands(
                application_id, payload=payload + entry_points
            )
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:  # as CommandTree.sync: bad data
                raise app_commands.CommandSyncFailure(error, commands) from None
            raise
        return [app_commands.AppCommand(data=d, state=self._state) for d in data]

    async def fetch_global_command_payloads(self) -> list[dict[str, Any]]:
        """The application's global commands as Discord stores them, with their full
        localization dictionaries (`with_localizations`: without it Discord returns only the
        requester's locale, and the overwrite would drop the others)."""
        route = Route(
            "GET",
            "/applications/{application_id}/commands",
            application_id=self.client.application_id,
        )
        data = await self._http.request(route, params={"with_localizations": "true"})
        return list(data)
