"""/caylus replay in Discord (SimCord): a finished game phase by phase in a private reply, its
buttons (also after a restart, and crafted ones), the refusals, the animation; and the same
animation from a record made by /caylus record with `caylus replay --animate`."""

from __future__ import annotations

import io
import itertools
import json
import random
from pathlib import Path
from typing import Any

import discord
from PIL import Image

from bot.cli import main
from bot.discord.items import ReplayButton
from bot.games import ui_for
from bot.service.replay import Step, replay_steps, step_board, step_card, step_text, turn_starts
from bot.words import messages as m
from bot.words import text as t
from engine.magna_carta import catalogue as cat
from engine.record import built_in_game
from render.pieces import recording_text
from tests.discord_harness import components, said, table
from tests.history_helpers import finish, new_game, play_some
from tests.test_mc_ui_hidden import (
    NAMES,
    discarded_names,
    forge,
    mentioned,
    public_names,
    redeal,
)

UPLOAD_LIMIT = 10 * 1024 * 1024


def title(game_id: int, step: int, steps: int, game: str = "Caylus") -> str:
    return t.REPLAY_TITLE.format(game_id=game_id, game=game, step=step, steps=steps)


def phase_line(kind: str, step: Step) -> str:
    """The title of the step's first phase, as the replay's text shows it."""
    turn, phase = step.phases[0]
    return ui_for(kind).phase_title(turn, phase, list(step.events[0]))


def button(reply: Any, op: str) -> Any:
    buttons, _ = components(reply.message)
    return next(b for b in buttons if b.custom_id.endswith(f":{op}"))


def reply_of(result: Any) -> Any:
    """The private reply of an interaction (a deferred one's first follow-up fills it)."""
    found = [x for x in [result.response, *result.followups] if x is not None]
    shown = [x for x in found if x.content or x.attachments]
    return (shown or found)[-1]


async def steps_of(tb: Any, game_id: int) -> list[Step]:
    _, record, planned = await tb.service.finished_game(game_id, tb.guild.id)
    return replay_steps(record, planned)


async def attachment(message: Any) -> tuple[str, bytes]:
    found = message.attachments
    assert len(found) == 1, [a.filename for a in found]
    return found[0].filename, await found[0].read()


async def test_replay_steps_with_buttons_menu_and_a_restart(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=21) as tb:
        alice, bob = tb.players
        game_id = await new_game(tb.service, [alice.id, bob.id], guild_id=tb.guild.id)
        await finish(tb.service, game_id, random.Random(4))
        steps = await steps_of(tb, game_id)
        n = len(steps)
        assert n > 20 and not steps[0].phases and all(s.phases for s in steps[1:])

        result = await bob.slash(tb.channel, "caylus replay", game=game_id)
        reply = reply_of(result)
        assert reply.ephemeral
        text = reply.content
        assert text.startswith(title(game_id, 1, n)) and t.REPLAY_START in text
        name, data = await attachment(reply)
        assert name.endswith(".png") and Image.open(io.BytesIO(data)).width == 800
        assert button(reply, "f").disabled and button(reply, "p").disabled

        pressed = await bob.click(reply.message, custom_id=button(reply, "n").custom_id)
        shown = pressed.response
        assert shown.content.startswith(title(game_id, 2, n))
        assert phase_line("caylus", steps[1]) in shown.content
        assert (await attachment(shown))[0] != name  # the board of that step
        pressed = await bob.click(shown.message, custom_id=button(shown, "n").custom_id)
        assert pressed.response.content.startswith(title(game_id, 3, n))
        assert phase_line("caylus", steps[2]) in pressed.response.content
        pressed = await bob.click(
            pressed.response.message, custom_id=button(pressed.response, "p").custom_id
        )
        assert pressed.response.content.startswith(title(game_id, 2, n))

        pressed = await bob.click(
            pressed.response.message, custom_id=button(pressed.response, "l").custom_id
        )
        last = pressed.response
        assert last.content.startswith(title(game_id, n, n)) and "🏆" in last.content
        assert button(last, "n").disabled and button(last, "l").disabled

        # the menu jumps to the first step of a turn
        turn, first = turn_starts(steps)[3]
        _, menus = components(last.message)
        assert [o.value for o in menus[0].options][:4] == [
            str(k) for _, k in turn_starts(steps)[:4]
        ]
        pressed = await bob.select(last.message, [str(first)], custom_id=menus[0].custom_id)
        jumped = pressed.response
        assert jumped.content.startswith(title(game_id, first + 1, n))
        assert f"Turn {turn} · " in jumped.content

        # the whole board of the step shown, privately
        pressed = await bob.click(jumped.message, custom_id=button(jumped, "b").custom_id)
        board = reply_of(pressed)
        assert board.ephemeral
        assert (await attachment(board))[0].endswith("_board.png")

        # a new bot process: the old reply's buttons still work
        await tb.restart()
        pressed = await bob.click(jumped.message, custom_id=button(jumped, "n").custom_id)
        assert pressed.response.content.startswith(title(game_id, first + 2, n))
        assert phase_line("caylus", steps[first + 1]) in pressed.response.content
        assert tb.cog.unexpected_errors == 0


