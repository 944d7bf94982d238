"""An in-place Caylus game for search: the rules of rules.py on plain lists and integer actions.

The bot plays through the immutable `rules.apply` (events, checks, JSON). Search plays millions
of moves it never shows anyone, so it uses `FastGame` instead: one mutable object with plain
int lists, actions as small integers (`ACTIONS[code]` is the engine's interned Action), no
events and no legality check in `play` (the caller picks from `options`). `copy` is a handful
of list slices. `FastGame.from_state(s)` and `to_state()` convert exactly, and
tests/test_engine_speed_conformance.py proves over many seeded games that both paths reach equal
states with equal option lists (same order) after every action.

Layout: road positions are indices 0-27 (position p is index p-1); "no seat" and "no tile" are
-1; a seat's cubes are `cubes[5*seat:5*seat+5]` in the order F W S C G and its favor markers
`favors[4*seat:4*seat+4]` (lines a-d). Comments cite the rulings R1..R26 of docs/rules.md where
the reference does.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.caylus import catalogue as cat
from engine.caylus.actions import Action
from engine.caylus.catalogue import ANY, CUBES, NON_GOLD, TILES, Effect, Kind
from engine.caylus.rules import USE_REWARDS
from engine.caylus.state import Decision, Player, State
from engine.errors import BadSetup

# --- tiles as integers ------------------------------------------------------------------------

TILE_IDS: tuple[str, ...] = tuple(TILES)
TILE_CODE: dict[str, int] = {t: i for i, t in enumerate(TILE_IDS)}
NO_TILE = -1
_KIND_CODES = {k: i for i, k in enumerate(Kind)}
K_NEUTRAL, K_FIXED, K_WOOD, K_STONE, K_RESIDENCE, K_PRESTIGE = (
    _KIND_CODES[k]
    for k in (Kind.NEUTRAL, Kind.FIXED, Kind.WOOD, Kind.STONE, Kind.RESIDENCE, Kind.PRESTIGE)
)
TILE_KIND: tuple[int, ...] = tuple(_KIND_CODES[TILES[t].kind] for t in TILE_IDS)
TILE_EFFECT: tuple[Effect, ...] = tuple(TILES[t].effect for t in TILE_IDS)
TILE_INCOME: tuple[int, ...] = tuple(TILES[t].income for t in TILE_IDS)
TILE_PRESTIGE: tuple[int, ...] = tuple(TILES[t].prestige for t in TILE_IDS)
TILE_FAVORS: tuple[int, ...] = tuple(TILES[t].favors for t in TILE_IDS)
TILE_WHY: tuple[str, ...] = tuple(f"the {TILES[t].name}" for t in TILE_IDS)
# workers may stand on every tile but residences and prestige buildings
TILE_WORKABLE: tuple[bool, ...] = tuple(k not in (K_RESIDENCE, K_PRESTIGE) for k in TILE_KIND)
RESIDENCE = TILE_CODE["residence"]
LAWYER_TILE = TILE_CODE["lawyer"]
ROAD_LENGTH = cat.ROAD_LENGTH
_CUBE_INDEX = {c: i for i, c in enumerate(CUBES)}
F, W, S, C, G = range(5)


def _counts(cubes: str) -> tuple[int, int, int, int, int]:
    return tuple(cubes.count(c) for c in CUBES)  # type: ignore[return-value]


# --- decision kinds -----------------------------------------------------------------------------

KIND_NAMES: tuple[str, ...] = (
    "place",
    "castle",
    "favor",
    "build",
    "lawyer",
    "bribe",
    "guild",
    "produce",
    "owner",
    "gate",
    "joust",
    "inn",
    "exchange",
    "sell",
    "buy",
    "church",
    "tailor",
    "bank",
    "alchemist",
    "jeweller",
)
KIND_CODE: dict[str, int] = {k: i for i, k in enumerate(KIND_NAMES)}
(
    PLACE,
    CASTLE,
    FAVOR,
    BUILD,
    LAWYER,
    BRIBE,
    GUILD,
    PRODUCE,
    OWNER,
    GATE,
    JOUST,
    INN,
    EXCHANGE,
    SELL,
    BUY,
    CHURCH,
    TAILOR,
    BANK,
    ALCHEMIST,
    JEWELLER,
) = range(len(KIND_NAMES))
NO_DECISION = -1
# the decision a worker on a road building asks for in phase 5 (production is handled apart)
EFFECT_KIND: dict[Effect, int] = {
    Effect.CARPENTER: BUILD,
    Effect.MASON: BUILD,
    Effect.ARCHITECT: BUILD,
    Effect.LAWYER: LAWYER,
    Effect.MARKET: SELL,
    Effect.PEDDLER: BUY,
    Effect.CHURCH: CHURCH,
    Effect.TAILOR: TAILOR,
    Effect.BANK: BANK,
    Effect.ALCHEMIST: ALCHEMIST,
    Effect.JEWELLER: JEWELLER,
}
_BUILDS_KIND = {
    Effect.CARPENTER.value: K_WOOD,
    Effect.MASON.value: K_STONE,
    Effect.ARCHITECT.value: K_PRESTIGE,
}

# --- actions as integers ----------------------------------------------------------------------

ACTIONS: list[Action] = []  # code -> the engine's interned action
CODE: dict[Action, int] = {}  # action -> code
ARG: list[object] = []  # code -> its argument, decoded (an index, a count vector, ...)


def _add(verb: str, arg: str = "", decoded: object = None) -> int:
    action = Action.of(verb, arg)
    found = CODE.get(action)
    if found is not None:
        return found
    code = len(ACTIONS)
    ACTIONS.append(action)
    CODE[action] = code
    ARG.append(decoded)
    return code


PASS = _add("pass")
SKIP = _add("skip")
DO_JOUST = _add("joust")
INN_STAY = _add("inn", "stay")
INN_LEAVE = _add("inn", "leave")
GATE_BACK = _add("gate", "back")
# place targets: 0-3 the single specials, 4 stables, 5 inn, 6 castle
SINGLE_SPECIALS = ("gate", "trading", "guild", "joust")
SP_GATE, SP_TRADING, SP_GUILD, SP_JOUST = range(4)
T_STABLES, T_INN, T_CASTLE = 4, 5, 6
PLACE_TARGETS = (*SINGLE_SPECIALS, "stables", "inn", "castle")
PLACE_SPECIAL = [_add("place", t, k) for k, t in enumerate(PLACE_TARGETS)]
PLACE_ROAD = [_add("place", str(i + 1), i) for i in range(ROAD_LENGTH)]
PLACE_ROAD0 = PLACE_ROAD[0]
GATE_TARGETS = ("trading", "guild", "joust", "stables", "inn", "castle")
GATE_SPECIAL = [_add("gate", t, PLACE_TARGETS.index(t)) for t in GATE_TARGETS]
GATE_ROAD = [_add("gate", str(i + 1), i) for i in range(ROAD_LENGTH)]
PROVOST_MOVES = (-3, -2, -1, 1, 2, 3)
PROVOST = {d: _add("provost", f"{d:+d}", d) for d in PROVOST_MOVES}
_TAKES = sorted(
    {x for t in TILES.values() for x in t.produce}
    | {c for t in TILES.values() for c in t.owner_bonus}
)
TAKE = {x: _add("take", x, _counts(x)) for x in _TAKES}
NON_GOLD_2 = ["".join(c) for c in combinations_with_replacement(NON_GOLD, 2)]
NON_GOLD_4 = ["".join(c) for c in combinations_with_replacement(NON_GOLD, 4)]
SELL_CODES = [_add("sell", c, k) for k, c in enumerate(CUBES)]
BUY_ONE = [_add("buy", c, _counts(c)) for c in NON_GOLD]
BUY_TWO = [_add("buy", x, _counts(x)) for x in NON_GOLD_2]
PAY_DENIERS = {d: _add("pay", f"{d}d", d) for d in (2, 4, 5)}
PAY_CUBES = {x: _add("pay", x, _counts(x)) for x in ("CC", "CCC", "G", "GG")}
ALCHEMY_TWO = [(_counts(x), _add("pay", x, _counts(x))) for x in NON_GOLD_2]
ALCHEMY_FOUR = [(_counts(x), _add("pay", x, _counts(x))) for x in NON_GOLD_4]
BATCHES = [
    (_CUBE_INDEX[x], _CUBE_INDEX[y], _add("batch", "F" + x + y, _counts("F" + x + y)))
    for x, y in (("W", "S"), ("W", "C"), ("W", "G"), ("S", "C"), ("S", "G"), ("C", "G"))
]
FAVOR_KEYS = ("a", "b", "c1", "c2W", "c2S", "c3", "c4", "c5", "d1", "d2", "d3", "d4", "d5")
FAVORS = {k: _add("favor", k, k) for k in FAVOR_KEYS}
EXCHANGES = [
    [_add("exchange", f"{give} {pair}", (k, _counts(pair))) for pair in NON_GOLD_2]
    for k, give in enumerate(CUBES)
]
LAWYER_CODES = [_add("lawyer", str(i + 1), i) for i in range(ROAD_LENGTH)]


def _cost_needs(cost: str) -> tuple[tuple[tuple[int, int], ...], bool]:
    """A cost as ((cube index, count), ...) without its ANY cube, and whether it has one."""
    counts = _counts(cost.replace(ANY, ""))
    return tuple((k, n) for k, n in enumerate(counts) if n), ANY in cost


def _discounted(tile_id: str, effect: Effect) -> str:
    cost = TILES[tile_id].cost
    if effect in cat.FAVOR_DISCOUNT:  # R16: a favor's build costs one lead cube less
        cost = cost.replace(cat.FAVOR_DISCOUNT[effect], "", 1)
    return cost


# For each buildable tile: (needs, has_any) of its cost; by favor (line d) per effect.
COST_NEEDS: dict[int, tuple[tuple[tuple[int, int], ...], bool]] = {}
FAVOR_COST_NEEDS: dict[tuple[int, str], tuple[tuple[tuple[int, int], ...], bool]] = {}
BUILD_PLAIN: dict[int, int] = {}  # tile -> code of "build tile"
BUILD_WITH: dict[int, list[int]] = {}  # tile -> codes of "build tile c" by cube index
BUILD_AT: dict[int, list[int]] = {}  # prestige tile -> codes of "build tile @p" by road index
# The cubes (F W S C G counts) each build code spends: by its tile's own cost, and by a favor's
# cost per effect (R16's discount). Read them here, never from a build code's argument: its second
# value is a cube index (the `*` cube) for a craft building but a road index (the residence it
# replaces) for a prestige building.
BUILD_SPENDS: dict[int, tuple[int, ...]] = {}
FAVOR_BUILD_SPENDS: dict[tuple[int, str], tuple[int, ...]] = {}


def _spends(needs: tuple[tuple[int, int], ...], extra_cube: int) -> tuple[int, ...]:
    counts = [0] * 5
    for k, count in needs:
        counts[k] = count
    if extra_cube >= 0:
        counts[extra_cube] += 1
    return tuple(counts)


def _add_build(text: str, tile: int, second: int, extra_cube: int) -> int:
    """The code of "build `text`" (argument `(tile, second)`), with what it spends: the tile's
    cost plus one cube of index `extra_cube` (-1: none)."""
    build = _add("build", text, (tile, second))
    BUILD_SPENDS[build] = _spends(COST_NEEDS[tile][0], extra_cube)
    for effect in (Effect.CARPENTER, Effect.MASON, Effect.ARCHITECT):
        FAVOR_BUILD_SPENDS[build, effect.value] = _spends(
            FAVOR_COST_NEEDS[tile, effect.value][0], extra_cube
        )
    return build


for _tile_id in cat.TILE_SETS["revised"]:
    _code = TILE_CODE[_tile_id]
    _tile = TILES[_tile_id]
    COST_NEEDS[_code] = _cost_needs(_tile.cost)
    for _effect in (Effect.CARPENTER, Effect.MASON, Effect.ARCHITECT):
        FAVOR_COST_NEEDS[_code, _effect.value] = _cost_needs(_discounted(_tile_id, _effect))
    if _tile.kind is Kind.PRESTIGE:
        BUILD_AT[_code] = [
            _add_build(f"{_tile_id} @{i + 1}", _code, i, -1) for i in range(ROAD_LENGTH)
        ]
    else:
        BUILD_PLAIN[_code] = _add_build(_tile_id, _code, -1, -1)
        BUILD_WITH[_code] = [
            _add_build(f"{_tile_id} {c}", _code, k, k) for k, c in enumerate(CUBES)
        ]
# what each use decision pays and gets: pay code -> (deniers, cubes, prestige, gold)
USE_PAYMENTS: dict[tuple[int, int], tuple[int, tuple[int, ...], int, int]] = {
    (CHURCH, PAY_DENIERS[2]): (2, (0,) * 5, 3, 0),
    (CHURCH, PAY_DENIERS[4]): (4, (0,) * 5, 5, 0),
    (BANK, PAY_DENIERS[2]): (2, (0,) * 5, 0, 1),
    (BANK, PAY_DENIERS[5]): (5, (0,) * 5, 0, 2),
    (TAILOR, PAY_CUBES["CC"]): (0, _counts("CC"), 4, 0),
    (TAILOR, PAY_CUBES["CCC"]): (0, _counts("CCC"), 6, 0),
    (JEWELLER, PAY_CUBES["G"]): (0, _counts("G"), 5, 0),
    (JEWELLER, PAY_CUBES["GG"]): (0, _counts("GG"), 9, 0),
}
# checked against the rules' own table, so the two cannot drift apart
for (_kind, _pay), (_deniers, _paid, _pp, _gold) in USE_PAYMENTS.items():
    assert USE_REWARDS[KIND_NAMES[_kind]][ACTIONS[_pay].arg] == (_pp, _gold)
FAVOR_COLUMNS_OPEN = cat.FAVOR_COLUMNS_OPEN
CASTLE_DONE = 1000  # the phase 6 cursor once the castle's favor is granted (as in rules.py)
SECTION_SIZES = cat.SECTION_SIZES
MAX_AUTOMATIC_STEPS = 100_000


class FastGame:
    """A Caylus game that changes in place. See the module docstring for the layout.

    `seat` and `kind` are the pending decision (kind NO_DECISION once over), `options` its legal
    action codes in the reference's order. `play(code)` applies one of them and runs the
    automatic steps to the next decision with two or more options, as `rules.apply` does.
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
        "favor_queue",
        "favor_why",
        "favors",
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
        "simplified",
        "source",
        "specials",
        "stables",
        "stock",
        "stock_order",
        "turn",
        "workable",
        "workers",
    )

    # --- conversion ---------------------------------------------------------------------------

    @classmethod
    def from_state(cls, s: State) -> FastGame:
        g = object.__new__(cls)
        n = len(s.players)
        g.n = n
        g.source = s  # options and setup for to_state (never changed)
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
        g.specials = [-1 if s.specials[k] is None else s.specials[k] for k in SINGLE_SPECIALS]
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
            g.kind, g.seat, g.d_at, g.d_effect, g.d_via_favor, g.d_why = (
                NO_DECISION,
                -1,
                0,
                "",
                False,
                "",
            )
        else:
            g.kind, g.seat, g.d_at = KIND_CODE[d.kind], d.seat, d.at
            g.d_effect, g.d_via_favor, g.d_why = d.effect, d.via_favor, d.why
        g.over = s.over
        g._refresh_workable()
        if g.over:
            g.options = []
            g.kind = NO_DECISION
        elif g.kind == NO_DECISION:
            g._advance()  # a state between steps (only a hand-made one): run on to a decision
        else:
            g.options = _LEGAL[g.kind](g)
        return g

    def to_state(self) -> State:
        """The equivalent engine state (for tests and for handing a position back)."""
        n = self.n
        players = [
            Player(
                deniers=self.deniers[k],
                prestige=self.prestige[k],
                cubes=dict(zip(CUBES, self.cubes[5 * k : 5 * k + 5], strict=True)),
                workers=self.hands[k],
                favors=self.favors[4 * k : 4 * k + 4],
            )
            for k in range(n)
        ]
        decision = None
        if self.kind != NO_DECISION and not self.over:
            decision = Decision(
                kind=KIND_NAMES[self.kind],
                seat=self.seat,
                at=self.d_at,
                effect=self.d_effect,
                via_favor=self.d_via_favor,
                why=self.d_why,
            )
        source = self.source
        return State.model_construct(
            game="caylus",
            options=source.options,
            setup=source.setup,
            turn=self.turn,
            phase=self.phase,
            cursor=self.cursor,
            players=players,
            turn_order=list(self.order),
            passed=list(self.passed),
            road=[None if t < 0 else TILE_IDS[t] for t in self.road],
            owners=[None if o < 0 else o for o in self.owners],
            workers=[None if w < 0 else w for w in self.workers],
            specials={
                k: (None if w < 0 else w)
                for k, w in zip(SINGLE_SPECIALS, self.specials, strict=True)
            },
            stables=list(self.stables),
            inn_left=None if self.inn_left < 0 else self.inn_left,
            inn_right=None if self.inn_right < 0 else self.inn_right,
            castle_workers=list(self.castle_workers),
            castle=[list(sec) for sec in self.castle],
            section=self.section,
            scored=self.scored,
            bailiff=self.bailiff,
            provost=self.provost,
            stock={TILE_IDS[t]: self.stock[t] for t in self.stock_order},
            discarded=[TILE_IDS[t] for t in self.discarded],
            lawyer_pending=[(i + 1, seat) for i, seat in self.lawyer_pending],
            favor_queue=list(self.favor_queue),
            favor_why=list(self.favor_why),
            favor_lines_used=list(self.lines_used),
            batches=list(self.batches),
            decision=decision,
            over=self.over,
        )

    def copy(self) -> FastGame:
        g = object.__new__(FastGame)
        g.n = self.n
        g.source = self.source
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
        g.options = self.options  # replaced (never changed) by every play
        return g

    # --- play ---------------------------------------------------------------------------------

    def play(self, code: int) -> None:
        """Apply `code`, one of `options` (not checked), and run on to the next decision."""
        _RESOLVE[self.kind](self, code)
        self._advance()

    def play_action(self, action: Action) -> None:
        """Apply an engine action, checked against `options` (ValueError if not legal)."""
        code = CODE.get(action)
        if code is None or code not in self.options:
            raise ValueError(f"'{action}' is not legal here")
        self.play(code)

    def legal_actions(self) -> list[Action]:
        return [ACTIONS[c] for c in self.options]

    def scores(self) -> list[int]:
        """Each seat's total as the game's final scoring would count it now."""
        out = []
        for k in range(self.n):
            b = 5 * k
            c = self.cubes
            out.append(
                self.prestige[k]
                + c[b + G] * cat.END_GOLD_PP
                + (c[b] + c[b + 1] + c[b + 2] + c[b + 3]) // cat.END_CUBES_PER_PP
                + self.deniers[k] // cat.END_DENIERS_PER_PP
            )
        return out

    def _advance(self) -> None:
        for _ in range(MAX_AUTOMATIC_STEPS):
            if self.over:
                self.kind = NO_DECISION
                self.options = []
                return
            kind = self.kind
            if kind != NO_DECISION:
                options = _LEGAL[kind](self)
                if len(options) > 1:
                    self.options = options
                    return
                if not options:
                    raise BadSetup(
                        f"The game state is not consistent: the {KIND_NAMES[kind]} decision "
                        f"of seat {self.seat} has no possible answer."
                    )
                _RESOLVE[kind](self, options[0])
                continue
            if self.favor_queue:
                self._next_favor()
                continue
            _STEPS[self.phase](self)
        raise BadSetup("The game state is not consistent: the game never asks a player.")

    def _decide(self, kind: int, seat: int, at: int = 0, effect: str = "") -> None:
        self.kind = kind
        self.seat = seat
        self.d_at = at
        self.d_effect = effect
        self.d_via_favor = False
        self.d_why = ""

    def _refresh_workable(self) -> None:
        self.workable = tuple(i for i, t in enumerate(self.road) if t >= 0 and TILE_WORKABLE[t])

    def _gain_pp(self, seat: int, amount: int) -> None:
        p = self.prestige[seat] + amount
        self.prestige[seat] = p if p > 0 else 0

    def _enter_phase(self, phase: int, cursor: int) -> None:
        self.phase = phase
        self.cursor = cursor
        self.lines_used = [""] * self.n  # R10

    def _return_worker(self, seat: int) -> None:
        self.hands[seat] += 1

    # --- phase 1 ------------------------------------------------------------------------------

    def _income(self) -> None:
        n = self.n
        if n == 2 and self.turn > 1:
            self.order = self.order[::-1]  # R11
        amounts = [cat.BASE_INCOME] * n
        for t, owner in zip(self.road, self.owners):  # noqa: B905
            if owner >= 0:
                amounts[owner] += TILE_INCOME[t]
        deniers = self.deniers
        for seat in range(n):
            deniers[seat] += amounts[seat]
        self.passed = []
        self._enter_phase(2, 0)

    # --- phase 2 ------------------------------------------------------------------------------

    def _placement_turn(self) -> None:
        n = self.n
        passed = self.passed
        if len(passed) == n:
            self._enter_phase(3, 0)
            return
        idx = self.cursor % n
        order = self.order
        tries = n
        while order[idx] in passed:
            tries -= 1
            if not tries:
                raise BadSetup("The game state is not consistent: everyone has passed.")
            idx = (idx + 1) % n
        self.cursor = idx
        self._decide(PLACE, order[idx])

    def placement_cost(self, seat: int, road_index: int = -1) -> int:
        """Deniers a worker of `seat` costs now (on road index `road_index`, or elsewhere)."""
        if self.inn_right == seat:
            return 1
        if road_index >= 0 and self.owners[road_index] == seat:
            return 1
        if self.n == 2:
            return cat.TWO_PLAYER_PASSED_COST if self.passed else 1  # R11
        return len(self.passed) + 1

    def _occupy(self, seat: int, target: int, on_road: bool) -> None:
        if on_road:
            self.workers[target] = seat
            owner = self.owners[target]
            if owner >= 0 and owner != seat:
                self._gain_pp(owner, 1)
        elif target == T_CASTLE:
            self.castle_workers.append(seat)
        elif target == T_STABLES:
            self.stables.append(seat)
        elif target == T_INN:
            self.inn_left = seat
        else:
            self.specials[target] = seat

    # --- phase 3 ------------------------------------------------------------------------------

    def _special_step(self) -> None:
        cursor = self.cursor
        if cursor >= 6:
            self._enter_phase(4, 0)
            return
        self.cursor = cursor + 1
        if cursor < 4:
            seat = self.specials[cursor]
            if seat < 0:
                return
            if cursor == SP_TRADING:
                self.specials[SP_TRADING] = -1
                self.hands[seat] += 1
                self.deniers[seat] += cat.TRADING_POST_DENIERS
                return
            self._decide((GATE, -1, GUILD, JOUST)[cursor], seat)
            return
        if cursor == 4:  # stables
            stables = self.stables
            if stables:
                self.order = stables + [x for x in self.order if x not in stables]
                for seat in stables:
                    self.hands[seat] += 1
                self.stables = []
            return
        # inn
        if self.inn_left >= 0:
            newcomer, evicted = self.inn_left, self.inn_right
            if evicted >= 0:
                self.hands[evicted] += 1
            self.inn_right, self.inn_left = newcomer, -1
        elif self.inn_right >= 0:
            self._decide(INN, self.inn_right)

    # --- phase 4 ------------------------------------------------------------------------------

    def _bribe_step(self) -> None:
        if self.cursor >= len(self.passed):
            self._enter_phase(5, 1)
            return
        seat = self.passed[self.cursor]
        self.cursor += 1
        self._decide(BRIBE, seat)

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
                    self.hands[seat] += 1
                    self._lawyer_after(i)  # R7
            self._enter_phase(6, 0)
            return
        seat = workers[pos - 1]
        if seat < 0:
            last = provost if provost < ROAD_LENGTH else ROAD_LENGTH
            while pos <= last and workers[pos - 1] < 0:
                pos += 1
            self.cursor = pos
            return
        t = self.road[pos - 1]
        effect = TILE_EFFECT[t]
        if effect is Effect.PRODUCE:
            produce = TILES[TILE_IDS[t]].produce
            if len(produce) == 1:
                self._produce(seat, pos, TAKE[produce[0]])
            else:
                self._decide(PRODUCE, seat, pos)
            return
        self._decide(EFFECT_KIND[effect], seat, pos, effect.value)

    def _produce(self, seat: int, pos: int, take: int) -> None:
        counts = ARG[take]
        b = 5 * seat
        cubes = self.cubes
        for k in range(5):
            cubes[b + k] += counts[k]  # type: ignore[index]
        t = self.road[pos - 1]
        owner = self.owners[pos - 1]
        if owner >= 0 and owner != seat and TILES[TILE_IDS[t]].owner_bonus:
            self._decide(OWNER, owner, pos)  # the owner picks the cube
            return
        self._finish_activation(pos)

    def _finish_activation(self, pos: int) -> None:
        seat = self.workers[pos - 1]
        if seat >= 0:
            self.workers[pos - 1] = -1
            self.hands[seat] += 1
        self.kind = NO_DECISION
        self.cursor = pos + 1
        self._lawyer_after(pos - 1)

    def _lawyer_after(self, index: int) -> None:
        """R7: a transformation waiting for this building happens now."""
        pending = self.lawyer_pending
        for k, (target, seat) in enumerate(pending):
            if target == index:
                del pending[k]
                self._transform(seat, index)
                return

    def _transform(self, seat: int, index: int) -> None:
        old = self.road[index]
        if TILE_KIND[old] == K_NEUTRAL:
            self.discarded.append(old)  # neutral tiles are gone for good
        else:
            if old not in self.stock_order:
                self.stock_order = (*self.stock_order, old)
            self.stock[old] += 1  # craft tiles return to the stock
        self.road[index] = RESIDENCE
        self.owners[index] = seat
        self._refresh_workable()

    def _lowest_empty_lot(self) -> int:
        road = self.road
        for i in range(ROAD_LENGTH):
            if road[i] < 0:
                return i
        return -1

    # --- phase 6 ------------------------------------------------------------------------------

    def castle_spaces_left(self) -> int:
        castle = self.castle
        return sum(SECTION_SIZES[k] - len(castle[k]) for k in range(self.section, 3))

    def _castle_step(self) -> None:
        cursor = self.cursor
        if cursor == CASTLE_DONE:
            self._enter_phase(7, 0)
            return
        castle_workers = self.castle_workers
        if cursor < len(castle_workers):
            self._decide(CASTLE, castle_workers[cursor])
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
        if best_seat >= 0:  # R21
            self._grant_favor(best_seat, "the most batches in the castle")

    # --- phase 7 ------------------------------------------------------------------------------

    def _end_of_turn_step(self) -> None:
        cursor = self.cursor
        if cursor == 0:
            step = 2 if self.provost > self.bailiff else 1
            self.bailiff = min(ROAD_LENGTH, self.bailiff + step)
            self.provost = self.bailiff
            self.cursor = 1
            return
        if cursor == 1:  # R8
            sec = self.section
            if (
                self.bailiff >= cat.SECTION_TRIGGERS[sec]
                or len(self.castle[sec]) >= SECTION_SIZES[sec]
            ):
                self._score_section(sec)
                self.cursor = 2
            else:
                self.turn += 1
                self._enter_phase(1, 0)
            return
        self.scored = min(self.scored + 1, 3)
        self.section += 1
        if self.section >= 3:
            self.over = True
            self.kind = NO_DECISION
            return
        self.cursor = 1

    def _score_section(self, sec: int) -> None:
        houses_of = self.castle[sec]
        why = f"the {cat.SECTION_NAMES[sec]} scoring"
        for seat in self.order:
            pp, favors = cat.section_reward(sec, houses_of.count(seat))
            if pp:
                self._gain_pp(seat, pp)
            for _ in range(favors):
                self._grant_favor(seat, why)

    # --- royal favors -------------------------------------------------------------------------

    def _grant_favor(self, seat: int, why: str) -> None:
        if self.simplified:  # R19
            self._gain_pp(seat, cat.SIMPLIFIED_FAVOR_PP)
            return
        self.favor_queue.append(seat)  # R25
        self.favor_why.append(why)

    def _next_favor(self) -> None:
        seat = self.favor_queue.pop(0)
        why = self.favor_why.pop(0) if self.favor_why else ""
        if len(self.lines_used[seat]) >= 4:
            return  # all four lines were used this phase: the favor is lost
        self.kind = FAVOR
        self.seat = seat
        self.d_at = 0
        self.d_effect = ""
        self.d_via_favor = False
        self.d_why = why

    def favor_marker_after(self, seat: int, line: int) -> int:
        m = self.favors[4 * seat + line]
        return m + 1 if m < FAVOR_COLUMNS_OPEN[min(self.scored, 2)] else m


