"""Decision clocks, reminders and quiet hours across time zones and daylight-saving changes."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest

from bot.clock_service.clock import (
    ClockInputError,
    QuietHours,
    discord_timestamp,
    format_duration,
    parse_away_until,
    parse_clock,
    parse_quiet_hours,
    parse_reminders,
    quiet_end_after,
    reminder_times,
    suggest_time_zones,
    time_zone,
)


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


AMSTERDAM, LOS_ANGELES, TOKYO = (
    time_zone("Europe/Amsterdam"),
    time_zone("America/Los_Angeles"),
    time_zone("Asia/Tokyo"),
)


def test_amsterdam_half_time_reminder_in_quiet_hours_moves_past_the_dst_change() -> None:
    # Europe leaves summer time on 2026-10-25 at 03:00 CEST (01:00 UTC).
    start, deadline = utc(2026, 10, 24, 12), utc(2026, 10, 25, 12)
    quiet = parse_quiet_hours("22:00-07:00")
    times = reminder_times(start, deadline, ("half", "2h"), AMSTERDAM, quiet)
    # half time 00:00 UTC = 02:00 CEST is quiet -> 07:00 CET = 06:00 UTC; 2 h before = 11:00 CET
    assert times == [utc(2026, 10, 25, 6), utc(2026, 10, 25, 10)]


def test_los_angeles_reminder_moves_to_the_end_of_quiet_hours_across_the_us_dst_change() -> None:
    # The US leaves daylight time on 2026-11-01 at 02:00 PDT (09:00 UTC).
    start, deadline = utc(2026, 10, 31, 20), utc(2026, 11, 1, 20)
    quiet = parse_quiet_hours("23:00-07:00")
    times = reminder_times(start, deadline, ("half", "2h"), LOS_ANGELES, quiet)
    # half time 08:00 UTC = 01:00 PDT is quiet -> 07:00 PST = 15:00 UTC; 2 h before = 10:00 PST
    assert times == [utc(2026, 11, 1, 15), utc(2026, 11, 1, 18)]


def test_tokyo_reminder_dropped_when_quiet_hours_end_after_the_deadline() -> None:
    start, deadline = utc(2026, 10, 31, 20), utc(2026, 11, 1, 20)
    quiet = parse_quiet_hours("0-8")
    times = reminder_times(start, deadline, ("half", "2h"), TOKYO, quiet)
    # 2 h before = 18:00 UTC = 03:00 JST, quiet until 08:00 JST = 23:00 UTC > deadline: dropped
    assert times == [utc(2026, 11, 1, 8)]


def test_same_player_three_zones_same_instant_different_quietness() -> None:
    instant = utc(2026, 11, 10, 22)  # 23:00 Amsterdam, 14:00 Los Angeles, 07:00 Tokyo
    quiet = QuietHours(time(22), time(8))
    assert quiet_end_after(instant, AMSTERDAM, quiet) == utc(2026, 11, 11, 7)
    assert quiet_end_after(instant, LOS_ANGELES, quiet) is None
    assert quiet_end_after(instant, TOKYO, quiet) == utc(2026, 11, 10, 23)


def test_reminders_without_quiet_hours_and_short_clocks() -> None:
    start = utc(2026, 3, 1, 0)
    assert reminder_times(start, start + timedelta(hours=24), ("half", "2h")) == [
        utc(2026, 3, 1, 12),
        utc(2026, 3, 1, 22),
    ]
    # a 1-hour clock: "2 h before" would be before the start and is dropped
    assert reminder_times(start, start + timedelta(hours=1), ("half", "2h")) == [
        utc(2026, 3, 1, 0, 30)
    ]


def test_spring_forward_gap_moves_the_wall_clock_time_forward() -> None:
    # 2027-03-28 02:30 does not exist in Amsterdam (02:00 -> 03:00 CEST)
    quiet = parse_quiet_hours("01:00-02:30")
    end = quiet_end_after(utc(2027, 3, 28, 0, 15), AMSTERDAM, quiet)  # 01:15 CET
    assert end == utc(2027, 3, 28, 1, 30)  # 03:30 CEST


@pytest.mark.parametrize(
    "text", ["", "22", "25:00-07:00", "22:00-22:00", "ten to seven", "22:61-07:00"]
)
def test_quiet_hours_that_do_not_parse_say_what_to_type(text: str) -> None:
    with pytest.raises(ClockInputError, match="22:00-07:00"):
        parse_quiet_hours(text)


def test_unknown_time_zone_is_answered_clearly() -> None:
    with pytest.raises(ClockInputError, match="IANA"):
        time_zone("Mars/Olympus_Mons")
    assert "Europe/Amsterdam" in suggest_time_zones("europe/ams")
    assert suggest_time_zones("tokyo") == ["Asia/Tokyo"]


def test_clock_durations() -> None:
    assert parse_clock("24h") == timedelta(hours=24)
    assert parse_clock("1d 12h") == timedelta(hours=36)
    assert parse_clock("7d") == timedelta(days=7)
    for bad in ("30m", "8d", "0h", "soon"):
        with pytest.raises(ClockInputError):
            parse_clock(bad)
    assert format_duration(timedelta(hours=36)) == "1 day 12 hours"
    assert format_duration(timedelta(hours=1)) == "1 hour"


def test_away_until_a_local_date_and_not_in_the_past() -> None:
    now = utc(2026, 11, 26, 12)
    until = parse_away_until("2026-12-03", AMSTERDAM, now)
    assert until == utc(2026, 12, 3, 23)  # the end of 3 December in Amsterdam (CET)
    assert parse_away_until("2026-12-03 18:00", TOKYO, now) == utc(2026, 12, 3, 9)
    with pytest.raises(ClockInputError, match="past"):
        parse_away_until("2026-11-01", AMSTERDAM, now)
    with pytest.raises(ClockInputError, match="YYYY-MM-DD"):
        parse_away_until("next tuesday", AMSTERDAM, now)


def test_reminder_settings_and_timestamps() -> None:
    assert parse_reminders("half, 2h") == ("half", "2h")
    with pytest.raises(ClockInputError):
        parse_reminders("sometimes")
    assert discord_timestamp(utc(2026, 1, 1), "R") == "<t:1767225600:R>"
