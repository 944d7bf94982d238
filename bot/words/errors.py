"""Typed errors of the game service: all subclass ServiceError and read well as they are.

`str(error)` is the sentence to show the player (templates in bot/words/messages.py); the attributes
carry the ids a Discord cog may want (to mention a host, or whoever is awaited). Nothing is
written when one of these is raised. Engine errors are wrapped with their message kept, the
engine exception stays reachable as `__cause__`.
"""

from __future__ import annotations

from typing import Any

from bot.words.lang import colour_name, m


class ServiceError(Exception):
    """Base class. `code` is a stable short name (for logs and tests)."""

    code = "error"
    template = ""  # the name of its sentence in bot/words/messages.py, read in the current language
    game_id: int | None = None  # the game it is about, when known (set from `details`)

    def __init__(self, message: str | None = None, **details: Any) -> None:
        self.details = details
        for key, value in details.items():
            setattr(self, key, value)
        if message is None and self.template:
            values = dict(details)
            if isinstance(values.get("colour"), str):  # a seat's colour, in words
                values["colour"] = colour_name(values["colour"])
            message = getattr(m, self.template).format(**values)
        message = message or ""
        super().__init__(message)

    @property
    def message(self) -> str:
        return str(self)


class UnknownGame(ServiceError):
    code = "unknown_game"
    template = "UNKNOWN_GAME"


class UnknownKind(ServiceError):
    code = "unknown_kind"
    template = "UNKNOWN_KIND"


class BadOptions(ServiceError):
    code = "bad_options"
    template = "BAD_OPTIONS"


class ChannelBusy(ServiceError):
    """Names the running game: game_id, kind, status, host_id."""

    code = "channel_busy"
    template = "CHANNEL_BUSY"


class NotSeated(ServiceError):
    code = "not_seated"
    template = "NOT_SEATED"


class NoSuchSeat(ServiceError):
    code = "no_such_seat"
    template = "NO_SUCH_SEAT"


class AlreadySeated(ServiceError):
    code = "already_seated"
    template = "ALREADY_SEATED"


class NotHost(ServiceError):
    code = "not_host"
    template = "NOT_HOST"


class LobbyFull(ServiceError):
    code = "lobby_full"
    template = "LOBBY_FULL"


class WrongPlayerCount(ServiceError):
    code = "wrong_player_count"
    template = "WRONG_PLAYER_COUNT"


class NotInLobby(ServiceError):
    code = "not_in_lobby"
    template = "NOT_IN_LOBBY"


class GameNotRunning(ServiceError):
    code = "game_not_running"
    template = "GAME_NOT_RUNNING"


class RecordHidden(ServiceError):
    """The record of a running game with hidden information (it would show the hands)."""

    code = "record_hidden"
    template = "RECORD_HIDDEN"


class NoReplay(ServiceError):
    """A replay of a game that has not finished (never started, running or aborted)."""

    code = "no_replay"
    template = "NO_REPLAY"


class StaleVersion(ServiceError):
    """'The board has changed': the request was built from another version of the game."""

    code = "stale_version"
    template = "STALE_VERSION"


class NotYourDecision(ServiceError):
    """Carries game_id, colour, prompt, and awaited_seat / awaited_user_id (None for a bot)."""

    code = "not_your_decision"
    template = "NOT_YOUR_DECISION"


class MalformedAction(ServiceError):
    """The engine's MalformedAction, message kept."""

    code = "malformed_action"


class IllegalAction(ServiceError):
    """The engine's IllegalAction, message kept (it says why)."""

    code = "illegal_action"


class GameOver(ServiceError):
    code = "game_over"
    template = "GAME_OVER"


class GameDamaged(ServiceError):
    """The stored game cannot be read: it is marked damaged and skipped until repaired."""

    code = "game_damaged"
    template = "GAME_DAMAGED"


class GameCorrupt(GameDamaged):
    """The log does not replay: the game cannot be served until an administrator repairs it."""

    code = "game_corrupt"
    template = "GAME_CORRUPT"


class DuplicateCommand(ServiceError):
    """The same typed move again, sent before the first one's result was seen."""

    code = "duplicate_command"
    template = "DUPLICATE_COMMAND"


class NotSaved(ServiceError):
    """The database could not be written (a full disk): nothing was changed."""

    code = "not_saved"
    template = "NOT_SAVED"


class BadSetting(ServiceError):
    code = "bad_setting"
    template = "BAD_SETTING"


# --- the clock (bot/clock_service/) --------------------------------------------------------


class ClockError(ServiceError):
    """Base of the clock's errors (bad input, or a clock operation that does not apply)."""

    code = "clock_error"


class BadTimeZone(ClockError):
    code = "bad_time_zone"
    template = "BAD_TIME_ZONE_NAME"


class BadQuietHours(ClockError):
    code = "bad_quiet_hours"
    template = "BAD_QUIET_HOURS"


class BadClock(ClockError):
    code = "bad_clock"
    template = "BAD_CLOCK"


class BadReminders(ClockError):
    code = "bad_reminders"
    template = "BAD_REMINDERS"


class BadRemindVia(ClockError):
    code = "bad_remind_via"
    template = "BAD_REMIND_VIA"


class BadAwayDate(ClockError):
    code = "bad_away_date"
    template = "BAD_AWAY_DATE"


class AwayInPast(ClockError):
    code = "away_in_past"
    template = "AWAY_IN_PAST"


class AwayTooLong(ClockError):
    """Carries game_id, max_days, days_left and latest (a Discord timestamp)."""

    code = "away_too_long"
    template = "AWAY_TOO_LONG"


class NotAway(ClockError):
    code = "not_away"
    template = "NOT_AWAY"


class NotTakenOver(ClockError):
    code = "not_taken_over"
    template = "NOT_TAKEN_OVER"


class NotIdle(ClockError):
    code = "not_idle"
    template = "NOT_IDLE"


class AlreadyPaused(ClockError):
    code = "already_paused"
    template = "ALREADY_PAUSED"


class NotPaused(ClockError):
    code = "not_paused"
    template = "NOT_PAUSED"


class ClockInLobbyOnly(ClockError):
    code = "clock_in_lobby_only"
    template = "CLOCK_IN_LOBBY_ONLY"


class NothingToUndo(ServiceError):
    code = "nothing_to_undo"
    template = "NOTHING_TO_UNDO"


class UndoTooLate(ServiceError):
    code = "undo_too_late"
    template = "UNDO_TOO_LATE"


class UndoNotYours(ServiceError):
    code = "undo_not_yours"
    template = "UNDO_NOT_YOURS"


class UndoNotInPerson(ServiceError):
    code = "undo_not_in_person"
    template = "UNDO_NOT_IN_PERSON"


class UndoRevealed(ServiceError):
    code = "undo_revealed"
    template = "UNDO_REVEALED"

    def __init__(self, message: str | None = None, **details: Any) -> None:
        what = details.get("what")
        if message is None and what is not None:  # "card" -> "a card from a draw pile"
            details = {**details, "what": m.UNDO_REVEALS.get(what, what)}
        super().__init__(message, **details)
        self.revealed = what