# --- options per decision kind ------------------------------------------------------------------


def _place_options(g: FastGame) -> list[int]:
    seat = g.seat
    deniers = g.deniers[seat]
    if g.hands[seat] <= 0 or deniers <= 0:  # every placement costs at least 1 d
        return [PASS]
    if g.inn_right == seat:
        base = 1
    elif g.n == 2:
        base = cat.TWO_PLAYER_PASSED_COST if g.passed else 1
    else:
        base = len(g.passed) + 1
    workers = g.workers
    if deniers >= base:
        options = [PASS]
        specials = g.specials
        if specials[0] < 0:
            options.append(PLACE_SPECIAL[0])
        if specials[1] < 0:
            options.append(PLACE_SPECIAL[1])
        if specials[2] < 0:
            options.append(PLACE_SPECIAL[2])
        if specials[3] < 0:
            options.append(PLACE_SPECIAL[3])
        stables = g.stables
        if g.n > 2 and len(stables) < cat.STABLES_SLOTS and seat not in stables:
            options.append(PLACE_SPECIAL[T_STABLES])
        if g.inn_left < 0:
            options.append(PLACE_SPECIAL[T_INN])
        if seat not in g.castle_workers:
            options.append(PLACE_SPECIAL[T_CASTLE])
        p0 = PLACE_ROAD0
        options += [p0 + i for i in g.workable if workers[i] < 0]
        return options
    owners = g.owners
    p0 = PLACE_ROAD0
    return [PASS, *(p0 + i for i in g.workable if workers[i] < 0 and owners[i] == seat)]


