"""The game service on both backends (a real temporary SQLite file, a real PostgreSQL schema):
lobby, play, look, errors, restarts."""

from __future__ import annotations

import logging
import random

import pytest

from bot.service import ActResult, GameService
from bot.service.automated import default_move
from bot.words import errors as err
from engine import caylus
from engine.record import replay
from tests.db import execute, rows
from tests.history_helpers import leave_to_bot

GUILD, CHANNEL = 10, 20
HOST, ALICE, BOB, CAROL, EVE = 100, 101, 102, 103, 666


@pytest.fixture
async def svc(database: str):
    service = await GameService.open(database, rng=random.Random(42))
    yield service
    await service.close()


async def _running(
    svc: GameService, users=(HOST, ALICE), bots: int = 0, channel=CHANNEL, **options
) -> ActResult:
    game = await svc.create_game(GUILD, channel, users[0], players=len(users) + bots, **options)
    for user in users[1:]:
        await svc.join(game.id, user)
    for _ in range(bots):
        await svc.add_bot(game.id, users[0])
    return await svc.start(game.id, users[0])


async def _step(svc: GameService, result: ActResult, rng: random.Random) -> ActResult:
    """Whoever must decide plays a random legal action (built-in player's choice)."""
    seat = result.awaiting[0]
    action = caylus.choose_action(result.state, seat.seat, rng)
    return await svc.act(result.game.id, seat.user_id, str(action), result.version)


async def _db_row(svc: GameService, game_id: int):
    found = await rows(
        svc.store,
        "SELECT version, seq, snapshot, status, (SELECT COUNT(*) FROM actions "
        "WHERE game_id = games.id) FROM games WHERE id = ?",
        (game_id,),
    )
    return found[0]


# --- lobby -----------------------------------------------------------------------------------


async def test_lobby_flow(svc: GameService) -> None:
    game = await svc.create_game(
        GUILD, CHANNEL, HOST, players=3, options={"favor_mode": "simplified"}
    )
    assert game.status == "lobby" and game.host_id == HOST
    assert [(s.seat, s.colour, s.user_id) for s in game.seats] == [(0, "blue", HOST)]
    assert game.options == {"players": 3, "favor_mode": "simplified", "tile_set": "revised"}

    with pytest.raises(err.ChannelBusy) as busy:
        await svc.create_game(GUILD, CHANNEL, ALICE)
    assert busy.value.game_id == game.id and f"#{game.id}" in str(busy.value)
    assert "waiting for players" in str(busy.value)
    other = await svc.create_game(GUILD, CHANNEL + 1, ALICE)  # another channel is fine
    assert other.id != game.id

    game = await svc.join(game.id, ALICE)
    with pytest.raises(err.AlreadySeated):
        await svc.join(game.id, ALICE)
    with pytest.raises(err.NotHost):
        await svc.add_bot(game.id, ALICE)
    game = await svc.add_bot(game.id, HOST)
    assert [(s.colour, s.user_id, s.is_bot) for s in game.seats] == [
        ("blue", HOST, False),
        ("red", ALICE, False),
        ("green", None, True),
    ]
    with pytest.raises(err.LobbyFull):
        await svc.join(game.id, BOB)
    game = await svc.kick(game.id, HOST, 2)
    game = await svc.join(game.id, BOB)
    game = await svc.leave(game.id, ALICE)  # seats close up, colours follow seat order
    assert [(s.seat, s.colour, s.user_id) for s in game.seats] == [
        (0, "blue", HOST),
        (1, "red", BOB),
    ]
    with pytest.raises(err.NotSeated):
        await svc.leave(game.id, ALICE)
    game = await svc.leave(game.id, HOST)  # the host leaves: Bob hosts
    assert game.host_id == BOB and game.status == "lobby"
    game = await svc.leave(game.id, BOB)  # nobody left: the lobby is gone, the channel free
    assert game.status == "aborted"
    again = await svc.create_game(GUILD, CHANNEL, CAROL)
    assert again.status == "lobby"


