-- 0010: moves taken back (docs/history.md, "Undo"). A move a player takes back leaves `actions`
-- (so the log replays to the game as it is) and is kept here, with when it was played and when
-- it was taken back: the two tables together are everything that happened. The same seq may be
-- taken back more than once (played, taken back, played again, taken back again).
CREATE TABLE undone_actions (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,                      -- canonical notation
    user_id    BIGINT  NOT NULL,                      -- who played it and took it back
    played_at  DOUBLE PRECISION NOT NULL,
    undone_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seq, undone_at)
);
