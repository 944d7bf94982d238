"""Plans through the game service on both backends (a real SQLite file, a real PostgreSQL
schema; docs/pace.md): played as the player's
own moves when their decision comes and they are legal, in the transaction of those moves;
dropped with a reason otherwise (the player is asked); kept across restarts; private."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.games.caylus import plans as pl
from bot.service import ActResult, GameService
from bot.store import open_store
from bot.words import errors as err
from engine import caylus
from engine.caylus.lookahead import castle_plan_batches
from engine.record import replay
from tests.db import execute

GUILD, CHANNEL = 10, 20
HOST, ALICE, BOB = 100, 101, 102


@pytest.fixture
async def svc(database: str):
    service = await GameService.open(database, rng=random.Random(42))
    yield service
    await service.close()


async def running(svc: GameService, users=(HOST, ALICE, BOB), bots: int = 0) -> ActResult:
    game = await svc.create_game(GUILD, CHANNEL, users[0], players=len(users) + bots)
    for user in users[1:]:
        await svc.join(game.id, user)
    for _ in range(bots):
        await svc.add_bot(game.id, users[0])
    return await svc.start(game.id, users[0])


async def decide(svc: GameService, gid: int, rng: random.Random, **kw: Any) -> ActResult:
    """Whoever must decide plays the built-in player's choice."""
    info = await svc.game(gid)
    seat = info.awaiting[0]
    state = await svc.state(gid)
    action = caylus.choose_action(state, seat.seat, rng)
    return await svc.act(gid, seat.user_id, str(action), info.version, **kw)


async def until(svc: GameService, gid: int, rng: random.Random, done, limit: int = 3000):
    """Play built-in choices until `done(state)`."""
    for _ in range(limit):
        state = await svc.state(gid)
        if done(state):
            return state
        await decide(svc, gid, rng)
    raise AssertionError("the situation never came")


def user_of(info, seat: int) -> int:
    return info.seats[seat].user_id


async def db(svc: GameService, sql: str, params=()) -> None:
    await execute(svc.store, sql, params)


async def check_log(svc: GameService, gid: int) -> list:
    """The log (planned rows included) replays to the stored state; returns the rows."""
    rows = await svc.store.log(gid)
    record = (await svc.record(gid)).model_copy(update={"seats": [r.seat for r in rows]})
    replayed = replay(record)
    assert replayed.ok, replayed.failure
    assert replayed.state == await svc.state(gid)
    return rows


# --- answers ahead, with a placement ---------------------------------------------------------


async def place_with_a_choice(svc: GameService, gid: int, rng: random.Random):
    """Play on until the awaited human can place on a building with a production choice;
    returns (user, placement, its answer-ahead question)."""
    for _ in range(500):
        info = await svc.game(gid)
        seat = info.awaiting[0]
        state = await svc.state(gid)
        if state.decision.kind == "place":
            for action in caylus.legal_actions(state, seat.seat):
                offers = await svc.answer_ahead_options(gid, seat.user_id, action)
                found = [q for q in offers if q.kind == "produce"]
                if found and state.provost >= found[0].at:
                    return seat.user_id, action, found[0]
        await decide(svc, gid, rng)
    raise AssertionError("no production building with a choice came up")


async def test_an_answer_given_with_a_placement_is_played_when_its_decision_comes(svc) -> None:
    rng = random.Random(3)
    start = await running(svc)
    gid = start.game.id
    user, action, question = await place_with_a_choice(svc, gid, rng)
    option = question.options[-1]
    placed = await svc.act(gid, user, action, None, plans=[question.plan(option)])
    assert not any(m.planned for m in placed.moves if m.user_id == user)
    mine = await svc.plans_of(gid, user)
    assert [p.key for p in mine.plans] == [question.key]
    state = await until(
        svc, gid, rng, lambda s: (s.turn, s.phase) > (question.turn, question.phase)
    )
    rows = await check_log(svc, gid)
    (played,) = [r for r in rows if r.planned and r.action == option and r.user_id == user]
    assert not played.by_bot
    assert question.key not in [p.key for p in (await svc.plans_of(gid, user)).plans]
    assert state.turn >= question.turn
    # the move reads as the player's, marked planned, in the log and in what the outbox rebuilds
    page = await svc.log(gid, after_seq=played.seq - 1, limit=1)
    assert page.entries[0].planned and page.entries[0].user_id == user


