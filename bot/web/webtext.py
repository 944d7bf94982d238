"""The web page's own words (docs/web.md), in English; read them through `bot.web.lang.wt` in the
game's language. Shared words (a game's status, colours, "Waiting for ...") come from
bot/words/."""

from __future__ import annotations

PAGE_TITLE = "{game} · game #{game_id}"
WATCHING = "You are watching this game. The page follows every move by itself."
PLAYERS = "Players"
LAST_PHASES = "What happened"
NOTHING_YET = "Nothing has happened yet."
BOARD_ALT = "The board of game #{game_id}"
DECIDE_BY = "Decide by {due}."
PAUSED = "The game is paused: no clock runs."
LIVE = "Live"
RECONNECTING = "Reconnecting…"
BAD_LINK = (
    "This link does not open a game: it is incomplete or no longer valid. Ask for a new one in "
    "the game's channel."
)
NO_SUCH_BOARD = "There is no board picture of this version of the game: reload the page."
# A player's private page (from /caylus me)
BAD_PLAYER_LINK = (
    "This link does not open your board: it has expired or is not valid. Open a new one with "
    "/caylus me in the game's channel."
)
YOU_PLAY = "You play {colour}. Click a highlighted space or a choice below to play it."
# the same, for a game whose moves are also on the player's hand picture (Magna Carta)
YOU_PLAY_CARDS = (
    "You play {colour}. Click a highlighted card or place of a picture, or a choice below, to play "
    "it."
)
YOUR_CHOICES = "Your choices"
NOTHING_TO_DECIDE = (
    "Nothing to decide now: the page follows the game and shows your choices when it is your turn."
)
NOT_A_MOVE = "This request is not a move from your page: reload the page and try again."
TOO_FAST = "Too many moves at once: wait a few seconds and try again."
# The Discord Activity (the page inside Discord's frame)
ACTIVITY_TITLE = "Caylus: the board"
SIGNING_IN = "Signing you in with Discord…"
SIGN_IN_FAILED = "Discord did not sign you in: close the Activity and open it again."
ACTIVITY_OFF = (
    "The board cannot open inside Discord on this bot: its host has not set it up. Use the "
    "link from /caylus me instead."
)
SIGN_IN_BUSY = (
    "Too many sign-ins at once: wait a minute, then close the Activity and open it again."
)
NO_GAME_HERE = "There is no game in this channel: start one with /caylus new."
# A link given before the host revoked the game's links (/caylus board revoke_links)
REVOKED_LINK = (
    "The game's host has revoked this link: ask for a new one in the game's channel "
    "(/caylus board)."
)
REVOKED_PLAYER_LINK = (
    "The game's host has revoked this link: open a new one with /caylus me in the game's channel."
)
# A finished game's replay and its players' statistics
REPLAY = "Replay"
REPLAY_STEP = "Step {step} of {steps}"
REPLAY_PREVIOUS = "◀ Previous"
REPLAY_NEXT = "Next ▶"
REPLAY_ANIMATION = "▶ The whole game as an animation"
REPLAY_SCRUBBER = "The step of the game the board shows"
# the replay playing its steps by itself on the scrubber
REPLAY_PLAY = "▶ Play"
REPLAY_PAUSE = "⏸ Pause"
NO_REPLAY = "This game has no replay: only a finished game has one. Reload the page."
NO_SUCH_STEP = "This game's replay has no step {step}: its steps are 1 to {steps}."
STATS = "The players' statistics"
# A player's own hand on their page (a game with hands: Magna Carta)
HAND_ALT = "Your hand: only you see it. A card you can build now is a click."
REPLAY_HAND_ALT = "Your hand at step {step}: only you see it."
NO_HAND = (
    "This link shows no hand: a player's hand is on their own page only. Open yours with "
    "/caylus me in the game's channel."
)
NO_SUCH_HAND = "There is no picture of your hand at this version of the game: reload the page."
# A player's plans on their page (bot/web/plans.py)
MY_PLANS = "My plans and standing orders"
UNDO_HINT = "Your last move can still be taken back: nobody has moved since."
