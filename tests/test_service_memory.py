"""The games the service keeps in memory are bounded by what they hold (issue 27): the objects
Python's garbage collector tracks in their states, which a full collection walks with the event
loop held, and not only by their number. Real SQLite files and PostgreSQL schemas; the games are
written straight into the store, as `bench/bench_clock.py` does."""

from __future__ import annotations

import random

from bot.service import GameService
from bot.service.core import Live
from bot.service.memory import CACHE_OBJECTS, tracked_objects
from engine import get_game
from tests.test_clock_tick_batches import START, _running_games


def held_by_states(live: Live) -> int:
    """The objects the game's states hold, counted afresh (each state once)."""
    if live.phase_start is live.state:
        return tracked_objects(live.state)
    return tracked_objects(live.state) + tracked_objects(live.phase_start)


async def test_the_services_memory_of_games_is_bounded_by_the_objects_they_hold(
    database: str,
) -> None:
    """With room for the objects of about three games, reading six keeps the three most recently
    used, whatever their number allows (1,024); each game's weight is what its states hold,
    counted again after a move (the engine's game behind the new state included), and the
    memory stays within its bound as the games grow."""
    probe = await GameService.open(database, rng=random.Random(1), clock=lambda: START)
    try:
        games = await _running_games(probe, [1] * 6)
        await probe.game(games[0])
        one = probe._cache[games[0]].weight
    finally:
        await probe.close()
    assert one > 0
    svc = await GameService.open(
        database, rng=random.Random(1), clock=lambda: START, cache_objects=3 * one
    )
    try:
        for gid in games:
            await svc.game(gid)
        assert list(svc._cache) == games[3:]
        for live in svc._cache.values():
            assert live.weight == held_by_states(live)
        assert sum(live.weight for live in svc._cache.values()) <= 3 * one
        # the default move of each of the three it holds: a new state holds its engine game
        # (more objects than a state read from the store), so fewer games fit
        for gid in games[3:]:
            info = await svc.game(gid)
            await svc.clock_move(gid, info.pending[0].seat, info.version, now=START + 60)
        assert 1 <= len(svc._cache) < 3
        assert list(svc._cache)[-1] == games[-1]
        for live in svc._cache.values():
            assert live.weight == held_by_states(live) > one
        assert sum(live.weight for live in svc._cache.values()) <= 3 * one or len(svc._cache) == 1
        for gid in games:  # what the service answers does not depend on what it kept
            info = await svc.game(gid)
            assert (info.version, info.seq) == ((2, 1) if gid in games[3:] else (1, 0))
    finally:
        await svc.close()


async def test_a_game_a_call_is_at_work_on_stays_in_memory_beyond_the_bound(
    database: str,
) -> None:
    """The bound lets go of the least recently used games first, but never of one whose lock a
    call holds (that call goes on with the states it has), nor of the game just remembered."""
    svc = await GameService.open(database, rng=random.Random(1), clock=lambda: START)
    try:
        games = await _running_games(svc, [1] * 3)
        await svc.game(games[0])
        svc._cache_objects = svc._cache[games[0]].weight  # room for one game
        async with svc._lock(games[0], across=False):
            await svc.game(games[1])
            assert list(svc._cache) == [games[0], games[1]]  # the locked one stays
        await svc.game(games[2])
        assert list(svc._cache) == [games[2]]
    finally:
        await svc.close()


def test_the_default_bound_keeps_at_least_200_caylus_games_the_engine_is_playing() -> None:
    """The default is meant for a few hundred games in play (docs/discord.md, "Memory"), twice
    the 100 busy games one process serves at least: a four-player Caylus game a move into a
    phase holds its state now and at the phase's start, each with the engine's game."""
    game = get_game("caylus")
    start = game.new_game(game.Options(players=4), game.Setup(seed=1))
    seat = game.pending(start)[0].seat
    now, _ = game.apply(start, game.legal_actions(start, seat)[0], seat)
    weight = tracked_objects(now) + tracked_objects(start)
    assert 20 <= weight <= 400
    assert CACHE_OBJECTS // weight >= 200
