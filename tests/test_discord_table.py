"""At the table, as a player reads it: prompts that say where and why, warnings on choices that
throw away a placed worker, what an option does on its button, the favor after the account that
explains it, a spectator's /caylus me, /caylus help for every figure, no buttons left after the
end. Games are brought to the situation through the game service (seeded), then everything the
channel shows is posted by the bot as usual and read here."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.games.caylus.prompts import commitment_warnings
from engine import caylus
from engine.caylus import catalogue as cat
from tests.discord_harness import Table, components, said, table
from tests.test_discord_clock import start_game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def reach(
    tb: Table, predicate: Callable[[Any], bool], seed: int = 1, limit: int = 4000
) -> Any:
    """Play random legal moves through the service until `predicate(state)`, then let the bot
    post everything (accounts, the prompt) as it would have. Returns the state."""
    info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
    gid = info.id
    users = {s.seat: s.user_id for s in info.seats}
    state = await tb.service.state(gid)
    rng = random.Random(seed)
    for _ in range(limit):
        if caylus.outcome(state) is not None:
            raise AssertionError("the game ended before the situation came up")
        if predicate(state):
            break
        seat = caylus.pending(state)[0].seat
        legal = caylus.legal_actions(state, seat)
        quiet = [a for a in legal if str(a) in ("pass", "skip")]
        action = quiet[0] if quiet and rng.random() < 0.3 else rng.choice(legal)
        state = (await tb.service.act(gid, users[seat], str(action), None)).state
    else:
        raise AssertionError("the situation did not come up")
    async with tb.cog.locks[gid]:
        assert await tb.cog.deliver(gid) is None
    return state


def labels(message: Any) -> list[str]:
    buttons, menus = components(message)
    return [b.label for b in buttons] + [o.label for m in menus for o in m.options]


async def test_an_owner_prompt_names_the_building_and_who_used_it(tmp_path: Path) -> None:
    async with table(tmp_path, 4, seed=9, render_boards=False) as tb:
        await start_game(tb, 4)
        state = await reach(
            tb, lambda s: s.decision is not None and s.decision.kind == "owner", seed=3
        )
        d = state.decision
        where = f"{cat.TILES[state.road[d.at - 1]].name} ({d.at})"
        names = {p.id: p.user.name for p in tb.players}
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        user = info.seats[state.workers[d.at - 1]].user_id
        prompt = tb.last_prompt()
        expected = f"choose your owner's cube from the {where}, used by {names[user]}"
        assert expected in prompt.content


async def test_a_production_prompt_names_the_building(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=2, render_boards=False) as tb:
        await start_game(tb, 3)
        state = await reach(
            tb, lambda s: s.decision is not None and s.decision.kind == "produce", seed=3
        )
        d = state.decision
        where = f"{cat.TILES[state.road[d.at - 1]].name} ({d.at})"
        assert f"choose what the {where} produces" in tb.last_prompt().content


async def test_every_phase_5_prompt_names_its_building(tmp_path: Path) -> None:
    kinds = {"build", "sell", "buy", "church", "tailor", "bank", "alchemist", "jeweller"}
    async with table(tmp_path, 3, seed=4, render_boards=False) as tb:
        await start_game(tb, 3)
        state = await reach(
            tb,
            lambda s: s.phase == 5 and s.decision is not None and s.decision.kind in kinds,
        )
        d = state.decision
        assert f"({d.at})" in tb.last_prompt().content
        assert cat.TILES[state.road[d.at - 1]].name in tb.last_prompt().content


async def test_a_favor_prompt_says_why_after_the_account_that_explains_it(
    tmp_path: Path,
) -> None:
    async with table(tmp_path, 3, seed=5, render_boards=False) as tb:
        await start_game(tb, 3)
        state = await reach(tb, lambda s: s.decision is not None and s.decision.kind == "favor")
        why = state.decision.why
        assert why
        history = tb.channel.history()
        prompt = tb.last_prompt()
        assert f"choose a royal favor (won for {why})" in prompt.content
        at = [m.id for m in history].index(prompt.id)
        told = [
            k for k, m in enumerate(history) if f"wins a royal favor ({why})" in (m.content or "")
        ]
        assert told and told[-1] < at  # the account comes first


async def test_a_phase_told_so_far_before_a_favor_is_told_whole_and_the_so_far_message_goes(
    tmp_path: Path,
) -> None:
    """What won a favor is told before the favor's prompt ("(so far)"); when the phase ends
    its account tells the whole phase, and the message that told it so far is removed, so
    the channel tells each phase once."""
    async with table(tmp_path, 3, seed=5, render_boards=False) as tb:
        await start_game(tb, 3)
        state = await reach(tb, lambda s: s.decision is not None and s.decision.kind == "favor")
        turn, phase = state.turn, state.phase
        header = f"**Turn {turn} · {phase}."
        so_far = [m for m in tb.channel.history() if (m.content or "").startswith(header)]
        assert len(so_far) == 1 and "(so far)" in so_far[0].content.split("\n")[0]
        lines = so_far[0].content.split("\n")[1:]
        assert lines
        for _ in range(200):
            now = await tb.service.state((await tb.service.store.games())[-1].id)
            if (now.turn, now.phase) != (turn, phase):
                break
            await tb.step(pass_rate=0.5)
        else:
            raise AssertionError("the phase did not end")
        accounts = [m for m in tb.channel.history() if header in (m.content or "")]
        assert len(accounts) == 1, [m.content for m in accounts]
        assert "(so far)" not in accounts[0].content
        told = accounts[0].content.split("\n")
        assert all(line in told for line in lines), (lines, told)


async def test_a_choice_that_leaves_no_castle_batch_is_marked(tmp_path: Path) -> None:
    def breaks_castle(state: Any) -> bool:
        d = state.decision
        if d is None or d.kind in ("place", "castle"):
            return False
        legal = caylus.legal_actions(state, d.seat)
        found = commitment_warnings(state, d.seat, legal, ["a", "b", "c"])
        return any("no batch for the castle" in w for w in found.values())

    async with table(tmp_path, 3, seed=1, render_boards=False) as tb:
        await start_game(tb, 3)
        await reach(tb, breaks_castle, seed=3, limit=8000)
        prompt = tb.last_prompt()
        shown = labels(prompt)
        assert any("⚠ leaves no batch for the castle: −2 PP" in x for x in shown), shown


async def test_buttons_say_what_an_option_does(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=7, render_boards=False) as tb:
        await start_game(tb, 3)
        await reach(tb, lambda s: s.decision is not None and s.decision.kind == "bribe")
        buttons, _ = components(tb.last_prompt())
        moves = [b.label for b in buttons if b.label.startswith("Provost")]
        assert moves and all("will act" in x for x in moves), moves


async def test_a_spectator_is_told_they_have_no_seat(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=8, render_boards=False) as tb:
        await start_game(tb, 2)
        watcher = tb.players[2]
        result = await watcher.slash(tb.channel, "caylus me")
        answer = said(result)
        assert "You have no seat in game #1" in answer and "not your decision" not in answer


FIGURES = {
    "provost": "provost",
    "bailiff": "bailiff",
    "castle": "castle",
    "gate": "gate",
    "stables": "stables",
    "inn": "inn",
    "joust": "joust",
    "guild": "guild",
    "trading post": "trading",
    "bridge": "bridge",
}


async def test_rules_know_every_figure_and_special_space(tmp_path: Path) -> None:
    async with table(tmp_path, 1, seed=9, render_boards=False) as tb:
        alice = tb.players[0]
        for typed, key in FIGURES.items():
            offered = await alice.autocomplete(tb.channel, "caylus help", "topic", typed[:4])
            assert key in [c["value"] for c in offered], (typed, offered)
            answer = said(await alice.slash(tb.channel, "caylus help", topic=typed))
            assert "I know no" not in answer and len(answer) > 60, (typed, answer)
        for k in range(1, 8):
            answer = said(await alice.slash(tb.channel, "caylus help", topic=f"phase {k}"))
            assert f"Phase {k}" in answer
        answer = said(await alice.slash(tb.channel, "caylus help", topic="dragon"))
        assert "I know no" in answer


async def test_no_buttons_are_left_after_the_game_ends(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=10, render_boards=False) as tb:
        await tb.open_game(1, bots=1)
        await tb.play_out(pass_rate=0.7)
        assert not [m for m in tb.channel.history() if m.components]
