-- 0003: what must still be posted after a commit (the outbox), clock stops while the bot cannot
-- post in a game's channel, and games marked damaged. See docs/store.md and docs/clock.md.

-- One row per committed change that the channel must see (boards, accounts, the next prompt).
-- Written in the same transaction as the moves; marked delivered once everything is posted.
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    after_seq       INTEGER NOT NULL,                 -- the log before the change ended here
    to_seq          INTEGER NOT NULL,                 -- ... and after it here
    version         INTEGER NOT NULL,                 -- the game's version after the change
    payload         TEXT    NOT NULL,                 -- JSON: why (start, move, clock expiry ...)
    created_at      REAL    NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,       -- failed attempts so far
    next_attempt_at REAL    NOT NULL,
    parts_done      INTEGER NOT NULL DEFAULT 0,       -- messages already posted (a retry skips them)
    last_error      TEXT,
    delivered_at    REAL
);

CREATE INDEX outbox_undelivered ON outbox (game_id, id) WHERE delivered_at IS NULL;
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL;

-- The game's clock stands still while the bot cannot post in its channel: [stopped_at,
-- restarted_at), like a pause. At most one open stop per game.
CREATE TABLE clock_stops (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    stopped_at   REAL    NOT NULL,
    restarted_at REAL,
    reason       TEXT    NOT NULL,
    host_told    INTEGER NOT NULL DEFAULT 0 CHECK (host_told IN (0, 1)),
    PRIMARY KEY (game_id, stopped_at)
) WITHOUT ROWID;

CREATE UNIQUE INDEX clock_stops_open ON clock_stops (game_id) WHERE restarted_at IS NULL;

-- A game that cannot be read or replayed: skipped by the clock, refused by every command, kept
-- for an operator to inspect. `reported`: its channel has been told.
CREATE TABLE damaged_games (
    game_id   INTEGER PRIMARY KEY,                    -- no foreign key: the row may be unreadable
    reason    TEXT    NOT NULL,
    marked_at REAL    NOT NULL,
    reported  INTEGER NOT NULL DEFAULT 0 CHECK (reported IN (0, 1))
);
