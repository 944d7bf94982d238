"""The Caylus decisions of phase 5, the activation of the road's buildings: what a production
building gives, the owner's cube, building (carpenter, mason, architect, and a royal favor's
line d), the lawyer, and the exchange buildings (market, peddler, church, tailor, bank,
alchemist, jeweller): the legal options of each and what answering one does. The rulings of
docs/rules.md are cited as R1..R26.
"""

from __future__ import annotations

import engine.caylus.catalogue as cat
from engine.caylus.catalogue import TILES
from engine.caylus.codes import (
    ACTIONS,
    ALCHEMIST,
    ALCHEMY_FOUR,
    ALCHEMY_TWO,
    BUILD_ARG,
    BUILD_AT,
    BUILD_PLAIN,
    BUILD_SPENDS,
    BUILD_WITH,
    BUY,
    BUY_ONE,
    BUY_TWO,
    COST_NEEDS,
    COUNTS,
    FAVOR_BUILD_SPENDS,
    FAVOR_COST_NEEDS,
    FAVOR_FOR_TILE,
    INDEX,
    K_NEUTRAL,
    K_PRESTIGE,
    K_STONE,
    K_WOOD,
    KIND_NAMES,
    LAWYER_CODES,
    LAWYER_TILE,
    NO_DECISION,
    NO_TILE,
    PAY_CUBES,
    PAY_DENIERS,
    RESIDENCE,
    ROAD_LENGTH,
    SELL,
    SELL_CODES,
    SKIP,
    TAKE,
    TILE_FAVORS,
    TILE_IDS,
    TILE_KIND,
    TILE_PRESTIGE,
    USE_PAYMENTS,
    WHY_BUILDING,
    WHY_RESIDENCE,
    WHY_TILE,
    C,
    G,
    build_cost,
)
from engine.caylus.core import Core


def pay(cubes: list[int], b: int, counts: tuple[int, ...]) -> None:
    """Take the cubes `counts` (F W S C G) from the seat whose cubes start at index `b`."""
    for k in range(5):
        if counts[k]:
            cubes[b + k] -= counts[k]


# --- phase 5: the road's buildings ----------------------------------------------------------------


def produce_options(g: Core) -> list[int]:
    return [TAKE[x] for x in TILES[TILE_IDS[g.road[g.d_at - 1]]].produce]


def do_produce(g: Core, code: int) -> None:
    g.kind = NO_DECISION
    g.produce(g.seat, g.d_at, code)


def owner_options(g: Core) -> list[int]:
    return [TAKE[c] for c in TILES[TILE_IDS[g.road[g.d_at - 1]]].owner_bonus]


def do_owner(g: Core, code: int) -> None:
    counts = COUNTS[code]
    seat, at = g.seat, g.d_at
    b = 5 * seat
    for k in range(5):
        g.cubes[b + k] += counts[k]
    if g.events is not None:
        args = {"cube": ACTIONS[code].arg, "tile": TILE_IDS[g.road[at - 1]], "at": at}
        g.say("owner", seat, "words.OWNER_CUBE", args)
    g.finish_activation(at)


def _has(cubes: list[int], b: int, needs: tuple[tuple[int, int], ...]) -> bool:
    for k, count in needs:  # noqa: SIM110 - a plain loop: all() over a generator is slower
        if cubes[b + k] < count:
            return False
    return True


_BUILDS_KIND = {
    cat.Effect.CARPENTER.value: K_WOOD,
    cat.Effect.MASON.value: K_STONE,
    cat.Effect.ARCHITECT.value: K_PRESTIGE,
}


def build_options(g: Core, seat: int, effect: str, via_favor: bool) -> list[int]:
    options = [SKIP]
    cubes = g.cubes
    b = 5 * seat
    kind = _BUILDS_KIND[effect]
    stock = g.stock
    if kind == K_PRESTIGE:
        road, owners = g.road, g.owners
        homes = [i for i in range(ROAD_LENGTH) if road[i] == RESIDENCE and owners[i] == seat]
        if not homes:
            return options
        for t in g.stock_order:
            if stock[t] and TILE_KIND[t] == K_PRESTIGE and _has(cubes, b, COST_NEEDS[t][0]):
                at = BUILD_AT[t]
                options += [at[h] for h in homes]
        return options
    if NO_TILE not in g.road:  # R5: no lot left, no craft building
        return options
    for t in g.stock_order:
        if not stock[t] or TILE_KIND[t] != kind:
            continue
        needs, has_any = FAVOR_COST_NEEDS[t, effect] if via_favor else COST_NEEDS[t]
        if has_any:
            if not _has(cubes, b, needs):
                continue
            with_cube = BUILD_WITH[t]
            for k in range(5):
                # the fixed part plus one more cube of kind k
                need_k = next((count for kk, count in needs if kk == k), 0)
                if cubes[b + k] >= need_k + 1:
                    options.append(with_cube[k])
        elif _has(cubes, b, needs):
            options.append(BUILD_PLAIN[t])
    return options


