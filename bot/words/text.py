"""Every user-facing string of the Discord side shared by the games (templates for str.format).

A string only one game shows is in that game's catalogue (bot/games/caylus/text.py,
bot/games/magna_carta/text.py); game facts (names, costs, reminders) come from the engines'
catalogues; the service's own sentences (its errors) from bot/words/messages.py.
"""

from __future__ import annotations

from i18n import Plural

# Read by the operator in a terminal, or names that are not words: kept as they are.
UNTRANSLATED = frozenset(
    {
        "NO_TOKEN",
        "START_BAD_SETTING",
        "START_BAD_TOKEN",
        "START_INTENTS",
        "START_NO_NETWORK",
        "START_METRICS_PORT",
        "ACCOUNT_BOARD",  # a file name
    }
)

PHASE_NAMES = (
    "Income",
    "Workers",
    "Special buildings",
    "Provost",
    "Buildings",
    "Castle",
    "End of turn",
)
COLOUR_EMOJI = {"blue": "🔵", "red": "🔴", "green": "🟢", "orange": "🟠", "black": "⚫"}
# Gold is a yellow square, not a coin: a coin beside "7 d" reads as money.
CUBE_EMOJI = {"F": "🍖", "W": "🪵", "S": "🪨", "C": "🧵", "G": "🟨"}

BOT_NAME = "Bot ({colour}, {level})"
# The automated players' levels (engine.players.LEVELS), as /caylus addbot offers them.
LEVEL_NAMES = {
    "easy": "easy (plays sensibly, no search)",
    "medium": "medium (searches a quarter second a move)",
    "strong": "strong (searches a second a move)",
}
# A bot seat's level as its name shows it ("Bot (red, strong)").
BOT_LEVEL = {"easy": "easy", "medium": "medium", "strong": "strong"}
PLAYER_NAME = "Player ({colour})"

# --- running the bot ------------------------------------------------------------------------
NO_TOKEN = """\
No Discord token: set CAYLUS_DISCORD_TOKEN (or DISCORD_TOKEN) in the environment or in .env.

To create the bot:
  1. Open https://discord.com/developers/applications and press "New Application".
  2. In "Bot", press "Reset Token", copy it, and put it in .env:
       CAYLUS_DISCORD_TOKEN=your-token
     No privileged intent is needed (leave them off).
  3. Invite the bot to your server with this link (put your application id, shown under
     "General Information", in place of YOUR_APPLICATION_ID, or set CAYLUS_APPLICATION_ID):
       {invite}
     It asks for: View Channel, Send Messages, Embed Links, Attach Files,
     Read Message History, Use Application Commands.
  4. For instant slash commands while testing, set CAYLUS_DEV_GUILD_ID to your server's id;
     to publish the commands everywhere, start once with CAYLUS_SYNC_GLOBALLY=true
     (or mention the bot with "sync global" as an owner).
See docs/discord.md for every setting."""
START_BAD_SETTING = (
    "the setting {name}{value} is not valid: {reason}. Fix it in .env or the environment "
    "(.env.example lists every setting)."
)
START_BAD_TOKEN = (
    "caylus bot: Discord refused the token. Copy a fresh one from the Developer Portal (Bot, "
    "Reset Token) into CAYLUS_DISCORD_TOKEN."
)
START_INTENTS = (
    "caylus bot: Discord asks for a privileged intent this bot does not need; turn the "
    "privileged intents off in the Developer Portal (Bot page)."
)
START_NO_NETWORK = (
    "caylus bot: cannot reach Discord ({error}). Check the network and try again; the games "
    "are safe in the database."
)
START_METRICS_PORT = (
    "caylus bot: cannot serve the metrics on {where} ({reason}). Set CAYLUS_METRICS_PORT to a "
    "free port (and CAYLUS_METRICS_HOST to an address of this machine), or leave it empty to "
    "run without metrics."
)
SYNCED = Plural("Synced {count} command {where}.", "Synced {count} commands {where}.")
SYNC_WHERE_GUILD = "to this server"
SYNC_WHERE_GLOBAL = "globally (Discord may take up to an hour to show them everywhere)"

