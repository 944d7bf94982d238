"""The one error handler (`Guard`), the acknowledgement of an interaction, and private answers.

Every entry point (a command, a button, a menu) acknowledges the interaction first
(`defer_private` or `defer_update`, before any read of the store: Discord drops an interaction
not acknowledged within three seconds), then calls the game service, then answers: privately
for errors and private information, in the channel for what everyone should see. Errors of
every entry point go through `Guard`: service and engine errors become a short private
sentence; an interaction that expired before it was acknowledged is a warning, counted in
`expired_interactions` and never answered (its token is dead); anything else is logged with
game, user and command, counted in `unexpected_errors`, and the user gets an apology.
Each guarded interaction's time, from its handler's start to its complete answer, goes to the
bot's metrics by command family and shard, the expired ones as routine failures, the
unexpected errors apart (bot/metrics/).
Autocomplete cannot be deferred: `suggest` keeps it within a time budget and silent when it
fails.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

import i18n
from bot.discord.cogs.base import AT_THE_TABLE, DELIVERY_ERRORS, NO_MENTIONS, _clip
from bot.discord.cogs.prompts import Prompts
from bot.discord.logsafe import one_line
from bot.metrics import EXPIRED_INTERACTION, IN_INTERACTION, shard_of
from bot.service import GameInfo, one_interaction
from bot.store import DiskFull
from bot.words import errors as err
from bot.words.lang import m, t

log = logging.getLogger(__name__)

UNKNOWN_INTERACTION = 10062  # Discord's error code for an interaction it no longer knows

# Seconds an autocomplete may take: Discord drops its answer after three, and it cannot defer.
SUGGEST_SECONDS = 2.0


class InteractionExpired(Exception):
    """The acknowledgement (defer) of an interaction failed: it expired (Discord's 10062
    "Unknown interaction", routine under load) or Discord or the network failed. Its token
    cannot carry an answer, so nobody is answered."""


# The table whose autocomplete this task is answering, and the interaction's shard: discord.py
# sends the choices after our callback returned, in the same task, and logs a failure itself
# (see ExpiredSuggestions).
_SUGGESTING: contextvars.ContextVar[tuple[Answers, int] | None] = contextvars.ContextVar(
    "caylus_suggesting", default=None
)


class ExpiredSuggestions(logging.Filter):
    """discord.py sends an autocomplete's choices itself and logs a failed send as an error
    with a traceback. One that failed because the interaction expired is routine under load:
    here it becomes one warning line, counted in the table's `expired_interactions`."""

    def filter(self, record: logging.LogRecord) -> bool:
        suggesting = _SUGGESTING.get()
        error = record.exc_info[1] if record.exc_info else None
        if suggesting is None or error is None or not is_expired(error):
            return True
        table, shard = suggesting
        table.expired_interactions += 1
        table.metrics.routine_failure(EXPIRED_INTERACTION, shard)
        log.warning("an autocomplete expired before its choices were sent: %s", one_line(error))
        return False


_TREE_LOG = logging.getLogger("discord.app_commands.tree")


def is_expired(error: BaseException) -> bool:
    """`error` says the interaction can no longer be answered: its acknowledgement failed, or
    Discord answered 10062 "Unknown interaction"."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, InteractionExpired):
        return True
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


class Guard:
    """`async with cog.guard(interaction, "play", game_id):` — the one error handler. Inside
    it every string reads in the user's language (i18n; `cog.public(info)` for channel posts):
    their Discord client's until the acknowledgement, then the one they chose (a store read,
    so it waits for the acknowledgement)."""

    def __init__(
        self,
        cog: Answers,
        interaction: discord.Interaction,
        command: str,
        game_id: int | None = None,
    ) -> None:
        self.cog, self.interaction, self.command, self.game_id = cog, interaction, command, game_id
        self.token: Any = None
        self.here: Any = None
        self.started = 0.0
        # each game read from the store once an interaction (docs/store.md, "One interaction,
        # few reads")
        self.reads = one_interaction()

    async def __aenter__(self) -> Guard:
        self.started = time.perf_counter()
        self.cog.remember(self.interaction.user)  # the name to show them by, without asking
        self.token = i18n.set_current(client_language(self.interaction))
        self.here = AT_THE_TABLE.set(self.interaction.user.id)
        self.reads.__enter__()
        return self

    async def __aexit__(self, exc_type: Any, error: BaseException | None, tb: Any) -> bool:
        try:
            if error is None or not isinstance(error, Exception):
                return False
            await self.cog.handle_error(self.interaction, error, self.command, self.game_id)
            return True
        finally:
            self.reads.__exit__(None, None, None)
            if self.token is not None:
                i18n.reset(self.token)
            if self.here is not None:
                AT_THE_TABLE.reset(self.here)
            seconds = time.perf_counter() - self.started
            self.cog.metrics.interaction(self.command, self.cog.shard(self.interaction), seconds)


def client_language(interaction: discord.Interaction) -> str:
    """The language of the user's Discord client (known without asking the store)."""
    return i18n.normalize(str(getattr(interaction, "locale", "") or ""))


