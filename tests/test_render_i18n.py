"""The pictures in every language (docs/i18n.md): they draw, and the longest names fit (German
has the longest: "Kleiner Bauernhof", "Händlergilde", "Kunstdenkmal")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import i18n
from engine.caylus import catalogue as cay
from engine.magna_carta import catalogue as mc
from engine.magna_carta.view import view
from render import render_card_png, render_png
from render.board import TILE_W
from render.card import SMALL
from render.cli import random_game
from render.magna_carta import render_board, render_card, render_hand_picture
from render.magna_carta.board import TILE_W as MC_TILE_W
from render.magna_carta.board import Board
from render.magna_carta.sample import random_record, record_posts
from render.names import card_name, tile_name
from render.pieces import text_width

LANGUAGES = i18n.LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_caylus_pictures_draw_in_every_language(lang):
    state, _ = random_game(7, 5, 6, 2, "full")
    with i18n.using(lang):
        assert render_png(state).startswith(b"\x89PNG")
        assert render_card_png(state).startswith(b"\x89PNG")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_magna_carta_pictures_draw_in_every_language(lang):
    post = record_posts(random_record(3, 3, "standard", (5, 3), 0.0))[-1]
    with i18n.using(lang):
        public = view(post.state, None)
        assert render_board(public).width > 0
        assert render_card(public).width > 0
        assert render_hand_picture(view(post.state, 1)).data.startswith(b"\x89PNG")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_building_name_fits_its_road_tile(lang):
    """A road tile's name shrinks to 13 px before it would be cut: every name fits at 13."""
    with i18n.using(lang):
        for tile_id in cay.TILES:
            name = tile_name(tile_id)
            assert text_width(name, 13, True) <= TILE_W - 38, name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_name_fits_its_road_tile(lang):
    """A Magna Carta road tile shows its name on one line, or two for long names; no line is
    wider than the tile."""
    post = record_posts(random_record(3, 3, "standard", (5, 3), 0.0))[-1]
    board = Board(view(post.state, None), None, None, None)
    room = MC_TILE_W - 8
    with i18n.using(lang):
        for card_id in mc.CARDS:
            card = SimpleNamespace(card=card_id, cover=None, residence=False)
            lines = board.name_lines_of(card)
            assert 1 <= len(lines) <= 2
            assert " ".join(lines) == card_name(card_id)
            for line in lines:
                assert board.width(line, SMALL, len(lines) == 2) <= room, line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hand_pictures_one_line_notes_fit(lang):
    """The hand picture's header and note are one line each: no language cuts them."""
    from render.labels import w
    from render.magna_carta.hand import INNER, HandPicture

    post = record_posts(random_record(3, 3, "standard", (5, 3), 0.0))[-1]
    picture = HandPicture(view(post.state, 1), None)
    with i18n.using(lang):
        assert picture.width(w.HAND_NOTE, SMALL) <= INNER
        for phase in w.MC_PHASES.values():
            assert picture.width(w.HAND_WHEN.format(round=12, phase=phase), SMALL, True) < 200