def _do_place(g: FastGame, code: int) -> None:
    seat = g.seat
    passed = g.passed
    if code == PASS:
        passed.append(seat)
        if len(passed) == 1:
            g.deniers[seat] += cat.FIRST_PASS_BONUS
    else:
        index = ARG[code]
        on_road = code >= PLACE_ROAD0
        cost = g.placement_cost(seat, index if on_road else -1)  # type: ignore[arg-type]
        g.deniers[seat] -= cost
        g.hands[seat] -= 1
        g._occupy(seat, index, on_road)  # type: ignore[arg-type]
    n = g.n
    if len(passed) == n:
        g.kind = NO_DECISION
        g.cursor = 0
        return
    order = g.order
    idx = (g.cursor + 1) % n
    tries = n
    while order[idx] in passed:
        tries -= 1
        if not tries:
            raise BadSetup("The game state is not consistent: everyone has passed.")
        idx = (idx + 1) % n
    g.cursor = idx
    g.seat = order[idx]  # kind stays PLACE; the other decision fields are at their defaults


def _can_use_space(g: FastGame, seat: int, target: int) -> bool:
    if target == T_CASTLE:
        return seat not in g.castle_workers
    if target == T_STABLES:
        return g.n > 2 and len(g.stables) < cat.STABLES_SLOTS and seat not in g.stables
    if target == T_INN:
        return g.inn_left < 0
    return g.specials[target] < 0


