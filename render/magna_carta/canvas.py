"""Drawing in phone display pixels ("dp"): the Magna Carta pictures' shared primitives.

Every Magna Carta picture is laid out 400 dp wide (theme.PHONE_WIDTH, the width of a phone
chat) and drawn CARD_SCALE times larger, with the phone card's sizes (render/phone.py), so no
text is smaller than MIN_TEXT px: a capital letter or a digit is at least 9 px tall on a phone.
Text goes through render.pieces.text, which records it (how the tests measure and read it).
"""

from __future__ import annotations

import re

from PIL import Image, ImageDraw

from engine.magna_carta.view import View
from render import theme as t
from render.phone import CUBE, W_DP, PhoneCanvas
from render.phone import S as SCALE
from render.pieces import blend, cube
from render.seats import seat_letters, seat_names

# Colours of the Magna Carta cards (the theme's table, ink and player colours are shared).
NEUTRAL_FILL = (246, 206, 216)  # pink neutral cards
NEUTRAL_EDGE = (190, 110, 134)
RESIDENCE_FILL = (168, 214, 150)  # the green back of a player card
RESIDENCE_EDGE = (50, 120, 50)
PRESTIGE_FILL = (168, 198, 240)  # blue prestige buildings
PRESTIGE_EDGE = (40, 80, 160)
INACTIVE_FILL = (214, 208, 196)  # beyond the provost: does nothing this round
TOKEN_COLOURS = {"dungeon": (196, 52, 44), "walls": (236, 128, 32), "towers": (242, 200, 50)}
TOKEN_INK = {"dungeon": t.WHITE, "walls": t.INK, "towers": t.INK}
ANY_CUBE = "?"  # a white cube in a cost: any resource, gold included


_UNIT = re.compile(r"(\d) (d|PP)\b")


def keep_together(s: str) -> str:
    """'3 d' and '2 PP' with a no-break space: a line break never parts a number from its unit."""
    return _UNIT.sub("\\1\u00a0\\2", s)


def owner_tint(seat: int) -> t.RGB:
    """The fill of a player's card on the road: a light tint of the player's colour."""
    return blend(t.PLAYER_COLOURS[seat], t.WHITE, 0.72)


class Canvas(PhoneCanvas):
    """A picture drawn in dp: write, box, pieces and cubes at CARD_SCALE."""

    def __init__(self, view: View, names: list[str] | None, height_dp: float, bg: t.RGB) -> None:
        self.view = view
        self.names = seat_names(names, view.players_count)
        self.letters = seat_letters(self.names)
        self.img = Image.new("RGB", (round(W_DP * SCALE), round(height_dp * SCALE)), bg)
        self.d = ImageDraw.Draw(self.img)
        # where the picture draws each part a click may play (`mark`), in its pixels
        self.areas: dict[str, tuple[int, int, int, int]] = {}

    def mark(self, key: str, x0: float, y0: float, x1: float, y1: float) -> None:
        """Remember where the box (dp) of a clickable part lands: (x, y, width, height) in
        pixels. The first box of a key stays (a card held twice is played by its first)."""
        if key not in self.areas:
            left, top = round(x0 * SCALE), round(y0 * SCALE)
            self.areas[key] = (left, top, round(x1 * SCALE) - left, round(y1 * SCALE) - top)

    def crop(self, height_dp: float) -> Image.Image:
        return self.img.crop((0, 0, self.img.width, round(height_dp * SCALE)))

    def words(self, s: str) -> list[str]:
        """Words split at plain spaces only: '3 d' keeps its no-break space (keep_together)."""
        return [word for word in keep_together(s).split(" ") if word]

    def cube(self, x: float, y: float, kind: str) -> float:
        """One cube (F W S G, or ? for any resource) with its top-left at (x, y); returns the x
        after it."""
        if kind == ANY_CUBE:
            self.box(x, y, x + CUBE, y + CUBE, t.WHITE, t.INK_SOFT, 0.5, 3)
            self.write(x + CUBE / 2, y + CUBE / 2 + 0.5, "?", CUBE * 0.66, t.INK, True, "mm")
        else:
            cube(self.d, x * SCALE, y * SCALE, CUBE * SCALE, kind)
        return x + CUBE

    def cubes(self, x: float, cy: float, cost: str, gap: float = 2) -> float:
        """A cost as cubes in a row, vertically centred on `cy`; returns the x after it."""
        for kind in cost:
            x = self.cube(x, cy - CUBE / 2, kind) + gap
        return x

    def counted_cube(self, x: float, cy: float, kind: str, count: int, size: float) -> float:
        """A cube with its count after it ('[S] 3'); returns the x after it."""
        x = self.cube(x, cy - CUBE / 2, kind) + 2
        label = str(count)
        self.write(x, cy, label, size, t.INK if count else t.INK_FAINT, True)
        return x + self.width(label, size, True)

    def token_chip(
        self, x: float, cy: float, kind: str, label: str, size: float, w: float | None = None
    ) -> float:
        """A castle token chip in its colour (dungeon red, walls orange, towers yellow)."""
        width = w if w is not None else self.width(label, size, True) + 8
        h = max(18.0, self.px(size) / SCALE + 5)
        colour = TOKEN_COLOURS[kind]
        self.box(x, cy - h / 2, x + width, cy + h / 2, colour, blend(colour, t.INK, 0.4), 0.5, 4)
        self.write(x + width / 2, cy + 0.5, label, size, TOKEN_INK[kind], True, "mm")
        return x + width
