"""The Caylus rules engine: one game that changes in place, on plain int lists.

Both the bot and the automated players play this one rule set. The bot goes through the
immutable API of engine/caylus/rules.py (apply, legal_actions, pending, events, precise errors,
JSON state), a thin layer that copies a FastGame, plays on it with `events` switched on and
reads the State back; the players' search plays millions of moves on copies with no events and
no checks (`play` takes one of `options`, not checked).

`FastGame.from_state(s)` and `to_state()` convert exactly. The layout is in
engine/caylus/codes.py; the options and resolution of each decision kind in
engine/caylus/decisions.py; the shared steps in engine/caylus/core.py. Comments cite the rulings
R1..R26 of docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable

import engine.caylus.catalogue as cat
from engine.caylus.actions import Action
from engine.caylus.catalogue import CUBES, TILES
from engine.caylus.codes import (
    BRIBE,
    CASTLE,
    CASTLE_DONE,
    CODE,
    EFFECT_KIND,
    FAVOR_FOR_MOST_BATCHES,
    FAVOR_FOR_SCORING,
    GATE,
    GUILD,
    INN,
    JOUST,
    KIND_CODE,
    KIND_NAMES,
    MAX_AUTOMATIC_STEPS,
    NO_DECISION,
    NO_TILE,
    PLACE,
    PRODUCE,
    ROAD_LENGTH,
    SECTION_SIZES,
    SINGLE_SPECIALS,
    SP_TRADING,
    TAKE,
    TILE_CODE,
    TILE_EFFECT,
    TILE_IDS,
    TILE_INCOME,
    WHY_NO_HOUSE,
)
from engine.caylus.core import Core, end_score
from engine.caylus.decisions import LEGAL, RESOLVE, inconsistent_passing
from engine.caylus.state import Decision, Player, State, StateFields
from engine.errors import BadSetup
from engine.events import Event

_decisions: dict[tuple[str, int, int, str, bool, str], Decision] = {}


def shared_decision(
    kind: str, seat: int, at: int = 0, effect: str = "", via_favor: bool = False, why: str = ""
) -> Decision:
    """Decisions are never changed once made, so equal ones are shared between states."""
    key = (kind, seat, at, effect, via_favor, why)
    found = _decisions.get(key)
    if found is None:
        found = _decisions[key] = Decision(
            kind=kind, seat=seat, at=at, effect=effect, via_favor=via_favor, why=why
        )
    return found


# the decisions with no more than a kind and a seat, by kind code and seat
_PLAIN_DECISIONS = tuple(
    tuple(shared_decision(name, seat) for seat in range(cat.MAX_PLAYERS)) for name in KIND_NAMES
)


def _seat_code(seat: int | None) -> int:
    return -1 if seat is None else seat


class FastGame(Core):
    """A Caylus game that changes in place (see the module docstring)."""

    __slots__ = ()

    # --- conversion ---------------------------------------------------------------------------

    @classmethod
    def from_state(cls, s: State, events: list[Event] | None = None) -> FastGame:
        """The game of state `s`; a state between steps (only a hand-made one) runs on to its
        next decision, saying what happens into `events` when given."""
        g = cls()
        n = len(s.players)
        g.n = n
        g.events = events
        g.game_options, g.setup = s.options, s.setup
        g.simplified = s.options.favor_mode == "simplified"
        g.turn, g.phase, g.cursor = s.turn, s.phase, s.cursor
        g.deniers = [p.deniers for p in s.players]
        g.prestige = [p.prestige for p in s.players]
        g.hands = [p.workers for p in s.players]
        g.cubes = [p.cubes.get(c, 0) for p in s.players for c in CUBES]
        g.favors = [x for p in s.players for x in p.favors]
        g.order = list(s.turn_order)
        g.passed = list(s.passed)
        g.road = [NO_TILE if t is None else TILE_CODE[t] for t in s.road]
        g.owners = [-1 if o is None else o for o in s.owners]
        g.workers = [-1 if w is None else w for w in s.workers]
        g.specials = [_seat_code(s.specials[k]) for k in SINGLE_SPECIALS]
        g.stables = list(s.stables)
        g.inn_left = -1 if s.inn_left is None else s.inn_left
        g.inn_right = -1 if s.inn_right is None else s.inn_right
        g.castle_workers = list(s.castle_workers)
        g.castle = [list(sec) for sec in s.castle]
        g.section, g.scored = s.section, s.scored
        g.bailiff, g.provost = s.bailiff, s.provost
        g.stock_order = tuple(TILE_CODE[t] for t in s.stock)
        g.stock = [0] * len(TILE_IDS)
        for t, count in s.stock.items():
            g.stock[TILE_CODE[t]] = count
        g.discarded = [TILE_CODE[t] for t in s.discarded]
        g.lawyer_pending = [(pos - 1, seat) for pos, seat in s.lawyer_pending]
        g.favor_queue = list(s.favor_queue)
        g.favor_why = list(s.favor_why)
        g.lines_used = list(s.favor_lines_used)
        g.batches = list(s.batches)
        d = s.decision
        if d is None:
            g.decide(NO_DECISION, -1)
        else:
            g.kind, g.seat, g.d_at = KIND_CODE[d.kind], d.seat, d.at
            g.d_effect, g.d_via_favor, g.d_why = d.effect, d.via_favor, d.why
        g.over = s.over
        g.refresh_workable()
        if g.over:
            g.options = []
            g.kind = NO_DECISION
        elif g.kind == NO_DECISION:
            g.advance()
        else:
            g.options = LEGAL[g.kind](g)
        return g

    def decision(self) -> Decision | None:
        kind = self.kind
        if kind == NO_DECISION or self.over:
            return None
        if not self.d_at and not self.d_effect and not self.d_why:  # most decisions: a table
            return _PLAIN_DECISIONS[kind][self.seat]
        return shared_decision(
            KIND_NAMES[self.kind], self.seat, self.d_at, self.d_effect, self.d_via_favor, self.d_why
        )

    def players(self) -> list[Player]:
        deniers, prestige, cubes, hands, favors = (
            self.deniers,
            self.prestige,
            self.cubes,
            self.hands,
            self.favors,
        )
        return [
            Player(
                deniers[k],
                prestige[k],
                {
                    "F": cubes[5 * k],
                    "W": cubes[5 * k + 1],
                    "S": cubes[5 * k + 2],
                    "C": cubes[5 * k + 3],
                    "G": cubes[5 * k + 4],
                },
                hands[k],
                favors[4 * k : 4 * k + 4],
            )
            for k in range(self.n)
        ]

    def read_fields(self) -> StateFields:
        """The State's fields, in the model's order (fresh copies: the State may change them).
        One expression, no call per field: every state the bot shows or stores is read whole."""
        specials = self.specials
        stock = self.stock
        inn_left, inn_right = self.inn_left, self.inn_right
        return {
            "game": "caylus",
            "options": self.game_options,
            "setup": self.setup,
            "turn": self.turn,
            "phase": self.phase,
            "cursor": self.cursor,
            "players": self.players(),
            "turn_order": self.order[:],
            "passed": self.passed[:],
            "road": [None if t < 0 else TILE_IDS[t] for t in self.road],
            "owners": [None if o < 0 else o for o in self.owners],
            "workers": [None if w < 0 else w for w in self.workers],
            "specials": {
                "gate": None if specials[0] < 0 else specials[0],
                "trading": None if specials[1] < 0 else specials[1],
                "guild": None if specials[2] < 0 else specials[2],
                "joust": None if specials[3] < 0 else specials[3],
            },
            "stables": self.stables[:],
            "inn_left": None if inn_left < 0 else inn_left,
            "inn_right": None if inn_right < 0 else inn_right,
            "castle_workers": self.castle_workers[:],
            "castle": [sec[:] for sec in self.castle],
            "section": self.section,
            "scored": self.scored,
            "bailiff": self.bailiff,
            "provost": self.provost,
            "stock": {TILE_IDS[t]: stock[t] for t in self.stock_order},
            "discarded": [TILE_IDS[t] for t in self.discarded],
            "lawyer_pending": [(i + 1, seat) for i, seat in self.lawyer_pending],
            "favor_queue": self.favor_queue[:],
            "favor_why": self.favor_why[:],
            "favor_lines_used": self.lines_used[:],
            "batches": self.batches[:],
            "decision": self.decision(),
            "over": self.over,
        }

    def to_state(self) -> State:
        """The equivalent State, every field read now (engine/caylus/rules.py reads lazily)."""
        return State.model_construct(**self.read_fields())

    def copy(self) -> FastGame:
        g = FastGame()
        g.n = self.n
        g.events = None
        g.game_options, g.setup = self.game_options, self.setup
        g.simplified = self.simplified
        g.turn, g.phase, g.cursor = self.turn, self.phase, self.cursor
        g.deniers = self.deniers[:]
        g.prestige = self.prestige[:]
        g.hands = self.hands[:]
        g.cubes = self.cubes[:]
        g.favors = self.favors[:]
        g.order = self.order[:]
        g.passed = self.passed[:]
        g.road = self.road[:]
        g.owners = self.owners[:]
        g.workers = self.workers[:]
        g.specials = self.specials[:]
        g.stables = self.stables[:]
        g.inn_left, g.inn_right = self.inn_left, self.inn_right
        g.castle_workers = self.castle_workers[:]
        g.castle = [sec[:] for sec in self.castle]
        g.section, g.scored = self.section, self.scored
        g.bailiff, g.provost = self.bailiff, self.provost
        g.stock = self.stock[:]
        g.stock_order = self.stock_order
        g.discarded = self.discarded[:]
        g.lawyer_pending = self.lawyer_pending[:]
        g.favor_queue = self.favor_queue[:]
        g.favor_why = self.favor_why[:]
        g.lines_used = self.lines_used[:]
        g.batches = self.batches[:]
        g.kind, g.seat, g.d_at = self.kind, self.seat, self.d_at
        g.d_effect, g.d_via_favor, g.d_why = self.d_effect, self.d_via_favor, self.d_why
        g.over = self.over
        g.workable = self.workable  # a tuple, replaced (never changed) when the road changes
        free = self.free_place
        g.free_place = None if free is None else free[:]
        g.options = self.options  # replaced (never changed) by every play
        return g

    # --- play ---------------------------------------------------------------------------------

    def play(self, code: int) -> None:
        """Apply `code`, one of `options` (not checked), and run on to the next decision."""
        RESOLVE[self.kind](self, code)
        self.advance()

    def play_action(self, action: Action) -> None:
        """Apply an engine action, checked against `options` (ValueError if not legal)."""
        code = CODE.get(action)
        if code is None or code not in self.options:
            raise ValueError(f"'{action}' is not legal here")
        self.play(code)

    def scores(self) -> list[int]:
        """Each seat's total as the game's final scoring would count it now."""
        cubes, prestige, deniers = self.cubes, self.prestige, self.deniers
        return [
            end_score(prestige[k], cubes[5 * k : 5 * k + 5], deniers[k])[-1] for k in range(self.n)
        ]

    def advance(self) -> None:
        """Run the automatic steps (income, activations without a choice, decisions with one
        legal option) until a decision with two or more options, or the end."""
        for _ in range(MAX_AUTOMATIC_STEPS):
            if self.over:
                self.kind = NO_DECISION
                self.options = []
                return
            kind = self.kind
            if kind != NO_DECISION:
                options = LEGAL[kind](self)
                if len(options) > 1:
                    self.options = options
                    return
                if not options:
                    raise BadSetup(
                        f"The game state is not consistent: the {KIND_NAMES[kind]} decision "
                        f"of seat {self.seat} has no possible answer."
                    )
                RESOLVE[kind](self, options[0])
                continue
            if self.favor_queue:
                self.next_favor()
                continue
            _STEPS[self.phase](self)
        raise BadSetup(
            "The game state is not consistent: the game runs on without ever asking a player "
            f"(turn {self.turn}, phase {self.phase})."
        )

    # --- phase 1 ------------------------------------------------------------------------------

    def _income(self) -> None:
        n = self.n
        if n == 2 and self.turn > 1:
            self.order = self.order[::-1]  # R11: the order alternates every turn
        amounts = [cat.BASE_INCOME] * n  # R20: paid in turn 1 too
        for t, owner in zip(self.road, self.owners):  # noqa: B905
            if owner >= 0:
                amounts[owner] += TILE_INCOME[t]
        deniers = self.deniers
        for seat in self.order:
            amount = amounts[seat]
            deniers[seat] += amount
            if self.events is not None:
                self.say("income", seat, "words.INCOME", {"amount": amount}, deniers=amount)
        self.passed = []
        self.enter_phase(2, 0)

    # --- phase 2 ------------------------------------------------------------------------------

    def _placement_turn(self) -> None:
        n = self.n
        passed = self.passed
        if len(passed) == n:
            if self.events is not None:
                self.say("phase", None, "words.EVERYONE_PASSED")
            self.enter_phase(3, 0)
            return
        idx = self.cursor % n
        order = self.order
        tries = n  # a seat that has not passed is at most n - 1 steps away
        while order[idx] in passed:
            tries -= 1
            if not tries:
                raise inconsistent_passing()
            idx = (idx + 1) % n
        self.cursor = idx
        self.decide(PLACE, order[idx])

    # --- phase 3 ------------------------------------------------------------------------------

    def _special_step(self) -> None:
        cursor = self.cursor
        if cursor >= len(cat.SPECIALS):
            self.enter_phase(4, 0)
            return
        self.cursor = cursor + 1
        said = self.events is not None
        if cursor < 4:  # gate, trading post, merchants' guild, joust field
            seat = self.specials[cursor]
            if seat < 0:
                return
            if cursor == SP_TRADING:
                self.specials[SP_TRADING] = -1
                self.hands[seat] += 1
                self.deniers[seat] += cat.TRADING_POST_DENIERS
                if said:
                    args = {"amount": cat.TRADING_POST_DENIERS}
                    self.say("trading", seat, "words.TRADING", args)
                return
            self.decide((GATE, -1, GUILD, JOUST)[cursor], seat)
            return
        if cursor == 4:  # stables
            stables = self.stables
            if stables:
                self.order = stables + [x for x in self.order if x not in stables]
                for slot, seat in enumerate(stables, start=1):
                    self.hands[seat] += 1
                    if said:
                        args = {"ordinal": slot}
                        self.say("stables", seat, "words.STABLES", args, order=list(self.order))
                self.stables = []
            return
        # inn
        if self.inn_left >= 0:
            newcomer, evicted = self.inn_left, self.inn_right
            if evicted >= 0:
                self.hands[evicted] += 1
                if said:
                    self.say("inn", evicted, "words.INN_DRIVEN_OUT", other=newcomer)
            self.inn_right, self.inn_left = newcomer, -1
            if said:
                self.say("inn", newcomer, "words.INN_MOVES_IN")
        elif self.inn_right >= 0:
            self.decide(INN, self.inn_right)

    # --- phase 4 ------------------------------------------------------------------------------

    def _bribe_step(self) -> None:
        if self.cursor >= len(self.passed):
            if self.events is not None:
                self.say("phase", None, "words.PROVOST_STANDS", {"at": self.provost})
            self.enter_phase(5, 1)
            return
        seat = self.passed[self.cursor]
        self.cursor += 1
        self.decide(BRIBE, seat)

    # --- phase 5 ------------------------------------------------------------------------------

    def _activation_step(self) -> None:
        pos = self.cursor
        provost = self.provost
        workers = self.workers
        if pos > provost or pos > ROAD_LENGTH:
            for i in range(provost, ROAD_LENGTH):
                seat = workers[i]
                if seat >= 0:
                    workers[i] = -1
                    self.free_place = None
                    self.hands[seat] += 1
                    if self.events is not None:
                        args = {"tile": TILE_IDS[self.road[i]], "at": i + 1}
                        self.say("idle", seat, "words.IDLE", args)
                    self.lawyer_after(i)  # R7
            self.enter_phase(6, 0)
            return
        seat = workers[pos - 1]
        if seat < 0:  # jump to the next worker, or past the provost
            last = provost if provost < ROAD_LENGTH else ROAD_LENGTH
            while pos <= last and workers[pos - 1] < 0:  # bounded: pos grows up to last
                pos += 1
            self.cursor = pos
            return
        t = self.road[pos - 1]
        effect = TILE_EFFECT[t]
        if effect is cat.Effect.PRODUCE:
            produce = TILES[TILE_IDS[t]].produce
            if len(produce) == 1:
                self.produce(seat, pos, TAKE[produce[0]])
            else:
                self.decide(PRODUCE, seat, pos)
            return
        self.decide(EFFECT_KIND[effect], seat, pos, effect.value)

    # --- phase 6 ------------------------------------------------------------------------------

    def _castle_step(self) -> None:
        cursor = self.cursor
        if cursor == CASTLE_DONE:
            self.enter_phase(7, 0)
            return
        castle_workers = self.castle_workers
        if cursor < len(castle_workers):
            self.decide(CASTLE, castle_workers[cursor])
            return
        best, best_seat = 0, -1
        batches = self.batches
        for seat in castle_workers:  # arrival order: ties go to the earliest arrival
            if batches[seat] > best:
                best, best_seat = batches[seat], seat
        for seat in castle_workers:
            self.hands[seat] += 1
        self.castle_workers = []
        self.batches = [0] * self.n
        self.cursor = CASTLE_DONE
        if best_seat >= 0:  # R21: no favor when nobody delivered a batch
            if self.events is not None:
                self.say("castle", best_seat, "words.CASTLE_MOST", {"count": best})
            self.grant_favor(best_seat, FAVOR_FOR_MOST_BATCHES)

    # --- phase 7 ------------------------------------------------------------------------------

    def _end_of_turn_step(self) -> None:
        cursor = self.cursor
        if cursor == 0:
            step = 2 if self.provost > self.bailiff else 1
            self.bailiff = min(ROAD_LENGTH, self.bailiff + step)
            self.provost = self.bailiff
            if self.events is not None:
                args = {"step": step, "to": self.bailiff}
                self.say("bailiff", None, "words.BAILIFF", args, to=self.bailiff)
            self.cursor = 1
            return
        if cursor == 1:  # R8: check the section under construction
            sec = self.section
            if (
                self.bailiff >= cat.SECTION_TRIGGERS[sec]
                or len(self.castle[sec]) >= SECTION_SIZES[sec]
            ):
                self._score_section(sec)
                self.cursor = 2  # open the columns once its favors are resolved (R9)
            else:
                self.turn += 1
                self.enter_phase(1, 0)
                if self.events is not None:
                    self.say("turn", None, "words.TURN", {"turn": self.turn})
            return
        # cursor 2: the scoring of the section is fully resolved (a scenario may start with
        # `scored` above `section` to open favor columns early: the cap keeps it in 0-3)
        self.scored = min(self.scored + 1, 3)
        finished = self.section
        self.section += 1
        if self.section >= 3:
            self.over = True
            self.kind = NO_DECISION
            if self.events is not None:
                self.say("end", None, "words.GAME_END")
            return
        if self.events is not None:
            args = {"section": finished, "columns": self.open_columns()}
            self.say("columns", None, "words.COLUMNS_OPEN", args)
        self.cursor = 1

    def _score_section(self, sec: int) -> None:
        if self.events is not None:
            self.say("scoring", None, "words.SCORING", {"section": sec}, section=sec)
        houses_of = self.castle[sec]
        for seat in self.order:
            pp, favors = cat.section_reward(sec, houses_of.count(seat))
            if pp:
                self.gain_pp(seat, pp, WHY_NO_HOUSE[sec])
            for _ in range(favors):
                self.grant_favor(seat, FAVOR_FOR_SCORING[sec])


def _no_phase(game: FastGame) -> None:
    raise BadSetup(f"The game state is not consistent: there is no phase {game.phase}.")


_STEPS: tuple[Callable[[FastGame], None], ...] = (
    _no_phase,
    FastGame._income,
    FastGame._placement_turn,
    FastGame._special_step,
    FastGame._bribe_step,
    FastGame._activation_step,
    FastGame._castle_step,
    FastGame._end_of_turn_step,
)
# read_fields and players spell these out for speed: they must stay the catalogue's order
assert CUBES == ("F", "W", "S", "C", "G") and SINGLE_SPECIALS == (
    "gate",
    "trading",
    "guild",
    "joust",
)
