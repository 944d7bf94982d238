"""The Caylus pictures: a Caylus state in, pictures out (render.GamePictures).

What the bot posts after every phase (see docs/render.md):

    for picture in render_phase_pictures(state, names=..., previous=..., events=...):
        ...  # post picture.data as picture.filename, each picture in its own message

The first picture is always the phone card (render/caylus/card.py: readable at 400 px wide);
the whole board (render/caylus/board.py) follows when a new workers phase begins and at the end
of the game.
`/caylus board` posts `render_board_picture(...)`. `previous` is the state at the start of the
phase(s) just ended, `events` their engine events: together they say what changed.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.caylus.state import State
from engine.protocol import Event
from render import Picture, posted_png
from render import theme as t
from render.caylus import look
from render.caylus.board import board_areas, render_image
from render.caylus.card import render_card
from render.caylus.changes import WORKERS_PHASE


def render_png(
    state: State,
    *,
    names: list[str] | None = None,
    previous: State | None = None,
    events: Sequence[Event] | None = None,
) -> bytes:
    """The whole board of `state` as palette PNG bytes; `names` are display names by seat."""
    image = render_image(state, names=names, previous=previous, events=events)
    return posted_png(image, look.BOARD_COLOURS)


def render_card_png(
    state: State,
    *,
    names: list[str] | None = None,
    previous: State | None = None,
    events: Sequence[Event] | None = None,
) -> bytes:
    """The phone card of `state` as palette PNG bytes."""
    image = render_card(state, names=names, previous=previous, events=events)
    return posted_png(image, t.CARD_COLOURS)


def _stem(state: State) -> str:
    return "caylus_final" if state.over else f"caylus_t{state.turn:02d}_p{state.phase}"


def render_board_picture(
    state: State,
    *,
    names: list[str] | None = None,
    previous: State | None = None,
    events: Sequence[Event] | None = None,
) -> Picture:
    """The whole board, full size (1080 px wide), for `/caylus board` and the end of the game."""
    data = render_png(state, names=names, previous=previous, events=events)
    return Picture(f"{_stem(state)}_board.png", data)


def starts_workers_phase(state: State, previous: State | None) -> bool:
    """True when the phases just ended lead into a workers phase (once a turn)."""
    in_workers = state.phase == WORKERS_PHASE and not state.over
    return in_workers and (previous is None or (previous.turn, previous.phase) < (state.turn, 2))


def render_phase_pictures(
    state: State,
    *,
    names: list[str] | None = None,
    previous: State | None = None,
    events: Sequence[Event] | None = None,
    board: bool | None = None,
) -> list[Picture]:
    """What to post after a phase: the phone card, then the whole board when `board` is True
    (default: when a new workers phase begins, where the road decides, and at game over).

    Post each picture in its own message: Discord shows two pictures of one message side by
    side, each half as wide, which would make the card unreadable on a phone again.
    """
    card = render_card_png(state, names=names, previous=previous, events=events)
    pictures = [Picture(f"{_stem(state)}.png", card)]
    if board is None:
        board = state.over or starts_workers_phase(state, previous)
    if board:
        pictures.append(render_board_picture(state, names=names, previous=previous, events=events))
    return pictures


__all__ = [
    "board_areas",
    "render_board_picture",
    "render_card",
    "render_card_png",
    "render_image",
    "render_phase_pictures",
    "render_png",
    "starts_workers_phase",
]
