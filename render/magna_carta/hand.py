"""A player's hand, for their eyes only: each card (name, cost, shield, what a worker and the
owner get) with whether the player can pay it now, and the player's stock.

Drawn from the player's own view (`view(state, seat)`): it shows that view's hand and nothing
of anybody else's. Same sizes as the phone card (every text at least 9 px tall on a phone).
"""

from __future__ import annotations

from PIL import Image

from engine.magna_carta import catalogue as cat
from engine.magna_carta.catalogue import CARDS, Effect
from engine.magna_carta.view import View
from render import theme as t
from render.labels import w as lb
from render.magna_carta.canvas import Canvas, owner_tint
from render.magna_carta.words import phase_title
from render.names import card_name, card_owner_effect, card_worker_effect, cube_name
from render.phone import (
    BODY,
    CARD_BG,
    HEADER_BG,
    HEADER_INK,
    INNER,
    LINE,
    NAME,
    NUMBER,
    SMALL,
    TITLE,
    W_DP,
    M,
)
from render.pieces import shortenable

MAX_HEIGHT_DP = 2400
COLS = 2
GAP = 8
CARD_W = (INNER - GAP * (COLS - 1)) / COLS
BAND = 24
NAME_LINE = 14  # a second line of a long card name


def missing(cost: str, cubes: dict[str, int]) -> str:
    """What is missing to pay `cost`, in words ('1 stone', '1 more cube'): gold covers the
    named cubes first, then what is left over pays the `?` cubes."""
    gold = cubes["G"] - cost.count("G")
    parts = []
    spare = 0
    for c in cat.NON_GOLD:
        short = cost.count(c) - cubes[c]
        if short > 0:
            covered = min(short, max(0, gold))
            gold -= covered
            if short > covered:
                parts.append(f"{short - covered} {cube_name(c)}")
        else:
            spare -= short
    extra = cost.count(cat.ANY) - spare - max(0, gold)
    if extra > 0:
        parts.append(lb.HAND_MORE_CUBES.format(count=extra))
    return lb.HAND_SHORT_OF.format(what=" + ".join(parts)) if parts else ""


