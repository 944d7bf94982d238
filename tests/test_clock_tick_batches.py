"""The clock's tick over many games (issue 27): a catch-up tick gives the event loop its turn
between its batches, claims a batch of reminders in one statement on PostgreSQL, and covers only
the games of its process's Discord shards. Real SQLite files and real PostgreSQL schemas; the
games are written straight into the store, as `bench/bench_clock.py` does."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime
from typing import Any

import pytest

import bot.clock_service.core as clock_core
import bot.clock_service.tick as clock_tick
from bot.app import clock_shards
from bot.clock_service import ClockService
from bot.service import GameService
from bot.settings import Settings
from bot.store import ReminderClaim, ShardSet, Tx, open_store
from engine import caylus
from tests.db import fresh_schema, rows, target_of

START = datetime(2026, 3, 2, 12, tzinfo=UTC).timestamp()
HALF_TIME = datetime.fromtimestamp(START + 12 * 3600 + 60, UTC)  # every `half` reminder is due
SHARD = 1 << 22  # the guild ids of shard k of n: k * SHARD (+ a multiple of n * SHARD)
DEFAULTS = {"default_clock": 86_400, "default_reminders": "half,2h", "default_takeover": 3}


async def _running_games(svc: GameService, guilds: Sequence[int]) -> list[int]:
    """One running two-player game in each of these guilds (ids 1, 2, ...), a human awaited
    since START with the default clock (24 hours, reminders `half,2h`)."""
    state = caylus.new_game(caylus.Options(players=2), caylus.Setup(seed=1))
    snapshot, setup = state.model_dump_json(), json.dumps(state.setup.model_dump())
    options = json.dumps(caylus.Options(players=2).model_dump())
    ids = list(range(1, len(guilds) + 1))
    awaited, times = state.decision.seat, (START, START, START, START)
    games = [
        (gid, guild, gid, "caylus", options, setup, "running", 10 * gid, 1, 0, *snapshots)
        for gid, guild in zip(ids, guilds, strict=True)
        for snapshots in [(snapshot, snapshot, awaited, *times)]
    ]
    seats = [
        (gid, s, 10 * gid + s, 0, colour, START)
        for gid in ids
        for s, colour in ((0, "blue"), (1, "red"))
    ]

    def work(tx: Tx) -> None:
        tx.executemany(
            "INSERT INTO games (id, guild_id, channel_id, kind, options, setup, status, host_id, "
            "version, seq, snapshot, phase_snapshot, awaiting_seat, awaiting_since, created_at, "
            "updated_at, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            games,
        )
        tx.executemany(
            "INSERT INTO seats (game_id, seat, user_id, is_bot, colour, joined_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            seats,
        )

    await svc.store.write(work)
    await svc.store.reset_identities()
    return ids


@pytest.fixture
async def svc(database: str) -> AsyncIterator[GameService]:
    service = await GameService.open(database, rng=random.Random(1), clock=lambda: START)
    yield service
    await service.close()


async def test_catch_up_tick_yields_to_the_loop_between_reminder_batches(
    svc: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """300 games whose reminder is due, after a restart (nothing in memory): the tick works
    through them 50 at a time, and a coroutine running beside it gets its turns between every
    two batches, also while the deadlines are computed (work without any I/O to wait for)."""
    monkeypatch.setattr(clock_tick, "REMINDER_BATCH", 50)
    monkeypatch.setattr(clock_core, "CHUNK", 50)
    games = await _running_games(svc, [1] * 300)
    turns = 0
    done = False

    async def beside() -> None:
        nonlocal turns
        while not done:
            turns += 1
            await asyncio.sleep(0)

    at_batches: list[int] = []
    real_sent = svc.store.reminders_sent

    async def reminders_sent(game_ids: Sequence[int]) -> Any:
        at_batches.append(turns)  # one query per batch of games
        return await real_sent(game_ids)

    monkeypatch.setattr(svc.store, "reminders_sent", reminders_sent)
    at_deadlines: list[int] = []
    real_timing = clock_core.compute_timing

    def compute_timing(*args: Any) -> Any:
        at_deadlines.append(turns)
        return real_timing(*args)

    monkeypatch.setattr(clock_core, "compute_timing", compute_timing)
    clock = ClockService(svc)
    runner = asyncio.create_task(beside())
    try:
        notices = await clock.tick(HALF_TIME)
    finally:
        done = True
        await runner
    assert sorted(n.game_id for n in notices if n.kind == "reminder") == games
    assert len(at_batches) == 6
    assert all(a < b for a, b in itertools.pairwise(at_batches))
    assert len(at_deadlines) == 300
    # the turns seen by the deadlines' computation change from one chunk of 50 to the next
    chunks = [at_deadlines[k : k + 50] for k in range(0, 300, 50)]
    assert all(len(set(chunk)) == 1 for chunk in chunks)
    assert all(a[0] < b[0] for a, b in itertools.pairwise(chunks))
    assert [n for n in await clock.tick(HALF_TIME) if n.kind == "reminder"] == []  # sent once


@pytest.fixture
async def pg_svc(postgres_url: str) -> AsyncIterator[GameService]:
    async with fresh_schema(postgres_url) as url:
        service = await GameService.open(url, rng=random.Random(1), clock=lambda: START)
        yield service
        await service.close()


@pytest.mark.postgres
async def test_reminder_tick_claims_each_batch_in_one_statement_on_postgres(
    pg_svc: GameService, round_trips: Counter[str]
) -> None:
    """300 due reminders (two batches of at most 250 games): a few round trips for the whole
    tick, none per game; each batch's reminders claimed and recorded by one statement."""
    games = await _running_games(pg_svc, [1] * 300)
    round_trips.clear()
    notices = await ClockService(pg_svc).tick(HALF_TIME)
    assert sorted(n.game_id for n in notices if n.kind == "reminder") == games
    claims = sum(n for words, n in round_trips.items() if words.startswith("WITH claimed"))
    assert claims == 2
    assert sum(round_trips.values()) <= 25, round_trips  # 0.08 round trips a game at most
    recorded = await rows(pg_svc.store.url, "SELECT COUNT(*) FROM clock_reminders")  # type: ignore[attr-defined]
    assert recorded == [(300,)]