def _gate_options(g: FastGame) -> list[int]:
    seat = g.seat
    options = [GATE_BACK]  # R14
    for code in GATE_SPECIAL:
        if _can_use_space(g, seat, ARG[code]):  # type: ignore[arg-type]
            options.append(code)
    workers = g.workers
    options += [GATE_ROAD[i] for i in g.workable if workers[i] < 0]
    return options


def _do_gate(g: FastGame, code: int) -> None:
    seat = g.seat
    g.kind = NO_DECISION
    g.specials[SP_GATE] = -1
    if code == GATE_BACK:
        g.hands[seat] += 1
    else:
        g._occupy(seat, ARG[code], code in _GATE_ROAD_SET)  # type: ignore[arg-type]


_GATE_ROAD_SET = frozenset(GATE_ROAD)


def _provost_options(g: FastGame) -> list[int]:
    budget = g.deniers[g.seat] if g.kind == BRIBE else cat.MAX_PROVOST_MOVE
    provost = g.provost
    options = [SKIP]
    for d in PROVOST_MOVES:
        if -budget <= d <= budget and 1 <= provost + d <= ROAD_LENGTH:  # R6
            options.append(PROVOST[d])
    return options


def _do_bribe(g: FastGame, code: int) -> None:
    g.kind = NO_DECISION
    if code != SKIP:
        d: int = ARG[code]  # type: ignore[assignment]
        g.provost += d
        g.deniers[g.seat] -= d if d > 0 else -d


