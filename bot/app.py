"""The Discord bot: `create_bot(service, settings)` (used by tests) and `main()` (`caylus bot`).

With `CAYLUS_SHARD_COUNT` the bot is discord.py's AutoShardedBot on the shards of
`CAYLUS_SHARD_IDS` (all of them if empty), so N processes, each on its own shards, share the
Discord load and one PostgreSQL database (docs/deploy.md).

With `CAYLUS_METRICS_PORT` the bot serves Prometheus metrics at `/metrics` (bot/metrics/,
docs/deploy.md), from a registry of its own.

Only the default intents. Slash commands are synced to the development guild at every start
when one is set (instant), globally only when asked: `CAYLUS_SYNC_GLOBALLY=true` for one start,
or an owner mentioning the bot with `sync global`. A global sync keeps the Activity's entry point
command (bot/discord/command_tree.py).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from collections.abc import Callable
from datetime import datetime
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

from bot.clock_service import ClockService
from bot.discord.cogs.caylus import CaylusCog
from bot.discord.command_tree import EntryPointKeepingTree
from bot.discord.items import DYNAMIC_ITEMS
from bot.discord.logsafe import configure_logging, one_line, redact
from bot.discord.translator import CatalogueTranslator
from bot.metrics import NO_METRICS, Metrics, Recorder, count_rate_limits, process_name
from bot.metrics.server import MetricsServer, MetricsUnavailable
from bot.service import ActResult, GameService, PlayerView
from bot.settings import Settings, invite_url
from bot.store import ShardSet, StoreError, is_postgres_url
from bot.web import LinkSigner, WebServer, WebSite, load_secret
from bot.web.activity import DiscordSignIn
from bot.words.lang import t

log = logging.getLogger(__name__)


class CaylusBot(commands.Bot):
    def __init__(
        self,
        service: GameService | None,
        settings: Settings,
        *,
        clock: ClockService | None = None,
        now: Callable[[], datetime] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            tree_cls=EntryPointKeepingTree,  # a global sync keeps the Activity's entry point
            # nobody is notified unless a message says whom (bot.discord.cogs.base.mentioning):
            # a ping means the game waits for you now (docs/discord.md, "Mentions")
            allowed_mentions=discord.AllowedMentions.none(),
            **kwargs,
        )
        self.settings = settings
        self.service = service
        self._owns_service = service is None
        self.clock = clock
        self.now = now
        self.metrics: Recorder = NO_METRICS
        self.metrics_server: MetricsServer | None = None
        self.web: WebServer | None = None  # the web pages, when CAYLUS_WEB_PORT is set

    async def setup_hook(self) -> None:
        if self.service is None:
            self.service = await GameService.open(
                self.settings.database, **store_options(self.settings)
            )
        if self.clock is None or self.clock.svc is not self.service:
            self.clock = ClockService(self.service)
        self.clock.shards = clock_shards(self.settings)  # its tick covers this process's guilds
        if self.settings.metrics_port is not None:
            await self.serve_metrics(self.service, self.settings.metrics_port)
        await self.add_cog(
            CaylusCog(
                self,
                self.service,
                self.settings,
                clock=self.clock,
                now=self.now,
                metrics=self.metrics,
            )
        )
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(CatalogueTranslator())
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]
        self.add_command(sync_command)
        if self.settings.web_port is not None:
            self.web = web_server(
                self.service, self.settings, clock=self.clock, application_id=self.application_id
            )
            self.web.site.after_move = self._deliver_web_move
            self.web.site.plans.teller = self._web_teller
            await self.web.start()
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), guild.id)
        if self.settings.sync_globally:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))

    async def serve_metrics(self, service: GameService, port: int) -> None:
        """Measure this bot (its own registry) and serve `/metrics` on `port`; the service and
        its store report to it. MetricsUnavailable when the port cannot be listened on."""
        metrics = Metrics(
            process_name(self.settings.shards, self.settings.shard_count),
            backend=service.store.backend,
        )
        server = MetricsServer(metrics, service.store, self.settings.metrics_host, port)
        await server.start()
        self.metrics, self.metrics_server = metrics, server
        service.use_metrics(metrics)
        count_rate_limits(metrics)  # the 429s of the requests this bot's tasks make

    async def _deliver_web_move(
        self, game_id: int, before: PlayerView, action: str, result: ActResult
    ) -> None:
        """A move played on a player's web page is shown in the game's channel as one played
        in Discord is (CaylusCog.played_on_the_web)."""
        cog = self.get_cog("Caylus")
        if isinstance(cog, CaylusCog):
            await cog.played_on_the_web(game_id, before, action, result)

    def _web_teller(self) -> CaylusCog | None:
        """Who tells the channel of plans and undos made on a web page (bot/web/plans.py)."""
        cog = self.get_cog("Caylus")
        return cog if isinstance(cog, CaylusCog) else None

    async def on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        cog = self.get_cog("Caylus")
        if isinstance(cog, CaylusCog):
            await cog.handle_error(interaction, error, "tree", None)

    async def is_owner(self, user: discord.abc.User) -> bool:
        if user.id in self.settings.owners:
            return True
        return await super().is_owner(user)

    async def close(self) -> None:
        try:
            if self.web is not None:
                await self.web.stop()
                self.web = None
            await super().close()
        finally:
            if self.metrics_server is not None:
                await self.metrics_server.stop()
                self.metrics_server = None
            if self.service is not None and self.service.metrics is self.metrics:
                self.service.use_metrics(NO_METRICS)  # a service that outlives this bot
            if self._owns_service and self.service is not None:
                await self.service.close()
                self.service = None


class ShardedCaylusBot(CaylusBot, commands.AutoShardedBot):
    """The bot on some of Discord's shards (`shard_count`, `shard_ids`): one of N processes."""


