"""The bot seen from outside: Prometheus metrics at `/metrics` (docs/deploy.md, "Watching the
bot with Prometheus").

Every part of the bot reports what it measures to a `Recorder`: the guard of an interaction
(its latency, routine Discord failures, unexpected errors), the service (engine time), the
store (commit time), the cog (render time, the clock's ticks). The plain `Recorder` forgets
everything: that is the bot without `CAYLUS_METRICS_PORT`, and any service or store used on
its own (tests, `caylus` commands). `Metrics` keeps it in a registry of its own, one per bot
(never prometheus-client's global registry, so several bots in one process each count their
own), and `MetricsServer` (`bot/metrics/server.py`) serves it from a thread of its own, with
the database's figures read on the bot's event loop at each scrape. The package imports
nothing else of the bot, so every layer may report to it.

Labels stay bounded: a command's family (`press`, `play`, `board` ..., at most
`MAX_COMMANDS` of them), the shard, the game kind, the picture kind, the failure kind, where an
error happened. Never a game, a user, a card or a move: nothing hidden can reach the output.
"""

from __future__ import annotations

import contextvars
import logging
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    disable_created_metrics,
    generate_latest,
)

log = logging.getLogger(__name__)

# No `_created` series beside every counter and histogram: they would double what Prometheus
# stores, and `rate()` needs none of them (prometheus-client's setting is process-wide).
disable_created_metrics()

R = TypeVar("R")

# Seconds. An interaction is answered within Discord's three seconds, then completed (its
# posts, pictures and next prompt); the engine and the store take milliseconds; a picture tens
# of milliseconds; a clock tick up to seconds with thousands of games.
INTERACTION_BUCKETS = (0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
FAST_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 5.0)
RENDER_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
TICK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)

# The families of commands and buttons seen beyond this many count as "other": a bound on the
# label's values whatever a caller passes.
MAX_COMMANDS = 64
OTHER = "other"

# What the routine Discord failures are (the `kind` label).
EXPIRED_INTERACTION = "expired_interaction"  # 10062, or the acknowledgement failed
RATE_LIMITED = "rate_limited"  # Discord answered 429 (discord.py waits and retries)
POST_FAILED = "post_failed"  # an outbox post failed; the scheduler posts it later

# Where an unexpected error happened (the `where` label).
IN_INTERACTION = "interaction"
IN_CLOCK = "clock"
IN_DELIVERY = "delivery"


def command_family(command: str) -> str:
    """'press:Farm (5)' -> 'press', 'turnplan:add' -> 'turnplan', 'board' -> 'board': the
    command or button family a guard names, without what was pressed or typed."""
    return command.split(":", 1)[0].strip() or OTHER


def shard_of(guild_id: int | None, shard_count: int | None) -> int:
    """The shard an interaction arrives on: Discord's rule (direct messages come on shard 0)."""
    if guild_id is None or not shard_count:
        return 0
    return (guild_id >> 22) % shard_count


class Recorder:
    """The bot's measures, forgotten: what every part reports to when no metrics are served."""

    enabled = False

    def interaction(self, command: str, shard: int, seconds: float) -> None:
        """An interaction handled, from its handler's start to its complete answer."""

    def engine(self, game: str, seconds: float, what: str = "apply") -> None:
        """The engine applied a move (`apply`) or a bot seat decided (`bot`)."""

    def render(self, picture: str, seconds: float) -> None:
        """A picture drawn and encoded (`card`, `board`)."""

    def store_commit(self, seconds: float) -> None:
        """A store transaction committed."""

    def clock_tick(self, seconds: float, lag: float) -> None:
        """A run of the clock's scheduler: how long it took, and how late it started."""

    def routine_failure(self, kind: str, shard: int = 0) -> None:
        """Discord failed in a way that is routine under load (`EXPIRED_INTERACTION` ...)."""

    def unexpected_error(self, where: str) -> None:
        """An error nobody expected (logged with its traceback)."""

    def timed_render(self, picture: str, draw: Callable[..., R]) -> Callable[..., R]:
        """`draw`, reporting its time as a `picture` render wherever it runs (a worker thread)."""
        if not self.enabled:
            return draw

        def timed(*args: Any) -> R:
            started = time.perf_counter()
            try:
                return draw(*args)
            finally:
                self.render(picture, time.perf_counter() - started)

        return timed


NO_METRICS = Recorder()