def _do_guild(g: FastGame, code: int) -> None:
    g.kind = NO_DECISION
    g.specials[SP_GUILD] = -1
    g.hands[g.seat] += 1
    if code != SKIP:
        g.provost += ARG[code]  # type: ignore[operator]


def _joust_options(g: FastGame) -> list[int]:
    seat = g.seat
    if g.deniers[seat] >= 1 and g.cubes[5 * seat + C] >= 1:
        return [SKIP, DO_JOUST]
    return [SKIP]


def _do_joust(g: FastGame, code: int) -> None:
    seat = g.seat
    g.kind = NO_DECISION
    g.specials[SP_JOUST] = -1
    g.hands[seat] += 1
    if code == DO_JOUST:
        g.deniers[seat] -= cat.JOUST_COST_DENIERS
        g.cubes[5 * seat + C] -= 1
        g._grant_favor(seat, "the joust field")


def _inn_options(g: FastGame) -> list[int]:
    return [INN_STAY, INN_LEAVE]


def _do_inn(g: FastGame, code: int) -> None:
    g.kind = NO_DECISION
    if code == INN_LEAVE:
        g.inn_right = -1
        g.hands[g.seat] += 1


def _produce_options(g: FastGame) -> list[int]:
    return [TAKE[x] for x in TILES[TILE_IDS[g.road[g.d_at - 1]]].produce]