async def test_replay_refusals_and_crafted_buttons(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=22, render_boards=False) as tb:
        alice, bob = tb.players
        rng = random.Random(6)
        done = await new_game(tb.service, [alice.id, bob.id], guild_id=tb.guild.id)
        await finish(tb.service, done, rng)
        running = await new_game(tb.service, [alice.id, bob.id], guild_id=tb.guild.id, channel_id=3)
        await play_some(tb.service, running, rng, 3)
        lobby = await tb.service.create_game(tb.guild.id, 5, alice.id, players=2)
        other = await new_game(
            tb.service, [alice.id, bob.id], guild_id=tb.guild.id + 1, channel_id=4
        )
        await finish(tb.service, other, rng)
        aborted = await new_game(tb.service, [alice.id, bob.id], guild_id=tb.guild.id, channel_id=6)
        await tb.service.abort(aborted, alice.id)

        async def answer(game_id: int) -> str:
            result = await alice.slash(tb.channel, "caylus replay", game=game_id)
            assert (reply_of(result)).ephemeral
            return said(result)

        assert await answer(999) == m.UNKNOWN_GAME.format(game_id=999)
        assert await answer(other) == m.UNKNOWN_GAME.format(game_id=other)
        for game_id, status in (
            (running, "in progress"),
            (lobby.id, "waiting for players"),
            (aborted, "aborted"),
        ):
            assert await answer(game_id) == m.NO_REPLAY.format(game_id=game_id, status=status)

        # the autocomplete offers this server's finished games only
        offered = await alice.autocomplete(tb.channel, "caylus replay", "game", "")
        assert [c["value"] for c in offered] == [done]
        assert offered[0]["name"].startswith(f"#{done} Caylus · ")

        # a log that no longer replays (the rules changed since): a clear answer, no crash
        past, record, planned = await tb.service.finished_game(done, tb.guild.id)
        broken = record.model_copy(
            update={"actions": [*record.actions[:5], "place 99"], "seats": record.seats[:6]}
        )
        real = tb.service.finished_game

        async def damaged(game_id: int, guild_id: int) -> Any:
            return past, broken, planned

        tb.service.finished_game = damaged  # type: ignore[method-assign]
        text = await answer(done)
        tb.service.finished_game = real  # type: ignore[method-assign]
        assert text.startswith(
            f"Game #{done} is damaged: its record no longer replays (action 6, 'place 99': "
        )
        tb.cog._replay_kept("_replays").clear()

        # crafted buttons: a step past the end, another server's game, a running game
        channel = tb.env.bot.get_channel(tb.channel.id)
        view = discord.ui.View()
        for item in (
            ReplayButton(done, 9999, "n"),
            ReplayButton(other, 0, "n"),
            ReplayButton(running, 1, "b"),
        ):
            view.add_item(item)
        await channel.send("crafted", view=view)
        crafted = tb.channel.last_message
        answers = []
        for custom_id in (
            f"cay:r:{done}:9999:n",
            f"cay:r:{other}:0:n",
            f"cay:r:{running}:1:b",
        ):
            answers.append(reply_of(await alice.click(crafted, custom_id=custom_id)).content)
        assert answers == [
            t.REPLAY_NO_STEP.format(game_id=done, step=10000),
            m.UNKNOWN_GAME.format(game_id=other),
            m.NO_REPLAY.format(game_id=running, status="in progress"),
        ]
        assert tb.cog.unexpected_errors == 0


