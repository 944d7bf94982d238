"""A game in its own thread: `/caylus new` in a text channel opens the game in a new public
thread of that channel (in a forum, a new post), so one channel holds several games and stays
readable. The game is scoped to the thread's id like any channel's. Where the bot may not make
a thread, the game stays in the channel, as before, and the channel is told why once."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Final

import discord

from bot.discord.cogs.base import TableBase, _clip
from bot.service import GameInfo
from bot.words.lang import t

log = logging.getLogger(__name__)

# A week, Discord's longest: a game may wait days for a move, and an archived thread cannot
# have its prompts edited until it is reopened (`_channel` reopens it).
THREAD_ARCHIVE_MINUTES: Final = 10080
THREAD_NAME_LIMIT = 100  # Discord's limit for a channel's name
# Discord allows two renames of a channel in ten minutes and makes a third wait; a rename is a
# nicety, so it is given up after this many seconds rather than holding a command.
RENAME_SECONDS = 5.0


@dataclass(frozen=True, slots=True)
class Place:
    """Where a new game lives: `channel` (a thread made for it when `made`); `why_not`: why a
    thread was wanted and not made (the name of a sentence of bot/words/text.py, read when shown:
    the channel reads it in the game's language, the host in theirs)."""

    channel: Any
    made: bool = False
    why_not: str | None = None


def thread_name(title: str, game_id: int, names: list[str]) -> str:
    """'Caylus #12 · alice, bob, carol', cut to Discord's limit."""
    name = t.THREAD_NAME.format(title=title, game_id=game_id, players=", ".join(names))
    return _clip(name, THREAD_NAME_LIMIT)


class GameThreads(TableBase):
    """Making, naming and joining the threads games live in."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # channels already told (by this process) why their games are not in threads
        self.told_no_thread: set[int] = set()

    async def game_place(
        self, interaction: discord.Interaction, title: str, host: str, wanted: bool
    ) -> Place:
        """Where `/caylus new` puts its game: a new thread of a text channel, a new post of a
        forum, else (`thread: false`, a thread already, another kind of channel, or no
        permission) the channel of the command."""
        channel = interaction.channel
        if not wanted:
            return Place(channel)
        name = _clip(t.THREAD_NAME_LOBBY.format(title=title, host=host), THREAD_NAME_LIMIT)
        perms = interaction.app_permissions
        if isinstance(channel, discord.Thread):
            forum = channel.parent
            if not isinstance(forum, discord.ForumChannel):
                return Place(channel)  # already a thread (Discord has no thread in a thread)
            if not (perms.send_messages and perms.send_messages_in_threads):
                return Place(channel, why_not="THREAD_NO_POST_PERMISSION")
            try:
                made = await forum.create_thread(
                    name=name,
                    content=t.THREAD_STARTER.format(host=host, title=title),
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except discord.HTTPException as error:
                log.info("could not open a forum post for a game: %s", error)
                return Place(channel, why_not="THREAD_FAILED")
            return Place(made.thread, made=True)
        if not isinstance(channel, discord.TextChannel):
            return Place(channel, why_not="THREAD_NOT_HERE")
        if not (perms.create_public_threads and perms.send_messages_in_threads):
            return Place(channel, why_not="THREAD_NO_PERMISSION")
        try:
            thread = await channel.create_thread(
                name=name,
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.HTTPException as error:
            log.info("could not open a thread for a game in channel %s: %s", channel.id, error)
            return Place(channel, why_not="THREAD_FAILED")
        return Place(thread, made=True)

    def why_no_thread(self, place: Place) -> str | None:
        """The channel's line saying why its game is not in a thread: once per channel."""
        if place.why_not is None or place.channel.id in self.told_no_thread:
            return None
        self.told_no_thread.add(place.channel.id)
        return self.no_thread_line(place)

    @staticmethod
    def no_thread_line(place: Place) -> str:
        """'No thread for this game: <why>. ...', in the language in force."""
        return t.THREAD_FALLBACK.format(reason=getattr(t, place.why_not or "THREAD_FAILED"))

    async def add_to_thread(self, channel: Any, user: discord.abc.Snowflake) -> None:
        """A player who takes a seat becomes a member of the game's thread, so its mentions
        and new posts reach them (nothing to do in a plain channel)."""
        if not isinstance(channel, discord.Thread):
            return
        try:
            await channel.add_user(user)
        except discord.HTTPException as error:
            log.info("could not add user %s to thread %s: %s", user.id, channel.id, error)

    async def name_thread(self, channel: Any, info: GameInfo) -> None:
        """The thread the bot made for a game is named after it and its players ('Caylus #12 ·
        alice, bob, carol'): when the game opens and when it starts (Discord allows only two
        renames in ten minutes, so not at every join)."""
        me = self.bot.user
        if not isinstance(channel, discord.Thread) or me is None or channel.owner_id != me.id:
            return
        with self.public(info):
            name = thread_name(self.ui(info.kind).title, info.id, await self.names_for(info))
        if channel.name == name:
            return
        try:
            async with asyncio.timeout(RENAME_SECONDS):
                await channel.edit(name=name)
        except (discord.HTTPException, TimeoutError) as error:
            log.info("could not rename the thread of game %s: %s", info.id, error)