# --- command descriptions -----------------------------------------------------------------------
GROUP_DESC = "Play Caylus in this channel"
DESC = {
    "new": "Open a game of Caylus or Caylus Magna Carta in this channel",
    "join": "Take a seat in this channel's game",
    "leave": "Leave this channel's game before it starts",
    "addbot": "Add a bot seat, easy, medium (default) or strong (host or channel managers)",
    "kick": "Remove a seat before the start (host or channel managers)",
    "start": "Start the game with the seated players",
    "board": "Where the game stands: the board, whose decision, scores and seats",
    "me": "Your stock and your decision (only you see it)",
    "play": "Make your move (pick from the suggestions or type notation)",
    "log": "The latest moves of this game",
    "abort": "Abort this channel's game (host or channel managers)",
    "help": "How to play with this bot, or the rules of a building, a phase or a figure",
    "clock": "Show or change this game's decision clock and reminders (host, before the start)",
    "settings": "Your time zone, quiet hours and where reminders go (only you see it)",
    "away": "Stop your clock in this channel's game until a date (your time zone)",
    "back": "You are back: your clock runs again, and your seat if the built-in player held it",
    "pause": "Ask to pause this game (it pauses when every player asked)",
    "resume": "Resume a paused game, or withdraw your request to pause",
    "mygames": "Your games in this server, those waiting for you first (only you see it)",
    "history": "The finished games of this server, newest first (only you see it)",
    "leaderboard": "The players' ratings in this server, best first (only you see it)",
    "undo": "Take back your last move, while nobody has moved since and it revealed nothing",
    "stats": "One player's statistics in this server: games, wins, scores, buildings, pace",
    "record": "The record of a game as a JSON file, for `caylus replay` (only you see it)",
    "replay": "Replay a finished game phase by phase, or as an animation (only you see it)",
}
OPT_GAME = "Caylus (the board game, 2-5 players) or Caylus Magna Carta (the card game, 2-4)"
OPT_PLAYERS = "Number of players (Caylus 2-5, Magna Carta 2-4)"
OPT_RULES = "Magna Carta only: the standard rules (with the provost) or the beginner rules"
OPTION_OF_OTHER_GAME = "'{option}' is an option of {owner}, not of {game}: leave it out."
OPT_LANGUAGE = "The language of the game's posts and pictures (default: this server's language)"
OPT_THREAD = "Open the game in a thread of its own (default); False keeps it in this channel"
OPT_MY_LANGUAGE = "The language of your private replies (default: your Discord language)"
# The names of the choices of the commands (option -> value -> name).
CHOICE_NAMES = {
    "favor_mode": {"full": "full", "simplified": "simplified"},
    "tile_set": {"revised": "revised", "first": "first"},
    "rules": {"standard": "standard", "beginner": "beginner"},
    "reminders_via": {"channel": "channel", "dm": "dm", "none": "none"},
}
LANGUAGE_AUTO = "my Discord language"
OPT_FAVOR = "Royal favors: the full table, or simplified (3 PP each)"
OPT_TILES = "Building set: revised (with the jeweller) or first edition"
OPT_ACTION = "Your move, e.g. 'place 7', 'pass', 'batch FWS'"
OPT_TOPIC = "A building, a phase or a figure (leave it out for how to play)"
OPT_LEVEL = "How well the bot plays: easy, medium (the default) or strong"
OPT_PAGE = "Older moves: page 2, 3, ..."
OPT_HISTORY_PLAYER = "Only the games of this player"
OPT_PAGE_NUMBER = "Page 1 is the newest games; 2, 3, ... older ones"
OPT_STATS_PLAYER = "Whose statistics (default: yours)"
OPT_GAME_ID = "The game's number, e.g. 12 (see /caylus history)"
OPT_CLOCK = "Time per decision, 1 hour to 7 days: '24h' (default), '3d', '1d 12h'"
OPT_AWAY_DAYS = "Days each player may be away in this game (0-60, default 7; lobby only)"
OPT_TAKEOVER_AFTER = (
    "Missed decisions in a row before the built-in player takes the seat (1-20, default 3; "
    "lobby only)"
)
OPT_REMINDERS = "Reminders before a deadline: 'half,2h' (default), e.g. 'half', '6h,1h', or 'off'"
OPT_TIME_ZONE = "Your time zone (IANA name, e.g. Europe/Amsterdam): start typing"
OPT_QUIET_HOURS = "No reminders then, your local time: '22:00-07:00', or 'off'"
OPT_REMIND_VIA = "Where your reminders go: a mention in the channel, a direct message, or none"
OPT_AHEAD_DM = "Also a direct message when you can answer your coming choices (one a phase, edited)"
OPT_AWAY_UNTIL = "YYYY-MM-DD or 'YYYY-MM-DD HH:MM' in your time zone (a date alone = its end)"
OPT_KICK_SEAT = "Seat number as in the lobby (1-5); in a running game, an idle player's seat"

