"""The Caylus rules: new_game, pending, legal_actions, apply, outcome.

`apply` copies the state, applies one decision, then runs every automatic step (income,
activations without a choice, decisions with exactly one legal option) until a player must
decide or the game ends. The rulings of docs/rules.md are cited as R1..R26.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, repeat
from operator import is_
from typing import Any

from pydantic import BaseModel

from engine.caylus import catalogue as cat
from engine.caylus.actions import Action, parse
from engine.caylus.catalogue import ANY, CUBES, NON_GOLD, TILES, Effect, Kind
from engine.caylus.state import Decision, Options, Player, Setup, State
from engine.caylus.words import cube_text as cube_text
from engine.errors import BadSetup, GameOver, IllegalAction, MalformedAction, NotYourDecision
from engine.protocol import Event, Outcome, PendingDecision
from engine.wording import Said, english

A = Action.of
PASS, SKIP, JOUST = A("pass"), A("skip"), A("joust")
INN_STAY, INN_LEAVE = A("inn", "stay"), A("inn", "leave")
GATE_BACK = A("gate", "back")
ROAD = range(1, cat.ROAD_LENGTH + 1)
SPECIAL_SINGLE = ("gate", "trading", "guild", "joust")
GATE_TARGETS = ("trading", "guild", "joust", "stables", "inn", "castle")


# ---------------------------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------------------------


def new_game(options: Options | None = None, setup: Setup | None = None) -> State:
    """A new game at its first decision. Random parts not given in `setup` come from its seed."""
    options = options or Options()
    setup = setup or Setup(seed=0)
    n = options.players
    if setup.seed is None and (setup.neutral_order is None or setup.turn_order is None):
        raise BadSetup("A new game needs a seed, or an explicit neutral_order and turn_order.")
    rng = random.Random(setup.seed)  # a private generator: the engine never uses global random
    neutral = list(setup.neutral_order) if setup.neutral_order else None
    if neutral is None:
        neutral = list(cat.NEUTRAL_TILES)
        rng.shuffle(neutral)
    elif sorted(neutral) != sorted(cat.NEUTRAL_TILES):
        raise BadSetup(
            "The neutral order must list the six neutral tiles once each: "
            f"{', '.join(cat.NEUTRAL_TILES)}."
        )
    order = list(setup.turn_order) if setup.turn_order is not None else None
    if order is None:
        order = list(range(n))
        rng.shuffle(order)
    elif sorted(order) != list(range(n)):
        raise BadSetup(f"The turn order must list each seat 0-{n - 1} once.")
    explicit = Setup(seed=setup.seed, neutral_order=neutral, turn_order=order)

    players: list[Player] = [None] * n  # type: ignore[list-item]
    for position, seat in enumerate(order):
        deniers = cat.TWO_PLAYER_DENIERS if n == 2 else cat.START_DENIERS[position]  # R11
        cubes = {c: cat.START_CUBES.get(c, 0) for c in CUBES}
        players[seat] = Player(deniers=deniers, cubes=cubes, workers=cat.WORKERS)
    road: list[str | None] = [None] * cat.ROAD_LENGTH
    for i, tile in enumerate(neutral):
        road[i] = tile
    for position, tile in cat.FIXED_POSITIONS.items():
        road[position - 1] = tile
    state = State(
        options=options,
        setup=explicit,
        players=players,
        turn_order=order,
        road=road,
        owners=[None] * cat.ROAD_LENGTH,
        workers=[None] * cat.ROAD_LENGTH,
        specials={k: None for k in SPECIAL_SINGLE},
        stock=dict(cat.TILE_SETS[options.tile_set]),
        favor_lines_used=[""] * n,
        batches=[0] * n,
        bailiff=cat.BAILIFF_START,
        provost=cat.BAILIFF_START,
    )
    _advance(_Game(state, fresh=True))
    return state


# ---------------------------------------------------------------------------------------------
# The working context of one `apply`: the state being built and the events it produced.
# ---------------------------------------------------------------------------------------------


_new_object = object.__new__
_set_attr = object.__setattr__


def _copy_model(model: BaseModel) -> Any:
    """A shallow copy of a pydantic model without pydantic's generic copy machinery."""
    new = _new_object(type(model))
    _set_attr(new, "__dict__", model.__dict__.copy())
    # shared, not copied: field writes on engine states bypass pydantic (state._FastModel)
    _set_attr(new, "__pydantic_fields_set__", model.__pydantic_fields_set__)
    _set_attr(new, "__pydantic_extra__", None)
    _set_attr(new, "__pydantic_private__", None)
    return new


_decisions: dict[tuple[str, int, int, str, bool, str], Decision] = {}


