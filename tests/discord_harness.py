"""A simulated Discord table for the bot's tests and benchmark (SimCord, no network, no token).

`Table` builds the real bot (bot.app.create_bot) on a SQLite file, runs it inside SimCord, and
plays like people do: slash commands, buttons and select menus on the bot's own messages.
"""

from __future__ import annotations

import contextlib
import copy
import random
import re
import sqlite3
import time
from collections import Counter
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import discord
import simcord
import simcord.interactions

import i18n
from bot.app import create_bot
from bot.service import GameService
from bot.service.automated import AutomatedPlayer, engine_player
from bot.settings import Settings
from bot.words.lang import t
from engine import get_game

QUIET_LABELS = (
    "Pass",
    "Stop",
    "Build nothing",
    "Transform nothing",
    "Leave the provost",
    "No joust",
    "Keep my cubes",
    "Skip",
    "Take the worker back",
    "Leave the inn",
)
MENTION = re.compile(r"<@!?(\d+)>")


def in_every_language(*english: str) -> tuple[str, ...]:
    """Button labels as any game's language shows them (English first)."""
    out = list(english)
    for lang in i18n.LANGUAGES:
        out += [i18n.by_english(e, lang) or e for e in english]
    return tuple(dict.fromkeys(out))


QUIET_LABELS = in_every_language(*QUIET_LABELS)


def _game_over_ends() -> tuple[str, ...]:
    ends = []
    for lang in i18n.LANGUAGES:
        with i18n.using(lang):
            ends.append(t.GAME_OVER_TITLE.split("{game_id}")[-1])
    return tuple(dict.fromkeys(ends))


GAME_OVER_ENDS = _game_over_ends()


def said(result: Any) -> str:
    """Everything an interaction answered (first response and follow-ups), as text."""
    parts = []
    if result.response is not None:
        parts.append(result.response.content or "")
    parts += [f.content or "" for f in result.followups]
    return "\n".join(parts)


def components(message: Any) -> tuple[list[Any], list[Any]]:
    buttons, menus = [], []
    for row in message.components:
        for item in getattr(row, "children", [row]):
            if isinstance(item, discord.Button):
                buttons.append(item)
            elif isinstance(item, discord.SelectMenu):
                menus.append(item)
    return buttons, menus


def is_prompt(message: Any) -> bool:
    """A message asking a decision: it mentions someone and has components other than the
    Undo button an answered prompt keeps."""
    buttons, menus = components(message)
    asks = [c for c in [*buttons, *menus] if not (c.custom_id or "").startswith("cay:u:")]
    return bool(asks) and bool(MENTION.search(message.content or ""))


def is_game_over(message: Any) -> bool:
    return any((e.title or "").endswith(GAME_OVER_ENDS) for e in message.embeds)


def answer(actor: Any, message: Any, rng: random.Random, pass_rate: float) -> Any:
    """`actor` answers the prompt `message` as a person might: often the quiet choice (pass,
    build nothing, ...) with probability `pass_rate`, else a button or a menu option at random.
    Returns the awaitable interaction (a click or a select)."""
    buttons, menus = components(message)
    # the choices of the decision (not "My hand" / "My choices", which answer privately)
    buttons = [b for b in buttons if (b.custom_id or "").startswith("cay:b:")]
    menus = [m for m in menus if (m.custom_id or "").startswith("cay:s:")]
    quiet = [b for b in buttons if b.label.startswith(QUIET_LABELS)]
    doing = [b for b in buttons if b not in quiet]
    if quiet and (rng.random() < pass_rate or not (doing or menus)):
        return actor.click(message, custom_id=quiet[0].custom_id)
    if menus and (not doing or rng.random() < 0.5):
        menu = rng.choice(menus)
        value = rng.choice(menu.options).value
        return actor.select(message, [value], custom_id=menu.custom_id)
    button = rng.choice(doing)
    return actor.click(message, custom_id=button.custom_id)


