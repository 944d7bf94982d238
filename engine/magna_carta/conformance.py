"""Invariants of Magna Carta games, checked by `caylus simulate --game magna-carta` and the
conformance tests.

Cheap checks, after every action (`light`): no negative stock anywhere; each player's 4 workers
are in hand or on the road (on a residence only if it turned after acting, until the
activation ends); each player's cards are each in exactly one place (draw pile, hand,
discard pile, road); each prestige building is in the supply, on a residence or in front of one
player; castle tokens are conserved (supply + won + removed by the castle = the start); the game
waits for someone with at least one legal action (two, unless the decision is simultaneous:
forced moves make themselves) unless it is over; no public part of an event names a drawn card.

Expensive checks (`full`: after every action; otherwise every `sample_every`-th action and at
the end): apply left its input untouched; the state round-trips through JSON; re-applying the
action's notation to the state re-read from JSON gives the same state; `view` and the legal
actions of every seat are unchanged when the cards it may not see are shuffled; the public part
of the events is unchanged when every draw pile is shuffled. At the end: the whole record
(setup, actions, seats) replays to the final state, and the final scores equal their breakdown.
"""

from __future__ import annotations

import random
from typing import Any

import engine.magna_carta.catalogue as cat
from engine.errors import EngineError
from engine.magna_carta.phases import new_game
from engine.magna_carta.rules import apply, deciding_seats, legal_actions, outcome
from engine.magna_carta.state import Options, Setup, State
from engine.magna_carta.view import view
from engine.protocol import Event

_SORTED_DECKS = {variant: sorted(cards) for variant, cards in cat.DECKS.items()}


def light_violations(s: State, before: State | None = None) -> list[str]:
    """The cheap invariants of `s`. With `before` (the state the action was applied to), what
    the action did not replace is not counted again: the cards of a player whose record is the
    same object, on the same road, and the prestige buildings if their supply is the same list
    (the engine never changes a list or a player in place: the expensive checks verify that
    apply leaves its input untouched)."""
    problems: list[str] = []
    deck = _SORTED_DECKS[s.options.variant]
    workers, owners, road = s.workers, s.owners, s.road
    same_road = before is not None and before.road is road
    for seat, p in enumerate(s.players):
        if p.deniers < 0 or min(p.cubes) < 0 or min(p.tokens) < 0:
            problems.append(f"seat {seat} has a negative stock: {p.dump()}")
        on_road = workers.count(seat)
        if p.workers < 0 or p.workers + on_road != cat.WORKERS:
            problems.append(f"seat {seat}: {p.workers} workers in hand + {on_road} on the road")
        if same_road and before is not None and before.players[seat] is p:
            continue
        owned = [card for card, owner in zip(road, owners, strict=True) if owner == seat]
        cards = sorted(p.deck + p.hand + p.discard + owned)
        if cards != deck:
            problems.append(f"seat {seat}: cards not conserved: {cards}")
    if before is None or before.prestige_supply is not s.prestige_supply:
        prestige = list(s.prestige_supply) + [c for c in s.covers if c is not None]
        for p in s.players:
            prestige += p.prestige
        if sorted(prestige) != sorted(cat.PRESTIGE_SUPPLY[s.options.variant]):
            problems.append(f"prestige buildings not conserved: {prestige}")
    if min(s.tokens) < 0 or (s.stored and min(s.stored) < 0):
        problems.append(f"negative supply: tokens {s.tokens}, stored {s.stored}")
    if True in s.flipped:
        for i, flipped in enumerate(s.flipped):
            if s.covers[i] is not None and not flipped:
                problems.append(f"a prestige building on the building side of card {i + 1}")
            if flipped and s.stored[i]:
                problems.append(f"stored cubes on the residence at {i + 1}")
            # a card turned after it acted keeps its worker until the activation ends
            if flipped and workers[i] is not None and not (s.stage == 4 and i < s.cursor):
                problems.append(f"a worker on the residence at {i + 1}")
    elif any(c is not None for c in s.covers):
        problems.append("a prestige building on a card that is no residence")
    if not s.over:
        seats = deciding_seats(s)
        if not seats:
            problems.append("the game is not over but nobody can act")
        for seat in seats:
            options = legal_actions(s, seat)
            if len(options) < (1 if s.waiting else 2):
                problems.append(f"seat {seat} decides between {len(options)} option(s)")
    return problems


def shuffle_hidden(s: State, rng: random.Random, viewer: int | None) -> State:
    """A copy of `s` in which everything `viewer` cannot see is shuffled: the other players'
    hands and draw piles (mixed together, sizes kept) and the order of every draw pile."""
    t = State.model_validate(s.model_dump())
    for seat, p in enumerate(t.players):
        if seat == viewer:
            rng.shuffle(p.deck)
            continue
        hidden = p.hand + p.deck
        rng.shuffle(hidden)
        p.hand, p.deck = hidden[: len(p.hand)], hidden[len(p.hand) :]
    return t


def shuffle_decks(s: State, rng: random.Random) -> State:
    """A copy of `s` in which only the order of every draw pile is shuffled."""
    t = State.model_validate(s.model_dump())
    for p in t.players:
        rng.shuffle(p.deck)
    return t


