"""The `/caylus` cog, composed of its parts, one module per concern, each built on the parts it
uses (so a part's calls of another are known to the type checker):

- `base.py`: the state and helpers every part shares (names, mentions, the lobby as shown,
  pictures); a `commands.Cog` itself;
- `prompts.py`: the pending decision's prompt (built, found, refreshed, collapsed, closed);
- `guard.py`: acknowledging an interaction, private answers, the one error handler;
- `delivery.py` and `ahead.py`: posting what happened (the outbox: accounts, pictures, the next
  prompt) and the questions-ahead DMs;
- `lobby.py` and `threads.py`: new, join, leave, addbot, kick, start, abort, the lobby buttons,
  and the thread a game lives in (made, named, joined);
- `plans.py`: the turn plan editor, standing orders, premoves, "My choices";
- `play.py`: the choice buttons and menus, play, undo, board, me, log;
- `clock.py`: the scheduler loop and clock, away, back, pause, resume, reclaim, mygames;
- `settings.py`: settings;
- `rules.py`: rules and help;
- `history.py`: after the game: record, history, leaderboard, stats;
- `replay.py`: after the game: replay (phase by phase, and the animation);
- `catchup.py`: "Catch me up", what happened since a player's last move.

All commands belong to the one group of `group.py`. The parts are mixins of one Cog, so a
button handler, a command and the scheduler share the same per-game locks and caches.
"""

from __future__ import annotations

from discord.ext import commands

from bot.discord.cogs.catchup import CatchUpCommands
from bot.discord.cogs.clock import ClockCommands
from bot.discord.cogs.delivery import Delivery
from bot.discord.cogs.group import caylus
from bot.discord.cogs.history import HistoryCommands
from bot.discord.cogs.lobby import LobbyCommands
from bot.discord.cogs.play import PlayCommands
from bot.discord.cogs.replay import ReplayCommands
from bot.discord.cogs.rules import RulesCommands
from bot.discord.cogs.settings import SettingsCommands


class CaylusCog(
    LobbyCommands,
    PlayCommands,
    ClockCommands,
    SettingsCommands,
    RulesCommands,
    HistoryCommands,
    ReplayCommands,
    CatchUpCommands,
    Delivery,
    commands.Cog,
    name="Caylus",
):
    caylus = caylus
