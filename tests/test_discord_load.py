"""One process, many busy games (docs/discord.md, "One process, many games"): what one
interaction costs the bot. Within one interaction the service reads each game's stored version,
plans and standing orders once (docs/store.md, "One interaction, few reads"), on both backends
(a real SQLite file, a real PostgreSQL schema) and through the real discord.py code paths."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.caylus import ahead
from bot.games.caylus.turn_plans import turn_plan_options
from bot.service import ActResult, GameService, one_interaction
from engine import caylus
from engine.caylus.catalogue import TILES
from engine.caylus.lookahead import DecisionKey, activation_kind, upcoming, with_decision
from engine.caylus.state import Options, Setup, State
from engine.errors import EngineError
from tests.db import execute
from tests.discord_harness import table

GUILD, CHANNEL = 10, 20
HOST, ALICE, BOB = 100, 101, 102


@pytest.fixture
async def svc(database: str):
    service = await GameService.open(database, rng=random.Random(42))
    yield service
    await service.close()


async def running(svc: GameService) -> ActResult:
    game = await svc.create_game(GUILD, CHANNEL, HOST, players=3)
    for user in (ALICE, BOB):
        await svc.join(game.id, user)
    return await svc.start(game.id, HOST)


def counting(store: Any, name: str) -> list[int]:
    """Count the calls of the store's `name` (the real method still answers)."""
    calls: list[int] = []
    real = getattr(store, name)

    async def counted(game_id: int, *args: Any, **kwargs: Any) -> Any:
        calls.append(game_id)
        return await real(game_id, *args, **kwargs)

    setattr(store, name, counted)
    return calls


async def test_one_interaction_reads_a_games_stored_version_once(svc: GameService) -> None:
    gid = (await running(svc)).game.id
    versions = counting(svc.store, "current_version")
    with one_interaction():
        await svc.game(gid)
        await svc.state(gid)
        await svc.game(gid)
    assert versions == [gid]
    await svc.game(gid)  # outside an interaction, every read checks
    await svc.game(gid)
    assert versions == [gid, gid, gid]


async def test_one_interaction_sees_its_own_move_and_the_next_sees_a_change_from_elsewhere(
    svc: GameService,
) -> None:
    start = await running(svc)
    gid = start.game.id
    rng = random.Random(3)
    with one_interaction():
        info = await svc.game(gid)
        state = await svc.state(gid)
        seat = info.awaiting[0]
        action = caylus.choose_action(state, seat.seat, rng)
        moved = await svc.act(gid, seat.user_id, str(action), info.version)
        assert (await svc.game(gid)).version == moved.version  # its own write, from memory
    # another process (or a tool) changes the game: the next interaction reads it again
    await execute(svc.store, "UPDATE games SET version = version + 1 WHERE id = ?", (gid,))
    with one_interaction():
        assert (await svc.game(gid)).version == moved.version + 1


async def test_one_interaction_reads_plans_once_and_again_after_keeping_a_plan(
    svc: GameService,
) -> None:
    start = await running(svc)
    gid = start.game.id
    waiting = start.game.awaiting[0]
    other = next(s for s in start.game.seats if s.seat != waiting.seat)
    plans = counting(svc.store, "plans")
    orders = counting(svc.store, "seat_orders")
    with one_interaction():
        await svc.ask_now(gid)
        await svc.ask_now(gid)
        assert plans == [gid] and orders == [gid]
        # a plan kept for later changes no version: the interaction reads the plans again
        kept = await svc.answer(gid, other.user_id, "1/3/joust/0", "joust")
        assert kept.result is None
        mine = await svc.plans_of(gid, other.user_id)
        assert [p.key for p in mine.plans] == ["1/3/joust/0"]
        assert len(plans) == 2
    assert (await svc.game(gid)).version == start.version


async def test_a_press_in_discord_reads_its_games_version_once(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=5) as tb:
        await tb.open_game(3)
        versions = counting(tb.service.store, "current_version")
        plan_reads = counting(tb.service.store, "plans")
        for _ in range(6):
            versions.clear()
            plan_reads.clear()
            await tb.step(pass_rate=0.5)
            assert len(versions) <= 1, versions
            assert len(plan_reads) <= 2, plan_reads  # before the move, and after it
        assert tb.cog.unexpected_errors == 0


# --- the answers a placement carries: the same, for less (bot/games/caylus/ahead.py) ----------