def _do_produce(g: FastGame, code: int) -> None:
    g.kind = NO_DECISION
    g._produce(g.seat, g.d_at, code)


def _owner_options(g: FastGame) -> list[int]:
    return [TAKE[c] for c in TILES[TILE_IDS[g.road[g.d_at - 1]]].owner_bonus]


def _do_owner(g: FastGame, code: int) -> None:
    counts = ARG[code]
    b = 5 * g.seat
    for k in range(5):
        g.cubes[b + k] += counts[k]  # type: ignore[index]
    g._finish_activation(g.d_at)


def _has(cubes: list[int], b: int, needs: tuple[tuple[int, int], ...]) -> bool:
    for k, count in needs:  # noqa: SIM110 - a plain loop: all() over a generator is slower
        if cubes[b + k] < count:
            return False
    return True


def build_options(g: FastGame, seat: int, effect: str, via_favor: bool) -> list[int]:
    options = [SKIP]
    cubes = g.cubes
    b = 5 * seat
    kind = _BUILDS_KIND[effect]
    stock = g.stock
    if kind == K_PRESTIGE:
        road, owners = g.road, g.owners
        homes = [i for i in range(ROAD_LENGTH) if road[i] == RESIDENCE and owners[i] == seat]
        if not homes:
            return options
        for t in g.stock_order:
            if stock[t] and TILE_KIND[t] == K_PRESTIGE and _has(cubes, b, COST_NEEDS[t][0]):
                at = BUILD_AT[t]
                options += [at[h] for h in homes]
        return options
    if NO_TILE not in g.road:  # R5: no lot left, no craft building
        return options
    for t in g.stock_order:
        if not stock[t] or TILE_KIND[t] != kind:
            continue
        needs, has_any = FAVOR_COST_NEEDS[t, effect] if via_favor else COST_NEEDS[t]
        if has_any:
            if not _has(cubes, b, needs):
                continue
            with_cube = BUILD_WITH[t]
            for k in range(5):
                # the fixed part plus one more cube of kind k
                need_k = next((count for kk, count in needs if kk == k), 0)
                if cubes[b + k] >= need_k + 1:
                    options.append(with_cube[k])
        elif _has(cubes, b, needs):
            options.append(BUILD_PLAIN[t])
    return options


