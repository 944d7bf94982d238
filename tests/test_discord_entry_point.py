"""The bot's global command sync keeps the Activity's entry point command (docs/web.md, "Inside
Discord: the Activity"; bot/discord/command_tree.py).

The simulated Discord does not model entry point commands, so these tests run the real bot
(create_bot, its setup_hook and discord.py's own HTTPClient) against a LOCAL stand-in for
Discord's command endpoints (an aiohttp app here) that answers as Discord does: a bulk
overwrite replaces the application's commands, and one that leaves out the entry point command
is refused with error 50240."""

from __future__ import annotations

import contextlib
import itertools
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest
from aiohttp import web
from discord import app_commands
from discord.http import Route

from bot.app import create_bot
from bot.discord.command_tree import PRIMARY_ENTRY_POINT, READ_ONLY_FIELDS, entry_point_payloads
from bot.words.lang import t
from tests.discord_harness import make_settings, table

APPLICATION_ID = 777000000000000001
BOT_USER = {"id": str(APPLICATION_ID), "username": "Caylus", "discriminator": "0", "avatar": None}
APPLICATION = {
    "id": str(APPLICATION_ID),
    "name": "Caylus",
    "description": "",
    "icon": None,
    "bot_public": True,
    "bot_require_code_grant": False,
    "owner": {"id": "1", "username": "owner", "discriminator": "0", "avatar": None},
    "verify_key": "0" * 64,
    "flags": 1 << 17,  # EMBEDDED: the application has an Activity
}
# What Discord takes in a command of a bulk overwrite; anything else is refused (50035)
WRITABLE = frozenset(
    {
        "id",
        "type",
        "name",
        "name_localizations",
        "description",
        "description_localizations",
        "options",
        "default_member_permissions",
        "dm_permission",
        "default_permission",
        "integration_types",
        "contexts",
        "nsfw",
        "handler",
    }
)
DISCORD_LAUNCH_ACTIVITY = 2  # the entry point's handler: Discord opens the Activity


def launch_command() -> dict[str, Any]:
    """The entry point command Discord makes when Activities are enabled, as it stores it
    (a maintainer gave it a description and localized names in the Developer Portal)."""
    return {
        "id": "777000000000000100",
        "application_id": str(APPLICATION_ID),
        "version": "777000000000000101",
        "type": PRIMARY_ENTRY_POINT,
        "name": "launch",
        "name_localizations": {"de": "starten", "nl": "starten", "fr": "lancer"},
        "description": "Open the board of this channel's game",
        "description_localizations": {"de": "Das Spielbrett dieses Kanals öffnen"},
        "default_member_permissions": None,
        "dm_permission": True,
        "contexts": [0, 1, 2],
        "integration_types": [0, 1],
        "nsfw": False,
        "handler": DISCORD_LAUNCH_ACTIVITY,
    }


def answer(body: Any, status: int = 200) -> web.Response:
    # exactly Discord's content type: discord.py reads JSON only under this one
    headers = {"Content-Type": "application/json"}
    return web.Response(body=json.dumps(body).encode(), status=status, headers=headers)


def refused(status: int, code: int, message: str) -> web.Response:
    return answer({"code": code, "message": message}, status)


