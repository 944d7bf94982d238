"""render.caylus.board_areas: where the board picture draws each space a worker can go to (the
web page's clickable board, docs/web.md), checked against the picture itself."""

from __future__ import annotations

from itertools import combinations

from engine.caylus import catalogue as cat
from render.caylus import board_areas, look, render_image
from render.caylus.sample import random_game


def overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_board_areas_name_every_road_and_special_space_and_the_castle_where_the_picture_draws_it():
    state, previous = random_game(7, 4, 6, 2)
    areas = board_areas(state, previous=previous)
    image = render_image(state, previous=previous)
    road = {f"road:{pos}" for pos in range(1, cat.ROAD_LENGTH + 1)}
    specials = {f"special:{key}" for key in cat.SPECIALS}
    assert set(areas) == road | specials | {"special:castle"}
    for name, (x, y, w, h) in areas.items():
        assert x >= 0 and x + w <= image.width and y >= 0 and y + h <= image.height, name
        # a space is drawn there: its middle is not the wooden table around the board
        assert image.getpixel((x + w // 2, y + h // 2)) != look.TABLE, name
    for (a, ra), (b, rb) in combinations(areas.items(), 2):
        assert not overlap(ra, rb), (a, b)
    # the road reads in rows of seven, left to right
    assert areas["road:1"][1] == areas["road:7"][1] < areas["road:8"][1]
    assert areas["road:1"][0] < areas["road:2"][0]


def test_board_areas_follow_the_layout_and_are_a_pure_function():
    state, previous = random_game(7, 4, 6, 2)
    first = board_areas(state, previous=previous)
    assert board_areas(state, previous=previous) == first
    # a finished game shows the scores on top: the spaces move down with everything else
    over = state.model_copy(update={"over": True})
    assert board_areas(over)["road:1"][1] > first["road:1"][1]
