"""The game service's side of plans (docs/pace.md): a game's stored plans and standing orders as
loaded for one call (`PlanBook`), and what the plan API returns.

A `PlanBook` is read from the store at the start of a service call, answers `resolve` for the
seats whose decisions come up while the call plays on, records every change (a plan used up,
dropped, added, cancelled; orders changed) and writes them with `write(tx)` inside the call's
one transaction, together with the moves that played them. No Discord, no rules of its own:
the plans' meaning is the game's `Planner` (bot/games/plans.py and each game's plans),
legality is the engine's.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from bot.games import plans as pl
from bot.store import PlanRow, SeatRow, Store, Tx
from bot.words.lang import m
from engine.protocol import GameState

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class DroppedPlan:
    plan: pl.Plan
    reason: pl.Reason
    seq: int  # the decision after this many logged actions


@dataclass(frozen=True, slots=True)
class MyPlans:
    """One player's plans in one game (private to that player)."""

    game_id: int
    seat: int
    plans: tuple[pl.Plan, ...]  # active, premoves in queue order
    orders: pl.Orders
    dropped: tuple[DroppedPlan, ...] = ()  # not played at the pending decision, and why

    @property
    def premoves(self) -> tuple[pl.PlanBase, ...]:
        """The queued placements (Caylus premoves), in queue order."""
        return tuple(p for p in self.plans if p.queue_turn is not None)

    @property
    def turn_plan(self) -> pl.TurnPlan | None:
        """The plan for a turn (this one, or the next once this turn's placements are over)."""
        return next((p for p in self.plans if isinstance(p, pl.TurnPlan) and not p.standing), None)

    @property
    def standing_plan(self) -> pl.TurnPlan | None:
        return next((p for p in self.plans if isinstance(p, pl.TurnPlan) and p.standing), None)


@dataclass(frozen=True, slots=True)
class PlanResult:
    """After a plan change: the player's plans now, and the moves it let the game play (an
    answer that fits the pending decision is played at once), as after `act`."""

    mine: MyPlans
    result: Any | None = None  # bot.service.results.ActResult when moves were made


@dataclass(frozen=True, slots=True)
class AskNow:
    """What each human of a game should be asked now (for the Discord layer's delivery).

    `waiting_for` is public (the game waits for that player's decision); each list in
    `questions` is private to its player: show it to that player only. Whom to mention is not
    here: only the players the game waits for (`GameInfo.awaiting_user_ids`) are pinged; the
    players `ahead` are offered their questions without a ping (docs/discord.md, "Mentions")."""

    game_id: int
    version: int
    waiting_for: int | None
    questions: Mapping[int, tuple[pl.Question, ...]]
    stage: tuple[int, int] | None = None  # (turn, phase) now, in a game with questions ahead

    @property
    def any_question_ahead(self) -> bool:
        """Whether some player has a question ahead with options: the prompt offers "My
        choices"."""
        return any_question_ahead(self.questions.values())

    @property
    def ahead(self) -> tuple[int, ...]:
        """The players with a question due ahead whose decision the game does not wait for:
        "you can answer your coming choices now" (a line, a badge, an opted-in DM; no ping)."""
        return tuple(
            user
            for user, asked in self.questions.items()
            if any(q.due for q in asked) and not any(q.now for q in asked)
        )


def any_question_ahead(asked: Iterable[tuple[pl.Question, ...]]) -> bool:
    """Whether any of these players' questions is one ahead (not the pending decision) with
    options."""
    return any(not q.now and q.options for questions in asked for q in questions)


