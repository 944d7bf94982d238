"""What the game service returns: frozen value types (no Discord, no store)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.store import LogRow
from engine.protocol import Event, GameState, Outcome, PendingDecision


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    colour: str
    user_id: int | None  # None for a bot seat
    is_bot: bool
    resigned_user_id: int | None = None  # who held the seat before it went to the bot
    level: str | None = None  # a bot seat's level (engine.players.LEVELS); None for a human


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: int
    guild_id: int
    channel_id: int
    kind: str
    options: dict[str, Any]  # before the start `players` is the number wanted, then the number
    status: str  # lobby | running | finished | aborted
    host_id: int
    version: int
    seq: int  # actions in the log
    seats: tuple[SeatInfo, ...]
    pending: tuple[PendingDecision, ...]
    awaiting: tuple[SeatInfo, ...]  # the seats that must decide now
    awaiting_since: float | None
    outcome: Outcome | None
    created_at: float
    updated_at: float
    started_at: float | None
    ended_at: float | None
    language: str = "en"  # of the channel's posts and pictures (i18n.LANGUAGES)

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def awaiting_user_ids(self) -> list[int]:
        return [s.user_id for s in self.awaiting if s.user_id is not None]


@dataclass(frozen=True, slots=True)
class Move:
    """One logged action and what it caused."""

    seq: int
    seat: int
    action: str  # canonical notation
    by_bot: bool
    user_id: int | None
    events: tuple[Event, ...]
    planned: bool = False  # played from the player's plan (docs/pace.md)


@dataclass(frozen=True, slots=True)
class PhaseEnd:
    """A phase that ended during the call, and the state just after it ended."""

    turn: int
    phase: int
    state: GameState


@dataclass(frozen=True, slots=True)
class ActResult:
    """What happened in act / start / seat_to_bot: the moves (a human's, then the bots'), the new
    pending decisions and who must take them, the phases that ended (post a board for each)."""

    game: GameInfo
    moves: tuple[Move, ...]
    state: GameState
    phase_ends: tuple[PhaseEnd, ...]
    board_before: Any  # the state when the phase current before this call began (last board)
    outcome: Outcome | None
    # The outbox row that says what the channel must still see (None: nothing to post); the
    # Discord layer posts it and calls `post_delivered` (docs/store.md, "The outbox").
    outbox_id: int | None = None
    cause: dict[str, Any] = field(default_factory=dict)  # the outbox payload: why this happened
    # The seq of the player's move if `undo` would take it back now (act only): nobody moved
    # after it and it revealed nothing. None otherwise.
    undo_seq: int | None = None

    @property
    def version(self) -> int:
        return self.game.version

    @property
    def events(self) -> list[Event]:
        return [e for move in self.moves for e in move.events]

    @property
    def pending(self) -> tuple[PendingDecision, ...]:
        return self.game.pending

    @property
    def awaiting(self) -> tuple[SeatInfo, ...]:
        return self.game.awaiting

    @property
    def awaiting_user_ids(self) -> list[int]:
        return self.game.awaiting_user_ids

    @property
    def over(self) -> bool:
        return self.outcome is not None


@dataclass(frozen=True, slots=True)
class PlayerView:
    game: GameInfo
    seat: SeatInfo | None  # None for a spectator
    state: GameState  # Caylus hides nothing: the whole state
    decision: PendingDecision | None  # this player's pending decision, if any
    legal_actions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LogPage:
    entries: tuple[LogRow, ...]
    total: int
    after_seq: int
    next_after_seq: int | None  # pass as after_seq for the next page; None on the last page


@dataclass(frozen=True, slots=True)
class UserGame:
    game_id: int
    guild_id: int
    channel_id: int
    kind: str
    status: str
    seat: int
    colour: str
    my_turn: bool  # this user must decide now
    awaiting_since: float | None
    version: int


def phases_between(
    before: tuple[int, int], after: tuple[int, int], over: bool, per_turn: int
) -> list[tuple[int, int]]:
    """(turn, phase) pairs that ended going from `before` to `after` (all of them, also those
    the engine ran through without a decision); the last one too when the game is over."""
    out: list[tuple[int, int]] = []
    turn, phase = before
    while (turn, phase) != after and turn <= after[0]:
        out.append((turn, phase))
        phase += 1
        if phase > per_turn:
            turn, phase = turn + 1, 1
    if over:
        out.append(after)
    return out


@dataclass(frozen=True, slots=True)
class SinceLastMove:
    """What a player's catch-up is made from: the game, their seat, how many of the record's
    actions were played up to their last move (0: they have not moved yet), and the record.
    The record may hold hidden information (a Magna Carta deck's order): it is replayed, never
    shown; what is shown are the channel's own accounts and the public view."""

    info: GameInfo
    seat: int
    after: int
    record: Any