async def test_a_plan_that_became_illegal_falls_back_to_asking(svc) -> None:
    """A premove on a space another player takes first is dropped: the player is asked, and
    told why; once they answer, the note is gone."""
    rng = random.Random(5)
    start = await running(svc)
    gid = start.game.id
    info = start.game
    first = info.awaiting[0]
    state = start.state
    order = state.turn_order
    taker = order[1]
    target = next(
        a.arg
        for a in caylus.legal_actions(state, first.seat)
        if a.verb == "place" and a.arg.isdigit()
    )
    other = next(
        a for a in caylus.legal_actions(state, first.seat) if a.verb == "place" and a.arg != target
    )
    await svc.act(gid, first.user_id, other, info.version, plans=[pl.Premove(target=target)])
    info = await svc.game(gid)
    assert info.awaiting[0].seat == taker
    await svc.act(gid, info.awaiting[0].user_id, f"place {target}", info.version)
    info = await svc.game(gid)
    while info.awaiting[0].seat != first.seat:
        await decide(svc, gid, rng)
        info = await svc.game(gid)
    questions = await svc.questions_for(gid, first.user_id)
    now = questions[0]
    assert now.now and now.kind == "place" and f"place {target}" not in now.options
    assert now.fallback and "not possible" in now.fallback
    mine = await svc.plans_of(gid, first.user_id)
    assert mine.plans == () and [d.plan.target for d in mine.dropped] == [target]
    await decide(svc, gid, rng)
    assert (await svc.plans_of(gid, first.user_id)).dropped == ()


async def test_answering_the_pending_decision_ahead_plays_it_at_once(svc) -> None:
    """An answer that fits the decision pending now (the castle: 'castle all', a plan) is played
    in the same transaction: one version, one outbox row, a planned log row."""
    rng = random.Random(8)
    start = await running(svc)
    gid = start.game.id
    state = await until(svc, gid, rng, lambda s: s.decision.kind == "castle")
    info = await svc.game(gid)
    user = user_of(info, state.decision.seat)
    rows_before = len(await svc.undelivered(gid))
    (now,) = [q for q in await svc.questions_for(gid, user) if q.now]
    result = await svc.answer(gid, user, now.key, "castle all")
    assert result.result is not None
    moved = result.result
    assert moved.version == info.version + 1 and moved.moves[0].planned
    assert moved.moves[0].user_id == user and not moved.moves[0].by_bot
    assert len(await svc.undelivered(gid)) == rows_before + 1
    assert moved.cause == {"cause": "move"}  # the outbox says nothing about plans


async def test_a_plan_for_later_changes_no_version_and_posts_nothing(svc) -> None:
    start = await running(svc)
    gid = start.game.id
    waiting = start.game.awaiting[0]
    other = next(s for s in start.game.seats if s.seat != waiting.seat)
    rows_before = await svc.undelivered(gid)
    result = await svc.answer(gid, other.user_id, "1/3/joust/0", "joust")
    assert result.result is None
    assert (await svc.game(gid)).version == start.version
    assert await svc.undelivered(gid) == rows_before
    assert [p.key for p in result.mine.plans] == ["1/3/joust/0"]
    cancelled = await svc.cancel_plans(gid, other.user_id)
    assert cancelled.mine.plans == ()
    assert (await svc.game(gid)).version == start.version


