"""`/metrics` served by prometheus-client's own HTTP server, in a thread of its own: a scrape
costs the bot's event loop only the two reads of the database's figures (games by status, the
outbox), which run there (the store is the loop's), at most REFRESH_SECONDS; the rest (the
text, the HTTP connection, a Prometheus keeping it open) never touches the loop, and the
process's own figures are still served while the loop is stuck (docs/deploy.md, "Watching the
bot with Prometheus")."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Iterator
from typing import Protocol
from wsgiref.simple_server import WSGIServer

from prometheus_client import start_http_server
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from bot.metrics import Metrics

log = logging.getLogger(__name__)

# How long a scrape waits for the database's figures before it answers with the last ones.
REFRESH_SECONDS = 5.0


class StoreFigures(Protocol):
    """What a scrape reads from the database (bot/store/base.py)."""

    async def games_by_status(self) -> dict[str, int]: ...

    async def outbox_backlog(self) -> tuple[int, float]: ...


class DatabaseFigures(Collector):
    """The games by status and the outbox's backlog, read from the store on the bot's event
    loop when Prometheus asks (the whole database's: every process of a deployment reports
    the same). A read that fails or takes too long leaves the last figures."""

    def __init__(self, process: str, store: StoreFigures, loop: asyncio.AbstractEventLoop) -> None:
        self.process, self.store, self.loop = process, store, loop
        self._games: dict[str, int] = {}
        self._backlog = (0, 0.0)

    async def _read(self) -> tuple[dict[str, int], tuple[int, float]]:
        return await self.store.games_by_status(), await self.store.outbox_backlog()

    def _refresh(self) -> None:
        try:
            in_loop = asyncio.get_running_loop() is self.loop
        except RuntimeError:
            in_loop = False
        if in_loop:  # asked on the loop itself: it cannot wait for itself
            return
        try:
            future = asyncio.run_coroutine_threadsafe(self._read(), self.loop)
            self._games, self._backlog = future.result(REFRESH_SECONDS)
        except Exception as error:  # the last figures stand
            log.warning("metrics: could not read the database's figures: %r", error)

    def describe(self) -> Iterator[GaugeMetricFamily]:
        return self._families()

    def collect(self) -> Iterator[GaugeMetricFamily]:
        self._refresh()
        return self._families()

    def _families(self) -> Iterator[GaugeMetricFamily]:
        games = GaugeMetricFamily(
            "caylus_games",
            "Games in the database by status (the whole database: the same in every process)",
            labels=["process", "status"],
        )
        for status, count in self._games.items():
            games.add_metric([self.process, status], count)
        rows, oldest = self._backlog
        backlog = GaugeMetricFamily(
            "caylus_outbox_undelivered",
            "Outbox rows not yet posted (the whole database)",
            labels=["process"],
        )
        backlog.add_metric([self.process], rows)
        age = GaugeMetricFamily(
            "caylus_outbox_oldest_undelivered_age_seconds",
            "Age of the oldest outbox row not yet posted (0: none)",
            labels=["process"],
        )
        age.add_metric([self.process], oldest)
        yield from (games, backlog, age)


class MetricsUnavailable(Exception):
    """The metrics' port cannot be listened on (in use, or not allowed)."""

    def __init__(self, host: str, port: int, reason: str) -> None:
        super().__init__(f"{host}:{port}: {reason}")
        self.host, self.port, self.reason = host, port, reason


class MetricsServer:
    """`metrics`' registry, with the database's figures of `store`, at
    http://host:port/metrics. Start it on the bot's event loop (the loop the store's reads run
    on); stop it when the bot closes."""

    def __init__(self, metrics: Metrics, store: StoreFigures, host: str, port: int) -> None:
        self.metrics, self.store, self.host, self.port = metrics, store, host, port
        self._server: WSGIServer | None = None
        self._thread: threading.Thread | None = None
        self._figures: DatabaseFigures | None = None

    async def start(self) -> None:
        figures = DatabaseFigures(self.metrics.process, self.store, asyncio.get_running_loop())
        self.metrics.registry.register(figures)
        try:
            self._server, self._thread = start_http_server(
                self.port, self.host, registry=self.metrics.registry
            )
        except OSError as error:
            self.metrics.registry.unregister(figures)
            raise MetricsUnavailable(self.host, self.port, error.strerror or str(error)) from None
        self._figures = figures
        log.info("metrics served at http://%s:%d/metrics", self.host, self.port)

    async def stop(self) -> None:
        server, thread, self._server, self._thread = self._server, self._thread, None, None
        if server is None:
            return
        # shutdown() waits for the serving thread's loop to notice (up to half a second)
        await asyncio.to_thread(server.shutdown)
        server.server_close()
        if thread is not None:
            thread.join(timeout=5)
        if self._figures is not None:
            self.metrics.registry.unregister(self._figures)
            self._figures = None
