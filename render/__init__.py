"""Pure board rendering: a Caylus state in, PNG bytes out (no discord, no database, no clock).

`render_png(state, names=..., previous=...)` is what the bot calls after every phase; `previous`
(the state at the start of the last phase) makes the picture highlight what changed.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.caylus.state import State
from engine.protocol import Event
from render.board import render_image
from render.png import encode_png


def to_png(image: Image.Image) -> bytes:
    """PNG bytes of a rendered board (a fast writer: see render/png.py)."""
    return encode_png(image)


def render_png(
    state: State,
    *,
    names: list[str] | None = None,
    previous: State | None = None,
    events: Sequence[Event] | None = None,
) -> bytes:
    """The board of `state` as PNG bytes; `names` are display names by seat, `events` those of
    the phase(s) since `previous` (the placements and passes they name are changes too)."""
    return to_png(render_image(state, names=names, previous=previous, events=events))


__all__ = ["render_image", "render_png", "to_png"]
