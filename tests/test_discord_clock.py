"""The decision clock on Discord, end to end in SimCord with its virtual clock.

Time moves only through `env.advance_time`, which also wakes the bot's discord.ext.tasks loop
(every virtual minute unless a test sets `clock_tick_seconds`). The table's `SimClock` is
SimCord's clock shifted to the test's date (SimCord always starts at 2026-01-01 00:00 UTC; see
tests/discord_harness.py), shared by the service (move stamps) and the cog (ticks, prompts).
Instants below are checked by hand against the players' local times.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.words import text as t
from tests.discord_harness import MENTION, Table, components, said, table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

H = 3600


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def stamp(instant: datetime, style: str = "f") -> str:
    return f"<t:{int(instant.timestamp())}:{style}>"


async def advance(tb: Table, hours: float) -> None:
    """Virtual time, in steps of an hour at most (each call must settle within SimCord's
    real-time budget)."""
    left = hours * H
    while left > 0:
        step = min(left, H)
        await tb.env.advance_time(step)
        left -= step


def when(tb: Table, message: Any) -> datetime:
    """When a message was posted, on the test's clock."""
    return message.created_at + tb.clock.offset


def posted(tb: Table, prefix: str, channel: Any = None) -> list[Any]:
    """Messages the bot posted in the channel starting with `prefix`, also those it removed
    later (an answered decision's reminders)."""
    where = (channel or tb.channel).id
    return [
        x.message
        for x in tb.seen
        if x.kind == "post"
        and x.message.channel.id == where
        and (x.message.content or "").startswith(prefix)
    ]


def expiries(tb: Table) -> list[tuple[datetime, Any]]:
    """(when, prompt) for each prompt edited to say its time ran out (once per prompt)."""
    out, done = [], set()
    for x in tb.seen:
        content = x.message.content or ""
        if x.kind == "edit" and "⌛ Time ran out" in content and x.message.id not in done:
            done.add(x.message.id)
            out.append((x.at, x.message))
    return out


def in_channel(tb: Table, message: Any) -> bool:
    return any(m.id == message.id for m in tb.channel.history())


async def start_game(tb: Table, humans: int, channel: Any = None, **options: Any) -> Any:
    """`/caylus new` (with options such as clock), Join, Start: returns the first prompt."""
    host = tb.players[0]
    if channel is None:  # in a thread of its own, which the table follows
        result = await tb.new_game(host, players=humans, **options)
        channel = tb.channel
    else:  # a game of another channel, played in that channel
        result = await host.slash(channel, "caylus new", players=humans, thread=False, **options)
    assert "is open" in said(result), said(result)
    lobby = channel.last_message
    for player in tb.players[1:humans]:
        await player.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    return tb.last_prompt(channel)