async def test_a_bad_plan_with_a_move_writes_nothing(svc) -> None:
    start = await running(svc)
    gid = start.game.id
    seat = start.game.awaiting[0]
    with pytest.raises(pl.BadPlan):
        await svc.act(
            gid,
            seat.user_id,
            "pass",
            start.version,
            plans=[pl.Answer(turn=1, decision="produce", action="take F")],  # no position
        )
    assert (await svc.game(gid)).version == start.version
    assert await svc.store.log(gid) == []


# --- the castle in one decision, premoves, standing orders ------------------------------------


async def test_the_castle_in_one_decision(svc) -> None:
    rng = random.Random(11)
    start = await running(svc)
    gid = start.game.id
    state = await until(
        svc,
        gid,
        rng,
        lambda s: s.decision.kind == "castle" and s.players[s.decision.seat].cubes["F"] >= 1,
    )
    info = await svc.game(gid)
    seat = state.decision.seat
    user = user_of(info, seat)
    now = (await svc.questions_for(gid, user))[0]
    assert now.now and now.kind == "castle" and now.options[0] == "castle all"
    expected = len(castle_plan_batches(state, seat))
    before = state.batches[seat]
    result = await svc.answer(gid, user, now.key, "castle all", expected_version=info.version)
    delivered = [m for m in result.result.moves if m.seat == seat and m.action.startswith("batch")]
    assert len(delivered) == expected and all(m.planned for m in delivered)
    assert result.result.version == info.version + 1  # every batch in one commit
    assert before == 0
    await check_log(svc, gid)


async def test_premoves_queue_and_cancel(svc) -> None:
    start = await running(svc)
    gid = start.game.id
    waiting = start.game.awaiting[0]
    later = next(s for s in start.game.seats if s.seat != waiting.seat)
    options = dict(await svc.premove_options(gid, later.user_id))
    assert options["pass"] == 0 and options["castle"] == 1
    await svc.queue_premove(gid, later.user_id, "castle")
    result = await svc.queue_premove(gid, later.user_id, "pass")
    queue = result.mine.premoves
    assert [(p.target, p.max_cost, p.order) for p in queue] == [("castle", 1, 0), ("pass", 0, 1)]
    result = await svc.cancel_premoves(gid, later.user_id)
    assert result.mine.premoves == ()
    # queued again, they are played in order when the player's placements come
    await svc.queue_premove(gid, later.user_id, "castle")
    await svc.queue_premove(gid, later.user_id, "pass")
    rng = random.Random(1)
    for _ in range(30):
        state = await svc.state(gid)
        if state.phase != 2:
            break
        await decide(svc, gid, rng)
    rows = await check_log(svc, gid)
    theirs = [(r.action, r.planned) for r in rows if r.seat == later.seat]
    assert theirs[:2] == [("place castle", True), ("pass", True)]


async def test_standing_orders_come_from_the_defaults_and_change_per_game(svc) -> None:
    await svc.set_default_orders(ALICE, inn="ask", bribe="never")
    assert (await svc.default_orders(ALICE)).bribe == "never"
    with pytest.raises(pl.BadPlan):
        await svc.set_default_orders(ALICE, bribe="sometimes")
    start = await running(svc)
    gid = start.game.id
    assert (await svc.orders_of(gid, ALICE)) == pl.Orders(inn="ask", bribe="never")
    assert (await svc.orders_of(gid, HOST)) == pl.Orders()
    await svc.set_default_orders(ALICE, bribe="ask")  # a running game keeps its own
    assert (await svc.orders_of(gid, ALICE)).bribe == "never"
    rng = random.Random(2)
    state = await until(svc, gid, rng, lambda s: s.phase >= 5 or s.turn > 1)
    rows = await check_log(svc, gid)
    alice = start.game.seat_of(ALICE).seat
    bribes = [r for r in rows if r.seat == alice and r.action == "skip" and r.planned]
    assert state.turn > 1 or bribes  # Alice never bribes: her bribe was played for her
    result = await svc.set_orders(gid, ALICE, castle="all")
    assert result.mine.orders.castle == "all"
    with pytest.raises(pl.BadPlan, match="no standing order"):
        await svc.set_orders(gid, ALICE, joust="always")


