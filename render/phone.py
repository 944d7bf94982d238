"""Drawing in phone display pixels ("dp"), shared by every picture laid out for a phone.

Discord shows an attachment about 400 px wide in a phone chat (theme.PHONE_WIDTH). The phone
pictures (the Caylus card, render/caylus/card.py, and every Magna Carta picture,
render/magna_carta/)
are laid out in those display pixels and drawn CARD_SCALE times larger, and no text is smaller
than MIN_TEXT px: a capital letter or a digit is then at least 9 px tall on the phone. Text goes
through render.pieces.text, which records it (how the tests measure and read it).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from PIL import ImageDraw

from render import theme as t
from render.labels import w as lb
from render.pieces import container, shortenable, text, text_width, worker

S = t.CARD_SCALE
W_DP = t.PHONE_WIDTH
M = 8  # margin, dp
INNER = W_DP - 2 * M
DECIDING_FILL = (252, 232, 240)  # the band of the player who must decide now
BAND_EDGE = (150, 134, 110)
# The smallest font (px of the picture) whose capitals are MIN_CAP_HEIGHT_AT_PHONE px on the phone.
MIN_TEXT = math.ceil(
    t.MIN_CAP_HEIGHT_AT_PHONE * t.CARD_WIDTH / (t.PHONE_WIDTH * t.cap_height_ratio())
)
# Pieces draw their letter at a fixed fraction of their size: big enough for MIN_TEXT letters.
PIECE_R = math.ceil(MIN_TEXT / 1.15) / S  # worker disc radius (letter = 1.15 r)
CUBE = math.ceil(MIN_TEXT / 0.66) / S  # cube side (letter = 0.66 side)
MARKER = math.ceil(MIN_TEXT / 0.7) / S  # favor / castle marker side (letter = 0.7 side)
SMALL = MIN_TEXT / S  # dp: captions, deltas, secondary text
NUMBER = 16  # dp: the players' numbers
STATUS_LINE = 16  # dp: a line of a player's status under their name
BODY = max(SMALL, 13.5)  # dp: body text
NAME = 15.5  # dp: players' names
TITLE = 19  # dp: the header's title
LINE = 19  # dp between two lines of BODY text

HEADER_BG = (40, 30, 24)
HEADER_INK = (240, 214, 150)
CARD_BG = t.BOARD
DECIDE_BG = (250, 236, 240)
WIN_BG = (252, 236, 180)
SECTION_BG = (222, 212, 190)
HAPPENED_BG = (70, 56, 40)  # the title bar of "what happened"
HAPPENED_INK = (250, 240, 220)  # the phases it covers, in that bar

# One line of "what happened": the seat whose piece starts it (None: the board's), the sentence.
Happening = tuple[int | None, str]


class PhoneCanvas:
    """Text, boxes and workers placed in dp on `self.d`; `self.letters` are the seats'
    letters on their workers."""

    d: ImageDraw.ImageDraw
    letters: list[str]
    names: list[str]

    @staticmethod
    def px(size: float) -> int:
        return max(MIN_TEXT, round(size * S))

    def write(
        self,
        x: float,
        y: float,
        s: str,
        size: float,
        fill: t.RGB = t.INK,
        bold: bool = False,
        anchor: str = "lm",
        extent: tuple[float, float, float, float] | None = None,
    ) -> None:
        box = (
            None if extent is None else (extent[0] * S, extent[1] * S, extent[2] * S, extent[3] * S)
        )
        text(self.d, (x * S, y * S), s, self.px(size), fill, bold, anchor, box)

    def shrink(self, s: str, sizes: tuple[float, ...], room: float, bold: bool = False) -> float:
        """The first of `sizes` (largest first) at which `s` fits in `room` dp; the last if none."""
        return next((size for size in sizes if self.width(s, size, bold) <= room), sizes[-1])

    @contextmanager
    def within(self, x0: float, y0: float, x1: float, y1: float) -> Iterator[None]:
        """The texts drawn in this block belong inside this box (dp): a tile, a cell, a row."""
        with container((x0 * S, y0 * S, x1 * S, y1 * S)):
            yield

    def fit_name(self, name: str, size: float, room: float, bold: bool = False) -> str:
        """A player's display name, cut with an ellipsis to fit in `room` dp: the one kind of
        text a picture may shorten (a bot seat's label, 'Bot (red, strong)', is given the
        room to be read whole)."""
        return shortenable(self.fit(name, size, room, bold))

    @staticmethod
    def width(s: str, size: float, bold: bool = False) -> float:
        return text_width(s, PhoneCanvas.px(size), bold) / S

    def fit(self, s: str, size: float, room: float, bold: bool = False) -> str:
        """`s`, cut with an ellipsis to fit in `room` dp."""
        if self.width(s, size, bold) <= room:
            return s
        while s and self.width(s + "…", size, bold) > room:
            s = s[:-1]
        return s.rstrip() + "…"

    def words(self, s: str) -> list[str]:
        """The words a line may break between."""
        return s.split()

    def wrap(
        self, s: str, size: float, room: float, first: float | None = None, bold: bool = False
    ) -> list[str]:
        """Greedy word wrap in `room` dp (measured in the weight it is drawn in); the first
        line may be narrower (`first`)."""
        lines: list[str] = []
        line = ""
        for word in self.words(s):
            trial = f"{line} {word}" if line else word
            limit = first if first is not None and not lines else room
            if self.width(trial, size, bold) <= limit:
                line = trial
            elif self.width(word, size, bold) <= room:
                if line or limit < room:  # a narrower first line too narrow for it stays empty
                    lines.append(line)
                line = word
            else:  # a word wider than a line (a 32-letter name): broken where the line ends
                if line:
                    lines.append(line)
                    limit = room
                line = ""
                for char in word:
                    if line and self.width(line + char, size, bold) > limit:
                        lines.append(line)
                        line, limit = "", room
                    line += char
        if line:
            lines.append(line)
        return lines

    def box(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        fill: t.RGB | None,
        outline: t.RGB | None = None,
        width: float = 1,
        radius: float = 6,
    ) -> None:
        self.d.rounded_rectangle(
            (x0 * S, y0 * S, x1 * S, y1 * S),
            radius=round(radius * S),
            fill=fill,
            outline=outline,
            width=max(1, round(width * S)),
        )

    def piece(self, cx: float, cy: float, seat: int, ring: t.RGB | None = None) -> None:
        """A worker disc in the seat's colour with its letter."""
        worker(self.d, cx * S, cy * S, PIECE_R * S, seat, self.letters[seat], ring)

    def player_band(
        self, seat: int, y: float, h: float, deciding: bool, name_size: float, name_room: float
    ) -> tuple[float, float]:
        """A player's band across the picture (highlighted while they decide) with their
        colour, worker and name; returns the name's line and the x after the name."""
        fill, edge = (DECIDING_FILL, t.DECIDE) if deciding else (t.PANEL, BAND_EDGE)
        self.box(M, y, W_DP - M, y + h, fill, outline=edge, width=2 if deciding else 0.5)
        self.box(M + 1, y + 5, M + 4, y + h - 5, t.PLAYER_COLOURS[seat], radius=1)
        top = y + 13
        self.piece(M + 8 + PIECE_R, top + 1, seat)
        x = M + 12 + 2 * PIECE_R
        name, size = self.band_name(seat, name_size, name_room)
        self.write(x, top, name, size, t.DECIDE if deciding else t.INK, bold=True)
        return top, x + self.width(name, size, True) + 8

    def status_band(
        self,
        seat: int,
        y: float,
        h: float,
        deciding: bool,
        name_room: float,
        lines: list[str],
        beside: bool,
        name_size: float,
    ) -> float:
        """`player_band` with the player's status (`lines`, `beside` the name or under it);
        returns the y of the row of numbers below."""
        top, x = self.player_band(seat, y, h, deciding, name_size, name_room)
        ink = t.DECIDE if deciding else t.INK_SOFT
        for k, line in enumerate(lines):
            if beside:
                self.write(x, top + 1, line, SMALL, ink)
            else:
                self.write(M + 12, top + 18 + k * STATUS_LINE, line, SMALL, ink)
        return y + 33 + (0 if beside else STATUS_LINE * len(lines))

    def band_name(self, seat: int, name_size: float, name_room: float) -> tuple[str, float]:
        """A seat's name as its band shows it, and its size: a long name is drawn a size
        smaller before it is cut (only a display name may be)."""
        size = self.shrink(self.names[seat], (name_size, SMALL + 1), name_room, True)
        return self.fit_name(self.names[seat], size, name_room, True), size

    def name_end(self, seat: int, name_size: float, name_room: float) -> float:
        """The x (dp) after a seat's name in its band (player_band's second value)."""
        name, size = self.band_name(seat, name_size, name_room)
        return M + 12 + 2 * PIECE_R + self.width(name, size, True) + 8

    def badge(self, x: float, y: float, delta: int) -> None:
        """This phase's change of a number, in a green or red badge starting at `x`."""
        label = f"{delta:+d}".replace("-", "−")
        w = self.width(label, SMALL, True) + 3
        self.box(x, y - 7.5, x + w, y + 8.5, t.GOOD if delta > 0 else t.BAD, radius=4)
        self.write(
            x + w / 2, y + 0.5, label, SMALL, t.WHITE, True, "mm", (x, y - 7.5, x + w, y + 8.5)
        )

    def number(self, end: float, y: float, value: int, delta: int) -> None:
        """A bold number ending at `end`, this phase's change in a badge after it."""
        self.write(end, y, str(value), NUMBER, t.INK if value else t.INK_FAINT, True, "rm")
        if delta:
            self.badge(end + 1.5, y, delta)

    def what_happened(
        self, y: float, phases: str, items: Sequence[Happening], max_rows: int
    ) -> float:
        """The "what happened" section of a phone card: a title bar naming the `phases` it
        covers, then one entry per item (the seat's piece, or a dot for the board, and the
        sentence, wrapped); past `max_rows` text rows, "… and N more in the message" (the
        bot's message tells everything). Returns the y below it."""
        title = lb.WHAT_HAPPENED
        h = 24
        self.box(0, y, W_DP, y + h, HAPPENED_BG, radius=0)
        self.write(M, y + h / 2, title, SMALL, HEADER_INK, bold=True)
        if phases:
            x = M + self.width(title, SMALL, True) + 8
            self.write(x, y + h / 2, self.fit(phases, SMALL, W_DP - M - x), SMALL, HAPPENED_INK)
        y += h + 4
        text_x = M + 2 * PIECE_R + 6
        rows = 0
        for k, (seat, sentence) in enumerate(items):
            lines = self.wrap(sentence, BODY, W_DP - M - text_x)
            if rows + len(lines) > max_rows - (1 if k < len(items) - 1 else 0):
                more_text = lb.MORE_IN_MESSAGE.format(count=len(items) - k)
                self.write(text_x, y + LINE / 2, more_text, BODY, t.INK_SOFT)
                y += LINE
                break
            cy = y + LINE / 2
            if seat is not None:
                self.piece(M + PIECE_R, cy, seat)
            else:
                self.box(M + PIECE_R - 3, cy - 3, M + PIECE_R + 3, cy + 3, t.INK_SOFT, radius=1)
            for i, line in enumerate(lines):
                self.write(text_x, cy + i * LINE, line, BODY)
            y += LINE * len(lines) + 3
            rows += len(lines)
        return y

    def phase_header(
        self, y: float, title: str, phase: str, phases: int, current: int, over: bool
    ) -> float:
        """The header band of a phone card: the `title` (the turn or round), the `phase`'s name
        and the numbered boxes of the `phases` of a turn, the `current` one lit (all done once
        the game is `over`). Returns the y below it."""
        h = 36
        self.box(0, y, W_DP, y + h, HEADER_BG, radius=0)
        self.write(M, y + h / 2, title, TITLE, t.WHITE, bold=True)
        x = M + self.width(title, TITLE, True) + 10
        bw, gap = 18, 3
        boxes_x = W_DP - M - phases * bw - (phases - 1) * gap
        # a long name ("Einde van het spel" after "Ronde 14") is drawn smaller, never under the
        # boxes; cut only where no size fits
        room = boxes_x - x - 6
        size = self.shrink(phase, (NAME, 14, 13, SMALL), room, True)
        with self.within(x, y, boxes_x, y + h):
            self.write(x, y + h / 2, self.fit(phase, size, room, True), size, HEADER_INK, True)
        x = boxes_x
        for k in range(1, phases + 1):
            lit = k == current and not over
            done = over or k < current
            fill = HEADER_INK if lit else (90, 74, 58) if done else None
            self.box(x, y + 7, x + bw, y + h - 7, fill, outline=(130, 110, 86), radius=4)
            ink = t.INK if lit else (200, 186, 160)
            self.write(x + bw / 2, y + h / 2, str(k), SMALL, ink, bold=True, anchor="mm")
            x += bw + gap
        return y + h

    def decision_band(
        self, y: float, seats: Sequence[int], name: str, size: float, prompt: str, detail: str
    ) -> float:
        """Who must decide now and what: the deciding `seats`' pieces, then `name` (in `size`)
        and the `prompt`, wrapped after it, and the `detail` lines under them. Returns the y
        below it."""
        x = M + len(seats) * (2 * PIECE_R + 2) + 6
        name_w = self.width(name, size, True) + 6
        first = self.wrap(prompt, BODY, INNER - (x - M), first=INNER - (x - M) - name_w)
        rest = self.wrap(detail, BODY, INNER - (x - M)) if detail else []
        h = 10 + LINE * (len(first) + len(rest)) + 4
        self.box(0, y, W_DP, y + h, DECIDE_BG, radius=0)
        self.box(0, y + h - 2, W_DP, y + h, t.DECIDE, radius=0)
        top = y + 5 + LINE / 2
        for k, seat in enumerate(seats):
            self.piece(M + PIECE_R + k * (2 * PIECE_R + 2), top, seat)
        self.write(x, top, name, size, t.DECIDE, bold=True)
        for i, line in enumerate(first):
            self.write(x + (name_w if i == 0 else 0), top + i * LINE, line, BODY)
        for i, line in enumerate(rest, start=len(first)):
            self.write(x, top + i * LINE, line, BODY, t.INK_SOFT)
        return y + h

    def seat_name(self, seat: int, room: float = 170) -> tuple[str, float]:
        """A deciding seat's name as the decision band shows it, and its size: a size smaller
        before it is cut (only a display name may be)."""
        size = self.shrink(self.names[seat], (NAME, SMALL + 1), room, True)
        return self.fit_name(self.names[seat], size, room, True), size
