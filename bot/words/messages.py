"""Every user-facing sentence of the game service, in one place (templates for str.format).

The service knows nothing of Discord: games are named '#<id>', seats by colour; the cogs may
add mentions from the ids the errors carry.
"""

from __future__ import annotations

from i18n import Plural

COLOURS: tuple[str, ...] = ("blue", "red", "green", "orange", "black")  # seat order
# Identifiers of the seats, and what only the operator reads (`caylus copy-db`, the log).
UNTRANSLATED = frozenset({"COLOURS", "REPLAY_PROBLEMS"})
COLOUR_NAMES = {  # how a seat's colour reads
    "blue": "blue",
    "red": "red",
    "green": "green",
    "orange": "orange",
    "black": "black",
}

STATUS = {
    "lobby": "waiting for players",
    "running": "in progress",
    "finished": "finished",
    "aborted": "aborted",
}

KIND_NAMES = {"caylus": "Caylus", "magna-carta": "Caylus Magna Carta"}

# --- errors (bot/words/errors.py) ----------------------------------------------------------------
UNKNOWN_GAME = "There is no game #{game_id}."
UNKNOWN_KIND = "There is no game called '{kind}'; known: {known}."
BAD_OPTIONS = "These game options are not valid: {reason}"
CHANNEL_BUSY = (
    "This channel already has a {kind} game (#{game_id}, {status}). "
    "Finish or abort it first, or start the new game in another channel."
)
NOT_SEATED = "You do not have a seat in game #{game_id}."
NO_SUCH_SEAT = "Game #{game_id} has no seat {seat}."
ALREADY_SEATED = "You already have a seat in game #{game_id}."
NOT_HOST = "Only the host of game #{game_id} or someone who manages this channel may do that."
LOBBY_FULL = "Game #{game_id} is full: it was opened for {players} players."
WRONG_PLAYER_COUNT = (
    "{kind} is played by {low} to {high} players; game #{game_id} has {count} seated."
)
NOT_IN_LOBBY = "Game #{game_id} is {status}: seats can only change before the start."
NOTHING_TO_UNDO = "Game #{game_id} has no move to take back."
UNDO_TOO_LATE = (
    "That move of game #{game_id} can no longer be taken back: the game has moved on. "
    "`/caylus undo` takes back your last move if nobody has moved since."
)
UNDO_NOT_YOURS = (
    "Only your own last move can be taken back, and only while nobody has moved since: the "
    "last move of game #{game_id} (`{action}`) is the {colour} seat's."
)
UNDO_NOT_IN_PERSON = (
    "Your last move of game #{game_id} (`{action}`) was played for you (by your plans or by the "
    "clock): only a move you made yourself can be taken back."
)
UNDO_REVEALED = "`{action}` cannot be taken back: it revealed {what}."
UNDO_REVEALS = {
    "card": "a card from a draw pile",
    "reshuffle": "the new order of a reshuffled pile",
    "hand": "a card from a hand to everyone",
}
GAME_NOT_RUNNING = "Game #{game_id} is {status}, not in progress."
RECORD_HIDDEN = (
    "Game #{game_id} is still being played and its record would show the players' hidden "
    "cards: it is available once the game has ended."
)
NO_REPLAY = "Game #{game_id} is {status}: only a finished game can be replayed."
STALE_VERSION = (
    "The board has changed since this was shown (game #{game_id} moved on to version "
    "{version}). Look at the new board and decide again."
)
NOT_YOUR_DECISION = "It is not your decision: game #{game_id} is waiting for {colour} ({prompt})."
GAME_OVER = "Game #{game_id} is over; no more moves can be made."
GAME_DAMAGED = (
    "Game #{game_id} is damaged and cannot be played ({reason}). The bot's operator can see "
    "the details in the log; the host may free the channel with /caylus abort."
)
DUPLICATE_COMMAND = (
    "You sent '{action}' again before seeing that it was already played (game #{game_id}), "
    "so the second one was not applied. If you really mean to play it again, send it again."
)
NOT_SAVED = (
    "The server could not save this (its disk is full), so nothing was changed in game "
    "#{game_id}. Please try again later; the bot's operator has been told."
)
GAME_CORRUPT = (
    "Game #{game_id} is damaged: its record no longer replays (action {index}, '{action}': "
    "{reason}). The bot's operator has to look at it; the host may free the channel with "
    "/caylus abort."
)
BAD_SETTING = "Setting '{name}': {reason}"
BAD_TIME_ZONE = "'{value}' is not a time zone name such as 'Europe/Paris' or 'UTC'."
BAD_MINUTES = "a time of day is given in minutes after midnight, 0 to 1439."
BAD_CHOICE = "'{value}' is not one of {choices}."
UNKNOWN_SETTING = "there is no such setting."
BAD_ROLE_ID = "a role id is a number."
BAD_PLAYERS = "from 2 to 5 players."
BAD_PLAN = "That plan cannot be kept: {reason}"  # bot/games/plans.py

