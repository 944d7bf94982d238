"""The English of the Caylus engine's sentences: what happened, and why a move is illegal.

Each constant is a message template (engine/wording.py): the engine says "words.BUILD" and its
values, `Event.text` reads it in English, the bot from its translations (this module is a
catalogue source of i18n/catalogue.py, so every template has a translation per language).
{s} and {o} are seats; the other placeholders are named for what they hold (ENGLISH_NAMERS):
`tile` a tile id (None: an empty lot), `special` a special space, `cube` one cube letter,
`cubes` cube letters, `ordinal` a place, `section` a castle section's index, `effect` the
effect a favor lends, `decision` a decision kind; a (key, values) pair is a message inside.
"""

from __future__ import annotations

from typing import Any

import engine.caylus.catalogue as cat
from engine.caylus.decision_kinds import BY_NAME

# --- what happened (Event.key) --------------------------------------------------------------

GAIN_PP = "{s} gains {amount} PP ({why})"
LOSE_PP = "{s} loses {amount} PP ({why})"
INCOME = "{s} collects {amount} d income"
EVERYONE_PASSED = "Everyone has passed: the special buildings act."
PASS_FIRST = "{s} passes first (+1 d)"
PASS = "{s} passes ({ordinal})"
PLACE_ROAD = "{s} places a worker on {tile} ({at}) ({cost} d)"
PLACE_SPECIAL = "{s} places a worker on {special} ({cost} d)"
TRADING = "{s} takes {amount} d at the trading post"
STABLES = "{s} becomes {ordinal} in turn order (stables)"
INN_DRIVEN_OUT = "{s} is driven out of the inn"
INN_MOVES_IN = "{s} moves into the inn (placements cost 1 d)"
INN_LEAVES = "{s} leaves the inn"
INN_STAYS = "{s} stays in the inn"
GATE_BACK = "{s} takes the gate worker back"
GATE_ROAD = "{s} moves the gate worker to {tile} ({at})"
GATE_SPECIAL = "{s} moves the gate worker to {special}"
PROVOST_STAYS = "{s} leaves the provost where he is"
PROVOST_MOVES = "{s} moves the provost {delta:+d} to {to}"
PROVOST_BRIBE = "{s} moves the provost {delta:+d} to {to} for {cost} d"
JOUST = "{s} pays 1 d + 1 cloth at the joust field for a favor"
PROVOST_STANDS = "The provost stands on {at}: buildings 1-{at} act."
IDLE = "{s}'s worker on {tile} ({at}) does not work (beyond the provost)"
PRODUCE = "{s} takes {cubes} at the {tile} ({at})"
OWNER_CUBE = "{s} takes 1 {cube} as owner of the {tile} ({at})"
TRANSFORM = "{s} turns the {tile} ({at}) into a residence"
BUILDS_NOTHING = "{s} builds nothing"
BUILD = "{s} builds the {tile} on {at} for {cubes}"
TRANSFORMS_NOTHING = "{s} transforms nothing"
LAWYER = "{s} pays 1 cloth + 1 d to transform the {tile} ({at})"
LAWYER_FAVOR = "{s} pays 1 cloth to transform the {tile} ({at})"
LAWYER_WAITS = "The transformation of {at} waits until its worker is done"
DOES_NOT_USE = "{s} does not use the {tile} ({at})"
SELL = "{s} sells 1 {cube} for {price} d ({tile})"
BUY = "{s} buys {cubes} for {price} d ({tile})"
ALCHEMIST = "{s} turns {cubes} into {gold} gold"
BANK = "{s} pays {deniers} d for {gold} gold ({tile})"
PAY_DENIERS_AT = "{s} pays {deniers} d at the {tile}"
PAY_CUBES_AT = "{s} pays {cubes} at the {tile}"
CASTLE_MOST = "{s} built the most this turn ({count})"
CASTLE_FULL = "{s} cannot build: the castle is full (no penalty)"
BATCH = "{s} delivers {cubes} to the {section}"
BAILIFF = "The bailiff advances {step} to {to}"
TURN = "Turn {turn} begins"
GAME_END = "The Towers are scored: the game is over"
COLUMNS_OPEN = "The {section} is done: favor columns up to {columns} are open"
SCORING = "Scoring of the {section}"
FAVOR_WON = "{s} wins a royal favor ({why})"
FAVOR_LOST = "{s} loses a favor: all four lines were used this phase"
FAVOR_DENIERS = "{s} takes {amount} d (royal favor, {label})"
FAVOR_EXCHANGE = "{s} may exchange a cube (royal favor, {label})"
FAVOR_CUBE = "{s} takes 1 {cube} (royal favor, {label})"
FAVOR_NOTHING = "{s} takes no effect (royal favor, {label})"
FAVOR_EFFECT = "{s} uses the {effect} (royal favor, {label})"
KEEPS_CUBES = "{s} keeps their cubes"
EXCHANGE = "{s} gives 1 {cube} for {cubes}"

