"""What every part of the Caylus board picture shares: its sizes, the state it shows, the
names and letters of the seats, what changed since the last phase and who decides now.

The picture is painted in parts (render/caylus/board.py puts them together): the spaces before
the bridge and the road (road.py), the castle and the royal favors (castle.py), the buildings in
stock (stock.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

import render.caylus.look as look
from engine.caylus import catalogue as cat
from engine.caylus.state import State
from engine.protocol import Event
from render.caylus.changes import Changes, diff, workers_phase
from render.pieces import text_width
from render.seats import seat_letters, seat_names

W = look.WIDTH
M = look.MARGIN
INNER = W - 2 * M
MAX_HEIGHT = 2400

ROAD_COLS = 7
TILE_GAP = 9
TILE_W = (INNER - (ROAD_COLS - 1) * TILE_GAP) // ROAD_COLS  # 142
TILE_H = 128
ROW_PITCH = TILE_H + 38
CASTLE_H = 236
CHANGED_LINE = 20  # px between two lines of the "what changed" band


def after(title: str, least: int) -> int:
    """Where a section's note starts: after its title (15 pt bold) in the language drawn."""
    return M + max(least, int(text_width(title, 15, True)) + 14)


class BoardCanvas:
    """The state of one board picture being painted, and its image."""

    def __init__(
        self,
        s: State,
        names: list[str] | None,
        previous: State | None,
        events: Sequence[Event] | None = None,
    ) -> None:
        self.s = s
        self.names = seat_names(names, s.n)
        self.letters = seat_letters(self.names)
        self.ch: Changes = diff(s, previous, self.names)
        placed = workers_phase(s, previous, events)
        if placed is not None:  # placements and passes are changes too
            self.ch.notes.insert(0, placed.banner(self.names))
        self.has_prev = previous is not None
        # where each space a player can pick is drawn: "road:7", "special:gate" -> (x, y, w, h)
        # in the picture's pixels (board_areas: the web page's clickable board)
        self.areas: dict[str, tuple[int, int, int, int]] = {}
        self.img = Image.new("RGB", (W, MAX_HEIGHT), look.TABLE)
        self.d = ImageDraw.Draw(self.img)
        d = s.decision
        self.decider = d.seat if d is not None and not s.over else None
        self.focus = 0  # road position under activation or named by the decision
        if d is not None and not s.over and d.at:
            self.focus = d.at
        elif s.phase == 5 and not s.over and 1 <= s.cursor <= cat.ROAD_LENGTH:
            self.focus = s.cursor
