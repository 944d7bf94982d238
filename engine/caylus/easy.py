"""The easy Caylus player's policy on the in-place game (engine/caylus/fast_game.py), a fair
beginner's: a worker in the castle whenever it will hold a batch (first of all while it owes the
section a house), on a space of the best useful kind most of the time (a builder that can build,
then cubes, then trade, turn order last) and no pass while a useful space is affordable; a
discounted building, deniers or prestige as its royal favor (`easy_action`). `easy_action` is
also every seat's policy inside the strong player's search playouts, and `easy_policy`, all but
the favors, inside the medium player's for the decisions its greedy playout policy leaves to it
(engine/caylus/ai.py).
"""

from __future__ import annotations

import random

import engine.caylus.catalogue as cat
from engine.caylus.activation import build_options, build_spends, lawyer_options
from engine.caylus.catalogue import TILES, Effect
from engine.caylus.codes import (
    ALCHEMIST,
    BRIBE,
    BUILD,
    CASTLE,
    COUNTS,
    DO_JOUST,
    EXCHANGE,
    EXCHANGE_ARG,
    FAVOR,
    FAVORS,
    GATE,
    GATE_BACK,
    GATE_ROAD,
    GUILD,
    INDEX,
    INN,
    INN_STAY,
    JOUST,
    LAWYER,
    OWNER,
    PASS,
    PLACE,
    PLACE_CASTLE,
    PLACE_ROAD0,
    PRODUCE,
    ROAD_LENGTH,
    SELL,
    SKIP,
    SP_GUILD,
    SP_JOUST,
    SP_TRADING,
    T_CASTLE,
    T_INN,
    T_STABLES,
    TAKE,
    TILE_EFFECT,
    TILE_IDS,
    USE_PAYMENTS,
    G,
)
from engine.caylus.fast_game import FastGame

# --- easy: the policy (also every seat's policy inside the search's playouts) -------------------

_GATE_ROAD = frozenset(GATE_ROAD)
_EMPTY_FAVOR = FAVORS["d1"]
_EXCHANGE_FAVOR = FAVORS["c4"]
_TRADING_GAIN = cat.TRADING_POST_DENIERS


def can_feed(cubes: list[int], b: int) -> bool:
    """A castle batch from the cubes at `b`: 1 food and two other different kinds (R15)."""
    if cubes[b] < 1:
        return False
    kinds = (cubes[b + 1] > 0) + (cubes[b + 2] > 0) + (cubes[b + 3] > 0) + (cubes[b + 4] > 0)
    return kinds >= 2


def _useful_space(g: FastGame, seat: int, target: int, on_road: bool, cost: int) -> bool:
    """Whether a worker of `seat` on `target` would get something for its `cost` in deniers."""
    b = 5 * seat
    cubes = g.cubes
    left = g.deniers[seat] - cost
    if not on_road:
        if target == T_CASTLE:
            return can_feed(cubes, b)
        if target == SP_TRADING:
            return cost < _TRADING_GAIN
        if target == SP_JOUST:
            return cubes[b + 3] >= 1 and left >= cat.JOUST_COST_DENIERS
        return True  # gate (moves on for free), guild, stables, inn
    t = g.road[target]
    effect = TILE_EFFECT[t]
    if effect is Effect.PRODUCE:
        return True
    if effect is Effect.MARKET:
        return cubes[b] + cubes[b + 1] + cubes[b + 2] + cubes[b + 3] > 0  # never sells gold
    if effect is Effect.PEDDLER:
        return left >= (2 if TILE_IDS[t] == "peddler" else 1)
    if effect is Effect.CHURCH or effect is Effect.BANK:
        return left >= 2
    if effect is Effect.TAILOR:
        return cubes[b + 3] >= 2
    if effect is Effect.JEWELLER:
        return cubes[b + 4] >= 1
    if effect is Effect.ALCHEMIST:
        return cubes[b] + cubes[b + 1] + cubes[b + 2] + cubes[b + 3] >= 2
    if effect is Effect.LAWYER:
        return left >= 1 and len(lawyer_options(g, seat, False)) > 1
    # carpenter, mason, architect: something to build now
    return len(build_options(g, seat, effect.value, False)) > 1