# --- why: a prestige change's reason, what won a royal favor, a favor's place ----------------

WHY_WORKER = "a worker on their {tile}"
WHY_BUILDING = "building the {tile}"
WHY_RESIDENCE = "a new residence"
WHY_TILE = "the {tile}"  # a church, tailor, jeweller; a building that gives a favor
WHY_NO_BATCH = "no batch for the castle"
WHY_HOUSE = "a house in the {section}"
WHY_NO_HOUSE = "no house in the {section}"
WHY_JOUST = "the joust field"
WHY_MOST_BATCHES = "the most batches in the castle"
WHY_SCORING = "the {section} scoring"
WHY_SIMPLE_FAVOR = "a royal favor for {why}"
WHY_FAVOR = "royal favor, {label}"
FAVOR_PLACE = "line {line} column {column}"
FAVOR_PLACE_STUCK = "line {line} column {column} (marker cannot advance)"
# The effect favor line d lends (lower case, as in "uses the carpenter").
EFFECTS = {
    "carpenter": "carpenter",
    "mason": "mason",
    "lawyer": "lawyer",
    "architect": "architect",
}

# --- why a move is illegal (engine/caylus/explain.py) ----------------------------------------

NOT_THIS_DECISION = "{action} does not answer the current decision: {decision}. You can: {options}."
NO_WORKER_LEFT = "You have no worker left to place: pass."
EMPTY_LOT = "Space {at} is an empty lot: workers go on buildings only."
TAKES_NO_WORKERS = (
    "The {tile} on {at} takes no workers (residences and prestige buildings never do)."
)
ROAD_OCCUPIED = "The {tile} on {at} is already occupied."
CASTLE_TAKEN = "You already have a worker in the castle (one per player)."
NO_STABLES = "The stables are not used in a 2-player game."
STABLES_TAKEN = "You already have a worker in the stables (one per player)."
STABLES_FULL = "The stables are full (3 workers)."
INN_TAKEN = "The inn's left circle is already taken this turn."
SPECIAL_OCCUPIED = "The {special} is already occupied."
PLACEMENT_COST = "That placement costs {cost} d and you have {deniers} d."
PROVOST_OFF_ROAD = (
    "The provost is on {at}; {move} would take him off the road (he stays between 1 and {last})."
)
PROVOST_COST = "Moving the provost {spaces} spaces costs {spaces} d; you have {deniers} d."
NOT_IN_TILE_SET = (
    "The {tile} is not in this game: it plays the {tile_set} tile set, which has no such building."
)
NOT_IN_STOCK = "The {tile} is not in the stock any more."
WRONG_BUILDER = "The {effect} cannot build the {tile} ({kind} building)."
NO_RESIDENCE = "A prestige building goes on one of your residences, and you have none."
NOT_YOUR_RESIDENCE = (
    "A prestige building goes on one of your own residences ({homes}); "
    "space {at} is not one of them."
)
CANNOT_BUILD = "You cannot build the {tile} that way: it costs {needs}. You can: {options}."
BAD_BATCH = (
    "A batch is 1 food and 2 other different cubes you own, and only while castle spaces are "
    "left. You can: {options}."
)
FAVOR_LINE_USED = "You already used favor line {line} in this phase: choose another line."
NOT_POSSIBLE = "{action} is not possible now. You can: {options}."
OPTIONS_MORE = "{options} and {more} more"
ANY_CUBE = "1 cube of your choice"

# --- text that is not an action (engine/caylus/actions.py); {text} quotes what was typed ------

