-- 0007: languages (docs/i18n.md). A game's language (what is posted in its channel and drawn
-- in its pictures) is chosen at /caylus new; a player may set the language of their private
-- replies (NULL: their Discord client's language). Codes are i18n.LANGUAGES ('en', 'nl', ...).
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE user_settings ADD COLUMN language TEXT;