async def test_an_order_that_answers_the_pending_decision_plays_it(svc) -> None:
    for user in (HOST, ALICE, BOB):
        await svc.set_default_orders(user, bribe="ask")
    rng = random.Random(4)
    start = await running(svc)
    gid = start.game.id
    state = await until(svc, gid, rng, lambda s: s.decision.kind == "bribe")
    info = await svc.game(gid)
    user = user_of(info, state.decision.seat)
    result = await svc.set_orders(gid, user, bribe="never")
    assert result.result is not None and result.result.moves[0].action == "skip"
    assert result.result.moves[0].planned


# --- what each player is asked now -----------------------------------------------------------


async def test_ask_now_and_the_parallel_questions_once_placement_is_over(svc) -> None:
    rng = random.Random(6)
    start = await running(svc)
    gid = start.game.id
    now = await svc.ask_now(gid)
    waiting = start.game.awaiting[0].user_id
    assert now.waiting_for == waiting and now.ahead == ()  # placement: one at a time
    assert any(q.now for q in now.questions[waiting])
    assert all(not q.due for qs in now.questions.values() for q in qs)
    await until(svc, gid, rng, lambda s: s.phase >= 3)
    now = await svc.ask_now(gid)
    due = {u for u, qs in now.questions.items() if any(q.due for q in qs)}
    assert now.waiting_for is None or any(q.now for q in now.questions[now.waiting_for])
    assert set(now.ahead) == due - {now.waiting_for}  # offered without a ping
    for user, asked in now.questions.items():
        assert asked == await svc.questions_for(gid, user)
        for q in asked:
            if q.due:
                assert q.open and not q.now and q.kind in pl.ANSWER_PHASE | {"castle": 6}
    # answering every due question (an answer may open another) leaves only the decider
    for _ in range(20):
        open_due = [(u, q) for u, qs in now.questions.items() for q in qs if q.due]
        if not open_due:
            break
        user, q = open_due[0]
        await svc.answer(gid, user, q.key, q.default or q.options[0], provost=q.provost)
        now = await svc.ask_now(gid)
    assert now.ahead == ()


# --- random games: plans change nothing but who answers when ----------------------------------


async def random_plans(
    svc: GameService, gid: int, user: int, rng: random.Random, made: dict
) -> None:
    """The player makes a random plan: an answer ahead (sometimes nonsense), a premove, a
    castle plan, an owner's cube, standing orders, or cancels something."""
    state = await svc.state(gid)
    if (await svc.game(gid)).status != "running":
        return
    roll = rng.random()
    try:
        if roll < 0.45:
            asked = [q for q in await svc.questions_for(gid, user) if not q.now]
            if asked:
                q = rng.choice(asked)
                option = rng.choice(q.options) if q.options and rng.random() < 0.9 else "skip"
                await svc.answer(gid, user, q.key, option, provost=q.provost)
                made.setdefault(user, []).append(("answer", q.key, option, q.provost))
                if q.kind == "owner" and rng.random() < 0.3:
                    await svc.answer(gid, user, q.key, option, always=True)
                    made[user].append(("owner", q.at, option.removeprefix("take ")))
        elif roll < 0.65:
            targets = await svc.premove_options(gid, user)
            if targets:
                target, cost = rng.choice(targets)
                await svc.queue_premove(gid, user, target, cost + rng.choice((0, 0, 1)))
                made.setdefault(user, []).append(("premove", state.turn, target))
        elif roll < 0.75:
            option = rng.choice(["castle all", "castle 1", "castle 2", "castle FWS FCG"])
            await svc.answer(gid, user, f"{state.turn}/6/castle/0", option)
            made.setdefault(user, []).append(("castle", state.turn))
        elif roll < 0.85:
            orders = {
                "inn": rng.choice(("stay", "ask")),
                "bribe": rng.choice(("ask", "never")),
                "castle": rng.choice(("ask", "all")),
            }
            await svc.set_orders(gid, user, **orders)
            made.setdefault(user, []).append(("orders", tuple(sorted(orders.items()))))
        elif roll < 0.9:
            # near misses: a real question's answer bound to another building, another turn or
            # another provost; each may fire only at the decision it names
            asked = [q for q in await svc.questions_for(gid, user) if not q.now and q.options]
            if asked:
                q = rng.choice(asked)
                plan = q.plan(rng.choice(q.options))
                if isinstance(plan, pl.Answer):
                    if plan.at:
                        plan = plan.model_copy(update={"at": rng.randint(1, 28)})
                    elif plan.provost is not None:
                        plan = plan.model_copy(update={"provost": plan.provost + 1})
                    else:
                        plan = plan.model_copy(update={"turn": plan.turn + 1})
                    await svc.answer(gid, user, plan.key, plan.action, provost=plan.provost)
                    made.setdefault(user, []).append(
                        ("answer", plan.key, plan.action, plan.provost)
                    )
        else:
            if (await svc.plans_of(gid, user)).plans:
                await svc.cancel_plans(gid, user)
    except pl.BadPlan:
        pass
    except (err.GameOver, err.GameNotRunning):
        pass


