"""The whole Magna Carta board: everything public, drawn like the phone card (400 dp wide,
every text at least 9 px tall on a phone), taller.

Top to bottom: the round and phases -> who decides -> the final scores (at the end) -> the
road, four cards a row (each with its position, owner, name, worker effect, shield, the cubes
stored on it and the worker on it; the provost's card framed in black, the cards beyond him
greyed: they do nothing this round; new cards ringed) -> the castle's tokens left and the
bridge (the passing order) -> the prestige buildings still available, with their costs -> one
panel per player.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.magna_carta import catalogue as cat
from engine.magna_carta.catalogue import CARDS
from engine.magna_carta.view import RoadCardView, View
from engine.protocol import Event
from render import theme as t
from render.labels import w as lb
from render.magna_carta.canvas import (
    INACTIVE_FILL,
    NEUTRAL_EDGE,
    NEUTRAL_FILL,
    PRESTIGE_EDGE,
    PRESTIGE_FILL,
    RESIDENCE_EDGE,
    RESIDENCE_FILL,
    owner_tint,
)
from render.magna_carta.card import PhoneCard, decision_band, header, seat_order
from render.magna_carta.decision import passed_text
from render.magna_carta.words import (
    TOKEN_PP,
    active_stretch,
    road_label,
    tile_effect,
    tile_name,
    tile_points,
    token_name,
)
from render.names import card_name
from render.phone import (
    BODY,
    CUBE,
    HEADER_INK,
    INNER,
    LINE,
    NAME,
    NUMBER,
    PIECE_R,
    SECTION_BG,
    SMALL,
    W_DP,
    M,
)
from render.phone import S as SCALE
from render.pieces import at_most, blend

MAX_HEIGHT_DP = 2600
ROAD_COLS = 4
TILE_GAP = 6
TILE_W = (INNER - (ROAD_COLS - 1) * TILE_GAP) / ROAD_COLS
TILE_H = 78
NAME_LINE = 13  # a second line of a long name
BAND = 18  # the coloured top band of a road tile
STATUS_LINE = 16  # a line of small text in a player's panel
TAG_RISE = 12  # how far the provost's tag rises above its tile
ROW_PITCH = TILE_H + TAG_RISE + 1
PROVOST_INK = (20, 20, 20)
SHIELD = (96, 72, 40)  # the prestige points of a road card, in a shield as on the cards


def section_band(c: PhoneCard, y: float, title: str, detail: str = "") -> float:
    """A section's title band; its detail follows the title, or wraps onto lines below it."""
    x = M + c.width(title, SMALL, True) + 8
    lines = c.wrap(detail, SMALL, INNER, first=W_DP - M - x) if detail else []
    h = 24 + 16 * max(0, len(lines) - 1)
    c.box(0, y, W_DP, y + h, (70, 56, 40), radius=0)
    c.write(M, y + 12, title, SMALL, HEADER_INK, bold=True)
    for k, line in enumerate(lines):
        c.write(x if k == 0 else M, y + 12 + 16 * k, line, SMALL, (250, 240, 220))
    return y + h