def build_decision_options(g: Core) -> list[int]:
    return build_options(g, g.seat, g.d_effect, g.d_via_favor)


def build_spends(g: Core, code: int) -> tuple[int, ...]:
    """The cubes (F W S C G counts) that build `code` spends in the current build decision."""
    return FAVOR_BUILD_SPENDS[code, g.d_effect] if g.d_via_favor else BUILD_SPENDS[code]


def do_build(g: Core, code: int) -> None:
    seat = g.seat
    g.kind = NO_DECISION
    via_favor = g.d_via_favor
    if code == SKIP:
        if g.events is not None:
            g.say("skip", seat, "words.BUILDS_NOTHING")
    else:
        t, second = BUILD_ARG[code]
        pay(g.cubes, 5 * seat, build_spends(g, code))
        g.stock[t] -= 1
        if TILE_KIND[t] == K_PRESTIGE:
            # on the builder's residence (second: its road index), whose income is lost
            lot = second
            g.road[lot] = t
        else:
            lot = g.lowest_empty_lot()
            g.road[lot] = t
            g.owners[lot] = seat
        g.refresh_workable()
        if g.events is not None:
            tile_id, _, extra = ACTIONS[code].arg.partition(" ")
            tile = TILES[tile_id]
            if TILE_KIND[t] == K_PRESTIGE:
                paid = tile.cost
            else:
                effect = cat.Effect(g.d_effect)
                paid = build_cost(tile_id, via_favor, effect).replace(cat.ANY, extra)
            args = {"tile": tile_id, "at": lot + 1, "cubes": paid}
            g.say("build", seat, "words.BUILD", args, tile=tile_id, at=lot + 1, paid=paid)
        g.gain_pp(seat, TILE_PRESTIGE[t], WHY_BUILDING[t])
        for _ in range(TILE_FAVORS[t]):
            g.grant_favor(seat, FAVOR_FOR_TILE[t])
    if not via_favor:
        g.finish_activation(g.d_at)


def lawyer_options(g: Core, seat: int, via_favor: bool) -> list[int]:
    options = [SKIP]
    if g.cubes[5 * seat + C] < 1 or (not via_favor and g.deniers[seat] < 1):  # R17
        return options
    pending = {t for t, _ in g.lawyer_pending}
    road, owners = g.road, g.owners
    for i in range(ROAD_LENGTH):
        t = road[i]
        if t < 0 or t == LAWYER_TILE or i in pending:
            continue
        kind = TILE_KIND[t]
        if kind == K_NEUTRAL or (kind in (K_WOOD, K_STONE) and owners[i] == seat):
            options.append(LAWYER_CODES[i])
    return options


def lawyer_decision_options(g: Core) -> list[int]:
    return lawyer_options(g, g.seat, g.d_via_favor)


def do_lawyer(g: Core, code: int) -> None:
    seat = g.seat
    g.kind = NO_DECISION
    via_favor = g.d_via_favor
    if code == SKIP:
        if g.events is not None:
            g.say("skip", seat, "words.TRANSFORMS_NOTHING")
    else:
        i = INDEX[code]
        g.cubes[5 * seat + C] -= 1
        if not via_favor:
            g.deniers[seat] -= 1
        if g.events is not None:
            key = "words.LAWYER_FAVOR" if via_favor else "words.LAWYER"
            g.say("lawyer", seat, key, {"tile": TILE_IDS[g.road[i]], "at": i + 1}, at=i + 1)
        g.gain_pp(seat, cat.LAWYER_PRESTIGE, WHY_RESIDENCE)
        if g.workers[i] >= 0:
            g.lawyer_pending.append((i, seat))  # R7: waits until that building has acted
            if g.events is not None:
                g.say("lawyer", seat, "words.LAWYER_WAITS", {"at": i + 1}, at=i + 1)
        else:
            g.transform(seat, i)
    if not via_favor:
        g.finish_activation(g.d_at)


