"""Discord failing around a committed move, end to end in SimCord: a server error on the next
post, a lost Send permission, a restart with posts outstanding, the clock while the channel is
unreachable, a button pressed in the wrong channel, a typed move sent twice, a damaged game.

Each reproduces what used to strand a game (no prompt, a wrong "nothing was changed", a clock
playing default moves into the void) and checks the game goes on by itself once Discord does.
"""

from __future__ import annotations

import contextlib
import random
import sqlite3
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.discord.views import choice_view
from bot.games.caylus.prompts import layout
from bot.words import text as t
from engine import caylus
from tests.discord_harness import MENTION, Table, components, said, table
from tests.test_discord_clock import H, advance, start_game
from tests.test_reliability import _find_repeatable

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def messages(tb: Table) -> str:
    """The route of posting in the game's channel (not in DMs)."""
    return f"/channels/{tb.channel.id}/messages"


def quiet_button(prompt: Any) -> Any:
    buttons, _ = components(prompt)
    return next(b for b in buttons if b.label.startswith(("Pass", "Stop", "Skip")))


def prompts(tb: Table) -> list[Any]:
    return [m for m in tb.channel.history() if m.components and MENTION.search(m.content or "")]


async def game_id(tb: Table) -> int:
    info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
    assert info is not None
    return info.id


def permissions_home(tb: Table) -> Any:
    """The channel whose permissions rule the game's: the parent of its thread (a thread has
    no overwrites of its own), else the game's channel."""
    channel = tb.env.backend.channels[tb.channel.id]
    return tb.env.backend.channels[channel.parent_id] if channel.is_thread else channel


def deny_send(tb: Table) -> Overwrite:
    """The bot loses Send Messages (and Send Messages in Threads) in the game's channel (a
    moderator's change)."""
    me = tb.env.bot.user
    overwrite = Overwrite(
        target_id=me.id,
        type=OverwriteType.MEMBER,
        allow=0,
        deny=discord.Permissions(send_messages=True, send_messages_in_threads=True).value,
    )
    permissions_home(tb).overwrites.append(overwrite)
    return overwrite


async def test_a_server_error_once_is_retried_at_once(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=2, render_boards=False) as tb:
        first = await start_game(tb, 2)
        actor = tb.awaited(first)
        tb.env.inject_error("POST", messages(tb), status=500, times=1)
        result = await actor.click(first, custom_id=quiet_button(first).custom_id)
        assert "could not post" not in said(result)
        nxt = tb.last_prompt()
        assert nxt is not None and nxt.id != first.id  # the next prompt is there
        assert not await tb.service.undelivered(await game_id(tb))
        assert tb.cog.unexpected_errors == 0


async def test_server_errors_after_a_move_tell_the_truth_and_the_scheduler_posts_later(
    tmp_path: Path,
) -> None:
    async with table(tmp_path, 3, seed=3, render_boards=False) as tb:
        first = await start_game(tb, 3)
        gid = await game_id(tb)
        before = await tb.service.game(gid)
        actor = tb.awaited(first)
        tb.env.inject_error("POST", messages(tb), status=500, times=None)
        result = await actor.click(first, custom_id=quiet_button(first).custom_id)
        answer = said(result)
        # the truth: the move was made, the next prompt could not be posted
        assert "was made and saved" in answer and "Discord failed with error 500" in answer
        assert "nothing was changed" not in answer.lower()
        after = await tb.service.game(gid)
        assert after.version == before.version + 1 and after.seq > before.seq
        assert tb.last_prompt() is None  # no new prompt could be posted ...
        # ... and the pressed one lost its choices (it keeps the Undo of the move it made)
        kept = components(tb.fresh(first))[0]
        assert [b.custom_id.split(":")[1] for b in kept] == ["u"]
        # the clock stands still: nobody can be timed out by a prompt they never saw
        deadline = await tb.cog.clock.deadline(gid, tb.clock.now())
        assert deadline.paused and deadline.due is None
        # the host is told privately, once
        host_dms = tb.players[0].user.dm_channel.history()
        assert len(host_dms) == 1 and f"<#{tb.channel.id}>" in host_dms[0].content
        # Discord recovers: the scheduler posts what was left, without anyone doing anything
        tb.env.backend.faults.clear()
        await tb.env.advance_time(120)
        nxt = tb.last_prompt()
        assert nxt is not None and nxt.id != first.id
        assert tb.awaited(nxt).id == after.awaiting_user_ids[0]
        assert any(
            t.CLOCK_RUNS_AGAIN.format(game_id=gid) == m.content for m in tb.channel.history()
        )
        assert not await tb.service.undelivered(gid)
        running = await tb.cog.clock.deadline(gid, tb.clock.now())
        assert not running.paused and running.due is not None
        assert len(tb.players[0].user.dm_channel.history()) == 1  # told once
        assert tb.cog.unexpected_errors == 0


