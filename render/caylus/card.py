"""The phone card: what a player needs for the next decision, readable in a phone chat.

Discord shows an attachment about 400 px wide in a phone chat (theme.PHONE_WIDTH). The card is
laid out in those display pixels ("dp") and drawn CARD_SCALE times larger, and no text is
smaller than MIN_TEXT px: a capital letter or a digit is then at least 9 px tall on the phone.

Top to bottom: the turn and the seven phases -> who decides now and what (or the winner) -> the
players (prestige, deniers, cubes, workers in hand, royal favor markers, with this phase's
changes) or the final scores -> what happened (placements and passes, builds, provost, castle
...) -> the castle and the road in two lines. The whole board (render/caylus/board.py) has the
rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.caylus import catalogue as cat
from engine.caylus.rules import final_scores
from engine.caylus.state import State
from engine.protocol import Event
from render import theme as t
from render.caylus.changes import Change, WorkersPhase, diff, phase_changes, workers_phase
from render.caylus.describe import castle_status, decision_detail, winners_text
from render.labels import w as lb
from render.names import section_name
from render.phone import (
    BODY,
    CARD_BG,
    CUBE,
    INNER,
    LINE,
    MARKER,
    NAME,
    NUMBER,
    PIECE_R,
    SECTION_BG,
    SMALL,
    STATUS_LINE,
    TITLE,
    W_DP,
    WIN_BG,
    Happening,
    M,
    PhoneCanvas,
    S,
)
from render.pieces import cube, marker
from render.seats import seat_letters, seat_names
from render.sentences import ordinal

MAX_HEIGHT_DP = 1400
MAX_HAPPENED_ROWS = 12  # text rows of "what happened"; the message's text has the rest

FAVOR_BG = (232, 222, 240)
CHANGED_BG = (255, 226, 120)

# Player table columns, dp: where each number ends (right-aligned); its change follows it in
# a small green or red badge, so that it cannot be read as part of the next column. Room for
# two-digit prestige with a two-digit change ("28 +15"), two-digit deniers and cube counts with
# a one-digit change, and the favor columns with a gap between them.
DIGIT = 10  # width of a bold digit at NUMBER size, dp
PP_END = 34
D_END = 84
CUBES_END = 126  # the first cube kind's numbers end here
CUBE_COL = 42
WORKERS_MID = CUBES_END + 4 * CUBE_COL + 27
COL_FAVORS = WORKERS_MID + 9
FAVOR_COL = 15


def phases_label(s: State, previous: State | None) -> str:
    """The phase(s) since `previous`: 'Workers', 'End of turn 5, Income'."""
    if previous is None:
        return ""
    first = (previous.turn, previous.phase)
    last = (s.turn, s.phase)
    if not s.over and last > first:  # the current phase has not ended: the one before it
        last = (s.turn, s.phase - 1) if s.phase > 1 else (s.turn - 1, 7)
    name = lb.PHASE_NAMES
    if first == last:
        return lb.PHASES_ONE.format(turn=first[0], phase=name[first[1] - 1])
    if first[0] == last[0]:
        return lb.PHASES_TURN.format(
            turn=first[0], first=name[first[1] - 1], last=name[last[1] - 1]
        )
    return lb.PHASES_SPAN.format(
        turn=first[0], first=name[first[1] - 1], last_turn=last[0], last=name[last[1] - 1]
    )


class Card(PhoneCanvas):
    def __init__(
        self,
        s: State,
        names: list[str] | None,
        previous: State | None,
        events: Sequence[Event] | None,
    ) -> None:
        self.s = s
        self.names = seat_names(names, s.n)
        self.letters = seat_letters(self.names)
        self.previous = previous
        self.ch = diff(s, previous, self.names)
        self.placed: WorkersPhase | None = workers_phase(s, previous, events)
        self.changes: list[Change] = phase_changes(s, previous, events, self.names)
        dec = s.decision
        self.decider = dec.seat if dec is not None and not s.over else None
        self.img = Image.new("RGB", (t.CARD_WIDTH, round(MAX_HEIGHT_DP * S)), CARD_BG)
        self.d = ImageDraw.Draw(self.img)

    # ------------------------------------------------------------------ whole card
    def paint(self) -> Image.Image:
        y = self.header(0)
        y = self.decision(y)
        y = self.results(y + 6) if self.s.over else self.players(y + 6)
        y = self.happened(y + 8)
        y = self.castle_and_road(y + 8)
        return self.img.crop((0, 0, t.CARD_WIDTH, round((y + M) * S)))

    def header(self, y: float) -> float:
        """The turn, the phase's name and the seven phases, the current one lit."""
        s = self.s
        title = lb.TURN.format(turn=s.turn)
        phase = lb.GAME_OVER if s.over else lb.PHASE_NAMES[s.phase - 1]
        return self.phase_header(y, title, phase, len(lb.PHASE_NAMES), s.phase, s.over)

    def decision(self, y: float) -> float:
        s = self.s
        if s.over:
            return self.winner(y)
        if self.decider is None or s.decision is None:
            return y
        prompt = lb.MUST.format(what=lb.DECISIONS.get(s.decision.kind, s.decision.kind))
        name, size = self.seat_name(self.decider)
        return self.decision_band(y, [self.decider], name, size, prompt, decision_detail(s))

    def winner(self, y: float) -> float:
        s = self.s
        head = self.wrap(f"★ {winners_text(s, self.names)}", NAME, INNER, bold=True)
        status = castle_status(s)
        lines = self.wrap(status[:1].upper() + status[1:], BODY, INNER)
        h = 10 + LINE * (len(head) + len(lines)) + 6
        self.box(0, y, W_DP, y + h, WIN_BG, radius=0)
        top = y + 5 + LINE / 2
        for i, line in enumerate(head):
            self.write(M, top + i * LINE, line, NAME, t.INK, bold=True)
        for i, line in enumerate(lines, start=len(head)):
            self.write(M, top + i * LINE + 2, line, BODY, t.INK_SOFT)
        return y + h

    # ------------------------------------------------------------------ players
    def players(self, y: float) -> float:
        s = self.s
        full = s.options.favor_mode == "full"
        # column heads: PP, d, the five cubes, a worker, the favor lines a-d
        h = 24
        cy = y + h / 2
        self.write(PP_END - DIGIT, cy, "PP", BODY, t.INK_SOFT, bold=True, anchor="mm")
        self.write(D_END - DIGIT, cy, "d", BODY, t.INK_SOFT, bold=True, anchor="mm")
        for k, c in enumerate(cat.CUBES):
            x = CUBES_END + k * CUBE_COL - DIGIT / 2 - CUBE / 2
            cube(self.d, x * S, (cy - CUBE / 2) * S, CUBE * S, c)
        wx = WORKERS_MID
        r = 7
        self.d.ellipse(((wx - r) * S, (cy - r) * S, (wx + r) * S, (cy + r) * S), fill=t.INK_SOFT)
        if full:
            self.box(COL_FAVORS - 2, y, COL_FAVORS + 4 * FAVOR_COL + 2, y + h, FAVOR_BG, radius=4)
            for k, line in enumerate(cat.FAVOR_LINES):
                fx = COL_FAVORS + k * FAVOR_COL + FAVOR_COL / 2
                self.write(fx, cy, line, BODY, t.INK, bold=True, anchor="mm")
        y += h + 2
        for seat in s.turn_order:
            y = self.player_row(seat, y, full) + 4
        favors = (
            lb.CARD_FAVOR_LINES
            if full
            else lb.CARD_SIMPLE_FAVORS.format(pp=cat.SIMPLIFIED_FAVOR_PP)
        )
        legend = self.fit(lb.CARD_LEGEND.format(favors=favors), SMALL, INNER)
        self.write(W_DP - M, y + 7, legend, SMALL, t.INK_SOFT, anchor="rm")
        return y + 12

    def player_row(self, seat: int, y: float, full: bool) -> float:
        status = self.status(seat)
        x = self.name_end(seat, NAME, 190)
        # the status follows the name, or takes a line of its own under it
        beside = self.width(status, SMALL) <= W_DP - M - 4 - x
        lines = [status] if beside else self.wrap(status, SMALL, INNER - 12)
        h = 46 + (0 if beside else STATUS_LINE * len(lines))
        with self.within(M, y, W_DP - M, y + h):
            self.player_cells(seat, y, h, lines, beside, full)
        return y + h

    def player_cells(
        self, seat: int, y: float, h: float, lines: list[str], beside: bool, full: bool
    ) -> None:
        """The band of `player_row`: name, status (`lines`, `beside` the name or under it)
        and the numbers."""
        s, ch = self.s, self.ch
        p = s.players[seat]
        deciding = seat == self.decider
        row = self.status_band(seat, y, h, deciding, 190, lines, beside, NAME)
        self.number(PP_END, row, p.prestige, ch.prestige[seat])
        self.number(D_END, row, p.deniers, ch.deniers[seat])
        for k, c in enumerate(cat.CUBES):
            self.number(CUBES_END + k * CUBE_COL, row, p.cubes[c], ch.cubes[seat].get(c, 0))
        ink = t.INK if p.workers else t.INK_FAINT
        self.write(WORKERS_MID, row, str(p.workers), NUMBER, ink, True, "mm")
        if full:
            for k in range(4):
                fx = COL_FAVORS + k * FAVOR_COL
                column = p.favors[k]
                fill = CHANGED_BG if (seat, k) in ch.favors else FAVOR_BG
                self.box(fx + 1, row - 9, fx + FAVOR_COL - 1, row + 9, fill, radius=3)
                ink = t.INK if column else t.INK_FAINT
                self.write(fx + FAVOR_COL / 2, row, str(column), NUMBER, ink, True, "mm")

    def status(self, seat: int) -> str:
        s = self.s
        parts = []
        if seat == self.decider:
            parts.append(lb.DECIDING)
        if seat in s.passed and 2 <= s.phase <= 4:  # the passing order rules phases 2-4
            parts.append(lb.PASSED.format(place=ordinal(s.passed.index(seat) + 1)))
        if s.inn_right == seat:
            parts.append(lb.IN_THE_INN)
        return " · ".join(parts)

    # ------------------------------------------------------------------ game over
    def results(self, y: float) -> float:
        s = self.s
        out = final_scores(s)
        rows = sorted(range(s.n), key=lambda i: (-out.scores[i], s.turn_order.index(i)))
        for seat in rows:
            b = out.breakdown[seat]
            win = seat in out.winners
            x = M + 22 + 2 * PIECE_R
            parts = lb.CARD_BREAKDOWN.format(
                game=b["game"], gold=b["gold"], cubes=b["cubes"], deniers=b["deniers"]
            )
            lines = self.wrap(parts, SMALL, W_DP - M - 50 - x)  # wrapped, never cut
            h = 46 + STATUS_LINE * (len(lines) - 1)
            self.box(M, y, W_DP - M, y + h, WIN_BG if win else t.PANEL, (150, 134, 110), 0.5)
            top = y + 13
            place = 1 + sum(1 for x in out.scores if x > out.scores[seat])
            self.write(M + 8, top + 1, str(place), NAME, t.INK_SOFT, bold=True, anchor="mm")
            self.piece(M + 18 + PIECE_R, top + 1, seat)
            won = f"  {lb.WINNER}" if win else ""
            name = self.fit_name(self.names[seat], NAME, 250 - self.width(won, NAME, True), True)
            self.write(x, top, name + won, NAME, t.INK, bold=True)
            self.write(W_DP - M - 8, y + h / 2, str(b["total"]), TITLE + 3, t.INK, True, "rm")
            for k, line in enumerate(lines):
                self.write(x, y + 33 + k * STATUS_LINE, line, SMALL, t.INK_SOFT)
            y += h + 4
        return y - 4

    # ------------------------------------------------------------------ what happened
    def happened(self, y: float) -> float:
        s = self.s
        items: list[Happening] = []
        if self.placed is not None:
            for seat in s.turn_order:
                summary = self.placed.seat_summary(seat)
                if summary:
                    items.append((seat, f"{self.names[seat]}: {summary}"))
        items += [(c.seat, c.line()) for c in self.changes]
        if not items:
            items.append((None, self.nothing_listed()))
        label = phases_label(s, self.previous)
        return self.what_happened(y, label, items, MAX_HAPPENED_ROWS)

    def nothing_listed(self) -> str:
        if self.previous is None:
            return lb.GAME_BEGINS
        ch = self.ch
        if any(ch.prestige) or any(ch.deniers) or any(ch.cubes):
            return lb.CARD_ONLY_BADGES
        return lb.CARD_NO_CHANGE

    # ------------------------------------------------------------------ castle and road
    def castle_and_road(self, y: float) -> float:
        s = self.s
        lines: list[str] = []
        if s.over:
            parts = [
                f"{section_name(k)} {len(s.castle[k])}/{cat.SECTION_SIZES[k]}" for k in range(3)
            ]
            lines += self.wrap(
                lb.CASTLE_HOUSES.format(sections=" · ".join(parts)), BODY, INNER - 12
            )
        else:
            status = castle_status(s)
            lines += self.wrap(lb.CASTLE_LINE.format(status=status), BODY, INNER - 12)
        h = 8 + LINE * (len(lines) + (0 if s.over else 2))
        self.box(M, y, W_DP - M, y + h, SECTION_BG, (110, 96, 76), 0.5)
        yy = y + 4 + LINE / 2
        for line in lines:
            self.write(M + 6, yy, line, BODY)
            yy += LINE
        if s.over:
            return y + h
        # houses per player in the section being built
        sec = min(s.section, 2)
        x: float = M + 6
        label = lb.SECTION_HOUSES.format(section=section_name(sec))
        self.write(x, yy, label, BODY, t.INK_SOFT)
        x += self.width(label, BODY) + 6
        counts = [(seat, s.castle[sec].count(seat)) for seat in s.turn_order]
        if not any(c for _, c in counts):
            self.write(x, yy, lb.NONE_YET, BODY, t.INK_SOFT)
        for seat, c in counts:
            if not c:
                continue
            marker(self.d, x * S, (yy - MARKER / 2) * S, MARKER * S, seat, self.letters[seat])
            self.write(x + MARKER + 3, yy, str(c), NUMBER, t.INK, bold=True)
            x += MARKER + 20
        yy += LINE
        scoring = lb.SCORING_AT.format(section=section_name(sec), at=cat.SECTION_TRIGGERS[sec])
        road = lb.CARD_ROAD.format(provost=s.provost, bailiff=s.bailiff, scoring=scoring)
        self.write(M + 6, yy, self.fit(road, BODY, INNER - 12), BODY)
        return y + h


def render_card(
    state: State,
    *,
    names: list[str] | None = None,
    previous: State | None = None,
    events: Sequence[Event] | None = None,
) -> Image.Image:
    """The phone card of `state` (RGB): players, the decision and what changed since
    `previous` (the state at the start of the phase), from the phase's `events` if given."""
    return Card(state, names, previous, events).paint()
