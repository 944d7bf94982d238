"""Shared fixtures: `database` runs a test on both backends, a fresh SQLite file and a fresh
schema of a real PostgreSQL server (the session's throwaway cluster, tests/pg_cluster.py).

Bot seats in the game service search a handful of playouts instead of their level's time, so
games with bots stay quick and play the same on every machine (the levels' strength and time
are measured by `caylus arena`, docs/players.md)."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.service import core as service_core
from engine.players import Budget
from tests import pg_cluster
from tests.db import fresh_schema

BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The URL of the test run's PostgreSQL cluster: the one dev.py started (its URL in
    CAYLUS_TEST_POSTGRES), else one started for this session; skipped without a server."""
    given = os.environ.get(pg_cluster.URL_VARIABLE, "")
    if given == "skip" or (not given and pg_cluster.find_bin() is None):
        pytest.skip(pg_cluster.NOT_FOUND)
    if given:
        yield given
        return
    cluster = pg_cluster.start()
    try:
        yield cluster.url
    finally:
        cluster.stop()


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """What to open: a new SQLite file, or a PostgreSQL URL whose search_path is a new, empty
    schema (dropped afterwards)."""
    if request.param == "sqlite":
        yield str(tmp_path / "games.db")
        return
    async with fresh_schema(request.getfixturevalue("postgres_url")) as url:
        yield url


BOT_PLAYOUTS = 4


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    def budget(game: Any, level: str) -> Budget:
        return Budget(iterations=BOT_PLAYOUTS)

    monkeypatch.setattr(service_core, "timed_budget", budget)


# asyncpg's calls that each send the server one request (one round trip)
PG_CALLS = ("execute", "executemany", "fetch", "fetchrow", "fetchval")


@pytest.fixture
def round_trips(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Every request sent to PostgreSQL from now on (each one round trip), by the statement's
    first three words."""
    counted: Counter[str] = Counter()

    def counting(name: str) -> Any:
        original = getattr(asyncpg.connection.Connection, name)

        async def call(self: Any, query: str, *args: Any, **kwargs: Any) -> Any:
            counted[" ".join(query.split()[:3])] += 1
            return await original(self, query, *args, **kwargs)

        return call

    for name in PG_CALLS:
        monkeypatch.setattr(asyncpg.connection.Connection, name, counting(name))
    yield counted
