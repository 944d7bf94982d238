"""The renderer's contract: PNG bytes from a state, names, change highlight, CLI, purity."""

from __future__ import annotations

import inspect
import io
import json
import subprocess
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

import render.caylus as caylus_pictures
import render.magna_carta as magna_carta_pictures
from engine import caylus
from render import GamePictures, to_png
from render import theme as t
from render.caylus import render_image, render_png
from render.caylus.card import Card as CaylusCard
from render.caylus.castle import scoring_text
from render.caylus.sample import random_game
from render.labels import w as lb
from render.magna_carta.card import PhoneCard as MagnaCartaCard
from render.phone import PhoneCanvas
from render.pieces import recording_text
from render.seats import seat_letters

ROOT = Path(__file__).resolve().parent.parent


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_new_game_png_round_trips_and_is_small() -> None:
    state = caylus.new_game(caylus.Options(players=4), caylus.Setup(seed=1))
    drawn = render_image(state)
    # the fast PNG writer stores exactly the drawn pixels
    assert _png(to_png(drawn)).tobytes() == drawn.tobytes()
    # the posted board is a full-size palette PNG of (nearly) the same pixels
    data = render_png(state)
    image = _png(data)
    assert image.mode == "P" and image.size == drawn.size and drawn.width == 1080
    assert len(data) < 250_000
    moved = ImageChops.difference(image.convert("RGB"), drawn).convert("L").histogram()
    assert sum(moved[48:]) / (drawn.width * drawn.height) < 0.002


def test_every_player_count_and_favor_mode() -> None:
    heights = {}
    for players in (2, 3, 4, 5):
        for mode in ("full", "simplified"):
            state, previous = random_game(players, players, 4, 2, mode)
            image = render_image(state, previous=previous)
            heights[players, mode] = image.height
            assert 1200 < image.height < 2400
    # one player row more per seat
    assert heights[5, "full"] > heights[2, "full"]


def test_names_change_the_picture_and_missing_names_default() -> None:
    state = caylus.new_game(caylus.Options(players=3), caylus.Setup(seed=2))
    a = render_image(state)
    b = render_image(state, names=["Player 1", "Player 2", "Player 3"])
    c = render_image(state, names=["Zoé", "Yann", "Xu"])
    assert ImageChops.difference(a, b).getbbox() is None
    assert ImageChops.difference(a, c).getbbox() is not None
    render_image(state, names=["only one"])  # short lists are completed


def test_previous_state_adds_a_highlight() -> None:
    state, previous = random_game(5, 4, 6, 5)
    assert previous is not None
    plain = render_image(state)
    marked = render_image(state, previous=previous)
    assert ImageChops.difference(plain, marked).getbbox() is not None
    assert marked.height > plain.height  # the "what changed" line


def test_seat_letters_are_distinct() -> None:
    assert seat_letters(["alice", "Bob"]) == ["A", "B"]
    assert seat_letters(["Sam", "Sue", "Sid"]) == ["A", "B", "C"]
    assert seat_letters(["Player 1", "Player 2"]) == ["A", "B"]
    assert seat_letters(["🎲", "Bob"]) == ["A", "B"]
    for names in (["Ann", "ann"], ["", "x"]):
        letters = seat_letters(names)
        assert len(set(letters)) == len(letters)


def test_scoring_text_comes_from_the_catalogue() -> None:
    assert scoring_text(0) == "houses 0 → −2 PP · 1 → nothing · 2+ → 1 favor"
    assert "5+ → 3 favors" in scoring_text(1)
    assert "6+ → 3 favors" in scoring_text(2)


