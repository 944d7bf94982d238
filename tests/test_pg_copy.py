"""`caylus copy-db`: every game, log, setting and clock row from a SQLite file to PostgreSQL and
back, checked row for row and by replaying every game; the copy plays on."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.clock_service import ClockService
from bot.games.caylus import plans as pl
from bot.service import GameService
from bot.store.copy import ALL_TABLES
from engine import caylus
from engine import magna_carta as mc
from tests.db import execute, fresh_schema, rows
from tests.history_helpers import leave_to_bot

pytestmark = pytest.mark.postgres


async def copy_db(args: list[str]) -> int:
    """`caylus copy-db ...` as from a shell (it runs its own event loop)."""
    return await asyncio.to_thread(main, ["copy-db", *args])


@pytest.fixture
async def url(postgres_url: str) -> AsyncIterator[str]:
    async with fresh_schema(postgres_url) as schema_url:
        yield schema_url


async def _fill(path: Path) -> tuple[int, int]:
    """A file with a bit of everything: lobby, running and finished games, bots, plans, the
    clock's rows (settings, pauses, away, an expiry, reminders), the outbox, settings, and a
    damaged game. Returns (a running game, its awaited user)."""
    now = {"t": datetime(2026, 3, 2, 12, tzinfo=UTC).timestamp()}
    svc = await GameService.open(path, rng=random.Random(4), clock=lambda: now["t"])
    clock = ClockService(svc)
    try:
        await svc.set_user_settings(1, time_zone="Europe/Amsterdam", quiet_start=1320)
        await svc.set_guild_settings(9, default_players=3)
        await svc.set_default_orders(2, inn="ask")
        lobby = await svc.create_game(9, 1, 1)
        await svc.join(lobby.id, 2)
        games = []
        for channel in (2, 3, 4):
            game = await svc.create_game(9, channel, 1, players=3)
            await svc.join(game.id, 2)
            await svc.add_bot(game.id, 1)
            await clock.configure(game.id, 1, clock="2h", reminders="half")
            games.append((await svc.start(game.id, 1)).game.id)
        rng = random.Random(5)
        for gid in games:
            for _ in range(30):
                info = await svc.game(gid)
                seat = info.awaiting[0]
                state = await svc.state(gid)
                action = caylus.choose_action(state, seat.seat, rng)
                await svc.act(gid, seat.user_id, str(action), info.version)
        # a move taken back: kept in undone_actions, which is copied too
        info = await svc.game(games[1])
        seat = info.awaiting[0]
        state = await svc.state(games[1])
        action = caylus.choose_action(state, seat.seat, rng)
        played = await svc.act(games[1], seat.user_id, str(action), info.version)
        if played.undo_seq is not None:
            await svc.undo(games[1], seat.user_id, played.undo_seq)
        finished = games[2]
        await leave_to_bot(svc, finished, 1)
        await leave_to_bot(svc, finished, 2)  # the bots play it to its end
        assert (await svc.game(finished)).status == "finished"
        running = games[0]
        info = await svc.game(running)
        waiting = info.awaiting[0].user_id
        other = next(s.user_id for s in info.seats if s.user_id not in (None, waiting))
        turn = (await svc.state(running)).turn
        plan = pl.Answer(turn=turn + 1, decision="sell", at=1, action="skip")
        await svc.answer(running, other, plan.key, plan.action)
        await svc.set_orders(running, other, inn="ask")
        start = datetime.fromtimestamp(now["t"], UTC)
        await clock.away(games[1], 2, start + timedelta(days=1), start)
        await clock.vote_pause(running, waiting, start)
        now["t"] += 3600 + 60  # past half time: reminders, and the second game's expiry
        await clock.tick(datetime.fromtimestamp(now["t"], UTC))
        now["t"] += 4 * 3600
        await clock.tick(datetime.fromtimestamp(now["t"], UTC))
        for row in (await svc.undelivered(running))[:1]:
            await svc.post_delivered(row.id)
        # a Magna Carta game: simultaneous decisions (the log's seats matter), standing orders
        await svc.set_default_orders(3, bribe="never", castle="all")
        card = await svc.create_game(9, 6, 3, kind="magna-carta", players=3)
        await svc.join(card.id, 4)
        await svc.join(card.id, 5)
        await svc.start(card.id, 3)
        for _ in range(40):
            info = await svc.game(card.id)
            pending = info.pending[-1]  # of several seats deciding at once, not the first
            action = mc.choose_action(await svc.state(card.id), pending.seat, rng)
            await svc.act(card.id, info.seats[pending.seat].user_id, str(action), None)
        damaged = await svc.create_game(9, 5, 3)
        await execute(path, "UPDATE games SET options = '{not json' WHERE id = ?", (damaged.id,))
        await svc.mark_damaged(damaged.id, "unreadable row")
        # who the running game waits for now: the clock may have played an expired decision
        # (a built-in player's choice), so not necessarily the player who voted to pause
        return running, (await svc.game(running)).awaiting[0].user_id
    finally:
        await svc.close()


async def _contents(target: Any) -> dict[str, list[tuple[Any, ...]]]:
    found = {}
    for table in ALL_TABLES:
        found[table] = sorted(
            (tuple(r) for r in await rows(target, f"SELECT * FROM {table}")),
            key=lambda r: [(v is None, str(type(v)), v if v is not None else 0) for v in r],
        )
    return found


async def test_copy_to_postgres_and_back(tmp_path: Path, url: str, capsys) -> None:
    source = tmp_path / "bot.sqlite3"
    running, waiting = await _fill(source)
    original = await _contents(source)
    assert original["clock_expiries"] and original["clock_reminders"] and original["plans"]
    assert original["undone_actions"]

    assert await copy_db([str(source), url, "--batch", "2"]) == 0
    out = capsys.readouterr().out
    assert "verified: every game of the copy replays to its snapshot (5 games; 1 damaged" in out
    assert "already damaged in the source" in out  # the damaged game is copied as it was
    assert await _contents(url) == original

    # copying again into a database that has games is refused, and changes nothing
    assert await copy_db([str(source), url]) == 1
    assert "already holds games" in capsys.readouterr().err
    assert await _contents(url) == original

    back = tmp_path / "back.sqlite3"
    assert await copy_db([url, str(back)]) == 0
    assert await _contents(back) == original

    # the copy plays on: the same game, and new rows numbered after the copied ones
    svc = await GameService.open(url)
    try:
        info = await svc.game(running)
        assert info.awaiting[0].user_id == waiting
        legal = await svc.legal_actions(running, waiting)
        moved = await svc.act(running, waiting, legal[0], info.version)
        assert moved.outbox_id > max(r[0] for r in original["outbox"])
        game = await svc.create_game(9, 77, 1)
        assert game.id > max(r[0] for r in original["games"])
    finally:
        await svc.close()


async def test_a_running_bot_keeps_its_file_from_being_copied(tmp_path: Path, url: str, capsys):
    from bot.store import open_store

    source = tmp_path / "bot.sqlite3"
    held = await open_store(source, exclusive=True)  # a bot process has the file open
    try:
        assert await copy_db([str(source), url]) == 1
        assert "in use by another bot process" in capsys.readouterr().err
    finally:
        await held.close()


def test_bad_arguments_are_named_and_create_nothing(tmp_path: Path, capsys) -> None:
    """A source that does not exist, a database the bot does not know: one line, no file."""
    missing, out = tmp_path / "missing.sqlite3", tmp_path / "out.sqlite3"
    assert main(["copy-db", str(missing), str(out)]) == 1
    assert "no database file" in capsys.readouterr().err
    assert main(["copy-db", str(out), "mysql://db/caylus"]) == 1
    assert "no database file" in capsys.readouterr().err
    source = tmp_path / "bot.sqlite3"
    asyncio.run(_open_and_close(source))
    assert main(["copy-db", str(source), "mysql://db/caylus"]) == 1
    assert "mysql:// is not a database the bot knows" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir() if "sqlite3" in p.name) == [
        "bot.sqlite3",
        "bot.sqlite3.lock",
    ]


async def _open_and_close(path: Path) -> None:
    svc = await GameService.open(path)
    await svc.close()


async def test_an_empty_postgres_source_is_refused_and_left_empty(url: str, tmp_path: Path, capsys):
    assert await copy_db([url, str(tmp_path / "out.sqlite3")]) == 1
    assert "holds no bot database" in capsys.readouterr().err
    assert (
        await rows(
            url,
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema()",
        )
        == []
    )
    assert not (tmp_path / "out.sqlite3").exists()
