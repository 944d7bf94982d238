"""Caylus Magna Carta card data: the one source of truth, validated at import.

Cubes are written with one letter each, in the order F W S G (food, wood, stone, gold). In a
cost, `?` is the "white cube": one resource of any kind, gold included. Gold is a wild resource:
it may stand in for any cube of a cost or a castle batch (see docs/magna-carta-rules-choices.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from itertools import product
from typing import Final

CUBES: Final = "FWSG"  # canonical order in notation and in the players' cube lists
NON_GOLD: Final = "FWS"
GOLD: Final = 3  # index of gold in a cube list
CUBE_INDEX: Final = {c: i for i, c in enumerate(CUBES)}
CUBE_NAMES: Final = {"F": "food", "W": "wood", "S": "stone", "G": "gold"}
ANY: Final = "?"


class Kind(StrEnum):
    NEUTRAL = "neutral"  # pink: no owner
    PLAYER = "player"  # one of a player's 12 building cards
    PRESTIGE = "prestige"  # blue: shared, built by a player, never takes a worker


class Effect(StrEnum):
    """What a worker on the card (and the card's owner) may do during activation."""

    GAIN = "gain"  # take cubes or deniers from the bank, nothing to pay
    SMALL_PRODUCTION = "small-production"  # worker: 1 cube; owner: 1 cube stored on the card
    PEDDLER = "peddler"  # buy non-gold cubes at 1 d each
    MARKET = "market"  # worker: hand in 1 resource for 4 d; owner: 1 d
    LAWYER = "lawyer"  # worker: 1 food to turn an own card into a residence; owner: 2 d
    GOLD_MINE = "gold-mine"  # worker: 1 gold; owner: swap 1 own resource for 1 gold
    BANK = "bank"  # worker: 1 d -> 1 gold or 3 d -> 2 gold; owner: 2 d -> 1 gold
    CHURCH = "church"  # worker: 2 d -> 1 token or 5 d -> 2 tokens; owner: 3 d -> 1 token
    NONE = "none"  # prestige buildings (the Hotel's income is not an activation)


@dataclass(frozen=True, slots=True)
class Card:
    id: str  # the notation id
    name: str  # English name
    dutch: str  # name in the Dutch rulebook
    kind: Kind
    cost: str = ""  # cube letters, `?` = any resource
    pp: int = 0  # prestige points (shield) when built
    effect: Effect = Effect.NONE
    worker_gain: str = ""  # GAIN / production: what the worker takes ("FF", "G", "2d")
    owner_gain: str = ""  # GAIN / production: what the owner takes
    stores: str = ""  # small production: the cube kind stored on the card when it is built
    beginner: bool = True  # used in the beginner game
    worker_text: str = ""
    owner_text: str = ""


NEUTRAL_CARDS: Final[tuple[Card, ...]] = (
    Card(
        id="n-peddler",
        name="Peddler",
        dutch="marktkraam",
        kind=Kind.NEUTRAL,
        effect=Effect.PEDDLER,
        worker_text="buy 1 food, wood or stone for 1 d",
    ),
    Card(
        id="n-park",
        name="Park",
        dutch="park",
        kind=Kind.NEUTRAL,
        effect=Effect.GAIN,
        worker_gain="F",
        worker_text="take 1 food",
    ),
    Card(
        id="n-forest",
        name="Forest",
        dutch="bos",
        kind=Kind.NEUTRAL,
        effect=Effect.GAIN,
        worker_gain="W",
        worker_text="take 1 wood",
    ),
    Card(
        id="n-quarry",
        name="Quarry",
        dutch="steengroeve",
        kind=Kind.NEUTRAL,
        effect=Effect.GAIN,
        worker_gain="S",
        worker_text="take 1 stone",
    ),
    Card(
        id="n-trading",
        name="Trading Post",
        dutch="kantoor",
        kind=Kind.NEUTRAL,
        effect=Effect.GAIN,
        worker_gain="2d",
        worker_text="take 2 d",
    ),
)
FIRST_NEUTRAL: Final = (
    "n-peddler"  # laid first; the others go to its left, so it ends the start road
)


def _small(id_: str, name: str, dutch: str, cube: str) -> Card:
    word = CUBE_NAMES[cube]
    return Card(
        id=id_,
        name=name,
        dutch=dutch,
        kind=Kind.PLAYER,
        cost="FW",
        pp=1,
        effect=Effect.SMALL_PRODUCTION,
        worker_gain=cube,
        owner_gain=cube,
        stores=cube,
        worker_text=f"take 1 {word}",
        owner_text=f"take 1 {word} stored on the card (nothing once it is empty)",
    )


def _large(id_: str, name: str, dutch: str, cube: str) -> Card:
    word = CUBE_NAMES[cube]
    return Card(
        id=id_,
        name=name,
        dutch=dutch,
        kind=Kind.PLAYER,
        cost="FSS",
        pp=2,
        effect=Effect.GAIN,
        worker_gain=cube * 2,
        owner_gain=cube,
        worker_text=f"take 2 {word}",
        owner_text=f"take 1 {word}",
    )


PLAYER_CARDS: Final[tuple[Card, ...]] = (
    _small("small-farm", "Small Farm", "boerderij", "F"),
    _small("small-sawmill", "Small Sawmill", "houtzagerij", "W"),
    _small("small-quarry", "Small Quarry", "steengroeve", "S"),
    Card(
        id="peddler",
        name="Peddler",
        dutch="marktkraam",
        kind=Kind.PLAYER,
        cost="W?",
        pp=2,
        effect=Effect.PEDDLER,
        worker_text="buy 1 food, wood or stone for 1 d, or 2 (any mix) for 2 d",
        owner_text="buy 1 food, wood or stone for 1 d",
    ),
    Card(
        id="market",
        name="Market",
        dutch="markt",
        kind=Kind.PLAYER,
        cost="W?",
        pp=2,
        effect=Effect.MARKET,
        owner_gain="1d",
        worker_text="hand in 1 resource (gold too) for 4 d",
        owner_text="take 1 d",
    ),
    Card(
        id="lawyer",
        name="Lawyer",
        dutch="notaris",
        kind=Kind.PLAYER,
        cost="FW",
        pp=2,
        effect=Effect.LAWYER,
        owner_gain="2d",
        beginner=False,
        worker_text="pay 1 food to turn one of your road cards (not a Lawyer) into a residence",
        owner_text="take 2 d",
    ),
    _large("large-farm", "Large Farm", "boerderij", "F"),
    _large("large-sawmill", "Large Sawmill", "houtzagerij", "W"),
    _large("large-quarry", "Large Quarry", "steengroeve", "S"),
    Card(
        id="gold-mine",
        name="Gold Mine",
        dutch="goudmijn",
        kind=Kind.PLAYER,
        cost="FSS",
        pp=2,
        effect=Effect.GOLD_MINE,
        worker_gain="G",
        worker_text="take 1 gold",
        owner_text="swap 1 of your resources for 1 gold",
    ),
    Card(
        id="bank",
        name="Bank",
        dutch="bank",
        kind=Kind.PLAYER,
        cost="WSS",
        pp=3,
        effect=Effect.BANK,
        worker_text="pay 1 d for 1 gold, or 3 d for 2 gold",
        owner_text="pay 2 d for 1 gold",
    ),
    Card(
        id="church",
        name="Church",
        dutch="kerk",
        kind=Kind.PLAYER,
        cost="WSS",
        pp=3,
        effect=Effect.CHURCH,
        beginner=False,
        worker_text="pay 2 d for 1 castle token, or 5 d for 2",
        owner_text="pay 3 d for 1 castle token",
    ),
)


def _prestige(id_: str, name: str, dutch: str, cost: str, pp: int, beginner: bool = True) -> Card:
    return Card(id=id_, name=name, dutch=dutch, kind=Kind.PRESTIGE, cost=cost, pp=pp,
                beginner=beginner)  # fmt: skip


PRESTIGE_CARDS: Final[tuple[Card, ...]] = (
    _prestige("theatre", "Theatre", "theater", "WWG", 6),
    _prestige("statue", "Statue", "standbeeld", "SSG", 6),
    _prestige("hotel", "Hotel", "hotel", "SSSG", 6, beginner=False),
    _prestige("stables", "Stables", "stallen", "FFFGG", 10),
    _prestige("town-hall", "Town Hall", "stadhuis", "WWWGG", 10),
    _prestige("monument", "Monument", "monument", "SSSGG", 10),
    _prestige("cathedral", "Cathedral", "kathedraal", "SSSSSGGG", 14),
)
HOTEL: Final = "hotel"  # the one prestige building with an effect: +1 d income to its owner

CARDS: Final[dict[str, Card]] = {c.id: c for c in (*NEUTRAL_CARDS, *PLAYER_CARDS, *PRESTIGE_CARDS)}

# Short forms accepted when parsing (the canonical id is always written back).
ALIASES: Final[dict[str, str]] = {
    "peddler-n": "n-peddler",
    "park": "n-park",
    "forest": "n-forest",
    "trading": "n-trading",
    "trading-post": "n-trading",
    "sfarm": "small-farm",
    "ssawmill": "small-sawmill",
    "squarry": "small-quarry",
    "lfarm": "large-farm",
    "lsawmill": "large-sawmill",
    "lquarry": "large-quarry",
    "goldmine": "gold-mine",
    "mine": "gold-mine",
    "theater": "theatre",
    "townhall": "town-hall",
}

VARIANTS: Final = ("beginner", "standard")
DECKS: Final[dict[str, tuple[str, ...]]] = {
    "standard": tuple(c.id for c in PLAYER_CARDS),
    "beginner": tuple(c.id for c in PLAYER_CARDS if c.beginner),
}
PRESTIGE_SUPPLY: Final[dict[str, tuple[str, ...]]] = {
    "standard": tuple(c.id for c in PRESTIGE_CARDS),
    "beginner": tuple(c.id for c in PRESTIGE_CARDS if c.beginner),
}
NEUTRAL_IDS: Final[tuple[str, ...]] = tuple(c.id for c in NEUTRAL_CARDS)
OTHER_NEUTRALS: Final[tuple[str, ...]] = tuple(i for i in NEUTRAL_IDS if i != FIRST_NEUTRAL)

# Castle tokens: dungeon 4 PP, walls 3 PP, towers 2 PP; taken best first.
TOKEN_NAMES: Final = ("dungeon", "walls", "towers")
TOKEN_PP: Final = (4, 3, 2)
TOKENS_IN_BOX: Final = (7, 8, 9)
TOKENS_REMOVED: Final = {2: 2, 3: 1, 4: 0}  # of each kind, by player count
NO_DELIVERY_REMOVES: Final = 2  # tokens put back in the box when nobody delivers

START_CUBES: Final = (2, 2, 0, 0)  # F W S G
START_DENIERS: Final = 4
WORKERS: Final = 4
HAND_SIZE: Final = 3
BASE_INCOME: Final = 2
RESIDENCE_INCOME: Final = 1  # standard game: per own residence not covered by a prestige building
HOTEL_INCOME: Final = 1
FIRST_PASS_BONUS: Final = 1
ACTION_COST: Final = 1  # draw, swap or place a worker
PROVOST_MAX: Final = 3  # cards, 1 d each
PROVOST_END_OF_ROUND: Final = 2
STORED_CUBES: Final = {2: 2, 3: 4, 4: 4}  # on a small production card when it is built
LAWYER_PRICE: Final = "F"  # the residence's price (gold may stand in)
RESIDENCE_PP: Final = 1
PEDDLER_PRICE: Final = 1  # a cube
MARKET_PRICE: Final = 4  # deniers for a resource
BANK_WORKER: Final = {1: 1, 3: 2}  # deniers -> gold
BANK_OWNER: Final = {2: 1}
CHURCH_WORKER: Final = {2: 1, 5: 2}  # deniers -> tokens
CHURCH_OWNER: Final = {3: 1}
END_CUBES_PER_PP: Final = 3  # non-gold cubes
END_DENIERS_PER_PP: Final = 3
END_GOLD_PP: Final = 1
CASTLE_BONUS_GOLD: Final = 1
MIN_PLAYERS, MAX_PLAYERS = 2, 4

# The phases of a round, numbered per rule set (a beginner round has no provost phase).
STAGES: Final = ("setup", "income", "actions", "provost", "activation", "castle", "end")
PHASE_NUMBERS: Final[dict[str, dict[int, int]]] = {
    "standard": {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6},
    "beginner": {0: 0, 1: 1, 2: 2, 4: 3, 5: 4, 6: 5},
}
PHASES_PER_ROUND: Final = {"standard": 6, "beginner": 5}


# --- payments ----------------------------------------------------------------------------------


def cube_counts(cubes: str) -> tuple[int, int, int, int]:
    return (cubes.count("F"), cubes.count("W"), cubes.count("S"), cubes.count("G"))


def cube_text(counts: tuple[int, ...] | list[int]) -> str:
    """(1, 0, 2, 1) -> 'FSSG' (canonical order)."""
    return "".join(c * k for c, k in zip(CUBES, counts, strict=True))


def pays(cost: str, payment: tuple[int, int, int, int]) -> bool:
    """Does `payment` (counts F W S G) pay `cost` exactly? Gold stands in for any cube; a food,
    wood or stone beyond what the cost names must go to one of its `?` cubes."""
    if sum(payment) != len(cost):
        return False
    whites = cost.count(ANY)
    excess = sum(max(0, payment[i] - cost.count(c)) for i, c in enumerate(NON_GOLD))
    return excess <= whites


def payments(cost: str) -> tuple[tuple[int, int, int, int], ...]:
    """Every way to pay `cost`: fewest gold first, then most food, wood, stone."""
    size = len(cost)
    found: list[tuple[int, int, int, int]] = [
        (food, wood, stone, gold)
        for food, wood, stone, gold in product(range(size + 1), repeat=4)
        if food + wood + stone + gold == size and pays(cost, (food, wood, stone, gold))
    ]
    found.sort(key=lambda p: (p[GOLD], -p[0], -p[1], -p[2]))
    return tuple(found)


PAYMENTS: Final[dict[str, tuple[tuple[int, int, int, int], ...]]] = {
    c.cost: payments(c.cost) for c in CARDS.values() if c.cost
}
PAYMENTS[LAWYER_PRICE] = payments(LAWYER_PRICE)
BATCH: Final = "FWS"
BATCHES: Final = payments(BATCH)  # one castle batch: FWS with gold standing in for any cube


# --- validation at import -------------------------------------------------------------------


def _validate() -> None:
    ids = [c.id for c in (*NEUTRAL_CARDS, *PLAYER_CARDS, *PRESTIGE_CARDS)]
    assert len(ids) == len(set(ids)) == len(CARDS), "card ids must be unique"
    assert len(NEUTRAL_CARDS) == 5 and len(PLAYER_CARDS) == 12 and len(PRESTIGE_CARDS) == 7
    assert len(DECKS["standard"]) == 12 and len(DECKS["beginner"]) == 10
    assert set(DECKS["standard"]) - set(DECKS["beginner"]) == {"lawyer", "church"}
    assert set(PRESTIGE_SUPPLY["standard"]) - set(PRESTIGE_SUPPLY["beginner"]) == {HOTEL}
    assert FIRST_NEUTRAL in NEUTRAL_IDS and len(OTHER_NEUTRALS) == 4
    for card in CARDS.values():
        assert card.id == card.id.lower() and " " not in card.id, card.id
        assert set(card.cost) <= set(CUBES + ANY), card.id
        assert card.cost.replace(ANY, "") == "".join(
            sorted(card.cost.replace(ANY, ""), key=CUBES.index)
        ), f"{card.id}: cost letters in canonical order"
        assert not card.cost or PAYMENTS[card.cost], card.id
        if card.kind is Kind.NEUTRAL:
            assert not card.cost and card.pp == 0 and card.effect is not Effect.NONE, card.id
        elif card.kind is Kind.PLAYER:
            assert card.cost and card.pp >= 1 and card.effect is not Effect.NONE, card.id
            assert card.worker_text and card.owner_text, card.id
        else:
            assert card.cost and "G" in card.cost and card.effect is Effect.NONE, card.id
        for gain in (card.worker_gain, card.owner_gain):
            assert gain == "" or set(gain) <= set(CUBES) or gain[:-1].isdigit(), card.id
        if card.effect is Effect.SMALL_PRODUCTION:
            assert card.stores in NON_GOLD, card.id
    for alias, target in ALIASES.items():
        assert target in CARDS and alias not in CARDS, alias
    assert len(TOKEN_PP) == len(TOKENS_IN_BOX) == len(TOKEN_NAMES) == 3
    assert all(TOKENS_IN_BOX[i] > 2 * 2 for i in range(3))
    assert len(BATCHES) == 8  # FWS with any number of gold stand-ins
    for variant, numbers in PHASE_NUMBERS.items():
        assert sorted(numbers.values()) == list(range(PHASES_PER_ROUND[variant] + 1)), variant


_validate()


def tokens_at_start(players: int) -> list[int]:
    removed = TOKENS_REMOVED[players]
    return [n - removed for n in TOKENS_IN_BOX]


def name(card_id: str) -> str:
    return CARDS[card_id].name


def affordable(cost: str, cubes: dict[str, int]) -> bool:
    """Whether a stock (cube letter -> count) pays `cost` in some way, gold standing in for any
    cube (for the hand shown to its player: which cards they could build now)."""
    stock = [cubes.get(c, 0) for c in CUBES]
    return any(all(p[i] <= stock[i] for i in range(4)) for p in PAYMENTS[cost])
