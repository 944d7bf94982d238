"""The Caylus board: the spaces before the bridge, the bridge's passing scale and the road."""

from __future__ import annotations

import render.caylus.look as look
from engine.caylus import catalogue as cat
from engine.caylus.catalogue import TILES, Effect, Kind
from engine.caylus.state import State
from render import theme as t
from render.caylus.canvas import (
    ROAD_COLS,
    ROW_PITCH,
    TILE_GAP,
    TILE_H,
    TILE_W,
    BoardCanvas,
    M,
    W,
    after,
)
from render.labels import w as lb
from render.names import section_name, special_effect, special_name, tile_effect, tile_name
from render.pieces import (
    at_most,
    blend,
    container,
    cubes_row,
    dashed_rect,
    fit,
    house,
    marker,
    pill,
    text,
    text_width,
    worker,
    wrap,
)


def lowest_empty_lot(s: State) -> int | None:
    for i, tile in enumerate(s.road):
        if tile is None:
            return i + 1
    return None


class RoadPanels(BoardCanvas):
    # ------------------------------------------------------------------ before the bridge
    def specials(self, y: int) -> int:
        d = self.d
        h = 136
        text(d, (M, y), lb.BEFORE_THE_BRIDGE, 15, t.PANEL, bold=True)
        text(d, (after(lb.BEFORE_THE_BRIDGE, 170), y + 1), lb.SPECIALS_ORDER, 14, (222, 208, 180))
        y += 22
        single = 120
        widths = [single] * 4 + [150, 150]
        x = M
        gap = 8
        for key, w in zip(cat.SPECIALS, widths, strict=True):
            self.areas[f"special:{key}"] = (x, y, w, h)
            with container((x, y, x + w, y + h)):
                self.special_box(key, x, y, w, h)
            x += w + gap
        self.bridge(x, y, W - M - x, h)
        return y + h

    def special_box(self, key: str, x: int, y: int, w: int, h: int) -> None:
        s, d = self.s, self.d
        unused = key == "stables" and s.n == 2
        fill = (178, 170, 158) if unused else look.SPECIAL_FILL
        d.rounded_rectangle(
            (x, y, x + w, y + h), radius=8, fill=fill, outline=look.SPECIAL_EDGE, width=2
        )
        if unused:  # hatched: nothing goes here in a 2-player game
            hx, hy, hw, hh = x + 5, y + 5, w - 10, h - 10
            for k in range(-hh, hw, 14):
                d.line(
                    (hx + max(k, 0), hy + max(0, -k), hx + min(k + hh, hw), hy + min(hh, hw - k)),
                    fill=(166, 158, 146),
                    width=3,
                )
            d.rounded_rectangle((x, y, x + w, y + h), radius=8, outline=look.SPECIAL_EDGE, width=2)
        name = special_name(key)
        size = next((k for k in (16, 15, 14) if text_width(name, k, True) <= w - 8), 13)
        names = (
            [name] if size > 13 else list(wrap(name, 13, w - 8, True))
        )  # "Guilde des / marchands"
        for i, line in enumerate(names):
            line_y = y + 14 + (i - (len(names) - 1) / 2) * 13
            text(d, (x + w / 2, line_y), line, size, t.INK, bold=True, anchor="mm")
        below = 8 * (len(names) - 1)  # a two-line name moves the reminder down
        reminder = special_effect(key)
        if key == "inn":
            reminder = lb.INN_NOTE
        if unused:
            reminder = lb.NOT_USED_2P
        for i, line in enumerate(at_most(wrap(reminder, 13, w - 12, unused), 3)):
            text(
                d,
                (x + w / 2, y + 36 + below + i * 16),
                line,
                13,
                t.INK if unused else t.INK_SOFT,
                bold=unused,
                anchor="mm",
            )
        cy = y + h - 36
        if key in s.specials:
            self.slot(x + w / 2, cy, s.specials[key])
        elif key == "stables" and not unused:
            for k in range(cat.STABLES_SLOTS):
                cx = x + w / 2 + (k - 1) * 46
                seat = s.stables[k] if k < len(s.stables) else None
                self.slot(cx, cy, seat, label=str(k + 1))
        elif key == "inn":
            self.slot(x + w / 2 - 34, cy, s.inn_left, label=lb.INN_LEFT)
            text(d, (x + w / 2, cy), "→", 18, t.INK_SOFT, anchor="mm")
            self.slot(x + w / 2 + 34, cy, s.inn_right, label=lb.INN_RIGHT)

    def slot(self, cx: float, cy: float, seat: int | None, label: str = "") -> None:
        d = self.d
        r = 17
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(250, 244, 230), outline=t.LINE, width=2)
        if seat is not None:
            worker(
                d,
                cx,
                cy,
                r - 2,
                seat,
                self.letters[seat],
                ring=t.DECIDE if seat == self.decider and self._decides_here() else None,
            )
        elif label:
            size = (
                15
                if len(label) == 1
                else next((k for k in (10, 9) if text_width(label, k, True) <= 2 * r - 2), 8)
            )
            text(d, (cx, cy), label, size, t.INK_FAINT, bold=True, anchor="mm")
        if label and seat is not None and len(label) > 1:
            text(d, (cx, cy + r + 9), label, 11, t.INK_SOFT, anchor="mm")

    def _decides_here(self) -> bool:
        dec = self.s.decision
        return dec is not None and dec.kind in ("gate", "guild", "joust", "inn")

    def bridge(self, x: int, y: int, w: int, h: int) -> None:
        s, d = self.s, self.d
        d.rounded_rectangle(
            (x, y, x + w, y + h), radius=8, fill=(196, 176, 146), outline=look.SPECIAL_EDGE, width=2
        )
        title = fit(lb.BRIDGE_TITLE, 16, w - 8, True)
        text(d, (x + w / 2, y + 14), title, 16, t.INK, bold=True, anchor="mm")
        note = lb.BRIDGE_2P if s.n == 2 else lb.BRIDGE_NOTE
        text(d, (x + w / 2, y + 34), fit(note, 13, w - 10), 13, t.INK_SOFT, anchor="mm")
        sw = min(40, (w - 20) / 5 - 4)
        x0 = x + (w - 5 * (sw + 4) + 4) / 2
        top = y + 50
        for k in range(5):
            bx = x0 + k * (sw + 4)
            used = k < s.n
            fill = (244, 236, 218) if used else blend((244, 236, 218), (196, 176, 146), 0.6)
            d.rounded_rectangle(
                (bx, top, bx + sw, top + sw + 22), radius=4, fill=fill, outline=t.LINE, width=1
            )
            text(
                d,
                (bx + sw / 2, top + 11),
                str(k + 1),
                14,
                t.INK_SOFT if used else t.INK_FAINT,
                bold=True,
                anchor="mm",
            )
            if k < len(s.passed):
                seat = s.passed[k]
                marker(d, bx + 4, top + 22, sw - 8, seat, self.letters[seat])
        if s.phase == 2 and not s.over:
            left = s.n - len(s.passed)
            still = fit(lb.STILL_PLACING_N.format(count=left), 13, w - 8)
            text(d, (x + w / 2, y + h - 14), still, 13, t.INK_SOFT, anchor="mm")

    # ------------------------------------------------------------------ the road
    def road(self, y: int) -> int:
        s, d = self.s, self.d
        text(d, (M, y), lb.THE_ROAD, 15, t.PANEL, bold=True)
        note = lb.ROAD_NOTE.format(provost=s.provost, bailiff=s.bailiff)
        x = after(lb.THE_ROAD, 0)
        text(d, (x, y + 1), fit(note, 14, W - M - x), 14, (240, 214, 150))
        y += 24
        next_lot = lowest_empty_lot(s)
        for pos in range(1, cat.ROAD_LENGTH + 1):
            row, col = divmod(pos - 1, ROAD_COLS)
            x = M + col * (TILE_W + TILE_GAP)
            ty = y + row * ROW_PITCH
            self.road_band(pos, x, ty)
        for pos in range(1, cat.ROAD_LENGTH + 1):
            row, col = divmod(pos - 1, ROAD_COLS)
            x = M + col * (TILE_W + TILE_GAP)
            ty = y + row * ROW_PITCH
            self.areas[f"road:{pos}"] = (x, ty, TILE_W, TILE_H)
            # the tile, the scoring tag over its top edge and the provost under it
            with container((x, ty - 12, x + TILE_W, ty + ROW_PITCH - 8)):
                self.road_tile(pos, x, ty, pos == next_lot)
        return y + 4 * ROW_PITCH - 8

    def road_band(self, pos: int, x: int, y: int) -> None:
        """The strip under a space: gold while the provost activates it, gray beyond."""
        active = pos <= self.s.provost
        colour = look.ACTIVE_ROAD if active else look.IDLE_ROAD
        last = pos % ROAD_COLS == 0 or pos == cat.ROAD_LENGTH
        x1 = x + TILE_W + (0 if last else TILE_GAP)
        if pos == self.s.provost:
            x1 = x + TILE_W
        self.d.rectangle((x, y + TILE_H + 4, x1, y + TILE_H + 10), fill=colour)

    def road_tile(self, pos: int, x: int, y: int, next_lot: bool) -> None:
        s, d = self.s, self.d
        tile_id = s.road[pos - 1]
        box = (x, y, x + TILE_W, y + TILE_H)
        beyond = pos > s.provost
        changed = pos in self.ch.road
        if changed:
            d.rounded_rectangle(
                (x - 5, y - 5, x + TILE_W + 5, y + TILE_H + 5), radius=10, fill=t.HIGHLIGHT
            )
        if pos == self.focus:
            d.rounded_rectangle(
                (x - 5, y - 5, x + TILE_W + 5, y + TILE_H + 5), radius=10, fill=t.DECIDE
            )
        if tile_id is None:
            dashed_rect(d, box, look.LOT_FILL, blend(look.LOT_FILL, t.INK, 0.35))
            self.pos_badge(pos, x, y, t.INK_FAINT)
            text(d, (x + TILE_W / 2, y + 52), lb.EMPTY_LOT, 14, t.INK_FAINT, anchor="mm")
            if next_lot:
                text(
                    d,
                    (x + TILE_W / 2, y + 74),
                    lb.NEXT_BUILDING,
                    13,
                    t.INK_SOFT,
                    bold=True,
                    anchor="mm",
                )
                text(
                    d,
                    (x + TILE_W / 2, y + 90),
                    lb.GOES_HERE,
                    13,
                    t.INK_SOFT,
                    bold=True,
                    anchor="mm",
                )
        else:
            tile = TILES[tile_id]
            fill = look.KIND_FILL[tile.kind]
            edge = look.KIND_EDGE[tile.kind]
            if beyond:
                fill = blend(fill, t.BOARD, 0.45)
            d.rounded_rectangle(
                box, radius=7, fill=fill, outline=edge, width=4 if tile.kind is Kind.FIXED else 2
            )
            self.pos_badge(pos, x, y, edge)
            name = tile_name(tile.id)  # long names (German) get a smaller font first
            size = next(
                (k for k in (16, 15, 14, 13) if text_width(name, k, True) <= TILE_W - 38), 13
            )
            text(
                d,
                (x + 34, y + 15),
                fit(name, size, TILE_W - 38, True),
                size,
                t.INK,
                bold=True,
                anchor="lm",
            )
            self.reminder(tile_id, x + 6, y + 32, TILE_W - 12)
            kind_label = lb.KIND_LABELS[tile.kind.value]
            text(
                d,
                (x + TILE_W / 2, y + TILE_H - 12),
                kind_label,
                11,
                blend(edge, t.INK, 0.3),
                anchor="mm",
            )
            owner = s.owners[pos - 1]
            if owner is not None:
                house(d, x + 8, y + TILE_H - 40, 30, 32, owner, self.letters[owner])
            seat = s.workers[pos - 1]
            if seat is not None:
                ring = t.DECIDE if pos == self.focus else None
                worker(d, x + TILE_W - 24, y + TILE_H - 25, 16, seat, self.letters[seat], ring=ring)
            for lpos, lseat in s.lawyer_pending:
                if lpos == pos:
                    pill(
                        d,
                        x + TILE_W - 4,
                        y + TILE_H - 64,
                        lb.TO_RESIDENCE,
                        11,
                        look.KIND_FILL[Kind.RESIDENCE],
                        t.INK,
                        anchor_right=True,
                    )
                    del lseat
        if pos in cat.SECTION_TRIGGERS:
            k = cat.SECTION_TRIGGERS.index(pos)
            done = s.scored > k
            label = lb.SECTION_SCORING.format(section=section_name(k)) + (" ✓" if done else "")
            # a smaller type before the tag would leave its tile ("Abrechnung Bergfried ✓")
            size = next(
                (k for k in (11, 10, 9) if text_width(label, k, True) + 12 <= TILE_W - 4), 9
            )
            pill(
                d,
                x + TILE_W - 2,
                y - 14,
                label,
                size,
                (70, 56, 40) if not done else (150, 140, 120),
                t.WHITE,
                anchor_right=True,
            )
        if pos == cat.ROAD_LENGTH:
            pill(
                d,
                x + TILE_W - 2,
                y - 14,
                lb.END_OF_ROAD,
                11,
                (70, 56, 40),
                t.WHITE,
                anchor_right=True,
            )
        # provost and bailiff hang under the space
        py = y + TILE_H + 1
        tokens = []
        if s.bailiff == pos:
            tokens.append((lb.BAILIFF, (40, 30, 24), t.WHITE, (40, 30, 24)))
        if s.provost == pos:
            moving = s.decision is not None and s.decision.kind in ("bribe", "guild")
            tokens.append(
                (
                    lb.PROVOST,
                    (252, 226, 238) if moving else t.WHITE,
                    (40, 30, 24),
                    t.DECIDE if moving else (40, 30, 24),
                )
            )
        # both on one space: side by side, moved left where they would leave the picture
        total = sum(text_width(label, 12, True) + 14 for label, *_ in tokens)
        px = min(x + 4, W - M - total)
        with container((M, py, W - M, py + 22)):  # they may reach under the next space
            for label, fill, ink, edge in tokens:
                px += pill(d, px, py, label, 12, fill, ink, edge=edge, pad=5) + 4

    def pos_badge(self, pos: int, x: int, y: int, colour: t.RGB) -> None:
        d = self.d
        d.rounded_rectangle((x + 4, y + 4, x + 29, y + 26), radius=5, fill=colour)
        text(self.d, (x + 16.5, y + 15.5), str(pos), 14, t.WHITE, bold=True, anchor="mm")

    def reminder(self, tile_id: str, x: int, y: int, w: int) -> None:
        """A compact reminder: cube pictures for production, the catalogue text otherwise."""
        d = self.d
        tile = TILES[tile_id]
        if tile.effect is Effect.PRODUCE:
            cx: float = x + 2
            for i, option in enumerate(tile.produce):
                if i:
                    text(d, (cx + 2, y + 13), lb.OR, 13, t.INK_SOFT, anchor="lm")
                    cx += text_width(lb.OR, 13) + 8
                cx = cubes_row(d, cx, y + 3, 20, option) + 2
            if tile.owner_bonus:
                label = lb.OWNER_BONUS.format(cubes="/".join(tile.owner_bonus))
                text(d, (x + 2, y + 40), label, 12, t.INK_SOFT, anchor="lm")
            return
        lines = at_most(wrap(tile_effect(tile_id), 13, w), 3)
        for i, line in enumerate(lines):
            text(d, (x + 2, y + 8 + i * 16), line, 13, t.INK, anchor="lm")
