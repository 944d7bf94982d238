"""Consistency of a whole state before play: a record's `start`, a state read from JSON.

Pydantic checks the types; `validate_state` checks that the values fit together the way every
state the engine produces does (the invariants of engine/conformance.py and more), so that the
rules never meet an index out of range, a seat that does not exist or a loop that cannot end.
Documented in docs/record.md. Every state reached in play passes (tests/test_record_validation.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NoReturn

import engine.caylus.catalogue as cat
from engine.caylus.catalogue import CUBES, TILES, Effect, Kind
from engine.caylus.codes import CASTLE_DONE
from engine.caylus.decision_kinds import BY_NAME, FAVOR_PHASES, KINDS
from engine.caylus.state import Decision, State
from engine.errors import BadState, quoted

# Far beyond any game, small enough to print and to compute with.
MAX_AMOUNT = 1_000_000  # deniers, prestige, cubes of a seat
MAX_TURN = 100  # a game lasts about 20 turns: the bailiff moves at least one space a turn

SPECIAL_KEYS = ("gate", "trading", "guild", "joust")

# Decisions of the activation of a building (phase 5): the effects the building may have.
_BUILDING_DECISIONS: dict[str, tuple[Effect, ...]] = {k.name: k.effects for k in KINDS if k.effects}
_SPECIAL_DECISIONS = tuple(k.name for k in KINDS if k.phase == 3)  # gate, guild, joust, inn
# Favors are won at the joust (phase 3), by a building (5), in the castle (6) and at scoring (7).
_FAVOR_DECISIONS = tuple(k.name for k in KINDS if k.phase is None)  # favor, exchange
_NO_WORKERS = (Kind.RESIDENCE, Kind.PRESTIGE)
_EFFECTS = frozenset(effect.value for effect in Effect)


def _bad(reason: str) -> NoReturn:
    raise BadState(f"The game state is not consistent: {reason}.")


def _value(value: object) -> str:
    """A value from the state for a message: a number as it is (unless huge), else quoted."""
    if type(value) is int:
        return str(value) if abs(value) < 10**12 else "a huge number"
    return quoted(value, 24)


def validate_state(s: State) -> None:
    """Raise BadState with a readable reason unless `s` is a state the rules can play on."""
    n = s.options.players
    if len(s.players) != n:
        _bad(f"{len(s.players)} players for a {n}-player game")
    _check_players(s, n)
    _check_seat_lists(s, n)
    _check_board(s, n)
    _check_workers(s)
    _check_progress(s, n)
    _check_decision(s, n)


def _is_seat(value: object, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def _seats(values: Iterable[object], n: int, field: str, *, distinct: bool = True) -> None:
    seen: set[object] = set()
    for value in values:
        if not _is_seat(value, n):
            _bad(f"'{field}' names seat {_value(value)}, but the seats are 0-{n - 1}")
        if distinct and value in seen:
            _bad(f"'{field}' names seat {value} twice")
        seen.add(value)


def _amount(value: int, what: str) -> None:
    if not 0 <= value <= MAX_AMOUNT:
        _bad(f"{what} is {_value(value)}; it must be between 0 and {MAX_AMOUNT}")


def _check_players(s: State, n: int) -> None:
    for seat, p in enumerate(s.players):
        _amount(p.deniers, f"the deniers of seat {seat}")
        _amount(p.prestige, f"the prestige of seat {seat}")
        if sorted(p.cubes) != sorted(CUBES):
            _bad(f"the cubes of seat {seat} must list exactly {', '.join(CUBES)}")
        for cube, count in p.cubes.items():
            _amount(count, f"the {cat.CUBE_NAMES[cube]} of seat {seat}")
        if not 0 <= p.workers <= cat.WORKERS:
            _bad(f"seat {seat} holds {_value(p.workers)} workers; there are {cat.WORKERS}")
        if len(p.favors) != len(cat.FAVOR_LINES) or not all(
            0 <= m <= cat.FAVOR_COLUMNS for m in p.favors
        ):
            _bad(f"the favor markers of seat {seat} must be 4 columns of 0-{cat.FAVOR_COLUMNS}")


def _check_seat_lists(s: State, n: int) -> None:
    if len(s.turn_order) != n or sorted(s.turn_order) != list(range(n)):
        _bad(f"the turn order must list each seat 0-{n - 1} once")
    setup = s.setup
    if setup.turn_order is not None and sorted(setup.turn_order) != list(range(n)):
        _bad(f"the setup's turn order must list each seat 0-{n - 1} once")
    if setup.neutral_order is not None and sorted(setup.neutral_order) != sorted(cat.NEUTRAL_TILES):
        _bad("the setup's neutral order must list the six neutral tiles once each")
    for field in ("favor_lines_used", "batches"):
        if len(getattr(s, field)) != n:
            _bad(f"'{field}' must have one entry per seat ({n})")
    for seat, used in enumerate(s.favor_lines_used):
        if len(set(used)) != len(used) or not set(used) <= set(cat.FAVOR_LINES):
            _bad(f"the favor lines used by seat {seat} must be distinct letters a-d")
    for seat, count in enumerate(s.batches):
        if not 0 <= count <= sum(cat.SECTION_SIZES):
            _bad(f"seat {seat} delivered {_value(count)} batches this turn")
        if count and seat not in s.castle_workers:
            _bad(f"seat {seat} delivered batches without a worker in the castle")
    _seats(s.passed, n, "passed")
    _seats(s.stables, n, "stables")
    _seats(s.castle_workers, n, "castle_workers")
    _seats(s.favor_queue, n, "favor_queue", distinct=False)
    # One event wins a seat at most 3 favors, and a seat uses at most 4 in a phase.
    for seat, count in Counter(s.favor_queue).items():
        if count > len(cat.FAVOR_LINES):
            _bad(f"seat {seat} has {count} royal favors waiting; a phase takes at most 4")
    if s.favor_queue and s.options.favor_mode == "simplified":
        _bad("royal favors are waiting, but simplified favors are prestige, never a choice")
    if len(s.stables) > cat.STABLES_SLOTS or (n == 2 and s.stables):
        _bad("the stables hold at most 3 workers, and none in a 2-player game")
    if sorted(s.specials) != sorted(SPECIAL_KEYS):
        _bad(f"'specials' must list exactly {', '.join(SPECIAL_KEYS)}")
    _seats((v for v in s.specials.values() if v is not None), n, "specials", distinct=False)
    _seats((v for v in (s.inn_left, s.inn_right) if v is not None), n, "inn", distinct=False)
    if len(s.castle) != len(cat.SECTION_SIZES):
        _bad("the castle has 3 sections (Dungeon, Walls, Towers)")
    for sec, houses in enumerate(s.castle):
        _seats(houses, n, "castle", distinct=False)
        if len(houses) > cat.SECTION_SIZES[sec]:
            name = cat.SECTION_NAMES[sec]
            _bad(f"the {name} holds {len(houses)} houses; it has room for {cat.SECTION_SIZES[sec]}")


def _check_board(s: State, n: int) -> None:
    length = cat.ROAD_LENGTH
    road, owners, workers = s.road, s.owners, s.workers
    if not len(road) == len(owners) == len(workers) == length:
        _bad(f"'road', 'owners' and 'workers' have one entry per road position ({length})")
    on_road: Counter[str] = Counter(tile for tile in road if tile is not None)
    for tile, count in on_road.items():
        if tile not in _KIND:
            _bad(f"the road holds an unknown tile {quoted(tile, 30)}")
        if _KIND[tile] is Kind.NEUTRAL and count > 1:
            _bad(f"the {TILES[tile].name} is on the road {count} times")
    for i in range(length):
        at, owner, worker, fixed = road[i], owners[i], workers[i], _FIXED_AT[i]
        if at is None:
            if fixed is not None:
                _bad(f"road position {i + 1} must hold the {TILES[fixed].name}")
            if owner is not None or worker is not None:
                _bad(f"road position {i + 1} is an empty lot, with no owner and no worker")
            continue
        kind = _KIND[at]
        if (fixed is not None or kind is Kind.FIXED) and at != fixed:
            _bad(f"the fixed buildings stand on 7, 8 and 16 only (road position {i + 1})")
        if kind is Kind.NEUTRAL and i >= len(cat.NEUTRAL_TILES):
            _bad(f"neutral buildings stand on road positions 1-6 only (position {i + 1})")
        if owner is not None and (
            not _is_seat(owner, n) or kind is Kind.NEUTRAL or kind is Kind.FIXED
        ):
            _bad(f"road position {i + 1} cannot be owned by seat {owner}")
        if worker is not None and (not _is_seat(worker, n) or kind in _NO_WORKERS):
            _bad(f"road position {i + 1} cannot hold a worker of seat {worker}")
    tile_set = cat.TILE_SETS[s.options.tile_set]
    for tile, count in s.stock.items():
        if _KIND.get(tile) not in _BUILDABLE:
            _bad(f"the stock lists {quoted(tile, 30)}, which is not a building to build")
        # at most the tile set's count (scenarios may put a second copy on the road)
        if not 0 <= count <= tile_set.get(tile, 0):
            _bad(
                f"{count} {TILES[tile].name} tiles in stock; the {s.options.tile_set} tile set "
                f"has {tile_set.get(tile, 0)}"
            )
    for tile in on_road:
        if _KIND[tile] in _BUILDABLE and tile not in tile_set:
            _bad(f"the {TILES[tile].name} is on the road but not in the {s.options.tile_set} set")
    for tile in s.discarded:
        if tile not in cat.NEUTRAL_TILES or on_road[tile] or s.discarded.count(tile) > 1:
            _bad(f"'discarded' lists {quoted(tile, 30)}: only neutral tiles off the road, once")
    pending_positions: set[int] = set()
    for position, seat in s.lawyer_pending:
        if not 1 <= position <= length or not _is_seat(seat, n):
            _bad("a waiting transformation names a road position 1-28 and a seat")
        if workers[position - 1] is None or position in pending_positions:
            _bad(f"a transformation waits on road position {position}, where no worker waits")
        pending_positions.add(position)
    if not (1 <= s.bailiff <= length and 1 <= s.provost <= length):
        _bad(f"the bailiff and the provost stand on road positions 1-{length}")


def _check_workers(s: State) -> None:
    """Every seat owns 6 workers: in hand or somewhere on the board (as conformance checks)."""
    on_board = Counter(w for w in s.workers if w is not None)
    on_board.update(w for w in s.specials.values() if w is not None)
    on_board.update(s.stables)
    on_board.update(s.castle_workers)
    on_board.update(w for w in (s.inn_left, s.inn_right) if w is not None)
    for seat, p in enumerate(s.players):
        if p.workers + on_board[seat] != cat.WORKERS:
            _bad(
                f"seat {seat} has {p.workers} workers in hand and {on_board[seat]} on the board; "
                f"together they must be {cat.WORKERS}"
            )


_KIND = {tile.id: tile.kind for tile in TILES.values()}
_BUILDABLE = (Kind.WOOD, Kind.STONE, Kind.PRESTIGE)
_FIXED_AT = [cat.FIXED_POSITIONS.get(i + 1) for i in range(cat.ROAD_LENGTH)]


def _check_progress(s: State, n: int) -> None:
    if not 1 <= s.turn <= MAX_TURN:
        _bad(f"the turn is {_value(s.turn)}; it must be 1-{MAX_TURN}")
    if not 1 <= s.phase <= 7:
        _bad(f"the phase is {_value(s.phase)}; it must be 1-7")
    if not 0 <= s.scored <= 3 or not 0 <= s.section <= 3:
        _bad("'section' and 'scored' are 0-3")
    if s.over != (s.section == 3):
        _bad("the game is over exactly when the Towers (section 3) are done")
    phase, cursor = s.phase, s.cursor
    last = {
        1: 0,
        2: n - 1,
        3: len(cat.SPECIALS),
        4: len(s.passed),
        5: cat.ROAD_LENGTH + 1,
        6: len(s.castle_workers),
        7: 2,
    }[phase]
    first = 1 if phase == 5 else 0  # phase 5 walks the road from position 1
    if not (first <= cursor <= last or (phase == 6 and cursor == CASTLE_DONE)):
        _bad(f"the cursor is {_value(cursor)}; in phase {phase} it must be {first}-{last}")
    # What phase 2 placed stays on the board until its phase clears it.
    if phase == 2 and len(s.passed) >= n:
        _bad("everyone has passed, yet the placement phase goes on")
    if phase > 2 and len(s.passed) != n:
        _bad(f"after phase 2 every seat has passed, once each ({n} seats)")
    if phase not in (2, 3) and (
        any(v is not None for v in s.specials.values()) or s.stables or s.inn_left is not None
    ):
        _bad(f"the special buildings act in phase 3; in phase {phase} they hold no workers")
    if phase not in (2, 3, 4, 5) and any(w is not None for w in s.workers):
        _bad(f"the road's workers go home in phase 5; in phase {phase} none are left")
    if phase == 7 and s.castle_workers:
        _bad("the castle's workers go home in phase 6")


def _check_decision(s: State, n: int) -> None:
    d = s.decision
    if s.over:
        if d is not None:
            _bad("the game is over, yet a decision is pending")
        return
    if d is None:
        _bad("the game is not over, so a decision must be pending")
    if d.kind not in BY_NAME:
        _bad(f"unknown decision kind {quoted(d.kind, 20)}")
    if not _is_seat(d.seat, n):
        _bad(f"the decision is for seat {d.seat}, but the seats are 0-{n - 1}")
    if d.effect and d.effect not in _EFFECTS:
        _bad(f"unknown effect {quoted(d.effect, 20)} in the decision")
    if d.via_favor:
        _check_favor_effect(s, d)
    elif d.kind in _FAVOR_DECISIONS:
        if s.phase not in FAVOR_PHASES or s.options.favor_mode == "simplified":
            _bad(f"a {d.kind} decision only follows a royal favor (full favors)")
        if d.kind == "favor" and len(s.favor_lines_used[d.seat]) >= len(cat.FAVOR_LINES):
            _bad(f"seat {d.seat} has a favor to choose but used all four lines this phase")
    elif d.kind in _BUILDING_DECISIONS:
        _check_activation(s, d)
    elif d.kind in _SPECIAL_DECISIONS:
        holder = s.inn_right if d.kind == "inn" else s.specials.get(d.kind)
        if s.phase != 3 or holder != d.seat or (d.kind == "inn" and s.inn_left is not None):
            _bad(f"a {d.kind} decision is for the worker there in phase 3")
    elif d.kind == "place":
        if s.phase != 2 or s.turn_order[s.cursor] != d.seat or d.seat in s.passed:
            _bad("the placement decision is for the seat at the cursor, who has not passed")
    elif d.kind == "bribe":
        if s.phase != 4 or s.cursor < 1 or s.passed[s.cursor - 1] != d.seat:
            _bad("the bribe decision is for the seat at the cursor in passing order (phase 4)")
    elif d.kind == "castle":
        workers = s.castle_workers
        if s.phase != 6 or s.cursor >= len(workers) or workers[s.cursor] != d.seat:
            _bad("the castle decision is for the castle worker at the cursor (phase 6)")


def _check_favor_effect(s: State, d: Decision) -> None:
    """A favor of line d (columns 2-5) lends a building's effect: build or lawyer."""
    wanted = (
        (Effect.LAWYER,)
        if d.kind == "lawyer"
        else (Effect.CARPENTER, Effect.MASON, Effect.ARCHITECT)
        if d.kind == "build"
        else ()
    )
    if d.effect not in wanted or d.at != 0 or s.phase not in FAVOR_PHASES:
        _bad("a favor's building effect is a build or lawyer decision with its effect")
    if s.options.favor_mode == "simplified":
        _bad("simplified favors are prestige, never a building effect")


def _check_activation(s: State, d: Decision) -> None:
    """Phase 5: the decision of the building at the cursor, for its worker (or owner)."""
    at = d.at
    if s.phase != 5 or not 1 <= at <= cat.ROAD_LENGTH or s.cursor != at:
        _bad(f"a {d.kind} decision belongs to the building at the cursor in phase 5")
    tile = s.road[at - 1]
    if tile is None or TILES[tile].effect not in _BUILDING_DECISIONS[d.kind]:
        _bad(f"the building on {at} cannot make a {d.kind} decision")
    found = TILES[tile]
    if d.kind == "owner":
        if not found.owner_bonus or s.owners[at - 1] != d.seat:
            _bad(f"an owner decision is for the owner of a stone production building ({at})")
        return
    if s.workers[at - 1] != d.seat:
        _bad(f"the {d.kind} decision on {at} is for the worker there")
    if d.kind == "produce" and not found.produce:
        _bad(f"the building on {at} produces nothing")
    if d.kind == "build" and d.effect != found.effect.value:
        _bad(f"the build decision on {at} must carry the {found.effect.value}'s effect")
