"""Magna Carta's setup and the first phases of a round: the opening hands, income, the actions
(placing workers, building, drawing, passing) and, in the standard game, the provost. Each
phase gives its options and plays a decision on a `Play` (engine/magna_carta/play.py).
"""

from __future__ import annotations

import random
from typing import Final

import engine.magna_carta.catalogue as cat
from engine.errors import BadSetup
from engine.magna_carta.actions import ROAD_MAX, Action
from engine.magna_carta.catalogue import CARDS
from engine.magna_carta.explain import card_said
from engine.magna_carta.play import (
    BUILD,
    DRAW,
    PASS,
    PRESTIGE_BEGINNER,
    PROVOST,
    REDRAW,
    SKIP,
    SWAP,
    A,
    Play,
    draw,
    free_cards,
    free_homes,
    pay,
    private_cards,
    swap_hand,
)
from engine.magna_carta.state import Options, Player, Setup, State, decision
from engine.wording import english

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


def _decks(
    given: list[list[str]] | None, n: int, variant: str, rng: random.Random
) -> list[list[str]]:
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
# Phase 0: opening hands
# ---------------------------------------------------------------------------------------------


def do_opening(g: Play, seat: int, action: Action) -> None:
    waiting = g.w("waiting")
    waiting.remove(seat)
    if action is REDRAW:
        discarded, drawn = swap_hand(g, seat)
        g.say(
            "redraw",
            seat,
            "mc_words.REDRAW",
            {"cards": list(discarded)},
            discarded=list(discarded),
            private=private_cards(seat, drawn),
        )
    else:
        g.say("keep", seat, "mc_words.KEEP")


def setup_done(g: Play) -> None:
    g.s.stage = 1
    g.say("round", None, "mc_words.ROUND", {"round": 1}, round=1)


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


def income(g: Play) -> None:
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


def action_options(s: State, seat: int) -> list[Action]:
    p = s.players[seat]
    options = [PASS]
    if p.deniers >= cat.ACTION_COST:
        if p.deck or p.discard:
            options.append(DRAW)
        if p.hand:
            options.append(SWAP)
        if p.workers:
            options.extend(free_cards(s))
    f, w, st, gold = p.cubes
    # no cost has more than 8 cubes, so more of a kind make no difference (a bounded cache)
    stock = (f if f < 8 else 8, w if w < 8 else 8, st if st < 8 else 8, gold if gold < 8 else 8)
    if f or w or st or gold:
        code = _stock_code(stock)
        by_card = _payable_with(code)
        for card in p.hand:
            found = by_card.get(card)
            options.extend(found if found is not None else _payable(BUILD, card, stock, by_card))
        if f + w + st + gold >= 3:  # the cheapest prestige building costs 3 cubes
            options.extend(_prestige_options(s, seat, stock, code, by_card))
    return options


def _stock_code(stock: tuple[int, int, int, int]) -> int:
    """A capped stock (each count 0-8) as one small int: a cheaper cache key than the tuple."""
    f, w, st, gold = stock
    return ((f * 9 + w) * 9 + st) * 9 + gold


# stock code -> card id -> the actions of that card the stock can pay for (by stock first: one
# lookup of the stock for an option list, then one a card)
_PAYABLE: Final[dict[int, dict[str, list[Action]]]] = {}


def _payable_with(code: int) -> dict[str, list[Action]]:
    """The cached payable actions by card for the stock of code `code` (see `_payable`)."""
    found = _PAYABLE.get(code)
    if found is None:
        found = _PAYABLE[code] = {}
    return found


def _payable(
    table: dict[str, list[tuple[tuple[int, int, int, int], Action]]],
    card: str,
    stock: tuple[int, int, int, int],
    by_card: dict[str, list[Action]],
) -> list[Action]:
    """The actions of `table[card]` whose payment `stock` (F W S G, capped at 8) can make;
    cached in `by_card` (`_payable_with` the stock's code), since the same few stocks come up
    again and again."""
    found = by_card.get(card)
    if found is None:
        f, w, st, gold = stock
        found = by_card[card] = [
            action
            for (pf, pw, ps, pg), action in table[card]
            if pf <= f and pw <= w and ps <= st and pg <= gold
        ]
    return found


