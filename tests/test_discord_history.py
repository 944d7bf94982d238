"""After the game in Discord: /caylus record (the JSON record that `caylus replay` reads, never
a running game's hidden hands), /caylus history, /caylus leaderboard."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from bot.cli import main
from bot.words import messages as m
from bot.words import text as t
from tests.discord_harness import said, table
from tests.history_helpers import finish, leave_to_bot, new_game, play_some


async def record_of(player: Any, channel: Any, game_id: int) -> tuple[str, bytes | None]:
    result = await player.slash(channel, "caylus record", game=game_id)
    messages = [result.response, *result.followups] if result.response else result.followups
    files = [a for message in messages for a in message.attachments]
    data = await files[0].read() if files else None
    return said(result), data


async def test_record_round_trip_through_caylus_replay(tmp_path: Path, capsys: Any) -> None:
    async with table(tmp_path, 2, seed=3) as tb:
        alice, bob = tb.players
        await tb.open_game(2)
        rng = random.Random(5)
        await play_some(tb.service, 1, rng, 6)
        # a running Caylus game hides nothing: its record so far is given
        text, data = await record_of(bob, tb.channel, 1)
        assert data is not None and "#1" in text
        assert len(json.loads(data)["actions"]) == (await tb.service.game(1)).seq
        final = await finish(tb.service, 1, rng)
        text, data = await record_of(alice, tb.channel, 1)
        assert data is not None
        path = tmp_path / "record.json"
        path.write_bytes(data)
        capsys.readouterr()
        assert main(["replay", str(path), "--json"]) == 0
        replayed = json.loads(capsys.readouterr().out)
        state = await tb.service.state(1)
        assert replayed == json.loads(state.model_dump_json())
        assert final.status == "finished"
        # bad input: an unknown game, a game number of nothing, each a short private answer
        text, data = await record_of(alice, tb.channel, 99)
        assert data is None and text == m.UNKNOWN_GAME.format(game_id=99)
        assert tb.cog.unexpected_errors == 0


async def test_record_of_a_running_magna_carta_game_is_refused(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=4) as tb:
        alice, bob = tb.players
        await tb.new_game(alice, game="magna-carta", players=2)
        await bob.click(tb.channel.last_message, label=t.BUTTON_JOIN)
        await alice.click(tb.channel.last_message, label=t.BUTTON_START)
        rng = random.Random(2)
        await play_some(tb.service, 1, rng, 3)
        for player in (alice, bob):
            text, data = await record_of(player, tb.channel, 1)
            assert data is None and text == m.RECORD_HIDDEN.format(game_id=1)
        await finish(tb.service, 1, rng)
        text, data = await record_of(bob, tb.channel, 1)
        assert data is not None and json.loads(data)["game"] == "magna-carta"
        assert tb.cog.unexpected_errors == 0


async def test_record_of_another_servers_game_is_unknown(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=5) as tb:
        alice, _ = tb.players
        other = await tb.service.create_game(tb.guild.id + 1, 77, alice.id, players=2)
        text, data = await record_of(alice, tb.channel, other.id)
        assert data is None and text == m.UNKNOWN_GAME.format(game_id=other.id)


async def test_history_pages_with_buttons_and_a_player_filter(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=6) as tb:
        alice, bob, carol = tb.players
        text = said(await bob.slash(tb.channel, "caylus history"))
        assert text == t.HISTORY_EMPTY
        rng = random.Random(8)
        pairs = [[alice, bob], [bob, carol], [alice, carol]] * 3
        for k, (a, b) in enumerate(pairs):
            game_id = await new_game(tb.service, [a.id, b.id], guild_id=tb.guild.id, channel_id=k)
            await finish(tb.service, game_id, rng)
        result = await carol.slash(tb.channel, "caylus history")
        assert result.response.ephemeral
        page = result.response
        assert page.content.startswith(
            "**" + t.HISTORY_TITLE.other.format(page=1, pages=2, count=9) + "**"
        )
        assert "**#9** Caylus" in page.content and "**#1**" not in page.content
        assert "🏆" in page.content and "alice" in page.content and "carol" in page.content
        newer, older = [b for row in page.components for b in row["components"]]
        assert newer.get("disabled") and not older.get("disabled")
        pressed = await carol.click(page.message, custom_id=older["custom_id"])
        content = pressed.response.content
        assert "**#1** Caylus" in content and "**#9**" not in content
        # one player's games
        result = await alice.slash(tb.channel, "caylus history", player=bob)
        text = said(result)
        assert t.HISTORY_TITLE_PLAYER.other.format(name="bob", page=1, pages=1, count=6) in text
        assert "**#2**" in text and "**#3**" not in text  # #3 was alice and carol's
        assert tb.cog.unexpected_errors == 0


async def test_leaderboard_order_and_completion_after_a_resignation(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=9) as tb:
        alice, bob, carol = tb.players
        text = said(await alice.slash(tb.channel, "caylus leaderboard"))
        assert text == t.LEADERBOARD_EMPTY.format(game="Caylus")
        rng = random.Random(10)
        users = [p.id for p in tb.players]
        for k in range(3):
            game_id = await new_game(tb.service, users, guild_id=tb.guild.id, channel_id=k)
            if k == 2:
                await leave_to_bot(tb.service, game_id, carol.id)
            await finish(tb.service, game_id, rng)
        result = await bob.slash(tb.channel, "caylus leaderboard", game="caylus")
        assert result.response.ephemeral
        lines = said(result).splitlines()
        assert lines[0] == "**" + t.LEADERBOARD_TITLE.format(game="Caylus") + "**"
        board = await tb.service.leaderboard(tb.guild.id, "caylus")
        names = {alice.id: "alice", bob.id: "bob", carol.id: "carol"}
        assert [line.split(":")[0] for line in lines[1:4]] == [
            f"{s.place}. {names[s.user_id]}" for s in board
        ]
        carols = next(line for line in lines if ". carol:" in line)
        assert "played to the end 67%" in carols and "games 3" in carols
        text = said(await bob.slash(tb.channel, "caylus leaderboard", game="magna-carta"))
        assert text == t.LEADERBOARD_EMPTY.format(game="Caylus Magna Carta")
        assert tb.cog.unexpected_errors == 0


async def test_stats_of_a_player(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=11) as tb:
        alice, bob = tb.players
        text = said(await alice.slash(tb.channel, "caylus stats", player=alice))
        assert text == t.STATS_NONE.format(name="alice", game="Caylus")
        rng = random.Random(12)
        users = [alice.id, bob.id]
        for k in range(2):
            game_id = await new_game(tb.service, users, guild_id=tb.guild.id, channel_id=k)
            await finish(tb.service, game_id, rng)
        found = await tb.service.player_stats(tb.guild.id, alice.id, "caylus")
        history = (await tb.service.history(tb.guild.id)).games
        mine = [g.seats[0].score or 0 for g in history]
        assert found.games == 2 and found.finished == 2 and found.left_early == 0
        assert found.average_score == sum(mine) / 2
        assert found.average_breakdown["total"] == found.average_score
        assert found.wins == sum(1 for g in history if 0 in g.winners)
        built = sum(count for _, count in found.favourite_buildings)
        log = [e for g in history for e in await tb.service.store.log(g.game_id)]
        mine_built = [
            e for e in log if e.seat == 0 and e.action.split()[0] in ("build", "prestige")
        ]
        assert (built > 0) == bool(mine_built)
        result = await bob.slash(tb.channel, "caylus stats", player=alice)
        assert result.response.ephemeral
        text = said(result)
        assert t.STATS_TITLE.format(name="alice", game="Caylus") in text
        assert t.STATS_GAMES.format(games=2, wins=found.wins, completion=100) in text
        assert "Rating **" in text and "Average score" in text and "Average time to decide" in text
        if mine_built:
            assert "Favourite buildings:" in text
        text = said(await alice.slash(tb.channel, "caylus stats", player=alice, game="magna-carta"))
        assert text == t.STATS_NONE.format(name="alice", game="Caylus Magna Carta")
        assert tb.cog.unexpected_errors == 0
