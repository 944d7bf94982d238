"""A ping means: the game waits for you now (docs/discord.md, "Mentions"). Whole games through
the simulated Discord, every message the bot posts checked against who the game waits for at
that moment; undo pings nobody; the questions ahead are a line, a badge and (opted in) one
direct message per phase, edited."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from bot.store import AheadDm
from bot.words import errors as err
from bot.words import text as t
from tests.discord_harness import Table, components, counting_pings, is_game_over, said, table
from tests.test_discord_clock import advance, posted, start_game, utc
from tests.test_discord_magna_carta import play_mc

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _report(name: str, count: object) -> None:
    """The counts of a whole game, for docs/pace.md (CAYLUS_PING_REPORT=file appends them)."""
    out = os.environ.get("CAYLUS_PING_REPORT")
    if out:
        with Path(out).open("a", encoding="utf-8") as f:
            f.write(json.dumps({"game": name, **count}) + "\n")  # type: ignore[dict-item]


async def test_ping_rule_over_a_whole_three_player_caylus_game(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=3, render_boards=False) as tb:
        alice = tb.players[0]
        await alice.slash(tb.channel, "caylus settings", ahead_dm=True)
        with counting_pings(tb) as count:
            await tb.open_game(3)
            await tb.play_out(pass_rate=0.6, play_rate=0.15)
        people = [p.id for p in tb.players]
        # alice's direct messages: one per phase she could answer ahead in, each one saying
        # "nothing left" by the end (its phase over, or the game)
        stages = [_stage(text) for user, text in count.dm_texts if user == alice.id]
        assert stages and len(stages) == len(set(stages))
        dm_channels = [c for c in tb.env.backend.channels.values() if alice.id in c.recipient_ids]
        final = [m.content for c in dm_channels for m in tb.env.backend.messages[c.id].values()]
        assert len(final) == len(stages) and all(text.startswith("✅") for text in final)
        _report(
            "caylus-3",
            {
                "pings_per_player": count.per_player(people),
                "empty_pings": len(count.empty),
                "stray_mentions": len(count.stray),
            },
        )
        assert count.per_player(people) > 0
        assert not count.empty, count.empty[:3]
        assert not count.stray, count.stray[:3]


async def _answer_ahead(tb: Table, game_id: int) -> int:
    """Every player with a question due ahead presses **My choices** on the prompt and takes
    the first answer offered (as a player who answers what the table offers in passing).
    Returns how many answered."""
    prompt = tb.last_prompt()
    if prompt is None:
        return 0
    buttons, _ = components(prompt)
    mine = next((b for b in buttons if b.label == "My choices"), None)
    if mine is None:
        return 0
    ask = await tb.service.ask_now(game_id)
    answered = 0
    for user, questions in ask.questions.items():
        if not any(q.due and not q.now for q in questions):
            continue
        player = tb.by_id[user]
        reply = await player.click(prompt, custom_id=mine.custom_id)
        message = reply.followups[-1] if reply.followups else reply.response
        _, menus = components(message.message)
        if menus:
            menu = menus[0]
            await player.select(message, [menu.options[0].value], custom_id=menu.custom_id)
            answered += 1
    return answered


async def test_ping_rule_holds_when_players_answer_ahead(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=5, render_boards=False) as tb:
        with counting_pings(tb) as count:
            await tb.open_game(3)
            gid = (await tb.service.game_in_channel(tb.guild.id, tb.channel.id)).id
            answered = 0
            for _ in range(3000):
                if [m for m in tb.channel.history()[-2:] if is_game_over(m)]:
                    break
                answered += await _answer_ahead(tb, gid)
                if tb.last_prompt() is None:
                    continue  # the answers ahead let the game play on to its end
                await tb.step(pass_rate=0.6)
                assert tb.cog.unexpected_errors == 0
            else:
                raise AssertionError("the game did not end")
        people = [p.id for p in tb.players]
        _report(
            "caylus-3-answering-ahead",
            {
                "pings_per_player": count.per_player(people),
                "empty_pings": len(count.empty),
                "stray_mentions": len(count.stray),
                "answered_ahead": answered,
            },
        )
        assert answered > 0
        assert not count.empty, count.empty[:3]
        assert not count.stray, count.stray[:3]


async def test_ping_rule_over_a_whole_magna_carta_game_two_people_two_bots(
    tmp_path: Path,
) -> None:
    async with table(tmp_path, 2, seed=21, render_boards=False) as tb:
        with counting_pings(tb) as count:
            await play_mc(tb, humans=2, bots=2, rules="standard", seed=1)
        people = [p.id for p in tb.players]
        _report(
            "magna-carta-2+2",
            {
                "pings_per_player": count.per_player(people),
                "empty_pings": len(count.empty),
                "stray_mentions": len(count.stray),
            },
        )
        assert count.per_player(people) > 0
        assert not count.empty, count.empty[:3]
        assert not count.stray, count.stray[:3]


async def test_undo_pings_nobody(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=3, render_boards=False) as tb:
        first_prompt = await start_game(tb, 2)
        first = tb.awaited(first_prompt)
        second = next(p for p in tb.players if p is not first)
        await tb.step(pass_rate=0.0)  # first places a worker; second is asked (and pinged)
        assert tb.awaited(tb.last_prompt()) is second
        posts = len(tb.channel.history())
        with counting_pings(tb) as count:
            result = await first.slash(tb.channel, "caylus undo")
            assert "Taken back" in said(result)
        new = tb.channel.history()[posts:]
        notice = next(m for m in new if "took back their move" in (m.content or ""))
        # who was asked next is named, not mentioned; the decision asked again pings nobody
        assert f"{second.name}: that move is undone" in notice.content
        assert "<@" not in notice.content
        again = tb.last_prompt()
        assert tb.awaited(again) is first and again in new
        assert sum(count.pings.values()) == 0, count.pings
        assert not count.empty and not count.stray


async def test_questions_ahead_badge_in_mygames_and_me(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=7, render_boards=False) as tb:
        await start_game(tb, 3)
        gid = (await tb.service.game_in_channel(tb.guild.id, tb.channel.id)).id
        for _ in range(400):
            ask = await tb.service.ask_now(gid)
            if ask.ahead:
                break
            await tb.step(pass_rate=0.6)
        else:
            raise AssertionError("nobody had questions ahead")
        awaited = tb.awaited(tb.last_prompt())
        for player in tb.players:
            games = said(await player.slash(tb.channel, "caylus mygames"))
            me = said(await player.slash(tb.channel, "caylus me"))
            ahead = player.id in ask.ahead
            assert (t.MYGAMES_AHEAD.strip() in games) is ahead, (player.name, games)
            assert (t.ME_AHEAD in me) is ahead, (player.name, me)
            if player is awaited:
                assert "your decision" in games  # asked now: the decision, not the badge


def _stage(text: str) -> tuple[int, int]:
    found = re.search(r"turn (\d+), phase (\d+)", text)
    assert found, text
    return int(found.group(1)), int(found.group(2))


async def test_ahead_dm_opt_in_one_dm_per_phase_edited_none_without(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=7, render_boards=False) as tb:
        alice, bob, carol = tb.players
        reply = said(await alice.slash(tb.channel, "caylus settings", ahead_dm=True))
        assert "by direct message too: **yes" in reply
        await start_game(tb, 3)
        gid = (await tb.service.game_in_channel(tb.guild.id, tb.channel.id)).id
        badges = 0
        with counting_pings(tb) as count:
            for _ in range(400):
                state = await tb.service.state(gid)
                if state.turn >= 6:
                    break
                ask = await tb.service.ask_now(gid)
                if alice.id in ask.ahead and badges < 2:
                    badges += 1
                    mine = said(await alice.slash(tb.channel, "caylus mygames"))
                    assert t.MYGAMES_AHEAD.strip() in mine
                    assert t.ME_AHEAD in said(await alice.slash(tb.channel, "caylus me"))
                    prompt = tb.last_prompt()
                    assert f"<@{alice.id}>" not in prompt.content  # offered, not pinged
                    assert "alice" in prompt.content and "My choices" in prompt.content
                    if badges == 1:
                        await tb.restart()  # the DM of this phase is still edited, not resent
                awaited = tb.awaited(tb.last_prompt())
                if awaited is not alice and alice.id not in ask.ahead:
                    mine = said(await alice.slash(tb.channel, "caylus mygames"))
                    assert t.MYGAMES_AHEAD.strip() not in mine
                await tb.step(pass_rate=0.6)
        assert badges, "alice never had questions ahead"
        # alice: one direct message per phase, never a second one for the same phase ...
        stages = [_stage(text) for user, text in count.dm_texts if user == alice.id]
        assert stages and len(stages) == len(set(stages)), stages
        assert all(text.startswith("📝") for user, text in count.dm_texts if user == alice.id)
        assert all("<@" not in text for _, text in count.dm_texts)
        # ... edited as it changes (answered, or its phase over); nobody else opted in
        assert count.dm_edits[alice.id] >= 1
        assert count.dms[bob.id] == count.dms[carol.id] == 0
        assert not count.empty and not count.stray
        kept = await tb.service.ahead_dms(gid)
        assert [(k.user_id, (k.turn, k.phase)) for k in kept] == [(alice.id, stages[-1])]
        # and off again: no new DM
        reply = said(await alice.slash(tb.channel, "caylus settings", ahead_dm=False))
        assert "by direct message too: **no" in reply
        with counting_pings(tb) as later:
            for _ in range(60):
                await tb.step(pass_rate=0.6)
        assert later.dms[alice.id] == 0 and later.dm_edits[alice.id] == 0


@pytest.fixture
async def svc(database: str) -> Any:
    service = await GameService.open(database, rng=random.Random(42))
    yield service
    await service.close()


async def test_ahead_dm_setting_and_its_messages_are_stored_on_both_backends(svc: Any) -> None:
    user = 1001
    assert (await svc.user_settings(user)).ahead_dm is False  # off for new players
    assert (await svc.set_ahead_dm(user, True)).ahead_dm is True
    assert (await svc.user_settings(user)).time_zone == "UTC"  # the others untouched
    with pytest.raises(err.BadSetting, match="True, False"):
        await svc.set_user_settings(user, ahead_dm="sometimes")
    assert (await svc.user_settings(user)).ahead_dm is True  # a refused value changes nothing
    game = await svc.create_game(1, 2, user, players=2)
    await svc.keep_ahead_dm(AheadDm(game.id, user, 1, 3, 77, 88))
    await svc.keep_ahead_dm(AheadDm(game.id, user, 1, 4, 77, 99))  # the next phase's message
    assert await svc.ahead_dms(game.id) == [AheadDm(game.id, user, 1, 4, 77, 99)]
    assert (await svc.set_ahead_dm(user, False)).ahead_dm is False


async def test_reminders_ping_the_awaited_and_a_takeover_pings_once(tmp_path: Path) -> None:
    """The clock keeps its rules: a reminder pings the player whose decision it is (never
    anyone else), an expiry pings nobody, a takeover pings its player exactly once."""
    start = utc(2026, 3, 2, 9)
    async with table(tmp_path, 2, seed=3, start=start, render_boards=False) as tb:
        alice, bob = tb.players
        with counting_pings(tb) as count:
            first = await start_game(tb, 2, clock="1h")
            assert tb.awaited(first).id == bob.id
            for _ in range(12):  # alice plays at once, bob lets every clock run out
                prompt = tb.last_prompt()
                if prompt is not None and tb.awaited(prompt).id == alice.id:
                    await tb.step(pass_rate=1.0)
                    continue
                await advance(tb, 1)
                if posted(tb, "Time ran out"):
                    break
        reminders = posted(tb, "Reminder:")
        assert reminders and all(r.mentions and r.mentions[0].id == bob.id for r in reminders)
        # the only ping of a player the game does not wait for: the takeover, once
        assert [user for user, _ in count.empty] == [bob.id], count.empty
        assert "/caylus back" in count.empty[0][1]
        assert count.pings[bob.id] >= len(reminders) + 1


async def test_a_prompt_brought_by_the_players_own_press_names_them_without_a_ping(
    tmp_path: Path,
) -> None:
    """The prompt that comes to the player whose press brought it (the gate after their last
    placement, a favor their delivery won, ...) appears under their press: it names them and
    pings nobody. The same player's prompt brought by someone else's press pings them."""
    async with table(tmp_path, 3, seed=5, render_boards=False) as tb:
        await tb.open_game(3)
        own, others = 0, 0
        for _ in range(3000):
            if any(is_game_over(m) for m in tb.channel.history()[-2:]):
                break
            actor = tb.awaited(tb.last_prompt())
            seen = len(tb.seen)
            await tb.step(pass_rate=0.4)
            for post in tb.seen[seen:]:
                if post.kind != "post" or f"<@{actor.id}>" not in (post.message.content or ""):
                    continue
                assert actor.id not in post.pinged, post.message.content
                own += 1
            for post in tb.seen[seen:]:
                named = {p.id for p in tb.players if f"<@{p.id}>" in (post.message.content or "")}
                if post.kind == "post" and named - {actor.id}:
                    assert set(post.pinged) == named - {actor.id}, post.message.content
                    others += 1
        else:
            raise AssertionError("the game did not end")
        assert own > 5 and others > 50, (own, others)
