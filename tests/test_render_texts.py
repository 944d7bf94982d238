"""The texts the pictures write: the castle at every stage, what changed in a workers phase."""

from __future__ import annotations

import re
from collections.abc import Callable

from engine import caylus
from engine.caylus import catalogue as cat
from engine.caylus.state import State
from render.caylus import render_image
from render.caylus.card import render_card
from render.caylus.changes import placement_target, workers_phase
from render.caylus.describe import castle_status
from render.caylus.sample import Post, game_posts, random_post
from render.pieces import recording_text

NAMES = ["Ann", "Ben", "Cleo", "Dev", "Eve"]


def _texts(draw: Callable[[], object]) -> list[str]:
    with recording_text() as drawn:
        draw()
    return [x.text for x in drawn]


def _castle(state: State, houses: list[int], section: int, over: bool = False) -> State:
    castle = [[k % state.n for k in range(n)] for n in houses]
    return state.model_copy(update={"castle": castle, "section": section, "over": over})


def test_final_board_says_the_game_ended_after_the_towers_scoring() -> None:
    post = random_post(13, 5, None, 2)
    final = post.state
    assert final.over and final.scored == 3
    empty = sum(cat.SECTION_SIZES) - sum(len(houses) for houses in final.castle)
    assert empty > 0  # random games leave the castle unfinished
    status = f"game over after the Towers scoring · {empty} of 30 spaces empty"
    board = _texts(lambda: render_image(final, previous=post.previous, events=post.events))
    assert status in board
    assert not any("complete" in x or "0 spaces left" in x for x in board)
    card = " ".join(_texts(lambda: render_card(final, previous=post.previous, events=post.events)))
    assert status[:1].upper() + status[1:] in card


def test_castle_status_at_every_stage() -> None:
    start = caylus.new_game(caylus.Options(players=3), caylus.Setup(seed=1))
    assert castle_status(start) == "building the Dungeon · 6 of 6 spaces free"
    assert castle_status(_castle(start, [6, 3, 0], 1)) == "building the Walls · 7 of 10 spaces free"
    # a full section waits for its scoring at the end of the turn; batches go on in the next
    assert castle_status(_castle(start, [6, 2, 0], 0)) == (
        "the Dungeon is full (scored at the end of this turn) · next houses go to the Walls"
    )
    assert castle_status(_castle(start, [6, 10, 14], 2)) == (
        "no space left · the Towers are scored at the end of this turn"
    )
    # the game ends after the Towers scoring, usually with empty spaces
    assert castle_status(_castle(start, [6, 10, 14], 3, over=True)) == (
        "game over after the Towers scoring · all 30 spaces built"
    )
    assert castle_status(_castle(start, [4, 6, 2], 3, over=True)) == (
        "game over after the Towers scoring · 18 of 30 spaces empty"
    )


def _after_workers_phase(seed: int, players: int) -> Post:
    return next(
        post
        for post in game_posts(seed, players)
        if post.previous is not None and post.previous.phase == 2 and post.state.turn >= 3
    )


def test_workers_phase_what_changed_lists_placements_and_passes() -> None:
    post = _after_workers_phase(5, 4)
    names = NAMES[:4]
    placed = [e for e in post.events if e.kind == "place"]
    passes = [e.seat for e in post.events if e.kind == "pass"]
    assert placed and len(passes) == 4
    # the whole board's banner, with the events and without them (read off the two states)
    for events in (post.events, None):
        board = _texts(
            lambda ev=events: render_image(
                post.state, names=names, previous=post.previous, events=ev
            )
        )
        banner = next(x for x in board if x.startswith("What changed:"))
        assert "workers placed:" in banner and "no change" not in banner
        assert "passed: " + ", ".join(names[s] for s in passes) in banner  # type: ignore[index]
    # the card: one line per player with every space and the passing position
    card = " ".join(
        _texts(
            lambda: render_card(post.state, names=names, previous=post.previous, events=post.events)
        )
    )
    assert "No change" not in card
    for seat in range(4):
        spaces = [placement_target(e) for e in placed if e.seat == seat]
        place = passes.index(seat) + 1
        ordinal = {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")
        expected = f"{names[seat]}: " + ", ".join(spaces) if spaces else f"{names[seat]}: passed"
        assert expected in card
        assert f"passed {ordinal}" in card


def test_placement_events_name_their_space() -> None:
    specials = set(cat.SPECIAL_NAMES.values())
    seen = 0
    for post in game_posts(6, 5):
        for event in post.events:
            if event.kind == "place":
                target = placement_target(event)
                assert target in specials or re.fullmatch(r".+ \(\d+\)", target), event.text
                seen += 1
    assert seen > 50


def test_workers_phase_read_off_the_states_matches_the_events() -> None:
    post = _after_workers_phase(8, 3)
    from_events = workers_phase(post.state, post.previous, post.events)
    from_states = workers_phase(post.state, post.previous)
    assert from_events is not None and from_states is not None
    assert from_states.passed == from_events.passed
    # the states keep the workers still on the board: every road and castle placement
    road = sorted(p for p in from_events.placements if p[1].endswith(")") or p[1] == "Castle")
    assert set(road) <= set(from_states.placements)
    assert workers_phase(post.state, None) is None
