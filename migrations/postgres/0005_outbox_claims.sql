-- 0005: the process that posts a game's outbox rows claims them for a while (claimed_by names
-- the process, claimed_until ends the claim), so two bot processes sharing one database never
-- post the same rows, and a killed process's claim runs out. See docs/store.md ("The outbox").

ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until DOUBLE PRECISION;