def freeze_start_up_objects() -> None:
    """What the process holds once started (its modules, tables and translations: tens of
    thousands of objects that live as long as it) is kept out of the garbage collector's
    full collections, which otherwise walk all of it each time (some tens of milliseconds
    with the event loop held; docs/clock.md, "The tick and the event loop")."""
    gc.collect()
    gc.freeze()


def clock_shards(settings: Settings) -> ShardSet | None:
    """The shards whose guilds' games this process's clock ticks for: None (every game) unless
    it runs only some of the bot's shards."""
    count, ids = settings.shard_count, settings.shards
    if count is None or ids is None or set(range(count)) <= set(ids):
        return None
    return ShardSet(count, tuple(sorted(set(ids))))


def store_options(settings: Settings) -> dict[str, Any]:
    """The options of the store behind `settings.database`."""
    if is_postgres_url(settings.database):
        return {"pool_size": settings.db_pool_size}
    return {}


def web_server(
    service: GameService,
    settings: Settings,
    *,
    clock: ClockService | None = None,
    application_id: int | None = None,
) -> WebServer:
    """The web pages of `settings` (CAYLUS_WEB_PORT, CAYLUS_PUBLIC_URL, the links' secret, the
    Activity's CAYLUS_CLIENT_SECRET) over `service`, not yet started. The Activity needs the
    application's id: CAYLUS_APPLICATION_ID, else the logged-in bot's (`application_id`)."""
    secret = load_secret(settings.web_secret.get_secret_value(), settings.web_secret_file)
    client_secret = settings.client_secret.get_secret_value().strip()
    application = settings.application_id or application_id
    sign_in = None
    if client_secret and application:
        sign_in = DiscordSignIn(application, client_secret, api_url=settings.discord_api_url)
    elif client_secret:
        log.warning("CAYLUS_CLIENT_SECRET is set without CAYLUS_APPLICATION_ID: no Activity")
    site = WebSite(
        service,
        LinkSigner(secret),
        clock=clock,
        public_url=settings.public_url,
        sign_in=sign_in,
    )
    return WebServer(site, host=settings.web_host, port=settings.web_port or 0)


