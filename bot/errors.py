"""Typed errors of the game service: all subclass ServiceError and read well as they are.

`str(error)` is the sentence to show the player (templates in bot/messages.py); the attributes
carry the ids a Discord cog may want (to mention a host, or whoever is awaited). Nothing is
written when one of these is raised. Engine errors are wrapped with their message kept, the
engine exception stays reachable as `__cause__`.
"""

from __future__ import annotations

from typing import Any

from bot import messages as m


class ServiceError(Exception):
    """Base class. `code` is a stable short name (for logs and tests)."""

    code = "error"
    template = "{message}"

    def __init__(self, message: str | None = None, **details: Any) -> None:
        self.details = details
        for key, value in details.items():
            setattr(self, key, value)
        super().__init__(message if message is not None else self.template.format(**details))

    @property
    def message(self) -> str:
        return str(self)


class UnknownGame(ServiceError):
    code = "unknown_game"
    template = m.UNKNOWN_GAME


class UnknownKind(ServiceError):
    code = "unknown_kind"
    template = m.UNKNOWN_KIND


class BadOptions(ServiceError):
    code = "bad_options"
    template = m.BAD_OPTIONS


class ChannelBusy(ServiceError):
    """Names the running game: game_id, kind, status, host_id."""

    code = "channel_busy"
    template = m.CHANNEL_BUSY


class NotSeated(ServiceError):
    code = "not_seated"
    template = m.NOT_SEATED


class NoSuchSeat(ServiceError):
    code = "no_such_seat"
    template = m.NO_SUCH_SEAT


class AlreadySeated(ServiceError):
    code = "already_seated"
    template = m.ALREADY_SEATED


class NotHost(ServiceError):
    code = "not_host"
    template = m.NOT_HOST


class LobbyFull(ServiceError):
    code = "lobby_full"
    template = m.LOBBY_FULL


class WrongPlayerCount(ServiceError):
    code = "wrong_player_count"
    template = m.WRONG_PLAYER_COUNT


class NotInLobby(ServiceError):
    code = "not_in_lobby"
    template = m.NOT_IN_LOBBY


class GameNotRunning(ServiceError):
    code = "game_not_running"
    template = m.GAME_NOT_RUNNING


class StaleVersion(ServiceError):
    """'The board has changed': the request was built from another version of the game."""

    code = "stale_version"
    template = m.STALE_VERSION


class NotYourDecision(ServiceError):
    """Carries game_id, colour, prompt, and awaited_seat / awaited_user_id (None for a bot)."""

    code = "not_your_decision"
    template = m.NOT_YOUR_DECISION


class MalformedAction(ServiceError):
    """The engine's MalformedAction, message kept."""

    code = "malformed_action"


class IllegalAction(ServiceError):
    """The engine's IllegalAction, message kept (it says why)."""

    code = "illegal_action"


class GameOver(ServiceError):
    code = "game_over"
    template = m.GAME_OVER


class GameDamaged(ServiceError):
    """The stored game cannot be read: it is marked damaged and skipped until repaired."""

    code = "game_damaged"
    template = m.GAME_DAMAGED


class GameCorrupt(GameDamaged):
    """The log does not replay: the game cannot be served until an administrator repairs it."""

    code = "game_corrupt"
    template = m.GAME_CORRUPT


class DuplicateCommand(ServiceError):
    """The same typed move again, sent before the first one's result was seen."""

    code = "duplicate_command"
    template = m.DUPLICATE_COMMAND


class NotSaved(ServiceError):
    """The database could not be written (a full disk): nothing was changed."""

    code = "not_saved"
    template = m.NOT_SAVED


class BadSetting(ServiceError):
    code = "bad_setting"
    template = m.BAD_SETTING


# --- the clock (bot/clock_service.py) --------------------------------------------------------


class ClockError(ServiceError):
    """Base of the clock's errors (bad input, or a clock operation that does not apply)."""

    code = "clock_error"


class BadTimeZone(ClockError):
    code = "bad_time_zone"
    template = m.BAD_TIME_ZONE_NAME


class BadQuietHours(ClockError):
    code = "bad_quiet_hours"
    template = m.BAD_QUIET_HOURS


class BadClock(ClockError):
    code = "bad_clock"
    template = m.BAD_CLOCK


class BadReminders(ClockError):
    code = "bad_reminders"
    template = m.BAD_REMINDERS


class BadRemindVia(ClockError):
    code = "bad_remind_via"
    template = m.BAD_REMIND_VIA


class BadAwayDate(ClockError):
    code = "bad_away_date"
    template = m.BAD_AWAY_DATE


class AwayInPast(ClockError):
    code = "away_in_past"
    template = m.AWAY_IN_PAST


class AwayTooLong(ClockError):
    """Carries game_id, max_days, days_left and latest (a Discord timestamp)."""

    code = "away_too_long"
    template = m.AWAY_TOO_LONG


class NotAway(ClockError):
    code = "not_away"
    template = m.NOT_AWAY


class NotTakenOver(ClockError):
    code = "not_taken_over"
    template = m.NOT_TAKEN_OVER


class NotIdle(ClockError):
    code = "not_idle"
    template = m.NOT_IDLE


class AlreadyPaused(ClockError):
    code = "already_paused"
    template = m.ALREADY_PAUSED


class NotPaused(ClockError):
    code = "not_paused"
    template = m.NOT_PAUSED


class ClockInLobbyOnly(ClockError):
    code = "clock_in_lobby_only"
    template = m.CLOCK_IN_LOBBY_ONLY
