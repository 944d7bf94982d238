"""Sharding: CAYLUS_SHARD_COUNT and CAYLUS_SHARD_IDS make the bot discord.py's AutoShardedBot on
those shards; running only some shards needs a shared PostgreSQL database. A game played
through the simulated Discord by a process on shard 1 of 2, on PostgreSQL."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
import simcord
from pydantic import ValidationError

from bot.app import ShardedCaylusBot, create_bot, settings_problem
from bot.service import GameService
from bot.settings import Settings, parse_shard_ids
from bot.store import ShardSet
from tests.db import fresh_schema
from tests.discord_harness import SimClock, is_prompt, make_settings, said

PG = "postgresql://caylus@127.0.0.1:5432/caylus"


def _settings(**values: object) -> Settings:
    return Settings(_env_file=None, **values)


def test_shard_settings() -> None:
    assert parse_shard_ids("0, 2-4,7") == [0, 2, 3, 4, 7] and parse_shard_ids("") == []
    settings = _settings(database=PG, shard_count=4, shard_ids="2-3")
    assert settings.shards == [2, 3] and settings.uses_postgres
    assert _settings(shard_count=2).shards is None  # one process with every shard: SQLite is fine
    for bad in (
        {"database": PG, "shard_ids": "0"},  # no count
        {"database": PG, "shard_count": 2, "shard_ids": "2"},  # beyond the count
        {"database": PG, "shard_count": 2, "shard_ids": "one"},
        {"shard_count": 2, "shard_ids": "0"},  # part of the shards on a SQLite file
        {"database": "postgresq://x"},
        {"database": "mysql://db/caylus"},  # neither a file nor PostgreSQL
    ):
        with pytest.raises(ValidationError) as caught:
            _settings(**bad)
        assert "CAYLUS_" in settings_problem(caught.value)
    with pytest.raises(ValidationError) as caught:
        _settings(shard_count=2, shard_ids="0")
    assert "PostgreSQL" in settings_problem(caught.value)


def test_the_bot_is_sharded_only_when_asked() -> None:
    plain = create_bot(None, _settings())
    assert not isinstance(plain, discord.AutoShardedClient)
    sharded = create_bot(None, _settings(database=PG, shard_count=4, shard_ids="1,3"))
    assert isinstance(sharded, ShardedCaylusBot) and isinstance(sharded, discord.AutoShardedClient)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [1, 3])


@pytest.fixture
async def url(postgres_url: str) -> AsyncIterator[str]:
    async with fresh_schema(postgres_url) as schema_url:
        yield schema_url


@pytest.mark.postgres
async def test_a_game_on_shard_one_of_two_on_postgres(url: str, tmp_path: Path) -> None:
    clock = SimClock()
    service = await GameService.open(url, rng=random.Random(3), clock=clock)
    config = make_settings(url, shard_count=2, shard_ids="1")  # type: ignore[arg-type]
    bot = create_bot(service, config, now=clock.now)
    try:
        async with simcord.run(bot) as env:
            clock.env = env
            guild = env.create_guild(name="Caylus club", shard_id=1)
            channel = guild.create_text_channel("caylus")
            alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
            assert bot.shard_ids == [1] and guild.id is not None
            assert bot.clock.shards == ShardSet(2, (1,))  # its clock ticks for shard 1's guilds
            await alice.slash(channel, "caylus new", players=2, thread=False)
            joined = await bob.slash(channel, "caylus join")
            assert "lobby" in said(joined).lower()
            await alice.slash(channel, "caylus start")
            await env.settle()
            prompts = [m for m in channel.history() if is_prompt(m)]
            assert prompts, "the first decision is asked in the channel"
            info = await service.game_in_channel(guild.id, channel.id)
            assert info is not None and info.status == "running"
            assert await service.undelivered(info.id) == []  # everything was posted
    finally:
        await service.close()