@pytest.mark.postgres
async def test_clock_services_on_shards_zero_and_one_of_two_tick_only_their_guilds_games(
    postgres_url: str,
) -> None:
    """Two processes over one database, on shards {0} and {1} of 2: each one's tick sees and
    reminds the games of its own shard's guilds only, and together they remind every game."""
    guilds = [k * SHARD + 2 * SHARD * (k % 3) for k in range(8)]  # shards 0, 1, 0, 1 ...
    async with fresh_schema(postgres_url) as url:
        first = await GameService.open(url, rng=random.Random(1), clock=lambda: START)
        second = await GameService.open(url, rng=random.Random(2), clock=lambda: START)
        try:
            games = await _running_games(first, guilds)
            shard_of = {gid: (guild >> 22) % 2 for gid, guild in zip(games, guilds, strict=True)}
            clocks = [
                ClockService(first, shards=ShardSet(2, (0,))),
                ClockService(second, shards=ShardSet(2, (1,))),
            ]
            for shard, clock in enumerate(clocks):
                seen = await clock._awaited_rows(None)
                assert [r["id"] for r in seen] == [g for g in games if shard_of[g] == shard]
            ticks = await asyncio.gather(*(clock.tick(HALF_TIME) for clock in clocks))
            for shard, notices in enumerate(ticks):
                reminded = sorted(n.game_id for n in notices if n.kind == "reminder")
                assert reminded == [g for g in games if shard_of[g] == shard]
            everyone = ClockService(first)  # a bot in one process covers every game
            assert len(await everyone._awaited_rows(None)) == len(games)
        finally:
            await first.close()
            await second.close()


async def test_seats_awaited_of_a_shard_set_leave_out_other_shards_guilds(
    svc: GameService,
) -> None:
    """The store's reads for the tick take the shard filter, on both backends."""
    guilds = [0, SHARD, 2 * SHARD, 3 * SHARD + 5, 4 * SHARD]  # shards 0, 1, 2, 0, 1 of 3
    games = await _running_games(svc, guilds)
    for ids, expected in (((0,), [1, 4]), ((1, 2), [2, 3, 5]), ((0, 1, 2), games)):
        shards = ShardSet(3, ids)
        found = await svc.store.seats_awaited(None, shards=shards, **DEFAULTS)
        assert [a.id for a in found] == expected
        assert all(shards.covers(a.guild_id) for a in found)
        players = await svc.store.running_players_settings(shards)
        assert players == []  # nobody has settings: the query runs, with the filter
    assert len(await svc.store.seats_awaited(None, **DEFAULTS)) == len(games)


