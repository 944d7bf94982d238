"""What the clock returns, and its defaults: frozen values (no Discord, no store)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bot.clock_service.clock import DEFAULT_CLOCK, QuietHours, discord_timestamp, format_duration
from bot.service import ActResult
from bot.words.lang import colour_name, m
from i18n import Later

DEFAULT_REMINDER_SPEC = "half,2h"  # as the migrations' column default (clock_settings)
DEFAULT_MAX_AWAY_DAYS = 7
DEFAULT_TAKEOVER_AFTER = 3
DAY = 86_400.0


@dataclass(frozen=True, slots=True)
class ClockSettings:
    game_id: int
    clock: timedelta = DEFAULT_CLOCK
    reminders: tuple[str, ...] = tuple(DEFAULT_REMINDER_SPEC.split(","))
    max_away_days: int = DEFAULT_MAX_AWAY_DAYS
    takeover_after: int = DEFAULT_TAKEOVER_AFTER

    @property
    def text(self) -> str:
        return m.CLOCK_SETTINGS.format(
            game_id=self.game_id,
            clock=format_duration(self.clock),
            reminders=", ".join(self.reminders) or m.REMINDERS_OFF,
            away_days=m.AWAY_DAYS.format(count=self.max_away_days),
            after_missed=m.AFTER_MISSED.format(count=self.takeover_after),
        )


@dataclass(frozen=True, slots=True)
class UserClockSettings:
    user_id: int
    time_zone: str = "UTC"
    quiet_hours: QuietHours | None = None
    remind_via: str = "channel"  # channel | dm | none


@dataclass(frozen=True, slots=True)
class Deadline:
    """The pending decision of a game and when its clock runs out.

    `due` is None while the game is paused (the clock is stopped with no end known). While the
    awaited player is away, `away_until` is set and `due` is already the later deadline (the
    clock restarts when the away period ends)."""

    game_id: int
    guild_id: int
    channel_id: int
    seat: int
    colour: str
    user_id: int
    seq: int  # games.seq when the decision began: with `seat`, the decision's identity
    version: int
    kind: str  # the engine's decision kind ('place', 'favor', ...), '' if not loaded
    prompt: str
    since: datetime  # when the decision became this seat's
    clock_start: datetime  # when its clock (last) started: `since`, or the end of an away period
    due: datetime | None
    clock: timedelta
    paused: bool = False
    away_until: datetime | None = None

    def timestamp(self, style: str = "f") -> str:
        """The deadline as a Discord timestamp ('' while paused)."""
        return discord_timestamp(self.due, style) if self.due is not None else ""


@dataclass(frozen=True, slots=True)
class ClockNotice:
    """Something for the Discord layer to post.

    kind: 'expired' (the clock played the default; `result` has the moves and who must decide
    now: prompt them as after any act), 'takeover' (the built-in player took the seat),
    'reminder' (send to `via`: 'channel' = mention in the game's channel, 'dm' = direct
    message), 'away_over', 'away', 'back', 'reclaimed', 'kicked', 'pause_vote', 'paused',
    'resumed', 'vote_withdrawn'. `template` names the player '{player}': `render(name)` fills in a
    mention or a display name (the default is the seat's colour)."""

    kind: str
    game_id: int
    guild_id: int
    channel_id: int
    user_ids: tuple[int, ...]  # whom it concerns (mention them)
    seat: int | None
    colour: str
    template: str | Later  # Later: read in the language of whoever shows it
    deadline: Deadline | None = None
    via: str = "channel"
    result: ActResult | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def render(self, player: str | None = None) -> str:
        shown = player if player is not None else colour_name(self.colour)
        return str(self.template).replace("{player}", shown)

    @property
    def text(self) -> str:
        return self.render()


@dataclass(frozen=True, slots=True)
class PauseState:
    game_id: int
    paused: bool
    paused_at: datetime | None
    votes: tuple[int, ...]  # humans who asked to pause (while not paused)
    needed: tuple[int, ...]  # every human seat's user
    notice: ClockNotice


@dataclass(frozen=True, slots=True)
class AwayInfo:
    game_id: int
    seat: int
    user_id: int
    from_at: datetime
    until: datetime
    days_left: float
    notice: ClockNotice


@dataclass(frozen=True, slots=True)
class MyGame:
    game_id: int
    guild_id: int
    channel_id: int
    kind: str
    status: str
    seat: int
    colour: str
    waiting_for_you: bool
    deadline: Deadline | None  # the current decision (whoever's it is), if the game runs
    taken_over: bool = False  # the built-in player holds the seat: /caylus back
    paused: bool = False
    away_until: datetime | None = None  # this user is away in this game
