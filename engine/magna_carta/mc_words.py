"""The English of the Magna Carta engine's sentences: what happened, and why a move is illegal.

Message templates as in engine/caylus/words.py (engine/wording.py explains keys and values).
Placeholders: {s} and {o} seats, `card` a card id, `cards` card ids, `cube` one cube letter,
`cubes` cube letters, `stock` the four cube counts, `cost` a card's cost letters, `ordinal` a
place, `token` a castle token's kind, `tokens` several, `decision` a decision kind, `label` a
road card as a message (CARD, RESIDENCE, COVERED); a (key, values) pair is a message inside.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine.magna_carta.catalogue as cat
from engine.magna_carta.decision_kinds import KINDS
from i18n import Plural  # a message with a singular and a plural form

# --- a road card, as players name it --------------------------------------------------------

CARD = "the {card} ({at})"
RESIDENCE = "the residence ({at})"
COVERED = "the {card} on a residence ({at})"

# --- what happened (Event.key) --------------------------------------------------------------

REDRAW = "{s} discards {cards} and draws 3 new cards"
KEEP = "{s} keeps their opening hand"
ROUND = "Round {round} begins"
SHUFFLE = "{s} shuffles their {count} discarded cards into a new pile"
INCOME = "{s} collects {amount} d income"
PASS_FIRST = "{s} passes first (+1 d)"
PASS = "{s} passes ({ordinal})"
DRAW = "{s} pays 1 d and draws a card"
SWAP = "{s} pays 1 d, discards {cards} and draws {count} new cards"
PLACE = "{s} places a worker on {label} (1 d)"
BUILD = "{s} builds the {card} at {at} for {cubes}"
BUILD_STORED = "{s} builds the {card} at {at} for {cubes} ({stored} {cube} on it)"
BUILD_PRESTIGE = "{s} builds the {card} for {cubes}"
BUILD_PRESTIGE_ON = "{s} builds the {card} on their residence at {at} for {cubes}"
PROVOST_STANDS = "The provost stands on {label}"
PROVOST_STAYS = "{s} leaves the provost where he is"
PROVOST_MOVES = "{s} pays {cost} d to move the provost {delta:+d} to {label}"
IDLE = "{s}'s worker on {label} does nothing (beyond the provost)"
TAKES_DENIERS = "{s} takes {amount} d ({why})"
TAKES_CUBES = "{s} takes {cubes} ({why})"
NO_CUBE_LEFT = "{s}'s {card} ({at}) has no cube left for its owner"
FLIP = "{s}'s {card} ({at}) becomes a residence"
FLIP_STORED = "{s}'s {card} ({at}) becomes a residence; its {stored} {cube} go back to the bank"
DOES_NOT_USE = "{s} does not use {label}"
BUY = "{s} buys {cubes} for {price} d at {label}"
SELL = "{s} hands in 1 {cube} for {price} d at {label}"
TRADE = "{s} swaps 1 {cube} for 1 gold at {label}"
LAWYER = "{s} pays 1 {cube} to turn {label} into a residence"
LAWYER_WAITS = "The card at {at} turns once its worker is done"
BANK = "{s} pays {price} d for {gold} gold at {label}"
CHURCH = Plural(
    "{s} pays {price} d for {count} castle token at {label}",
    "{s} pays {price} d for {count} castle tokens at {label}",
)
TOKEN = "{s} takes a {token} token ({pp} PP)"
LAST_ROUND = "The castle tokens are gone: this is the last round"
CASTLE_BONUS = "{s} delivered the most batches ({count}) and takes 1 gold"
CASTLE_PENALTY = "Nobody delivered: the castle loses {tokens}"
DELIVERS_NOTHING = "{s} delivers nothing"
DELIVER = "{s} delivers a batch ({cubes})"
PROVOST_END = "The provost moves {step} to {label}"
GAME_END = "The game is over"
START_PLAYER = "{s} takes the start-player card"

# --- why a gain ------------------------------------------------------------------------------

WHY_WORKER = "worker on {label}"
WHY_STORED = "stored on their {card} ({at})"
WHY_OWNER = "owner of {label}"

# --- what a decision asks -------------------------------------------------------------------

# one per decision kind, from their table (engine/magna_carta/decision_kinds.py)
DECISIONS: dict[str, str] = {kind.name: kind.prompt for kind in KINDS}

# --- why a move is illegal (engine/magna_carta/explain.py) -----------------------------------

NOT_THIS_DECISION = "{action} does not answer the current decision: {decision}. You can: {options}."
AMBIGUOUS = "{action} could mean several moves; say which: {options}."
NO_DENIER = "That costs {cost} d and you have none."
NOTHING_TO_DRAW = "Your draw pile and your discard pile are both empty: there is nothing to draw."
NOTHING_TO_SWAP = "Your hand is empty: there is nothing to swap."
NO_WORKER_LEFT = "All your workers are on the road already."
NO_SUCH_CARD = "The road has {count} cards: there is no card at {at}."
RESIDENCE_NO_WORKERS = "{label} takes no workers (residences never do)."
CARD_OCCUPIED = "{label} already has a worker (one per card)."
NOT_IN_HAND = "You have no {card} in your hand."
CANNOT_PAY = (
    "The {card} costs {needs} (gold may stand in for any cube); you have {stock}. "
    "Name a payment you can make, e.g. {options}."
)
NONE_NOW = "none now"
NO_HOTEL = "The Hotel is not used in the beginner game."
PRESTIGE_BUILT = "The {card} has been built already."
NO_FREE_RESIDENCE = (
    "A prestige building goes on one of your residences that carries none yet, and you have no "
    "such residence."
)
BEGINNER_PRESTIGE_NOT_ON_ROAD = (
    "In the beginner game prestige buildings are not put on the road: the {card} stays in front "
    "of you. Leave out @{at}."
)
NOT_FREE_RESIDENCE = "Position {at} is not one of your free residences ({homes})."
PRESTIGE_COST = "The {card} costs {needs} (gold may stand in for any cube); you have {stock}."
PROVOST_COST = "Moving the provost {spaces} cards costs {spaces} d; you have {deniers} d."
PROVOST_OFF_ROAD = (
    "The provost is on card {at} of {count}; {move} would take him past the end of the road."
)
OWNER_BUYS_ONE = "As the Peddler's owner you may buy only 1 cube."
NEUTRAL_PEDDLER = "The neutral Peddler sells only 1 cube."
CUBES_COST = Plural(
    "{count} cube costs {count} d; you have {deniers} d.",
    "{count} cubes cost {count} d; you have {deniers} d.",
)
NO_CUBE_TO_HAND_IN = "You have no {cube} to hand in."
NOT_ENOUGH_DENIERS = "You have {deniers} d, not {price} d."
CHURCH_PRICES = "Here you can pay {prices}, and only for tokens still left ({left} left)."
PRICES = "Here you can pay {prices}."
PRICE_GOLD = "{price} d ({count} gold)"
PRICE_TOKENS = Plural("{price} d ({count} token)", "{price} d ({count} tokens)")
OR = " or "
AND = " and "
NO_FOOD = "The residence costs 1 food (or 1 gold) and you have neither."
NOT_YOUR_CARD = "The card at {at} is not one of your road cards."
ALREADY_RESIDENCE = "The card at {at} is a residence already."
LAWYER_NO_FLIP = "A Lawyer cannot be turned into a residence."
ALREADY_DUE = "The card at {at} is already due to become a residence this round."
NO_CUBE_TO_PAY = "You have no {cube} to pay with."
NO_TOKEN_LEFT = "No castle token is left, so no batch can be delivered."
CANNOT_PAY_BATCH = "You cannot pay the batch {batch}: you have {stock}. You can: {options}."
NOT_POSSIBLE = "{action} is not possible now. You can: {options}."
OPTIONS_MORE = "{options} and {more} more"
ANY_RESOURCE = "resource of any kind"
NOTHING = "nothing"
TOKENS = {"dungeon": "dungeon", "walls": "walls", "towers": "towers"}
# Tokens counted by kind, one and several ("1 dungeon token", "2 dungeon tokens"; at most 2
# are removed at once).
TOKEN_COUNT = {
    "dungeon": Plural("{count} dungeon token", "{count} dungeon tokens"),
    "walls": Plural("{count} walls token", "{count} walls tokens"),
    "towers": Plural("{count} towers token", "{count} towers tokens"),
}

# --- text that is not an action (engine/magna_carta/actions.py); {text} quotes what was typed --

NO_ACTION = "An action is needed, e.g. 'pass', 'draw' or 'place 3'."
NOT_AN_ACTION = "An action is a text in the notation, e.g. 'pass', or an Action."
UNKNOWN_VERB = "{text}: unknown action {word}. Actions start with one of: {verbs}."
NOTHING_AFTER = "{text}: '{verb}' takes nothing after it."
NEEDS_MORE = "{text}: '{verb}' needs more, e.g. {example}."
BAD_LETTERS = "{text}: {what} is written with the letters {letters}."
# What the letters of BAD_LETTERS stand for.
WRITTEN = {
    "payment": "the payment",
    "buy": "what you buy",
    "resource": "the resource",
    "residence": "the residence's price",
    "batch": "a batch",
}
UNKNOWN_CARD = "{text}: unknown player card {word}; one of: {ids}."
UNKNOWN_PRESTIGE = "{text}: unknown prestige card {word}; one of: {ids}."
BAD_POSITION = "{text}: a road position is a number from 1 to {last}."
ONE_POSITION = "{text}: name one road position, e.g. 'place 3'."
BAD_PROVOST = (
    "{text}: move the provost with +1..+3 (towards the end of the road) or -1..-3, "
    "e.g. 'provost -2'."
)
BUY_TWO = "{text}: a Peddler sells at most 2 cubes, e.g. 'buy FW'."
ONE_RESOURCE = "{text}: name one resource, e.g. {example}."
BAD_PAY = "{text}: say how many deniers, e.g. 'pay 2d'."
RESIDENCE_PRICE = "{text}: the residence costs 1 food (or 1 gold)."
BAD_BATCH = (
    "{text}: a batch is 1 food, 1 wood and 1 stone (gold may stand in for any), "
    "e.g. 'deliver FWS' or 'deliver FSG'."
)


# --- the values in words --------------------------------------------------------------------


def ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def namers(
    w: Any,
    card_name: Callable[[str], str],
    cube_name: Callable[[str], str],
    ordinal: Callable[[int], str],
) -> dict[str, Callable[[Any], str]]:
    """How each named value reads, from the templates `w` (this module, or its translations)
    and the names of cards and cubes (English, or translated). `w`'s templates are read when a
    value is named, so a translation reads in the language in force then."""

    def cube_word(c: str) -> str:  # a reason may quote what the player typed instead
        return cube_name(c) if c in cat.CUBE_NAMES else c

    def cubes(letters: str) -> str:
        parts = [f"{letters.count(c)} {cube_word(c)}" for c in cat.CUBES if c in letters]
        return " + ".join(parts) if parts else w.NOTHING

    def cost(letters: str) -> str:
        parts = []
        for c in (*cat.CUBES, cat.ANY):
            k = letters.count(c)
            if k:
                parts.append(f"{k} {cube_word(c) if c != cat.ANY else w.ANY_RESOURCE}")
        return " + ".join(parts)

    def stock(counts: list[int]) -> str:
        return ", ".join(f"{k} {cube_word(c)}" for c, k in zip(cat.CUBES, counts, strict=True))

    def tokens_counted(kinds: list[str]) -> str:
        # each kind once with its count: two dungeon tokens never read "dungeon and dungeon"
        counts = {kind: kinds.count(kind) for kind in dict.fromkeys(kinds)}
        return str(w.AND).join(
            w.TOKEN_COUNT[kind].format(count=count) for kind, count in counts.items()
        )

    def prices(table: list[Any]) -> str:  # [what, [(price, count), ...]]
        what, pairs = table

        template = w.PRICE_GOLD if what == "gold" else w.PRICE_TOKENS
        return str(w.OR).join(template.format(price=p, count=k) for p, k in pairs)

    return {
        "card": card_name,
        "cards": lambda ids: ", ".join(card_name(c) for c in ids) if ids else w.NOTHING,
        "cube": cube_word,
        "cubes": cubes,
        "needs": cost,
        "stock": stock,
        "ordinal": ordinal,
        "token": lambda token: w.TOKENS[token],
        "tokens": tokens_counted,
        "decision": lambda kind: w.DECISIONS[kind],
        "prices": prices,
        "what": lambda what: w.WRITTEN[what],
        "letters": lambda letters: ", ".join(f"{c} ({cube_word(c)})" for c in letters),
    }


def _english_names() -> dict[str, Callable[[Any], str]]:
    import sys

    return namers(
        sys.modules[__name__], lambda c: cat.CARDS[c].name, cat.CUBE_NAMES.__getitem__, ordinal
    )


ENGLISH_NAMERS = _english_names()
UNTRANSLATED = {"ENGLISH_NAMERS"}