def _decision(
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


class _Game:
    """One `apply` at work: the new state, its events, and copy-on-write bookkeeping.

    The new state starts as a shallow copy of the old one. Every container the rules change is
    first taken through `w(name)` (a private copy on first write) and every player through
    `p(seat)`, so the old state is never touched and an action copies only what it changes.
    """

    __slots__ = ("events", "fresh", "owned", "s")

    def __init__(self, state: State, fresh: bool = False) -> None:
        self.s = state
        self.events: list[Event] = []
        self.fresh = fresh  # a brand-new state (new_game) owns all its containers
        self.owned: set[object] = set()

    def w(self, name: str) -> Any:
        """The container field `name` of the new state, safe to change."""
        d = self.s.__dict__
        if self.fresh or name in self.owned:
            return d[name]
        value = d[name]
        value = [sec.copy() for sec in value] if name == "castle" else value.copy()
        d[name] = value
        self.owned.add(name)
        return value

    def p(self, seat: int) -> Player:
        """The player of `seat`, safe to change (players are tracked by seat number)."""
        owned = self.owned
        if self.fresh or seat in owned:
            return self.s.players[seat]
        if "players" in owned:
            players = self.s.players
        else:
            players = self.s.__dict__["players"] = self.s.players.copy()
            owned.add("players")
        new = players[seat].clone()
        players[seat] = new
        owned.add(seat)
        return new

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
        """An event: `key` names its sentence in engine/caylus/words.py, `args` its values."""
        s = self.s
        self.events.append(Event(kind, seat, "", pp, other, data, s.turn, s.phase, key, args))


# ---------------------------------------------------------------------------------------------
# Resource changes (every prestige change goes through _gain_pp so events account for it)
# ---------------------------------------------------------------------------------------------


def _gain_pp(g: _Game, seat: int, amount: int, why: Said) -> None:
    """`why` is the reason's message (engine/caylus/words.py)."""
    p = g.p(seat)
    before = p.prestige
    p.prestige = max(0, before + amount)
    delta = p.prestige - before
    if amount >= 0:
        g.say("prestige", seat, "words.GAIN_PP", {"amount": amount, "why": why}, pp=delta)
    else:
        g.say("prestige", seat, "words.LOSE_PP", {"amount": -delta, "why": why}, pp=delta)


def _pay_cubes(p: Player, cubes: str) -> None:
    for c in cubes:
        p.cubes[c] -= 1


def _take_cubes(p: Player, cubes: str) -> None:
    for c in cubes:
        p.cubes[c] += 1


def _has_cubes(p: Player, cubes: str) -> bool:
    if len(cubes) == 1:
        return p.cubes[cubes] >= 1
    return all(p.cubes[c] >= cubes.count(c) for c in set(cubes))


# ---------------------------------------------------------------------------------------------
# The automatic driver
# ---------------------------------------------------------------------------------------------


# More automatic steps than a whole game takes (a few hundred a turn, about 20 turns): reaching
# this means the state given to the engine was inconsistent, and it stops instead of hanging.
MAX_AUTOMATIC_STEPS = 100_000


def _advance(g: _Game) -> list[Action]:
    """Run automatic steps until a real decision (2+ options) or the end. Returns its options."""
    s = g.s
    for _ in range(MAX_AUTOMATIC_STEPS):
        if s.over:
            return []
        if s.decision is not None:
            options = _legal(s, s.decision)
            if len(options) > 1:
                return options
            if not options:
                raise BadSetup(
                    f"The game state is not consistent: the {s.decision.kind} decision of seat "
                    f"{s.decision.seat} has no possible answer."
                )
            _resolve(g, options[0])
            continue
        if s.favor_queue:
            _next_favor(g)
            continue
        _step(g)
    raise BadSetup(
        "The game state is not consistent: the game runs on without ever asking a player "
        f"(turn {s.turn}, phase {s.phase})."
    )


def _inconsistent_passing() -> BadSetup:
    return BadSetup(
        "The game state is not consistent: everyone in the turn order has passed, but the "
        "passing list says otherwise."
    )


def _enter_phase(s: State, phase: int, cursor: int = 0) -> None:
    s.phase = phase
    s.cursor = cursor
    s.favor_lines_used = [""] * len(s.players)  # R10: favors of one phase use different lines


def _step(g: _Game) -> None:
    _PHASE_STEPS[g.s.phase](g)


# --- phase 1 ---------------------------------------------------------------------------------


def incomes(s: State) -> list[int]:
    """Phase 1 income by seat: 2 d, +1 a residence, +1 the Library, +2 the Hotel."""
    amounts = [cat.BASE_INCOME] * len(s.players)
    for tile, owner in zip(s.road, s.owners, strict=True):
        if owner is not None:
            amounts[owner] += TILES[tile].income  # type: ignore[index]
    return amounts


def _income(g: _Game) -> None:
    s = g.s
    if len(s.players) == 2 and s.turn > 1:
        s.turn_order = s.turn_order[::-1]  # R11: the order alternates every turn
    amounts = incomes(s)
    for seat in s.turn_order:
        amount = amounts[seat]  # R20: paid in turn 1 too
        g.p(seat).deniers += amount
        g.say("income", seat, "words.INCOME", {"amount": amount}, deniers=amount)
    s.passed = []
    _enter_phase(s, 2, 0)


# --- phase 2 ---------------------------------------------------------------------------------


def _placement_turn(g: _Game) -> None:
    s = g.s
    n = len(s.players)
    if len(s.passed) == n:
        g.say("phase", None, "words.EVERYONE_PASSED")
        _enter_phase(s, 3, 0)
        return
    idx = s.cursor % n
    tries = n  # a seat that has not passed is at most n - 1 steps away
    while s.turn_order[idx] in s.passed:
        tries -= 1
        if not tries:
            raise _inconsistent_passing()
        idx = (idx + 1) % n
    s.cursor = idx
    s.decision = _decision(kind="place", seat=s.turn_order[idx])


def base_placement_cost(s: State, seat: int) -> int:
    """What the next worker of `seat` costs on a space it does not own (phase 2)."""
    return placement_cost(s, seat, "castle")


def placement_cost(s: State, seat: int, target: str) -> int:
    """Deniers to place a worker of `seat` on `target` now (phase 2)."""
    if s.inn_right == seat:
        return 1
    if target.isdigit() and s.owners[int(target) - 1] == seat:
        return 1
    if len(s.players) == 2:
        return cat.TWO_PLAYER_PASSED_COST if s.passed else 1  # R11
    return len(s.passed) + 1


def _can_use_space(s: State, seat: int, target: str) -> bool:
    """Is `target` free and allowed for a worker of `seat` (ignoring cost)?"""
    if target.isdigit():
        i = int(target) - 1
        tile = s.road[i]
        if tile is None or s.workers[i] is not None:
            return False
        kind = TILES[tile].kind
        return kind is not Kind.RESIDENCE and kind is not Kind.PRESTIGE
    if target == "castle":
        return seat not in s.castle_workers
    if target == "stables":
        return len(s.players) > 2 and len(s.stables) < cat.STABLES_SLOTS and seat not in s.stables
    if target == "inn":
        return s.inn_left is None
    return s.specials[target] is None


def _occupy(g: _Game, seat: int, target: str) -> None:
    s = g.s
    if target.isdigit():
        i = int(target) - 1
        g.w("workers")[i] = seat
        owner = s.owners[i]
        if owner is not None and owner != seat:
            _gain_pp(g, owner, 1, ("words.WHY_WORKER", {"tile": s.road[i]}))
    elif target == "castle":
        g.w("castle_workers").append(seat)
    elif target == "stables":
        g.w("stables").append(seat)
    elif target == "inn":
        s.inn_left = seat
    else:
        g.w("specials")[target] = seat


def space_name(s: State, target: str) -> str:
    """'Peddler (7)', 'empty lot (12)' or a special building's name."""
    if target.isdigit():
        key = (s.road[int(target) - 1], target)
        name = _space_names.get(key)
        if name is None:
            tile = key[0]
            name = _space_names[key] = f"{TILES[tile].name if tile else 'empty lot'} ({target})"
        return name
    return cat.SPECIAL_NAMES[target]


_space_names: dict[tuple[str | None, str], str] = {}


def _place_options(s: State, seat: int) -> list[Action]:
    options = [PASS]
    p = s.players[seat]
    if p.workers <= 0 or p.deniers <= 0:  # every placement costs at least 1 d
        return options
    deniers = p.deniers
    base = placement_cost(s, seat, "castle")
    workers = s.workers
    if deniers >= base:
        specials = s.specials
        options += [action for key, action in _SPECIAL_PLACES if specials[key] is None]
        if len(s.players) > 2 and len(s.stables) < cat.STABLES_SLOTS and seat not in s.stables:
            options.append(_PLACE["stables"])
        if s.inn_left is None:
            options.append(_PLACE["inn"])
        if seat not in s.castle_workers:
            options.append(_PLACE["castle"])
        options += [_PLACE_ROAD[i] for i, _ in _workable_spaces(s) if workers[i] is None]
    elif deniers >= 1:  # only your own buildings (1 d) are within reach
        options += [
            _PLACE_ROAD[i]
            for i, owner in _workable_spaces(s)
            if workers[i] is None and owner == seat
        ]
    return options


_workable: tuple[list[str | None], list[tuple[int, int | None]]] = ([], [])


def _workable_spaces(s: State) -> list[tuple[int, int | None]]:
    """(index, owner) of the road spaces that take workers, cached per road list.

    The road list is shared between states until a build or transformation copies it
    (copy-on-write), so its identity says whether the cached answer still holds; the cache keeps
    a reference to it, so the identity cannot be reused by another list.
    """
    global _workable
    road, found = _workable
    if road is s.road:
        return found
    found = [
        (i, s.owners[i])
        for i, tile in enumerate(s.road)
        if tile is not None and tile not in _NO_WORKER_TILES
    ]
    _workable = (s.road, found)
    return found


_NO_WORKER_TILES = frozenset(
    t.id for t in TILES.values() if t.kind in (Kind.RESIDENCE, Kind.PRESTIGE)
)
_PLACE = {t: A("place", t) for t in (*cat.SPECIALS, "castle")}
_PLACE_ROAD = [A("place", str(p)) for p in ROAD]
_SPECIAL_PLACES = tuple((key, _PLACE[key]) for key in SPECIAL_SINGLE)
_GATE = {t: A("gate", t) for t in GATE_TARGETS}
_GATE_ROAD = [A("gate", str(p)) for p in ROAD]


def _do_place(g: _Game, seat: int, action: Action) -> None:
    s = g.s
    p = g.p(seat)
    if action is PASS:
        g.w("passed").append(seat)
        space = len(s.passed)
        if space == 1:
            p.deniers += cat.FIRST_PASS_BONUS
            g.say("pass", seat, "words.PASS_FIRST")
        else:
            g.say("pass", seat, "words.PASS", {"ordinal": space})
    else:
        target = action.arg
        cost = placement_cost(s, seat, target)
        p.deniers -= cost
        p.workers -= 1
        if target.isdigit():
            at = int(target)
            args = {"tile": s.road[at - 1], "at": at, "cost": cost}
            g.say("place", seat, "words.PLACE_ROAD", args)
        else:
            g.say("place", seat, "words.PLACE_SPECIAL", {"special": target, "cost": cost})
        _occupy(g, seat, target)
    # the next player who has not passed decides (straight away: this is the hot path)
    n = len(s.players)
    passed = s.passed
    if len(passed) == n:
        s.decision = None
        s.cursor = 0
        return
    order = s.turn_order
    idx = (s.cursor + 1) % n
    tries = n  # a seat that has not passed is at most n - 1 steps away
    while order[idx] in passed:
        tries -= 1
        if not tries:
            raise _inconsistent_passing()
        idx = (idx + 1) % n
    s.cursor = idx
    s.decision = _decision("place", order[idx])


# --- phase 3 ---------------------------------------------------------------------------------


def _return_worker(g: _Game, seat: int) -> None:
    g.p(seat).workers += 1


def _special_step(g: _Game) -> None:
    s = g.s
    if s.cursor >= len(cat.SPECIALS):
        _enter_phase(s, 4, 0)
        return
    special = cat.SPECIALS[s.cursor]
    s.cursor += 1
    if special in SPECIAL_SINGLE:
        seat = s.specials[special]
        if seat is None:
            return
        if special == "trading":
            g.w("specials")["trading"] = None
            _return_worker(g, seat)
            g.p(seat).deniers += cat.TRADING_POST_DENIERS
            g.say("trading", seat, "words.TRADING", {"amount": cat.TRADING_POST_DENIERS})
            return
        s.decision = _decision(kind=special, seat=seat)
        return
    if special == "stables":
        if s.stables:
            order = list(s.stables) + [x for x in s.turn_order if x not in s.stables]
            s.turn_order = order
            for slot, seat in enumerate(s.stables, start=1):
                _return_worker(g, seat)
                g.say("stables", seat, "words.STABLES", {"ordinal": slot}, order=order)
            s.stables = []
        return
    # inn
    if s.inn_left is not None:
        newcomer, evicted = s.inn_left, s.inn_right
        if evicted is not None:
            _return_worker(g, evicted)
            g.say("inn", evicted, "words.INN_DRIVEN_OUT", other=newcomer)
        s.inn_right, s.inn_left = newcomer, None
        g.say("inn", newcomer, "words.INN_MOVES_IN")
    elif s.inn_right is not None:
        s.decision = _decision(kind="inn", seat=s.inn_right)


def _gate_options(s: State, seat: int) -> list[Action]:
    options = [GATE_BACK]  # R14
    for target in GATE_TARGETS:
        if _can_use_space(s, seat, target):
            options.append(_GATE[target])
    for i in range(cat.ROAD_LENGTH):
        tile = s.road[i]
        if tile is not None and s.workers[i] is None and tile not in _NO_WORKER_TILES:
            options.append(_GATE_ROAD[i])
    return options


def _do_gate(g: _Game, seat: int, action: Action) -> None:
    s = g.s
    g.w("specials")["gate"] = None
    if action is GATE_BACK:
        _return_worker(g, seat)
        g.say("gate", seat, "words.GATE_BACK")
    else:
        target = action.arg
        if target.isdigit():
            args = {"tile": s.road[int(target) - 1], "at": int(target)}
            g.say("gate", seat, "words.GATE_ROAD", args, target=target)
        else:
            g.say("gate", seat, "words.GATE_SPECIAL", {"special": target}, target=target)
        _occupy(g, seat, action.arg)  # R26: a move to the inn is handled by the inn this phase


def _provost_options(s: State, seat: int, pay: bool) -> list[Action]:
    options = [SKIP]
    budget = s.players[seat].deniers if pay else cat.MAX_PROVOST_MOVE
    for d in range(-cat.MAX_PROVOST_MOVE, cat.MAX_PROVOST_MOVE + 1):
        if d and abs(d) <= budget and 1 <= s.provost + d <= cat.ROAD_LENGTH:  # R6
            options.append(_PROVOST[d])
    return options


_PROVOST = {d: A("provost", f"{d:+d}") for d in (-3, -2, -1, 1, 2, 3)}


def _move_provost(g: _Game, seat: int, action: Action, pay: bool) -> None:
    s = g.s
    if action is SKIP:
        g.say("provost", seat, "words.PROVOST_STAYS")
        return
    d = int(action.arg)
    s.provost += d
    if pay:
        g.p(seat).deniers -= abs(d)
        args = {"delta": d, "to": s.provost, "cost": abs(d)}
        g.say("provost", seat, "words.PROVOST_BRIBE", args, delta=d)
    else:
        g.say("provost", seat, "words.PROVOST_MOVES", {"delta": d, "to": s.provost}, delta=d)


def _do_special(g: _Game, seat: int, action: Action) -> None:
    s = g.s
    kind = s.decision.kind  # type: ignore[union-attr]
    s.decision = None
    if kind == "gate":
        _do_gate(g, seat, action)
    elif kind == "guild":
        g.w("specials")["guild"] = None
        _return_worker(g, seat)
        _move_provost(g, seat, action, pay=False)
    elif kind == "joust":
        g.w("specials")["joust"] = None
        _return_worker(g, seat)
        if action is JOUST:
            p = g.p(seat)
            p.deniers -= cat.JOUST_COST_DENIERS
            p.cubes["C"] -= 1
            g.say("joust", seat, "words.JOUST")
            _grant_favor(g, seat, ("words.WHY_JOUST", {}))
    elif kind == "inn":
        if action is INN_LEAVE:
            s.inn_right = None
            _return_worker(g, seat)
            g.say("inn", seat, "words.INN_LEAVES")
        else:
            g.say("inn", seat, "words.INN_STAYS")


# --- phase 4 ---------------------------------------------------------------------------------


def _bribe_step(g: _Game) -> None:
    s = g.s
    if s.cursor >= len(s.passed):
        g.say("phase", None, "words.PROVOST_STANDS", {"at": s.provost})
        _enter_phase(s, 5, 1)
        return
    seat = s.passed[s.cursor]
    s.cursor += 1
    s.decision = _decision(kind="bribe", seat=seat)


# --- phase 5 ---------------------------------------------------------------------------------


def _activation_step(g: _Game) -> None:
    s = g.s
    pos = s.cursor
    if pos > s.provost or pos > cat.ROAD_LENGTH:
        for i in range(s.provost, cat.ROAD_LENGTH):
            seat = s.workers[i]
            if seat is not None:
                g.w("workers")[i] = None
                _return_worker(g, seat)
                g.say("idle", seat, "words.IDLE", {"tile": s.road[i], "at": i + 1})
                _lawyer_after(g, i + 1)  # R7
        _enter_phase(s, 6, 0)
        return
    seat = s.workers[pos - 1]
    if seat is None:  # jump to the next worker, or past the provost
        workers = s.workers
        last = min(s.provost, cat.ROAD_LENGTH)
        while pos <= last and workers[pos - 1] is None:  # bounded: pos grows up to last
            pos += 1
        s.cursor = pos
        return
    tile = TILES[s.road[pos - 1]]  # type: ignore[index]
    effect = tile.effect
    if effect is Effect.PRODUCE:
        if len(tile.produce) == 1:
            _produce(g, seat, pos, tile.produce[0])
        else:
            s.decision = _decision(kind="produce", seat=seat, at=pos)
        return
    kind = _EFFECT_DECISION[effect]
    s.decision = _decision(kind=kind, seat=seat, at=pos, effect=effect.value)


_EFFECT_DECISION = {
    Effect.CARPENTER: "build",
    Effect.MASON: "build",
    Effect.ARCHITECT: "build",
    Effect.LAWYER: "lawyer",
    Effect.MARKET: "sell",
    Effect.PEDDLER: "buy",
    Effect.CHURCH: "church",
    Effect.TAILOR: "tailor",
    Effect.BANK: "bank",
    Effect.ALCHEMIST: "alchemist",
    Effect.JEWELLER: "jeweller",
}


def _produce(g: _Game, seat: int, pos: int, cubes: str) -> None:
    s = g.s
    tile = TILES[s.road[pos - 1]]  # type: ignore[index]
    _take_cubes(g.p(seat), cubes)
    args = {"cubes": cubes, "tile": tile.id, "at": pos}
    g.say("produce", seat, "words.PRODUCE", args, cubes=cubes, at=pos)
    owner = s.owners[pos - 1]
    if tile.owner_bonus and owner is not None and owner != seat:
        s.decision = _decision(kind="owner", seat=owner, at=pos)  # the owner picks the cube
        return
    _finish_activation(g, pos)


def _finish_activation(g: _Game, pos: int) -> None:
    s = g.s
    seat = s.workers[pos - 1]
    if seat is not None:
        g.w("workers")[pos - 1] = None
        _return_worker(g, seat)
    s.decision = None
    s.cursor = pos + 1
    _lawyer_after(g, pos)


def _lawyer_after(g: _Game, pos: int) -> None:
    """R7: a transformation waiting for this building happens now."""
    s = g.s
    for k, (target, seat) in enumerate(s.lawyer_pending):
        if target == pos:
            del g.w("lawyer_pending")[k]
            _transform(g, seat, pos)
            return


def _transform(g: _Game, seat: int, pos: int) -> None:
    s = g.s
    old = s.road[pos - 1]
    assert old is not None
    if TILES[old].kind is Kind.NEUTRAL:
        g.w("discarded").append(old)  # neutral tiles are gone for good
    else:
        stock = g.w("stock")
        stock[old] = stock.get(old, 0) + 1  # craft tiles return to the stock
    g.w("road")[pos - 1] = "residence"
    g.w("owners")[pos - 1] = seat
    g.say("transform", seat, "words.TRANSFORM", {"tile": old, "at": pos}, at=pos, tile=old)


def _lowest_empty_lot(s: State) -> int | None:
    for i, tile in enumerate(s.road):
        if tile is None:
            return i + 1
    return None


def build_cost(tile_id: str, via_favor: bool, effect: Effect) -> str:
    """The cubes a build costs (ANY for a free choice); favor line d discounts (R16)."""
    cost = TILES[tile_id].cost
    if via_favor and effect in cat.FAVOR_DISCOUNT:
        cost = cost.replace(cat.FAVOR_DISCOUNT[effect], "", 1)
    return cost


def _build_options(s: State, seat: int, effect: Effect, via_favor: bool) -> list[Action]:
    options = [SKIP]
    p = s.players[seat]
    kind = cat.BUILDS_KIND[effect]
    if kind is Kind.PRESTIGE:
        homes = [i + 1 for i, t in enumerate(s.road) if t == "residence" and s.owners[i] == seat]
        if not homes:
            return options
        for tile_id, count in s.stock.items():
            if (
                count
                and TILES[tile_id].kind is Kind.PRESTIGE
                and _has_cubes(p, TILES[tile_id].cost)
            ):
                options.extend(A("build", f"{tile_id} @{h}") for h in homes)
        return options
    if _lowest_empty_lot(s) is None:  # R5: no lot left, no craft building
        return options
    for tile_id, count in s.stock.items():
        if not count or TILES[tile_id].kind is not kind:
            continue
        cost = build_cost(tile_id, via_favor, effect)
        if ANY in cost:
            fixed = cost.replace(ANY, "")
            if not _has_cubes(p, fixed):
                continue
            for c in CUBES:
                if _has_cubes(p, fixed + c):
                    options.append(A("build", f"{tile_id} {c}"))
        elif _has_cubes(p, cost):
            options.append(A("build", tile_id))
    return options


def _do_build(g: _Game, seat: int, action: Action, d: Decision) -> None:
    s = g.s
    effect = Effect(d.effect)
    if action is SKIP:
        g.say("skip", seat, "words.BUILDS_NOTHING")
        return
    tile_id, _, extra = action.arg.partition(" ")
    tile = TILES[tile_id]
    p = g.p(seat)
    g.w("stock")[tile_id] -= 1
    if tile.kind is Kind.PRESTIGE:
        pos = int(extra[1:])
        _pay_cubes(p, tile.cost)
        g.w("road")[pos - 1] = tile_id  # replaces the builder's residence (its income is lost)
        paid = tile.cost
    else:
        cost = build_cost(tile_id, d.via_favor, effect)
        paid = cost.replace(ANY, extra)
        _pay_cubes(p, paid)
        pos = _lowest_empty_lot(s)  # type: ignore[assignment]
        g.w("road")[pos - 1] = tile_id
        g.w("owners")[pos - 1] = seat
    args = {"tile": tile_id, "at": pos, "cubes": paid}
    g.say("build", seat, "words.BUILD", args, tile=tile_id, at=pos, paid=paid)
    _gain_pp(g, seat, tile.prestige, ("words.WHY_BUILDING", {"tile": tile_id}))
    for _ in range(tile.favors):
        _grant_favor(g, seat, ("words.WHY_TILE", {"tile": tile_id}))


def _lawyer_options(s: State, seat: int, via_favor: bool) -> list[Action]:
    options = [SKIP]
    p = s.players[seat]
    if p.cubes["C"] < 1 or (not via_favor and p.deniers < 1):  # R17: gold is no denier
        return options
    pending = {t for t, _ in s.lawyer_pending}
    for i, tile in enumerate(s.road):
        if tile is None or tile == "lawyer" or (i + 1) in pending:
            continue
        kind = TILES[tile].kind
        if kind is Kind.NEUTRAL or (kind in (Kind.WOOD, Kind.STONE) and s.owners[i] == seat):
            options.append(A("lawyer", str(i + 1)))
    return options


def _do_lawyer(g: _Game, seat: int, action: Action, d: Decision) -> None:
    s = g.s
    if action is SKIP:
        g.say("skip", seat, "words.TRANSFORMS_NOTHING")
        return
    pos = int(action.arg)
    p = g.p(seat)
    p.cubes["C"] -= 1
    if not d.via_favor:
        p.deniers -= 1
    key = "words.LAWYER_FAVOR" if d.via_favor else "words.LAWYER"
    g.say("lawyer", seat, key, {"tile": s.road[pos - 1], "at": pos}, at=pos)
    _gain_pp(g, seat, cat.LAWYER_PRESTIGE, ("words.WHY_RESIDENCE", {}))
    if s.workers[pos - 1] is not None:
        g.w("lawyer_pending").append((pos, seat))  # R7: waits until that building has acted
        g.say("lawyer", seat, "words.LAWYER_WAITS", {"at": pos}, at=pos)
    else:
        _transform(g, seat, pos)


def _pairs(kinds: tuple[str, ...], size: int) -> list[str]:
    return ["".join(c) for c in combinations_with_replacement(kinds, size)]


_NON_GOLD_2 = _pairs(NON_GOLD, 2)
_NON_GOLD_4 = _pairs(NON_GOLD, 4)


def _use_options(s: State, seat: int, kind: str, pos: int) -> list[Action]:
    """Options of the optional exchange buildings (market, peddler, church ... jeweller)."""
    p = s.players[seat]
    options = [SKIP]
    if kind == "sell":
        options += [A("sell", c) for c in CUBES if p.cubes[c] > 0]  # R12: gold may be sold
    elif kind == "buy":
        tile = TILES[s.road[pos - 1]]  # type: ignore[index]
        if p.deniers >= tile.peddler_price:
            options += [A("buy", c) for c in NON_GOLD]
        if tile.peddler_max >= 2 and p.deniers >= 2:
            options += [A("buy", pair) for pair in _NON_GOLD_2]
    elif kind == "church":
        options += [A("pay", f"{d}d") for d in (2, 4) if p.deniers >= d]
    elif kind == "bank":
        options += [A("pay", f"{d}d") for d in (2, 5) if p.deniers >= d]
    elif kind == "tailor":
        options += [A("pay", "C" * k) for k in (2, 3) if p.cubes["C"] >= k]
    elif kind == "jeweller":
        options += [A("pay", "G" * k) for k in (1, 2) if p.cubes["G"] >= k]
    elif kind == "alchemist" and sum(p.cubes[c] for c in NON_GOLD) >= 2:  # R4: no gold
        options += [A("pay", x) for x in _NON_GOLD_2 if _has_cubes(p, x)]
        options += [A("pay", x) for x in _NON_GOLD_4 if _has_cubes(p, x)]
    return options


USE_REWARDS = {  # kind -> {payment: (prestige, gold)}
    "church": {"2d": (3, 0), "4d": (5, 0)},
    "bank": {"2d": (0, 1), "5d": (0, 2)},
    "tailor": {"CC": (4, 0), "CCC": (6, 0)},
    "jeweller": {"G": (5, 0), "GG": (9, 0)},
}


def _do_use(g: _Game, seat: int, action: Action, d: Decision) -> None:
    s = g.s
    p = g.p(seat)
    kind, pos = d.kind, d.at
    tile_id = s.road[pos - 1]
    if action is SKIP:
        g.say("skip", seat, "words.DOES_NOT_USE", {"tile": tile_id, "at": pos})
        return
    arg = action.arg
    if kind == "sell":
        price = TILES[tile_id].market_price  # type: ignore[index]
        p.cubes[arg] -= 1
        p.deniers += price
        g.say("sell", seat, "words.SELL", {"cube": arg, "price": price, "tile": tile_id})
    elif kind == "buy":
        tile = TILES[tile_id]  # type: ignore[index]
        price = tile.peddler_price * len(arg)
        p.deniers -= price
        _take_cubes(p, arg)
        g.say("buy", seat, "words.BUY", {"cubes": arg, "price": price, "tile": tile_id})
    elif kind == "alchemist":
        _pay_cubes(p, arg)
        gold = len(arg) // 2
        p.cubes["G"] += gold
        g.say("alchemist", seat, "words.ALCHEMIST", {"cubes": arg, "gold": gold})
    else:
        prestige, gold = USE_REWARDS[kind][arg]
        if arg.endswith("d"):
            deniers = int(arg[:-1])
            p.deniers -= deniers
            if gold:
                args = {"deniers": deniers, "gold": gold, "tile": tile_id}
                g.say(kind, seat, "words.BANK", args)
            else:
                g.say(kind, seat, "words.PAY_DENIERS_AT", {"deniers": deniers, "tile": tile_id})
        else:
            _pay_cubes(p, arg)
            g.say(kind, seat, "words.PAY_CUBES_AT", {"cubes": arg, "tile": tile_id})
        if gold:
            p.cubes["G"] += gold
        else:
            _gain_pp(g, seat, prestige, ("words.WHY_TILE", {"tile": tile_id}))


# --- phase 6 ---------------------------------------------------------------------------------


def castle_spaces_left(s: State) -> int:
    return sum(cat.SECTION_SIZES[k] - len(s.castle[k]) for k in range(s.section, 3))


def next_house_section(s: State) -> int | None:
    """The section the next batch builds in: the one under construction, or the next one with
    room when it is full (None once no space is left)."""
    for sec in range(s.section, 3):
        if len(s.castle[sec]) < cat.SECTION_SIZES[sec]:
            return sec
    return None


_CASTLE_DONE = 1000  # cursor value once the castle favor has been granted


def _castle_step(g: _Game) -> None:
    s = g.s
    if s.cursor == _CASTLE_DONE:
        _enter_phase(s, 7, 0)
        return
    if s.cursor < len(s.castle_workers):
        s.decision = _decision(kind="castle", seat=s.castle_workers[s.cursor])
        return
    best, best_seat = 0, None
    for seat in s.castle_workers:  # arrival order: ties go to the earliest arrival
        if s.batches[seat] > best:
            best, best_seat = s.batches[seat], seat
    for seat in s.castle_workers:
        _return_worker(g, seat)
    s.castle_workers = []
    s.batches = [0] * len(s.players)
    s.cursor = _CASTLE_DONE
    if best_seat is not None:  # R21: no favor when nobody delivered a batch
        g.say("castle", best_seat, "words.CASTLE_MOST", {"count": best})
        _grant_favor(g, best_seat, ("words.WHY_MOST_BATCHES", {}))


_BATCHES = [
    A("batch", "F" + x + y)
    for x, y in (("W", "S"), ("W", "C"), ("W", "G"), ("S", "C"), ("S", "G"), ("C", "G"))
]


def _castle_options(s: State, seat: int) -> list[Action]:
    options = [SKIP]
    if castle_spaces_left(s) <= 0:  # R23: no more batches than spaces left
        return options
    p = s.players[seat]
    if p.cubes["F"] < 1:
        return options
    for b in _BATCHES:  # R15: food + two other different kinds (gold allowed)
        if p.cubes[b.arg[1]] and p.cubes[b.arg[2]]:
            options.append(b)
    return options


def _do_castle(g: _Game, seat: int, action: Action) -> None:
    s = g.s
    if action is SKIP:
        if s.batches[seat] == 0:
            if castle_spaces_left(s) > 0:  # R22: no penalty once the castle is full
                _gain_pp(g, seat, -cat.CASTLE_PENALTY, ("words.WHY_NO_BATCH", {}))
            else:
                g.say("castle", seat, "words.CASTLE_FULL")
        s.decision = None
        s.cursor += 1
        return
    p = g.p(seat)
    _pay_cubes(p, action.arg)
    sec = next_house_section(s)  # overflow into the next section; R23 keeps it from None
    assert sec is not None
    g.w("castle")[sec].append(seat)
    g.w("batches")[seat] += 1
    g.say("batch", seat, "words.BATCH", {"cubes": action.arg, "section": sec}, section=sec)
    _gain_pp(g, seat, cat.SECTION_POINTS[sec], ("words.WHY_HOUSE", {"section": sec}))
    # the decision stays with this seat for another batch


# --- phase 7 ---------------------------------------------------------------------------------


def _end_of_turn_step(g: _Game) -> None:
    s = g.s
    if s.cursor == 0:
        step = 2 if s.provost > s.bailiff else 1
        s.bailiff = min(cat.ROAD_LENGTH, s.bailiff + step)
        s.provost = s.bailiff
        args = {"step": step, "to": s.bailiff}
        g.say("bailiff", None, "words.BAILIFF", args, to=s.bailiff)
        s.cursor = 1
        return
    if s.cursor == 1:  # R8: check the section under construction
        sec = s.section
        if s.bailiff >= cat.SECTION_TRIGGERS[sec] or len(s.castle[sec]) >= cat.SECTION_SIZES[sec]:
            _score_section(g, sec)
            s.cursor = 2  # open the columns once its favors are resolved (R9)
        else:
            s.turn += 1
            _enter_phase(s, 1, 0)
            g.say("turn", None, "words.TURN", {"turn": s.turn})
        return
    # cursor 2: the scoring of s.section is fully resolved
    # (a scenario may start with `scored` above `section` to open favor columns early: the cap
    # keeps it in 0-3, and a real game never needs it)
    s.scored = min(s.scored + 1, 3)
    finished = s.section
    s.section += 1
    if s.section >= 3:
        s.over = True
        s.decision = None
        g.say("end", None, "words.GAME_END")
        return
    args = {"section": finished, "columns": open_columns(s)}
    g.say("columns", None, "words.COLUMNS_OPEN", args)
    s.cursor = 1


def _score_section(g: _Game, sec: int) -> None:
    s = g.s
    g.say("scoring", None, "words.SCORING", {"section": sec}, section=sec)
    for seat in s.turn_order:
        houses = s.castle[sec].count(seat)
        pp, favors = cat.section_reward(sec, houses)
        if pp:
            _gain_pp(g, seat, pp, ("words.WHY_NO_HOUSE", {"section": sec}))
        for _ in range(favors):
            _grant_favor(g, seat, ("words.WHY_SCORING", {"section": sec}))


# --- royal favors ----------------------------------------------------------------------------


def open_columns(s: State) -> int:
    return cat.FAVOR_COLUMNS_OPEN[min(s.scored, 2)]


def _grant_favor(g: _Game, seat: int, why: Said) -> None:
    s = g.s
    if s.options.favor_mode == "simplified":  # R19
        _gain_pp(g, seat, cat.SIMPLIFIED_FAVOR_PP, ("words.WHY_SIMPLE_FAVOR", {"why": why}))
        return
    g.say("favor", seat, "words.FAVOR_WON", {"why": why})
    g.w("favor_queue").append(seat)  # R25: resolved one at a time in the order won
    g.w("favor_why").append(english(*why))  # the state keeps it in English (words.favor_reason)


def _next_favor(g: _Game) -> None:
    s = g.s
    seat = g.w("favor_queue").pop(0)
    reasons = g.w("favor_why")
    why = reasons.pop(0) if reasons else ""  # states saved before reasons were kept have none
    if len(s.favor_lines_used[seat]) >= len(cat.FAVOR_LINES):
        g.say("favor", seat, "words.FAVOR_LOST")
        return
    s.decision = _decision(kind="favor", seat=seat, why=why)


def favor_marker_after(s: State, seat: int, line: int) -> int:
    """Where `seat`'s marker on favor line `line` (0-3) stands once this favor advances it."""
    m = s.players[seat].favors[line]
    return m + 1 if m < open_columns(s) else m


def _favor_options(s: State, seat: int) -> list[Action]:
    used = s.favor_lines_used[seat]
    p = s.players[seat]
    options: list[Action] = []
    for li, line in enumerate(cat.FAVOR_LINES):
        if line in used:
            continue
        top = favor_marker_after(s, seat, li)
        if line in ("a", "b"):
            options.append(_FAVOR[line])
        elif line == "c":
            options.append(_FAVOR["c1"])
            if top >= 2:
                options += [_FAVOR["c2W"], _FAVOR["c2S"]]
            if top >= 3:
                options.append(_FAVOR["c3"])
            if top >= 4 and any(p.cubes.values()):
                options.append(_FAVOR["c4"])
            if top >= 5:
                options.append(_FAVOR["c5"])
        else:
            options.append(_FAVOR["d1"])
            for col in range(2, top + 1):
                effect = cat.FAVOR_BUILD_EFFECTS[col]
                if effect is Effect.LAWYER:
                    ok = len(_lawyer_options(s, seat, True)) > 1
                else:
                    ok = len(_build_options(s, seat, effect, True)) > 1
                if ok:
                    options.append(_FAVOR[f"d{col}"])
    return options


_FAVOR = {
    k: A("favor", k)
    for k in ("a", "b", "c1", "c2W", "c2S", "c3", "c4", "c5", "d1", "d2", "d3", "d4", "d5")
}


def _do_favor(g: _Game, seat: int, action: Action) -> None:
    s = g.s
    p = g.p(seat)
    arg = action.arg
    line = arg[0]
    li = cat.FAVOR_LINES.index(line)
    g.w("favor_lines_used")[seat] += line
    before = p.favors[li]
    p.favors[li] = favor_marker_after(s, seat, li)
    s.decision = None
    col = p.favors[li] if line in ("a", "b") else int(arg[1])
    place = "words.FAVOR_PLACE" if p.favors[li] > before else "words.FAVOR_PLACE_STUCK"
    label = (place, {"line": line, "column": col})
    if line == "a":
        _gain_pp(g, seat, cat.FAVOR_PRESTIGE[col - 1], ("words.WHY_FAVOR", {"label": label}))
    elif line == "b":
        amount = cat.FAVOR_DENIERS[col - 1]
        p.deniers += amount
        g.say("favor", seat, "words.FAVOR_DENIERS", {"amount": amount, "label": label})
    elif line == "c":
        if col == 4:
            g.say("favor", seat, "words.FAVOR_EXCHANGE", {"label": label})
            s.decision = _decision(kind="exchange", seat=seat)
            return
        cube = {1: "F", 3: "C", 5: "G"}.get(col) or arg[2]
        p.cubes[cube] += 1
        g.say("favor", seat, "words.FAVOR_CUBE", {"cube": cube, "label": label})
    else:
        if col == 1:
            g.say("favor", seat, "words.FAVOR_NOTHING", {"label": label})
            return
        effect = cat.FAVOR_BUILD_EFFECTS[col]
        g.say("favor", seat, "words.FAVOR_EFFECT", {"effect": effect.value, "label": label})
        kind = "lawyer" if effect is Effect.LAWYER else "build"
        s.decision = _decision(kind=kind, seat=seat, effect=effect.value, via_favor=True)


def _exchange_options(s: State, seat: int) -> list[Action]:
    p = s.players[seat]
    options = [SKIP]
    for give in CUBES:
        if p.cubes[give]:
            options += [A("exchange", f"{give} {pair}") for pair in _NON_GOLD_2]
    return options


def _do_exchange(g: _Game, seat: int, action: Action) -> None:
    s = g.s
    s.decision = None
    if action is SKIP:
        g.say("skip", seat, "words.KEEPS_CUBES")
        return
    give, take = action.arg.split()
    p = g.p(seat)
    p.cubes[give] -= 1
    _take_cubes(p, take)
    g.say("exchange", seat, "words.EXCHANGE", {"cube": give, "cubes": take})


_PHASE_STEPS = (
    None,
    _income,
    _placement_turn,
    _special_step,
    _bribe_step,
    _activation_step,
    _castle_step,
    _end_of_turn_step,
)


# ---------------------------------------------------------------------------------------------
# Decisions: options and resolution
# ---------------------------------------------------------------------------------------------


def _legal(s: State, d: Decision) -> list[Action]:
    kind, seat = d.kind, d.seat
    if kind == "place":
        return _place_options(s, seat)
    if kind == "castle":
        return _castle_options(s, seat)
    if kind == "favor":
        return _favor_options(s, seat)
    if kind == "build":
        return _build_options(s, seat, Effect(d.effect), d.via_favor)
    if kind == "lawyer":
        return _lawyer_options(s, seat, d.via_favor)
    if kind == "bribe":
        return _provost_options(s, seat, pay=True)
    if kind == "guild":
        return _provost_options(s, seat, pay=False)
    if kind == "produce":
        tile = TILES[s.road[d.at - 1]]  # type: ignore[index]
        return [A("take", x) for x in tile.produce]
    if kind == "owner":
        tile = TILES[s.road[d.at - 1]]  # type: ignore[index]
        return [A("take", c) for c in tile.owner_bonus]
    if kind == "gate":
        return _gate_options(s, seat)
    if kind == "joust":
        p = s.players[seat]
        return [SKIP, JOUST] if p.deniers >= 1 and p.cubes["C"] >= 1 else [SKIP]
    if kind == "inn":
        return [INN_STAY, INN_LEAVE]
    if kind == "exchange":
        return _exchange_options(s, seat)
    return _use_options(s, seat, kind, d.at)


def _resolve(g: _Game, action: Action) -> None:
    """Apply a legal `action` for the current decision (already checked)."""
    s = g.s
    d = s.decision
    assert d is not None
    kind, seat = d.kind, d.seat
    if kind == "place":
        _do_place(g, seat, action)
    elif kind in ("gate", "guild", "joust", "inn"):
        _do_special(g, seat, action)
    elif kind == "bribe":
        s.decision = None
        _move_provost(g, seat, action, pay=True)
    elif kind == "castle":
        _do_castle(g, seat, action)
    elif kind == "favor":
        _do_favor(g, seat, action)
    elif kind == "exchange":
        _do_exchange(g, seat, action)
    elif kind == "produce":
        s.decision = None
        _produce(g, seat, d.at, action.arg)
    elif kind == "owner":
        g.p(seat).cubes[action.arg] += 1
        args = {"cube": action.arg, "tile": s.road[d.at - 1], "at": d.at}
        g.say("owner", seat, "words.OWNER_CUBE", args)
        _finish_activation(g, d.at)
    else:
        s.decision = None
        if kind == "build":
            _do_build(g, seat, action, d)
        elif kind == "lawyer":
            _do_lawyer(g, seat, action, d)
        else:
            _do_use(g, seat, action, d)
        if not d.via_favor:
            _finish_activation(g, d.at)


# ---------------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------------

_cache: tuple[State | None, list[Action]] = (None, [])  # the last state's legal actions


def pending(state: State) -> list[PendingDecision]:
    d = state.decision
    if state.over or d is None:
        return []
    return [PendingDecision(seat=d.seat, kind=d.kind, prompt=decision_prompt(state, d))]


def decision_prompt(state: State, d: Decision) -> str:
    """What `d` asks, naming the building and its road position, or what won a favor."""
    if d.kind == "favor" and d.why:
        return f"choose a royal favor (won for {d.why})"
    if not d.at or d.kind not in _PROMPTS_AT:
        return _PROMPTS[d.kind]
    tile = state.road[d.at - 1]
    where = f"{cat.TILES[tile].name} ({d.at})" if tile else f"space {d.at}"
    return _PROMPTS_AT[d.kind].format(where=where)


def legal_actions(state: State, seat: int) -> list[Action]:
    """The actions `seat` may take now (empty when it is not this seat's decision)."""
    global _cache
    d = state.decision
    if state.over or d is None or d.seat != seat:
        return []
    cached_state, cached = _cache
    if cached_state is state:
        return list(cached)
    options = _legal(state, d)
    _cache = (state, options)
    return list(options)


def apply(state: State, action: Action | str, seat: int | None = None) -> tuple[State, list[Event]]:
    """Apply `action` by `seat` (default: whoever must decide). Returns a new state and events.

    Raises GameOver, NotYourDecision, MalformedAction or IllegalAction; `state` is never changed.
    An inconsistent state (see validate_state) may raise BadSetup instead of looping or crashing.
    """
    global _cache
    if isinstance(action, str):
        action = parse(action)
    d = state.decision
    if state.over or d is None:
        raise GameOver("The game is over; no more moves can be made.")
    if seat is not None and seat != d.seat:
        raise NotYourDecision(
            f"It is not your decision: the game waits for seat {d.seat} ({_PROMPTS[d.kind]})."
        )
    cached_state, cached = _cache
    options = cached if cached_state is state else _legal(state, d)
    # Legal actions are interned, so membership is identity (at C speed); an action built some
    # other way is first swapped for its interned twin, or read through its text (_canonical).
    if not any(map(is_, options, repeat(action))):
        action = _canonical(action)
        if not any(map(is_, options, repeat(action))):
            from engine.caylus.explain import why_illegal

            raise IllegalAction.said(*why_illegal(state, d, action, options))
    g = _Game(_copy_model(state))
    _resolve(g, action)
    options = _advance(g)
    _cache = (g.s, options)
    return g.s, g.events


def _canonical(action: object) -> Action:
    """The canonical action an action object stands for (legal actions are interned).

    One built by hand (not by the engine or `parse`) is read as its text, exactly as if that
    text had been typed, so any field values end in a canonical action or a MalformedAction.
    """
    if isinstance(action, Action):
        fields = action.__dict__  # model_construct may have left a field out or set any value
        verb, arg = fields.get("verb"), fields.get("arg", "")
        found = Action.interned(verb, arg)
        if found is not None:
            return found
        if isinstance(verb, str) and isinstance(arg, str):
            return parse(f"{verb} {arg}")
    elif isinstance(action, str):
        return parse(action)
    raise MalformedAction.said("words.NO_ACTION")


def outcome(state: State) -> Outcome | None:
    if not state.over:
        return None
    return final_scores(state)


def final_scores(state: State) -> Outcome:
    """Game points plus the end bonus (3 PP a gold, 1 per 3 other cubes, 1 per 4 d)."""
    breakdown = []
    for p in state.players:
        gold = p.cubes["G"] * cat.END_GOLD_PP
        cubes = sum(p.cubes[c] for c in NON_GOLD) // cat.END_CUBES_PER_PP
        deniers = p.deniers // cat.END_DENIERS_PER_PP
        total = p.prestige + gold + cubes + deniers
        breakdown.append(
            {"game": p.prestige, "gold": gold, "cubes": cubes, "deniers": deniers, "total": total}
        )
    scores = [b["total"] for b in breakdown]
    best = max(scores)
    return Outcome(
        scores=scores, breakdown=breakdown, winners=[i for i, x in enumerate(scores) if x == best]
    )


_PROMPTS: dict[str, str] = {
    "place": "place a worker or pass",
    "gate": "move the worker from the gate",
    "guild": "move the provost with the merchants' guild",
    "joust": "pay 1 d + 1 cloth for a royal favor at the joust field?",
    "inn": "stay in the inn or leave",
    "bribe": "move the provost (1 d a space) or skip",
    "produce": "choose what the building produces",
    "owner": "choose your owner's cube",
    "build": "choose a building to build",
    "lawyer": "choose a building to turn into a residence",
    "sell": "sell a cube at the marketplace",
    "buy": "buy cubes at the peddler",
    "church": "pay deniers for prestige at the church",
    "tailor": "pay cloth for prestige at the tailor",
    "bank": "buy gold at the bank",
    "alchemist": "turn cubes into gold at the alchemist",
    "jeweller": "pay gold for prestige at the jeweller",
    "castle": "deliver a batch to the castle or stop",
    "favor": "choose a royal favor",
    "exchange": "give 1 cube and take 2 (royal favor)",
}
PROMPTS = _PROMPTS
# The same, for a decision at a road building: {where} is its name and position, "Farm (11)".
_PROMPTS_AT: dict[str, str] = {
    "produce": "choose what the {where} produces",
    "owner": "choose your owner's cube from the {where}",
    "build": "choose a building to build with the {where}",
    "lawyer": "choose a building to turn into a residence with the {where}",
    "sell": "sell a cube at the {where}",
    "buy": "buy cubes at the {where}",
    "church": "pay deniers for prestige at the {where}",
    "tailor": "pay cloth for prestige at the {where}",
    "bank": "buy gold at the {where}",
    "alchemist": "turn cubes into gold at the {where}",
    "jeweller": "pay gold for prestige at the {where}",
}
PROMPTS_AT = _PROMPTS_AT


def default_action(state: State, seat: int | None = None) -> Action | None:
    """What a player's clock applies when their time runs out (docs/rules-choices.md).

    Pass in placement; decline every optional effect (skip: no bribe, no build, no purchase, no
    joust, no batch, which costs the castle penalty); the gate's worker goes home; the inn's
    occupant stays (leaving gives up the inn for nothing); a forced choice takes its first legal
    option (production: the first listed product; the owner's cube: the first kind); a favor
    takes the deniers line (b) if it is free in this phase, else the first legal line.
    """
    d = state.decision
    if state.over or d is None:
        return None
    options = legal_actions(state, d.seat)
    preferred = {
        "place": PASS,
        "gate": GATE_BACK,
        "inn": INN_STAY,
        "favor": _FAVOR["b"],
    }.get(d.kind, SKIP)
    return preferred if preferred in options else options[0]


# ---------------------------------------------------------------------------------------------
# Helpers for the bot's warnings: would a worker already placed still have work?
# ---------------------------------------------------------------------------------------------


def can_deliver_batch(cubes: dict[str, int]) -> bool:
    """A castle batch: 1 food and two other different kinds (gold counts as a kind)."""
    return cubes.get("F", 0) >= 1 and sum(1 for c in "WSCG" if cubes.get(c, 0) >= 1) >= 2


def worker_can_work(s: State, seat: int, pos: int) -> bool:
    """Whether `seat`'s worker on the road building at `pos` could do more than skip there,
    with what the seat holds in `s` (a production building always works)."""
    tile_id = s.road[pos - 1]
    if tile_id is None:
        return False
    tile = TILES[tile_id]
    if tile.effect is Effect.PRODUCE:
        return True
    kind = _EFFECT_DECISION.get(tile.effect)
    if kind is None:
        return True
    d = _decision(kind=kind, seat=seat, at=pos, effect=tile.effect.value)
    return any(a is not SKIP for a in _legal(s, d))
