"""The built-in player: simple rules of thumb a careful beginner would follow.

It decides from `view(state, seat)` only (never from hidden cards), never pays for nothing (no
worker on a card whose effect it cannot use, no provost move that does not help it), builds a
prestige building or a useful card when it can afford one, delivers every batch it can and
takes the bargains of the Church, the Bank and the Gold Mine. Seeded through `rng`, so bot
seats replay identically.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import engine.magna_carta.catalogue as cat
from engine.magna_carta.actions import Action
from engine.magna_carta.catalogue import CARDS, Effect
from engine.magna_carta.state import State
from engine.magna_carta.view import PlayerView, RoadCardView, View, view

# Cards worth building, best first (production and gold early, points later).
BUILD_PRIORITY = (
    "large-quarry",
    "gold-mine",
    "church",
    "bank",
    "large-sawmill",
    "large-farm",
    "small-quarry",
    "peddler",
    "market",
    "small-sawmill",
    "small-farm",
    "lawyer",
)
_CUBE_VALUE = {"F": 2, "W": 2, "S": 3, "G": 4}


def choose_action(state: State, seat: int, rng: random.Random) -> Action:
    return choose_from_view(view(state, seat), seat, rng)


def choose_from_view(v: View, seat: int, rng: random.Random) -> Action:
    """The built-in player's choice for `seat` from what it sees, `v = view(state, seat)`."""
    options = v.legal
    if not options:
        raise ValueError(f"seat {seat} has no decision to make")
    if len(options) == 1:
        return options[0]
    kind = next(p.kind for p in v.pending if p.seat == seat)
    me = v.players[seat]
    if kind == "redraw":
        return _opening(me, options)
    if kind == "action":
        return _action(v, me, options, rng)
    if kind == "provost":
        return _provost(v, me, options)
    if kind == "castle":
        batches = [a for a in options if a.verb == "deliver"]
        return batches[0] if batches else options[0]  # fewest gold first
    return _effect(v, me, kind, options)


def _affordable(cost: str, cubes: dict[str, int]) -> bool:
    need_gold = 0
    free = dict(cubes)
    for c in cost:
        if c == cat.ANY:
            continue
        if free[c] > 0:
            free[c] -= 1
        else:
            need_gold += 1
    whites = cost.count(cat.ANY)
    return free["G"] >= need_gold and sum(free.values()) - need_gold >= whites


def _opening(me: PlayerView, options: list[Action]) -> Action:
    hand = me.hand or []
    keep = any(_affordable(CARDS[c].cost, me.cubes) for c in hand)
    return options[0] if keep else options[1]  # keep, redraw


def _action(v: View, me: PlayerView, options: list[Action], rng: random.Random) -> Action:
    prestige = [a for a in options if a.verb == "prestige"]
    if prestige:
        return max(prestige, key=lambda a: (CARDS[a.arg.split()[0]].pp, -a.arg.count("G")))
    builds = [a for a in options if a.verb == "build"]
    if builds:
        # the most useful card, paid with the fewest gold (options list those first)
        return min(builds, key=lambda a: BUILD_PRIORITY.index(a.arg.split()[0]))
    places = [a for a in options if a.verb == "place"]
    if places:
        scored = [(_place_value(v, me, v.road[int(a.arg) - 1]), rng.random(), a) for a in places]
        value, _, best_place = max(scored)
        if value >= 2:
            return best_place
    if any(a.verb == "draw" for a in options) and me.hand_size <= 1 and me.deniers >= 3:
        return next(a for a in options if a.verb == "draw")
    return next(a for a in options if a.verb == "pass")


