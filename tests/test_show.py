"""The service says what to show (bot/service/show.py): one service call makes a move and
returns what the channel must see; the cogs turn it into Discord calls and never call the
engine (measured by bench/bench_calls.py, wrapping the service and the engines at runtime)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bench import bench_calls
from bot.service import GameService
from bot.service.show import Played, Pressed

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def test_one_service_call_per_move_and_no_engine_call_from_a_cog() -> None:
    numbers = await bench_calls.measure(plays=8, presses=8, seed=3)
    assert numbers["play"]["count"] == 8 and numbers["press"]["count"] == 8
    # the move itself, and the report that its posts are out (the outbox's guarantee)
    assert numbers["play"]["median"] <= 2, numbers["play_calls"]
    assert numbers["press"]["median"] <= 2, numbers["press_calls"]
    assert set(numbers["play_calls"]) <= {"play", "posted", "keep_ahead_dm"}
    assert set(numbers["press_calls"]) <= {"press", "posted", "keep_ahead_dm"}
    assert numbers["engine_from_discord"] == 0, numbers["engine_calls"]


async def test_the_call_counter_counts_calls_made_from_the_discord_layer_only(
    tmp_path: Path,
) -> None:
    """The counter is not blind: a service call made by a cog counts, one made elsewhere
    (this test) does not."""
    counter = bench_calls.CallCounter()
    service = await GameService.open(tmp_path / "c.sqlite3", rng=random.Random(1))
    try:
        with bench_calls.counting(counter):
            assert await service.user_language(5) is None  # from here: not counted
            assert counter.take() == {}
            namespace: dict = {}
            code = compile(
                "async def call(service):\n    return await service.user_language(5)\n",
                bench_calls.DISCORD_LAYER + "fake_cog.py",
                "exec",
            )
            exec(code, namespace)
            await namespace["call"](service)
            assert counter.take() == {"user_language": 1}
        assert not hasattr(GameService.user_language, "__wrapped__")  # unwrapped after
    finally:
        await service.close()


def test_the_move_values_are_frozen() -> None:
    for kind in (Played, Pressed):
        assert kind.__dataclass_params__.frozen  # type: ignore[attr-defined]


async def test_service_play_returns_the_posts_and_prompt_and_posted_marks_them_delivered(
    tmp_path: Path,
) -> None:
    """`play` makes the move and reads the outbox at once: the row of that move, the prompt of
    the decision now pending (its game, state and who may answer ahead); nothing is delivered
    until `posted` says its messages are out."""
    from tests.discord_harness import table
    from tests.test_discord_clock import start_game

    async with table(tmp_path, 3, seed=2, render_boards=False, clock_loop=False) as tb:
        await start_game(tb, 3)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        user = info.awaiting_user_ids[0]
        played = await tb.service.play(tb.guild.id, tb.channel.id, user, "pass")
        assert played.before.id == info.id and played.view.seat is not None
        assert played.result.moves[0].action == "pass"
        posts = played.posts
        assert posts is not None and len(posts.posts) == 1
        assert posts.posts[0].entry.id == played.result.outbox_id
        assert posts.prompt is not None
        assert posts.prompt.game.awaiting_user_ids != [user]  # the next player is asked
        assert await tb.service.store.undelivered(info.id)  # not delivered before `posted`
        await tb.service.posted(posts.posts[0].entry.id, game_id=info.id, last=True)
        assert not await tb.service.store.undelivered(info.id)


async def test_service_press_refuses_a_button_copied_to_another_channel_and_plays_nothing(
    tmp_path: Path,
) -> None:
    from bot.words import errors as err
    from tests.discord_harness import table
    from tests.test_discord_clock import start_game

    async with table(tmp_path, 3, seed=2, render_boards=False, clock_loop=False) as tb:
        await start_game(tb, 3)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        user = info.awaiting_user_ids[0]
        with pytest.raises(err.ServiceError, match="belongs to game"):
            await tb.service.press(info.id, tb.channel.id + 1, user, "pass", info.version)
        assert (await tb.service.game(info.id)).seq == info.seq


async def test_service_change_turn_plan_adds_a_space_and_says_what_the_editor_shows(
    tmp_path: Path,
) -> None:
    """The turn plan editor's operations are the service's: adding a space to the plan of a
    player who is placing now returns the editor's facts with that space in the plan."""
    from tests.discord_harness import table
    from tests.test_discord_clock import start_game

    async with table(tmp_path, 3, seed=2, render_boards=False, clock_loop=False) as tb:
        await start_game(tb, 3)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        user = info.awaiting_user_ids[0]
        opened = await tb.service.change_turn_plan(info.id, tb.channel.id, user, "o", None)
        assert opened.posts is None and opened.editor is not None
        target = opened.editor.options[0].target
        added = await tb.service.change_turn_plan(info.id, None, user, "a", target)
        assert added.editor is not None and added.editor.progress is not None
        assert [e.target for e in added.editor.progress.plan.entries] == [target]
        cleared = await tb.service.change_turn_plan(info.id, None, user, "x", None)
        assert cleared.editor is not None
        assert cleared.editor.progress is None or not cleared.editor.progress.plan.entries


async def test_undo_and_opening_the_turn_plan_editor_take_one_service_call_each(
    tmp_path: Path,
) -> None:
    """`/caylus undo`: the undo with its posts, then `posted`; "Plan my turn": one call."""
    from tests.discord_harness import said, table
    from tests.test_discord_clock import start_game

    counter = bench_calls.CallCounter()
    async with table(tmp_path, 3, seed=2, render_boards=False, clock_loop=False) as tb:
        prompt = await start_game(tb, 3)
        actor = tb.awaited(prompt)
        with bench_calls.counting(counter):
            await actor.slash(tb.channel, "caylus play", action="pass")
            assert counter.take() == {"play": 1, "posted": 1}
            undone = await actor.slash(tb.channel, "caylus undo")
            assert "Taken back" in said(undone), said(undone)
            assert counter.take() == {"take_back": 1, "posted": 1}
            prompt = tb.last_prompt()
            opened = await tb.awaited(prompt).click(prompt, label="Plan my turn")
            assert said(opened)
            assert counter.take() == {"change_turn_plan": 1}
        assert tb.cog.unexpected_errors == 0


async def test_a_move_saved_before_its_posts_fail_to_read_is_told_as_played_and_posted_later(
    tmp_path: Path,
) -> None:
    """The store fails while the channel's posts are read after the move was saved: the player
    is told the move was played (not "nothing was changed"), and the scheduler posts the
    undelivered rows later."""
    from tests.discord_harness import said, table
    from tests.test_discord_clock import start_game

    async with table(tmp_path, 3, seed=2, render_boards=False, clock_loop=False) as tb:
        prompt = await start_game(tb, 3)
        actor = tb.awaited(prompt)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        real = tb.service.ask_now
        failures = [OSError("the database went away for a moment")]

        async def flaky(game_id: int, **kwargs: Any) -> object:
            if failures:
                raise failures.pop()
            return await real(game_id, **kwargs)

        tb.service.ask_now = flaky  # type: ignore[method-assign]
        reply = await actor.slash(tb.channel, "caylus play", action="pass")
        assert "nothing was changed" not in said(reply)
        after = await tb.service.game(info.id)
        assert after.seq == info.seq + 1
        assert await tb.service.store.undelivered(info.id)
        await tb.cog.deliver_due(tb.clock.now())
        assert not await tb.service.store.undelivered(info.id)
        assert tb.cog.unexpected_errors == 0
