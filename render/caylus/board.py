"""The Caylus board picture: one portrait image, top to bottom.

header (turn, phase strip, who must decide) -> final scores (game over only) -> buildings before
the bridge and the passing scale -> the road (28 spaces, 4 rows of 7) -> castle and favor table
-> one row per player (in turn order) -> buildings in stock -> legend.
Everything a player needs to decide is on it; see docs/render.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.caylus import catalogue as cat
from engine.caylus.catalogue import TILES, Effect, Kind
from engine.caylus.rules import final_scores, incomes, open_columns
from engine.caylus.state import State
from engine.protocol import Event
from i18n import join
from render import theme as t
from render.changes import Changes, diff, workers_phase
from render.describe import castle_status, decision_text, ordinal
from render.labels import w as lb
from render.names import (
    favor_cell,
    favor_line_name,
    section_name,
    special_effect,
    special_name,
    tile_effect,
    tile_name,
)
from render.pieces import (
    at_most,
    blend,
    container,
    cube,
    cubes_row,
    dashed_rect,
    fit,
    fit_name,
    house,
    marker,
    pill,
    text,
    text_width,
    worker,
    wrap,
)

W = t.WIDTH
M = t.MARGIN
INNER = W - 2 * M
MAX_HEIGHT = 2400

ROAD_COLS = 7
TILE_GAP = 9
TILE_W = (INNER - (ROAD_COLS - 1) * TILE_GAP) // ROAD_COLS  # 142
TILE_H = 128
ROW_PITCH = TILE_H + 38
CASTLE_H = 236
CHANGED_LINE = 20  # px between two lines of the "what changed" band


def default_names(n: int) -> list[str]:
    return [lb.PLAYER_N.format(number=i + 1) for i in range(n)]


def seat_letters(names: list[str]) -> list[str]:
    """One letter per seat: the names' initials when they are distinct letters, else A-E."""
    initials = [name.strip()[:1].upper() for name in names]
    if all(c.isalpha() and c.isascii() for c in initials) and len(set(initials)) == len(names):
        return initials
    return [chr(ord("A") + i) for i in range(len(names))]


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


def winners_text(s: State, names: list[str]) -> str:
    """'Ann wins with 52 points', 'Ann and Ben win with 48 points' (the language's list)."""
    outcome = final_scores(s)
    who = join([names[i] for i in outcome.winners])
    best = outcome.scores[outcome.winners[0]]
    won = lb.WIN_WITH if len(outcome.winners) > 1 else lb.WINS_WITH
    return str(won.format(count=best, who=who))


def after(title: str, least: int) -> int:
    """Where a section's note starts: after its title (15 pt bold) in the language drawn."""
    return M + max(least, int(text_width(title, 15, True)) + 14)


def lowest_empty_lot(s: State) -> int | None:
    for i, tile in enumerate(s.road):
        if tile is None:
            return i + 1
    return None


class Painter:
    def __init__(
        self,
        s: State,
        names: list[str] | None,
        previous: State | None,
        events: Sequence[Event] | None = None,
    ) -> None:
        self.s = s
        self.names = list(names) if names else default_names(s.n)
        if len(self.names) < s.n:
            self.names += default_names(s.n)[len(self.names) :]
        self.letters = seat_letters(self.names[: s.n])
        self.ch: Changes = diff(s, previous, self.names)
        placed = workers_phase(s, previous, events)
        if placed is not None:  # placements and passes are changes too
            self.ch.notes.insert(0, placed.banner(self.names))
        self.has_prev = previous is not None
        self.img = Image.new("RGB", (W, MAX_HEIGHT), t.TABLE)
        self.d = ImageDraw.Draw(self.img)
        d = s.decision
        self.decider = d.seat if d is not None and not s.over else None
        self.focus = 0  # road position under activation or named by the decision
        if d is not None and not s.over and d.at:
            self.focus = d.at
        elif s.phase == 5 and not s.over and 1 <= s.cursor <= cat.ROAD_LENGTH:
            self.focus = s.cursor

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
        x = 300
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
            with container((x, y, x + w, y + h)):
                self.special_box(key, x, y, w, h)
            x += w + gap
        self.bridge(x, y, W - M - x, h)
        return y + h

    def special_box(self, key: str, x: int, y: int, w: int, h: int) -> None:
        s, d = self.s, self.d
        unused = key == "stables" and s.n == 2
        fill = (178, 170, 158) if unused else t.SPECIAL_FILL
        d.rounded_rectangle(
            (x, y, x + w, y + h), radius=8, fill=fill, outline=t.SPECIAL_EDGE, width=2
        )
        if unused:  # hatched: nothing goes here in a 2-player game
            hx, hy, hw, hh = x + 5, y + 5, w - 10, h - 10
            for k in range(-hh, hw, 14):
                d.line(
                    (hx + max(k, 0), hy + max(0, -k), hx + min(k + hh, hw), hy + min(hh, hw - k)),
                    fill=(166, 158, 146),
                    width=3,
                )
            d.rounded_rectangle((x, y, x + w, y + h), radius=8, outline=t.SPECIAL_EDGE, width=2)
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
            (x, y, x + w, y + h), radius=8, fill=(196, 176, 146), outline=t.SPECIAL_EDGE, width=2
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
            # the tile, the scoring tag over its top edge and the provost under it
            with container((x, ty - 12, x + TILE_W, ty + ROW_PITCH - 8)):
                self.road_tile(pos, x, ty, pos == next_lot)
        return y + 4 * ROW_PITCH - 8

    def road_band(self, pos: int, x: int, y: int) -> None:
        """The strip under a space: gold while the provost activates it, gray beyond."""
        active = pos <= self.s.provost
        colour = t.ACTIVE_ROAD if active else t.IDLE_ROAD
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
            dashed_rect(d, box, t.LOT_FILL, blend(t.LOT_FILL, t.INK, 0.35))
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
            fill = t.KIND_FILL[tile.kind]
            edge = t.KIND_EDGE[tile.kind]
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
                        t.KIND_FILL[Kind.RESIDENCE],
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
            cx = x + 2
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
        sx = x + 14
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
            fill = blend(t.SECTION_FILL[k], t.WHITE, 0.35)
            edge = blend(t.SECTION_FILL[k], t.INK, 0.4)
            houses = s.castle[k]
            for i in range(size):
                r, c = divmod(i, cols)
                cx = sx + c * (cell + gap)
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
                        mx = sx + 2 + (i % 2) * 15
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
                fill=t.KIND_FILL[kind],
                outline=t.DECIDE if building_now else t.KIND_EDGE[kind],
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
            fill=t.KIND_FILL[tile.kind],
            outline=t.KIND_EDGE[tile.kind],
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

    # ------------------------------------------------------------------ legend
    def legend(self, y: int) -> int:
        d = self.d
        x = M
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
                fill=t.KIND_FILL[kind],
                outline=t.KIND_EDGE[kind],
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
