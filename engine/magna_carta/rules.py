"""The Magna Carta rules: new_game, pending, legal_actions, apply, outcome, default_action.

`apply` copies the state, applies one decision, then runs every automatic step (income, free
gains, decisions with exactly one legal option) until a player must decide or the game ends.
The project's binding rulings are cited as M1..M19 (docs/magna-carta-rules-choices.md).
"""

from __future__ import annotations

import random
from itertools import repeat
from operator import is_
from typing import Any

import engine.magna_carta.catalogue as cat
import engine.magna_carta.mc_words as mc_words
from engine.errors import BadSetup, GameOver, IllegalAction, NotYourDecision
from engine.magna_carta.actions import ROAD_MAX, Action, coerce
from engine.magna_carta.catalogue import CARDS, Effect
from engine.magna_carta.explain import card_said, free_residences, why_illegal
from engine.magna_carta.state import Decision, Options, Player, Setup, State, decision
from engine.protocol import Event, Outcome, PendingDecision
from engine.wording import Said, english

A = Action.of
PASS, DRAW, SWAP, SKIP, KEEP, REDRAW = (
    A("pass"),
    A("draw"),
    A("swap"),
    A("skip"),
    A("keep"),
    A("redraw"),
)
PLACE = [A("place", str(i + 1)) for i in range(ROAD_MAX)]  # by road index
PROVOST = {k: A("provost", f"{k:+d}") for k in (-3, -2, -1, 1, 2, 3)}
BUY_ONE = [A("buy", c) for c in cat.NON_GOLD]
BUY_TWO = [A("buy", a + b) for i, a in enumerate(cat.NON_GOLD) for b in cat.NON_GOLD[i:]]
SELL = [A("sell", c) for c in cat.CUBES]
TRADE = [A("trade", c) for c in cat.CUBES]
DELIVER = [(counts, A("deliver", cat.cube_text(counts))) for counts in cat.BATCHES]
# build options per card: (payment counts, action), fewest gold first
BUILD = {
    c.id: [(p, A("build", f"{c.id} {cat.cube_text(p)}")) for p in cat.PAYMENTS[c.cost]]
    for c in cat.PLAYER_CARDS
}
PRESTIGE_BEGINNER = {
    c.id: [(p, A("prestige", f"{c.id} {cat.cube_text(p)}")) for p in cat.PAYMENTS[c.cost]]
    for c in cat.PRESTIGE_CARDS
}
LAWYER_PAYMENTS = (("F", 0), ("G", cat.GOLD))  # M15: gold may pay the residence's food

PROMPTS: dict[str, str] = mc_words.DECISIONS  # one per decision kind, and "redraw"


# ---------------------------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------------------------


def new_game(options: Options | None = None, setup: Setup | None = None) -> State:
    """A new game at its first decision (every player's opening hand). Whatever `setup` does not
    fix is drawn from its seed; the state's setup records it all, so a replay never re-draws."""
    options = options or Options()
    setup = setup or Setup(seed=0)
    n, variant = options.players, options.variant
    explicit = setup.neutral is not None and setup.start_player is not None and setup.decks
    if setup.seed is None and not explicit:
        raise BadSetup(
            "A new game needs a seed, or an explicit neutral road, start player and decks."
        )
    seed = setup.seed if setup.seed is not None else 0
    rng = random.Random(seed)  # a private generator: the engine never uses global random
    neutral = _neutral_road(setup.neutral, n, rng)
    if setup.start_player is None:
        start = rng.randrange(n)
    elif isinstance(setup.start_player, int) and 0 <= setup.start_player < n:
        start = setup.start_player
    else:
        raise BadSetup(f"The start player must be a seat from 0 to {n - 1}.")
    decks = _decks(setup.decks, n, variant, rng)
    recorded = Setup(seed=seed, neutral=neutral, start_player=start, decks=decks)
    players = [
        Player(
            deniers=cat.START_DENIERS,
            cubes=list(cat.START_CUBES),
            workers=cat.WORKERS,
            hand=deck[: cat.HAND_SIZE],
            deck=deck[cat.HAND_SIZE :],
            discard=[],
            tokens=[0, 0, 0],
            prestige=[],
        )
        for deck in decks
    ]
    return State(
        options=options,
        setup=recorded,
        round=1,
        stage=0,
        cursor=0,
        start_player=start,
        players=players,
        road=list(neutral),
        owners=[None] * len(neutral),
        flipped=[False] * len(neutral),
        covers=[None] * len(neutral),
        stored=[0] * len(neutral),
        workers=[None] * len(neutral),
        provost=len(neutral) - 1 if variant == "standard" else -1,  # on the Peddler
        tokens=cat.tokens_at_start(n),
        prestige_supply=list(cat.PRESTIGE_SUPPLY[variant]),
        passed=[],
        decision=None,
        waiting=list(range(n)),  # every player decides on their opening hand at once
        due_flips=[],
        delivered=[0] * n,
        last_round=False,
        over=False,
    )


