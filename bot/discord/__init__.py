"""The Discord layer, thin over the game service: the cogs (slash commands, buttons, menus and
delivery, `cogs/`), the buttons and menus that survive restarts (`items.py`: what a custom id
means; `views.py`: how a message's components are laid out), the slash
commands' translations (`translator.py`), the command tree whose global sync keeps the
Activity's entry point command (`command_tree.py`) and logging that never writes a secret
(`logsafe.py`). The bot itself is assembled in bot/app.py."""
