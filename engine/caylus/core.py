"""The Caylus engine's game data and the small rule steps every phase shares.

`Core` is the whole game as plain int lists (layout in engine/caylus/codes.py); FastGame
(engine/caylus/fast_game.py) adds the flow of the phases and the conversion to and from State, and
engine/caylus/decisions.py the options and resolution of each decision kind.

Events: while `events` is a list, every rule step appends what happened (engine.protocol.Event,
worded by engine/caylus/words.py); search leaves it None and pays nothing for them. The rulings
of docs/rules.md are cited as R1..R26.
"""

from __future__ import annotations

from typing import Any

import engine.caylus.catalogue as cat
from engine.caylus.codes import (
    ACTIONS,
    COUNTS,
    FAVOR,
    FAVOR_COLUMNS_OPEN,
    K_NEUTRAL,
    NO_DECISION,
    OWNER,
    PLACE_ROAD0,
    RESIDENCE,
    ROAD_LENGTH,
    SECTION_SIZES,
    T_CASTLE,
    T_INN,
    T_STABLES,
    TILE_IDS,
    TILE_KIND,
    TILE_OWNER_BONUS,
    TILE_WORKABLE,
    WHY_WORKER,
    FavorReason,
)
from engine.caylus.state import Options, Setup
from engine.events import Event
from engine.wording import Said


def placement_price(in_inn: bool, owned: bool, players: int, passed: int) -> int:
    """Deniers a worker costs in phase 2: 1 from the inn or on one's own building, else one
    more than the number of players who passed (R11: with two players, 1, or 3 once one has)."""
    if in_inn or owned:
        return 1
    if players == 2:
        return cat.TWO_PLAYER_PASSED_COST if passed else 1
    return passed + 1


def open_columns_after(scored: int) -> int:
    """Favor columns open once `scored` castle sections were scored (R9)."""
    return FAVOR_COLUMNS_OPEN[min(scored, 2)]


def marker_after(marker: int, scored: int) -> int:
    """Where a favor marker at column `marker` stands once a favor advances it."""
    return marker + 1 if marker < FAVOR_COLUMNS_OPEN[min(scored, 2)] else marker


def castle_room(castle: list[list[int]], section: int) -> int:
    """Castle spaces left from `section` on (the one under construction) to the Towers."""
    return sum(SECTION_SIZES[k] - len(castle[k]) for k in range(section, 3))


def house_section(castle: list[list[int]], section: int) -> int | None:
    """The section the next batch builds in: the one under construction, or the next one with
    room when it is full (None once no space is left: R23 allows no batch then)."""
    for k in range(section, 3):
        if len(castle[k]) < SECTION_SIZES[k]:
            return k
    return None


def end_score(prestige: int, cubes: list[int], deniers: int) -> list[int]:
    """The final scoring of one seat with `cubes` (F W S C G counts): its game points, 3 PP a
    gold, 1 per 3 other cubes, 1 per 4 d; and the total last."""
    gold = cubes[4] * cat.END_GOLD_PP
    others = (cubes[0] + cubes[1] + cubes[2] + cubes[3]) // cat.END_CUBES_PER_PP
    coins = deniers // cat.END_DENIERS_PER_PP
    return [prestige, gold, others, coins, prestige + gold + others + coins]


