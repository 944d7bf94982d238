"""The Magna Carta phone card: what a player needs after a phase, readable in a phone chat.

Laid out 400 dp wide and drawn twice as large (render/magna_carta/canvas.py), with the sizes
of the Caylus phone card, so every text is at least 9 px tall on a phone. Drawn from the
public view only. Top to bottom: the round and its phases -> who decides now and what (or the
winners) -> one row per player, from the start player (prestige points now, deniers, cubes,
workers and cards in hand, castle tokens won; a badge after a number that changed) or the
final scores with their parts -> what happened -> the castle, the road and the prestige
buildings in a few lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.magna_carta import catalogue as cat
from engine.magna_carta.view import View
from engine.protocol import Event
from i18n import join
from render import theme as t
from render.labels import w as lb
from render.magna_carta.canvas import Canvas
from render.magna_carta.changes import Deltas, deltas, happened
from render.magna_carta.decision import decision_text, passed_text
from render.magna_carta.words import (
    active_stretch,
    phase_title,
    road_label,
    stage_names,
    token_name,
)
from render.names import card_name
from render.phone import (
    BODY,
    CARD_BG,
    CUBE,
    INNER,
    LINE,
    NAME,
    PIECE_R,
    SECTION_BG,
    SMALL,
    STATUS_LINE,
    TITLE,
    W_DP,
    WIN_BG,
    M,
)
from render.pieces import at_most

MAX_HEIGHT_DP = 1600
MAX_HAPPENED_ROWS = 11  # text rows of "what happened"; the bot's message has the rest

# Player table columns, dp: where each number ends (right-aligned); a change follows it in a
# small green or red badge.
DIGIT = 9.4  # width of a bold digit at NUMBER size
# two-digit numbers with two-digit changes ("31 +12") fit before the next column
PP_END = 36
D_END = 88
CUBES_END = 138  # the food column's numbers end here
CUBE_COL = 42
WORKERS_END = CUBES_END + 4 * CUBE_COL + 4
HAND_END = WORKERS_END + 46

RESULT_PARTS = ("tokens", "buildings", "prestige", "gold", "cubes", "deniers")  # score keys


def seat_order(view: View) -> list[int]:
    """The seats from the start player on (the order of the actions phase)."""
    n = view.players_count
    return [(view.start_player + k) % n for k in range(n)]


class PhoneCard(Canvas):
    def __init__(
        self,
        view: View,
        names: list[str] | None,
        previous: View | None,
        events: Sequence[Event] | None,
    ) -> None:
        super().__init__(view, names, MAX_HEIGHT_DP, CARD_BG)
        self.previous = previous
        self.events = events
        self.ch: Deltas = deltas(view, previous)
        self.deciders = [] if view.over else [p.seat for p in view.pending]

    def paint(self) -> Image.Image:
        y = header(self, 0)
        y = decision_band(self, y)
        y = self.results(y + 6) if self.view.over else self.players(y + 6)
        y = self.happened(y + 8)
        y = self.table(y + 8)
        return self.crop(y + M)

    # ------------------------------------------------------------------ players
    def players(self, y: float) -> float:
        h = 24
        cy = y + h / 2
        self.write(PP_END - DIGIT, cy, "PP", BODY, t.INK_SOFT, bold=True, anchor="mm")
        self.write(D_END - DIGIT / 2, cy, "d", BODY, t.INK_SOFT, bold=True, anchor="mm")
        for k, c in enumerate(cat.CUBES):
            x = CUBES_END + k * CUBE_COL - DIGIT / 2 - CUBE / 2
            self.cube(x, cy - CUBE / 2, c)
        wx = WORKERS_END - DIGIT / 2
        self.box(wx - 7, cy - 7, wx + 7, cy + 7, t.INK_SOFT, radius=7)
        hx = HAND_END - DIGIT / 2
        self.box(hx - 6, cy - 8, hx + 6, cy + 8, t.WHITE, t.INK_SOFT, 1.5, 2)
        y += h + 2
        for seat in seat_order(self.view):
            y = self.player_row(seat, y) + 4
        legend = lb.MC_CARD_LEGEND
        self.write(W_DP - M, y + 7, self.fit(legend, SMALL, INNER), SMALL, t.INK_SOFT, anchor="rm")
        return y + 14

    def player_row(self, seat: int, y: float) -> float:
        status = self.status(seat)
        x = self.name_end(seat, NAME, 170)
        # the status follows the name, or takes a line of its own under it
        beside = self.width(status, SMALL) <= W_DP - M - 4 - x
        lines = [status] if beside else self.wrap(status, SMALL, INNER - 12)
        below = 0 if beside else STATUS_LINE * len(lines)
        h = 46 + below
        with self.within(M, y, W_DP - M, y + h):
            self.player_cells(seat, y, h, lines, beside)
        return y + h

    def player_cells(self, seat: int, y: float, h: float, lines: list[str], beside: bool) -> None:
        """The band of `player_row`: name, status (`lines`, `beside` the name or under it)
        and the numbers."""
        view, ch = self.view, self.ch
        p = view.players[seat]
        deciding = seat in self.deciders
        row = self.status_band(seat, y, h, deciding, 170, lines, beside, NAME)
        self.number(PP_END, row, p.score["total"], ch.score[seat])
        self.number(D_END, row, p.deniers, ch.deniers[seat])
        for k, c in enumerate(cat.CUBES):
            self.number(CUBES_END + k * CUBE_COL, row, p.cubes[c], ch.cubes[seat].get(c, 0))
        self.number(WORKERS_END, row, p.workers, 0)
        self.number(HAND_END, row, p.hand_size, ch.hand[seat])

    def status(self, seat: int) -> str:
        view = self.view
        parts = []
        if seat in self.deciders:
            parts.append(lb.DECIDING)
        if seat == view.start_player:
            parts.append(lb.MC_START_PLAYER)
        passed = passed_text(view, seat)
        if passed and view.phase_name in ("actions", "provost", "activation", "castle"):
            parts.append(passed)
        return " · ".join(parts)

    # ------------------------------------------------------------------ game over
    def results(self, y: float) -> float:
        view = self.view
        totals = [p.score["total"] for p in view.players]
        best = max(totals)
        order = sorted(seat_order(view), key=lambda s: -totals[s])
        for seat in order:
            parts = view.players[seat].score
            win = totals[seat] == best
            h = 64
            self.box(M, y, W_DP - M, y + h, WIN_BG if win else t.PANEL, (150, 134, 110), 0.5)
            top = y + 14
            place = 1 + sum(1 for x in totals if x > totals[seat])
            self.write(M + 8, top + 1, str(place), NAME, t.INK_SOFT, bold=True, anchor="mm")
            self.piece(M + 18 + PIECE_R, top + 1, seat)
            x = M + 22 + 2 * PIECE_R
            won = f"  {lb.WINNER}" if win else ""
            name = self.fit_name(self.names[seat], NAME, 250 - self.width(won, NAME, True), True)
            self.write(x, top, name + won, NAME, t.INK, bold=True)
            self.write(W_DP - M - 8, y + h / 2, str(totals[seat]), TITLE + 3, t.INK, True, "rm")
            words = [f"{lb.MC_RESULT_PARTS[key]} {parts[key]}" for key in RESULT_PARTS]
            room = W_DP - M - 50 - x
            self.write(x, y + 35, self.fit(" · ".join(words[:3]), SMALL, room), SMALL, t.INK_SOFT)
            self.write(x, y + 53, self.fit(" · ".join(words[3:]), SMALL, room), SMALL, t.INK_SOFT)
            y += h + 4
        return y - 4

    # ------------------------------------------------------------------ what happened
    def happened(self, y: float) -> float:
        items = happened(self.view, self.previous, self.events, self.names)
        if not items:
            items = [(None, self.nothing_listed())]
        label = phases_label(self.view, self.previous)
        return self.what_happened(y, label, items, MAX_HAPPENED_ROWS)

    def nothing_listed(self) -> str:
        if self.previous is None:
            return lb.GAME_BEGINS
        ch = self.ch
        if any(ch.deniers) or any(any(c.values()) for c in ch.cubes) or any(ch.score):
            return lb.MC_NO_CHANGE_ROAD
        return lb.CARD_NO_CHANGE

    # ------------------------------------------------------------------ castle, road, prestige
    def table(self, y: float) -> float:
        view = self.view
        road = lb.MC_ROAD_LINE.format(count=len(view.road))
        if view.provost is not None and not view.over:
            where = road_label(view, view.provost)
            # the card names the provost's road card: the detail line that gives it its article
            road += " · " + lb.MC_PROVOST_DETAIL.format(where=where, stretch=active_stretch(view))
        lines = self.wrap(road, BODY, INNER - 12)
        supply = ", ".join(card_name(c) for c in view.prestige_supply) or lb.MC_NONE
        left = lb.MC_PRESTIGE_LEFT.format(supply=supply)
        prestige = at_most(self.wrap(left, BODY, INNER - 12), 2)
        last = [lb.MC_LAST_ROUND] if view.last_round and not view.over else []
        h = 8 + LINE * (1 + len(lines) + len(prestige) + len(last))
        self.box(M, y, W_DP - M, y + h, SECTION_BG, (110, 96, 76), 0.5)
        yy = y + 4 + LINE / 2
        x: float = M + 6
        label = lb.MC_TOKENS_LEFT
        self.write(x, yy, label, BODY)
        x += self.width(label, BODY) + 6
        names = {kind: token_name(kind) for kind in cat.TOKEN_NAMES}
        room = W_DP - M - 6 - x - 3 * 35  # the chips and the gaps
        size = next(
            (k for k in (BODY, SMALL) if sum(self.width(n, k) for n in names.values()) <= room),
            None,
        )
        for kind in cat.TOKEN_NAMES:
            count = view.tokens[kind]
            x = self.token_chip(x, yy, kind, str(count), BODY, w=24) + 3
            if size is None:  # no room for the names in this language: the colours tell
                x += 8
                continue
            self.write(x, yy, names[kind], size, t.INK if count else t.INK_FAINT)
            x += self.width(names[kind], size) + 8
        yy += LINE
        for line in lines + prestige:
            self.write(M + 6, yy, line, BODY)
            yy += LINE
        for line in last:
            self.write(M + 6, yy, line, BODY, t.BAD, bold=True)
            yy += LINE
        return y + h


# ---------------------------------------------------------------------- shared with the board


def header(c: Canvas, y: float) -> float:
    """The round, the phase's name and the phases of a round with the current one lit."""
    view = c.view
    last = view.last_round and not view.over
    title = (lb.MC_ROUND_LAST if last else lb.MC_ROUND).format(round=view.round)
    phase = lb.GAME_OVER if view.over else phase_title(view)
    phases = len(stage_names(view.variant))
    return c.phase_header(y, title, phase, phases, view.phase, view.over)