def _neutral_road(given: list[str] | None, n: int, rng: random.Random) -> list[str]:
    if given is None:
        others = list(cat.OTHER_NEUTRALS)
        rng.shuffle(others)
        return [*others[: n - 1], cat.FIRST_NEUTRAL]
    others = given[:-1]
    if (
        len(given) != n
        or given[-1] != cat.FIRST_NEUTRAL
        or len(set(others)) != len(others)
        or not set(others) <= set(cat.OTHER_NEUTRALS)
    ):
        raise BadSetup(
            f"The neutral road of a {n}-player game is {n - 1} different cards of "
            f"{', '.join(cat.OTHER_NEUTRALS)} followed by {cat.FIRST_NEUTRAL}."
        )
    return list(given)


def _decks(given: list[list[str]] | None, n: int, variant: str, rng: random.Random) -> list:
    cards = cat.DECKS[variant]
    if given is None:
        decks = []
        for _ in range(n):
            deck = list(cards)
            rng.shuffle(deck)
            decks.append(deck)
        return decks
    if len(given) != n or any(sorted(d) != sorted(cards) for d in given):
        raise BadSetup(
            f"The decks must be {n} orders (one per seat) of the {len(cards)} cards of the "
            f"{variant} deck: {', '.join(cards)}."
        )
    return [list(d) for d in given]


# ---------------------------------------------------------------------------------------------
# The working context of one `apply`: the state being built and the events it produced.
# ---------------------------------------------------------------------------------------------


class _Game:
    """One `apply` at work. The new state starts as a shallow copy of the old one; every list
    the rules change is first taken through `w(name)` (copied on first write) and every player
    through `p(seat)`, so the old state is never touched and an action copies only what it
    changes."""

    __slots__ = ("events", "owned", "phases", "s")

    def __init__(self, state: State) -> None:
        self.s = state
        self.events: list[Event] = []
        # field name or seat -> the new state's own copy; the players list is always copied
        # (nearly every action changes a player, and it is short)
        players = state.players = state.players.copy()
        self.owned: dict[object, Any] = {"players": players}
        self.phases = cat.PHASE_NUMBERS[state.options.variant]

    def w(self, name: str) -> Any:
        """The list field `name` of the new state, safe to change (copied on first use)."""
        found = self.owned.get(name)
        if found is None:
            found = self.owned[name] = getattr(self.s, name).copy()
            setattr(self.s, name, found)
        if name in _ROAD_STATE:
            _forget_places()  # about to change: the cached free cards may not hold any more
        return found

    def put(self, name: str, value: list[Any]) -> None:
        """Replace the list field `name` of the new state by `value` (owned from now on: a
        later `w(name)` in this apply must change this list, not the one it replaced)."""
        self.owned[name] = value
        setattr(self.s, name, value)
        if name in _ROAD_STATE:
            _forget_places()

    def p(self, seat: int) -> Player:
        owned = self.owned
        found = owned.get(seat)
        if found is None:
            players = owned["players"]
            found = owned[seat] = players[seat] = players[seat].clone()
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
        self.events.append(
            Event(kind, seat, "", 0, other, data or None, s.round, phase, key, args)  # type: ignore[arg-type]
        )


_ROAD_STATE = frozenset(("workers", "flipped"))  # the lists the free-card cache depends on


def _advance(g: _Game) -> list[Action]:
    """Run automatic steps until a real decision (2+ options) or the end. Returns its options
    (empty for the simultaneous opening-hand decision and at the end)."""
    s = g.s
    while True:
        if s.over or s.waiting:
            return []
        d = s.decision
        if d is not None:
            options = _legal(s, d)
            if len(options) > 1:
                return options
            first = len(g.events)
            _resolve(g, d.seat, d, options[0])  # M18: a forced move makes itself
            for event in g.events[first:]:
                event.data = {**(event.data or {}), "forced": True}
            continue
        _STEPS[s.stage](g)


# ---------------------------------------------------------------------------------------------
# Phase 0: opening hands
# ---------------------------------------------------------------------------------------------


def _do_opening(g: _Game, seat: int, action: Action) -> None:
    waiting = g.w("waiting")
    waiting.remove(seat)
    if action is REDRAW:
        discarded, drawn = _swap_hand(g, seat)
        g.say(
            "redraw",
            seat,
            "mc_words.REDRAW",
            {"cards": list(discarded)},
            discarded=list(discarded),
            private=_private_cards(seat, drawn),
        )
    else:
        g.say("keep", seat, "mc_words.KEEP")


def _setup_done(g: _Game) -> None:
    g.s.stage = 1
    g.say("round", None, "mc_words.ROUND", {"round": 1}, round=1)


# ---------------------------------------------------------------------------------------------
# Cards: drawing and reshuffling (M11)
# ---------------------------------------------------------------------------------------------


def _reshuffle(g: _Game, seat: int, p: Player) -> None:
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


def _draw(g: _Game, seat: int, count: int) -> list[str]:
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


def _swap_hand(g: _Game, seat: int) -> tuple[list[str], list[str]]:
    """M11: the hand goes face up onto the discard pile, then as many cards are drawn (a
    reshuffle, if needed, includes the hand just discarded)."""
    p = g.p(seat)
    discarded = p.hand
    p.hand = []
    p.discard = p.discard + discarded
    return discarded, _draw(g, seat, len(discarded))


