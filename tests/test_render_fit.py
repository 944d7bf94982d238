"""Every text box on every picture fits, in every language (docs/render.md, "Every text fits").

Each picture the bot posts (the Caylus board and phone card, the Magna Carta board, card and
hand) is drawn in en/nl/de/fr with the longest names a seat can have (two 32-character Discord
display names and bot labels with their level), 5 Caylus / 4 Magna Carta players, a state of
every kind the seeded games reach (every phase and decision, game over) and the same states
with big numbers and big changes. Every text goes through render.pieces.text, which records
where its ink landed (or the badge it fills), the box it must stay in and whether it was cut
with an ellipsis (`recording_placement`). The test fails on two texts that overlap, a text out
of its box or the picture, and a cut text other than a player's display name.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image

import i18n
from engine.magna_carta.view import view
from render.caylus.board import render_image
from render.caylus.card import render_card as render_caylus_card
from render.caylus.sample import game_posts as caylus_posts
from render.magna_carta.board import render_board
from render.magna_carta.card import render_card
from render.magna_carta.hand import render_hand
from render.magna_carta.sample import game_posts as mc_posts
from render.pieces import Box, PlacedText, recording_placement

LANGUAGES = i18n.LANGUAGES
# The longest display names Discord allows are 32 characters: one with spaces, and one of the
# widest letter without any (it cannot wrap: it is broken where the line ends).
LONG_NAMES = ("Maximiliane Wolkenstein-Müllerin", "W" * 32)
COLOURS = ("blue", "red", "green", "orange", "black")  # the seats' colours, by seat
SLACK = 1.0  # px: anti-aliasing may touch a neighbour's box by a pixel


def bot_label(seat: int) -> str:
    """A bot seat's name as the bot writes it, with the language's longest level."""
    from bot.words.lang import colour_name, t

    level = max(t.BOT_LEVEL.values(), key=len)
    return t.BOT_NAME.format(colour=colour_name(COLOURS[seat]), level=level)


def seat_names(players: int) -> list[str]:
    """Humans with the longest names on the even seats, bots with their level on the odd."""
    return [
        LONG_NAMES[seat // 2 % 2] if seat % 2 == 0 else bot_label(seat) for seat in range(players)
    ]


def inside(box: Box, outer: Box) -> bool:
    return (
        box[0] >= outer[0] - SLACK
        and box[1] >= outer[1] - SLACK
        and box[2] <= outer[2] + SLACK
        and box[3] <= outer[3] + SLACK
    )


def overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > SLACK and min(a[3], b[3]) - max(a[1], b[1]) > SLACK


def problems(
    picture: str, bots: list[str], draw: Callable[..., Image.Image], *args: Any, **kwargs: Any
) -> list[str]:
    """What does not fit when `draw(*args, **kwargs)` draws: overlaps, texts out of their box,
    cuts (`bots`: the bot labels, never to be cut)."""
    with recording_placement() as placed:
        image = draw(*args, **kwargs)
    whole: Box = (0, 0, image.width, image.height)
    found = []
    for p in placed:
        if not inside(p.box, whole):
            found.append(f"{picture}: {p.text!r} leaves the picture {p.box}")
        elif p.container is not None and not inside(p.box, p.container):
            found.append(f"{picture}: {p.text!r} {p.box} leaves its box {p.container}")
        if p.shortened and not p.may_shorten:
            found.append(f"{picture}: {p.text!r} is cut")
        if p.shortened and any(bot.startswith(p.text[:-1].rstrip()) for bot in bots):
            found.append(f"{picture}: the bot label {p.text!r} is cut")
    ordered: list[PlacedText] = sorted(placed, key=lambda p: p.box[1])
    for k, a in enumerate(ordered):
        for b in ordered[k + 1 :]:
            if b.box[1] >= a.box[3]:
                break
            if overlap(a.box, b.box):
                found.append(f"{picture}: {a.text!r} {a.box} overlaps {b.text!r} {b.box}")
    return found


def first_of_each_kind(posts: Iterator, key: Callable) -> list:
    """The first post of each kind (phase, decision, game over)."""
    chosen: dict = {}
    for post in posts:
        chosen.setdefault(key(post), post)
    return list(chosen.values())


def mc_key(post) -> tuple:
    public = view(post.state, None)
    pending = tuple(sorted({(p.kind, p.part) for p in public.pending}))
    return public.variant, public.phase_name, pending, public.over, bool(public.last_round)


def bigger(state, changed: bool = True):
    """The same state with big numbers: 25 more deniers and 8 more of each cube (two-digit
    counts, added to the phase's start too: the changes stay the game's), and when `changed`
    (the state, not the phase's start) 25 more prestige (Caylus): a two-digit change."""
    if state is None:
        return None
    state = copy.deepcopy(state)
    for player in state.players:
        player.deniers += 25
        if isinstance(player.cubes, dict):
            for kind in player.cubes:
                player.cubes[kind] += 8
            player.prestige += 25 if changed else 0
        else:
            player.cubes = [count + 8 for count in player.cubes]
    return state


def magna_carta_posts(players: int = 4) -> list:
    """The first post of each kind in seeded games of both rule sets (two games each with 4
    players, one with 2)."""
    posts = []
    for variant in ("standard", "beginner"):
        for seed in (1, 2) if players == 4 else (1,):
            posts += first_of_each_kind(mc_posts(seed, players, variant), mc_key)
    return posts


def caylus_key(post) -> tuple:
    decision = post.state.decision
    return post.state.phase, decision.kind if decision else None, post.state.over


def caylus_game_posts(players: int = 5) -> list:
    """The first post of each kind in a seeded game of each favor mode (with 2 players, a
    game that ends in a shared win too)."""
    posts = []
    for seed, mode in ((3, "full"), (4, "simplified")):
        posts += first_of_each_kind(caylus_posts(seed, players, mode), caylus_key)
    return posts


def states_of(post, big: bool) -> tuple:
    """(state, the phase's start) of a post, or both with big numbers."""
    if big:
        return bigger(post.state), bigger(post.previous, changed=False)
    return post.state, post.previous


# The most players (the case), and 2 players: their own texts (the stables not used,
# the bridge's 3 d rule) and a shared win.
@pytest.mark.parametrize("players", [4, 2])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_magna_carta_text_fits_in_every_language(lang, players):
    found: list[str] = []
    with i18n.using(lang):
        names = seat_names(players)
        bots = [n for seat, n in enumerate(names) if seat % 2]
        for k, post in enumerate(magna_carta_posts(players)):
            for big in (False, True):
                state, previous = states_of(post, big)
                public = view(state, None)
                before = view(previous, None) if previous is not None else None
                tag = f"{lang} mc post {k}{' big' if big else ''} {mc_key(post)}"
                changes = {"names": names, "previous": before, "events": post.events}
                found += problems(f"{tag} board", bots, render_board, public, **changes)
                found += problems(f"{tag} card", bots, render_card, public, **changes)
                seat = k % players
                hand = view(state, seat)
                found += problems(f"{tag} hand {seat}", bots, render_hand, hand, names=names)
    assert not found, "\n".join(dict.fromkeys(found))


@pytest.mark.parametrize("players", [5, 2])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_caylus_text_fits_in_every_language(lang, players):
    found: list[str] = []
    with i18n.using(lang):
        names = seat_names(players)
        bots = [n for seat, n in enumerate(names) if seat % 2]
        for k, post in enumerate(caylus_game_posts(players)):
            for big in (False, True):
                state, previous = states_of(post, big)
                tag = f"{lang} caylus post {k}{' big' if big else ''} {caylus_key(post)}"
                kwargs = {"names": names, "previous": previous, "events": post.events}
                found += problems(f"{tag} board", bots, render_image, state, **kwargs)
                found += problems(f"{tag} card", bots, render_caylus_card, state, **kwargs)
    assert not found, "\n".join(dict.fromkeys(found))


# ------------------------------------------------------------ the cases the issue names


def german_magna_carta(big: bool) -> Iterator[tuple[str, Callable[[], list[str]]]]:
    """(picture, its problems) for the German Magna Carta board and card of each kind of post."""
    names = seat_names(4)
    bots = [n for seat, n in enumerate(names) if seat % 2]
    for k, post in enumerate(magna_carta_posts()):
        state = bigger(post.state) if big else post.state
        before = bigger(post.previous, changed=False) if big else post.previous
        public = view(state, None)
        changes = {
            "names": names,
            "previous": view(before, None) if before is not None else None,
            "events": post.events,
        }
        yield f"post {k} board", problems(f"board {k}", bots, render_board, public, **changes)
        yield f"post {k} card", problems(f"card {k}", bots, render_card, public, **changes)


def test_mc_board_gold_badge_clears_the_workers_count():
    """A change badge after the gold cube never runs into "4/4 Arbeiter" (German board)."""
    with i18n.using("de"):
        for _, found in german_magna_carta(big=True):
            assert not [f for f in found if "Arbeiter" in f and "overlaps" in f], found


def test_bot_seats_keep_their_level_on_every_picture():
    """ "Bot (Orange, stark)" is never cut to "Bot (Orange, st…" on any picture or language."""
    for lang in LANGUAGES:
        with i18n.using(lang):
            for _, found in german_magna_carta(big=False):
                assert not [f for f in found if "bot label" in f], found
            names = seat_names(5)
            bots = [n for seat, n in enumerate(names) if seat % 2]
            for post in caylus_game_posts()[:6]:
                kwargs = {"names": names, "previous": post.previous, "events": post.events}
                for draw in (render_image, render_caylus_card):
                    found = problems("caylus", bots, draw, post.state, **kwargs)
                    assert not [f for f in found if "bot label" in f], found


def test_mc_status_line_is_read_whole():
    """ "▶ entscheidet · Startspieler · als 1. gepasst" is never cut on the German board or
    card: it takes a line of its own when it does not fit beside the name."""
    from render.labels import w

    with i18n.using("de"):
        for _, found in german_magna_carta(big=False):
            assert not [f for f in found if w.DECIDING[:5] in f and "cut" in f], found
            assert not [f for f in found if w.MC_START_PLAYER[:5] in f and "cut" in f], found
