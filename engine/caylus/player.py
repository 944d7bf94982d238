"""The built-in player: random among legal actions, with a little sense.

It never wastes a worker on the castle without a batch in hand or on a building whose effect it
cannot pay for, prefers using an effect to skipping it, and bribes the provost only sometimes.
Seeded through the `rng` it is given, so bot seats replay identically.
"""

from __future__ import annotations

import random

from engine.caylus.actions import Action
from engine.caylus.catalogue import Effect
from engine.caylus.codes import TILE_EFFECT, C, F, G, S, W
from engine.caylus.fast_game import FastGame
from engine.caylus.rules import game_at, legal_actions
from engine.caylus.state import State
from engine.errors import GameOver, NotYourDecision, shorten


def _useful_place(g: FastGame, seat: int, action: Action) -> bool:
    """Read on the engine's game (a State's fields would be converted for it)."""
    cubes = g.cubes[5 * seat : 5 * seat + 5]
    deniers = g.deniers[seat]
    target = action.arg
    if target == "castle":
        return cubes[F] >= 1 and sum(1 for k in (W, S, C, G) if cubes[k]) >= 2
    if target == "joust":
        return cubes[C] >= 1 and deniers >= 3
    if not target.isdigit():
        return True
    effect = TILE_EFFECT[g.road[int(target) - 1]]
    if effect is Effect.MARKET:
        return any(cubes)
    if effect in (Effect.CHURCH, Effect.BANK):
        return deniers >= 5
    if effect is Effect.TAILOR:
        return cubes[C] >= 2
    if effect is Effect.JEWELLER:
        return cubes[G] >= 1
    if effect is Effect.LAWYER:
        return cubes[C] >= 1
    if effect is Effect.ARCHITECT:
        return cubes[G] >= 1
    return True


def choose_action(state: State, seat: int, rng: random.Random) -> Action:
    options = legal_actions(state, seat)
    if not options:
        if state.over:
            raise GameOver("The game is over; no more moves can be made.")
        raise NotYourDecision(f"Seat {shorten(str(seat), 20)} has no decision to make now.")
    if len(options) == 1:
        return options[0]
    decision = state.decision
    assert decision is not None  # the seat has options, so it is asked something
    kind = decision.kind
    if kind == "place":
        if rng.random() < 0.9:
            game = game_at(state)
            # a few random draws instead of scoring every space: cheap and still sensible
            for _ in range(8):
                action = options[rng.randrange(1, len(options))]
                if _useful_place(game, seat, action):
                    return action
        return options[0]  # pass
    if kind == "bribe" or kind == "guild":
        return options[0] if rng.random() < 0.7 else rng.choice(options)
    if kind == "castle":
        batches = [a for a in options if a.verb == "batch"]
        return rng.choice(batches) if batches else options[0]
    doing = [a for a in options if a.verb != "skip"]
    if doing and rng.random() < 0.85:
        return rng.choice(doing)
    return rng.choice(options)
