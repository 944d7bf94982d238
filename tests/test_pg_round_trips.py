"""How many messages a single action exchanges with PostgreSQL (issue 27, docs/store.md,
"Round trips"): the client's calls are counted, each call being one round trip to the server
(a transaction's BEGIN and COMMIT included: asyncpg sends them with `execute`)."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.service import GameService
from bot.store import IntegrityError, LogRow, PlanRow, Store, Tx, VersionConflict, open_store
from bot.store.postgres import inlined
from engine import caylus
from tests.db import fresh_schema

pytestmark = pytest.mark.postgres


# The calls of asyncpg's connection that each send one request and wait for its answer (a
# transaction's start and commit go through `execute`); none of them calls another.
@pytest.fixture
async def url(postgres_url: str) -> AsyncIterator[str]:
    async with fresh_schema(postgres_url) as schema_url:
        yield schema_url


async def _two_player_game(svc: GameService) -> int:
    game = await svc.create_game(1, 1, 11, players=2)
    await svc.join(game.id, 12)
    return (await svc.start(game.id, 11)).game.id


async def _game_and_its_next_row(svc: GameService) -> tuple[int, int, list[Any], LogRow]:
    """A started game, its version, its log and a row that would be the log's next."""
    game_id = await _two_player_game(svc)
    version = await svc.store.current_version(game_id)
    assert version is not None
    log_before = await svc.store.log(game_id)
    return game_id, version, log_before, LogRow(len(log_before) + 1, 0, "x", False, 11, 0.0, False)


async def _one_act(svc: GameService, game_id: int, rng: random.Random) -> None:
    info = await svc.game(game_id)
    state = await svc.state(game_id)
    seat = info.awaiting[0]
    action = caylus.choose_action(state, seat.seat, rng)
    await svc.act(game_id, seat.user_id, str(action), info.version)


async def test_an_action_on_postgresql_takes_at_most_3_round_trips(
    url: str, round_trips: Counter[str]
) -> None:
    """A player's action on a game the process holds in memory (as the bot's busy games are):
    the game's lock, the version check, the players' plans and orders, the transaction's
    writes, the unlock. Counted after a few actions, once the statements are prepared."""
    svc = await GameService.open(url, rng=random.Random(1))
    try:
        game_id = await _two_player_game(svc)
        rng = random.Random(3)
        for _ in range(3):
            await _one_act(svc, game_id, rng)
        info = await svc.game(game_id)
        state = await svc.state(game_id)
        seat = info.awaiting[0]
        action = str(caylus.choose_action(state, seat.seat, rng))
        round_trips.clear()
        await svc.act(game_id, seat.user_id, action, info.version)
        print(dict(round_trips))
        assert sum(round_trips.values()) <= 3, dict(round_trips)
    finally:
        await svc.close()


async def test_the_game_lock_reads_what_was_committed_just_before_it_was_granted(
    url: str,
) -> None:
    """The lock and the first reads travel in one call (migration 0012): a second process
    waiting for the lock must see the move the first one committed just before letting go,
    its plans included, never the game as it was when its own call began to wait."""
    first = await GameService.open(url, rng=random.Random(1))
    second = await open_store(url)
    try:
        game_id = await _two_player_game(first)
        before = await second.current_version(game_id)
        async with first.store.game_lock(game_id):
            waiting = asyncio.ensure_future(_read_under_lock(second, game_id))
            await asyncio.sleep(0.3)
            assert not waiting.done()  # it waits for the lock, its call already sent
            await first.store.write(lambda tx: tx.update_game(game_id, before, status="running"))
            await first.store.write(lambda tx: tx.put_plan(game_id, 0, "k", 11, "{}"))
        version, plans = await asyncio.wait_for(waiting, 5)
        assert version == before + 1
        assert [(p.seat, p.key, p.user_id) for p in plans] == [(0, "k", 11)]
    finally:
        await first.close()
        await second.close()


async def _read_under_lock(store: Store, game_id: int) -> tuple[int | None, list[PlanRow]]:
    async with store.game_lock(game_id):
        return await store.current_version(game_id), await store.plans(game_id)


