"""A game's clock and reminders, and a player's time zone, quiet hours and reminder channel."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from bot.clock_service.clock import (
    MAX_CLOCK,
    MIN_CLOCK,
    ClockInputError,
    format_duration,
    parse_clock,
    parse_quiet_hours,
    parse_reminders,
    time_zone,
)
from bot.clock_service.core import OFF_WORDS, REMIND_VIA, ClockCore
from bot.clock_service.values import ClockSettings, UserClockSettings
from bot.words import errors as err


class SettingsCalls(ClockCore):
    """Change the clock's settings of a game or of a player (reads are in the core)."""

    async def configure(
        self,
        game_id: int,
        by_user_id: int,
        *,
        clock: timedelta | str | None = None,
        reminders: str | Sequence[str] | None = None,
        max_away_days: int | None = None,
        takeover_after: int | None = None,
        can_manage: bool = False,
    ) -> ClockSettings:
        """The host (or `can_manage`) changes the game's clock settings. The clock, the away
        allowance and the takeover count only before the start; reminders at any time."""
        game = await self._game_head(game_id)
        if not can_manage and by_user_id != game.host_id:
            raise err.NotHost(game_id=game_id, user_id=by_user_id)
        values: dict[str, Any] = {}
        if clock is not None:
            values["clock_seconds"] = int(self._parse_clock(clock).total_seconds())
        if max_away_days is not None:
            if not isinstance(max_away_days, int) or not 0 <= max_away_days <= 60:
                raise err.BadSetting(name="max_away_days", reason="from 0 to 60 days.")
            values["max_away_days"] = max_away_days
        if takeover_after is not None:
            if not isinstance(takeover_after, int) or not 1 <= takeover_after <= 20:
                raise err.BadSetting(name="takeover_after", reason="from 1 to 20 decisions.")
            values["takeover_after"] = takeover_after
        if values and game.status != "lobby":
            raise err.ClockInLobbyOnly(game_id=game_id)
        if reminders is not None:
            values["reminders"] = ",".join(self._parse_reminders(reminders))
        if values:
            await self.store.write(lambda tx: tx.set_clock_settings(game_id, values))
        return await self.clock_settings(game_id)

    async def set_clock(
        self,
        game_id: int,
        by_user_id: int,
        clock: timedelta | str,
        *,
        can_manage: bool = False,
    ) -> ClockSettings:
        """The decision clock (1 hour to 7 days), before the start."""
        return await self.configure(game_id, by_user_id, clock=clock, can_manage=can_manage)

    async def set_user_settings(
        self,
        user_id: int,
        *,
        time_zone: str | None = None,
        quiet_hours: str | None = None,
        remind_via: str | None = None,
    ) -> UserClockSettings:
        """Validate everything first (BadTimeZone, BadQuietHours, BadRemindVia: nothing is
        written), then store. quiet_hours: '22:00-07:00', '23-7', or 'off'."""
        values: dict[str, Any] = {}
        if time_zone is not None:
            values["time_zone"] = self._zone_name(time_zone)
        if quiet_hours is not None:
            if quiet_hours.strip().lower() in OFF_WORDS:
                values.update(quiet_start=None, quiet_end=None)
            else:
                try:
                    quiet = parse_quiet_hours(quiet_hours)
                except ClockInputError:
                    raise err.BadQuietHours(value=quiet_hours) from None
                values["quiet_start"] = quiet.start.hour * 60 + quiet.start.minute
                values["quiet_end"] = quiet.end.hour * 60 + quiet.end.minute
        if remind_via is not None:
            if remind_via.strip().lower() not in REMIND_VIA:
                raise err.BadRemindVia(value=remind_via)
            values["notify"] = REMIND_VIA[remind_via.strip().lower()]
        if values:
            await self.store.set_user_settings(user_id, **values)
        return await self.user_settings(user_id)

    # --- internals ---------------------------------------------------------------------------

    @staticmethod
    def _parse_clock(clock: timedelta | str) -> timedelta:
        if isinstance(clock, timedelta):
            if not MIN_CLOCK <= clock <= MAX_CLOCK:
                raise err.BadClock(value=format_duration(clock))
            return clock
        try:
            return parse_clock(clock)
        except ClockInputError:
            raise err.BadClock(value=clock) from None

    @staticmethod
    def _parse_reminders(spec: str | Sequence[str]) -> tuple[str, ...]:
        text = spec if isinstance(spec, str) else ",".join(spec)
        if text.strip().lower() in OFF_WORDS:
            return ()
        try:
            items = parse_reminders(text)
        except ClockInputError:
            raise err.BadReminders(value=text) from None
        return tuple(dict.fromkeys(items))

    @staticmethod
    def _zone_name(name: str) -> str:
        try:
            time_zone(name.strip())
        except ClockInputError:
            raise err.BadTimeZone(value=name) from None
        return name.strip()
