"""Magna Carta's moves as actions, and the working context of one `apply` (`Play`): the state
being built, copied on first write, and the events it produced; drawing and reshuffling cards
(M11). The phases (engine/magna_carta/phases.py, activation.py) work on a `Play`;
engine/magna_carta/rules.py runs them.
"""

from __future__ import annotations

import random
from typing import Any, Final

import engine.magna_carta.catalogue as cat
from engine.events import Event
from engine.magna_carta.actions import ROAD_MAX, Action
from engine.magna_carta.explain import free_residences
from engine.magna_carta.state import Options, Player, State

A = Action.of
PASS, DRAW, SWAP, SKIP, KEEP, REDRAW = (
    A("pass"),
    A("draw"),
    A("swap"),
    A("skip"),
    A("keep"),
    A("redraw"),
)
PLACE: Final = [A("place", str(i + 1)) for i in range(ROAD_MAX)]  # by road index
PROVOST: Final = {k: A("provost", f"{k:+d}") for k in (-3, -2, -1, 1, 2, 3)}
BUY_ONE: Final = [A("buy", c) for c in cat.NON_GOLD]
BUY_TWO: Final = [A("buy", a + b) for i, a in enumerate(cat.NON_GOLD) for b in cat.NON_GOLD[i:]]
SELL: Final = [A("sell", c) for c in cat.CUBES]
TRADE: Final = [A("trade", c) for c in cat.CUBES]
DELIVER: Final = [(counts, A("deliver", cat.cube_text(counts))) for counts in cat.BATCHES]
# build options per card: (payment counts, action), fewest gold first
BUILD: Final = {
    c.id: [(p, A("build", f"{c.id} {cat.cube_text(p)}")) for p in cat.PAYMENTS[c.cost]]
    for c in cat.PLAYER_CARDS
}
PRESTIGE_BEGINNER: Final = {
    c.id: [(p, A("prestige", f"{c.id} {cat.cube_text(p)}")) for p in cat.PAYMENTS[c.cost]]
    for c in cat.PRESTIGE_CARDS
}
LAWYER_PAYMENTS: Final = (("F", 0), ("G", cat.GOLD))  # M15: gold may pay the residence's food


# ---------------------------------------------------------------------------------------------
# The working context of one `apply`: the state being built and the events it produced.
# ---------------------------------------------------------------------------------------------


class _PhaseNumbers:
    """The phase numbers of the last game options seen (a game's states share one options
    object, so this spares reading the pydantic model's variant for every action)."""

    __slots__ = ("numbers", "options")

    def __init__(self) -> None:
        self.options: object = None
        self.numbers: dict[int, int] = {}


_PHASES: Final = _PhaseNumbers()


def _phase_numbers(options: Options) -> dict[int, int]:
    """`cat.PHASE_NUMBERS` of the variant of `options` (options are frozen)."""
    last = _PHASES
    if last.options is not options:
        last.numbers = cat.PHASE_NUMBERS[options.variant]
        last.options = options
    return last.numbers


class Play:
    """One `apply` at work. The new state starts as a shallow copy of the old one; every list
    the rules change is first taken through `w(name)` (copied on first write) and every player
    through `p(seat)`, so the old state is never touched and an action copies only what it
    changes."""

    __slots__ = ("events", "own_players", "owned", "phases", "players", "s")

    def __init__(self, state: State) -> None:
        self.s = state
        self.events: list[Event] = []
        # field name -> the new state's own copy of that list; the players list is always
        # copied (nearly every action changes a player, and it is short), a player on first use
        self.players = state.players = state.players.copy()
        self.owned: dict[str, list[Any]] = {}  # `players` is owned already (see `w`)
        self.own_players: list[Player | None] = [None] * len(self.players)  # cloned by `p`
        self.phases = _phase_numbers(state.options)

    def w(self, name: str) -> Any:
        """The list field `name` of the new state, safe to change (copied on first use)."""
        if name == "players":
            return self.players
        found = self.owned.get(name)
        if found is None:
            # a fresh copy: no cache holds it (a cache holds its lists, so no new list has the
            # id of one it knows), so nothing to forget until it is handed out again
            current: list[Any] = getattr(self.s, name)
            found = self.owned[name] = current.copy()
            setattr(self.s, name, found)
        elif name in _ROAD_STATE:
            forget_road(name)  # about to change again: the cached road reads may not hold
        return found

    def put(self, name: str, value: list[Any]) -> None:
        """Replace the list field `name` of the new state by `value` (owned from now on: a
        later `w(name)` in this apply must change this list, not the one it replaced)."""
        self.owned[name] = value
        setattr(self.s, name, value)
        if name in _ROAD_STATE:
            forget_road(name)

    def p(self, seat: int) -> Player:
        found = self.own_players[seat]
        if found is None:
            players = self.players
            found = self.own_players[seat] = players[seat] = players[seat].clone()
        return found

    def say(
        self,
        kind: str,
        seat: int | None,
        key: str,
        args: dict[str, Any] | None = None,
        other: int | None = None,
        **data: Any,
    ) -> None:
        """An event: `key` names its sentence in engine/magna_carta/mc_words.py, `args` its
        values (public ones only: a hand's new cards stay in `data["private"]`)."""
        s = self.s
        phase = self.phases[s.stage]
        self.events.append(Event(kind, seat, "", 0, other, data or None, s.round, phase, key, args))


