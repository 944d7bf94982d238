"""The decision clock's rows and values: what its reads (`bot/store/clock.py`) return and what
a tick hands to its claims, and which Discord shards a process's clock covers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple


class ClockSettingsRow(NamedTuple):
    """A game's own clock settings (a game without a row has the defaults)."""

    clock_seconds: int
    reminders: str
    max_away_days: int
    takeover_after: int


class AwaitedSeat(NamedTuple):
    """A running game waiting for a human seat, with the clock settings that seat's clock
    runs by (the defaults where the game has none)."""

    id: int
    guild_id: int
    channel_id: int
    version: int
    seq: int
    awaiting_seat: int
    awaiting_since: float
    user_id: int
    colour: str
    clock_seconds: int
    reminders: str
    takeover_after: int


class ShardSet(NamedTuple):
    """The Discord shards a process runs (`ids` of `total`): its clock covers the games of
    their guilds only. Discord puts a guild on shard `(guild_id >> 22) % total`."""

    total: int
    ids: tuple[int, ...]

    def covers(self, guild_id: int) -> bool:
        return (guild_id >> 22) % self.total in self.ids

    def where(self, column: str) -> tuple[str, list[Any]]:
        """The SQL condition (and its values) that a game's `column` (its guild) is covered."""
        marks = ", ".join("?" for _ in self.ids)
        return f"(({column} >> 22) % CAST(? AS BIGINT)) IN ({marks})", [self.total, *self.ids]


def shard_condition(shards: ShardSet | None, column: str = "g.guild_id") -> tuple[str, list[Any]]:
    """` AND <the shards' condition>` and its values; nothing for None (every game)."""
    if shards is None:
        return "", []
    sql, params = shards.where(column)
    return f" AND {sql}", params


class DecisionRow(NamedTuple):
    """What a reminder needs to name a running game's pending decision: the stored state
    (`snapshot`: None when it was not asked for, the caller has it at this version)."""

    id: int
    kind: str
    status: str
    version: int
    seq: int
    awaiting_seat: int | None
    snapshot: str | None


class ReminderClaim(NamedTuple):
    """The reminder items of one decision that a tick means to send: claimed and recorded as
    sent together (`ClockWrites.claim_reminders`)."""

    game_id: int
    seq: int
    seat: int
    user_id: int
    items: tuple[tuple[str, float], ...]  # (item, when it was due)


class TakenOverSeat(NamedTuple):
    """A seat of a running game the built-in player holds until its player reclaims it."""

    game_id: int
    guild_id: int
    channel_id: int
    kind: str
    status: str
    seat: int
    colour: str


class AwayPeriod(NamedTuple):
    id: int
    from_at: float
    until_at: float
    ended_at: float | None  # came back early


class AwayEnded(NamedTuple):
    """An away period whose end has come and has not been announced."""

    id: int
    game_id: int
    seat: int
    user_id: int
    guild_id: int
    channel_id: int
    status: str
    colour: str


class DamagedToReport(NamedTuple):
    """An active game marked damaged whose channel has not been told."""

    game_id: int
    guild_id: Any  # read without decoding the row: what the column holds
    channel_id: Any


@dataclass(frozen=True, slots=True)
class ClockStoppages:
    """What stops the clocks of some games: pauses and clock stops (begun, ended or None) by
    game, and away periods (begun, ends) by (game, seat)."""

    stops: dict[int, list[tuple[float, float | None]]] = field(default_factory=dict)
    aways: dict[tuple[int, int], list[tuple[float, float]]] = field(default_factory=dict)
