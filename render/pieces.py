"""Small drawing primitives: text, pieces (workers, houses, markers), cubes, dashed boxes."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from render import theme as t

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore  # what a font's mask is (Pillow's own name)

Draw = ImageDraw.ImageDraw


def blend(a: t.RGB, b: t.RGB, k: float) -> t.RGB:
    """`a` moved a fraction `k` towards `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * k),
        round(a[1] + (b[1] - a[1]) * k),
        round(a[2] + (b[2] - a[2]) * k),
    )


@lru_cache(maxsize=4096)
def text_width(s: str, size: int, bold: bool = False) -> float:
    return t.font(size, bold).getlength(s)


def fit(s: str, size: int, width: float, bold: bool = False) -> str:
    """`s`, shortened with an ellipsis so that it fits in `width` px."""
    if text_width(s, size, bold) <= width:
        return s
    while s and text_width(s + "…", size, bold) > width:
        s = s[:-1]
    return s.rstrip() + "…"


def fit_name(s: str, size: int, width: float, bold: bool = False) -> str:
    """A player's display name, shortened with an ellipsis to fit in `width` px: the one kind
    of text a picture may shorten (docs/render.md)."""
    return shortenable(fit(s, size, width, bold))


def at_most(lines: list[str] | tuple[str, ...], count: int) -> list[str]:
    """The first `count` lines; the last of them ends with an ellipsis when lines were left
    out, so that a text cut short shows it (and the tests see it)."""
    kept = list(lines[:count])
    if len(lines) > count:
        kept[-1] = kept[-1].rstrip() + "…"
    return kept


@lru_cache(maxsize=1024)
def wrap(s: str, size: int, width: float, bold: bool = False) -> tuple[str, ...]:
    """Greedy word wrap of `s` into lines no wider than `width` px."""
    lines: list[str] = []
    line = ""
    for word in s.split():
        trial = f"{line} {word}" if line else word
        if text_width(trial, size, bold) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return tuple(lines)


# The text masks drawn lately, kept across pictures up to this many bytes of masks (a mask is a
# byte a pixel): the texts of a few games' pictures, whatever their sizes.
MASK_CACHE_BYTES = 24 * 1024 * 1024
_MaskKey = tuple[str, int, bool, str]
_Mask = tuple["ImagingCore", tuple[int, int]]
_masks: OrderedDict[_MaskKey, tuple[_Mask, int]] = OrderedDict()
_masks_bytes = 0
_masks_lock = threading.Lock()  # pictures are drawn in several threads


def _mask(s: str, size: int, bold: bool, anchor: str) -> _Mask:
    """The rendered coverage mask of a string and its offset (cached across pictures, the
    least recently used going first once the masks pass MASK_CACHE_BYTES)."""
    global _masks_bytes
    key = (s, size, bold, anchor)
    with _masks_lock:
        found = _masks.get(key)
        if found is not None:
            _masks.move_to_end(key)
            return found[0]
    made: _Mask = t.font(size, bold).getmask2(s, "L", anchor=anchor, start=(0, 0))
    width, height = made[0].size
    cost = width * height + 100  # the pixels, and the entry's own keep
    with _masks_lock:
        if key not in _masks:
            _masks[key] = (made, cost)
            _masks_bytes += cost
            while _masks_bytes > MASK_CACHE_BYTES and len(_masks) > 1:
                _, (_, freed) = _masks.popitem(last=False)
                _masks_bytes -= freed
    return made


def mask_cache_bytes() -> int:
    """The bytes of masks kept now (at most MASK_CACHE_BYTES, but for one larger mask)."""
    return _masks_bytes


_INK_DRAW = ImageDraw.Draw(Image.new("RGB", (1, 1)))


@lru_cache(maxsize=512)
def _ink(fill: t.RGB) -> int:
    """The packed RGB ink ImageDraw uses for `fill` (the same for every RGB picture)."""
    ink, _ = _INK_DRAW._getink(fill)
    if ink is None:  # only a fill of None has no ink
        raise ValueError(f"no ink for {fill}")
    return ink


@dataclass(frozen=True, slots=True)
class DrawnText:
    """One call of `text`: what was written and at which font size (px of the picture)."""

    text: str
    size: int
    bold: bool


_drawn: ContextVar[list[DrawnText] | None] = ContextVar("drawn_text", default=None)

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in px of the picture


@dataclass(frozen=True, slots=True)
class PlacedText:
    """One text as drawn: where its ink is (or the badge it fills), the box it must stay in
    (its tile, cell, row or badge; None: the picture), and whether it was cut with an ellipsis
    (`shortened`) where shortening is allowed (`may_shorten`: a player's display name)."""

    text: str
    size: int
    box: Box
    container: Box | None
    shortened: bool
    may_shorten: bool


@dataclass(slots=True)
class _Placement:
    texts: list[PlacedText]
    shortenable: set[str]


_placed: ContextVar[_Placement | None] = ContextVar("placed_text", default=None)
_container: ContextVar[Box | None] = ContextVar("text_container", default=None)


@contextmanager
def recording_placement() -> Iterator[list[PlacedText]]:
    """Collects where every text drawn in this block landed (this thread only): how the tests
    find texts that overlap, leave their box or were cut."""
    placement = _Placement([], set())
    token = _placed.set(placement)
    try:
        yield placement.texts
    finally:
        _placed.reset(token)


@contextmanager
def container(box: Box) -> Iterator[None]:
    """Every text drawn in this block must stay inside `box` (px)."""
    token = _container.set(box)
    try:
        yield
    finally:
        _container.reset(token)


def shortenable(s: str) -> str:
    """Marks `s` (a display name, maybe cut with an ellipsis) as a text that may be shortened."""
    placement = _placed.get()
    if placement is not None:
        placement.shortenable.add(s)
    return s


@contextmanager
def recording_text() -> Iterator[list[DrawnText]]:
    """Collects every text drawn in this block (this thread only): how the sizes are measured."""
    log: list[DrawnText] = []
    token = _drawn.set(log)
    try:
        yield log
    finally:
        _drawn.reset(token)


def text(
    d: Draw,
    xy: tuple[float, float],
    s: str,
    size: int,
    fill: t.RGB = t.INK,
    bold: bool = False,
    anchor: str = "la",
    extent: Box | None = None,
) -> None:
    """Draw `s` like ImageDraw.text, with its glyph mask cached (most labels repeat).
    `extent`: the box the text fills (a badge), recorded instead of the ink's."""
    if not s:
        return
    log = _drawn.get()
    if log is not None:
        log.append(DrawnText(s, size, bold))
    mask, (ox, oy) = _mask(s, size, bold, anchor)
    x, y = round(xy[0]) + ox, round(xy[1]) + oy
    d.draw.draw_bitmap((x, y), mask, _ink(fill))
    placement = _placed.get()
    if placement is not None:
        width, height = mask.size
        placement.texts.append(
            PlacedText(
                s,
                size,
                extent or (x, y, x + width, y + height),
                _container.get(),
                s.endswith("…"),
                s in placement.shortenable,
            )
        )


def _letter_colours(seat: int) -> tuple[t.RGB, t.RGB]:
    colour = t.PLAYER_COLOURS[seat]
    return colour, t.WHITE


def worker(
    d: Draw, cx: float, cy: float, r: float, seat: int, letter: str, ring: t.RGB | None = None
) -> None:
    """A worker: a disc in the player's colour with the player's letter."""
    colour, ink = _letter_colours(seat)
    if ring is not None:
        d.ellipse((cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4), fill=ring)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=t.WHITE, width=2)
    d.ellipse((cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1), outline=t.INK, width=1)
    text(d, (cx, cy + 1), letter, max(9, int(r * 1.15)), ink, bold=True, anchor="mm")


def house(
    d: Draw,
    x: float,
    y: float,
    w: float,
    h: float,
    seat: int,
    letter: str,
    ring: t.RGB | None = None,
) -> None:
    """A house: a pentagon (roof on a square) in the player's colour with the letter."""
    colour, ink = _letter_colours(seat)
    roof = h * 0.38
    pts = [(x, y + roof), (x + w / 2, y), (x + w, y + roof), (x + w, y + h), (x, y + h)]
    if ring is not None:
        grow = [
            (x - 4, y + roof),
            (x + w / 2, y - 5),
            (x + w + 4, y + roof),
            (x + w + 4, y + h + 4),
            (x - 4, y + h + 4),
        ]
        d.polygon(grow, fill=ring)
    d.polygon(pts, fill=colour, outline=t.INK, width=1)
    text(
        d,
        (x + w / 2, y + roof + (h - roof) / 2 + 1),
        letter,
        max(9, int(h * 0.55)),
        ink,
        bold=True,
        anchor="mm",
    )


def marker(
    d: Draw, x: float, y: float, s: float, seat: int, letter: str, ring: t.RGB | None = None
) -> None:
    """A marker (favor table, passing scale): a rounded square with the letter."""
    colour, ink = _letter_colours(seat)
    if ring is not None:
        d.rounded_rectangle((x - 3, y - 3, x + s + 3, y + s + 3), radius=5, fill=ring)
    d.rounded_rectangle((x, y, x + s, y + s), radius=3, fill=colour, outline=t.INK, width=1)
    text(d, (x + s / 2, y + s / 2 + 1), letter, max(9, int(s * 0.7)), ink, bold=True, anchor="mm")


def cube(d: Draw, x: float, y: float, s: float, kind: str, dim: bool = False) -> None:
    """A cube: a square in the cube colour with its letter (F W S C G) for colour-blind players."""
    fill = t.CUBE_COLOURS[kind]
    ink = t.CUBE_TEXT[kind]
    if dim:
        fill = blend(fill, t.PANEL, 0.65)
        ink = blend(ink, t.PANEL, 0.5)
    d.rounded_rectangle(
        (x, y, x + s, y + s),
        radius=max(2, s // 6),
        fill=fill,
        outline=blend(fill, t.INK, 0.45),
        width=1,
    )
    text(d, (x + s / 2, y + s / 2 + 1), kind, max(8, int(s * 0.66)), ink, bold=True, anchor="mm")


def cubes_row(d: Draw, x: float, y: float, s: float, cubes: str, gap: float = 2) -> float:
    """Cubes drawn left to right; `*` is a white 'any' cube. Returns the x after the last."""
    for c in cubes:
        if c == "*":
            d.rounded_rectangle(
                (x, y, x + s, y + s),
                radius=max(2, s // 6),
                fill=t.WHITE,
                outline=t.INK_SOFT,
                width=1,
            )
            text(
                d,
                (x + s / 2, y + s / 2 + 1),
                "?",
                max(8, int(s * 0.7)),
                t.INK,
                bold=True,
                anchor="mm",
            )
        else:
            cube(d, x, y, s, c)
        x += s + gap
    return x


def dashed_rect(
    d: Draw,
    box: tuple[float, float, float, float],
    fill: t.RGB | None,
    colour: t.RGB,
    dash: int = 7,
    width: int = 2,
) -> None:
    x0, y0, x1, y1 = box
    if fill is not None:
        d.rectangle(box, fill=fill)
    x = x0
    while x < x1:
        d.line((x, y0, min(x + dash, x1), y0), fill=colour, width=width)
        d.line((x, y1, min(x + dash, x1), y1), fill=colour, width=width)
        x += dash * 2
    y = y0
    while y < y1:
        d.line((x0, y, x0, min(y + dash, y1)), fill=colour, width=width)
        d.line((x1, y, x1, min(y + dash, y1)), fill=colour, width=width)
        y += dash * 2


def pill(
    d: Draw,
    x: float,
    y: float,
    label: str,
    size: int,
    fill: t.RGB,
    ink: t.RGB,
    edge: t.RGB = t.INK,
    pad: int = 6,
    anchor_right: bool = False,
) -> float:
    """A rounded label; returns its width."""
    w = text_width(label, size, True) + 2 * pad
    h = size + 8
    if anchor_right:
        x -= w
    d.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=fill, outline=edge, width=1)
    text(d, (x + w / 2, y + h / 2 + 1), label, size, ink, bold=True, anchor="mm")
    return w


def section_title(
    d: Draw, x: float, y: float, label: str, extra: str = "", colour: t.RGB = t.PANEL
) -> None:
    """A small-caps style title on the table, with optional detail after it."""
    text(d, (x, y), label.upper(), 15, colour, bold=True)
    if extra:
        w = text_width(label.upper(), 15, True)
        text(d, (x + w + 10, y + 1), extra, 14, (222, 208, 180))