async def test_lost_send_permission_stops_the_clock_until_it_is_given_back(
    tmp_path: Path,
) -> None:
    async with table(tmp_path, 2, seed=4, render_boards=False) as tb:
        first = await start_game(tb, 2)
        gid = await game_id(tb)
        actor = tb.awaited(first)
        overwrite = deny_send(tb)
        result = await actor.click(first, custom_id=quiet_button(first).custom_id)
        assert t.REASON_FORBIDDEN in said(result) and "was made and saved" in said(result)
        seq = (await tb.service.game(gid)).seq
        # days pass: the clock plays no default moves into a channel nobody can read
        await advance(tb, 72)
        assert (await tb.service.game(gid)).seq == seq
        assert "Time ran out" not in tb.transcript()
        # the permission is given back: the game goes on by itself
        permissions_home(tb).overwrites.remove(overwrite)
        await advance(tb, 1)
        nxt = tb.last_prompt()
        assert nxt is not None and nxt.id != first.id
        deadline = await tb.cog.clock.deadline(gid, tb.clock.now())
        # the clock restarted with the whole decision time (the 72 h stop given back)
        assert deadline.due is not None and deadline.due > tb.clock.now()
        assert (deadline.due - tb.clock.now()).total_seconds() > 20 * H
        assert tb.cog.unexpected_errors == 0


async def test_a_restart_posts_what_was_left_undelivered(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=5, render_boards=False) as tb:
        first = await start_game(tb, 2)
        gid = await game_id(tb)
        actor = tb.awaited(first)
        tb.env.inject_error("POST", messages(tb), status=503, times=None)
        await actor.click(first, custom_id=quiet_button(first).custom_id)
        assert len(await tb.service.undelivered(gid)) == 1
        await tb.restart()  # a new process: nothing in memory
        tb.env.backend.faults.clear()
        await tb.env.advance_time(120)  # its scheduler's first runs
        nxt = tb.last_prompt()
        assert nxt is not None and nxt.id != first.id
        assert not await tb.service.undelivered(gid)
        # and the game plays on through the new process
        await tb.step(pass_rate=1.0)
        assert tb.last_prompt().id != nxt.id
        assert tb.cog.unexpected_errors == 0


async def test_injected_failures_never_leave_a_game_without_a_prompt(tmp_path: Path) -> None:
    """Random server errors and permission losses during play; each time Discord recovers and
    the scheduler runs, the game has exactly its pending prompt (none lost, none doubled)."""
    rng = random.Random(8)
    async with table(tmp_path, 3, seed=8, render_boards=False) as tb:
        await start_game(tb, 3)
        gid = await game_id(tb)
        injected = 0
        for _ in range(40):
            if rng.random() < 0.3:
                injected += 1
                if rng.random() < 0.5:
                    tb.env.inject_error("POST", messages(tb), status=500, times=rng.randint(1, 4))
                else:
                    tb.env.inject_error(
                        "*", f"/channels/{tb.channel.id}*", status=403, code=50013, times=2
                    )
            prompt = tb.last_prompt()
            if prompt is not None and (await tb.service.game(gid)).status == "running":
                info = await tb.service.game(gid)
                if prompt.components and str(info.version) in str(prompt.components):
                    await tb.step(pass_rate=0.7)
            tb.env.backend.faults.clear()
            await tb.env.advance_time(3600)  # the scheduler catches up
            info = await tb.service.game(gid)
            if info.status != "running":
                break
            assert not await tb.service.undelivered(gid)
            last = tb.last_prompt()
            assert last is not None and tb.awaited(last).id == info.awaiting_user_ids[0]
            marks = (f"cay:b:{gid}:{info.version}:", f"cay:s:{gid}:{info.version}:")
            assert any(
                (getattr(item, "custom_id", "") or "").startswith(marks)
                for row in last.components
                for item in getattr(row, "children", [row])
            )
        assert injected > 5
        assert tb.cog.unexpected_errors == 0


