"""Helpers for Magna Carta rules tests: explicit games, edited positions, scripted play.

`game()` starts a game with an explicit setup (no chance): the neutral road, the start player
and every deck are given; `deck("bank", "market")` is a deck whose top cards are those (then
the rest in catalogue order). `position()` answers every opening hand with "keep" and then
edits the state at the first action of round 1 (income paid): road cards, stocks, hands,
piles, tokens, provost. Later phases are reached by playing real actions (`play`,
`pass_all`, ...). Every scenario played with `play` is also checked as a game record: the
start state plus the actions and their seats replays to the same state.

Colours of the Dutch rulebook's examples map to seats: Red 0, Green 1, Orange 2, Blue 3.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from engine.magna_carta import (
    Options,
    Setup,
    State,
    apply,
    choose_action,
    legal_actions,
    new_game,
    pending,
)
from engine.magna_carta import catalogue as cat
from engine.magna_carta.actions import parse
from engine.record import GameRecord, replay

RED, GREEN, ORANGE, BLUE = 0, 1, 2, 3
NEUTRAL_4 = ["n-park", "n-forest", "n-quarry", "n-peddler"]
NEUTRAL = {2: ["n-park", "n-peddler"], 3: ["n-park", "n-forest", "n-peddler"], 4: NEUTRAL_4}


def deck(*top: str, variant: str = "standard") -> list[str]:
    """A deck (top card first) beginning with `top`, then the other cards in catalogue order."""
    rest = [c for c in cat.DECKS[variant] if c not in top]
    return [*top, *rest]


def game(
    players: int = 4,
    variant: str = "standard",
    start: int = 0,
    neutral: list[str] | None = None,
    decks: dict[int, list[str]] | None = None,
    seed: int | None = None,
) -> State:
    """A new game with an explicit setup: opening hands not yet decided."""
    decks = decks or {}
    all_decks = [decks.get(k) or deck(variant=variant) for k in range(players)]
    return new_game(
        Options(players=players, variant=variant),  # type: ignore[arg-type]
        Setup(
            seed=seed,
            neutral=neutral or NEUTRAL[players],
            start_player=start,
            decks=all_decks,
        ),
    )


def keep_all(state: State) -> State:
    while state.waiting:
        state, _ = apply(state, "keep", state.waiting[0])
    return state


def position(
    players: int = 4,
    variant: str = "standard",
    start: int = 0,
    neutral: list[str] | None = None,
    *,
    road: list[tuple[str, int | None] | dict[str, Any]] | None = None,
    cubes: dict[int, str] | None = None,
    deniers: dict[int, int] | int | None = None,
    hands: dict[int, list[str]] | None = None,
    decks: dict[int, list[str]] | None = None,
    discards: dict[int, list[str]] | None = None,
    tokens: dict[str, int] | None = None,
    won: dict[int, dict[str, int]] | None = None,
    prestige_supply: list[str] | None = None,
    prestige: dict[int, list[str]] | None = None,
    provost: int | None = None,
    round: int | None = None,
) -> State:
    """The first action decision of round 1 (the start player acts), edited.

    `road` lists the cards after the neutral ones: (card, owner) or a dict with the JSON road
    fields (card, owner, residence, cover, stored, worker). A player's cards are taken out of
    their deck/hand so every card stays in one place; `hands`/`decks`/`discards` replace those
    piles (a card named there leaves the deck). `cubes` gives a whole stock as letters.
    `provost` is a road position (1 = first card). `tokens` sets the castle supply by name.
    """
    s = keep_all(game(players, variant, start, neutral))
    data = s.model_dump()
    extra = []
    for spec in road or []:
        if isinstance(spec, tuple):
            card, owner = spec
            spec = {"card": card, "owner": owner}
        entry = {"residence": False, "cover": None, "stored": 0, "worker": None, **spec}
        stores = entry["card"] in cat.CARDS and cat.CARDS[entry["card"]].stores
        if stores and "stored" not in spec and not entry["residence"]:  # a residence stores none
            entry["stored"] = cat.STORED_CUBES[players]
        extra.append(entry)
    data["road"] += extra
    for k, p in enumerate(data["players"]):
        placed = [e["card"] for e in extra if e["owner"] == k]
        if hands and k in hands:
            p["hand"] = list(hands[k])
        if discards and k in discards:
            p["discard"] = list(discards[k])
        if decks and k in decks:
            p["deck"] = list(decks[k])
        else:
            taken = set(placed) | set(p["hand"]) | set(p["discard"])
            p["deck"] = [c for c in deck(variant=variant) if c not in taken]
        p["hand"] = [c for c in p["hand"] if c not in placed]
        if cubes and k in cubes:
            p["cubes"] = {c: cubes[k].count(c) for c in cat.CUBES}
        if isinstance(deniers, int):
            p["deniers"] = deniers
        elif deniers and k in deniers:
            p["deniers"] = deniers[k]
        if won and k in won:
            p["tokens"] = {**p["tokens"], **won[k]}
        if prestige and k in prestige:
            p["prestige"] = list(prestige[k])
        p["workers"] = cat.WORKERS - sum(1 for e in data["road"] if e["worker"] == k)
    covers = [e["cover"] for e in data["road"] if e["cover"]]
    owned_prestige = [c for p in data["players"] for c in p["prestige"]]
    supply = prestige_supply
    if supply is None:
        supply = [
            c for c in cat.PRESTIGE_SUPPLY[variant] if c not in covers and c not in owned_prestige
        ]
    data["prestige_supply"] = supply
    if tokens is not None:
        data["tokens"] = {**data["tokens"], **tokens}
    if provost is not None:
        data["provost"] = provost
    if round is not None:
        data["round"] = round
    return State.model_validate(data)


def play(state: State, *steps: str | tuple[int, str]) -> State:
    return play_events(state, *steps)[0]


def play_events(state: State, *steps: str | tuple[int, str]) -> tuple[State, list[Any]]:
    """Apply steps in order: 'text' (whoever decides first) or (seat, 'text') (checked).
    The scenario is then replayed as a game record (start state, actions, seats)."""
    start = state
    events: list[Any] = []
    seats: list[int] = []
    texts: list[str] = []
    for step in steps:
        seat, text = step if isinstance(step, tuple) else (None, step)
        acting = seat if seat is not None else pending(state)[0].seat
        state, new = apply(state, text, seat)
        seats.append(acting)
        texts.append(str(parse(text)))
        events.extend(new)
    record = GameRecord(game="magna-carta", start=start.model_dump(), actions=texts, seats=seats)
    replayed = replay(record)
    assert replayed.ok and replayed.state == state, replayed.failure
    return state, events


def act_plan(state: State, plan: dict[int, Iterable[str]]) -> State:
    """Actions phase: each seat, when its turn comes, takes its next planned action ('place 3',
    'draw', ...) or passes once its list is used up; stops when the phase is over."""
    queues = {seat: list(actions) for seat, actions in plan.items()}
    while decision_kind(state) == "action":
        seat = pending(state)[0].seat
        queue = queues.get(seat, [])
        state, _ = apply(state, queue.pop(0) if queue else "pass", seat)
    return state


def pass_all(state: State) -> State:
    return act_plan(state, {})


def skip_while(state: State, kinds: Iterable[str]) -> State:
    kinds = set(kinds)
    while decision_kind(state) in kinds:
        state, _ = apply(state, "skip")
    return state


def decision_kind(state: State) -> str | None:
    found = pending(state)
    return found[0].kind if found else None


def decision(state: State) -> tuple[str, int]:
    found = pending(state)
    assert found, "no decision pending"
    return found[0].kind, found[0].seat


def legal(state: State, seat: int | None = None) -> list[str]:
    if seat is None:
        seat = pending(state)[0].seat
    return [str(a) for a in legal_actions(state, seat)]


def cubes_of(state: State, seat: int) -> str:
    return "".join(c * k for c, k in zip(cat.CUBES, state.players[seat].cubes, strict=True))


def random_states(games: int, players: int = 4, variant: str = "standard", seed0: int = 0):
    """Every state of seeded random games (half built-in player, half uniform moves)."""
    for seed in range(seed0, seed0 + games):
        rng = random.Random(seed)
        s = new_game(Options(players=players, variant=variant), Setup(seed=seed))  # type: ignore[arg-type]
        while not s.over:
            yield s
            seat = pending(s)[0].seat
            if rng.random() < 0.5:
                a = choose_action(s, seat, rng)
            else:
                options = legal_actions(s, seat)
                a = options[rng.randrange(len(options))]
            s, _ = apply(s, a, seat)
        yield s


def finished_game(seed: int = 1, players: int = 3, variant: str = "standard") -> State:
    last = None
    for last in random_states(1, players, variant, seed):  # noqa: B007
        pass
    assert last is not None and last.over
    return last


def to_activation(state: State, plan: dict[int, Iterable[str]]) -> State:
    """Play the actions phase by `plan`, then nobody moves the provost: the activation phase
    runs up to its first decision (or further, if nothing needs one)."""
    return skip_while(act_plan(state, plan), {"provost"})