async def test_reminders_three_time_zones_quiet_hours_across_eu_dst(tmp_path: Path) -> None:
    """Clock 24 h, reminders at half time and 2 h before. Nobody plays: each placement expires
    (a pass) and the next player's decision starts at that instant. The Amsterdam change
    (2026-10-25 01:00 UTC, CEST +2 -> CET +1) falls in carol's first quiet night."""
    start = utc(2026, 10, 24, 6)
    async with table(tmp_path, 3, seed=1, start=start, render_boards=False) as tb:
        alice, bob, carol = tb.players
        for who, zone, quiet, via in (
            (alice, "Asia/Tokyo", "22:00-07:00", "channel"),
            (bob, "America/Los_Angeles", "20:00-08:00", "dm"),
            (carol, "Europe/Amsterdam", "23:00-06:30", "channel"),
        ):
            result = await who.slash(
                tb.channel,
                "caylus settings",
                time_zone=zone,
                quiet_hours=quiet,
                reminders_via=via,
            )
            answer = said(result)
            assert result.response.ephemeral and zone in answer and quiet in answer
        offered = await alice.autocomplete(tb.channel, "caylus settings", "time_zone", "tokyo")
        assert "Asia/Tokyo" in [c["value"] for c in offered]

        first = await start_game(tb, 3)
        assert "Turn order: carol, alice, bob" in tb.channel.history()[-2].content
        assert tb.awaited(first).id == carol.id and len(first.mentions) == 1
        due = start + timedelta(hours=24)
        assert f"Decide by {stamp(due)} ({stamp(due, 'R')})" in first.content

        await advance(tb, 72)  # three decisions of 24 h: carol's, alice's, bob's
        pings = [(when(tb, m), m.mentions[0].id) for m in posted(tb, "Reminder:")]
        assert pings == [
            # carol: half time 18:00 UTC = 20:00 CEST (not quiet); 2 h before = 04:00 UTC on
            # the 25th = 05:00 CET, quiet -> its end, 06:30 CET = 05:30 UTC (06:30 CEST would
            # be 04:30 UTC: the change counts)
            (utc(2026, 10, 24, 18), carol.id),
            (utc(2026, 10, 25, 5, 30), carol.id),
            # alice (from the 25th 06:00): half time 18:00 UTC = 03:00 JST, quiet -> 07:00 JST
            # = 22:00 UTC; 2 h before = 04:00 UTC = 13:00 JST
            (utc(2026, 10, 25, 22), alice.id),
            (utc(2026, 10, 26, 4), alice.id),
        ]
        # bob (from the 26th 06:00, by DM): half time 18:00 UTC = 11:00 PDT; 2 h before =
        # 04:00 UTC = 21:00 PDT, quiet until 08:00 PDT = 15:00 UTC, after the deadline: dropped
        dms = bob.user.dm_channel.history()
        assert [when(tb, m) for m in dms] == [utc(2026, 10, 26, 18)]
        assert "Reminder: game #1" in dms[0].content and f"<#{tb.channel.id}>" in dms[0].content
        assert stamp(utc(2026, 10, 27, 6)) in dms[0].content
        # each expiry was a pass, written into its prompt at the deadline, once: the prompt
        # collapses to one line naming (not pinging) whose time ran out
        expired = expiries(tb)
        assert [(at, m.content.split(" — ⌛")[0]) for at, m in expired] == [
            (utc(2026, 10, 25, 6), "carol"),
            (utc(2026, 10, 26, 6), "alice"),
            (utc(2026, 10, 27, 6), "bob"),
        ]
        assert not any(MENTION.search(m.content) for _, m in expired)
        assert all("`pass`" in m.content for _, m in expired)
        assert posted(tb, "Time ran out") == []  # no extra line per expiry
        # the reminders of answered (expired) decisions are gone: nothing piles up
        assert not [m for m in posted(tb, "Reminder:") if in_channel(tb, m)]
        assert tb.cog.clock_failures == 0 and tb.cog.unexpected_errors == 0


async def test_reminders_across_the_us_dst_change(tmp_path: Path) -> None:
    """Los Angeles leaves PDT (-7) for PST (-8) on 2026-11-01 at 09:00 UTC, inside bob's quiet
    night; Tokyo has no DST. Clock 24 h from 2026-10-31 18:00 UTC."""
    start = utc(2026, 10, 31, 18)
    async with table(tmp_path, 2, seed=3, start=start, render_boards=False) as tb:
        alice, bob = tb.players
        await alice.slash(
            tb.channel, "caylus settings", time_zone="Asia/Tokyo", quiet_hours="22:00-07:00"
        )
        await bob.slash(
            tb.channel,
            "caylus settings",
            time_zone="America/Los_Angeles",
            quiet_hours="22:00-07:00",
        )
        first = await start_game(tb, 2)
        assert tb.awaited(first).id == bob.id
        await advance(tb, 48)
        pings = [(when(tb, m), m.mentions[0].id) for m in posted(tb, "Reminder:")]
        assert pings == [
            # bob: half time 06:00 UTC = 23:00 PDT, quiet -> 07:00 PST = 15:00 UTC (07:00 PDT
            # would be 14:00 UTC); 2 h before = 16:00 UTC = 08:00 PST
            (utc(2026, 11, 1, 15), bob.id),
            (utc(2026, 11, 1, 16), bob.id),
            # alice (from 11-01 18:00 UTC): half time 06:00 UTC = 15:00 JST; 2 h before =
            # 16:00 UTC = 01:00 JST, quiet until 07:00 JST = 22:00 UTC, after the deadline
            (utc(2026, 11, 2, 6), alice.id),
        ]
        assert [at for at, _ in expiries(tb)] == [
            utc(2026, 11, 1, 18),
            utc(2026, 11, 2, 18),
        ]