# what a worker on each production building takes: its options as cube counts (F W S C G)
_PRODUCTS: dict[int, tuple[tuple[int, ...], ...]] = {
    t: tuple(COUNTS[TAKE[option]] for option in TILES[TILE_IDS[t]].produce)
    for t in range(len(TILE_IDS))
    if TILE_EFFECT[t] is Effect.PRODUCE
}


def feeds_with(cubes: list[int], got: tuple[int, ...]) -> bool:
    """Whether `cubes` (F W S C G) and the cubes `got` make a castle batch."""
    return can_feed([have + more for have, more in zip(cubes, got, strict=True)], 0)


def owes_a_house(g: FastGame, seat: int) -> bool:
    """Whether `seat` has no house yet in the section scored next, whose scoring would cost it
    2, 3 or 4 PP and the section's favor, while the castle still has room."""
    return g.section <= 2 and g.castle_spaces_left() > 0 and seat not in g.castle[g.section]


def fed_after_production(g: FastGame, seat: int, more: int = -1) -> bool:
    """Whether `seat` could feed a castle batch once its workers on production buildings ahead
    of the provost (and one more on production building `more`, -1: none) have produced."""
    b = 5 * seat
    stocks = {tuple(g.cubes[b : b + 5])}
    road, workers = g.road, g.workers
    producing = [road[i] for i in range(min(g.provost, ROAD_LENGTH)) if workers[i] == seat]
    if more >= 0:
        producing.append(more)
    for t in producing:
        products = _PRODUCTS.get(t)
        if products is not None:
            stocks = {
                tuple(have + got for have, got in zip(stock, product, strict=True))
                for stock in stocks
                for product in products
            }
    return any(can_feed(list(stock), 0) for stock in stocks)


def _toward_the_castle(g: FastGame, seat: int, options: list[int]) -> list[int]:
    """The placements on a production building ahead of the provost that would let `seat`
    feed a castle batch this turn, with deniers left for the castle worker."""
    left = g.deniers[seat] - g.placement_cost(seat)  # what the castle worker will cost, about
    road = g.road
    toward = []
    for code in options:
        if code < PLACE_ROAD0:
            continue
        i = INDEX[code]
        t = road[i]
        if (
            t in _PRODUCTS
            and i < g.provost
            and g.placement_cost(seat, i) <= left
            and fed_after_production(g, seat, t)
        ):
            toward.append(code)
    return toward


# How much a beginner wants a useful space, by what it does: building (prestige now, income
# later) and cubes first, then what turns cubes or deniers into something, last the spaces that
# only shift turn order or the provost. Each placement takes a space of the highest rank on offer
# most of the time (_FIRST_CHOICE) and any useful space otherwise.
_RANK_BUILD, _RANK_CUBES, _RANK_TRADE, _RANK_ORDER = 3, 2, 1, 0
_FIRST_CHOICE = 0.75
# Below this many deniers after paying, an order-only space (guild, stables, inn) is not worth
# a worker: the deniers buy cubes and builds in the turns ahead.
_ORDER_RESERVE = 4
_BUILDERS = (Effect.CARPENTER, Effect.MASON, Effect.ARCHITECT)
_ORDER_SPACES = (SP_GUILD, T_STABLES, T_INN)


def _rank(g: FastGame, target: int, on_road: bool) -> int:
    """How much a beginner wants the useful space `target` (see _RANK_BUILD ...)."""
    if not on_road:
        if target == T_CASTLE:
            return _RANK_BUILD
        if target in _ORDER_SPACES:
            return _RANK_ORDER
        return _RANK_TRADE  # gate, trading post, joust
    effect = TILE_EFFECT[g.road[target]]
    if effect in _BUILDERS:
        return _RANK_BUILD
    if effect is Effect.PRODUCE or effect is Effect.PEDDLER:
        return _RANK_CUBES
    return _RANK_TRADE


