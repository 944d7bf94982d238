"""Players' and servers' settings, and the languages of replies and of a game's channel."""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import i18n
from bot.service.core import ServiceCore
from bot.service.results import GameInfo
from bot.store import AheadDm, GuildSettings, UserSettings
from bot.words import errors as err
from bot.words.lang import m


class SettingsCalls(ServiceCore):
    """Settings of players and servers, checked before they are stored."""

    async def user_settings(self, user_id: int) -> UserSettings:
        return await self.store.user_settings(user_id)

    async def set_user_settings(self, user_id: int, **values: Any) -> UserSettings:
        for name, value in values.items():
            _check_user_setting(name, value)
        if "ahead_dm" in values:
            values["ahead_dm"] = int(values["ahead_dm"])  # 0/1 in the table, both backends
        return await self.store.set_user_settings(user_id, **values)

    async def set_ahead_dm(self, user_id: int, on: bool) -> UserSettings:
        """Whether the player also gets their questions ahead by direct message (one per phase,
        edited; docs/discord.md, "Mentions")."""
        return await self.set_user_settings(user_id, ahead_dm=on)

    async def ahead_dms(self, game_id: int) -> list[AheadDm]:
        """The direct messages that told the game's players of their questions ahead."""
        return await self.store.ahead_dms(game_id)

    async def keep_ahead_dm(self, dm: AheadDm) -> None:
        """Remember the direct message of a player's questions ahead in a phase (to edit it)."""
        await self.store.write(lambda tx: tx.put_ahead_dm(dm))

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self.store.guild_settings(guild_id)

    async def set_guild_settings(self, guild_id: int, **values: Any) -> GuildSettings:
        for name, value in values.items():
            _check_guild_setting(name, value)
        return await self.store.set_guild_settings(guild_id, **values)

    async def game_language(self, game_id: int) -> str:
        """The language of a game's channel, read without loading the game (a damaged game has
        one too); English for a game that does not exist."""
        language = await self.store.game_language(game_id)
        return i18n.normalize(language) if language is not None else i18n.DEFAULT

    async def user_language(self, user_id: int) -> str | None:
        """The language a player chose for their private replies (None: their client's)."""
        return (await self.store.user_settings(user_id)).language

    async def set_user_language(self, user_id: int, language: str | None) -> str | None:
        """Choose the language of a player's private replies; None or 'auto': their Discord
        client's language. Anything not in i18n.LANGUAGES is refused (BadSetting)."""
        if language is not None and language.strip().lower() in ("", "auto"):
            language = None
        if language is not None and language not in i18n.LANGUAGES:
            raise err.BadSetting(
                name="language",
                reason=m.BAD_CHOICE.format(value=language, choices=", ".join(i18n.LANGUAGES)),
            )
        await self.store.set_user_settings(user_id, language=language)
        return language

    async def set_game_language(self, game_id: int, user_id: int, language: str) -> GameInfo:
        """The host changes the language of a game's channel posts and pictures."""
        language = i18n.normalize(language)
        async with self._lock(game_id):
            await self.store.write(lambda tx: tx.set_game_language(game_id, language))
            self._forget(game_id)
        return await self.game(game_id)

    async def link_generation(self, game_id: int) -> int:
        """The generation of the game's web links (docs/web.md): the links signed with it work,
        those given before the host last revoked them do not."""
        generation = await self.store.link_generation(game_id)
        if generation is None:
            raise err.UnknownGame(game_id=game_id)
        return generation

    async def revoke_links(self, game_id: int, user_id: int, *, can_manage: bool = False) -> int:
        """The host (or a channel manager) revokes every web link of the game given so far,
        spectators' and players' alike; returns the new generation. The game itself, its
        version and its moves are untouched."""
        async with self._lock(game_id):
            live = await self._load(game_id)
            if not can_manage and user_id != live.row.host_id:
                raise err.NotHost(game_id=game_id, user_id=user_id)
            await self.store.write(lambda tx: tx.revoke_links(game_id))
        return await self.link_generation(game_id)


_CHOICES = {
    "notify": ("mention", "dm", "none"),
    "default_favor_mode": ("full", "simplified"),
    "default_tile_set": ("revised", "first"),
}


def _bad(name: str, reason: str) -> err.BadSetting:
    return err.BadSetting(name=name, reason=reason)


def _check_choice(name: str, value: Any) -> None:
    choices = _CHOICES[name]
    if value not in choices:
        raise _bad(name, m.BAD_CHOICE.format(value=value, choices=", ".join(choices)))


def _check_user_setting(name: str, value: Any) -> None:
    if name == "time_zone":
        try:
            ZoneInfo(str(value))
        except (ZoneInfoNotFoundError, ValueError):
            raise _bad(name, m.BAD_TIME_ZONE.format(value=value)) from None
    elif name in ("quiet_start", "quiet_end"):
        if value is not None and (not isinstance(value, int) or not 0 <= value <= 1439):
            raise _bad(name, m.BAD_MINUTES)
    elif name == "notify":
        _check_choice(name, value)
    elif name == "ahead_dm":
        if not isinstance(value, bool):
            choices = ", ".join(map(str, (True, False)))
            raise _bad(name, m.BAD_CHOICE.format(value=value, choices=choices))
    else:
        raise _bad(name, m.UNKNOWN_SETTING)


def _check_guild_setting(name: str, value: Any) -> None:
    if name == "manager_role_id":
        if value is not None and not isinstance(value, int):
            raise _bad(name, m.BAD_ROLE_ID)
    elif name == "default_players":
        if value is not None and (not isinstance(value, int) or not 2 <= value <= 5):
            raise _bad(name, m.BAD_PLAYERS)
    elif name in ("default_favor_mode", "default_tile_set"):
        if value is not None:
            _check_choice(name, value)
    else:
        raise _bad(name, m.UNKNOWN_SETTING)