def justified(row, before, made: dict, orders_ever: dict) -> bool:
    """Whether the planned log row `row`, played at state `before`, answers a plan its player
    made for exactly that decision (or a standing order they had)."""
    d = before.decision
    key = pl.answer_key(before.turn, before.phase, d.kind, d.at)
    for entry in made.get(row.user_id, []):
        kind = entry[0]
        same = entry[1:3] == (key, row.action)
        if kind == "answer" and same and (d.kind != "bribe" or entry[3] == before.provost):
            return True
        target = "pass" if row.action == "pass" else row.action.removeprefix("place ")
        if kind == "premove" and d.kind == "place" and entry[1:] == (before.turn, target):
            return True
        if kind == "castle" and d.kind == "castle" and entry[1] == before.turn:
            return True
        if kind == "owner" and d.kind == "owner" and entry[1] == d.at:
            return row.action == f"take {entry[2]}"
    orders = orders_ever.get(row.user_id, set())
    if d.kind == "inn" and row.action == "inn stay" and ("inn", "stay") in orders:
        return True
    if d.kind == "bribe" and row.action == "skip" and ("bribe", "never") in orders:
        return True
    return d.kind == "castle" and ("castle", "all") in orders


# seed -> (human players, bot seats)
TABLES = {1: (3, 0), 2: (3, 1), 3: (2, 0), 4: (3, 1), 5: (4, 0), 6: (2, 3)}