NO_ACTION = "An action is needed, e.g. 'pass' or 'place castle'."
TOO_LONG = (
    "{text} is too long to be an action ({length} characters): actions are short, e.g. 'pass' "
    "or 'place 7'."
)
NOT_PLAIN_NUMBER = "{text} is not a move: numbers are written with the digits 0-9, e.g. {example}."
NOT_PLAIN = (
    "{text} is not a move: actions are written with plain letters and the digits 0-9, "
    "e.g. {example}."
)
UNKNOWN_VERB = (
    "{text}: unknown action {word}. Actions start with one of: {verbs} (see /caylus help)."
)
NOTHING_AFTER = "{text}: '{verb}' takes nothing after it."
NEEDS_MORE = "{text}: '{verb}' needs more, e.g. {example}."
BAD_CUBES = (
    "{text}: cubes are written with the letters F (food), W (wood), S (stone), C (cloth), "
    "G (gold), e.g. 'batch FWS'."
)
BAD_SPACE = "{text}: a space is a road position 1-{last} or one of {targets}."
BAD_PROVOST = "{text}: move the provost with +1..+3 or -1..-3, e.g. 'provost -2'."
BAD_INN = "{text}: say 'inn stay' or 'inn leave'."
BAD_LAWYER = "{text}: name the road position (1-{last}) to transform, e.g. 'lawyer 3'."
UNKNOWN_BUILDING = "{text}: unknown building {word} (see /caylus help)."
BAD_RESIDENCE = "{text}: the residence is a road position 1-{last}, e.g. 'build {building} @9'."
BAD_BUILD_EXTRA = (
    "{text}: after the building comes the cube you pay for '*' (e.g. 'build market G') or the "
    "residence '@12' for prestige."
)
BAD_FAVOR = "{text}: a favor is a line a-d with a column, e.g. 'favor a', 'favor c2 S', 'favor d3'."
BAD_EXCHANGE = (
    "{text}: write the cube you give, then the two you take (no gold), e.g. 'exchange G WS'."
)
# A building's kind, as in "(stone building)".
KINDS = {
    "neutral": "neutral",
    "wood": "wood",
    "stone": "stone",
    "prestige": "prestige",
    "fixed": "fixed",
    "residence": "residence",
}


# --- the English names of the values --------------------------------------------------------


def ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def cube_text(cubes: str) -> str:
    """'FWW' -> '1 food + 2 wood' ('nothing' when empty)."""
    if not cubes:
        return "nothing"
    parts = []
    for c in cat.CUBES:
        k = cubes.count(c)
        if k:
            parts.append(f"{k} {cat.CUBE_NAMES[c]}")
    return " + ".join(parts)


def cost_text(cost: str, any_cube: str, words: Any = cube_text) -> str:
    """A building's cost letters in words, each '*' as `any_cube` ('1 food + 1 cube of your
    choice'); `words` says the fixed cubes."""
    fixed = cost.replace(cat.ANY, "")
    parts = ([words(fixed)] if fixed else []) + [any_cube] * cost.count(cat.ANY)
    return " + ".join(parts) or words("")


def _decision(kind: str) -> str:
    return BY_NAME[kind].prompt


ENGLISH_NAMERS: dict[str, Any] = {
    "tile": lambda tile: cat.TILES[tile].name if tile else "empty lot",
    "special": cat.SPECIAL_NAMES.__getitem__,
    "cube": cat.CUBE_NAMES.__getitem__,
    "cubes": cube_text,
    "needs": lambda cost: cost_text(cost, ANY_CUBE),
    "ordinal": ordinal,
    "section": cat.SECTION_NAMES.__getitem__,
    "effect": EFFECTS.__getitem__,
    "kind": KINDS.__getitem__,
    "decision": _decision,
}
UNTRANSLATED = {"ENGLISH_NAMERS"}


# --- what won a royal favor -----------------------------------------------------------------

_reasons: dict[str, tuple[str, dict[str, Any]]] = {}


def favor_reason(text: str) -> tuple[str, dict[str, Any]] | None:
    """The message of a favor's reason from its English (the state keeps the English: a
    decision's `why`), None when it is not one the engine gives."""
    if not _reasons:
        from engine.wording import english

        found: list[tuple[str, dict[str, Any]]] = [
            ("words.WHY_JOUST", {}),
            ("words.WHY_MOST_BATCHES", {}),
            *(("words.WHY_TILE", {"tile": t}) for t in cat.TILES),
            *(("words.WHY_SCORING", {"section": k}) for k in range(len(cat.SECTION_NAMES))),
        ]
        for key, args in found:
            _reasons.setdefault(english(key, args), (key, args))
    return _reasons.get(text)
