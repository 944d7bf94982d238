"""What every part of the `/caylus` cog shares: the service, names, the one error handler
(`Guard`), private answers, prompts and the pictures drawn off the event loop.

Every entry point (a command, a button, a menu) acknowledges the interaction first
(`defer_private` or `defer_update`, before any read of the store: Discord drops an interaction
not acknowledged within three seconds), then calls the game service, then answers: privately
for errors and private information, in the channel for what everyone should see. Errors of
every entry point go through `Guard`: service and engine errors become a short private
sentence; an interaction that expired before it was acknowledged is a warning, counted in
`expired_interactions` and never answered (its token is dead); anything else is logged with
game, user and command, counted in `unexpected_errors`, and the user gets an apology.
Autocomplete cannot be deferred: `suggest` keeps it within a time budget and silent when it
fails.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

import i18n
from bot.clock_service import ClockService, Deadline
from bot.clock_service.clock import (
    ClockInputError,
    discord_timestamp,
    time_zone,
)
from bot.discord.logsafe import one_line
from bot.discord.views import choice_view
from bot.games import GameUI, Picture, ui_for
from bot.games import plans as pl
from bot.games.layout import MAX_ROWS, Layout
from bot.service import GameInfo, GameService
from bot.service.answers import DEFAULT_LEVEL, GameState, legal_actions
from bot.service.pace import AskNow
from bot.settings import Settings
from bot.store import DiskFull
from bot.words import errors as err
from bot.words.lang import colour_name, m, t

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()


def mentioning(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Notify exactly these users, whatever else the text names (docs/discord.md, "Mentions":
    a ping means the game waits for you now)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in dict.fromkeys(user_ids)]
    )


# The user whose interaction is being handled in this task: they are at the table now, so a
# prompt that comes to them as the answer to their own press names them without a ping.
AT_THE_TABLE: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "caylus_at_the_table", default=None
)


def awaited_mentions(info: GameInfo) -> discord.AllowedMentions:
    """Notify the players the game waits for now (`GameInfo.awaiting_user_ids`), nobody else,
    and not the one whose press brought the prompt (`AT_THE_TABLE`): the prompt appears under
    their press, a ping would only repeat it (docs/discord.md, "Mentions")."""
    here = AT_THE_TABLE.get()
    return mentioning(u for u in info.awaiting_user_ids if u != here)


MESSAGE_LIMIT = 2000
# What a failed post can raise: Discord refusing or failing, or the network.
DELIVERY_ERRORS: tuple[type[BaseException], ...] = (
    discord.HTTPException,
    aiohttp.ClientError,
    asyncio.TimeoutError,
    OSError,
)
POST_ATTEMPTS = 2  # a post that fails on Discord's side is tried once more at once ...
POST_RETRY_PAUSE = 0.5  # ... after this many seconds; later the scheduler tries again
UNKNOWN_INTERACTION = 10062  # Discord's error code for an interaction it no longer knows
# Seconds an autocomplete may take: Discord drops its answer after three, and it cannot defer.
SUGGEST_SECONDS = 2.0


class InteractionExpired(Exception):
    """The acknowledgement (defer) of an interaction failed: it expired (Discord's 10062
    "Unknown interaction", routine under load) or Discord or the network failed. Its token
    cannot carry an answer, so nobody is answered."""


# The table whose autocomplete this task is answering: discord.py sends the choices after our
# callback returned, in the same task, and logs a failure itself (see ExpiredSuggestions).
_SUGGESTING: contextvars.ContextVar[TableBase | None] = contextvars.ContextVar(
    "caylus_suggesting", default=None
)


class ExpiredSuggestions(logging.Filter):
    """discord.py sends an autocomplete's choices itself and logs a failed send as an error
    with a traceback. One that failed because the interaction expired is routine under load:
    here it becomes one warning line, counted in the table's `expired_interactions`."""

    def filter(self, record: logging.LogRecord) -> bool:
        table = _SUGGESTING.get()
        error = record.exc_info[1] if record.exc_info else None
        if table is None or error is None or not is_expired(error):
            return True
        table.expired_interactions += 1
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