@pytest.mark.parametrize("seed", sorted(TABLES))
async def test_random_games_with_random_plans_are_the_same_games_without_them(
    tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    svc = await GameService.open(tmp_path / "plans.db", rng=random.Random(seed))
    try:
        rows, users, bots, final = await play_with_random_plans(svc, rng, seed)
    finally:
        await svc.close()

    # the same decisions, asked one by one with no plan at all, make the same game
    plain = await GameService.open(tmp_path / "plain.db", rng=random.Random(seed))
    try:
        for user in users:
            await plain.set_default_orders(user, inn="ask", bribe="ask", castle="ask")
        again = await running(plain, users, bots)
        for row in rows:
            if row.by_bot and again.game.seats[row.seat].is_bot:
                continue  # the bot seat plays the same moves by itself (same seed, same seq)
            info = await plain.game(again.game.id)
            assert info.awaiting[0].seat == row.seat
            await plain.act(again.game.id, row.user_id, row.action, info.version)
        replayed = await plain.store.log(again.game.id)
        assert [(r.seat, r.action) for r in replayed] == [(r.seat, r.action) for r in rows]
        assert not any(r.planned for r in replayed)
        assert await plain.state(again.game.id) == final
    finally:
        await plain.close()


async def play_with_random_plans(svc: GameService, rng: random.Random, seed: int):
    """A whole game in which the players make random plans; checks every planned move
    against the plans made. Returns (log rows, users, bot seats, final state)."""
    humans, bots = TABLES[seed]
    users = (HOST, ALICE, BOB, 103)[:humans]
    made: dict[int, list] = {}
    orders_ever: dict[int, set] = {}
    for user in users:
        defaults = {"inn": rng.choice(("stay", "ask")), "bribe": rng.choice(("ask", "never"))}
        await svc.set_default_orders(user, **defaults)
        orders_ever[user] = set(defaults.items())
    start = await running(svc, users, bots)
    gid = start.game.id
    for _ in range(4000):
        info = await svc.game(gid)
        if info.status != "running":
            break
        for user in users:
            if rng.random() < 0.35:
                await random_plans(svc, gid, user, rng, made)
        info = await svc.game(gid)
        if info.status != "running":
            break
        state = await svc.state(gid)
        seat = info.awaiting[0]
        action = caylus.choose_action(state, seat.seat, rng)
        plans = []
        if state.decision.kind == "place" and rng.random() < 0.5:
            for q in await svc.answer_ahead_options(gid, seat.user_id, action):
                if q.options and rng.random() < 0.7:
                    option = rng.choice(q.options)
                    plans.append(q.plan(option))
                    made.setdefault(seat.user_id, []).append(
                        ("answer", q.key, option, q.provost)
                        if q.kind != "castle"
                        else ("castle", q.turn)
                    )
        await svc.act(gid, seat.user_id, str(action), info.version, plans=plans)
        # the orders each player ever had (to check standing-order moves against)
        for user in users:
            try:
                orders = await svc.orders_of(gid, user)
            except (err.GameOver, err.GameNotRunning):
                continue
            orders_ever[user] |= set(orders.model_dump().items())
    assert (await svc.game(gid)).status == "finished"
    rows = await check_log(svc, gid)
    planned = [r for r in rows if r.planned]
    assert planned, "no plan was ever played"

    # every planned move answers a plan of its own player for exactly that decision
    record = await svc.record(gid)
    state = caylus.new_game(caylus.Options(**record.options), caylus.Setup(**record.setup))
    for row in rows:
        assert state.decision.seat == row.seat
        if row.planned:
            assert not row.by_bot and row.user_id == start.game.seats[row.seat].user_id
            assert justified(row, state, made, orders_ever), (row, state.decision)
        state, _ = caylus.apply(state, row.action, row.seat)
    return rows, users, bots, state


# --- restarts and privacy --------------------------------------------------------------------


async def test_plans_survive_a_restart(database: str) -> None:
    path = database
    svc = await GameService.open(path, rng=random.Random(7))
    start = await running(svc)
    gid = start.game.id
    waiting = start.game.awaiting[0]
    later = [s for s in start.game.seats if s.seat != waiting.seat]
    await svc.queue_premove(gid, later[0].user_id, "castle")
    await svc.set_orders(gid, later[1].user_id, inn="ask")
    before = (await svc.plans_of(gid, later[0].user_id)).plans
    await svc.close()

    svc = await GameService.open(path)
    assert (await svc.plans_of(gid, later[0].user_id)).plans == before
    assert (await svc.orders_of(gid, later[1].user_id)).inn == "ask"
    rng = random.Random(1)
    for _ in range(10):
        state = await svc.state(gid)
        if state.decision.seat == later[0].seat or state.phase != 2:
            break
        await decide(svc, gid, rng)
    rows = await check_log(svc, gid)
    assert ("place castle", True) in [
        (r.action, r.planned) for r in rows if r.seat == later[0].seat
    ]
    await svc.close()


async def everything_visible_to(svc: GameService, gid: int, user: int) -> dict[str, Any]:
    """What `user` can learn through the service about game `gid`."""
    info = await svc.game(gid)
    view = await svc.view(gid, user)
    return {
        "game": dataclasses.replace(info, updated_at=0.0),
        "view": dataclasses.replace(view, game=dataclasses.replace(view.game, updated_at=0.0)),
        "log": await svc.log(gid, limit=500),
        "record": await svc.record(gid),
        "state": await svc.state(gid),
        "outbox": [
            (r.after_seq, r.to_seq, r.version, r.payload) for r in await svc.undelivered(gid)
        ],
        "mine": await svc.plans_of(gid, user),
        "questions": await svc.questions_for(gid, user),
        "legal": await svc.legal_actions(gid, user),
        "games": await svc.games_of_user(user),
    }


async def test_a_players_plans_are_invisible_to_the_others(svc) -> None:
    rng = random.Random(9)
    start = await running(svc)
    gid = start.game.id
    await until(svc, gid, rng, lambda s: s.phase >= 3 and s.decision.seat == 0)
    snoop = user_of(start.game, 0)  # blue looks at everything while the others plan
    before = await everything_visible_to(svc, gid, snoop)
    state = await svc.state(gid)
    for seat in (1, 2):
        user = user_of(start.game, seat)
        for q in await svc.questions_for(gid, user):
            if not q.now and q.options:
                await svc.answer(gid, user, q.key, q.options[-1], provost=q.provost)
        await svc.set_orders(gid, user, castle="all", inn="ask")
        await svc.answer(gid, user, pl.answer_key(state.turn, 6, "castle"), "castle 1")
    assert await everything_visible_to(svc, gid, snoop) == before
    with pytest.raises(err.NotSeated):
        await svc.plans_of(gid, 999)


# --- the store ---------------------------------------------------------------------------------


async def test_the_order_tables_match_the_orders_model(tmp_path: Path, database: str) -> None:
    store = await open_store(database)
    await store.write(lambda tx: tx.set_user_orders(5, {}))
    assert await store.user_orders(5) == pl.Orders().model_dump()
    columns = set(await store._columns("seat_orders"))
    await store.close()
    assert columns == {"game_id", "seat", "user_id", "updated_at", *pl.ORDER_FIELDS}
    if store.backend == "sqlite":
        assert db_columns(Path(database), "seat_orders") == columns


def db_columns(path: Path, table: str) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}