async def test_a_button_acts_only_in_its_own_games_channel(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=6, render_boards=False) as tb:
        first = await start_game(tb, 2)
        gid = await game_id(tb)
        other = tb.guild.create_text_channel("elsewhere")
        info = await tb.service.game(gid)
        state = await tb.service.state(gid)
        seat = info.pending[0].seat
        names = await tb.cog.names_for(info)
        shape = layout(state, seat, caylus.legal_actions(state, seat), names)
        channel = tb.env.bot.get_channel(other.id)
        await channel.send("a copy", view=choice_view(gid, info.version, shape))
        copy = other.last_message
        actor = tb.awaited(first)
        result = await actor.click(copy, custom_id=quiet_button(copy).custom_id)
        assert f"belongs to game #{gid}" in said(result) and f"<#{tb.channel.id}>" in said(result)
        assert (await tb.service.game(gid)).version == info.version  # nothing changed
        assert [m.content for m in other.history()] == ["a copy"]  # nothing posted there
        assert tb.cog.unexpected_errors == 0


async def test_a_typed_move_sent_twice_is_played_once(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=9, render_boards=False) as tb:
        await start_game(tb, 3)
        gid = await game_id(tb)
        info = await tb.service.game(gid)
        state = await tb.service.state(gid)
        found = _find_repeatable(state, None, random.Random(1))
        assert found is not None
        moves, repeated = found
        users = {s.seat: s.user_id for s in info.seats}
        for seat, action in moves:  # the way there, straight through the service
            await tb.service.act(gid, users[seat], action, None)
        with sqlite3.connect(tb.database) as conn:  # those posts are not what this tests
            conn.execute("UPDATE outbox SET delivered_at = 0 WHERE delivered_at IS NULL")
        tb.cog.chronicles.pop(gid, None)
        info = await tb.service.game(gid)
        player = tb.by_id[info.awaiting_user_ids[0]]
        seq = info.seq
        # a double submit: the second copy arrives the same instant the first is saved
        first = await player.slash(tb.channel, "caylus play", action=repeated)
        second = await player.slash(tb.channel, "caylus play", action=repeated)
        assert "Played:" in said(first)
        assert "send it again" in said(second) and "Played:" not in said(second)
        log = (await tb.service.log(gid, after_seq=seq)).entries
        assert [e.action for e in log if not e.by_bot].count(repeated) == 1
        # sent again on purpose, after seeing the result: played like any move
        await tb.env.advance_time(30)
        third = await player.slash(tb.channel, "caylus play", action=repeated)
        assert "Played:" in said(third)
        assert tb.cog.unexpected_errors == 0


async def test_a_damaged_game_answers_clearly_and_can_be_aborted(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=7, render_boards=False) as tb:
        await start_game(tb, 2)
        gid = await game_id(tb)
        with sqlite3.connect(tb.database) as conn:
            conn.execute("UPDATE games SET setup = 'garbage' WHERE id = ?", (gid,))
        await tb.restart()
        alice = tb.players[0]
        result = await alice.slash(tb.channel, "caylus board")
        assert f"Game #{gid} is damaged" in said(result)
        await tb.env.advance_time(60)  # the scheduler reports it in the channel, once
        await tb.env.advance_time(60)
        reports = [m for m in tb.channel.history() if "is damaged" in (m.content or "")]
        assert len(reports) == 1
        result = await alice.slash(tb.channel, "caylus abort")
        assert "aborted" in said(result).lower()
        result = await alice.slash(tb.channel, "caylus new", players=2)
        assert "is open" in said(result)
        assert tb.cog.unexpected_errors == 0


