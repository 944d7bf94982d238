"""Consistency of a whole Magna Carta state before play: a record's `start`, a state read from
JSON (`engine.magna_carta.state_from_json`).

Pydantic and `models.check_model` see the types and that every reference points at something (a
known card, a seat, a road position); `validate_state` checks that the values fit together the
way every state the engine produces does: the cards are a fixed deck (each card of a seat's
deck at most once across its hand, draw pile, discard pile and the road; each neutral and
prestige card at most once), counters stay within what a game can reach, and the pending
decision fits its phase. Documented in docs/magna-carta-record.md; every state reached in play
passes (tests/test_record_validation.py).
"""

from __future__ import annotations

from collections import Counter
from typing import NoReturn

import engine.magna_carta.catalogue as cat
from engine.errors import BadState
from engine.magna_carta.catalogue import CARDS, Effect, Kind
from engine.magna_carta.decision_kinds import BY_NAME
from engine.magna_carta.state import State

# Far beyond any game, small enough to print and to compute with.
MAX_AMOUNT = 1_000_000  # deniers and cubes of a seat
MAX_SHUFFLES = 10_000  # reshuffles of one draw pile (each needs a draw or a swap)
# Every round takes at least one castle token (a batch, or two removed when nobody delivers).
MAX_ROUND = sum(cat.TOKENS_IN_BOX)
MAX_BATCHES = sum(cat.TOKENS_IN_BOX)  # batches of one castle phase: one token each

_ACTIONS = cat.STAGES.index("actions")
_ACTIVATION = cat.STAGES.index("activation")


def _bad(reason: str) -> NoReturn:
    raise BadState(f"The game state is not consistent: {reason}.")


def _count(value: int) -> str:
    return str(value) if abs(value) < 10**12 else "a huge number"


def _within(value: int, most: int, what: str) -> None:
    if not 0 <= value <= most:
        _bad(f"{what} is {_count(value)}; it must be between 0 and {most}")


def validate_state(s: State) -> None:
    """Raise BadState with a readable reason unless `s` is a state the rules can play on."""
    n = len(s.players)
    _check_players(s)
    _check_cards(s, n)
    _check_road(s, n)
    _check_supplies(s, n)
    _check_progress(s, n)
    _check_decision(s, n)


def _check_players(s: State) -> None:
    for seat, p in enumerate(s.players):
        _within(p.deniers, MAX_AMOUNT, f"the deniers of seat {seat}")
        for cube, count in zip(cat.CUBES, p.cubes, strict=True):
            _within(count, MAX_AMOUNT, f"the {cat.CUBE_NAMES[cube]} of seat {seat}")
        _within(p.shuffles, MAX_SHUFFLES, f"the reshuffle count of seat {seat}")
        for name, count, most in zip(cat.TOKEN_NAMES, p.tokens, cat.TOKENS_IN_BOX, strict=True):
            _within(count, most, f"the {name} tokens of seat {seat}")
        on_road = s.workers.count(seat)
        if p.workers + on_road != cat.WORKERS:
            _bad(
                f"seat {seat} has {p.workers} workers in hand and {on_road} on the road; "
                f"together they must be {cat.WORKERS}"
            )


def _check_cards(s: State, n: int) -> None:
    """The cards are a fixed deck: no card of a seat's deck twice across its places."""
    deck = cat.DECKS[s.options.variant]
    for seat, p in enumerate(s.players):
        owned = [card for card, owner in zip(s.road, s.owners, strict=True) if owner == seat]
        places = Counter([*p.hand, *p.deck, *p.discard, *owned])
        for card, count in places.items():
            if count > 1:
                where = (
                    f"{p.hand.count(card)} in hand, {p.deck.count(card)} in the draw pile, "
                    f"{p.discard.count(card)} discarded, {owned.count(card)} on the road"
                )
                _bad(
                    f"seat {seat} has the {CARDS[card].name} {count} times ({where}); "
                    f"its deck of {len(deck)} cards has one"
                )
    neutral = Counter(card for card, owner in zip(s.road, s.owners, strict=True) if owner is None)
    for card, count in neutral.items():
        if count > 1:
            _bad(f"the neutral {CARDS[card].name} is on the road {count} times")
    if n and len(neutral) > n:
        _bad(f"the road holds {len(neutral)} neutral cards; a {n}-player game has {n}")
    prestige = Counter(s.prestige_supply)
    prestige.update(c for c in s.covers if c is not None)
    for p in s.players:
        prestige.update(p.prestige)
    for card, count in prestige.items():
        if count > 1:
            _bad(f"the {CARDS[card].name} is {count} times in the game; there is one")


