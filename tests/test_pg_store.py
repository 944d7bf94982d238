"""What only the PostgreSQL backend has to show: two stores on one database (as two processes
would have) serialise a game's changes through the database, transactions that read before they
write are as if alone, claims, and a server that cannot be reached."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot.clock_service import ClockService
from bot.service import GameService
from bot.store import GameBusy, Store, StoreError, Tx, open_store
from bot.store.postgres import numbered, safe_url
from bot.words import errors as err
from tests.db import fresh_schema, rows
from tests.history_helpers import leave_to_bot

pytestmark = pytest.mark.postgres


@pytest.fixture
async def url(postgres_url: str) -> AsyncIterator[str]:
    async with fresh_schema(postgres_url) as schema_url:
        yield schema_url


async def _running(svc: GameService, users: tuple[int, ...] = (1, 2, 3), channel: int = 1):
    game = await svc.create_game(1, channel, users[0], players=len(users))
    for user in users[1:]:
        await svc.join(game.id, user)
    return await svc.start(game.id, users[0])


def test_placeholders_are_numbered_outside_quotes() -> None:
    assert numbered("SELECT ? , '?' , ? FROM t WHERE a = ?") == (
        "SELECT $1 , '?' , $2 FROM t WHERE a = $3"
    )
    assert safe_url("postgresql://bot:secret@db:5432/caylus") == (
        "postgresql://bot:***@db:5432/caylus"
    )


async def test_a_game_lock_is_held_across_stores(url: str) -> None:
    first, second = await open_store(url), await open_store(url)
    try:
        async with first.game_lock(7):
            with pytest.raises(GameBusy):
                async with second.game_lock(7, wait=False):
                    pass
            async with second.game_lock(8, wait=False):  # another game is free
                pass
            waiting = asyncio.ensure_future(_take(second, 7))
            await asyncio.sleep(0.2)
            assert not waiting.done()  # waits for the first store to let go
        await asyncio.wait_for(waiting, 5)
    finally:
        await first.close()
        await second.close()


async def _take(store: Store, game_id: int) -> None:
    async with store.game_lock(game_id):
        pass


async def test_typed_moves_through_two_processes_are_serialised_not_refused(url: str) -> None:
    """Without a version (typed commands, seats handed to the bot) two processes changing one
    game at once both succeed, one after the other: neither is computed from the other's old
    state."""
    first = await GameService.open(url, rng=random.Random(1))
    second = await GameService.open(url)
    try:
        started = await _running(first)
        gid = started.game.id
        await second.game(gid)  # both have the game in memory
        results = await asyncio.gather(leave_to_bot(first, gid, 2), leave_to_bot(second, gid, 3))
        assert sorted(r.game.version for r in results) == [started.version + 1, started.version + 2]
        info = await first.game(gid)
        assert [s.is_bot for s in info.seats] == [False, True, True]
        assert await first.replay_problem(gid) is None
    finally:
        await second.close()
        await first.close()


async def test_transactions_that_read_then_write_are_as_if_alone(url: str) -> None:
    """Every human votes to pause at the same moment, each through another process: the game
    pauses (each vote sees the others), exactly once."""
    now = datetime(2026, 3, 2, 12, tzinfo=UTC)
    services = [await GameService.open(url, rng=random.Random(k)) for k in range(3)]
    try:
        started = await _running(services[0])
        gid = started.game.id
        states = await asyncio.gather(
            *(
                ClockService(svc).vote_pause(gid, user, now)
                for svc, user in zip(services, (1, 2, 3), strict=True)
            )
        )
        assert sum(s.paused for s in states) == 1
        assert len(await rows(url, "SELECT * FROM clock_pauses WHERE game_id = ?", (gid,))) == 1
    finally:
        for svc in services:
            await svc.close()


async def test_a_serialization_conflict_runs_the_work_again(url: str) -> None:
    store = await open_store(url)
    other = await open_store(url)
    try:
        await store.set_user_settings(5, quiet_start=10)
        runs = 0
        entered, go_on = asyncio.Event(), asyncio.Event()
        loop = asyncio.get_running_loop()

        def slow_increment(tx: Tx) -> None:
            nonlocal runs
            runs += 1
            (value,) = tx.fetchone("SELECT quiet_start FROM user_settings WHERE user_id = 5")
            if runs == 1:  # the first run waits while another process changes the row
                loop.call_soon_threadsafe(entered.set)
                asyncio.run_coroutine_threadsafe(go_on.wait(), loop).result()
            tx.execute("UPDATE user_settings SET quiet_start = ? WHERE user_id = 5", (value + 1,))

        task = asyncio.ensure_future(store.write(slow_increment))
        await entered.wait()
        await other.set_user_settings(5, quiet_start=100)
        go_on.set()
        await task
        assert runs == 2  # the first run was rolled back and the work ran again
        assert (await store.user_settings(5)).quiet_start == 101  # no lost update
    finally:
        await store.close()
        await other.close()


async def test_the_clock_skips_a_game_another_process_holds(url: str) -> None:
    svc = await GameService.open(url, rng=random.Random(1))
    other = await open_store(url)
    try:
        started = await _running(svc, (1, 2))
        gid = started.game.id
        awaited = started.awaiting[0].seat
        async with other.game_lock(gid):
            with pytest.raises(GameBusy):
                await svc.clock_move(gid, awaited, started.version, now=0.0, claim=True)
        moved = await svc.clock_move(gid, awaited, started.version, now=0.0, claim=True)
        assert moved.version == started.version + 1
        with pytest.raises(err.StaleVersion):  # the same expiry again: once only
            await svc.clock_move(gid, awaited, started.version, now=0.0, claim=True)
    finally:
        await other.close()
        await svc.close()


async def test_reminders_due_at_once_are_sent_once_by_processes_ticking_together(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three processes tick at the same moment over 24 games whose reminder is due, in small
    batches: every reminder is claimed by exactly one of them. A game whose reminders another
    transaction is claiming is left to it, and sent by a later tick once that claim is gone."""
    import bot.clock_service.tick as clock_module

    monkeypatch.setattr(clock_module, "REMINDER_BATCH", 5)
    t0 = datetime(2026, 3, 2, 12, tzinfo=UTC).timestamp()
    services = [
        await GameService.open(url, rng=random.Random(k), clock=lambda: t0) for k in range(3)
    ]
    clocks = [ClockService(svc) for svc in services]
    release = asyncio.Event()
    try:
        games = []
        for channel in range(24):
            users = (100 * channel + 1, 100 * channel + 2)
            game = await services[0].create_game(1, channel + 1, users[0], players=2)
            await services[0].join(game.id, users[1])
            await clocks[0].configure(game.id, users[0], clock="1h", reminders="half")
            await services[0].start(game.id, users[0])
            games.append(game.id)
        held, waiting = games[7], asyncio.Event()

        async def hold_the_claim() -> None:
            def work(tx: Tx) -> None:
                assert tx.try_claim(held)
                asyncio.run_coroutine_threadsafe(_set(waiting), loop).result()
                asyncio.run_coroutine_threadsafe(release.wait(), loop).result()

            await services[2].store.write(work, claimed=True)

        loop = asyncio.get_running_loop()
        holder = asyncio.create_task(hold_the_claim())
        await waiting.wait()
        at = datetime.fromtimestamp(t0 + 31 * 60, UTC)
        ticks = await asyncio.gather(*(clock.tick(at) for clock in clocks[:2]))
        sent = [n.game_id for notices in ticks for n in notices if n.kind == "reminder"]
        assert sorted(sent) == sorted(g for g in games if g != held)  # each once, not the held
        release.set()
        await holder
        again = await asyncio.gather(*(clock.tick(at) for clock in clocks))
        assert [n.game_id for notices in again for n in notices if n.kind == "reminder"] == [held]
        recorded = await rows(url, "SELECT game_id FROM clock_reminders ORDER BY game_id")
        assert [r[0] for r in recorded] == sorted(games)
    finally:
        release.set()  # never leave the holder's thread waiting
        for svc in services:
            await svc.close()


