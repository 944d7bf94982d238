"""The Discord side, end to end, against SimCord (real discord.py code paths, no network).

Games are driven only through what a member can do: slash commands (with autocomplete),
buttons and select menus on the bot's messages.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.settings import INVITE_PERMISSIONS, Settings, invite_url
from bot.words import text as t
from tests.discord_harness import (
    components,
    is_game_over,
    is_prompt,
    render_transcript,
    said,
    table,
)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


SAMPLE_ASKED = (
    "=== The first three prompts as they were posted (each collapsed to its ✅ line when it was"
    " answered, and went when its phase's account was posted) ==="
)


def _final_checks(final: discord.Message, names: list[str], history: list[Any]) -> None:
    assert is_game_over(final)
    embed = final.embeds[0]
    assert "🏆" in embed.description
    for name in names:
        assert f"**{name}**" in embed.description  # a score line per player
    assert "(gold)" in embed.description and "(deniers)" in embed.description
    assert final.attachments and final.attachments[0].filename == "caylus_final.png"
    # the whole final board follows in a message of its own
    after = history[[m.id for m in history].index(final.id) + 1 :]
    assert [a.filename for m in after for a in m.attachments] == ["caylus_final_board.png"]
    # nothing is left to press once the game is over
    assert not [m for m in history if m.components]


async def test_three_humans_play_a_whole_game(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=3) as tb:
        lobby = tb.fresh(await tb.open_game(3))
        assert "has started" in lobby.embeds[0].description
        assert not lobby.components  # the lobby buttons are gone after the start
        first = tb.last_prompt()
        assert first is not None and len(first.mentions) == 1
        final = await tb.play_out(pass_rate=0.6, play_rate=0.15)
        history = tb.channel.history()
        _final_checks(final, ["alice", "bob", "carol"], history)
        pictures = [a.filename for m in history for a in m.attachments]
        assert any(b.endswith("_p2.png") for b in pictures)  # a phone card after each phase
        # the whole board once a turn: each removes the one before, so the channel keeps the
        # phase cards and one whole board, the final one
        posted = [a.filename for s in tb.seen if s.kind == "post" for a in s.message.attachments]
        assert sum(b.endswith("_p2_board.png") for b in posted) >= 10
        boards = [b for b in pictures if b.endswith("_board.png")]
        assert boards == ["caylus_final_board.png"], boards
        for message in history:  # each picture in its own message: full width on a phone
            assert len(message.attachments) <= 1
        for message in history:
            if message.components and "<@" in message.content:
                assert len(message.mentions) == 1  # one decider pinged per prompt
        assert tb.cog.unexpected_errors == 0
        transcript = tb.transcript()
        assert "Workers**" in transcript and "places a worker on" in transcript
        out = os.environ.get("CAYLUS_TRANSCRIPT")
        if out:  # the thread as it reads at the end, then the first prompts as they were asked
            asked = [m for m in tb.seen_posts() if is_prompt(m)][:3]
            Path(out).write_text(transcript + f"\n{SAMPLE_ASKED}\n\n" + render_transcript(asked))


async def test_two_humans_and_two_bots(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=11) as tb:
        await tb.open_game(2, bots=2)
        for message in tb.channel.history():
            assert "<@" not in message.content or all(
                m.id in {p.id for p in tb.players} for m in message.mentions
            )
        final = await tb.play_out(pass_rate=0.5)
        _final_checks(final, ["alice", "bob"], tb.channel.history())
        assert "Bot (" in final.embeds[0].description
        # bot seats never get a prompt: every prompt pings one of the two humans (as posted:
        # answered prompts collapse to one line without the mention, or go)
        ids = {p.id for p in tb.players}
        prompts = [m for m in tb.seen_posts() if m.mentions]
        assert prompts and all(m.mentions[0].id in ids for m in prompts)


async def test_not_your_decision_and_stale_buttons(tmp_path: Path) -> None:
    async with table(tmp_path, 4, seed=5) as tb:
        await tb.open_game(3)
        outsider = tb.players[3]
        prompt = tb.last_prompt()
        decider = tb.awaited(prompt)
        other = next(p for p in tb.players[:3] if p.id != decider.id)
        buttons, _ = components(prompt)
        result = await other.click(prompt, custom_id=buttons[0].custom_id)
        answer = said(result)
        assert result.followups[0].ephemeral
        assert "not your decision" in answer and "place a worker or pass" in answer
        result = await outsider.click(prompt, custom_id=buttons[0].custom_id)
        assert "no seat" in said(result) and result.followups[0].ephemeral
        # nothing changed: the decider still plays from the same prompt
        assert tb.last_prompt().id == prompt.id
        # a private copy of the decision (/caylus me) carries the same buttons
        copy = (await decider.slash(tb.channel, "caylus me")).response
        copy_buttons, copy_menus = components(copy.message)
        assert copy_buttons or copy_menus
        # the decider plays by command: the channel prompt says so and loses its buttons
        result = await decider.slash(tb.channel, "caylus play", action="pass")
        assert "Played" in said(result)
        assert tb.last_prompt().id != prompt.id
        answered = tb.fresh(prompt)
        assert "chose **Pass" in answered.content and not answered.components
        # the private copy's buttons are now stale
        result = (
            await decider.select(
                copy.message, [copy_menus[0].options[0].value], custom_id=copy_menus[0].custom_id
            )
            if copy_menus
            else await decider.click(copy.message, custom_id=copy_buttons[0].custom_id)
        )
        answer = said(result)
        assert t.BOARD_CHANGED in answer and "place a worker or pass" in answer
        assert result.followups[0].ephemeral
        # the private answer carries the current prompt's buttons for its decider
        current = tb.last_prompt()
        now_deciding = tb.awaited(current)
        old_copy = (await now_deciding.slash(tb.channel, "caylus me")).response.message
        old_buttons, _ = components(old_copy)
        await now_deciding.click(current, custom_id=components(current)[0][0].custom_id)
        result = await now_deciding.click(old_copy, custom_id=old_buttons[0].custom_id)
        follow = result.followups[0]
        if follow.components:
            fresh = follow.message
            fresh_buttons, _ = components(fresh)
            before = len(tb.channel.history())
            await now_deciding.click(fresh, custom_id=fresh_buttons[0].custom_id)
            assert len(tb.channel.history()) > before  # played from the private copy


async def test_bad_play_input_and_help(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=9) as tb:
        await tb.open_game(3)
        prompt = tb.last_prompt()
        decider = tb.awaited(prompt)
        result = await decider.slash(tb.channel, "caylus play", action="fly to the moon")
        answer = said(result)
        assert "unknown action" in answer and "/caylus play" in answer
        assert result.response.ephemeral
        result = await decider.slash(tb.channel, "caylus play", action="place 27")
        assert "empty lot" in said(result)
        result = await decider.slash(tb.channel, "caylus play", action="batch FWS")
        assert "does not answer the current decision" in said(result)
        assert tb.last_prompt().id == prompt.id  # nothing moved
        offered = await decider.autocomplete(tb.channel, "caylus play", "action", "castle")
        assert offered and all("castle" in c["name"].lower() for c in offered)
        assert any(c["value"] == "place castle" for c in offered)
        assert any(" d" in c["name"] for c in offered)  # costs shown
        other = next(p for p in tb.players if p.id != decider.id)
        assert await other.autocomplete(tb.channel, "caylus play", "action", "") == []
        for command in ("caylus help", "caylus board", "caylus me", "caylus log"):
            result = await other.slash(tb.channel, command)
            assert said(result) and result.response.ephemeral
        result = await other.slash(tb.channel, "caylus board")
        assert result.response.attachments
        topics = await other.autocomplete(tb.channel, "caylus help", "topic", "peddl")
        assert {c["value"] for c in topics} >= {"peddler", "wood-peddler"}
        result = await other.slash(tb.channel, "caylus help", topic="wood-peddler")
        assert "1 d per cube" in said(result) and "4 PP" in said(result)
        result = await other.slash(tb.channel, "caylus help", topic="phase 4")
        assert "provost" in said(result)


async def test_abort_permissions_and_second_game(tmp_path: Path) -> None:
    async with table(tmp_path, 4, seed=2) as tb:
        await tb.open_game(2)
        guest = tb.players[2]
        result = await guest.slash(tb.channel, "caylus abort")
        assert "Only the host" in said(result) and result.response.ephemeral
        result = await tb.players[1].slash(tb.channel, "caylus new", players=2)
        assert "already has a Caylus game" in said(result)
        # a second game in another channel is fine
        other = tb.guild.create_text_channel("caylus-2")
        result = await guest.slash(other, "caylus new", players=2, thread=False)
        assert other.last_message.embeds and "game #2" in other.last_message.embeds[0].title
        result = await tb.players[3].slash(other, "caylus addbot")
        assert "Only the host" in said(result)
        # a channel manager may abort someone else's game
        mods = tb.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
        mod = tb.guild.add_member(tb.env.create_user("mod"), roles=[mods])
        stale = tb.last_prompt()
        result = await mod.slash(tb.channel, "caylus abort")
        assert "aborted" in said(result)
        assert "was aborted by mod" in tb.channel.last_message.content
        # the last prompt lost its buttons and says why
        closed = tb.fresh(stale)
        assert not closed.components and "aborted" in closed.content
        assert tb.last_prompt() is None
        # the channel is free again
        await tb.players[1].slash(tb.channel, "caylus new", players=2)
        assert "game #3" in tb.channel.last_message.embeds[0].title
        assert tb.cog.unexpected_errors == 0


async def test_restart_mid_game_keeps_old_buttons(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=4) as tb:
        await tb.open_game(3)
        for _ in range(6):
            await tb.step(pass_rate=0.3)
        prompt = tb.last_prompt()
        decider = tb.awaited(prompt)
        await tb.restart()
        assert tb.cog.chronicles == {}  # a new process: nothing in memory
        buttons = [b for b in components(prompt)[0] if b.custom_id.startswith("cay:b:")]
        before = len(tb.channel.history())
        result = await decider.click(prompt, custom_id=buttons[-1].custom_id)
        assert not result.followups  # no error: the old button of the current prompt works
        assert len(tb.channel.history()) > before
        assert tb.last_prompt().id != prompt.id
        final = await tb.play_out(pass_rate=0.7)
        _final_checks(final, ["alice", "bob", "carol"], tb.channel.history())


async def test_lobby_leave_kick_and_guards(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=8) as tb:
        host, bob, carol = tb.players
        await tb.new_game(host, players=4, favor_mode="simplified")
        lobby = tb.channel.last_message
        assert "simplified" in lobby.embeds[0].fields[1].value
        await bob.click(lobby, label="Join")
        result = await bob.click(lobby, label="Join")
        assert "already have a seat" in said(result)
        result = await carol.click(lobby, label="Start")
        assert "Only the host" in said(result)
        result = await carol.slash(tb.channel, "caylus play", action="pass")
        assert "has not started" in said(result)
        await bob.click(lobby, label="Leave")
        assert "(1/4)" in tb.fresh(lobby).embeds[0].fields[0].name
        await host.click(lobby, label="Add bot")
        result = await host.slash(tb.channel, "caylus kick", seat=2)
        assert "Seat 2 was removed" in said(result)
        result = await host.click(lobby, label="Start")
        assert "2 to 4 players" in said(result) or "1 seated" in said(result)


def test_settings_and_invite(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    permissions = discord.Permissions(
        view_channel=True,
        send_messages=True,
        embed_links=True,
        attach_files=True,
        read_message_history=True,
        use_application_commands=True,
        create_public_threads=True,  # a game in its own thread
        send_messages_in_threads=True,
    )
    assert permissions.value == INVITE_PERMISSIONS
    assert "scope=bot%20applications.commands" in invite_url(123)
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("CAYLUS_OWNER_IDS", "1, 2")
    monkeypatch.setenv("CAYLUS_DEV_GUILD_ID", "")
    settings = Settings(_env_file=None)
    assert settings.token == "abc" and settings.owners == {1, 2}
    assert settings.dev_guild_id is None and str(settings.database) == "caylus.sqlite3"
    monkeypatch.delenv("DISCORD_TOKEN")
    monkeypatch.delenv("CAYLUS_DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(Path(__file__).parent)  # no .env here
    from bot.app import main

    assert main() != 0
    err = capsys.readouterr().err
    assert "discord.com/developers/applications" in err and str(INVITE_PERMISSIONS) in err


async def test_unexpected_error_apologises_and_keeps_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async with table(tmp_path, 3, seed=6) as tb:
        await tb.open_game(3)
        prompt = tb.last_prompt()
        decider = tb.awaited(prompt)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)

        async def broken(*args: object, **kwargs: object) -> None:
            raise RuntimeError("disk on fire")

        monkeypatch.setattr(type(tb.service), "_commit_play", broken)
        buttons, _ = components(prompt)
        result = await decider.click(prompt, custom_id=buttons[0].custom_id)
        assert t.UNEXPECTED in said(result) and result.followups[0].ephemeral
        assert tb.cog.unexpected_errors == 1
        record = next(r for r in caplog.records if "unexpected error" in r.getMessage())
        text = record.getMessage()
        assert f"game {info.id}" in text and f"user {decider.id}" in text and "press:" in text
        monkeypatch.undo()
        after = await tb.service.game(info.id)
        assert after.version == info.version and after.seq == info.seq
        tb.cog.unexpected_errors = 0
        await tb.step()  # the same prompt still works
        assert tb.last_prompt() is None or tb.last_prompt().id != prompt.id
