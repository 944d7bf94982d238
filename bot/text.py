"""Every user-facing string of the Discord side, in one place (templates for str.format).

Game facts (names, costs, reminders) come from engine/caylus/catalogue.py; the service's own
sentences (its errors) from bot/messages.py.
"""

from __future__ import annotations

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

BOT_NAME = "Bot ({colour})"
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
SYNCED = "Synced {count} command(s) {where}."
SYNC_WHERE_GUILD = "to this server"
SYNC_WHERE_GLOBAL = "globally (Discord may take up to an hour to show them everywhere)"

# --- command descriptions -----------------------------------------------------------------------
GROUP_DESC = "Play Caylus in this channel"
DESC = {
    "new": "Open a game of Caylus or Caylus Magna Carta in this channel",
    "join": "Take a seat in this channel's game",
    "leave": "Leave this channel's game before it starts",
    "addbot": "Add a bot seat (host or channel managers)",
    "kick": "Remove a seat before the start (host or channel managers)",
    "start": "Start the game with the seated players",
    "board": "Show the current board",
    "status": "Who must decide, scores and seats",
    "me": "Your stock and your decision (only you see it)",
    "play": "Make your move (pick from the suggestions or type notation)",
    "log": "The latest moves of this game",
    "rules": "Rules of a building or a phase",
    "abort": "Abort this channel's game (host or channel managers)",
    "help": "How to play with this bot",
    "clock": "Show or change this game's decision clock and reminders (host, before the start)",
    "settings": "Your time zone, quiet hours and where reminders go (only you see it)",
    "away": "Stop your clock in this channel's game until a date (your time zone)",
    "back": "You are back before the end of your away period: your clock runs again",
    "pause": "Ask to pause this game (it pauses when every player asked)",
    "resume": "Resume a paused game, or withdraw your request to pause",
    "reclaim": "Take your seat back from the built-in player",
    "mygames": "Your games in this server, those waiting for you first (only you see it)",
}
OPT_GAME = "Caylus (the board game, 2-5 players) or Caylus Magna Carta (the card game, 2-4)"
OPT_PLAYERS = "Number of players (Caylus 2-5, Magna Carta 2-4)"
OPT_RULES = "Magna Carta only: the standard rules (with the provost) or the beginner rules"
OPTION_OF_OTHER_GAME = "'{option}' is an option of {owner}, not of {game}: leave it out."
OPT_FAVOR = "Royal favors: the full table, or simplified (3 PP each)"
OPT_TILES = "Building set: revised (with the jeweller) or first edition"
OPT_ACTION = "Your move, e.g. 'place 7', 'pass', 'batch FWS'"
OPT_TOPIC = "A building or a phase"
OPT_SEAT = "Seat number as shown in the lobby (1-5)"
OPT_PAGE = "Older moves: page 2, 3, ..."
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
OPT_AWAY_UNTIL = "YYYY-MM-DD or 'YYYY-MM-DD HH:MM' in your time zone (a date alone = its end)"
OPT_KICK_SEAT = "Seat number as in the lobby (1-5); in a running game, an idle player's seat"

