"""The Caylus decisions: the legal options of each kind and what answering one does.

`LEGAL[kind](g)` lists the action codes the pending decision of game `g` offers, in the order
the players see them; `RESOLVE[kind](g, code)` applies one of them (already checked) and says
what happened when `g.events` is a list; those of phase 5 live in engine/caylus/activation.py.
The rulings of docs/rules.md are cited as R1..R26.
"""

from __future__ import annotations

from collections.abc import Callable

import engine.caylus.catalogue as cat
from engine.caylus.activation import (
    alchemist_options,
    bank_options,
    build_decision_options,
    build_options,
    buy_options,
    church_options,
    do_build,
    do_lawyer,
    do_owner,
    do_produce,
    do_use,
    jeweller_options,
    lawyer_decision_options,
    lawyer_options,
    owner_options,
    pay,
    produce_options,
    sell_options,
    tailor_options,
)
from engine.caylus.codes import (
    ACTIONS,
    BATCHES,
    BRIBE,
    BUILD,
    COUNTS,
    DO_JOUST,
    EXCHANGE,
    EXCHANGE_ARG,
    EXCHANGES,
    FAVOR_FOR_JOUST,
    FAVORS,
    GATE_BACK,
    GATE_ROAD,
    GATE_SPECIAL,
    INDEX,
    INN_LEAVE,
    INN_STAY,
    KIND_NAMES,
    LAWYER,
    NO_DECISION,
    PASS,
    PLACE_ROAD0,
    PLACE_SPECIAL,
    PLACE_TARGETS,
    PROVOST,
    PROVOST_MOVES,
    ROAD_LENGTH,
    SKIP,
    SP_GATE,
    SP_GUILD,
    SP_JOUST,
    T_CASTLE,
    T_INN,
    T_STABLES,
    TILE_IDS,
    WHY_HOUSE,
    WHY_NO_BATCH,
    C,
    F,
    G,
    S,
    W,
)
from engine.caylus.core import Core, house_section, placement_price
from engine.errors import BadSetup


def inconsistent_passing() -> BadSetup:
    return BadSetup(
        "The game state is not consistent: everyone in the turn order has passed, but the "
        "passing list says otherwise."
    )


# --- phase 2: placement -------------------------------------------------------------------------


_PASS_AND_FREE_SPECIALS = tuple(
    (PASS, *(PLACE_SPECIAL[k] for k in range(4) if free >> k & 1)) for free in range(16)
)


def place_options(g: Core) -> list[int]:
    seat = g.seat
    deniers = g.deniers[seat]
    if g.hands[seat] <= 0 or deniers <= 0:  # every placement costs at least 1 d
        return [PASS]
    base = placement_price(g.inn_right == seat, False, g.n, len(g.passed))
    workers = g.workers
    if deniers >= base:
        gate, trading, guild, joust = g.specials
        # pass, then the free single specials (a table by which of the four are free)
        options = [
            *_PASS_AND_FREE_SPECIALS[
                (gate < 0) | (trading < 0) << 1 | (guild < 0) << 2 | (joust < 0) << 3
            ]
        ]
        stables = g.stables
        if g.n > 2 and len(stables) < cat.STABLES_SLOTS and seat not in stables:
            options.append(PLACE_SPECIAL[T_STABLES])
        if g.inn_left < 0:
            options.append(PLACE_SPECIAL[T_INN])
        if seat not in g.castle_workers:
            options.append(PLACE_SPECIAL[T_CASTLE])
        free = g.free_place
        if free is None:
            p0 = PLACE_ROAD0
            free = g.free_place = [p0 + i for i in g.workable if workers[i] < 0]
        options += free
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
        index = INDEX[code]
        on_road = code >= PLACE_ROAD0
        owned = on_road and g.owners[index] == seat
        cost = placement_price(g.inn_right == seat, owned, g.n, len(passed))
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
        if g.can_use_space(seat, INDEX[code]):
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
    target = INDEX[code]
    on_road = code in _GATE_ROAD_SET
    if g.events is not None:
        text = ACTIONS[code].arg
        if on_road:
            args = {"tile": TILE_IDS[g.road[target]], "at": target + 1}
            g.say("gate", seat, "words.GATE_ROAD", args, target=text)
        else:
            g.say("gate", seat, "words.GATE_SPECIAL", {"special": text}, target=text)
    g.occupy(seat, target, on_road)  # R26: a move to the inn is handled by the inn this phase


def _provost_moves(provost: int, budget: int) -> list[int]:
    """Skip, and the provost's moves from `provost` that `budget` deniers pay (R6)."""
    options = [SKIP]
    for d in PROVOST_MOVES:
        if -budget <= d <= budget and 1 <= provost + d <= ROAD_LENGTH:
            options.append(PROVOST[d])
    return options


_MAX_MOVE = cat.MAX_PROVOST_MOVE
# _provost_moves by provost position (0-28) and budget (0-3: no move is longer), made once
_PROVOST_MOVES = tuple(
    tuple(_provost_moves(provost, budget) for budget in range(_MAX_MOVE + 1))
    for provost in range(ROAD_LENGTH + 1)
)


def provost_options(g: Core) -> list[int]:
    budget = g.deniers[g.seat] if g.kind == BRIBE else _MAX_MOVE
    provost = g.provost
    if 0 <= provost <= ROAD_LENGTH and budget >= 0:
        # a shared list: a game's options are replaced, never changed
        return _PROVOST_MOVES[provost][budget if budget < _MAX_MOVE else _MAX_MOVE]
    return _provost_moves(provost, budget)


def _move_provost(g: Core, code: int, pay: bool) -> None:
    seat = g.seat
    if code == SKIP:
        if g.events is not None:
            g.say("provost", seat, "words.PROVOST_STAYS")
        return
    d = INDEX[code]
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
    pay(g.cubes, 5 * seat, COUNTS[code])
    sec = house_section(g.castle, g.section)
    if sec is None:  # castle_options offers no batch once the castle is full (R23)
        raise BadSetup("The game state is not consistent: a batch with no castle space left.")
    g.castle[sec].append(seat)
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
_FAVOR_LINE = {code: "abcd".index(key[0]) for key, code in FAVORS.items()}
_FAVOR_COLUMN = {code: (int(key[1]) if len(key) > 1 else 0) for key, code in FAVORS.items()}
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
    give, take = EXCHANGE_ARG[code]
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
    "build": (build_decision_options, do_build),
    "lawyer": (lawyer_decision_options, do_lawyer),
    "bribe": (provost_options, do_bribe),
    "guild": (provost_options, do_guild),
    "produce": (produce_options, do_produce),
    "owner": (owner_options, do_owner),
    "gate": (gate_options, do_gate),
    "joust": (joust_options, do_joust),
    "inn": (inn_options, do_inn),
    "exchange": (exchange_options, do_exchange),
    "sell": (sell_options, do_use),
    "buy": (buy_options, do_use),
    "church": (church_options, do_use),
    "tailor": (tailor_options, do_use),
    "bank": (bank_options, do_use),
    "alchemist": (alchemist_options, do_use),
    "jeweller": (jeweller_options, do_use),
}
LEGAL: tuple[Options, ...] = tuple(_BY_KIND[name][0] for name in KIND_NAMES)  # by kind code
RESOLVE: tuple[Resolve, ...] = tuple(_BY_KIND[name][1] for name in KIND_NAMES)