class Board(PhoneCard):
    def paint(self) -> Image.Image:
        y = header(self, 0)
        y = decision_band(self, y)
        if self.view.over:
            y = self.results(y + 6)
        y = self.road(y + 8)
        y = self.castle_and_bridge(y + 8)
        y = self.prestige_supply(y + 8)
        y = self.panels(y + 8)
        return self.crop(y + M)

    # ------------------------------------------------------------------ the road
    def road(self, y: float) -> float:
        view = self.view
        detail = lb.MC_ROAD_CARDS.format(count=len(view.road))
        if view.provost is not None:
            where = lb.MC_ROAD_PROVOST.format(at=view.provost, stretch=active_stretch(view))
        else:
            where = active_stretch(view)
        detail = f"{detail} · {where}"
        y = section_band(self, y, lb.MC_THE_ROAD, detail) + TAG_RISE + 2
        # a name too long for one line (German: "Kleiner Bauernhof") takes two, and every
        # tile grows by a line: no name is ever cut
        self.name_lines = max((len(self.name_lines_of(c)) for c in view.road), default=1)
        # the same for a short effect too long for one line ("kaufe 1-2 Rohstoffe")
        self.effect_lines = max((len(self.effect_lines_of(c)) for c in view.road), default=1)
        tile_h = TILE_H + (self.name_lines + self.effect_lines - 2) * NAME_LINE
        pitch = tile_h + (ROW_PITCH - TILE_H)
        for k, card in enumerate(view.road):
            row, col = divmod(k, ROAD_COLS)
            tx, ty = M + col * (TILE_W + TILE_GAP), y + row * pitch
            with self.within(tx, ty - TAG_RISE, tx + TILE_W, ty + tile_h):
                self.tile(tx, ty, card)
            self.mark(f"road:{card.position}", tx, ty, tx + TILE_W, ty + tile_h)
        rows = -(-len(view.road) // ROAD_COLS)
        y += rows * pitch - (pitch - tile_h) + 4
        legend = lb.MC_SHIELD_LEGEND
        if view.provost is not None:
            legend += lb.MC_GREY_LEGEND
        lines = self.wrap(legend, SMALL, INNER)
        for k, line in enumerate(lines):
            self.write(W_DP - M, y + 8 + k * STATUS_LINE, line, SMALL, t.INK_SOFT, anchor="rm")
        return y + 16 * len(lines)

    def effect_lines_of(self, card: RoadCardView) -> list[str]:
        """The tile's short effect: one line, or two when the language's words are longer."""
        effect = tile_effect(card, self.view.variant)
        if not effect:
            return [""]
        return at_most(self.wrap(effect, SMALL, TILE_W - 8), 2)

    def name_lines_of(self, card: RoadCardView) -> list[str]:
        """The tile's name: one line (bold if it fits), or two in the small size."""
        name, room = tile_name(card), TILE_W - 8
        if self.width(name, BODY) <= room:
            return [name]
        if self.width(name, SMALL) <= room or " " not in name:
            return [name]
        return at_most(self.wrap(name, SMALL, room), 2)

    def tile(self, x: float, y: float, card: RoadCardView) -> None:
        view = self.view
        name_extra = (getattr(self, "name_lines", 1) - 1) * NAME_LINE
        extra = name_extra + (getattr(self, "effect_lines", 1) - 1) * NAME_LINE
        w, h = TILE_W, TILE_H + extra
        owner = card.owner
        if card.cover:
            fill, edge = PRESTIGE_FILL, PRESTIGE_EDGE
        elif card.residence:
            fill, edge = RESIDENCE_FILL, RESIDENCE_EDGE
        elif owner is None:
            fill, edge = NEUTRAL_FILL, NEUTRAL_EDGE
        else:
            fill, edge = owner_tint(owner), t.PLAYER_COLOURS[owner]
        band = t.PLAYER_COLOURS[owner] if owner is not None else NEUTRAL_EDGE
        if not card.active:
            fill, band = blend(fill, INACTIVE_FILL, 0.7), blend(band, INACTIVE_FILL, 0.55)
        activating = any(p.at == card.position for p in view.pending) and not view.over
        provost = card.position == view.provost
        if card.position in self.ch.new_cards:
            self.box(x - 3, y - 3, x + w + 3, y + h + 3, t.HIGHLIGHT, radius=8)
        if activating:
            self.box(x - 3, y - 3, x + w + 3, y + h + 3, t.DECIDE, radius=8)
        self.box(x, y, x + w, y + h, fill, PROVOST_INK if provost else edge, 3 if provost else 1)
        self.box(x + 1, y + 1, x + w - 1, y + BAND, band, radius=5)
        ink = t.WHITE
        self.write(x + 4, y + BAND / 2 + 1, str(card.position), SMALL, ink, bold=True)
        label = lb.MC_PROVOST_TAG
        tw = self.width(label, SMALL, True) + 8
        tx = x + w - tw - 2
        if owner is not None:
            letter = self.letters[owner]
            self.write(x + w - 5, y + BAND / 2 + 1, letter, SMALL, ink, bold=True, anchor="rm")
        if provost:
            # above the band, in the gap between the rows: the owner's letter stays readable
            self.box(tx, y - TAG_RISE, tx + tw, y + 4, PROVOST_INK, t.WHITE, 1, 4)
            self.write(tx + tw / 2, y + 4 - (TAG_RISE + 4) / 2, label, SMALL, t.WHITE, True, "mm")
        name = tile_name(card)
        room = w - 8
        ink = t.INK if card.active else t.INK_SOFT
        lines = self.name_lines_of(card)
        if len(lines) == 1:
            bold = self.width(name, BODY, True) <= room
            size = BODY if bold or self.width(name, BODY) <= room else SMALL
            self.write(x + 4, y + BAND + 11, self.fit(name, size, room, bold), size, ink, bold)
        else:
            for k, line in enumerate(lines):
                self.write(x + 4, y + BAND + 10 + k * NAME_LINE, line, SMALL, ink, True)
        for k, line in enumerate(self.effect_lines_of(card)):
            top = y + BAND + 27 + name_extra + k * NAME_LINE
            self.write(x + 4, top, self.fit(line, SMALL, room), SMALL, t.INK_SOFT)
        bottom = y + h - 13
        bx = x + 4
        if owner is not None:
            bx = self.shield(bx, bottom, tile_points(card), card.active) + 5
        if card.stored:
            store = CARDS[card.card].stores
            self.counted_cube(bx, bottom, store, card.stored, SMALL)
        if card.worker is not None:
            self.piece(x + w - PIECE_R - 4, bottom, card.worker)

    def shield(self, x: float, cy: float, points: int, active: bool) -> float:
        """The card's prestige points in a shield; returns the x after it."""
        label = str(points)
        w = max(17.0, self.width(label, SMALL, True) + 6)
        top, bottom = cy - 10, cy + 10
        outline = [
            (x, top),
            (x + w, top),
            (x + w, cy + 3),
            (x + w / 2, bottom),
            (x, cy + 3),
        ]
        colour = SHIELD if active else blend(SHIELD, INACTIVE_FILL, 0.5)
        self.d.polygon([(px * SCALE, py * SCALE) for px, py in outline], fill=colour)
        self.write(x + w / 2, cy - 1.5, label, SMALL, t.WHITE, True, "mm")
        return x + w

    # ------------------------------------------------------------------ castle and bridge
    def castle_and_bridge(self, y: float) -> float:
        view = self.view
        delivering = view.phase_name == "castle" and any(view.delivered)
        h = 8 + LINE * (3 if delivering else 2) + 8
        self.box(M, y, W_DP - M, y + h, SECTION_BG, (110, 96, 76), 0.5)
        yy = y + 6 + LINE / 2
        x: float = M + 6
        # the labels' column fits the longer of "castle" and "bridge" in the language drawn
        label_room = max(52.0, *(self.width(w, SMALL, True) for w in (lb.MC_CASTLE, lb.MC_BRIDGE)))
        self.write(x, yy, lb.MC_CASTLE, SMALL, t.INK, bold=True)
        x += label_room + 6
        words = {k: lb.MC_TOKEN_PP.format(token=token_name(k), pp=TOKEN_PP[k]) for k in TOKEN_PP}
        need = sum(35 + self.width(word, SMALL) for word in words.values())
        if x + need > W_DP - M - 6:  # longer names: the chips' colours name the tokens
            words = {k: f"{pp} PP" for k, pp in TOKEN_PP.items()}
        for kind in cat.TOKEN_NAMES:
            count = view.tokens[kind]
            x = self.token_chip(x, yy, kind, str(count), BODY, w=24) + 3
            word = words[kind]
            word = self.fit(word, SMALL, W_DP - M - 6 - x)  # a long castle label leaves less room
            self.write(x, yy, word, SMALL, t.INK if count else t.INK_FAINT)
            x += self.width(word, SMALL) + 8
        if delivering:
            yy += LINE
            parts = [
                f"{self.names[s]} {view.delivered[s]}" for s in view.passed if view.delivered[s]
            ]
            line = lb.MC_BATCHES_THIS_PHASE.format(counts=", ".join(parts))
            self.write(M + 6, yy, self.fit(line, SMALL, INNER - 12), SMALL, t.INK_SOFT)
        yy += LINE + 6
        x = M + 6
        self.write(x, yy, lb.MC_BRIDGE, SMALL, t.INK, bold=True)
        slot = 2 * PIECE_R + 8
        # the castle's rows above the bridge's (its slots included): a click plays their move
        self.mark("castle", M, y, W_DP - M, yy - slot / 2 - 2)
        self.mark("bridge", M, yy - slot / 2 - 2, W_DP - M, y + h)
        x += label_room + 6
        for k in range(view.players_count):
            self.box(x, yy - slot / 2, x + slot, yy + slot / 2, t.PANEL, (150, 134, 110), 0.5, 4)
            if k < len(view.passed):
                self.piece(x + slot / 2, yy, view.passed[k])
            else:
                self.write(x + slot / 2, yy, str(k + 1), SMALL, t.INK_FAINT, anchor="mm")
            x += slot + 4
        note = lb.MC_FIRST_PASS.format(bonus=cat.FIRST_PASS_BONUS)
        self.write(x + 4, yy, self.fit(note, SMALL, W_DP - M - x - 8), SMALL, t.INK_SOFT)
        return y + h

    # ------------------------------------------------------------------ prestige buildings
    def prestige_supply(self, y: float) -> float:
        view = self.view
        where = lb.MC_ON_RESIDENCE if view.variant == "standard" else lb.MC_IN_FRONT
        y = section_band(self, y, lb.MC_PRESTIGE_BUILDINGS, where) + 4
        supply = view.prestige_supply
        if not supply:
            self.write(M, y + LINE / 2, lb.MC_ALL_BUILT, BODY, t.INK_SOFT)
            return y + LINE
        col_w = INNER / 2
        for k, card_id in enumerate(supply):
            row, col = divmod(k, 2)
            x = M + col * col_w
            cy = y + row * (CUBE + 8) + CUBE / 2 + 2
            card = CARDS[card_id]
            name = card_name(card.id)
            size = BODY if self.width(name, BODY, True) <= 74 else SMALL  # German names
            lines: list[str] = [name]
            if self.width(name, size, True) > 74:
                lines = self.wrap(name, SMALL, 74, bold=True)
            for i, line in enumerate(lines):  # two lines for "Hôtel de ville"
                top = cy + (i - (len(lines) - 1) / 2) * NAME_LINE
                self.write(x, top, line, size, t.INK, bold=True)
            self.write(x + 76, cy, f"{card.pp} PP", BODY, PRESTIGE_EDGE, bold=True)
            self.mark(f"prestige:{card_id}", x, cy - (CUBE + 8) / 2, x + col_w, cy + (CUBE + 8) / 2)
            cx = x + 118
            for kind in cat.CUBES:
                count = card.cost.count(kind)
                if count:
                    cx = self.counted_cube(cx, cy, kind, count, BODY) + 6
        rows = -(-len(supply) // 2)
        return y + rows * (CUBE + 8) + 2

    # ------------------------------------------------------------------ players
    def panels(self, y: float) -> float:
        y = section_band(self, y, lb.MC_PLAYERS, lb.MC_FROM_START) + 4
        for seat in seat_order(self.view):
            y = self.panel(seat, y) + 4
        legend = lb.MC_TOKENS_LEGEND
        self.write(W_DP - M, y + 7, legend, SMALL, t.INK_SOFT, anchor="rm")
        return y + 14

    def panel(self, seat: int, y: float) -> float:
        """A player's panel: name and score; status and workers; deniers and cubes; cards and
        castle tokens; what they own. Every line wraps rather than cuts."""
        view, ch = self.view, self.ch
        p = view.players[seat]
        deciding = seat in self.deciders
        extra = self.holdings(seat)
        lines = self.wrap(extra, SMALL, INNER - 14) if extra else []
        name_x = M + 12 + 2 * PIECE_R
        workers = lb.HAND_WORKERS.format(count=p.workers, total=cat.WORKERS)
        workers_w = self.width(workers, SMALL, True)
        status = self.wrap(self.status(seat), SMALL, W_DP - M - 16 - workers_w - name_x) or [""]
        cards = lb.MC_CARD_COUNTS.format(hand=p.hand_size, pile=p.deck_size, discard=len(p.discard))
        if p.discard:
            cards += lb.MC_DISCARD_TOP.format(name=card_name(p.discard[-1]))
        chips = 3 * 27
        card_lines = self.wrap(cards, SMALL, INNER - chips - 20)
        numbers = y + 31 + STATUS_LINE * len(status) + 4
        cards_y = numbers + 22
        holdings_y = cards_y + STATUS_LINE * (len(card_lines) - 1) + 12
        h = holdings_y - y + LINE * len(lines)
        with self.within(M, y, W_DP - M, y + h):  # every text of the panel stays in it
            score = f"{p.score['total']} PP"
            score_x = W_DP - M - 30
            name_room = score_x - self.width(score, NAME, True) - 8 - name_x
            top, _ = self.player_band(seat, y, h, deciding, NAME, name_room)
            self.write(score_x, top, score, NAME, t.INK, True, "rm")
            if ch.score[seat]:
                self.badge(score_x + 2, top, ch.score[seat])
            for k, line in enumerate(status):
                self.write(name_x, y + 31 + k * STATUS_LINE, line, SMALL, t.INK_SOFT)
            ink = t.INK if p.workers else t.INK_FAINT
            self.write(W_DP - M - 8, y + 31, workers, SMALL, ink, True, "rm")
            x: float = M + 10
            self.write(x + 20, numbers, str(p.deniers), NUMBER, t.INK, True, "rm")
            self.write(x + 22, numbers, "d", BODY, t.INK_SOFT)
            if ch.deniers[seat]:
                self.badge(x + 32, numbers, ch.deniers[seat])
            x += 58
            for c in cat.CUBES:
                end = self.counted_cube(x, numbers, c, p.cubes[c], NUMBER)
                delta = ch.cubes[seat].get(c, 0)
                if delta:
                    self.badge(end + 1.5, numbers, delta)
                x += 70
            for k, line in enumerate(card_lines):
                self.write(M + 10, cards_y + k * STATUS_LINE, line, SMALL)
            x = W_DP - M - 8 - chips
            for kind in cat.TOKEN_NAMES:
                count = p.tokens[kind]
                x = self.token_chip(x, cards_y, kind, str(count), SMALL, w=24) + 3
            for i, line in enumerate(lines):
                self.write(M + 10, holdings_y + LINE * i + LINE / 2 - 4, line, SMALL, t.INK_SOFT)
        return y + h

    def status(self, seat: int) -> str:
        view = self.view
        parts = []
        if seat in self.deciders:
            parts.append(lb.DECIDING)
        if seat == view.start_player:
            parts.append(lb.MC_START_PLAYER)
        passed = passed_text(view, seat)
        if passed:
            parts.append(passed)
        return " · ".join(parts)

    def holdings(self, seat: int) -> str:
        """The player's road buildings, residences and prestige buildings, in words."""
        view = self.view
        mine = [r for r in view.road if r.owner == seat]
        buildings = [r for r in mine if not r.residence]
        residences = [r for r in mine if r.residence and not r.cover]
        covered = [r for r in mine if r.cover]
        parts = []
        if buildings:
            points = sum(tile_points(r) for r in buildings)
            parts.append(lb.MC_BUILDINGS_ON_ROAD.format(count=len(buildings), pp=points))
        if residences:
            where = ", ".join(str(r.position) for r in residences)
            parts.append(lb.MC_RESIDENCES_AT.format(count=len(residences), where=where))
        prestige = [road_label(view, r.position) for r in covered]
        prestige += [card_name(c) for c in view.players[seat].prestige]
        if prestige:
            parts.append(lb.MC_PRESTIGE_OWNED.format(names=", ".join(prestige)))
        return " · ".join(parts)


def render_board(
    view: View,
    *,
    names: list[str] | None = None,
    previous: View | None = None,
    events: Sequence[Event] | None = None,
) -> Image.Image:
    """The whole board of a public view (RGB), new cards and changed numbers marked."""
    return Board(view, names, previous, events).paint()


def board_areas(
    view: View,
    *,
    names: list[str] | None = None,
    previous: View | None = None,
    events: Sequence[Event] | None = None,
) -> dict[str, tuple[int, int, int, int]]:
    """Where the board picture of the same arguments draws each part a move targets, as
    (x, y, width, height) in its pixels: "road:<position>" (each card of the road), "castle",
    "bridge" and "prestige:<id>" (each prestige building still available). A pure function
    of its arguments, like the picture (it paints it to know where each part lands)."""
    board = Board(view, names, previous, events)
    board.paint()
    return dict(board.areas)


__all__ = ["Board", "board_areas", "render_board"]
