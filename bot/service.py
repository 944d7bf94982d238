"""The game service: lobby, play and look, between the Discord cogs and the engine (no Discord).

Every change of a game runs under that game's lock (an asyncio lock in this process, and the
store's lock across processes: a PostgreSQL advisory lock) and in one store transaction which
updates the game row with `WHERE version = ?` (the version the change was computed from) and
bumps the version; the engine state is computed before the transaction, so a failure of any kind
writes nothing. Games are loaded lazily on first use: the snapshot is checked against a replay of
the log and replaced from the log when they disagree (docs/store.md).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import logging
import random
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import ValidationError

import engine.errors as engine_errors
import i18n
from bot import errors as err
from bot import history as hist
from bot import plans as pl
from bot import ratings
from bot.lang import m
from bot.messages import REPLAY_PROBLEMS
from bot.pace import AskNow, MyPlans, PlanBook, PlanResult, default_orders
from bot.store import (
    DamagedRow,
    DiskFull,
    GameRow,
    GuildSettings,
    IntegrityError,
    LogRow,
    OutboxRow,
    SeatRow,
    Store,
    Tx,
    UserSettings,
    VersionConflict,
)
from engine import GAME_NAMES, get_game
from engine.players import DEFAULT_LEVEL, LEVELS, Budget
from engine.protocol import Event, Outcome, PendingDecision
from engine.record import GameRecord
from render.sentences import error_text

log = logging.getLogger(__name__)

MAX_BOT_ACTIONS = 100_000  # per call: a guard against an engine that never asks a human again
# A typed move identical to the player's previous one, sent before that one was saved (or within
# this many seconds after, for clock differences between Discord and this machine), is a double
# submit and is not applied twice.
DUPLICATE_WINDOW = 5.0


# ---------------------------------------------------------------------------------------------
# What the service returns
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    colour: str
    user_id: int | None  # None for a bot seat
    is_bot: bool
    resigned_user_id: int | None = None  # who held the seat before resigning to the bot
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
    state: Any


@dataclass(frozen=True, slots=True)
class UndoneMove:
    """A move a player took back (table `undone_actions`)."""

    seq: int
    seat: int
    action: str
    user_id: int
    played_at: float
    undone_at: float


@dataclass(frozen=True, slots=True)
class ActResult:
    """What happened in act / start / resign: the moves (a human's, then the bots'), the new
    pending decisions and who must take them, the phases that ended (post a board for each)."""

    game: GameInfo
    moves: tuple[Move, ...]
    state: Any
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

    @property
    def phases_completed(self) -> list[tuple[int, int]]:
        return [(p.turn, p.phase) for p in self.phase_ends]


@dataclass(frozen=True, slots=True)
class PlayerView:
    game: GameInfo
    seat: SeatInfo | None  # None for a spectator
    state: Any  # Caylus hides nothing: the whole state
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


# ---------------------------------------------------------------------------------------------
# The in-memory copy of a loaded game
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Live:
    row: GameRow  # without the snapshot strings
    seats: tuple[SeatRow, ...]
    state: Any | None  # None before the start
    phase_start: Any | None

    def human_seat(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id and not s.is_bot), None)


@dataclass(slots=True)
class _Run:
    """Actions being applied in one call, before they are committed."""

    game_id: int
    state: Any
    phase_start: Any
    seq: int
    now: float
    moves: list[Move] = field(default_factory=list)
    phase_ends: list[PhaseEnd] = field(default_factory=list)
    book: PlanBook | None = None  # the players' plans, played as their decisions come

    def log_rows(self) -> list[LogRow]:
        return [
            LogRow(mv.seq, mv.seat, mv.action, mv.by_bot, mv.user_id, self.now, mv.planned)
            for mv in self.moves
        ]


def _phases_between(
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


def _answers_to_the_same_call(
    before: Sequence[PendingDecision], after: Sequence[PendingDecision]
) -> bool:
    """After a move, the seats still pending were all pending before, for the same kind of
    decision, and fewer of them: a simultaneous decision that some seats have answered."""
    if len(before) < 2 or not after or len(after) >= len(before):
        return False
    kinds = {p.kind for p in before}
    seats = {p.seat for p in before}
    return all(p.kind in kinds and p.seat in seats for p in after)


def _engine_error(error: engine_errors.EngineError, game_id: int) -> err.ServiceError:
    text = error_text(error)  # the engine's reason in the language of whoever acted
    if isinstance(error, engine_errors.MalformedAction):
        return err.MalformedAction(text)
    if isinstance(error, engine_errors.IllegalAction):
        return err.IllegalAction(text)
    if isinstance(error, engine_errors.NotYourDecision):
        return err.NotYourDecision(text)
    if isinstance(error, engine_errors.GameOver):
        return err.GameOver(game_id=game_id)
    if isinstance(error, engine_errors.BadSetup):
        return err.BadOptions(reason=text)
    return err.ServiceError(text)


def _clip(text: str, limit: int = 80) -> str:
    """User text or a long reason, cut for a message or a log line."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _validation_reason(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(x) for x in first.get("loc", ()))
    return f"{where}: {first.get('msg', 'invalid')}" if where else first.get("msg", "invalid")


# ---------------------------------------------------------------------------------------------
# Bot seats' decisions
# ---------------------------------------------------------------------------------------------

# How long one bot decision may search: (game module, level) -> Budget, made when the search
# starts. The default is the level's own time (the game's LEVEL_SECONDS) on this machine's clock.
BotBudget = Callable[[Any, str], Budget]


def timed_budget(game: Any, level: str) -> Budget:
    """The level's own time per decision, from now (the engine reads no clock: this is ours)."""
    deadline = time.perf_counter() + game.LEVEL_SECONDS[level]
    return Budget(should_stop=lambda: time.perf_counter() > deadline)


def bot_level(seat: SeatRow) -> str:
    """The level a bot seat plays at (a seat made before levels existed plays the default)."""
    return seat.level or DEFAULT_LEVEL


# ---------------------------------------------------------------------------------------------
# The service
# ---------------------------------------------------------------------------------------------


