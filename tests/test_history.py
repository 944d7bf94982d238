"""The finished games of a server and the players' ratings, in the service (both backends)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.history import HISTORY_PAGE
from bot.service import GameService
from tests.history_helpers import finish, new_game


@pytest.fixture
async def svc(database: str) -> AsyncIterator[GameService]:
    service = await GameService.open(database, rng=random.Random(42))
    yield service
    await service.close()


async def test_history_newest_first_paged_and_filtered(svc: GameService) -> None:
    rng = random.Random(1)
    pairs = [[10, 11], [11, 12], [10, 12]] * 3  # nine games, two pages
    for k, users in enumerate(pairs):
        game_id = await new_game(svc, users, channel_id=100 + k)
        await finish(svc, game_id, rng)
    # a running game and a game of another server are not in the history
    await new_game(svc, [10, 11], channel_id=500)
    other = await new_game(svc, [10, 11], guild_id=9, channel_id=600)
    await finish(svc, other, rng)
    first = await svc.history(1)
    assert (first.page, first.pages, first.total) == (1, 2, 9)
    assert len(first.games) == HISTORY_PAGE
    ids = [g.game_id for g in first.games]
    assert ids == sorted(ids, reverse=True) and ids[0] == 9
    second = await svc.history(1, page=2)
    assert [g.game_id for g in second.games] == [1]
    assert (await svc.history(1, page=50)).page == 2  # past the end: the last page
    game = first.games[0]
    assert game.kind == "caylus" and game.ended_at is not None
    assert [s.user_id for s in game.seats] == [10, 12]
    assert all(s.score is not None for s in game.seats) and game.winners
    best = max(s.score or 0 for s in game.seats)
    assert all(game.seats[w].score == best for w in game.winners)
    mine = await svc.history(1, user_id=12)
    assert mine.total == 6 and all(12 in [s.user_id for s in g.seats] for g in mine.games)
    assert (await svc.history(1, user_id=99)).total == 0
    assert (await svc.history(77)).games == ()


async def test_a_resigned_player_keeps_the_game_in_their_history(svc: GameService) -> None:
    game_id = await new_game(svc, [10, 11], bots=1)
    await svc.resign(game_id, 11)
    info = await finish(svc, game_id, random.Random(3))
    assert info.status == "finished"
    (game,) = (await svc.history(1, user_id=11)).games
    seat = game.seats[1]
    assert seat.user_id is None and seat.resigned_user_id == 11 and seat.is_bot