@contextlib.contextmanager
def client_locales(locales: dict[int, str], guild_locales: dict[int, str]) -> Any:
    """SimCord 3.2.1 sends every interaction with locale and guild_locale 'en-US'; here each
    user's client has its own language (`locales`: user id -> Discord locale) and each server
    its preferred locale."""
    original = simcord.interactions.base_payload

    def base_payload(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        payload["locale"] = locales.get(kwargs["user_id"], "en-US")
        if kwargs.get("guild_id") is not None:
            payload["guild_locale"] = guild_locales.get(kwargs["guild_id"], "en-US")
        return record, payload

    simcord.interactions.base_payload = base_payload
    try:
        yield
    finally:
        simcord.interactions.base_payload = original


class SimClock:
    """The one clock of a test: SimCord's virtual clock (moved only by `env.advance_time`),
    shifted by `offset`. The service stamps moves with it and the cog's scheduler and prompts
    read it, so both agree.

    Why the offset: SimCord 3.2.1's virtual clock always starts at 2026-01-01 00:00 UTC (no
    public way to set its start), and advancing it ~300 days to a DST change would run the
    minute loop ~430 000 times. With the offset, time still advances only through SimCord
    (`env.advance_time`, which also wakes the discord.ext.tasks loop), but reads as autumn 2026.
    """

    def __init__(self, offset: timedelta = timedelta(0)) -> None:
        self.offset = offset
        self.env: Any = None

    def now(self) -> datetime:
        base = self.env.now() if self.env is not None else datetime.now(UTC)
        return base + self.offset

    def __call__(self) -> float:  # the service's clock: Unix seconds
        return self.now().timestamp()

    def start_at(self, instant: datetime) -> None:
        """Make `now()` read `instant` (before the first move, to choose the test's date)."""
        self.offset = instant - (self.env.now() if self.env is not None else datetime.now(UTC))


def make_settings(database: Path, **extra: Any) -> Settings:
    values: dict[str, Any] = {"database": database, "sync_globally": True}
    values.update(extra)
    return Settings(_env_file=None, **values)


@dataclass(frozen=True, slots=True)
class Seen:
    """A message the bot posted (`post`) or edited (`edit`), as the channel saw it then: what
    players read even if it is removed or edited again later."""

    kind: str
    at: datetime
    message: Any
    # who a post notified: the users its content mentions that its allowed_mentions let
    # through, as SimCord resolved them when it was posted (an edit notifies nobody)
    pinged: tuple[int, ...] = ()


def notified(clock: SimClock, message: Any) -> tuple[int, ...]:
    """The users SimCord notified of the posted `message` (read when the bot sees its post)."""
    if clock.env is None:
        return ()
    stored = clock.env.backend.messages.get(message.channel.id, {}).get(message.id)
    return tuple(stored.ping_user_ids) if stored is not None else ()


def watch(bot: Any, clock: SimClock, seen: list[Seen]) -> None:
    """Record every message the bot posts or edits, with the test clock's time (and, for a
    post, whom it notified)."""

    # discord.py updates a cached message in place when it is edited: keep copies, as read then
    async def on_message(message: Any) -> None:
        if bot.user is not None and message.author.id == bot.user.id:
            pinged = notified(clock, message)
            seen.append(Seen("post", clock.now(), copy.copy(message), pinged))

    async def on_message_edit(_before: Any, after: Any) -> None:
        if bot.user is not None and after.author.id == bot.user.id:
            seen.append(Seen("edit", clock.now(), copy.copy(after)))

    bot.add_listener(on_message, "on_message")
    bot.add_listener(on_message_edit, "on_message_edit")


def awaited_users(database: Path, channel_id: int, parent_id: int | None = None) -> frozenset[int]:
    """The players the game in `channel_id` waits for at this moment (the game of the thread's
    parent channel `parent_id` when the thread holds none), read from the database file as the
    bot left it (its pending decision's seats; none in a lobby or after the end)."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        query = "SELECT id, kind, snapshot FROM games WHERE channel_id = ? AND status = 'running'"
        found = db.execute(query, (channel_id,)).fetchall()
        if not found and parent_id is not None:
            found = db.execute(query, (parent_id,)).fetchall()
        users: set[int] = set()
        for game_id, kind, snapshot in found:
            if snapshot is None:
                continue
            game = get_game(kind)
            seats = {p.seat for p in game.pending(game.state_from_json(snapshot))}
            for seat, user_id in db.execute(
                "SELECT seat, user_id FROM seats WHERE game_id = ?", (game_id,)
            ):
                if seat in seats and user_id is not None:
                    users.add(int(user_id))
        return frozenset(users)


@dataclass
class PingCount:
    """Every mention the bot posts, checked against who the game waits for at that moment
    (docs/discord.md, "Mentions"): `pings` counts the notifications each player got (the
    simulated Discord's record: the content's <@id> allowed by allowed_mentions), `empty`
    the pings of players the game was not waiting for, `stray` the <@id> in a new message's
    content naming a player not awaited (pinged or not), `dms` the direct messages each user
    got (`dm_texts` their words as posted, `dm_edits` how often each user's DMs were edited).
    Edits are no pings: Discord notifies nobody of an edit."""

    database: Path
    channel_ids: set[int] | None  # None: every channel and thread of the guilds
    pings: Counter[int] = field(default_factory=Counter)
    empty: list[tuple[int, str]] = field(default_factory=list)  # (user, the message's text)
    stray: list[tuple[int, str]] = field(default_factory=list)
    dms: Counter[int] = field(default_factory=Counter)
    dm_texts: list[tuple[int, str]] = field(default_factory=list)
    dm_edits: Counter[int] = field(default_factory=Counter)

    def seen(self, backend: Any, event: str, payload: Mapping[str, Any]) -> None:
        if event not in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
            return
        channel_id = int(payload["channel_id"])
        message = backend.messages[channel_id][int(payload["id"])]
        if message.author_id != backend.bot_user.id:
            return
        channel = backend.channels.get(channel_id)
        if channel is not None and channel.guild_id is None:
            for user_id in channel.recipient_ids:
                if user_id == backend.bot_user.id:
                    continue
                if event == "MESSAGE_UPDATE":
                    self.dm_edits[int(user_id)] += 1
                else:
                    self.dms[int(user_id)] += 1
                    self.dm_texts.append((int(user_id), message.content))
            return
        if event != "MESSAGE_CREATE":
            return
        if self.channel_ids is not None and channel_id not in self.channel_ids:
            return
        parent = channel.parent_id if channel is not None else None
        awaited = awaited_users(self.database, channel_id, parent)
        for user_id in message.ping_user_ids:
            self.pings[user_id] += 1
            if user_id not in awaited:
                self.empty.append((user_id, message.content))
        for user_id in {int(u) for u in MENTION.findall(message.content or "")}:
            if user_id not in awaited:
                self.stray.append((user_id, message.content))

    def per_player(self, user_ids: list[int]) -> float:
        """Pings per player over `user_ids` (the game's people)."""
        return sum(self.pings[u] for u in user_ids) / len(user_ids)


@contextlib.contextmanager
def counting_pings(tb: Table, *channel_ids: int) -> Any:
    """Count the pings the bot posts while the block runs: in `channel_ids` only when given,
    else in every channel and thread (a game in a thread of the table's channel too)."""
    count = PingCount(tb.database, set(channel_ids) or None)
    backend = tb.env.backend

    def listener(event: str, payload: Mapping[str, Any]) -> None:
        count.seen(backend, event, payload)

    backend.subscribers.append(listener)
    try:
        yield count
    finally:
        backend.subscribers.remove(listener)


@dataclass
class Table:
    env: Any
    guild: Any
    channel: Any  # the game's channel: its thread once `new_game` has opened one
    players: list[Any]
    database: Path
    settings: Settings
    service: GameService
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    latencies: list[float] = field(default_factory=list)
    clock: SimClock = field(default_factory=SimClock)
    seen: list[Seen] = field(default_factory=list)
    guild_language: str = "en"  # what a new game's language defaults to

    @property
    def by_id(self) -> dict[int, Any]:
        return {p.id: p for p in self.players}

    @property
    def cog(self) -> Any:
        return self.env.bot.get_cog("Caylus")

    def seen_posts(self) -> list[Any]:
        """Every message the bot posted, as it was when posted."""
        return [x.message for x in self.seen if x.kind == "post"]

    def last_prompt(self, channel: Any = None) -> Any:
        for message in reversed((channel or self.channel).history()):
            if is_prompt(message):
                return message
            if is_game_over(message):
                return None
        return None

    def fresh(self, message: Any, channel: Any = None) -> Any:
        """The message as it is now (handles are snapshots)."""
        for found in (channel or self.channel).history():
            if found.id == message.id:
                return found
        raise AssertionError("message gone")

    def awaited(self, message: Any) -> Any:
        return self.by_id[int(MENTION.search(message.content).group(1))]

    async def timed(self, coro: Any) -> Any:
        started = time.perf_counter()
        result = await coro
        self.latencies.append(time.perf_counter() - started)
        return result

    async def step(self, *, pass_rate: float = 0.6, play_rate: float = 0.0) -> Any:
        """The awaited player answers the last prompt: often the quiet choice, sometimes a
        button or a menu option, sometimes `/caylus play` with an autocomplete suggestion."""
        message = self.last_prompt()
        assert message is not None, "no prompt to answer"
        actor = self.awaited(message)
        rng = self.rng
        if play_rate and rng.random() < play_rate:
            offered = await actor.autocomplete(self.channel, "caylus play", "action", "")
            assert offered, "autocomplete offered nothing to the awaited player"
            value = rng.choice(offered)["value"]
            return await self.timed(actor.slash(self.channel, "caylus play", action=value))
        return await self.timed(answer(actor, message, rng, pass_rate))

    async def play_out(self, *, max_steps: int = 3000, **kwargs: Any) -> Any:
        """Answer prompts until the game-over message; returns it."""
        for _ in range(max_steps):
            # the game-over message, then (with pictures) the whole final board
            over = [m for m in self.channel.history()[-2:] if is_game_over(m)]
            if over:
                return over[-1]
            await self.step(**kwargs)
            assert self.cog.unexpected_errors == 0
        raise AssertionError("the game did not end")

    async def new_game(self, host: Any, channel: Any = None, **options: Any) -> Any:
        """`/caylus new` typed by `host` in `channel` (default: the table's channel); when the
        bot opened the game in a new thread (or forum post), the table follows it there:
        `self.channel` is the game's channel from then on. Returns the command's result."""
        where = channel or self.channel
        before = {c.id for c in self.threads_of(where)}
        result = await host.slash(where, "caylus new", **options)
        made = [c for c in self.threads_of(where) if c.id not in before]
        self.channel = made[-1] if made else where
        return result

    def threads_of(self, channel: Any) -> list[Any]:
        """The threads of `channel`, oldest first; for a forum post, the posts of its forum."""
        backend = self.env.backend
        parent = backend.channels[channel.id]
        if parent.is_thread:
            parent = backend.channels[parent.parent_id]
            if int(parent.type) != discord.ChannelType.forum.value:
                return []
        found: list[Any] = []
        for thread in sorted(backend.channels.values(), key=lambda c: c.id):
            if thread.is_thread and thread.parent_id == parent.id:
                found.append(simcord.ChannelHandle(self.env, self.guild, thread))
        return found

    async def open_game(
        self, humans: int, bots: int = 0, bot_level: str | None = None, **options: Any
    ) -> Any:
        """`/caylus new` by the first player, Join by the others, Add bot (or `/caylus addbot
        level:` when `bot_level` is given), Start (the lobby's buttons read in the game's
        language: `language=`, else the server's)."""
        host = self.players[0]
        await self.new_game(host, players=humans + bots, **options)
        lobby = self.channel.last_message
        with i18n.using(options.get("language") or self.guild_language):
            join, add_bot, start = t.BUTTON_JOIN, t.BUTTON_ADD_BOT, t.BUTTON_START
        for k, player in enumerate(self.players[1:humans]):
            if k % 2 == 0:
                await player.click(lobby, label=join)
            else:
                await player.slash(self.channel, "caylus join")
        for _ in range(bots):
            if bot_level is None:
                await host.click(lobby, label=add_bot)
            else:
                await host.slash(self.channel, "caylus addbot", level=bot_level)
        await self.timed(host.click(lobby, label=start))
        return lobby

    async def restart(self) -> None:
        """A new bot process on the same database file: the old service is closed and a fresh
        one opened (nothing kept in memory), then a new bot instance attaches to the world."""
        await self.env.settle()
        server = self.env.bot.metrics_server  # the old process's port is freed as it ends
        if server is not None:
            await server.stop()
        await self.service.close()
        self.service = await GameService.open(
            self.database, rng=random.Random(99), clock=self.clock
        )
        bot = create_bot(self.service, self.settings, now=self.clock.now)
        watch(bot, self.clock, self.seen)
        await self.env.restart_bot(bot)

    def transcript(self) -> str:
        """The channel as a reader sees it (text, embeds, files, buttons and menus)."""
        return render_transcript(self.channel.history())


def render_transcript(messages: list[Any]) -> str:
    lines = []
    for message in messages:
        lines.append(f"--- {message.author.display_name}:")
        if message.content:
            lines += [f"  {line}" for line in message.content.splitlines()]
        for embed in message.embeds:
            lines.append(f"  [embed] {embed.title}")
            if embed.description:
                lines += [f"    {line}" for line in embed.description.splitlines()]
            for f in embed.fields:
                lines.append(f"    {f.name}: {f.value}".replace("\n", " | "))
            if embed.footer and embed.footer.text:
                lines.append(f"    ({embed.footer.text})")
        for attachment in message.attachments:
            lines.append(f"  [image] {attachment.filename}")
        buttons, menus = components(message)
        for menu in menus:
            options = " | ".join(o.label for o in menu.options)
            lines.append(f"  [menu: {menu.placeholder}] {options}")
        if buttons:
            lines.append("  [buttons] " + " | ".join(f"[{b.label}]" for b in buttons))
    return "\n".join(lines) + "\n"


@contextlib.asynccontextmanager
async def table(
    tmp_path: Path,
    players: int = 3,
    *,
    seed: int = 1,
    start: datetime | None = None,
    guild_locale: str = "en-US",
    locales: dict[str, str] | None = None,
    bot_player: AutomatedPlayer = engine_player,
    **settings: Any,
) -> AsyncIterator[Table]:
    """A guild, a channel, `players` members and the bot. `start`: what the shared clock reads
    when the table is ready (default: SimCord's own start, 2026-01-01 00:00 UTC).
    `guild_locale`: the server's preferred locale; `locales`: member name -> their client's
    Discord locale (default en-US). `bot_player`: who decides for the bot seats (default the
    game's own automated player; a test injects a failing one)."""
    database = tmp_path / "caylus.sqlite3"
    config = make_settings(database, **settings)
    clock = SimClock()
    service = await GameService.open(
        database, rng=random.Random(seed), clock=clock, bot_player=bot_player
    )
    bot = create_bot(service, config, now=clock.now)
    seen: list[Seen] = []
    watch(bot, clock, seen)
    user_locales: dict[int, str] = {}
    guild_locales: dict[int, str] = {}
    try:
        async with simcord.run(bot) as env, contextlib.AsyncExitStack() as stack:
            stack.enter_context(client_locales(user_locales, guild_locales))
            clock.env = env
            if start is not None:
                clock.start_at(start)
            guild = env.create_guild(name="Caylus club", preferred_locale=guild_locale)
            guild_locales[guild.id] = guild_locale
            channel = guild.create_text_channel("caylus")
            names = ["alice", "bob", "carol", "dave", "erin"][:players]
            members = [guild.add_member(env.create_user(n)) for n in names]
            for name, member in zip(names, members, strict=True):
                if locales and name in locales:
                    user_locales[member.id] = locales[name]
            tb = Table(
                env,
                guild,
                channel,
                members,
                database,
                config,
                service,
                rng=random.Random(seed),
                clock=clock,
                seen=seen,
                guild_language=i18n.normalize(guild_locale),
            )
            yield tb
            service = tb.service
    finally:
        await service.close()


@contextlib.asynccontextmanager
async def web_table(tmp_path: Path, *, reachable: bool = True) -> AsyncIterator[Table]:
    """A game of two people and an `easy` bot on a bot that serves its web pages on a free
    port; with `reachable`, the links the bot gives point at that port (a page can be opened)."""
    async with table(
        tmp_path, web_port=0, public_url="http://127.0.0.1:1", web_secret_file=str(tmp_path / "s")
    ) as tb:
        await tb.open_game(2, 1)
        if reachable:
            web = tb.env.bot.web
            web.site.public_url = f"http://127.0.0.1:{web.port}"
        yield tb