class Answers(Prompts):
    """Acknowledging an interaction, answering it privately, and its errors."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not any(isinstance(f, ExpiredSuggestions) for f in _TREE_LOG.filters):
            _TREE_LOG.addFilter(ExpiredSuggestions())

    def guard(
        self, interaction: discord.Interaction, command: str, game_id: int | None = None
    ) -> Guard:
        return Guard(self, interaction, command, game_id)

    def shard(self, interaction: discord.Interaction) -> int:
        """The shard the interaction came on (0 for an unsharded bot)."""
        return shard_of(interaction.guild_id, self.bot.shard_count)

    async def reader_language(self, interaction: discord.Interaction) -> str:
        """The language of a private reply to this user: the one they set in /caylus settings,
        else their Discord client's, else English."""
        try:
            chosen = await self.service.user_language(interaction.user.id)
        except Exception:  # a store hiccup must not cost the answer; the client's language
            log.warning("could not read the language of user %s", interaction.user.id)
            chosen = None
        return chosen or client_language(interaction)

    async def handle_error(
        self, interaction: discord.Interaction, error: Exception, command: str, game_id: int | None
    ) -> None:
        if isinstance(error, app_commands.CommandInvokeError):
            error = error.original
        if is_expired(error):  # its token is dead: nobody to answer
            self.expired(interaction, command, game_id, error)
            return
        try:
            if isinstance(error, err.ServiceError):
                game_id = error.details.get("game_id") or game_id
                await self._explain(interaction, error, game_id)
                return
            if isinstance(error, DiskFull):  # logged once by the store
                await self.tell(interaction, t.NOT_SAVED_ANY)
                return
            if isinstance(error, app_commands.AppCommandError):
                await self.tell(interaction, str(error) or t.UNEXPECTED)
                return
        except Exception as failed:  # answering failed: log it like any unexpected error
            if is_expired(failed):
                self.expired(interaction, command, game_id, failed)
            else:
                log.exception("could not answer an error in %s (game %s)", command, game_id)
            return
        self.unexpected_errors += 1
        self.metrics.unexpected_error(IN_INTERACTION)
        log.error(
            "unexpected error in %s (game %s, user %s, guild %s, channel %s)",
            command,
            game_id,
            interaction.user.id if interaction.user else None,
            interaction.guild_id,
            interaction.channel_id,
            exc_info=error,
        )
        try:
            await self.tell(interaction, t.UNEXPECTED)
        except Exception as failed:
            if is_expired(failed):
                self.expired(interaction, command, game_id, failed)
            else:
                log.exception("could not apologise for an error in %s", command)

    def expired(
        self,
        interaction: discord.Interaction,
        command: str,
        game_id: int | None,
        error: BaseException,
    ) -> None:
        """An interaction that can no longer be answered: one warning line, counted apart."""
        self.expired_interactions += 1
        self.metrics.routine_failure(EXPIRED_INTERACTION, self.shard(interaction))
        cause = error.__cause__ if isinstance(error, InteractionExpired) else error
        log.warning(
            "interaction %s expired or its acknowledgement failed; not answered (%s, game %s,"
            " user %s, guild %s): %s",
            interaction.id,
            command,
            game_id,
            interaction.user.id if interaction.user else None,
            interaction.guild_id,
            one_line(cause or error),
        )

    async def _explain(
        self, interaction: discord.Interaction, error: err.ServiceError, game_id: int | None
    ) -> None:
        if isinstance(error, err.StaleVersion):
            await self._stale(interaction, game_id or error.details["game_id"])
            return
        if isinstance(error, err.NotYourDecision | err.NotSeated) and game_id is not None:
            info = await self.service.game(game_id)
            if info.status == "running" and info.pending:
                await self.tell(interaction, await self._not_yours(info, interaction.user.id))
                return
        if isinstance(error, err.NotHost):
            await self.tell(interaction, t.NEED_MANAGER.format(game_id=error.details["game_id"]))
            return
        if isinstance(error, err.MalformedAction):
            await self.tell(interaction, t.MALFORMED.format(reason=str(error)))
            return
        await self.tell(interaction, str(error))

    async def _not_yours(self, info: GameInfo, user_id: int) -> str:
        names = await self.names_for(info)
        pending = info.pending[0]
        who = names[pending.seat]
        # what the decision asks, in the reader's language (the engine's sentence is English)
        prompt = self.ui(info.kind).headline(await self.state_of(info), pending, names)
        if info.seat_of(user_id) is None:
            return t.NOT_IN_GAME_DECISION.format(game_id=info.id, who=who, prompt=prompt)
        return t.NOT_YOUR_DECISION.format(who=who, prompt=prompt)

    async def _stale(self, interaction: discord.Interaction, game_id: int) -> None:
        info = await self.service.game(game_id)
        if info.status == "finished":
            await self.tell(interaction, t.BOARD_CHANGED_OVER.format(game_id=game_id))
            return
        if info.status != "running" or not info.pending:
            await self.tell(
                interaction,
                t.BOARD_CHANGED_GONE.format(game_id=game_id, status=m.STATUS[info.status]),
            )
            return
        state = await self.state_of(info)
        content, view = await self._prompt(info, state, mention=False, for_user=interaction.user.id)
        await self.tell(interaction, t.BOARD_CHANGED + "\n" + content, view=view)

    async def defer_private(self, interaction: discord.Interaction, *, read: bool = True) -> None:
        """Acknowledge an interaction at once, with a private "thinking" answer to come. Its
        errors are private; what everyone should see (a lobby, the start, an abort) is posted
        in the channel. The first thing every such entry point does (see `_acknowledge`)."""
        await self._acknowledge(interaction, read, ephemeral=True, thinking=True)

    async def defer_update(self, interaction: discord.Interaction, *, read: bool = True) -> None:
        """Acknowledge a button or menu whose own message is then edited (a prompt, the lobby,
        a private replay)."""
        await self._acknowledge(interaction, read)

    async def _acknowledge(self, interaction: discord.Interaction, read: bool, **how: Any) -> None:
        """Defer within Discord's three seconds, before any read of the store; a failure
        raises InteractionExpired (the guard logs it as a warning and answers nobody). Then
        the rest reads in the language the user chose (`/caylus settings language:`);
        `read=False`: in their client's until the service call that follows sets the chosen
        one (a move's one call, `reader=`, reads it with the move)."""
        try:
            await interaction.response.defer(**how)
        except DELIVERY_ERRORS as error:
            raise InteractionExpired(str(error)) from error
        # reset by the guard
        if read:
            i18n.set_current(await self.reader_language(interaction))
        else:
            i18n.set_current(client_language(interaction))

    async def suggest(
        self,
        interaction: discord.Interaction,
        what: str,
        find: Callable[[], Awaitable[list[app_commands.Choice[Any]]]],
    ) -> list[app_commands.Choice[Any]]:
        """An autocomplete's choices: `find()` in the user's language, within SUGGEST_SECONDS
        (an autocomplete cannot be deferred). A failure is silent for the user (no choices)
        and one line in the log, not an error. Its time (until the choices are found) is an
        interaction of the family `autocomplete`."""
        shard = self.shard(interaction)
        _SUGGESTING.set((self, shard))  # for the send that follows in this task
        started = time.perf_counter()
        try:
            async with asyncio.timeout(SUGGEST_SECONDS):
                with i18n.using(await self.reader_language(interaction)):
                    return await find()
        except Exception as error:  # a suggestion list must never fail the typing
            log.info("autocomplete of %s gave nothing: %s", what, one_line(error))
            return []
        finally:
            self.metrics.interaction("autocomplete", shard, time.perf_counter() - started)

    async def announce(
        self, interaction: discord.Interaction, note: str, content: str | None = None, **kwargs: Any
    ) -> None:
        """Post in the channel for everyone, and tell the user privately that it is done."""
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        channel = interaction.channel
        # the commands that announce are typed in a game's channel or thread
        assert isinstance(channel, discord.abc.Messageable), channel
        await channel.send(content, **kwargs)
        await self.tell(interaction, note)

    async def tell(
        self,
        interaction: discord.Interaction,
        content: str | None = None,
        *,
        ephemeral: bool = True,
        **kwargs: Any,
    ) -> None:
        """Answer the interaction (first response or follow-up)."""
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        if content is not None:
            kwargs["content"] = _clip(content)
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        if interaction.response.is_done():
            await interaction.followup.send(ephemeral=ephemeral, **kwargs)
        else:
            await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