async def test_bad_create_options(svc: GameService) -> None:
    with pytest.raises(err.BadOptions):
        await svc.create_game(GUILD, CHANNEL, HOST, players=6)
    with pytest.raises(err.BadOptions):
        await svc.create_game(GUILD, CHANNEL, HOST, options={"favor_mode": "none"})
    with pytest.raises(err.UnknownKind, match="known: caylus"):
        await svc.create_game(GUILD, CHANNEL, HOST, kind="chess")
    assert await svc.game_in_channel(GUILD, CHANNEL) is None


async def test_guild_defaults_apply_at_create(svc: GameService) -> None:
    await svc.set_guild_settings(GUILD, default_players=2, default_tile_set="first")
    game = await svc.create_game(GUILD, CHANNEL, HOST)
    assert game.options["players"] == 2 and game.options["tile_set"] == "first"


async def test_start_checks_and_records_setup(database: str) -> None:
    results = []
    for run in range(2):
        async with await GameService.open(database, rng=random.Random(7)) as svc:
            game = await svc.create_game(GUILD + run, CHANNEL, HOST, players=4)
            with pytest.raises(err.WrongPlayerCount, match="2 to 4 players"):
                await svc.start(game.id, HOST)
            await svc.join(game.id, ALICE)
            await svc.join(game.id, BOB)
            with pytest.raises(err.NotHost):
                await svc.start(game.id, ALICE)
            result = await svc.start(game.id, ALICE, can_manage=True)  # a channel manager
            assert result.game.status == "running"
            assert result.game.options["players"] == 3  # started with the three seated
            assert result.state.n == 3
            record = await svc.record(game.id)
            assert record.setup["seed"] is not None and record.setup["turn_order"]
            assert replay(record).state == result.state
            with pytest.raises(err.NotInLobby):
                await svc.join(game.id, CAROL)
            with pytest.raises(err.NotInLobby):
                await svc.start(game.id, HOST)
            with pytest.raises(err.ChannelBusy, match="in progress"):
                await svc.create_game(GUILD + run, CHANNEL, CAROL)
            results.append(record.setup)
    assert results[0] == results[1]  # the injected rng makes the seed reproducible


async def test_abort(svc: GameService) -> None:
    result = await _running(svc)
    gid = result.game.id
    with pytest.raises(err.NotHost):
        await svc.abort(gid, ALICE)
    game = await svc.abort(gid, ALICE, can_manage=True)
    assert game.status == "aborted" and game.awaiting == ()
    with pytest.raises(err.GameNotRunning):
        await svc.act(gid, HOST, "pass", None)
    with pytest.raises(err.GameNotRunning):
        await svc.abort(gid, HOST)
    assert await svc.game_in_channel(GUILD, CHANNEL) is None
    assert (await svc.create_game(GUILD, CHANNEL, BOB)).status == "lobby"


# --- play ------------------------------------------------------------------------------------


async def test_bad_input_writes_nothing(svc: GameService) -> None:
    result = await _running(svc)
    gid, version = result.game.id, result.version
    waiting = result.awaiting[0]
    other = ALICE if waiting.user_id == HOST else HOST
    before = await _db_row(svc, gid)

    with pytest.raises(err.UnknownGame, match="no game #999"):
        await svc.act(999, HOST, "pass", None)
    with pytest.raises(err.NotSeated):
        await svc.act(gid, EVE, "pass", version)
    with pytest.raises(err.NotYourDecision) as nyd:
        await svc.act(gid, other, "pass", version)
    assert nyd.value.awaited_user_id == waiting.user_id
    assert waiting.colour in str(nyd.value)
    with pytest.raises(err.MalformedAction):
        await svc.act(gid, waiting.user_id, "dance a jig", version)
    with pytest.raises(err.IllegalAction):
        await svc.act(gid, waiting.user_id, "place 28", version)  # nothing built there
    with pytest.raises(err.StaleVersion, match="board has changed"):
        await svc.act(gid, waiting.user_id, "pass", version - 1)
    for error in (err.UnknownGame, err.NotSeated, err.MalformedAction, err.StaleVersion):
        assert issubclass(error, err.ServiceError)
    assert await _db_row(svc, gid) == before
    lobby = await svc.create_game(GUILD, CHANNEL + 5, HOST)
    with pytest.raises(err.GameNotRunning, match="waiting for players"):
        await svc.act(lobby.id, HOST, "pass", None)