# --- lobby --------------------------------------------------------------------------------------
LOBBY_TITLE = "{title} — game #{game_id}"
LOBBY_OPEN = "Waiting for players. Press **Join** to take a seat; the host presses **Start**."
LOBBY_STARTED = "The game has started."
LOBBY_ABORTED = "This game was aborted."
LOBBY_SEATS = "Seats ({count}/{wanted})"
LOBBY_OPTIONS = "Options"
LOBBY_LANGUAGE = "Language: {language}"
LOBBY_CLOCK = "Clock"
LOBBY_CLOCK_TEXT = (  # after_missed, away_days: messages.AFTER_MISSED, messages.AWAY_DAYS
    "{clock} per decision · reminders: {reminders} · idle {after_missed} · {away_days}"
)
LOBBY_HOST = "Host: {host}"
LOBBY_EMPTY = "nobody yet"
SEAT_LINE = "{n}. {emoji} {name}"
BUTTON_JOIN = "Join"
BUTTON_LEAVE = "Leave"
BUTTON_ADD_BOT = "Add bot"
BUTTON_START = "Start"
BUTTON_MY_HAND = "My hand"
BUTTON_MY_CHOICES = "My choices"
BUTTON_CATCH_UP = "Catch me up"
BUTTON_OPEN_BOARD = "Open the board"
# the "Open the board" press when Discord does not launch the Activity (docs/web.md)
ACTIVITY_NOT_LAUNCHED = "Discord did not open the board here. Open it in a browser instead: {url}"
BUTTON_CANCEL_PREMOVES = "Cancel my queue"
LOBBY_NOTES = {  # op -> (private note to the user, public line above the new lobby)
    "join": ("You joined game #{game_id}.", "{who} joined game #{game_id}."),
    "leave": ("You left game #{game_id}.", "{who} left game #{game_id}."),
    "bot": (
        "A bot seat ({level}) was added to game #{game_id}.",
        "{who} added a bot seat ({level}).",
    ),
    "kick": ("Seat {seat} was removed from game #{game_id}.", "{who} removed seat {seat}."),
}
LOBBY_GONE = "Game #{game_id} was aborted: its last player left."
OPENED = "Game #{game_id} is open: the lobby is in the channel."
OPENED_IN_THREAD = "Game #{game_id} is open in a thread of its own: {thread}."
# --- a game's own thread (bot/discord/cogs/threads.py) ---
THREAD_NAME = "{title} #{game_id} · {players}"
THREAD_NAME_LOBBY = "{title} · {host}"  # for the moment before the game has its number
THREAD_STARTER = "🎲 {host} opened a game of {title}: the lobby is below."
THREAD_FALLBACK = "This game is played in this channel, not in a thread of its own: {reason}"
THREAD_NO_PERMISSION = (
    "the bot may not create threads here (it needs **Create Public Threads** and **Send "
    "Messages in Threads**; a server manager can give them). `/caylus new thread: False` "
    "keeps a game in the channel without this note."
)
THREAD_NO_POST_PERMISSION = (
    "the bot may not open posts in this forum (it needs **Send Messages** and **Send Messages "
    "in Threads**; a server manager can give them)."
)
THREAD_NOT_HERE = "Discord has no threads in this kind of channel."
THREAD_FAILED = "Discord refused to create the thread; `/caylus new` again may work later."
STARTED = "Game #{game_id} has started."
ABORT_DONE = "Game #{game_id} is aborted."