async def test_the_log_stays_append_only_with_its_planned_column(svc) -> None:
    start = await running(svc)
    gid = start.game.id
    await decide(svc, gid, random.Random(1))
    refused = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
    with pytest.raises(refused, match="append-only"):
        await db(svc, "UPDATE actions SET planned = 1 WHERE game_id = ?", (gid,))
    with pytest.raises(refused):
        await db(
            svc,
            "INSERT INTO actions (game_id, seq, seat, action, created_at, planned) "
            "VALUES (?, 99, 0, 'pass', 0, 2)",
            (gid,),
        )


async def test_plans_per_player_are_bounded(svc) -> None:
    start = await running(svc)
    gid = start.game.id
    for at in range(1, pl.MAX_PLANS + 1):
        turn, at = divmod(at, 28)
        plan = pl.Answer(turn=turn + 1, decision="sell", at=at + 1, action="skip")
        await svc.answer(gid, ALICE, plan.key, plan.action)
    with pytest.raises(pl.BadPlan, match="already have"):
        key = pl.Answer(turn=9, decision="sell", at=1, action="skip").key
        await svc.answer(gid, ALICE, key, "skip")
    await svc.answer(gid, ALICE, plan.key, "sell F")  # a change


# --- the decision clock -------------------------------------------------------------------------


