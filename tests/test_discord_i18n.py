"""Playing in your own language (docs/i18n.md), end to end through the simulated Discord: the
channel reads the game's language, every private reply the reader's own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import i18n
from bot.words.lang import t
from tests.discord_harness import components, is_game_over, said, table
from tests.test_discord_magna_carta import play_mc

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# Words of the engine's English sentences that no translation uses.
ENGLISH = re.compile(
    r"\b(places|passes|builds|gains|loses|collects|moves|takes|delivers|worker|provost|favor|"
    r"royal|income|batch|token|round begins|the)\b"
)

# Words of the English choice labels (bot/games/magna_carta/text.py) the German ones do not use.
ENGLISH_CHOICE = re.compile(
    r"\b(Build|Place|Pass|Take|Keep|Redraw|Buy|Sell|Deliver|Skip|Pay|Draw|Discard|Nothing|"
    r"worker|card|hand|gold|wood|stone|food)\b"
)


def account_lines(history: list, header: str) -> list[str]:
    """The lines of the phase accounts posted in the channel (headers starting `header`)."""
    return [
        line[2:]
        for m in history
        if (m.content or "").startswith(header)
        for line in m.content.splitlines()
        if line.startswith("• ")
    ]


def words(lang: str, name: str, **values: object) -> str:
    with i18n.using(lang):
        template = getattr(t, name)
    return template.format(**values) if values else template


async def test_a_dutch_game_with_a_french_player(tmp_path: Path) -> None:
    """A Dutch server: the game is Dutch (its default language); bob's client is French, so
    whatever only bob reads is French, and the channel stays Dutch."""
    async with table(
        tmp_path, 3, seed=5, guild_locale="nl", locales={"alice": "nl", "bob": "fr"}
    ) as tb:
        alice, bob, _carol = tb.players
        lobby = tb.fresh(await tb.open_game(3))
        assert lobby.embeds[0].title.endswith("spel #1")
        assert lobby.embeds[0].description == words("nl", "LOBBY_STARTED")
        assert "Taal: Nederlands" in " ".join(f.value for f in lobby.embeds[0].fields)
        prompt = tb.last_prompt()
        assert words("nl", "PROMPT_HELP") in prompt.content
        # bob asks for help and his stock: French, privately
        helped = await bob.slash(tb.channel, "caylus help")
        assert said(helped).startswith("**Caylus dans Discord**")
        mine = await bob.slash(tb.channel, "caylus me")
        assert "Ta réserve dans la partie n° 1" in said(mine)
        # someone presses a button that is not theirs: told in their own language
        awaited = tb.awaited(prompt)
        other = next(p for p in (alice, bob) if p.id != awaited.id)
        buttons, _ = components(prompt)
        choice = next(b for b in buttons if (b.custom_id or "").startswith("cay:b:"))
        pressed = await other.click(prompt, custom_id=choice.custom_id)
        expected = "Ce n'est pas ta décision" if other is bob else "Het is niet jouw beslissing"
        assert expected in said(pressed)
        final = await tb.play_out(pass_rate=0.6, play_rate=0.1)
        assert is_game_over(final)
        assert final.embeds[0].title == words("nl", "GAME_OVER_TITLE", game_id=1)
        assert "(goud)" in final.embeds[0].description
        history = tb.channel.history()
        headers = [m.content for m in history if (m.content or "").startswith("**Ronde 1 · ")]
        assert headers, "the accounts of the phases are Dutch"
        assert not any((m.content or "").startswith("**Turn ") for m in history)
        lines = account_lines(history, "**Ronde ")
        assert len(lines) > 50
        assert [line for line in lines if ENGLISH.search(line)] == []
        assert any("plaatst een arbeider" in line for line in lines)
        assert tb.cog.unexpected_errors == 0


async def test_a_german_magna_carta_game(tmp_path: Path) -> None:
    """A game opened in German on an English server; carol set French for her replies, and
    her hand (which only she sees) answers in French while the channel stays German."""
    async with table(tmp_path, 3, seed=2, locales={"bob": "de"}) as tb:
        carol = tb.players[2]
        chosen = await carol.slash(tb.channel, "caylus settings", language="fr")
        assert "Langue de tes réponses privées : **Français**" in said(chosen)
        final, watch = await play_mc(tb, humans=2, bots=1, rules="standard", seed=4, language="de")
        assert watch.leaks == []
        assert final.embeds[0].title == words("de", "GAME_OVER_TITLE", game_id=1)
        assert "(Schloss)" in final.embeds[0].description
        history = tb.channel.history()
        assert any((m.content or "").startswith("**Runde 1 · ") for m in history)
        lines = account_lines(history, "**Runde ")
        assert len(lines) > 20
        assert [line for line in lines if ENGLISH.search(line)] == []
        assert any("setzt einen Arbeiter" in line for line in lines)
        buttons = [b.label for m in history for b in components(m)[0]]
        assert "My hand" not in buttons
        # alice (an English client) answers some decisions from her private hand: the channel's
        # line about it names her choice in the game's German, not her buttons' English (as the
        # channel read it: an answered prompt's line goes once its phase's account is posted)
        marks = [
            line.split("**")[1]
            for m in [x.message for x in tb.seen]
            for line in (m.content or "").splitlines()
            if line.startswith("✅ alice wählte **")
        ]
        assert marks, "alice answered nothing from her hand"
        assert [mark for mark in marks if ENGLISH_CHOICE.search(mark)] == []
        assert tb.cog.unexpected_errors == 0
        # a private answer in carol's own language, whatever the channel's
        look = await carol.slash(tb.channel, "caylus me")
        assert said(look) == words("fr", "NO_GAME")


async def test_settings_language_and_back_to_the_client(tmp_path: Path) -> None:
    async with table(tmp_path, 1, locales={"alice": "de"}) as tb:
        (alice,) = tb.players
        shown = await alice.slash(tb.channel, "caylus settings")
        assert "Deutsch (meine Discord-Sprache)" in said(shown)
        chosen = await alice.slash(tb.channel, "caylus settings", language="nl")
        assert said(chosen).startswith(words("nl", "SETTINGS_SAVED"))
        assert "Nederlands" in said(chosen)
        helped = await alice.slash(tb.channel, "caylus help")
        assert said(helped) == words("nl", "HELP")
        back = await alice.slash(tb.channel, "caylus settings", language="auto")
        assert "Deutsch (meine Discord-Sprache)" in said(back)
