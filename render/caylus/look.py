"""The Caylus board's own colours and sizes (the shared ones are in render/theme.py)."""

from __future__ import annotations

from engine.caylus.catalogue import Kind
from render.theme import RGB

WIDTH = 1080  # one phone screen at 1:1 when tapped; portrait layout for phone chats
MARGIN = 16
BOARD_COLOURS = 64  # palette size of the posted whole board

TABLE = (58, 44, 34)  # the wooden table around the board
ACTIVE_ROAD = (222, 170, 60)  # the stretch the provost activates
IDLE_ROAD = (170, 160, 140)

# --- tile families (fill, border) ---
KIND_FILL: dict[Kind, RGB] = {
    Kind.NEUTRAL: (246, 196, 208),  # pink
    Kind.FIXED: (250, 232, 170),  # printed buildings: pale gold
    Kind.WOOD: (214, 172, 120),  # brown
    Kind.STONE: (196, 198, 202),  # gray
    Kind.RESIDENCE: (150, 206, 140),  # green
    Kind.PRESTIGE: (140, 180, 236),  # blue
}
KIND_EDGE: dict[Kind, RGB] = {
    Kind.NEUTRAL: (190, 110, 134),
    Kind.FIXED: (170, 130, 30),
    Kind.WOOD: (120, 80, 40),
    Kind.STONE: (100, 104, 110),
    Kind.RESIDENCE: (50, 120, 50),
    Kind.PRESTIGE: (40, 80, 160),
}
SPECIAL_FILL = (226, 208, 176)
SPECIAL_EDGE = (130, 100, 60)
LOT_FILL = (226, 214, 184)
SECTION_FILL: tuple[RGB, ...] = ((150, 136, 120), (170, 156, 136), (190, 176, 152))
