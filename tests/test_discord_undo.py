"""Undo through the simulated Discord: the Undo button on the confirmation of a move and
`/caylus undo`; the channel is told, naming the player asked next without a ping, the stale
prompt loses its buttons, the player is asked again without a ping (an undo pings nobody);
refusals are private and change nothing; the button survives a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.words import text as t
from tests.discord_harness import components, said, table


def pinged(tb: Any, message: Any) -> set[int]:
    """Who the message notified (not merely named): the simulated Discord's record of it."""
    return set(tb.env.backend.messages[tb.channel.id][message.id].ping_user_ids)


def _undo_button(message: Any) -> Any:
    buttons, _ = components(message)
    found = [b for b in buttons if (b.custom_id or "").startswith("cay:u:")]
    return found[0] if found else None


async def _place(player: Any, prompt: Any) -> Any:
    """Pick the first building of the placement menu (a placement, not a pass)."""
    _, menus = components(prompt)
    menu = next(m for m in menus if (m.custom_id or "").startswith("cay:s:"))
    value = next(
        o.value for o in menu.options if o.value.startswith("place ") and "|" not in o.value
    )
    return await player.select(prompt, [value], custom_id=menu.custom_id)


async def test_undo_button_then_refusals_then_command(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=3, render_boards=False) as tb:
        await tb.open_game(2)
        prompt = tb.last_prompt()
        first = tb.awaited(prompt)
        second = next(p for p in tb.players if p is not first)
        state_before = (await tb.service.state(1)).model_dump_json()
        await _place(first, prompt)
        answered = tb.fresh(prompt)
        button = _undo_button(answered)
        assert button is not None, tb.transcript()  # the confirmation carries Undo
        next_prompt = tb.last_prompt()
        assert tb.awaited(next_prompt) is second

        # someone else's Undo: refused, privately, nothing changes
        version = (await tb.service.game(1)).version
        result = await second.click(answered, custom_id=button.custom_id)
        assert "Only your own last move" in said(result) and result.response.ephemeral
        assert (await tb.service.game(1)).version == version

        await tb.env.advance_time(3600)  # an hour later (the clock: see below)
        # a restart: the button still works
        await tb.restart()
        posts = len(tb.channel.history())
        result = await first.click(tb.fresh(answered), custom_id=button.custom_id)
        assert "Taken back" in said(result), said(result)
        assert (await tb.service.state(1)).model_dump_json() == state_before
        new = tb.channel.history()[posts:]
        notice = next(m for m in new if "took back their move" in (m.content or ""))
        # the player asked next is named, not mentioned: an undo pings nobody
        assert pinged(tb, notice) == set() and "<@" not in notice.content
        assert f"{second.name}: that move is undone" in notice.content
        assert t.PROMPT_UNDONE in tb.fresh(next_prompt).content  # the stale prompt says so
        assert not components(tb.fresh(next_prompt))[0]  # and lost its buttons
        again = tb.last_prompt()
        assert tb.awaited(again) is first and again.id != next_prompt.id
        assert pinged(tb, again) == set()  # asked again, without a ping: they know
        # the clock of the decision is the one it had: taking a move back buys no time
        deadline = [line for line in prompt.content.splitlines() if "<t:" in line]
        assert deadline and deadline == [
            line for line in again.content.splitlines() if "<t:" in line
        ]
        assert _undo_button(tb.fresh(answered)) is None  # the pressed Undo is gone

        # /caylus undo with nothing of theirs to take back
        result = await first.slash(tb.channel, "caylus undo")
        assert "no move to take back" in said(result)
        # play, the other answers, then undo is refused with the reason
        await _place(first, again)
        await tb.step(pass_rate=0.0)
        result = await first.slash(tb.channel, "caylus undo")
        assert "only while nobody has moved since" in said(result)
        # the other one takes theirs back with the command
        last_prompt = tb.last_prompt()
        result = await second.slash(tb.channel, "caylus undo")
        assert "Taken back" in said(result)
        assert tb.awaited(tb.last_prompt()) is second
        assert t.PROMPT_UNDONE in tb.fresh(last_prompt).content
        assert tb.cog.unexpected_errors == 0