def _prestige_options(
    s: State,
    seat: int,
    stock: tuple[int, int, int, int],
    code: int,
    by_card: dict[str, list[Action]],
) -> list[Action]:
    options: list[Action] = []
    if s.options.variant == "beginner":
        for card in s.prestige_supply:
            options.extend(_payable(PRESTIGE_BEGINNER, card, stock, by_card))
        return options
    homes = free_homes(s, seat)
    if not homes:
        return options  # standard game: a prestige building needs a free own residence (M13)
    for card in s.prestige_supply:
        for payment, on in _prestige_places(card, stock, code, by_card):
            for i in homes:
                found = on[i]
                if found is None:
                    found = on[i] = A("prestige", f"{card} @{i + 1} {payment}")
                options.append(found)
    return options


def _prestige_places(
    card: str, stock: tuple[int, int, int, int], code: int, by_card: dict[str, list[Action]]
) -> list[tuple[str, list[Action | None]]]:
    """For each payment of prestige building `card` that `stock` (its code `code`) can make:
    the payment and the actions placing the building on each road index (cached by stock, as
    `_payable`, so an option list reads no action's text)."""
    by_stock = _PRESTIGE_PLACES.get(card)
    if by_stock is None:
        by_stock = _PRESTIGE_PLACES[card] = {}
    found = by_stock.get(code)
    if found is None:
        found = by_stock[code] = []
        for action in _payable(PRESTIGE_BEGINNER, card, stock, by_card):
            on = _PRESTIGE_ON.get(action.arg)
            if on is None:
                on = _PRESTIGE_ON[action.arg] = [None] * ROAD_MAX
            found.append((action.arg.split()[1], on))
    return found


# a beginner prestige action's argument ("card payment") -> the standard game's action placing
# it on each road index (made on first use: the text and the interned action cost more than a
# list read)
_PRESTIGE_ON: Final[dict[str, list[Action | None]]] = {}
# card id -> stock code -> (payment, its list in _PRESTIGE_ON) for each payment the stock makes
_PRESTIGE_PLACES: Final[dict[str, dict[int, list[tuple[str, list[Action | None]]]]]] = {}


def do_action(g: Play, seat: int, action: Action) -> None:
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
        drawn = draw(g, seat, 1)
        g.say("draw", seat, "mc_words.DRAW", private=private_cards(seat, drawn))
    elif verb == "swap":
        g.p(seat).deniers -= cat.ACTION_COST
        discarded, drawn = swap_hand(g, seat)
        g.say(
            "swap",
            seat,
            "mc_words.SWAP",
            {"cards": list(discarded), "count": len(drawn)},
            discarded=list(discarded),
            private=private_cards(seat, drawn),
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
        pay(p, payment)
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
        pay(g.p(seat), payment)
        g.w("prestige_supply").remove(card)
        if len(words) == 3:  # standard: on a residence
            i = int(words[1][1:]) - 1
            g.w("covers")[i] = card
            on: int | None = i + 1
            key = "mc_words.BUILD_PRESTIGE_ON"
        else:
            p = g.p(seat)
            p.prestige = [*p.prestige, card]
            on, key = None, "mc_words.BUILD_PRESTIGE"
        args = {"card": card, "at": on, "cubes": payment}
        g.say("prestige", seat, key, args, card=card, at=on, paid=payment)
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


def provost_step(g: Play) -> None:
    s = g.s
    if s.cursor >= len(s.passed):
        s.stage = 4
        s.cursor = 0
        args = {"label": card_said(s, s.provost)}
        g.say("provost", None, "mc_words.PROVOST_STANDS", args, at=s.provost + 1)
        return
    seat = s.passed[s.cursor]
    s.decision = decision("provost", seat)


def provost_options(s: State, seat: int) -> list[Action]:
    options = [SKIP]
    budget = min(cat.PROVOST_MAX, s.players[seat].deniers)
    last = len(s.road) - 1
    for k in range(-budget, budget + 1):
        if k and 0 <= s.provost + k <= last:  # M12: any road card, never past either end
            options.append(PROVOST[k])
    return options


def do_provost(g: Play, seat: int, action: Action) -> None:
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
