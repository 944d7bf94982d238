"""Every user-facing sentence of the game service, in one place (templates for str.format).

The service knows nothing of Discord: games are named '#<id>', seats by colour; the cogs may
add mentions from the ids the errors carry.
"""

from __future__ import annotations

COLOURS: tuple[str, ...] = ("blue", "red", "green", "orange", "black")  # seat order

STATUS = {
    "lobby": "waiting for players",
    "running": "in progress",
    "finished": "finished",
    "aborted": "aborted",
}

KIND_NAMES = {"caylus": "Caylus"}

# --- errors (bot/errors.py) ----------------------------------------------------------------
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
GAME_NOT_RUNNING = "Game #{game_id} is {status}, not in progress."
STALE_VERSION = (
    "The board has changed since this was shown (game #{game_id} moved on to version "
    "{version}). Look at the new board and decide again."
)
NOT_YOUR_DECISION = "It is not your decision: game #{game_id} is waiting for {colour} ({prompt})."
GAME_OVER = "Game #{game_id} is over; no more moves can be made."
GAME_CORRUPT = (
    "The record of game #{game_id} is damaged (action {index}, '{action}': {reason}). "
    "An administrator has to look at it."
)
BAD_SETTING = "Setting '{name}': {reason}"
BAD_TIME_ZONE = "'{value}' is not a time zone name such as 'Europe/Paris' or 'UTC'."
BAD_MINUTES = "a time of day is given in minutes after midnight, 0 to 1439."
BAD_CHOICE = "'{value}' is not one of {choices}."
UNKNOWN_SETTING = "there is no such setting."
BAD_ROLE_ID = "a role id is a number."
BAD_PLAYERS = "from 2 to 5 players."
