"""Time for asynchronous play: decision clocks, reminder times, quiet hours, away dates.

Pure functions of their arguments (no Discord, no database, no `now()` of their own), so the
scheduler, the commands and the tests agree on every instant. All instants are aware UTC
datetimes; local times are computed with zoneinfo, so daylight-saving changes are handled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.words.lang import m

MIN_CLOCK = timedelta(hours=1)
MAX_CLOCK = timedelta(days=7)
DEFAULT_CLOCK = timedelta(hours=24)


class ClockInputError(ValueError):
    """Input a player typed that cannot be used; the message (in the language in force) says
    what to type instead."""


# --- durations -------------------------------------------------------------------------------

_DURATION = re.compile(r"^\s*(?:(\d+)\s*d(?:ays?)?)?\s*(?:(\d+)\s*h(?:ours?)?)?\s*$", re.I)


def parse_clock(text: str) -> timedelta:
    """'24h', '3d', '1d 12h' -> a decision clock between 1 hour and 7 days."""
    match = _DURATION.match(text or "")
    if not match or not (match.group(1) or match.group(2)):
        raise ClockInputError(m.BAD_CLOCK.format(value=text))
    clock = timedelta(days=int(match.group(1) or 0), hours=int(match.group(2) or 0))
    if not MIN_CLOCK <= clock <= MAX_CLOCK:
        raise ClockInputError(m.BAD_CLOCK.format(value=text))
    return clock


def format_duration(delta: timedelta) -> str:
    hours = int(delta.total_seconds() // 3600)
    days, hours = divmod(hours, 24)
    parts = ([m.DAYS.format(count=days)] if days else []) + (
        [m.HOURS.format(count=hours)] if hours or not days else []
    )
    return " ".join(parts)


# --- time zones ------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def all_time_zones() -> tuple[str, ...]:
    """The IANA zone names, sorted. The first call reads the whole zone database (some tens of
    milliseconds): the clock's tick makes it in a worker thread (`known_time_zones`)."""
    return tuple(sorted(z for z in available_timezones() if "/" in z or z == "UTC"))


@lru_cache(maxsize=1)
def known_time_zones() -> frozenset[str]:
    """`all_time_zones` as a set: a tick checks thousands of players' zones."""
    return frozenset(all_time_zones())


def time_zone(name: str) -> ZoneInfo:
    """The zone for an IANA name ('Europe/Amsterdam'); a clear error otherwise."""
    try:
        if name and name in known_time_zones():
            return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        pass
    raise ClockInputError(m.BAD_TIME_ZONE_NAME.format(value=name))


def suggest_time_zones(fragment: str, limit: int = 25) -> list[str]:
    needle = fragment.lower().replace(" ", "_")
    starts = [z for z in all_time_zones() if z.lower().startswith(needle)]
    inside = [z for z in all_time_zones() if needle in z.lower() and z not in starts]
    return (starts + inside)[:limit]


# --- quiet hours -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class QuietHours:
    start: time  # local time the quiet hours begin
    end: time  # local time they end (may be on the next day)

    def __str__(self) -> str:
        return f"{self.start:%H:%M}-{self.end:%H:%M}"


_QUIET = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*-\s*(\d{1,2})(?::(\d{2}))?\s*$")


def parse_quiet_hours(text: str) -> QuietHours:
    """'22:00-07:00' or '23-7' -> QuietHours; a clear error otherwise."""
    match = _QUIET.match(text or "")
    if match:
        h1, m1, h2, m2 = (
            int(match.group(1)),
            int(match.group(2) or 0),
            int(match.group(3)),
            int(match.group(4) or 0),
        )
        if h1 < 24 and h2 < 24 and m1 < 60 and m2 < 60 and (h1, m1) != (h2, m2):
            return QuietHours(time(h1, m1), time(h2, m2))
    raise ClockInputError(m.BAD_QUIET_HOURS.format(value=text))


def _local(instant: datetime, zone: ZoneInfo) -> datetime:
    return instant.astimezone(zone)


def quiet_end_after(instant: datetime, zone: ZoneInfo, quiet: QuietHours) -> datetime | None:
    """If `instant` falls in the quiet hours, the UTC instant they end; otherwise None."""
    local = _local(instant, zone)
    now = local.time().replace(tzinfo=None)
    start, end = quiet.start, quiet.end
    if start < end:  # same day, e.g. 13:00-15:00
        inside = start <= now < end
        end_day = local.date()
    else:  # over midnight, e.g. 22:00-07:00
        inside = now >= start or now < end
        end_day = local.date() + timedelta(days=1) if now >= start else local.date()
    if not inside:
        return None
    return _wall_clock(end_day, end, zone)


def _wall_clock(day: date, at: time, zone: ZoneInfo) -> datetime:
    """The UTC instant of a local wall-clock time; a time skipped by a DST jump moves forward."""
    local = datetime.combine(day, at, tzinfo=zone)
    utc = local.astimezone(UTC)
    if utc.astimezone(zone).replace(tzinfo=None) != local.replace(tzinfo=None):
        utc = (local + timedelta(hours=1)).astimezone(UTC)  # in the gap of a spring-forward
    return utc


# --- reminders -------------------------------------------------------------------------------


def parse_reminders(text: str) -> tuple[str, ...]:
    """'half, 2h' -> ('half', '2h'): 'half' is half time, 'Nh' is N hours before the deadline."""
    items = tuple(x.strip().lower() for x in (text or "").split(",") if x.strip())
    for item in items:
        if item != "half" and not re.fullmatch(r"\d{1,3}h", item):
            raise ClockInputError(m.BAD_REMINDERS.format(value=item))
    return items


def reminder_times(
    start: datetime,
    deadline: datetime,
    reminders: tuple[str, ...],
    zone: ZoneInfo | None = None,
    quiet: QuietHours | None = None,
) -> list[datetime]:
    """When to remind a player whose decision began at `start` and expires at `deadline`.

    Each reminder is half time or N hours before the deadline; one that falls in the player's
    quiet hours moves to the end of the quiet hours if that is still before the deadline, and is
    dropped otherwise. Reminders before `start` or duplicates are dropped; sorted.
    """
    wanted: list[datetime] = []
    for item in reminders:
        at = (
            start + (deadline - start) / 2
            if item == "half"
            else deadline - timedelta(hours=int(item[:-1]))
        )
        if zone is not None and quiet is not None:
            end = quiet_end_after(at, zone, quiet)
            if end is not None:
                at = end
        if start < at < deadline:
            wanted.append(at.replace(microsecond=0))
    return sorted(set(wanted))


# --- away ------------------------------------------------------------------------------------


def parse_away_until(text: str, zone: ZoneInfo, now: datetime) -> datetime:
    """'2026-12-03' (end of that local day) or '2026-12-03 18:00' -> a UTC instant after `now`."""
    text = (text or "").strip()
    try:
        if len(text) <= 10:
            day = date.fromisoformat(text)
            until = _wall_clock(day + timedelta(days=1), time(0, 0), zone)
        else:
            naive = datetime.fromisoformat(text.replace("T", " "))
            until = _wall_clock(naive.date(), naive.time(), zone)
    except ValueError:
        raise ClockInputError(m.BAD_AWAY_DATE.format(value=text)) from None
    if until <= now:
        raise ClockInputError(m.AWAY_IN_PAST.format(until=text))
    return until


def discord_timestamp(instant: datetime, style: str = "f") -> str:
    """Discord shows <t:UNIX:style> in each reader's own time zone."""
    return f"<t:{int(instant.timestamp())}:{style}>"
