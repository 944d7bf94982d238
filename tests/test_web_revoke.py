"""Revoking a game's web links (docs/web.md, "Revoking a game's links"): every link carries the
game's link generation (migration 0013, on SQLite and PostgreSQL); the host's revocation raises
it, so every spectator's and player's link given before gets a clear message (in the game's
language), nothing of the game changes, and the links given afterwards work."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

import i18n
from bot.web import LinkSigner
from bot.web.lang import wt
from bot.words import errors as err
from tests.discord_harness import said, web_table
from tests.web_helpers import SECRET, served


def test_link_tokens_carry_the_link_generation():
    """Generation 0 keeps the short form of the links given before revocation existed; a later
    generation is signed with the link: nobody can move a link to another generation."""
    signer = LinkSigner(SECRET)
    first = signer.spectator_token(12)
    assert first.count(".") == 1 and signer.spectated_game(first) == (12, 0)
    later = signer.spectator_token(12, 3)
    assert later.startswith("12.3.") and signer.spectated_game(later) == (12, 3)
    signature = later.rsplit(".", 1)[1]
    assert signer.spectated_game(f"12.4.{signature}") is None  # another generation
    assert signer.spectated_game(f"12.{signature}") is None
    player = signer.player_token(4, 1001, 2_000, 2)
    assert signer.player_of(player, now=0) == (4, 1001, 2_000, 2)
    assert signer.player_of(player.replace(".2000.2.", ".2000.3."), now=0) is None
    assert signer.player_of(signer.player_token(4, 1001, 2_000), now=0) == (4, 1001, 2_000, 0)


async def test_revoked_links_get_a_clear_message_and_new_links_work(tmp_path: Path, database: str):
    async with served(tmp_path, database) as web, aiohttp.ClientSession() as http:
        game_id = web.games.caylus
        info = await web.service.game(game_id)
        await web.service.set_game_language(game_id, info.host_id, "nl")
        player = next(s.user_id for s in info.seats if s.user_id is not None)
        old_watch = await web.url(game_id)
        port = web.server.port
        old_mine = f"http://127.0.0.1:{port}{await web.site.player_url(game_id, player)}"
        for url in (old_watch, old_mine):
            async with http.get(url) as answer:
                assert answer.status == 200
        before = await web.service.game(game_id)

        assert await web.service.revoke_links(game_id, info.host_id) == 1

        with i18n.using("nl"):
            revoked, revoked_mine = str(wt.REVOKED_LINK), str(wt.REVOKED_PLAYER_LINK)
        for url, message in ((old_watch, revoked), (old_mine, revoked_mine)):
            for tail in ("", "/page.json", "/events", f"/board/{before.version}.png"):
                async with http.get(url + tail) as answer:
                    assert answer.status == 404, tail
                    assert await answer.text() == message
        # a move from a page opened before: refused, in words the page shows
        csrf = web.site.signer.csrf_token(old_mine.rsplit("/p/", 1)[1])
        body = {"action": "pass", "version": before.version}
        headers = {"X-CSRF-Token": csrf}
        async with http.post(f"{old_mine}/play", json=body, headers=headers) as answer:
            assert answer.status == 404
            assert await answer.json() == {"error": revoked_mine}
        after = await web.service.game(game_id)
        assert (after.version, after.seq) == (before.version, before.seq)  # the game untouched

        new_watch = await web.url(game_id)
        new_mine = f"http://127.0.0.1:{port}{await web.site.player_url(game_id, player)}"
        assert new_watch != old_watch and new_mine != old_mine
        for url in (new_watch, new_mine, new_watch + "/page.json"):
            async with http.get(url) as answer:
                assert answer.status == 200
        # the other games' links are not touched
        async with http.get(await web.url(web.games.magna_carta)) as answer:
            assert answer.status == 200


async def test_only_the_host_revokes_links(tmp_path: Path):
    async with served(tmp_path) as web:
        game_id = web.games.caylus
        info = await web.service.game(game_id)
        other = next(s.user_id for s in info.seats if s.user_id not in (None, info.host_id))
        assert other is not None
        with pytest.raises(err.NotHost):
            await web.service.revoke_links(game_id, other)
        assert await web.service.link_generation(game_id) == 0
        assert await web.service.revoke_links(game_id, other, can_manage=True) == 1


async def test_board_revoke_links_in_discord_announces_and_gives_a_new_link(tmp_path: Path):
    """/caylus board revoke_links:True by the host: the channel is told, the host privately
    gets the new spectator link, which opens the game, and the old one does not; another
    player's try is refused and changes nothing."""
    async with web_table(tmp_path) as tb:
        web = tb.env.bot.web
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        assert info is not None
        old = await web.site.spectator_url(info.id)
        host = next(p for p in tb.players if p.id == info.host_id)
        other = next(p for p in tb.players if p.id != info.host_id)

        refused = await other.slash(tb.channel, "caylus board", revoke_links=True)
        assert "host" in said(refused).lower()
        assert await tb.service.link_generation(info.id) == 0

        reply = await host.slash(tb.channel, "caylus board", revoke_links=True)
        text = said(reply)
        assert f"Every web link of game #{info.id} given so far no longer works" in text
        new = text.split("browser: ", 1)[1].split()[0]
        assert new != old
        await tb.env.settle()
        assert f"revoked the web links of game #{info.id}" in tb.transcript()
        async with aiohttp.ClientSession() as http:
            async with http.get(new) as answer:
                assert answer.status == 200
            async with http.get(old) as answer:
                assert answer.status == 404
                assert "revoked" in await answer.text()
        await tb.env.bot.close()
