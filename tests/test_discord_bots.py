"""Bot seats in Discord: `/caylus addbot level:` (default medium) with the level shown on the
seat, the bot's moves told in the account like anyone's, the takeover of an idle seat playing
at medium, and the search running in a worker thread, never on the event loop."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

from bot.service import GameService, timed_budget
from bot.words import text as t
from engine import caylus, magna_carta
from engine.players import Budget
from tests.discord_harness import table
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