# --- the clock (bot/clock_service/, docs/clock.md) ---------------------------------------
# Notices name the player '{player}': ClockNotice.render(player=...) fills in a mention or a
# name (the default is the seat's colour). Times are Discord timestamps (bot.clock_service.clock).
CLOCK_EXPIRED = (
    "Time ran out for {player} in game #{game_id} ({prompt}): the clock played `{action}`."
)
CLOCK_EXPIRED_IN_ROW = (
    " That is {count} in a row; after {limit} the built-in player (medium) takes over."
)
CLOCK_TAKEOVER = (
    "{player} missed {count} decisions in a row in game #{game_id}: the built-in player (medium) "
    "takes the {colour} seat. {player} can take it back any time with /caylus back."
)
CLOCK_DAMAGED = (
    "⚠ Game #{game_id} is damaged: the bot cannot read it, so its clock is stopped and no more "
    "moves can be made. The bot's operator can see why in the log; the host may free the "
    "channel with /caylus abort."
)
CLOCK_REMINDER = (
    "Reminder: game #{game_id} is waiting for {player} ({prompt}). Time runs out {due_relative} "
    "({due})."
)
CLOCK_AWAY_START = (
    "{player} is away from game #{game_id} until {until}: their clock is stopped and reminders "
    "are off until then ({days_left} left in this game)."  # days_left: AWAY_DAYS
)
CLOCK_AWAY_OVER = "{player} is back in game #{game_id}; their clock runs again."
CLOCK_RECLAIMED = (
    "{player} takes the {colour} seat of game #{game_id} back from the built-in player."
)
CLOCK_KICKED = (
    "The host hands the {colour} seat of game #{game_id} to the built-in player (medium) for good."
)
CLOCK_PAUSE_VOTE = (
    "{player} asks to pause game #{game_id}; it pauses when every player agrees "
    "({votes} of {needed})."
)
CLOCK_PAUSED = "Game #{game_id} is paused: no clock runs until a player resumes it."
CLOCK_RESUMED = "Game #{game_id} is running again: clocks continue with the time that was left."
CLOCK_VOTE_WITHDRAWN = "{player} no longer asks to pause game #{game_id}."
CLOCK_SETTINGS = (  # after_missed, away_days: AFTER_MISSED, AWAY_DAYS below
    "Game #{game_id}: {clock} per decision, reminders {reminders}, at most {away_days} per "
    "player, the built-in player takes over {after_missed}."
)
AWAY_DAYS = Plural("{count} away day", "{count} away days")
AFTER_MISSED = Plural("after {count} missed decision", "after {count} missed decisions")

# --- clock errors ----------------------------------------------------------------------------
BAD_TIME_ZONE_NAME = (
    "'{value}' is not a time zone I know. Use an IANA name such as Europe/Amsterdam, "
    "America/Los_Angeles or Asia/Tokyo (the command suggests names as you type)."
)
BAD_QUIET_HOURS = (
    "'{value}' are not quiet hours: write start-end in 24-hour local time, e.g. '22:00-07:00' "
    "or '23-7' ('off' for none)."
)
BAD_CLOCK = (
    "'{value}' is not a decision clock: write hours or days between 1 hour and 7 days, "
    "e.g. '24h', '3d' or '1d 12h'."
)
BAD_REMINDERS = (
    "'{value}' are not reminders: use 'half' (half time) or hours before the deadline such as "
    "'2h', separated by commas (e.g. 'half, 2h'), or 'off'."
)
BAD_REMIND_VIA = "Reminders go to 'channel' (a mention in the game's channel), 'dm' or 'none'."
BAD_AWAY_DATE = (
    "'{value}' is not a date: write YYYY-MM-DD, optionally with a time HH:MM, "
    "e.g. '2026-12-03' or '2026-12-03 18:00' (your own time zone)."
)
AWAY_IN_PAST = "{until} is already past: give a date in the future."
AWAY_TOO_LONG = (
    "Game #{game_id} allows {max_days} per player; you have {days_left} left, "  # AWAY_DAYS
    "so you can be away until {latest} at the latest."
)
NOT_AWAY = (
    "You are neither away nor replaced by the built-in player in game #{game_id}: there is "
    "nothing to come back from."
)
NOT_TAKEN_OVER = (
    "Your seat in game #{game_id} is not played by the built-in player for missed "
    "decisions, so there is nothing to reclaim."
)
NOT_IDLE = (
    "The {colour} seat of game #{game_id} has not missed a decision: only an idle player "
    "(one whose time ran out) can be handed to the built-in player."
)
ALREADY_PAUSED = "Game #{game_id} is already paused."
NOT_PAUSED = "Game #{game_id} is not paused and you have not asked to pause it."
CLOCK_IN_LOBBY_ONLY = "The clock of game #{game_id} can only be changed before the start."

