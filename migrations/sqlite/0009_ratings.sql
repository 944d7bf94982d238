-- 0009: the players' ratings per server and game (docs/history.md), updated in the transaction
-- that ends a game. `ratings` holds each human player's OpenSkill rating (mu, sigma) and their
-- counts: games, wins, games held to the end (`finished`) and games left to the built-in player
-- (resigned, kicked or taken over: `left_early`). `rating_changes` keeps one row per human seat of
-- every rated game: its place, whether it was held to the end, the rating before and after.
CREATE TABLE ratings (
    guild_id    INTEGER  NOT NULL,
    kind        TEXT    NOT NULL,
    user_id     INTEGER  NOT NULL,
    mu          REAL NOT NULL,
    sigma       REAL NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    wins        INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    finished    INTEGER NOT NULL DEFAULT 0 CHECK (finished >= 0),
    left_early  INTEGER NOT NULL DEFAULT 0 CHECK (left_early >= 0),
    updated_at  REAL NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
);

CREATE TABLE rating_changes (
    game_id      INTEGER  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id      INTEGER  NOT NULL,
    seat         INTEGER NOT NULL,
    place        INTEGER NOT NULL CHECK (place >= 1),  -- 1 = first; equal places are a tie
    won          INTEGER NOT NULL CHECK (won IN (0, 1)),
    held         INTEGER NOT NULL CHECK (held IN (0, 1)),  -- 0: left to the built-in player
    score        INTEGER,
    mu_before    REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after     REAL NOT NULL,
    sigma_after  REAL NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE INDEX rating_changes_user ON rating_changes (user_id);
