"""Monte Carlo tree search for the automated players, with information sets.

One search serves both games. Every playout starts from a fresh `world` made by `sample(rng)`:
for a game without hidden information (Caylus) a copy of the position, for a game with hidden
cards (Magna Carta) a determinization, a whole game consistent with what the searching seat can
see. A world has `seat` (who decides now), `options` (the legal actions, hashable) and
`play(action)` (in place). The tree is shared by all worlds (single-observer information-set
MCTS): a node's children are keyed by action, and a child's exploration term counts how often
it was available rather than how often its parent was visited, because with hidden cards not
every action is legal in every world.

A playout descends the tree by UCB among the actions legal in its world, adds one node, plays on
with the game's `policy` until `done(world)` (the game's end, or the horizon at which a cut-off
evaluation takes over), and backs up `rewards(world)` (a value in [0, 1] per seat): each node
keeps the reward of the seat that chose the action leading to it (max^n for several players).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol

# How often (in playouts) `should_stop` is asked: before every playout (asking costs about a
# microsecond, a playout milliseconds), so a search ends within one playout of its time.
CHECK_EVERY = 1


class World(Protocol):
    seat: int
    options: Sequence[Hashable]

    def play(self, action: Any) -> None: ...


class _Node:
    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action that leads here (whose reward `total` sums)
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


def search(
    sample: Callable[[random.Random], Any],
    policy: Callable[[Any, random.Random], Hashable],
    done: Callable[[Any], bool],
    rewards: Callable[[Any], Sequence[float]],
    rng: random.Random,
    iterations: int,
    should_stop: Callable[[], bool] | None = None,
    exploration: float = 0.6,
    prior_weight: float = 0.0,
) -> dict[Hashable, tuple[int, float]]:
    """Run up to `iterations` playouts (fewer once `should_stop()` is true) and return, for each
    action of the root, (visits, mean reward for the seat deciding at the root).

    With `prior_weight`, once every option of a node has been tried, the action `policy` would
    play in the playout's world gets a bonus of `prior_weight / (1 + visits)` in UCB (a
    progressive bias): the search starts from the cheap policy's choice and leaves it only for
    an option whose playouts show better."""
    root = _Node(-1)
    log = math.log
    sqrt = math.sqrt
    for iteration in range(iterations):
        if should_stop is not None and iteration % CHECK_EVERY == 0 and should_stop():
            break
        world = sample(rng)
        node = root
        path: list[_Node] = []
        while not done(world):
            options = world.options
            seat = world.seat
            children = node.children
            untried = [a for a in options if a not in children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = children[action] = _Node(seat)
                world.play(action)
                path.append(child)
                break
            best_value = -1.0
            best_action = None
            favoured = policy(world, rng) if prior_weight else None
            for a in options:
                child = children[a]
                child.available += 1
                value = child.total / child.visits + exploration * sqrt(
                    log(child.available) / child.visits
                )
                if a == favoured:
                    value += prior_weight / (1 + child.visits)
                if value > best_value:
                    best_value, best_action = value, a
            node = children[best_action]
            world.play(best_action)
            path.append(node)
        while not done(world):
            world.play(policy(world, rng))
        reward = rewards(world)
        for child in path:
            child.visits += 1
            child.total += reward[child.seat]
    return {
        a: (c.visits, c.total / c.visits if c.visits else 0.0) for a, c in root.children.items()
    }


def best_action(stats: dict[Hashable, tuple[int, float]], options: Sequence[Hashable]) -> Any:
    """The most visited root action (ties: the better mean, then the first in `options`);
    None when the search was stopped before its first playout (the caller then plays its
    level's cheap policy rather than whichever option happens to come first)."""
    best = None
    best_key = (0, -math.inf)
    for a in options:
        visits, mean = stats.get(a, (0, 0.0))
        if visits and (visits, mean) > best_key:
            best, best_key = a, (visits, mean)
    return best


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x > -30 else 0.0


def margin_rewards(
    values: Sequence[float],
    scale: float,
    start: Sequence[float] | None = None,
    own_share: float = 0.0,
    own_scale: float = 8.0,
) -> list[float]:
    """A reward in (0, 1) per seat from estimated final scores: the logistic of the seat's lead
    over its best opponent in units of `scale` points (0.5 for a tie). With `own_share`, that
    share of the reward is the seat's own gain since `start` instead (the logistic in units of
    `own_scale`): a lead alone cannot tell doing well from everybody doing nothing."""
    rewards = []
    for seat, value in enumerate(values):
        best_other = max(v for k, v in enumerate(values) if k != seat)
        reward = _logistic((value - best_other) / scale)
        if own_share and start is not None:
            gain = _logistic((value - start[seat]) / own_scale)
            reward = (1.0 - own_share) * reward + own_share * gain
        rewards.append(reward)
    return rewards