# --- plans (bot/games/plans.py, each game's plans, docs/pace.md) ----------------------------
# Why a plan cannot be kept (inside BAD_PLAN), or was not played when its decision came.
PLAN_TOO_MANY = Plural(
    "you already have {count} plan in this game", "you already have {count} plans in this game"
)
PLAN_NONE_HERE = "this game has no plans"
PLAN_NO_DECISION = "'{key}' names no decision"
PLAN_NO_ORDER = "there is no standing order '{name}'"
PLAN_ORDER_VALUES = "{name} is one of {values}"
PLAN_ORDERS_ONLY = "this game has standing orders only (the provost, the castle, owner effects)"
PLAN_GAME_OVER = "the game is over"
PLAN_NOT_AHEAD = "no answer can be given ahead for a '{kind}' decision"
PLAN_PAST = "turn {turn}, phase {phase} is over"
PLAN_NEEDS_ROAD = "a '{kind}' answer needs a road position"
PLAN_NEEDS_NO_ROAD = "a '{kind}' answer needs no road position"
PLAN_ANSWERED_WITH = "a '{kind}' decision is answered with {verbs}"
PLAN_CASTLE_PAST = "the castle of turn {turn} is over"
PLAN_NOT_A_BATCH = "'{batch}' is not a batch (food and two other kinds)"
PLAN_PREMOVE_NOW = "premoves are for your next placements in this placement phase"
PLAN_NOT_A_SPACE = "'{target}' is not a space"
PLAN_NOT_OWNER = "you own no stone production building on {at}"
PLAN_OWNER_TAKES = "the owner of {name} takes one of {cubes}"
PLAN_NOT_CASTLE = "'{option}' is not a castle choice (castle all, castle 2 ...)"
PLAN_OWNER_ONLY = "only the owner's cube can be a standing answer"
PLAN_PROVOST_MOVED = "the provost stands on {now}, not on {then} as when you answered"
PLAN_RULES_REFUSE = "the rules refuse it now: {reason}"
PLAN_CANNOT_PLAY = "'{action}' cannot be played now"
PLAN_CANNOT_PASS = "passing is not possible now"
PLAN_CANNOT_PLACE = "placing on {target} is not possible now"
PLAN_TOO_DEAR = "it costs {cost} d now, more than the {limit} d you allowed"
PLAN_NO_BATCH = "batch {cubes} is not possible now"
# How a plan reads in /caylus me and in the reasons above.
PLAN_DROPPED = "{plan}: {reason}"
PLAN_ANSWER = "turn {turn}, {decision}{where}: {action}"
PLAN_AT = " ({at})"
PLAN_WHILE_PROVOST = ", while the provost is on {provost}"
PLAN_CASTLE = "turn {turn}, castle: {option}"
PLAN_PREMOVE_PASS = "turn {turn}, then: pass"
PLAN_PREMOVE = "turn {turn}, then: place {target}"
PLAN_AT_MOST = " (at most {cost} d)"
TURN_PLAN_TURN = "turn {turn} plan"
TURN_PLAN_STANDING = "every turn"
TURN_PLAN_PASS_AFTER = Plural(
    "pass once I have placed {count} worker", "pass once I have placed {count} workers"
)
TURN_PLAN_PASS_ABOVE = "pass when a worker costs more than {cost} d"
TURN_PLAN_PASS_BELOW = "pass when I have less than {deniers} d"
TURN_PLAN_ELSE_PASS = "else pass"
TURN_PLAN_ELSE_ASK = "else ask me"
TURN_PLAN_TOO_LONG = "a turn plan has at most {count} spaces"
TURN_PLAN_PASSED = "you have passed this turn: plan the next one once its placements begin"
TURN_PLAN_BAD_ANSWER = "placing on {position} can carry one of: {options}"
TURN_PLAN_NONE = "you have no turn plan"
TURN_PLAN_BAD_VALUE = "this turn plan's {name} is out of range"
PLAN_OWNER_CHOICE = "owner of {name} ({at}): take {cube}"

# --- durations (bot/clock_service/clock.py) -------------------------------------------------------
DAYS = Plural("{count} day", "{count} days")
HOURS = Plural("{count} hour", "{count} hours")
REMINDERS_OFF = "off"

# What the operator reads about a stored game that cannot be used as it is (a copied database
# checked, a game marked damaged; not translated: UNTRANSLATED).
REPLAY_PROBLEMS = {
    "no_game": "no such game",
    "seq": "seq column {seq} but {logged} logged actions",
    "snapshot": "snapshot differs from the replayed log",
    "phase_snapshot": "phase snapshot differs from the replayed log",
    "unknown_kind": "unknown game kind {kind!r} (known: {known})",
    "seats_missing": "seat row(s) {missing} missing",
    "seats_wrong": "seat rows {numbers} are not the seats 0-{last}",
}