def decision_band(c: Canvas, y: float) -> float:
    """Who must decide now and what (several seats for the opening hands), or the winners."""
    view = c.view
    if view.over:
        return winner_band(c, y)
    if not view.pending:
        return y
    seats = [p.seat for p in view.pending]
    prompt, detail = decision_text(view, view.pending[0], c.names)
    if len(seats) == 1:
        name, size = c.seat_name(seats[0])
    else:  # the opening hands: every seat still to answer decides at once
        name, size = lb.MC_EVERYONE if len(seats) == view.players_count else lb.MC_STILL, NAME
        prompt = lb.MC_ALL_REDRAW
        if len(seats) < view.players_count:
            detail = lb.MC_WAITING_FOR.format(names=join([c.names[s] for s in seats]))
    return c.decision_band(y, seats, name, size, prompt, detail)


def winner_band(c: Canvas, y: float) -> float:
    view = c.view
    totals = [p.score["total"] for p in view.players]
    best = max(totals)
    winners = [s for s in range(view.players_count) if totals[s] == best]
    won = lb.MC_SHARE_WIN if len(winners) > 1 else lb.WINS_WITH
    result = won.format(count=best, who=join([c.names[s] for s in winners]))
    head = c.wrap(f"★ {result}", NAME, INNER, bold=True)
    h = 10 + LINE * len(head) + 4
    c.box(0, y, W_DP, y + h, WIN_BG, radius=0)
    top = y + 5 + LINE / 2
    for i, line in enumerate(head):
        c.write(M, top + i * LINE, line, NAME, t.INK, bold=True)
    return y + h


