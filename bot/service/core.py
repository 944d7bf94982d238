"""The machinery every call of the game service shares: loading a game (from memory or from
the store, checked against a replay of its log), playing moves in memory (bot seats and players'
plans included), and committing them in one transaction.

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
import contextvars
import dataclasses
import logging
import random
import time
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, Self

import bot.service.ratings as ratings
import engine.errors as engine_errors
from bot.games import ui_for
from bot.metrics import NO_METRICS, Recorder
from bot.service.automated import AutomatedPlayer, Decided, engine_player, safe_action
from bot.service.changes import GameChanges
from bot.service.memory import CACHE_OBJECTS, tracked_objects
from bot.service.narration import Chronicle
from bot.service.pace import PlanBook
from bot.service.results import ActResult, GameInfo, Move, PhaseEnd, SeatInfo, phases_between
from bot.store import (
    DamagedRow,
    DiskFull,
    GameRow,
    LogRow,
    SeatRow,
    Store,
    Tx,
    VersionConflict,
    open_store,
)
from bot.words import errors as err
from bot.words.lang import m
from bot.words.messages import REPLAY_PROBLEMS
from engine import GAME_NAMES, get_game
from engine.players import DEFAULT_LEVEL, Budget
from engine.protocol import Game, GameState, PendingDecision
from render.sentences import error_text

log = logging.getLogger(__name__)

# The reason of a mark set by work that a read does not repeat (the clock's): it is held until
# an operator lifts it (docs/store.md); marks found by reading are lifted by a read that works.
HELD_MARK = "held: "

MAX_BOT_ACTIONS = 100_000  # per call: a guard against an engine that never asks a human again


@dataclass(slots=True)
class _Reads:
    """What the current interaction has read from the store already (docs/store.md, "One
    interaction, few reads"): each game's stored version (game id -> version) and its plans and
    standing orders ((game id, version) -> the store's rows)."""

    versions: dict[int, int] = field(default_factory=dict)
    plans: dict[tuple[int, int], tuple[list[Any], dict[int, dict[str, Any]]]] = field(
        default_factory=dict
    )


# None outside an interaction; every task the interaction starts shares its reads
_READS: contextvars.ContextVar[_Reads | None] = contextvars.ContextVar(
    "caylus_interaction_reads", default=None
)


@contextlib.contextmanager
def one_interaction() -> Any:
    """The service calls made inside read each game's stored version, plans and standing
    orders once: one person's interaction (a press and everything it shows) sees a game as it
    was when the interaction first read it, or as the interaction changed it. Writes are still
    checked against the stored version, so nothing is ever written from a stale read."""
    token = _READS.set(_Reads())
    try:
        yield
    finally:
        _READS.reset(token)


# ---------------------------------------------------------------------------------------------
# The in-memory copy of a loaded game
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Live:
    row: GameRow  # without the snapshot strings
    seats: tuple[SeatRow, ...]
    state: GameState | None  # None before the start
    phase_start: GameState | None  # the state when the current phase began
    # the objects the garbage collector tracks in `state` and in `phase_start` (0 when it is
    # `state`), counted when the game is remembered (bot/service/memory.py)
    weights: tuple[int, int] = (0, 0)

    def human_seat(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id and not s.is_bot), None)

    @property
    def weight(self) -> int:
        return self.weights[0] + self.weights[1]

    def weigh(self, previous: Live | None) -> None:
        """Count what its states hold; a state `previous` held (the same object) keeps its
        count: a move makes one new state, a phase's start stays for the phase."""
        known: dict[int, int] = {}
        if previous is not None:
            known = {id(previous.state): previous.weights[0]}
            known[id(previous.phase_start)] = previous.weights[1] or previous.weights[0]
        state, start = self.state, self.phase_start
        own = known.get(id(state)) if state is not None else 0
        if own is None:
            own = tracked_objects(state)
        if start is None or start is state:
            self.weights = (own, 0)
            return
        begun = known.get(id(start))
        self.weights = (own, begun if begun is not None else tracked_objects(start))


class Started(NamedTuple):
    """A started game's state now and when its current phase began (the board the channel
    last saw)."""

    state: GameState
    phase_start: GameState


@dataclass(slots=True)
class Run:
    """Actions being applied in one call, before they are committed."""

    game_id: int
    state: GameState
    phase_start: GameState
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


def engine_error(error: engine_errors.EngineError, game_id: int) -> err.ServiceError:
    """The engine's refusal as the service's error (what the Discord layer answers with)."""
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


# ---------------------------------------------------------------------------------------------
# Bot seats' decisions
# ---------------------------------------------------------------------------------------------

# How long one bot decision may search: (game module, level) -> Budget, made when the search
# starts. The default is the level's own time (the game's LEVEL_SECONDS) on this machine's clock.
BotBudget = Callable[[Any, str], Budget]


def timed_budget(game: Game, level: str) -> Budget:
    """The level's own time per decision, from now (the engine reads no clock: this is ours)."""
    deadline = time.perf_counter() + game.LEVEL_SECONDS[level]
    return Budget(should_stop=lambda: time.perf_counter() > deadline)


def bot_level(seat: SeatRow) -> str:
    """The level a bot seat plays at (a seat made before levels existed plays the default)."""
    return seat.level or DEFAULT_LEVEL


# ---------------------------------------------------------------------------------------------
# What every call shares
# ---------------------------------------------------------------------------------------------


class ServiceCore:
    """State and machinery shared by the calls (lobby, play, look, outbox, settings, plans).

    `rng` draws the seeds of new games (inject a seeded one in tests); `clock` gives Unix times.
    Bot seats decide in a worker thread, never on the event loop, each decision within
    `bot_budget(game, level)` (default: the level's own time, `timed_budget`), by
    `bot_player` (default: the game's own automated player); a player that fails is logged and
    its seat plays the default move instead (bot/service/automated.py).

    The games in play are kept in memory, the least recently used let go first beyond
    `cache_size` games or beyond `cache_objects` objects the garbage collector tracks in their
    states (None: no such bound; bot/service/memory.py).
    """

    def __init__(
        self,
        store: Store,
        *,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.time,
        cache_size: int = 1024,
        cache_objects: int | None = CACHE_OBJECTS,
        bot_budget: BotBudget | None = None,
        bot_player: AutomatedPlayer = engine_player,
    ) -> None:
        self.store = store
        self._bot_budget = bot_budget or timed_budget
        self._bot_player = bot_player
        # one search at a time: searches are CPU-bound, and a queued one starts its clock
        # only when it runs
        self._searcher = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="bot-search"
        )
        self._rng = rng or random.SystemRandom()
        self._clock = clock
        self._cache: OrderedDict[int, Live] = OrderedDict()
        self._cache_size = max(1, cache_size)
        self._cache_objects = cache_objects
        self.changes = GameChanges()  # who in this process watches a game (the web page)
        # game -> its lock in this process; a lock nobody holds goes by itself
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # game -> the events of its phases not yet told (bot/service/show.py)
        self._chronicles: dict[int, Chronicle] = {}
        # where the engine's and the store's times go (the bot's metrics: `use_metrics`)
        self.metrics: Recorder = NO_METRICS

    def use_metrics(self, metrics: Recorder) -> None:
        """Report the engine's time (each move applied, each bot decision) and the store's
        (each commit) to `metrics` (bot/metrics/); `NO_METRICS` stops it."""
        self.metrics = metrics
        self.store.metrics = metrics

    @classmethod
    async def open(cls, path: str | Path, **kwargs: Any) -> Self:
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
        return cls(await open_store(path, **store_args), **kwargs)

    async def close(self) -> None:
        self._searcher.shutdown(wait=True, cancel_futures=True)
        await self.store.close()
        self._cache.clear()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- a game as the calls return it (every set of calls answers with it) -----------------

    async def game(self, game_id: int) -> GameInfo:
        """The game as it stands now."""
        async with self._lock(game_id, across=False):
            return self._info(await self._load(game_id))

    def state_in_memory(self, game_id: int, version: int) -> GameState | None:
        """The game's state at `version` if this process holds that version in memory, else
        None; no store read (the caller checks the stored version itself: the clock's tick
        reads many games' decisions in one query)."""
        live = self._cache.get(game_id)
        if live is None or live.row.version != version:
            return None
        return live.state

    def holds(self, game_id: int) -> bool:
        """Whether this process keeps the game in memory (its states, or the events of its
        phases not yet told)."""
        return game_id in self._cache or game_id in self._chronicles

    def let_go(self, game_id: int) -> bool:
        """Keep the game in memory no longer (its states and its untold events), unless a call
        is at work on it (its lock is held): the next call reads it from the store, as after a
        restart. For work that only passes through a game this process did not hold (the
        clock's expiries after a downtime, docs/clock.md): thousands of games left in memory
        make every full garbage collection walk them, with the event loop held. True when let
        go."""
        lock = self._locks.get(game_id)
        if lock is not None and lock.locked():
            return False
        self._forget(game_id)
        self._chronicles.pop(game_id, None)
        return True

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

    def _remember(self, live: Live) -> None:
        cache = self._cache
        if live.row.status not in ("lobby", "running"):
            # an ended game is read from the store when asked again (a replay, its record):
            # memory keeps the games in play
            cache.pop(live.row.id, None)
            return
        live.weigh(cache.get(live.row.id))
        cache[live.row.id] = live
        cache.move_to_end(live.row.id)
        reads = _READS.get()
        if reads is not None:  # just read, or just written by this process: current
            reads.versions[live.row.id] = live.row.version
        budget = self._cache_objects
        held = sum(kept.weight for kept in cache.values()) if budget is not None else 0
        if len(cache) <= self._cache_size and (budget is None or held <= budget):
            return
        for game_id in list(cache)[:-1]:  # the least recently used first; never this one
            if len(cache) <= self._cache_size and (budget is None or held <= budget):
                break
            lock = self._locks.get(game_id)
            if lock is None or not lock.locked():  # a call at work on it keeps it
                held -= cache.pop(game_id).weight

    async def _load(self, game_id: int) -> Live:
        """The game, from memory or from the store (call under the game's lock).

        The copy in memory is used only while the stored version is still its version: another
        process (or a tool) that changed the game makes this one read it again."""
        live = self._cache.get(game_id)
        if live is not None:
            reads = _READS.get()
            if reads is not None and reads.versions.get(game_id) == live.row.version:
                self._cache.move_to_end(game_id)  # read already by this interaction
                return live
            stored = await self.store.current_version(game_id)
            if stored == live.row.version:
                self._cache.move_to_end(game_id)
                if reads is not None:
                    reads.versions[game_id] = stored
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
        problem = stored_problem(row, seats)
        if problem is not None:
            raise await self._damaged(game_id, problem)
        state = phase_start = None
        if row.setup is not None:
            try:
                state, phase_start, row = await self._verify(row)
            except err.GameCorrupt as error:
                await self._damaged(game_id, str(error))
                raise
        mark = await self.store.damaged(game_id)
        if mark is not None:
            if mark.startswith(HELD_MARK):
                # found by work a read does not repeat (the clock's): only an operator who has
                # looked at the game lifts it, else it would come and go with every read
                raise err.GameDamaged(game_id=game_id, reason=_clip(mark[len(HELD_MARK) :], 160))
            try:
                await self.store.clear_damaged(game_id)
                log.warning("game %s reads and replays again: no longer marked damaged", game_id)
            except DiskFull:  # the game is fine: the mark goes at a read that can write
                pass
        live = Live(
            row=dataclasses.replace(row, snapshot=None, phase_snapshot=None),
            seats=tuple(seats),
            state=state,
            phase_start=phase_start,
        )
        self._remember(live)
        return live

    async def _damaged(self, game_id: int, reason: str) -> err.GameDamaged:
        """Mark the game damaged (logged the first time only) and return the error to raise."""
        try:
            if await self.store.mark_damaged(game_id, reason):
                log.error("game %s is damaged and is skipped from now on: %s", game_id, reason)
        except DiskFull:  # the answer is the same; the mark (and its one ERROR line) comes
            # with a later read, and the store has logged the full disk once already
            log.debug("game %s is damaged (%s); the mark could not be saved", game_id, reason)
        return err.GameDamaged(game_id=game_id, reason=_clip(reason, 160))

    async def mark_damaged(self, game_id: int, reason: str) -> bool:
        """Mark a game damaged from outside (the clock, when its work on the game fails);
        True the first time (log and report it then). Such a mark is held: reading the game
        again does not lift it (docs/store.md, "Damaged games")."""
        self._forget(game_id)
        return await self.store.mark_damaged(game_id, HELD_MARK + reason)

    async def _verify(self, row: GameRow) -> tuple[Any, Any, GameRow]:
        """Replay the log; if the snapshot (or phase snapshot) disagrees, replace it."""
        game = self._game_of(row.kind)
        rows = await self.store.log(row.id)
        state, phase_start = self._replay(game, row, rows)
        snapshot = state.model_dump_json()
        phase_snapshot = phase_start.model_dump_json()
        problems = replay_problems(game, row, rows, state, phase_start)
        if not problems:
            return state, phase_start, row
        log.warning("game %s: %s; replacing the snapshot from the log", row.id, "; ".join(problems))
        try:
            repaired = await self.store.write(
                lambda tx: tx.repair_snapshots(
                    row.id, row.version, snapshot, phase_snapshot, len(rows)
                )
            )
        except DiskFull:  # the log is the truth: serve the replay, repair the cache later
            return state, phase_start, dataclasses.replace(row, seq=len(rows))
        if not repaired:  # someone else moved the game meanwhile: load it again
            fresh = await self.store.game(row.id, snapshots=True)
            if fresh is None:
                raise err.UnknownGame(game_id=row.id)
            return await self._verify(fresh)
        return state, phase_start, dataclasses.replace(row, seq=len(rows))

    def _replay(self, game: Game, row: GameRow, rows: Sequence[LogRow]) -> tuple[Any, Any]:
        """The state after the logged actions and the state when its current phase began.
        Each action is applied for its logged seat, so a seat mix-up is caught too."""
        run, _ = self._replay_run(game, row, rows)
        return run.state, run.phase_start

    def _replay_run(
        self, game: Game, row: GameRow, rows: Sequence[LogRow], keep_after: int | None = None
    ) -> tuple[Run, Any]:
        """The log replayed: the run (with the moves and phase ends after `keep_after` kept, as
        an act keeps them) and the board before them (the phase start at `keep_after`)."""
        assert row.setup is not None
        try:
            state = game.new_game(game.Options(**row.options), game.Setup(**row.setup))
        except Exception as error:  # options or setup that no longer make a game
            raise err.GameCorrupt(
                game_id=row.id, index=0, action="(setup)", reason=_clip(str(error), 160)
            ) from error
        run = Run(game_id=row.id, state=state, phase_start=state, seq=0, now=0.0)
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

    async def _run_from(
        self, live: Live, now: float | None = None, book: PlanBook | None = None
    ) -> Run:
        """A run from the running game as it stands (at `now`, default the clock's), with the
        players' plans to play as their decisions come (`book`, default the stored ones)."""
        started = self._require_running(live)
        return Run(
            game_id=live.row.id,
            state=started.state,
            phase_start=started.phase_start,
            seq=live.row.seq,
            now=self._clock() if now is None else now,
            book=book if book is not None else await self._plan_book(live),
        )

    async def _plan_book(self, live: Live) -> PlanBook | None:
        """The game's plans and standing orders, for a call that may play them."""
        planner = ui_for(live.row.kind).plans if live.state is not None else None
        if planner is None:
            return None
        reads = _READS.get()
        key = (live.row.id, live.row.version)
        rows = reads.plans.get(key) if reads is not None else None
        if rows is None:
            rows = await self.store.plans(live.row.id), await self.store.seat_orders(live.row.id)
            if reads is not None:
                reads.plans[key] = rows
        return await PlanBook.load(self.store, live.row.id, live.seats, planner, rows=rows)

    @staticmethod
    def _plans_written(game_id: int) -> None:
        """Plans written without a move (the game's version unchanged): the current
        interaction reads them again."""
        reads = _READS.get()
        if reads is not None:
            for key in [k for k in reads.plans if k[0] == game_id]:
                del reads.plans[key]

    def _apply(
        self,
        game: Game,
        run: Run,
        action: Any,
        seat: int,
        *,
        by_bot: bool,
        user_id: int | None,
        keep: bool = True,
        planned: bool = False,
    ) -> None:
        state = run.state
        started = time.perf_counter()
        try:
            new_state, events = game.apply(state, action, seat)
        except engine_errors.EngineError as error:
            raise engine_error(error, run.game_id) from error
        finally:  # a refused move took the engine's time too
            self.metrics.engine(game.name, time.perf_counter() - started)
        run.seq += 1
        before = (state.turn, state.phase)
        after = (new_state.turn, new_state.phase)
        over = game.outcome(new_state) is not None
        if before != after or over:
            if keep:
                per_turn = game.phases_in_turn(new_state)
                for turn, phase in phases_between(before, after, over, per_turn):
                    run.phase_ends.append(PhaseEnd(turn, phase, new_state))
            run.phase_start = new_state
        run.state = new_state
        if keep:
            run.moves.append(
                Move(run.seq, seat, str(action), by_bot, user_id, tuple(events), planned)
            )

    async def _play_bots(self, game: Game, run: Run, seats: Sequence[SeatRow], seed: int) -> None:
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
            level = bots[turn.seat]
            decided = await self._bot_action(game, run.state, turn.seat, level, rng)
            if decided.failure is not None:
                # once: the default move takes the game past the failing decision for good
                log.error(
                    "game %s: the %s player of seat %s failed at move %s (%s); "
                    "the seat plays the default move instead",
                    run.game_id,
                    level,
                    turn.seat,
                    run.seq + 1,
                    decided.failure,
                )
            self._apply(game, run, decided.action, turn.seat, by_bot=True, user_id=None)
        raise RuntimeError(f"bots played {MAX_BOT_ACTIONS} actions without a human decision")

    async def _bot_action(
        self, game: Game, state: GameState, seat: int, level: str, rng: random.Random
    ) -> Decided:
        """The bot's decision, searched in the worker thread (the event loop stays free); the
        default move if its player fails (bot/service/automated.py)."""
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return Decided(legal[0])

        def decide() -> Decided:
            budget = self._bot_budget(game, level)  # its time starts when the search does
            started = time.perf_counter()
            try:
                return safe_action(game, state, seat, level, rng, budget, self._bot_player)
            finally:
                self.metrics.engine(game.name, time.perf_counter() - started, "bot")

        return await asyncio.get_running_loop().run_in_executor(self._searcher, decide)

    def _play_plan(
        self, game: Game, run: Run, seats: Sequence[SeatRow], pending: Sequence[PendingDecision]
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
                # the verb and the error's kind only: a planned Magna Carta action names a card
                # of its player's hand, which no log may show
                verb = str(action).split(" ", 1)[0]
                log.error(
                    "game %s: a planned %s refused (%s)", run.game_id, verb, type(error).__name__
                )
                return False
            return True
        return False

    @staticmethod
    def _seed(live: Live) -> int:
        return int((live.row.setup or {}).get("seed") or 0)

    # --- internals: committing ---------------------------------------------------------------

    async def _commit(
        self,
        live: Live,
        values: dict[str, Any],
        *,
        seats: Sequence[SeatRow] | None = None,
        log_rows: Sequence[LogRow] = (),
        also: Callable[[Tx], object] | None = None,
        outbox: tuple[int, int, dict[str, Any]] | None = None,
        outbox_id: list[int] | None = None,
        states: tuple[GameState | None, GameState | None] | None = None,
    ) -> Live:
        """One transaction: update the game row at its version (+1), seats, log rows, the
        outbox row `(after_seq, to_seq, payload)` (its id appended to `outbox_id`), and
        `also(tx)` (the clock's own rows, bot/clock_service/). The game is then remembered
        with `states` (now, the phase's start) when given, else with those it had."""
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
        new_live = Live(
            row=new_row,
            seats=tuple(seats) if seats is not None else live.seats,
            state=live.state if states is None else states[0],
            phase_start=live.phase_start if states is None else states[1],
        )
        self._remember(new_live)
        self.changes.changed(row.id)
        return new_live

    async def _commit_play(
        self,
        live: Live,
        run: Run,
        *,
        board_before: Any,
        seats: Sequence[SeatRow] | None = None,
        extra: dict[str, Any] | None = None,
        also: Callable[[Tx], object] | None = None,
        cause: dict[str, Any] | None = None,
    ) -> ActResult:
        """Commit the moves of `run`; when there is something for the channel to see (moves,
        or a `cause` such as the start), an outbox row records it in the same transaction."""
        game = self._game_of(live.row.kind)
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
            states=(state, run.phase_start),
        )
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
        live: Live, seats: Sequence[SeatRow] | None, outcome: dict[str, Any]
    ) -> Callable[[Tx], object]:
        """The ratings of the game's players, in the transaction that ends it
        (bot/service/ratings.py)."""
        final = list(seats if seats is not None else live.seats)
        row = live.row

        def work(tx: Tx) -> None:
            ratings.record_result(tx, row.id, row.guild_id, row.kind, final, outcome)

        return work

    # --- internals: checks and shapes --------------------------------------------------------

    @staticmethod
    def _game_of(kind: str) -> Game:
        try:
            return get_game(kind)
        except KeyError:
            raise err.UnknownKind(kind=kind, known=", ".join(GAME_NAMES)) from None

    @staticmethod
    def _require_started(live: Live) -> GameState:
        """The state of a game that has started (running or over); GameNotRunning for a lobby."""
        if live.state is None:
            raise err.GameNotRunning(game_id=live.row.id, status=m.STATUS[live.row.status])
        return live.state

    @staticmethod
    def _require_running(live: Live) -> Started:
        """The states of a running game; GameOver or GameNotRunning for any other."""
        status = live.row.status
        if status == "finished":
            raise err.GameOver(game_id=live.row.id)
        if status != "running" or live.state is None or live.phase_start is None:
            raise err.GameNotRunning(game_id=live.row.id, status=m.STATUS[status])
        return Started(live.state, live.phase_start)

    def _info(self, live: Live) -> GameInfo:
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
            game = self._game_of(row.kind)
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


