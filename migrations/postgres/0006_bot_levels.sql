-- 0006: the level of a bot seat's automated player (docs/players.md): 'easy', 'medium' or
-- 'strong'. NULL for a human seat, and read as the default level ('medium') for a bot seat
-- made before this column existed. A seat taken over from its player plays at 'medium'.
ALTER TABLE seats ADD COLUMN level TEXT CHECK (level IS NULL OR level IN ('easy', 'medium', 'strong'));
