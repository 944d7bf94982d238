"""The bot opens its own database in setup_hook (as `caylus bot` may), also after a restart."""

from __future__ import annotations

from pathlib import Path

from bot.app import create_bot
from tests.discord_harness import components, table


async def test_restart_where_the_bot_opens_the_database_itself(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=5) as tb:
        await tb.open_game(2)
        for _ in range(3):
            await tb.step(pass_rate=0.3)
        prompt = tb.last_prompt()
        decider = tb.awaited(prompt)
        await tb.env.settle()
        await tb.service.close()
        bot = create_bot(None, tb.settings)  # no service: setup_hook opens settings.database
        await tb.env.restart_bot(bot)
        tb.service = bot.service
        buttons = [b for b in components(prompt)[0] if b.custom_id.startswith("cay:b:")]
        result = await decider.click(prompt, custom_id=buttons[-1].custom_id)
        assert not result.followups  # the old button still plays
        assert tb.last_prompt().id != prompt.id


async def test_commands_in_a_channel_without_a_game_say_how_to_start_one(tmp_path: Path) -> None:
    from bot.words import text as t
    from tests.discord_harness import said

    async with table(tmp_path, 2, seed=6) as tb:
        alice = tb.players[0]
        for command, options in (
            ("caylus play", {"action": "pass"}),
            ("caylus board", {}),
            ("caylus join", {}),
            ("caylus start", {}),
            ("caylus board", {}),
        ):
            result = await alice.slash(tb.channel, command, **options)
            assert t.NO_GAME in said(result), command
            assert result.response.ephemeral, command
        assert tb.channel.history() == []  # nothing was posted in the channel