async def test_expiry_plays_the_default_takeover_reclaim_and_kick(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=3, start=utc(2026, 3, 2, 9), render_boards=False) as tb:
        alice, bob = tb.players
        first = await start_game(tb, 2, clock="1h")
        lobby = next(m for m in tb.channel.history() if m.embeds)
        assert "1 hour per decision" in lobby.embeds[0].fields[-1].value
        assert tb.awaited(first).id == bob.id

        await advance(tb, 1)
        # the expired prompt is edited (buttons gone, what the clock played), no extra line
        marked = tb.fresh(first)
        assert not marked.components and "Time ran out: the clock played `pass`" in marked.content
        assert posted(tb, "Time ran out") == []
        result = await bob.slash(tb.channel, "caylus mygames")
        assert f"<#{tb.channel.id}>" in said(result) and result.response.ephemeral

        # kicking needs the host, and an idle seat
        result = await bob.slash(tb.channel, "caylus kick", seat=1)
        assert "Only the host" in said(result)
        takeover = None
        for _ in range(12):  # alice plays at once, bob lets every clock run out
            prompt = tb.last_prompt()
            if prompt is not None and tb.awaited(prompt).id == alice.id:
                await tb.step(pass_rate=1.0)  # the quiet choice
                continue
            await advance(tb, 1)
            takeover = next(iter(posted(tb, "Time ran out")), None)
            if takeover is not None:
                break
        assert takeover is not None, tb.transcript()
        assert "3 decisions in a row" in takeover.content and "/caylus back" in takeover.content
        assert {m.id for m in takeover.mentions} == {bob.id}  # one message pings bob
        # the built-in player holds bob's seat: no prompt for bob any more
        later = tb.channel.history()[tb.channel.history().index(takeover) + 1 :]
        assert all(bob.id not in [m.id for m in x.mentions] for x in later)
        result = await bob.slash(tb.channel, "caylus mygames")
        assert "built-in player holds your seat" in said(result)

        result = await alice.slash(tb.channel, "caylus back")
        assert "nothing to come back from" in said(result) and result.response.ephemeral
        result = await bob.slash(tb.channel, "caylus back")
        assert "is yours again" in said(result)
        back = tb.channel.last_message
        assert "takes the" in back.content and "back from the built-in player" in back.content
        result = await bob.slash(tb.channel, "caylus mygames")
        assert "built-in player holds" not in said(result)

        # reclaimed: the count starts again, so bob is not idle now
        seat = next(k for k, p in enumerate((alice, bob)) if p is bob)  # seats follow joining
        result = await alice.slash(tb.channel, "caylus kick", seat=seat + 1)
        assert "has not missed a decision" in said(result)
        for _ in range(12):
            prompt = tb.last_prompt()
            if prompt is not None and tb.awaited(prompt).id == bob.id:
                break
            if prompt is not None:
                await tb.step(pass_rate=1.0)
        await advance(tb, 1)  # bob misses one
        result = await alice.slash(tb.channel, "caylus kick", seat=seat + 1)
        assert "now belongs to the built-in player" in said(result)
        assert "for good" in tb.channel.history()[-1].content or any(
            "for good" in (m.content or "") for m in tb.channel.history()[-4:]
        )
        result = await bob.slash(tb.channel, "caylus back")
        assert "You have no seat in game #1" in said(result)  # kicked: the seat is the bot's
        assert tb.cog.clock_failures == 0 and tb.cog.unexpected_errors == 0


