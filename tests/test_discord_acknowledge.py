"""Every entry point acknowledges its interaction (defer) before it reads the store: Discord
drops an interaction not acknowledged within three seconds, and a store read under load can take
longer. The order is recorded in SimCord: each store primitive notes how many REST calls the bot
had made when it was called; the interaction's acknowledgement (its callback) must come first."""

from __future__ import annotations

from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import discord
import pytest

from tests.discord_harness import Table, components, said, table
from tests.test_discord_clock import start_game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# The store's primitives: every read and write of the database goes through one of them.
PRIMITIVES = ("_all", "write", "game_with_seats", "_read_columns")
# A value for each required option of a command (a new one needs a value here).
REQUIRED = {"action": "pass", "until": "2026-12-24", "seat": 2, "game": 1}
# Optional options that take another road to the store.
MORE = {
    "help": [{"topic": "farm"}],
    "settings": [{"language": "de"}, {"time_zone": "Europe/Paris"}],
    "clock": [{"time": "12h"}],
    "leaderboard": [{"game": "magna-carta"}],
}


class StoreCalls:
    """The store primitives called, each with the number of REST calls made before it."""

    def __init__(self, tb: Table) -> None:
        self.requests = tb.env.backend.http_requests
        self.calls: list[tuple[str, int]] = []
        store = tb.service.store
        for name in PRIMITIVES:
            setattr(store, name, self._noting(name, getattr(store, name)))

    def _noting(self, name: str, real: Any) -> Any:
        if name == "write":  # not a coroutine function in every backend: wrap the awaitable

            def write(*args: Any, **kwargs: Any) -> Awaitable[Any]:
                self.calls.append((name, len(self.requests)))
                return real(*args, **kwargs)

            return write

        async def noted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, len(self.requests)))
            return await real(*args, **kwargs)

        return noted

    async def check(self, what: str, act: Awaitable[Any]) -> Any:
        """Run the interaction `act`; its acknowledgement comes before its first store call."""
        start = len(self.requests)
        del self.calls[:]
        result = await act
        callbacks = [
            k
            for k in range(start, len(self.requests))
            if self.requests[k].method == "POST" and self.requests[k].path.endswith("/callback")
        ]
        assert callbacks, f"{what}: never acknowledged"
        acknowledged = callbacks[0]
        early = [name for name, made in self.calls if made <= acknowledged]
        assert not early, f"{what}: read the store ({', '.join(early)}) before acknowledging"
        return result


def _commands(tb: Table) -> list[Any]:
    group = next(c for c in tb.env.bot.tree.get_commands() if c.name == "caylus")
    # abort last: it ends the game the others look at
    return sorted(group.commands, key=lambda c: (c.name == "abort", c.name))


async def test_every_command_acknowledges_before_the_first_store_read(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=21, render_boards=False, clock_loop=False) as tb:
        first = await start_game(tb, 2)
        carol = tb.players[2]  # not seated
        calls = StoreCalls(tb)
        tried = 0
        for command in _commands(tb):
            required = {
                p.display_name: REQUIRED[p.display_name] for p in command.parameters if p.required
            }
            for options in [required, *({**required, **o} for o in MORE.get(command.name, []))]:
                for who in (tb.awaited(first), carol):  # a player, and someone not seated
                    what = f"/caylus {command.name} {options} by {who.user.name}"
                    result = await calls.check(
                        what, who.slash(tb.channel, f"caylus {command.name}", **options)
                    )
                    assert said(result), f"{what}: no answer"
                    tried += 1
        assert tried >= 2 * 30
        assert tb.cog.unexpected_errors == 0 and tb.cog.expired_interactions == 0


async def test_every_button_and_menu_acknowledges_before_the_first_store_read(
    tmp_path: Path,
) -> None:
    async with table(tmp_path, 3, seed=22, render_boards=False, clock_loop=False) as tb:
        alice, bob, _carol = tb.players
        calls = StoreCalls(tb)
        await calls.check("/caylus new", tb.new_game(alice, players=3))
        lobby = tb.channel.last_message
        await calls.check("Join", bob.click(lobby, label="Join"))
        await calls.check("Add bot", alice.click(lobby, label="Add bot"))
        await calls.check("Start", alice.click(lobby, label="Start"))
        done: set[str] = set()
        for pressed in range(1, 7):  # buttons and menus of prompts
            prompt = tb.last_prompt()
            actor = tb.awaited(prompt)
            buttons, menus = components(prompt)
            choice = [b for b in buttons if b.custom_id.startswith("cay:b:")]
            menu = [m for m in menus if m.custom_id.startswith("cay:s:")]
            if menu and pressed % 2 == 0:
                value = menu[0].options[0].value
                act = actor.select(prompt, [value], custom_id=menu[0].custom_id)
                done.add("menu")
            else:
                act = actor.click(prompt, custom_id=choice[-1].custom_id)
            result = await calls.check(f"prompt {prompt.content[:40]!r}", act)
            # the answered prompt, unless a phase's account already told it (then it is gone)
            kept = [m for m in tb.channel.history() if m.id == prompt.id]
            undo = [b for m in kept for b in components(m)[0] if b.custom_id.startswith("cay:u:")]
            if undo and "undo" not in done:
                done.add("undo")
                act = actor.click(kept[0], custom_id=undo[0].custom_id)
                await calls.check("Undo", act)
            assert result.acknowledged
        assert done == {"menu", "undo"}
        assert tb.cog.unexpected_errors == 0 and tb.cog.expired_interactions == 0