def test_the_clock_of_a_process_on_some_shards_covers_their_guilds_only() -> None:
    def settings(**values: Any) -> Settings:
        return Settings(_env_file=None, **values)

    url = "postgresql://caylus@127.0.0.1:5432/caylus"
    assert clock_shards(settings()) is None  # one process: every game
    assert clock_shards(settings(shard_count=4)) is None  # every shard in this process
    assert clock_shards(settings(database=url, shard_count=4, shard_ids="0-3")) is None
    assert clock_shards(settings(database=url, shard_count=4, shard_ids="3,1")) == ShardSet(
        4, (1, 3)
    )


async def test_reminder_tick_reads_a_game_whose_stored_state_does_not_decode_through_the_service(
    svc: GameService,
) -> None:
    """A stored state that does not read (the cache column damaged behind the bot's back) is
    not the game's end: the tick has the service read the game (its log replays, the state is
    repaired) and reminds it with the others; nothing is marked damaged."""
    games = await _running_games(svc, [1, 1, 1])
    await svc.store.write(
        lambda tx: tx.execute("UPDATE games SET snapshot = ? WHERE id = ?", ("{broken", games[1]))
    )
    notices = await ClockService(svc).tick(HALF_TIME)
    assert sorted(n.game_id for n in notices if n.kind == "reminder") == games
    assert [n for n in notices if n.kind == "damaged"] == []
    assert await svc.store.damaged(games[1]) is None
    (snapshot,) = await rows(svc.store, "SELECT snapshot FROM games WHERE id = ?", (games[1],))
    assert snapshot[0].startswith("{") and snapshot[0] != "{broken"  # repaired from the log


async def test_claim_reminders_records_each_item_once_for_the_awaited_decision_only(
    svc: GameService,
) -> None:
    """`Tx.claim_reminders` (one statement on PostgreSQL, statement by statement on SQLite):
    a game is claimed when its decision is still the awaited one and none of its items was
    recorded before; on PostgreSQL a game another transaction is claiming is left to it."""
    games = await _running_games(svc, [1] * 5)
    seat = (await svc.store.seats_awaited(games[0], **DEFAULTS))[0].awaiting_seat

    def claim(gid: int, items: tuple[str, ...], seq: int = 0) -> ReminderClaim:
        return ReminderClaim(gid, seq, seat, 10 * gid + seat, tuple((i, START) for i in items))

    def work(tx: Tx) -> set[int]:
        return tx.claim_reminders(
            [claim(games[0], ("half",)), claim(games[1], ("half", "2h"))], 7.0
        )

    assert await svc.store.write(work, claimed=True) == {games[0], games[1]}
    assert await svc.store.write(work, claimed=True) == set()  # recorded: never again

    def later(tx: Tx) -> set[int]:
        return tx.claim_reminders(
            [
                claim(games[1], ("2h", "1h")),  # 2h was sent: not this transaction's to send
                claim(games[2], ("half",), seq=3),  # not the awaited decision
                claim(games[3], ("half",)),
            ],
            8.0,
        )

    assert await svc.store.write(later, claimed=True) == {games[3]}
    recorded = await rows(svc.store, "SELECT game_id, item, sent_at FROM clock_reminders")
    assert sorted(recorded) == [
        (games[0], "half", 7.0),
        (games[1], "1h", 8.0),
        (games[1], "2h", 7.0),
        (games[1], "half", 7.0),
        (games[3], "half", 8.0),
    ]
    if svc.store.backend != "postgres":
        return
    other = await open_store(target_of(svc.store))
    held, release = asyncio.Event(), asyncio.Event()
    loop = asyncio.get_running_loop()

    def hold(tx: Tx) -> None:
        assert tx.try_claim(games[4])
        loop.call_soon_threadsafe(held.set)
        asyncio.run_coroutine_threadsafe(release.wait(), loop).result()

    holder = asyncio.create_task(other.write(hold, claimed=True))
    try:
        await held.wait()

        def both(tx: Tx) -> set[int]:
            return tx.claim_reminders([claim(games[4], ("half",)), claim(games[2], ("half",))], 9.0)

        assert await svc.store.write(both, claimed=True) == {games[2]}  # the held one is left
    finally:
        release.set()
        await holder
        await other.close()
    assert await svc.store.write(both, claimed=True) == {games[4]}  # its claim is gone


