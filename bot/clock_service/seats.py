"""Idle seats and away periods: taking a seat back from the built-in player, the host's kick,
a player's away and back.
"""

from __future__ import annotations

from datetime import datetime
from functools import partial

import i18n
from bot.clock_service.clock import ClockInputError, discord_timestamp, parse_away_until, time_zone
from bot.clock_service.core import EPOCH, ClockCore
from bot.clock_service.timing import days_rounded_down, to_instant, to_seconds
from bot.clock_service.values import DAY, AwayInfo, ClockNotice
from bot.store import Tx
from bot.words import errors as err
from bot.words.lang import colour_name, m
from i18n import Later


class SeatCalls(ClockCore):
    """Reclaim, kick, away and back."""

    async def reclaim(self, game_id: int, user_id: int) -> ClockNotice:
        """The player takes back their seat from the built-in player (after a takeover)."""
        seat = await self.store.seat_taken_over_from(game_id, user_id)
        if seat is None:
            await self._game_head(game_id)
            raise err.NotTakenOver(game_id=game_id)

        def also(tx: Tx) -> None:
            if not tx.reclaim_seat(game_id, seat):
                raise err.NotTakenOver(game_id=game_id)

        info = await self.svc.restore_seat(game_id, seat, user_id, also=also)
        colour = info.seats[seat].colour
        return self._notice(
            "reclaimed",
            info,
            seat,
            (user_id,),
            Later(
                m,
                "CLOCK_RECLAIMED",
                player="{player}",
                colour=partial(colour_name, colour),
                game_id=game_id,
            ),
        )

    async def kick(
        self,
        game_id: int,
        by_user_id: int,
        seat: int,
        now: datetime,
        *,
        can_manage: bool = False,
    ) -> ClockNotice:
        """The host hands an idle seat (one that missed its last decision, or that the built-in
        player took over) to the built-in player for good: no reclaim."""
        info = await self.svc.game(game_id)
        if not can_manage and by_user_id != info.host_id:
            raise err.NotHost(game_id=game_id, user_id=by_user_id)
        if info.status != "running":
            raise err.GameNotRunning(game_id=game_id, status=m.STATUS[info.status])
        if not 0 <= seat < len(info.seats):
            raise err.NoSuchSeat(game_id=game_id, seat=seat)
        held = info.seats[seat]
        colour = held.colour
        text = Later(m, "CLOCK_KICKED", colour=partial(colour_name, colour), game_id=game_id)
        reclaimer = await self.store.reclaimer_of(game_id, seat)
        if held.is_bot:
            if reclaimer is None:
                raise err.NotIdle(game_id=game_id, colour=colour)
            await self.store.write(lambda tx: tx.end_reclaim(game_id, seat))
            return self._notice("kicked", info, seat, (reclaimer,), text)
        if await self.store.expiries_in_row(game_id, seat) < 1:
            raise err.NotIdle(game_id=game_id, colour=colour)
        assert held.user_id is not None
        user = held.user_id
        result = await self.svc.seat_to_bot(
            game_id,
            seat,
            now=to_seconds(now),
            also=lambda tx: tx.hand_seat_over_for_good(game_id, seat, user),
        )
        return self._notice("kicked", result.game, seat, (user,), text, result=result)

    async def away(
        self, game_id: int, user_id: int, until: datetime | str, now: datetime
    ) -> AwayInfo:
        """The player is away until `until` (an aware instant, or text 'YYYY-MM-DD[ HH:MM]' in
        their time zone; a bare date means the end of that day). Their clock stops and their
        reminders are off until then; a second call while away changes the end. At most the
        game's max_away_days in total per player and game."""
        info = await self._running_human(game_id, user_id)
        seat = info.seat_of(user_id)
        assert seat is not None
        now_s = to_seconds(now)
        if isinstance(until, str):
            zone = time_zone((await self.user_settings(user_id)).time_zone)
            try:
                until_dt = parse_away_until(until, zone, EPOCH)
            except ClockInputError:
                raise err.BadAwayDate(value=until) from None
        else:
            until_dt = until
        until_s = to_seconds(until_dt)
        if until_s <= now_s:
            raise err.AwayInPast(until=discord_timestamp(until_dt))
        settings = await self.clock_settings(game_id)
        periods = await self.store.away_periods(game_id, seat.seat)
        open_id, open_from, used = None, now_s, 0.0
        for pid, begun, ends, ended in periods:
            end = ended if ended is not None else ends
            if begun <= now_s < end:
                open_id, open_from = pid, begun
            else:
                used += max(0.0, min(end, now_s) - begun)
        limit = settings.max_away_days * DAY
        if used + (until_s - open_from) > limit + 1e-6:
            left = max(0.0, limit - used - (now_s - open_from))
            raise err.AwayTooLong(
                game_id=game_id,
                max_days=m.AWAY_DAYS.format(count=settings.max_away_days),
                days_left=i18n.number(round(days_rounded_down(left), 2)),
                latest=discord_timestamp(to_instant(now_s + left)),
            )

        def work(tx: Tx) -> None:
            if open_id is not None:
                tx.extend_away(open_id, until_s)
            else:
                tx.start_away(game_id, seat.seat, user_id, now_s, until_s)

        await self.store.write(work)
        days_left = days_rounded_down(limit - used - (until_s - open_from))
        text = Later(
            m,
            "CLOCK_AWAY_START",
            player="{player}",
            game_id=game_id,
            until=discord_timestamp(until_dt),
            days_left=partial(_away_days, days_left),
        )
        notice = self._notice("away", info, seat.seat, (user_id,), text)
        return AwayInfo(
            game_id, seat.seat, user_id, to_instant(open_from), until_dt, days_left, notice
        )

    async def back(self, game_id: int, user_id: int, now: datetime) -> ClockNotice:
        """The player is back before the end of their away period: their clock restarts now."""
        now_s = to_seconds(now)
        info = await self.svc.game(game_id)
        seat = info.seat_of(user_id)
        if seat is None:
            raise err.NotSeated(game_id=game_id, user_id=user_id)
        ended = await self.store.write(lambda tx: tx.end_away(game_id, seat.seat, now_s))
        if not ended:
            raise err.NotAway(game_id=game_id)
        text = Later(m, "CLOCK_AWAY_OVER", player="{player}", game_id=game_id)
        return self._notice("back", info, seat.seat, (user_id,), text)


def _away_days(days: float) -> str:
    """'2 away days', '1 away day', '2.5 away days' in the language in force."""
    return m.AWAY_DAYS.format(count=round(days, 2))  # type: ignore[no-any-return]