class Core:
    """A Caylus game that changes in place: its data and the steps the phases share.

    `seat` and `kind` are the pending decision (kind NO_DECISION once over; `d_at`, `d_effect`,
    `d_via_favor` and `d_why` its other fields, as in state.Decision), `options` its legal
    action codes, in the order the players are offered them.
    """

    __slots__ = (
        "bailiff",
        "batches",
        "castle",
        "castle_workers",
        "cubes",
        "cursor",
        "d_at",
        "d_effect",
        "d_via_favor",
        "d_why",
        "deniers",
        "discarded",
        "events",
        "favor_queue",
        "favor_why",
        "favors",
        "free_place",
        "game_options",
        "hands",
        "inn_left",
        "inn_right",
        "kind",
        "lawyer_pending",
        "lines_used",
        "n",
        "options",
        "order",
        "over",
        "owners",
        "passed",
        "phase",
        "prestige",
        "provost",
        "road",
        "scored",
        "seat",
        "section",
        "setup",
        "simplified",
        "specials",
        "stables",
        "stock",
        "stock_order",
        "turn",
        "workable",
        "workers",
    )

    bailiff: int
    batches: list[int]
    castle: list[list[int]]
    castle_workers: list[int]
    cubes: list[int]
    cursor: int
    d_at: int
    d_effect: str
    d_via_favor: bool
    d_why: str
    deniers: list[int]
    discarded: list[int]
    events: list[Event] | None
    favor_queue: list[int]
    favor_why: list[str]
    favors: list[int]
    # the place codes of the free road positions that take a worker, in road order; None: to
    # be listed again (the road or a worker left it). Owned by this game: copies copy it.
    free_place: list[int] | None
    hands: list[int]
    inn_left: int
    inn_right: int
    kind: int
    lawyer_pending: list[tuple[int, int]]  # (road index, seat)
    lines_used: list[str]
    n: int
    options: list[int]
    order: list[int]
    over: bool
    owners: list[int]
    passed: list[int]
    phase: int
    prestige: list[int]
    provost: int
    road: list[int]
    scored: int
    seat: int
    section: int
    simplified: bool
    # the options and setup of the state this game was read from (never changed), kept as
    # plain attributes: every state the engine makes shows them
    game_options: Options
    setup: Setup
    specials: list[int]
    stables: list[int]
    stock: list[int]
    stock_order: tuple[int, ...]
    turn: int
    workable: tuple[int, ...]
    workers: list[int]

    # --- events -------------------------------------------------------------------------------

    def say(
        self,
        kind: str,
        seat: int | None,
        key: str,
        args: dict[str, Any] | None = None,
        pp: int = 0,
        other: int | None = None,
        **data: object,
    ) -> None:
        """An event (only while `events` is a list): `key` names its sentence in
        engine/caylus/words.py, `args` its values."""
        events = self.events
        if events is not None:  # always, where it is called
            events.append(Event(kind, seat, "", pp, other, data, self.turn, self.phase, key, args))

    # --- small steps --------------------------------------------------------------------------

    def decide(self, kind: int, seat: int, at: int = 0, effect: str = "") -> None:
        self.kind = kind
        self.seat = seat
        self.d_at = at
        self.d_effect = effect
        self.d_via_favor = False
        self.d_why = ""

    def refresh_workable(self) -> None:
        self.workable = tuple(i for i, t in enumerate(self.road) if t >= 0 and TILE_WORKABLE[t])
        self.free_place = None

    def gain_pp(self, seat: int, amount: int, why: Said) -> None:
        """Every prestige change comes here (never below 0), so the events account for it."""
        before = self.prestige[seat]
        after = before + amount
        self.prestige[seat] = after if after > 0 else 0
        if self.events is not None:
            delta = self.prestige[seat] - before
            if amount >= 0:
                args = {"amount": amount, "why": why}
                self.say("prestige", seat, "words.GAIN_PP", args, pp=delta)
            else:
                args = {"amount": -delta, "why": why}
                self.say("prestige", seat, "words.LOSE_PP", args, pp=delta)

    def enter_phase(self, phase: int, cursor: int) -> None:
        self.phase = phase
        self.cursor = cursor
        self.lines_used = [""] * self.n  # R10: favors of one phase use different lines

    def placement_cost(self, seat: int, road_index: int = -1) -> int:
        """Deniers a worker of `seat` costs now (on road index `road_index`, or elsewhere)."""
        owned = road_index >= 0 and self.owners[road_index] == seat
        return placement_price(self.inn_right == seat, owned, self.n, len(self.passed))

    def can_use_space(self, seat: int, target: int) -> bool:
        """Whether the special space `target` (codes.PLACE_TARGETS index) takes `seat`'s worker."""
        if target == T_CASTLE:
            return seat not in self.castle_workers
        if target == T_STABLES:
            return self.n > 2 and len(self.stables) < cat.STABLES_SLOTS and seat not in self.stables
        if target == T_INN:
            return self.inn_left < 0
        return self.specials[target] < 0

    def occupy(self, seat: int, target: int, on_road: bool) -> None:
        if on_road:
            self.workers[target] = seat
            free = self.free_place
            if free is not None:
                free.remove(PLACE_ROAD0 + target)
            owner = self.owners[target]
            if owner >= 0 and owner != seat:
                self.gain_pp(owner, 1, WHY_WORKER[self.road[target]])
        elif target == T_CASTLE:
            self.castle_workers.append(seat)
        elif target == T_STABLES:
            self.stables.append(seat)
        elif target == T_INN:
            self.inn_left = seat
        else:
            self.specials[target] = seat

    def produce(self, seat: int, pos: int, take: int) -> None:
        """`seat`'s worker on road position `pos` takes the cubes of `take` (a take code)."""
        counts = COUNTS[take]
        b = 5 * seat
        cubes = self.cubes
        for k in range(5):
            cubes[b + k] += counts[k]
        if self.events is not None:
            args = {"cubes": ACTIONS[take].arg, "tile": TILE_IDS[self.road[pos - 1]], "at": pos}
            self.say("produce", seat, "words.PRODUCE", args, cubes=args["cubes"], at=pos)
        owner = self.owners[pos - 1]
        if owner >= 0 and owner != seat and TILE_OWNER_BONUS[self.road[pos - 1]]:
            self.decide(OWNER, owner, pos)  # the owner picks the cube
            return
        self.finish_activation(pos)

    def finish_activation(self, pos: int) -> None:
        seat = self.workers[pos - 1]
        if seat >= 0:
            self.workers[pos - 1] = -1
            self.free_place = None
            self.hands[seat] += 1
        self.kind = NO_DECISION
        self.cursor = pos + 1
        self.lawyer_after(pos - 1)

    def lawyer_after(self, index: int) -> None:
        """R7: a transformation waiting for this building happens now."""
        pending = self.lawyer_pending
        for k, (target, seat) in enumerate(pending):
            if target == index:
                del pending[k]
                self.transform(seat, index)
                return

    def transform(self, seat: int, index: int) -> None:
        old = self.road[index]
        if TILE_KIND[old] == K_NEUTRAL:
            self.discarded.append(old)  # neutral tiles are gone for good
        else:
            if old not in self.stock_order:
                self.stock_order = (*self.stock_order, old)
            self.stock[old] += 1  # craft tiles return to the stock
        self.road[index] = RESIDENCE
        self.owners[index] = seat
        self.refresh_workable()
        if self.events is not None:
            tile, at = TILE_IDS[old], index + 1
            self.say(
                "transform", seat, "words.TRANSFORM", {"tile": tile, "at": at}, at=at, tile=tile
            )

    def lowest_empty_lot(self) -> int:
        road = self.road
        for i in range(ROAD_LENGTH):
            if road[i] < 0:
                return i
        return -1

    def castle_spaces_left(self) -> int:
        return castle_room(self.castle, self.section)

    # --- royal favors -------------------------------------------------------------------------

    def grant_favor(self, seat: int, reason: FavorReason) -> None:
        why = reason[0]
        if self.simplified:  # R19
            self.gain_pp(seat, cat.SIMPLIFIED_FAVOR_PP, ("words.WHY_SIMPLE_FAVOR", {"why": why}))
            return
        if self.events is not None:
            self.say("favor", seat, "words.FAVOR_WON", {"why": why})
        self.favor_queue.append(seat)  # R25: resolved one at a time in the order won
        self.favor_why.append(reason[1])

    def next_favor(self) -> None:
        seat = self.favor_queue.pop(0)
        why = self.favor_why.pop(0) if self.favor_why else ""  # older states kept no reasons
        if len(self.lines_used[seat]) >= len(cat.FAVOR_LINES):
            if self.events is not None:
                self.say("favor", seat, "words.FAVOR_LOST")
            return
        self.kind = FAVOR
        self.seat = seat
        self.d_at = 0
        self.d_effect = ""
        self.d_via_favor = False
        self.d_why = why

    def open_columns(self) -> int:
        return open_columns_after(self.scored)

    def favor_marker_after(self, seat: int, line: int) -> int:
        """Where `seat`'s marker on favor line `line` (0-3) stands once this favor advances it."""
        return marker_after(self.favors[4 * seat + line], self.scored)