async def test_same_action_twice_is_applied_once(svc: GameService) -> None:
    result = await _running(svc)
    waiting = result.awaiting[0]
    legal = await svc.legal_actions(result.game.id, waiting.user_id)
    first = await svc.act(result.game.id, waiting.user_id, legal[-1], result.version)
    assert first.version == result.version + 1 and len(first.moves) == 1
    with pytest.raises(err.StaleVersion):
        await svc.act(result.game.id, waiting.user_id, legal[-1], result.version)
    assert (await svc.log(result.game.id)).total == result.game.seq + 1


async def test_full_game_with_bots_and_phases(svc: GameService) -> None:
    result = await _running(svc, users=(HOST,), bots=3)
    gid = result.game.id
    rng = random.Random(3)
    phases = [(p.turn, p.phase) for p in result.phase_ends]
    acts = 0
    while not result.over:
        assert result.awaiting_user_ids == [HOST]  # bots never leave a decision waiting
        before = await svc.phase_start_state(gid)
        result = await _step(svc, result, rng)
        acts += 1
        assert result.board_before is before
        assert result.moves[0].user_id == HOST and not result.moves[0].by_bot
        # then the bots, and the host's standing orders (the inn), played as planned moves
        assert all(
            (mv.by_bot and mv.user_id is None) or (mv.planned and mv.user_id == HOST)
            for mv in result.moves[1:]
        )
        assert [mv.seq for mv in result.moves] == list(
            range(result.game.seq - len(result.moves) + 1, result.game.seq + 1)
        )
        phases.extend((p.turn, p.phase) for p in result.phase_ends)
        if result.phase_ends:
            kept = await svc.phase_start_state(gid)
            if result.over:  # an ended game is read from the store again (not kept in memory)
                assert kept == result.phase_ends[-1].state
            else:  # a game in play: the state in memory itself
                assert kept is result.phase_ends[-1].state
            last = result.phase_ends[-1]
            assert (last.state.turn, last.state.phase) == (result.state.turn, result.state.phase)
    assert result.game.status == "finished" and result.outcome is not None
    assert (
        result.game.awaiting == () and result.version == 3 + 1 + acts
    )  # 3 bots added, start, acts
    # the phases ended form one unbroken sequence (turn 1 phase 1 ends inside new_game)
    expected, (turn, phase) = [], (1, 2)
    while len(expected) < len(phases):
        expected.append((turn, phase))
        turn, phase = (turn + 1, 1) if phase == 7 else (turn, phase + 1)
    assert phases == expected
    with pytest.raises(err.GameOver):
        await svc.act(gid, HOST, "pass", None)
    record = await svc.record(gid)
    assert replay(record).state == result.state
    row = await _db_row(svc, gid)
    assert row[1] == row[4] == len(record.actions) and row[3] == "finished"
    assert caylus.state_from_json(row[2]) == result.state


async def test_seat_to_bot_hands_the_seat_to_the_built_in_player(svc: GameService) -> None:
    result = await _running(svc, users=(HOST, ALICE, BOB))
    gid = result.game.id
    rng = random.Random(1)
    for _ in range(10):
        result = await _step(svc, result, rng)
    resigner = result.awaiting[0].user_id  # the seat is handed over while it is its decision
    result = await leave_to_bot(svc, gid, resigner)
    seat = next(s for s in result.game.seats if s.resigned_user_id == resigner)
    assert seat.is_bot and seat.user_id is None
    assert result.moves and result.moves[0].seat == seat.seat and result.moves[0].by_bot
    assert all(s.is_bot is False for s in result.awaiting)
    with pytest.raises(err.NotSeated):
        await svc.act(gid, resigner, "pass", None)
    # every seat handed over: the built-in player finishes the game
    for user in {HOST, ALICE, BOB} - {resigner}:
        result = await leave_to_bot(svc, gid, user)
    assert result.over and result.game.status == "finished"
    assert replay(await svc.record(gid)).state == result.state


