"""The buttons and menus rebuilt from a game id alone (bot/discord/items.py): one base class
each for buttons and menus, thin subclasses with what differs, and the custom ids, looks and presses
they had as separate classes (messages posted before keep working). Presses through the real
cog and SimCord are in tests/test_discord*.py (catch up, my hand, orders, cancel all my plans,
the replay's menu); here every item's routing is checked, the old premove items too."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.discord import items as views

GAME = 123456789012345678  # 18 digits: the longest id a template takes

# kind, class, (label, style, emoji) as the separate classes had them, the cog call of a press
BUTTONS = [
    ("h", views.HandButton, ("My hand", discord.ButtonStyle.success, "🂠"), ("hand_press",)),
    ("k", views.CatchUpButton, ("Catch me up", discord.ButtonStyle.secondary, "📜"),
     ("catch_up_press",)),
    ("c", views.ChoicesButton, ("My choices", discord.ButtonStyle.success, None),
     ("choices_press",)),
    ("x", views.PremoveCancel, ("Cancel my queue", discord.ButtonStyle.secondary, None),
     ("premove_press", None)),
    ("p", views.PlansCancel, ("Cancel all my plans", discord.ButtonStyle.secondary, None),
     ("orders_press", None)),
]  # fmt: skip
# kind, class, row, the value chosen, the cog call it makes
MENUS = [
    ("q", views.PremoveSelect, None, "12", ("premove_press", "12")),
    ("o", views.OrdersSelect, None, "bribe=never", ("orders_press", "bribe=never")),
    ("rj", views.ReplayJump, 2, "41", ("replay_press", 41, "j")),
    ("rj", views.ReplayJump, 2, "1234567", ("replay_press", -1, "j")),  # not a step
]


class Recorder:
    """Stands in for the cog's press calls: what a press asked for."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def __getattr__(self, name: str) -> Any:
        async def call(_interaction: Any, game_id: int, *rest: Any) -> None:
            self.calls.append((name, game_id, *rest))

        return call


def _interaction(recorder: Recorder, values: list[str] | None = None) -> Any:
    client = SimpleNamespace(get_cog=lambda name: recorder if name == "Caylus" else None)
    return SimpleNamespace(client=client, data={"values": values or []})


async def _rebuilt(item_class: Any, custom_id: str) -> Any:
    match = item_class.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None, custom_id
    return await item_class.from_custom_id(None, None, match)


@pytest.mark.parametrize(("kind", "item_class", "look", "call"), BUTTONS)
async def test_game_keyed_buttons_keep_their_custom_ids_looks_and_presses(
    kind: str, item_class: Any, look: tuple[Any, ...], call: tuple[Any, ...]
) -> None:
    button = item_class(GAME)
    assert isinstance(button, views._GameButton)
    assert button.custom_id == f"cay:{kind}:{GAME}"
    emoji = str(button.item.emoji) if button.item.emoji else None
    assert (button.item.label, button.item.style, emoji) == look
    rebuilt = await _rebuilt(item_class, button.custom_id)
    assert type(rebuilt) is item_class and rebuilt.game_id == GAME
    recorder = Recorder()
    await rebuilt.callback(_interaction(recorder))
    assert recorder.calls == [(call[0], GAME, *call[1:])]


@pytest.mark.parametrize(("kind", "item_class", "row", "value", "call"), MENUS)
async def test_game_keyed_menus_keep_their_custom_ids_rows_and_choices(
    kind: str, item_class: Any, row: int | None, value: str, call: tuple[Any, ...]
) -> None:
    options = [discord.SelectOption(label="a", value=value)]
    menu = item_class(GAME, options)
    assert isinstance(menu, views._GameSelect)
    assert menu.custom_id == f"cay:{kind}:{GAME}" and menu.item.row == row
    assert [o.value for o in menu.item.options] == [value] and menu.item.placeholder
    assert [o.value for o in item_class(GAME).item.options] == ["-"]  # rebuilt: no options
    rebuilt = await _rebuilt(item_class, menu.custom_id)
    recorder = Recorder()
    await rebuilt.callback(_interaction(recorder, [value]))
    assert recorder.calls == [(call[0], GAME, *call[1:])]


def test_each_game_keyed_template_takes_only_its_own_ids() -> None:
    """Every custom id is claimed by exactly one registered item (a press reaches one class)."""
    ids = [f"cay:{kind}:{GAME}" for kind, *_ in BUTTONS + MENUS] + [
        "cay:h:1234567890123456789",  # 19 digits: no item
        "cay:h:12:3",
    ]
    for custom_id in ids:
        owners = [
            item.__name__
            for item in views.DYNAMIC_ITEMS
            if item.__discord_ui_compiled_template__.fullmatch(custom_id)
        ]
        expected = 0 if custom_id.startswith(("cay:h:1234567890123456789", "cay:h:12:")) else 1
        assert len(owners) == expected, (custom_id, owners)
    assert views._GameButton not in views.DYNAMIC_ITEMS
    assert views._GameSelect not in views.DYNAMIC_ITEMS