# --- lobby --------------------------------------------------------------------------------------
LOBBY_TITLE = "Caylus — game #{game_id}"
LOBBY_OPEN = "Waiting for players. Press **Join** to take a seat; the host presses **Start**."
LOBBY_STARTED = "The game has started."
LOBBY_ABORTED = "This game was aborted."
LOBBY_SEATS = "Seats ({count}/{wanted})"
LOBBY_OPTIONS = "Options"
LOBBY_OPTIONS_TEXT = "Favors: {favor_mode} · Buildings: {tile_set}"
LOBBY_CLOCK = "Clock"
LOBBY_CLOCK_TEXT = (
    "{clock} per decision · reminders: {reminders} · idle after {takeover_after} missed "
    "decisions · {max_away_days} away days"
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
BUTTON_CANCEL_PREMOVES = "Cancel my queue"
LOBBY_NOTES = {  # op -> (private note to the user, public line above the new lobby)
    "join": ("You joined game #{game_id}.", "{who} joined game #{game_id}."),
    "leave": ("You left game #{game_id}.", "{who} left game #{game_id}."),
    "bot": ("A bot seat was added to game #{game_id}.", "{who} added a bot seat."),
    "kick": ("Seat {seat} was removed from game #{game_id}.", "{who} removed seat {seat}."),
}
LOBBY_GONE = "Game #{game_id} was aborted: its last player left."
OPENED = "Game #{game_id} is open: the lobby is in the channel."
STARTED = "Game #{game_id} has started."
ABORT_DONE = "Game #{game_id} is aborted."

# --- play ---------------------------------------------------------------------------------------
GAME_STARTS = "**Game #{game_id} begins.** {intro}"
GAME_STARTS_ORDER = "Turn order: {order}."
PHASE_HEADER = "**Turn {turn} · {phase}. {name}**"
PHASE_HEADER_SO_FAR = "**Turn {turn} · {phase}. {name}** (so far)"
PHASE_NOTHING = "nothing happened"
MORE_LINES = "… and {count} more"
ACCOUNT_BOARD = "board_t{turn}_p{phase}.png"
PROMPT = "{mentions} — {who}: **{prompt}**"
PROMPT_CONTEXT = "Turn {turn} · phase {phase} ({name}) · {stock}"
PROMPT_HELP = "Choose below, or type `/caylus play`."
PROMPT_HAND = "Your choices with your cards are under **My hand** (only you see them)."
PROMPT_HAND_TOO = "**My hand** shows your cards (only you see them) and what you can do with them."
PROMPT_TOO_MANY = "Not every option fits in the menus: `/caylus play` lists them all."
PROMPT_BOT = "{who} (bot) decides."
CHOSE = "✅ {who} chose **{label}**."
PLAYED = "Played: **{label}** (`{action}`)."
# --- answers ahead, premoves, standing orders (docs/pace.md) ---------------------------------
ANSWER_KEPT = "Noted: **{label}** will be played when that decision comes (if still possible)."
PREMOVE_OFFER = (
    "Queue your next placement? It is played when your turn comes if the space is still free "
    "and costs no more than now; otherwise you are asked as usual."
)
PREMOVE_PLACEHOLDER = "Then place on…"
PREMOVE_PASS = "Then pass"
PREMOVE_ITEM = "{space} (at most {cost} d)"
CHOICE_PLANNED = "your answer now"
# standing orders: name -> value -> words (values are bot.plans.Orders')
ORDER_NAMES = {
    "inn": {"stay": "always stay", "ask": "ask me"},
    "bribe": {"ask": "ask me", "never": "never move the provost"},
    "castle": {"ask": "ask me", "all": "deliver all I can"},
}
ORDER_WHAT = {"inn": "inn", "bribe": "bribes", "castle": "castle"}
ORDER_LINE = "{what}: {how}"
OPT_ORDER_INN = "Standing order for new games: stay in the inn, or be asked every turn"
OPT_ORDER_BRIBES = "Standing order for new games: be asked about provost bribes, or never bribe"
OPT_ORDER_CASTLE = "Standing order for new games: deliver all you can to the castle, or be asked"
SETTINGS_ORDERS = "Standing orders for new games: {orders}"
ME_ORDERS = "Standing orders in this game: {orders}"
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
PREMOVE_QUEUED = "Your queue: {queue}."
PREMOVE_NONE = "Your queue is empty: you will be asked for each placement."
CHOICES_TITLE = "**Your choices in game #{game_id}** (only you see them)"
CHOICES_FALLBACK = "⚠ Your plan could not be played: {reason}."
CHOICES_NONE = "Nothing to decide ahead right now."
CHOICES_MORE = "More come after these."
CHOICES_LINE = "• {question}{planned}"
CHOICES_PLANNED = " — planned: **{answer}**"
PROMPT_AHEAD = "{mentions}: you can answer your coming choices now (**My choices**)."
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
PLACEHOLDER_MORE = "{title} ({first}–{last})"

# --- game over ----------------------------------------------------------------------------------
GAME_OVER_TITLE = "Game #{game_id} is over"
WINNER_ONE = "🏆 {names} wins with {score} points!"
WINNER_MANY = "🏆 {names} share the win with {score} points!"
SCORE_LINE = (
    "{emoji} **{name}**: **{total}** = {game} PP + {gold} (gold) + {cubes} (cubes) "
    "+ {deniers} (deniers)"
)
ABORTED = "Game #{game_id} was aborted by {who}."

# --- looking ------------------------------------------------------------------------------------
NO_GAME = "There is no game in this channel. Open one with `/caylus new`."
NOT_STARTED = "Game #{game_id} has not started yet: {count} seated. The host presses Start."
STATUS_TITLE = "Game #{game_id} · {status}"
STATUS_TURN = "Turn {turn} · phase {phase} ({name}) · bailiff {bailiff} · provost {provost}"
STATUS_WAITING = "Waiting for {who}: {prompt}{since}"
STATUS_SINCE = " (since {when})"
STATUS_SEAT = "{emoji} {name}: {pp} PP · {deniers} d · {cubes} · {workers} workers left"
ME_TITLE = "Your stock in game #{game_id} ({emoji} {colour})"
ME_PUBLIC_CHOICES = "Your other choices are on the prompt in the channel."
ME_NO_SEAT = (
    "You have no seat in game #{game_id}: you are watching. `/caylus status` shows every "
    "player's stock and who must decide."
)
ME_LINE = "**{pp} PP** · **{deniers} d** · {cubes} · {workers} workers in hand"
ME_FAVORS = "Favor markers: prestige {a}, deniers {b}, cubes {c}, buildings {d}"
ME_BUILDINGS = "Your buildings: {buildings}"
ME_NO_BUILDINGS = "You own no building yet."
ME_DECISION = "**Your decision:** {prompt}"
ME_WAIT = "Not your decision now: the game waits for {who}."
ME_NOT_SEATED = "You have no seat in game #{game_id}; here is the board."
LOG_TITLE = "Game #{game_id}: moves {first}–{last} of {total}"
LOG_EMPTY = "No moves yet in game #{game_id}."
LOG_LINE = "{seq}. {who}: `{action}`"
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
# /caylus rules: the figures and special spaces, in words (key -> (topic label, text)).
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
HELP = """\
**Caylus in Discord**
• `/caylus new` opens a game here; others press **Join** (or `/caylus join`); **Add bot** fills a \
seat with the built-in player; the host presses **Start**.
• When you must decide, the bot mentions you once, with buttons and menus showing each choice \
and its cost. Off-turn decisions (provost, favors, castle, inn, gate, owner's cube) ping you too.
• `/caylus play` accepts any move: start typing to see your legal moves in words and notation \
(e.g. `place 7`, `pass`, `batch FWS`, `favor c2S`).
• `/caylus board`, `/caylus status`, `/caylus me` (private), `/caylus log`, `/caylus rules`.
• Each decision has a clock (default 24 hours, `/caylus clock` in the lobby); when it runs out \
the default move is played. `/caylus settings` sets your time zone, quiet hours and reminders; \
`/caylus away`, `/caylus back`, `/caylus pause`, `/caylus resume`, `/caylus reclaim`, \
`/caylus mygames`.
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
ILLEGAL = "{reason}"
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

# --- the clock on Discord (bot/cogs/clock.py; docs/clock.md) ----------------------------------
DEADLINE_LINE = "⏰ Decide by {due} ({relative})."
DEADLINE_PAUSED = "⏸️ The game is paused: no clock runs (`/caylus resume` to continue)."
DEADLINE_AWAY = "💤 {who} is away until {until}; then the clock restarts: decide by {due}."
PROMPT_EXPIRED = "⌛ Time ran out: the clock played `{action}`."
PROMPT_ABORTED = "⛔ The game was aborted."
ACCOUNT_SO_FAR = "{account}"
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
SETTINGS_HELP = (
    "Change them with `/caylus settings time_zone:` `quiet_hours:` (e.g. 22:00-07:00, or off) "
    "`reminders_via:` (channel, dm or none)."
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
    "🤖 **#{game_id}** in {channel}: the built-in player holds your seat (`/caylus reclaim`)"
)
MYGAMES_DUE = ", until {due}"
MYGAMES_PAUSED = " · ⏸️ paused"
MYGAMES_AWAY = " · 💤 you are away until {until}"
MYGAMES_NOBODY = "the built-in player"