async def test_tick_delivers_each_expiry_as_it_is_decided_and_keeps_no_result(
    svc: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With `deliver` (the Discord layer's post), each notice goes out as soon as the tick has
    decided it: an expiry is delivered, with its move's result, before the next game's default
    move is played; the notices returned keep no result (no move's states held to the end of a
    catch-up of thousands of expiries)."""
    games = await _running_games(svc, [1, 1, 1])
    moves = 0
    real_move = svc.clock_move

    async def clock_move(*args: Any, **kwargs: Any) -> Any:
        nonlocal moves
        moves += 1
        return await real_move(*args, **kwargs)

    monkeypatch.setattr(svc, "clock_move", clock_move)
    delivered: list[tuple[int, int, bool]] = []

    async def deliver(notice: Any) -> None:
        delivered.append((notice.game_id, moves, notice.result is not None))

    expired_at = datetime.fromtimestamp(START + 24 * 3600 + 60, UTC)
    notices = await ClockService(svc).tick(expired_at, deliver=deliver)
    assert delivered == [(gid, k, True) for k, gid in enumerate(games, start=1)]
    assert [(n.kind, n.game_id, n.result) for n in notices] == [
        ("expired", gid, None) for gid in games
    ]


EXPIRED_AT = datetime.fromtimestamp(START + 24 * 3600 + 60, UTC)  # every game's clock ran out


async def test_expiry_catch_up_leaves_the_games_it_loaded_out_of_the_services_memory(
    svc: GameService,
) -> None:
    """A catch-up tick (after a downtime) plays the default moves of games this process did
    not hold: each is in memory while its notice is delivered (the Discord layer's post reads
    it there), and let go afterwards, so thousands of them do not stay for the garbage
    collector to walk. A game held before the tick stays held. What the service answers
    afterwards is what the move made (read from the store again)."""
    games = await _running_games(svc, [1, 1, 1, 1])
    await svc.game(games[0])  # a game this process holds (someone played it lately)
    assert [svc.holds(gid) for gid in games] == [True, False, False, False]
    held_at_delivery: list[bool] = []
    results: dict[int, Any] = {}

    async def deliver(notice: Any) -> None:
        held_at_delivery.append(svc.holds(notice.game_id))
        results[notice.game_id] = notice.result

    notices = await ClockService(svc).tick(EXPIRED_AT, deliver=deliver)
    assert sorted(n.game_id for n in notices if n.kind == "expired") == games
    assert held_at_delivery == [True, True, True, True]
    assert [svc.holds(gid) for gid in games] == [True, False, False, False]
    assert list(svc._cache) == [games[0]]
    for gid in games:
        info = await svc.game(gid)  # the same answer, from memory or from the store
        made = results[gid]
        assert (info.version, info.seq, info.pending) == (
            made.game.version,
            made.game.seq,
            made.game.pending,
        )
        assert svc.state_in_memory(gid, info.version) == made.state
    assert await ClockService(svc).tick(EXPIRED_AT) == []  # nothing played twice


async def test_let_go_keeps_a_game_a_call_is_at_work_on(svc: GameService) -> None:
    """`let_go` drops a game from the service's memory, but not while a call holds its lock
    (that call goes on with the game it loaded); a game let go is read again, the same."""
    (gid,) = await _running_games(svc, [1])
    before = await svc.game(gid)
    async with svc._lock(gid, across=False):
        assert not svc.let_go(gid)
        assert svc.holds(gid)
    assert svc.let_go(gid)
    assert not svc.holds(gid)
    assert await svc.game(gid) == before
    assert svc.holds(gid)


@pytest.mark.postgres
async def test_an_expiry_move_sends_its_expiry_record_with_the_moves_write_on_postgres(
    pg_svc: GameService, round_trips: Counter[str]
) -> None:
    """The clock's default move and its expiry record go in the one message of the move's
    transaction (its BEGIN, writes and COMMIT): neither the record nor the commit waits for a
    round trip of its own. Twelve round trips a game at most (the bench's games, which have no
    standing orders of their own, read each player's defaults: two of them)."""
    games = await _running_games(pg_svc, [1] * 10)
    round_trips.clear()
    notices = await ClockService(pg_svc).tick(EXPIRED_AT)
    assert sorted(n.game_id for n in notices if n.kind == "expired") == games
    assert not [w for w in round_trips if w.startswith("INSERT INTO clock_expiries")]
    assert round_trips["COMMIT"] == 0, round_trips  # the write's COMMIT went with its message
    assert sum(round_trips.values()) <= 12 * len(games) + 10, round_trips
    recorded = await rows(pg_svc.store.url, "SELECT COUNT(*) FROM clock_expiries")  # type: ignore[attr-defined]
    assert recorded == [(len(games),)]
