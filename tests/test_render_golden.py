"""Golden pictures: fixed game records drawn (the whole board, and the phone card of some) and
compared with stored PNGs, with a tolerance.

Regenerate after an intended change of the look with
    UPDATE_GOLDEN=1 pytest tests/test_render_golden.py
and look at every picture in tests/golden/ before committing them.
A record missing from tests/golden/ is made (with UPDATE_GOLDEN=1) from a seeded random game.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import i18n
from engine import caylus
from engine.record import record_for
from render.caylus import render_card, render_image
from render.caylus.sample import random_game, record_post

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
# A pixel "differs" when a channel moves by more than this; fonts may shift by a pixel.
PIXEL_TOLERANCE = 48
MAX_DIFFERENT_FRACTION = 0.002

# name -> (seed, players, favor mode, stop turn, stop phase, names)
CASES: dict[str, tuple[int, int, str, int | None, int, list[str]]] = {
    "two_players_t7_workers": (18, 2, "full", 7, 2, ["Marie", "Jonas"]),
    "four_players_t8_buildings": (17, 4, "full", 8, 5, ["Ann", "Ben", "Cleo", "Dev"]),
    "five_players_t12_late": (13, 5, "full", 12, 5, ["Alice", "Bob", "Carol", "Dan", "Eve"]),
    "five_players_game_over": (13, 5, "full", None, 2, ["Alice", "Bob", "Carol", "Dan", "Eve"]),
    "three_players_simplified": (9, 3, "simplified", 9, 2, []),
    "four_players_t8_specials": (17, 4, "full", 8, 3, ["Ann", "Ben", "Cleo", "Dev"]),
}
# The phone card of these records too (card_<name>.png): a new workers phase with 2 players,
# right after a workers phase, late in a 5-player game, the end, simplified favors.
CARD_CASES = [
    "two_players_t7_workers",
    "four_players_t8_specials",
    "five_players_t12_late",
    "five_players_game_over",
    "three_players_simplified",
]


def _make_record(name: str) -> Path:
    seed, players, mode, turn, phase, _ = CASES[name]
    path = GOLDEN / f"{name}.json"
    if path.exists():
        return path
    assert UPDATE, f"{path} is missing: run with UPDATE_GOLDEN=1 to make it"
    # replay the same seeded random game, keeping the actions in notation
    options = caylus.Options(players=players, favor_mode=mode)
    state = caylus.new_game(options, caylus.Setup(seed=seed))
    start = state
    rng = random.Random(seed)
    actions: list[str] = []
    while not state.over and not (turn is not None and (state.turn, state.phase) >= (turn, phase)):
        action = caylus.choose_action(state, state.decision.seat, rng)
        actions.append(str(action))
        state, _ = caylus.apply(state, action)
    expected, _ = random_game(seed, players, turn, phase, mode)
    assert expected == state
    path.write_text(record_for(start, actions).model_dump_json(indent=1) + "\n")
    return path


def _different_fraction(a: Image.Image, b: Image.Image) -> float:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    over = diff.point(lambda v: 255 if v > PIXEL_TOLERANCE else 0)
    return over.histogram()[255] / (a.width * a.height)


def _compare(name: str, image: Image.Image, tmp_path: Path) -> None:
    golden = GOLDEN / f"{name}.png"
    if UPDATE:
        image.save(golden, optimize=True)
    assert golden.exists(), f"{golden} is missing: run with UPDATE_GOLDEN=1"
    expected = Image.open(golden)
    actual_path = tmp_path / f"{name}.png"
    image.save(actual_path)
    assert image.size == expected.size, (
        f"{name}: size {image.size} != golden {expected.size}; picture in {actual_path}"
    )
    fraction = _different_fraction(image, expected)
    assert fraction <= MAX_DIFFERENT_FRACTION, (
        f"{name}: {fraction:.2%} of the pixels differ from the golden picture; the new picture "
        f"is {actual_path} (UPDATE_GOLDEN=1 regenerates after an intended change)"
    )


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str, tmp_path: Path) -> None:
    post = record_post(str(_make_record(name)), None)
    names = CASES[name][5] or None
    image = render_image(post.state, names=names, previous=post.previous, events=post.events)
    _compare(name, image, tmp_path)


@pytest.mark.parametrize("name", CARD_CASES)
def test_card_golden(name: str, tmp_path: Path) -> None:
    post = record_post(str(_make_record(name)), None)
    names = CASES[name][5] or None
    image = render_card(post.state, names=names, previous=post.previous, events=post.events)
    _compare(f"card_{name}", image, tmp_path)


# German, the longest names (docs/i18n.md): the same records drawn in German, de_<name>.png.
GERMAN = ["five_players_t12_late", "four_players_t8_specials"]


@pytest.mark.parametrize("name", GERMAN)
def test_golden_german(name: str, tmp_path: Path) -> None:
    post = record_post(str(_make_record(name)), None)
    names = CASES[name][5] or None
    with i18n.using("de"):
        board = render_image(post.state, names=names, previous=post.previous, events=post.events)
        card = render_card(post.state, names=names, previous=post.previous, events=post.events)
    _compare(f"de_{name}", board, tmp_path)
    _compare(f"de_card_{name}", card, tmp_path)