async def test_autocomplete_asks_discord_nothing_but_to_send_its_choices(tmp_path: Path) -> None:
    """An autocomplete cannot be deferred: it reads the store by key and the names this process
    knows, and never waits on Discord for a member it does not know (after a restart)."""
    async with table(tmp_path, 2, seed=23, render_boards=False, clock_loop=False) as tb:
        first = await start_game(tb, 2)
        actor = tb.awaited(first)
        await tb.restart()  # nothing in memory: no names known
        requests = tb.env.backend.http_requests
        start = len(requests)
        offered = await actor.autocomplete(tb.channel, "caylus play", "action", "")
        assert offered
        made = [(r.method, r.path) for r in requests[start:]]
        assert len(made) == 1 and made[0][1].endswith("/callback"), made
        assert tb.cog.unexpected_errors == 0


def premove_menu(game_id: int) -> discord.ui.View:
    """The premove menu an earlier version posted privately (its presses are still answered:
    the turn plan editor took its place)."""
    from bot.discord.items import PremoveCancel, PremoveSelect

    view = discord.ui.View(timeout=None)
    view.add_item(PremoveSelect(game_id, [discord.SelectOption(label="a space", value="place 7")]))
    view.add_item(PremoveCancel(game_id))
    return view


async def test_every_private_button_and_menu_acknowledges_before_the_first_store_read(
    tmp_path: Path,
) -> None:
    """The buttons and menus of the private replies (My hand, My choices and its answers, the
    premoves, /caylus me's orders and plans, /caylus history's pages, /caylus replay's buttons
    and turns), each pressed on a copy the bot posts for the running game."""
    from bot.discord.views import (
        choice_view,
        history_view,
        orders_view,
        questions_view,
        replay_view,
        turn_plan_view,
    )
    from bot.games.layout import Choice, Layout

    async with table(tmp_path, 2, seed=24, render_boards=False, clock_loop=False) as tb:
        first = await start_game(tb, 2)
        actor = tb.awaited(first)
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        assert info is not None
        gid, version = info.id, info.version
        views = [
            choice_view(gid, version, Layout(), hand=True, choices=True),
            premove_menu(gid),
            turn_plan_view(
                gid,
                [Choice("castle", "a space")],
                [Choice("else=pass", "pass")],
                back=True,
                standing=False,
            ),
            questions_view(gid, version, [("inn", "the inn", [Choice("stay", "stay")])]),
            orders_view(gid, {}, cancel=True),
            history_view(None, 1, 2),
            replay_view(gid, 1, 3, [("start", 0), ("turn 2", 2)], hand=True),
        ]
        channel = tb.env.bot.get_channel(tb.channel.id)
        calls = StoreCalls(tb)
        pressed: set[str] = set()
        for view in views:
            await channel.send("a copy", view=view)
            message = tb.channel.last_message
            buttons, menus = components(message)
            for button in buttons:
                if button.disabled:
                    continue
                act = actor.click(message, custom_id=button.custom_id)
                await calls.check(button.custom_id, act)
                pressed.add(button.custom_id.split(":")[1])
            for menu in menus:
                act = actor.select(message, [menu.options[0].value], custom_id=menu.custom_id)
                await calls.check(menu.custom_id, act)
                pressed.add(menu.custom_id.split(":")[1])
        assert pressed == {"h", "c", "q", "x", "t", "a", "o", "p", "y", "r", "rj"}
        assert tb.cog.unexpected_errors == 0 and tb.cog.expired_interactions == 0


async def test_acknowledged_commands_still_ask_discord_for_names_they_do_not_know(
    tmp_path: Path,
) -> None:
    """Only the autocompletes keep to the names this process knows: an acknowledged command
    (here /caylus board and /caylus log after a restart) has the time to ask Discord."""
    async with table(tmp_path, 2, seed=25, render_boards=False, clock_loop=False) as tb:
        first = await start_game(tb, 2)
        actor = tb.awaited(first)
        quiet = [b for b in components(first)[0] if b.label.startswith(("Pass", "Skip"))]
        await actor.click(first, custom_id=quiet[0].custom_id)
        await tb.restart()  # nothing in memory: no names known
        for command in ("caylus board", "caylus log"):
            answer = said(await tb.players[1].slash(tb.channel, command))
            assert actor.user.name in answer, (command, answer)
