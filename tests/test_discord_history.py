"""After the game in Discord: /caylus record (the JSON record that `caylus replay` reads, never
a running game's hidden hands), /caylus history, /caylus leaderboard."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from bot import messages as m
from bot import text as t
from bot.cli import main
from tests.discord_harness import said, table
from tests.history_helpers import finish, play_some


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
        await alice.slash(tb.channel, "caylus new", game="magna-carta", players=2)
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
