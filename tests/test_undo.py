"""Undo in the game service, on both backends: a player takes back their own last move while
nobody has moved since and it revealed nothing; everything else is refused with the reason and
changes nothing; the log keeps the move as taken back and replays to the game as it is."""

from __future__ import annotations

import random

import pytest

from bot.service import ActResult, GameService
from bot.words import errors as err
from engine import caylus, magna_carta
from engine.record import replay
from tests.db import rows, undone_moves

GUILD, CHANNEL = 10, 20
HOST, ALICE, BOB = 100, 101, 102


@pytest.fixture
async def svc(database: str):
    service = await GameService.open(database, rng=random.Random(42))
    yield service
    await service.close()


async def _running(svc: GameService, kind: str = "caylus", bots: int = 0) -> ActResult:
    game = await svc.create_game(GUILD, CHANNEL, HOST, kind=kind, players=2 + bots)
    await svc.join(game.id, ALICE)
    for _ in range(bots):
        await svc.add_bot(game.id, HOST)
    return await svc.start(game.id, HOST)


def _user(result: ActResult) -> int:
    user = result.awaiting[0].user_id
    assert user is not None
    return user


async def _stored(svc: GameService, game_id: int) -> tuple[int, int, int, str]:
    found = await rows(
        svc.store,
        "SELECT version, seq, (SELECT COUNT(*) FROM actions WHERE game_id = games.id), "
        "snapshot FROM games WHERE id = ?",
        (game_id,),
    )
    return found[0]


async def test_undo_takes_back_the_last_move_and_the_log_replays(
    svc: GameService, database: str
) -> None:
    start = await _running(svc)
    gid, first = start.game.id, _user(start)
    before = start.state.model_dump_json()
    played = await svc.act(gid, first, "place 7", start.version)
    assert played.undo_seq == 1  # nobody moved after it, nothing revealed: the button is offered
    undone = await svc.undo(gid, first)
    assert undone.state.model_dump_json() == before
    assert undone.cause["cause"] == "undo" and undone.cause["action"] == "place 7"
    assert [s.user_id for s in undone.game.awaiting] == [first]
    version, seq, logged, snapshot = await _stored(svc, gid)
    assert (seq, logged) == (0, 0) and snapshot == before
    # the move is kept as taken back
    assert await undone_moves(svc.store, gid) == [(1, "place 7", first)]
    # a different move now; the record replays to the stored state
    again = await svc.act(gid, first, "place 8", version)
    record = await svc.record(gid)
    assert [str(a) for a in record.actions] == ["place 8"]
    assert replay(record).state.model_dump_json() == again.state.model_dump_json()
    # another service on the same database (a restart) reads the same game and the same history
    fresh = await GameService.open(database)
    try:
        assert (await fresh.state(gid)).model_dump_json() == again.state.model_dump_json()
        assert [a for _, a, _ in await undone_moves(fresh.store, gid)] == ["place 7"]
    finally:
        await fresh.close()


async def test_undo_twice_and_the_same_seq_kept_twice(svc: GameService) -> None:
    start = await _running(svc)
    gid, first = start.game.id, _user(start)
    result = await svc.act(gid, first, "place 7", start.version)
    await svc.undo(gid, first)
    result = await svc.act(gid, first, "place 7", None)
    await svc.undo(gid, first, result.undo_seq)
    assert [s for s, _, _ in await undone_moves(svc.store, gid)] == [1, 1]


async def test_undo_refused_after_another_player_moved(svc: GameService) -> None:
    start = await _running(svc)
    gid, first = start.game.id, _user(start)
    played = await svc.act(gid, first, "place 7", start.version)
    second = _user(played)
    assert second != first
    answered = await svc.act(gid, second, "place 8", played.version)
    stored = await _stored(svc, gid)
    with pytest.raises(err.UndoNotYours, match="only while nobody has moved since"):
        await svc.undo(gid, first)
    # the button of the first move is stale now
    with pytest.raises(err.UndoTooLate, match="moved on"):
        await svc.undo(gid, first, played.undo_seq)
    assert await _stored(svc, gid) == stored  # nothing written
    # the second player may take theirs back
    undone = await svc.undo(gid, second, answered.undo_seq)
    assert undone.cause["asked_next"] == [first]  # the player asked next is named
    assert [s.user_id for s in undone.game.awaiting] == [second]


