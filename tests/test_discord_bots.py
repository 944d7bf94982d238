"""Bot seats in Discord: `/caylus addbot level:` (default medium) with the level shown on the
seat, the bot's moves told in the account like anyone's, the takeover of an idle seat playing
at medium, and the search running in a worker thread, never on the event loop."""

from __future__ import annotations

import random
import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, timed_budget
from bot.service.automated import engine_player
from bot.words import text as t
from engine import caylus, get_game, magna_carta
from engine.players import TAKEOVER_LEVEL, Budget
from tests.discord_harness import said, table
from tests.history_helpers import leave_to_bot


def seat_lines(tb: Any) -> str:
    title = t.LOBBY_TITLE.format(title="Caylus", game_id=1)
    (lobby,) = [m for m in tb.channel.history() if any(e.title == title for e in m.embeds)]
    return lobby.embeds[0].fields[0].value


async def test_addbot_takes_a_level_shown_on_the_seat(tmp_path: Path) -> None:
    async with table(tmp_path, 1, seed=4) as tb:
        (alice,) = tb.players
        await tb.new_game(alice, players=4)
        result = await alice.slash(tb.channel, "caylus addbot", level="strong")
        assert "(strong)" in str(result.response.content or result.followups)
        await alice.slash(tb.channel, "caylus addbot")
        await alice.click(tb.channel.last_message, label="Add bot")
        lines = seat_lines(tb).splitlines()
        assert "Bot (" in lines[1] and "strong)" in lines[1]
        assert "medium)" in lines[2] and "medium)" in lines[3]
        info = await tb.service.game(1)
        assert [s.level for s in info.seats] == [None, "strong", "medium", "medium"]
        await alice.click(tb.channel.last_message, label="Start")
        final = await tb.play_out(pass_rate=0.7)
        assert final is not None
        transcript = tb.transcript()
        # the bots' moves are told like a player's: who placed where, who built what
        for level in ("strong", "medium"):
            assert f"{level}) places a worker on" in transcript or (
                f"{level})** places a worker on" in transcript
            )
        assert tb.cog.unexpected_errors == 0


async def test_bot_seats_search_in_a_worker_thread(tmp_path: Path) -> None:
    threads: list[str] = []
    levels: list[str] = []

    def budget(game: Any, level: str) -> Budget:
        threads.append(threading.current_thread().name)
        levels.append(level)
        return Budget(iterations=3)

    async with await GameService.open(
        tmp_path / "g.sqlite3", rng=random.Random(1), bot_budget=budget
    ) as svc:
        game = await svc.create_game(1, 2, 10, players=3)
        await svc.add_bot(game.id, 10, level="strong")
        await svc.add_bot(game.id, 10, level="easy")
        await svc.start(game.id, 10)
        # a player who leaves the seat to the bot leaves it to a medium bot, which plays at once
        result = await leave_to_bot(svc, game.id, 10)
        assert result.game.seats[0].level == "medium" and result.game.seats[0].is_bot
    assert threads and levels
    main = threading.current_thread().name
    assert all(name != main and name.startswith("bot-search") for name in threads)
    assert {"strong", "medium"} <= set(levels) <= {"strong", "easy", "medium"}


def test_the_default_budget_is_the_levels_time() -> None:
    for game in (caylus, magna_carta):
        budget = timed_budget(game, "strong")
        assert budget.iterations is None and budget.should_stop is not None
        assert not budget.should_stop()  # a second from now
        assert timed_budget(game, "easy").should_stop()  # no time: easy does not search


async def test_a_failing_bot_player_never_strands_the_channels_game(tmp_path: Path) -> None:
    # the bot seat's player raises at every decision: the seat plays the default move (it
    # passes, skips, ...), the players never see an error, and the game is played to its end
    failures: list[int] = []

    def broken(game: Any, state: Any, seat: int, level: str, rng: Any, budget: Any) -> Any:
        failures.append(seat)
        raise IndexError("list index out of range")

    async with table(tmp_path, 1, seed=4, bot_player=broken) as tb:
        await tb.open_game(1, bots=1, bot_level="easy")
        final = await tb.play_out(pass_rate=0.5)
        assert final is not None and failures and set(failures) == {1}
        transcript = tb.transcript()
        assert "easy) passes" in transcript or "easy)** passes" in transcript
        assert "IndexError" not in transcript and t.UNEXPECTED[:30] not in transcript
        assert tb.cog.unexpected_errors == 0