@dataclass(slots=True)
class PlanBook:
    """The plans and orders of a game's human seats during one service call."""

    game_id: int
    users: dict[int, int]  # human seat -> user id
    planner: pl.Planner  # what the game's plans mean
    plans: dict[int, dict[str, pl.Plan]] = field(default_factory=dict)  # seat -> key -> plan
    dropped: dict[int, dict[str, DroppedPlan]] = field(default_factory=dict)
    orders: dict[int, pl.Orders] = field(default_factory=dict)
    _put: dict[tuple[int, str], pl.Plan] = field(default_factory=dict)
    _deleted: set[tuple[int, str]] = field(default_factory=set)
    _drops: dict[tuple[int, str], DroppedPlan] = field(default_factory=dict)
    _orders_changed: set[int] = field(default_factory=set)

    # --- loading -----------------------------------------------------------------------------

    @classmethod
    async def load(
        cls,
        store: Store,
        game_id: int,
        seats: Sequence[SeatRow],
        planner: pl.Planner,
        *,
        rows: tuple[list[PlanRow], dict[int, dict[str, Any]]] | None = None,
    ) -> PlanBook:
        """The game's plans and orders from the store, or from `rows` (its `plans` and
        `seat_orders` as read already by this interaction)."""
        users = {s.seat: s.user_id for s in seats if not s.is_bot and s.user_id is not None}
        book = cls(game_id, users, planner)
        if rows is None:
            rows = await store.plans(game_id), await store.seat_orders(game_id)
        plan_rows, stored = rows
        for row in plan_rows:
            if users.get(row.seat) != row.user_id:
                continue  # a plan is only ever played for the player who made it
            plan = _decode(planner, game_id, row)
            if plan is None:
                book._deleted.add((row.seat, row.key))  # unreadable: gone with the next write
            elif row.status == "dropped":
                book.dropped.setdefault(row.seat, {})[row.key] = DroppedPlan(
                    plan, pl.reason_from_text(row.reason or ""), row.seq or 0
                )
            else:
                book.plans.setdefault(row.seat, {})[row.key] = plan
        for seat, user in users.items():
            if seat in stored:
                book.orders[seat] = pl.Orders(**stored[seat])
            else:  # a game from before standing orders: the player's defaults
                book.orders[seat] = await default_orders(store, user)
        return book

    @classmethod
    async def for_start(
        cls, store: Store, game_id: int, seats: Sequence[SeatRow], planner: pl.Planner
    ) -> PlanBook:
        """A game that starts: every human seat takes its player's default orders."""
        users = {s.seat: s.user_id for s in seats if not s.is_bot and s.user_id is not None}
        book = cls(game_id, users, planner)
        for seat, user in users.items():
            book.set_orders(seat, await default_orders(store, user))
        return book

    # --- playing -----------------------------------------------------------------------------

    def orders_of(self, seat: int) -> pl.Orders:
        return self.orders.get(seat, pl.Orders())

    def plans_of(self, seat: int) -> dict[str, pl.Plan]:
        return self.plans.get(seat, {})

    def resolve(self, state: GameState, seat: int, seq: int) -> Any | None:
        """The planned action for `seat`'s pending decision (None: ask the player); records the
        plans it uses up or drops (at the decision after `seq` logged actions)."""
        if seat not in self.users:
            return None
        found = self.planner.resolve(state, seat, self.plans_of(seat), self.orders_of(seat))
        for key, why in found.dropped:
            self.drop(seat, key, why, seq)
        if found.action is not None and found.consume is not None:
            self.delete(seat, found.consume)
        if found.action is not None:
            for carried in found.adds:  # a turn plan's answer for the decision it brings
                if len(self.plans_of(seat)) < pl.MAX_PLANS or carried.key in self.plans_of(seat):
                    self.put(seat, carried)
        return found.action

    # --- changes -----------------------------------------------------------------------------

    def put(self, seat: int, plan: pl.Plan) -> None:
        mine = self.plans_of(seat)
        if len(mine) >= pl.MAX_PLANS and plan.key not in mine:
            raise pl.BadPlan(reason=m.PLAN_TOO_MANY.format(count=pl.MAX_PLANS))
        queue_turn = plan.queue_turn
        if queue_turn is not None:
            plan = plan.queued(self._next_order(seat, queue_turn))
        self.plans.setdefault(seat, {})[plan.key] = plan
        self.dropped.get(seat, {}).pop(plan.key, None)
        self._put[(seat, plan.key)] = plan
        self._deleted.discard((seat, plan.key))
        self._drops.pop((seat, plan.key), None)

    def delete(self, seat: int, key: str) -> bool:
        """Forget the seat's plan `key` (active or dropped); True if there was one."""
        had = self.plans.get(seat, {}).pop(key, None) is not None
        had = self.dropped.get(seat, {}).pop(key, None) is not None or had
        self._put.pop((seat, key), None)
        self._drops.pop((seat, key), None)
        self._deleted.add((seat, key))
        return had

    def drop(self, seat: int, key: str, reason: pl.Reason, seq: int) -> None:
        plan = self.plans.get(seat, {}).pop(key, None)
        if plan is None:
            return
        dropped = DroppedPlan(plan, reason, seq)
        self.dropped.setdefault(seat, {})[key] = dropped
        self._drops[(seat, key)] = dropped

    def set_orders(self, seat: int, orders: pl.Orders) -> None:
        self.orders[seat] = orders
        self._orders_changed.add(seat)

    def expire(self, state: GameState, seq: int) -> None:
        """Forget the plans whose decision is past, and the dropped plans whose decision has
        been answered (the log has moved beyond it)."""
        for seat, plans in list(self.plans.items()):
            for key, plan in list(plans.items()):
                if self.planner.stale(plan, state):
                    self.delete(seat, key)
        for seat, dropped in list(self.dropped.items()):
            for key, entry in list(dropped.items()):
                if entry.seq < seq or self.planner.stale(entry.plan, state):
                    self.delete(seat, key)

    def _next_order(self, seat: int, turn: int) -> int:
        known = [*self.plans_of(seat).values()]
        known += [d.plan for d in self.dropped.get(seat, {}).values()]
        orders = [p.queue_order for p in known if p.queue_turn == turn]
        return max(orders, default=-1) + 1

    @property
    def changed(self) -> bool:
        return bool(self._put or self._deleted or self._drops or self._orders_changed)

    def write(self, tx: Tx) -> None:
        """Write every change of this call (inside the call's transaction)."""
        for seat, key in sorted(self._deleted):
            tx.delete_plan(self.game_id, seat, key)
        for (seat, key), plan in self._put.items():
            tx.put_plan(self.game_id, seat, key, self.users.get(seat, 0), pl.plan_to_json(plan))
        for (seat, key), dropped in self._drops.items():
            tx.drop_plan(self.game_id, seat, key, pl.reason_to_text(dropped.reason), dropped.seq)
        for seat in sorted(self._orders_changed):
            orders = self.orders[seat].model_dump()
            tx.set_seat_orders(self.game_id, seat, self.users.get(seat, 0), orders)

    # --- reading -----------------------------------------------------------------------------

    def mine(self, seat: int) -> MyPlans:
        plans = sorted(self.plans_of(seat).values(), key=_plan_order)
        dropped = sorted(self.dropped.get(seat, {}).values(), key=lambda d: _plan_order(d.plan))
        return MyPlans(self.game_id, seat, tuple(plans), self.orders_of(seat), tuple(dropped))

    def fallback(self, seat: int, seq: int) -> str | None:
        """Why a plan of `seat` was not played at its decision after `seq` logged actions."""
        reasons = [
            m.PLAN_DROPPED.format(plan=d.plan.text, reason=d.reason)
            for d in self.dropped.get(seat, {}).values()
            if d.seq == seq
        ]
        return "; ".join(reasons) or None


def _plan_order(plan: pl.Plan) -> tuple[Any, ...]:
    return plan.sort_key


def _decode(planner: pl.Planner, game_id: int, row: PlanRow) -> pl.Plan | None:
    try:
        return planner.plan_from_json(row.body)
    except (ValidationError, ValueError) as error:
        log.warning("game %s: an unreadable plan (%s) is dropped: %s", game_id, row.key, error)
        return None


async def default_orders(store: Store, user_id: int) -> pl.Orders:
    """A player's default standing orders (the built-in ones if never set)."""
    values = await store.user_orders(user_id)
    if values is None:
        return pl.Orders()
    try:
        return pl.Orders(**values)
    except ValidationError:
        return pl.Orders()


__all__ = ["AskNow", "DroppedPlan", "MyPlans", "PlanBook", "PlanResult", "default_orders"]