def sell_options(g: Core) -> list[int]:
    b = 5 * g.seat
    cubes = g.cubes
    return [SKIP, *(SELL_CODES[k] for k in range(5) if cubes[b + k] > 0)]  # R12: gold too


def buy_options(g: Core) -> list[int]:
    tile = TILES[TILE_IDS[g.road[g.d_at - 1]]]
    deniers = g.deniers[g.seat]
    options = [SKIP]
    if deniers >= tile.peddler_price:
        options += BUY_ONE
    if tile.peddler_max >= 2 and deniers >= 2:
        options += BUY_TWO
    return options


def church_options(g: Core) -> list[int]:
    deniers = g.deniers[g.seat]
    return [SKIP, *(PAY_DENIERS[d] for d in (2, 4) if deniers >= d)]


def bank_options(g: Core) -> list[int]:
    deniers = g.deniers[g.seat]
    return [SKIP, *(PAY_DENIERS[d] for d in (2, 5) if deniers >= d)]


def tailor_options(g: Core) -> list[int]:
    cloth = g.cubes[5 * g.seat + C]
    return [SKIP, *(PAY_CUBES["C" * k] for k in (2, 3) if cloth >= k)]


def jeweller_options(g: Core) -> list[int]:
    gold = g.cubes[5 * g.seat + G]
    return [SKIP, *(PAY_CUBES["G" * k] for k in (1, 2) if gold >= k)]


def alchemist_options(g: Core) -> list[int]:
    b = 5 * g.seat
    c = g.cubes
    options = [SKIP]
    if c[b] + c[b + 1] + c[b + 2] + c[b + 3] >= 2:  # R4: no gold
        for counts, code in ALCHEMY_TWO:
            if all(c[b + k] >= counts[k] for k in range(4)):
                options.append(code)
        for counts, code in ALCHEMY_FOUR:
            if all(c[b + k] >= counts[k] for k in range(4)):
                options.append(code)
    return options


def do_use(g: Core, code: int) -> None:
    """The optional exchange buildings: market, peddler, church, tailor, bank, alchemist,
    jeweller."""
    seat = g.seat
    kind = g.kind
    at = g.d_at
    g.kind = NO_DECISION
    t = g.road[at - 1]
    said = g.events is not None
    if code == SKIP:
        if said:
            g.say("skip", seat, "words.DOES_NOT_USE", {"tile": TILE_IDS[t], "at": at})
        g.finish_activation(at)
        return
    b = 5 * seat
    cubes = g.cubes
    if kind == SELL:
        price = TILES[TILE_IDS[t]].market_price
        cubes[b + INDEX[code]] -= 1
        g.deniers[seat] += price
        if said:
            args = {"cube": ACTIONS[code].arg, "price": price, "tile": TILE_IDS[t]}
            g.say("sell", seat, "words.SELL", args)
    elif kind == BUY:
        counts = COUNTS[code]
        price = TILES[TILE_IDS[t]].peddler_price * sum(counts)
        g.deniers[seat] -= price
        for k in range(4):
            cubes[b + k] += counts[k]
        if said:
            args = {"cubes": ACTIONS[code].arg, "price": price, "tile": TILE_IDS[t]}
            g.say("buy", seat, "words.BUY", args)
    elif kind == ALCHEMIST:
        counts = COUNTS[code]
        pay(cubes, b, counts)
        gold = sum(counts) // 2
        cubes[b + G] += gold
        if said:
            args = {"cubes": ACTIONS[code].arg, "gold": gold}
            g.say("alchemist", seat, "words.ALCHEMIST", args)
    else:
        deniers, paid, prestige, gold = USE_PAYMENTS[kind, code]
        g.deniers[seat] -= deniers
        pay(cubes, b, paid)
        if said:
            name, tile = KIND_NAMES[kind], TILE_IDS[t]
            if deniers and gold:
                args = {"deniers": deniers, "gold": gold, "tile": tile}
                g.say(name, seat, "words.BANK", args)
            elif deniers:
                g.say(name, seat, "words.PAY_DENIERS_AT", {"deniers": deniers, "tile": tile})
            else:
                args = {"cubes": ACTIONS[code].arg, "tile": tile}
                g.say(name, seat, "words.PAY_CUBES_AT", args)
        if gold:
            cubes[b + G] += gold
        else:
            g.gain_pp(seat, prestige, WHY_TILE[t])
    g.finish_activation(at)