TRICKY_TEXTS = (
    "it's",
    "''; DROP TABLE games; --",
    "back\\slash \\' and \\\\",
    "a ? in text, $1 and $cy$ END $cy$",
    "quotes \" and E'\\n'",
    "line\nbreak\ttab",
    "ünïcödé ✓ 🏰",
    "",
)


async def test_statements_sent_with_the_commit_store_text_exactly_as_given(url: str) -> None:
    """The statements whose outcome is not read travel as literals (docs/store.md, "Round
    trips"): whatever a player's plan holds comes back unchanged, and none of it runs as SQL."""
    svc = await GameService.open(url, rng=random.Random(1))
    try:
        game_id = await _two_player_game(svc)
        store = svc.store

        def work(tx: Tx) -> None:
            for index, text in enumerate(TRICKY_TEXTS):
                tx.put_plan(game_id, 0, f"k{index}", 11, text)

        await store.write(work)
        stored = {p.key: p.body for p in await store.plans(game_id)}
        assert stored == {f"k{i}": text for i, text in enumerate(TRICKY_TEXTS)}
        assert await store.current_version(game_id) is not None  # the games table is there
        assert inlined("SELECT ? , '?' FROM t WHERE a = ?", ("it's", 1.5)) == (
            "SELECT 'it''s' , '?' FROM t WHERE a = 1.5"
        )
        assert inlined("SELECT a -?, ?", (-1, -2.5)) == "SELECT a -(-1), (-2.5)"
        assert inlined("SELECT ?", (True,)) is None  # no literal form: sent on its own
    finally:
        await svc.close()


async def test_a_stale_version_sent_with_the_commit_writes_nothing(url: str) -> None:
    """The version check of a change's game row runs on the server, in the message that also
    carries the change's other rows and the COMMIT: a stale version raises VersionConflict and
    none of those rows is written; the connection (held under the game's lock) works on."""
    svc = await GameService.open(url, rng=random.Random(1))
    try:
        game_id, version, log_before, row = await _game_and_its_next_row(svc)
        store = svc.store

        def stale(tx: Tx) -> None:
            tx.append_actions(game_id, [row])
            tx.update_game(game_id, version - 1, awaiting_seat=1)
            tx.put_plan(game_id, 0, "k", 11, "{}")

        async with store.game_lock(game_id):
            with pytest.raises(VersionConflict):
                await store.write(stale)
            assert await store.log(game_id) == log_before
            assert await store.plans(game_id) == []
            assert await store.current_version(game_id) == version
            await store.write(lambda tx: tx.put_plan(game_id, 0, "k", 11, "{}"))
        assert [p.key for p in await store.plans(game_id)] == ["k"]
    finally:
        await svc.close()


async def test_a_refused_row_sent_with_the_commit_rolls_the_change_back(url: str) -> None:
    """A constraint refusing a statement that waited for the commit (a log row twice) fails
    the whole change, as an immediate failure would: IntegrityError, nothing written."""
    svc = await GameService.open(url, rng=random.Random(1))
    try:
        game_id, version, log_before, row = await _game_and_its_next_row(svc)
        store = svc.store

        def twice(tx: Tx) -> None:
            tx.update_game(game_id, version, awaiting_seat=1)
            tx.append_actions(game_id, [row, row])

        with pytest.raises(IntegrityError):
            await store.write(twice)
        assert await store.current_version(game_id) == version
        assert await store.log(game_id) == log_before
    finally:
        await svc.close()


def test_a_negative_number_written_as_a_literal_is_bracketed_negative_zero_too() -> None:
    """ "a -?" must never read as the comment "a --1": every negative literal is bracketed."""
    from bot.store.postgres import _literal, inlined

    assert _literal(-1) == "(-1)" and _literal(-0.0) == "(-0.0)" and _literal(2.5) == "2.5"
    assert inlined("SELECT 1 -?", [-0.0]) == "SELECT 1 -(-0.0)"
    assert inlined("SELECT ?, 'a?b'", ["it's"]) == "SELECT 'it''s', 'a?b'"
