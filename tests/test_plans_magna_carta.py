"""Magna Carta's standing orders (docs/pace.md): never move the provost, deliver all one can to
the castle. Played by the service as the player's own moves (marked planned), only when legal;
a game with orders replays to the same state as the same moves typed; no other plan is kept.
On both backends (SQLite and PostgreSQL)."""

from __future__ import annotations

import random

import pytest

from bot.games.magna_carta import plans as pl
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
        assert kinds <= {"skip", "deliver"}
        if variant == "standard":
            # the provost was never moved by seat 0: every provost decision of theirs skipped
            assert "skip" in kinds
        record = await svc.record(gid)
        result = replay(record)
        assert result.ok and result.state.over


async def test_no_other_plans_than_turn_plans_in_magna_carta(database: str) -> None:
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


# --- turn plans: road cards to put workers on (docs/pace.md) ---------------------------------


async def _until_actions(svc: GameService, gid: int, rng: random.Random) -> None:
    """Play on (built-in choices) until the round's actions are on."""
    for _ in range(200):
        state = await svc.state(gid)
        if state.stage == mc.catalogue.STAGES.index("actions") and not state.waiting:
            return
        info = await svc.game(gid)
        pending = info.pending[0]
        action = mc.choose_action(state, pending.seat, rng)
        await svc.act(gid, info.seats[pending.seat].user_id, str(action), None)
    raise AssertionError("no actions stage came")


async def test_a_magna_carta_turn_plan_skips_taken_cards_and_falls_back_to_asking(
    database: str,
) -> None:
    async with await GameService.open(database, rng=random.Random(5)) as svc:
        gid = await _game(svc, 2, "standard")
        await _until_actions(svc, gid, random.Random(5))
        info = await svc.game(gid)
        first = info.pending[0].seat
        other = 1 - first
        options = await svc.turn_plan_options(gid, USERS[other])
        a, b = options[0].target, options[1].target
        plan = pl.TurnPlan(entries=(pl.PlanEntry(target=a), pl.PlanEntry(target=b)))
        kept = await svc.set_turn_plan(gid, USERS[other], plan)
        assert kept.result is None and kept.mine.turn_plan is not None
        await svc.act(gid, USERS[first], f"place {a}", None)  # takes the first card
        planned = await rows(
            svc.store, "SELECT seat, action FROM actions WHERE game_id = ? AND planned = 1", (gid,)
        )
        assert planned == [(other, f"place {b}")]
        # the first player draws; the plan has nothing playable left and says ask: asked
        await svc.act(gid, USERS[first], "draw", None)
        info = await svc.game(gid)
        assert info.pending[0].seat == other
        progress = await svc.turn_plan_progress(gid, USERS[other])
        assert progress is not None and progress.entries == ("taken", "placed")
        assert progress.step is not None and progress.step.action is None
        record = await svc.record(gid)
        assert replay(record).ok


async def test_a_magna_carta_turn_plan_passes_below_k_deniers(database: str) -> None:
    async with await GameService.open(database, rng=random.Random(6)) as svc:
        gid = await _game(svc, 2, "standard")
        await _until_actions(svc, gid, random.Random(6))
        info = await svc.game(gid)
        first = info.pending[0].seat
        other = 1 - first
        state = await svc.state(gid)
        rich = state.players[other].deniers + 1
        options = await svc.turn_plan_options(gid, USERS[other])
        plan = pl.TurnPlan(entries=(pl.PlanEntry(target=options[0].target),), pass_below=rich)
        await svc.set_turn_plan(gid, USERS[other], plan)
        await svc.act(gid, USERS[first], "draw", None)
        planned = await rows(
            svc.store, "SELECT seat, action FROM actions WHERE game_id = ? AND planned = 1", (gid,)
        )
        assert planned == [(other, "pass")]  # fewer deniers than asked for: a pass


async def test_magna_carta_turn_plans_carry_no_answers_and_stay_private(database: str) -> None:
    async with await GameService.open(database, rng=random.Random(7)) as svc:
        gid = await _game(svc, 3, "standard")
        await _until_actions(svc, gid, random.Random(7))
        info = await svc.game(gid)
        waiting = info.pending[0].seat
        snoop = USERS[waiting]
        before = (await svc.game(gid), await svc.view(gid, snoop), await svc.log(gid, limit=500))
        for seat in range(3):
            if seat == waiting:
                continue
            suggested = await svc.suggest_turn_plan(gid, USERS[seat])
            assert all(e.answer is None for e in suggested.entries)
            plan = suggested.model_copy(update={"otherwise": "pass", "pass_below": 2})
            await svc.set_turn_plan(gid, USERS[seat], plan)
        after = (await svc.game(gid), await svc.view(gid, snoop), await svc.log(gid, limit=500))
        assert after == before  # nothing another player can read changed
        target = (await svc.turn_plan_options(gid, USERS[waiting]))[0].target
        carrying = pl.TurnPlan(entries=(pl.PlanEntry(target=target, answer="take F"),))
        with pytest.raises(pl.BadPlan, match="can carry one of"):
            await svc.set_turn_plan(gid, USERS[waiting], carrying)
        await _play_out(svc, gid, random.Random(7))
        assert replay(await svc.record(gid)).ok


def test_a_magna_carta_suggested_plan_owes_nothing_to_the_hand() -> None:
    """The suggestion lists road cards the easy player would put workers on as if it held no
    card: the same whatever the hand, and never empty while free cards are there."""
    from bot.games.magna_carta import plans as mc_turn_plans

    for seed in range(6):
        rng = random.Random(seed)
        state = mc.new_game(mc.Options(players=2), mc.Setup(seed=seed))
        while not (mc_turn_plans.placing(state) and state.decision.kind == "action"):
            state, _ = mc.apply(state, mc.choose_action(state, mc.pending(state)[0].seat, rng))
        seat = state.decision.seat

        def easy(now, who):
            return mc.automated_action(now, who, "easy", random.Random(1))

        suggested = mc_turn_plans.suggest(state, seat, easy)
        other = state.copy()
        player = state.players[seat].clone()
        player.hand = list(state.players[1 - seat].hand)
        other.players = [player if k == seat else p for k, p in enumerate(state.players)]
        assert mc_turn_plans.suggest(other, seat, easy) == suggested
        assert suggested.entries and all(e.answer is None for e in suggested.entries)
        assert state.players[seat].hand  # the state itself is untouched


def test_mc_castle_order_delivers_every_batch_it_can() -> None:
    """castle=all: at each of my castle decisions the engine's first legal batch (the castle
    kind's delivery verb; a castle turn without a possible batch stops by itself, M18);
    without the order the castle is asked."""
    deliveries = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = mc.new_game(mc.Options(players=3), mc.Setup(seed=seed))
        while not state.over:
            seat = mc.pending(state)[0].seat
            if state.decision is not None and state.decision.kind == "castle":
                legal = mc.legal_actions(state, seat)
                batches = [a for a in legal if a.verb == "deliver"]
                found = pl.resolve(state, seat, {}, pl.Orders(castle="all"))
                assert found.source == "orders.castle"
                assert batches and found.action == batches[0]
                assert pl.resolve(state, seat, {}, pl.Orders()).action is None
                deliveries += 1
            state, _ = mc.apply(state, mc.choose_action(state, seat, rng))
    assert deliveries > 0
