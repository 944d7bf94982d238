"""Pure rendering: a game's state (or a player's view) in, pictures out (no discord, no database,
no clock). See docs/render.md.

One package per game, each implementing `GamePictures`:

- `render.caylus`: the Caylus phone card and whole board, drawn from a `State`;
- `render.magna_carta`: the Magna Carta card, board and a player's hand, drawn from a `View`.

What both share lives here: `Picture` and the PNG encoding (this module, `render/png.py`), the
colours and fonts (`theme`), the drawing primitives (`pieces`), the phone layout (`phone`), the
seats' names and letters (`seats`), the translated words and names (`labels`, `names`,
`sentences`), the replay's animation (`animation`) and `caylus render` (`cli`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol, TypeVar

from PIL import Image

from engine.protocol import Event
from render.png import encode_png, to_palette

# deflate level of the posted palette pictures: level 6 is ~25 % smaller than 1 for ~5 ms
POSTED_LEVEL = 6


class Picture(NamedTuple):
    """One attachment: its file name and its PNG bytes."""

    filename: str
    data: bytes


def to_png(image: Image.Image) -> bytes:
    """PNG bytes of a rendered RGB picture, every pixel kept (a fast writer: see render/png.py)."""
    return encode_png(image)


def posted_png(image: Image.Image, colors: int) -> bytes:
    """PNG bytes of a picture as posted: a palette of `colors`, no dithering."""
    return encode_png(to_palette(image, colors), POSTED_LEVEL)


Drawn = TypeVar("Drawn", contravariant=True)  # what a game's pictures are drawn from


class GamePictures(Protocol[Drawn]):
    """What each game's render package provides (its module implements this protocol), so the
    command line treats every game alike: the pictures posted after a phase, and the whole
    board on demand. The first argument is what the game draws from (a Caylus `State`, a Magna
    Carta public `View`); `previous` is the same at the start of the phase(s) just ended,
    `events` their engine events: together they say what changed."""

    def render_phase_pictures(
        self,
        state: Drawn,
        /,
        *,
        names: list[str] | None = None,
        previous: Drawn | None = None,
        events: Sequence[Event] | None = None,
        board: bool | None = None,
    ) -> list[Picture]: ...

    def render_board_picture(
        self,
        state: Drawn,
        /,
        *,
        names: list[str] | None = None,
        previous: Drawn | None = None,
        events: Sequence[Event] | None = None,
    ) -> Picture: ...


__all__ = ["POSTED_LEVEL", "GamePictures", "Picture", "posted_png", "to_png"]
