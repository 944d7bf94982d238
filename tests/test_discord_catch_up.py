"""Catch me up (docs/discord.md, "Catch me up"): privately, what happened since the player's
last move: the accounts the channel was told since, the card of now with the changes since
then, where the game stands and the player's plans; from the prompt's button and /caylus me.
A Magna Carta catch-up shows no hidden card."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.words.lang import t
from tests.discord_harness import components, table
from tests.test_discord_magna_carta import NAME_PATTERN, hidden_only, mc_step


def catch_up_button(message: Any) -> Any:
    return next(b for b in components(message)[0] if b.custom_id.startswith("cay:k:"))


def reply_of(result: Any) -> Any:
    return result.followups[-1] if result.followups else result.response


async def test_catch_up_caylus_tells_what_happened_since_my_last_move(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=3) as tb:
        await tb.open_game(3)
        for _ in range(12):
            await tb.step(pass_rate=0.3)
        prompt = tb.last_prompt()
        info = await tb.service.game(1)
        record = await tb.service.record(1)
        # the player whose last move is the oldest: the most to catch up on
        last = {
            s.seat: max(k for k, x in enumerate(record.seats) if x == s.seat) for s in info.seats
        }
        seat = min(last, key=last.__getitem__)
        reader = next(p for p in tb.players if p.id == info.seats[seat].user_id)
        before = len(tb.channel.history())
        reply = reply_of(await reader.click(prompt, custom_id=catch_up_button(prompt).custom_id))
        assert reply.ephemeral and len(tb.channel.history()) == before  # private, nothing posted
        moves = len(record.actions) - (last[seat] + 1)
        text = reply.content
        assert text.startswith(t.CATCH_UP_TITLE.format(moves, game_id=1))
        # the accounts of the phases since, as the channel was told them
        assert "**Turn " in text and "•" in text
        for account in [
            m.content for m in tb.seen_posts() if (m.content or "").startswith("**Turn ")
        ][-1:]:
            assert account.splitlines()[0].split("**")[1] in text or "earlier phase" in text
        assert "game waits for" in text or "your decision" in text
        assert t.ME_NO_PLANS in text or "Your plans" in text
        # the card of now, with what changed since then
        assert next(a.filename for a in reply.message.attachments).startswith("caylus_t")
        # /caylus me has the button too, and the awaited player's catch-up says it is theirs
        awaited = tb.awaited(prompt)
        me = (await awaited.slash(tb.channel, "caylus me")).response
        again = reply_of(
            await awaited.click(me.message, custom_id=catch_up_button(me.message).custom_id)
        )
        assert "**Now it is your decision:**" in again.content
        assert tb.cog.unexpected_errors == 0


async def test_catch_up_with_nothing_new_and_for_someone_without_a_seat(tmp_path: Path) -> None:
    async with table(tmp_path, 4, seed=4, render_boards=False) as tb:
        await tb.open_game(3)
        prompt = tb.last_prompt()
        await tb.step(pass_rate=1.0)
        mover = next(p for p in tb.players if p.id == tb.awaited(prompt).id)
        prompt = tb.last_prompt()
        reply = reply_of(await mover.click(prompt, custom_id=catch_up_button(prompt).custom_id))
        assert reply.content.startswith(t.CATCH_UP_NOTHING.format(game_id=1))
        outsider = tb.players[3]
        reply = reply_of(await outsider.click(prompt, custom_id=catch_up_button(prompt).custom_id))
        assert reply.ephemeral and reply.content == t.ME_NO_SEAT.format(game_id=1)
        assert tb.cog.unexpected_errors == 0


async def test_catch_up_magna_carta_shows_no_hidden_card(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=24) as tb:
        await tb.open_game(2, bots=1, game="magna-carta")
        rng = random.Random(5)
        checked = 0
        for _ in range(40):
            prompt = tb.last_prompt()
            if prompt is None:
                break
            state = await tb.service.state(1)
            for reader in tb.players:
                reply = reply_of(
                    await reader.click(prompt, custom_id=catch_up_button(prompt).custom_id)
                )
                seat = (await tb.service.game(1)).seat_of(reader.id).seat
                # nothing hidden from the channel, the reader's own hand included
                secret = hidden_only(state)
                assert not set(NAME_PATTERN.findall(reply.content)) & secret, reply.content
                names = [a.filename for a in reply.message.attachments]
                assert all("hand" not in n for n in names)
                checked += 1
                assert seat is not None
            await mc_step(tb, rng)
        assert checked > 20
        assert tb.cog.unexpected_errors == 0


async def test_catch_up_shows_a_turn_plan_in_the_words_of_caylus_me(tmp_path: Path) -> None:
    """A turn plan reads in Catch me up as in /caylus me ("Turn plan: Castle → …"), not in its
    stored notation ("turn 1: castle → castle all; …")."""
    async with table(tmp_path, 3, seed=3, render_boards=False) as tb:
        await tb.open_game(3)
        prompt = tb.last_prompt()
        awaited = tb.awaited(prompt)
        planner = next(p for p in tb.players if p.id != awaited.id)
        plan = await tb.service.suggest_turn_plan(1, planner.id)
        assert plan.entries
        await tb.service.set_turn_plan(1, planner.id, plan)
        me = (await planner.slash(tb.channel, "caylus me")).response.content
        line = next(x for x in me.splitlines() if x.startswith("Turn plan: "))
        reply = reply_of(await planner.click(prompt, custom_id=catch_up_button(prompt).custom_id))
        assert line in reply.content, reply.content
        assert plan.text not in reply.content
        assert tb.cog.unexpected_errors == 0