# --- play ---------------------------------------------------------------------------------------
GAME_STARTS = "**Game #{game_id} begins.** {intro}"
PROMPT = "{mentions} — {who}: **{prompt}**"
PROMPT_HELP = "Choose below, or type `/caylus play`."
PROMPT_HAND = "Your choices with your cards are under **My hand** (only you see them)."
PROMPT_HAND_TOO = "**My hand** shows your cards (only you see them) and what you can do with them."
PROMPT_TOO_MANY = "Not every option fits in the menus: `/caylus play` lists them all."
CHOSE = "✅ {who} chose **{label}**."
PLAYED = "Played: **{label}** (`{action}`)."
BUTTON_UNDO = "Undo"
UNDONE_NOTE = "Taken back: **{label}** (`{action}`). It is your decision again."
# in the channel: {player} took a move back; {players}: who was asked next and need not decide
# now, named without a mention (an undo pings nobody)
UNDO_GAME_ENDED = (
    "Game #{game_id} in this channel has ended: there is no move to take back. Open a new "
    "game with `/caylus new`."
)
UNDO_NOTICE = "↩️ {player} took back their move: **{label}**."
UNDO_NOTICE_ASKED_NEXT = "{players}: that move is undone, so your decision is not due yet."
PROMPT_UNDONE = "↩️ *Taken back: this decision is no longer asked.*"