# --- look ------------------------------------------------------------------------------------


async def test_views_log_and_my_games(svc: GameService) -> None:
    first = await _running(svc, users=(HOST, ALICE))
    second = await _running(svc, users=(ALICE, BOB), channel=CHANNEL + 1)
    await svc.create_game(GUILD, CHANNEL + 2, ALICE)  # a lobby
    rng = random.Random(9)
    result = first
    for _ in range(30):
        result = await _step(svc, result, rng)

    waiting = result.awaiting[0]
    view = await svc.view(first.game.id, waiting.user_id)
    assert view.decision is not None and view.legal_actions
    assert view.seat.user_id == waiting.user_id and view.state == result.state
    assert set(view.legal_actions) == {
        str(a) for a in caylus.legal_actions(result.state, waiting.seat)
    }
    idle = HOST if waiting.user_id == ALICE else ALICE
    assert (await svc.view(first.game.id, idle)).legal_actions == ()
    spectator = await svc.view(first.game.id, EVE)
    assert spectator.seat is None and spectator.decision is None

    # paging through the log gives the record, in order
    texts, after, pages = [], 0, 0
    while after is not None:
        page = await svc.log(first.game.id, after_seq=after, limit=7)
        assert page.total == result.game.seq
        texts += [e.action for e in page.entries]
        after = page.next_after_seq
        pages += 1
    assert texts == (await svc.record(first.game.id)).actions
    assert pages == -(-result.game.seq // 7)
    with pytest.raises(err.UnknownGame):
        await svc.log(12345)

    mine = await svc.games_of_user(ALICE)
    assert {g.game_id for g in mine} == {first.game.id, second.game.id, first.game.id + 2}
    turns = [g.my_turn for g in mine]
    assert turns == sorted(turns, reverse=True)  # where Alice must act comes first
    running = {g.game_id: g for g in mine if g.status == "running"}
    assert running[first.game.id].my_turn == (waiting.user_id == ALICE)
    assert (await svc.games_of_user(EVE)) == []
    assert (await svc.game_in_channel(GUILD, CHANNEL)).id == first.game.id


async def test_settings_are_validated(svc: GameService) -> None:
    settings = await svc.set_user_settings(
        ALICE, time_zone="America/Sao_Paulo", quiet_start=0, quiet_end=480, notify="dm"
    )
    assert settings.time_zone == "America/Sao_Paulo" and settings.notify == "dm"
    assert (await svc.user_settings(ALICE)).quiet_end == 480
    with pytest.raises(err.BadSetting, match="time zone"):
        await svc.set_user_settings(ALICE, time_zone="Mars/Olympus")
    with pytest.raises(err.BadSetting):
        await svc.set_user_settings(ALICE, quiet_start=1440)
    with pytest.raises(err.BadSetting):
        await svc.set_user_settings(ALICE, notify="pigeon")
    with pytest.raises(err.BadSetting):
        await svc.set_guild_settings(GUILD, default_players=9)
    with pytest.raises(err.BadSetting, match="no such setting"):
        await svc.set_guild_settings(GUILD, favourite_colour="red")
    guild = await svc.set_guild_settings(GUILD, manager_role_id=55)
    assert guild.manager_role_id == 55


# --- truth, snapshots and restarts ------------------------------------------------------------


async def test_restart_mid_game(database: str) -> None:
    path = database
    svc = await GameService.open(path, rng=random.Random(5))
    rng = random.Random(5)
    results = []
    for channel in range(4):
        result = await _running(svc, users=(HOST, ALICE), bots=channel % 2, channel=channel)
        for _ in range(20 + channel * 13):
            result = await _step(svc, result, rng)
        results.append(result)
    lobby = await svc.create_game(GUILD, 99, HOST)
    await svc.join(lobby.id, ALICE)
    await svc.close()

    svc = await GameService.open(path, rng=random.Random(6))
    try:
        for before in results:
            game = await svc.game(before.game.id)
            assert game.version == before.version and game.seq == before.game.seq
            assert game.awaiting == before.awaiting
            assert await svc.state(game.id) == before.state
            assert await svc.phase_start_state(game.id) == await_phase(before)
            with pytest.raises(err.StaleVersion):  # a button from before the restart, if old
                await svc.act(game.id, game.awaiting[0].user_id, "pass", game.version - 1)
            result = before
            while not result.over:  # every game continues where it was, to its end
                result = await _step(svc, result, rng)
            assert replay(await svc.record(game.id)).state == result.state
        assert [s.user_id for s in (await svc.game(lobby.id)).seats] == [HOST, ALICE]
        started = await svc.start(lobby.id, HOST)
        assert started.game.status == "running"
    finally:
        await svc.close()


def await_phase(result: ActResult):
    """The phase-start state a result implies: the last phase end, else the board before."""
    return result.phase_ends[-1].state if result.phase_ends else result.board_before


async def test_bad_snapshot_is_replaced_from_the_log(database: str, caplog) -> None:
    path = database
    svc = await GameService.open(path, rng=random.Random(5))
    result = await _running(svc)
    rng = random.Random(2)
    for _ in range(25):
        result = await _step(svc, result, rng)
    await svc.close()
    fresh = caylus.new_game(caylus.Options(players=2), caylus.Setup(seed=1))
    await execute(
        path,
        "UPDATE games SET snapshot = ?, seq = 3 WHERE id = ?",
        (fresh.model_dump_json(), result.game.id),
    )

    svc = await GameService.open(path)
    try:
        with caplog.at_level(logging.WARNING, logger="bot.service"):
            state = await svc.state(result.game.id)
        assert state == result.state
        assert "replacing the snapshot" in caplog.text
        row = await _db_row(svc, result.game.id)
        assert caylus.state_from_json(row[2]) == result.state and row[1] == row[4]
        result = await _step(svc, result, rng)  # and play goes on
    finally:
        await svc.close()


async def test_unreplayable_log_is_reported(database: str) -> None:
    path = database
    svc = await GameService.open(path, rng=random.Random(5))
    result = await _running(svc)
    result = await _step(svc, result, random.Random(1))
    await svc.close()
    await execute(  # a log row that was never a legal action
        path,
        "INSERT INTO actions (game_id, seq, seat, action, by_bot, user_id, created_at) "
        "VALUES (?, ?, 0, 'build nonsense', 0, ?, 0)",
        (result.game.id, result.game.seq + 1, HOST),
    )
    svc = await GameService.open(path)
    try:
        with pytest.raises(err.GameCorrupt, match="damaged"):
            await svc.game(result.game.id)
    finally:
        await svc.close()


# --- an automated player that fails never strands a game (bot/service/automated.py) ---------------


class BrokenPlayer:
    """An automated player with a bug: at every decision it raises (`how="raise"`, an error
    whose message quotes a card of the seat's hand where there is one) or answers an action
    that is not legal (`how="illegal"`)."""

    def __init__(self, how: str) -> None:
        self.how = how
        self.calls = 0
        self.quoted: set[str] = set()

    def __call__(self, game, state, seat, level, rng, budget):
        self.calls += 1
        if self.how == "illegal":
            return "dance"
        hand = getattr(state.players[seat], "hand", None)
        if hand:
            self.quoted.add(hand[0])
            raise KeyError(hand[0])
        raise IndexError("list index out of range")


def assert_bot_played_default_moves(game, record, bot_seat: int) -> int:
    """Every decision of `bot_seat` with a choice was the default move; how many there were."""
    state = game.new_game(game.Options(**record.options), game.Setup(**record.setup))
    chosen = 0
    for action, seat in zip(record.actions, record.seats, strict=True):
        if seat == bot_seat and len(game.legal_actions(state, seat)) > 1:
            assert action == str(default_move(game, state, seat))
            chosen += 1
        state, _ = game.apply(state, action, seat)
    return chosen


@pytest.mark.parametrize("how", ["raise", "illegal"])
async def test_a_failing_bot_player_is_logged_once_and_its_seat_plays_the_default_move(
    database: str, caplog, how: str
) -> None:
    broken = BrokenPlayer(how)
    svc = await GameService.open(database, rng=random.Random(42), bot_player=broken)
    try:
        with caplog.at_level(logging.ERROR, logger="bot.service"):
            result = await _running(svc, users=(HOST,), bots=2)
            gid = result.game.id
            rng = random.Random(4)
            for _ in range(300):  # the host's moves are never refused for the bots' sake
                if broken.calls >= 8 or result.over:
                    break
                assert result.awaiting_user_ids == [HOST]
                result = await _step(svc, result, rng)
        assert broken.calls >= 8
        failed = [r.getMessage() for r in caplog.records if "failed at move" in r.getMessage()]
        assert len(failed) == broken.calls  # once per failing decision, no more
        words = "IndexError in tests/test_service.py" if how == "raise" else "IllegalAnswer"
        assert all(f"game {gid}: the medium player of seat" in line for line in failed)
        assert all(words in line and "default move" in line for line in failed)
        record = await svc.record(gid)
        chosen = sum(assert_bot_played_default_moves(caylus, record, seat) for seat in (1, 2))
        assert chosen == broken.calls
        assert replay(record).state == await svc.state(gid)
        assert await svc.store.damaged(gid) is None
    finally:
        await svc.close()


async def test_a_failing_magna_carta_bot_shows_no_card_of_its_hand_in_the_log(
    database: str, caplog
) -> None:
    from engine import magna_carta

    broken = BrokenPlayer("raise")
    svc = await GameService.open(database, rng=random.Random(42), bot_player=broken)
    try:
        with caplog.at_level(logging.DEBUG):
            game = await svc.create_game(GUILD, CHANNEL, HOST, kind="magna-carta", players=2)
            await svc.add_bot(game.id, HOST)
            result = await svc.start(game.id, HOST)
            rng = random.Random(2)
            for _ in range(60):
                if result.over or broken.calls >= 5:
                    break
                seat = result.awaiting[0].seat
                action = magna_carta.choose_action(result.state, seat, rng)
                result = await svc.act(game.id, HOST, str(action), result.version)
        assert broken.calls >= 5 and broken.quoted
        failed = [r.getMessage() for r in caplog.records if "failed at move" in r.getMessage()]
        assert len(failed) == broken.calls
        assert all("KeyError in tests/test_service.py" in line for line in failed)
        for card in broken.quoted:  # the error's message quoted the card: the log does not
            assert card not in caplog.text
        record = await svc.record(game.id)
        assert assert_bot_played_default_moves(magna_carta, record, 1) == broken.calls
    finally:
        await svc.close()


async def test_a_lobby_has_no_state_to_view_or_plan_with(svc: GameService) -> None:
    """The calls that need a game's state say the game has not started (GameNotRunning) for a
    lobby, instead of handing on a state that is not there; nothing is written."""
    lobby = await svc.join((await svc.create_game(GUILD, CHANNEL, HOST, players=2)).id, ALICE)
    for call in (
        lambda: svc.view(lobby.id, HOST),
        lambda: svc.started_state(lobby.id),
        lambda: svc.turn_plan_options(lobby.id, HOST),
        lambda: svc.questions_for(lobby.id, ALICE),
    ):
        with pytest.raises(err.GameNotRunning, match=f"Game #{lobby.id} is .*not in progress"):
            await call()
    assert (await svc.game(lobby.id)).version == lobby.version
    assert (await svc.ask_now(lobby.id)).questions == {}