def _private_cards(seat: int, cards: list[str]) -> dict[int, dict[str, list[str]]]:
    return {seat: {"cards": list(cards)}}


# ---------------------------------------------------------------------------------------------
# Phase 1: income
# ---------------------------------------------------------------------------------------------


def incomes(s: State) -> list[int]:
    """Income by seat: 2 d; standard game: +1 per own residence not covered, +1 the Hotel."""
    amounts = [cat.BASE_INCOME] * len(s.players)
    if s.options.variant == "standard":
        for i, owner in enumerate(s.owners):
            if owner is not None and s.flipped[i]:
                cover = s.covers[i]
                if cover is None:
                    amounts[owner] += cat.RESIDENCE_INCOME
                elif cover == cat.HOTEL:
                    amounts[owner] += cat.HOTEL_INCOME
    return amounts


def _income(g: _Game) -> None:
    s = g.s
    n = len(s.players)
    amounts = incomes(s)
    for k in range(n):
        seat = (s.start_player + k) % n
        g.p(seat).deniers += amounts[seat]
        amount = amounts[seat]
        g.say("income", seat, "mc_words.INCOME", {"amount": amount}, deniers=amount)
    g.put("passed", [])
    s.stage = 2
    s.cursor = s.start_player
    s.decision = decision("action", s.start_player)


# ---------------------------------------------------------------------------------------------
# Phase 2: actions
# ---------------------------------------------------------------------------------------------


def _action_options(s: State, seat: int) -> list[Action]:
    p = s.players[seat]
    options = [PASS]
    if p.deniers >= cat.ACTION_COST:
        if p.deck or p.discard:
            options.append(DRAW)
        if p.hand:
            options.append(SWAP)
        if p.workers:
            options += _free_cards(s)
    f, w, st, gold = p.cubes
    # no cost has more than 8 cubes, so more of a kind make no difference (a bounded cache)
    stock = (f if f < 8 else 8, w if w < 8 else 8, st if st < 8 else 8, gold if gold < 8 else 8)
    if f or w or st or gold:
        payable = _PAYABLE
        for card in p.hand:
            found = payable.get((card, stock))
            options += found if found is not None else _payable(BUILD, card, stock)
        if sum(stock) >= 3:  # the cheapest prestige building costs 3 cubes
            options += _prestige_options(s, seat, stock)
    return options


_NO_PLACES: tuple[list[int | None], list[bool], list[Action]] = ([], [], [])
_places = _NO_PLACES  # the free cards of one pair of lists (workers, flipped)