async def test_the_clock_never_runs_for_a_planned_decision_nor_takes_it_for_presence(
    database: str,
) -> None:
    from bot.clock_service import ClockService
    from tests.test_clock_service import VirtualTime, utc

    vt = VirtualTime(utc(2026, 3, 2, 12))
    svc = await GameService.open(database, rng=random.Random(42), clock=vt)
    clock = ClockService(svc)
    try:
        start = await running(svc)
        gid = start.game.id
        a, b, c = start.state.turn_order
        users = {s.seat: s.user_id for s in start.game.seats}
        await svc.set_orders(gid, users[a], bribe="never")
        # b will place from a premove (up to 3 d: a's pass makes it dearer): the clock goes
        # from a straight to c
        await svc.queue_premove(gid, users[b], "castle", 3)
        deadline = await clock.deadline(gid, vt.now)
        assert deadline.seat == a
        vt.t = deadline.due.timestamp() + 1  # a's time runs out: the clock passes for a
        (expired,) = [n for n in await clock.tick(vt.now) if n.kind == "expired"]
        assert [(m.seat, m.planned) for m in expired.result.moves] == [(a, False), (b, True)]
        deadline = await clock.deadline(gid, vt.now)
        assert deadline.seat == c and deadline.since == vt.now
        assert await clock.expiries_in_row(gid, a) == 1
        rng = random.Random(3)
        await until(svc, gid, rng, lambda s: s.phase >= 5 or s.turn > 1)
        rows = await check_log(svc, gid)
        (bribe,) = [r for r in rows if r.seat == a and r.planned]
        assert bribe.action == "skip" and not bribe.by_bot
        assert await clock.expiries_in_row(gid, a) == 1  # a planned move is not a presence
    finally:
        await svc.close()


async def test_reading_plans_leaves_the_cache_of_games_current(database: str) -> None:
    """Games played at once, with plans read on every move, stay in memory: no move reads a
    game's log again (a read left open on the reader connection would show an old version)."""
    svc = await GameService.open(database, rng=random.Random(5))
    try:
        ids = []
        for k in range(4):
            game = await svc.create_game(GUILD, CHANNEL + k, 10 * k + 1, players=2)
            await svc.join(game.id, 10 * k + 2)
            await svc.set_default_orders(10 * k + 2, bribe="never")
            ids.append((await svc.start(game.id, 10 * k + 1)).game.id)
        reads = []
        real = svc.store.log

        async def counted(game_id: int, **kw: Any):
            reads.append(game_id)
            return await real(game_id, **kw)

        svc.store.log = counted  # type: ignore[method-assign]

        async def play(gid: int) -> None:
            rng = random.Random(gid)
            for _ in range(25):
                await decide(svc, gid, rng)

        await asyncio.gather(*(play(gid) for gid in ids))
        assert reads == []
    finally:
        await svc.close()


async def test_ask_now_for_a_prompt_skips_the_awaited_players_lookahead_when_another_has_questions(
    svc,
) -> None:
    """What a prompt reads of `ask_now(whole=False)` (who is `ahead`, their questions, whether
    anyone has a question ahead) is what the whole answer says; the awaited player's lookahead
    is left out when another player already has a question ahead."""
    rng = random.Random(8)
    start = await running(svc)
    gid = start.game.id
    compared = skipped = 0
    for _ in range(400):
        state = await svc.state(gid)
        if state.over or state.turn > 3:
            break
        whole = await svc.ask_now(gid)
        lazy = await svc.ask_now(gid, whole=False)
        assert lazy.ahead == whole.ahead
        assert lazy.any_question_ahead == whole.any_question_ahead
        assert lazy.stage == whole.stage and lazy.waiting_for == whole.waiting_for
        for user in lazy.ahead:
            assert lazy.questions[user] == whole.questions[user]
        if whole.waiting_for in whole.questions and whole.waiting_for not in lazy.questions:
            assert whole.any_question_ahead
            skipped += 1
        compared += 1
        await decide(svc, gid, rng)
    assert compared > 50 and skipped > 0
