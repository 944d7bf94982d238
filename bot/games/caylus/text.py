"""Caylus in Discord: the strings only this game shows (templates for str.format), read
through `bot.games.caylus.lang`: the choices of its prompts and questions ahead, its accounts,
looks (status, /caylus me, scores) and rules texts.

The strings shared by the games are in bot/words/text.py; their msgctxt is `text.<NAME>` in both
(docs/i18n.md).
"""

from __future__ import annotations

from i18n import Plural

CY_PASS = "Pass"
CY_PASS_FIRST = "Pass (+1 d: first to pass)"
CY_PASS_DESC = "place no more workers this turn"
CY_SKIP = {
    "castle": "Stop delivering",
    "build": "Build nothing",
    "lawyer": "Transform nothing",
    "guild": "Leave the provost",
    "bribe": "Leave the provost",
    "joust": "No joust",
    "exchange": "Keep my cubes",
}
CY_SKIP_ANY = "Skip"
CY_GATE_BACK = "Take the worker back"
CY_GATE_BACK_DESC = "it returns to your hand"
CY_GATE_MOVE = "Move to {space} — free"
CY_PROVOST_PAID = "Provost {delta:+d} → {target} — {cost} d"
CY_PROVOST_FREE = "Provost {delta:+d} → {target} — free"
CY_PROVOST_DESC = "buildings 1-{target} will act"
CY_JOUST = "Joust — 1 d + 1 cloth → 1 royal favor"
CY_INN_STAY = "Stay in the inn"
CY_INN_STAY_DESC = "your placements keep costing 1 d"
CY_INN_LEAVE = "Leave the inn"
CY_INN_LEAVE_DESC = "the worker returns to your hand"
CY_TAKE_OWNER = "Take 1 {cube}"
CY_TAKE_OWNER_DESC = "owner's cube from {where}"
CY_TAKE = "Take {cubes}"
CY_TAKE_AT = "at the {where}"
CY_LAWYER = "{where} → residence — {paid}, +2 PP"
CY_LAWYER_PAID_FAVOR = "1 cloth"
CY_LAWYER_PAID = "1 cloth + 1 d"
CY_LAWYER_DESC = "a residence gives +1 d income"
CY_SELL = "Sell 1 {cube} — +{price} d"
CY_BUY = "Buy {cubes} — {price} d"
CY_BATCH = "Deliver {cubes} — +{points} PP"
CY_BATCH_DESC = "one house in the {section}"
CY_EXCHANGE = "Give 1 {give}, take {cubes}"
CY_PAY = "Pay {paid}"
CY_PAY_FOR = "Pay {paid} → {reward}"
CY_GOLD = "{count} gold"
CY_BUILD_ON = "{name} on your residence ({pos}) — {cost} → {gains}"
CY_FAVORS = Plural("{count} favor", "{count} favors")
CY_MARKER_TO = "marker to column {col}"
CY_MARKER_STAYS = "marker stays at column {col}"
CY_FAVOR_LINE = "line {line}, {marker}"
CY_FAVOR_CELL = "line {line} column {col}, {marker}"
CY_FAVOR_CELL_ONLY = "line {line} column {col}"
CY_FAVOR_NO_EFFECT = "{name}: no effect, {marker}"
CY_WARN_CASTLE = "⚠ leaves no batch for the castle: −{penalty} PP"
CY_WARN_BEYOND = "⚠ your worker on the {where} ends beyond the provost"
CY_WARN_IDLE = "⚠ your worker on the {where} would have nothing to do"
CY_NOW = " (now)"
CY_QUESTION_WORDS = {
    "produce": "what it produces",
    "owner": "your owner's cube",
    "castle": "the castle",
    "bribe": "moving the provost",
    "joust": "the joust",
    "inn": "the inn",
    "gate": "where the gate worker goes",
    "guild": "the provost (guild)",
    "build": "what to build",
    "lawyer": "the lawyer",
    "sell": "what to sell",
    "buy": "what to buy",
    "church": "the church",
    "tailor": "the tailor",
    "bank": "the bank",
    "alchemist": "the alchemist",
    "jeweller": "the jeweller",
}
CY_ALL_I_CAN = "deliver all I can"
CY_DELIVER_N = Plural("deliver {count} batch", "deliver {count} batches")
CY_DECIDE_LATER = "{label} · decide later"
# the same choice on the web page's chooser at the space, under the placement's name
CY_LATER = "Decide later"
CY_CASTLE_ALL = Plural(
    "All I can: {count} batch — about +{pp} PP", "All I can: {count} batches — about +{pp} PP"
)
CY_CASTLE_N = Plural(
    "Deliver: {count} batch — about +{pp} PP", "Deliver: {count} batches — about +{pp} PP"
)
CY_GROUP_SPECIALS = "Special buildings and the castle"
CY_GROUP_ROAD = "Road buildings"
CY_GROUP_LINE = "Line {line} ({name})"
CY_GROUP_GIVE = "Give 1 {cube}"
CY_CHOOSE_BUILDING = "Choose a building"
CY_CHOOSE_TRANSFORM = "Choose a building to transform"
CY_CHOOSE = "Choose"

