"""Magna Carta's standing orders (docs/pace.md): never move the provost, deliver all one can to
the castle. Played by the service as the player's own moves (marked planned), only when legal;
a game with orders replays to the same state as the same moves typed; no other plan is kept.
On both backends (SQLite and PostgreSQL)."""

from __future__ import annotations

import random

import pytest

from bot import plans as pl
from bot.service import GameService
from engine import magna_carta as mc
from engine.record import replay
from tests.db import rows

GUILD, CHANNEL = 1, 2
USERS = (101, 102, 103)


async def _game(svc: GameService, players: int, variant: str) -> int:
    info = await svc.create_game(
        GUILD, CHANNEL, USERS[0], kind="magna-carta", players=players, options={"variant": variant}
    )
    for user in USERS[1:players]:
        await svc.join(info.id, user)
    await svc.start(info.id, USERS[0])
    return info.id


async def _play_out(svc: GameService, gid: int, rng: random.Random) -> None:
    for _ in range(5000):
        info = await svc.game(gid)
        if info.status != "running":
            return
        pending = info.pending[0]
        state = await svc.state(gid)
        action = mc.choose_action(state, pending.seat, rng)
        await svc.act(gid, info.seats[pending.seat].user_id, str(action), None)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("players", "variant", "seed"), [(2, "standard", 1), (3, "beginner", 2)])
async def test_orders_play_the_provost_and_the_castle(
    database: str, players: int, variant: str, seed: int
) -> None:
    async with await GameService.open(database, rng=random.Random(seed)) as svc:
        await svc.set_default_orders(USERS[0], bribe="never", castle="all")
        gid = await _game(svc, players, variant)
        assert (await svc.orders_of(gid, USERS[0])) == pl.Orders(bribe="never", castle="all")
        await _play_out(svc, gid, random.Random(seed))
        planned = await rows(
            svc.store, "SELECT seat, action FROM actions WHERE game_id = ? AND planned = 1", (gid,)
        )
        kinds = {action.split()[0] for _, action in planned}
        assert planned and all(seat == 0 for seat, _ in planned)  # only the player with orders
        assert kinds <= {"skip", "batch"}
        if variant == "standard":
            # the provost was never moved by seat 0: every provost decision of theirs skipped
            assert "skip" in kinds
        record = await svc.record(gid)
        result = replay(record)
        assert result.ok and result.state.over


async def test_no_other_plans_in_magna_carta(database: str) -> None:
    async with await GameService.open(database, rng=random.Random(3)) as svc:
        gid = await _game(svc, 2, "standard")
        assert await svc.questions_for(gid, USERS[0]) == ()
        assert await svc.premove_options(gid, USERS[0]) == []
        with pytest.raises(pl.BadPlan, match="standing orders only"):
            await svc.queue_premove(gid, USERS[0], "1")
        changed = await svc.set_orders(gid, USERS[1], castle="all")
        assert changed.mine.orders.castle == "all"


def test_the_owner_order_declines_owner_effects_only() -> None:
    """owner=never: when another player's worker uses one of my cards, my owner's effect (the
    Peddler's purchase, the Gold Mine's swap, the Bank, the Church) is skipped without asking;
    my own worker's effects and every other decision are still asked."""
    owner_decisions = worker_decisions = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = mc.new_game(mc.Options(players=3), mc.Setup(seed=seed))
        while not state.over:
            for pending in mc.pending(state):
                decision = state.decision
                never = pl.resolve(state, pending.seat, {}, pl.Orders(owner="never"))
                ask = pl.resolve(state, pending.seat, {}, pl.Orders())
                assert ask.action is None
                if decision is not None and decision.part == "owner":
                    owner_decisions += 1
                    assert str(never.action) == "skip" and never.source == "orders.owner"
                else:
                    worker_decisions += decision is not None and decision.part == "worker"
                    assert never.action is None
            seat = mc.pending(state)[0].seat
            state, _ = mc.apply(state, mc.choose_action(state, seat, rng))
    assert owner_decisions > 0 and worker_decisions > 0