def test_cli_seeded_game_and_record(tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    cmd = [
        sys.executable,
        "-m",
        "bot.cli",
        "render",
        "--seed",
        "4",
        "--players",
        "3",
        "--turn",
        "5",
        "--phase",
        "6",
        "--names",
        "Ann",
        "Bea",
        "Cy",
        "--out",
        str(out),
    ]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert _png(out.read_bytes()).width == 1080
    record = tmp_path / "game.json"
    record.write_text(
        json.dumps(
            {"game": "caylus", "options": {"players": 2}, "setup": {"seed": 3}, "actions": []}
        )
    )
    out2 = tmp_path / "record.png"
    cmd = [sys.executable, "-m", "bot.cli", "render", "--record", str(record), "--out", str(out2)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    _png(out2.read_bytes())


def test_render_imports_only_engine_and_pillow() -> None:
    code = (
        "import sys, render, render.cli; "
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('discord', 'sqlite3', 'aiosqlite', 'bot')]; print(','.join(bad))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == ""


def test_fonts_are_bundled() -> None:
    fonts = ROOT / "render" / "fonts"
    assert (fonts / "DejaVuSansCondensed.ttf").exists()
    assert (fonts / "DejaVuSansCondensed-Bold.ttf").exists()
    assert "Bitstream" in (fonts / "LICENSE-DejaVu.txt").read_text()


def test_every_catalogue_tile_draws_on_the_road() -> None:
    from engine.caylus.catalogue import FIXED_POSITIONS, NEUTRAL_TILES, TILES

    state, _ = random_game(17, 4, 8, 2)
    craft = [t for t in TILES if t not in NEUTRAL_TILES and t not in FIXED_POSITIONS.values()]
    road, owners = list(state.road), list(state.owners)
    free = [i for i in range(28) if road[i] is None]
    drawn = []
    for start in range(0, len(craft), len(free)):
        for k, (i, tile) in enumerate(zip(free, craft[start:], strict=False)):
            road[i], owners[i] = tile, k % 4
            drawn.append(tile)
        update = {"road": list(road), "owners": list(owners), "lawyer_pending": [(free[0], 1)]}
        render_image(state.model_copy(update=update))
    assert set(drawn) == set(craft)


def test_change_notes_name_builds_and_transformations() -> None:
    from render.caylus.changes import diff

    state, _ = random_game(17, 4, 8, 2)
    names = ["Ann", "Ben", "Cleo", "Dev"]
    lot = state.road.index(None)
    road, owners = list(state.road), list(state.owners)
    road[lot], owners[lot] = "mason", 1
    built = state.model_copy(update={"road": road, "owners": owners, "provost": 20})
    notes = diff(built, state, names).notes
    assert f"Ben built the Mason ({lot + 1})" in notes
    assert "provost 13 → 20" in notes or any(n.startswith("provost") for n in notes)
    road2 = list(road)
    road2[lot] = "residence"
    turned = built.model_copy(update={"road": road2})
    assert diff(turned, built, names).notes == [
        f"Ben turned the Mason ({lot + 1}) into a residence"
    ]
    assert diff(state, None, names).notes == []


def test_each_game_package_implements_game_pictures() -> None:
    """render.caylus and render.magna_carta offer the functions of render.GamePictures with its
    parameters (mypy checks the types where the command line uses them as GamePictures)."""
    for method in ("render_phase_pictures", "render_board_picture"):
        # the keyword parameters after self and what the game draws from (positional)
        wanted = list(inspect.signature(getattr(GamePictures, method)).parameters)[2:]
        for package in (caylus_pictures, magna_carta_pictures):
            offered = inspect.signature(getattr(package, method)).parameters
            assert list(offered)[1:] == wanted, (package.__name__, method)
            assert all(offered[name].default is None for name in wanted)
            assert all(offered[name].kind is inspect.Parameter.KEYWORD_ONLY for name in wanted)


class _Canvas(PhoneCanvas):
    """A bare phone canvas: the painter both games' cards use, on a picture of its own."""

    def __init__(self) -> None:
        self.img = Image.new("RGB", (t.CARD_WIDTH, 1600), t.BOARD)
        self.d = ImageDraw.Draw(self.img)
        self.names = ["Ann", "Ben"]
        self.letters = seat_letters(self.names)


def test_both_phone_cards_paint_what_happened_with_one_painter() -> None:
    """The Caylus and the Magna Carta phone cards draw "what happened" with the same painter
    (PhoneCanvas.what_happened); it lists the items, wraps them, and past its rows counts the
    rest in "… and N more in the message"."""
    assert CaylusCard.what_happened is PhoneCanvas.what_happened
    assert MagnaCartaCard.what_happened is PhoneCanvas.what_happened
    items = [(k % 2, f"Line {k}: a short sentence") for k in range(10)] + [(None, "The board")]
    with recording_text() as drawn:
        bottom = _Canvas().what_happened(0, "turn 3 · Workers", items, max_rows=4)
    texts = [x.text for x in drawn]
    assert texts[:2] == [lb.WHAT_HAPPENED, "turn 3 · Workers"]
    # four rows: three items, then the count of the eight left
    assert [x for x in texts if x.startswith("Line")] == [
        f"Line {k}: a short sentence" for k in range(3)
    ]
    assert texts[-1] == lb.MORE_IN_MESSAGE.format(count=8)
    assert bottom > 24
    with recording_text() as drawn:
        _Canvas().what_happened(0, "", items[:2], max_rows=4)
    # each line starts with its seat's piece (its letter)
    assert [x.text for x in drawn] == [lb.WHAT_HAPPENED, "A", items[0][1], "B", items[1][1]]