def public_events(events: list[Event]) -> list[tuple[Any, ...]]:
    """The events of an action as everybody sees them (without the fields private to one seat),
    up to the first forced move: whether the next player's move is forced may depend on the
    card just drawn, and M18 makes that public (a player who cannot act passes at once)."""
    out = []
    for e in events:
        data = {k: v for k, v in (e.data or {}).items() if k != "private"}
        if data.get("forced"):
            break
        out.append((e.kind, e.seat, e.text, e.other, sorted(data.items()), e.turn, e.phase))
    return out


def _event_leaks(events: list[Event]) -> list[str]:
    problems = []
    for e in events:
        data = e.data or {}
        private = data.get("private")
        if private is not None and set(private) != {e.seat}:
            problems.append(f"event {e.kind}: private part for {set(private)}, not {e.seat}")
        if e.kind == "draw" and any(c in e.text for c in cat.CARDS):
            problems.append(f"a draw event names a card in public: {e.text}")
    return problems


def hidden_information_violations(s: State, rng: random.Random) -> list[str]:
    problems = []
    for seat in [*range(len(s.players)), None]:
        shuffled = shuffle_hidden(s, rng, seat)
        if view(shuffled, seat) != view(s, seat):
            problems.append(f"view of seat {seat} depends on cards it may not see")
    return problems


class GameChecker:
    """The same interface as engine.conformance.GameChecker (after, at_end)."""

    def __init__(self, start: State, level: str = "light", sample_every: int = 0) -> None:
        self.level = level
        # light: the expensive checks only at the end (sample_every 0), unless asked for
        self.sample_every = 1 if level == "full" else sample_every
        self.start = start
        self.actions: list[str] = []
        self.seats: list[int] = []
        self.rng = random.Random(start.setup.seed)
        self.removed = 0  # tokens the castle put back in the box, by the events
        self.initial_tokens = sum(start.tokens) + sum(sum(p.tokens) for p in start.players)
        self.last_json = start.model_dump_json() if level == "full" else ""

    def after(
        self,
        before: State,
        action: Any,
        after: State,
        events: list[Event],
        seat: int | None = None,
    ) -> list[str]:
        if seat is None:
            seat = deciding_seats(before)[0]
        where = f"game {before.setup.seed} action {len(self.actions)} '{action}' (seat {seat})"
        self.actions.append(str(action))
        self.seats.append(seat)
        problems = light_violations(after, before)
        problems += _event_leaks(events)
        for e in events:
            if e.kind == "castle-penalty" and e.data:
                self.removed += len(e.data["removed"])
        won = sum(sum(p.tokens) for p in after.players)
        if sum(after.tokens) + won + self.removed != self.initial_tokens:
            problems.append(
                f"tokens not conserved: {after.tokens} left + {won} won + {self.removed} removed"
            )
        every = self.sample_every
        if (every and len(self.actions) % every == 0) or after.over:
            problems += self._expensive(before, action, after, events, seat)
        return [f"{where}: {p}" for p in problems]

    def _expensive(
        self, before: State, action: Any, after: State, events: list[Event], seat: int
    ) -> list[str]:
        problems = []
        before_json = before.model_dump_json()
        if self.level == "full" and before_json != self.last_json:
            problems.append("apply changed the state it was given")
        after_json = after.model_dump_json()
        self.last_json = after_json
        copy = State.model_validate_json(after_json)
        if copy != after or copy.model_dump_json() != after_json:
            problems.append("the JSON round trip changed the state")
        again, _ = apply(State.model_validate_json(before_json), str(action), seat)
        if again != after:
            problems.append("re-applying the notation gives another state")
        if before.model_dump_json() != before_json:
            problems.append("apply changed the state it was given")
        problems += hidden_information_violations(after, self.rng)
        _, other_events = apply(shuffle_decks(before, self.rng), str(action), seat)
        if public_events(other_events) != public_events(events):
            problems.append("the public events depend on the order of a draw pile")
        return problems

    def at_end(self, final: State) -> list[str]:
        problems = []
        if not final.over:
            problems.append(f"game {final.setup.seed} did not end")
            return problems
        result = outcome(final)
        if result is None:
            return [f"game {final.setup.seed}: over without an outcome"]
        for seat, parts in enumerate(result.breakdown):
            total = sum(v for k, v in parts.items() if k != "total")
            if total != parts["total"] or result.scores[seat] != total:
                problems.append(f"game {final.setup.seed}: seat {seat} scores {parts}")
        best = max(result.scores)
        if result.winners != [k for k, v in enumerate(result.scores) if v == best]:
            problems.append(f"game {final.setup.seed}: winners {result.winners}")
        # the record's options, setup, actions and seats replay to the same final state (what
        # a stored game is read back from), through the round trip of its options and setup
        options = Options.model_validate(self.start.options.model_dump())
        setup = Setup.model_validate(self.start.setup.model_dump())
        state = new_game(options, setup)
        try:
            for action, seat in zip(self.actions, self.seats, strict=True):
                state, _ = apply(state, action, seat)
        except EngineError as error:
            problems.append(f"game {final.setup.seed}: replaying the record fails ({error})")
            return problems
        if state != final:
            problems.append(f"game {final.setup.seed}: replaying the record differs")
        return problems
