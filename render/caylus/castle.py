"""The Caylus board: the castle (its sections, houses, scoring and workers) and the royal
favor table (or, with simplified favors, what a favor gives)."""

from __future__ import annotations

import render.caylus.look as look
from engine.caylus import catalogue as cat
from engine.caylus.rules import open_columns
from render import theme as t
from render.caylus.canvas import CASTLE_H, INNER, BoardCanvas, M
from render.caylus.describe import castle_status
from render.labels import w as lb
from render.names import favor_cell, favor_line_name, section_name
from render.pieces import at_most, blend, fit, house, marker, text, text_width, worker, wrap


def scoring_text(section: int) -> str:
    """The scoring table of a section from the catalogue: '0 houses: -2 PP · 2+: 1 favor'."""
    groups: list[tuple[int, int, tuple[int, int]]] = []
    for houses in range(0, 9):
        reward = cat.section_reward(section, houses)
        if groups and groups[-1][2] == reward:
            groups[-1] = (groups[-1][0], houses, reward)
        else:
            groups.append((houses, houses, reward))
    parts = []
    for i, (lo, hi, (pp, favors)) in enumerate(groups):
        span = f"{lo}+" if i == len(groups) - 1 else (f"{lo}" if lo == hi else f"{lo}-{hi}")
        if pp:
            what = f"{pp:+d} PP".replace("-", "−")
        elif favors:
            what = lb.SCORING_FAVORS.format(count=favors)
        else:
            what = lb.SCORING_NOTHING
        parts.append(f"{span} → {what}")
    return lb.SCORING_HOUSES.format(rows=" · ".join(parts))