# --- answers ahead, premoves, standing orders (docs/pace.md) ---------------------------------
ANSWER_KEPT = "Noted: **{label}** will be played when that decision comes (if still possible)."
PREMOVE_PLACEHOLDER = "Then place on…"
CHOICE_PLANNED = "your answer now"
# standing orders: name -> value -> words (values are bot.games.plans.Orders')
ORDER_NAMES = {
    "inn": {"stay": "always stay", "ask": "ask me"},
    "bribe": {"ask": "ask me", "never": "never move the provost"},
    "castle": {"ask": "ask me", "all": "deliver all I can"},
    "owner": {"ask": "ask me", "never": "never use them"},
}
ORDER_WHAT = {
    "inn": "inn",
    "bribe": "bribes (moving the provost)",
    "castle": "castle",
    "owner": "owner effects of my cards",
}
ORDER_LINE = "{what}: {how}"
OPT_ORDER_INN = "Standing order for new games: stay in the inn, or be asked every turn"
OPT_ORDER_BRIBES = "Standing order for new games: be asked about provost bribes, or never bribe"
OPT_ORDER_CASTLE = "Standing order for new games: deliver all you can to the castle, or be asked"
OPT_ORDER_OWNER = (
    "For new Magna Carta games: be asked about your cards' owner effects, or never use them"
)
SETTINGS_ORDERS = "Standing orders for new games: {orders}"
ME_ORDERS = "Standing orders in this game: {orders}"
# --- catch me up (bot/discord/cogs/catchup.py): privately, what happened since your last move ---
CATCH_UP_TITLE = Plural(
    "**Since your last move in game #{game_id}** ({count} move):",
    "**Since your last move in game #{game_id}** ({count} moves):",
)
CATCH_UP_SINCE_START = Plural(
    "**Since game #{game_id} began** ({count} move; you have not moved yet):",
    "**Since game #{game_id} began** ({count} moves; you have not moved yet):",
)
CATCH_UP_NOTHING = "Nothing has happened in game #{game_id} since your last move."
CATCH_UP_EARLIER = Plural(
    "… {count} earlier phase is in the thread and in `/caylus log`.",
    "… {count} earlier phases are in the thread and in `/caylus log`.",
)
CATCH_UP_YOURS = "👉 **Now it is your decision:** {prompt}"
CATCH_UP_WAITING = "Now the game waits for {who}: {prompt}"
CATCH_UP_OVER = "Game #{game_id} is over."
ME_PLANS = "Your plans (only you see them): {plans}"
ME_NO_PLANS = "You have no plans ahead in this game."
ORDERS_PLACEHOLDER = "Change a standing order of this game…"
BUTTON_CANCEL_PLANS = "Cancel all my plans"
PLANS_CANCELLED = (
    "Your plans in game #{game_id} are cancelled: you will be asked for each decision."
)
ORDER_SET = "Standing order changed: {orders}"
ORDER_NOW = "your order now"
PLANNED_MARK = " (planned)"  # after the account line of a move played from a plan
# --- the turn plan (docs/pace.md, "Plan my turn") --------------------------------------------
BUTTON_PLAN_TURN = "Plan my turn"
TURN_PLAN_TITLE = "**Your turn plan in game #{game_id}, turn {turn}** (only you see it)"
TURN_PLAN_HOW = (
    "At each of your placements the first space still free, affordable and within its limit "
    "is played for you (marked planned); spaces taken or used are skipped."
)
TURN_PLAN_EMPTY = "No spaces yet: add them in the order you want them."
TURN_PLAN_ENTRY = "{n}. {label}{limit} — {status}"
TURN_PLAN_LIMIT = " (only if at most {cost} d)"
TURN_PLAN_STATUS = {
    "placed": "placed ✅",
    "taken": "taken",
    "dear": "too dear now",
    "next": "**next**",
    "later": "later",
}
TURN_PLAN_AFTER = Plural(
    "Pass once I have placed {count} worker.", "Pass once I have placed {count} workers."
)
TURN_PLAN_ABOVE = "Pass when a worker costs more than {cost} d."
TURN_PLAN_BELOW = "Pass when I have less than {deniers} d."
TURN_PLAN_ELSE_PASS = "Nothing playable: pass."
TURN_PLAN_ELSE_ASK = "Nothing playable: ask me."
TURN_PLAN_NEXT = "Next: {what}."
TURN_PLAN_NEXT_ASK = "Next: you will be asked."
TURN_PLAN_NEXT_PASS = "pass"
TURN_PLAN_STANDING_SEEDS = "From your standing plan (every turn); a change here is for this turn."
TURN_PLAN_ADD = "Add a space…"
TURN_PLAN_CONDITIONS = "Conditions…"
TURN_PLAN_COND = {
    "else=pass": "When nothing is playable: pass",
    "else=ask": "When nothing is playable: ask me",
    "after=none": "No limit on workers",
    "above=none": "No limit on the price of a worker",
    "below=none": "No limit on my deniers",
    "limit=none": "Last space: any cost",
}
TURN_PLAN_COND_AFTER = Plural(
    "Pass once I have placed {count} worker", "Pass once I have placed {count} workers"
)
TURN_PLAN_COND_ABOVE = "Pass when a worker costs more than {cost} d"
TURN_PLAN_COND_BELOW = "Pass when I have less than {deniers} d"
TURN_PLAN_COND_LIMIT = "Last space: only if it costs at most {cost} d"
BUTTON_PLAN_SUGGEST = "Suggest a plan"
BUTTON_PLAN_BACK = "Remove the last space"
BUTTON_PLAN_CLEAR = "Clear"
BUTTON_PLAN_STANDING = "Use every turn"
BUTTON_PLAN_NOT_STANDING = "Stop using every turn"
TURN_PLAN_NONE_NOW = "There is nothing to plan now: plans are for the placements of a turn."
ME_TURN_PLAN = "Turn plan: {plan} — {then}"
ME_TURN_PLAN_LATER = "Turn plan: {plan}"
PREMOVE_QUEUED = "Your queue: {queue}."
PREMOVE_NONE = "Your queue is empty: you will be asked for each placement."
CHOICES_TITLE = "**Your choices in game #{game_id}** (only you see them)"
CHOICES_FALLBACK = "⚠ Your plan could not be played: {reason}."
CHOICES_NONE = "Nothing to decide ahead right now."
CHOICES_MORE = "More come after these."
# a line of the prompt, no mention: {players} are named (an offer is not a ping)
PROMPT_AHEAD = "{players}: you can answer your coming choices now (**My choices**)."
MADE_NOT_POSTED = (
    "Your move **{label}** was made and saved, but I could not post what comes next in the "
    "channel ({reason}). I keep trying; the game's clock is stopped until I can post again."
)
STARTED_NOT_POSTED = (
    "The game has started and is saved, but I could not post the board and the first prompt "
    "in the channel ({reason}). I keep trying; the clock is stopped until I can post."
)
HOST_CANNOT_POST = (
    "I cannot post in {channel}, where your game #{game_id} is played ({reason}). The game is "
    "saved and its clock is stopped; as soon as I can post there again, the game goes on by "
    "itself. Check that I may View Channel, Send Messages, Embed Links and Attach Files there."
)
NOT_SAVED_ANY = (
    "The server could not save this (its disk is full), so nothing was changed. Please try "
    "again later; the bot's operator has been told."
)
CLOCK_RUNS_AGAIN = "I can post here again: game #{game_id} goes on, and its clock runs again."
REASON_FORBIDDEN = "I am missing a permission in that channel"
REASON_NOT_FOUND = "the channel or message no longer exists"
REASON_DISCORD = "Discord failed with error {status}"
REASON_NETWORK = "Discord could not be reached"
WRONG_CHANNEL = (
    "This button belongs to game #{game_id}, which is played in {channel}; use the buttons there."
)

