"""Caylus in Discord: the strings only this game shows (templates for str.format), read
through `bot.games.caylus.lang`: the choices of its prompts and questions ahead.

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
