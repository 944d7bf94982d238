"""Caylus Magna Carta in Discord: the strings only this game shows (templates for
str.format), read through `bot.games.magna_carta.lang`: its prompts, accounts, looks and rules.
Card data (names, costs, shields, effects) come from engine/magna_carta/catalogue.py; the
templates below only phrase them.

The strings shared by the games are in bot/words/text.py; their msgctxt is `text.<NAME>` in both
(docs/i18n.md).
"""

from __future__ import annotations

from i18n import Plural

MC_TURN_PLAN_TITLE = "**Your plan in game #{game_id}, round {turn}** (only you see it)"
MC_TURN_PLAN_HOW = (
    "At each of your actions the first road card still free is played for you (marked "
    "planned); cards taken or used are skipped. Building, drawing and swapping are asked as "
    "usual, when nothing in the plan is playable."
)
MC_TURN_PLAN_EMPTY = "No road cards yet: add them in the order you want them."
MC_TITLE = "Caylus Magna Carta"
MC_RULE_SETS = {
    "beginner": "beginner rules (5 phases, no provost, no Lawyer, Church or Hotel)",
    "standard": "standard rules (6 phases, with the provost)",
}
MC_RULE_SET_NAMES = {"beginner": "beginner rules", "standard": "standard rules"}
MC_LOBBY_OPTIONS_TEXT = "Rules: {rule_set}"
MC_PHASE_NAMES = {
    "setup": "Opening hands",
    "income": "Income",
    "actions": "Actions",
    "provost": "Provost",
    "activation": "Activation",
    "castle": "Castle",
    "end": "End of the round",
}
MC_CUBE_WORDS = {"F": "food", "W": "wood", "S": "stone", "G": "gold"}
MC_TOKEN_WORDS = {"dungeon": "dungeon", "walls": "walls", "towers": "towers"}
MC_CARDS_COUNT = {0: "no card", 1: "1 card"}
MC_CARDS_MANY = "{count} cards"
MC_NOTHING = "nothing"
MC_COUNT = "{count} {what}"  # "2 stone"
MC_LIST = ", "
MC_PARTS = " · "
MC_BULLET = "• {line}"
MC_ANY_EMOJI = "❔"  # a cube of any kind in a cost
MC_CUBE_COUNT = "{emoji}{count}"
MC_SOMEBODY = "another player"
MC_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}
MC_ORDINAL = "{k}th"
MC_AND = " + "
MC_INTRO = (
    "{title}, {rule_set}, {players} players. Start player: {start} (then {others}). "
    "The road: {road}. Every player now keeps or redraws their opening hand, in private."
)
MC_PHASE_HEADER = "**Round {round} · {phase}. {name}**"
MC_PHASE_HEADER_SETUP = "**Round {round} · {name}**"
MC_SO_FAR = " (so far)"
MC_MORE_LINES = "… and {count} more"
MC_INCOME_LINE = "Income: {parts}"
MC_INCOME_PART = "{name} {deniers} d"
MC_DELIVERS_NOTHING = "Delivers nothing: {names}"
MC_DELIVER_TOKEN = "{sentence} → {token} token ({pp} PP)"
MC_CHURCH_TOKENS = "{sentence} → {tokens}"
MC_TOKEN_PART = "{token} ({pp} PP)"
MC_HEADLINE_REDRAW = (
    "keep or redraw your opening hand (free, once): choose in your hand, which only you see"
)
MC_HEADLINE_ACTION = (
    "your action: place a worker, build a prestige building or pass here; build a card, draw "
    "or swap in your hand (only you see it)"
)
MC_HEADLINE_PROVOST = (
    "move the provost from {where} (1 d a card, up to 3 either way), or leave him: {stretch}"
)
MC_HEADLINE_CASTLE = "deliver batches to the castle (next: {token}), or stop"
MC_HEADLINE_CASTLE_EMPTY = "deliver batches to the castle, or stop"
MC_HEADLINE_WORKER = "your worker on {where}: {effect} — or skip"
MC_HEADLINE_OWNER = "your {where}, used by {user}: {effect} — or skip"
MC_ROAD_CARD = "{name} ({position})"
MC_ROAD_CARD_OF = "{owner}'s {name} ({position})"
MC_RESIDENCE = "Residence"
MC_COVERED = "{prestige} on a residence"
MC_STRETCH_ALL = "the whole road acts"
MC_STRETCH = "cards 1-{last} act"
MC_STRETCH_ONE = "only card 1 acts"
MC_CONTEXT = "Round {round} · phase {phase} ({name}) · {stock}"
MC_CONTEXT_SETUP = "Round {round} · {name} · {stock}"
MC_STOCK = Plural(  # count: the workers
    "{deniers} d · {cubes} · {count} worker · {hand} in hand",
    "{deniers} d · {cubes} · {count} workers · {hand} in hand",
)
MC_PASS = "Pass"
MC_PASS_FIRST = "Pass (+{bonus} d: first to pass)"
MC_PASS_DESC = "no more actions this round; you still take part in the later phases"
MC_PLACE = "{card} — {cost} d"
MC_PLACE_OWN = "your card"
MC_PLACE_NEUTRAL = "neutral card"
MC_PLACE_OTHER = "{owner}'s card (owner: {owner_effect})"
MC_PLACE_BEYOND = "⚠ beyond the provost ({provost}): idle unless he moves"
MC_DRAW = "Draw a card — {cost} d"
MC_DRAW_DESC = "{deck} left in your draw pile"
MC_DRAW_RESHUFFLE = "your draw pile is empty: your discard pile is shuffled into a new one"
MC_SWAP = "Swap your hand — {cost} d"
MC_SWAP_DESC = "your {hand} go face up onto your discard pile; draw as many"
MC_BUILD = "Build {card} — {paid}"
MC_BUILD_DESC = "{pp} PP, at {position} · worker: {worker}"
MC_BUILD_STORED = " · {count} {cube} on it"
MC_PRESTIGE = "{card} — {paid} → {pp} PP"
MC_PRESTIGE_ON = "{card} on your residence ({position}) — {paid} → {pp} PP"
MC_PRESTIGE_DESC = "a prestige building: {pp} PP at the end"
MC_PRESTIGE_ON_DESC = "the residence at {position} stops paying income"
MC_PRESTIGE_HOTEL = "the Hotel pays you +{income} d each income phase"
MC_KEEP = "Keep these {count} cards"
MC_KEEP_DESC = "your opening hand stays as it is"
MC_REDRAW = "Redraw all {count} — free, once"
MC_REDRAW_DESC = "discard them face up and draw {count} new cards"
MC_PROVOST_MOVE = "Provost {delta:+d} → {where} — {cost} d"
MC_PROVOST_DESC = "{stretch} this round"
MC_PROVOST_STAY = "Leave the provost on {where}"
MC_BUY = "Buy {cubes} — {cost} d"
MC_SELL = "Hand in 1 {cube} — +{price} d"
MC_TRADE = "Swap 1 {cube} for 1 gold"
MC_BANK = "Pay {price} d → {gold} gold"
MC_CHURCH = "Pay {price} d → {tokens}"
MC_LAWYER = "{where} → residence — 1 {cube}"
MC_LAWYER_DESC = (
    "{pp} PP → {residence_pp} PP; +{income} d income a round; may carry a prestige building"
)
MC_LAWYER_STORED = "; its {count} {cube} go back to the bank"
MC_DELIVER = "Deliver {cubes} → {token} ({pp} PP)"
MC_DELIVER_DESC = "batch {number} this phase"
MC_SKIP = {
    "provost": "Leave the provost",
    "castle": "Stop delivering",
    "buy": "Buy nothing",
    "sell": "Hand in nothing",
    "trade": "Keep my resources",
    "bank": "Buy no gold",
    "church": "Buy no token",
    "lawyer": "Make no residence",
}
MC_SKIP_ANY = "Skip"
MC_MENU_PLACE = "Place a worker (1 d)"
MC_MENU_PRESTIGE = "Build a prestige building"
MC_MENU_BUILD = "Build the {card}: choose how to pay"
MC_MENU_BUILDS = "Build a card from your hand"
MC_MENU_LAWYER = "Turn a card into a residence"
MC_MENU_CHOOSE = "Choose"
MC_HAND_TITLE = "**Your hand** ({cards}, only you see it):"
MC_HAND_EMPTY = "**Your hand** is empty."
MC_HAND_CARD = "• **{name}** — {cost} · {pp} PP · worker: {worker} · owner: {owner} · {verdict}"
MC_HAND_CAN_PAY = "✓ you can pay it"
MC_HAND_CANNOT_PAY = "✗ you cannot pay it now"
MC_HAND_STOCK = "Stock: {stock}"
MC_HAND_PILES = "Draw pile: {deck} · discard pile: {discard}"
MC_HAND_DISCARD_EMPTY = "empty"
MC_STATUS = (
    "Round {round} · phase {phase} ({name}) · {rule_set} · {stretch} · castle tokens left: {tokens}"
)
MC_STATUS_SEAT = Plural(  # count: the workers
    "{emoji} {name}: {pp} PP · {deniers} d · {cubes} · {count} worker · {hand} in hand · "
    "pile {deck}, discard {discard}{extra}",
    "{emoji} {name}: {pp} PP · {deniers} d · {cubes} · {count} workers · {hand} in hand · "
    "pile {deck}, discard {discard}{extra}",
)
MC_STATUS_PASSED = " · passed {place}"
MC_STATUS_START = " · start player"
MC_TOKENS_LEFT = "{dungeon} dungeon, {walls} walls, {towers} towers"
MC_ME_LINE = Plural(  # count: the workers in hand
    "**{pp} PP** · **{deniers} d** · {cubes} · {count} worker in hand",
    "**{pp} PP** · **{deniers} d** · {cubes} · {count} workers in hand",
)
MC_ME_TOKENS = "Castle tokens won: {tokens}"
MC_ME_BUILDINGS = "Your road cards: {cards}"
MC_ME_NO_BUILDINGS = "You have built nothing yet."
MC_ME_PRESTIGE = "Your prestige buildings: {prestige}"
MC_ME_CARDS = (
    "Cards: {hand} in hand (your hand shows them), {deck} in your pile, {discard} discarded"
)
MC_SCORE_LINE = (
    "{emoji} **{name}**: **{total}** = {tokens} (castle) + {buildings} (road) + {prestige} "
    "(prestige) + {gold} (gold) + {cubes} (cubes) + {deniers} (deniers)"
)
MC_RULES_PHASES_TOPIC = "The round: its phases in both rule sets"
MC_RULES_PHASE_TOPIC = "Phase: {name}"
MC_RULES_PHASES = (
    "**A round** — beginner rules: 1 income, 2 actions, 3 activation, 4 castle, 5 end of the "
    "round. Standard rules: 1 income, 2 actions, 3 provost, 4 activation, 5 castle, 6 end of the "
    "round."
)
MC_RULES_PHASE = "**{name}** ({numbers})\n{text}"
MC_RULES_PHASE_NUMBERS = "phase {number} of the {rule_set}"
MC_RULES_PHASE_SETUP = "before the first round"
MC_PHASE_RULES = {
    "setup": (
        "Each player shuffles their deck and draws {hand_size}. Everyone at once, in private, "
        "keeps them or once, for free, discards all of them face up and draws {hand_size} new "
        "ones. Each starts with {food} food, {wood} wood, {deniers} d and {workers} workers."
    ),
    "income": (
        "Everyone takes {base} d. Standard rules: also {residence} d for each of your residences "
        "on the road without a prestige building on it, and {hotel} d for the Hotel."
    ),
    "actions": (
        "From the start player on, one action each in turn until all have passed: draw a card "
        "({cost} d), swap your whole hand ({cost} d), place a worker on a free road card "
        "({cost} d; never on a residence), build a card from your hand (pay its cost; it goes to "
        "the end of the road), build a prestige building, or pass (the first to pass takes "
        "{bonus} d). No hand limit."
    ),
    "provost": (
        "Standard rules only. In passing order, each player may move the provost once, up to "
        "{most} cards either way, {cost} d a card. He never leaves the road."
    ),
    "activation": (
        "The road cards act in order from the first: in the beginner game all of them, in the "
        "standard game up to the provost's card. A card with a worker gives its worker effect to "
        "the worker's player, then, if it belongs to someone else, its owner effect to its owner. "
        "Both are optional. Cards beyond the provost do nothing. The workers stay on the road "
        "until the last card has acted, then all go home."
    ),
    "castle": (
        "In passing order, each player may deliver batches of 1 food, 1 wood and 1 stone (gold "
        "stands in for any), each for the best castle token left. Most batches this phase: "
        "{bonus} gold (a tie: the earliest in passing order). If nobody delivers, {removed} "
        "tokens leave the game, the best first."
    ),
    "end": (
        "Standard rules: the provost moves {provost} cards towards the end of the road (fewer "
        "near its end). The start-player card passes to the next player. When the castle tokens "
        "are gone, the game ends with this round."
    ),
}
MC_RULES_FIGURES: dict[str, tuple[str, str]] = {
    "road": (
        "The road — where workers go",
        "It starts with the neutral cards: one fewer than there are players, drawn at random, "
        "then the Peddler. Every card built is added at its end. One worker per card, never on "
        "a residence or a prestige building. Positions count from 1, the first card.",
    ),
    "provost": (
        "Provost — which cards act this round",
        "Standard rules. He starts on the neutral Peddler. Only the cards up to his card act in "
        "the activation; a worker beyond him is wasted. In the provost phase each player, in "
        "passing order, may move him up to {most} cards for {cost} d a card; at the end of the "
        "round he moves {end} cards towards the end of the road.",
    ),
    "bridge": (
        "Bridge — the passing order",
        "Passing puts your marker on the lowest free space of the bridge; the first to pass takes "
        "{bonus} d. The bridge order is the order of the provost phase and of the castle.",
    ),
    "castle": (
        "Castle — batches and tokens",
        "A batch is 1 food + 1 wood + 1 stone, gold standing in for any of them. Each batch earns "
        "the best token left: dungeon ({dungeon} PP), walls ({walls} PP), towers ({towers} PP). "
        "Nobody delivers more batches than there are tokens. Most batches in a castle phase: "
        "{bonus} gold. Nobody delivers: {removed} tokens leave the game.",
    ),
    "tokens": (
        "Castle tokens — the clock of the game",
        "{start4} dungeon, walls and towers tokens with 4 players; one fewer of each with 3, two "
        "fewer with 2. They are won at the castle and bought at a Church. When the last one is "
        "gone, the game ends with that round.",
    ),
    "gold": (
        "Gold — the wild cube",
        "Gold stands in for any cube in every cost and every castle batch; a `?` in a cost is any "
        "cube, gold included. Gold comes from the Gold Mine, the Bank and the castle bonus; each "
        "gold left at the end is worth {gold_pp} PP.",
    ),
    "residences": (
        "Residences — the back of every card",
        "Standard rules. A worker on a Lawyer pays 1 food (or gold) to turn one of their own road "
        "cards (not a Lawyer) to its residence side: {residence_pp} PP instead of its shield, "
        "+{income} d each income phase, no more worker on it, and the only place for a "
        "prestige building. Cubes stored on it go back to the bank.",
    ),
    "prestige": (
        "Prestige buildings — the blue cards",
        "Shared; each can be built once. Beginner: pay the cost and keep the card in front of "
        "you. Standard: pay the cost and lay it on one of your residences that carries none (it "
        "then pays no income); without such a residence you cannot build one. {list}",
    ),
    "cards": (
        "Your cards — hand, draw pile, discard pile",
        "Your hand is hidden from the others; they see how many cards you hold, your pile's size "
        "and your discard pile (face up). Drawing or swapping costs {cost} d; an empty draw pile "
        "is refilled by shuffling your discard pile. Cards in hand score nothing.",
    ),
    "scoring": (
        "Scoring — the end of the game",
        "Castle tokens at their value; your road buildings at their shield (a residence "
        "{residence_pp}, a residence under a prestige building 0); prestige buildings at their "
        "value; {gold_pp} PP a gold, 1 PP per {cubes_per_pp} other cubes, 1 PP per "
        "{deniers_per_pp} d. Ties share the win.",
    ),
    "beginner": (
        "Beginner rules",
        "5 phases, no provost (the whole road acts), no Lawyer, Church or Hotel (a 10-card deck), "
        "prestige buildings kept in front of you, no residence income.",
    ),
    "standard": (
        "Standard rules",
        "6 phases with the provost, the full 12-card deck (Lawyer and Church too), the Hotel, "
        "residences with income, prestige buildings built on your residences.",
    ),
}
MC_RULES_CARD = "**{name}** ({kind}{pp})"
MC_RULES_KINDS = {
    "neutral": "neutral card",
    "player": "player card",
    "prestige": "prestige building",
}
MC_RULES_PP = ", {pp} PP"
MC_RULES_COST = "Cost: {cost} (gold may stand in for any cube)"
MC_RULES_ANY = "1 cube of any kind"
MC_RULES_WORKER = "Worker: {text}"
MC_RULES_OWNER = "Owner, when another player's worker is on it: {text}"
MC_RULES_STORED = "Built with {count} cubes of its kind on it ({two} in a 2-player game)."
MC_RULES_HOTEL = "Its owner takes {income} d more in every income phase."
MC_RULES_PRESTIGE_EFFECT = "No effect but its points."
MC_RULES_NOT_BEGINNER = "Not in the beginner game."
MC_RULES_NEUTRAL_NOTE = "Belongs to nobody."
MC_RULES_NOTATION_BUILD = "Notation: `build {id} {cost}`"
MC_RULES_NOTATION_PRESTIGE = (
    "Notation: `prestige {id} {cost}` (standard: `prestige {id} @N {cost}`)"
)
MC_RULES_NOTATION_PLACE = "Place a worker on it: `place N` (its road position)"
MC_RULES_CARD_TOPIC = "{name} — {summary}"
MC_RULES_SUMMARY_PRESTIGE = "{cost} → {pp} PP"
MC_RULES_SUMMARY_NEUTRAL = "neutral: {worker}"
MC_RULES_SUMMARY_PLAYER = "{cost}, {pp} PP: {worker}"
MC_RULES_PRESTIGE_ITEM = "{name} {cost} → {pp} PP"
MC_RULES_PRESTIGE_LIST = "; "
MC_RULES_FIGURE = "**{label}**\n{text}"
MC_RULES_UNKNOWN = (
    "I know no card, phase or figure of Magna Carta called '{topic}'. Start typing to see the list."
)