def stored_problem(row: GameRow, seats: Sequence[SeatRow]) -> str | None:
    """What makes a decoded game unusable before anything is replayed or written (for the
    operator: English), or None: a game kind this bot does not know, or seat rows missing."""
    if row.kind not in GAME_NAMES:
        return REPLAY_PROBLEMS["unknown_kind"].format(
            kind=_clip(row.kind, 40), known=", ".join(GAME_NAMES)
        )
    numbers = [s.seat for s in seats]
    wanted = len(numbers)
    if row.setup is not None:
        players = row.options.get("players")
        wanted = players if isinstance(players, int) and players > 0 else wanted
    if numbers != list(range(wanted)):
        missing = sorted(set(range(wanted)) - set(numbers))
        if missing:
            return REPLAY_PROBLEMS["seats_missing"].format(missing=", ".join(map(str, missing)))
        return REPLAY_PROBLEMS["seats_wrong"].format(numbers=numbers, last=wanted - 1)
    return None


def replay_problems(
    game: Game, row: GameRow, rows: Sequence[Any], state: GameState, phase_start: GameState
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


def _same_state(game: Game, snapshot: str | None, state: GameState) -> bool:
    if snapshot is None:
        return False
    try:
        return game.state_from_json(snapshot) == state
    except Exception:  # a damaged cache is simply not the same state: it gets replaced
        return False