def test_the_cog_answers_every_press_a_view_hands_on() -> None:
    """The views know the cog only as `Presses` (no import of the cogs): the cog has each of
    those calls, a coroutine with the same parameters."""
    import inspect

    from bot.discord.cogs.caylus import CaylusCog
    from bot.discord.items import Presses

    calls = [n for n, v in vars(Presses).items() if inspect.iscoroutinefunction(v)]
    assert len(calls) == 13  # with "Plan my turn", "Catch me up" and "Open the board"
    for name in calls:
        ours = getattr(CaylusCog, name)
        assert inspect.iscoroutinefunction(ours), name
        wanted = list(inspect.signature(getattr(Presses, name)).parameters)
        assert list(inspect.signature(ours).parameters) == wanted, name


def test_crafted_custom_ids_do_not_reach_the_store() -> None:
    """A button id too long for a game id (it would overflow SQLite's integers) or an action
    longer than any move matches no button: the press is not handled at all."""
    from bot.discord.items import ChoiceButton, ChoiceSelect, LobbyButton

    button = ChoiceButton.__discord_ui_compiled_template__
    assert button.fullmatch("cay:b:12:3:place 7")
    assert not button.fullmatch("cay:b:" + "9" * 30 + ":3:pass")
    assert not button.fullmatch("cay:b:12:" + "9" * 30 + ":pass")
    assert not button.fullmatch("cay:b:12:3:" + "x" * 61)
    assert not ChoiceSelect.__discord_ui_compiled_template__.fullmatch("cay:s:1:2:" + "9" * 5)
    assert not LobbyButton.__discord_ui_compiled_template__.fullmatch("cay:l:" + "9" * 19 + ":join")


async def test_odd_typed_moves_get_a_notation_answer_and_no_error_log(
    tmp_path: Path, caplog: Any
) -> None:
    async with table(tmp_path, 2, seed=11, render_boards=False) as tb:
        first = await start_game(tb, 2)
        gid = await game_id(tb)
        before = await tb.service.game(gid)
        actor = tb.awaited(first)
        caplog.set_level("INFO")
        huge = "9" * 5000
        for typed in ("place ²", "lawyer ³", "build statue @²", f"place {huge}", "🂠" * 300):
            result = await actor.slash(tb.channel, "caylus play", action=typed[:100])
            answer = said(result)
            # a notation answer that says what to do, with the odd text quoted and cut short
            assert "see your legal moves" in answer, (typed, answer)
            assert result.response.ephemeral and len(answer) < 600
        after = await tb.service.game(gid)
        assert (after.version, after.seq) == (before.version, before.seq)
        assert tb.cog.unexpected_errors == 0
        assert not [r for r in caplog.records if r.levelname == "ERROR"]
        assert all(len(r.getMessage()) < 1000 for r in caplog.records)


def expire_next_acknowledgement(tb: Table) -> None:
    """Discord answers the next acknowledgement (defer) of an interaction with 10062 "Unknown
    interaction": its three seconds passed before the bot answered (routine under load)."""
    tb.env.inject_error(
        "POST",
        "/interactions/*/*/callback",
        status=404,
        code=10062,
        message="Unknown interaction",
        times=1,
    )


