"""Golden Magna Carta pictures: fixed game records drawn (phone cards, a whole board, a hand)
and compared with stored PNGs, with a tolerance.

Regenerate after an intended change of the look with
    UPDATE_GOLDEN=1 pytest tests/test_mc_render_golden.py
and look at every picture in tests/golden/mc_*.png before committing them. A record missing
from tests/golden/ is made (with UPDATE_GOLDEN=1) from a seeded random game.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import i18n
from engine.magna_carta import view
from engine.record import GameRecord
from render.magna_carta import render_board, render_card, render_hand
from render.magna_carta.sample import random_record, record_posts

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
# A pixel "differs" when a channel moves by more than this; fonts may shift by a pixel.
PIXEL_TOLERANCE = 48
MAX_DIFFERENT_FRACTION = 0.002

# record -> (seed, players, rule set, stop at (round, phase) or None for the end, uniform)
RECORDS: dict[str, tuple[int, int, str, tuple[int, int] | None, float]] = {
    "standard_4p_r05": (21, 4, "standard", (5, 2), 0.0),  # a new actions phase
    "standard_4p_r09": (47, 4, "standard", (9, 4), 0.5),  # residences, a prestige building
    "beginner_2p_r04": (6, 2, "beginner", (4, 4), 0.3),  # the castle
    "standard_3p_over": (33, 3, "standard", None, 0.0),  # the end
}
NAMES = ["Marie", "Jonas", "Ines", "Tom"]
# picture -> (record, what is drawn: card, board or hand of a seat)
CASES = {
    "card_standard_4p_actions": ("standard_4p_r05", "card"),
    "hand_standard_4p_seat0": ("standard_4p_r05", "hand"),
    "board_standard_4p_activation": ("standard_4p_r09", "board"),
    "card_beginner_2p_castle": ("beginner_2p_r04", "card"),
    "card_standard_3p_over": ("standard_3p_over", "card"),
}


def _record(name: str) -> GameRecord:
    path = GOLDEN / f"mc_{name}.json"
    if not path.exists():
        assert UPDATE, f"{path} is missing: run with UPDATE_GOLDEN=1 to make it"
        seed, players, variant, stop, uniform = RECORDS[name]
        record = random_record(seed, players, variant, stop, uniform)
        path.write_text(record.model_dump_json(indent=1) + "\n")
    return GameRecord.model_validate_json(path.read_text())


def _different_fraction(a: Image.Image, b: Image.Image) -> float:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    over = diff.point(lambda v: 255 if v > PIXEL_TOLERANCE else 0)
    return over.histogram()[255] / (a.width * a.height)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str, tmp_path: Path) -> None:
    _golden(name, name, tmp_path)


# German, the longest names (docs/i18n.md): mc_de_<name>.png.
GERMAN = ["card_standard_4p_actions", "hand_standard_4p_seat0", "board_standard_4p_activation"]


@pytest.mark.parametrize("name", GERMAN)
def test_golden_german(name: str, tmp_path: Path) -> None:
    with i18n.using("de"):
        _golden(name, f"de_{name}", tmp_path)


def _golden(case: str, name: str, tmp_path: Path) -> None:
    record_name, what = CASES[case]
    record = _record(record_name)
    post = record_posts(record)[-1]
    players = len(post.state.players)
    names = NAMES[:players]
    current = view(post.state, None)
    previous = view(post.previous, None) if post.previous is not None else None
    if what == "card":
        image = render_card(current, names=names, previous=previous, events=post.events)
    elif what == "board":
        image = render_board(current, names=names, previous=previous, events=post.events)
    else:
        image = render_hand(view(post.state, 0), names=names)
    golden = GOLDEN / f"mc_{name}.png"
    if UPDATE:
        image.save(golden, optimize=True)
    assert golden.exists(), f"{golden} is missing: run with UPDATE_GOLDEN=1"
    expected = Image.open(golden)
    actual_path = tmp_path / f"mc_{name}.png"
    image.save(actual_path)
    assert image.size == expected.size, (
        f"{name}: size {image.size} != golden {expected.size}; picture in {actual_path}"
    )
    fraction = _different_fraction(image, expected)
    assert fraction <= MAX_DIFFERENT_FRACTION, (
        f"{name}: {fraction:.2%} of the pixels differ from the golden picture; the new picture "
        f"is {actual_path} (UPDATE_GOLDEN=1 regenerates after an intended change)"
    )
