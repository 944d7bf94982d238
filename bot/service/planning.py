"""Plans: answers given ahead, premoves, turn plans and standing orders (docs/pace.md), through
the game's `Planner` (bot/games/plans.py)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from bot.games import plans as pl
from bot.games.layout import ANSWER_SEP
from bot.service.core import Live
from bot.service.pace import (
    AskNow,
    MyPlans,
    PlanBook,
    PlanResult,
    any_question_ahead,
    default_orders,
)
from bot.service.play import PlayCalls
from bot.service.results import ActResult
from bot.store import DiskFull
from bot.words import errors as err
from bot.words.lang import m
from engine.protocol import GameState


class PlanCalls(PlayCalls):
    """Plans of a player (built on the moves: an answer to the pending decision is a move).

    Private to `user_id`: each call shows and changes that player's own plans only. A change
    is one transaction; when it answers the decision pending now, the moves it plays are in that
    same transaction (and bump the version, like an act)."""

    async def plans_of(self, game_id: int, user_id: int) -> MyPlans:
        """The player's plans, the plans that could not be played at the pending decision (and
        why), and the player's standing orders in this game."""
        async with self._lock(game_id, across=False):
            _, _, seat, book = await self._plans_context(game_id, user_id)
            return book.mine(seat)

    async def queue_premove(
        self, game_id: int, user_id: int, target: str, max_cost: int | None = None
    ) -> PlanResult:
        """Queue "then place on `target` ('12', 'castle', ... or 'pass') if it is still free and
        costs no more than `max_cost` (default: what it costs now), else ask me"."""

        def change(state: GameState, seat: int, book: PlanBook) -> None:
            planner = book.planner
            book.put(
                seat,
                planner.check_plan(state, seat, planner.premove(state, seat, target, max_cost)),
            )

        return await self._change_plans(game_id, user_id, change)

    async def set_turn_plan(self, game_id: int, user_id: int, plan: pl.TurnPlan) -> PlanResult:
        """Keep the player's turn plan (docs/pace.md): an ordered wish list of placements, each
        with the answer it carries, played at each of their placements of the turn: the first
        entry still free, affordable and within its limit, as their own move (marked planned).
        Replaces their plan for that turn (`plan.standing`: their standing plan, which every
        turn starts from). If their placement is pending now, it is played at once."""

        def change(state: GameState, seat: int, book: PlanBook) -> None:
            book.put(seat, book.planner.check_plan(state, seat, plan))

        return await self._change_plans(game_id, user_id, change)

    async def suggest_turn_plan(self, game_id: int, user_id: int, limit: int = 6) -> pl.TurnPlan:
        """A turn plan as a sensible player would make it now (not kept: pass it to
        `set_turn_plan`, changed or not): the easy built-in player's placements one after
        another with their suggested answers (the game's `Planner.suggest_turn_plan`); the same
        for the same game, turn and seat."""
        async with self._lock(game_id, across=False):
            live, state, seat, book = await self._plans_context(game_id, user_id)
            rng = random.Random(f"{self._seed(live)}/{book.planner.plan_turn(state)}/{seat}")
            game = self._game_of(live.row.kind)

            def choose(now: Any, who: int) -> Any:
                return game.automated_action(now, who, "easy", rng)

            return book.planner.suggest_turn_plan(state, seat, choose, limit)

    async def cancel_turn_plan(
        self, game_id: int, user_id: int, *, standing: bool = False
    ) -> PlanResult:
        """Forget the player's turn plan (or, `standing`, their standing plan); BadPlan if there
        is none. The standing plan, if any, then plays this turn."""

        def change(state: GameState, seat: int, book: PlanBook) -> None:
            mine = book.mine(seat)
            plan = mine.standing_plan if standing else mine.turn_plan
            if plan is None or not book.delete(seat, plan.key):
                raise pl.BadPlan(reason=m.TURN_PLAN_NONE)

        return await self._change_plans(game_id, user_id, change)

    async def turn_plan_progress(self, game_id: int, user_id: int) -> pl.TurnPlanProgress | None:
        """Where the player's turn plan in force stands (None: they have none): each entry
        placed, taken, too dear, next or later, and what their next placement will be."""
        async with self._lock(game_id, across=False):
            _, state, seat, book = await self._plans_context(game_id, user_id)
            plan = pl.turn_plan_now(book.plans_of(seat), book.planner.plan_turn(state))
            return None if plan is None else book.planner.turn_plan_progress(state, seat, plan)

    async def turn_plan_options(self, game_id: int, user_id: int) -> tuple[pl.PlanOption, ...]:
        """What the player may put in a turn plan now: each space they could place on as things
        stand, with its cost and the answers the placement can carry."""
        async with self._lock(game_id, across=False):
            _, state, seat, book = await self._plans_context(game_id, user_id)
            return book.planner.turn_plan_options(state, seat)

    async def cancel_premoves(self, game_id: int, user_id: int) -> PlanResult:
        """Empty the player's premove queue."""

        def change(state: GameState, seat: int, book: PlanBook) -> None:
            for plan in book.mine(seat).premoves:
                book.delete(seat, plan.key)

        return await self._change_plans(game_id, user_id, change)

    async def cancel_plans(self, game_id: int, user_id: int) -> PlanResult:
        """Forget all the player's plans in this game (standing orders stay)."""

        def change(state: GameState, seat: int, book: PlanBook) -> None:
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

        def change(state: GameState, seat: int, book: PlanBook) -> None:
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

    async def questions_for(self, game_id: int, user_id: int) -> tuple[pl.Question, ...]:
        """What the player can answer now (theirs alone): the pending decision if it is theirs
        (`now`, first; `fallback` says why a plan of theirs for it was not played), then the
        decisions ahead in this turn, open ones (`planned` None) and planned ones."""
        async with self._lock(game_id, across=False):
            live, state, seat, book = await self._plans_context(game_id, user_id)
            return self._questions(live, state, seat, book)

    async def ask_now(self, game_id: int, *, whole: bool = True) -> AskNow:
        """For the Discord layer's delivery: who the game waits for, and each human's questions
        (each list private to its player). `AskNow.ahead`: who may answer ahead now.

        `whole=False` (what a prompt needs: `ahead`, whether anyone has a question ahead, the
        questions of the players `ahead`): the questions of a player the game waits for are
        left out when another player's already show a question ahead, since the prompt then
        says nothing more for them and they are never `ahead`; their lookahead of the rest of
        the turn is the dearest part (they open their own with "My choices": `questions_for`)."""
        async with self._lock(game_id, across=False):
            live = await self._load(game_id)
            info = self._info(live)
            waiting = info.awaiting[0].user_id if info.awaiting else None
            asked: dict[int, tuple[pl.Question, ...]] = {}
            state = live.state if live.row.status == "running" else None
            book = await self._plan_book(live) if state is not None else None
            stage = None
            if state is not None and book is not None:
                humans = [s for s in live.seats if not s.is_bot and s.user_id is not None]
                awaited = {u.seat for u in info.awaiting}
                found: dict[int, tuple[pl.Question, ...]] = {}
                # the players not awaited first: theirs decide whether the others' are needed
                for s in sorted(humans, key=lambda s: s.seat in awaited):
                    if not whole and s.seat in awaited and any_question_ahead(found.values()):
                        continue
                    found[s.seat] = self._questions(live, state, s.seat, book)
                asked = {
                    s.user_id: found[s.seat]
                    for s in humans
                    if s.user_id is not None and found.get(s.seat)
                }
                stage = (state.turn, state.phase)
            return AskNow(game_id, live.row.version, waiting, asked, stage)

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
            live, state, seat, book = await self._plans_context(game_id, user_id)
            ours = any(p.seat == seat for p in self._game_of(live.row.kind).pending(state))
            is_now = ours and key == book.planner.now_key(state)
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

        def change(state: GameState, seat: int, book: PlanBook) -> None:
            plan = book.planner.plan_for_answer(
                key,
                option,
                provost=provost,
                always=always,
                state=state,
            )
            book.put(seat, book.planner.check_plan(state, seat, plan))

        return await self._change_plans(game_id, user_id, change)

    async def answer_ahead_options(
        self, game_id: int, user_id: int, action: Any
    ) -> tuple[pl.Question, ...]:
        """What the placement (or pass) `action` the player is about to make can carry as
        answers ahead (the game's `Planner.answer_ahead_options`); pass the chosen ones to `act`
        with `plans=[question.plan(option), ...]`."""
        async with self._lock(game_id, across=False):
            _, state, seat, book = await self._plans_context(game_id, user_id)
            return tuple(book.planner.answer_ahead_options(state, seat, action))

    async def act_with_answer(
        self, game_id: int, user_id: int, choice: str, version: int
    ) -> ActResult:
        """A choice that may join a placement and the answer it carries ahead ("place 11|take
        FF": the prompt's menu and the web page's chooser offer it as one choice), played by
        `act` with `version`, the answer kept as the plan it makes in the same transaction. An
        answer the placement does not carry now, at the version the player saw, is refused
        (BadPlan, nothing written); at another version `act` says the board changed."""
        move, _, ahead = choice.partition(ANSWER_SEP)
        plans = []
        if ahead:
            offers = await self.answer_ahead_options(game_id, user_id, move)
            found = next((q for q in offers if ahead in q.options), None)
            if found is not None:
                plans.append(found.plan(ahead))
            elif (await self.game(game_id)).version == version:
                offered = ", ".join(o for q in offers for o in q.options) or "-"
                where = move.partition(" ")[2] or move
                raise pl.BadPlan(
                    reason=m.TURN_PLAN_BAD_ANSWER.format(position=where, options=offered)
                )
        return await self.act(game_id, user_id, move, version, plans=plans)

    async def premove_options(self, game_id: int, user_id: int) -> list[tuple[str, int]]:
        """(space or 'pass', cost now) the player may queue as their next placement."""
        async with self._lock(game_id, across=False):
            _, state, seat, book = await self._plans_context(game_id, user_id)
            return book.planner.premove_options(state, seat)

    # --- internals ---------------------------------------------------------------------------

    async def _plans_context(
        self, game_id: int, user_id: int
    ) -> tuple[Live, GameState, int, PlanBook]:
        """The running game, its state, the player's seat and the plans of a call about them."""
        live = await self._load(game_id)
        seat = live.human_seat(user_id)
        if seat is None:
            raise err.NotSeated(game_id=game_id, user_id=user_id)
        state = self._require_running(live).state
        book = await self._plan_book(live)
        if book is None:
            raise pl.BadPlan(reason=m.PLAN_NONE_HERE)
        return live, state, seat.seat, book

    async def _change_plans(
        self, game_id: int, user_id: int, change: Callable[[GameState, int, PlanBook], None]
    ) -> PlanResult:
        async with self._lock(game_id):
            live, state, seat, book = await self._plans_context(game_id, user_id)
            change(state, seat, book)
            game = self._game_of(live.row.kind)
            run = await self._run_from(live, book=book)
            await self._play_bots(game, run, live.seats, self._seed(live))
            if run.moves:
                result = await self._commit_play(live, run, board_before=live.phase_start)
                return PlanResult(book.mine(seat), result)
            if book.changed:
                try:
                    await self.store.write(book.write)
                except DiskFull:
                    raise err.NotSaved(game_id=game_id) from None
                finally:
                    self._plans_written(game_id)
            return PlanResult(book.mine(seat), None)

    def _questions(
        self, live: Live, state: GameState, seat: int, book: PlanBook
    ) -> tuple[pl.Question, ...]:
        found = book.planner.questions(state, seat, book.plans_of(seat), book.orders_of(seat))
        if found and found[0].now:
            fallback = book.fallback(seat, live.row.seq)
            if fallback is not None:
                found[0] = dataclasses.replace(found[0], fallback=fallback)
        return tuple(found)