async def test_idle_seat_takeover_plays_medium(tmp_path: Path) -> None:
    # the clock's takeover of an idle seat and the host's kick hand the seat to the built-in
    # player at TAKEOVER_LEVEL, medium, whatever the other bots play: the seat's stored level
    # and the level its decisions are searched at from then on
    assert TAKEOVER_LEVEL == "medium"
    decided: list[tuple[int, str]] = []

    def recording(game: Any, state: Any, seat: int, level: str, rng: Any, budget: Any) -> Any:
        decided.append((seat, level))
        return engine_player(game, state, seat, level, rng, budget)

    async with await GameService.open(
        tmp_path / "g.sqlite3",
        rng=random.Random(3),
        bot_budget=lambda game, level: Budget(iterations=3),
        bot_player=recording,
    ) as svc:
        for kind in ("caylus", "magna-carta"):
            game = await svc.create_game(1, 2, 10, kind=kind, players=3)
            await svc.join(game.id, 11)
            await svc.add_bot(game.id, 10, level="strong")
            started = await svc.start(game.id, 10)
            # the clock: the awaited player's time runs out for the takeover_after-th time
            idle = started.game.pending[0].seat
            decided.clear()
            taken = await svc.clock_move(
                game.id, idle, started.game.version, now=time.time(), takeover=True
            )
            seat = taken.game.seats[idle]
            assert seat.is_bot and seat.level == TAKEOVER_LEVEL and seat.resigned_user_id
            # the kick: the other person's seat goes the same way
            (kicked,) = [s.seat for s in taken.game.seats if not s.is_bot]
            handed = await svc.seat_to_bot(game.id, kicked, now=time.time())
            assert handed.game.seats[kicked].level == TAKEOVER_LEVEL
            # now only bots: the game is played out; the former human seats searched at medium
            assert (await svc.game(game.id)).outcome is not None
            levels = {seat: {level for s, level in decided if s == seat} for seat in range(3)}
            assert levels[idle] == levels[kicked] == {"medium"}, (kind, levels)
            bot_seat = next(s.seat for s in started.game.seats if s.is_bot)
            assert levels[bot_seat] == {"strong"}


def _at_full_cap(game: Any, state: Any, seat: int, level: str, rng: Any, budget: Any) -> Any:
    """The level's own player at its full playout cap, no clock: the same move on every run."""
    return engine_player(game, state, seat, level, rng, Budget())


def _accounts(tb: Any) -> list[str]:
    """The accounts of the phases in the channel as they read now (headers in bold)."""
    return [
        m.content
        for m in tb.channel.history()
        if (m.content or "").startswith(("**Turn ", "**Round "))
    ]


# what a search could leak into a move's account: its statistics, its thinking, its numbers
_SEARCH_WORDS = ("playout", "visit", "iteration", "evaluat", "search", "thinking", "win rate")


async def _play_by_hand(tb: Any, user: Any, action: str) -> None:
    result = await user.slash(tb.channel, "caylus play", action=action)
    assert tb.cog.unexpected_errors == 0, said(result)


async def _bot_and_person_accounts(
    tmp_path: Path, kind: str, level: str, moves: int = 40
) -> tuple[list[str], list[str]]:
    """alice plays `moves` moves against a bot seat at `level`; then the same game (same seed,
    so the same setup) is played again with bob making the bot's every move by hand. The
    channel's accounts of the phases of both, the seat's name replaced by SEAT in each (a
    person's name is capitalised where it begins a sentence, the bot's always is)."""
    async with table(tmp_path / "bot", 2, seed=5, bot_player=_at_full_cap) as tb:
        await tb.open_game(1, bots=1, bot_level=level, game=kind)
        game = get_game(kind)
        rng = random.Random(8)
        alice = tb.players[0]
        while len((await tb.service.record(1)).actions) < moves:
            info = await tb.service.game(1)
            assert info.outcome is None and [p.seat for p in info.pending] == [0]
            action = game.choose_action(await tb.service.state(1), 0, rng)
            await _play_by_hand(tb, alice, str(action))
        with_bot = await tb.service.record(1)
        assert [s.level for s in (await tb.service.game(1)).seats if s.is_bot] == [level]
        by_bot = _accounts(tb)
        transcript = tb.transcript()
    (bot_shown,) = set(re.findall(rf"Bot \(\w+, {level}\)", "".join(by_bot)))
    assert not [w for w in _SEARCH_WORDS if w in transcript.lower()]

    async with table(tmp_path / "person", 2, seed=5) as tb:
        await tb.open_game(2, game=kind)
        played = 0
        while played < len(with_bot.actions):
            seat = (with_bot.seats or [])[played]
            await _play_by_hand(tb, tb.players[seat], with_bot.actions[played])
            by_person = await tb.service.record(1)
            # the move was taken (and perhaps a standing order of the person played the next)
            assert len(by_person.actions) > played
            assert by_person.actions == with_bot.actions[: len(by_person.actions)]
            played = len(by_person.actions)
        assert by_person.setup == with_bot.setup
        by_hand = _accounts(tb)
    assert len(by_bot) > 5 and not any(t.PLANNED_MARK in text for text in by_bot)
    return (
        [text.replace(bot_shown, "SEAT") for text in by_bot],
        # a move a person's standing order played is marked (planned) (docs/pace.md): a bot
        # seat has no plans, so its moves carry no mark
        [re.sub(r"\b[Bb]ob\b", "SEAT", text.replace(t.PLANNED_MARK, "")) for text in by_hand],
    )


@pytest.mark.parametrize("kind", ["caylus", "magna-carta"])
async def test_strong_bot_move_reads_as_a_players_move(tmp_path: Path, kind: str) -> None:
    # the same moves made by a strong bot seat and by a person read the same in the channel
    # apart from the name: no search statistics, no evaluation numbers, no card of the bot's
    # hand, nothing more for the bot than for a person
    by_bot, by_person = await _bot_and_person_accounts(tmp_path, kind, "strong")
    assert by_bot == by_person


@pytest.mark.parametrize("level", ["easy", "medium"])
@pytest.mark.parametrize("kind", ["caylus", "magna-carta"])
async def test_easy_and_medium_bot_moves_read_as_a_players_move(
    tmp_path: Path, kind: str, level: str
) -> None:
    by_bot, by_person = await _bot_and_person_accounts(tmp_path, kind, level)
    assert by_bot == by_person
