"""A damaged game in Discord: /caylus record, /caylus replay, /caylus history, /caylus stats and
/caylus leaderboard answer as a player reads them (one answer, "Game #N is damaged", and one
rule for every statistic), and /caylus undo after the game ended says that it has ended."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from bot.words import text as t
from tests.discord_harness import said, table
from tests.history_helpers import finish


async def test_a_damaged_finished_game_answers_record_replay_history_and_stats_alike(
    tmp_path: Path,
) -> None:
    async with table(tmp_path, 2, seed=3, render_boards=False) as tb:
        alice, bob = tb.players
        await tb.open_game(2)
        await finish(tb.service, 1, random.Random(5))
        board_before = said(await alice.slash(tb.channel, "caylus leaderboard"))
        stats_before = said(await alice.slash(tb.channel, "caylus stats", player=bob))
        with sqlite3.connect(tb.database) as conn:  # the disk flips a few bytes of the row
            conn.execute("UPDATE games SET outcome = '{\"scores\": [1,' WHERE id = 1")
        await tb.restart()
        for command in ("caylus record", "caylus replay"):
            result = await alice.slash(tb.channel, command, game=1)
            text = said(result)
            assert text.startswith("Game #1 is damaged and cannot be played ("), text
            assert "/caylus abort" in text and "Sorry" not in text
            assert not [a for f in result.followups for a in f.attachments]
        history = said(await bob.slash(tb.channel, "caylus history"))
        (line,) = [row for row in history.splitlines() if row.startswith("**#1**")]
        assert line.endswith(f" · {t.HISTORY_DAMAGED}"), history
        assert "🏆" in line and len([row for row in history.splitlines() if "**#" in row]) == 1
        # the same rule for every statistic: counted, as the leaderboard always counted it
        assert said(await alice.slash(tb.channel, "caylus leaderboard")) == board_before
        stats = said(await alice.slash(tb.channel, "caylus stats", player=bob))
        games_line = next(row for row in stats_before.splitlines() if row.startswith("Games "))
        assert games_line in stats.splitlines(), stats
        assert tb.cog.unexpected_errors == 0


async def test_undo_after_the_game_ended_says_the_game_has_ended(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=4, render_boards=False) as tb:
        alice, bob = tb.players
        assert said(await alice.slash(tb.channel, "caylus undo")) == t.NO_GAME
        await tb.open_game(2)
        await finish(tb.service, 1, random.Random(6))
        for player in (alice, bob):
            text = said(await player.slash(tb.channel, "caylus undo"))
            assert text == t.UNDO_GAME_ENDED.format(game_id=1)
        await tb.service.create_game(tb.guild.id, tb.channel.id, alice.id, players=2)
        text = said(await alice.slash(tb.channel, "caylus undo"))
        assert text.startswith("Game #2 has not started yet"), text
        assert tb.cog.unexpected_errors == 0


async def test_a_game_of_an_unknown_kind_is_damaged_and_abort_frees_its_channel(
    tmp_path: Path,
) -> None:
    async with table(tmp_path, 2, seed=7, render_boards=False) as tb:
        alice, bob = tb.players
        await tb.open_game(2)
        with sqlite3.connect(tb.database) as conn:  # a newer bot's game, say, opened by this one
            conn.execute("UPDATE games SET kind = 'caylus-deluxe' WHERE id = 1")
        await tb.restart()
        text = said(await bob.slash(tb.channel, "caylus board"))
        assert text.startswith("Game #1 is damaged and cannot be played (unknown game kind"), text
        text = said(await bob.slash(tb.channel, "caylus abort"))  # not the host
        assert "host" in text.lower() and "aborted" not in text.lower(), text
        assert "aborted" in said(await alice.slash(tb.channel, "caylus abort")).lower()
        assert "is open" in said(await alice.slash(tb.channel, "caylus new", players=2))
        assert tb.cog.unexpected_errors == 0
