-- 0004: plans (answers given ahead, castle plans, premoves, owners' cubes), standing orders per
-- player and game, players' default standing orders, and the `planned` mark of the action log.
-- See docs/pace.md. Plans are private to their player until played; a played plan is an
-- ordinary row of `actions` with planned = 1.

-- Adding a column rewrites no row, so the log's append-only trigger (0001) is not involved.
ALTER TABLE actions ADD COLUMN planned INTEGER NOT NULL DEFAULT 0 CHECK (planned IN (0, 1));

-- One row per plan of a seat. `key` is what the plan is bound to (bot/plans.py): a decision
-- ('3/5/produce/11': turn 3, phase 5, the Farm on 11), the castle of a turn ('3/6/castle/0'), a
-- place in the premove queue ('3/2/premove/0'), or a building for an owner's cube ('owner/17').
-- A plan that could not be played when its decision came is kept as 'dropped' with the reason
-- until that decision is answered, so the player can be told why they are asked.
CREATE TABLE plans (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,                      -- the player who made it
    body       TEXT    NOT NULL,                      -- JSON: the plan (bot.plans.Plan)
    status     TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'dropped')),
    reason     TEXT,                                  -- dropped: why it was not played
    seq        INTEGER,                               -- dropped: games.seq at that decision
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat, key)
) WITHOUT ROWID;

-- Standing orders of one seat in one game (bot.plans.Orders); no row: the player's defaults.
-- A game copies its players' defaults (user_orders) when it starts.
CREATE TABLE seat_orders (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    inn        TEXT    NOT NULL DEFAULT 'stay' CHECK (inn IN ('stay', 'ask')),
    bribe      TEXT    NOT NULL DEFAULT 'ask' CHECK (bribe IN ('ask', 'never')),
    castle     TEXT    NOT NULL DEFAULT 'ask' CHECK (castle IN ('ask', 'all')),
    updated_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- A player's default standing orders for new games (/caylus settings), next to user_settings.
CREATE TABLE user_orders (
    user_id    INTEGER PRIMARY KEY,
    inn        TEXT    NOT NULL DEFAULT 'stay' CHECK (inn IN ('stay', 'ask')),
    bribe      TEXT    NOT NULL DEFAULT 'ask' CHECK (bribe IN ('ask', 'never')),
    castle     TEXT    NOT NULL DEFAULT 'ask' CHECK (castle IN ('ask', 'all')),
    updated_at REAL    NOT NULL
);