def _free_cards(s: State) -> list[Action]:
    """`place` actions of the road cards without a worker that are no residence.

    Cached for one pair of list objects: a finished state never changes its lists, and the
    lists of the state under construction change only through `_Game.w`/`put`, which drop the
    cache (so it never outlives a change). The cache holds the lists, so their ids stay theirs.
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


def _forget_places() -> None:
    global _places
    _places = _NO_PLACES


_PAYABLE: dict[tuple[str, tuple[int, ...]], list[Action]] = {}


def _payable(
    table: dict[str, list[tuple[tuple[int, int, int, int], Action]]],
    card: str,
    stock: tuple[int, int, int, int],
) -> list[Action]:
    """The actions of `table[card]` whose payment `stock` (F W S G, capped at 8) can make;
    cached, since the same few stocks come up again and again."""
    key = (card, stock)
    found = _PAYABLE.get(key)
    if found is None:
        f, w, st, gold = stock
        found = _PAYABLE[key] = [
            action
            for (pf, pw, ps, pg), action in table[card]
            if pf <= f and pw <= w and ps <= st and pg <= gold
        ]
    return found


def _prestige_options(s: State, seat: int, stock: tuple[int, int, int, int]) -> list[Action]:
    options: list[Action] = []
    if s.options.variant == "beginner":
        for card in s.prestige_supply:
            options += _payable(PRESTIGE_BEGINNER, card, stock)
        return options
    if True not in s.flipped:
        return options
    homes = free_residences(s, seat)
    if not homes:
        return options  # standard game: a prestige building needs a free own residence (M13)
    for card in s.prestige_supply:
        for action in _payable(PRESTIGE_BEGINNER, card, stock):
            pay = action.arg.split()[1]
            options += [A("prestige", f"{card} @{i + 1} {pay}") for i in homes]
    return options


def _pay(p: Player, payment: str) -> None:
    cubes = p.cubes
    for c in payment:
        cubes[cat.CUBE_INDEX[c]] -= 1


def _do_action(g: _Game, seat: int, action: Action) -> None:
    s = g.s
    verb = action.verb
    if verb == "pass":
        passed = g.w("passed")
        passed.append(seat)
        if len(passed) == 1:
            g.p(seat).deniers += cat.FIRST_PASS_BONUS
            g.say("pass", seat, "mc_words.PASS_FIRST", space=1)
        else:
            space = len(passed)
            g.say("pass", seat, "mc_words.PASS", {"ordinal": space}, space=space)
    elif verb == "draw":
        g.p(seat).deniers -= cat.ACTION_COST
        drawn = _draw(g, seat, 1)
        g.say("draw", seat, "mc_words.DRAW", private=_private_cards(seat, drawn))
    elif verb == "swap":
        g.p(seat).deniers -= cat.ACTION_COST
        discarded, drawn = _swap_hand(g, seat)
        g.say(
            "swap",
            seat,
            "mc_words.SWAP",
            {"cards": list(discarded), "count": len(drawn)},
            discarded=list(discarded),
            private=_private_cards(seat, drawn),
        )
    elif verb == "place":
        i = int(action.arg) - 1
        p = g.p(seat)
        p.deniers -= cat.ACTION_COST
        p.workers -= 1
        g.w("workers")[i] = seat
        g.say("place", seat, "mc_words.PLACE", {"label": card_said(s, i)}, at=i + 1)
    elif verb == "build":
        card, payment = action.arg.split()
        p = g.p(seat)
        hand = p.hand = p.hand.copy()
        hand.remove(card)
        _pay(p, payment)
        stored = cat.STORED_CUBES[len(s.players)] if CARDS[card].stores else 0
        g.w("road").append(card)
        g.w("owners").append(seat)
        g.w("flipped").append(False)
        g.w("covers").append(None)
        g.w("stored").append(stored)
        g.w("workers").append(None)
        at = len(s.road)
        args = {"card": card, "at": at, "cubes": payment}
        if stored:
            args |= {"stored": stored, "cube": CARDS[card].stores}
        key = "mc_words.BUILD_STORED" if stored else "mc_words.BUILD"
        g.say("build", seat, key, args, card=card, at=at, paid=payment)
    else:  # prestige
        words = action.arg.split()
        card, payment = words[0], words[-1]
        _pay(g.p(seat), payment)
        g.w("prestige_supply").remove(card)
        if len(words) == 3:  # standard: on a residence
            i = int(words[1][1:]) - 1
            g.w("covers")[i] = card
            at: int | None = i + 1
            key = "mc_words.BUILD_PRESTIGE_ON"
        else:
            p = g.p(seat)
            p.prestige = [*p.prestige, card]
            at, key = None, "mc_words.BUILD_PRESTIGE"
        args = {"card": card, "at": at, "cubes": payment}
        g.say("prestige", seat, key, args, card=card, at=at, paid=payment)
    # the next player who has not passed acts
    n = len(s.players)
    passed = s.passed
    if len(passed) == n:
        s.decision = None
        s.stage = 3 if s.options.variant == "standard" else 4
        s.cursor = 0
        return
    nxt = (seat + 1) % n
    while nxt in passed:
        nxt = (nxt + 1) % n
    s.cursor = nxt
    s.decision = decision("action", nxt)


def card_label(s: State, i: int) -> str:
    """'the Bank (5)', 'the residence (3)': a road card as players name it."""
    return english(*card_said(s, i))


# ---------------------------------------------------------------------------------------------
# Phase 3 (standard): the provost
# ---------------------------------------------------------------------------------------------


def _provost_step(g: _Game) -> None:
    s = g.s
    if s.cursor >= len(s.passed):
        s.stage = 4
        s.cursor = 0
        args = {"label": card_said(s, s.provost)}
        g.say("provost", None, "mc_words.PROVOST_STANDS", args, at=s.provost + 1)
        return
    seat = s.passed[s.cursor]
    s.decision = decision("provost", seat)


def _provost_options(s: State, seat: int) -> list[Action]:
    options = [SKIP]
    budget = min(cat.PROVOST_MAX, s.players[seat].deniers)
    last = len(s.road) - 1
    for k in range(-budget, budget + 1):
        if k and 0 <= s.provost + k <= last:  # M12: any road card, never past either end
            options.append(PROVOST[k])
    return options


def _do_provost(g: _Game, seat: int, action: Action) -> None:
    s = g.s
    s.decision = None
    s.cursor += 1
    if action is SKIP:
        g.say("provost", seat, "mc_words.PROVOST_STAYS")
        return
    k = int(action.arg)
    g.p(seat).deniers -= abs(k)
    s.provost += k
    args = {"cost": abs(k), "delta": k, "label": card_said(s, s.provost)}
    g.say("provost", seat, "mc_words.PROVOST_MOVES", args, at=s.provost + 1, delta=k)


# ---------------------------------------------------------------------------------------------
# Activation
# ---------------------------------------------------------------------------------------------


def last_active(s: State) -> int:
    """The road index of the last card that activates: the provost's, or the road's end."""
    return s.provost if s.options.variant == "standard" else len(s.road) - 1


def _activation_step(g: _Game) -> None:
    s = g.s
    last = last_active(s)
    i = s.cursor
    workers = s.workers
    while i <= last and workers[i] is None:
        i += 1
    if i <= last:
        s.cursor = i
        _activate(g, i)
        return
    for j in range(last + 1, len(s.road)):  # beyond the provost: nothing happens
        seat = workers[j]
        if seat is not None:
            g.say("idle", seat, "mc_words.IDLE", {"label": card_said(s, j)}, at=j + 1)
    _workers_go_home(g)
    s.stage = 5
    s.cursor = 0
    g.put("delivered", [0] * len(s.players))


def _activate(g: _Game, i: int) -> None:
    s = g.s
    seat = s.workers[i]
    assert seat is not None
    card = CARDS[s.road[i]]
    effect = card.effect
    if card.worker_gain:  # a free gain: taken at once (declining it can never help)
        _gain(g, seat, card.worker_gain, ("mc_words.WHY_WORKER", {"label": card_said(s, i)}))
        _owner_part(g, i)
        return
    kind = _WORKER_DECISION[effect]
    s.decision = decision(kind, seat, i, "worker")


_WORKER_DECISION = {
    Effect.PEDDLER: "buy",
    Effect.MARKET: "sell",
    Effect.LAWYER: "lawyer",
    Effect.BANK: "bank",
    Effect.CHURCH: "church",
}
_OWNER_DECISION = {
    Effect.PEDDLER: "buy",
    Effect.GOLD_MINE: "trade",
    Effect.BANK: "bank",
    Effect.CHURCH: "church",
}


def _gain(g: _Game, seat: int, gain: str, why: Said) -> None:
    p = g.p(seat)
    if gain.endswith("d"):
        amount = int(gain[:-1])
        p.deniers += amount
        g.say(
            "gain", seat, "mc_words.TAKES_DENIERS", {"amount": amount, "why": why}, deniers=amount
        )
        return
    for c in gain:
        p.cubes[cat.CUBE_INDEX[c]] += 1
    g.say("gain", seat, "mc_words.TAKES_CUBES", {"cubes": gain, "why": why}, cubes=gain)


def _owner_part(g: _Game, i: int) -> None:
    s = g.s
    owner = s.owners[i]
    if owner is None or owner == s.workers[i]:  # own card: only the worker's effect
        _finish_card(g, i)
        return
    card = CARDS[s.road[i]]
    effect = card.effect
    if effect is Effect.SMALL_PRODUCTION:
        if s.stored[i] > 0:
            g.w("stored")[i] -= 1
            _gain(g, owner, card.stores, ("mc_words.WHY_STORED", {"card": card.id, "at": i + 1}))
        else:
            g.say("gain", owner, "mc_words.NO_CUBE_LEFT", {"card": card.id, "at": i + 1})
        _finish_card(g, i)
        return
    if card.owner_gain:
        _gain(g, owner, card.owner_gain, ("mc_words.WHY_OWNER", {"label": card_said(s, i)}))
        _finish_card(g, i)
        return
    s.decision = decision(_OWNER_DECISION[effect], owner, i, "owner")


def _finish_card(g: _Game, i: int) -> None:
    """Card `i` has acted. Its worker stays on it until the end of the activation phase (the
    rulebook returns the workers after the last card); a Lawyer flip waiting for this card
    happens now (M7: right after it has been activated)."""
    s = g.s
    s.decision = None
    s.cursor = i + 1
    _flip_if_due(g, i)


def _workers_go_home(g: _Game) -> None:
    """The end of the activation: every worker on the road goes home, in road order; a card
    beyond the provost that a Lawyer made due turns when its worker returns (M7)."""
    s = g.s
    if not any(seat is not None for seat in s.workers):
        return
    workers = g.w("workers")
    for i, seat in enumerate(workers):
        if seat is not None:
            workers[i] = None
            g.p(seat).workers += 1
            _flip_if_due(g, i)


def _flip_if_due(g: _Game, i: int) -> None:
    for k, (target, owner) in enumerate(g.s.due_flips):
        if target == i:
            del g.w("due_flips")[k]
            _flip(g, owner, i)
            return


def _flip(g: _Game, seat: int, i: int) -> None:
    s = g.s
    card = CARDS[s.road[i]]
    g.w("flipped")[i] = True
    stored = s.stored[i]
    if stored:
        g.w("stored")[i] = 0  # M7: cubes still on the card go back to the bank
        args = {"card": card.id, "at": i + 1, "stored": stored, "cube": card.stores}
        g.say("flip", seat, "mc_words.FLIP_STORED", args, at=i + 1)
    else:
        g.say("flip", seat, "mc_words.FLIP", {"card": card.id, "at": i + 1}, at=i + 1)


def _effect_options(s: State, d: Decision) -> list[Action]:
    p = s.players[d.seat]
    kind = d.kind
    options = [SKIP]
    if kind == "buy":
        deniers = p.deniers
        if deniers >= cat.PEDDLER_PRICE:
            options += BUY_ONE
            card = CARDS[s.road[d.at]]
            if d.part == "worker" and card.kind is cat.Kind.PLAYER and deniers >= 2:
                options += BUY_TWO
    elif kind == "sell":
        options += [SELL[k] for k in range(4) if p.cubes[k]]  # M3: gold may be handed in
    elif kind == "trade":
        options += [TRADE[k] for k in range(4) if p.cubes[k]]  # M3: gold too
    elif kind == "bank":
        prices = cat.BANK_WORKER if d.part == "worker" else cat.BANK_OWNER
        options += [_PAY[price] for price in prices if p.deniers >= price]
    elif kind == "church":
        prices = cat.CHURCH_WORKER if d.part == "worker" else cat.CHURCH_OWNER
        left = sum(s.tokens)
        options += [
            _PAY[price]
            for price, count in prices.items()
            if p.deniers >= price and left >= count  # M14: two only if two are left
        ]
    elif kind == "lawyer":
        options += _lawyer_options(s, d.seat, p)
    return options


_PAY = {k: A("pay", f"{k}d") for k in (1, 2, 3, 5)}


def _lawyer_options(s: State, seat: int, p: Player) -> list[Action]:
    """M15: any own road card on its building side but a Lawyer, wherever it lies, not one
    already due to be turned; 1 food, or 1 gold standing in for it."""
    pays = [c for c, k in LAWYER_PAYMENTS if p.cubes[k]]
    if not pays:
        return []
    due = {i for i, _ in s.due_flips}
    options = []
    for i, owner in enumerate(s.owners):
        if owner == seat and not s.flipped[i] and s.road[i] != "lawyer" and i not in due:
            options += [A("lawyer", f"{i + 1} {c}") for c in pays]
    return options


def _do_effect(g: _Game, seat: int, d: Decision, action: Action) -> None:
    s = g.s
    i = d.at
    label = card_said(s, i)
    s.decision = None
    if action is SKIP:
        g.say("skip", seat, "mc_words.DOES_NOT_USE", {"label": label}, at=i + 1, part=d.part)
    else:
        p = g.p(seat)
        verb, arg = action.verb, action.arg
        if verb == "buy":
            p.deniers -= cat.PEDDLER_PRICE * len(arg)
            for c in arg:
                p.cubes[cat.CUBE_INDEX[c]] += 1
            args = {"cubes": arg, "price": len(arg), "label": label}
            g.say("buy", seat, "mc_words.BUY", args, cubes=arg)
        elif verb == "sell":
            p.cubes[cat.CUBE_INDEX[arg]] -= 1
            p.deniers += cat.MARKET_PRICE
            args = {"cube": arg, "price": cat.MARKET_PRICE, "label": label}
            g.say("sell", seat, "mc_words.SELL", args, cube=arg)
        elif verb == "trade":
            p.cubes[cat.CUBE_INDEX[arg]] -= 1
            p.cubes[cat.GOLD] += 1
            g.say("trade", seat, "mc_words.TRADE", {"cube": arg, "label": label}, cube=arg)
        elif verb == "lawyer":
            position, cube = arg.split()
            target = int(position) - 1
            p.cubes[cat.CUBE_INDEX[cube]] -= 1
            args = {"cube": cube, "label": card_said(s, target)}
            g.say("lawyer", seat, "mc_words.LAWYER", args, at=target + 1, paid=cube)
            if target > i and s.workers[target] is not None:  # M7: once it has acted
                g.w("due_flips").append((target, seat))
                g.say("lawyer", seat, "mc_words.LAWYER_WAITS", {"at": target + 1})
            else:
                _flip(g, seat, target)
        else:  # pay: the Bank or the Church
            price = int(arg[:-1])
            p.deniers -= price
            if d.kind == "bank":
                table = cat.BANK_WORKER if d.part == "worker" else cat.BANK_OWNER
                p.cubes[cat.GOLD] += table[price]
                args = {"price": price, "gold": table[price], "label": label}
                g.say("bank", seat, "mc_words.BANK", args, gold=table[price])
            else:
                table = cat.CHURCH_WORKER if d.part == "worker" else cat.CHURCH_OWNER
                args = {"price": price, "count": table[price], "label": label}
                g.say("church", seat, "mc_words.CHURCH", args)
                for _ in range(table[price]):
                    _take_token(g, seat)  # M14: one at a time, best first
    if d.part == "worker":
        _owner_part(g, i)  # M10: the worker's effect first, then the owner's
    else:
        _finish_card(g, i)


def _take_token(g: _Game, seat: int) -> None:
    tokens = g.w("tokens")
    for k in range(3):
        if tokens[k]:
            tokens[k] -= 1
            p = g.p(seat)
            won = p.tokens = p.tokens.copy()
            won[k] += 1
            token = cat.TOKEN_NAMES[k]
            args = {"token": token, "pp": cat.TOKEN_PP[k]}
            g.say("token", seat, "mc_words.TOKEN", args, token=token)
            break
    _check_tokens_out(g)


def _check_tokens_out(g: _Game) -> None:
    s = g.s
    if not s.last_round and not any(s.tokens):
        s.last_round = True  # M4: whoever took the last one, the game ends with this round
        g.say("last-round", None, "mc_words.LAST_ROUND")


# ---------------------------------------------------------------------------------------------
# The castle
# ---------------------------------------------------------------------------------------------


def _castle_step(g: _Game) -> None:
    s = g.s
    if s.cursor < len(s.passed):
        s.decision = decision("castle", s.passed[s.cursor])
        return
    best, winner = 0, None
    for seat in s.passed:  # M16: among tied players the earliest in passing order wins
        if s.delivered[seat] > best:
            best, winner = s.delivered[seat], seat
    if winner is not None:
        g.p(winner).cubes[cat.GOLD] += cat.CASTLE_BONUS_GOLD
        g.say("castle-bonus", winner, "mc_words.CASTLE_BONUS", {"count": best}, batches=best)
    elif any(s.tokens):
        removed = []
        tokens = g.w("tokens")
        for _ in range(cat.NO_DELIVERY_REMOVES):  # M5: what is left, if fewer
            for k in range(3):
                if tokens[k]:
                    tokens[k] -= 1
                    removed.append(cat.TOKEN_NAMES[k])
                    break
        args = {"tokens": list(removed)}
        g.say("castle-penalty", None, "mc_words.CASTLE_PENALTY", args, removed=removed)
    _check_tokens_out(g)
    s.stage = 6
    s.cursor = 0


def _castle_options(s: State, seat: int) -> list[Action]:
    if not any(s.tokens):  # M4: no token left, no batch
        return [SKIP]
    f, w, st, gold = s.players[seat].cubes
    options = [SKIP]
    for (pf, pw, ps, pg), action in DELIVER:
        if pf <= f and pw <= w and ps <= st and pg <= gold:
            options.append(action)
    return options


def _do_castle(g: _Game, seat: int, action: Action) -> None:
    s = g.s
    if action is SKIP:
        s.decision = None
        s.cursor += 1
        if not s.delivered[seat]:
            g.say("castle", seat, "mc_words.DELIVERS_NOTHING")
        return
    _pay(g.p(seat), action.arg)
    g.w("delivered")[seat] += 1
    g.say("deliver", seat, "mc_words.DELIVER", {"cubes": action.arg}, paid=action.arg)
    _take_token(g, seat)
    # the decision stays with this seat for another batch


# ---------------------------------------------------------------------------------------------
# End of the round
# ---------------------------------------------------------------------------------------------


def _end_of_round(g: _Game) -> None:
    s = g.s
    if s.options.variant == "standard":
        last = len(s.road) - 1
        step = min(cat.PROVOST_END_OF_ROUND, last - s.provost)
        s.provost += step
        args = {"step": step, "label": card_said(s, s.provost)}
        g.say("provost", None, "mc_words.PROVOST_END", args, at=s.provost + 1)
    s.start_player = (s.start_player + 1) % len(s.players)  # M19: to the left neighbour
    if s.last_round:
        s.over = True
        s.decision = None
        g.say("end", None, "mc_words.GAME_END")
        return
    g.say("start-player", s.start_player, "mc_words.START_PLAYER")
    s.round += 1
    s.stage = 1
    g.say("round", None, "mc_words.ROUND", {"round": s.round}, round=s.round)


def _actions_done(g: _Game) -> None:  # reached only if nobody is left to act
    s = g.s
    s.stage = 3 if s.options.variant == "standard" else 4
    s.cursor = 0


_STEPS = (
    _setup_done,
    _income,
    _actions_done,
    _provost_step,
    _activation_step,
    _castle_step,
    _end_of_round,
)


# ---------------------------------------------------------------------------------------------
# Decisions: options and resolution
# ---------------------------------------------------------------------------------------------


def _legal(s: State, d: Decision) -> list[Action]:
    kind = d.kind
    if kind == "action":
        return _action_options(s, d.seat)
    if kind == "castle":
        return _castle_options(s, d.seat)
    if kind == "provost":
        return _provost_options(s, d.seat)
    return _effect_options(s, d)


def _resolve(g: _Game, seat: int, d: Decision | None, action: Action) -> None:
    if d is None:
        _do_opening(g, seat, action)
        return
    kind = d.kind
    if kind == "action":
        _do_action(g, seat, action)
    elif kind == "castle":
        _do_castle(g, seat, action)
    elif kind == "provost":
        _do_provost(g, seat, action)
    else:
        _do_effect(g, seat, d, action)


# ---------------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------------

_cache: tuple[State | None, list[Action]] = (None, [])  # the last returned state's options
_OPENING = [KEEP, REDRAW]


def deciding_seats(state: State) -> list[int]:
    """The seats the game waits for now (several only for the opening hands)."""
    if state.over:
        return []
    if state.waiting:
        return list(state.waiting)
    d = state.decision
    return [d.seat] if d is not None else []


_PENDING: dict[tuple[int, str], PendingDecision] = {}


def _pending(seat: int, kind: str) -> PendingDecision:
    found = _PENDING.get((seat, kind))
    if found is None:  # frozen, so one object per (seat, kind) serves every state
        found = _PENDING[seat, kind] = PendingDecision(seat, kind, PROMPTS[kind])
    return found


def pending(state: State) -> list[PendingDecision]:
    """Who must decide what now: several seats for the opening hands, else at most one."""
    if state.over:
        return []
    if state.waiting:
        return [_pending(seat, "redraw") for seat in state.waiting]
    d = state.decision
    if d is None:
        return []
    return [_pending(d.seat, d.kind)]


def legal_actions(state: State, seat: int) -> list[Action]:
    """The actions `seat` may take now (empty when the game does not wait for this seat)."""
    global _cache
    if state.over:
        return []
    if state.waiting:
        return list(_OPENING) if seat in state.waiting else []
    d = state.decision
    if d is None or d.seat != seat:
        return []
    cached_state, cached = _cache
    if cached_state is state:
        return list(cached)
    options = _legal(state, d)
    _cache = (state, options)
    return list(options)


def apply(state: State, action: Any, seat: int | None = None) -> tuple[State, list[Event]]:
    """Apply `action` (text or Action) by `seat` (default: the first seat the game waits for).
    Returns a new state and the events; `state` itself is never changed.

    Raises GameOver, NotYourDecision, MalformedAction or IllegalAction (engine/errors.py).
    """
    global _cache
    if action.__class__ is str:
        action = coerce(action)
    if state.over:
        raise GameOver("The game is over; no more moves can be made.")
    waiting = state.waiting
    if waiting:
        d = None
        options = _OPENING
        if seat is None:
            seat = waiting[0]
        elif seat.__class__ is not int or seat not in waiting:
            _not_your_decision(state)
    else:
        d = state.decision
        if d is None:
            raise IllegalAction("The game waits for no decision in this state.")
        if seat is None:
            seat = d.seat
        elif seat.__class__ is not int or seat != d.seat:
            _not_your_decision(state)
        cached_state, cached = _cache
        options = cached if cached_state is state else _legal(state, d)
    if not any(map(is_, options, repeat(action))):
        action = coerce(action)  # an Action made elsewhere, or anything else
        if not any(map(is_, options, repeat(action))):
            action = _complete(state, d, action, options)
    g = _Game(state.copy())
    _resolve(g, seat, d, action)
    options = _advance(g)
    _cache = (g.s, options)
    return g.s, g.events


def _not_your_decision(state: State) -> None:
    waits = ", ".join(f"seat {k}" for k in deciding_seats(state))
    kind = "redraw" if state.waiting else state.decision.kind  # type: ignore[union-attr]
    raise NotYourDecision(f"It is not your decision: the game waits for {waits} ({PROMPTS[kind]}).")


def _complete(state: State, d: Decision | None, action: Action, options: list[Action]) -> Action:
    """An action that is not one of the options: the one option it abbreviates (the same verb
    and the same words in order, e.g. 'build small-farm' for 'build small-farm FW' when that is
    the only way to pay), or IllegalAction with the reason."""
    words = action.arg.split()
    matches = [
        option
        for option in options
        if option.verb == action.verb and words and _subsequence(words, option.arg.split())
    ]
    if len(matches) == 1:
        return matches[0]
    raise IllegalAction.said(*why_illegal(state, d, action, options, matches))


def _subsequence(words: list[str], of: list[str]) -> bool:
    it = iter(of)
    return all(w in it for w in words)


def outcome(state: State) -> Outcome | None:
    if not state.over:
        return None
    return final_scores(state)


def score_breakdown(state: State, seat: int) -> dict[str, int]:
    """The points `seat` would score now (see `score_breakdowns`)."""
    return score_breakdowns(state)[seat]


def score_breakdowns(state: State) -> list[dict[str, int]]:
    """The points each seat would score now: castle tokens, own road buildings at their shield
    (a residence 1, a covered one 0), prestige buildings, 1 a gold, 1 per 3 other cubes, 1 per
    3 d. Cards in hand and cubes stored on cards score nothing (M17)."""
    n = len(state.players)
    buildings = [0] * n
    prestige = [0] * n
    flipped, covers, road = state.flipped, state.covers, state.road
    for i, owner in enumerate(state.owners):
        if owner is None:
            continue
        if not flipped[i]:
            buildings[owner] += CARDS[road[i]].pp
        elif covers[i] is None:
            buildings[owner] += cat.RESIDENCE_PP
        else:
            prestige[owner] += CARDS[covers[i]].pp  # type: ignore[index]
    out = []
    for seat, p in enumerate(state.players):
        parts = {
            "tokens": sum(k * pp for k, pp in zip(p.tokens, cat.TOKEN_PP, strict=True)),
            "buildings": buildings[seat],
            "prestige": prestige[seat] + sum(CARDS[c].pp for c in p.prestige),
            "gold": p.cubes[cat.GOLD] * cat.END_GOLD_PP,
            "cubes": (p.cubes[0] + p.cubes[1] + p.cubes[2]) // cat.END_CUBES_PER_PP,
            "deniers": p.deniers // cat.END_DENIERS_PER_PP,
        }
        parts["total"] = sum(parts.values())
        out.append(parts)
    return out


def final_scores(state: State) -> Outcome:
    breakdown = score_breakdowns(state)
    scores = [b["total"] for b in breakdown]
    best = max(scores)
    return Outcome(
        scores=scores,
        breakdown=breakdown,
        winners=[seat for seat, total in enumerate(scores) if total == best],  # shared wins
    )


def default_action(state: State, seat: int | None = None) -> Action | None:
    """What a player's clock plays when their time runs out: keep the opening hand, pass in
    the actions phase, and otherwise skip (no provost move, no optional effect, no further
    castle batch). None when the game does not wait for `seat` (default: the first seat it
    waits for)."""
    seats = deciding_seats(state)
    if not seats:
        return None
    if seat is None:
        seat = seats[0]
    if seat not in seats:
        return None
    options = legal_actions(state, seat)
    for preferred in (KEEP, PASS, SKIP):
        if preferred in options:
            return preferred
    return options[0]