class HandPicture(Canvas):
    def __init__(self, view: View, names: list[str] | None) -> None:
        super().__init__(view, names, MAX_HEIGHT_DP, CARD_BG)
        assert view.viewer is not None
        self.seat = view.viewer
        self.me = view.players[self.seat]
        self.hand = list(self.me.hand or [])

    def paint(self) -> Image.Image:
        y = self.header(0)
        y = self.stock(y + 6)
        y = self.cards(y + 8)
        y = self.piles(y + 6)
        return self.crop(y + M)

    def header(self, y: float) -> float:
        """The owner's name and when; the phase goes under the title when both do not fit."""
        view = self.view
        phase = lb.HAND_GAME_OVER if view.over else phase_title(view)
        when = lb.HAND_WHEN.format(round=view.round, phase=phase)
        when_w = self.width(when, SMALL, True)
        beside = INNER - when_w - 8  # the title's room beside the phase
        name = self.names[self.seat]
        bare = self.width(lb.HAND_TITLE.format(name=""), TITLE, True)
        one_line = bare + self.width(name, TITLE, True) <= beside
        room = beside if one_line else INNER
        shown = self.fit_name(name, TITLE, room - bare, True)
        title = lb.HAND_TITLE.format(name=shown)
        if shown != name:  # only the owner's display name was shortened
            title = shortenable(title)
        h = 36 if one_line else 54
        self.box(0, y, W_DP, y + h, HEADER_BG, radius=0)
        self.write(M, y + 18, title, TITLE, t.WHITE, bold=True)
        when_y = y + h / 2 if one_line else y + 42
        self.write(W_DP - M, when_y, when, SMALL, HEADER_INK, bold=True, anchor="rm")
        y += h
        h = 22
        self.box(0, y, W_DP, y + h, (250, 236, 240), radius=0)
        note = lb.HAND_NOTE
        self.write(M, y + h / 2, self.fit(note, SMALL, INNER), SMALL, t.DECIDE)
        return y + h

    def stock(self, y: float) -> float:
        me = self.me
        h = 30
        self.box(M, y, W_DP - M, y + h, t.PANEL, (150, 134, 110), 0.5)
        cy = y + h / 2
        x: float = M + 8
        self.write(x + 18, cy, str(me.deniers), NUMBER, t.INK, True, "rm")
        self.write(x + 20, cy, "d", BODY, t.INK_SOFT)
        x += 40
        for c in cat.CUBES:
            x = self.counted_cube(x, cy, c, me.cubes[c], NUMBER) + 12
        workers = lb.HAND_WORKERS.format(count=me.workers, total=cat.WORKERS)
        self.write(W_DP - M - 8, cy, workers, BODY, t.INK, anchor="rm")
        return y + h

    def cards(self, y: float) -> float:
        if not self.hand:
            self.write(M, y + LINE / 2, lb.HAND_NO_CARD, BODY, t.INK_SOFT)
            return y + LINE
        count = len(self.hand)
        label = lb.HAND_CARDS.format(count=count)
        self.write(M, y + LINE / 2, label, NAME, t.INK, bold=True)
        y += LINE + 6
        for start in range(0, count, COLS):
            row = self.hand[start : start + COLS]
            heights = [self.card_height(card) for card in row]
            h = max(heights)
            for k, card in enumerate(row):
                x = M + k * (CARD_W + GAP)
                with self.within(x, y, x + CARD_W, y + h):
                    self.card(x, y, h, card)
                self.mark(f"card:{card}", x, y, x + CARD_W, y + h)
            y += h + GAP
        return y - GAP

    def verdict(self, card_id: str) -> tuple[str, t.RGB]:
        cost = CARDS[card_id].cost
        if cat.affordable(cost, self.me.cubes):
            return lb.HAND_CAN_PAY, t.GOOD
        return f"✗ {missing(cost, self.me.cubes)}", t.BAD

    def card_lines(self, card_id: str) -> list[tuple[str, str]]:
        card = CARDS[card_id]
        room = CARD_W - 12
        verdict, _ = self.verdict(card_id)
        lines = [("Verdict", line) for line in self.wrap(verdict, SMALL, room, bold=True)]
        lines += [
            ("Worker", line)
            for line in self.wrap(
                lb.HAND_WORKER.format(text=card_worker_effect(card.id)), SMALL, room
            )
        ]
        lines += [
            ("Owner", line)
            for line in self.wrap(
                lb.HAND_OWNER.format(text=card_owner_effect(card.id)), SMALL, room
            )
        ]
        if card.effect is Effect.SMALL_PRODUCTION:
            stored = cat.STORED_CUBES[self.view.players_count]
            note = lb.HAND_BUILT_WITH.format(count=stored, cube=cube_name(card.stores))
            lines += [("Note", line) for line in self.wrap(note, SMALL, room)]
        return lines

    def name_lines(self, card_id: str) -> tuple[float, list[str]]:
        """The card's name in its band beside the shield: one line, shrunk to the small size
        if need be, else two small lines (German: "Großer Steinbruch"). Never cut."""
        name = card_name(card_id)
        room = CARD_W - 14 - self.width(f"{CARDS[card_id].pp} PP", BODY, True)
        size = self.shrink(name, (NAME, BODY, SMALL), room, True)
        if self.width(name, size, True) <= room:
            return size, [name]
        return SMALL, self.wrap(name, SMALL, room, bold=True)

    def band_height(self, card_id: str) -> float:
        return BAND + NAME_LINE * (len(self.name_lines(card_id)[1]) - 1)

    def card_height(self, card_id: str) -> float:
        return self.band_height(card_id) + 28 + 17 * len(self.card_lines(card_id)) + 6

    def card(self, x: float, y: float, h: float, card_id: str) -> None:
        card = CARDS[card_id]
        colour = t.PLAYER_COLOURS[self.seat]
        self.box(x, y, x + CARD_W, y + h, owner_tint(self.seat), colour, 1.5)
        band = self.band_height(card_id)
        self.box(x + 1, y + 1, x + CARD_W - 1, y + band, colour, radius=5)
        shield = f"{card.pp} PP"
        self.write(x + CARD_W - 6, y + BAND / 2 + 1, shield, BODY, t.WHITE, True, "rm")
        size, names = self.name_lines(card_id)
        for k, line in enumerate(names):
            self.write(x + 6, y + BAND / 2 + 1 + k * NAME_LINE, line, size, t.WHITE, True)
        y += band - BAND  # the rest of the card moves down with a two-line name
        cy = y + BAND + 14
        cx = self.cubes(x + 6, cy, card.cost)
        self.write(cx + 2, cy, lb.HAND_COST, SMALL, t.INK_SOFT)
        _, verdict_ink = self.verdict(card_id)
        inks = {"Verdict": verdict_ink, "Note": t.INK_SOFT}
        yy = y + BAND + 28 + 17 / 2
        for kind, line in self.card_lines(card_id):
            self.write(x + 6, yy, line, SMALL, inks.get(kind, t.INK), kind == "Verdict")
            yy += 17

    def piles(self, y: float) -> float:
        me = self.me
        parts = [lb.HAND_OWNER_NOTE, lb.HAND_DRAW_PILE.format(count=me.deck_size)]
        if me.discard:
            names = ", ".join(card_name(c) for c in me.discard)
            parts.append(lb.HAND_DISCARD.format(names=names))
        else:
            parts.append(lb.HAND_DISCARD_EMPTY)
        y += 2
        for part in parts:
            for line in self.wrap(part, SMALL, INNER):
                self.write(M, y + 17 / 2, line, SMALL, t.INK_SOFT)
                y += 17
        return y


def render_hand(view: View, *, names: list[str] | None = None) -> Image.Image:
    """The hand of `view.viewer` (RGB)."""
    return HandPicture(view, names).paint()


def hand_areas(
    view: View, *, names: list[str] | None = None
) -> dict[str, tuple[int, int, int, int]]:
    """Where the hand picture of the same arguments draws each card of the hand, as
    (x, y, width, height) in its pixels: "card:<id>". A pure function of its arguments, like
    the picture (it paints it to know where each card lands)."""
    picture = HandPicture(view, names)
    picture.paint()
    return dict(picture.areas)


__all__ = ["hand_areas", "missing", "render_hand"]
