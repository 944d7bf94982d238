"""The pictures in every language (docs/i18n.md): they draw, and the longest names fit (German
has the longest: "Kleiner Bauernhof", "Händlergilde", "Kunstdenkmal")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import i18n
from engine.caylus import catalogue as cay
from engine.magna_carta import catalogue as mc
from engine.magna_carta.view import view
from render.caylus import render_card_png, render_png
from render.caylus.canvas import TILE_W
from render.caylus.sample import random_game
from render.magna_carta import render_board, render_card, render_hand_picture
from render.magna_carta.board import TILE_W as MC_TILE_W
from render.magna_carta.board import Board
from render.magna_carta.sample import random_record, record_posts
from render.names import card_name, tile_name
from render.phone import SMALL
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


# ---------------------------------------------------------------- the Magna Carta words


def _first_post(kind: str):
    """The first post of a seeded 4-player game where a seat decides `kind`."""
    from render.magna_carta.sample import game_posts

    for seed in range(1, 6):
        for post in game_posts(seed, 4):
            public = view(post.state, None)
            if any(p.kind == kind for p in public.pending):
                return post
    raise AssertionError(f"no {kind} decision in the seeded games")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mc_hand_card_effects_read_in_the_game_language(lang):
    """The hand picture says what a card gives its worker and its owner in the language drawn
    ("Arbeiter: nimm 1 Holz"), never the catalogue's English."""
    from render.magna_carta.canvas import keep_together
    from render.magna_carta.hand import render_hand
    from render.names import card_owner_effect, card_worker_effect
    from render.pieces import recording_text

    post = record_posts(random_record(3, 3, "standard", (5, 3), 0.0))[-1]
    seat = next(s for s in range(3) if post.state.players[s].hand)
    with i18n.using(lang), recording_text() as drawn:
        render_hand(view(post.state, seat))
        written = " ".join(t.text for t in drawn)
        for card_id in post.state.players[seat].hand:
            for effect in (card_worker_effect(card_id), card_owner_effect(card_id)):
                assert keep_together(effect) in written, effect
            english = mc.CARDS[card_id].worker_text
            if lang != "en" and english != card_worker_effect(card_id):
                assert keep_together(english) not in written


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mc_castle_decision_names_the_next_token_in_the_language(lang):
    """ "nächstes Plättchen: Bergfried (4 PP)", never the token's id ("towers")."""
    from render.magna_carta.decision import decision_text
    from render.magna_carta.words import token_name

    post = _first_post("castle")
    public = view(post.state, None)
    castle = next(p for p in public.pending if p.kind == "castle")
    with i18n.using(lang):
        _, detail = decision_text(public, castle, ["A", "B", "C", "D"])
        named = [token_name(kind) for kind in mc.TOKEN_NAMES]
        assert any(name in detail for name in named), detail
        if lang != "en":
            for kind in mc.TOKEN_NAMES:
                assert f" {kind} (" not in detail, detail


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mc_one_card_range_reads_as_one_card(lang):
    """Which road cards act: a range of one card reads as that one card ("cards 1-12 act,
    card 13 does not"), never "13-13"; the provost on card 1 reads "only card 1 acts"."""
    from render.labels import w
    from render.magna_carta.words import active_stretch

    def stretch(provost: int, cards: int) -> str:
        return active_stretch(SimpleNamespace(provost=provost, road=[None] * cards))

    with i18n.using(lang):
        last_idle = stretch(12, 13)
        assert "13-13" not in last_idle and w.MC_IDLE_ONE.format(at=13) in last_idle
        assert w.MC_ACTING.format(provost=12) in last_idle
        first_only = stretch(1, 13)
        assert "1-1 " not in first_only and w.MC_ACTING_ONE in first_only
        assert w.MC_IDLE.format(first=2, last=13) in first_only
        both = stretch(1, 2)
        assert both == f"{w.MC_ACTING_ONE}, {w.MC_IDLE_ONE.format(at=2)}"
        assert stretch(13, 13) == w.MC_WHOLE_ROAD
    if lang == "en":
        assert last_idle == "cards 1-12 act, card 13 does not"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mc_tokens_leaving_the_game_are_counted_by_kind(lang):
    """Two tokens of one kind are counted ("2 dungeon tokens"), not named twice as if they
    were two buildings of one name ("Bergfried und Bergfried"); two kinds name each once."""
    from engine.wording import english
    from render.sentences import say, template

    key = "mc_words.CASTLE_PENALTY"
    with i18n.using(lang):
        two = say(key, {"tokens": ["dungeon", "dungeon"]})
        mixed = say(key, {"tokens": ["dungeon", "walls"]})
        dungeon = template("mc_words.TOKEN_COUNT.dungeon").format(count=2)
        assert dungeon in two and template("mc_words.AND") not in two
        assert template("mc_words.TOKEN_COUNT.dungeon").format(count=1) in mixed
        assert template("mc_words.TOKEN_COUNT.walls").format(count=1) in mixed
    assert english(key, {"tokens": ["dungeon", "dungeon"]}) == (
        "Nobody delivered: the castle loses 2 dungeon tokens"
    )
    assert (
        english(key, {"tokens": ["towers"]}) == "Nobody delivered: the castle loses 1 towers token"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_building_and_card_effect_fits_its_tile_lines(lang):
    """What a Caylus building or a Magna Carta card does fits the lines its road tile gives it
    (3 and 2), every line within the tile: nothing is left out (render.pieces.at_most would
    end the last line with an ellipsis)."""
    from render.names import tile_effect
    from render.pieces import wrap

    post = record_posts(random_record(3, 3, "standard", (5, 3), 0.0))[-1]
    board = Board(view(post.state, None), None, None, None)
    with i18n.using(lang):
        for tile_id in cay.TILES:
            lines = wrap(tile_effect(tile_id), 13, TILE_W - 12)
            assert len(lines) <= 3, (tile_id, lines)
            assert all(text_width(line, 13) <= TILE_W - 12 for line in lines), lines
        for card_id in mc.CARDS:
            card = SimpleNamespace(card=card_id, cover=None, residence=False)
            lines = board.effect_lines_of(card)
            assert not lines[-1].endswith("…"), (card_id, lines)
            assert all(board.width(line, SMALL) <= MC_TILE_W - 8 for line in lines), lines


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mc_activation_decision_says_the_effect_in_the_language(lang):
    """ "Bot darf Hausierer (4) nutzen: kaufe 1 Nahrung, ...": the card's effect in the language
    drawn, as the card's own catalogue translation gives it."""
    from render.magna_carta.decision import decision_text
    from render.names import card_owner_effect, card_worker_effect

    fixed = {"redraw", "action", "provost", "castle"}
    for seed in range(1, 6):
        posts = [p for p in game_posts_of(seed) if any(q.kind not in fixed for q in p.pending)]
        if posts:
            break
    public = posts[0]
    pending = next(q for q in public.pending if q.kind not in fixed)
    card_id = public.road[pending.at - 1].card
    with i18n.using(lang):
        prompt, _ = decision_text(public, pending, ["A", "B", "C", "D"])
        effect = card_owner_effect if pending.part == "owner" else card_worker_effect
        assert effect(card_id) in prompt, prompt


def game_posts_of(seed: int) -> list:
    """The public views of every post of a seeded 4-player Magna Carta game."""
    from render.magna_carta.sample import game_posts

    return [view(post.state, None) for post in game_posts(seed, 4)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mc_counted_sentences_read_one_and_several(lang):
    """The Church's account and prices and the Peddler's cost say "1 castle token" and
    "2 castle tokens" (their one and several forms), never "token(s)"; in every language."""
    from engine.wording import english
    from render.sentences import say, template

    church = {"price": 2, "label": ("mc_words.CARD", {"card": "church", "at": 9})}
    with i18n.using(lang):
        one = say("mc_words.CHURCH", {**church, "count": 1}, s="Ann")
        two = say("mc_words.CHURCH", {**church, "count": 2, "price": 5}, s="Ann")
        assert "1" in one and "5" in two and "(" not in (one + two).replace("(9)", "")
        cost = say("mc_words.CUBES_COST", {"count": 1, "deniers": 0})
        assert cost == template("mc_words.CUBES_COST").format(count=1, deniers=0)
    assert english("mc_words.CHURCH", {**church, "count": 1}, s="Ann").startswith(
        "Ann pays 2 d for 1 castle token at "
    )
    assert english("mc_words.CUBES_COST", {"count": 2, "deniers": 1}) == (
        "2 cubes cost 2 d; you have 1 d."
    )
