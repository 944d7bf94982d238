"""Caylus's presentation (bot/games/caylus/ui.py) on real engine states."""

from __future__ import annotations

from bot.games.caylus.ui import UI
from engine.caylus import new_game


def test_caylus_me_lines_name_owned_buildings():
    """/caylus me lists the seat's buildings by name and road position (it used to fail on a
    name lookup the catalogue does not have, as soon as a player owned a building)."""
    state = new_game()
    built = next(i for i, tile in enumerate(state.road) if tile)
    owners = list(state.owners)
    owners[built] = 0
    state = state.model_copy(update={"owners": owners})
    lines = UI.me_lines(state, 0)
    assert lines[-1].startswith("Your buildings: ")
    assert f"({built + 1})" in lines[-1]
    assert UI.me_lines(state, 1)[-1] == "You own no building yet."