@dataclass
class StandInCommands:
    """Discord's application command endpoints for one application: the global commands
    (GET, and PUT's bulk overwrite, which keeps an entry point command only if it is named)
    and each guild's (PUT)."""

    commands: list[dict[str, Any]]  # the global ones, as Discord stores them
    guild_puts: dict[int, list[list[dict[str, Any]]]] = field(default_factory=dict)
    global_puts: list[list[dict[str, Any]]] = field(default_factory=list)
    global_gets: list[dict[str, str]] = field(default_factory=list)  # each GET's query
    ids: itertools.count[int] = field(default_factory=lambda: itertools.count(778000000000000000))

    async def me(self, _request: web.Request) -> web.Response:
        return answer(BOT_USER)

    async def application(self, _request: web.Request) -> web.Response:
        return answer(APPLICATION)

    async def get_global(self, request: web.Request) -> web.Response:
        self.global_gets.append(dict(request.query))
        full = request.query.get("with_localizations") == "true"
        # without with_localizations Discord gives no localization dictionaries
        shown = [
            {k: v for k, v in c.items() if full or not k.endswith("_localizations")}
            for c in self.commands
        ]
        return answer(shown)

    async def put_global(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.global_puts.append(body)
        for command in body:
            unknown = sorted(set(command) - WRITABLE)
            if unknown:
                return refused(400, 50035, f"Invalid Form Body: {', '.join(unknown)}")
        for old in self.commands:
            if old["type"] == PRIMARY_ENTRY_POINT and not any(named(old, c) for c in body):
                return refused(
                    400,
                    50240,
                    "You cannot remove this app's Entry Point command in a bulk update "
                    "operation. Please include the Entry Point command in your update request "
                    "or delete it separately.",
                )
        self.commands = [self.stored(command) for command in body]
        return answer(self.commands)

    async def put_guild(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.guild_puts.setdefault(int(request.match_info["guild_id"]), []).append(body)
        stored = [{**self.stored(c), "guild_id": request.match_info["guild_id"]} for c in body]
        return answer(stored)

    def stored(self, command: dict[str, Any]) -> dict[str, Any]:
        before = next((old for old in self.commands if named(old, command)), None)
        return {
            "description": "",
            "default_member_permissions": None,
            **command,
            "type": command.get("type", 1),
            "id": before["id"] if before else str(next(self.ids)),
            "application_id": str(APPLICATION_ID),
            "version": str(next(self.ids)),
        }


def named(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether a command of a bulk overwrite is `old`: by id, else by name and type."""
    if "id" in new:
        return str(new["id"]) == old["id"]
    return new["name"] == old["name"] and new.get("type", 1) == old["type"]


@contextlib.asynccontextmanager
async def stand_in_discord(
    monkeypatch: pytest.MonkeyPatch, commands: list[dict[str, Any]]
) -> AsyncIterator[StandInCommands]:
    stand_in = StandInCommands(commands)
    app = web.Application()
    path = "/api/v10/applications/{application_id}"
    app.add_routes(
        [
            web.get("/api/v10/users/@me", stand_in.me),
            web.get("/api/v10/oauth2/applications/@me", stand_in.application),
            web.get(f"{path}/commands", stand_in.get_global),
            web.put(f"{path}/commands", stand_in.put_global),
            web.put(f"{path}/guilds/{{guild_id}}/commands", stand_in.put_guild),
        ]
    )
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    port = runner.addresses[0][1]
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    try:
        yield stand_in
    finally:
        await runner.cleanup()


@contextlib.asynccontextmanager
async def logged_in_bot(tmp_path: Path, **settings: Any) -> AsyncIterator[Any]:
    """The real bot, logged in to the stand-in (its setup_hook run: the cog's slash commands
    in its tree, and a global sync when `sync_globally`), closed afterwards."""
    bot = create_bot(None, make_settings(tmp_path / "caylus.sqlite3", **settings))
    async with bot:
        await bot.login("a-token")
        yield bot


def chat_input_names(payload: list[dict[str, Any]]) -> set[str]:
    return {c["name"] for c in payload if c.get("type", 1) == 1}


async def test_global_sync_keeps_the_activity_entry_point_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start-up sync (`CAYLUS_SYNC_GLOBALLY=true`): the bulk overwrite names the entry
    point command with all its fields (id, handler, description, localizations, contexts)
    and every slash command of the bot; Discord accepts it and the entry point stays."""
    launch = launch_command()
    async with stand_in_discord(monkeypatch, [launch]) as discord_:
        async with logged_in_bot(tmp_path, sync_globally=True) as bot:
            own = {c.name for c in bot.tree.get_commands()}
        assert len(discord_.global_puts) == 1
        sent = discord_.global_puts[0]
        assert discord_.global_gets == [{"with_localizations": "true"}]
        entry_points = [c for c in sent if c.get("type") == PRIMARY_ENTRY_POINT]
        expected = {k: v for k, v in launch.items() if k not in READ_ONLY_FIELDS}
        assert entry_points == [expected]
        assert "caylus" in own and chat_input_names(sent) == own
        kept = [c for c in discord_.commands if c["type"] == PRIMARY_ENTRY_POINT]
        assert [(c["id"], c["handler"], c["name_localizations"]) for c in kept] == [
            (launch["id"], DISCORD_LAUNCH_ACTIVITY, launch["name_localizations"])
        ]
        assert chat_input_names(discord_.commands) == own


async def test_discord_py_own_global_sync_is_refused_when_an_entry_point_exists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Why the bot's tree exists: discord.py's CommandTree.sync leaves the entry point out and
    Discord refuses the whole overwrite (50240), so no command is published."""
    async with stand_in_discord(monkeypatch, [launch_command()]) as discord_:
        async with logged_in_bot(tmp_path, sync_globally=False) as bot:
            with pytest.raises(discord.HTTPException) as refusal:
                await app_commands.CommandTree.sync(bot.tree)
        assert refusal.value.code == 50240
        assert [c["name"] for c in discord_.commands] == ["launch"]  # nothing changed


async def test_owner_sync_global_keeps_the_entry_point_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`@Caylus sync global` (the owner command) syncs through the same tree: a second sync
    after the first keeps the entry point and every command's id."""
    async with stand_in_discord(monkeypatch, [launch_command()]) as discord_:
        async with logged_in_bot(tmp_path, sync_globally=True) as bot:
            ids_before = {(c["name"], c["type"]): c["id"] for c in discord_.commands}
            synced = await bot.tree.sync()  # what sync_command("global") calls
        ids_after = {(c["name"], c["type"]): c["id"] for c in discord_.commands}
        assert ids_after == ids_before
        assert ("launch", PRIMARY_ENTRY_POINT) in ids_after
        assert len(synced) == len(discord_.commands)
        assert len(discord_.global_puts) == 2


async def test_global_sync_without_an_entry_point_sends_what_discord_py_sends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with stand_in_discord(monkeypatch, []) as discord_:
        async with logged_in_bot(tmp_path, sync_globally=False) as bot:
            await app_commands.CommandTree.sync(bot.tree)  # discord.py's own
            await bot.tree.sync()
        ours_discord_py, ours = discord_.global_puts
        assert ours == ours_discord_py
        assert "caylus" in chat_input_names(ours)


async def test_guild_sync_is_unchanged_and_reads_no_global_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Entry point commands are global only: a guild sync (CAYLUS_DEV_GUILD_ID, `@Caylus
    sync`) is discord.py's own, and asks nothing about the global commands."""
    guild_id = 555000000000000001
    async with stand_in_discord(monkeypatch, [launch_command()]) as discord_:
        async with logged_in_bot(tmp_path, sync_globally=False, dev_guild_id=guild_id) as bot:
            await app_commands.CommandTree.sync(bot.tree, guild=discord.Object(guild_id))
        ours, discord_py = discord_.guild_puts[guild_id]  # the start-up sync came first
        assert ours == discord_py
        assert PRIMARY_ENTRY_POINT not in {c.get("type") for c in ours}
        assert discord_.global_gets == [] and discord_.global_puts == []


def test_entry_point_payload_keeps_its_fields_minus_the_read_only_ones() -> None:
    launch = {**launch_command(), "name_localized": "launch", "guild_id": None}
    slash = {"id": "5", "application_id": "1", "version": "6", "type": 1, "name": "caylus"}
    user_command = {**slash, "type": 2, "name": "Invite to Caylus"}
    (payload,) = entry_point_payloads([slash, launch, user_command])
    assert set(payload) == set(launch) - READ_ONLY_FIELDS
    assert "id" in payload and "application_id" not in payload and "version" not in payload
    assert payload["handler"] == DISCORD_LAUNCH_ACTIVITY
    assert payload["integration_types"] == [0, 1] and payload["contexts"] == [0, 1, 2]
    assert entry_point_payloads([slash, user_command]) == []


async def test_owner_sync_global_through_simcord_publishes_every_slash_command(
    tmp_path: Path,
) -> None:
    """The owner command itself, in the simulated Discord (no Activity there, so no entry
    point): `@Caylus sync global` publishes the bot's commands and replies with their count."""
    async with table(tmp_path) as tb:
        owner = tb.players[0]
        tb.settings.owner_ids = str(owner.id)
        bot = tb.env.bot
        tb.env.backend.commands[None] = {}  # as before any global sync (the table made one)
        await owner.send(tb.channel, f"<@{bot.user.id}> sync global")
        reply = tb.channel.history()[-1]
        assert reply.author.id == bot.user.id
        published = tb.env.backend.commands.get(None, {})
        own = {c.name for c in bot.tree.get_commands()}
        assert {name for name, _type in published} == own
        assert reply.content == str(
            t.SYNCED.format(count=len(published), where=t.SYNC_WHERE_GLOBAL)
        )
