"""The bot's words: the shared catalogues (`text.py` for the Discord side, `messages.py` for
the game service's sentences), read in the current language through `lang.py` (`t`, `m`), and
the service's typed errors whose text is one of those sentences (`errors.py`). Each game's own
strings are in its folder (bot/games/<game>/text.py). Imports nothing else of the bot, so
every layer may use it."""
