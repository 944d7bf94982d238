-- 0013: a game's web links can be revoked by its host (docs/web.md, "Revoking a game's links").
-- Every link of a game (the spectators' and the players') carries the game's link generation
-- in its signed token; the host's revocation adds one, and every link given before stops
-- working, without changing the secret that signs the links of every other game.
ALTER TABLE games ADD COLUMN link_generation INTEGER NOT NULL DEFAULT 0;
