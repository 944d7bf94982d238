"""The one catalogue of Caylus facts: tiles, costs, prestige, effects, board layout, tables.

The building data the rulebooks lack (costs, effects, the road), with the rulings R1-R26 of
docs/rules.md.
Rules code and the renderer both read this module; nothing else states a cost or a count.
Validated at import (see `_validate`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

# Cube kinds, in the canonical order used in notation (F W S C G).
FOOD, WOOD, STONE, CLOTH, GOLD = "F", "W", "S", "C", "G"
CUBES: tuple[str, ...] = (FOOD, WOOD, STONE, CLOTH, GOLD)
NON_GOLD: tuple[str, ...] = (FOOD, WOOD, STONE, CLOTH)
CUBE_NAMES = {FOOD: "food", WOOD: "wood", STONE: "stone", CLOTH: "cloth", GOLD: "gold"}
ANY = "*"  # "one cube of any kind, gold included" in a tile cost


class Kind(StrEnum):
    """Tile families; the renderer colours tiles by these."""

    NEUTRAL = "neutral"
    FIXED = "fixed"
    WOOD = "wood"
    STONE = "stone"
    RESIDENCE = "residence"
    PRESTIGE = "prestige"


class Effect(StrEnum):
    """What a worker on the building does in phase 5."""

    PRODUCE = "produce"  # take cubes (a choice between `produce` options when more than one)
    CARPENTER = "carpenter"
    MASON = "mason"
    ARCHITECT = "architect"
    LAWYER = "lawyer"
    MARKET = "market"  # sell one cube for `market_price` d
    PEDDLER = "peddler"  # buy up to `peddler_max` non-gold cubes at 1 d each (fixed: 2 d for 1)
    CHURCH = "church"
    TAILOR = "tailor"
    BANK = "bank"
    ALCHEMIST = "alchemist"
    JEWELLER = "jeweller"
    NONE = "none"  # residences and prestige buildings


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    name: str
    kind: Kind
    effect: Effect
    cost: str = ""  # cubes as letters, ANY for a free choice; e.g. "WF", "W*", "SSG"
    deniers_cost: int = 0  # residences cost 1 d besides their cloth
    prestige: int = 0  # PP to the builder when built
    favors: int = 0  # royal favors to the builder when built
    income: int = 0  # extra deniers in phase 1 (residence, library, hotel)
    produce: tuple[str, ...] = ()  # production options, each a cube string (e.g. ("FF", "C"))
    owner_bonus: str = ""  # stone production: cube kinds the owner may take when used by others
    market_price: int = 0
    peddler_max: int = 0
    peddler_price: int = 0  # price of one cube at a fixed peddler (the wood peddler: 1 d per cube)
    reminder: str = ""  # a compact text for boards and help


TILES: dict[str, Tile] = {
    t.id: t
    for t in [
        # --- neutral (pink), shuffled onto road spaces 1-6 ---
        Tile(
            id="n-farm",
            name="Farm",
            kind=Kind.NEUTRAL,
            effect=Effect.PRODUCE,
            produce=("F", "C"),
            reminder="1 food or 1 cloth",
        ),
        Tile(
            id="n-forest",
            name="Forest",
            kind=Kind.NEUTRAL,
            effect=Effect.PRODUCE,
            produce=("F", "W"),
            reminder="1 food or 1 wood",
        ),
        Tile(
            id="n-sawmill",
            name="Sawmill",
            kind=Kind.NEUTRAL,
            effect=Effect.PRODUCE,
            produce=("W",),
            reminder="1 wood",
        ),
        Tile(
            id="n-quarry",
            name="Quarry",
            kind=Kind.NEUTRAL,
            effect=Effect.PRODUCE,
            produce=("S",),
            reminder="1 stone",
        ),
        Tile(
            id="n-market",
            name="Marketplace",
            kind=Kind.NEUTRAL,
            effect=Effect.MARKET,
            market_price=4,
            reminder="sell 1 cube: 4 d",
        ),
        Tile(
            id="n-carpenter",
            name="Carpenter",
            kind=Kind.NEUTRAL,
            effect=Effect.CARPENTER,
            reminder="build a wood building",
        ),
        # --- fixed (printed on the board) ---
        Tile(
            id="peddler",
            name="Peddler",
            kind=Kind.FIXED,
            effect=Effect.PEDDLER,
            peddler_max=1,
            peddler_price=2,
            reminder="2 d: 1 cube (no gold)",
        ),
        Tile(
            id="carpenter",
            name="Carpenter",
            kind=Kind.FIXED,
            effect=Effect.CARPENTER,
            reminder="build a wood building",
        ),
        Tile(
            id="gold-mine",
            name="Gold mine",
            kind=Kind.FIXED,
            effect=Effect.PRODUCE,
            produce=("G",),
            reminder="1 gold",
        ),
        # --- wood (brown), built by a carpenter ---
        Tile(
            id="food-farm",
            name="Farm",
            kind=Kind.WOOD,
            effect=Effect.PRODUCE,
            cost="WF",
            prestige=2,
            produce=("FF", "C"),
            reminder="2 food or 1 cloth",
        ),
        Tile(
            id="cloth-farm",
            name="Farm",
            kind=Kind.WOOD,
            effect=Effect.PRODUCE,
            cost="WF",
            prestige=2,
            produce=("CC", "F"),
            reminder="2 cloth or 1 food",
        ),
        Tile(
            id="sawmill",
            name="Sawmill",
            kind=Kind.WOOD,
            effect=Effect.PRODUCE,
            cost="WF",
            prestige=2,
            produce=("WW",),
            reminder="2 wood",
        ),
        Tile(
            id="quarry",
            name="Quarry",
            kind=Kind.WOOD,
            effect=Effect.PRODUCE,
            cost="WF",
            prestige=2,
            produce=("SS",),
            reminder="2 stone",
        ),
        Tile(
            id="market",
            name="Marketplace",
            kind=Kind.WOOD,
            effect=Effect.MARKET,
            cost="W*",
            prestige=4,
            market_price=6,
            reminder="sell 1 cube: 6 d",
        ),
        Tile(
            id="wood-peddler",
            name="Peddler",
            kind=Kind.WOOD,
            effect=Effect.PEDDLER,
            cost="W*",
            prestige=4,
            peddler_max=2,
            peddler_price=1,
            reminder="1 d per cube, up to 2 (no gold)",
        ),
        Tile(
            id="mason",
            name="Mason",
            kind=Kind.WOOD,
            effect=Effect.MASON,
            cost="WF",
            prestige=4,
            reminder="build a stone building",
        ),
        Tile(
            id="lawyer",
            name="Lawyer",
            kind=Kind.WOOD,
            effect=Effect.LAWYER,
            cost="WC",
            prestige=4,
            reminder="1 cloth + 1 d: make a residence, +2 PP",
        ),
        # --- stone (gray), built by a mason ---
        Tile(
            id="stone-farm",
            name="Farm",
            kind=Kind.STONE,
            effect=Effect.PRODUCE,
            cost="SF",
            prestige=3,
            produce=("FFC",),
            owner_bonus="FC",
            reminder="2 food + 1 cloth",
        ),
        Tile(
            id="park",
            name="Park",
            kind=Kind.STONE,
            effect=Effect.PRODUCE,
            cost="SF",
            prestige=3,
            produce=("FWW",),
            owner_bonus="FW",
            reminder="2 wood + 1 food",
        ),
        Tile(
            id="workshop",
            name="Workshop",
            kind=Kind.STONE,
            effect=Effect.PRODUCE,
            cost="SF",
            prestige=3,
            produce=("SSC",),
            owner_bonus="SC",
            reminder="2 stone + 1 cloth",
        ),
        Tile(
            id="church",
            name="Church",
            kind=Kind.STONE,
            effect=Effect.CHURCH,
            cost="SC",
            prestige=3,
            favors=1,
            reminder="2 d: 3 PP, 4 d: 5 PP",
        ),
        Tile(
            id="tailor",
            name="Tailor",
            kind=Kind.STONE,
            effect=Effect.TAILOR,
            cost="SW",
            prestige=6,
            reminder="2 cloth: 4 PP, 3 cloth: 6 PP",
        ),
        Tile(
            id="bank",
            name="Bank",
            kind=Kind.STONE,
            effect=Effect.BANK,
            cost="SW",
            prestige=6,
            reminder="2 d: 1 gold, 5 d: 2 gold",
        ),
        Tile(
            id="alchemist",
            name="Alchemist",
            kind=Kind.STONE,
            effect=Effect.ALCHEMIST,
            cost="SF",
            prestige=6,
            reminder="2 cubes: 1 gold, 4 cubes: 2 gold",
        ),
        Tile(
            id="jeweller",
            name="Jeweller",
            kind=Kind.STONE,
            effect=Effect.JEWELLER,
            cost="SC",
            prestige=6,
            reminder="1 gold: 5 PP, 2 gold: 9 PP",
        ),
        Tile(
            id="architect",
            name="Architect",
            kind=Kind.STONE,
            effect=Effect.ARCHITECT,
            cost="SF",
            prestige=6,
            reminder="build a prestige building",
        ),
        # --- residence (green), made by the lawyer ---
        Tile(
            id="residence",
            name="Residence",
            kind=Kind.RESIDENCE,
            effect=Effect.NONE,
            cost="C",
            deniers_cost=1,
            prestige=2,
            income=1,
            reminder="+1 d income",
        ),
        # --- prestige (blue), built by an architect on the builder's residence ---
        Tile(
            id="statue",
            name="Statue",
            kind=Kind.PRESTIGE,
            effect=Effect.NONE,
            cost="SSG",
            prestige=7,
            favors=1,
            reminder="7 PP, 1 favor",
        ),
        Tile(
            id="theater",
            name="Theater",
            kind=Kind.PRESTIGE,
            effect=Effect.NONE,
            cost="WWWGG",
            prestige=14,
            favors=1,
            reminder="14 PP, 1 favor",
        ),
        Tile(
            id="university",
            name="University",
            kind=Kind.PRESTIGE,
            effect=Effect.NONE,
            cost="SSSGG",
            prestige=14,
            favors=1,
            reminder="14 PP, 1 favor",
        ),
        Tile(
            id="monument",
            name="Monument",
            kind=Kind.PRESTIGE,
            effect=Effect.NONE,
            cost="SSSSGG",
            prestige=14,
            favors=2,
            reminder="14 PP, 2 favors",
        ),
        Tile(
            id="granary",
            name="Granary",
            kind=Kind.PRESTIGE,
            effect=Effect.NONE,
            cost="FFFG",
            prestige=10,
            reminder="10 PP",
        ),
        Tile(
            id="weaver",
            name="Weaver",
            kind=Kind.PRESTIGE,
            effect=Effect.NONE,
            cost="CCCG",
            prestige=12,
            reminder="12 PP",
        ),
        Tile(
            id="library",
            name="Library",
            kind=Kind.PRESTIGE,
            effect=Effect.NONE,
            cost="WWWG",
            prestige=10,
            income=1,
            reminder="10 PP, +1 d income",
        ),
        Tile(
            id="hotel",
            name="Hotel",
            kind=Kind.PRESTIGE,
            effect=Effect.NONE,
            cost="SSSGG",
            prestige=16,
            income=2,
            reminder="16 PP, +2 d income",
        ),
        Tile(
            id="cathedral",
            name="Cathedral",
            kind=Kind.PRESTIGE,
            effect=Effect.NONE,
            cost="SSSSSGGG",
            prestige=25,
            reminder="25 PP",
        ),
    ]
}

NEUTRAL_TILES: tuple[str, ...] = (
    "n-farm",
    "n-forest",
    "n-sawmill",
    "n-quarry",
    "n-market",
    "n-carpenter",
)

# Tile sets (R1): the number of each buildable tile in the stock at the start.
TILE_SETS: dict[str, dict[str, int]] = {
    "revised": {
        **{
            t: 1
            for t in (
                "food-farm",
                "cloth-farm",
                "sawmill",
                "quarry",
                "market",
                "wood-peddler",
                "mason",
                "lawyer",
            )
        },
        **{
            t: 1
            for t in (
                "stone-farm",
                "park",
                "workshop",
                "church",
                "tailor",
                "bank",
                "alchemist",
                "jeweller",
            )
        },
        "architect": 2,
        **{
            t: 1
            for t in (
                "statue",
                "theater",
                "university",
                "monument",
                "granary",
                "weaver",
                "library",
                "hotel",
                "cathedral",
            )
        },
    },
}
TILE_SETS["first"] = {t: n for t, n in TILE_SETS["revised"].items() if t != "jeweller"}

# --- board (R5) ---
ROAD_LENGTH = 28
FIXED_POSITIONS: dict[int, str] = {7: "peddler", 8: "carpenter", 16: "gold-mine"}
BAILIFF_START = 6
SECTION_NAMES: tuple[str, ...] = ("Dungeon", "Walls", "Towers")
SECTION_SIZES: tuple[int, ...] = (6, 10, 14)
SECTION_POINTS: tuple[int, ...] = (5, 4, 3)  # PP per batch
SECTION_TRIGGERS: tuple[int, ...] = (12, 18, 24)  # road position of each scoring space


def section_reward(section: int, houses: int) -> tuple[int, int]:
    """Scoring table (phase 7): (prestige change, favors) for `houses` in `section`."""
    if houses == 0:
        return (-(2 + section), 0)  # -2 / -3 / -4
    if section == 0:
        return (0, 1) if houses >= 2 else (0, 0)
    if section == 1:
        favors = 0 if houses < 2 else 1 if houses == 2 else 2 if houses <= 4 else 3
        return (0, favors)
    favors = 0 if houses < 2 else 1 if houses <= 3 else 2 if houses <= 5 else 3
    return (0, favors)


# Special buildings before the bridge, in activation order (phase 3); "castle" is a placement space.
SPECIALS: tuple[str, ...] = ("gate", "trading", "guild", "joust", "stables", "inn")
SPECIAL_NAMES: dict[str, str] = {
    "castle": "Castle",
    "gate": "Gate",
    "trading": "Trading post",
    "guild": "Merchants' guild",
    "joust": "Joust field",
    "stables": "Stables",
    "inn": "Inn",
}
SPECIAL_REMINDERS: dict[str, str] = {
    "castle": "batches of 3 cubes (food + 2 other kinds)",
    "gate": "move this worker to a free space",
    "trading": "+3 d",
    "guild": "move the provost 1-3",
    "joust": "1 d + 1 cloth: 1 favor",
    "stables": "turn order 1/2/3",
    "inn": "place later workers for 1 d",
}
STABLES_SLOTS = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 5
START_DENIERS: tuple[int, ...] = (5, 6, 6, 7, 7)  # by turn-order position; 2 players: 5/5
TWO_PLAYER_DENIERS = 5
START_CUBES: dict[str, int] = {FOOD: 2, WOOD: 1}
WORKERS = 6
BASE_INCOME = 2
FIRST_PASS_BONUS = 1
TRADING_POST_DENIERS = 3
JOUST_COST_DENIERS = 1
LAWYER_PRESTIGE = 2  # gained for each transformation (R2 fixes the lawyer tile itself at 4)
TWO_PLAYER_PASSED_COST = 3
MAX_PROVOST_MOVE = 3
CASTLE_PENALTY = 2
SIMPLIFIED_FAVOR_PP = 3

# --- royal favor table (section 3) ---
FAVOR_LINES: tuple[str, ...] = ("a", "b", "c", "d")
FAVOR_LINE_NAMES = {"a": "prestige", "b": "deniers", "c": "cubes", "d": "buildings"}
FAVOR_PRESTIGE: tuple[int, ...] = (1, 2, 3, 4, 5)  # line a, by column
FAVOR_DENIERS: tuple[int, ...] = (3, 4, 5, 6, 7)  # line b, by column
FAVOR_COLUMNS = 5
FAVOR_COLUMNS_OPEN: tuple[int, ...] = (2, 4, 5)  # open columns after 0, 1, 2 scorings (R9)
FAVOR_CELL_TEXT: dict[str, tuple[str, ...]] = {
    "a": ("1 PP", "2 PP", "3 PP", "4 PP", "5 PP"),
    "b": ("3 d", "4 d", "5 d", "6 d", "7 d"),
    "c": ("1 food", "1 wood or stone", "1 cloth", "1 cube -> 2", "1 gold"),
    "d": ("-", "carpenter -1 wood", "mason -1 stone", "lawyer -1 d", "architect"),
}
FAVOR_BUILD_EFFECTS: dict[int, Effect] = {
    2: Effect.CARPENTER,
    3: Effect.MASON,
    4: Effect.LAWYER,
    5: Effect.ARCHITECT,
}
# Which tile family each construction effect builds.
BUILDS_KIND: dict[Effect, Kind] = {
    Effect.CARPENTER: Kind.WOOD,
    Effect.MASON: Kind.STONE,
    Effect.ARCHITECT: Kind.PRESTIGE,
}
# The cube a favor discount removes (R16).
FAVOR_DISCOUNT: dict[Effect, str] = {Effect.CARPENTER: WOOD, Effect.MASON: STONE}

END_GOLD_PP = 3
END_CUBES_PER_PP = 3
END_DENIERS_PER_PP = 4


def _validate() -> None:
    for tile in TILES.values():
        for ch in tile.cost:
            assert ch in CUBES or ch == ANY, f"{tile.id}: bad cost {tile.cost}"
        for option in tile.produce:
            assert option and all(ch in CUBES for ch in option), tile.id
        if tile.kind in (Kind.WOOD, Kind.STONE):
            lead = WOOD if tile.kind is Kind.WOOD else STONE
            # R16: every craft tile costs exactly one lead cube plus one other.
            assert len(tile.cost) == 2 and tile.cost[0] == lead, tile.id
        if tile.owner_bonus:
            assert tile.kind is Kind.STONE and tile.effect is Effect.PRODUCE, tile.id
            assert set(tile.owner_bonus) == set(tile.produce[0]), tile.id
    for name, stock in TILE_SETS.items():
        for tile_id, count in stock.items():
            assert tile_id in TILES and count > 0, (name, tile_id)
            assert TILES[tile_id].kind in (Kind.WOOD, Kind.STONE, Kind.PRESTIGE), tile_id
    assert set(NEUTRAL_TILES) <= TILES.keys()
    assert sum(SECTION_SIZES) == 30
    assert all(TILES[t].kind is Kind.FIXED for t in FIXED_POSITIONS.values())
    buildable = {t.id for t in TILES.values() if t.kind in (Kind.WOOD, Kind.STONE, Kind.PRESTIGE)}
    assert set(TILE_SETS["revised"]) == buildable


_validate()