# the lists the caches of road reads (free cards, free residences) depend on
_ROAD_STATE: Final = frozenset(("workers", "flipped", "owners", "covers"))


# ---------------------------------------------------------------------------------------------
# Cards: drawing and reshuffling (M11)
# ---------------------------------------------------------------------------------------------


def _reshuffle(g: Play, seat: int, p: Player) -> None:
    """The whole discard pile becomes the new draw pile, shuffled by a generator seeded from the
    game's seed, the seat and how often this pile was reshuffled before (recorded in the state,
    so a replay or a saved state reshuffles the same way)."""
    pile = list(p.discard)
    rng = random.Random(f"magna-carta/{g.s.setup.seed}/{seat}/{p.shuffles}")
    rng.shuffle(pile)
    p.deck = pile
    p.discard = []
    p.shuffles += 1
    g.say("shuffle", seat, "mc_words.SHUFFLE", {"count": len(pile)})


def draw(g: Play, seat: int, count: int) -> list[str]:
    """Draw up to `count` cards (fewer only when the draw and discard piles are both empty)."""
    p = g.p(seat)
    drawn = p.deck[:count]
    p.deck = p.deck[count:]
    if len(drawn) < count and p.discard:
        _reshuffle(g, seat, p)
        more = count - len(drawn)
        drawn += p.deck[:more]
        p.deck = p.deck[more:]
    p.hand = p.hand + drawn
    return drawn


def swap_hand(g: Play, seat: int) -> tuple[list[str], list[str]]:
    """M11: the hand goes face up onto the discard pile, then as many cards are drawn (a
    reshuffle, if needed, includes the hand just discarded)."""
    p = g.p(seat)
    discarded = p.hand
    p.hand = []
    p.discard = p.discard + discarded
    return discarded, draw(g, seat, len(discarded))


def private_cards(seat: int, cards: list[str]) -> dict[int, dict[str, list[str]]]:
    return {seat: {"cards": list(cards)}}


# --- the road cards without a worker, cached (they are read for every option list) ----------


_NO_PLACES: Final[tuple[list[int | None], list[bool], list[Action]]] = ([], [], [])
_places = _NO_PLACES  # the free cards of one pair of lists (workers, flipped)


def free_cards(s: State) -> list[Action]:
    """`place` actions of the road cards without a worker that are no residence.

    Cached for one pair of list objects: a finished state never changes its lists, and the
    lists of the state under construction change only through `Play.w`/`put`, which drop the
    cache when they hand out a list it may hold (so it never outlives a change). The cache holds
    the lists, so their ids stay theirs.
    """
    global _places
    workers, flipped, found = _places
    if workers is s.workers and flipped is s.flipped:
        return found
    found = [
        action
        for action, worker, residence in zip(PLACE, s.workers, s.flipped)  # noqa: B905
        if worker is None and not residence  # never on a residence
    ]
    _places = (s.workers, s.flipped, found)
    return found


_NO_HOMES: Final[tuple[list[int | None], list[bool], list[str | None], dict[int, list[int]]]] = (
    [],
    [],
    [],
    {},
)
_homes = _NO_HOMES  # seat -> its free residences, for one triple (owners, flipped, covers)


def free_homes(s: State, seat: int) -> list[int]:
    """`explain.free_residences(s, seat)` (read-only), cached like `free_cards` for one triple
    of list objects: the residences a prestige building may go on, read for every option list
    of a seat with three cubes."""
    global _homes
    owners, flipped, covers, by_seat = _homes
    if owners is not s.owners or flipped is not s.flipped or covers is not s.covers:
        by_seat = {}
        _homes = (s.owners, s.flipped, s.covers, by_seat)
    found = by_seat.get(seat)
    if found is None:
        found = by_seat[seat] = free_residences(s, seat)
    return found


def forget_road(name: str) -> None:
    """Drop the cached road reads that depend on the list field `name` (one of _ROAD_STATE):
    the free cards on `workers` and `flipped`, the free residences on `owners`, `flipped` and
    `covers`."""
    global _places, _homes
    if name != "workers":
        _homes = _NO_HOMES
    if name == "workers" or name == "flipped":
        _places = _NO_PLACES


def pay(p: Player, payment: str) -> None:
    cubes = p.cubes
    for c in payment:
        cubes[cat.CUBE_INDEX[c]] -= 1