def _place_value(v: View, me: PlayerView, card: RoadCardView) -> float:
    """What a worker on `card` is worth to me this round (0: it would pay for nothing)."""
    # beyond the provost: he may still move, but only a little and maybe the wrong way
    if not card.active and card.position - (v.provost or 0) > 1:
        return 0
    data = CARDS[card.card]
    money = me.deniers - 1  # after paying for the worker
    effect = data.effect
    value = 0.0  # a float throughout (the compiled build keeps one representation)
    if data.worker_gain:
        gain = data.worker_gain
        value = 2.0 if gain.endswith("d") else float(sum(_CUBE_VALUE[c] for c in gain))
    elif effect is Effect.PEDDLER:
        value = 2.5 if money >= 2 else (1.0 if money >= 1 else 0.0)
    elif effect is Effect.MARKET:
        spare = [c for c in cat.NON_GOLD if me.cubes[c] >= 2]
        value = 2.5 if spare and money < 4 else 0.0
    elif effect is Effect.BANK:
        value = 3.0 if money >= 3 else (2.0 if money >= 1 else 0.0)
    elif effect is Effect.CHURCH:
        value = 4.0 if money >= 2 and any(v.tokens.values()) else 0.0
    elif effect is Effect.LAWYER:
        mine = [
            r
            for r in v.road
            if r.owner == me.seat and not r.residence and r.card != "lawyer" and r.stored == 0
        ]
        can_pay = me.cubes["F"] or me.cubes["G"]
        value = 2.0 if mine and can_pay and v.prestige_supply else 0
    if not card.active:
        value /= 2
    if card.owner is not None and card.owner != me.seat:
        value -= 0.5  # it helps its owner too
    return value


def _provost(v: View, me: PlayerView, options: list[Action]) -> Action:
    """Move the provost forward just far enough to bring my own workers into play."""
    provost = v.provost or 0
    mine_beyond = [r.position for r in v.road if r.worker == me.seat and r.position > provost]
    if mine_beyond:
        needed = min(mine_beyond) - provost
        move = Action.of("provost", f"+{needed}")
        if move in options and me.deniers - needed >= 0:
            return move
    return options[0]  # skip


def routine_effect(
    cubes: Mapping[str, int], deniers: int, kind: str, options: list[Action]
) -> Action | None:
    """The sensible answer to a purchase, sale, swap or payment (`options[0]` is skip), from the
    player's cubes and deniers; None for the other kinds of decision."""
    skip = options[0]
    if kind == "buy":
        scarce = sorted(cat.NON_GOLD, key=lambda c: (cubes[c], cat.NON_GOLD.index(c)))
        two = Action.of("buy", "".join(sorted(scarce[:2], key=cat.CUBES.index)))
        if two in options and deniers >= 4:
            return two
        one = Action.of("buy", scarce[0])
        return one if one in options and deniers >= 2 else skip
    if kind == "sell":
        plenty = max(cat.NON_GOLD, key=lambda c: cubes[c])
        sell = Action.of("sell", plenty)
        return sell if sell in options and cubes[plenty] >= 2 else skip
    if kind == "trade":
        plenty = max(cat.NON_GOLD, key=lambda c: cubes[c])
        trade = Action.of("trade", plenty)
        return trade if trade in options else skip
    if kind in ("bank", "church"):
        pays = [a for a in options if a.verb == "pay"]
        return max(pays, key=lambda a: int(a.arg[:-1])) if pays else skip
    return None


def _effect(v: View, me: PlayerView, kind: str, options: list[Action]) -> Action:
    skip = options[0]
    routine = routine_effect(me.cubes, me.deniers, kind, options)
    if routine is not None:
        return routine
    if kind == "lawyer":
        mine = {
            r.position: r
            for r in v.road
            if r.owner == me.seat and not r.residence and r.card != "lawyer"
        }
        flips = [a for a in options if a.verb == "lawyer"]
        cheap = [
            a
            for a in flips
            if mine[int(a.arg.split()[0])].stored == 0
            and CARDS[mine[int(a.arg.split()[0])].card].pp <= 1
            and a.arg.endswith("F")
        ]
        if cheap and v.prestige_supply:
            return cheap[0]
        return skip
    return skip
