"""docs/discord.md lists every slash command with its options exactly as the bot registers them
(the real app_commands tree of the bot running in SimCord): nothing missing, nothing listed
twice, nothing documented that does not exist, each option's required or optional as shown
(`name` required, `[name]` optional)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tests.discord_harness import table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

DOC = Path(__file__).resolve().parent.parent / "docs" / "discord.md"
COMMAND = re.compile(r"`/caylus ([^`]+)`")


def documented() -> list[tuple[str, tuple[tuple[str, bool], ...]]]:
    """The commands of the table of docs/discord.md: (name, ((option, required), ...)), in
    order, as often as they are listed."""
    found = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| `/caylus "):
            continue
        first_cell = line.split("|")[1]
        for usage in COMMAND.findall(first_cell):
            name, *options = usage.split()
            found.append((name, tuple((o.strip("[]"), not o.startswith("[")) for o in options)))
    return found


async def test_docs_discord_md_lists_every_slash_command_and_option_once(tmp_path: Path) -> None:
    async with table(tmp_path, 1, render_boards=False, clock_loop=False) as tb:
        group = next(c for c in tb.env.bot.tree.get_commands() if c.name == "caylus")
        registered = {
            command.name: tuple((p.display_name, p.required) for p in command.parameters)
            for command in group.commands
        }
    listed = documented()
    twice = [name for name, count in Counter(name for name, _ in listed).items() if count > 1]
    assert not twice, f"listed more than once in docs/discord.md: {twice}"
    docs = dict(listed)
    assert sorted(set(registered) - set(docs)) == [], "registered but not documented"
    assert sorted(set(docs) - set(registered)) == [], "documented but not registered"
    for name, options in registered.items():
        assert docs[name] == options, f"/caylus {name}: documented {docs[name]}, is {options}"
    assert len(registered) >= 25  # the whole group, not a part of it


def test_the_sample_game_shows_the_cubes_and_gold_as_the_bot_posts_them() -> None:
    """docs/discord-sample-game.txt is what the bot posts (regenerated from the simulated game
    of tests/test_discord.py): its stock lines carry the bot's own emoji, 🟨 for gold."""
    from bot.words.lang import t

    sample = (DOC.parent / "discord-sample-game.txt").read_text(encoding="utf-8")
    emoji = list(t.CUBE_EMOJI.values())
    stock = re.compile("".join(rf"{e}\d+ ?" for e in emoji))
    lines = [line for line in sample.splitlines() if emoji[0] in line]
    assert lines and all(stock.search(line) for line in lines)
    assert "🪙" not in sample


def test_readme_says_the_engines_sentences_are_translated() -> None:
    """The README's languages section once said the engine's sentences (accounts, what a
    decision asks, why a move is illegal) come in English; they are translated
    (render/sentences.py, tests/test_engine_i18n.py). What it says stays English is for the
    operator only."""
    readme = (DOC.parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Languages", 1)[1].split("\n## ", 1)[0]
    paragraph = next(p for p in section.split("\n\n") if "English" in p and "engine" in p)
    text = " ".join(paragraph.split())
    assert "The engine's sentences are translated" in text
    assert "still come in English" not in text
