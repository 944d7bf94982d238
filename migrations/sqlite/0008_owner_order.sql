-- 0008: the Magna Carta standing order for owner effects (bot.plans.Orders.owner, docs/pace.md):
-- 'never' skips the owner's effect of one's cards when another player's worker uses them.
-- A column with a constant default rewrites no row.
ALTER TABLE seat_orders ADD COLUMN owner TEXT NOT NULL DEFAULT 'ask' CHECK (owner IN ('ask', 'never'));
ALTER TABLE user_orders ADD COLUMN owner TEXT NOT NULL DEFAULT 'ask' CHECK (owner IN ('ask', 'never'));
