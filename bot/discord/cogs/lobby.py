"""The lobby: /caylus new, join, leave, addbot, kick, start, abort, and the lobby buttons."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

import i18n
from bot.clock_service.clock import (
    DEFAULT_CLOCK,
    ClockInputError,
    parse_clock,
)
from bot.discord.cogs.base import NO_MENTIONS, notice_mentions
from bot.discord.cogs.delivery import Delivery
from bot.discord.cogs.group import caylus
from bot.discord.cogs.threads import GameThreads, Place
from bot.discord.translator import choices
from bot.service import GameInfo
from bot.service.answers import DEFAULT_LEVEL, LEVELS
from bot.words import errors as err
from bot.words.lang import colour_name, m, t

log = logging.getLogger(__name__)


class LobbyCommands(GameThreads, Delivery):
    """The lobby commands and buttons."""

    async def lobby_press(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        async with self.guard(interaction, f"lobby:{op}", game_id):
            await self.defer_update(interaction)
            await self._same_channel(interaction, game_id)
            uid = interaction.user.id
            if op == "start":
                await self._start(interaction, game_id, edit_lobby=True)
                return
            if op == "join":
                info = await self.service.join(game_id, uid)
                await self.add_to_thread(interaction.channel, interaction.user)
            elif op == "leave":
                info = await self.service.leave(game_id, uid)
            else:
                info = await self.service.add_bot(
                    game_id, uid, can_manage=self.can_manage(interaction)
                )
            view = self.lobby_buttons(info) if info.status == "lobby" else None
            await interaction.edit_original_response(embed=await self.lobby_embed(info), view=view)

    async def _lobby_messages(self, channel: Any, game_id: int, limit: int) -> list[Any]:
        """The bot's lobby messages of this game among the channel's latest `limit`."""
        title = _lobby_title_ends(game_id)
        me = self.bot.user
        found = []
        async for message in channel.history(limit=limit):
            if (
                me is not None
                and message.author.id == me.id
                and any((e.title or "").endswith(title) for e in message.embeds)
            ):
                found.append(message)
        return found

    async def _close_lobbies(self, channel: Any, game_id: int, embed: discord.Embed) -> None:
        """Every earlier copy of this game's lobby shows the new status and loses its Join /
        Leave / Add bot / Start buttons."""
        try:
            for message in await self._lobby_messages(channel, game_id, 30):
                if message.components:
                    await message.edit(embed=embed, view=None)
        except discord.HTTPException:
            log.info("could not close the lobby copies of game %s", game_id)

    async def _start(
        self, interaction: discord.Interaction, game_id: int, edit_lobby: bool
    ) -> None:
        async with self.locks[game_id]:
            result = await self.service.start(
                game_id, interaction.user.id, can_manage=self.can_manage(interaction)
            )
            embed = await self.lobby_embed(result.game)
            if edit_lobby:
                await interaction.edit_original_response(embed=embed, view=None)
            else:
                await self.announce(interaction, t.STARTED.format(game_id=game_id), embed=embed)
            await self._close_lobbies(interaction.channel, game_id, embed)
            failed = await self.deliver(game_id, result)
            if failed is not None:
                await self.tell(interaction, t.STARTED_NOT_POSTED.format(reason=failed))
        await self.name_thread(interaction.channel, result.game)  # now with every player

    @caylus.command(name="new", description=t.DESC["new"])
    @app_commands.describe(
        game=t.OPT_GAME,
        players=t.OPT_PLAYERS,
        favor_mode=t.OPT_FAVOR,
        tile_set=t.OPT_TILES,
        rules=t.OPT_RULES,
        clock=t.OPT_CLOCK,
        language=t.OPT_LANGUAGE,
        thread=t.OPT_THREAD,
    )
    @app_commands.choices(
        game=[app_commands.Choice(name=name, value=kind) for kind, name in m.KIND_NAMES.items()],
        favor_mode=choices("favor_mode"),
        tile_set=choices("tile_set"),
        rules=choices("rules"),
        language=[app_commands.Choice(name=i18n.language_name(c), value=c) for c in i18n.LANGUAGES],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: str = "caylus",
        players: app_commands.Range[int, 2, 5] | None = None,
        favor_mode: str | None = None,
        tile_set: str | None = None,
        rules: str | None = None,
        clock: str | None = None,
        language: str | None = None,
        thread: bool = True,
    ) -> None:
        async with self.guard(interaction, "new"):
            await self.defer_private(interaction)
            if interaction.guild_id is None:
                raise err.ServiceError(t.GUILD_ONLY)
            if clock is not None:
                try:  # checked before the game exists: a bad clock creates nothing
                    parse_clock(clock)
                except ClockInputError:
                    raise err.BadClock(value=clock) from None
            given = {"favor_mode": favor_mode, "tile_set": tile_set, "rules": rules}
            options = self._game_options(game, {k: v for k, v in given.items() if v})
            # checked before a thread is made for it: a refused game leaves nothing behind
            await self.service.new_game_options(
                interaction.guild_id, game, players=players, options=options
            )
            lang = language or server_language(interaction)
            with i18n.using(lang):
                host = interaction.user.display_name
                place = await self.game_place(interaction, self.ui(game).title, host, thread)
            info = await self.service.create_game(
                interaction.guild_id,
                place.channel.id,
                interaction.user.id,
                kind=game,
                players=players,
                options=options,
                language=lang,
            )
            chosen = clock if clock is not None else (self.ui(game).default_clock or DEFAULT_CLOCK)
            if chosen != DEFAULT_CLOCK:  # the host's choice, or the game's own default
                await self.clock.set_clock(info.id, interaction.user.id, chosen, can_manage=True)
            await self._post_lobby(interaction, place, info)

    async def _post_lobby(
        self, interaction: discord.Interaction, place: Place, info: GameInfo
    ) -> None:
        """The new lobby in the game's place (the host added to its thread), and the host told
        where it is and, when it is not in a thread of its own, why."""
        if place.made:
            await self.add_to_thread(place.channel, interaction.user)
            await self.name_thread(place.channel, info)
        with self.public(info):
            why = self.why_no_thread(place)
        await place.channel.send(
            why,
            embed=await self.lobby_embed(info),
            view=self.lobby_buttons(info),
            allowed_mentions=NO_MENTIONS,
        )
        if place.made:
            note = t.OPENED_IN_THREAD.format(game_id=info.id, thread=place.channel.mention)
        else:
            note = t.OPENED.format(game_id=info.id)
        if place.why_not is not None:
            note += "\n" + self.no_thread_line(place)
        await self.tell(interaction, note)

    def _game_options(self, game: str, given: dict[str, str]) -> dict[str, str]:
        """The command's options as the game's options; one that belongs to another game is
        refused with a sentence saying whose it is (nothing is created)."""
        try:
            ui = self.ui(game)
        except KeyError:
            raise err.UnknownKind(kind=game, known=", ".join(m.KIND_NAMES)) from None
        options = {}
        for name, value in given.items():
            if name not in ui.option_names:
                owner = next(
                    (m.KIND_NAMES[k] for k in m.KIND_NAMES if name in self.ui(k).option_names),
                    "?",
                )
                raise err.ServiceError(
                    t.OPTION_OF_OTHER_GAME.format(option=name, owner=owner, game=ui.title)
                )
            options[ui.option_names[name]] = value
        return options

    @caylus.command(name="join", description=t.DESC["join"])
    async def join(self, interaction: discord.Interaction) -> None:
        await self._lobby_command(interaction, "join")

    @caylus.command(name="leave", description=t.DESC["leave"])
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._lobby_command(interaction, "leave")

    @caylus.command(name="addbot", description=t.DESC["addbot"])
    @app_commands.describe(level=t.OPT_LEVEL)
    @app_commands.choices(
        level=[app_commands.Choice(name=t.LEVEL_NAMES[v], value=v) for v in LEVELS]
    )
    async def addbot(self, interaction: discord.Interaction, level: str = DEFAULT_LEVEL) -> None:
        await self._lobby_command(interaction, "bot", level=level)

    @caylus.command(name="kick", description=t.DESC["kick"])
    @app_commands.describe(seat=t.OPT_KICK_SEAT)
    async def kick(
        self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 5]
    ) -> None:
        async with self.guard(interaction, "kick"):
            await self.defer_private(interaction)
            info = await self.channel_game(interaction)
            if info.status == "running":
                await self._kick_idle(interaction, info, seat)
                return
            await self._lobby_action(interaction, info, "kick", seat=seat)

    async def _kick_idle(self, interaction: discord.Interaction, info: GameInfo, seat: int) -> None:
        """In a running game the host hands an idle player's seat to the built-in player."""
        async with self.locks[info.id]:
            notice = await self.clock.kick(
                info.id,
                interaction.user.id,
                seat - 1,
                self.now(),
                can_manage=self.can_manage(interaction),
            )
            with self.public(info):
                public = notice.render(notice_mentions(notice))
            await self.announce(
                interaction,
                t.KICK_NOTE.format(colour=colour_name(notice.colour), game_id=info.id),
                public,
            )
            if notice.result is not None and notice.result.moves:
                await self.deliver(info.id, notice.result)
            else:
                await self.refresh_prompt(interaction.channel, info)  # the version changed

    async def _lobby_command(
        self, interaction: discord.Interaction, op: str, level: str = DEFAULT_LEVEL
    ) -> None:
        async with self.guard(interaction, op):
            await self.defer_private(interaction)
            info = await self.channel_game(interaction)
            await self._lobby_action(interaction, info, op, level=level)

    async def _lobby_action(
        self,
        interaction: discord.Interaction,
        info: GameInfo,
        op: str,
        seat: int = 0,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        """Join, leave, add a bot seat or kick a seat of the lobby of `info`."""
        uid = interaction.user.id
        manage = self.can_manage(interaction)
        if op == "join":
            info = await self.service.join(info.id, uid)
            await self.add_to_thread(interaction.channel, interaction.user)
        elif op == "leave":
            info = await self.service.leave(info.id, uid)
        elif op == "bot":
            info = await self.service.add_bot(info.id, uid, can_manage=manage, level=level)
        else:
            info = await self.service.kick(info.id, uid, seat - 1, can_manage=manage)
        note, _public = t.LOBBY_NOTES[op]
        who = interaction.user.display_name
        facts = {"game_id": info.id, "seat": seat, "who": who, "level": level}
        if info.status == "aborted":
            with self.public(info):
                gone = t.LOBBY_GONE.format(**facts)
            await self.announce(interaction, note.format(**facts), gone)
            return
        view = self.lobby_buttons(info) if info.status == "lobby" else None
        embed = await self.lobby_embed(info)
        if await self._update_lobby(interaction.channel, info.id, embed, view):
            await self.tell(interaction, t.LOBBY_NOTE_UPDATED.format(note=note.format(**facts)))
            return
        await self.announce(interaction, note.format(**facts), None, embed=embed, view=view)

    async def _update_lobby(
        self, channel: Any, game_id: int, embed: discord.Embed, view: Any
    ) -> bool:
        """Edit the game's lobby message in place (no second copy in the channel); False when
        it cannot be found (deleted, or long scrolled away)."""
        try:
            for message in (await self._lobby_messages(channel, game_id, 50))[:1]:
                await message.edit(embed=embed, view=view)
                return True
        except discord.HTTPException:
            log.info("could not update the lobby of game %s", game_id)
        return False

    @caylus.command(name="start", description=t.DESC["start"])
    async def start(self, interaction: discord.Interaction) -> None:
        async with self.guard(interaction, "start"):
            await self.defer_private(interaction)
            info = await self.channel_game(interaction)
            await self._start(interaction, info.id, edit_lobby=False)

    @caylus.command(name="abort", description=t.DESC["abort"])
    async def abort(self, interaction: discord.Interaction) -> None:
        async with self.guard(interaction, "abort"):
            await self.defer_private(interaction)
            try:
                info = await self.channel_game(interaction)
            except err.GameDamaged as damaged:  # it cannot be read, but it can be aborted
                gid = damaged.details["game_id"]
                await self.service.abort(
                    gid, interaction.user.id, can_manage=self.can_manage(interaction)
                )
                who = interaction.user.display_name
                public = t.ABORTED.format(game_id=gid, who=who)  # unreadable: its language too
                await self.announce(interaction, t.ABORT_DONE.format(game_id=gid), public)
                self.forget_game(gid)
                return
            async with self.locks[info.id]:
                await self.service.abort(
                    info.id, interaction.user.id, can_manage=self.can_manage(interaction)
                )
                await self._close_prompt(interaction.channel, info)
                await self._drop_reminders(info.id)
                self.forget_game(info.id)  # under the lock: no delivery adds entries back
            if info.status == "lobby":
                aborted = await self.service.game(info.id)
                await self._close_lobbies(
                    interaction.channel, info.id, await self.lobby_embed(aborted)
                )
            who = interaction.user.display_name
            with self.public(info):
                public = t.ABORTED.format(game_id=info.id, who=who)
            await self.announce(interaction, t.ABORT_DONE.format(game_id=info.id), public)


def server_language(interaction: discord.Interaction) -> str:
    """A new game's default language: the server's preferred locale if we have it."""
    locale = getattr(interaction, "guild_locale", None)
    value = getattr(locale, "value", locale)
    return i18n.normalize(str(value)) if i18n.supported(value) else i18n.DEFAULT


def _lobby_title_ends(game_id: int) -> tuple[str, ...]:
    """How a lobby message's title of this game ends, whatever the game's name, in every
    language (the game's language may have changed since it was posted)."""
    ends = []
    for lang in i18n.LANGUAGES:
        with i18n.using(lang):
            ends.append(t.LOBBY_TITLE.format(title="", game_id=game_id).strip())
    return tuple(dict.fromkeys(ends))
