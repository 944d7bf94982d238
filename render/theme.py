"""Colours, fonts and sizes both games' pictures share (one place to tune the look; each game's
own colours are in its package: render/caylus/look.py, render/magna_carta/canvas.py)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSansCondensed.ttf"
BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"

RGB = tuple[int, int, int]

# --- the parchment and its inks ---
BOARD = (236, 226, 200)  # parchment
PANEL = (246, 240, 222)
INK = (38, 30, 24)
INK_SOFT = (96, 84, 70)
INK_FAINT = (150, 138, 118)
LINE = (120, 104, 84)
WHITE = (255, 255, 255)
HIGHLIGHT = (255, 196, 0)  # what changed in the last phase
DECIDE = (200, 30, 110)  # who must decide now
GOOD = (24, 128, 56)
BAD = (196, 40, 40)

# --- players: the game's colours, each with a letter drawn inside its pieces ---
PLAYER_COLOURS: tuple[RGB, ...] = (
    (38, 100, 214),  # blue
    (206, 42, 42),  # red
    (36, 150, 66),  # green
    (240, 130, 20),  # orange
    (30, 30, 30),  # black
)
PLAYER_COLOUR_NAMES = ("blue", "red", "green", "orange", "black")

# --- cubes (F W S C G) ---
CUBE_COLOURS: dict[str, RGB] = {
    "F": (236, 120, 160),  # food: pink
    "W": (140, 90, 48),  # wood: brown
    "S": (150, 150, 150),  # stone: gray
    "C": (128, 70, 170),  # cloth: purple
    "G": (240, 200, 40),  # gold: yellow
}
CUBE_TEXT: dict[str, RGB] = {"F": INK, "W": WHITE, "S": INK, "C": WHITE, "G": INK}

# The words of the pictures are in render/labels.py and render/names.py (translated).


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans Condensed at `size` px (never a system font)."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


# --- the phone pictures (render/phone.py) ---
# Discord shows an attachment about 400 px wide in a phone chat. The card is laid out in those
# display pixels and drawn CARD_SCALE times larger, so it stays sharp on 2x-3x phone screens.
PHONE_WIDTH = 400
CARD_SCALE = 2
CARD_WIDTH = round(PHONE_WIDTH * CARD_SCALE)
MIN_CAP_HEIGHT_AT_PHONE = 9  # px: a capital letter or digit as displayed at PHONE_WIDTH
CARD_COLOURS = 64  # palette size of the posted card (no dithering: text stays crisp)


@lru_cache(maxsize=2)
def cap_height_ratio(bold: bool = False) -> float:
    """Height of a capital (H) over the font size: 0.73 for DejaVu Sans Condensed."""
    size = 1000
    top = font(size, bold).getbbox("H", anchor="ls")[1]
    return -top / size


def displayed_cap_height(size: int, image_width: int, bold: bool = False) -> float:
    """How tall a capital letter of a `size` px font is when the picture is PHONE_WIDTH wide."""
    return cap_height_ratio(bold) * size * PHONE_WIDTH / image_width
