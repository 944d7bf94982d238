"""The Caylus engine's vocabulary as small integers: tiles, decision kinds and actions.

The engine (engine/caylus/fast_game.py) plays on plain int lists: a tile is `TILE_CODE[id]`, a
decision kind `KIND_CODE[name]`, an action `CODE[action]` (`ACTIONS[code]` is the interned
Action, `ARG[code]` its argument decoded: an index, a cube count vector, ...). Built once at
import from the catalogue (engine/caylus/catalogue.py), the one source of the game's data.

Layout: road positions are indices 0-27 (position p is index p-1); "no seat" and "no tile" are
-1; a seat's cubes are `cubes[5*seat:5*seat+5]` in the order F W S C G and its favor markers
`favors[4*seat:4*seat+4]` (lines a-d).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import engine.caylus.catalogue as cat
from engine.caylus.actions import Action
from engine.caylus.catalogue import ANY, CUBES, NON_GOLD, TILES, Effect, Kind
from engine.caylus.decision_kinds import EFFECT_KIND_NAME, KINDS
from engine.wording import Said, english

# --- tiles as integers ------------------------------------------------------------------------

TILE_IDS: tuple[str, ...] = tuple(TILES)
TILE_CODE: dict[str, int] = {t: i for i, t in enumerate(TILE_IDS)}
NO_TILE = -1
_KIND_CODES = {k: i for i, k in enumerate(Kind)}
K_NEUTRAL, K_FIXED, K_WOOD, K_STONE, K_RESIDENCE, K_PRESTIGE = (
    _KIND_CODES[k]
    for k in (Kind.NEUTRAL, Kind.FIXED, Kind.WOOD, Kind.STONE, Kind.RESIDENCE, Kind.PRESTIGE)
)
TILE_KIND: tuple[int, ...] = tuple(_KIND_CODES[TILES[t].kind] for t in TILE_IDS)
TILE_EFFECT: tuple[Effect, ...] = tuple(TILES[t].effect for t in TILE_IDS)
TILE_INCOME: tuple[int, ...] = tuple(TILES[t].income for t in TILE_IDS)
TILE_PRESTIGE: tuple[int, ...] = tuple(TILES[t].prestige for t in TILE_IDS)
TILE_FAVORS: tuple[int, ...] = tuple(TILES[t].favors for t in TILE_IDS)
TILE_OWNER_BONUS: tuple[bool, ...] = tuple(bool(TILES[t].owner_bonus) for t in TILE_IDS)
# workers may stand on every tile but residences and prestige buildings
TILE_WORKABLE: tuple[bool, ...] = tuple(k not in (K_RESIDENCE, K_PRESTIGE) for k in TILE_KIND)
RESIDENCE = TILE_CODE["residence"]
LAWYER_TILE = TILE_CODE["lawyer"]
ROAD_LENGTH = cat.ROAD_LENGTH
_CUBE_INDEX = {c: i for i, c in enumerate(CUBES)}
F, W, S, C, G = range(5)


Counts = tuple[int, int, int, int, int]  # cubes by kind, F W S C G
NO_CUBES: Counts = (0, 0, 0, 0, 0)


def _counts(cubes: str) -> Counts:
    f, w, s, c, g = (cubes.count(kind) for kind in CUBES)
    return (f, w, s, c, g)


# --- decision kinds -----------------------------------------------------------------------------

KIND_NAMES: tuple[str, ...] = tuple(kind.name for kind in KINDS)  # code -> name
KIND_CODE: dict[str, int] = {k: i for i, k in enumerate(KIND_NAMES)}
PLACE = KIND_CODE["place"]
CASTLE = KIND_CODE["castle"]
FAVOR = KIND_CODE["favor"]
BUILD = KIND_CODE["build"]
LAWYER = KIND_CODE["lawyer"]
BRIBE = KIND_CODE["bribe"]
GUILD = KIND_CODE["guild"]
PRODUCE = KIND_CODE["produce"]
OWNER = KIND_CODE["owner"]
GATE = KIND_CODE["gate"]
JOUST = KIND_CODE["joust"]
INN = KIND_CODE["inn"]
EXCHANGE = KIND_CODE["exchange"]
SELL = KIND_CODE["sell"]
BUY = KIND_CODE["buy"]
CHURCH = KIND_CODE["church"]
TAILOR = KIND_CODE["tailor"]
BANK = KIND_CODE["bank"]
ALCHEMIST = KIND_CODE["alchemist"]
JEWELLER = KIND_CODE["jeweller"]
NO_DECISION = -1
# the decision a worker on a road building asks for in phase 5 (production is handled apart)
EFFECT_KIND: dict[Effect, int] = {
    effect: KIND_CODE[name] for effect, name in EFFECT_KIND_NAME.items()
}

# --- actions as integers ----------------------------------------------------------------------

ACTIONS: list[Action] = []  # code -> the engine's interned action
CODE: dict[Action, int] = {}  # action -> code
# A code's argument, decoded, in the table of its shape (0 or no cubes where it has none):
INDEX: list[int] = []  # a place or gate target, road index, provost move, cube index, deniers
COUNTS: list[Counts] = []  # the cubes a take, buy, pay, batch or alchemy names
BUILD_ARG: dict[int, tuple[int, int]] = {}  # build code -> (tile, cube index or road index)
EXCHANGE_ARG: dict[int, tuple[int, Counts]] = {}  # exchange code -> (cube given, cubes taken)


def _add(verb: str, arg: str = "", index: int = 0, counts: Counts = NO_CUBES) -> int:
    action = Action.of(verb, arg)
    found = CODE.get(action)
    if found is not None:
        return found
    code = len(ACTIONS)
    ACTIONS.append(action)
    CODE[action] = code
    INDEX.append(index)
    COUNTS.append(counts)
    return code


PASS = _add("pass")
SKIP = _add("skip")
DO_JOUST = _add("joust")
INN_STAY = _add("inn", "stay")
INN_LEAVE = _add("inn", "leave")
GATE_BACK = _add("gate", "back")
# place targets: 0-3 the single specials, 4 stables, 5 inn, 6 castle
SINGLE_SPECIALS = ("gate", "trading", "guild", "joust")
SP_GATE, SP_TRADING, SP_GUILD, SP_JOUST = range(4)
T_STABLES, T_INN, T_CASTLE = 4, 5, 6
PLACE_TARGETS = (*SINGLE_SPECIALS, "stables", "inn", "castle")
PLACE_SPECIAL = [_add("place", t, k) for k, t in enumerate(PLACE_TARGETS)]
PLACE_ROAD = [_add("place", str(i + 1), i) for i in range(ROAD_LENGTH)]
PLACE_ROAD0 = PLACE_ROAD[0]
PLACE_CASTLE = PLACE_SPECIAL[T_CASTLE]  # the placement both easy and strong's habits reason about
GATE_TARGETS = ("trading", "guild", "joust", "stables", "inn", "castle")
GATE_SPECIAL = [_add("gate", t, PLACE_TARGETS.index(t)) for t in GATE_TARGETS]
GATE_ROAD = [_add("gate", str(i + 1), i) for i in range(ROAD_LENGTH)]
PROVOST_MOVES = (-3, -2, -1, 1, 2, 3)
PROVOST = {d: _add("provost", f"{d:+d}", d) for d in PROVOST_MOVES}
_TAKES = sorted(
    {x for t in TILES.values() for x in t.produce}
    | {c for t in TILES.values() for c in t.owner_bonus}
)
TAKE = {x: _add("take", x, counts=_counts(x)) for x in _TAKES}
NON_GOLD_2 = ["".join(c) for c in combinations_with_replacement(NON_GOLD, 2)]
NON_GOLD_4 = ["".join(c) for c in combinations_with_replacement(NON_GOLD, 4)]
SELL_CODES = [_add("sell", c, k) for k, c in enumerate(CUBES)]
BUY_ONE = [_add("buy", c, counts=_counts(c)) for c in NON_GOLD]
BUY_TWO = [_add("buy", x, counts=_counts(x)) for x in NON_GOLD_2]
PAY_DENIERS = {d: _add("pay", f"{d}d", d) for d in (2, 4, 5)}
PAY_CUBES = {x: _add("pay", x, counts=_counts(x)) for x in ("CC", "CCC", "G", "GG")}
ALCHEMY_TWO = [(_counts(x), _add("pay", x, counts=_counts(x))) for x in NON_GOLD_2]
ALCHEMY_FOUR = [(_counts(x), _add("pay", x, counts=_counts(x))) for x in NON_GOLD_4]
BATCHES = [
    (_CUBE_INDEX[x], _CUBE_INDEX[y], _add("batch", "F" + x + y, counts=_counts("F" + x + y)))
    for x, y in (("W", "S"), ("W", "C"), ("W", "G"), ("S", "C"), ("S", "G"), ("C", "G"))
]
FAVOR_KEYS = ("a", "b", "c1", "c2W", "c2S", "c3", "c4", "c5", "d1", "d2", "d3", "d4", "d5")
FAVORS = {k: _add("favor", k) for k in FAVOR_KEYS}


def _add_exchange(give: int, pair: str) -> int:
    code = _add("exchange", f"{CUBES[give]} {pair}")
    EXCHANGE_ARG[code] = (give, _counts(pair))
    return code


EXCHANGES = [[_add_exchange(k, pair) for pair in NON_GOLD_2] for k in range(len(CUBES))]
LAWYER_CODES = [_add("lawyer", str(i + 1), i) for i in range(ROAD_LENGTH)]


def _cost_needs(cost: str) -> tuple[tuple[tuple[int, int], ...], bool]:
    """A cost as ((cube index, count), ...) without its ANY cube, and whether it has one."""
    counts = _counts(cost.replace(ANY, ""))
    return tuple((k, n) for k, n in enumerate(counts) if n), ANY in cost


def build_cost(tile_id: str, via_favor: bool, effect: Effect) -> str:
    """The cubes a build costs (ANY for a free choice); favor line d discounts (R16)."""
    cost = TILES[tile_id].cost
    if via_favor and effect in cat.FAVOR_DISCOUNT:
        cost = cost.replace(cat.FAVOR_DISCOUNT[effect], "", 1)
    return cost


# For each buildable tile: (needs, has_any) of its cost; by favor (line d) per effect.
COST_NEEDS: dict[int, tuple[tuple[tuple[int, int], ...], bool]] = {}
FAVOR_COST_NEEDS: dict[tuple[int, str], tuple[tuple[tuple[int, int], ...], bool]] = {}
BUILD_PLAIN: dict[int, int] = {}  # tile -> code of "build tile"
BUILD_WITH: dict[int, list[int]] = {}  # tile -> codes of "build tile c" by cube index
BUILD_AT: dict[int, list[int]] = {}  # prestige tile -> codes of "build tile @p" by road index
# The cubes (F W S C G counts) each build code spends: by its tile's own cost, and by a favor's
# cost per effect (R16's discount). Read them here, never from a build code's argument: its second
# value is a cube index (the `*` cube) for a craft building but a road index (the residence it
# replaces) for a prestige building.
BUILD_SPENDS: dict[int, tuple[int, ...]] = {}
FAVOR_BUILD_SPENDS: dict[tuple[int, str], tuple[int, ...]] = {}


def _spends(needs: tuple[tuple[int, int], ...], extra_cube: int) -> tuple[int, ...]:
    counts = [0] * 5
    for k, count in needs:
        counts[k] = count
    if extra_cube >= 0:
        counts[extra_cube] += 1
    return tuple(counts)


def _add_build(text: str, tile: int, second: int, extra_cube: int) -> int:
    """The code of "build `text`" (argument `(tile, second)`), with what it spends: the tile's
    cost plus one cube of index `extra_cube` (-1: none)."""
    build = _add("build", text)
    BUILD_ARG[build] = (tile, second)
    BUILD_SPENDS[build] = _spends(COST_NEEDS[tile][0], extra_cube)
    for effect in (Effect.CARPENTER, Effect.MASON, Effect.ARCHITECT):
        FAVOR_BUILD_SPENDS[build, effect.value] = _spends(
            FAVOR_COST_NEEDS[tile, effect.value][0], extra_cube
        )
    return build


for _tile_id in cat.TILE_SETS["revised"]:
    _code = TILE_CODE[_tile_id]
    _tile = TILES[_tile_id]
    COST_NEEDS[_code] = _cost_needs(_tile.cost)
    for _effect in (Effect.CARPENTER, Effect.MASON, Effect.ARCHITECT):
        FAVOR_COST_NEEDS[_code, _effect.value] = _cost_needs(build_cost(_tile_id, True, _effect))
    if _tile.kind is Kind.PRESTIGE:
        BUILD_AT[_code] = [
            _add_build(f"{_tile_id} @{i + 1}", _code, i, -1) for i in range(ROAD_LENGTH)
        ]
    else:
        BUILD_PLAIN[_code] = _add_build(_tile_id, _code, -1, -1)
        BUILD_WITH[_code] = [
            _add_build(f"{_tile_id} {c}", _code, k, k) for k, c in enumerate(CUBES)
        ]
# what each use decision pays and gets: pay code -> (deniers, cubes, prestige, gold)
USE_PAYMENTS: dict[tuple[int, int], tuple[int, tuple[int, ...], int, int]] = {
    (CHURCH, PAY_DENIERS[2]): (2, (0,) * 5, 3, 0),
    (CHURCH, PAY_DENIERS[4]): (4, (0,) * 5, 5, 0),
    (BANK, PAY_DENIERS[2]): (2, (0,) * 5, 0, 1),
    (BANK, PAY_DENIERS[5]): (5, (0,) * 5, 0, 2),
    (TAILOR, PAY_CUBES["CC"]): (0, _counts("CC"), 4, 0),
    (TAILOR, PAY_CUBES["CCC"]): (0, _counts("CCC"), 6, 0),
    (JEWELLER, PAY_CUBES["G"]): (0, _counts("G"), 5, 0),
    (JEWELLER, PAY_CUBES["GG"]): (0, _counts("GG"), 9, 0),
}
# the same, by decision kind and payment text: kind -> {payment: (prestige, gold)}
USE_REWARDS: dict[str, dict[str, tuple[int, int]]] = {}
for (_kind, _pay), (_deniers, _paid, _pp, _gold) in USE_PAYMENTS.items():
    USE_REWARDS.setdefault(KIND_NAMES[_kind], {})[ACTIONS[_pay].arg] = (_pp, _gold)
FAVOR_COLUMNS_OPEN = cat.FAVOR_COLUMNS_OPEN
CASTLE_DONE = 1000  # the phase 6 cursor once the castle's favor is granted
SECTION_SIZES = cat.SECTION_SIZES
MAX_AUTOMATIC_STEPS = 100_000  # more than a whole game takes: an inconsistent state stops


# --- the reasons the engine gives (messages of engine/caylus/words.py), made once ------------


def _why(key: str, **args: object) -> Said:
    return (f"words.{key}", args)


WHY_WORKER = tuple(_why("WHY_WORKER", tile=t) for t in TILE_IDS)  # by tile code
WHY_BUILDING = tuple(_why("WHY_BUILDING", tile=t) for t in TILE_IDS)
WHY_TILE = tuple(_why("WHY_TILE", tile=t) for t in TILE_IDS)
WHY_HOUSE = tuple(_why("WHY_HOUSE", section=k) for k in range(3))  # by castle section
WHY_NO_HOUSE = tuple(_why("WHY_NO_HOUSE", section=k) for k in range(3))
WHY_SCORING = tuple(_why("WHY_SCORING", section=k) for k in range(3))
WHY_RESIDENCE = _why("WHY_RESIDENCE")
WHY_NO_BATCH = _why("WHY_NO_BATCH")
WHY_JOUST = _why("WHY_JOUST")
WHY_MOST_BATCHES = _why("WHY_MOST_BATCHES")
# What won a favor: its message (for the events) and its English (a queued favor keeps it in
# the state's `favor_why`, then in the favor decision's `why`).
FavorReason = tuple[Said, str]


def _reason(why: Said) -> FavorReason:
    return why, english(*why)


FAVOR_FOR_TILE = tuple(_reason(why) for why in WHY_TILE)  # by tile code
FAVOR_FOR_SCORING = tuple(_reason(why) for why in WHY_SCORING)  # by castle section
FAVOR_FOR_JOUST = _reason(WHY_JOUST)
FAVOR_FOR_MOST_BATCHES = _reason(WHY_MOST_BATCHES)
