"""The pure computation of a deadline, and the conversions between aware datetimes and Unix
seconds that the clock works in.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.clock_service.values import DAY


@dataclass(frozen=True, slots=True)
class Timing:
    clock_start: float
    due: float | None  # None: paused
    away_until: float | None  # the away period in force at `now`, if any


def compute_timing(
    since: float,
    clock: float,
    pauses: Iterable[tuple[float, float | None]],
    aways: Iterable[tuple[float, float]],
    now: float,
) -> Timing:
    """The deadline of a decision that began at `since` with `clock` seconds (docs/clock.md).

    - An away period of the awaited player that ends after the clock (re)started and began
      before the deadline restarts the clock, whole, at its end.
    - A pause stops the clock: each pause after the clock started and begun before the deadline
      pushes the deadline back by its length (the part after the clock start); an open pause
      (end None) means no deadline for now.
    """
    pause_list = sorted(pauses)

    def due_from(start: float) -> float | None:
        due = start + clock
        for begun, ended in pause_list:
            if ended is not None and ended <= start:
                continue
            if begun >= due:
                break
            if ended is None:
                return None
            due += ended - max(begun, start)
        return due

    start = since
    away_until = None
    for begun, ended in sorted(aways):
        if begun <= now < ended:
            away_until = ended
        if ended <= start:
            continue
        due = due_from(start)
        if due is not None and begun >= due:
            break
        start = ended
    return Timing(start, due_from(start), away_until)


def to_seconds(instant: datetime) -> float:
    if instant.tzinfo is None:
        raise ValueError("the clock needs aware datetimes (UTC)")
    return instant.timestamp()


def to_instant(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def days_rounded_down(seconds: float) -> float:
    return math.floor(max(0.0, seconds) / DAY * 10) / 10
