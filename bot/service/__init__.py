"""The game service: lobby, play and look, between the Discord cogs and the engine (no Discord).

`GameService` is the async API the bot and the tests call (docs/store.md for the contract). Its
calls come in sets, a module each, over one shared core (`core.py`: loading, playing and
committing a game under its lock, in one transaction):

- `lobby.py`: open a game, seats, bots, start, abort;
- `play.py`: moves, undo, the clock's moves and seat changes;
- `planning.py`: answers ahead, premoves, standing orders;
- `look.py`: reads (a game, a view, the log, records, history);
- `outbox.py`: what a channel must still see;
- `settings.py`: players' and servers' settings and languages;
- `show.py`: one call per move that plays it and returns what the channel must now see
  (`answers.py`: the engine's answers the Discord layer needs for its words).
"""

from bot.service.core import one_interaction, timed_budget
from bot.service.lobby import LobbyCalls
from bot.service.look import LookCalls
from bot.service.outbox import OutboxCalls, retry_delay
from bot.service.planning import PlanCalls
from bot.service.play import DUPLICATE_WINDOW
from bot.service.results import ActResult, GameInfo, PlayerView, SeatInfo, UserGame
from bot.service.settings import SettingsCalls
from bot.service.show import ShowCalls


class GameService(LobbyCalls, ShowCalls, PlanCalls, LookCalls, OutboxCalls, SettingsCalls):
    """The async API used by the bot and the tests. See docs/store.md for the contract.

    Permission to manage a game: its host, or whoever the caller says may manage the channel
    (`can_manage=True`: the bot decides that from Discord permissions).
    """


__all__ = [
    "DUPLICATE_WINDOW",
    "ActResult",
    "GameInfo",
    "GameService",
    "PlayerView",
    "SeatInfo",
    "UserGame",
    "one_interaction",
    "retry_delay",
    "timed_budget",
]
