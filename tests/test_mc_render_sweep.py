"""Every kind of state reached in a few hundred random Magna Carta games renders.

Games: 300 in all, 50 for each rule set and player count (2-4), half of them with a share of
uniformly random moves (odd positions: long roads, big hands, wasted workers). From each game
we draw the phone card and the whole board of: every state whose (rule set, players, phase,
decision kind, part) was not drawn before, one random state (with a random earlier state as
`previous`, so the changes show), and the final state; and a random player's hand. Every
drawn text is at least MIN_TEXT px (9 px capitals at 400 px).

Drawing every state of 300 games (about 55,000 states) is too slow for every CI run;
`MC_RENDER_EVERY_STATE=N` also draws every state of the first N games of each case.
"""

from __future__ import annotations

import os
import random

import pytest

from engine import magna_carta as mc
from engine.magna_carta import view
from engine.magna_carta.state import State
from engine.protocol import Event
from render.magna_carta import render_board, render_card, render_hand
from render.phone import MIN_TEXT
from render.pieces import recording_text

GAMES_PER_CASE = 50
EVERY_STATE_GAMES = int(os.environ.get("MC_RENDER_EVERY_STATE", "0"))
NAME_SETS = [
    None,
    ["Alice", "Bob", "Carol", "Dan"],
    ["Émilie-Jeanne de la Tour d'Auvergne", "李雷", "🎲 dice", "x" * 60],
    ["Sam", "Sue", "Sid", "Sal"],  # the same initial: letters fall back to A-D
]


def _play(seed: int, players: int, variant: str, uniform: float):
    """The states of a game and the events of the action leading to each."""
    state = mc.new_game(mc.Options(players=players, variant=variant), mc.Setup(seed=seed))  # type: ignore[arg-type]
    rng = random.Random(seed)
    states: list[State] = [state]
    events: list[list[Event]] = [[]]
    while not state.over:
        seat = mc.deciding_seats(state)[0]
        if rng.random() < uniform:
            legal = mc.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        else:
            action = mc.choose_action(state, seat, rng)
        state, happened = mc.apply(state, action, seat)
        states.append(state)
        events.append(happened)
        assert len(states) < 5000, "a random game should end"
    return states, events


def _draw(
    state: State, names: list[str] | None, previous: State | None, events: list[Event] | None
) -> None:
    current = view(state, None)
    before = view(previous, None) if previous is not None else None
    with recording_text() as drawn:
        card = render_card(current, names=names, previous=before, events=events)
        board = render_board(current, names=names, previous=before, events=events)
    assert min(x.size for x in drawn) >= MIN_TEXT
    assert card.height < 1.9 * card.width
    assert board.height < 6000


@pytest.mark.parametrize("variant", ["beginner", "standard"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_render(players: int, variant: str) -> None:
    seen: set[tuple[int, str, str]] = set()
    drawn = 0
    for game in range(GAMES_PER_CASE):
        seed = 10_000 * players + 1000 * (variant == "standard") + game
        uniform = 0.6 if game % 2 else 0.0
        states, events = _play(seed, players, variant, uniform)
        names = NAME_SETS[game % len(NAME_SETS)]
        names = names[:players] if names else None
        rng = random.Random(seed)
        every = game < EVERY_STATE_GAMES
        for i, state in enumerate(states):
            d = state.decision
            kind = "over" if state.over else d.kind if d is not None else "redraw"
            key = (state.phase, kind, d.part if d is not None else "")
            if key in seen and not every:
                continue
            seen.add(key)
            start = max(0, i - 6)
            since = [e for happened in events[start + 1 : i + 1] for e in happened]
            # with the events every other game, read off the two views otherwise
            _draw(state, names, states[start] if i else None, since if game % 2 else None)
            drawn += 1
        i = rng.randrange(len(states))
        start = max(0, i - rng.randint(1, 40))
        _draw(states[i], names, states[start], [e for h in events[start + 1 : i + 1] for e in h])
        final = states[-1]
        assert final.over
        _draw(final, names, states[-2], events[-1])
        seat = rng.randrange(players)
        with recording_text() as texts:
            render_hand(view(states[i], seat), names=names)
        assert min(x.size for x in texts) >= MIN_TEXT
        drawn += 2
    assert drawn >= 2 * GAMES_PER_CASE
    kinds = {k for _, k, _ in seen}
    assert {"redraw", "action", "castle", "over"} <= kinds
    if variant == "standard":
        assert "provost" in kinds
