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


class GameCorrupt(ServiceError):
    """The log does not replay: the game cannot be served until an administrator repairs it."""

    code = "game_corrupt"
    template = m.GAME_CORRUPT


class BadSetting(ServiceError):
    code = "bad_setting"
    template = m.BAD_SETTING
