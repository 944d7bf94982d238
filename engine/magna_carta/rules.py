"""The Magna Carta rules: new_game, pending, legal_actions, apply, outcome, default_action.

`apply` copies the state, applies one decision, then runs every automatic step (income, free
gains, decisions with exactly one legal option) until a player must decide or the game ends.
The project's binding rulings are cited as M1..M19 (docs/magna-carta-rules-choices.md).
"""

from __future__ import annotations

from typing import Any, Final

import engine.magna_carta.catalogue as cat
from engine.errors import GameOver, IllegalAction, NotYourDecision
from engine.events import Event
from engine.magna_carta.actions import Action, coerce
from engine.magna_carta.activation import (
    actions_done,
    activation_step,
    castle_options,
    castle_step,
    do_castle,
    do_effect,
    effect_options,
    end_of_round,
)
from engine.magna_carta.catalogue import CARDS
from engine.magna_carta.decision_kinds import BY_NAME, OPENING
from engine.magna_carta.explain import why_illegal
from engine.magna_carta.phases import (
    action_options,
    do_action,
    do_opening,
    do_provost,
    income,
    provost_options,
    provost_step,
    setup_done,
)
from engine.magna_carta.play import KEEP, REDRAW, Play
from engine.magna_carta.state import Decision, State
from engine.protocol import Outcome, PendingDecision


def _advance(g: Play) -> list[Action]:
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
        _step(g, s.stage)


def _step(g: Play, stage: int) -> None:
    """The automatic step of `stage` (catalogue.STAGES), called directly rather than from a
    table of functions: a compiled call then skips the generic call's argument handling."""
    if stage == 4:
        activation_step(g)
    elif stage == 2:
        actions_done(g)
    elif stage == 5:
        castle_step(g)
    elif stage == 3:
        provost_step(g)
    elif stage == 1:
        income(g)
    elif stage == 6:
        end_of_round(g)
    elif stage == 0:
        setup_done(g)
    else:
        raise IndexError(f"no stage {stage}")  # a state read in is checked: never happens


# ---------------------------------------------------------------------------------------------
# Decisions: options and resolution
# ---------------------------------------------------------------------------------------------


def _legal(s: State, d: Decision) -> list[Action]:
    kind = d.kind
    if kind == "action":
        return action_options(s, d.seat)
    if kind == "castle":
        return castle_options(s, d.seat)
    if kind == "provost":
        return provost_options(s, d.seat)
    return effect_options(s, d)


def _resolve(g: Play, seat: int, d: Decision | None, action: Action) -> None:
    if d is None:
        do_opening(g, seat, action)
        return
    kind = d.kind
    if kind == "action":
        do_action(g, seat, action)
    elif kind == "castle":
        do_castle(g, seat, action)
    elif kind == "provost":
        do_provost(g, seat, action)
    else:
        do_effect(g, seat, d, action)


# ---------------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------------


class _Last:
    """The last state `apply` or `legal_actions` returned or read, and its options (a compiled
    object's fields: cheaper to read and set than a module global)."""

    __slots__ = ("options", "state")

    def __init__(self) -> None:
        self.state: State | None = None
        self.options: list[Action] = []


_LAST: Final = _Last()
_OPENING: Final = [KEEP, REDRAW]


def deciding_seats(state: State) -> list[int]:
    """The seats the game waits for now (several only for the opening hands)."""
    if state.over:
        return []
    if state.waiting:
        return list(state.waiting)
    d = state.decision
    return [d.seat] if d is not None else []


# kind -> seat -> its PendingDecision (frozen, so one object serves every state; two lookups
# without a key tuple to make and hash: this runs for every action)
_PENDING: Final[dict[str, dict[int, PendingDecision]]] = {}


def _pending(seat: int, kind: str) -> PendingDecision:
    by_seat = _PENDING.get(kind)
    if by_seat is None:
        by_seat = _PENDING[kind] = {}
    found = by_seat.get(seat)
    if found is None:
        found = by_seat[seat] = PendingDecision(seat, kind, BY_NAME[kind].prompt)
    return found