async def test_an_expired_press_is_not_answered_is_a_warning_and_counted_apart(
    tmp_path: Path, caplog: Any
) -> None:
    async with table(tmp_path, 2, seed=12, render_boards=False) as tb:
        first = await start_game(tb, 2)
        gid = await game_id(tb)
        before = await tb.service.game(gid)
        actor = tb.awaited(first)
        caplog.set_level("INFO")
        expire_next_acknowledgement(tb)
        result = await actor.click(first, custom_id=quiet_button(first).custom_id)
        # not answered through the dead token: no response, no follow-up, no apology
        assert not result.acknowledged and result.response is None and not result.followups
        assert (await tb.service.game(gid)).version == before.version  # nothing was played
        assert tb.cog.expired_interactions == 1 and tb.cog.unexpected_errors == 0
        warnings = [r for r in caplog.records if r.levelname == "WARNING"]
        assert any("expired" in r.getMessage() and "10062" in r.getMessage() for r in warnings)
        assert not [r for r in caplog.records if r.levelname == "ERROR"]
        # the same press a moment later is played as usual
        played = await actor.click(first, custom_id=quiet_button(first).custom_id)
        assert played.acknowledged
        assert (await tb.service.game(gid)).version == before.version + 1
        assert tb.cog.expired_interactions == 1 and tb.cog.unexpected_errors == 0


async def test_an_expired_or_failed_acknowledgement_of_a_command_is_not_answered_but_counted(
    tmp_path: Path, caplog: Any
) -> None:
    async with table(tmp_path, 2, seed=13, render_boards=False) as tb:
        await start_game(tb, 2)
        alice = tb.players[0]
        caplog.set_level("INFO")
        for command, options in (("caylus board", {}), ("caylus play", {"action": "pass"})):
            expire_next_acknowledgement(tb)
            result = await alice.slash(tb.channel, command, **options)
            assert not result.acknowledged and result.response is None and not result.followups
        # an acknowledgement that fails otherwise (Discord's server error) is treated alike
        tb.env.inject_error("POST", "/interactions/*/*/callback", status=503, times=1)
        result = await alice.slash(tb.channel, "caylus me")
        assert not result.acknowledged and result.response is None and not result.followups
        assert tb.cog.expired_interactions == 3 and tb.cog.unexpected_errors == 0
        assert not [r for r in caplog.records if r.levelname == "ERROR"]
        assert len([r for r in caplog.records if "expired" in r.getMessage()]) == 3


async def test_an_expired_autocomplete_is_silent_and_counted_apart(
    tmp_path: Path, caplog: Any
) -> None:
    async with table(tmp_path, 2, seed=14, render_boards=False) as tb:
        first = await start_game(tb, 2)
        actor = tb.awaited(first)
        caplog.set_level("INFO")
        expire_next_acknowledgement(tb)
        with contextlib.suppress(Exception):  # the simulated client sees no choices
            await actor.autocomplete(tb.channel, "caylus play", "action", "")
        assert tb.cog.expired_interactions == 1 and tb.cog.unexpected_errors == 0
        assert not [r for r in caplog.records if r.levelname == "ERROR"]
        # typed again in time: the legal moves are offered
        assert await actor.autocomplete(tb.channel, "caylus play", "action", "")


async def test_a_failing_autocomplete_is_silent(tmp_path: Path, caplog: Any) -> None:
    """The store failing under an autocomplete: no choices, one line in the log, no error;
    typed again once the store is back, the choices come."""
    async with table(tmp_path, 2, seed=15, render_boards=False) as tb:
        first = await start_game(tb, 2)
        actor = tb.awaited(first)
        store = tb.service.store

        async def broken(*_args: Any, **_kwargs: Any) -> Any:
            raise sqlite3.OperationalError("disk I/O error")

        caplog.set_level("INFO")
        store._all = store.game_with_seats = broken  # every read
        try:
            offered = await actor.autocomplete(tb.channel, "caylus play", "action", "")
            topics = await actor.autocomplete(tb.channel, "caylus help", "topic", "far")
        finally:
            del store._all, store.game_with_seats
        assert offered == [] and topics == []
        assert not [r for r in caplog.records if r.exc_info]  # no tracebacks either
        assert not [r for r in caplog.records if r.levelname == "ERROR"]
        assert tb.cog.unexpected_errors == 0
        assert await actor.autocomplete(tb.channel, "caylus play", "action", "")