async def test_away_and_pause(tmp_path: Path) -> None:
    """Clock 6 h. Bob (Amsterdam, CET) is away until 14:00 his time: his clock restarts, whole,
    at 13:00 UTC. Then every human pauses; a resume gives back the time that was left."""
    start = utc(2026, 3, 2, 9)
    async with table(
        tmp_path, 2, seed=3, start=start, render_boards=False, clock_tick_seconds=300
    ) as tb:
        alice, bob = tb.players
        await bob.slash(tb.channel, "caylus settings", time_zone="Europe/Amsterdam")
        prompt = await start_game(tb, 2, clock="6h")
        assert tb.awaited(prompt).id == bob.id
        assert stamp(start + timedelta(hours=6)) in prompt.content

        result = await bob.slash(tb.channel, "caylus away", until="2026-03-02 14:00")
        assert result.response.ephemeral and "You are away" in said(result)
        notice = tb.channel.last_message
        back_at, due = utc(2026, 3, 2, 13), utc(2026, 3, 2, 19)
        assert "is away from game #1 until" in notice.content and stamp(back_at) in notice.content
        assert f"decide by {stamp(due)}" in notice.content
        result = await alice.slash(tb.channel, "caylus board")
        assert "is away until" in said(result) and stamp(due) in said(result)
        refreshed = tb.fresh(prompt)  # the prompt itself was edited, not posted again
        assert "is away until" in refreshed.content and stamp(due) in refreshed.content
        assert components(refreshed)[0] and tb.last_prompt().id == prompt.id
        result = await bob.slash(tb.channel, "caylus mygames")
        assert "you are away until" in said(result)

        await advance(tb, 7)  # 16:00 UTC: the first deadline (15:00) passed, nothing expired
        assert expiries(tb) == []
        # one reminder: half time of the restarted clock [13:00, 19:00]
        assert [when(tb, m) for m in posted(tb, "Reminder:")] == [utc(2026, 3, 2, 16)]
        returned = [m for m in tb.channel.history() if "is back in game #1" in (m.content or "")]
        assert len(returned) == 1 and when(tb, returned[0]) == back_at

        # alice goes away and comes back early: both announced, her budget keeps the rest
        await alice.slash(tb.channel, "caylus away", until="2026-03-05")
        result = await alice.slash(tb.channel, "caylus back")
        assert "Welcome back" in said(result)
        assert "is back in game #1" in tb.channel.last_message.content

        result = await bob.slash(tb.channel, "caylus pause")
        assert "(1 of 2)" in tb.channel.last_message.content
        result = await alice.slash(tb.channel, "caylus pause")
        assert "is paused" in tb.channel.last_message.content
        result = await alice.slash(tb.channel, "caylus pause")
        assert "already paused" in said(result)
        result = await alice.slash(tb.channel, "caylus board")
        assert "The game is paused" in said(result)
        assert "The game is paused" in tb.fresh(prompt).content
        count = len(tb.channel.history())
        await advance(tb, 24)  # paused: no reminder, no expiry
        assert len(tb.channel.history()) == count

        await alice.slash(tb.channel, "caylus resume")  # 2026-03-03 16:00, 3 h were left
        resumed = tb.channel.last_message.content
        due = utc(2026, 3, 3, 19)
        assert "running again" in resumed and f"decide by {stamp(due)}" in resumed
        await advance(tb, 3)
        expired = expiries(tb)
        assert len(expired) == 1 and expired[0][0] == due
        assert tb.cog.clock_failures == 0 and tb.cog.unexpected_errors == 0