# --- the game's prompts, accounts, looks and rules (ui.py, narration.py, rules.py) ---------
LOBBY_OPTIONS_TEXT = "Favors: {favor_mode} · Buildings: {tile_set}"
GAME_STARTS_ORDER = "Turn order: {order}."
PHASE_HEADER = "**Turn {turn} · {phase}. {name}**"
PHASE_HEADER_SO_FAR = "**Turn {turn} · {phase}. {name}** (so far)"
MORE_LINES = "… and {count} more"
PROMPT_CONTEXT = "Turn {turn} · phase {phase} ({name}) · {stock}"
USED_BY = "{prompt}, used by {user}"  # an owner's cube: who used the building
PREMOVE_PASS = "Then pass"
PREMOVE_ITEM = "{space} (at most {cost} d)"
# A move's account line with the prestige it gave: "Ann builds the Farm on 9 for 1 wood: +2 PP".
WITH_PRESTIGE = "{line}: +{amount} PP"
CHOICES_LINE = "• {question}{planned}"
CHOICES_PLANNED = " — planned: **{answer}**"
SCORE_LINE = (
    "{emoji} **{name}**: **{total}** = {game} PP + {gold} (gold) + {cubes} (cubes) "
    "+ {deniers} (deniers)"
)
STATUS_TURN = "Turn {turn} · phase {phase} ({name}) · bailiff {bailiff} · provost {provost}"
STATUS_SEAT = Plural(  # count: the workers left
    "{emoji} {name}: {pp} PP · {deniers} d · {cubes} · {count} worker left",
    "{emoji} {name}: {pp} PP · {deniers} d · {cubes} · {count} workers left",
)
ME_LINE = Plural(  # count: the workers in hand
    "**{pp} PP** · **{deniers} d** · {cubes} · {count} worker in hand",
    "**{pp} PP** · **{deniers} d** · {cubes} · {count} workers in hand",
)
ME_FAVORS = "Favor markers: prestige {a}, deniers {b}, cubes {c}, buildings {d}"
ME_BUILDINGS = "Your buildings: {buildings}"
ME_NO_BUILDINGS = "You own no building yet."
RULES_FAVORS_TOPIC = "Royal favors — the table, its lines and columns"
RULES_SCORING_TOPIC = "Castle scoring and the end bonus"
RULES_FAVORS_HEAD = (
    "**Royal favors.** Choose a line, move its marker one column right if that column is open "
    "(1-2 from the start, 3-4 after the Dungeon scoring, 5 after the Walls scoring), then use "
    "any column up to the marker (lines a and b: the highest)."
)
RULES_FAVORS_FOOT = (
    "Several favors in one phase must use different lines. Simplified mode: every favor is 3 PP."
)
RULES_SCORING_HEAD = (
    "**Castle.** A batch is 1 food + 2 other different cubes; each batch puts a house in the "
    "section being built. A section is scored when the bailiff reaches its space or it is full "
    "(houses in that section only):"
)
RULES_SCORING_LINE = (
    "**{name}** ({size} spaces, {points} PP a batch, scored at {trigger}) — houses {rows}"
)
RULES_SCORING_FOOT = (
    "A castle worker who delivers nothing loses 2 PP (not once the castle is full). "
    "End bonus: 3 PP a gold, 1 PP per 3 other cubes, 1 PP per 4 d."
)
RULES_UNKNOWN = (
    "I know no building, phase, space or figure called '{topic}'. Start typing to see the list."
)
RULES_BUILDING = "**{name}** ({kind}{pos})"
RULES_COST = "Cost: {cost}"
RULES_PRESTIGE = "Built: +{pp} PP{favors}"
RULES_EFFECT = "Effect: {reminder}"
RULES_NOTATION = "Notation id: `{id}`"
RULES_PLACE = "To place a worker here: `/caylus play place {id}`"
RULES_PHASE_TOPIC = "Phase {number}: {name}"
RULES_TILE_TOPIC = "{name} ({kind}) — {reminder}"
RULES_SPACE = ", space {position}"
RULES_ANY_CUBE = "1 cube of your choice"
RULES_ONE_CUBE = "1 {cube}"
RULES_FAVORS_BUILT = Plural(", {count} royal favor", ", {count} royal favors")
RULES_FAVOR_CELL = "{column}: {text}"
RULES_FAVOR_LINE = "**{line}) {name}** — {cells}"
RULES_SCORE_FAVORS = Plural("{count} favor", "{count} favors")
RULES_SCORE_NOTHING = "nothing"
# What the favor table and the scoring tables can be asked as (besides 'favors', 'scoring').
RULES_FAVORS_NAME = "royal favors"
RULES_SCORING_NAME = "castle scoring"
PHASE_RULES = {
    1: "Each player takes 2 d, +1 d per residence and library, +2 d per hotel.",
    2: "In turn order, place one worker at a time or pass. A placement costs 1 d plus 1 d for "
    "each player who has passed (always 1 d on your own building or from the inn). The first "
    "to pass gets 1 d.",
    3: "The gate worker moves to a free space; the trading post gives 3 d; the merchants' guild "
    "moves the provost 1-3; the joust field turns 1 d + 1 cloth into a royal favor; the stables "
    "change the turn order; the inn lets its occupant place workers for 1 d.",
    4: "In passing order, each player may move the provost up to 3 spaces, 1 d a space.",
    5: "Buildings up to the provost act, from the bridge on; a building's owner gains 1 PP when "
    "someone else uses it.",
    6: "Castle workers, in arrival order, deliver batches (1 food + 2 other different cubes) for "
    "houses and PP; a castle worker without a batch loses 2 PP; most batches wins a favor.",
    7: "The bailiff advances (2 if the provost is ahead of him); a castle section is scored when "
    "the bailiff reaches its space or it is full. The game ends after the Towers.",
}
RULES_PHASE = "**Phase {phase}: {name}**\n{text}"
# /caylus help topic: the figures and special spaces, in words (key -> (topic label, text)).
RULES_FIGURES: dict[str, tuple[str, str]] = {
    "provost": (
        "Provost — which buildings work this turn",
        "The provost stands on the road. In phase 5 only the buildings from the bridge up to "
        "the provost act; a worker beyond him does nothing (the placement is lost). In phase 4 "
        "each player, in passing order, may move him up to 3 spaces either way for 1 d a space; "
        "the merchants' guild moves him 1-3 spaces for free. At the end of the turn he goes back "
        "to the bailiff.",
    ),
    "bailiff": (
        "Bailiff — the clock of the game",
        "The bailiff moves along the road in phase 7: 1 space, or 2 if the provost stood ahead "
        "of him. When he reaches the scoring space of the castle section being built (or the "
        "section is full), that section is scored: royal favors or a penalty by the houses each "
        "player built there. The game ends after the Towers are scored.",
    ),
    "bridge": (
        "Bridge — passing and the order of the provost",
        "A player who passes in phase 2 puts their marker on the bridge: the first to pass gets "
        "1 d, and every later placement of the others costs 1 d more per player who has passed. "
        "The bridge order is also the order in which players may move the provost in phase 4.",
    ),
    "castle": (
        "Castle — batches, houses and sections",
        "In phase 6 the workers in the castle, in arrival order, each deliver batches of 1 food "
        "and 2 other different cubes; each batch builds a house in the section under "
        "construction (Dungeon 5 PP, Walls 4 PP, Towers 3 PP a house; a full section overflows "
        "into the next). A castle worker with no batch loses 2 PP. Whoever delivered the most "
        "batches this turn gains a royal favor (ties: the first to arrive).",
    ),
    "gate": (
        "Gate — a late placement",
        "In phase 3 the worker on the gate moves, for free, to any unoccupied space (a road "
        "building, a special space or the castle), or goes back to its owner.",
    ),
    "trading": ("Trading post", "In phase 3 the worker on the trading post takes 3 d."),
    "guild": (
        "Merchants' guild",
        "In phase 3 the worker on the merchants' guild moves the provost 1, 2 or 3 spaces "
        "either way, for free.",
    ),
    "joust": (
        "Joust field",
        "In phase 3 the worker on the joust field may pay 1 d and 1 cloth for a royal favor.",
    ),
    "stables": (
        "Stables — the next turn order",
        "Up to 3 workers (one per player). In phase 3 their owners move to the front of the "
        "turn order, in the order they entered the stables.",
    ),
    "inn": (
        "Inn — cheap placements",
        "A worker that enters the inn's left space moves to its right space in phase 3 and "
        "stays there: while it does, its owner pays 1 d for every placement whatever the bridge "
        "says. In phase 3 the occupant may leave instead (the worker goes home).",
    ),
    "residences": (
        "Residences and prestige buildings",
        "A lawyer turns one of your road buildings into a residence (+1 d income each turn). "
        "Prestige buildings (PP and sometimes royal favors) are built by the architect, only on "
        "one of your own residences.",
    ),
    "end": (
        "End of the game",
        "The game ends after the Towers are scored (or when the castle is full). Each gold is "
        "worth 3 PP, each 3 other cubes 1 PP, each 4 d 1 PP; the most PP wins (ties share).",
    ),
}
