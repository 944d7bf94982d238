-- 0011: "you can answer your coming choices now" by direct message (docs/discord.md, "Mentions").
-- A player who opts in (/caylus settings ahead_dm:) gets one direct message per phase of a game
-- in which they have questions to answer ahead; later changes in the same phase edit it, so the
-- message of each (game, player) is kept here, with the turn and phase it is about.
ALTER TABLE user_settings ADD COLUMN ahead_dm INTEGER NOT NULL DEFAULT 0 CHECK (ahead_dm IN (0, 1));
CREATE TABLE ahead_dms (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    turn        INTEGER NOT NULL,
    phase       INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,                     -- the direct-message channel
    message_id  INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