def _ranked_placements(g: FastGame, seat: int, options: list[int]) -> list[list[int]]:
    """The useful placements among `options` that `seat` can pay for, by rank (_RANK_ORDER
    first): an order-only space only with _ORDER_RESERVE deniers left after paying."""
    deniers = g.deniers[seat]
    ranked: list[list[int]] = [[], [], [], []]
    for code in options:
        if code == PASS:
            continue
        on_road = code >= PLACE_ROAD0
        target = INDEX[code]
        cost = g.placement_cost(seat, target if on_road else -1)
        if cost > deniers or not _useful_space(g, seat, target, on_road, cost):
            continue
        rank = _rank(g, target, on_road)
        if rank == _RANK_ORDER and deniers - cost < _ORDER_RESERVE:
            continue
        ranked[rank].append(code)
    return ranked


def useful_placements(g: FastGame, seat: int) -> list[int]:
    """The placements of `g.options` that would get `seat` something it can pay for (easy
    passes only when there is none)."""
    return [code for codes in _ranked_placements(g, seat, g.options) for code in codes]


def _place(g: FastGame, seat: int, options: list[int], rng: random.Random) -> int:
    # the section's penalty is a sure loss: a house there comes before anything else
    castle_open = PLACE_CASTLE in options and g.castle_spaces_left() > 0
    if castle_open and owes_a_house(g, seat):
        if fed_after_production(g, seat):
            return PLACE_CASTLE
        toward = _toward_the_castle(g, seat, options)
        if toward:
            return toward[rng.randrange(len(toward))]
    # a batch it will hold this turn goes to the castle: 5, 4 or 3 PP, and maybe a favor
    if castle_open and fed_after_production(g, seat) and rng.random() < 0.9:
        return PLACE_CASTLE
    # every useful space, by rank; pass only when none is left (a worker kept home earns nothing)
    ranked = _ranked_placements(g, seat, options)
    useful = [code for codes in ranked for code in codes]
    if not useful:
        return PASS
    if rng.random() < _FIRST_CHOICE:
        best = next(codes for codes in reversed(ranked) if codes)
        return best[rng.randrange(len(best))]
    return useful[rng.randrange(len(useful))]


def _spent(g: FastGame, kind: int, code: int) -> tuple[int, ...] | None:
    """The cubes (F W S C G) an effect decision's `code` spends, None when it spends none."""
    if code == SKIP:
        return None
    if kind == BUILD:
        return build_spends(g, code)
    if kind == SELL:
        return tuple(1 if k == INDEX[code] else 0 for k in range(5))
    if kind == ALCHEMIST:
        return COUNTS[code]
    if kind == LAWYER:
        return (0, 0, 0, 1, 0)
    if kind == EXCHANGE:
        give = EXCHANGE_ARG[code][0]
        return tuple(1 if k == give else 0 for k in range(5))
    paid = USE_PAYMENTS.get((kind, code))
    return paid[1] if paid is not None else None


def starves_castle(g: FastGame, seat: int, kind: int, code: int) -> bool:
    """Would `code` spend cubes that the seat's castle worker needs for its batch this turn?"""
    if g.phase > 5 or seat not in g.castle_workers:
        return False
    b = 5 * seat
    cubes = g.cubes
    if not can_feed(cubes, b):
        return False
    spent = _spent(g, kind, code)
    if spent is None:
        return False
    after = [cubes[b + k] - spent[k] for k in range(5)]
    return not can_feed(after, 0)


def _provost_moves(g: FastGame, seat: int, options: list[int], paid: bool) -> int:
    """Bribe only to bring own workers into play (cheapest move that brings the most); with the
    guild (free) never cut off an own worker."""
    workers = g.workers
    provost = g.provost
    mine_beyond = [i + 1 for i in range(provost, ROAD_LENGTH) if workers[i] == seat]
    if mine_beyond:
        best, best_gain = SKIP, 0
        for code in options:
            if code == SKIP:
                continue
            delta = INDEX[code]
            gain = sum(1 for p in mine_beyond if p <= provost + delta)
            if gain > best_gain:
                best, best_gain = code, gain
        return best
    if paid:
        return SKIP
    mine = [i + 1 for i in range(ROAD_LENGTH) if workers[i] == seat]
    last = max(mine, default=0)
    keep = [c for c in options if c == SKIP or provost + INDEX[c] >= last]
    return keep[0]


