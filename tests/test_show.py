"""The service says what to show (bot/service/show.py): one service call makes a move and
returns what the channel must see; the cogs turn it into Discord calls and never call the
engine (measured by bench/bench_calls.py, wrapping the service and the engines at runtime)."""

from __future__ import annotations

import random
from pathlib import Path

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
