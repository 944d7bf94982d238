"""Caylus Magna Carta in the simulated Discord: whole games driven only through commands,
buttons, menus and each player's private hand ("My hand"), the opening redraw asked of everyone
at once, and hidden information: no card that is only in hands and draw piles ever appears in
the channel (messages, embeds, pictures' names, the log), and one player's "My hand" shows their
own cards only. Also stale buttons, not-your-decision and a restart with hands dealt."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import i18n
from bot.words.lang import t
from engine.magna_carta import catalogue as cat
from render.names import card_name
from tests.discord_harness import (
    Table,
    components,
    in_every_language,
    is_game_over,
    said,
    table,
)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def names_of(card_id: str) -> set[str]:
    """A card's name in every language (a game may be played in any of them)."""
    out = set()
    for lang in i18n.LANGUAGES:
        with i18n.using(lang):
            out.add(card_name(card_id))
    return out


# Player cards' names (the neutral Peddler shares its name and is always on the road).
PLAYER_NAMES = sorted(
    {n for c in cat.PLAYER_CARDS for n in names_of(c.id)} - names_of(cat.FIRST_NEUTRAL),
    key=len,
    reverse=True,
)
NAME_PATTERN = re.compile(r"\b(" + "|".join(re.escape(n) for n in PLAYER_NAMES) + r")\b")


def hidden_only(state: Any) -> set[str]:
    """Names of player cards that are now only in hands and draw piles (nobody may read them)."""
    hidden = {n for p in state.players for c in [*p.hand, *p.deck] for n in names_of(c)}
    public = {n for p in state.players for c in [*p.discard, *p.prestige] for n in names_of(c)}
    for card in state.road:
        public |= names_of(card.card if hasattr(card, "card") else card)
    return hidden - public


def _road_names(state: Any) -> set[str]:
    names = set()
    for item in state.road:
        card = getattr(item, "card", item)
        if isinstance(card, str) and card in cat.CARDS:
            names |= names_of(card)
    return names


MY_HAND = in_every_language("My hand")
QUIET = in_every_language("Pass", "Skip", "Stop delivering", "Leave the provost")
# "discards X and draws" in every language (mc_words.REDRAW and SWAP): cards shown face up
DISCARDED = re.compile(
    r"(?:discards|legt|défausse) ([^.•\n]*?) (?:and draws|af en trekt|ab und zieht|et pioche)"
)


class Watch:
    """Every public text the channel showed, checked right after it was posted against the cards
    hidden at that moment (a card discarded face up in the same step is public)."""

    def __init__(self, tb: Table) -> None:
        self.tb = tb
        self.checked = 0
        self.leaks: list[str] = []
        self.seen: set[int] = set()

    async def check(self) -> None:
        info = await self.tb.service.game_in_channel(self.tb.guild.id, self.tb.channel.id)
        if info is None or info.status != "running":
            return
        state = await self.tb.service.state(info.id)
        secret = hidden_only(state) - _road_names(state)
        new = [m for m in self.tb.channel.history() if m.id not in self.seen]
        for message in new:
            for shown in DISCARDED.findall(message.content or ""):
                secret -= set(NAME_PATTERN.findall(shown))
        for message in new:
            self.seen.add(message.id)
            texts = [message.content or ""]
            for embed in message.embeds:
                texts += [embed.title or "", embed.description or ""]
                texts += [f"{f.name} {f.value}" for f in embed.fields]
            texts += [a.filename for a in message.attachments]
            buttons, menus = components(message)
            texts += [b.label or "" for b in buttons]
            texts += [o.label + " " + (o.description or "") for m in menus for o in m.options]
            for text in texts:
                found = set(NAME_PATTERN.findall(text)) & secret
                if found:
                    self.leaks.append(f"{sorted(found)} in {text[:120]!r}")
        self.checked += 1


async def mc_step(tb: Table, rng: random.Random) -> None:
    """The awaited player(s) answer: a public choice on the channel's prompt, or a private one
    from their hand (always for the opening redraw, sometimes otherwise). Each interaction is
    timed (`tb.latencies`, for bench/bench_discord.py)."""
    prompt = tb.last_prompt()
    assert prompt is not None, tb.transcript()[-2000:]
    users = [m for m in prompt.mentions if m.id in tb.by_id]
    buttons, menus = components(prompt)
    choices = [b for b in buttons if (b.custom_id or "").startswith("cay:b:")]
    selects = [m for m in menus if (m.custom_id or "").startswith("cay:s:")]
    hand = next((b for b in buttons if b.label in MY_HAND), None)
    actor = tb.by_id[users[0].id]
    if hand is not None and (not (choices or selects) or rng.random() < 0.4):
        reply = await tb.timed(actor.click(prompt, custom_id=hand.custom_id))
        message = reply.followups[-1] if reply.followups else reply.response
        private_buttons, private_menus = components(message.message)
        if private_buttons or private_menus:
            if private_menus and (not private_buttons or rng.random() < 0.5):
                menu = rng.choice(private_menus)
                value = rng.choice(menu.options).value
                await tb.timed(actor.select(message, [value], custom_id=menu.custom_id))
            else:
                button = rng.choice(private_buttons)
                await tb.timed(actor.click(message, custom_id=button.custom_id))
            return
    if selects and (not choices or rng.random() < 0.5):
        menu = rng.choice(selects)
        await tb.timed(
            actor.select(prompt, [rng.choice(menu.options).value], custom_id=menu.custom_id)
        )
        return
    quiet = [b for b in choices if b.label.startswith(QUIET)]
    pick = quiet[0] if quiet and rng.random() < 0.5 else rng.choice(choices)
    await tb.timed(actor.click(prompt, custom_id=pick.custom_id))