_PRESTIGE_FAVOR, _DENIERS_FAVOR = FAVORS["a"], FAVORS["b"]
_BUILD_FAVORS = frozenset(FAVORS[key] for key in ("d2", "d3", "d4", "d5"))
# Below this many deniers a favor on the deniers line pays for the next turn's workers; above
# it the prestige line's points are the sensible favor.
SHORT_OF_DENIERS = 5


def _useful_favors(options: list[int]) -> list[int]:
    useful = [c for c in options if c != _EMPTY_FAVOR]
    if _EXCHANGE_FAVOR in useful and len(useful) > 1:
        useful.remove(_EXCHANGE_FAVOR)  # an exchange gives nothing new
    return useful


def _favor(g: FastGame, seat: int, options: list[int], rng: random.Random) -> int:
    """A beginner's favor: a discounted building when one is on offer (prestige and income),
    else deniers when short of them and prestige otherwise, now and then any useful one."""
    useful = _useful_favors(options)
    if rng.random() < 0.8:
        builds = [c for c in useful if c in _BUILD_FAVORS]
        if builds:
            return builds[rng.randrange(len(builds))]
        wanted = _DENIERS_FAVOR if g.deniers[seat] < SHORT_OF_DENIERS else _PRESTIGE_FAVOR
        if wanted in useful:
            return wanted
    return useful[rng.randrange(len(useful))]


def easy_action(g: FastGame, rng: random.Random) -> int:
    """The easy level's choice among `g.options` (two or more) for `g.seat`: `easy_policy`,
    with a beginner's choice of royal favors. The search's playouts keep `easy_policy`'s
    random useful favor, so that the medium and strong levels play as they did."""
    if g.kind == FAVOR:
        return _favor(g, g.seat, g.options, rng)
    return easy_policy(g, rng)


def easy_policy(g: FastGame, rng: random.Random) -> int:
    """The easy level's choice among `g.options` (two or more) for `g.seat`, but for royal
    favors (`easy_action`); also the search's playout policy for the kinds it leaves to easy."""
    options = g.options
    kind = g.kind
    seat = g.seat
    if kind == PLACE:
        return _place(g, seat, options, rng)
    if kind == CASTLE:
        batches = options[1:]
        return batches[rng.randrange(len(batches))] if batches else options[0]
    if kind == BRIBE:
        return _provost_moves(g, seat, options, True)
    if kind == GUILD:
        return _provost_moves(g, seat, options, False) if rng.random() < 0.7 else SKIP
    if kind == FAVOR:
        useful = _useful_favors(options)
        return useful[rng.randrange(len(useful))]
    if kind == GATE:
        useful = [
            code
            for code in options
            if code != GATE_BACK and _useful_space(g, seat, INDEX[code], code in _GATE_ROAD, 0)
        ]
        return useful[rng.randrange(len(useful))] if useful else GATE_BACK
    if kind == JOUST:
        return DO_JOUST if rng.random() < 0.85 else SKIP
    if kind == INN:
        return INN_STAY if rng.random() < 0.8 else options[1]
    if kind in (PRODUCE, OWNER) and g.phase <= 5 and seat in g.castle_workers:
        b = 5 * seat
        feeding = [c for c in options if feeds_with(g.cubes[b : b + 5], COUNTS[c])]
        if feeding and not can_feed(g.cubes, b):
            return feeding[rng.randrange(len(feeding))]  # the cube its castle batch lacks
    doing = [c for c in options if c != SKIP]
    if kind == EXCHANGE:
        doing = [c for c in doing if EXCHANGE_ARG[c][0] != G]  # keeps its gold
    elif kind == SELL:
        doing = [c for c in doing if INDEX[c] != G]  # never sells gold
    if doing and g.phase <= 5 and seat in g.castle_workers:
        doing = [c for c in doing if not starves_castle(g, seat, kind, c)]
    if doing and rng.random() < 0.85:
        return doing[rng.randrange(len(doing))]
    if SKIP in options:
        return SKIP
    return options[rng.randrange(len(options))]
