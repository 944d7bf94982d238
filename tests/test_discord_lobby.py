"""The lobby: one message, updated in place by joins, leaves and bot seats; once the game
starts (or is aborted) no lobby message keeps its buttons."""

from __future__ import annotations

from pathlib import Path

from bot.words import text as t
from tests.discord_harness import said, table


def lobby_messages(tb, game_id: int) -> list:
    title = t.LOBBY_TITLE.format(title="Caylus", game_id=game_id)
    return [m for m in tb.channel.history() if any(e.title == title for e in m.embeds)]


async def test_joins_update_the_one_lobby_message(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=2) as tb:
        alice, bob, carol = tb.players
        await tb.new_game(alice, players=3)
        count = len(tb.channel.history())
        result = await bob.slash(tb.channel, "caylus join")  # no second copy of the lobby
        assert "lobby above is updated" in said(result) and result.response.ephemeral
        await carol.click(tb.channel.last_message, label="Join")
        await alice.slash(tb.channel, "caylus addbot")
        assert len(tb.channel.history()) == count  # nothing new in the channel
        (lobby,) = lobby_messages(tb, 1)
        seats = lobby.embeds[0].fields[0]
        assert "3/3" in seats.name and "bob" in seats.value and "carol" in seats.value
        assert lobby.components
        result = await bob.slash(tb.channel, "caylus leave")
        (lobby,) = lobby_messages(tb, 1)
        assert "bob" not in lobby.embeds[0].fields[0].value


async def test_every_lobby_copy_loses_its_buttons_at_the_start(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=2) as tb:
        alice, bob, carol = tb.players
        await tb.new_game(alice, players=3)
        await bob.slash(tb.channel, "caylus join")
        await carol.slash(tb.channel, "caylus join")
        copies = lobby_messages(tb, 1)
        assert copies and all(m.components for m in copies)
        await alice.slash(tb.channel, "caylus start")
        copies = lobby_messages(tb, 1)
        assert copies and not any(m.components for m in copies)
        assert all(t.LOBBY_STARTED in (m.embeds[0].description or "") for m in copies)


async def test_lobby_copies_lose_their_buttons_when_the_lobby_is_aborted(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=3) as tb:
        alice, bob = tb.players
        await tb.new_game(alice, players=3)
        await bob.slash(tb.channel, "caylus join")
        await alice.slash(tb.channel, "caylus abort")
        copies = lobby_messages(tb, 1)
        assert copies and not any(m.components for m in copies)
