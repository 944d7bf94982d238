"""Pure rendering of Caylus Magna Carta: a public view in, pictures out.

See docs/magna-carta-discord.md. What the bot posts after every phase:

    for picture in render_phase_pictures(view(state, None), names=..., previous=..., events=...):
        ...  # post picture.data as picture.filename, each picture in its own message

Every function takes an `engine.magna_carta.View`, never a State: the channel's pictures are
drawn from the spectator's view `view(state, None)`, which holds no hand, and the events'
private parts are never read. `render_hand_picture` needs the view of the hand's owner.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.magna_carta.view import View
from engine.protocol import Event
from render import Picture, posted_png
from render import theme as t
from render.magna_carta.board import board_areas, render_board
from render.magna_carta.card import render_card
from render.magna_carta.hand import hand_areas, render_hand


def _public(view: object, what: str) -> View:
    """A programmer's error otherwise (raised, not asserted: it must hold under -O too)."""
    if not isinstance(view, View):
        raise TypeError(f"{what} must be an engine.magna_carta.View, not a state")
    if view.viewer is not None:
        raise ValueError(f"{what} must be the public view: view(state, None)")
    return view


def _stem(view: View) -> str:
    return "mc_final" if view.over else f"mc_r{view.round:02d}_p{view.phase}"


def posted(image: Image.Image) -> bytes:
    """The PNG bytes of a picture as posted: a palette of 64 colours (render/png.py)."""
    return posted_png(image, t.CARD_COLOURS)


def starts_actions_phase(view: View, previous: View | None) -> bool:
    """True when the phases just ended lead into an actions phase (once a round): where the
    road decides, hence the whole board then."""
    in_actions = view.phase_name == "actions" and not view.over
    return in_actions and (previous is None or (previous.round, previous.phase) < (view.round, 2))


def render_board_picture(
    view: View,
    *,
    names: list[str] | None = None,
    previous: View | None = None,
    events: Sequence[Event] | None = None,
) -> Picture:
    """The whole board of a public view: the road, castle, bridge, prestige buildings and one
    panel per player (and the scores at the end)."""
    view = _public(view, "view")
    if previous is not None:
        previous = _public(previous, "previous")
    image = render_board(view, names=names, previous=previous, events=events)
    return Picture(f"{_stem(view)}_board.png", posted(image))


def render_phase_pictures(
    view: View,
    *,
    names: list[str] | None = None,
    previous: View | None = None,
    events: Sequence[Event] | None = None,
    board: bool | None = None,
) -> list[Picture]:
    """What to post after a phase: the phone card, then the whole board when `board` is True
    (default: when a new actions phase begins, and at the end). Post each in its own message."""
    view = _public(view, "view")
    if previous is not None:
        previous = _public(previous, "previous")
    card = render_card(view, names=names, previous=previous, events=events)
    pictures = [Picture(f"{_stem(view)}.png", posted(card))]
    if board is None:
        board = view.over or starts_actions_phase(view, previous)
    if board:
        pictures.append(render_board_picture(view, names=names, previous=previous, events=events))
    return pictures


def render_hand_picture(view: View, *, names: list[str] | None = None) -> Picture:
    """The hand of `view.viewer` (their cards, what each costs and does, their stock), for
    that player's eyes only. Needs the player's own view: `view(state, seat)`."""
    if not isinstance(view, View):
        raise TypeError("the hand's view must be an engine.magna_carta.View")
    if view.viewer is None:
        raise ValueError("the hand picture needs a player's view: view(state, seat)")
    image = render_hand(view, names=names)
    return Picture(f"mc_hand_r{view.round:02d}.png", posted(image))


def board_picture_areas(
    view: View,
    *,
    names: list[str] | None = None,
    previous: View | None = None,
    events: Sequence[Event] | None = None,
) -> dict[str, tuple[int, int, int, int]]:
    """Where `render_board_picture` of the same arguments draws each road card, the castle,
    the bridge and each prestige building still available (board.board_areas)."""
    view = _public(view, "view")
    if previous is not None:
        previous = _public(previous, "previous")
    return board_areas(view, names=names, previous=previous, events=events)


def hand_picture_areas(
    view: View, *, names: list[str] | None = None
) -> dict[str, tuple[int, int, int, int]]:
    """Where `render_hand_picture` of the same arguments draws each card of the hand
    ("card:<id>"). Needs the player's own view, as the picture does."""
    if not isinstance(view, View) or view.viewer is None:
        raise ValueError("the hand's areas need a player's view: view(state, seat)")
    return hand_areas(view, names=names)


__all__ = [
    "Picture",
    "board_picture_areas",
    "hand_picture_areas",
    "render_board",
    "render_board_picture",
    "render_card",
    "render_hand",
    "render_hand_picture",
    "render_phase_pictures",
    "starts_actions_phase",
]