def _build_options(g: FastGame) -> list[int]:
    return build_options(g, g.seat, g.d_effect, g.d_via_favor)


def build_spends(g: FastGame, code: int) -> tuple[int, ...]:
    """The cubes (F W S C G counts) that build `code` spends in the current build decision."""
    return FAVOR_BUILD_SPENDS[code, g.d_effect] if g.d_via_favor else BUILD_SPENDS[code]


def _pay(cubes: list[int], b: int, counts: tuple[int, ...]) -> None:
    for k in range(5):
        if counts[k]:
            cubes[b + k] -= counts[k]


def _do_build(g: FastGame, code: int) -> None:
    seat = g.seat
    g.kind = NO_DECISION
    via_favor = g.d_via_favor
    if code != SKIP:
        t, second = ARG[code]  # type: ignore[misc]
        _pay(g.cubes, 5 * seat, build_spends(g, code))
        g.stock[t] -= 1
        if TILE_KIND[t] == K_PRESTIGE:
            # on the builder's residence (second: its road index), whose income is lost
            g.road[second] = t
        else:
            lot = g._lowest_empty_lot()
            g.road[lot] = t
            g.owners[lot] = seat
        g._refresh_workable()
        g._gain_pp(seat, TILE_PRESTIGE[t])
        for _ in range(TILE_FAVORS[t]):
            g._grant_favor(seat, TILE_WHY[t])
    if not via_favor:
        g._finish_activation(g.d_at)


def lawyer_options(g: FastGame, seat: int, via_favor: bool) -> list[int]:
    options = [SKIP]
    if g.cubes[5 * seat + C] < 1 or (not via_favor and g.deniers[seat] < 1):  # R17
        return options
    pending = {t for t, _ in g.lawyer_pending}
    road, owners = g.road, g.owners
    for i in range(ROAD_LENGTH):
        t = road[i]
        if t < 0 or t == LAWYER_TILE or i in pending:
            continue
        kind = TILE_KIND[t]
        if kind == K_NEUTRAL or (kind in (K_WOOD, K_STONE) and owners[i] == seat):
            options.append(LAWYER_CODES[i])
    return options


def _lawyer_options(g: FastGame) -> list[int]:
    return lawyer_options(g, g.seat, g.d_via_favor)


def _do_lawyer(g: FastGame, code: int) -> None:
    seat = g.seat
    g.kind = NO_DECISION
    via_favor = g.d_via_favor
    if code != SKIP:
        i: int = ARG[code]  # type: ignore[assignment]
        g.cubes[5 * seat + C] -= 1
        if not via_favor:
            g.deniers[seat] -= 1
        g._gain_pp(seat, cat.LAWYER_PRESTIGE)
        if g.workers[i] >= 0:
            g.lawyer_pending.append((i, seat))  # R7: waits until that building has acted
        else:
            g._transform(seat, i)
    if not via_favor:
        g._finish_activation(g.d_at)


def _sell_options(g: FastGame) -> list[int]:
    b = 5 * g.seat
    cubes = g.cubes
    return [SKIP, *(SELL_CODES[k] for k in range(5) if cubes[b + k] > 0)]  # R12


def _buy_options(g: FastGame) -> list[int]:
    tile = TILES[TILE_IDS[g.road[g.d_at - 1]]]
    deniers = g.deniers[g.seat]
    options = [SKIP]
    if deniers >= tile.peddler_price:
        options += BUY_ONE
    if tile.peddler_max >= 2 and deniers >= 2:
        options += BUY_TWO
    return options


def _church_options(g: FastGame) -> list[int]:
    deniers = g.deniers[g.seat]
    return [SKIP, *(PAY_DENIERS[d] for d in (2, 4) if deniers >= d)]


def _bank_options(g: FastGame) -> list[int]:
    deniers = g.deniers[g.seat]
    return [SKIP, *(PAY_DENIERS[d] for d in (2, 5) if deniers >= d)]


def _tailor_options(g: FastGame) -> list[int]:
    cloth = g.cubes[5 * g.seat + C]
    return [SKIP, *(PAY_CUBES["C" * k] for k in (2, 3) if cloth >= k)]


def _jeweller_options(g: FastGame) -> list[int]:
    gold = g.cubes[5 * g.seat + G]
    return [SKIP, *(PAY_CUBES["G" * k] for k in (1, 2) if gold >= k)]


def _alchemist_options(g: FastGame) -> list[int]:
    b = 5 * g.seat
    c = g.cubes
    options = [SKIP]
    if c[b] + c[b + 1] + c[b + 2] + c[b + 3] >= 2:  # R4: no gold
        for counts, code in ALCHEMY_TWO:
            if all(c[b + k] >= counts[k] for k in range(4)):
                options.append(code)
        for counts, code in ALCHEMY_FOUR:
            if all(c[b + k] >= counts[k] for k in range(4)):
                options.append(code)
    return options


def _do_use(g: FastGame, code: int) -> None:
    seat = g.seat
    kind = g.kind
    g.kind = NO_DECISION
    if code != SKIP:
        b = 5 * seat
        cubes = g.cubes
        if kind == SELL:
            cubes[b + ARG[code]] -= 1  # type: ignore[operator]
            g.deniers[seat] += TILES[TILE_IDS[g.road[g.d_at - 1]]].market_price
        elif kind == BUY:
            counts = ARG[code]
            price = TILES[TILE_IDS[g.road[g.d_at - 1]]].peddler_price * sum(counts)  # type: ignore[arg-type]
            g.deniers[seat] -= price
            for k in range(4):
                cubes[b + k] += counts[k]  # type: ignore[index]
        elif kind == ALCHEMIST:
            counts = ARG[code]
            _pay(cubes, b, counts)  # type: ignore[arg-type]
            cubes[b + G] += sum(counts) // 2  # type: ignore[arg-type]
        else:
            deniers, paid, prestige, gold = USE_PAYMENTS[kind, code]
            g.deniers[seat] -= deniers
            _pay(cubes, b, paid)
            if gold:
                cubes[b + G] += gold
            else:
                g._gain_pp(seat, prestige)
    g._finish_activation(g.d_at)


