-- 0012: a game's lock and what an action reads first, in one round trip (docs/store.md,
-- "Round trips"). `caylus_lock_game` takes the game's session advisory lock (waiting, or only
-- if free) and then reads the game's version, its plans and its players' standing orders, and
-- takes an id for the outbox row the holder's change will add (so that the change's writes
-- need not wait for the id: they all go in one message with the commit).
--
-- Why a function and not one SELECT: under READ COMMITTED a statement reads from the snapshot
-- taken when it starts, so `SELECT pg_advisory_lock(..), (SELECT version ..)` could read the
-- game as it was before the lock was granted, missing the move its previous holder committed
-- just before letting go. A VOLATILE PL/pgSQL function takes a fresh snapshot for each
-- statement it runs, so the RETURN below reads after the lock is granted. (The pool's sessions
-- run READ COMMITTED: the store sets default_transaction_isolation when it connects.)
-- The SQLite twin of this file is empty: one process, no locks to take.
CREATE FUNCTION caylus_lock_game(p_space INTEGER, p_key INTEGER, p_game BIGINT, p_wait BOOLEAN)
RETURNS JSONB LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    IF p_wait THEN
        PERFORM pg_advisory_lock(p_space, p_key);
    ELSIF NOT pg_try_advisory_lock(p_space, p_key) THEN
        RETURN NULL;  -- busy: nothing taken
    END IF;
    RETURN jsonb_build_object(
        'version', (SELECT g.version FROM games g WHERE g.id = p_game),
        'plans', (
            SELECT COALESCE(jsonb_agg(jsonb_build_array(
                       p.seat, p.key, p.user_id, p.body, p.status, p.reason, p.seq, p.created_at)
                       ORDER BY p.seat, p.created_at, p.key), '[]'::jsonb)
            FROM plans p WHERE p.game_id = p_game),
        'orders', (
            SELECT COALESCE(jsonb_agg(to_jsonb(o)), '[]'::jsonb)
            FROM seat_orders o WHERE o.game_id = p_game),
        'outbox_id', nextval(pg_get_serial_sequence('outbox', 'id')));
END
$$;