# --- game over ----------------------------------------------------------------------------------
GAME_OVER_TITLE = "Game #{game_id} is over"
WINNER_ONE = Plural("🏆 {names} wins with {count} point!", "🏆 {names} wins with {count} points!")
WINNER_MANY = Plural(
    "🏆 {names} share the win with {count} point!", "🏆 {names} share the win with {count} points!"
)
ABORTED = "Game #{game_id} was aborted by {who}."

# --- looking ------------------------------------------------------------------------------------
NO_GAME = (
    "There is no game in this channel. Open one with `/caylus new`; a game started in a "
    "channel lives in a thread of its own, and `/caylus mygames` links yours."
)
NOT_STARTED = "Game #{game_id} has not started yet: {count} seated. The host presses Start."
STATUS_TITLE = "Game #{game_id} · {status}"
STATUS_WAITING = "Waiting for {who}: {prompt}{since}"
STATUS_SINCE = " (since {when})"
# /caylus board when the bot serves web pages at a public address (docs/web.md)
WATCH_IN_BROWSER = "🌐 Watch it live in a browser: {url}"
# /caylus me's link button to the player's own board on the web page (private, expiring)
OPEN_IN_BROWSER = "Open my board in a browser"
# /caylus board revoke_links: True (the host), docs/web.md "Revoking a game's links"
OPT_REVOKE_LINKS = "Host only: revoke every web link of this game given so far"
LINKS_REVOKED_NOTE = (
    "Every web link of game #{game_id} given so far no longer works. Players get a new one "
    "with /caylus me."
)
LINKS_REVOKED = (
    "🔒 {who} revoked the web links of game #{game_id}: the old ones no longer open it. Players "
    "get a new link with /caylus me."
)
ME_TITLE = "Your stock in game #{game_id} ({emoji} {colour})"
ME_PUBLIC_CHOICES = "Your other choices are on the prompt in the channel."
ME_NO_SEAT = (
    "You have no seat in game #{game_id}: you are watching. `/caylus board` shows every "
    "player's stock and who must decide."
)
ME_DECISION = "**Your decision:** {prompt}"
ME_WAIT = "Not your decision now: the game waits for {who}."
LOG_TITLE = "Game #{game_id}: moves {first}–{last} of {total}"
LOG_EMPTY = "No moves yet in game #{game_id}."
LOG_LINE = "{seq}. {who}: `{action}`"
HISTORY_TITLE = Plural(  # count: the games
    "Finished games of this server: page {page} of {pages} ({count} game)",
    "Finished games of this server: page {page} of {pages} ({count} games)",
)
HISTORY_TITLE_PLAYER = Plural(  # count: the games
    "Finished games of {name}: page {page} of {pages} ({count} game)",
    "Finished games of {name}: page {page} of {pages} ({count} games)",
)
HISTORY_EMPTY = "No game has ended in this server yet."
HISTORY_EMPTY_PLAYER = "{name} has not finished a game in this server yet."
HISTORY_GAME = "**#{game_id}** {game} · {date} · 🏆 {winners}"
HISTORY_SCORE = "{name} {score}"
HISTORY_TAKEN_OVER = "{name} (left, the bot finished)"
HISTORY_DAMAGED = "⚠ damaged: its record and replay cannot be read"
LEADERBOARD_TITLE = "{game}: the ratings of this server"
LEADERBOARD_EMPTY = "Nobody has finished a game of {game} in this server yet."
LEADERBOARD_LINE = (
    "{place}. {name}: **{rating}** · games {games} · wins {wins} · played to the end {completion}%"
)
LEADERBOARD_NOTE = (
    "-# The rating is OpenSkill's cautious estimate (a newcomer has 0); it moves only in "
    "games with two or more human players. A game left to the bot (resigned, kicked, taken "
    "over) counts as last place and lowers the completion rate."
)
STATS_TITLE = "{name} at {game} in this server"
STATS_NONE = "{name} has not finished a game of {game} in this server yet."
STATS_GAMES = "Games {games} · wins {wins} · played to the end {completion}%"
STATS_RATING = "Rating **{rating}** (place {place} on /caylus leaderboard)"
STATS_AVERAGE = "Average score of the games played to the end: **{score}**, made of:"
STATS_FAVOURITES = "Favourite buildings: {buildings}"
STATS_BUILT = "{name} ×{count}"
STATS_DECIDE = "Average time to decide: {hours} h {minutes} min"
BUTTON_NEWER = "Newer"
BUTTON_OLDER = "Older"
RECORD_NOTE = Plural(  # count: the moves
    "The record of game #{game_id} ({count} move): replay it with `caylus replay` on a "
    "computer with the bot installed.",
    "The record of game #{game_id} ({count} moves): replay it with `caylus replay` on a "
    "computer with the bot installed.",
)
# /caylus replay (docs/history.md): a finished game, phase by phase, privately
REPLAY_TITLE = "**Replay of game #{game_id}** ({game}) · step {step} of {steps}"
REPLAY_START = "**The start**"
REPLAY_QUIET = "— nothing to tell"
REPLAY_GAME_CHOICE = "#{game_id} {game} · {date} · won by {winners}"
REPLAY_JUMP = "Jump to a turn…"
REPLAY_JUMP_START = "The start"
REPLAY_JUMP_STEP = "step {step}"
REPLAY_NO_STEP = (
    "The replay of game #{game_id} has no step {step}: open it again with /caylus replay."
)
REPLAY_ANIMATION_NOTE = (
    "Game #{game_id} as an animation: {frames} frames, one per step of the replay ({size} MB)."
)
REPLAY_ANIMATION_TOO_BIG = (
    "The animation of game #{game_id} would be too large to attach here ({size} MB)."
)
BUTTON_REPLAY_FIRST = "First"
BUTTON_REPLAY_PREVIOUS = "Previous"
BUTTON_REPLAY_NEXT = "Next"
BUTTON_REPLAY_LAST = "Last"
BUTTON_REPLAY_BOARD = "Whole board"
BUTTON_REPLAY_ANIMATION = "Animation"
BUTTON_REPLAY_HAND = "My hand then"
REPLAY_HAND = "Your hand at step {step} of the replay of game #{game_id} (only you see it):"
REPLAY_NOT_YOURS = "You did not play in game #{game_id}: its players alone see their hands."
HELP = """\
**Caylus in Discord**
• `/caylus new` opens a game here; others press **Join** (or `/caylus join`); **Add bot** fills a \
seat with the built-in player; the host presses **Start**.
• When you must decide, the bot mentions you once, with buttons and menus showing each choice \
and its cost. Off-turn decisions (provost, favors, castle, inn, gate, owner's cube) ping you too.
• `/caylus play` accepts any move: start typing to see your legal moves in words and notation \
(e.g. `place 7`, `pass`, `batch FWS`, `favor c2S`).
• `/caylus board`, `/caylus me` (private), `/caylus log`, `/caylus help` with a topic (any \
building, phase or figure).
• Each decision has a clock (default 24 hours, `/caylus clock` in the lobby); when it runs out \
the default move is played. `/caylus settings` sets your time zone, quiet hours and reminders; \
`/caylus away`, `/caylus back` (also takes your seat back from the built-in player), \
`/caylus pause`, `/caylus resume`, `/caylus mygames`.
• The host or anyone who can manage the channel may `/caylus abort`.
After every phase the channel gets the new board and an account of what happened."""