async def test_animation_button_and_the_command_line_from_a_record(
    tmp_path: Path, capsys: Any
) -> None:
    async with table(tmp_path, 2, seed=23) as tb:
        alice, bob = tb.players
        game_id = await new_game(tb.service, [alice.id, bob.id], guild_id=tb.guild.id)
        await finish(tb.service, game_id, random.Random(8))
        steps = await steps_of(tb, game_id)
        result = await alice.slash(tb.channel, "caylus replay", game=game_id)
        reply = reply_of(result)
        tb.env.settle_timeout = 300  # the animation takes seconds of drawing (more on a busy CI)
        pressed = await alice.click(reply.message, custom_id=button(reply, "a").custom_id)
        sent = reply_of(pressed)
        assert sent.ephemeral
        name, data = await attachment(sent)
        assert name == f"caylus-game-{game_id}.webp"
        assert len(data) < UPLOAD_LIMIT
        animation = Image.open(io.BytesIO(data))
        assert animation.format == "WEBP" and animation.n_frames == len(steps)
        animation.seek(len(steps) - 1)
        assert animation.convert("RGB").size == animation.size
        assert f"{len(steps)} frames" in sent.content

        # the record /caylus record gives, animated by `caylus replay --animate`
        result = await alice.slash(tb.channel, "caylus record", game=game_id)
        reply = reply_of(result)
        _, record = await attachment(reply)
        path = tmp_path / "record.json"
        path.write_bytes(record)
        out = tmp_path / "game.webp"
        capsys.readouterr()
        assert main(["replay", str(path), "--animate", str(out), "--names", "alice,bob"]) == 0
        printed = capsys.readouterr().out
        assert f"animation: {len(steps)} frames" in printed
        made = Image.open(out)
        assert made.format == "WEBP" and made.n_frames == len(steps)
        assert json.loads(record)["game"] == "caylus"
        assert main(["replay", str(path), "--animate", str(out), "--lang", "xx"]) == 1
        assert tb.cog.unexpected_errors == 0


def step_texts(ui: Any, steps: list[Step], k: int, board: bool) -> tuple[list[str], bytes]:
    """What the replay shows of step `k`: its text and every text drawn on its card (and its
    whole board), and the card's bytes."""
    with recording_text() as drawn:
        card = step_card(ui, steps[k], NAMES)
        if board:
            step_board(ui, steps[k], NAMES)
    return [step_text(ui, steps, k, NAMES), *(x.text for x in drawn)], card.data


def test_a_magna_carta_replay_shows_no_hidden_card() -> None:
    """No replay picture or text names a card that was then only in hands and draw piles, and
    they come out the same when every hidden card is dealt anew (tests/test_mc_ui_hidden.py)."""
    ui = ui_for("magna-carta")
    rng = random.Random(3)
    found_hidden = False
    for seed, players, variant in ((41, 4, "standard"), (42, 3, "beginner")):
        record = built_in_game("magna-carta", players, seed, variant=variant)
        steps = replay_steps(record)
        in_play = {cat.CARDS[c].name for c in cat.DECKS[variant]}
        for k, step in enumerate(steps):
            state = step.state
            events = [e for phase in step.events for e in phase]
            allowed = public_names(state) | public_names(step.previous)
            allowed |= discarded_names(events)
            hidden = {cat.CARDS[c].name for p in state.players for c in p.hand + p.deck}
            found_hidden |= bool(hidden - allowed)
            texts, card = step_texts(ui, steps, k, board=k % 5 == 0)
            leaked = (mentioned(texts) & in_play) - allowed
            assert not leaked, f"step {k}: hidden cards {leaked}"
            if k % 5 == 0:
                other = Step(
                    redeal(state, rng),
                    redeal(step.previous, rng) if step.previous is not None else None,
                    step.phases,
                    tuple(tuple(forge(list(phase), rng)) for phase in step.events),
                    step.seq,
                )
                changed = [*steps[:k], other]
                assert step_texts(ui, changed, k, board=k % 5 == 0) == (texts, card)
    assert found_hidden  # the check had something to find


