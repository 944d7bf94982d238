-- 0004: plans (answers given ahead, castle plans, premoves, owners' cubes), standing orders per
-- player and game, players' default standing orders, and the `planned` mark of the action log.
-- See docs/pace.md. The PostgreSQL twin of migrations/sqlite/0004_plans.sql.

-- A column with a constant default rewrites no row and fires no UPDATE trigger.
ALTER TABLE actions ADD COLUMN planned INTEGER NOT NULL DEFAULT 0 CHECK (planned IN (0, 1));

CREATE TABLE plans (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    user_id    BIGINT  NOT NULL,                      -- the player who made it
    body       TEXT    NOT NULL,                      -- JSON: the plan (bot.plans.Plan)
    status     TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'dropped')),
    reason     TEXT,                                  -- dropped: why it was not played
    seq        INTEGER,                               -- dropped: games.seq at that decision
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat, key)
);

CREATE TABLE seat_orders (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    user_id    BIGINT  NOT NULL,
    inn        TEXT    NOT NULL DEFAULT 'stay' CHECK (inn IN ('stay', 'ask')),
    bribe      TEXT    NOT NULL DEFAULT 'ask' CHECK (bribe IN ('ask', 'never')),
    castle     TEXT    NOT NULL DEFAULT 'ask' CHECK (castle IN ('ask', 'all')),
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE user_orders (
    user_id    BIGINT  PRIMARY KEY,
    inn        TEXT    NOT NULL DEFAULT 'stay' CHECK (inn IN ('stay', 'ask')),
    bribe      TEXT    NOT NULL DEFAULT 'ask' CHECK (bribe IN ('ask', 'never')),
    castle     TEXT    NOT NULL DEFAULT 'ask' CHECK (castle IN ('ask', 'all')),
    updated_at DOUBLE PRECISION NOT NULL
);
