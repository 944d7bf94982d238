"""The phone card and what the bot posts: readable at 400 px, within budget, decodable."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from i18n import using
from render import Picture
from render import theme as t
from render.caylus import (
    look,
    render_board_picture,
    render_card,
    render_phase_pictures,
    starts_workers_phase,
)
from render.caylus.card import phases_label
from render.caylus.sample import game_posts, random_post
from render.labels import w as lb
from render.phone import MIN_TEXT
from render.pieces import recording_placement, recording_text

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Alice", "Bob", "Carol", "Dan", "Eve"]
CARD_BUDGET = 120_000  # bytes of one posted card (they weigh 25-60 KB)
BOARD_BUDGET = 250_000  # bytes of one posted whole board (about 90 KB)
GAME_BUDGET = 5_000_000  # bytes posted over a whole game (about 15 MB before the card)


def _decode(picture: Picture) -> Image.Image:
    assert picture.data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(picture.data))
    image.load()
    return image


def test_min_text_makes_nine_pixel_capitals_at_phone_width() -> None:
    assert t.displayed_cap_height(MIN_TEXT, t.CARD_WIDTH) >= t.MIN_CAP_HEIGHT_AT_PHONE
    assert t.displayed_cap_height(MIN_TEXT - 1, t.CARD_WIDTH) < t.MIN_CAP_HEIGHT_AT_PHONE


@pytest.mark.parametrize(("players", "mode"), [(2, "simplified"), (3, "full"), (5, "full")])
def test_no_text_on_the_card_is_smaller_than_nine_pixels_at_phone_width(
    players: int, mode: str
) -> None:
    posts = list(game_posts(40 + players, players, mode))
    for post in [*posts[:: len(posts) // 10], posts[-1]]:
        with recording_text() as drawn:
            image = render_card(
                post.state, names=NAMES[:players], previous=post.previous, events=post.events
            )
        assert image.width == t.CARD_WIDTH
        smallest = min(x.size for x in drawn)
        assert smallest >= MIN_TEXT
        assert t.displayed_cap_height(smallest, image.width) >= t.MIN_CAP_HEIGHT_AT_PHONE
        # portrait but not a scroll: a phone shows it whole
        assert image.height < 1.9 * image.width


def test_every_post_of_a_game_decodes_and_stays_within_budget() -> None:
    total = 0
    boards = 0
    posts = list(game_posts(3, 3))
    for post in posts:
        pictures = render_phase_pictures(
            post.state, names=NAMES[:3], previous=post.previous, events=post.events
        )
        card = _decode(pictures[0])
        assert card.mode == "P" and card.width == t.CARD_WIDTH
        assert len(pictures[0].data) < CARD_BUDGET
        for board in pictures[1:]:
            image = _decode(board)
            assert image.mode == "P" and image.width == look.WIDTH
            assert len(board.data) < BOARD_BUDGET
        boards += len(pictures) - 1
        total += sum(len(p.data) for p in pictures)
    assert boards == 1 + sum(1 for p in posts if starts_workers_phase(p.state, p.previous))
    assert total < GAME_BUDGET


def test_pictures_after_a_phase_and_their_file_names() -> None:
    posts = list(game_posts(7, 4))
    workers = next(p for p in posts if p.state.phase == 2 and p.state.turn == 5)
    later = next(p for p in posts if p.state.phase == 4 and p.state.turn == 5)
    names = NAMES[:4]
    # a new workers phase: the card, then the whole board (the road decides placements)
    pictures = render_phase_pictures(workers.state, names=names, previous=workers.previous)
    assert [p.filename for p in pictures] == ["caylus_t05_p2.png", "caylus_t05_p2_board.png"]
    # any other phase: the card only, unless asked
    assert [p.filename for p in render_phase_pictures(later.state, previous=later.previous)] == [
        "caylus_t05_p4.png"
    ]
    both = render_phase_pictures(later.state, previous=later.previous, board=True)
    assert len(both) == 2
    assert len(render_phase_pictures(workers.state, previous=workers.previous, board=False)) == 1
    # the end: the final card and the final board
    final = posts[-1]
    pictures = render_phase_pictures(final.state, previous=final.previous, events=final.events)
    assert [p.filename for p in pictures] == ["caylus_final.png", "caylus_final_board.png"]
    # /caylus board
    board = render_board_picture(later.state, names=names)
    assert board.filename == "caylus_t05_p4_board.png"
    assert _decode(board).width == look.WIDTH


def test_the_card_changes_with_names_and_works_without_previous_or_events() -> None:
    post = random_post(11, 3, 6, 2)
    plain = render_card(post.state)
    named = render_card(post.state, names=["Zoé", "Yann", "Xu"])
    assert plain.tobytes() != named.tobytes()
    render_card(post.state, names=["only one"])  # short lists are completed
    with_events = render_card(post.state, previous=post.previous, events=post.events)
    from_states = render_card(post.state, previous=post.previous)
    assert with_events.size[0] == from_states.size[0] == t.CARD_WIDTH


def test_gold_is_a_cube_never_a_coin() -> None:
    for post in list(game_posts(9, 4))[::9]:
        with recording_text() as drawn:
            render_card(post.state, previous=post.previous, events=post.events)
            render_board_picture(post.state, previous=post.previous, events=post.events)
        assert not any("🪙" in x.text or "coin" in x.text for x in drawn)


def test_phases_label() -> None:
    posts = list(game_posts(7, 4))
    labels = {phases_label(p.state, p.previous) for p in posts}
    assert "turn 3 · Workers" in labels
    assert "turn 5 Buildings → turn 6 Income" in labels  # phases without a decision run on
    assert phases_label(posts[0].state, None) == ""


def test_cli_draws_the_card_and_a_phone_preview(tmp_path: Path) -> None:
    out = tmp_path / "card.png"
    cmd = [sys.executable, "-m", "bot.cli", "render", "--seed", "4", "--players", "5"]
    cmd += ["--turn", "5", "--phase", "3", "--card", "--phone-preview", "--out", str(out)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert Image.open(out).width == t.CARD_WIDTH
    assert Image.open(tmp_path / "card.400px.png").width == t.PHONE_WIDTH


def test_card_header_shows_a_long_phase_name_whole_beside_the_phase_boxes() -> None:
    """The header's phase name ends before the seven phase boxes: 'Einde van het spel' after
    'Ronde 14' (Dutch, game over) was drawn under the boxes, its last letter hidden; it is
    drawn a size smaller now, whole, inside its part of the header."""
    post = random_post(7, 5, None, 2)  # played to the end: turn 14
    assert post.state.over and post.state.turn >= 10
    with using("nl"), recording_placement() as placed:
        render_card(post.state, names=NAMES, previous=post.previous, events=post.events)
    with using("nl"):
        label = lb.GAME_OVER
    assert label == "Einde van het spel"
    phase = next(x for x in placed if x.text == label)
    first_box = next(x for x in placed if x.text == "1")  # the first phase box's number
    assert phase.container is not None and phase.box[2] <= phase.container[2]
    assert phase.box[2] < first_box.box[0] - 2 * 4  # a gap before the box (its edge included)