async def test_magna_carta_replay_in_discord_and_my_hand_then(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=24) as tb:
        alice, bob, carol = tb.players
        game_id = await new_game(
            tb.service, [alice.id, bob.id], guild_id=tb.guild.id, kind="magna-carta"
        )
        await finish(tb.service, game_id, random.Random(9))
        steps = await steps_of(tb, game_id)
        n = len(steps)
        game = "Caylus Magna Carta"

        # a spectator: the steps, no hand button
        result = await carol.slash(tb.channel, "caylus replay", game=game_id)
        reply = reply_of(result)
        assert reply.content.startswith(title(game_id, 1, n, game))
        buttons, _ = components(reply.message)
        assert not [b for b in buttons if b.custom_id.endswith(":h")]
        k = next(i for i, s in enumerate(steps) if s.phases and s.phases[0][1] == 2)
        pressed = await carol.click(reply.message, custom_id=button(reply, "n").custom_id)
        shown = pressed.response
        for _ in range(k - 1):
            pressed = await carol.click(shown.message, custom_id=button(shown, "n").custom_id)
            shown = pressed.response
        assert shown.content.startswith(title(game_id, k + 1, n, game))
        assert phase_line("magna-carta", steps[k]) in shown.content
        state = steps[k].state
        secret = {cat.CARDS[c].name for p in state.players for c in p.hand + p.deck}
        secret -= public_names(state) | public_names(steps[k].previous)
        secret -= discarded_names([e for phase in steps[k].events for e in phase])
        assert not mentioned([shown.content]) & secret

        # a player: their own hand at that step, privately; another's never
        result = await alice.slash(tb.channel, "caylus replay", game=game_id)
        reply = reply_of(result)
        hand_id = button(reply, "h").custom_id
        assert hand_id == f"cay:r:{game_id}:0:h"
        channel = tb.env.bot.get_channel(tb.channel.id)
        view = discord.ui.View()
        view.add_item(ReplayButton(game_id, k, "h"))
        await channel.send("crafted", view=view)
        crafted = tb.channel.last_message
        mine = reply_of(await alice.click(crafted, custom_id=f"cay:r:{game_id}:{k}:h"))
        assert mine.ephemeral
        assert mine.content.startswith(t.REPLAY_HAND.format(step=k + 1, game_id=game_id))
        held = {cat.CARDS[c].name for c in state.players[0].hand}
        others = {cat.CARDS[c].name for c in state.players[1].hand} - held
        assert (
            held
            and held <= mentioned([mine.content])
            and not mentioned([mine.content]) & (others & secret)
        )
        assert (await attachment(mine))[0].startswith("mc_hand_")
        theirs = reply_of(await carol.click(crafted, custom_id=f"cay:r:{game_id}:{k}:h"))
        assert theirs.content == t.REPLAY_NOT_YOURS.format(game_id=game_id)
        assert tb.cog.unexpected_errors == 0


def test_the_turn_menu_holds_at_most_25_turns_and_frames_share_one_size() -> None:
    from bot.discord.views import replay_view
    from render.animation import animate

    turns = [(f"Turn {k}", 3 * k) for k in range(40)]
    view = replay_view(7, 0, 120, turns)
    items = [getattr(item, "item", item) for item in view.children]  # inside DynamicItems
    menu = next(item for item in items if isinstance(item, discord.ui.Select))
    values = [int(o.value) for o in menu.options]
    assert len(values) == 25 and values[0] == 0 and values[-1] == 117
    assert values == sorted(set(values))
    ids = [item.custom_id for item in items]
    assert len(ids) == len(set(ids))  # Discord refuses two items with one id

    def png(width: int, height: int, colour: tuple[int, int, int]) -> bytes:
        out = io.BytesIO()
        Image.new("RGB", (width, height), colour).save(out, format="PNG")
        return out.getvalue()

    frames = [png(800, 1000, (200, 10, 10)), png(800, 1400, (10, 200, 10))]
    made = Image.open(io.BytesIO(animate(frames, [500, 2000], width=400)))
    assert made.n_frames == 2 and made.size == (400, 700)
    assert made.info.get("loop") == 0


def test_steps_group_the_phases_one_move_ended_and_mark_planned_moves() -> None:
    record = built_in_game("caylus", 3, 5)
    steps = replay_steps(record)
    ui = ui_for("caylus")
    phases = [p for step in steps for p in step.phases]
    assert phases == sorted(set(phases)) and phases[0][0] == 1  # every phase once, in order
    assert steps[-1].state.over and steps[-1].seq == len(record.actions)
    assert all(a.seq < b.seq for a, b in itertools.pairwise(steps))
    assert t.PLANNED_MARK not in "\n".join(step_text(ui, steps, k, NAMES) for k in range(9))
    planned = replay_steps(record, [True] * len(record.actions))
    assert t.PLANNED_MARK in "\n".join(step_text(ui, planned, k, NAMES) for k in range(9))
