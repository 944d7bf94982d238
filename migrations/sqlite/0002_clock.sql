-- 0002: the decision clock (issue 6): per-game clock settings, pauses and pause votes, per-seat
-- idle state, away periods, clock expiries and sent reminders. See docs/clock.md.
-- Per-user time zone, quiet hours and where reminders go are the existing user_settings columns
-- (time_zone, quiet_start / quiet_end, notify): nothing is added there.
-- Times are Unix seconds (REAL). A game without a clock_settings row has the defaults.

CREATE TABLE clock_settings (
    game_id          INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    clock_seconds    INTEGER NOT NULL DEFAULT 86400
                     CHECK (clock_seconds BETWEEN 3600 AND 604800),   -- 1 hour .. 7 days
    reminders        TEXT    NOT NULL DEFAULT 'half,2h',              -- bot.clock.parse_reminders
    max_away_days    INTEGER NOT NULL DEFAULT 7 CHECK (max_away_days BETWEEN 0 AND 60),
    takeover_after   INTEGER NOT NULL DEFAULT 3 CHECK (takeover_after BETWEEN 1 AND 20),
    updated_at       REAL    NOT NULL
);

-- Every pause of a game; the open one has resumed_at NULL (at most one, by the index).
CREATE TABLE clock_pauses (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    paused_at  REAL    NOT NULL,
    resumed_at REAL,
    PRIMARY KEY (game_id, paused_at)
) WITHOUT ROWID;

CREATE UNIQUE INDEX clock_pauses_open ON clock_pauses (game_id) WHERE resumed_at IS NULL;

-- Humans who asked to pause; cleared when the game pauses or resumes.
CREATE TABLE clock_pause_votes (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    voted_at REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;

-- Per-seat idle state. Expiries in a row are counted from clock_expiries and the action log
-- (expiries after the seat's last own move and after reset_seq), so they cannot drift.
CREATE TABLE clock_seats (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,                  -- the human the seat belongs to
    taken_over     INTEGER NOT NULL DEFAULT 0 CHECK (taken_over IN (0, 1)),  -- reclaimable bot
    taken_over_at  REAL,
    reset_seq      INTEGER NOT NULL DEFAULT 0,        -- expiries up to this seq no longer count
    updated_at     REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- One row per decision the clock decided: the logged action at seq (by_bot = 1 in actions).
CREATE TABLE clock_expiries (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,                     -- the log row of the default move
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    action      TEXT    NOT NULL,
    deadline_at REAL    NOT NULL,
    expired_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE INDEX clock_expiries_seat ON clock_expiries (game_id, seat, seq);

-- Away periods: [from_at, until_at), cut short by ended_at when the player comes back early.
CREATE TABLE clock_away (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    from_at     REAL    NOT NULL,
    until_at    REAL    NOT NULL CHECK (until_at > from_at),
    ended_at    REAL,                                 -- came back early (back), else NULL
    announced   INTEGER NOT NULL DEFAULT 0 CHECK (announced IN (0, 1)),  -- return announced
    created_at  REAL    NOT NULL
);

CREATE INDEX clock_away_seat ON clock_away (game_id, seat, until_at);
CREATE INDEX clock_away_open ON clock_away (announced) WHERE announced = 0;

-- Reminders sent (or due while the bot was down and sent once): one per decision and item.
-- The decision is (game_id, seq, seat): seq is games.seq when the decision began.
CREATE TABLE clock_reminders (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    item     TEXT    NOT NULL,                        -- 'half', '2h', ... of the game's spec
    user_id  INTEGER NOT NULL,
    due_at   REAL    NOT NULL,
    sent_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, seq, seat, item)
) WITHOUT ROWID;

CREATE INDEX games_awaiting ON games (status, awaiting_since) WHERE awaiting_seat IS NOT NULL;
