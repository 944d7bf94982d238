"""The decision clock of asynchronous games: deadlines, expiries, idle seats, reminders
with time zones and quiet hours, away periods, pauses, "my games". No Discord imports.

`ClockService` wraps a `GameService` (and its `Store`). Every method takes `now` (an aware
datetime) where time matters, so tests and the simulated Discord drive a virtual clock. The
Discord layer calls the commands (settings, away, pause, reclaim, ...) and runs `tick(now)`
about once a minute; `tick` returns `ClockNotice`s to post. The rules are in docs/clock.md.

State lives in the tables of migration 0002 (migrations/*/0002_clock.sql), so a restart loses
nothing: deadlines are computed from `games.awaiting_since`, the game's clock, its pauses and the
awaited player's away periods; a reminder is recorded as sent in the same transaction that
decides to send it. Several processes may tick at once (PostgreSQL): each expiry and reminder
is claimed from the database by one of them (docs/store.md, "Several processes").

Its calls come in sets, a module each, over one core (`core.py`: the reads and the deadlines):
`settings.py`, `tick.py` (the scheduler), `seats.py` (reclaim, kick, away, back), `pause.py`;
the values it returns are in `values.py`, the pure deadline computation in `timing.py`.
"""

from bot.clock_service.pause import PauseCalls
from bot.clock_service.seats import SeatCalls
from bot.clock_service.settings import SettingsCalls
from bot.clock_service.tick import TickCalls, expiry_templates
from bot.clock_service.timing import Timing, compute_timing
from bot.clock_service.values import (
    AwayInfo,
    ClockNotice,
    ClockSettings,
    Deadline,
    MyGame,
    PauseState,
    UserClockSettings,
)


class ClockService(SettingsCalls, TickCalls, SeatCalls, PauseCalls):
    """See the package docstring and docs/clock.md. One per process, next to the GameService."""


__all__ = [
    "AwayInfo",
    "ClockNotice",
    "ClockService",
    "ClockSettings",
    "Deadline",
    "MyGame",
    "PauseState",
    "Timing",
    "UserClockSettings",
    "compute_timing",
    "expiry_templates",
]