async def test_restart_with_a_pending_deadline(tmp_path: Path) -> None:
    """The bot is down from 19:00 to 23:00 while bob's half-time reminder (21:00) falls due:
    the new instance's first tick sends it once; later ticks do not repeat it."""
    start = utc(2026, 3, 2, 9)
    async with table(tmp_path, 2, seed=3, start=start, render_boards=False) as tb:
        alice, bob = tb.players
        prompt = await start_game(tb, 2)
        assert tb.awaited(prompt).id == bob.id
        await advance(tb, 10)
        assert posted(tb, "Reminder:") == []
        tb.clock.offset += timedelta(hours=4)  # four hours pass while no bot runs
        await tb.restart()
        await tb.env.settle()
        reminders = posted(tb, "Reminder:")
        assert len(reminders) == 1 and reminders[0].mentions[0].id == bob.id
        assert when(tb, reminders[0]) == utc(2026, 3, 2, 23)
        await advance(tb, 3)
        assert len(posted(tb, "Reminder:")) == 1  # not repeated
        await advance(tb, 8)  # 2 h before the deadline: 07:00
        reminders = posted(tb, "Reminder:")
        assert [when(tb, m) for m in reminders] == [utc(2026, 3, 2, 23), utc(2026, 3, 3, 7)]
        await advance(tb, 2)
        # the new instance found the old prompt in the channel and marked it
        assert "Time ran out: the clock played `pass`" in tb.fresh(prompt).content
        assert not tb.fresh(prompt).components
        assert tb.awaited(tb.last_prompt()).id == alice.id
        assert tb.cog.clock_failures == 0


async def test_expiry_catch_up_after_a_restart_lets_go_of_the_game_once_posted(
    tmp_path: Path,
) -> None:
    """The bot is down past bob's deadline: the new instance's first tick plays the default
    move and posts it (the old prompt marked, the next prompt), then keeps neither the game's
    states nor its untold events in the service's memory (a catch-up of thousands of expiries
    would leave them all for the garbage collector, docs/clock.md). Alice's answer reads the
    game from the store again and plays on."""
    start = utc(2026, 3, 2, 9)
    async with table(tmp_path, 2, seed=3, start=start, render_boards=False) as tb:
        alice, bob = tb.players
        prompt = await start_game(tb, 2)
        assert tb.awaited(prompt).id == bob.id
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        assert info is not None
        tb.clock.offset += timedelta(hours=25)  # the deadline passes while no bot runs
        await tb.restart()
        await tb.env.settle()
        assert "Time ran out: the clock played `pass`" in tb.fresh(prompt).content
        after_expiry = tb.last_prompt()
        assert tb.awaited(after_expiry).id == alice.id
        assert not tb.service.holds(info.id)
        await tb.step(pass_rate=1.0)
        assert tb.last_prompt().id != after_expiry.id  # alice's move was taken
        assert tb.service.holds(info.id)  # played again: held again
        assert tb.cog.clock_failures == 0 and tb.cog.unexpected_errors == 0


async def test_a_failing_notice_does_not_stop_the_loop(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=3, start=utc(2026, 3, 2, 9), render_boards=False) as tb:
        await start_game(tb, 2, clock="1h")

        async def broken(*args: Any) -> None:
            raise RuntimeError("Discord said no")

        tb.cog._remind = broken
        await advance(tb, 1)  # the half-time reminder fails (logged); the expiry still posts
        assert tb.cog.clock_failures == 1
        assert len(expiries(tb)) == 1
        assert tb.cog.clock_loop.is_running()


async def test_bad_input_is_answered_privately(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=3, start=utc(2026, 3, 2, 9), render_boards=False) as tb:
        alice, bob = tb.players
        result = await alice.slash(tb.channel, "caylus settings", time_zone="Mars/Olympus")
        assert result.response.ephemeral
        assert "'Mars/Olympus' is not a time zone I know" in said(result)
        result = await alice.slash(tb.channel, "caylus settings", quiet_hours="after lunch")
        assert "'after lunch' are not quiet hours" in said(result)
        result = await alice.slash(
            tb.channel, "caylus settings", time_zone="Asia/Tokyo", quiet_hours="25:00-7"
        )
        assert "are not quiet hours" in said(result)
        result = await alice.slash(tb.channel, "caylus settings")
        assert "Time zone: **UTC**" in said(result) and "Quiet hours: **none**" in said(result)

        result = await alice.slash(tb.channel, "caylus new", players=2, clock="forever")
        assert "'forever' is not a decision clock" in said(result)
        assert tb.channel.history() == []  # no lobby
        await start_game(tb, 2)
        result = await alice.slash(tb.channel, "caylus clock", time="2h")
        assert "can only be changed before the start" in said(result)
        result = await bob.slash(tb.channel, "caylus clock", reminders="half")
        assert "Only the host" in said(result)
        result = await alice.slash(tb.channel, "caylus clock", reminders="sometimes")
        assert "are not reminders" in said(result)
        result = await alice.slash(tb.channel, "caylus clock")
        assert "1 day per decision, reminders half, 2h" in said(result)

        count = len(tb.channel.history())
        result = await bob.slash(tb.channel, "caylus away", until="2026-03-01 12:00")
        assert result.response.ephemeral and "is already past" in said(result)
        result = await bob.slash(tb.channel, "caylus away", until="next week")
        assert "'next week' is not a date" in said(result)
        result = await bob.slash(tb.channel, "caylus away", until="2026-04-30")
        assert "7 away days" in said(result)
        result = await bob.slash(tb.channel, "caylus back")
        assert "nothing to come back from" in said(result)
        result = await bob.slash(tb.channel, "caylus resume")
        assert "not paused" in said(result)
        assert len(tb.channel.history()) == count  # nothing announced, nothing changed
        prompt = tb.last_prompt()
        assert stamp(utc(2026, 3, 3, 9)) in prompt.content
        assert components(prompt)[0]
        assert tb.cog.unexpected_errors == 0