def _check_road(s: State, n: int) -> None:
    standard = s.options.variant == "standard"
    activated = s.cursor if s.stage == _ACTIVATION else 0
    for i, card_id in enumerate(s.road):
        card, at = CARDS[card_id], i + 1
        if s.flipped[i]:
            if card.kind is not Kind.PLAYER or card.effect is Effect.LAWYER or not standard:
                _bad(f"the {card.name} at {at} cannot be a residence")
            if s.stored[i]:
                _bad(f"the residence at {at} holds stored cubes")
            # a card turned after it acted keeps its worker until the activation ends
            if s.workers[i] is not None and i >= activated:
                _bad(f"the residence at {at} holds a worker")
        elif s.covers[i] is not None:
            _bad(f"a prestige building on the {card.name} at {at}, which is no residence")
        if s.stored[i] and not card.stores:
            _bad(f"the {card.name} at {at} stores no cubes")
        if card.stores and card.kind is Kind.PLAYER:
            _within(s.stored[i], cat.STORED_CUBES[n], f"the cubes stored at {at}")
    targets = [i for i, _ in s.due_flips]
    if s.due_flips and s.stage != _ACTIVATION:
        _bad("Lawyer flips wait only during the activation")
    for i, seat in s.due_flips:
        if targets.count(i) > 1 or s.workers[i] is None or s.flipped[i] or s.owners[i] != seat:
            _bad(
                f"a Lawyer flip waits at {i + 1}: it needs a worker there on a card of seat {seat}"
            )


def _check_supplies(s: State, n: int) -> None:
    for k, name in enumerate(cat.TOKEN_NAMES):
        left, most = s.tokens[k], cat.TOKENS_IN_BOX[k]
        _within(left, most, f"the {name} tokens left")
        won = sum(p.tokens[k] for p in s.players)
        if left + won > most:
            _bad(f"{left} {name} tokens left and {won} won; the box has {most}")
    for seat, count in enumerate(s.delivered):
        _within(count, MAX_BATCHES, f"the batches seat {seat} delivered")


def _distinct_seats(values: list[int], field: str) -> None:
    seen = Counter(values)
    for seat, count in seen.items():
        if count > 1:
            _bad(f"'{field}' names seat {seat} twice")


def _check_progress(s: State, n: int) -> None:
    _within(s.round, MAX_ROUND, "the round")
    if s.round < 1:
        _bad("the round is 0; rounds count from 1")
    _distinct_seats(s.passed, "passed")
    _distinct_seats(s.waiting, "waiting")
    stage = s.stage
    if s.waiting and (stage != 0 or s.round != 1):
        _bad("only the opening hands (phase 0 of round 1) wait for several seats")
    if stage == 2 and len(s.passed) >= n:
        _bad("everyone has passed, yet the actions phase goes on")
    if stage in (3, 4, 5) and len(s.passed) != n:
        _bad(f"after the actions phase every seat has passed, once each ({n} seats)")
    if stage not in (2, 3, 4) and any(w is not None for w in s.workers):
        _bad(f"the workers go home at the end of the activation; in phase {s.phase} none are out")
    if s.over and not s.last_round:
        _bad("the game is over only after its last round")
    last = {0: 0, 1: 0, 2: n - 1, 3: len(s.passed), 4: len(s.road), 5: len(s.passed), 6: 0}
    if not 0 <= s.cursor <= last[stage]:
        _bad(f"the cursor is {_count(s.cursor)}; in phase {s.phase} it must be 0-{last[stage]}")


def _check_decision(s: State, n: int) -> None:
    d = s.decision
    if s.over or s.waiting:
        if d is not None:
            _bad("a decision is pending although the game is over or waits for opening hands")
        return
    if d is None:
        _bad("the game is not over, so a decision must be pending")
    kind, seat = d.kind, d.seat
    asked = BY_NAME[kind]
    if s.stage != asked.stage:
        _bad(f"a {kind} decision does not belong to phase {s.phase}")
    if asked.stage == _ACTIONS:
        if seat in s.passed or s.cursor != seat:
            _bad("the action decision is for the seat at the cursor, who has not passed")
        return
    if not asked.at_building:  # the provost and the castle: in passing order
        if s.cursor >= len(s.passed) or s.passed[s.cursor] != seat:
            _bad(f"the {kind} decision is for the seat at the cursor in passing order")
        if asked.stage not in cat.PHASE_NUMBERS[s.options.variant]:
            _bad(f"the {s.options.variant} game has no {cat.STAGES[asked.stage]} phase")
        return
    i = d.at
    last = s.provost if s.options.variant == "standard" else len(s.road) - 1
    if not 0 <= i <= last or s.cursor != i:
        _bad(f"a {kind} decision belongs to the card at the cursor, up to the provost")
    card = CARDS[s.road[i]]
    if s.flipped[i] or card.effect not in asked.effects(d.part):
        _bad(f"the card at {i + 1} cannot make a {kind} decision for its {d.part or 'worker'}")
    worker, owner = s.workers[i], s.owners[i]
    if d.part == "worker" and worker != seat:
        _bad(f"the {kind} decision at {i + 1} is for the worker there")
    if d.part == "owner" and (owner != seat or worker is None or worker == owner):
        _bad(f"the {kind} decision at {i + 1} is for the owner, beside another player's worker")
