"""The Caylus decisions: the legal options of each kind and what answering one does.

`LEGAL[kind](g)` lists the action codes the pending decision of game `g` offers, in the order
the players see them; `RESOLVE[kind](g, code)` applies one of them (already checked) and says
what happened when `g.events` is a list. The rulings of docs/rules.md are cited as R1..R26.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.caylus import catalogue as cat
from engine.caylus.codes import (
    ACTIONS,
    ALCHEMIST,
    ALCHEMY_FOUR,
    ALCHEMY_TWO,
    ARG,
    BATCHES,
    BRIBE,
    BUILD,
    BUILD_AT,
    BUILD_PLAIN,
    BUILD_SPENDS,
    BUILD_WITH,
    BUY,
    BUY_ONE,
    BUY_TWO,
    COST_NEEDS,
    DO_JOUST,
    EXCHANGE,
    EXCHANGES,
    FAVOR_BUILD_SPENDS,
    FAVOR_COST_NEEDS,
    FAVOR_FOR_JOUST,
    FAVOR_FOR_TILE,
    FAVORS,
    GATE_BACK,
    GATE_ROAD,
    GATE_SPECIAL,
    INN_LEAVE,
    INN_STAY,
    K_NEUTRAL,
    K_PRESTIGE,
    K_STONE,
    K_WOOD,
    KIND_NAMES,
    LAWYER,
    LAWYER_CODES,
    LAWYER_TILE,
    NO_DECISION,
    NO_TILE,
    PASS,
    PAY_CUBES,
    PAY_DENIERS,
    PLACE_ROAD0,
    PLACE_SPECIAL,
    PLACE_TARGETS,
    PROVOST,
    PROVOST_MOVES,
    RESIDENCE,
    ROAD_LENGTH,
    SECTION_SIZES,
    SELL,
    SELL_CODES,
    SKIP,
    SP_GATE,
    SP_GUILD,
    SP_JOUST,
    T_CASTLE,
    T_INN,
    T_STABLES,
    TAKE,
    TILE_FAVORS,
    TILE_IDS,
    TILE_KIND,
    TILE_PRESTIGE,
    TILES,
    USE_PAYMENTS,
    WHY_BUILDING,
    WHY_HOUSE,
    WHY_NO_BATCH,
    WHY_RESIDENCE,
    WHY_TILE,
    C,
    F,
    G,
    S,
    W,
    build_cost,
)
from engine.caylus.core import Core, placement_price
from engine.errors import BadSetup


def inconsistent_passing() -> BadSetup:
    return BadSetup(
        "The game state is not consistent: everyone in the turn order has passed, but the "
        "passing list says otherwise."
    )


# --- phase 2: placement -------------------------------------------------------------------------


def place_options(g: Core) -> list[int]:
    seat = g.seat
    deniers = g.deniers[seat]
    if g.hands[seat] <= 0 or deniers <= 0:  # every placement costs at least 1 d
        return [PASS]
    base = placement_price(g.inn_right == seat, False, g.n, len(g.passed))
    workers = g.workers
    if deniers >= base:
        options = [PASS]
        specials = g.specials
        if specials[0] < 0:
            options.append(PLACE_SPECIAL[0])
        if specials[1] < 0:
            options.append(PLACE_SPECIAL[1])
        if specials[2] < 0:
            options.append(PLACE_SPECIAL[2])
        if specials[3] < 0:
            options.append(PLACE_SPECIAL[3])
        stables = g.stables
        if g.n > 2 and len(stables) < cat.STABLES_SLOTS and seat not in stables:
            options.append(PLACE_SPECIAL[T_STABLES])
        if g.inn_left < 0:
            options.append(PLACE_SPECIAL[T_INN])
        if seat not in g.castle_workers:
            options.append(PLACE_SPECIAL[T_CASTLE])
        p0 = PLACE_ROAD0
        options += [p0 + i for i in g.workable if workers[i] < 0]
        return options
    owners = g.owners  # only your own buildings (1 d) are within reach
    p0 = PLACE_ROAD0
    return [PASS, *(p0 + i for i in g.workable if workers[i] < 0 and owners[i] == seat)]


def do_place(g: Core, code: int) -> None:
    seat = g.seat
    passed = g.passed
    if code == PASS:
        passed.append(seat)
        if len(passed) == 1:
            g.deniers[seat] += cat.FIRST_PASS_BONUS
            if g.events is not None:
                g.say("pass", seat, "words.PASS_FIRST")
        elif g.events is not None:
            g.say("pass", seat, "words.PASS", {"ordinal": len(passed)})
    else:
        index: int = ARG[code]  # type: ignore[assignment]
        on_road = code >= PLACE_ROAD0
        cost = g.placement_cost(seat, index if on_road else -1)
        g.deniers[seat] -= cost
        g.hands[seat] -= 1
        if g.events is not None:
            if on_road:
                args = {"tile": TILE_IDS[g.road[index]], "at": index + 1, "cost": cost}
                g.say("place", seat, "words.PLACE_ROAD", args)
            else:
                args = {"special": PLACE_TARGETS[index], "cost": cost}
                g.say("place", seat, "words.PLACE_SPECIAL", args)
        g.occupy(seat, index, on_road)
    # the next player who has not passed decides (straight away: this is the hot path)
    n = g.n
    if len(passed) == n:
        g.kind = NO_DECISION
        g.cursor = 0
        return
    order = g.order
    idx = (g.cursor + 1) % n
    tries = n  # a seat that has not passed is at most n - 1 steps away
    while order[idx] in passed:
        tries -= 1
        if not tries:
            raise inconsistent_passing()
        idx = (idx + 1) % n
    g.cursor = idx
    g.seat = order[idx]  # kind stays PLACE; the other decision fields are at their defaults


# --- phase 3: the special buildings -------------------------------------------------------------


def gate_options(g: Core) -> list[int]:
    seat = g.seat
    options = [GATE_BACK]  # R14
    for code in GATE_SPECIAL:
        if g.can_use_space(seat, ARG[code]):  # type: ignore[arg-type]
            options.append(code)
    workers = g.workers
    options += [GATE_ROAD[i] for i in g.workable if workers[i] < 0]
    return options


_GATE_ROAD_SET = frozenset(GATE_ROAD)


def do_gate(g: Core, code: int) -> None:
    seat = g.seat
    g.kind = NO_DECISION
    g.specials[SP_GATE] = -1
    if code == GATE_BACK:
        g.hands[seat] += 1
        if g.events is not None:
            g.say("gate", seat, "words.GATE_BACK")
        return
    target: int = ARG[code]  # type: ignore[assignment]
    on_road = code in _GATE_ROAD_SET
    if g.events is not None:
        text = ACTIONS[code].arg
        if on_road:
            args = {"tile": TILE_IDS[g.road[target]], "at": target + 1}
            g.say("gate", seat, "words.GATE_ROAD", args, target=text)
        else:
            g.say("gate", seat, "words.GATE_SPECIAL", {"special": text}, target=text)
    g.occupy(seat, target, on_road)  # R26: a move to the inn is handled by the inn this phase


def provost_options(g: Core) -> list[int]:
    budget = g.deniers[g.seat] if g.kind == BRIBE else cat.MAX_PROVOST_MOVE
    provost = g.provost
    options = [SKIP]
    for d in PROVOST_MOVES:
        if -budget <= d <= budget and 1 <= provost + d <= ROAD_LENGTH:  # R6
            options.append(PROVOST[d])
    return options


def _move_provost(g: Core, code: int, pay: bool) -> None:
    seat = g.seat
    if code == SKIP:
        if g.events is not None:
            g.say("provost", seat, "words.PROVOST_STAYS")
        return
    d: int = ARG[code]  # type: ignore[assignment]
    g.provost += d
    if pay:
        g.deniers[seat] -= abs(d)
        if g.events is not None:
            args = {"delta": d, "to": g.provost, "cost": abs(d)}
            g.say("provost", seat, "words.PROVOST_BRIBE", args, delta=d)
    elif g.events is not None:
        args = {"delta": d, "to": g.provost}
        g.say("provost", seat, "words.PROVOST_MOVES", args, delta=d)


def do_bribe(g: Core, code: int) -> None:
    g.kind = NO_DECISION
    _move_provost(g, code, pay=True)


def do_guild(g: Core, code: int) -> None:
    g.kind = NO_DECISION
    g.specials[SP_GUILD] = -1
    g.hands[g.seat] += 1
    _move_provost(g, code, pay=False)


def joust_options(g: Core) -> list[int]:
    seat = g.seat
    if g.deniers[seat] >= 1 and g.cubes[5 * seat + C] >= 1:
        return [SKIP, DO_JOUST]
    return [SKIP]


def do_joust(g: Core, code: int) -> None:
    seat = g.seat
    g.kind = NO_DECISION
    g.specials[SP_JOUST] = -1
    g.hands[seat] += 1
    if code == DO_JOUST:
        g.deniers[seat] -= cat.JOUST_COST_DENIERS
        g.cubes[5 * seat + C] -= 1
        if g.events is not None:
            g.say("joust", seat, "words.JOUST")
        g.grant_favor(seat, FAVOR_FOR_JOUST)


def inn_options(g: Core) -> list[int]:
    return [INN_STAY, INN_LEAVE]


def do_inn(g: Core, code: int) -> None:
    seat = g.seat
    g.kind = NO_DECISION
    if code == INN_LEAVE:
        g.inn_right = -1
        g.hands[seat] += 1
        if g.events is not None:
            g.say("inn", seat, "words.INN_LEAVES")
    elif g.events is not None:
        g.say("inn", seat, "words.INN_STAYS")


# --- phase 5: the road's buildings ----------------------------------------------------------------


def produce_options(g: Core) -> list[int]:
    return [TAKE[x] for x in TILES[TILE_IDS[g.road[g.d_at - 1]]].produce]


def do_produce(g: Core, code: int) -> None:
    g.kind = NO_DECISION
    g.produce(g.seat, g.d_at, code)


def owner_options(g: Core) -> list[int]:
    return [TAKE[c] for c in TILES[TILE_IDS[g.road[g.d_at - 1]]].owner_bonus]


def do_owner(g: Core, code: int) -> None:
    counts = ARG[code]
    seat, at = g.seat, g.d_at
    b = 5 * seat
    for k in range(5):
        g.cubes[b + k] += counts[k]  # type: ignore[index]
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


def _build_options(g: Core) -> list[int]:
    return build_options(g, g.seat, g.d_effect, g.d_via_favor)


def build_spends(g: Core, code: int) -> tuple[int, ...]:
    """The cubes (F W S C G counts) that build `code` spends in the current build decision."""
    return FAVOR_BUILD_SPENDS[code, g.d_effect] if g.d_via_favor else BUILD_SPENDS[code]


def _pay(cubes: list[int], b: int, counts: tuple[int, ...]) -> None:
    for k in range(5):
        if counts[k]:
            cubes[b + k] -= counts[k]


def do_build(g: Core, code: int) -> None:
    seat = g.seat
    g.kind = NO_DECISION
    via_favor = g.d_via_favor
    if code == SKIP:
        if g.events is not None:
            g.say("skip", seat, "words.BUILDS_NOTHING")
    else:
        t, second = ARG[code]  # type: ignore[misc]
        _pay(g.cubes, 5 * seat, build_spends(g, code))
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


def _lawyer_options(g: Core) -> list[int]:
    return lawyer_options(g, g.seat, g.d_via_favor)


def do_lawyer(g: Core, code: int) -> None:
    seat = g.seat
    g.kind = NO_DECISION
    via_favor = g.d_via_favor
    if code == SKIP:
        if g.events is not None:
            g.say("skip", seat, "words.TRANSFORMS_NOTHING")
    else:
        i: int = ARG[code]  # type: ignore[assignment]
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


def _sell_options(g: Core) -> list[int]:
    b = 5 * g.seat
    cubes = g.cubes
    return [SKIP, *(SELL_CODES[k] for k in range(5) if cubes[b + k] > 0)]  # R12: gold too


def _buy_options(g: Core) -> list[int]:
    tile = TILES[TILE_IDS[g.road[g.d_at - 1]]]
    deniers = g.deniers[g.seat]
    options = [SKIP]
    if deniers >= tile.peddler_price:
        options += BUY_ONE
    if tile.peddler_max >= 2 and deniers >= 2:
        options += BUY_TWO
    return options


def _church_options(g: Core) -> list[int]:
    deniers = g.deniers[g.seat]
    return [SKIP, *(PAY_DENIERS[d] for d in (2, 4) if deniers >= d)]


def _bank_options(g: Core) -> list[int]:
    deniers = g.deniers[g.seat]
    return [SKIP, *(PAY_DENIERS[d] for d in (2, 5) if deniers >= d)]


def _tailor_options(g: Core) -> list[int]:
    cloth = g.cubes[5 * g.seat + C]
    return [SKIP, *(PAY_CUBES["C" * k] for k in (2, 3) if cloth >= k)]


def _jeweller_options(g: Core) -> list[int]:
    gold = g.cubes[5 * g.seat + G]
    return [SKIP, *(PAY_CUBES["G" * k] for k in (1, 2) if gold >= k)]


def _alchemist_options(g: Core) -> list[int]:
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
        cubes[b + ARG[code]] -= 1  # type: ignore[operator]
        g.deniers[seat] += price
        if said:
            args = {"cube": ACTIONS[code].arg, "price": price, "tile": TILE_IDS[t]}
            g.say("sell", seat, "words.SELL", args)
    elif kind == BUY:
        counts = ARG[code]
        price = TILES[TILE_IDS[t]].peddler_price * sum(counts)  # type: ignore[arg-type]
        g.deniers[seat] -= price
        for k in range(4):
            cubes[b + k] += counts[k]  # type: ignore[index]
        if said:
            args = {"cubes": ACTIONS[code].arg, "price": price, "tile": TILE_IDS[t]}
            g.say("buy", seat, "words.BUY", args)
    elif kind == ALCHEMIST:
        counts = ARG[code]
        _pay(cubes, b, counts)  # type: ignore[arg-type]
        gold = sum(counts) // 2  # type: ignore[arg-type]
        cubes[b + G] += gold
        if said:
            args = {"cubes": ACTIONS[code].arg, "gold": gold}
            g.say("alchemist", seat, "words.ALCHEMIST", args)
    else:
        deniers, paid, prestige, gold = USE_PAYMENTS[kind, code]
        g.deniers[seat] -= deniers
        _pay(cubes, b, paid)
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


# --- phase 6: the castle --------------------------------------------------------------------------


def castle_options(g: Core) -> list[int]:
    if g.castle_spaces_left() <= 0:  # R23: no more batches than spaces left
        return [SKIP]
    b = 5 * g.seat
    cubes = g.cubes
    if cubes[b] < 1:
        return [SKIP]
    options = [SKIP]
    for x, y, code in BATCHES:  # R15: food + two other different kinds (gold allowed)
        if cubes[b + x] and cubes[b + y]:
            options.append(code)
    return options


def do_castle(g: Core, code: int) -> None:
    seat = g.seat
    if code == SKIP:
        if g.batches[seat] == 0:
            if g.castle_spaces_left() > 0:  # R22: no penalty once the castle is full
                g.gain_pp(seat, -cat.CASTLE_PENALTY, WHY_NO_BATCH)
            elif g.events is not None:
                g.say("castle", seat, "words.CASTLE_FULL")
        g.kind = NO_DECISION
        g.cursor += 1
        return
    _pay(g.cubes, 5 * seat, ARG[code])  # type: ignore[arg-type]
    castle = g.castle
    sec = g.section
    while len(castle[sec]) >= SECTION_SIZES[sec]:  # overflow into the next section (R23)
        sec += 1
    castle[sec].append(seat)
    g.batches[seat] += 1
    if g.events is not None:
        args = {"cubes": ACTIONS[code].arg, "section": sec}
        g.say("batch", seat, "words.BATCH", args, section=sec)
    g.gain_pp(seat, cat.SECTION_POINTS[sec], WHY_HOUSE[sec])
    # the decision stays with this seat for another batch


# --- royal favors ---------------------------------------------------------------------------------


def favor_options(g: Core) -> list[int]:
    seat = g.seat
    used = g.lines_used[seat]
    options: list[int] = []
    if "a" not in used:
        options.append(FAVORS["a"])
    if "b" not in used:
        options.append(FAVORS["b"])
    if "c" not in used:
        top = g.favor_marker_after(seat, 2)
        options.append(FAVORS["c1"])
        if top >= 2:
            options += (FAVORS["c2W"], FAVORS["c2S"])
        if top >= 3:
            options.append(FAVORS["c3"])
        if top >= 4 and any(g.cubes[5 * seat : 5 * seat + 5]):
            options.append(FAVORS["c4"])
        if top >= 5:
            options.append(FAVORS["c5"])
    if "d" not in used:
        top = g.favor_marker_after(seat, 3)
        options.append(FAVORS["d1"])
        for col in range(2, top + 1):
            effect = cat.FAVOR_BUILD_EFFECTS[col]
            if effect is cat.Effect.LAWYER:
                ok = len(lawyer_options(g, seat, True)) > 1
            else:
                ok = len(build_options(g, seat, effect.value, True)) > 1
            if ok:
                options.append(_FAVOR_D[col])
    return options


_FAVOR_D = {col: FAVORS[f"d{col}"] for col in range(1, 6)}
_FAVOR_LINE = {code: "abcd".index(str(ARG[code])[0]) for code in FAVORS.values()}
_FAVOR_COLUMN = {
    code: (int(str(ARG[code])[1]) if len(str(ARG[code])) > 1 else 0) for code in FAVORS.values()
}
_FAVOR_C_CUBE = {
    FAVORS["c1"]: F,
    FAVORS["c2W"]: W,
    FAVORS["c2S"]: S,
    FAVORS["c3"]: C,
    FAVORS["c5"]: G,
}


def do_favor(g: Core, code: int) -> None:
    seat = g.seat
    li = _FAVOR_LINE[code]
    line = "abcd"[li]
    g.lines_used[seat] += line
    before = g.favors[4 * seat + li]
    marker = g.favor_marker_after(seat, li)
    g.favors[4 * seat + li] = marker
    g.kind = NO_DECISION
    said = g.events is not None
    label: object = None
    if said:
        column = marker if li < 2 else _FAVOR_COLUMN[code]
        place = "words.FAVOR_PLACE" if marker > before else "words.FAVOR_PLACE_STUCK"
        label = (place, {"line": line, "column": column})
    if li == 0:
        g.gain_pp(seat, cat.FAVOR_PRESTIGE[marker - 1], ("words.WHY_FAVOR", {"label": label}))
    elif li == 1:
        amount = cat.FAVOR_DENIERS[marker - 1]
        g.deniers[seat] += amount
        if said:
            g.say("favor", seat, "words.FAVOR_DENIERS", {"amount": amount, "label": label})
    elif li == 2:
        cube = _FAVOR_C_CUBE.get(code)
        if cube is None:  # column 4: exchange a cube
            if said:
                g.say("favor", seat, "words.FAVOR_EXCHANGE", {"label": label})
            g.decide(EXCHANGE, seat)
            return
        g.cubes[5 * seat + cube] += 1
        if said:
            g.say("favor", seat, "words.FAVOR_CUBE", {"cube": cat.CUBES[cube], "label": label})
    else:
        col = _FAVOR_COLUMN[code]
        if col == 1:
            if said:
                g.say("favor", seat, "words.FAVOR_NOTHING", {"label": label})
            return
        effect = cat.FAVOR_BUILD_EFFECTS[col]
        if said:
            g.say("favor", seat, "words.FAVOR_EFFECT", {"effect": effect.value, "label": label})
        g.decide(LAWYER if effect is cat.Effect.LAWYER else BUILD, seat, 0, effect.value)
        g.d_via_favor = True


def exchange_options(g: Core) -> list[int]:
    b = 5 * g.seat
    cubes = g.cubes
    options = [SKIP]
    for k in range(5):
        if cubes[b + k]:
            options += EXCHANGES[k]
    return options


def do_exchange(g: Core, code: int) -> None:
    seat = g.seat
    g.kind = NO_DECISION
    if code == SKIP:
        if g.events is not None:
            g.say("skip", seat, "words.KEEPS_CUBES")
        return
    give, take = ARG[code]  # type: ignore[misc]
    b = 5 * seat
    cubes = g.cubes
    cubes[b + give] -= 1
    for k in range(4):
        cubes[b + k] += take[k]
    if g.events is not None:
        given, taken = ACTIONS[code].arg.split()
        g.say("exchange", seat, "words.EXCHANGE", {"cube": given, "cubes": taken})


# --- by decision kind (the order of codes.KIND_NAMES) ---------------------------------------------

Options = Callable[[Core], list[int]]
Resolve = Callable[[Core, int], None]
_BY_KIND: dict[str, tuple[Options, Resolve]] = {
    "place": (place_options, do_place),
    "castle": (castle_options, do_castle),
    "favor": (favor_options, do_favor),
    "build": (_build_options, do_build),
    "lawyer": (_lawyer_options, do_lawyer),
    "bribe": (provost_options, do_bribe),
    "guild": (provost_options, do_guild),
    "produce": (produce_options, do_produce),
    "owner": (owner_options, do_owner),
    "gate": (gate_options, do_gate),
    "joust": (joust_options, do_joust),
    "inn": (inn_options, do_inn),
    "exchange": (exchange_options, do_exchange),
    "sell": (_sell_options, do_use),
    "buy": (_buy_options, do_use),
    "church": (_church_options, do_use),
    "tailor": (_tailor_options, do_use),
    "bank": (_bank_options, do_use),
    "alchemist": (_alchemist_options, do_use),
    "jeweller": (_jeweller_options, do_use),
}
LEGAL: tuple[Options, ...] = tuple(_BY_KIND[name][0] for name in KIND_NAMES)  # by kind code
RESOLVE: tuple[Resolve, ...] = tuple(_BY_KIND[name][1] for name in KIND_NAMES)
