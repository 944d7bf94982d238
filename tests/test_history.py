"""The finished games of a server and the players' ratings, in the service (both backends)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.service import GameService
from bot.service.history import HISTORY_PAGE
from tests.history_helpers import finish, leave_to_bot, new_game


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
    await leave_to_bot(svc, game_id, 11)
    info = await finish(svc, game_id, random.Random(3))
    assert info.status == "finished"
    (game,) = (await svc.history(1, user_id=11)).games
    seat = game.seats[1]
    assert seat.user_id is None and seat.resigned_user_id == 11 and seat.is_bot


async def test_ratings_after_a_few_games_and_the_leaderboard(svc: GameService) -> None:
    rng = random.Random(4)
    for k in range(4):
        game_id = await new_game(svc, [10, 11, 12], channel_id=200 + k)
        await finish(svc, game_id, rng)
    board = await svc.leaderboard(1, "caylus")
    assert {s.user_id for s in board} == {10, 11, 12}
    assert all(s.games == 4 and s.finished == 4 and s.completion == 1.0 for s in board)
    assert sum(s.wins for s in board) >= 4
    ratings = [s.rating for s in board]
    assert ratings == sorted(ratings, reverse=True) and board[0].place == 1
    # every rated game left one row per human, the rating before and after
    changes = await svc.store.rating_changes(1)
    assert [c.user_id for c in changes] == [10, 11, 12]
    winners = [c for c in changes if c.won]
    assert winners and all(c.place == 1 and c.mu_after > c.mu_before for c in winners)
    assert (await svc.leaderboard(1, "magna-carta")) == []
    assert (await svc.leaderboard(2, "caylus")) == []


async def test_a_resignation_counts_as_last_place_and_lowers_completion(svc: GameService) -> None:
    game_id = await new_game(svc, [10, 11, 12])
    await leave_to_bot(svc, game_id, 12)
    await finish(svc, game_id, random.Random(6))
    board = {s.user_id: s for s in await svc.leaderboard(1, "caylus")}
    assert board[12].left_early == 1 and board[12].finished == 0 and board[12].completion == 0.0
    assert board[12].wins == 0 and board[10].completion == 1.0
    changes = {c.user_id: c for c in await svc.store.rating_changes(game_id)}
    assert changes[12].place == 3 and not changes[12].held
    assert changes[12].mu_after < changes[12].mu_before
    assert board[12].rating < min(board[10].rating, board[11].rating)


async def test_a_human_alone_against_bots_keeps_the_rating(svc: GameService) -> None:
    game_id = await new_game(svc, [10], bots=2)
    await finish(svc, game_id, random.Random(7))
    (only,) = await svc.leaderboard(1, "caylus")
    assert only.games == 1 and only.rating == 0.0  # mu - 3 sigma of a newcomer


def test_ties_share_a_place_and_move_alike() -> None:
    from bot.service import ratings

    found = [
        ratings.Entrant(0, 10, True, 50, True),
        ratings.Entrant(1, 11, True, 50, True),
        ratings.Entrant(2, 12, True, 30, False),
        ratings.Entrant(3, None, True, 60, False),  # a bot seat, ahead on points, not a winner
        ratings.Entrant(4, 13, False, 70, False),  # left: last whatever the bot scored after
    ]
    assert ratings.places(found) == [1, 1, 4, 3, 5]
    after = ratings.rate(found, {})
    assert after[10] == after[11] and after[10][1] > after[12][1] > after[13][1]


async def test_player_stats_count_a_left_game_but_average_only_held_ones(svc: GameService) -> None:
    rng = random.Random(8)
    first = await new_game(svc, [10, 11])
    await finish(svc, first, rng)
    second = await new_game(svc, [10, 11], channel_id=3)
    await leave_to_bot(svc, second, 11)
    await finish(svc, second, rng)
    stats = await svc.player_stats(1, 11, "caylus")
    assert (stats.games, stats.finished, stats.left_early) == (2, 1, 1)
    assert stats.completion == 0.5
    (game,) = [g for g in (await svc.history(1)).games if g.game_id == first]
    assert stats.average_score == game.seats[1].score
    assert stats.rating is not None and stats.rating.games == 2
    assert (await svc.player_stats(1, 99, "caylus")).games == 0


async def test_a_failing_rating_never_stops_a_game_from_ending(
    svc: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.service import ratings

    def broken(*args: object) -> None:
        raise RuntimeError("broken")

    monkeypatch.setattr(ratings, "rate", broken)
    game_id = await new_game(svc, [10, 11])
    info = await finish(svc, game_id, random.Random(2))
    assert info.status == "finished"
    assert await svc.leaderboard(1, "caylus") == []
