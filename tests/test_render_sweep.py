"""Every kind of state reached in a few hundred random games renders without error.

Games: 300 in all (75 per player count 2-5, favor modes alternating). From each game we draw
every state whose (players, favor mode, phase, decision kind) was not drawn before, one random
state with the change highlight, and the final board (game over): the whole board and the
phone card of each. About 1,000 pictures of each.

Drawing literally every state of 300 games (about 75,000 pictures, some 17 CPU-minutes) is too
slow for every CI run; `CAYLUS_RENDER_EVERY_STATE=N` also draws every state of the first N games
of each player count (run with N=300 before a release).
"""

from __future__ import annotations

import io
import os
import random

import pytest
from PIL import Image

from engine import caylus
from engine.protocol import Event
from render.caylus import render_card, render_image, render_phase_pictures

GAMES_PER_COUNT = 75
EVERY_STATE_GAMES = int(os.environ.get("CAYLUS_RENDER_EVERY_STATE", "0"))
NAME_SETS = [
    None,
    ["Alice", "Bob", "Carol", "Dan", "Eve"],
    ["Émilie-Jeanne de la Tour d'Auvergne", "李雷", "🎲 dice", "", "x" * 60],
    ["Sam", "Sue", "Sid", "Sal", "Sol"],  # the same initial: letters fall back to A-E
]


def _play(seed: int, players: int, favor_mode: str) -> tuple[list[caylus.State], list[list[Event]]]:
    """The states of a game, and the events of the action leading to each (none for the first)."""
    options = caylus.Options(players=players, favor_mode=favor_mode)
    state = caylus.new_game(options, caylus.Setup(seed=seed))
    rng = random.Random(seed)
    states = [state]
    events: list[list[Event]] = [[]]
    while not state.over:
        seat = state.decision.seat
        state, happened = caylus.apply(state, caylus.choose_action(state, seat, rng))
        states.append(state)
        events.append(happened)
        assert len(states) < 5000, "a random game should end"
    return states, events


def _draw_both(
    state: caylus.State,
    names: list[str] | None,
    previous: caylus.State,
    events: list[Event] | None,
) -> None:
    render_image(state, names=names, previous=previous, events=events)
    render_card(state, names=names, previous=previous, events=events)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_render(players: int) -> None:
    seen: set[tuple[str, int, str]] = set()
    drawn = 0
    for game in range(GAMES_PER_COUNT):
        seed = 1000 * players + game
        favor_mode = "full" if game % 2 == 0 else "simplified"
        states, events = _play(seed, players, favor_mode)
        names = NAME_SETS[game % len(NAME_SETS)]
        names = names[:players] if names else None
        rng = random.Random(seed)
        every = game < EVERY_STATE_GAMES
        for i, state in enumerate(states):
            kind = state.decision.kind if state.decision and not state.over else "over"
            key = (favor_mode, state.phase, kind)
            if key in seen and not every:
                continue
            seen.add(key)
            start = max(0, i - 7)
            since = [e for happened in events[start + 1 : i + 1] for e in happened]
            # with the events half of the time, read off the two states otherwise
            _draw_both(state, names, states[start], since if game % 2 else None)
            drawn += 1
        i = rng.randrange(len(states))
        _draw_both(states[i], names, states[max(0, i - rng.randint(1, 40))], None)
        final = states[-1]
        assert final.over
        if game % 15 == 0:
            pictures = render_phase_pictures(
                final, names=names, previous=states[-2], events=events[-1]
            )
            assert len(pictures) == 2  # the final card and the final board
            for picture in pictures:
                assert len(picture.data) < 1_000_000
                image = Image.open(io.BytesIO(picture.data))
                image.load()
                assert image.width in (800, 1080)
        else:
            render_image(final, names=names)
            render_card(final, names=names)
        drawn += 2
    assert drawn >= 2 * GAMES_PER_COUNT
    kinds = {k for _, _, k in seen}
    assert {"place", "castle", "over", "bribe"} <= kinds