async def play_mc(
    tb: Table, *, humans: int, bots: int, rules: str, seed: int, language: str = "en"
) -> Any:
    """A whole game; `language`: the game's (its lobby's buttons read in it)."""
    alice = tb.players[0]
    result = await tb.new_game(
        alice,
        game="magna-carta",
        players=humans + bots,
        rules=rules,
        language=language,
    )
    assert "#1" in said(result)
    lobby = tb.channel.last_message
    assert "Caylus Magna Carta" in lobby.embeds[0].title
    with i18n.using(language):
        join, add_bot, start = t.BUTTON_JOIN, t.BUTTON_ADD_BOT, t.BUTTON_START
    for player in tb.players[1:humans]:
        await player.click(lobby, label=join)
    for _ in range(bots):
        await alice.click(lobby, label=add_bot)
    await alice.click(lobby, label=start)
    rng = random.Random(seed)
    watch = Watch(tb)
    for _ in range(4000):
        over = [m for m in tb.channel.history()[-3:] if is_game_over(m)]
        if over:
            await watch.check()
            return over[-1], watch
        await mc_step(tb, rng)
        assert tb.cog.unexpected_errors == 0
        await watch.check()
    raise AssertionError("the game did not end")


async def test_a_standard_game_two_humans_and_a_bot(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=21) as tb:
        final, watch = await play_mc(tb, humans=2, bots=1, rules="standard", seed=1)
        assert "is over" in final.embeds[0].title and "🏆" in final.embeds[0].description
        assert watch.checked > 10 and not watch.leaks, watch.leaks[:5]
        # the opening redraw was asked of both humans in one prompt
        opening = next(
            m for m in tb.seen_posts() if "opening hand" in (m.content or "") and m.mentions
        )
        assert {u.id for u in opening.mentions} == {p.id for p in tb.players[:2]}
        pictures = [a.filename for m in tb.channel.history() for a in m.attachments]
        assert any(p.startswith("mc_r") for p in pictures) and "mc_final.png" in pictures
        # the log, read by anyone, names no card still hidden at the end either
        info = (await tb.service.store.games())[-1]
        state = await tb.service.state(info.id)
        secret = hidden_only(state) - _road_names(state)
        for page in (1, 2, 3):
            log = said(await tb.players[1].slash(tb.channel, "caylus log", page=page))
            assert not set(NAME_PATTERN.findall(log)) & secret
        assert tb.cog.unexpected_errors == 0


async def test_a_beginner_game_two_humans(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=22) as tb:
        final, watch = await play_mc(tb, humans=2, bots=0, rules="beginner", seed=2)
        assert "is over" in final.embeds[0].title
        assert watch.checked > 10 and not watch.leaks, watch.leaks[:5]
        assert tb.cog.unexpected_errors == 0


async def test_my_hand_shows_only_my_cards(tmp_path: Path) -> None:
    async with table(tmp_path, 3, seed=23) as tb:
        alice, bob, carol = tb.players
        await tb.new_game(alice, game="magna-carta", players=2)
        lobby = tb.channel.last_message
        await bob.click(lobby, label="Join")
        await alice.click(lobby, label="Start")
        prompt = tb.last_prompt()
        assert {m.id for m in prompt.mentions} == {alice.id, bob.id}  # one call, both pinged
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        state = await tb.service.state(info.id)
        seat_of = {s.user_id: s.seat for s in info.seats}
        buttons, _ = components(prompt)
        hand = next(b for b in buttons if b.label == "My hand")
        for player, other in ((alice, bob), (bob, alice)):
            reply = await player.click(prompt, custom_id=hand.custom_id)
            text = said(reply)
            assert reply.response.ephemeral
            mine = {cat.CARDS[c].name for c in state.players[seat_of[player.id]].hand}
            theirs = {cat.CARDS[c].name for c in state.players[seat_of[other.id]].hand}
            assert mine and all(name in text for name in mine)
            for name in theirs - mine:
                assert not re.search(rf"\b{re.escape(name)}\b", text), name
            message = reply.followups[-1] if reply.followups else reply.response
            assert [a.filename for a in message.attachments] == ["mc_hand_r01.png"]
        # a spectator has no hand
        answer = said(await carol.click(prompt, custom_id=hand.custom_id))
        assert "no seat" in answer
        # the opening redraw is private: both answer from their hands, the prompt is edited
        for player in (alice, bob):
            reply = await player.click(tb.last_prompt(), custom_id=hand.custom_id)
            message = reply.followups[-1] if reply.followups else reply.response
            keep = next(b for b in components(message.message)[0] if "Keep" in b.label)
            await player.click(message, custom_id=keep.custom_id)
        assert (await tb.service.game(info.id)).seq >= 2
        assert tb.cog.unexpected_errors == 0