class CastlePanels(BoardCanvas):
    # ------------------------------------------------------------------ castle and favors
    def castle_and_favors(self, y: int) -> int:
        cw = 500
        h1 = self.castle(M, y, cw)
        if self.s.options.favor_mode == "full":
            h2 = self.favors(M + cw + 10, y, INNER - cw - 10)
        else:
            h2 = self.simplified_note(M + cw + 10, y, INNER - cw - 10)
        return y + max(h1, h2)

    def castle(self, x: int, y: int, w: int) -> int:
        s, d = self.s, self.d
        h = CASTLE_H
        d.rounded_rectangle(
            (x, y, x + w, y + h), radius=10, fill=(222, 212, 190), outline=(110, 96, 76), width=2
        )
        text(d, (x + 12, y + 16), lb.CASTLE, 17, t.INK, bold=True, anchor="lm")
        self.areas["special:castle"] = (x, y, w, h)  # a worker sent to the castle: a click here
        status_x = max(90, 24 + text_width(lb.CASTLE, 17, True))  # after the title in any language
        # a smaller size, then two lines, before the castle's status would be cut
        status, room = castle_status(s), w - status_x - 10
        size = next((k for k in (14, 13, 12) if text_width(status, k) <= room), 12)
        lines = wrap(status, size, room)
        for k, line in enumerate(lines):
            line_y = y + 16 + (k - (len(lines) - 1) / 2) * 14
            text(d, (x + status_x, line_y), line, size, t.INK_SOFT, anchor="lm")
        cell = 26
        gap = 3
        sx: float = x + 14
        widths = [(size // 2) * (cell + gap) - gap for size in cat.SECTION_SIZES]
        sep = (w - 28 - sum(widths)) / 2
        top = y + 56
        below = top + 2 * (cell + gap)
        for k, size in enumerate(cat.SECTION_SIZES):
            cols = size // 2
            sw = widths[k]
            if k == s.section:
                d.rounded_rectangle(
                    (sx - 7, y + 32, sx + sw + 7, below + 42), radius=8, outline=t.DECIDE, width=3
                )
            label = section_name(k) + (" ✓" if s.scored > k else "")
            text(d, (sx, y + 44), label, 15, t.INK, bold=True, anchor="lm")
            fill = blend(look.SECTION_FILL[k], t.WHITE, 0.35)
            edge = blend(look.SECTION_FILL[k], t.INK, 0.4)
            houses = s.castle[k]
            for i in range(size):
                r, c = divmod(i, cols)
                cx: float = sx + c * (cell + gap)
                cy = top + r * (cell + gap)
                d.rectangle((cx, cy, cx + cell, cy + cell), fill=fill, outline=edge)
                if i < len(houses):
                    seat = houses[i]
                    ring = t.HIGHLIGHT if i >= self.ch.castle[k] else None
                    house(
                        d, cx + 3, cy + 2, cell - 6, cell - 4, seat, self.letters[seat], ring=ring
                    )
            info = lb.SECTION_INFO.format(pp=cat.SECTION_POINTS[k], at=cat.SECTION_TRIGGERS[k])
            text(d, (sx, below + 10), fit(info, 12, sw + 6), 12, t.INK_SOFT, anchor="lm")
            counts = [houses.count(seat) for seat in range(s.n)]
            self.house_counts(sx, below + 29, counts)
            sx += sw + sep
        # the scoring of the section under construction
        yy = below + 48
        d.line((x + 10, yy, x + w - 10, yy), fill=(180, 166, 140), width=1)
        if s.section < 3:
            label = lb.SCORING_WHEN[s.section].format(at=cat.SECTION_TRIGGERS[s.section])
            text(d, (x + 12, yy + 13), fit(label, 13, w - 24), 13, t.INK_SOFT, anchor="lm")
            scoring = scoring_text(s.section)  # smaller, then two lines: never cut
            size = next((k for k in (13, 12, 11) if text_width(scoring, k) <= w - 24), 11)
            lines = wrap(scoring, size, w - 24)
            for k, line in enumerate(lines):
                line_y = yy + 30 + (k - (len(lines) - 1) / 2) * 13
                text(d, (x + 12, line_y), line, size, t.INK, anchor="lm")
        else:
            ended = lb.ALL_SCORED  # smaller, then two lines: never cut
            size = next((k for k in (13, 12, 11) if text_width(ended, k) <= w - 24), 11)
            lines = wrap(ended, size, w - 24)
            for k, line in enumerate(lines):
                line_y = yy + 13 + (k - (len(lines) - 1) / 2) * 13
                text(d, (x + 12, line_y), line, size, t.INK_SOFT, anchor="lm")
        # castle workers in arrival order
        yy += 58
        text(d, (x + 12, yy), lb.ARRIVAL_ORDER, 14, t.INK_SOFT, anchor="lm")
        cx = x + max(110, 20 + text_width(lb.ARRIVAL_ORDER, 14))
        if not s.castle_workers:
            text(d, (cx, yy), lb.NO_CASTLE_WORKER, 14, t.INK_FAINT, anchor="lm")
        deciding = s.decision is not None and s.decision.kind == "castle" and not s.over
        for i, seat in enumerate(s.castle_workers):
            text(d, (cx, yy), f"{i + 1}.", 14, t.INK_SOFT, bold=True, anchor="lm")
            ring = t.DECIDE if deciding and seat == self.decider else None
            worker(d, cx + 30, yy, 13, seat, self.letters[seat], ring=ring)
            cx += 48
            if s.batches[seat]:
                text(d, (cx - 2, yy), f"×{s.batches[seat]}", 14, t.INK, bold=True, anchor="lm")
                cx += 24
            cx += 6
        return h

    def house_counts(self, x: float, y: float, counts: list[int]) -> None:
        """Houses per player in a section: small markers with the count ('A2 C1')."""
        for seat, c in enumerate(counts):
            if not c:
                continue
            marker(self.d, x, y - 7, 14, seat, self.letters[seat])
            text(self.d, (x + 16, y), str(c), 12, t.INK, bold=True, anchor="lm")
            x += 30

    def favors(self, x: int, y: int, w: int) -> int:
        s, d = self.s, self.d
        h = CASTLE_H
        d.rounded_rectangle(
            (x, y, x + w, y + h), radius=10, fill=(232, 222, 240), outline=(110, 90, 130), width=2
        )
        opened = open_columns(s)
        dec = s.decision
        choosing = dec is not None and dec.kind == "favor" and not s.over
        used = s.favor_lines_used[dec.seat] if choosing and dec is not None else ""
        if choosing:
            d.rounded_rectangle((x, y, x + w, y + h), radius=10, outline=t.DECIDE, width=4)
        text(d, (x + 12, y + 16), lb.ROYAL_FAVORS, 17, t.INK, bold=True, anchor="lm")
        title_end = x + 16 + text_width(lb.ROYAL_FAVORS, 17, True)
        columns = fit(lb.COLUMNS_OPEN.format(open=opened), 14, x + w - 12 - title_end)
        text(d, (x + w - 12, y + 16), columns, 14, t.INK_SOFT, anchor="rm")
        # the lines' names under their letters: as wide as the language's longest
        names = [text_width(favor_line_name(line), 9) for line in cat.FAVOR_LINES]
        label_w = round(max(40, *names, text_width(lb.LINE_USED, 10, True)) + 4)
        start_w = 34
        cw = (w - 16 - label_w - start_w) / 5
        top = y + 32
        rh = 47
        for c in range(5):
            cx = x + 8 + label_w + start_w + c * cw
            is_open = c < opened
            label = str(c + 1) if is_open else lb.COLUMN_CLOSED.format(column=c + 1)
            label = fit(label, 13, cw - 2, True)
            text(
                d,
                (cx + cw / 2, top + 7),
                label,
                13,
                t.INK if is_open else t.INK_SOFT,
                bold=True,
                anchor="mm",
            )
        start = fit(lb.FAVOR_START, 11, start_w + 6)
        text(d, (x + 8 + label_w + start_w / 2, top + 7), start, 11, t.INK_SOFT, anchor="mm")
        top += 15
        for li, line in enumerate(cat.FAVOR_LINES):
            ry = top + li * rh
            text(d, (x + 10, ry + rh / 2 - 7), line, 20, t.INK, bold=True, anchor="lm")
            sub = (
                fit(lb.LINE_USED, 10, label_w - 2, True)
                if line in used
                else fit(favor_line_name(line), 9, label_w - 2)
            )
            text(
                d,
                (x + 10, ry + rh / 2 + 12),
                sub,
                10 if line in used else 9,
                t.DECIDE if line in used else t.INK_SOFT,
                bold=line in used,
                anchor="lm",
            )
            sx = x + 8 + label_w
            d.rectangle((sx, ry + 1, sx + start_w - 2, ry + rh - 1), fill=(214, 202, 226))
            for c in range(5):
                cx = sx + start_w + c * cw
                is_open = c < opened
                fill = (250, 247, 253) if is_open else (200, 192, 208)
                d.rectangle(
                    (cx, ry + 1, cx + cw - 2, ry + rh - 1), fill=fill, outline=(170, 156, 186)
                )
                cell = favor_cell(line, c + 1)
                ink = t.INK if is_open else t.INK_SOFT
                for i, part in enumerate(at_most(wrap(cell, 12, cw - 6), 2)):
                    text(d, (cx + cw / 2 - 1, ry + 10 + i * 13), part, 12, ink, anchor="mm")
            at: dict[int, list[int]] = {}
            for seat in range(s.n):
                at.setdefault(s.players[seat].favors[li], []).append(seat)
            for col, seats in at.items():
                if col == 0:  # the start space: a small 2-column stack
                    for i, seat in enumerate(seats):
                        mx: float = sx + 2 + (i % 2) * 15
                        my = ry + 3 + (i // 2) * 14
                        ring = t.HIGHLIGHT if (seat, li) in self.ch.favors else None
                        marker(d, mx, my, 13, seat, self.letters[seat], ring=ring)
                    continue
                cx0 = sx + start_w + (col - 1) * cw
                size = 16
                step = min(size + 1, (cw - 4 - size) / max(1, len(seats) - 1))
                mx = cx0 + (cw - 2 - (size + step * (len(seats) - 1))) / 2
                my = ry + rh - size - 3
                for seat in seats:
                    ring = t.HIGHLIGHT if (seat, li) in self.ch.favors else None
                    marker(d, mx, my, size, seat, self.letters[seat], ring=ring)
                    mx += step
        return h

    def simplified_note(self, x: int, y: int, w: int) -> int:
        d = self.d
        h = CASTLE_H
        d.rounded_rectangle(
            (x, y, x + w, y + h), radius=10, fill=(232, 222, 240), outline=(110, 90, 130), width=2
        )
        text(d, (x + 12, y + 16), lb.ROYAL_FAVORS, 17, t.INK, bold=True, anchor="lm")
        text(d, (x + w / 2, y + 80), lb.SIMPLIFIED_FAVORS, 24, t.INK, bold=True, anchor="mm")
        text(
            d,
            (x + w / 2, y + 118),
            fit(lb.EVERY_FAVOR.format(pp=cat.SIMPLIFIED_FAVOR_PP), 20, w - 16),
            20,
            t.INK,
            anchor="mm",
        )
        note = fit(lb.NO_FAVOR_TABLE, 15, w - 16)
        text(d, (x + w / 2, y + 150), note, 15, t.INK_SOFT, anchor="mm")
        return h
