"""The fixed words of the pictures, in English: the catalogue source of their translations
(i18n). Read them through `w` (`from render.labels import w`), in the language in force; the
names of buildings and cards are in render/names.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.caylus import rules as engine_rules
from i18n import Plural, Words

# Caylus (render/caylus/board.py, render/caylus/card.py)
PHASE_NAMES = ("Income", "Workers", "Specials", "Provost", "Buildings", "Castle", "End of turn")
KIND_LABELS = {
    "neutral": "neutral",
    "fixed": "fixed",
    "wood": "wood",
    "stone": "stone",
    "residence": "residence",
    "prestige": "prestige",
}
TURN = "Turn {turn}"
GAME_OVER = "Game over"
FINAL_SCORES = "FINAL SCORES"
WHAT_CHANGED = "What changed: {notes}"
NO_CHANGE = "no change on the board"
BEFORE_THE_BRIDGE = "BEFORE THE BRIDGE"
SPECIALS_ORDER = "act in this order in phase 3"
THE_ROAD = "THE ROAD"
EMPTY_LOT = "empty lot"
NEXT_BUILDING = "next building"
GOES_HERE = "goes here"
END_OF_ROAD = "end of road"
BAILIFF = "BAILIFF"
PROVOST = "PROVOST"
CASTLE = "CASTLE"
ARRIVAL_ORDER = "Arrival order:"
NO_CASTLE_WORKER = "no worker in the castle"
ROYAL_FAVORS = "ROYAL FAVORS"
SIMPLIFIED_FAVORS = "Simplified favors"
PLAYERS = "PLAYERS"
IN_TURN_ORDER = "in turn order"
IN_HAND = "in hand"
DECIDING_NOW = "▶ deciding now"
STILL_PLACING = "still placing"
IN_THE_INN = "in the inn"
BUILDINGS_IN_STOCK = "BUILDINGS IN STOCK"
COST_TO_PRESTIGE = "cost → prestige when built"
LEGEND = "⚜ = royal favor   ? = any cube"
CHANGED_LAST_PHASE = "changed last phase"
WHAT_HAPPENED = "WHAT HAPPENED"
CARD_NO_CHANGE = "No change on the board."
GAME_BEGINS = "The game begins."

# Caylus: the details of the board (render/caylus/: board.py, road.py, castle.py, stock.py)
PLAYER_N = "Player {number}"  # a seat without a name
COLOUR_NAMES = ("blue", "red", "green", "orange", "black")  # seat order
SCORING_HOUSES = "houses {rows}"
SCORING_FAVORS = Plural("{count} favor", "{count} favors")
SCORING_NOTHING = "nothing"
GAME_OVER_AFTER = "Game over after turn {turn}  —  ★ {result}"
WINS_WITH = Plural("{who} wins with {count} point", "{who} wins with {count} points")
WIN_WITH = Plural(  # two or more winners share the win
    "{who} win with {count} point", "{who} win with {count} points"
)
FINAL_COLUMNS = {
    "game": "game PP",
    "gold": "gold ×3",
    "cubes": "cubes ÷3",
    "deniers": "deniers ÷4",
    "total": "total",
}
WINNER = "★ winner"
INN_NOTE = "right circle: every worker costs 1 d"
NOT_USED_2P = "not used with 2 players"
INN_LEFT = "left"
INN_RIGHT = "right"
BRIDGE_TITLE = "Bridge: passing order"
BRIDGE_2P = "after a pass the other pays 3 d"
BRIDGE_NOTE = "after k passes a worker costs k+1 d"
STILL_PLACING_N = Plural("{count} still placing", "{count} still placing")
ROAD_NOTE = "provost on {provost}: buildings 1–{provost} work this turn · bailiff on {bailiff}"
TO_RESIDENCE = "→ residence"  # the Caylus lawyer's tile
SECTION_SCORING = "{section} scoring"
OR = "or"
OWNER_BONUS = "owner: +1 {cubes}"
SECTION_INFO = "{pp} PP · at {at}"
SCORING_WHEN = (  # by section: its name and whether it is full read differently per language
    "Dungeon scoring, when the bailiff reaches {at} or the Dungeon is full:",
    "Walls scoring, when the bailiff reaches {at} or the Walls are full:",
    "Towers scoring, when the bailiff reaches {at} or the Towers are full:",
)
ALL_SCORED = "All three sections are scored: the game ended after the Towers scoring."
COLUMNS_OPEN = "columns 1–{open} open"
COLUMN_CLOSED = "{column} (closed)"
FAVOR_START = "start"
LINE_USED = "used"
EVERY_FAVOR = "every royal favor gives {pp} PP"
NO_FAVOR_TABLE = "(this game has no favor table)"
PLAYER_COLUMNS = {"deniers": "deniers", "cubes": "cubes", "workers": "workers", "income": "income"}
STOCK_LABELS = {"wood": "Wood", "stone": "Stone", "prestige": "Prestige"}
ON_A_RESIDENCE = "{architect}, on a residence"
NONE_LEFT = "none left"

# Caylus: the phone card (render/caylus/card.py)
PHASES_ONE = "turn {turn} · {phase}"
PHASES_TURN = "turn {turn} · {first} → {last}"
PHASES_SPAN = "turn {turn} {first} → turn {last_turn} {last}"
CARD_FAVOR_LINES = "a–d: royal favor lines (column)"
CARD_SIMPLE_FAVORS = "royal favors: {pp} PP each"
CARD_LEGEND = "● workers in hand · {favors}"
DECIDING = "▶ deciding"
CARD_BREAKDOWN = "{game} PP in play · gold +{gold} · cubes +{cubes} · deniers +{deniers}"
MORE_IN_MESSAGE = Plural("… and {count} more in the message", "… and {count} more in the message")
CARD_ONLY_BADGES = "No change on the board; the badges show the resources gained and spent."
CASTLE_HOUSES = "Castle houses: {sections}"
CASTLE_LINE = "Castle: {status}"
SECTION_HOUSES = "{section} houses:"
NONE_YET = "none yet"
SCORING_AT = "{section} scoring at {at}"
CARD_ROAD = "Provost {provost} · bailiff {bailiff} · {scoring}"

# Caylus: what a decision needs to know and the castle in one phrase
# (render/caylus/describe.py)
NEXT_WORKER_COSTS = "next worker costs {cost} d"
AS_EFFECT = "as {effect}"
VIA_FAVOR = " (royal favor)"
LINES_USED = "; lines used: {lines}"
SPACES_LEFT = Plural("{count} space left", "{count} spaces left")
PROVOST_ON = "provost on {at}"
AT_TILE = "at the {name} ({at})"
AT_SPACE = "at {at}"
CASTLE_OVER_ALL = "game over after the Towers scoring · all {spaces} spaces built"
CASTLE_OVER_EMPTY = "game over after the Towers scoring · {empty} of {spaces} spaces empty"
CASTLE_NO_SPACE = (  # by section
    "no space left · the Dungeon is scored at the end of this turn",
    "no space left · the Walls are scored at the end of this turn",
    "no space left · the Towers are scored at the end of this turn",
)
CASTLE_FULL = (  # by section; {next}: the section the next houses go to
    "the Dungeon is full (scored at the end of this turn) · next houses go to the {next}",
    "the Walls are full (scored at the end of this turn) · next houses go to the {next}",
    "the Towers are full (scored at the end of this turn) · next houses go to the {next}",
)
CASTLE_BUILDING = (  # by section
    "building the Dungeon · {free} of {size} spaces free",
    "building the Walls · {free} of {size} spaces free",
    "building the Towers · {free} of {size} spaces free",
)

# Caylus: what changed (render/caylus/changes.py)
NOTE_RESIDENCE = "{who} turned the {name} ({at}) into a residence"
NOTE_BUILT = "{who} built the {name} ({at})"
NOTE_CLEARED = "space {at} was cleared"
NOTE_HOUSES = Plural("{count} new castle house", "{count} new castle houses")
NOTE_PROVOST = "provost {old} → {new}"
NOTE_BAILIFF = "bailiff {old} → {new}"
NOTE_SCORED = "scored: {sections}"
NOTE_TURN_ORDER = "new turn order"
PASSED_WITHOUT = "{passed} without placing"
WORKERS_PLACED = "workers placed: {counts}"
PASSED_LIST = "passed: {names}"
SCORING_FAVOR = "{who} a favor"
DELIVERS = Plural(
    "{who} delivers {count} batch to the {section}",
    "{who} delivers {count} batches to the {section}",
)
FAVOR_COLUMN = "{line} → column {column}"
FAVOR_MOVED = "{who}: royal favor, line {lines}"
# The engine's English sentences the pictures read until its events carry keys (machine text,
# never shown: UNTRANSLATED): a placement names its space, a won favor is told from a taken one.
ENGINE_PLACED_ON = r"places a worker on (?P<target>.+) \((?P<cost>\d+) d\)\s*$"
ENGINE_FAVOR_WON = "wins a royal favor"
UNTRANSLATED = frozenset({"ENGINE_PLACED_ON", "ENGINE_FAVOR_WON"})

# Magna Carta: a player's hand (render/magna_carta/hand.py) and the phases' titles
MC_TO_RESIDENCE = "→ residence"  # the Magna Carta lawyer (its own word in Dutch: woonhuis)
MC_PHASES = {
    "setup": "Opening hands",
    "income": "Income",
    "actions": "Actions",
    "provost": "Provost",
    "activation": "Activation",
    "castle": "Castle",
    "end": "End of round",
}
HAND_TITLE = "{name}'s hand"
HAND_WHEN = "round {round} · {phase}"
HAND_GAME_OVER = "game over"
HAND_NOTE = "Only you see this picture: your cards are hidden from the others."
HAND_WORKERS = "{count}/{total} workers"
HAND_NO_CARD = "No card in hand."
HAND_CARDS = Plural("{count} card in hand", "{count} cards in hand")
HAND_CAN_PAY = "✓ you can pay it"
HAND_SHORT_OF = "short of {what}"
HAND_MORE_CUBES = Plural("{count} more cube", "{count} more cubes")
HAND_WORKER = "Worker: {text}"
HAND_OWNER = "Owner: {text}"
HAND_BUILT_WITH = "Built with {count} {cube} on it."
HAND_COST = "cost"
HAND_OWNER_NOTE = "Owner: what the card's owner gets when another player's worker is on it."
HAND_DRAW_PILE = Plural(
    "Draw pile: {count} card (1 d a draw)", "Draw pile: {count} cards (1 d a draw)"
)
HAND_DISCARD = "Discard pile (face up, top last): {names}"
HAND_DISCARD_EMPTY = "Discard pile: empty"

# Magna Carta: the board and the phone card (render/magna_carta/board.py, card.py)
MC_THE_ROAD = "THE ROAD"
MC_SHIELD_LEGEND = "shield: the owner's points"
MC_GREY_LEGEND = " · grey: beyond the provost, idle"
MC_CASTLE = "CASTLE"
MC_BRIDGE = "BRIDGE"
MC_PRESTIGE_BUILDINGS = "PRESTIGE BUILDINGS"
MC_ON_RESIDENCE = "built on your own residence"
MC_IN_FRONT = "kept in front of you"
MC_ALL_BUILT = "All built."
MC_PLAYERS = "PLAYERS"
MC_FROM_START = "from the start player"
MC_TOKENS_LEGEND = "castle tokens won: dungeon, walls, towers"
MC_START_PLAYER = "start player"
MC_PRESTIGE_LEFT = "Prestige left: {supply}"
MC_LAST_ROUND = "Last round: the castle tokens are gone."
MC_TOKENS_LEFT = "Castle tokens left:"
MC_NO_CHANGE_ROAD = "No change on the road; the badges show what each player gained and spent."

# Magna Carta: the details of the board, the card and what changed (render/magna_carta/)
MC_TOKEN_NAMES = {"dungeon": "dungeon", "walls": "walls", "towers": "towers"}
MC_TOKEN_PP = "{token} {pp} PP"
MC_ROAD_CARDS = Plural("{count} card", "{count} cards")
MC_ROAD_PROVOST = "provost on {at}: {stretch}"
MC_BATCHES_THIS_PHASE = "Batches this phase: {counts}"
MC_FIRST_PASS = "1st to pass: +{bonus} d"
MC_CARD_COUNTS = "hand {hand} · pile {pile} · discard {discard}"
MC_DISCARD_TOP = " (top: {name})"
MC_BUILDINGS_ON_ROAD = Plural(
    "{count} building on the road ({pp} PP)", "{count} buildings on the road ({pp} PP)"
)
MC_RESIDENCES_AT = Plural("{count} residence at {where}", "{count} residences at {where}")
MC_PRESTIGE_OWNED = "prestige: {names}"
MC_CARD_LEGEND = "PP: points now · ● workers, ▯ cards in hand"
MC_RESULT_PARTS = {  # the parts of a final score
    "tokens": "castle",
    "buildings": "road",
    "prestige": "prestige",
    "gold": "gold",
    "cubes": "cubes",
    "deniers": "deniers",
}
MC_ROAD_LINE = Plural("Road: {count} card", "Road: {count} cards")
MC_NONE = "none"
MC_EVERYONE = "Everyone"
MC_STILL = "Still"  # before the seats still to answer: "Still  must keep or redraw ..."
MC_ALL_REDRAW = "must keep or redraw their opening hands"
MC_WAITING_FOR = "waiting for {names}"
MC_SHARE_WIN = Plural(
    "{who} share the win with {count} point", "{who} share the win with {count} points"
)
MC_PHASES_ONE = "round {round} · {phase}"
MC_PHASES_ROUND = "round {round} · {first} → {last}"
MC_PHASES_SPAN = "round {round} {first} → round {last_round} {last}"
MC_NOTHING = "nothing"
MC_TAKE = "take {what}"
MC_BUY_ONE = "buy 1 cube"
MC_BUY_TWO = "buy 1-2 cubes"
MC_SELL = "1 cube → {price} d"
MC_BUY_GOLD = "buy gold"
MC_BUY_TOKENS = "buy tokens"
MC_ON_A_RESIDENCE = "on a residence"
MC_RESIDENCE_INCOME = "+{income} d income"
MC_RESIDENCE = "residence"
MC_WHOLE_ROAD = "the whole road acts"
# Which road cards act: the acting part and the idle part, each for one card or a range
# ("cards 1-12 act, card 13 does not"; never a range of one card like "13-13").
MC_STRETCH = "{acting}, {idle}"
MC_ACTING_ONE = "only card 1 acts"
MC_ACTING = "cards 1-{provost} act"
MC_IDLE_ONE = "card {at} does not"
MC_IDLE = "cards {first}-{last} do not"
MC_WORKER_ON = "worker on {places}"
MC_DRAWS = Plural("draws a card", "draws {count} cards")
MC_KEEPS = "{who} keeps the opening hand"
MC_REDRAWS = "{who} redraws (discards {cards})"
MC_SWAPS = "swaps the hand (discards {cards})"
MC_BUILDS = "builds {name} ({at})"
MC_BUILDS_PRESTIGE = "builds the {name}"
MC_ON_THE_RESIDENCE = " on the residence ({at})"
MC_PASSES = "passes {place}"
MC_MOVES_PROVOST = "{who} moves the provost {delta} to {target}"
MC_DELIVERS = Plural(
    "{who} delivers a batch: {tokens} (+{pp} PP)",
    "{who} delivers {count} batches: {tokens} (+{pp} PP)",
)
MC_WHO_BUILDS = "{who} builds {name}"
MC_TURNED_RESIDENCE = "{name} ({at}) → residence"
MC_WHO_BUILDS_PRESTIGE = "{who} builds the {names}"
MC_PASSING_ORDER = "Passing order: {names}"
MC_PROVOST_STANDS = "The provost stands on {target}"
MC_WINS_TOKENS = "{who} wins castle tokens: {tokens}"

# Both games: ordinals and passing (render/sentences.py ordinal)
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}
ORDINAL = "{k}th"
PASSED = "passed {place}"
# Magna Carta: the header and who must decide what (render/magna_carta/card.py, decision.py)
MC_ROUND = "Round {round}"
MC_ROUND_LAST = "Round {round} (last)"
MC_PROVOST_TAG = "PROVOST"
MC_MUST_REDRAW = "must keep or redraw the opening hand"
MC_REDRAW_DETAIL = "each player decides alone, in private"
MC_MUST_ACT = "must act: place a worker, build, draw, swap or pass"
MC_ACT_DETAIL = Plural(
    "{deniers} d · {workers} workers and {count} card in hand",
    "{deniers} d · {workers} workers and {count} cards in hand",
)
MC_MAY_PROVOST = "may move the provost, 1 d a card (up to 3)"
MC_PROVOST_DETAIL = "provost on {where}: {stretch}"
MC_MAY_CASTLE = "may deliver batches to the castle"
MC_NEXT_TOKEN = "next token: {token} ({pp} PP)"
MC_NO_TOKEN = "no token left"
MC_CASTLE_DETAIL = "{token} · {left} left"
MC_DELIVERED = " · {count} delivered"
MC_MAY_USE_OWN = "may use their {where} ({user}'s worker): {effect}"
MC_A_WORKER = "a worker"
MC_MAY_USE = "may use {where}: {effect}"
MC_MAY_USE_OF = "may use {owner}'s {where}: {effect}"

# What a Caylus decision asks (the engine's sentences, translated here): kind -> words, and the
# same at a road building ({where}: its name and position).
DECISIONS = dict(engine_rules.PROMPTS)
DECISIONS_AT = dict(engine_rules.PROMPTS_AT)
FAVOR_WON_FOR = "choose a royal favor (won for {why})"  # why: the engine's words
MUST = "must {what}"
SPACE = "space {at}"

if TYPE_CHECKING:  # a translated constant has the type of its English one (i18n.Words)
    import render.labels as _english

    w = _english
else:
    w = Words("render.labels")
