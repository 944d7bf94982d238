"""Concurrency: simultaneous acts on one game and on many games; no lost or doubled action
(on both backends)."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.service import GameService
from bot.words import errors as err
from engine import caylus
from engine.record import replay
from tests.db import rows


@pytest.fixture
async def svc(database: str):
    service = await GameService.open(database, rng=random.Random(11))
    yield service
    await service.close()


async def _start(svc: GameService, channel: int, users: list[int], bots: int = 0):
    game = await svc.create_game(1, channel, users[0], players=len(users) + bots)
    for user in users[1:]:
        await svc.join(game.id, user)
    for _ in range(bots):
        await svc.add_bot(game.id, users[0])
    return await svc.start(game.id, users[0])


async def _check_db(svc: GameService, game_id: int) -> tuple[int, str]:
    """The log is contiguous, replays, and the snapshot is its replay. Returns its length."""
    logged = await rows(
        svc.store, "SELECT seq FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
    )
    seqs = [r[0] for r in logged]
    ((seq, snapshot),) = await rows(
        svc.store, "SELECT seq, snapshot FROM games WHERE id = ?", (game_id,)
    )
    assert seqs == list(range(1, len(seqs) + 1)) and seq == len(seqs)
    return len(seqs), snapshot


async def test_identical_submissions_apply_once(svc: GameService) -> None:
    result = await _start(svc, 1, [1, 2])
    gid = result.game.id
    for _ in range(20):
        user = result.awaiting[0].user_id
        legal = await svc.legal_actions(gid, user)
        action = random.Random(len(legal)).choice(legal)
        outcomes = await asyncio.gather(
            *(svc.act(gid, user, action, result.version) for _ in range(25)), return_exceptions=True
        )
        ok = [o for o in outcomes if not isinstance(o, BaseException)]
        stale = [o for o in outcomes if isinstance(o, err.StaleVersion)]
        assert len(ok) == 1 and len(stale) == 24
        result = ok[0]
    assert (await svc.log(gid)).total == 20


async def test_competing_different_actions_one_wins(svc: GameService) -> None:
    result = await _start(svc, 1, [1, 2])
    gid = result.game.id
    user = result.awaiting[0].user_id
    legal = await svc.legal_actions(gid, user)
    outcomes = await asyncio.gather(
        *(svc.act(gid, user, a, result.version) for a in legal), return_exceptions=True
    )
    ok = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(ok) == 1
    assert all(isinstance(o, err.StaleVersion) for o in outcomes if o is not ok[0])
    assert (await svc.record(gid)).actions == [ok[0].moves[0].action]


async def _player(
    svc: GameService, gid: int, user: int, rng: random.Random, acked: list[int]
) -> None:
    """A player who polls the game and acts when it is their decision, with duplicates."""
    while True:
        view = await svc.view(gid, user)
        if view.game.status != "running":
            return
        if view.decision is None:
            await asyncio.sleep(0)
            continue
        action = rng.choice(view.legal_actions)
        # a double click: the same button twice at the same version
        outcomes = await asyncio.gather(
            svc.act(gid, user, action, view.game.version),
            svc.act(gid, user, action, view.game.version),
            return_exceptions=True,
        )
        good = [o for o in outcomes if not isinstance(o, BaseException)]
        assert len(good) == 1, outcomes
        assert all(isinstance(o, err.StaleVersion) for o in outcomes if o is not good[0]), outcomes
        acked.extend(mv.seq for mv in good[0].moves)


async def test_many_players_many_games_no_lost_or_doubled_action(svc: GameService) -> None:
    games = []
    for channel in range(12):
        users = [1000 * channel + k for k in range(2 + channel % 3)]
        result = await _start(svc, channel, users, bots=channel % 2)
        games.append((result, users))
    acked: dict[int, list[int]] = {r.game.id: [mv.seq for mv in r.moves] for r, _ in games}
    tasks = [
        _player(svc, r.game.id, user, random.Random(user), acked[r.game.id])
        for r, users in games
        for user in users
    ]
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=60)
    for result, _ in games:
        gid = result.game.id
        count, snapshot = await _check_db(svc, gid)
        assert sorted(acked[gid]) == list(range(1, count + 1))  # each acked once, none lost
        state = replay(await svc.record(gid)).state
        assert state.over and caylus.state_from_json(snapshot) == state
        assert (await svc.game(gid)).status == "finished"


async def test_two_services_on_one_file_see_each_others_moves(database: str) -> None:
    """Two processes (here: two services with their own connections and caches) on one file:
    each call checks the stored version, so neither answers from a stale copy; a move computed
    from an old version is refused in SQL."""
    path = database
    first = await GameService.open(path, rng=random.Random(1))
    second = await GameService.open(path)
    try:
        result = await _start(first, 1, [1, 2])
        gid = result.game.id
        await second.game(gid)  # second caches the game at this version
        user = result.awaiting[0].user_id
        legal = await first.legal_actions(gid, user)
        await first.act(gid, user, legal[0], result.version)
        seen = await second.game(gid)  # not the cached copy: the first's move is there
        assert seen.version == result.version + 1
        assert (await second.log(gid)).total == 1
        with pytest.raises(err.StaleVersion):  # a button of the old version
            await second.act(gid, user, legal[0], result.version)
        # the player now awaited plays through the second process, the first sees it
        nxt = seen.awaiting[0].user_id
        move = (await second.legal_actions(gid, nxt))[0]
        done = await second.act(gid, nxt, move, seen.version)
        assert (await first.game(gid)).version == done.version
        assert (await first.log(gid)).total == 2
    finally:
        await second.close()
        await first.close()
