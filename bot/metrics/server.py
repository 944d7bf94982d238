"""`/metrics` served from the bot's own event loop (aiohttp, already discord.py's): each
scrape reads the database's figures first, then answers with the bot's registry in
Prometheus's text format (docs/deploy.md, "Watching the bot with Prometheus")."""

from __future__ import annotations

import asyncio
import logging

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.metrics import Metrics, StoreFigures

log = logging.getLogger(__name__)

# How long a scrape waits for the store's figures before it answers without fresh ones.
REFRESH_SECONDS = 5.0


class MetricsUnavailable(Exception):
    """The metrics' port cannot be listened on (in use, or not allowed)."""

    def __init__(self, host: str, port: int, reason: str) -> None:
        super().__init__(f"{host}:{port}: {reason}")
        self.host, self.port, self.reason = host, port, reason


class MetricsServer:
    """`/metrics` served by aiohttp on the bot's own event loop (no thread of its own). Each
    scrape first reads the database's figures (`Metrics.refresh`, at most REFRESH_SECONDS:
    a slow database leaves the last figures and never holds the answer up)."""

    def __init__(self, metrics: Metrics, store: StoreFigures, host: str, port: int) -> None:
        self.metrics, self.store, self.host, self.port = metrics, store, host, port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._scrape)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
        except OSError as error:
            await runner.cleanup()
            raise MetricsUnavailable(self.host, self.port, error.strerror or str(error)) from None
        self._runner = runner
        log.info("metrics served at http://%s:%d/metrics", self.host, self.port)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _scrape(self, _request: web.Request) -> web.Response:
        try:
            await asyncio.wait_for(self.metrics.refresh(self.store), REFRESH_SECONDS)
        except Exception as error:  # the figures of the last scrape stand
            log.warning("metrics: could not read the database's figures: %s", error)
        return web.Response(body=self.metrics.text(), headers={"Content-Type": CONTENT_TYPE_LATEST})
