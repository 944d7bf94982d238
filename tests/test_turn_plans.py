"""Turn plans (docs/pace.md, "Plan my turn"): the placements of a whole turn in one answer,
through the game service on both backends (a real SQLite file, a real PostgreSQL schema).

Played at the player's placement as their own move (marked planned) when an entry is still
free, affordable and within its limit; entries used or taken are skipped; the player is asked
only when nothing is playable and the plan does not say to pass. Private, and replayed from the
log like any other game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import plans as pl
from bot.service import GameService
from engine.caylus.lookahead import placements_ahead
from tests.test_plans_service import (
    check_log,
    decide,
    everything_visible_to,
    place_with_a_choice,
    running,
    until,
)


@pytest.fixture
async def svc(database: str):
    service = await GameService.open(database, rng=random.Random(42))
    yield service
    await service.close()


def road_spaces(state: Any, seat: int) -> list[str]:
    """The free road spaces `seat` may place on now, in road order."""
    return [
        a.arg for a, _ in placements_ahead(state, seat) if a.verb == "place" and a.arg.isdigit()
    ]


async def opening(svc: GameService):
    """A new 3-player game: (game id, the first player to place, the second), as seats."""
    start = await running(svc)
    order = start.state.turn_order
    seats = {s.seat: s for s in start.game.seats}
    return start.game.id, seats[order[0]], seats[order[1]], start


async def placements(svc: GameService, gid: int, seat: int) -> list[tuple[str, bool]]:
    """(action, planned) of the placements and passes `seat` made in the log."""
    rows = await svc.store.log(gid)
    return [
        (r.action, bool(r.planned))
        for r in rows
        if r.seat == seat and (r.action.startswith("place") or r.action == "pass")
    ]


async def test_a_turn_plan_skips_taken_spaces_and_falls_back_to_asking(svc) -> None:
    gid, first, second, start = await opening(svc)
    a, b = road_spaces(start.state, second.seat)[:2]
    plan = pl.TurnPlan(entries=(pl.PlanEntry(target=a), pl.PlanEntry(target=b)))
    result = await svc.set_turn_plan(gid, second.user_id, plan)
    assert result.result is None  # not their placement yet: nothing played, nothing posted
    assert result.mine.turn_plan is not None and result.mine.turn_plan.turn == 1
    await svc.act(gid, first.user_id, f"place {a}", start.game.version)
    # the second player's placement came: a is taken (skipped), b is played as their move
    assert await placements(svc, gid, second.seat) == [(f"place {b}", True)]
    state = await until(svc, gid, random.Random(1), lambda s: s.decision.seat == second.seat)
    # a taken, b used, nothing else planned: asked, with the usual prompt
    assert state.phase == 2 and state.decision.kind == "place"
    info = await svc.game(gid)
    assert info.awaiting[0].seat == second.seat
    progress = await svc.turn_plan_progress(gid, second.user_id)
    assert progress is not None and progress.entries == ("taken", "placed")
    assert progress.step is not None and progress.step.action is None
    await check_log(svc, gid)


async def test_a_turn_plan_passes_once_n_workers_are_placed(svc) -> None:
    gid, first, second, start = await opening(svc)
    spaces = road_spaces(start.state, second.seat)
    plan = pl.TurnPlan(entries=tuple(pl.PlanEntry(target=s) for s in spaces[:4]), pass_after=1)
    await svc.set_turn_plan(gid, second.user_id, plan)
    await svc.act(gid, first.user_id, f"place {spaces[5]}", start.game.version)
    assert await placements(svc, gid, second.seat) == [(f"place {spaces[0]}", True)]
    await until(svc, gid, random.Random(2), lambda s: second.seat in s.passed or s.phase > 2)
    done = await placements(svc, gid, second.seat)
    assert done == [(f"place {spaces[0]}", True), ("pass", True)]
    await check_log(svc, gid)


async def test_a_turn_plan_passes_when_a_worker_costs_more_than_k(svc) -> None:
    gid, first, second, start = await opening(svc)
    spaces = road_spaces(start.state, second.seat)
    plan = pl.TurnPlan(entries=(pl.PlanEntry(target=spaces[0]),), pass_above=1)
    await svc.set_turn_plan(gid, second.user_id, plan)
    # the first player passes: a worker now costs everybody else 2 deniers
    await svc.act(gid, first.user_id, "pass", start.game.version)
    assert await placements(svc, gid, second.seat) == [("pass", True)]
    await check_log(svc, gid)


async def test_a_turn_plan_entry_with_a_cost_limit_is_skipped_when_dearer(svc) -> None:
    gid, first, second, start = await opening(svc)
    a, b = road_spaces(start.state, second.seat)[:2]
    plan = pl.TurnPlan(
        entries=(pl.PlanEntry(target=a, max_cost=1), pl.PlanEntry(target=b)), otherwise="pass"
    )
    await svc.set_turn_plan(gid, second.user_id, plan)
    await svc.act(gid, first.user_id, "pass", start.game.version)  # placements cost 2 now
    assert await placements(svc, gid, second.seat) == [(f"place {b}", True)]
    progress = await svc.turn_plan_progress(gid, second.user_id)
    assert progress is not None and progress.entries[1] == "placed"
    await check_log(svc, gid)


async def test_a_turn_plan_plays_the_answer_its_entry_carries(svc) -> None:
    rng = random.Random(3)
    start = await running(svc)
    gid = start.game.id
    user, _action, question = await place_with_a_choice(svc, gid, rng)
    option = question.options[-1]
    entry = pl.PlanEntry(target=str(question.at), answer=option)
    result = await svc.set_turn_plan(gid, user, pl.TurnPlan(entries=(entry,)))
    # their placement was pending: played at once, marked planned, with its answer kept
    assert result.result is not None
    (placed,) = [mv for mv in result.result.moves if mv.user_id == user]
    assert placed.action == f"place {question.at}" and placed.planned
    assert question.key in [p.key for p in (await svc.plans_of(gid, user)).plans]
    await until(svc, gid, rng, lambda s: (s.turn, s.phase) > (question.turn, question.phase))
    rows = await check_log(svc, gid)
    assert [r for r in rows if r.planned and r.action == option and r.user_id == user]


async def test_a_carried_answer_that_is_not_offered_is_refused(svc) -> None:
    rng = random.Random(3)
    start = await running(svc)
    gid = start.game.id
    user, _action, question = await place_with_a_choice(svc, gid, rng)
    version = (await svc.game(gid)).version
    entry = pl.PlanEntry(target=str(question.at), answer="take GGG")
    with pytest.raises(pl.BadPlan, match="can carry one of"):
        await svc.set_turn_plan(gid, user, pl.TurnPlan(entries=(entry,)))
    with pytest.raises(pl.BadPlan, match="is not a space"):
        await svc.set_turn_plan(gid, user, pl.TurnPlan(entries=(pl.PlanEntry(target="moon"),)))
    assert (await svc.game(gid)).version == version
    assert (await svc.plans_of(gid, user)).plans == ()


async def test_a_turn_plan_is_edited_and_cancelled_until_played(svc) -> None:
    gid, first, second, start = await opening(svc)
    a, b = road_spaces(start.state, second.seat)[:2]
    await svc.set_turn_plan(gid, second.user_id, pl.TurnPlan(entries=(pl.PlanEntry(target=a),)))
    changed = await svc.set_turn_plan(
        gid, second.user_id, pl.TurnPlan(entries=(pl.PlanEntry(target=b),))
    )
    assert [e.target for e in changed.mine.turn_plan.entries] == [b]  # replaced, not added
    cancelled = await svc.cancel_turn_plan(gid, second.user_id)
    assert cancelled.mine.turn_plan is None
    with pytest.raises(pl.BadPlan, match="no turn plan"):
        await svc.cancel_turn_plan(gid, second.user_id)
    await svc.act(gid, first.user_id, "pass", start.game.version)
    info = await svc.game(gid)
    assert info.awaiting[0].seat == second.seat  # no plan: asked
    assert await placements(svc, gid, second.seat) == []


async def test_a_standing_plan_seeds_every_turn_and_a_turn_plan_replaces_it(svc) -> None:
    gid, _first, second, _start = await opening(svc)
    assert (await svc.plans_of(gid, second.user_id)).standing_plan is None  # default: none
    standing = pl.TurnPlan(
        entries=(pl.PlanEntry(target="castle", answer="castle all"),),
        pass_after=1,
        otherwise="pass",
        standing=True,
    )
    result = await svc.set_turn_plan(gid, second.user_id, standing)
    assert result.mine.standing_plan is not None and result.mine.turn_plan is None
    rng = random.Random(4)
    await until(svc, gid, rng, lambda s: s.turn == 3)
    done = await placements(svc, gid, second.seat)
    assert done and all(planned for _, planned in done)
    assert done.count(("place castle", True)) == 2  # one castle worker per turn, every turn
    # a plan for this turn replaces the standing plan for this turn only
    state = await svc.state(gid)
    spaces = road_spaces(state, second.seat) if state.phase == 2 else []
    if state.phase == 2 and second.seat not in state.passed and spaces:
        await svc.set_turn_plan(
            gid, second.user_id, pl.TurnPlan(entries=(pl.PlanEntry(target=spaces[0]),))
        )
        await until(svc, gid, rng, lambda s: s.turn == 4)
        assert (f"place {spaces[0]}", True) in await placements(svc, gid, second.seat)
    await check_log(svc, gid)


async def test_turn_plans_are_invisible_to_the_others(svc) -> None:
    gid, first, _second, start = await opening(svc)
    snoop = first.user_id  # the player the game waits for looks while the others plan
    before = await everything_visible_to(svc, gid, snoop)
    for seat in start.game.seats:
        if seat.seat == first.seat:
            continue
        spaces = road_spaces(start.state, seat.seat)
        plan = pl.TurnPlan(
            entries=(
                pl.PlanEntry(target="castle", answer="castle all"),
                pl.PlanEntry(target=spaces[0]),
            ),
            pass_after=3,
            otherwise="pass",
        )
        await svc.set_turn_plan(gid, seat.user_id, plan)
        await svc.set_turn_plan(gid, seat.user_id, plan.model_copy(update={"standing": True}))
    assert await everything_visible_to(svc, gid, snoop) == before


async def test_games_with_random_turn_plans_replay_from_their_log(svc) -> None:
    rng = random.Random(11)
    start = await running(svc)
    gid = start.game.id
    planned_turns: set[int] = set()
    for _ in range(900):
        state = await svc.state(gid)
        if state.over or state.turn > 4:
            break
        if state.phase == 2 and state.turn not in planned_turns:
            planned_turns.add(state.turn)
            for seat in (await svc.game(gid)).seats:
                options = await svc.turn_plan_options(gid, seat.user_id)
                picks = rng.sample(options, k=min(len(options), rng.randint(2, 6)))
                entries = tuple(
                    pl.PlanEntry(
                        target=o.target,
                        answer=rng.choice(o.answers) if o.answers else None,
                        max_cost=rng.choice((None, o.cost, o.cost + 1)),
                    )
                    for o in picks
                )
                plan = pl.TurnPlan(
                    entries=entries,
                    pass_after=rng.choice((None, 2, 3, 4)),
                    pass_above=rng.choice((None, 2, 3)),
                    otherwise=rng.choice(("ask", "pass")),
                )
                await svc.set_turn_plan(gid, seat.user_id, plan)
            continue
        await decide(svc, gid, rng)
    rows = await check_log(svc, gid)
    assert sum(1 for r in rows if r.planned and r.action.startswith("place")) >= 5


async def test_an_undo_drops_the_turn_plan_made_after_the_move_but_keeps_the_standing_plan(
    svc,
) -> None:
    gid, first, _second, start = await opening(svc)
    spaces = road_spaces(start.state, first.seat)
    await svc.act(gid, first.user_id, f"place {spaces[0]}", start.game.version)
    await svc.set_turn_plan(
        gid, first.user_id, pl.TurnPlan(entries=(pl.PlanEntry(target="castle"),))
    )
    standing = pl.TurnPlan(entries=(pl.PlanEntry(target="gate"),), standing=True)
    await svc.set_turn_plan(gid, first.user_id, standing)
    await svc.undo(gid, first.user_id)
    mine = await svc.plans_of(gid, first.user_id)
    assert mine.turn_plan is None
    assert mine.standing_plan is not None and mine.standing_plan.entries[0].target == "gate"


async def test_a_suggested_turn_plan_is_playable_and_played(svc) -> None:
    gid, first, second, start = await opening(svc)
    suggested = await svc.suggest_turn_plan(gid, second.user_id)
    assert 1 <= len(suggested.entries) <= 6
    assert suggested == await svc.suggest_turn_plan(gid, second.user_id)  # the same each time
    await svc.set_turn_plan(gid, second.user_id, suggested)
    head = suggested.entries[0].target
    theirs = next(s for s in road_spaces(start.state, first.seat) if s != head)
    await svc.act(gid, first.user_id, f"place {theirs}", start.game.version)
    assert await placements(svc, gid, second.seat) == [(f"place {head}", True)]
    await check_log(svc, gid)


async def test_a_turn_plan_with_values_out_of_range_is_refused(svc) -> None:
    gid, _first, second, _start = await opening(svc)
    plan = pl.TurnPlan(entries=(pl.PlanEntry(target="castle"),))
    crafted = plan.model_copy(update={"pass_after": 99})  # model_copy does not validate
    with pytest.raises(pl.BadPlan, match="out of range"):
        await svc.set_turn_plan(gid, second.user_id, crafted)
    too_long = plan.model_copy(
        update={"entries": tuple(pl.PlanEntry(target=str(k)) for k in range(1, 15))}
    )
    with pytest.raises(pl.BadPlan, match="at most 12"):
        await svc.set_turn_plan(gid, second.user_id, too_long)
    assert (await svc.plans_of(gid, second.user_id)).plans == ()