async def test_stale_buttons_not_your_decision_and_restart(tmp_path: Path) -> None:
    async with table(tmp_path, 2, seed=24, render_boards=False) as tb:
        alice, bob = tb.players
        await tb.new_game(alice, game="magna-carta", players=2)
        lobby = tb.channel.last_message
        await bob.click(lobby, label="Join")
        await alice.click(lobby, label="Start")
        rng = random.Random(4)
        for _ in range(6):
            await mc_step(tb, rng)
        prompt = tb.last_prompt()
        decider = tb.by_id[prompt.mentions[0].id]
        other = alice if decider.id == bob.id else bob
        buttons, _ = components(prompt)
        choices = [b for b in buttons if b.custom_id.startswith("cay:b:")]
        if choices:
            result = await other.click(prompt, custom_id=choices[0].custom_id)
            assert "not your decision" in said(result).lower()
        # a restart with hands dealt: the same prompt's buttons still work
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        before = (await tb.service.state(info.id)).players[0].hand
        await tb.restart()
        assert (await tb.service.state(info.id)).players[0].hand == before
        hand = next(b for b in buttons if b.label == "My hand")
        reply = await decider.click(prompt, custom_id=hand.custom_id)
        assert reply.response.ephemeral and "Your hand" in said(reply)
        for _ in range(4):
            await mc_step(tb, rng)
        assert tb.cog.unexpected_errors == 0


async def test_plan_my_turn_in_magna_carta_shows_road_cards_only(tmp_path: Path) -> None:
    """ "Plan my turn" on a Magna Carta prompt during the actions: the private editor lists road
    cards (never a card only in a hand), and the plan puts the worker for the player."""
    from bot.games.magna_carta.plans import placing
    from tests.test_discord_replay import reply_of

    async with table(tmp_path, 2, seed=26, render_boards=False) as tb:
        alice, bob = tb.players
        await tb.new_game(alice, game="magna-carta", players=2)
        lobby = tb.channel.last_message
        await bob.click(lobby, label="Join")
        await alice.click(lobby, label="Start")
        info = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        rng = random.Random(6)
        for _ in range(60):
            state = await tb.service.state(info.id)
            if placing(state) and state.decision.kind == "action":
                break
            await mc_step(tb, rng)
        prompt = tb.last_prompt()
        awaited = tb.awaited(prompt)
        planner = bob if awaited.id == alice.id else alice
        buttons, _ = components(prompt)
        open_button = next(b for b in buttons if b.label == "Plan my turn")
        editor = reply_of(await planner.click(prompt, custom_id=open_button.custom_id))
        assert (
            editor.ephemeral and "Your plan in game" in editor.content and "round" in editor.content
        )
        assert "No road cards yet" in editor.content
        _, menus = components(editor.message)
        add = next(m for m in menus if m.custom_id.endswith(":a"))
        texts = [editor.content] + [o.label + " " + (o.description or "") for o in add.options]
        secret = hidden_only(state) - _road_names(state)
        assert not [n for text in texts for n in NAME_PATTERN.findall(text) if n in secret]
        conditions = next(m for m in menus if m.custom_id.endswith(":c"))
        assert any(o.value.startswith("below=") for o in conditions.options)
        assert not any(o.value.startswith(("above=", "limit=")) for o in conditions.options)
        target = add.options[0].value
        edited = await planner.select(editor.message, [target], custom_id=add.custom_id)
        assert "1. " in edited.response.content and "— **next**" in edited.response.content
        # "My hand" shows the plan in Magna Carta's words (road cards, not Caylus spaces)
        hand = next(b for b in buttons if b.label == "My hand")
        mine = reply_of(await planner.click(prompt, custom_id=hand.custom_id))
        assert "Turn plan: " in mine.content, mine.content
        assert tb.cog.unexpected_errors == 0
        seat = next(s.seat for s in info.seats if s.user_id == planner.id)
        for _ in range(20):
            rows = await tb.service.store.log(info.id)
            if any(r.planned and r.seat == seat for r in rows):
                break
            await mc_step(tb, rng)
        played = [r.action for r in await tb.service.store.log(info.id) if r.planned]
        assert f"place {target}" in played
        assert tb.cog.unexpected_errors == 0