def _reference_answers(state: Any, seat: int, action: Any) -> list[tuple[Any, ...]]:
    """What a placement on a road space carries, found the plain way: play the placement, then
    ask the building's decision in the state after it."""
    try:
        after, _ = caylus.apply(state, action, seat)
    except EngineError:
        return []
    asked = activation_kind(after, int(action.arg))
    if asked is None:
        return []
    kind, effect = asked
    at = int(action.arg)
    hypothetical = with_decision(after, kind, seat, at=at, effect=effect)
    options = tuple(str(a) for a in caylus.legal_actions(hypothetical, seat))
    if kind == "produce":
        options = tuple(f"take {x}" for x in TILES[after.road[at - 1]].produce)
    return [(kind, at, options, hypothetical.model_dump_json())]


def test_placement_answers_ahead_skip_buildings_that_ask_nothing_and_stay_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played: list[str] = []
    real_apply = ahead.apply

    def counted_apply(state: Any, action: Any, seat: Any = None) -> Any:
        played.append(str(action))
        return real_apply(state, action, seat)

    monkeypatch.setattr(ahead, "apply", counted_apply)
    compared = 0
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        state = caylus.new_game(Options(players=4), Setup(seed=seed))
        while not state.over and state.turn < 6:
            d = state.decision
            assert d is not None
            if d.kind == "place":
                for action in caylus.legal_actions(state, d.seat):
                    if not action.arg.isdigit():
                        continue
                    played.clear()
                    found = ahead.answer_ahead_options(state, d.seat, action)
                    got = [(q.kind, q.at, q.options, q.state.model_dump_json()) for q in found]
                    assert got == _reference_answers(state, d.seat, action)
                    if not got:  # nothing to carry: the placement was not played ahead
                        assert played == []
                    compared += 1
            move = caylus.choose_action(state, d.seat, rng)
            state, _ = caylus.apply(state, move, d.seat)
    assert compared > 100


def test_turn_plan_options_make_one_hypothetical_placement_for_all_spaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[str] = []
    real = ahead.with_decision

    def counted(state: Any, kind: str, *args: Any, **kwargs: Any) -> Any:
        made.append(kind)
        return real(state, kind, *args, **kwargs)

    monkeypatch.setattr(ahead, "with_decision", counted)
    state = caylus.new_game(Options(players=3), Setup(seed=4))
    d = state.decision
    assert d is not None and d.kind == "place"
    other = (d.seat + 1) % 3  # not their placement now: asked as if it were
    options = turn_plan_options(state, other)
    assert len(options) > 5
    assert made.count("place") == 1
    # the same answers as asking space by space
    for option in options:
        alone = ahead._placement_question(state, other, option.target)
        assert (alone.options if alone else ()) == option.answers


# --- the questions ahead: the lookahead plays the turn on without reading states whole --------


def _reference_upcoming(state: Any, seat: int) -> list[tuple[Any, ...]]:
    """The decisions `seat` meets in the rest of the turn, every seat playing the default, found
    the plain way: every state played on read whole."""
    out: list[tuple[Any, ...]] = []
    seen: set[Any] = set()
    s, turn, first = state, state.turn, True
    while True:
        s.filled()
        d = s.decision
        if s.over or d is None or s.turn != turn or s.phase >= 7:
            return out
        action = caylus.default_action(s)
        key = DecisionKey(s.turn, s.phase, d.kind, d.seat, d.at, d.via_favor)
        if d.seat == seat and not first and key not in seen:
            seen.add(key)
            out.append((key, tuple(caylus.legal_actions(s, seat)), action))
        first = False
        s, _ = caylus.apply(s, action, d.seat)


def test_questions_ahead_lookahead_reads_no_state_whole_where_other_seats_decide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read_whole: list[int] = []
    real_filled = State.filled

    def counted_filled(self: State) -> State:
        if len(self.__dict__) < len(State.model_fields):
            read_whole.append(1)
        return real_filled(self)

    compared = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        state = caylus.new_game(Options(players=3), Setup(seed=seed))
        while not state.over and state.turn < 5:
            d = state.decision
            assert d is not None
            for seat in range(3):
                expected = _reference_upcoming(state, seat)
                monkeypatch.setattr(State, "filled", counted_filled)
                read_whole.clear()
                found = upcoming(state, seat, lambda s: None)
                monkeypatch.setattr(State, "filled", real_filled)
                assert [(u.key, u.options, u.played) for u in found] == expected
                assert read_whole == []  # turn and phase were read on the engine's game
                compared += 1
            state, _ = caylus.apply(state, caylus.choose_action(state, d.seat, rng), d.seat)
    assert compared > 100
