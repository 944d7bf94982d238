"""The Caylus board picture: one portrait image, top to bottom.

header (turn, phase strip, who must decide) -> final scores (game over only) -> buildings before
the bridge and the passing scale -> the road (28 spaces, 4 rows of 7) -> castle and favor table
-> one row per player (in turn order) -> buildings in stock -> legend.
Everything a player needs to decide is on it; see docs/render.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

import render.caylus.look as look
from engine.caylus import catalogue as cat
from engine.caylus.catalogue import Kind
from engine.caylus.rules import final_scores, incomes
from engine.caylus.state import State
from engine.protocol import Event
from render import theme as t
from render.caylus.canvas import CHANGED_LINE, INNER, M, W, after
from render.caylus.castle import CastlePanels
from render.caylus.describe import decision_text, winners_text
from render.caylus.road import RoadPanels
from render.caylus.stock import StockPanel
from render.labels import w as lb
from render.pieces import container, cube, fit, fit_name, text, text_width, worker, wrap
from render.sentences import ordinal


class Painter(RoadPanels, CastlePanels, StockPanel):
    """The whole board, painted top to bottom from its parts."""

    # ------------------------------------------------------------------ whole picture
    def paint(self) -> Image.Image:
        y = self.header(0)
        if self.s.over:
            y = self.results(y + 10)
        y = self.specials(y + 12)
        y = self.road(y + 12)
        y = self.castle_and_favors(y + 8)
        y = self.players(y + 12)
        if not self.s.over:
            y = self.stock(y + 12)
        y = self.legend(y + 10)
        return self.img.crop((0, 0, W, y + 10))

    # ------------------------------------------------------------------ header
    def header(self, y: int) -> int:
        s, d = self.s, self.d
        d.rectangle((0, y, W, y + 54), fill=(40, 30, 24))
        text(d, (M, y + 27), "CAYLUS", 28, (240, 214, 150), bold=True, anchor="lm")
        text(d, (M + 132, y + 27), lb.TURN.format(turn=s.turn), 28, t.WHITE, bold=True, anchor="lm")
        # phase strip: 7 boxes, the current one lit
        x: float = 300
        bw = (W - M - x) / 7
        for k, label in enumerate(lb.PHASE_NAMES, start=1):
            current = k == s.phase and not s.over
            box = (x + 2, y + 9, x + bw - 2, y + 45)
            if current:
                d.rounded_rectangle(box, radius=6, fill=(240, 214, 150))
            else:
                d.rounded_rectangle(box, radius=6, outline=(110, 92, 72), width=1)
            ink = t.INK if current else (190, 176, 150)
            text(d, (x + bw / 2, y + 20), str(k), 13, ink, bold=True, anchor="mm")
            text(d, (x + bw / 2, y + 36), label, 13, ink, bold=current, anchor="mm")
            x += bw
        y += 54
        # who must decide now, and what
        d.rectangle(
            (0, y, W, y + 48), fill=(250, 236, 240) if self.decider is not None else (230, 220, 196)
        )
        if s.over:
            label = lb.GAME_OVER_AFTER.format(turn=s.turn, result=winners_text(s, self.names))
            size = next((k for k in (22, 19, 16) if text_width(label, k, True) <= INNER), 16)
            lines = wrap(label, size, INNER, True)  # a shared win of long names: two lines
            for k, line in enumerate(lines):
                line_y = y + 24 + (k - (len(lines) - 1) / 2) * 21
                text(d, (M, line_y), line, size, t.INK, bold=True, anchor="lm")
        elif self.decider is not None:
            seat = self.decider
            worker(d, M + 18, y + 24, 16, seat, self.letters[seat])
            name = fit_name(self.names[seat], 22, 260, True)
            text(d, (M + 44, y + 24), name, 22, t.DECIDE, bold=True, anchor="lm")
            x = M + 50 + text_width(name, 22, True)
            what = decision_text(s)  # smaller, then two lines: never cut
            size = next((k for k in (20, 18, 16) if text_width(what, k) <= W - M - x), 16)
            lines = wrap(what, size, W - M - x)
            for k, line in enumerate(lines):
                text(
                    d, (x, y + 24 + (k - (len(lines) - 1) / 2) * 21), line, size, t.INK, anchor="lm"
                )
        y += 48
        if self.has_prev:
            notes = self.ch.notes or [lb.NO_CHANGE]
            label = lb.WHAT_CHANGED.format(notes=" · ".join(notes))
            lines = wrap(label, 16, INNER - 20)  # long names take a second line, never a cut
            h = 28 + CHANGED_LINE * (len(lines) - 1)
            d.rectangle((0, y, W, y + h), fill=(70, 56, 40))
            text(d, (M, y + 14), "■", 16, t.HIGHLIGHT, anchor="lm")
            for k, line in enumerate(lines):
                text(d, (M + 20, y + 14 + k * CHANGED_LINE), line, 16, (250, 240, 220), anchor="lm")
            y += h
        return y

    # ------------------------------------------------------------------ game over
    def results(self, y: int) -> int:
        s, d = self.s, self.d
        out = final_scores(s)
        rows = sorted(range(s.n), key=lambda i: (-out.scores[i], s.turn_order.index(i)))
        h = 44 + 40 * s.n
        d.rounded_rectangle(
            (M, y, W - M, y + h), radius=10, fill=(252, 244, 214), outline=t.HIGHLIGHT, width=4
        )
        text(d, (M + 16, y + 22), lb.FINAL_SCORES, 20, t.INK, bold=True, anchor="lm")
        heads = lb.FINAL_COLUMNS
        cols = [
            (heads["game"], 560),
            (heads["gold"], 660),
            (heads["cubes"], 760),
            (heads["deniers"], 870),
            (heads["total"], W - M - 20),
        ]
        for label, cx in cols:
            text(d, (cx, y + 24), label, 14, t.INK_SOFT, bold=True, anchor="rm")
        yy = y + 44
        for seat in rows:
            b = out.breakdown[seat]
            win = seat in out.winners
            if win:
                d.rounded_rectangle(
                    (M + 6, yy + 2, W - M - 6, yy + 38), radius=6, fill=(255, 226, 120)
                )
            place = 1 + sum(1 for x in out.scores if x > out.scores[seat])
            text(d, (M + 30, yy + 20), str(place), 22, t.INK, bold=True, anchor="mm")
            worker(d, M + 66, yy + 20, 15, seat, self.letters[seat])
            name = fit_name(self.names[seat], 22, 260, True)
            text(d, (M + 90, yy + 20), name, 22, t.INK, bold=True, anchor="lm")
            if win:
                text(
                    d,
                    (M + 100 + text_width(name, 22, True), yy + 20),
                    lb.WINNER,
                    18,
                    (150, 90, 0),
                    bold=True,
                    anchor="lm",
                )
            vals = [b["game"], b["gold"], b["cubes"], b["deniers"], b["total"]]
            for (_, cx), v in zip(cols, vals, strict=True):
                big = cx == cols[-1][1]
                prefix = "" if big or cx == cols[0][1] else "+"
                text(
                    d,
                    (cx, yy + 20),
                    f"{prefix}{v}",
                    24 if big else 20,
                    t.INK,
                    bold=big,
                    anchor="rm",
                )
            yy += 40
        return y + h

    # ------------------------------------------------------------------ players
    def players(self, y: int) -> int:
        s, d = self.s, self.d
        text(d, (M, y), lb.PLAYERS, 15, t.PANEL, bold=True)
        text(d, (after(lb.PLAYERS, 80), y + 1), lb.IN_TURN_ORDER, 14, (222, 208, 180))
        y += 22
        rh = 62
        cols = {"pp": 400, "d": 500, "cubes": 538, "workers": 836}
        heads = lb.PLAYER_COLUMNS
        header = [
            ("PP", cols["pp"], "rm"),
            (heads["deniers"], cols["d"] + 10, "rm"),
            (heads["cubes"], cols["cubes"] + 4, "lm"),
            (heads["workers"], cols["workers"], "lm"),
        ]
        for label, cx, anchor in header:
            text(d, (cx, y + 8), label, 13, (222, 208, 180), bold=True, anchor=anchor)
        y += 18
        for pos, seat in enumerate(s.turn_order, start=1):
            with container((M, y, W - M, y + rh)):
                self.player_row(seat, pos, y, rh, cols)
            y += rh + 6
        return y - 6

    def player_row(self, seat: int, pos: int, y: int, h: int, cols: dict[str, int]) -> None:
        s, d, ch = self.s, self.d, self.ch
        p = s.players[seat]
        deciding = seat == self.decider
        fill = (252, 232, 240) if deciding else t.PANEL
        d.rounded_rectangle(
            (M, y, W - M, y + h),
            radius=8,
            fill=fill,
            outline=t.DECIDE if deciding else (150, 134, 110),
            width=4 if deciding else 1,
        )
        d.rectangle((M + 2, y + 8, M + 8, y + h - 8), fill=t.PLAYER_COLOURS[seat])
        text(d, (M + 28, y + h / 2), str(pos), 26, t.INK_SOFT, bold=True, anchor="mm")
        worker(d, M + 66, y + h / 2, 20, seat, self.letters[seat])
        # the name and the status reach up to the prestige column: its number above, its
        # change below. A name shrinks, then (a display name only) is cut; the status shrinks.
        number_x = cols["pp"] - text_width("PP", 14, True) - 4
        name_room = number_x - text_width(str(p.prestige), 28, True) - 10 - (M + 94)
        size = next(
            (k for k in (22, 19, 16) if text_width(self.names[seat], k, True) <= name_room), 16
        )
        name = fit_name(self.names[seat], size, name_room, True)
        text(d, (M + 94, y + 20), name, size, t.INK, bold=True, anchor="lm")
        delta = ch.prestige[seat]
        delta_w = text_width(f"{delta:+d}", 13, True) if delta else 0
        status_room = cols["pp"] - delta_w - 10 - (M + 94)
        status = self.status(seat)
        status_size = next(
            (k for k in (14, 13, 12, 11) if text_width(status, k, deciding) <= status_room), 11
        )
        text(
            d,
            (M + 94, y + 45),
            fit(status, status_size, status_room, deciding),
            status_size,
            t.DECIDE if deciding else t.INK_SOFT,
            bold=deciding,
            anchor="lm",
        )
        # prestige and deniers, with the change of the last phase
        self.number(cols["pp"], y, h, p.prestige, "PP", ch.prestige[seat])
        self.number(cols["d"] + 10, y, h, p.deniers, "d", ch.deniers[seat])
        # cubes
        x = cols["cubes"]
        for c in cat.CUBES:
            n = p.cubes[c]
            cube(d, x, y + 17, 26, c, dim=n == 0)
            text(
                d,
                (x + 29, y + 30),
                str(n),
                20 if n < 10 else 18,
                t.INK if n else t.INK_FAINT,
                bold=True,
                anchor="lm",
            )
            delta = ch.cubes[seat].get(c, 0)
            if delta:
                text(
                    d,
                    (x + 13, y + 52),
                    f"{delta:+d}",
                    12,
                    t.GOOD if delta > 0 else t.BAD,
                    bold=True,
                    anchor="mm",
                )
            x += 59
        # workers in hand
        x = cols["workers"]
        text(d, (x, y + 30), str(p.workers), 24, t.INK, bold=True, anchor="lm")
        x += 22
        for i in range(cat.WORKERS):
            cx = x + 8 + (i % 6) * 19
            if i < p.workers:
                d.ellipse(
                    (cx - 7, y + 23, cx + 7, y + 37), fill=t.PLAYER_COLOURS[seat], outline=t.INK
                )
            else:
                d.ellipse((cx - 7, y + 23, cx + 7, y + 37), outline=t.INK_FAINT)
        text(d, (x + 2, y + 51), lb.IN_HAND, 11, t.INK_SOFT, anchor="lm")
        # income
        income = incomes(s)[seat]
        text(d, (W - M - 10, y + 30), f"+{income} d", 15, t.INK_SOFT, bold=True, anchor="rm")
        text(d, (W - M - 10, y + 49), lb.PLAYER_COLUMNS["income"], 11, t.INK_SOFT, anchor="rm")

    def number(self, right: int, y: int, h: int, value: int, unit: str, delta: int) -> None:
        d = self.d
        text(
            d,
            (right - text_width(unit, 14, True) - 4, y + 28),
            str(value),
            28,
            t.INK,
            bold=True,
            anchor="rm",
        )
        text(d, (right, y + 31), unit, 14, t.INK_SOFT, bold=True, anchor="rm")
        if delta:
            text(
                d,
                (right, y + 52),
                f"{delta:+d}",
                13,
                t.GOOD if delta > 0 else t.BAD,
                bold=True,
                anchor="rm",
            )

    def status(self, seat: int) -> str:
        s = self.s
        parts = [lb.COLOUR_NAMES[seat]]
        if seat == self.decider and s.decision is not None:
            parts.append(lb.DECIDING_NOW)
        if s.phase == 2 and not s.over:
            if seat in s.passed:
                parts.append(lb.PASSED.format(place=ordinal(s.passed.index(seat) + 1)))
            elif seat != self.decider:
                parts.append(lb.STILL_PLACING)
        if s.inn_right == seat:
            parts.append(lb.IN_THE_INN)
        return " · ".join(parts)

    # ------------------------------------------------------------------ legend
    def legend(self, y: int) -> int:
        d = self.d
        x: float = M
        for kind in (
            Kind.NEUTRAL,
            Kind.FIXED,
            Kind.WOOD,
            Kind.STONE,
            Kind.RESIDENCE,
            Kind.PRESTIGE,
        ):
            d.rounded_rectangle(
                (x, y + 2, x + 18, y + 18),
                radius=3,
                fill=look.KIND_FILL[kind],
                outline=look.KIND_EDGE[kind],
            )
            label = lb.KIND_LABELS[kind.value]
            text(d, (x + 23, y + 10), label, 13, (222, 208, 180), anchor="lm")
            x += 30 + text_width(label, 13) + 10
        text(d, (x + 6, y + 10), lb.LEGEND, 13, (222, 208, 180), anchor="lm")
        if self.has_prev:
            sx = W - M - text_width(lb.CHANGED_LAST_PHASE, 13) - 20
            d.rectangle((sx, y + 3, sx + 14, y + 17), fill=t.HIGHLIGHT)
            text(d, (W - M, y + 10), lb.CHANGED_LAST_PHASE, 13, (222, 208, 180), anchor="rm")
        return y + 20


def render_image(
    state: State,
    *,
    names: list[str] | None = None,
    previous: State | None = None,
    events: Sequence[Event] | None = None,
) -> Image.Image:
    """The board of `state` as a Pillow image (RGB); `events`: those of the last phase."""
    return Painter(state, names, previous, events).paint()


def board_areas(
    state: State,
    *,
    names: list[str] | None = None,
    previous: State | None = None,
    events: Sequence[Event] | None = None,
) -> dict[str, tuple[int, int, int, int]]:
    """Where the board picture of the same arguments draws each space a worker can go to, as
    (x, y, width, height) in its pixels: "road:1" to "road:28", "special:<key>" for the
    spaces before the bridge (the keys of the catalogue's SPECIALS), and "special:castle" for
    the castle (its whole panel: a worker sent there is a click on it). A pure function of its
    arguments, like the picture (it paints it to know where each part lands)."""
    painter = Painter(state, names, previous, events)
    painter.paint()
    return dict(painter.areas)