def in_language(lang: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` run in `lang` wherever it runs (a worker thread does not see our context)."""

    def run(*args: Any) -> Any:
        with i18n.using(lang):
            return fn(*args)

    return run


def _clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def winner_line(outcome: Any, names: list[str]) -> str:
    """'🏆 Ann wins with 62 points!' (the winners joined the language's way; the game-over post
    and the replay's last step)."""
    winners = i18n.join([names[s] for s in outcome.winners])  # "a and b", "a en b", ...
    best = outcome.scores[outcome.winners[0]]
    template = t.WINNER_ONE if len(outcome.winners) == 1 else t.WINNER_MANY
    return template.format(names=winners, count=best)  # type: ignore[no-any-return]


class Guard:
    """`async with cog.guard(interaction, "play", game_id):` — the one error handler. Inside
    it every string reads in the user's language (i18n; `cog.public(info)` for channel posts):
    their Discord client's until the acknowledgement, then the one they chose (a store read,
    so it waits for the acknowledgement)."""

    def __init__(
        self,
        cog: TableBase,
        interaction: discord.Interaction,
        command: str,
        game_id: int | None = None,
    ) -> None:
        self.cog, self.interaction, self.command, self.game_id = cog, interaction, command, game_id
        self.token: Any = None
        self.here: Any = None

    async def __aenter__(self) -> Guard:
        self.token = i18n.set_current(client_language(self.interaction))
        self.here = AT_THE_TABLE.set(self.interaction.user.id)
        return self

    async def __aexit__(self, exc_type: Any, error: BaseException | None, tb: Any) -> bool:
        try:
            if error is None or not isinstance(error, Exception):
                return False
            await self.cog.handle_error(self.interaction, error, self.command, self.game_id)
            return True
        finally:
            if self.token is not None:
                i18n.reset(self.token)
            if self.here is not None:
                AT_THE_TABLE.reset(self.here)


def client_language(interaction: discord.Interaction) -> str:
    """The language of the user's Discord client (known without asking the store)."""
    return i18n.normalize(str(getattr(interaction, "locale", "") or ""))


def _label_in(message: discord.Message | None, action: str) -> str | None:
    """The label the player saw for `action` on the pressed message."""
    if message is None:
        return None
    for row in message.components:
        for item in getattr(row, "children", [row]):
            custom_id = getattr(item, "custom_id", "") or ""
            if custom_id.endswith(f":{action}") and getattr(item, "label", None):
                return item.label
            for option in getattr(item, "options", ()) or ():
                if option.value == action:
                    return option.label
    return None


def collapsed(content: str | None, done: str) -> str:
    """An answered prompt in one line: `done` ("✅ alice chose **Farm (5) → Take 1 cloth**."),
    after the answers an earlier decision of the same message already collapsed to (the same
    player's next decision may be edited into the message)."""
    earlier = [line for line in (content or "").splitlines() if line.startswith("✅")]
    return _clip("\n".join([*earlier, done]))


def _zone(name: str) -> Any:
    try:
        return time_zone(name)
    except ClockInputError:
        return time_zone("UTC")


def _asks_in_channel(message: discord.Message) -> bool:
    """The message has choice buttons or menus of its own (not only "My hand" and the like)."""
    return any(
        (getattr(item, "custom_id", "") or "").startswith(("cay:b:", "cay:s:"))
        for row in message.components
        for item in getattr(row, "children", [row])
    )


def _is_prompt_of(message: discord.Message, game_id: int, version: int) -> bool:
    """A prompt of `game_id` at `version`: its buttons' and menus' ids say so
    (bot/discord/views.py)."""
    marks = (f"cay:b:{game_id}:{version}:", f"cay:s:{game_id}:{version}:")
    for row in message.components:
        for item in getattr(row, "children", [row]):
            if (getattr(item, "custom_id", "") or "").startswith(marks):
                return True
    return False


def through_channel(message: Any) -> Any:
    """The bot's own `message` reached through its channel (the bot's token), for a change made
    long after it was posted: a message an interaction edited (`edit_original_response`) would
    otherwise be changed through that interaction's token, which Discord ends after 15 minutes
    (a deletion then fails as "not found", an edit as "unknown webhook")."""
    partial = getattr(message.channel, "get_partial_message", None)
    return partial(message.id) if partial is not None else message


class TableBase:
    """State and helpers shared by every part of the cog (composed in
    bot/discord/cogs/caylus.py)."""

    def __init__(
        self,
        bot: commands.Bot,
        service: GameService,
        settings: Settings,
        *,
        clock: ClockService | None = None,
        now: Callable[[], datetime] | None = None,
    ) -> None:
        self.bot = bot
        self.service = service
        self.settings = settings
        self.clock = clock if clock is not None else ClockService(service)
        # The time of the clock's scheduler and of the prompts' deadlines: Discord's (SimCord's
        # virtual clock in tests), or an injected one sharing the service's clock.
        self.now: Callable[[], datetime] = now if now is not None else discord.utils.utcnow
        self.prompts: dict[int, discord.Message] = {}  # game -> its last prompt (to mark it)
        # game -> (decision kinds, seats) its last prompt asked: a simultaneous call's prompt is
        # edited as seats answer, not posted again
        self.prompt_calls: dict[int, tuple[frozenset, frozenset]] = {}
        self.reminders: defaultdict[int, list[discord.Message]] = defaultdict(list)
        # game -> (the channel message whose Undo button is offered, the move's seq): the
        # button goes once the game has moved on (docs/history.md, "Undo")
        self.undo_offers: dict[int, tuple[discord.Message, int]] = {}
        self.undo_swept: set[int] = set()  # games whose older Undo buttons were looked for
        # game -> who may answer ahead, as its last prompt was built (for the opted-in DMs)
        self.ahead_asks: dict[int, AskNow] = {}
        # (game, user) -> the text of their questions-ahead DM as last sent or edited
        self.ahead_dm_texts: dict[tuple[int, int], str] = {}
        self.ahead_dm_failures = 0  # DMs that could not be sent or edited (logged)
        # game -> its answered prompts collapsed to one line since its last phase account:
        # removed once an account says the same (`remove_answered`)
        self.answered: defaultdict[int, list[discord.Message]] = defaultdict(list)
        # game -> its latest whole board, removed when the next one is posted
        self.whole_boards: dict[int, discord.Message] = {}
        # game -> the accounts of phases so far ((turn, phase), message), removed when the
        # phase's whole account is posted
        self.so_far_posts: dict[int, list[tuple[tuple[int, int] | None, discord.Message]]] = {}
        self.clock_failures = 0  # notices that could not be posted (logged)
        self.names: dict[int, str] = {}
        self.locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.executor = ThreadPoolExecutor(settings.render_threads, thread_name_prefix="caylus")
        self.unexpected_errors = 0  # for tests and health checks
        # interactions that expired (or whose acknowledgement failed) before they were
        # acknowledged: routine under load, so counted apart from the unexpected errors
        self.expired_interactions = 0
        if not any(isinstance(f, ExpiredSuggestions) for f in _TREE_LOG.filters):
            _TREE_LOG.addFilter(ExpiredSuggestions())
        self.timings: list[float] = []  # seconds from arrival to the last answer, per press

    async def _channel(self, channel_id: int) -> Any:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
            # a game's thread idle for a week was archived by Discord: its prompts can be
            # edited again only once it is reopened (a post alone would reopen it)
            try:
                channel = await channel.edit(archived=False)
            except discord.HTTPException:
                log.info("could not reopen the archived thread %s", channel_id)
        return channel

    async def _find_prompt(
        self, channel: Any, game_id: int, versions: set[int]
    ) -> discord.Message | None:
        """The prompt message of `game_id` at one of `versions`: the one this instance posted
        last, or (after a restart) the latest such message in the channel."""
        message = self.prompts.get(game_id)
        if message is not None and any(_is_prompt_of(message, game_id, v) for v in versions):
            return message
        try:
            async for found in channel.history(limit=30):
                if any(_is_prompt_of(found, game_id, v) for v in versions):
                    return found
        except discord.HTTPException:
            log.info("could not read the history of channel %s", getattr(channel, "id", None))
        return None

    async def _mark_answered(
        self, channel: Any, game_id: int, version: int, who: str, label: str, lang: str
    ) -> None:
        """A decision answered with /caylus play: its prompt says so and loses its buttons,
        as when a button is pressed (an edit, not a new message). `lang`: the game's."""
        message = await self._find_prompt(channel, game_id, {version})
        shown = self.prompts.get(game_id)
        if message is None and shown is not None and not _asks_in_channel(shown):
            # a prompt whose choices are all in the hands (Magna Carta's opening hands): its
            # buttons carry no version, so it is known only as the prompt this process posted
            message = shown
        if message is None:
            return
        with i18n.using(lang):
            done = t.CHOSE.format(who=who, label=label)
        await self.collapse_prompt(game_id, message, done)

    async def collapse_prompt(self, game_id: int, message: Any, done: str) -> None:
        """The answered prompt `message` becomes its one line `done` (its buttons go, nobody is
        notified), is removed with the others at the next account, and is no longer the
        prompt a next decision may be edited into."""
        try:
            edited = await through_channel(message).edit(
                content=collapsed(message.content, done), view=None, allowed_mentions=NO_MENTIONS
            )
            self.answered[game_id].append(edited if edited is not None else message)
        except discord.HTTPException:
            log.info("could not mark the answered prompt of game %s", game_id)
        if self.prompts.get(game_id) is message:
            self.prompts.pop(game_id, None)

    async def remove_answered(self, game_id: int) -> None:
        """A phase's account was posted: it tells every move of the phase, so the answered
        prompts collapsed since (one line each) are removed, leaving the story of the game.
        Kept: the current prompt (the same player's next decision may be edited into it) and
        the one whose Undo button is still good (it goes at the next account)."""
        current = self.prompts.get(game_id)
        offer = self.undo_offers.get(game_id)
        keep = {m.id for m in (current, offer[0] if offer else None) if m is not None}
        kept = []
        for message in self.answered.pop(game_id, []):
            if message.id in keep:
                kept.append(message)
                continue
            await self.remove_message(game_id, message)
        if kept:
            self.answered[game_id] = kept

    async def remove_message(self, game_id: int, message: Any) -> None:
        """Delete the bot's own `message` of a game (through its channel: the interaction that
        last edited it may have expired); one already gone is fine, a failure is logged."""
        try:
            await through_channel(message).delete()
        except discord.NotFound:
            pass  # already gone
        except DELIVERY_ERRORS:
            log.info("could not remove a message of game %s", game_id)

    async def _turn_plan_line(self, info: GameInfo, user_id: int) -> str | None:
        """/caylus me: "Turn plan: Castle → deliver all I can; Sawmill (8) — Next: Sawmill
        (8)." (None: no turn plan in force)."""
        ui = self.ui(info.kind)
        progress = await self.service.turn_plan_progress(info.id, user_id)
        seat = info.seat_of(user_id)
        if progress is None or seat is None or not ui.has_turn_plans:
            return None
        if progress.plan == pl.TurnPlan(turn=progress.plan.turn, standing=progress.plan.standing):
            return None  # an empty plan that says nothing: as if there were none
        state = await self.service.state(info.id)
        options = await self.service.turn_plan_options(info.id, user_id)
        names = await self.names_for(info)
        return self.turn_plan_line_of(info, seat.seat, progress, state, options, names)

    def turn_plan_line_of(
        self,
        info: GameInfo,
        seat: int,
        progress: pl.TurnPlanProgress,
        state: GameState,
        options: Any,
        names: list[str],
    ) -> str | None:
        """The turn plan line from what the service read (None: no plan worth a line)."""
        ui = self.ui(info.kind)
        if not ui.has_turn_plans:
            return None
        if progress.plan == pl.TurnPlan(turn=progress.plan.turn, standing=progress.plan.standing):
            return None  # an empty plan that says nothing: as if there were none
        words = [ui.turn_plan_entry(state, seat, e, options, names) for e in progress.plan.entries]
        plan = "; ".join(words) or ui.turn_plan_empty()
        if progress.plan.standing:
            plan += f" ({t.BUTTON_PLAN_STANDING.lower()})"
        if progress.step is None:
            return t.ME_TURN_PLAN_LATER.format(plan=plan)
        return t.ME_TURN_PLAN.format(
            plan=plan, then=ui.turn_plan_next(state, seat, progress, options, names)
        )

    async def _close_prompt(self, channel: Any, info: GameInfo, note: str | None = None) -> None:
        """A prompt no longer asked without being answered (the game was aborted; `note`: why
        else, e.g. its move was taken back): the prompt says so and loses its buttons."""
        message = await self._find_prompt(channel, info.id, {info.version})
        if message is None:
            return
        try:
            with self.public(info):
                content = _clip(f"{message.content}\n{note or t.PROMPT_ABORTED}")
            await message.edit(content=content, view=None, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.info("could not close the prompt of game %s", info.id)
        if self.prompts.get(info.id) is message:
            self.prompts.pop(info.id, None)
            self.prompt_calls.pop(info.id, None)

    async def offer_undo(self, game_id: int, message: discord.Message, seq: int) -> None:
        """`message` (in the channel) now carries the Undo button of move `seq`; an earlier
        message's button goes."""
        await self.drop_undo_offer(game_id, keep=message.id)
        self.undo_offers[game_id] = (message, seq)

    async def drop_undo_offer(
        self, game_id: int, *, seq: int | None = None, keep: int | None = None
    ) -> None:
        """Take the Undo button off its message unless it is still good: the game's last move
        is still `seq`'s (`seq` given), or the message is `keep`."""
        offer = self.undo_offers.get(game_id)
        if offer is None or offer[1] == seq:
            return
        message = offer[0]
        self.undo_offers.pop(game_id, None)
        if message.id == keep:
            return
        try:
            await through_channel(message).edit(view=None)
        except discord.HTTPException:
            log.info("could not take the Undo button off a message of game %s", game_id)

    async def sweep_undo_buttons(self, channel: Any, game_id: int) -> None:
        """No Undo button is left in the channel's recent messages: at the end of a game, and
        the first time this process posts for a game (one offered before a restart is not in
        memory)."""
        self.undo_offers.pop(game_id, None)
        self.undo_swept.add(game_id)
        try:
            async for message in channel.history(limit=40):
                ids = [
                    getattr(child, "custom_id", "") or ""
                    for row in message.components
                    for child in getattr(row, "children", [])
                ]
                if any(i.startswith(f"cay:u:{game_id}:") for i in ids):
                    await message.edit(view=None)
        except discord.HTTPException:
            log.info("could not sweep the Undo buttons of game %s", game_id)

    async def refresh_prompt(self, channel: Any, before: GameInfo) -> None:
        """Edit the current decision's prompt in place (no new message, no new ping) after
        something changed its deadline (away, back, pause, resume) or the game's version
        (reclaim, kick): its buttons carry the version, its text the deadline."""
        try:
            info = await self.service.game(before.id)
            if info.status != "running" or not info.pending:
                return
            if [p.seat for p in info.pending] != [p.seat for p in before.pending]:
                return  # another decision: it got its own prompt
            message = await self._find_prompt(channel, info.id, {before.version, info.version})
            if message is None:
                return
            state = await self.service.state(info.id)
            with self.public(info):
                content, view = await self._prompt(info, state)
            edited = await message.edit(content=content, view=view, allowed_mentions=NO_MENTIONS)
            self.prompts[info.id] = edited if edited is not None else message
        except discord.HTTPException:
            log.info("could not refresh the prompt of game %s", before.id)

    async def deadline_lines(
        self, info: GameInfo, names: list[str] | None = None
    ) -> tuple[list[str], Deadline | None]:
        """What the prompt says about the clock of the pending decision."""
        if not info.pending:
            return [], None
        deadline = await self.clock.deadline(info.id, self.now())
        if deadline is None or deadline.seat != info.pending[0].seat:
            return [], deadline
        if deadline.paused:
            return [t.DEADLINE_PAUSED], deadline
        due, relative = deadline.timestamp("f"), deadline.timestamp("R")
        if deadline.away_until is not None:
            names = names or await self.names_for(info)
            return [
                t.DEADLINE_AWAY.format(
                    who=names[deadline.seat],
                    until=discord_timestamp(deadline.away_until, "f"),
                    due=due,
                )
            ], deadline
        return [t.DEADLINE_LINE.format(due=due, relative=relative)], deadline

    def guard(
        self, interaction: discord.Interaction, command: str, game_id: int | None = None
    ) -> Guard:
        return Guard(self, interaction, command, game_id)

    async def reader_language(self, interaction: discord.Interaction) -> str:
        """The language of a private reply to this user: the one they set in /caylus settings,
        else their Discord client's, else English."""
        try:
            chosen = await self.service.user_language(interaction.user.id)
        except Exception:  # a store hiccup must not cost the answer; the client's language
            log.warning("could not read the language of user %s", interaction.user.id)
            chosen = None
        return chosen or client_language(interaction)

    @staticmethod
    def public(info: GameInfo) -> Any:
        """`with self.public(info):` — what is posted in the game's channel (or drawn) reads
        in the game's language."""
        return i18n.using(info.language)

    async def handle_error(
        self, interaction: discord.Interaction, error: Exception, command: str, game_id: int | None
    ) -> None:
        if isinstance(error, app_commands.CommandInvokeError):
            error = error.original  # type: ignore[assignment]
        if is_expired(error):  # its token is dead: nobody to answer
            self.expired(interaction, command, game_id, error)
            return
        try:
            if isinstance(error, err.ServiceError):
                game_id = getattr(error, "game_id", None) or game_id
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
            await self._stale(interaction, game_id or error.game_id)
            return
        if isinstance(error, err.NotYourDecision | err.NotSeated) and game_id is not None:
            info = await self.service.game(game_id)
            if info.status == "running" and info.pending:
                await self.tell(interaction, await self._not_yours(info, interaction.user.id))
                return
        if isinstance(error, err.NotHost):
            await self.tell(interaction, t.NEED_MANAGER.format(game_id=error.game_id))
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
        prompt = self.ui(info.kind).headline(await self.service.state(info.id), pending, names)
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
        state = await self.service.state(game_id)
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
        and one line in the log, not an error."""
        _SUGGESTING.set(self)  # for the send that follows in this task
        try:
            async with asyncio.timeout(SUGGEST_SECONDS):
                with i18n.using(await self.reader_language(interaction)):
                    return await find()
        except Exception as error:  # a suggestion list must never fail the typing
            log.info("autocomplete of %s gave nothing: %s", what, one_line(error))
            return []

    async def announce(
        self, interaction: discord.Interaction, note: str, content: str | None = None, **kwargs: Any
    ) -> None:
        """Post in the channel for everyone, and tell the user privately that it is done."""
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        await interaction.channel.send(content, **kwargs)  # type: ignore[union-attr]
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

    def remember(self, user: discord.abc.User) -> None:
        self.names[user.id] = user.display_name

    async def name_of(self, guild_id: int, user_id: int, colour: str, *, fetch: bool = True) -> str:
        """A player's display name; `fetch=False`: only what is known without asking Discord
        (an autocomplete has no time for a request)."""
        name = self.names.get(user_id)
        if name:
            return name
        guild = self.bot.get_guild(guild_id)
        member = guild.get_member(user_id) if guild else None
        if member is None and guild is not None and fetch:
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                member = None
        name = member.display_name if member else t.PLAYER_NAME.format(colour=colour_name(colour))
        if member:
            self.names[user_id] = name
        return name

    async def names_for(self, info: GameInfo, *, fetch: bool = True) -> list[str]:
        names = []
        for seat in info.seats:
            if seat.user_id is None:
                level = seat.level or DEFAULT_LEVEL
                names.append(
                    t.BOT_NAME.format(colour=colour_name(seat.colour), level=t.BOT_LEVEL[level])
                )
            else:
                names.append(
                    await self.name_of(info.guild_id, seat.user_id, seat.colour, fetch=fetch)
                )
        return names

    def issued_at(self, interaction: discord.Interaction) -> float:
        """When the user sent this interaction, on the clock the service stamps moves with
        (Discord's creation time of the interaction, as an age, applied to our clock)."""
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        return self.now().timestamp() - max(0.0, age)

    async def _same_channel(self, interaction: discord.Interaction, game_id: int) -> None:
        """A button acts only in its own game's channel (a copied or forwarded message)."""
        info = await self.service.game(game_id)
        if interaction.channel_id != info.channel_id:
            raise err.ServiceError(
                t.WRONG_CHANNEL.format(game_id=game_id, channel=f"<#{info.channel_id}>")
            )

    def can_manage(self, interaction: discord.Interaction) -> bool:
        perms = interaction.permissions
        return bool(perms.manage_channels or perms.administrator)

    async def channel_game(self, interaction: discord.Interaction) -> GameInfo:
        if interaction.guild_id is None:
            raise err.ServiceError(t.GUILD_ONLY)
        info = await self.service.game_in_channel(interaction.guild_id, interaction.channel_id)
        if info is None:
            raise err.ServiceError(t.NO_GAME)
        return info

    async def running_game(self, interaction: discord.Interaction) -> GameInfo:
        info = await self.channel_game(interaction)
        if info.status == "lobby":
            raise err.ServiceError(t.NOT_STARTED.format(game_id=info.id, count=len(info.seats)))
        return info

    @property
    def chronicles(self) -> dict[int, Any]:
        """The events of each game's phases not yet told: the service keeps them (this
        process's memory, empty after a restart); a cog never replays a record."""
        return self.service.chronicles

    @staticmethod
    def ui(kind: str) -> GameUI:
        """The game's words and pictures (bot/games/)."""
        return ui_for(kind)

    async def pictures(
        self,
        kind: str,
        state: GameState,
        names: list[str],
        previous: Any,
        events: list[Any],
        board: bool,
    ) -> list[Picture]:
        """What is posted after a phase: the phone card, and the whole board when `board`,
        drawn in worker threads (the two at once: the drawing and encoding release the GIL)."""
        if not self.settings.render_boards:
            return []
        ui = self.ui(kind)
        shown, before = ui.public(state), ui.public(previous) if previous is not None else None
        loop = asyncio.get_running_loop()
        lang = i18n.current()  # the worker threads draw in our language
        card = loop.run_in_executor(
            self.executor,
            in_language(lang, ui.phase_pictures),
            shown,
            names,
            before,
            events,
            False,
        )
        if not board:
            return await card
        whole = loop.run_in_executor(
            self.executor, in_language(lang, ui.board_picture), shown, names, before, events
        )
        drawn, picture = await asyncio.gather(card, whole)
        return [*drawn, picture]

    async def render_board(
        self, kind: str, state: GameState, names: list[str], previous: Any
    ) -> Picture | None:
        """The whole board, full size (`/caylus board`), or None when pictures are off."""
        if not self.settings.render_boards:
            return None
        ui = self.ui(kind)
        shown, before = ui.public(state), ui.public(previous) if previous is not None else None
        loop = asyncio.get_running_loop()
        draw = in_language(i18n.current(), ui.board_picture)
        return await loop.run_in_executor(self.executor, draw, shown, names, before)

    async def _prompt(
        self,
        info: GameInfo,
        state: GameState,
        *,
        names: list[str] | None = None,
        mention: bool = True,
        for_user: int | None = None,
        ask: AskNow | None = None,
    ) -> tuple[str, discord.ui.View | None]:
        """The prompt of the pending decision: text, and the components for its decider. Its
        text mentions only the players the game waits for (`mention=False`: nobody). `ask`: who
        else has questions to answer ahead now (named on a line of their own, never mentioned:
        an offer is not a ping; the prompt gets "My choices"; what they are asked stays
        private)."""
        names = names or await self.names_for(info)
        pending = info.pending[0]
        seat = pending.seat
        users = [s.user_id for s in info.awaiting if s.user_id is not None]
        mentions = " ".join(f"<@{u}>" for u in users) if mention else "🔔"
        ui = self.ui(info.kind)
        sentence = ui.headline(state, pending, names)
        who = " & ".join(dict.fromkeys(names[p.seat] for p in info.pending))
        lines = [t.PROMPT.format(mentions=mentions, who=who, prompt=sentence)]
        if len(info.pending) == 1:
            lines.append(ui.context(ui.public(state), seat))
        lines += (await self.deadline_lines(info, names))[0]
        ahead = ask.ahead if ask is not None else ()
        if ahead:
            seats = [info.seat_of(u) for u in ahead]
            named = [names[s.seat] for s in seats if s is not None]
            lines.append(t.PROMPT_AHEAD.format(players=i18n.join(named)))
        questions = ask is not None and any(
            not q.now and q.options for asked in ask.questions.values() for q in asked
        )
        # a turn's placements: everyone may plan theirs at once, privately ("Plan my turn")
        plan = ui.has_turn_plans and ui.placing_now(state) and len(info.pending) == 1
        view = None
        if for_user is None and (ahead or questions or plan):
            view = choice_view(
                info.id, info.version, Layout(), choices=bool(ahead or questions), plan=plan
            )
        if for_user is None or for_user in users:
            actions = legal_actions(info.kind, state, seat) if len(info.pending) == 1 else []
            shown, private = ui.split_actions(state, seat, actions)
            shape = ui.layout(state, seat, shown, names) if shown else Layout()
            if ui.has_hands:
                while shape.menus and shape.rows_with(1) > MAX_ROWS:
                    shape.hidden += len(shape.menus.pop().choices)
                lines.append(t.PROMPT_HAND if private or not shown else t.PROMPT_HAND_TOO)
            more = questions and for_user is None
            planning = plan and for_user is None
            # the channel's prompt also has "Catch me up" (a private copy is a reply already)
            catch_up = for_user is None
            extra = ui.has_hands + more + planning + catch_up
            while shape.menus and shape.rows_with(extra) > MAX_ROWS:
                shape.hidden += len(shape.menus.pop().choices)
            view = choice_view(
                info.id,
                info.version,
                shape,
                hand=ui.has_hands,
                choices=more,
                plan=planning,
                catch_up=catch_up,
            )
            lines.append(t.PROMPT_HELP)
            if shape.hidden:
                lines.append(t.PROMPT_TOO_MANY)
        return _clip("\n".join(lines)), view