async def test_mygames_lists_waiting_games_first(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=3, start=utc(2026, 3, 2, 9), render_boards=False) as tb:
        alice, bob = tb.players
        other = tb.guild.create_text_channel("caylus-2")
        await start_game(tb, 2, clock="3d")  # bob decides first here
        first = await start_game(tb, 2, channel=other)
        if tb.awaited(first).id == bob.id:  # make game #2 wait for alice
            await bob.slash(other, "caylus play", action="pass")
        assert tb.awaited(tb.last_prompt(other)).id == alice.id
        lines = said(await alice.slash(tb.channel, "caylus mygames")).splitlines()
        assert lines[0] == t.MYGAMES_TITLE
        assert lines[1].startswith("👉 **#2**") and f"<#{other.id}>" in lines[1]
        assert "**your decision** (place a worker or pass)" in lines[1]
        assert lines[2].startswith("• **#1**") and f"<#{tb.channel.id}>" in lines[2]
        assert "waiting for bob, until <t:" in lines[2]
        lines = said(await bob.slash(other, "caylus mygames")).splitlines()
        assert lines[1].startswith("👉 **#1**") and lines[2].startswith("• **#2**")
        outsider = tb.guild.add_member(tb.env.create_user("zoe"))
        assert t.MYGAMES_NONE in said(await outsider.slash(tb.channel, "caylus mygames"))


def test_help_names_the_clock_commands() -> None:
    for command in ("away", "back", "pause", "mygames", "settings"):
        assert re.search(rf"/caylus {command}\b", t.HELP)


async def test_host_sets_away_allowance_and_takeover_count_in_the_lobby(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=4, start=utc(2026, 3, 2, 9), render_boards=False) as tb:
        alice, bob = tb.players
        await tb.new_game(alice, players=2)
        result = await alice.slash(tb.channel, "caylus clock", away_days=3, takeover_after=2)
        assert "at most 3 away days" in said(result) and "after 2 missed" in said(result)
        result = await bob.slash(tb.channel, "caylus clock", takeover_after=5)
        assert "Only the host" in said(result)
        result = await alice.slash(tb.channel, "caylus clock")
        assert "at most 3 away days" in said(result) and "after 2 missed" in said(result)


async def test_the_health_file_is_written_by_a_working_clock_only(tmp_path: Path) -> None:
    """CAYLUS_HEALTH_FILE: rewritten after every clock run while the bot is connected and its
    database answers (`caylus health` reads it); a tick that fails leaves it alone."""
    health = tmp_path / "health"
    async with table(tmp_path, 2, seed=3, render_boards=False, health_file=str(health)) as tb:
        await advance(tb, 0.1)  # a few ticks of the loop
        assert health.exists()
        health.unlink()

        async def broken(*args: Any) -> None:
            raise RuntimeError("database gone")

        tb.cog.clock.tick = broken
        await advance(tb, 0.1)
        assert not health.exists()
        assert tb.cog.clock_failures >= 1