class GameService:
    """The async API used by the bot and the tests. See docs/store.md for the contract.

    `rng` draws the seeds of new games (inject a seeded one in tests); `clock` gives Unix times.
    Bot seats decide in a worker thread, never on the event loop, each decision within
    `bot_budget(game, level)` (default: the level's own time, `timed_budget`).
    Permission to manage a game: its host, or whoever the caller says may manage the channel
    (`can_manage=True`: the bot decides that from Discord permissions).
    """

    def __init__(
        self,
        store: Store,
        *,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.time,
        cache_size: int = 1024,
        bot_budget: BotBudget | None = None,
    ) -> None:
        self.store = store
        self._bot_budget = bot_budget or timed_budget
        # one search at a time: searches are CPU-bound, and a queued one starts its clock
        # only when it runs
        self._searcher = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="bot-search"
        )
        self._rng = rng or random.SystemRandom()
        self._clock = clock
        self._cache: OrderedDict[int, _Live] = OrderedDict()
        self._cache_size = max(1, cache_size)
        self._locks: dict[int, asyncio.Lock] = {}

    @classmethod
    async def open(cls, path: str | Path, **kwargs: Any) -> GameService:
        """Open the store at `path` (a SQLite file, or a `postgresql://` URL) and the service
        on it; the store's options (`exclusive`, `pool_size`, ...) are passed to it."""
        store_keys = {
            "migrations_dir",
            "synchronous",
            "busy_timeout_ms",
            "exclusive",
            "lock_wait",
            "check",
            "pool_size",
        }
        store_args = {k: kwargs.pop(k) for k in list(kwargs) if k in store_keys}
        if "clock" in kwargs:
            store_args["clock"] = kwargs["clock"]
        return cls(await Store.open(path, **store_args), **kwargs)

    async def close(self) -> None:
        self._searcher.shutdown(wait=True, cancel_futures=True)
        await self.store.close()
        self._cache.clear()

    async def __aenter__(self) -> GameService:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- lobby -------------------------------------------------------------------------------

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        *,
        kind: str = "caylus",
        players: int | None = None,
        options: dict[str, Any] | None = None,
        join: bool = True,
        language: str = "en",
    ) -> GameInfo:
        """Open a lobby in a channel (one active game per channel); the host takes seat 0.
        `language` is what the channel reads (i18n.LANGUAGES; anything else: English)."""
        game = self._game_module(kind)
        language = i18n.normalize(language)
        wanted = await self._default_options(guild_id, kind)
        wanted.update(options or {})
        if players is not None:
            wanted["players"] = players
        try:
            validated = game.Options(**wanted).model_dump()
        except ValidationError as error:
            raise err.BadOptions(reason=_validation_reason(error)) from None
        except TypeError as error:
            raise err.BadOptions(reason=str(error)) from None
        try:

            def work(tx: Tx) -> int:
                busy = tx.active_game(guild_id, channel_id)
                if busy is not None:
                    raise self._channel_busy(busy)
                game_id = tx.insert_game(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    kind=kind,
                    options=validated,
                    host_id=host_id,
                    language=language,
                )
                if join:
                    tx.replace_seats(game_id, [self._seat_row(game_id, 0, host_id, tx.now)])
                return game_id

            game_id = await self.store.write(work)
        except IntegrityError:  # the partial unique index: another process was quicker
            busy = await self.store.active_game(guild_id, channel_id)
            if busy is None:
                raise
            raise self._channel_busy(busy) from None
        return await self.game(game_id)

    async def join(self, game_id: int, user_id: int) -> GameInfo:
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_lobby(live)
            if any(s.user_id == user_id for s in live.seats):
                raise err.AlreadySeated(game_id=game_id, user_id=user_id)
            self._require_room(live)
            now = self._clock()
            seats = [*live.seats, self._seat_row(game_id, len(live.seats), user_id, now)]
            return await self._commit_lobby(live, seats)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Leave a lobby. A leaving host hands over to the next human; with none left the lobby
        is aborted. (In a running game, use resign.)"""
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_lobby(live)
            seat = next((s for s in live.seats if s.user_id == user_id), None)
            if seat is None:
                raise err.NotSeated(game_id=game_id, user_id=user_id)
            return await self._remove_seat(live, seat.seat)

    async def add_bot(
        self,
        game_id: int,
        by_user_id: int,
        *,
        can_manage: bool = False,
        level: str = DEFAULT_LEVEL,
    ) -> GameInfo:
        """A bot seat playing at `level` (engine.players.LEVELS)."""
        if level not in LEVELS:
            reason = m.BAD_CHOICE.format(value=level, choices=", ".join(LEVELS))
            raise err.BadSetting(name="level", reason=reason)
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_manager(live, by_user_id, can_manage)
            self._require_lobby(live)
            self._require_room(live)
            new = self._seat_row(game_id, len(live.seats), None, self._clock(), level)
            seats = [*live.seats, new]
            return await self._commit_lobby(live, seats)

    async def kick(
        self, game_id: int, by_user_id: int, seat: int, *, can_manage: bool = False
    ) -> GameInfo:
        """Remove a seat (a bot or a player) from a lobby."""
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_manager(live, by_user_id, can_manage)
            self._require_lobby(live)
            if not 0 <= seat < len(live.seats):
                raise err.NoSuchSeat(game_id=game_id, seat=seat)
            return await self._remove_seat(live, seat)

    async def start(
        self,
        game_id: int,
        by_user_id: int,
        *,
        can_manage: bool = False,
    ) -> ActResult:
        """Start with the seated players: draws the seed, records the explicit setup, and lets
        bot seats play until a human must decide."""
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_manager(live, by_user_id, can_manage)
            self._require_lobby(live)
            row = live.row
            game = self._game_module(row.kind)
            count = len(live.seats)
            if not game.min_players <= count <= min(game.max_players, row.options["players"]):
                raise err.WrongPlayerCount(
                    game_id=game_id,
                    kind=m.KIND_NAMES.get(row.kind, row.kind),
                    count=count,
                    low=game.min_players,
                    high=min(game.max_players, row.options["players"]),
                )
            seed = self._rng.randrange(2**31)
            try:
                options = game.Options(**{**row.options, "players": count})
                state = game.new_game(options, game.Setup(seed=seed))
            except engine_errors.EngineError as error:
                raise _engine_error(error, game_id) from error
            except ValidationError as error:
                raise err.BadOptions(reason=_validation_reason(error)) from None
            now = self._clock()
            run = _Run(game_id=game_id, state=state, phase_start=state, seq=0, now=now)
            if pl.supports(row.kind):
                run.book = await PlanBook.for_start(self.store, game_id, live.seats)
            await self._play_bots(game, run, live.seats, seed)
            setup = state.setup.model_dump()
            return await self._commit_play(
                live,
                run,
                board_before=None,
                cause={"cause": "start"},
                extra={
                    "status": "running",
                    "options": options.model_dump(),
                    "setup": setup,
                    "started_at": now,
                },
            )

    async def abort(
        self,
        game_id: int,
        by_user_id: int,
        *,
        can_manage: bool = False,
    ) -> GameInfo:
        async with self._lock(game_id):
            try:
                live = await self._load(game_id)
            except err.GameDamaged:
                return await self._abort_damaged(game_id, by_user_id, can_manage)
            self._require_manager(live, by_user_id, can_manage)
            if not live.row.active:
                raise err.GameNotRunning(game_id=game_id, status=m.STATUS[live.row.status])
            now = self._clock()
            new_live = await self._commit(
                live,
                {
                    "status": "aborted",
                    "awaiting_seat": None,
                    "awaiting_since": None,
                    "ended_at": now,
                },
            )
            return self._info(new_live)

    async def _abort_damaged(self, game_id: int, by_user_id: int, can_manage: bool) -> GameInfo:
        """A damaged game can still be aborted (to free its channel): plain SQL on the columns
        that need no decoding. The row stays for an operator to inspect."""
        rows = await self.store.query(
            "SELECT host_id, status, guild_id, channel_id FROM games WHERE id = ?", (game_id,)
        )
        if not rows:
            raise err.UnknownGame(game_id=game_id)
        host_id, status, guild_id, channel_id = rows[0]
        if not can_manage and by_user_id != host_id:
            raise err.NotHost(game_id=game_id, user_id=by_user_id)
        if status not in ("lobby", "running"):
            raise err.GameNotRunning(game_id=game_id, status=m.STATUS.get(status, str(status)))
        await self.store.write(
            lambda tx: tx.execute(
                "UPDATE games SET status = 'aborted', awaiting_seat = NULL, awaiting_since = NULL, "
                "ended_at = ?, updated_at = ?, version = version + 1 WHERE id = ?",
                (tx.now, tx.now, game_id),
            )
        )
        self._forget(game_id)
        log.warning("damaged game %s aborted by user %s", game_id, by_user_id)
        now = self._clock()
        return GameInfo(
            id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            kind="?",
            options={},
            status="aborted",
            host_id=host_id,
            version=-1,
            seq=0,
            seats=(),
            pending=(),
            awaiting=(),
            awaiting_since=None,
            outcome=None,
            created_at=now,
            updated_at=now,
            started_at=None,
            ended_at=now,
        )

    async def resign(self, game_id: int, user_id: int) -> ActResult:
        """The seat goes to the built-in player, which plays at once if it must decide."""
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_running(live)
            seat = live.human_seat(user_id)
            if seat is None:
                raise err.NotSeated(game_id=game_id, user_id=user_id)
            seats = [
                dataclasses.replace(
                    s,
                    user_id=None,
                    is_bot=True,
                    resigned_user_id=user_id,
                    level=DEFAULT_LEVEL,
                )
                if s.seat == seat.seat
                else s
                for s in live.seats
            ]
            game = self._game_module(live.row.kind)
            run = _Run(
                game_id=game_id,
                state=live.state,
                phase_start=live.phase_start,
                seq=live.row.seq,
                now=self._clock(),
                book=await self._plan_book(live),
            )
            await self._play_bots(game, run, seats, self._seed(live))
            return await self._commit_play(live, run, board_before=live.phase_start, seats=seats)

    # --- play --------------------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        user_id: int,
        action: Any,
        expected_version: int | None,
        *,
        issued_at: float | None = None,
        plans: Sequence[pl.Plan] = (),
    ) -> ActResult:
        """Apply `action` (notation text or an engine action) for `user_id`, then let bot seats
        (and players' plans) play until a human must decide. `expected_version` is the version
        the player saw (None: whatever is current); another version raises StaleVersion and
        nothing is written.

        `plans`: made with this move, in the same transaction (an answer given ahead with a
        placement, premoves); checked against the state after the move (BadPlan: nothing is
        written). See docs/pace.md.

        `issued_at` (a typed command, which carries no version): when the player sent it. The
        same move as their previous one, sent before that one was saved, is a double submit:
        DuplicateCommand, nothing written."""
        async with self._lock(game_id):
            live = await self._load(game_id)
            seat = live.human_seat(user_id)
            if seat is None:
                raise err.NotSeated(game_id=game_id, user_id=user_id)
            # before the status: a double click that ended the game still reads "board changed"
            if expected_version is not None and expected_version != live.row.version:
                raise err.StaleVersion(
                    game_id=game_id, version=live.row.version, expected=expected_version
                )
            self._require_running(live)
            game = self._game_module(live.row.kind)
            pending = game.pending(live.state)
            if not any(p.seat == seat.seat for p in pending):
                raise self._not_your_decision(live, pending)
            try:
                parsed = game.parse_action(action) if isinstance(action, str) else action
            except engine_errors.EngineError as error:
                raise _engine_error(error, game_id) from error
            if issued_at is not None:
                await self._refuse_double_submit(live, user_id, str(parsed), issued_at)
            run = _Run(
                game_id=game_id,
                state=live.state,
                phase_start=live.phase_start,
                seq=live.row.seq,
                now=self._clock(),
                book=await self._plan_book(live),
            )
            self._apply(game, run, parsed, seat.seat, by_bot=False, user_id=user_id)
            after_move = run.state
            if plans:
                self._add_plans(run, seat.seat, plans)
            await self._play_bots(game, run, live.seats, self._seed(live))
            result = await self._commit_play(live, run, board_before=live.phase_start)
            if (
                len(run.moves) == 1
                and result.outcome is None
                and game.revealed(live.state, after_move) is None
            ):
                result = dataclasses.replace(result, undo_seq=run.moves[0].seq)
            return result

    async def undo(self, game_id: int, user_id: int, seq: int | None = None) -> ActResult:
        """Take back the player's own last move: allowed while it is the last move of the game
        (nobody, bot or plan included, has moved since), the player made it in person (not the
        clock, not a plan), and it revealed nothing (`game.revealed`: a card drawn, a
        reshuffle). `seq`: the move a button stands for (another last move refuses it).

        The move leaves the log for `undone_actions` (kept: docs/history.md), so the log replays
        to the game as it is now; the snapshots, the awaited seat and since when (the time the
        player was awaited before the move), and the player's plans made with or after the move
        (dropped) follow in the same transaction, with an outbox row that tells the channel.
        The result's `cause` is {"cause": "undo", ...} with the move and who was awaited after
        it (`pinged`: to be told it was taken back)."""
        async with self._lock(game_id):
            live = await self._load(game_id)
            seat = live.human_seat(user_id)
            if seat is None:
                raise err.NotSeated(game_id=game_id, user_id=user_id)
            self._require_running(live)
            row = live.row
            rows = await self.store.log(game_id)
            if not rows:
                raise err.NothingToUndo(game_id=game_id)
            last = rows[-1]
            if seq is not None and last.seq != seq:
                raise err.UndoTooLate(game_id=game_id)
            if last.seat != seat.seat:
                colour = live.seats[last.seat].colour
                raise err.UndoNotYours(game_id=game_id, action=last.action, colour=colour)
            if last.user_id != user_id or last.by_bot or last.planned:
                raise err.UndoNotInPerson(game_id=game_id, action=last.action)
            game = self._game_module(row.kind)
            before, _ = self._replay_run(game, row, rows[:-1])
            what = game.revealed(before.state, live.state)
            if what is not None:
                raise err.UndoRevealed(game_id=game_id, action=last.action, what=what)
            pending = game.pending(before.state)
            awaiting = pending[0].seat if pending else None
            since = rows[-2].created_at if len(rows) > 1 else (row.started_at or last.created_at)
            pinged = sorted(
                {
                    s.user_id
                    for s in live.seats
                    if s.user_id is not None and s.user_id != user_id
                    for p in game.pending(live.state)
                    if p.seat == s.seat
                }
            )
            values: dict[str, Any] = {
                "seq": last.seq - 1,
                "snapshot": before.state.model_dump_json(),
                "phase_snapshot": before.phase_start.model_dump_json(),
                "awaiting_seat": awaiting,
                "awaiting_since": since if awaiting is not None else None,
            }
            cause = {
                "cause": "undo",
                "user_id": user_id,
                "seat": seat.seat,
                "action": last.action,
                "pinged": pinged,
            }

            def also(tx: Tx) -> None:
                tx.execute(
                    "INSERT INTO undone_actions (game_id, seq, seat, action, user_id, played_at, "
                    "undone_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, last.seq, last.seat, last.action, user_id, last.created_at, tx.now),
                )
                removed = tx.execute(
                    "DELETE FROM actions WHERE game_id = ? AND seq = ?", (game_id, last.seq)
                )
                if removed != 1:
                    raise err.UndoTooLate(game_id=game_id)
                # what was still to be posted about the move would be rebuilt from a log that
                # no longer holds it: the undo's own post says what happened instead
                tx.execute(
                    "UPDATE outbox SET delivered_at = ? WHERE game_id = ? AND to_seq >= ? "
                    "AND delivered_at IS NULL",
                    (tx.now, game_id, last.seq),
                )
                tx.execute(
                    "DELETE FROM plans WHERE game_id = ? AND seat = ? AND created_at >= ?",
                    (game_id, seat.seat, last.created_at),
                )
                # reminders of the decisions the move led to: the same seq may ask them again
                tx.execute(
                    "DELETE FROM clock_reminders WHERE game_id = ? AND seq >= ?",
                    (game_id, last.seq),
                )

            posted: list[int] = []
            new_live = await self._commit(
                live,
                values,
                also=also,
                outbox=(last.seq - 1, last.seq - 1, cause),
                outbox_id=posted,
            )
            new_live.state, new_live.phase_start = before.state, before.phase_start
            return ActResult(
                game=self._info(new_live),
                moves=(),
                state=before.state,
                phase_ends=(),
                board_before=before.phase_start,
                outcome=None,
                outbox_id=posted[0] if posted else None,
                cause=cause,
            )

    async def undone(self, game_id: int) -> list[UndoneMove]:
        """The moves taken back in a game, oldest first (what happened besides the log)."""
        rows = await self.store.query(
            "SELECT seq, seat, action, user_id, played_at, undone_at FROM undone_actions "
            "WHERE game_id = ? ORDER BY undone_at, seq",
            (game_id,),
        )
        return [UndoneMove(*r) for r in rows]

    async def _refuse_double_submit(
        self, live: _Live, user_id: int, action: str, issued_at: float
    ) -> None:
        rows = await self.store.query(
            "SELECT action, created_at FROM actions WHERE game_id = ? AND user_id = ? "
            "AND by_bot = 0 AND planned = 0 ORDER BY seq DESC LIMIT 1",
            (live.row.id, user_id),
        )
        if rows and rows[0][0] == action and issued_at < rows[0][1] + DUPLICATE_WINDOW:
            raise err.DuplicateCommand(game_id=live.row.id, action=action)

    # --- clock hooks (bot/clock_service.py, docs/clock.md) -----------------------------------

    async def clock_move(
        self,
        game_id: int,
        seat: int,
        expected_version: int,
        *,
        now: float,
        takeover: bool = False,
        also: Callable[[Tx], object] | None = None,
        cause: dict[str, Any] | None = None,
        claim: bool = False,
    ) -> ActResult:
        """The clock decides for `seat`, whose time ran out: the engine's `default_action` is
        logged for that seat as a bot move (by_bot, no user). With `takeover` the seat then goes
        to the built-in player (`resigned_user_id` keeps its human). Bot seats play on; all in
        one transaction with `also(tx)`. At another version: StaleVersion, nothing written.
        `claim`: GameBusy at once, rather than waiting, while another process holds the game
        (its clock or a player's move is at work there; the next tick looks again)."""
        async with self._lock(game_id, wait=not claim):
            live = await self._load(game_id)
            if expected_version != live.row.version:
                raise err.StaleVersion(
                    game_id=game_id, version=live.row.version, expected=expected_version
                )
            self._require_running(live)
            game = self._game_module(live.row.kind)
            pending = game.pending(live.state)
            if not any(p.seat == seat for p in pending):
                raise self._not_your_decision(live, pending)
            chooser = getattr(game, "default_action", None)
            action = chooser(live.state, seat) if chooser is not None else None
            if action is None:
                action = game.legal_actions(live.state, seat)[0]
            user_id = live.seats[seat].user_id
            run = _Run(
                game_id=game_id,
                state=live.state,
                phase_start=live.phase_start,
                seq=live.row.seq,
                now=now,
                book=await self._plan_book(live),
            )
            self._apply(game, run, action, seat, by_bot=True, user_id=None)
            seats = None
            if takeover:
                seats = [
                    dataclasses.replace(
                        s,
                        user_id=None,
                        is_bot=True,
                        resigned_user_id=user_id,
                        level=DEFAULT_LEVEL,
                    )
                    if s.seat == seat
                    else s
                    for s in live.seats
                ]
            await self._play_bots(game, run, seats or live.seats, self._seed(live))
            return await self._commit_play(
                live, run, board_before=live.phase_start, seats=seats, also=also, cause=cause
            )

    async def seat_to_bot(
        self,
        game_id: int,
        seat: int,
        *,
        now: float,
        also: Callable[[Tx], object] | None = None,
    ) -> ActResult:
        """A human seat of a running game goes to the built-in player (like resign, by seat:
        used by the clock's kick); it plays at once if it must decide."""
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_running(live)
            if not 0 <= seat < len(live.seats):
                raise err.NoSuchSeat(game_id=game_id, seat=seat)
            holder = live.seats[seat]
            seats = [
                dataclasses.replace(
                    s,
                    user_id=None,
                    is_bot=True,
                    resigned_user_id=holder.user_id or holder.resigned_user_id,
                    level=holder.level if holder.is_bot else DEFAULT_LEVEL,
                )
                if s.seat == seat
                else s
                for s in live.seats
            ]
            game = self._game_module(live.row.kind)
            run = _Run(
                game_id=game_id,
                state=live.state,
                phase_start=live.phase_start,
                seq=live.row.seq,
                now=now,
                book=await self._plan_book(live),
            )
            await self._play_bots(game, run, seats, self._seed(live))
            return await self._commit_play(
                live, run, board_before=live.phase_start, seats=seats, also=also
            )

    async def restore_seat(
        self,
        game_id: int,
        seat: int,
        user_id: int,
        *,
        also: Callable[[Tx], object] | None = None,
    ) -> GameInfo:
        """A bot seat that `user_id` held (`resigned_user_id`) is theirs again (the clock's
        reclaim; whether that is allowed is the caller's decision). Bumps the version."""
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_running(live)
            if not 0 <= seat < len(live.seats):
                raise err.NoSuchSeat(game_id=game_id, seat=seat)
            held = live.seats[seat]
            if not held.is_bot or held.resigned_user_id != user_id:
                raise err.NotSeated(game_id=game_id, user_id=user_id)
            seats = [
                dataclasses.replace(
                    s, user_id=user_id, is_bot=False, resigned_user_id=None, level=None
                )
                if s.seat == seat
                else s
                for s in live.seats
            ]
            return self._info(await self._commit(live, {}, seats=seats, also=also))

    # --- look --------------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameInfo:
        async with self._lock(game_id, across=False):
            return self._info(await self._load(game_id))

    async def game_in_channel(self, guild_id: int, channel_id: int) -> GameInfo | None:
        """The active (lobby or running) game of a channel, if any (GameDamaged if it cannot
        be read: its id is on the error, for /caylus abort)."""
        try:
            row = await self.store.active_game(guild_id, channel_id)
        except DamagedRow as error:
            raise await self._damaged(error.game_id, error.reason) from None
        return await self.game(row.id) if row else None

    async def state(self, game_id: int) -> Any | None:
        """The engine state (None before the start)."""
        async with self._lock(game_id, across=False):
            return (await self._load(game_id)).state

    async def phase_start_state(self, game_id: int) -> Any | None:
        """The state when the current phase began: the board the channel last saw."""
        async with self._lock(game_id, across=False):
            return (await self._load(game_id)).phase_start

    async def view(self, game_id: int, user_id: int) -> PlayerView:
        async with self._lock(game_id, across=False):
            live = await self._load(game_id)
            info = self._info(live)
            seat = info.seat_of(user_id)
            decision = None
            legal: tuple[str, ...] = ()
            if seat is not None and live.state is not None and not seat.is_bot:
                game = self._game_module(live.row.kind)
                decision = next((p for p in info.pending if p.seat == seat.seat), None)
                if decision is not None:
                    legal = tuple(str(a) for a in game.legal_actions(live.state, seat.seat))
            return PlayerView(
                game=info, seat=seat, state=live.state, decision=decision, legal_actions=legal
            )

    async def legal_actions(self, game_id: int, user_id: int) -> list[str]:
        """What `user_id` may play now, in notation (empty when it is not their decision)."""
        return list((await self.view(game_id, user_id)).legal_actions)

    async def log(self, game_id: int, *, after_seq: int = 0, limit: int = 20) -> LogPage:
        """A page of the action log, oldest first: the actions with seq > after_seq."""
        row = await self.store.game(game_id)
        if row is None:
            raise err.UnknownGame(game_id=game_id)
        limit = max(1, min(limit, 500))
        entries = await self.store.log(game_id, after_seq=after_seq, limit=limit)
        last = entries[-1].seq if entries else after_seq
        more = bool(entries) and last < row.seq
        return LogPage(
            entries=tuple(entries),
            total=row.seq,
            after_seq=after_seq,
            next_after_seq=last if more else None,
        )

    async def record(self, game_id: int) -> GameRecord:
        """The game record (options, explicit setup, actions), as `caylus replay` reads it."""
        row = await self.store.game(game_id)
        if row is None:
            raise err.UnknownGame(game_id=game_id)
        if row.setup is None:
            raise err.GameNotRunning(game_id=game_id, status=m.STATUS[row.status])
        rows = await self.store.log(game_id)
        return GameRecord(
            game=row.kind,
            options=row.options,
            setup=row.setup,
            actions=[r.action for r in rows],
            seats=[r.seat for r in rows],  # who acted: needed where several seats decide at once
        )

    async def shared_record(self, game_id: int, guild_id: int) -> GameRecord:
        """The record of a game of this server for anyone who asks (`/caylus record`): a
        finished or aborted game's, or a running game's where nothing in it is hidden from any
        player. A running game with hidden information (hands, draw piles) is refused, since its
        setup and log reveal every hand (docs/history.md). A game of another server is
        unknown here."""
        row = await self.store.game(game_id)
        if row is None or row.guild_id != guild_id:
            raise err.UnknownGame(game_id=game_id)
        if row.setup is None:
            raise err.GameNotRunning(game_id=game_id, status=m.STATUS[row.status])
        game = self._game_module(row.kind)
        if row.status == "running" and getattr(game, "hidden_information", False):
            raise err.RecordHidden(game_id=game_id)
        return await self.record(game_id)

    async def finished_game(
        self, game_id: int, guild_id: int
    ) -> tuple[hist.PastGame, GameRecord, tuple[bool, ...]]:
        """A finished game of this server for its replay (`/caylus replay`): who sat where, its
        record, and which of its actions the players' plans made. Another server's game is
        unknown here; a game that never started, is running or was aborted has no replay."""
        found = await self.store.game_with_seats(game_id)
        if found is None or found[0].guild_id != guild_id:
            raise err.UnknownGame(game_id=game_id)
        row, seats = found
        if row.status != "finished" or row.setup is None:
            raise err.NoReplay(game_id=game_id, status=m.STATUS[row.status])
        rows = await self.store.log(game_id)
        record = GameRecord(
            game=row.kind,
            options=row.options,
            setup=row.setup,
            actions=[r.action for r in rows],
            seats=[r.seat for r in rows],
        )
        return hist.past_game(row, seats), record, tuple(r.planned for r in rows)

    async def finished_games(self, guild_id: int, limit: int = 25) -> list[hist.PastGame]:
        """This server's newest finished games (the replay's autocomplete)."""
        rows, _ = await self.store.finished_games(guild_id, limit=limit)
        return [hist.past_game(row, seats) for row, seats in rows]

    async def history(
        self, guild_id: int, *, user_id: int | None = None, page: int = 1
    ) -> hist.HistoryPage:
        """A page of this server's finished games, newest first (bot/history.py)."""
        return await hist.history(self.store, guild_id, user_id=user_id, page=page)

    async def leaderboard(self, guild_id: int, kind: str) -> list[hist.Standing]:
        """This server's rated players of one game, best first (bot/history.py)."""
        if kind not in GAME_NAMES:
            raise err.UnknownKind(kind=kind, known=", ".join(GAME_NAMES))
        return await hist.leaderboard(self.store, guild_id, kind)

    async def player_stats(self, guild_id: int, user_id: int, kind: str) -> hist.PlayerStats:
        """A player's results in one game of this server (bot/history.py)."""
        if kind not in GAME_NAMES:
            raise err.UnknownKind(kind=kind, known=", ".join(GAME_NAMES))
        return await hist.player_stats(self.store, guild_id, user_id, kind)

    async def replay_problem(self, game_id: int) -> str | None:
        """None when the stored game replays from its log to its stored snapshot, phase
        snapshot and seq (or has not started), else what disagrees. Reads only: nothing is
        repaired (used to check a copied database, `caylus copy-db`)."""
        try:
            row = await self.store.game(game_id, snapshots=True)
        except DamagedRow as error:
            return error.reason
        if row is None:
            return REPLAY_PROBLEMS["no_game"]
        if row.setup is None:
            return None
        game = self._game_module(row.kind)
        rows = await self.store.log(game_id)
        try:
            state, phase_start = self._replay(game, row, rows)
        except err.GameCorrupt as error:
            return str(error)
        return "; ".join(_replay_problems(game, row, rows, state, phase_start)) or None

    # --- the outbox: what the channel must still see (docs/store.md) ---------------------------

    async def undelivered(self, game_id: int, *, wait: float = 5.0) -> list[OutboxRow]:
        """The game's outbox rows not yet posted, oldest first (the Discord layer posts them).
        They are claimed for this process while it posts them (several processes may share the
        database): while another process is posting the game's rows, this waits up to `wait`
        seconds for it to finish, then returns nothing (the scheduler posts them later)."""
        deadline = time.monotonic() + wait
        while True:
            rows = await self.store.claim_undelivered(game_id)
            if rows or time.monotonic() >= deadline:
                return rows
            if not await self.store.undelivered(game_id):
                return []
            await asyncio.sleep(0.2)

    async def due_posts(self, now: float) -> list[tuple[int, int]]:
        """(game id, channel id) of the games with an outbox row due for (another) attempt."""
        return await self.store.games_with_due_posts(now)

    async def post_delivered(self, outbox_id: int) -> None:
        await self.store.mark_delivered(outbox_id)

    async def post_failed(self, outbox_id: int, error: str, parts_done: int) -> int:
        """Count a failed attempt (the next after a growing pause); returns the attempts."""
        return await self.store.mark_failed(outbox_id, error, parts_done, retry_delay)

    async def post_progress(self, outbox_id: int, parts_done: int) -> None:
        await self.store.set_parts_done(outbox_id, parts_done)

    async def stop_clock(self, game_id: int, reason: str) -> bool:
        """The bot cannot post in the game's channel: its clock stands still (no default moves
        played into the void) until `restart_clock`. True if it was running until now."""
        return await self.store.stop_clock(game_id, reason)

    async def restart_clock(self, game_id: int) -> bool:
        """Posting works again: the clock runs again (the stopped time is given back)."""
        return await self.store.restart_clock(game_id)

    async def claim_host_notice(self, game_id: int) -> bool:
        """True once per clock stop: the caller tells the host."""
        return await self.store.mark_host_told(game_id)

    async def post_result(self, entry: OutboxRow) -> ActResult:
        """What an outbox row stands for, rebuilt from the log: the moves after `after_seq` up
        to `to_seq` with their events, the phases they ended, the board before them. `game` is
        the game as it is now (so a prompt built from it is current)."""
        async with self._lock(entry.game_id, across=False):
            live = await self._load(entry.game_id)
            row = live.row
            game = self._game_module(row.kind)
            if row.setup is None:
                raise err.GameNotRunning(game_id=row.id, status=m.STATUS[row.status])
            rows = (await self.store.log(row.id))[: entry.to_seq]
            run, board_before = self._replay_run(game, row, rows, keep_after=entry.after_seq)
            return ActResult(
                game=self._info(live),
                moves=tuple(run.moves),
                state=run.state,
                phase_ends=tuple(run.phase_ends),
                board_before=board_before if entry.payload.get("cause") != "start" else None,
                outcome=game.outcome(run.state),
                outbox_id=entry.id,
                cause=dict(entry.payload),
            )

    async def games_of_user(
        self, user_id: int, *, guild_id: int | None = None, include_finished: bool = False
    ) -> list[UserGame]:
        """The user's games (lobby and running; finished too if asked), those where the user
        must decide first, longest waiting first."""
        statuses = () if include_finished else ("lobby", "running")
        pairs = await self.store.user_games(user_id, guild_id=guild_id, statuses=statuses)
        games = [
            UserGame(
                game_id=g.id,
                guild_id=g.guild_id,
                channel_id=g.channel_id,
                kind=g.kind,
                status=g.status,
                seat=s.seat,
                colour=s.colour,
                my_turn=g.status == "running" and g.awaiting_seat == s.seat,
                awaiting_since=g.awaiting_since,
                version=g.version,
            )
            for g, s in pairs
            if not s.is_bot
        ]
        games.sort(key=lambda u: (not u.my_turn, u.awaiting_since or 0.0, u.game_id))
        return games

    # --- settings ----------------------------------------------------------------------------

    async def user_settings(self, user_id: int) -> UserSettings:
        return await self.store.user_settings(user_id)

    async def set_user_settings(self, user_id: int, **values: Any) -> UserSettings:
        for name, value in values.items():
            _check_user_setting(name, value)
        return await self.store.set_user_settings(user_id, **values)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self.store.guild_settings(guild_id)

    async def set_guild_settings(self, guild_id: int, **values: Any) -> GuildSettings:
        for name, value in values.items():
            _check_guild_setting(name, value)
        return await self.store.set_guild_settings(guild_id, **values)

    # --- plans: answers ahead, premoves, standing orders (bot/plans.py, docs/pace.md) --------
    #
    # Private to `user_id`: each call shows and changes that player's own plans only. A change
    # is one transaction; when it answers the decision pending now, the moves it plays are in
    # that same transaction (and bump the version, like an act).

    async def plans_of(self, game_id: int, user_id: int) -> MyPlans:
        """The player's plans, the plans that could not be played at the pending decision (and
        why), and the player's standing orders in this game."""
        async with self._lock(game_id, across=False):
            _, seat, book = await self._plans_context(game_id, user_id)
            return book.mine(seat)

    async def set_plan(self, game_id: int, user_id: int, plan: pl.Plan) -> PlanResult:
        """Keep `plan` for the player (replacing their plan for the same decision; a premove
        joins the end of their queue). BadPlan if it can never apply. If it answers the pending
        decision, it is played at once."""

        def change(state: Any, seat: int, book: PlanBook) -> None:
            book.put(seat, pl.check_plan(state, seat, plan))

        return await self._change_plans(game_id, user_id, change)

    async def queue_premove(
        self, game_id: int, user_id: int, target: str, max_cost: int | None = None
    ) -> PlanResult:
        """Queue "then place on `target` ('12', 'castle', ... or 'pass') if it is still free and
        costs no more than `max_cost` (default: what it costs now), else ask me"."""

        def change(state: Any, seat: int, book: PlanBook) -> None:
            book.put(seat, pl.check_plan(state, seat, pl.premove(state, seat, target, max_cost)))

        return await self._change_plans(game_id, user_id, change)

    async def cancel_plan(self, game_id: int, user_id: int, key: str) -> PlanResult:
        """Forget the player's plan `key` (`Plan.key`); BadPlan if there is none."""

        def change(state: Any, seat: int, book: PlanBook) -> None:
            if not book.delete(seat, key):
                raise pl.BadPlan(reason=m.PLAN_UNKNOWN.format(key=key))

        return await self._change_plans(game_id, user_id, change)

    async def cancel_premoves(self, game_id: int, user_id: int) -> PlanResult:
        """Empty the player's premove queue."""

        def change(state: Any, seat: int, book: PlanBook) -> None:
            for plan in book.mine(seat).premoves:
                book.delete(seat, plan.key)

        return await self._change_plans(game_id, user_id, change)

    async def cancel_plans(self, game_id: int, user_id: int) -> PlanResult:
        """Forget all the player's plans in this game (standing orders stay)."""

        def change(state: Any, seat: int, book: PlanBook) -> None:
            mine = book.mine(seat)
            for key in [p.key for p in mine.plans] + [d.plan.key for d in mine.dropped]:
                book.delete(seat, key)

        return await self._change_plans(game_id, user_id, change)

    async def orders_of(self, game_id: int, user_id: int) -> pl.Orders:
        return (await self.plans_of(game_id, user_id)).orders

    async def set_orders(self, game_id: int, user_id: int, **changes: Any) -> PlanResult:
        """Change the player's standing orders in this game (`inn`, `bribe`, `castle`);
        BadPlan for an unknown name or value. Played at once if they answer the pending
        decision."""

        def change(state: Any, seat: int, book: PlanBook) -> None:
            book.set_orders(seat, pl.orders_with(book.orders_of(seat), changes))

        return await self._change_plans(game_id, user_id, change)

    async def default_orders(self, user_id: int) -> pl.Orders:
        """The player's default standing orders: what each new game of theirs starts with."""
        return await default_orders(self.store, user_id)

    async def set_default_orders(self, user_id: int, **changes: Any) -> pl.Orders:
        """Change the player's defaults for new games (running games keep their own)."""
        orders = pl.orders_with(await default_orders(self.store, user_id), changes)
        await self.store.write(lambda tx: tx.set_user_orders(user_id, orders.model_dump()))
        return orders

    async def game_language(self, game_id: int) -> str:
        """The language of a game's channel, read without loading the game (a damaged game has
        one too); English for a game that does not exist."""
        rows = await self.store.query("SELECT language FROM games WHERE id = ?", (game_id,))
        return i18n.normalize(rows[0][0]) if rows else i18n.DEFAULT

    async def user_language(self, user_id: int) -> str | None:
        """The language a player chose for their private replies (None: their client's)."""
        return (await self.store.user_settings(user_id)).language

    async def set_user_language(self, user_id: int, language: str | None) -> str | None:
        """Choose the language of a player's private replies; None or 'auto': their Discord
        client's language. Anything not in i18n.LANGUAGES is refused (BadSetting)."""
        if language is not None and language.strip().lower() in ("", "auto"):
            language = None
        if language is not None and language not in i18n.LANGUAGES:
            raise err.BadSetting(
                name="language",
                reason=m.BAD_CHOICE.format(value=language, choices=", ".join(i18n.LANGUAGES)),
            )
        await self.store.set_user_settings(user_id, language=language)
        return language

    async def set_game_language(self, game_id: int, user_id: int, language: str) -> GameInfo:
        """The host changes the language of a game's channel posts and pictures."""
        language = i18n.normalize(language)
        async with self._lock(game_id):
            await self.store.write(
                lambda tx: tx.execute(
                    "UPDATE games SET language = ?, updated_at = ? WHERE id = ?",
                    (language, tx.now, game_id),
                )
            )
            self._forget(game_id)
        return await self.game(game_id)

    async def questions_for(self, game_id: int, user_id: int) -> tuple[pl.Question, ...]:
        """What the player can answer now (theirs alone): the pending decision if it is theirs
        (`now`, first; `fallback` says why a plan of theirs for it was not played), then the
        decisions ahead in this turn, open ones (`planned` None) and planned ones."""
        async with self._lock(game_id, across=False):
            live, seat, book = await self._plans_context(game_id, user_id)
            return self._questions(live, seat, book)

    async def ask_now(self, game_id: int) -> AskNow:
        """For the Discord layer's delivery: who the game waits for, and each human's questions
        (each list private to its player). `AskNow.ping`: whom to mention now."""
        async with self._lock(game_id, across=False):
            live = await self._load(game_id)
            info = self._info(live)
            waiting = info.awaiting[0].user_id if info.awaiting else None
            asked: dict[int, tuple[pl.Question, ...]] = {}
            book = await self._plan_book(live) if live.row.status == "running" else None
            if book is not None:
                for s in live.seats:
                    if not s.is_bot and s.user_id is not None:
                        found = self._questions(live, s.seat, book)
                        if found:
                            asked[s.user_id] = found
            return AskNow(game_id, live.row.version, waiting, asked)

    async def answer(
        self,
        game_id: int,
        user_id: int,
        key: str,
        option: str,
        *,
        expected_version: int | None = None,
        always: bool = False,
        provost: int | None = None,
    ) -> PlanResult:
        """Answer the question `key` (`Question.key`) with `option` (one of its options). For the
        pending decision this is `act` (a castle choice such as 'castle all' delivers the whole
        castle at once); ahead, it keeps an answer plan, played when its decision comes if it is
        legal then. `always` (the owner's cube): every time, not only this turn. `provost`: for
        a bribe asked ahead, where the provost stood when the question was shown."""
        async with self._lock(game_id):
            live, seat, _ = await self._plans_context(game_id, user_id)
            ours = live.state.decision is not None and live.state.decision.seat == seat
            is_now = ours and key == pl.now_key(live.state)
            castle = option.strip().lower().startswith("castle")
            if is_now and expected_version is not None and expected_version != live.row.version:
                raise err.StaleVersion(
                    game_id=game_id, version=live.row.version, expected=expected_version
                )
        if is_now and not castle:
            result = await self.act(game_id, user_id, option, expected_version)
            if result.over:
                return PlanResult(MyPlans(game_id, seat, (), pl.Orders()), result)
            return PlanResult(await self.plans_of(game_id, user_id), result)

        def change(state: Any, seat: int, book: PlanBook) -> None:
            plan = pl.plan_for_answer(
                key,
                option,
                provost=provost if provost is not None else state.provost,
                always=always,
                state=state,
            )
            book.put(seat, pl.check_plan(state, seat, plan))

        return await self._change_plans(game_id, user_id, change)

    async def answer_ahead_options(
        self, game_id: int, user_id: int, action: Any
    ) -> tuple[pl.Question, ...]:
        """What the placement (or pass) `action` the player is about to make can carry as
        answers ahead (`bot.plans.answer_ahead_options`); pass the chosen ones to `act` with
        `plans=[question.plan(option), ...]`."""
        async with self._lock(game_id, across=False):
            live, seat, _ = await self._plans_context(game_id, user_id)
            return tuple(pl.answer_ahead_options(live.state, seat, action))

    async def premove_options(self, game_id: int, user_id: int) -> list[tuple[str, int]]:
        """(space or 'pass', cost now) the player may queue as their next placement."""
        async with self._lock(game_id, across=False):
            live, seat, _ = await self._plans_context(game_id, user_id)
            return pl.premove_options(live.state, seat)

    # --- internals: plans --------------------------------------------------------------------

    async def _plan_book(self, live: _Live) -> PlanBook | None:
        """The game's plans and standing orders, for a call that may play them."""
        if live.state is None or not pl.supports(live.row.kind):
            return None
        return await PlanBook.load(self.store, live.row.id, live.seats)

    async def _plans_context(self, game_id: int, user_id: int) -> tuple[_Live, int, PlanBook]:
        live = await self._load(game_id)
        seat = live.human_seat(user_id)
        if seat is None:
            raise err.NotSeated(game_id=game_id, user_id=user_id)
        self._require_running(live)
        book = await self._plan_book(live)
        if book is None:
            raise pl.BadPlan(reason=m.PLAN_NONE_HERE)
        return live, seat.seat, book

    def _add_plans(self, run: _Run, seat: int, plans: Sequence[pl.Plan]) -> None:
        if run.book is None:
            raise pl.BadPlan(reason=m.PLAN_NONE_HERE)
        for plan in plans:
            run.book.put(seat, pl.check_plan(run.state, seat, plan))

    async def _change_plans(
        self, game_id: int, user_id: int, change: Callable[[Any, int, PlanBook], None]
    ) -> PlanResult:
        async with self._lock(game_id):
            live, seat, book = await self._plans_context(game_id, user_id)
            change(live.state, seat, book)
            game = self._game_module(live.row.kind)
            run = _Run(
                game_id=game_id,
                state=live.state,
                phase_start=live.phase_start,
                seq=live.row.seq,
                now=self._clock(),
                book=book,
            )
            await self._play_bots(game, run, live.seats, self._seed(live))
            if run.moves:
                result = await self._commit_play(live, run, board_before=live.phase_start)
                return PlanResult(book.mine(seat), result)
            if book.changed:
                try:
                    await self.store.write(book.write)
                except DiskFull:
                    raise err.NotSaved(game_id=game_id) from None
            return PlanResult(book.mine(seat), None)

    def _questions(self, live: _Live, seat: int, book: PlanBook) -> tuple[pl.Question, ...]:
        found = pl.questions(live.state, seat, book.plans_of(seat), book.orders_of(seat))
        if found and found[0].now:
            fallback = book.fallback(seat, live.row.seq)
            if fallback is not None:
                found[0] = dataclasses.replace(found[0], fallback=fallback)
        return tuple(found)

    # --- internals: loading ------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _lock(
        self, game_id: int, *, wait: bool = True, across: bool = True
    ) -> AsyncIterator[None]:
        """The game's lock: in this process (asyncio), then across processes (the store's:
        nothing on SQLite, an advisory lock on PostgreSQL). `wait=False`: GameBusy at once
        when another process holds it (the clock then leaves the game to that process).
        `across=False` for the calls that only read: they check the stored version and read
        the game in one read transaction, and every write they may make (a repaired snapshot)
        carries its own version check, so they need not wait for another process."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        async with lock:
            if not across:
                yield
                return
            async with self.store.game_lock(game_id, wait=wait):
                yield

    def _forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    def _remember(self, live: _Live) -> None:
        cache = self._cache
        cache[live.row.id] = live
        cache.move_to_end(live.row.id)
        if len(cache) > self._cache_size:
            for game_id in list(cache)[: len(cache) - self._cache_size]:
                lock = self._locks.get(game_id)
                if lock is None or not lock.locked():
                    del cache[game_id]
                    self._locks.pop(game_id, None)

    async def _load(self, game_id: int) -> _Live:
        """The game, from memory or from the store (call under the game's lock).

        The copy in memory is used only while the stored version is still its version: another
        process (or a tool) that changed the game makes this one read it again."""
        live = self._cache.get(game_id)
        if live is not None:
            stored = await self.store.current_version(game_id)
            if stored == live.row.version:
                self._cache.move_to_end(game_id)
                return live
            self._forget(game_id)
            if stored is None:
                raise err.UnknownGame(game_id=game_id)
        try:
            pair = await self.store.game_with_seats(game_id)
        except DamagedRow as error:
            raise await self._damaged(game_id, error.reason) from None
        if pair is None:
            raise err.UnknownGame(game_id=game_id)
        row, seats = pair
        state = phase_start = None
        if row.setup is not None:
            try:
                state, phase_start, row = await self._verify(row)
            except err.GameCorrupt as error:
                await self._damaged(game_id, str(error))
                raise
        if await self.store.damaged(game_id) is not None:
            await self.store.write(
                lambda tx: tx.execute("DELETE FROM damaged_games WHERE game_id = ?", (game_id,))
            )
            log.warning("game %s reads and replays again: no longer marked damaged", game_id)
        live = _Live(
            row=dataclasses.replace(row, snapshot=None, phase_snapshot=None),
            seats=tuple(seats),
            state=state,
            phase_start=phase_start,
        )
        self._remember(live)
        return live

    async def _damaged(self, game_id: int, reason: str) -> err.GameDamaged:
        """Mark the game damaged (logged the first time only) and return the error to raise."""
        if await self.store.mark_damaged(game_id, reason):
            log.error("game %s is damaged and is skipped from now on: %s", game_id, reason)
        return err.GameDamaged(game_id=game_id, reason=_clip(reason, 160))

    async def mark_damaged(self, game_id: int, reason: str) -> bool:
        """Mark a game damaged from outside (the clock, when its work on the game fails);
        True the first time (log and report it then)."""
        self._forget(game_id)
        return await self.store.mark_damaged(game_id, reason)

    async def _verify(self, row: GameRow) -> tuple[Any, Any, GameRow]:
        """Replay the log; if the snapshot (or phase snapshot) disagrees, replace it."""
        game = self._game_module(row.kind)
        rows = await self.store.log(row.id)
        state, phase_start = self._replay(game, row, rows)
        snapshot = state.model_dump_json()
        phase_snapshot = phase_start.model_dump_json()
        problems = _replay_problems(game, row, rows, state, phase_start)
        if not problems:
            return state, phase_start, row
        log.warning("game %s: %s; replacing the snapshot from the log", row.id, "; ".join(problems))
        changed = await self.store.write(
            lambda tx: tx.execute(
                "UPDATE games SET snapshot = ?, phase_snapshot = ?, seq = ? "
                "WHERE id = ? AND version = ?",
                (snapshot, phase_snapshot, len(rows), row.id, row.version),
            )
        )
        if changed != 1:  # someone else moved the game meanwhile: load it again
            fresh = await self.store.game(row.id, snapshots=True)
            if fresh is None:
                raise err.UnknownGame(game_id=row.id)
            return await self._verify(fresh)
        return state, phase_start, dataclasses.replace(row, seq=len(rows))

    def _replay(self, game: Any, row: GameRow, rows: Sequence[LogRow]) -> tuple[Any, Any]:
        """The state after the logged actions and the state when its current phase began.
        Each action is applied for its logged seat, so a seat mix-up is caught too."""
        run, _ = self._replay_run(game, row, rows)
        return run.state, run.phase_start

    def _replay_run(
        self, game: Any, row: GameRow, rows: Sequence[LogRow], keep_after: int | None = None
    ) -> tuple[_Run, Any]:
        """The log replayed: the run (with the moves and phase ends after `keep_after` kept, as
        an act keeps them) and the board before them (the phase start at `keep_after`)."""
        assert row.setup is not None
        try:
            state = game.new_game(game.Options(**row.options), game.Setup(**row.setup))
        except Exception as error:  # options or setup that no longer make a game
            raise err.GameCorrupt(
                game_id=row.id, index=0, action="(setup)", reason=_clip(str(error), 160)
            ) from error
        run = _Run(game_id=row.id, state=state, phase_start=state, seq=0, now=0.0)
        board_before: Any = state
        for index, entry in enumerate(rows):
            if keep_after is not None and entry.seq == keep_after + 1:
                board_before = run.phase_start
            try:
                if entry.seq != index + 1:
                    raise engine_errors.EngineError(f"seq {entry.seq} where {index + 1} belongs")
                self._apply(
                    game,
                    run,
                    entry.action,
                    entry.seat,
                    by_bot=entry.by_bot,
                    user_id=entry.user_id,
                    keep=keep_after is not None and entry.seq > keep_after,
                    planned=entry.planned,
                )
            except Exception as error:  # typed or not: this log row does not replay
                log.error(
                    "game %s: the log does not replay at action %s (%r): %s",
                    row.id,
                    index + 1,
                    _clip(entry.action),
                    _clip(str(error), 200),
                )
                raise err.GameCorrupt(
                    game_id=row.id,
                    index=index + 1,
                    action=_clip(entry.action, 40),
                    reason=_clip(str(error), 160),
                ) from error
        if keep_after is not None and len(rows) <= keep_after:
            board_before = run.phase_start
        return run, board_before

    # --- internals: playing ------------------------------------------------------------------

    @staticmethod
    def _apply(
        game: Any,
        run: _Run,
        action: Any,
        seat: int,
        *,
        by_bot: bool,
        user_id: int | None,
        keep: bool = True,
        planned: bool = False,
    ) -> None:
        state = run.state
        try:
            new_state, events = game.apply(state, action, seat)
        except engine_errors.EngineError as error:
            raise _engine_error(error, run.game_id) from error
        run.seq += 1
        before = (getattr(state, "turn", 0), getattr(state, "phase", 0))
        after = (getattr(new_state, "turn", 0), getattr(new_state, "phase", 0))
        over = game.outcome(new_state) is not None
        if before != after or over:
            if keep:
                per_turn = game.phases_in_turn(new_state)
                for turn, phase in _phases_between(before, after, over, per_turn):
                    run.phase_ends.append(PhaseEnd(turn, phase, new_state))
            run.phase_start = new_state
        run.state = new_state
        if keep:
            run.moves.append(
                Move(run.seq, seat, str(action), by_bot, user_id, tuple(events), planned)
            )

    async def _play_bots(self, game: Any, run: _Run, seats: Sequence[SeatRow], seed: int) -> None:
        """Bot seats decide at their level (rng from the game seed and seq; the search runs in
        a worker thread within the level's time), and human seats whose plans answer their
        decision play them (`run.book`, docs/pace.md), until a human must be asked."""
        bots = {s.seat: bot_level(s) for s in seats if s.is_bot}
        if not bots and run.book is None:
            return
        for _ in range(MAX_BOT_ACTIONS):
            pending = game.pending(run.state)
            turn = next((p for p in pending if p.seat in bots), None)
            if turn is None:
                if not self._play_plan(game, run, seats, pending):
                    return
                continue
            rng = random.Random(seed * 1_000_003 + run.seq + 1)
            action = await self._bot_action(game, run.state, turn.seat, bots[turn.seat], rng)
            self._apply(game, run, action, turn.seat, by_bot=True, user_id=None)
        raise RuntimeError(f"bots played {MAX_BOT_ACTIONS} actions without a human decision")

    async def _bot_action(
        self, game: Any, state: Any, seat: int, level: str, rng: random.Random
    ) -> Any:
        """The bot's decision, searched in the worker thread (the event loop stays free)."""
        if len(game.legal_actions(state, seat)) == 1:
            return game.legal_actions(state, seat)[0]

        def decide() -> Any:
            budget = self._bot_budget(game, level)  # its time starts when the search does
            return game.automated_action(state, seat, level, rng, budget)

        return await asyncio.get_running_loop().run_in_executor(self._searcher, decide)

    def _play_plan(
        self, game: Any, run: _Run, seats: Sequence[SeatRow], pending: Sequence[PendingDecision]
    ) -> bool:
        """One move: the first pending decision of a human seat that its player's plans answer
        with a legal action, logged as theirs and marked planned. False: someone is asked."""
        if run.book is None:
            return False
        holders = {s.seat: s for s in seats}
        for decision in pending:
            holder = holders.get(decision.seat)
            if holder is None or holder.is_bot:
                continue
            action = run.book.resolve(run.state, decision.seat, run.seq)
            if action is None:
                continue
            try:
                self._apply(
                    game,
                    run,
                    action,
                    decision.seat,
                    by_bot=False,
                    user_id=holder.user_id,
                    planned=True,
                )
            except err.ServiceError as error:
                # plans only ever give a legal action; should one not be, the player is asked
                # rather than the move of whoever triggered it failing
                log.error("game %s: planned %r refused: %s", run.game_id, str(action), error)
                return False
            return True
        return False

    @staticmethod
    def _seed(live: _Live) -> int:
        return int((live.row.setup or {}).get("seed") or 0)

    # --- internals: committing ---------------------------------------------------------------

    async def _commit(
        self,
        live: _Live,
        values: dict[str, Any],
        *,
        seats: Sequence[SeatRow] | None = None,
        log_rows: Sequence[LogRow] = (),
        also: Callable[[Tx], object] | None = None,
        outbox: tuple[int, int, dict[str, Any]] | None = None,
        outbox_id: list[int] | None = None,
    ) -> _Live:
        """One transaction: update the game row at its version (+1), seats, log rows, the
        outbox row `(after_seq, to_seq, payload)` (its id appended to `outbox_id`), and
        `also(tx)` (the clock's own rows, bot/clock_service.py)."""
        row = live.row
        try:

            def work(tx: Tx) -> tuple[int, float, int | None]:
                version = tx.update_game(row.id, row.version, **values)
                if log_rows:
                    tx.append_actions(row.id, log_rows)
                if seats is not None:
                    tx.replace_seats(row.id, seats)
                posted = None
                if outbox is not None:
                    posted = tx.insert_outbox(row.id, outbox[0], outbox[1], version, outbox[2])
                if also is not None:
                    also(tx)
                return version, tx.now, posted

            version, now, posted = await self.store.write(work)
        except VersionConflict:
            self._forget(row.id)
            fresh = await self.store.game(row.id)
            raise err.StaleVersion(
                game_id=row.id, version=fresh.version if fresh else -1, expected=row.version
            ) from None
        except DiskFull:
            self._forget(row.id)
            raise err.NotSaved(game_id=row.id) from None
        except BaseException:
            self._forget(row.id)  # whatever happened, the next call reads the truth again
            raise
        if posted is not None and outbox_id is not None:
            outbox_id.append(posted)
        kept = {k: v for k, v in values.items() if k not in ("snapshot", "phase_snapshot")}
        new_row = dataclasses.replace(row, version=version, updated_at=now, **kept)
        new_live = _Live(
            row=new_row,
            seats=tuple(seats) if seats is not None else live.seats,
            state=live.state,
            phase_start=live.phase_start,
        )
        self._remember(new_live)
        return new_live

    async def _commit_play(
        self,
        live: _Live,
        run: _Run,
        *,
        board_before: Any,
        seats: Sequence[SeatRow] | None = None,
        extra: dict[str, Any] | None = None,
        also: Callable[[Tx], object] | None = None,
        cause: dict[str, Any] | None = None,
    ) -> ActResult:
        """Commit the moves of `run`; when there is something for the channel to see (moves,
        or a `cause` such as the start), an outbox row records it in the same transaction."""
        game = self._game_module(live.row.kind)
        state = run.state
        outcome = game.outcome(state)
        pending = game.pending(state)
        values: dict[str, Any] = dict(extra or {})
        values["seq"] = run.seq
        if state is not live.state:
            values["snapshot"] = state.model_dump_json()
        if run.phase_start is not live.phase_start:
            values["phase_snapshot"] = run.phase_start.model_dump_json()
        awaiting = pending[0].seat if pending else None
        if run.moves or awaiting != live.row.awaiting_seat:
            values["awaiting_seat"] = awaiting
            values["awaiting_since"] = run.now if awaiting is not None else None
            before = game.pending(live.state) if live.state is not None else []
            if _answers_to_the_same_call(before, pending):
                # several seats decide at once (Magna Carta's opening hands): one answered, the
                # others keep the clock they have had since the call
                values["awaiting_since"] = live.row.awaiting_since
        if outcome is not None:
            values.update(status="finished", ended_at=run.now, outcome=dataclasses.asdict(outcome))
            also = _both(also, self._rate(live, seats, values["outcome"]))
        payload = dict(cause or {"cause": "move"})
        outbox = (live.row.seq, run.seq, payload) if run.moves or cause is not None else None
        book = run.book
        if book is not None:  # plans used up, dropped or past: in the same transaction
            book.expire(state, run.seq)
            if book.changed:
                also = _both(also, book.write)
        posted: list[int] = []
        new_live = await self._commit(
            live,
            values,
            seats=seats,
            log_rows=run.log_rows(),
            also=also,
            outbox=outbox,
            outbox_id=posted,
        )
        new_live.state, new_live.phase_start = state, run.phase_start
        return ActResult(
            game=self._info(new_live),
            moves=tuple(run.moves),
            state=state,
            phase_ends=tuple(run.phase_ends),
            board_before=board_before,
            outcome=outcome,
            outbox_id=posted[0] if posted else None,
            cause=payload,
        )

    @staticmethod
    def _rate(
        live: _Live, seats: Sequence[SeatRow] | None, outcome: dict[str, Any]
    ) -> Callable[[Tx], object]:
        """The ratings of the game's players, in the transaction that ends it (bot/ratings.py)."""
        final = list(seats if seats is not None else live.seats)
        row = live.row

        def work(tx: Tx) -> None:
            ratings.record_result(tx, row.id, row.guild_id, row.kind, final, outcome)

        return work

    async def _commit_lobby(
        self, live: _Live, seats: Sequence[SeatRow], values: dict[str, Any] | None = None
    ) -> GameInfo:
        return self._info(await self._commit(live, values or {}, seats=seats))

    async def _remove_seat(self, live: _Live, seat: int) -> GameInfo:
        removed = live.seats[seat]
        rest = [s for s in live.seats if s.seat != seat]
        seats = [dataclasses.replace(s, seat=i, colour=m.COLOURS[i]) for i, s in enumerate(rest)]
        values: dict[str, Any] = {}
        if removed.user_id == live.row.host_id and removed.user_id is not None:
            heir = next((s.user_id for s in seats if s.user_id is not None), None)
            if heir is None:
                values.update(status="aborted", ended_at=self._clock())
            else:
                values["host_id"] = heir
        return await self._commit_lobby(live, seats, values)

    # --- internals: checks and shapes --------------------------------------------------------

    @staticmethod
    def _game_module(kind: str) -> Any:
        try:
            return get_game(kind)
        except KeyError:
            raise err.UnknownKind(kind=kind, known=", ".join(GAME_NAMES)) from None

    async def _default_options(self, guild_id: int, kind: str) -> dict[str, Any]:
        """The server's defaults for the options this game has (a player count the game does
        not allow is left to the game's own default)."""
        game = self._game_module(kind)
        settings = await self.store.guild_settings(guild_id)
        defaults = {
            "players": settings.default_players,
            "favor_mode": settings.default_favor_mode,
            "tile_set": settings.default_tile_set,
        }
        known = game.Options.model_fields
        found = {k: v for k, v in defaults.items() if v is not None and k in known}
        players = found.get("players")
        if players is not None and not game.min_players <= players <= game.max_players:
            del found["players"]
        return found

    @staticmethod
    def _seat_row(
        game_id: int, seat: int, user_id: int | None, now: float, level: str | None = None
    ) -> SeatRow:
        return SeatRow(
            game_id=game_id,
            seat=seat,
            user_id=user_id,
            is_bot=user_id is None,
            colour=m.COLOURS[seat],
            resigned_user_id=None,
            joined_at=now,
            level=(level or DEFAULT_LEVEL) if user_id is None else None,
        )

    @staticmethod
    def _channel_busy(row: GameRow) -> err.ChannelBusy:
        return err.ChannelBusy(
            game_id=row.id,
            kind=m.KIND_NAMES.get(row.kind, row.kind),
            status=m.STATUS[row.status],
            host_id=row.host_id,
        )

    @staticmethod
    def _require_lobby(live: _Live) -> None:
        if live.row.status != "lobby":
            raise err.NotInLobby(game_id=live.row.id, status=m.STATUS[live.row.status])

    @staticmethod
    def _require_running(live: _Live) -> None:
        status = live.row.status
        if status == "finished":
            raise err.GameOver(game_id=live.row.id)
        if status != "running":
            raise err.GameNotRunning(game_id=live.row.id, status=m.STATUS[status])

    @staticmethod
    def _require_room(live: _Live) -> None:
        wanted = live.row.options["players"]
        if len(live.seats) >= wanted:
            raise err.LobbyFull(game_id=live.row.id, players=wanted)

    @staticmethod
    def _require_manager(live: _Live, user_id: int, can_manage: bool) -> None:
        if not can_manage and user_id != live.row.host_id:
            raise err.NotHost(game_id=live.row.id, user_id=user_id)

    def _not_your_decision(
        self,
        live: _Live,
        pending: Sequence[PendingDecision],
    ) -> err.ServiceError:
        if not pending:
            return err.GameOver(game_id=live.row.id)
        first = pending[0]
        seat = live.seats[first.seat]
        return err.NotYourDecision(
            game_id=live.row.id,
            colour=seat.colour,
            prompt=first.prompt,
            awaited_seat=first.seat,
            awaited_user_id=seat.user_id,
        )

    def _info(self, live: _Live) -> GameInfo:
        row = live.row
        seats = tuple(
            SeatInfo(
                s.seat,
                s.colour,
                s.user_id,
                s.is_bot,
                s.resigned_user_id,
                bot_level(s) if s.is_bot else None,
            )
            for s in live.seats
        )
        pending: tuple[PendingDecision, ...] = ()
        outcome = None
        if live.state is not None:
            game = self._game_module(row.kind)
            if row.status == "running":
                pending = tuple(game.pending(live.state))
            outcome = game.outcome(live.state)
        awaiting = tuple(seats[p.seat] for p in pending)
        return GameInfo(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            kind=row.kind,
            options=dict(row.options),
            status=row.status,
            host_id=row.host_id,
            version=row.version,
            seq=row.seq,
            seats=seats,
            pending=pending,
            awaiting=awaiting,
            awaiting_since=row.awaiting_since,
            outcome=outcome,
            created_at=row.created_at,
            updated_at=row.updated_at,
            started_at=row.started_at,
            ended_at=row.ended_at,
            language=row.language,
        )


def _both(
    first: Callable[[Tx], object] | None, second: Callable[[Tx], object]
) -> Callable[[Tx], object]:
    def work(tx: Tx) -> None:
        if first is not None:
            first(tx)
        second(tx)

    return work


def retry_delay(attempts: int) -> float:
    """Seconds before the next attempt to post after `attempts` failures: 30 s, 1 min, 2 min,
    ... up to an hour."""
    return float(min(3600, 30 * 2 ** max(0, attempts - 1)))


def _replay_problems(
    game: Any, row: GameRow, rows: Sequence[Any], state: Any, phase_start: Any
) -> list[str]:
    """Where a stored game disagrees with its replayed log (for the operator: English)."""
    problems = []
    if row.seq != len(rows):
        problems.append(REPLAY_PROBLEMS["seq"].format(seq=row.seq, logged=len(rows)))
    if not _same_state(game, row.snapshot, state):
        problems.append(REPLAY_PROBLEMS["snapshot"])
    if not _same_state(game, row.phase_snapshot, phase_start):
        problems.append(REPLAY_PROBLEMS["phase_snapshot"])
    return problems


def _same_state(game: Any, snapshot: str | None, state: Any) -> bool:
    if snapshot is None:
        return False
    try:
        return game.state_from_json(snapshot) == state
    except Exception:  # a damaged cache is simply not the same state: it gets replaced
        return False


# --- settings validation ---------------------------------------------------------------------

_CHOICES = {
    "notify": ("mention", "dm", "none"),
    "default_favor_mode": ("full", "simplified"),
    "default_tile_set": ("revised", "first"),
}


def _bad(name: str, reason: str) -> err.BadSetting:
    return err.BadSetting(name=name, reason=reason)


def _check_choice(name: str, value: Any) -> None:
    choices = _CHOICES[name]
    if value not in choices:
        raise _bad(name, m.BAD_CHOICE.format(value=value, choices=", ".join(choices)))


def _check_user_setting(name: str, value: Any) -> None:
    if name == "time_zone":
        try:
            ZoneInfo(str(value))
        except (ZoneInfoNotFoundError, ValueError):
            raise _bad(name, m.BAD_TIME_ZONE.format(value=value)) from None
    elif name in ("quiet_start", "quiet_end"):
        if value is not None and (not isinstance(value, int) or not 0 <= value <= 1439):
            raise _bad(name, m.BAD_MINUTES)
    elif name == "notify":
        _check_choice(name, value)
    else:
        raise _bad(name, m.UNKNOWN_SETTING)


def _check_guild_setting(name: str, value: Any) -> None:
    if name == "manager_role_id":
        if value is not None and not isinstance(value, int):
            raise _bad(name, m.BAD_ROLE_ID)
    elif name == "default_players":
        if value is not None and (not isinstance(value, int) or not 2 <= value <= 5):
            raise _bad(name, m.BAD_PLAYERS)
    elif name in ("default_favor_mode", "default_tile_set"):
        if value is not None:
            _check_choice(name, value)
    else:
        raise _bad(name, m.UNKNOWN_SETTING)