class Metrics(Recorder):
    """One bot's metrics, in a registry of its own. `process` names this process (its shards),
    the same in every metric, so the processes of one bot are told apart and summed."""

    enabled = True

    def __init__(self, process: str, *, backend: str = "") -> None:
        self.process = process
        self.backend = backend
        self.registry = CollectorRegistry()
        reg = self.registry
        # the process's own CPU, memory, open files and garbage collection, like any exporter
        ProcessCollector(registry=reg)
        PlatformCollector(registry=reg)
        GCCollector(registry=reg)
        self._interactions = Histogram(
            "caylus_interaction_seconds",
            "Interactions (commands, buttons, menus) from their handler's start to the full answer",
            ["process", "shard", "command"],
            buckets=INTERACTION_BUCKETS,
            registry=reg,
        )
        self._engine = Histogram(
            "caylus_engine_seconds",
            "Engine time: a move applied (what=apply) or a bot seat's decision (what=bot)",
            ["process", "game", "what"],
            buckets=FAST_BUCKETS,
            registry=reg,
        )
        self._render = Histogram(
            "caylus_render_seconds",
            "Pictures drawn and encoded, by picture (card: after a phase; board: the whole board)",
            ["process", "picture"],
            buckets=RENDER_BUCKETS,
            registry=reg,
        )
        self._commits = Histogram(
            "caylus_store_commit_seconds",
            "Store transactions, from the call to the commit",
            ["process", "backend"],
            buckets=FAST_BUCKETS,
            registry=reg,
        ).labels(process, backend or "unknown")
        self._tick = Histogram(
            "caylus_clock_tick_seconds",
            "Runs of the clock's scheduler (outbox retries, deadlines, reminders)",
            ["process"],
            buckets=TICK_BUCKETS,
            registry=reg,
        ).labels(process)
        self._lag = Histogram(
            "caylus_clock_lag_seconds",
            "How late a run of the clock's scheduler started after it was due",
            ["process"],
            buckets=TICK_BUCKETS,
            registry=reg,
        ).labels(process)
        self._last_tick = Gauge(
            "caylus_clock_last_tick_timestamp_seconds",
            "When the clock's scheduler last finished a run (Unix time)",
            ["process"],
            registry=reg,
        ).labels(process)
        self._routine = Counter(
            "caylus_discord_routine_failures",
            "Routine Discord failures: expired interactions, rate limits, posts to retry",
            ["process", "shard", "kind"],
            registry=reg,
        )
        self._unexpected = Counter(
            "caylus_unexpected_errors",
            "Errors nobody expected (each logged with its traceback)",
            ["process", "where"],
            registry=reg,
        )
        self._commands: set[str] = set()
        self._commands_lock = threading.Lock()
        _LIVE.add(self)

    def _command(self, command: str) -> str:
        family = command_family(command)
        with self._commands_lock:
            if family in self._commands:
                return family
            if len(self._commands) >= MAX_COMMANDS:
                return OTHER
            self._commands.add(family)
            return family

    def interaction(self, command: str, shard: int, seconds: float) -> None:
        self._interactions.labels(self.process, str(shard), self._command(command)).observe(seconds)

    def engine(self, game: str, seconds: float, what: str = "apply") -> None:
        self._engine.labels(self.process, game, what).observe(seconds)

    def render(self, picture: str, seconds: float) -> None:
        self._render.labels(self.process, picture).observe(seconds)

    def store_commit(self, seconds: float) -> None:
        self._commits.observe(seconds)

    def clock_tick(self, seconds: float, lag: float) -> None:
        self._tick.observe(seconds)
        self._lag.observe(max(0.0, lag))
        self._last_tick.set(time.time())

    def routine_failure(self, kind: str, shard: int = 0) -> None:
        self._routine.labels(self.process, str(shard), kind).inc()

    def unexpected_error(self, where: str) -> None:
        self._unexpected.labels(self.process, where).inc()

    def text(self) -> bytes:
        """The registry in Prometheus's text format."""
        return generate_latest(self.registry)


def process_name(shard_ids: list[int] | None, shard_count: int | None) -> str:
    """The `process` label: the shards this process runs ('0,1'), or 'all' (one process)."""
    if shard_count is None or not shard_ids:
        return "all"
    return ",".join(map(str, shard_ids))


# --- rate limits: discord.py waits out a 429 itself and only logs it ---------------------------

# The bot whose requests this task makes (set when a bot is set up; tasks it starts inherit it).
_CURRENT: contextvars.ContextVar[Metrics | None] = contextvars.ContextVar(
    "caylus_metrics", default=None
)
_LIVE: weakref.WeakSet[Metrics] = weakref.WeakSet()
# discord.py's one line per 429 answer (REST, and webhooks: interaction follow-ups)
RATE_LIMIT_LINES = ("We are being rate limited", "is rate limited. Retrying")
RATE_LIMIT_LOGGERS = ("discord.http", "discord.webhook.async_")


class RateLimitCounter(logging.Filter):
    """Counts discord.py's lines about a 429 as routine `rate_limited` failures of the bot
    that made the request (the one set up in this task's context; else the only bot of the
    process), and lets the line through."""

    def filter(self, record: logging.LogRecord) -> bool:
        line = str(record.msg)
        if record.levelno >= logging.WARNING and any(part in line for part in RATE_LIMIT_LINES):
            metrics = _CURRENT.get()
            if metrics is None and len(_LIVE) == 1:
                metrics = next(iter(_LIVE))
            if metrics is not None:
                metrics.routine_failure(RATE_LIMITED)
        return True


def count_rate_limits(metrics: Metrics) -> None:
    """From here on, this task (and the tasks it starts) report 429s to `metrics`."""
    _CURRENT.set(metrics)
    for name in RATE_LIMIT_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RateLimitCounter) for f in logger.filters):
            logger.addFilter(RateLimitCounter())