def _castle_options(g: FastGame) -> list[int]:
    if g.castle_spaces_left() <= 0:  # R23
        return [SKIP]
    b = 5 * g.seat
    cubes = g.cubes
    if cubes[b] < 1:
        return [SKIP]
    options = [SKIP]
    for x, y, code in BATCHES:  # R15
        if cubes[b + x] and cubes[b + y]:
            options.append(code)
    return options


def _do_castle(g: FastGame, code: int) -> None:
    seat = g.seat
    if code == SKIP:
        if g.batches[seat] == 0 and g.castle_spaces_left() > 0:  # R22
            g._gain_pp(seat, -cat.CASTLE_PENALTY)
        g.kind = NO_DECISION
        g.cursor += 1
        return
    _pay(g.cubes, 5 * seat, ARG[code])  # type: ignore[arg-type]
    castle = g.castle
    sec = g.section
    while len(castle[sec]) >= SECTION_SIZES[sec]:  # overflow into the next section
        sec += 1
    castle[sec].append(seat)
    g.batches[seat] += 1
    g._gain_pp(seat, cat.SECTION_POINTS[sec])


def _favor_options(g: FastGame) -> list[int]:
    seat = g.seat
    used = g.lines_used[seat]
    options: list[int] = []
    if "a" not in used:
        options.append(FAVORS["a"])
    if "b" not in used:
        options.append(FAVORS["b"])
    if "c" not in used:
        top = g.favor_marker_after(seat, 2)
        options.append(FAVORS["c1"])
        if top >= 2:
            options += (FAVORS["c2W"], FAVORS["c2S"])
        if top >= 3:
            options.append(FAVORS["c3"])
        if top >= 4 and any(g.cubes[5 * seat : 5 * seat + 5]):
            options.append(FAVORS["c4"])
        if top >= 5:
            options.append(FAVORS["c5"])
    if "d" not in used:
        top = g.favor_marker_after(seat, 3)
        options.append(FAVORS["d1"])
        for col in range(2, top + 1):
            effect = cat.FAVOR_BUILD_EFFECTS[col]
            if effect is Effect.LAWYER:
                ok = len(lawyer_options(g, seat, True)) > 1
            else:
                ok = len(build_options(g, seat, effect.value, True)) > 1
            if ok:
                options.append(_FAVOR_D[col])
    return options


_FAVOR_D = {col: FAVORS[f"d{col}"] for col in range(1, 6)}
_FAVOR_LINE = {code: "abcd".index(str(ARG[code])[0]) for code in FAVORS.values()}
_FAVOR_COLUMN = {
    code: (int(str(ARG[code])[1]) if len(str(ARG[code])) > 1 else 0) for code in FAVORS.values()
}
_FAVOR_C_CUBE = {
    FAVORS["c1"]: F,
    FAVORS["c2W"]: W,
    FAVORS["c2S"]: S,
    FAVORS["c3"]: C,
    FAVORS["c5"]: G,
}


def _do_favor(g: FastGame, code: int) -> None:
    seat = g.seat
    li = _FAVOR_LINE[code]
    line = "abcd"[li]
    g.lines_used[seat] += line
    marker = g.favor_marker_after(seat, li)
    g.favors[4 * seat + li] = marker
    g.kind = NO_DECISION
    if li == 0:
        g._gain_pp(seat, cat.FAVOR_PRESTIGE[marker - 1])
    elif li == 1:
        g.deniers[seat] += cat.FAVOR_DENIERS[marker - 1]
    elif li == 2:
        cube = _FAVOR_C_CUBE.get(code)
        if cube is None:  # column 4: exchange a cube
            g._decide(EXCHANGE, seat)
            return
        g.cubes[5 * seat + cube] += 1
    else:
        col = _FAVOR_COLUMN[code]
        if col == 1:
            return
        effect = cat.FAVOR_BUILD_EFFECTS[col]
        g._decide(LAWYER if effect is Effect.LAWYER else BUILD, seat, 0, effect.value)
        g.d_via_favor = True


def _exchange_options(g: FastGame) -> list[int]:
    b = 5 * g.seat
    cubes = g.cubes
    options = [SKIP]
    for k in range(5):
        if cubes[b + k]:
            options += EXCHANGES[k]
    return options


def _do_exchange(g: FastGame, code: int) -> None:
    g.kind = NO_DECISION
    if code == SKIP:
        return
    give, take = ARG[code]  # type: ignore[misc]
    b = 5 * g.seat
    cubes = g.cubes
    cubes[b + give] -= 1
    for k in range(4):
        cubes[b + k] += take[k]


_LEGAL = (
    _place_options,
    _castle_options,
    _favor_options,
    _build_options,
    _lawyer_options,
    _provost_options,
    _provost_options,
    _produce_options,
    _owner_options,
    _gate_options,
    _joust_options,
    _inn_options,
    _exchange_options,
    _sell_options,
    _buy_options,
    _church_options,
    _tailor_options,
    _bank_options,
    _alchemist_options,
    _jeweller_options,
)
_RESOLVE = (
    _do_place,
    _do_castle,
    _do_favor,
    _do_build,
    _do_lawyer,
    _do_bribe,
    _do_guild,
    _do_produce,
    _do_owner,
    _do_gate,
    _do_joust,
    _do_inn,
    _do_exchange,
    _do_use,
    _do_use,
    _do_use,
    _do_use,
    _do_use,
    _do_use,
    _do_use,
)
_STEPS = (
    None,
    FastGame._income,
    FastGame._placement_turn,
    FastGame._special_step,
    FastGame._bribe_step,
    FastGame._activation_step,
    FastGame._castle_step,
    FastGame._end_of_turn_step,
)