async def _set(event: asyncio.Event) -> None:
    event.set()


async def test_outbox_rows_are_claimed_by_one_process_at_a_time(url: str) -> None:
    first = await GameService.open(url, rng=random.Random(1))
    second = await GameService.open(url)
    try:
        started = await _running(first, (1, 2))
        gid = started.game.id
        (row,) = await first.undelivered(gid)
        assert await second.undelivered(gid, wait=0.3) == []  # the first is posting them
        assert await second.due_posts(started.game.updated_at + 1) == []
        await first.post_delivered(row.id)
        user = started.awaiting[0].user_id
        legal = await first.legal_actions(gid, user)
        moved = await first.act(gid, user, legal[0], started.version)
        assert [r.id for r in await second.undelivered(gid)] == [moved.outbox_id]  # free again
        await second.post_failed(moved.outbox_id, "Discord failed with error 500", 0)
        assert [r.id for r in await first.undelivered(gid)] == [moved.outbox_id]
        await first.close()  # a process that stops gives its claims up: no waiting for them
        assert [r.id for r in await second.undelivered(gid, wait=0)] == [moved.outbox_id]
    finally:
        await second.close()
        await first.close()


async def test_an_unreachable_server_is_one_clear_error() -> None:
    with pytest.raises(StoreError, match="cannot connect to the PostgreSQL database"):
        await open_store("postgresql://nobody:pw@127.0.0.1:1/none", connect_timeout=2)
    with pytest.raises(StoreError) as caught:
        await open_store("postgresql://nobody:secret@127.0.0.1:1/none", connect_timeout=2)
    assert "secret" not in str(caught.value)


async def test_game_locks_of_different_schemas_are_independent(postgres_url: str) -> None:
    """Two bots in two schemas of one database: game 1 of one is not game 1 of the other."""
    async with fresh_schema(postgres_url) as first_url, fresh_schema(postgres_url) as second_url:
        first, second = await open_store(first_url), await open_store(second_url)
        again = await open_store(first_url)
        try:
            async with first.game_lock(1):
                async with second.game_lock(1, wait=False):
                    pass  # another schema's game 1: free
                with pytest.raises(GameBusy):
                    async with again.game_lock(1, wait=False):
                        pass  # the same schema's game 1, through another store: held
        finally:
            for store in (first, second, again):
                await store.close()
