"""The Caylus board: the buildings still in stock, by family, with their costs."""

from __future__ import annotations

import render.caylus.look as look
from engine.caylus import catalogue as cat
from engine.caylus.catalogue import TILES, Effect, Kind
from render import theme as t
from render.caylus.canvas import BoardCanvas, M, W, after
from render.labels import w as lb
from render.names import tile_name
from render.pieces import at_most, container, cubes_row, fit, text, text_width, wrap


class StockPanel(BoardCanvas):
    # ------------------------------------------------------------------ stock
    def stock(self, y: int) -> int:
        s, d = self.s, self.d
        text(d, (M, y), lb.BUILDINGS_IN_STOCK, 15, t.PANEL, bold=True)
        text(
            d, (after(lb.BUILDINGS_IN_STOCK, 180), y + 1), lb.COST_TO_PRESTIGE, 14, (222, 208, 180)
        )
        y += 22
        labels = lb.STOCK_LABELS
        groups = [
            (Kind.WOOD, labels["wood"], tile_name("carpenter")),
            (Kind.STONE, labels["stone"], tile_name("mason")),
            (
                Kind.PRESTIGE,
                labels["prestige"],
                lb.ON_A_RESIDENCE.format(architect=tile_name("architect")),
            ),
        ]
        label_w = 92
        for kind, label, how in groups:
            items = [(tid, n) for tid, n in s.stock.items() if n > 0 and TILES[tid].kind is kind]
            chip_h = 48
            x = M + label_w
            rows = 1
            # measure rows first so the group box fits
            widths = [self.chip_width(tid, n) for tid, n in items]
            cx = x
            for cw in widths:
                if cx + cw > W - M:
                    rows += 1
                    cx = x
                cx += cw + 6
            gh = rows * (chip_h + 6) - 6 if items else chip_h
            building_now = self.builds_kind() is kind
            d.rounded_rectangle(
                (M, y, M + label_w - 8, y + gh),
                radius=8,
                fill=look.KIND_FILL[kind],
                outline=t.DECIDE if building_now else look.KIND_EDGE[kind],
                width=4 if building_now else 2,
            )
            label = fit(label, 15, label_w - 12, True)
            text(
                d, (M + (label_w - 8) / 2, y + gh / 2 - 8), label, 15, t.INK, bold=True, anchor="mm"
            )
            for i, line in enumerate(at_most(wrap(how, 11, label_w - 14), 2)):
                text(
                    d,
                    (M + (label_w - 8) / 2, y + gh / 2 + 9 + i * 12),
                    line,
                    11,
                    t.INK_SOFT,
                    anchor="mm",
                )
            cx, cy = x, y
            if not items:
                text(d, (x + 6, y + chip_h / 2), lb.NONE_LEFT, 15, t.PANEL, anchor="lm")
            for (tid, n), cw in zip(items, widths, strict=True):
                if cx + cw > W - M:
                    cx = x
                    cy += chip_h + 6
                with container((cx, cy, cx + cw, cy + chip_h)):
                    self.chip(tid, n, cx, cy, cw, chip_h)
                cx += cw + 6
            y += gh + 8
        return y - 8

    def builds_kind(self) -> Kind | None:
        """The tile family the pending build decision chooses from, if any."""
        dec = self.s.decision
        if dec is None or self.s.over or dec.kind != "build" or not dec.effect:
            return None
        return cat.BUILDS_KIND.get(Effect(dec.effect))

    def chip_width(self, tile_id: str, n: int = 1) -> int:
        tile = TILES[tile_id]
        label = tile_name(tile.id) + (f" ×{n}" if n > 1 else "")
        name_w = text_width(label, 14, True) + 20 + text_width(self.chip_note(tile_id), 11)
        cost_w = len(tile.cost) * 16 + text_width(self.chip_extra(tile_id), 13, True) + 14
        return int(max(name_w, cost_w, 92))

    @staticmethod
    def chip_note(tile_id: str) -> str:
        tile = TILES[tile_id]
        if tile.effect is Effect.PRODUCE and tile.kind is not Kind.PRESTIGE:
            return "/".join(tile.produce)
        return ""

    def chip(self, tile_id: str, n: int, x: int, y: int, w: int, h: int) -> None:
        d = self.d
        tile = TILES[tile_id]
        d.rounded_rectangle(
            (x, y, x + w, y + h),
            radius=6,
            fill=look.KIND_FILL[tile.kind],
            outline=look.KIND_EDGE[tile.kind],
            width=1,
        )
        label = tile_name(tile.id) + (f" ×{n}" if n > 1 else "")
        text(d, (x + 6, y + 12), label, 14, t.INK, bold=True, anchor="lm")
        note = self.chip_note(tile_id)
        if note:
            text(d, (x + w - 5, y + 12), note, 11, t.INK_SOFT, anchor="rm")
        ex = cubes_row(d, x + 6, y + 26, 14, tile.cost, gap=2)
        text(d, (ex + 3, y + 34), self.chip_extra(tile_id), 13, t.INK, bold=True, anchor="lm")

    @staticmethod
    def chip_extra(tile_id: str) -> str:
        """What building the tile gives: '→ 14 ⚜ ⚜' (prestige, then a royal favor each)."""
        tile = TILES[tile_id]
        return f"→ {tile.prestige}" + (" ⚜" * tile.favors)