@commands.command(name="sync")
@commands.is_owner()
async def sync_command(ctx: commands.Context, where: str = "guild") -> None:
    """Owners: `@bot sync` (this server, instant) or `@bot sync global`."""
    bot = ctx.bot
    if where == "global":
        synced = await bot.tree.sync()
        await ctx.reply(t.SYNCED.format(count=len(synced), where=t.SYNC_WHERE_GLOBAL))
        return
    if ctx.guild is None:
        await ctx.reply(t.GUILD_ONLY)
        return
    bot.tree.copy_global_to(guild=ctx.guild)
    synced = await bot.tree.sync(guild=ctx.guild)
    await ctx.reply(t.SYNCED.format(count=len(synced), where=t.SYNC_WHERE_GUILD))


@sync_command.error
async def _sync_error(ctx: commands.Context, error: commands.CommandError) -> None:
    if isinstance(error, commands.CheckFailure):
        await ctx.reply(t.OWNER_ONLY)
        return
    raise error


def create_bot(
    service: GameService | None,
    settings: Settings,
    *,
    clock: ClockService | None = None,
    now: Callable[[], datetime] | None = None,
) -> commands.Bot:
    """The bot, ready to run: pass an open service, or None to open `settings.database`.

    `clock`: the process's ClockService (made from the service if None). `now`: the time the
    clock's scheduler and the prompts use (default `discord.utils.utcnow`); give the service the
    same clock (`GameService.open(..., clock=lambda: now().timestamp())`).

    With `settings.shard_count` it is an AutoShardedBot on `settings.shards` (all if None)."""
    if settings.shard_count is not None:
        return ShardedCaylusBot(
            service,
            settings,
            clock=clock,
            now=now,
            shard_count=settings.shard_count,
            shard_ids=settings.shards,
        )
    return CaylusBot(service, settings, clock=clock, now=now)


def main() -> int:
    """`caylus bot`: every problem at start-up is one clear line on stderr and a non-zero exit
    (bad settings, a database that is damaged, newer than this code or in use by another
    process, no network, a refused token); no traceback."""
    try:
        settings = Settings()
    except ValidationError as error:
        print(f"caylus bot: {settings_problem(error)}", file=sys.stderr)
        return 2
    token = settings.token
    configure_logging(settings.log_level, secrets=[token or ""])
    if not token:
        print(t.NO_TOKEN.format(invite=invite_url(settings.application_id)), file=sys.stderr)
        return 2
    try:
        asyncio.run(_run(settings, token))
    except discord.LoginFailure:
        print(t.START_BAD_TOKEN, file=sys.stderr)
        return 1
    except StoreError as error:
        print(f"caylus bot: {error}", file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print(t.START_INTENTS, file=sys.stderr)
        return 1
    except MetricsUnavailable as error:
        where = f"{error.host}:{error.port}"
        print(t.START_METRICS_PORT.format(where=where, reason=error.reason), file=sys.stderr)
        return 1
    except (TimeoutError, aiohttp.ClientError, OSError, discord.GatewayNotFound) as error:
        print(t.START_NO_NETWORK.format(error=one_line(error)), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


def settings_problem(error: ValidationError) -> str:
    """The first bad setting, named as in .env."""
    first = error.errors()[0]
    loc = first.get("loc") or ("shard_ids",)  # the one check of several settings together
    field = str(loc[0])
    value = first.get("input")
    # masked before it is cut short, so no part of a URL's password can show
    shown = f" ({redact(str(value))[:40]!r})" if value is not None and "token" not in field else ""
    return t.START_BAD_SETTING.format(
        name=f"CAYLUS_{field.upper()}", value=shown, reason=first.get("msg", "invalid")
    )


async def _run(settings: Settings, token: str) -> None:
    service = await GameService.open(
        settings.database,
        exclusive=True,  # SQLite: one bot process per file (PostgreSQL: shared by design)
        lock_wait=settings.db_lock_wait,
        check=True,
        **store_options(settings),
    )
    clock = ClockService(service, shards=clock_shards(settings))  # one per process
    log.info("database %s open", service.store.target)
    freeze_start_up_objects()
    if settings.shard_count is not None:
        log.info(
            "running shards %s of %d",
            ",".join(map(str, settings.shards or range(settings.shard_count))),
            settings.shard_count,
        )
    try:
        async with create_bot(service, settings, clock=clock) as bot:
            await bot.start(token)
    finally:
        await service.close()
