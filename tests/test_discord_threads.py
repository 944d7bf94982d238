"""A game in its own thread (docs/discord.md, "A game's thread"): `/caylus new` in a text
channel opens the game in a new thread of it, named after the game and its players; several
games run under one channel; the players become the thread's members; `thread: False`, a
missing permission or another kind of channel keeps the game in the channel (saying why once);
in a forum every game gets its own post."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.words.lang import t
from tests.discord_harness import components, is_prompt, said, table


def members_of(tb: Any, channel: Any) -> set[int]:
    return set(tb.env.backend.channels[channel.id].thread_members)


def deny_threads(tb: Any, channel: Any) -> None:
    """A moderator takes Create Public Threads from the bot in `channel`."""
    tb.env.backend.channels[channel.id].overwrites.append(
        Overwrite(
            target_id=tb.env.bot.user.id,
            type=OverwriteType.MEMBER,
            allow=0,
            deny=discord.Permissions(create_public_threads=True).value,
        )
    )


async def test_threads_created_named_joined_and_used_by_the_whole_game(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=3, render_boards=False) as tb:
        home = tb.channel
        alice, bob, carol = tb.players
        result = await tb.new_game(alice, players=3)
        thread = tb.channel
        assert thread.is_thread and thread.id != home.id
        assert f"<#{thread.id}>" in said(result) and result.response.ephemeral
        assert thread.name == "Caylus #1 · alice"
        # the channel itself shows only Discord's own line that a thread was started
        assert [m.type for m in home.history()] == [discord.MessageType.thread_created]
        lobby = thread.last_message
        assert lobby.embeds and "game #1" in lobby.embeds[0].title and not lobby.content
        info = await tb.service.game(1)
        assert info.channel_id == thread.id  # the game is scoped to its thread
        assert alice.id in members_of(tb, thread)
        await bob.click(lobby, label="Join")
        await carol.slash(thread, "caylus join")
        assert {alice.id, bob.id, carol.id} <= members_of(tb, thread)
        await alice.click(lobby, label="Start")
        assert thread.name == "Caylus #1 · alice, bob, carol"  # renamed once, at the start
        prompt = tb.last_prompt()
        assert prompt is not None and is_prompt(prompt)
        for _ in range(4):
            await tb.step()
        await tb.restart()  # a new process finds the game's thread again
        await tb.step()
        assert [m.type for m in home.history()] == [discord.MessageType.thread_created]
        assert tb.cog.unexpected_errors == 0


async def test_threads_several_games_run_under_one_channel(tmp_path: Path) -> None:
    async with table(tmp_path, 4, seed=5, render_boards=False) as tb:
        home = tb.channel
        alice, bob, carol, dave = tb.players
        await tb.new_game(alice, players=2)
        first = tb.channel
        await tb.new_game(carol, home, game="magna-carta", players=2)
        second = tb.channel
        assert first.id != second.id and {first.id, second.id} <= {
            c.id for c in tb.threads_of(home)
        }
        assert (await tb.service.game_in_channel(tb.guild.id, first.id)).id == 1
        assert (await tb.service.game_in_channel(tb.guild.id, second.id)).id == 2
        # the channel itself has no game: the answer says where games live
        answer = said(await dave.slash(home, "caylus board"))
        assert answer == t.NO_GAME and "thread" in answer
        # in a game's thread /caylus new finds that game (no thread inside a thread)
        busy = said(await bob.slash(first, "caylus new", players=2))
        assert "already has" in busy
        assert len(tb.threads_of(home)) == 2
        assert tb.cog.unexpected_errors == 0


async def test_threads_false_keeps_the_game_in_the_channel(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=6, render_boards=False) as tb:
        alice, bob = tb.players
        result = await tb.new_game(alice, players=2, thread=False)
        assert tb.threads_of(tb.channel) == [] and not tb.channel.is_thread
        assert t.OPENED.format(game_id=1) == said(result)
        lobby = tb.channel.last_message
        assert lobby.embeds and not lobby.content  # no note: the host chose the channel
        await bob.click(lobby, label="Join")
        await alice.click(lobby, label="Start")
        assert tb.last_prompt() is not None
        assert tb.cog.unexpected_errors == 0


async def test_threads_fallback_when_the_bot_may_not_create_them_says_why_once(
    tmp_path: Path,
) -> None:
    async with table(tmp_path, 2, seed=7, render_boards=False) as tb:
        alice, bob = tb.players
        home = tb.channel
        deny_threads(tb, home)
        result = await tb.new_game(alice, players=2)
        assert tb.channel.id == home.id and tb.threads_of(home) == []
        why = t.THREAD_FALLBACK.format(reason=t.THREAD_NO_PERMISSION)
        assert why in said(result)  # the host is told privately too
        lobby = home.last_message
        assert lobby.content == why and lobby.embeds  # the channel is told once, on the lobby
        assert "Create Public Threads" in why and "thread: False" in why
        await alice.slash(home, "caylus abort")
        result = await tb.new_game(bob, players=2)
        assert why in said(result)
        lobby = home.last_message
        assert lobby.embeds and "game #2" in lobby.embeds[0].title
        assert not lobby.content  # said once in this channel, not at every game
        assert tb.cog.unexpected_errors == 0


async def test_threads_a_forum_gets_one_post_per_game(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=8, render_boards=False) as tb:
        alice, bob = tb.players
        forum = tb.guild.create_forum_channel("games")
        # a member's post in the forum, where they type the command
        talk = tb.env.backend.create_thread(forum.id, "Who plays?", alice.id, broadcast=False)
        post = next(c for c in tb.threads_of(forum) if c.id == talk.id)
        result = await tb.new_game(alice, post, players=2)
        game_post = tb.channel
        assert game_post.id != post.id and game_post.is_thread
        assert tb.env.backend.channels[game_post.id].parent_id == forum.id
        assert f"<#{game_post.id}>" in said(result)
        assert game_post.name == "Caylus #1 · alice"
        starter, lobby = game_post.history()[:2]
        assert "alice opened a game of Caylus" in starter.content
        assert lobby.embeds and "game #1" in lobby.embeds[0].title
        await bob.click(lobby, label="Join")
        assert bob.id in members_of(tb, game_post)
        await alice.click(lobby, label="Start")
        assert tb.last_prompt() is not None and post.history() == []
        assert tb.cog.unexpected_errors == 0


async def test_threads_an_archived_game_thread_is_reopened_to_post(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=9, render_boards=False) as tb:
        await tb.open_game(2, clock="1h")
        prompt = tb.last_prompt()
        # a week without a post: Discord archives the thread
        tb.env.backend.edit_channel(tb.channel.id, {}, thread_metadata={"archived": True})
        await tb.env.settle()
        await tb.env.advance_time(2 * 3600)  # the clock plays the default move and posts on
        assert not tb.env.backend.channels[tb.channel.id].thread_metadata.archived
        assert not components(tb.fresh(prompt))[0]  # the expired prompt could be edited
        assert tb.last_prompt().id != prompt.id
        assert tb.cog.unexpected_errors == 0


def visible(tb: Any) -> list[Any]:
    return tb.channel.history()


async def answer(tb: Any) -> tuple[Any, Any]:
    """The awaited player presses the last prompt's quiet choice (pass, skip, ...) or its
    first choice; returns (the prompt, who answered)."""
    prompt = tb.last_prompt()
    actor = tb.awaited(prompt)
    buttons = [b for b in components(prompt)[0] if b.custom_id.startswith("cay:b:")]
    await actor.click(prompt, custom_id=buttons[-1].custom_id)
    return prompt, actor


async def test_collapsed_prompt_is_one_line_naming_the_player_without_a_mention(
    tmp_path: Path,
) -> None:
    async with table(tmp_path, 3, seed=3, render_boards=False) as tb:
        await tb.open_game(3)
        prompt, actor = await answer(tb)
        line = tb.fresh(prompt).content
        assert "\n" not in line and line.startswith(f"✅ {actor.name} chose **")
        assert "<@" not in line and not tb.fresh(prompt).mentions
        # only its Undo button is left
        assert all(b.custom_id.startswith("cay:u:") for b in components(tb.fresh(prompt))[0])
        assert tb.cog.unexpected_errors == 0


async def test_collapsed_prompts_go_once_the_phase_account_tells_them(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=4, render_boards=False) as tb:
        await tb.open_game(3)
        answered: list[tuple[Any, Any]] = []
        posts = len(tb.seen_posts())
        while True:  # the placements of turn 1, until its account is posted
            answered.append(await answer(tb))
            new = tb.seen_posts()[posts:]
            posts = len(tb.seen_posts())
            if any("Workers**" in (m.content or "") for m in new):
                break
        account = next(m for m in reversed(visible(tb)) if "Workers**" in (m.content or ""))
        left = {m.id for m in visible(tb)}
        gone = [p for p, _ in answered if p.id not in left]
        assert gone, "the answered prompts of the phase are removed"
        for prompt, actor in answered:
            if prompt.id in left:  # kept: the one with a live Undo button, or the current one
                kept = tb.fresh(prompt)
                assert kept.id == tb.last_prompt().id or any(
                    b.custom_id.startswith("cay:u:") for b in components(kept)[0]
                )
            assert actor.name in account.content.lower()  # the account tells each of them
        assert tb.cog.unexpected_errors == 0


async def test_collapsed_prompts_go_also_when_the_players_answer_hours_apart(
    tmp_path: Path,
) -> None:
    """Players look hours apart: the account comes long after a prompt was answered, when the
    token of the interaction that collapsed it has expired (Discord ends it after 15 minutes).
    The answered prompts still go, and the Undo buttons of earlier moves are still taken off
    (both through the channel, with the bot's own token)."""
    async with table(tmp_path, 3, seed=4, render_boards=False) as tb:
        await tb.open_game(3)
        answered: list[Any] = []
        posts = len(tb.seen_posts())
        while True:  # the placements of turn 1, an hour apart, until its account is posted
            await tb.env.advance_time(3600)
            answered.append((await answer(tb))[0])
            new = tb.seen_posts()[posts:]
            posts = len(tb.seen_posts())
            if any("Workers**" in (m.content or "") for m in new):
                break
        left = {m.id for m in visible(tb)}
        still = [p for p in answered if p.id in left]
        assert len(still) <= 2, [tb.fresh(p).content for p in still]  # current and Undo only
        undo = [
            m
            for m in visible(tb)
            if any(b.custom_id.startswith("cay:u:") for b in components(m)[0])
        ]
        assert len(undo) <= 1, "an older move's Undo button was left behind"
        assert tb.cog.unexpected_errors == 0


async def test_collapsed_prompts_still_read_right_after_a_restart(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=5, render_boards=False) as tb:
        await tb.open_game(3)
        before, actor = await answer(tb)
        line = tb.fresh(before).content
        waiting = tb.last_prompt()
        await tb.restart()  # a new process: nothing of the last one in memory
        assert tb.fresh(before).content == line  # the collapsed line is in Discord, not memory
        assert tb.fresh(before).content.startswith(f"✅ {actor.name} chose **")
        # the prompt posted before the restart is answered with its own buttons: it collapses
        # (found again in the thread's history)
        decider = tb.awaited(waiting)
        buttons = [b for b in components(waiting)[0] if b.custom_id.startswith("cay:b:")]
        await decider.click(waiting, custom_id=buttons[-1].custom_id)
        after = tb.fresh(waiting).content
        assert after.startswith(f"✅ {decider.name} chose **") and "\n" not in after
        assert "<@" not in after
        # a decision typed with /caylus play after the restart collapses its prompt too
        prompt = tb.last_prompt()
        typed = tb.awaited(prompt)
        await typed.slash(tb.channel, "caylus play", action="pass")
        lines = [m.content for m in visible(tb) if m.id == prompt.id]
        assert not lines or (
            lines[0].startswith(f"✅ {typed.name} chose **") and "<@" not in lines[0]
        )
        assert tb.cog.unexpected_errors == 0


async def test_collapsed_a_finished_games_thread_reads_as_its_story(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=6, render_boards=False) as tb:
        await tb.open_game(3)
        final = await tb.play_out(pass_rate=0.7)
        story = visible(tb)
        assert story[-1].id == final.id or story[-2].id == final.id
        # no question is left asking: no mention, no button
        assert not [m for m in story if m.mentions or m.components]
        asked = [m for m in tb.seen_posts() if m.mentions and m.channel.id == tb.channel.id]
        left = [m for m in story if m.content.startswith("✅")]
        assert len(left) < len(asked) / 4  # most answered prompts went with their phase account
        accounts = [m for m in story if "Workers**" in (m.content or "")]
        assert accounts, "each turn's placements are told"
        assert tb.cog.unexpected_errors == 0


async def test_collapsed_magna_carta_opening_hands_prompt_once_everyone_answered(
    tmp_path: Path,
) -> None:
    """The opening hands are chosen in each player's private hand: the channel's prompt has
    no choice of its own (only "My hand"), and still collapses once the last one answered."""
    async with table(tmp_path, 2, seed=24, render_boards=False) as tb:
        await tb.open_game(2, game="magna-carta")
        opening = tb.last_prompt()
        assert not [b for b in components(opening)[0] if b.custom_id.startswith("cay:b:")]
        for _ in range(2):
            prompt = tb.fresh(opening)
            actor = tb.by_id[prompt.mentions[0].id]
            hand = next(b for b in components(prompt)[0] if b.custom_id.startswith("cay:h:"))
            reply = reply_of(await actor.click(prompt, custom_id=hand.custom_id))
            keep = [
                b
                for b in components(reply.message)[0]
                if b.custom_id.startswith("cay:b:") and "Keep" in b.label
            ]
            await actor.click(reply, custom_id=keep[0].custom_id)
        left = [m for m in visible(tb) if m.id == opening.id]
        assert not left or (
            not left[0].mentions and not left[0].components and left[0].content.startswith("✅")
        )
        assert tb.last_prompt() is not None and tb.last_prompt().id != opening.id
        assert tb.cog.unexpected_errors == 0


def reply_of(result: Any) -> Any:
    return result.followups[-1] if result.followups else result.response


async def test_collapsed_a_prompt_answered_by_a_standing_order_set_in_caylus_me(
    tmp_path: Path,
) -> None:
    """Setting "never move the provost" in /caylus me while the provost is asked answers the
    decision: its prompt collapses like any answered one."""
    import random

    from tests.test_discord_magna_carta import mc_step

    async with table(tmp_path, 2, seed=6, render_boards=False) as tb:
        await tb.open_game(2, game="magna-carta")
        rng = random.Random(6)
        for _ in range(200):
            prompt = tb.last_prompt()
            if "move the provost" in prompt.content:
                break
            await mc_step(tb, rng)
        else:
            raise AssertionError("the provost was never asked")
        actor = tb.awaited(prompt)
        me = (await actor.slash(tb.channel, "caylus me")).response
        orders = next(m for m in components(me.message)[1] if m.custom_id.startswith("cay:o:"))
        await actor.select(me, ["bribe=never"], custom_id=orders.custom_id)
        left = [m for m in visible(tb) if m.id == prompt.id]
        assert not left or (
            left[0].content.startswith(f"✅ {actor.name} chose **")
            and "never move the provost" in left[0].content
            and not left[0].mentions
            and not left[0].components
        )
        assert tb.last_prompt().id != prompt.id
        assert tb.cog.unexpected_errors == 0


async def test_collapsed_a_finished_magna_carta_thread_has_no_question_left(
    tmp_path: Path,
) -> None:
    """Answered on the channel's prompt, from "My hand", or by a standing order: no question
    is left asking once the game is over, and nothing hidden was shown."""
    from tests.test_discord_magna_carta import play_mc

    async with table(tmp_path, 2, seed=4, render_boards=False) as tb:
        _final, watch = await play_mc(tb, humans=2, bots=2, rules="standard", seed=4)
        story = visible(tb)
        assert not [m for m in story if m.mentions or m.components]
        asked = [m for m in tb.seen_posts() if m.mentions and m.channel.id == tb.channel.id]
        assert len(story) < len(tb.seen_posts()) and asked
        assert watch.leaks == []
        assert tb.cog.unexpected_errors == 0