# --- errors -------------------------------------------------------------------------------------
NOT_YOUR_DECISION = "It is not your decision: the game waits for {who} ({prompt})."
NOT_IN_GAME_DECISION = (
    "It is not your decision: you have no seat in game #{game_id}. It waits for {who} ({prompt})."
)
BOARD_CHANGED = "The board has changed since these buttons were shown. Current decision:"
BOARD_CHANGED_OVER = "The board has changed: game #{game_id} is over."
BOARD_CHANGED_GONE = "These buttons belong to game #{game_id}, which is {status}."
MALFORMED = "{reason}\nStart typing in `/caylus play` to see your legal moves."
NEED_MANAGER = (
    "Only the host of game #{game_id} or someone who can manage this channel may do that."
)
GUILD_ONLY = "Caylus is played in a server channel, not in direct messages."
UNEXPECTED = (
    "Sorry, something went wrong on my side; nothing was changed. "
    "Please try again in a moment (the error was logged)."
)
OWNER_ONLY = "Only the bot's owners may do that."

# --- the clock on Discord (bot/discord/cogs/clock.py; docs/clock.md) ------------------------------
DEADLINE_LINE = "⏰ Decide by {due} ({relative})."
DEADLINE_PAUSED = "⏸️ The game is paused: no clock runs (`/caylus resume` to continue)."
DEADLINE_AWAY = "💤 {who} is away until {until}; then the clock restarts: decide by {due}."
PROMPT_EXPIRED = "⌛ Time ran out: the clock played `{action}`."
EXPIRED_COLLAPSED = "{who} — {line}"  # an expired prompt in one line: whose, PROMPT_EXPIRED
PROMPT_ABORTED = "⛔ The game was aborted."
LOBBY_NOTE_UPDATED = "{note} The lobby above is updated."
REMINDER_DM = "{text}\nGame channel: {channel}"
CLOCK_SHOW = "⏰ {text}"
CLOCK_CHANGED = "{who} changed the clock. {text}"
CLOCK_CHANGED_NOTE = "Done. {text}"
SETTINGS_TITLE = "**Your Caylus settings**"
SETTINGS_LINES = (
    "Time zone: **{zone}** (it is {local} there now)\n"
    "Quiet hours: **{quiet}** (no reminders then)\n"
    "Reminders: **{via}**"
)
SETTINGS_SAVED = "Saved."
SETTINGS_LANGUAGE = "Language of your private replies: **{language}**"
SETTINGS_AHEAD_DM = "Coming choices you can answer now, by direct message too: **{choice}**"
SETTINGS_AHEAD_DM_ON = "yes (one message a phase, edited)"
SETTINGS_AHEAD_DM_OFF = "no (a line on the prompt and a badge in /caylus mygames and /caylus me)"
SETTINGS_HELP = (
    "Change them with `/caylus settings time_zone:` `quiet_hours:` (e.g. 22:00-07:00, or off) "
    "`reminders_via:` (channel, dm or none) `ahead_dm:` (true or false) `language:`."
)
QUIET_NONE = "none"
REMIND_VIA_NAMES = {
    "channel": "a mention in the game's channel",
    "dm": "a direct message",
    "none": "none",
}
AWAY_NOTE = "You are away from game #{game_id} until {until}."
BACK_NOTE = "Welcome back: your clock in game #{game_id} runs again."
DEADLINE_NOW = " {who}'s decision: decide by {due} ({relative})."
PAUSE_NOTE = "Asked."
RESUME_NOTE = "Done."
RECLAIM_NOTE = "Your seat in game #{game_id} is yours again."
KICK_NOTE = "The {colour} seat of game #{game_id} now belongs to the built-in player."
MYGAMES_TITLE = "**Your Caylus games in this server**"
MYGAMES_NONE = "You have no game in this server. Open one with `/caylus new`."
MYGAMES_WAITING = "👉 **#{game_id}** in {channel}: **your decision** ({prompt}), decide by {due}"
MYGAMES_RUNNING = "• **#{game_id}** in {channel}: waiting for {who}{due}"
MYGAMES_LOBBY = "• **#{game_id}** in {channel}: in the lobby"
MYGAMES_TAKEN = (
    "🤖 **#{game_id}** in {channel}: the built-in player holds your seat (`/caylus back`)"
)
MYGAMES_DUE = ", until {due}"
MYGAMES_PAUSED = " · ⏸️ paused"
MYGAMES_AWAY = " · 💤 you are away until {until}"
MYGAMES_NOBODY = "the built-in player"
# "you can answer your coming choices now": a badge, never a mention (docs/discord.md, "Mentions")
MYGAMES_AHEAD = " · 📝 you can answer your coming choices now"
ME_AHEAD = "📝 You can answer your coming choices now: **My choices** on the game's prompt."
# the direct message of a player who opted in (`ahead_dm`): one a phase, edited as it changes
AHEAD_DM = (
    "📝 **Game #{game_id}** ({channel}), turn {turn}, phase {phase}: you can answer your coming "
    "choices now, with **My choices** on the game's prompt:"
)
AHEAD_DM_DONE = (
    "✅ **Game #{game_id}** ({channel}), turn {turn}, phase {phase}: nothing left to answer "
    "ahead now."
)