def pending(state: State) -> list[PendingDecision]:
    """Who must decide what now: several seats for the opening hands, else at most one."""
    if state.over:
        return []
    if state.waiting:
        return [_pending(seat, OPENING.name) for seat in state.waiting]
    d = state.decision
    if d is None:
        return []
    return [_pending(d.seat, d.kind)]


def legal_actions(state: State, seat: Any) -> list[Action]:
    """The actions `seat` may take now (empty when the game does not wait for this seat, or
    for anything that is not a seat: `seat` is typed Any so the compiled module answers a
    caller's None or text the same as the pure one)."""
    if state.over:
        return []
    if state.waiting:
        return list(_OPENING) if seat in state.waiting else []
    d = state.decision
    if d is None or d.seat != seat:
        return []
    last = _LAST
    if last.state is state:
        return list(last.options)
    options = _legal(state, d)
    last.state, last.options = state, options
    return list(options)


def apply(state: State, action: Any, seat: Any = None) -> tuple[State, list[Event]]:
    """Apply `action` (text or Action) by `seat` (default: the first seat the game waits for).
    Returns a new state and the events; `state` itself is never changed. `seat` is typed Any
    and checked here, so a hostile one gets NotYourDecision on the compiled build too.

    Raises GameOver, NotYourDecision, MalformedAction or IllegalAction (engine/errors.py).
    """
    if type(action) is str:  # exactly str: one pointer comparison compiled
        action = coerce(action)
    if state.over:
        raise GameOver("The game is over; no more moves can be made.")
    waiting = state.waiting
    if waiting:
        d = None
        options = _OPENING
        if seat is None:
            seat = waiting[0]
        elif type(seat) is not int or seat not in waiting:  # an int, not a bool
            _not_your_decision(state)
    else:
        d = state.decision
        if d is None:
            raise IllegalAction("The game waits for no decision in this state.")
        if seat is None:
            seat = d.seat
        elif type(seat) is not int or seat != d.seat:  # an int, not a bool
            _not_your_decision(state)
        last = _LAST
        options = last.options if last.state is state else _legal(state, d)
    if not _one_of(action, options):
        action = coerce(action)  # an Action made elsewhere, or anything else
        if not _one_of(action, options):
            action = _complete(state, d, action, options)
    g = Play(state.copy())
    _resolve(g, seat, d, action)
    options = _advance(g)
    _LAST.state, _LAST.options = g.s, options
    return g.s, g.events


def _one_of(action: object, options: list[Action]) -> bool:
    """Whether `action` is one of `options` itself (the engine's actions are interned)."""
    return any(option is action for option in options)


def _not_your_decision(state: State) -> None:
    waits = ", ".join(f"seat {k}" for k in deciding_seats(state))
    asked = OPENING if state.decision is None else BY_NAME[state.decision.kind]
    raise NotYourDecision(f"It is not your decision: the game waits for {waits} ({asked.prompt}).")


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
        cover = covers[i]
        if not flipped[i]:
            buildings[owner] += CARDS[road[i]].pp
        elif cover is None:
            buildings[owner] += cat.RESIDENCE_PP
        else:
            prestige[owner] += CARDS[cover].pp
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


def default_action(state: State, seat: Any = None) -> Action | None:
    """What a player's clock plays when their time runs out: the decision kind's `default`
    (engine/magna_carta/decision_kinds.py): keep the opening hand, pass in the actions phase,
    and otherwise skip (no provost move, no optional effect, no further castle batch). None
    when the game does not wait for `seat` (default: the first seat it waits for)."""
    seats = deciding_seats(state)
    if not seats:
        return None
    if seat is None:
        seat = seats[0]
    if seat not in seats:
        return None
    options = legal_actions(state, seat)
    asked = OPENING if state.waiting or state.decision is None else BY_NAME[state.decision.kind]
    preferred = Action.of(asked.default)
    return preferred if preferred in options else options[0]