async def test_undo_refused_without_a_move_or_a_seat_or_after_the_end(svc: GameService) -> None:
    start = await _running(svc)
    gid, first = start.game.id, _user(start)
    with pytest.raises(err.NothingToUndo):
        await svc.undo(gid, first)
    with pytest.raises(err.NotSeated):
        await svc.undo(gid, 999)
    await svc.abort(gid, HOST)
    with pytest.raises(err.GameNotRunning):
        await svc.undo(gid, first)


async def test_undo_refused_when_a_bot_moved_since(svc: GameService) -> None:
    start = await _running(svc, bots=1)
    gid = start.game.id
    result = start
    rng = random.Random(3)
    for _ in range(40):  # until a human's move is followed by the bot's
        user = _user(result)
        action = caylus.choose_action(result.state, result.awaiting[0].seat, rng)
        result = await svc.act(gid, user, str(action), result.version)
        if any(m.by_bot for m in result.moves):
            assert result.undo_seq is None  # no button: it could not be taken back
            with pytest.raises(err.UndoNotYours):
                await svc.undo(gid, user)
            return
    pytest.fail("the bot never moved")


async def test_undo_refused_for_a_move_the_clock_played(svc: GameService) -> None:
    start = await _running(svc)
    gid, first = start.game.id, _user(start)
    seat = start.awaiting[0].seat
    await svc.clock_move(gid, seat, start.version, now=svc._clock())
    with pytest.raises(err.UndoNotInPerson, match="played for you"):
        await svc.undo(gid, first)


async def test_undo_keeps_the_clock_of_the_decision(svc: GameService) -> None:
    start = await _running(svc)
    gid, first = start.game.id, _user(start)
    since = start.game.awaiting_since
    await svc.act(gid, first, "place 7", start.version)
    undone = await svc.undo(gid, first)
    assert undone.game.awaiting_since == since  # no fresh clock for taking a move back


def test_caylus_reveals_nothing_and_magna_carta_draws_do() -> None:
    state = caylus.new_game(caylus.Options(players=2), caylus.Setup(seed=1))
    action = caylus.legal_actions(state, caylus.pending(state)[0].seat)[0]
    after, _ = caylus.apply(state, action)
    assert caylus.revealed(state, after) is None
    # Magna Carta: play on until a move draws a card, a reshuffle or a card leaves a hand
    s = magna_carta.new_game(magna_carta.Options(players=2), magna_carta.Setup(seed=3))
    rng = random.Random(1)
    seen: set[str | None] = set()
    for _ in range(400):
        pending = magna_carta.pending(s)
        if not pending:
            break
        seat = pending[0].seat
        after, _ = magna_carta.apply(s, magna_carta.choose_action(s, seat, rng), seat)
        seen.add(magna_carta.revealed(s, after))
        s = after
    assert {None, "card", "hand"} <= seen


async def test_undo_refused_for_a_magna_carta_move_that_revealed_a_card(svc: GameService) -> None:
    start = await _running(svc, kind="magna-carta")
    gid = start.game.id
    result = start
    rng = random.Random(4)
    refused = allowed = 0
    for _ in range(300):
        if result.outcome is not None or not result.awaiting:
            break
        seat = result.awaiting[0]
        user = seat.user_id
        assert user is not None
        state = await svc.state(gid)
        action = magna_carta.choose_action(state, seat.seat, rng)
        before = await _stored(svc, gid)
        after, _ = magna_carta.apply(state, action, seat.seat)
        shown = magna_carta.revealed(state, after)
        result = await svc.act(gid, user, str(action), None)
        if len(result.moves) != 1:
            continue
        if shown is not None:
            assert result.undo_seq is None  # no Undo button for it
            stored = await _stored(svc, gid)
            with pytest.raises(err.UndoRevealed, match="cannot be taken back: it revealed"):
                await svc.undo(gid, user)
            assert await _stored(svc, gid) == stored  # nothing written
            refused += 1
        elif allowed < 3:
            assert result.undo_seq is not None
            undone = await svc.undo(gid, user, result.undo_seq)
            assert await _stored(svc, gid) != before  # a new version ...
            assert (await _stored(svc, gid))[1:] == before[1:]  # ... of the same game
            allowed += 1
            result = undone
        if refused >= 2 and allowed >= 3:
            return
    pytest.fail(f"saw {refused} revealing and {allowed} quiet moves")
