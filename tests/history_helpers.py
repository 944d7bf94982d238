"""Finishing games quickly for the history, record and rating tests: random legal moves sent
straight to the game service (the Discord path of a move is tested elsewhere)."""

from __future__ import annotations

import random
import time
from typing import Any

from bot.service import ActResult, GameService
from engine import get_game


async def finish(svc: GameService, game_id: int, rng: random.Random, *, limit: int = 20000) -> Any:
    """Play random legal moves for the humans until the game is over; returns its GameInfo."""
    for _ in range(limit):
        info = await svc.game(game_id)
        if info.status != "running":
            return info
        pending = info.pending[0]
        user_id = info.seats[pending.seat].user_id
        state = await svc.state(game_id)
        action = get_game(info.kind).choose_action(state, pending.seat, rng)
        await svc.act(game_id, user_id, action, None)
    raise AssertionError("the game did not end")


async def leave_to_bot(svc: GameService, game_id: int, user_id: int) -> ActResult:
    """The player's seat goes to the built-in player, which plays at once if it must decide: as
    the clock's takeover and the host's kick hand a seat over (`GameService.seat_to_bot`)."""
    seat = (await svc.game(game_id)).seat_of(user_id)
    assert seat is not None, f"user {user_id} has no seat in game {game_id}"
    return await svc.seat_to_bot(game_id, seat.seat, now=time.time())


async def play_some(svc: GameService, game_id: int, rng: random.Random, moves: int) -> None:
    """A few random legal moves of the humans (the game stays running)."""
    for _ in range(moves):
        info = await svc.game(game_id)
        pending = info.pending[0]
        state = await svc.state(game_id)
        action = get_game(info.kind).choose_action(state, pending.seat, rng)
        await svc.act(game_id, info.seats[pending.seat].user_id, action, None)


async def new_game(
    svc: GameService,
    users: list[int],
    *,
    guild_id: int = 1,
    channel_id: int = 2,
    bots: int = 0,
    kind: str = "caylus",
) -> int:
    """A started game of `users` (the first hosts) and `bots` bot seats."""
    info = await svc.create_game(
        guild_id, channel_id, users[0], kind=kind, players=len(users) + bots
    )
    for user in users[1:]:
        await svc.join(info.id, user)
    for _ in range(bots):
        await svc.add_bot(info.id, users[0])
    await svc.start(info.id, users[0])
    return info.id
