-- 0001: games, seats, the append-only action log, per-user and per-guild settings.
-- Applied inside one transaction by bot/store.py; never edit an applied migration, add a new file.
-- Times are Unix seconds (REAL). Discord ids are plain INTEGERs (the store knows nothing of Discord).

CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    kind            TEXT    NOT NULL,                 -- engine.get_game name, e.g. 'caylus'
    options         TEXT    NOT NULL,                 -- JSON: players wanted and variant flags
    setup           TEXT,                             -- JSON: the explicit engine Setup (seed, orders)
    status          TEXT    NOT NULL DEFAULT 'lobby'
                    CHECK (status IN ('lobby', 'running', 'finished', 'aborted')),
    host_id         INTEGER NOT NULL,
    version         INTEGER NOT NULL DEFAULT 0,       -- bumped by every accepted change
    seq             INTEGER NOT NULL DEFAULT 0,       -- seq of the last action in the log
    snapshot        TEXT,                             -- state JSON after the last action (a cache)
    phase_snapshot  TEXT,                             -- state JSON when the current phase began
    awaiting_seat   INTEGER,                          -- seat that must decide now (NULL: nobody)
    awaiting_since  REAL,                             -- since when that seat has been awaited
    outcome         TEXT,                             -- JSON engine Outcome once finished
    created_at      REAL    NOT NULL,
    updated_at      REAL    NOT NULL,
    started_at      REAL,
    ended_at        REAL
);

-- One active (lobby or running) game per channel, enforced by the database itself.
CREATE UNIQUE INDEX games_active_channel ON games (guild_id, channel_id)
    WHERE status IN ('lobby', 'running');
CREATE INDEX games_status ON games (status);

CREATE TABLE seats (
    game_id          INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat             INTEGER NOT NULL CHECK (seat >= 0),
    user_id          INTEGER,                         -- NULL for a bot seat
    is_bot           INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
    colour           TEXT    NOT NULL,
    resigned_user_id INTEGER,                         -- who held the seat before resigning
    joined_at        REAL    NOT NULL,
    PRIMARY KEY (game_id, seat),
    CHECK ((is_bot = 1 AND user_id IS NULL) OR (is_bot = 0 AND user_id IS NOT NULL))
) WITHOUT ROWID;

CREATE UNIQUE INDEX seats_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- The truth: every accepted action in order. Rows are only ever inserted.
CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,                      -- canonical notation
    by_bot     INTEGER NOT NULL DEFAULT 0 CHECK (by_bot IN (0, 1)),
    user_id    INTEGER,                               -- who submitted it (NULL for the bot)
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TABLE user_settings (
    user_id     INTEGER PRIMARY KEY,
    time_zone   TEXT    NOT NULL DEFAULT 'UTC',       -- IANA name
    quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 1439),  -- minutes after local midnight
    quiet_end   INTEGER CHECK (quiet_end BETWEEN 0 AND 1439),
    notify      TEXT    NOT NULL DEFAULT 'mention'
                CHECK (notify IN ('mention', 'dm', 'none')),
    updated_at  REAL    NOT NULL
);

CREATE TABLE guild_settings (
    guild_id           INTEGER PRIMARY KEY,
    manager_role_id    INTEGER,                       -- members with it may manage games
    default_players    INTEGER CHECK (default_players BETWEEN 2 AND 5),
    default_favor_mode TEXT CHECK (default_favor_mode IN ('full', 'simplified')),
    default_tile_set   TEXT CHECK (default_tile_set IN ('revised', 'first')),
    updated_at         REAL    NOT NULL
);
