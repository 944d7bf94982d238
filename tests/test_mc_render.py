"""The Magna Carta pictures: views only, readable at 400 px, within budget, decodable."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine import magna_carta as mc
from engine.magna_carta import view
from engine.protocol import Event
from render import theme as t
from render.magna_carta import (
    Picture,
    render_board,
    render_board_picture,
    render_card,
    render_hand,
    render_hand_picture,
    render_phase_pictures,
    starts_actions_phase,
)
from render.magna_carta.card import phases_label
from render.magna_carta.changes import happened
from render.magna_carta.sample import Post, game_posts
from render.phone import MIN_TEXT
from render.pieces import recording_text

NAMES = ["Alice", "Bob", "Carol", "Dan"]
CARD_BUDGET = 120_000  # bytes of one posted card (they weigh 35-60 KB)
BOARD_BUDGET = 250_000  # bytes of one posted whole board (60-120 KB)
GAME_BUDGET = 5_000_000  # bytes posted over a whole game


def _views(post: Post) -> tuple[mc.View, mc.View | None]:
    previous = view(post.previous, None) if post.previous is not None else None
    return view(post.state, None), previous


def _decode(picture: Picture) -> Image.Image:
    assert picture.data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(picture.data))
    image.load()
    return image


def test_the_pictures_take_views_never_states() -> None:
    state = mc.new_game(mc.Options(players=3), mc.Setup(seed=1))
    with pytest.raises(TypeError, match="View"):
        render_phase_pictures(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="View"):
        render_board_picture(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="View"):
        render_hand_picture(state)  # type: ignore[arg-type]
    # the channel's pictures need the public view; the hand needs its player's
    with pytest.raises(ValueError, match="public"):
        render_phase_pictures(view(state, 0))
    with pytest.raises(ValueError, match="public"):
        render_board_picture(view(state, 1))
    with pytest.raises(ValueError, match="player"):
        render_hand_picture(view(state, None))


@pytest.mark.parametrize(
    ("players", "variant"), [(2, "beginner"), (3, "standard"), (4, "standard")]
)
def test_no_text_is_smaller_than_nine_pixels_at_phone_width(players: int, variant: str) -> None:
    posts = list(game_posts(40 + players, players, variant))
    names = NAMES[:players]
    for post in [*posts[:: max(1, len(posts) // 8)], posts[-1]]:
        current, previous = _views(post)
        drawn_pictures = []
        with recording_text() as drawn:
            drawn_pictures.append(
                render_card(current, names=names, previous=previous, events=post.events)
            )
            drawn_pictures.append(render_board(current, names=names, previous=previous))
            drawn_pictures.append(render_hand(view(post.state, players - 1), names=names))
        assert min(x.size for x in drawn) >= MIN_TEXT
        for image in drawn_pictures:
            assert image.width == t.CARD_WIDTH
            smallest = min(x.size for x in drawn)
            assert t.displayed_cap_height(smallest, image.width) >= t.MIN_CAP_HEIGHT_AT_PHONE
        card = drawn_pictures[0]
        assert card.height < 1.9 * card.width  # portrait but not a scroll: a phone shows it


def test_every_post_of_a_game_decodes_and_stays_within_budget() -> None:
    total = boards = 0
    posts = list(game_posts(3, 4, "standard"))
    for post in posts:
        current, previous = _views(post)
        pictures = render_phase_pictures(
            current, names=NAMES, previous=previous, events=post.events
        )
        card = _decode(pictures[0])
        assert card.mode == "P" and card.width == t.CARD_WIDTH
        assert len(pictures[0].data) < CARD_BUDGET
        for board in pictures[1:]:
            image = _decode(board)
            assert image.mode == "P" and image.width == t.CARD_WIDTH
            assert len(board.data) < BOARD_BUDGET
        boards += len(pictures) - 1
        total += sum(len(p.data) for p in pictures)
    expected = sum(1 for p in posts if starts_actions_phase(*_views(p)) or p.state.over)
    assert boards == expected
    assert total < GAME_BUDGET


def test_pictures_after_a_phase_and_their_file_names() -> None:
    posts = list(game_posts(7, 3, "standard"))
    actions = next(p for p in posts if p.state.phase == 2 and p.state.round == 3)
    provost = next(p for p in posts if p.state.phase == 3 and p.state.round == 3)
    # a new actions phase: the card, then the whole board (the road decides placements)
    current, previous = _views(actions)
    pictures = render_phase_pictures(current, previous=previous)
    assert [p.filename for p in pictures] == ["mc_r03_p2.png", "mc_r03_p2_board.png"]
    # any other phase: the card only, unless asked
    current, previous = _views(provost)
    assert [p.filename for p in render_phase_pictures(current, previous=previous)] == [
        "mc_r03_p3.png"
    ]
    assert len(render_phase_pictures(current, previous=previous, board=True)) == 2
    # the end: the final card and the final board
    final = posts[-1]
    current, previous = _views(final)
    pictures = render_phase_pictures(current, previous=previous, events=final.events)
    assert [p.filename for p in pictures] == ["mc_final.png", "mc_final_board.png"]
    # the hand
    hand = render_hand_picture(view(final.state, 0))
    assert hand.filename.startswith("mc_hand_") and _decode(hand).width == t.CARD_WIDTH


def test_the_pictures_work_without_names_previous_or_events() -> None:
    post = list(game_posts(11, 3, "beginner"))[20]
    current, previous = _views(post)
    plain = render_card(current)
    named = render_card(current, names=["Zoé", "Yann", "Xu"])
    assert plain.tobytes() != named.tobytes()
    render_card(current, names=["only one"])  # short lists are completed
    with_events = render_card(current, previous=previous, events=post.events)
    from_views = render_card(current, previous=previous)
    assert with_events.width == from_views.width == t.CARD_WIDTH
    render_board(current, names=["x" * 80, "李雷", "🎲"])


def test_the_card_tells_the_phase_and_what_happened_in_words() -> None:
    posts = list(game_posts(5, 3, "standard"))
    after_actions = next(p for p in posts if p.state.phase == 3)
    current, previous = _views(after_actions)
    with recording_text() as drawn:
        render_card(current, names=NAMES[:3], previous=previous, events=after_actions.events)
    texts = " ".join(x.text for x in drawn)
    assert "WHAT HAPPENED" in texts and f"round {current.round} · Actions" in texts
    assert "Provost" in texts  # the header names the phase now
    # one line per player of the actions phase: what each did, and their passing place
    lines = happened(current, previous, after_actions.events, NAMES[:3])
    assert {seat for seat, _ in lines} == {0, 1, 2}
    assert all("passes" in line for _, line in lines)
    assert phases_label(current, None) == ""


def test_draws_are_told_without_the_card() -> None:
    state = mc.new_game(mc.Options(players=2), mc.Setup(seed=2))
    for seat in (0, 1):
        state, _ = mc.apply(state, "keep", seat)
    before = state
    seat = mc.deciding_seats(state)[0]
    state, events = mc.apply(state, "draw", seat)
    assert events[0].data and events[0].data.get("private")
    lines = happened(view(state, None), view(before, None), events, NAMES[:2])
    assert lines == [(seat, f"{NAMES[seat]}: draws a card")]


def test_a_private_view_never_reaches_the_card_even_through_events() -> None:
    """The card ignores an event's private part: a forged one changes nothing."""
    post = next(p for p in game_posts(8, 4, "standard") if any(e.kind == "draw" for e in p.events))
    current, previous = _views(post)
    forged = [
        Event(
            e.kind,
            e.seat,
            e.text,
            e.pp,
            e.other,
            {**(e.data or {}), "private": {0: {"cards": ["church"]}}},
            e.turn,
            e.phase,
        )
        for e in post.events
    ]
    with recording_text() as plain:
        render_card(current, previous=previous, events=post.events)
    with recording_text() as odd:
        render_card(current, previous=previous, events=forged)
    assert [x.text for x in plain] == [x.text for x in odd]
