"""What one bot process keeps per game and per press lasts no longer than the game
(docs/discord.md, "Memory"): a finished or aborted game leaves nothing in the cog, its lock goes
once nobody holds it, and the names it keeps are bounded."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

from bot.discord.cogs.base import NAMES_KEPT, GameLocks, Names
from tests.discord_harness import table
from tests.test_discord_clock import start_game

PER_GAME = (
    "prompts",
    "prompt_calls",
    "reminders",
    "undo_offers",
    "ahead_asks",
    "answered",
    "whole_boards",
    "so_far_posts",
)


def kept_for(cog: Any, game_id: int) -> dict[str, object]:
    """Everything the cog still keeps for `game_id`."""
    kept: dict[str, object] = {
        name: getattr(cog, name)[game_id] for name in PER_GAME if game_id in getattr(cog, name)
    }
    if game_id in cog.undo_swept:
        kept["undo_swept"] = True
    dms = [key for key in cog.ahead_dm_texts if key[0] == game_id]
    if dms:
        kept["ahead_dm_texts"] = dms
    if game_id in cog.service.chronicles:
        kept["chronicle"] = True
    return kept


async def test_a_finished_game_leaves_nothing_in_the_cog(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=5) as tb:
        await start_game(tb, 2)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        assert info is not None
        for _ in range(40):  # some moves in: the cog keeps the game's prompt and more
            await tb.step(pass_rate=0.5)
        midway = len(kept_for(tb.cog, info.id))
        assert midway > 0
        await tb.play_out(pass_rate=0.5)
        await tb.env.settle()
        assert (await tb.service.game(info.id)).status == "finished"
        assert kept_for(tb.cog, info.id) == {}
        assert info.id not in tb.service._cache  # the service's memory keeps games in play
        gc.collect()
        assert len(tb.cog.locks) == 0
        assert len(tb.service._locks) == 0
        assert (await tb.service.game(info.id)).status == "finished"  # read from the store


async def test_an_aborted_game_leaves_nothing_in_the_cog(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=6) as tb:
        await start_game(tb, 2)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        assert info is not None
        for _ in range(5):
            await tb.step(pass_rate=0.5)
        assert kept_for(tb.cog, info.id)
        await tb.players[0].slash(tb.channel, "caylus abort")
        assert (await tb.service.game(info.id)).status == "aborted"
        assert kept_for(tb.cog, info.id) == {}
        gc.collect()
        assert len(tb.cog.locks) == 0


async def test_a_game_lock_goes_once_nobody_holds_it_and_is_shared_while_held() -> None:
    locks = GameLocks()
    async with locks[7] as _:
        held = locks[7]
        assert held.locked()  # the same lock for a second caller while the first holds it
        assert len(locks) == 1
    del held
    gc.collect()
    assert len(locks) == 0


def test_the_names_kept_are_bounded_and_the_most_recent_stay() -> None:
    names = Names()
    for user_id in range(NAMES_KEPT + 10):
        names[user_id] = f"user {user_id}"
    assert len(names) == NAMES_KEPT
    assert 0 not in names and names[NAMES_KEPT + 9] == f"user {NAMES_KEPT + 9}"
    names[10] = "seen again"  # a name set again is the most recent
    names[NAMES_KEPT + 10] = "new"
    assert 10 in names and 11 not in names
