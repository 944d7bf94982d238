"""Fewer round trips, in the simulated Discord (docs/pace.md): an answer given with a placement,
the premove queue (and its cancel), standing orders from /caylus settings and /caylus me, the
questions ahead ("My choices", answered in parallel), the castle in one decision, a plan that
is no longer possible falling back to a prompt, plans kept across a restart."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from engine import caylus
from tests.discord_harness import Table, components, said, table
from tests.test_discord_clock import start_game
from tests.test_discord_replay import reply_of
from tests.test_discord_table import reach

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def menu_with(message: Any, fragment: str) -> Any:
    _, menus = components(message)
    return next(m for m in menus if any(fragment in o.value for o in m.options))


def planned_rows(tb: Table, game_id: int) -> list[tuple[int, str]]:
    with sqlite3.connect(tb.database) as conn:
        return conn.execute(
            "SELECT seat, action FROM actions WHERE game_id = ? AND planned = 1 ORDER BY seq",
            (game_id,),
        ).fetchall()


async def game_id(tb: Table) -> int:
    info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
    return info.id


async def test_a_placement_carries_its_production_choice(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=3, render_boards=False) as tb:
        first = await start_game(tb, 3)
        gid = await game_id(tb)
        actor = tb.awaited(first)
        seat = next(s.seat for s in (await tb.service.game(gid)).seats if s.user_id == actor.id)
        road = menu_with(first, "|take ")
        option = next(o for o in road.options if "|take " in o.value)
        assert "→ Take" in option.label  # "Farm (5) — 1 d → Take 1 cloth"
        place, _, answer = option.value.partition("|")
        result = await actor.select(first, [option.value], custom_id=road.custom_id)
        assert "chose" in tb.fresh(first).content
        # the turn plan editor follows privately, the choice is kept for phase 5
        assert any(f.ephemeral and "Your turn plan in game" in f.content for f in result.followups)
        questions = await tb.service.questions_for(gid, actor.id)
        at = int(place.split()[1])
        assert any(q.kind == "produce" and q.at == at and q.planned == answer for q in questions)
        # when phase 5 reaches that farm, it is played for the player without a prompt
        state = await reach(tb, lambda s: s.phase == 5 and s.cursor > at, seed=1)
        assert (seat, answer) in planned_rows(tb, gid)
        assert state.phase == 5
        assert "(planned)" in tb.transcript()


async def test_the_turn_plan_offered_after_a_placement_and_its_cancel(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=4, render_boards=False) as tb:
        first = await start_game(tb, 2)
        gid = await game_id(tb)
        actor = tb.awaited(first)
        road = menu_with(first, "place ")
        plain = next(o for o in road.options if "|" not in o.value)
        result = await actor.select(first, [plain.value], custom_id=road.custom_id)
        offer = next(f for f in result.followups if "Your turn plan in game" in f.content)
        assert offer.ephemeral
        _, menus = components(offer.message)
        add = next(m for m in menus if m.custom_id.endswith(":a"))
        target = next(o.value for o in add.options if "|" not in o.value)
        edited = await actor.select(offer.message, [target], custom_id=add.custom_id)
        assert "1. " in edited.response.content  # the editor is edited in place
        plan = (await tb.service.plans_of(gid, actor.id)).turn_plan
        assert plan is not None and [e.target for e in plan.entries] == [target]
        # /caylus me shows it with where it stands, and "cancel all my plans"
        me = await actor.slash(tb.channel, "caylus me")
        assert "Turn plan:" in said(me)
        message = me.followups[-1] if me.followups else me.response
        buttons, _ = components(message.message)
        assert any(b.label == "Plan my turn" for b in buttons)
        cancel = next(b for b in buttons if b.label == "Cancel all my plans")
        cancelled = await actor.click(message, custom_id=cancel.custom_id)
        assert "are cancelled" in said(cancelled)
        assert (await tb.service.plans_of(gid, actor.id)).turn_plan is None


async def test_plan_my_turn_from_the_prompt_plays_the_plan_privately(tmp_path: Path) -> None:
    """Someone who is not placing now presses "Plan my turn" on the channel's prompt, adds a
    space with its answer and "else pass" in the private editor; nothing in the channel
    changes; their placement is then played for them, marked planned, with its answer kept."""
    async with table(tmp_path, 3, seed=3, render_boards=False) as tb:
        first = await start_game(tb, 3)
        gid = await game_id(tb)
        state = await tb.service.state(gid)
        info = await tb.service.game(gid)
        seats = {s.seat: s.user_id for s in info.seats}
        placer, planner_seat = tb.awaited(first), state.turn_order[1]
        planner = tb.by_id[seats[planner_seat]]
        buttons, _ = components(first)
        open_button = next(b for b in buttons if b.label == "Plan my turn")
        channel_before = [(m.id, m.content) for m in tb.channel.history()]
        opened = await planner.click(first, custom_id=open_button.custom_id)
        editor = reply_of(opened)
        assert editor.ephemeral and "Your turn plan in game" in editor.content
        assert "No spaces yet" in editor.content
        _, menus = components(editor.message)
        add = next(m for m in menus if m.custom_id.endswith(":a"))
        carried = next(o for o in add.options if "|take " in o.value)
        assert "→ Take" in carried.label
        edited = await planner.select(editor.message, [carried.value], custom_id=add.custom_id)
        assert "— **next**" in edited.response.content and "Next:" in edited.response.content
        _, menus = components(edited.response.message)
        conditions = next(m for m in menus if m.custom_id.endswith(":c"))
        edited = await planner.select(
            edited.response.message, ["else=pass"], custom_id=conditions.custom_id
        )
        assert "Nothing playable: pass." in edited.response.content
        # "My choices" (private) shows the plan and where it stands too
        choices = next(b for b in buttons if b.label == "My choices")
        mine = said(await planner.click(first, custom_id=choices.custom_id))
        assert "Turn plan:" in mine and "Next:" in mine
        # nothing anyone else can read changed: the channel is as it was
        assert [(m.id, m.content) for m in tb.channel.history()] == channel_before
        target, _, answer = carried.value.partition("|")
        # the first player places elsewhere: the planner's placement is played from the plan
        road = menu_with(first, "place ")
        elsewhere = next(
            o.value for o in road.options if "|" not in o.value and o.value.split()[1] != target
        )
        await placer.select(first, [elsewhere], custom_id=road.custom_id)
        assert (planner_seat, f"place {target}") in planned_rows(tb, gid)
        questions = await tb.service.questions_for(gid, planner.id)
        assert any(q.kind == "produce" and q.planned == answer for q in questions)
        # the rest of the plan says pass: the planner is not asked for their next placement
        await reach(tb, lambda s: s.phase > 2, seed=2)
        assert (planner_seat, "pass") in planned_rows(tb, gid)
        assert "(planned)" in tb.transcript()  # the phase's account marks the planned moves


async def test_the_turn_plan_editor_suggests_a_plan_and_survives_a_restart(
    tmp_path: Path,
) -> None:
    async with table(tmp_path, 4, seed=6, render_boards=False) as tb:
        first = await start_game(tb, 3)
        gid = await game_id(tb)
        state = await tb.service.state(gid)
        info = await tb.service.game(gid)
        planner = tb.by_id[next(s.user_id for s in info.seats if s.seat == state.turn_order[2])]
        buttons, _ = components(first)
        open_button = next(b for b in buttons if b.label == "Plan my turn")
        editor = reply_of(await planner.click(first, custom_id=open_button.custom_id))
        buttons, _ = components(editor.message)
        suggest = next(b for b in buttons if b.label == "Suggest a plan")
        shown = await planner.click(editor.message, custom_id=suggest.custom_id)
        plan = (await tb.service.plans_of(gid, planner.id)).turn_plan
        assert plan is not None and plan.entries
        assert "1. " in shown.response.content and "— **next**" in shown.response.content
        # someone without a seat is told so, privately
        spectator = next(p for p in tb.players if p.id not in {s.user_id for s in info.seats})
        answer = await spectator.click(first, custom_id=open_button.custom_id)
        assert "no seat" in said(answer)
        await tb.restart()  # the private editor's buttons still answer
        buttons, _ = components(shown.response.message)
        back = next(b for b in buttons if b.label == "Remove the last space")
        await planner.click(shown.response.message, custom_id=back.custom_id)
        after = (await tb.service.plans_of(gid, planner.id)).turn_plan
        assert after is not None and after.entries == plan.entries[:-1]
        assert tb.cog.unexpected_errors == 0


async def test_a_prompt_whose_placement_a_turn_plan_played_collapses_to_one_line(
    tmp_path: Path,
) -> None:
    """The player asked to place makes a turn plan in the private editor instead of pressing
    the prompt: the plan plays the placement at once, and the channel's prompt collapses to
    "✅ alice chose **… (planned)**." (no menus, no mention left), then goes at the account."""
    async with table(tmp_path, 3, seed=6, render_boards=False) as tb:
        first = await start_game(tb, 3)
        gid = await game_id(tb)
        actor = tb.awaited(first)
        buttons, _ = components(first)
        open_button = next(b for b in buttons if b.label == "Plan my turn")
        editor = reply_of(await actor.click(first, custom_id=open_button.custom_id))
        buttons, _ = components(editor.message)
        suggest = next(b for b in buttons if b.label == "Suggest a plan")
        await actor.click(editor.message, custom_id=suggest.custom_id)
        assert planned_rows(tb, gid), "the plan played the pending placement"
        shown = next(m for m in tb.channel.history() if m.id == first.id)
        assert not shown.components, shown.content
        assert f"✅ {actor.user.name} chose **" in shown.content and "(planned)**" in shown.content
        assert f"<@{actor.id}>" not in shown.content.split("\n")[-1]
        assert tb.cog.unexpected_errors == 0


async def test_a_premove_that_became_impossible_falls_back_to_a_prompt(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=5, render_boards=False) as tb:
        first = await start_game(tb, 2)
        gid = await game_id(tb)
        a = tb.awaited(first)
        b = next(p for p in tb.players[:2] if p.id != a.id)
        road = menu_with(first, "place ")
        spaces = [o.value for o in road.options if "|" not in o.value]
        mine, theirs = spaces[0], spaces[1]
        await a.select(first, [mine], custom_id=road.custom_id)
        # a queues their next placement while b decides ...
        await tb.service.queue_premove(gid, a.id, theirs.split()[1])
        prompt = tb.last_prompt()
        assert tb.awaited(prompt).id == b.id
        road_b = menu_with(prompt, theirs)
        await b.select(prompt, [theirs], custom_id=road_b.custom_id)  # ... and b takes it
        prompt = tb.last_prompt()
        assert tb.awaited(prompt).id == a.id  # a is asked as usual: the plan could not play
        assert not (await tb.service.plans_of(gid, a.id)).premoves
        assert theirs not in [action for _, action in planned_rows(tb, gid)]


async def test_standing_orders_from_settings_and_me(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=6, render_boards=False) as tb:
        alice, bob = tb.players[:2]
        answer = said(await alice.slash(tb.channel, "caylus settings", bribes="never"))
        assert "bribes (moving the provost): never move the provost" in answer
        await start_game(tb, 2)
        gid = await game_id(tb)
        assert (await tb.service.orders_of(gid, alice.id)).bribe == "never"
        # bob changes his in this game from /caylus me's menu
        me = await bob.slash(tb.channel, "caylus me")
        assert "Standing orders in this game" in said(me)
        message = me.followups[-1] if me.followups else me.response
        _, menus = components(message.message)
        orders = next(m for m in menus if m.custom_id.startswith("cay:o:"))
        changed = await bob.select(message, ["bribe=never"], custom_id=orders.custom_id)
        assert "Standing order changed" in said(changed)
        # nobody is asked about bribes in phase 4: both orders say never
        state = await reach(tb, lambda s: s.phase >= 5 or s.turn > 1, seed=2)
        assert state.turn == 1
        assert not any("move the provost (1 d a space)" in m.content for m in tb.channel.history())


async def test_questions_ahead_are_answered_in_parallel(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=7, render_boards=False) as tb:
        await start_game(tb, 3)
        gid = await game_id(tb)

        def due_for_two(state: Any) -> bool:
            return state.phase >= 3 and state.turn >= 2

        await reach(tb, due_for_two, seed=4)
        ask = await tb.service.ask_now(gid)
        prompt = tb.last_prompt()
        # only the player the game waits for is mentioned; the others are offered their
        # questions on a line of the prompt, by name, without a ping
        assert {m.id for m in prompt.mentions} == {ask.waiting_for}
        assert ask.ahead, "no questions ahead in this situation"
        for user in ask.ahead:
            name = tb.by_id[user].name
            assert f"<@{user}>" not in prompt.content and name in prompt.content
        buttons, _ = components(prompt)
        mine = next((b for b in buttons if b.label == "My choices"), None)
        if mine is None:
            pytest.skip("no questions ahead in this situation")
        user = next(u for u, qs in ask.questions.items() if any(q.options for q in qs))
        player = tb.by_id[user]
        reply = await player.click(prompt, custom_id=mine.custom_id)
        text = said(reply)
        assert "Your choices in game" in text and reply.response.ephemeral
        message = reply.followups[-1] if reply.followups else reply.response
        _, menus = components(message.message)
        assert menus
        menu = menus[0]
        value = menu.options[0].value
        answered = await player.select(message, [value], custom_id=menu.custom_id)
        assert "Your choices in game" in said(answered)
        key, _, option = value.partition("=")
        after = await tb.service.questions_for(gid, user)
        assert not any(q.key == key and q.planned is None and not q.now for q in after)
        # what one player planned is not in the channel
        assert option and not any("planned:" in m.content for m in tb.channel.history())


async def test_the_castle_in_one_decision(tmp_path: Path) -> None:
    def castle_with_two(state: Any) -> bool:
        d = state.decision
        if d is None or d.kind != "castle":
            return False
        cubes = state.players[d.seat].cubes
        return cubes["F"] >= 2 and sum(1 for c in "WSCG" if cubes[c] >= 2) >= 2

    async with table(tmp_path, 2, seed=8, render_boards=False) as tb:
        await start_game(tb, 2)
        gid = await game_id(tb)
        state = await reach(tb, castle_with_two, seed=2, limit=20000)
        prompt = tb.last_prompt()
        buttons, _ = components(prompt)
        every = next(b for b in buttons if b.label.startswith("All I can"))
        seq = (await tb.service.game(gid)).seq
        await tb.awaited(prompt).click(prompt, custom_id=every.custom_id)
        log = (await tb.service.log(gid, after_seq=seq)).entries
        batches = [e for e in log if e.action.startswith("batch")]
        assert len(batches) >= 2  # one press, several batches
        assert caylus.outcome(state) is None


async def test_plans_are_kept_across_a_restart(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=3, render_boards=False) as tb:
        first = await start_game(tb, 3)
        gid = await game_id(tb)
        actor = tb.awaited(first)
        road = menu_with(first, "|take ")
        option = next(o for o in road.options if "|take " in o.value)
        await actor.select(first, [option.value], custom_id=road.custom_id)
        await tb.restart()
        questions = await tb.service.questions_for(gid, actor.id)
        at = int(option.value.split("|")[0].split()[1])
        assert any(q.kind == "produce" and q.at == at and q.planned for q in questions)
        await reach(
            tb, lambda s: s.phase == 5 and s.cursor > at, seed=random.Random(1).randrange(9)
        )
        assert planned_rows(tb, gid)