def phases_label(view: View, previous: View | None) -> str:
    """The phase(s) since `previous`: 'round 3 · Actions', 'round 3 Castle → round 4 Income'."""
    if previous is None:
        return ""
    stages = stage_names(view.variant)

    def name(phase: int) -> str:
        return lb.MC_PHASES["setup"] if phase == 0 else lb.MC_PHASES[stages[phase - 1]]

    first = (previous.round, previous.phase)
    last = (view.round, view.phase)
    if not view.over and last > first:  # the current phase has not ended: the one before it
        last = (view.round, view.phase - 1) if view.phase > 1 else (view.round - 1, len(stages))
    if first == last or last < first:
        return lb.MC_PHASES_ONE.format(round=first[0], phase=name(first[1]))
    if first[0] == last[0]:
        return lb.MC_PHASES_ROUND.format(round=first[0], first=name(first[1]), last=name(last[1]))
    return lb.MC_PHASES_SPAN.format(
        round=first[0], first=name(first[1]), last_round=last[0], last=name(last[1])
    )


def render_card(
    view: View,
    *,
    names: list[str] | None = None,
    previous: View | None = None,
    events: Sequence[Event] | None = None,
) -> Image.Image:
    """The phone card of a public view (RGB), with what changed since `previous`."""
    return PhoneCard(view, names, previous, events).paint()
