"""Moves: a player's move, its undo, and the clock's moves and seat changes
(bot/clock_service/, docs/clock.md).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import engine.errors as engine_errors
from bot.games import plans as pl
from bot.service.automated import default_move
from bot.service.core import Live, Run, ServiceCore, engine_error
from bot.service.results import ActResult, GameInfo
from bot.store import LogRow, SeatRow, Tx
from bot.words import errors as err
from bot.words.lang import m
from engine.players import TAKEOVER_LEVEL
from engine.protocol import PendingDecision

# A typed move identical to the player's previous one, sent before that one was saved (or within
# this many seconds after, for clock differences between Discord and this machine), is a double
# submit and is not applied twice.
DUPLICATE_WINDOW = 5.0


class PlayCalls(ServiceCore):
    """A player's move and its undo, and the clock's moves and seat changes."""

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
            game = self._game_of(live.row.kind)
            pending = game.pending(live.state)
            if not any(p.seat == seat.seat for p in pending):
                raise self._not_your_decision(live, pending)
            try:
                parsed = game.parse_action(action) if isinstance(action, str) else action
            except engine_errors.EngineError as error:
                raise engine_error(error, game_id) from error
            if issued_at is not None:
                await self._refuse_double_submit(live, user_id, str(parsed), issued_at)
            run = await self._run_from(live)
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
        it (`asked_next`: named in the notice, not pinged: their decision is not due yet)."""
        async with self._lock(game_id):
            live = await self._load(game_id)
            seat = live.human_seat(user_id)
            if seat is None:
                raise err.NotSeated(game_id=game_id, user_id=user_id)
            row = live.row
            rows = await self.store.log(game_id)
            last, before = self._undoable(live, rows, seat, user_id, seq)
            game = self._game_of(row.kind)
            pending = game.pending(before.state)
            awaiting = pending[0].seat if pending else None
            since = rows[-2].created_at if len(rows) > 1 else (row.started_at or last.created_at)
            asked_next = sorted(
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
                "asked_next": asked_next,
            }

            def also(tx: Tx) -> None:
                if not tx.take_back_move(game_id, last, user_id):
                    raise err.UndoTooLate(game_id=game_id)
                # what was still to be posted about the move would be rebuilt from a log that
                # no longer holds it: the undo's own post says what happened instead
                tx.settle_posts_from(game_id, last.seq)
                # the standing plan is a preference, like the standing orders: it stays
                tx.delete_plans_since(game_id, seat.seat, last.created_at, keep=pl.STANDING_KEY)
                # reminders of the decisions the move led to: the same seq may ask them again
                tx.forget_reminders_from(game_id, last.seq)

            posted: list[int] = []
            new_live = await self._commit(
                live,
                values,
                also=also,
                outbox=(last.seq - 1, last.seq - 1, cause),
                outbox_id=posted,
                states=(before.state, before.phase_start),
            )
            self._chronicles.pop(game_id, None)  # its untold events would still hold the move
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

    async def undo_seq_of(self, game_id: int, user_id: int) -> int | None:
        """The move `undo` would take back for the player now (its seq, what an Undo button
        stands for), by `undo`'s own rules; None when it would refuse (not seated, the game
        not running, nothing of theirs to take back)."""
        async with self._lock(game_id, across=False):
            live = await self._load(game_id)
            seat = live.human_seat(user_id)
            if seat is None or live.row.status != "running":
                return None
            rows = await self.store.log(game_id)
            # the cheap checks first: the replay the last one needs is read only when due
            if not rows or rows[-1].seat != seat.seat or rows[-1].user_id != user_id:
                return None
            try:
                last, _ = self._undoable(live, rows, seat, user_id, None)
            except err.ServiceError:
                return None
            return last.seq

    def _undoable(
        self, live: Live, rows: Sequence[LogRow], seat: SeatRow, user_id: int, seq: int | None
    ) -> tuple[LogRow, Run]:
        """`undo`'s rules: the game's last move (`seq`'s, if given) is the player's own, made
        in person, and revealed nothing; it and the game before it, else the refusal."""
        game_id = live.row.id
        self._require_running(live)
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
        game = self._game_of(live.row.kind)
        before, _ = self._replay_run(game, live.row, rows[:-1])
        what = game.revealed(before.state, live.state)
        if what is not None:
            raise err.UndoRevealed(game_id=game_id, action=last.action, what=what)
        return last, before

    async def _refuse_double_submit(
        self, live: Live, user_id: int, action: str, issued_at: float
    ) -> None:
        last = await self.store.last_own_move(live.row.id, user_id)
        if last is not None and last[0] == action and issued_at < last[1] + DUPLICATE_WINDOW:
            raise err.DuplicateCommand(game_id=live.row.id, action=action)

    # --- clock hooks (bot/clock_service/, docs/clock.md) -----------------------------------

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
            state = self._require_running(live).state
            game = self._game_of(live.row.kind)
            pending = game.pending(state)
            if not any(p.seat == seat for p in pending):
                raise self._not_your_decision(live, pending)
            action = default_move(game, state, seat)
            user_id = live.seats[seat].user_id
            run = await self._run_from(live, now)
            self._apply(game, run, action, seat, by_bot=True, user_id=None)
            seats = None
            if takeover:
                seats = _handed_to_bot(live.seats, seat, human=user_id, level=TAKEOVER_LEVEL)
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
        """A human seat of a running game goes to the built-in player (the clock's takeover and
        the host's kick); it plays at once if it must decide."""
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_running(live)
            if not 0 <= seat < len(live.seats):
                raise err.NoSuchSeat(game_id=game_id, seat=seat)
            holder = live.seats[seat]
            seats = _handed_to_bot(
                live.seats,
                seat,
                human=holder.user_id or holder.resigned_user_id,
                level=holder.level if holder.is_bot else TAKEOVER_LEVEL,
            )
            game = self._game_of(live.row.kind)
            run = await self._run_from(live, now)
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

    # --- internals ---------------------------------------------------------------------------

    def _not_your_decision(
        self,
        live: Live,
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

    def _add_plans(self, run: Run, seat: int, plans: Sequence[pl.Plan]) -> None:
        if run.book is None:
            raise pl.BadPlan(reason=m.PLAN_NONE_HERE)
        for plan in plans:
            run.book.put(seat, run.book.planner.check_plan(run.state, seat, plan))


def _handed_to_bot(
    seats: Sequence[SeatRow], seat: int, *, human: int | None, level: str | None
) -> list[SeatRow]:
    """The seats with `seat` played by the built-in player at `level` from now on; `human`, who
    held it, may take it back (`resigned_user_id`)."""
    return [
        dataclasses.replace(s, user_id=None, is_bot=True, resigned_user_id=human, level=level)
        if s.seat == seat
        else s
        for s in seats
    ]
