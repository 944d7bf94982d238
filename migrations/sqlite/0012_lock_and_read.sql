-- 0012: nothing on SQLite. The PostgreSQL twin installs the function that takes a game's lock
-- and reads what an action needs first in one round trip; SQLite has no lock to take (one
-- process per file) and no round trips. Kept so that both backends count their schemas alike.
SELECT 1;
