"""The Magna Carta game state: plain slotted classes on the hot path, pydantic at the JSON edge
(engine/magna_carta/models.py, re-exported here).

`State` holds everything, hidden cards included (hands, draw piles in order); `view(state,
seat)` (engine/magna_carta/view.py) gives what one seat may know. Inside the engine road cards
are indexed from 0; everything a person reads (notation, JSON, events) counts road positions
from 1. The JSON layout is documented in docs/magna-carta-record.md.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, Final

import engine.magna_carta.catalogue as cat
from engine.errors import BadState
from engine.magna_carta.models import (
    CUBE_KEYS,
    DECISION_KINDS,
    TOKEN_KEYS,
    CubeLetter,
    DecisionModel,
    Options,
    PlayerModel,
    RoadCardModel,
    Setup,
    StateModel,
    TokenName,
    Variant,
    check_model,
)

__all__ = [
    "CUBE_KEYS",
    "DECISION_KINDS",
    "PLAYER_FIELDS",
    "STATE_FIELDS",
    "TOKEN_KEYS",
    "CubeLetter",
    "Decision",
    "DecisionModel",
    "Options",
    "Player",
    "PlayerModel",
    "RoadCardModel",
    "Setup",
    "State",
    "StateModel",
    "TokenName",
    "Variant",
    "decision",
]

# A module constant, not read through `Player.__slots__`: a compiled class has no such attribute.
PLAYER_FIELDS: Final = (
    "cubes",
    "deck",
    "deniers",
    "discard",
    "hand",
    "prestige",
    "shuffles",
    "tokens",
    "workers",
)


class Player:
    """One seat's holdings. `deck` is the draw pile, top card first; `discard` the discard
    pile, bottom card first (face up, so public)."""

    __slots__ = PLAYER_FIELDS

    deniers: int
    cubes: list[int]
    workers: int
    hand: list[str]
    deck: list[str]
    discard: list[str]
    tokens: list[int]
    prestige: list[str]
    shuffles: int

    def __init__(
        self,
        deniers: int,
        cubes: list[int],
        workers: int,
        hand: list[str],
        deck: list[str],
        discard: list[str],
        tokens: list[int],
        prestige: list[str],
        shuffles: int = 0,
    ) -> None:
        self.deniers = deniers
        self.cubes = cubes  # F W S G
        self.workers = workers  # in hand, not on the road
        self.hand = hand
        self.deck = deck
        self.discard = discard
        self.tokens = tokens  # castle tokens won: dungeon, walls, towers
        self.prestige = prestige  # beginner game: prestige buildings kept in front
        self.shuffles = shuffles  # reshuffles of this draw pile so far (drives the next one)

    def clone(self) -> Player:
        """A copy for the engine to change. Only `cubes` is copied: the card lists, `tokens`
        and `prestige` are shared and the engine replaces them instead of changing them."""
        return Player(
            self.deniers,
            self.cubes.copy(),
            self.workers,
            self.hand,
            self.deck,
            self.discard,
            self.tokens,
            self.prestige,
            self.shuffles,
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> Player:
        """A whole copy (copy.deepcopy: a compiled class is not rebuilt field by field)."""
        return Player(
            self.deniers,
            self.cubes.copy(),
            self.workers,
            list(self.hand),
            list(self.deck),
            list(self.discard),
            list(self.tokens),
            list(self.prestige),
            self.shuffles,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Player):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in PLAYER_FIELDS)

    __hash__ = None  # type: ignore[assignment]  # mutable, so unhashable (as a dataclass)

    def __repr__(self) -> str:
        return f"Player({self.dump()})"

    def dump(self) -> dict[str, Any]:
        return {
            "deniers": self.deniers,
            "cubes": dict(zip(cat.CUBES, self.cubes, strict=True)),
            "workers": self.workers,
            "hand": list(self.hand),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "tokens": dict(zip(cat.TOKEN_NAMES, self.tokens, strict=True)),
            "prestige": list(self.prestige),
            "shuffles": self.shuffles,
        }


class Decision:
    """What the game waits for from one seat: `kind`; `at` the road index of the card being
    activated (-1 if none); `part` "worker" or "owner" for an activation effect. Decisions are
    never changed once made, so equal ones are shared (see `decision`)."""

    __slots__ = ("at", "kind", "part", "seat")

    def __init__(self, kind: str, seat: int, at: int = -1, part: str = "") -> None:
        self.kind = kind
        self.seat = seat
        self.at = at
        self.part = part

    def key(self) -> tuple[str, int, int, str]:
        return (self.kind, self.seat, self.at, self.part)

    def __copy__(self) -> Decision:
        return self  # never changed once made: a copy is the decision itself

    def __deepcopy__(self, memo: dict[int, Any]) -> Decision:
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Decision{self.key()}"


_decisions: dict[tuple[str, int, int, str], Decision] = {}
# kind -> seat -> the decision without a card (`at` -1, no `part`): most decisions, found
# without making and hashing a key tuple (decisions are made once or twice an action)
_plain: dict[str, dict[int, Decision]] = {}


def decision(kind: str, seat: int, at: int = -1, part: str = "") -> Decision:
    """The one Decision for these values (decisions are shared: never changed once made)."""
    if at == -1 and not part:
        by_seat = _plain.get(kind)
        if by_seat is None:
            by_seat = _plain[kind] = {}
        found = by_seat.get(seat)
        if found is None:
            found = by_seat[seat] = _keyed(kind, seat, at, part)
        return found
    return _keyed(kind, seat, at, part)


def _keyed(kind: str, seat: int, at: int, part: str) -> Decision:
    key = (kind, seat, at, part)
    found = _decisions.get(key)
    if found is None:
        found = _decisions[key] = Decision(kind, seat, at, part)
    return found


STATE_FIELDS: Final = (
    "options",
    "setup",
    "round",
    "stage",
    "cursor",
    "start_player",
    "players",
    "road",
    "owners",
    "flipped",
    "covers",
    "stored",
    "workers",
    "provost",
    "tokens",
    "prestige_supply",
    "passed",
    "decision",
    "waiting",
    "due_flips",
    "delivered",
    "last_round",
    "over",
)


class State:
    """The whole game. States are values: the engine never changes one it returned.

    Road cards are parallel lists indexed from 0: `road` (card id), `owners` (seat or None),
    `flipped` (turned to its residence side), `covers` (prestige building on that residence),
    `stored` (cubes lying on a small production card), `workers` (seat of the worker on it).
    `stage` is the kind of phase (catalogue.STAGES); `phase` numbers it per rule set.
    """

    __slots__ = STATE_FIELDS
    game: ClassVar[str] = "magna-carta"

    options: Options
    setup: Setup
    round: int
    stage: int
    cursor: int  # the seat to act (actions), index into `passed` (provost, castle), road index
    start_player: int
    players: list[Player]
    road: list[str]
    owners: list[int | None]
    flipped: list[bool]
    covers: list[str | None]
    stored: list[int]
    workers: list[int | None]
    provost: int  # road index; -1 in the beginner game (no provost)
    tokens: list[int]  # castle tokens left: dungeon, walls, towers
    prestige_supply: list[str]
    passed: list[int]  # passing order of this round (the bridge), first passer first
    decision: Decision | None
    waiting: list[int]  # seats still to answer the simultaneous opening-hand decision
    due_flips: list[tuple[int, int]]  # (road index, seat): Lawyer flips waiting for a worker
    delivered: list[int]  # castle batches per seat in this castle phase
    last_round: bool  # the tokens ran out: the game ends with this round
    over: bool

    def __init__(
        self,
        *,
        options: Options,
        setup: Setup,
        round: int,
        stage: int,
        cursor: int,
        start_player: int,
        players: list[Player],
        road: list[str],
        owners: list[int | None],
        flipped: list[bool],
        covers: list[str | None],
        stored: list[int],
        workers: list[int | None],
        provost: int,
        tokens: list[int],
        prestige_supply: list[str],
        passed: list[int],
        decision: Decision | None,
        waiting: list[int],
        due_flips: list[tuple[int, int]],
        delivered: list[int],
        last_round: bool,
        over: bool,
    ) -> None:
        self.options = options
        self.setup = setup
        self.round = round
        self.stage = stage
        self.cursor = cursor
        self.start_player = start_player
        self.players = players
        self.road = road
        self.owners = owners
        self.flipped = flipped
        self.covers = covers
        self.stored = stored
        self.workers = workers
        self.provost = provost
        self.tokens = tokens
        self.prestige_supply = prestige_supply
        self.passed = passed
        self.decision = decision
        self.waiting = waiting
        self.due_flips = due_flips
        self.delivered = delivered
        self.last_round = last_round
        self.over = over

    # --- small read helpers shared by rules, view, renderer and bot ---
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def variant(self) -> str:
        return self.options.variant

    @property
    def standard(self) -> bool:
        return self.options.variant == "standard"

    @property
    def phase(self) -> int:
        """The phase number in this rule set (beginner 1-5, standard 1-6; 0 while setting up)."""
        return cat.PHASE_NUMBERS[self.options.variant][self.stage]

    @property
    def phase_name(self) -> str:
        return cat.STAGES[self.stage]

    @property
    def turn(self) -> int:
        """The round number (the name other games' code uses for it)."""
        return self.round

    def copy(self) -> State:
        """A shallow copy: the engine copies each list it changes (copy-on-write). Written out
        field by field because it runs once per action (tests check it copies every field)."""
        return State(
            options=self.options,
            setup=self.setup,
            round=self.round,
            stage=self.stage,
            cursor=self.cursor,
            start_player=self.start_player,
            players=self.players,
            road=self.road,
            owners=self.owners,
            flipped=self.flipped,
            covers=self.covers,
            stored=self.stored,
            workers=self.workers,
            provost=self.provost,
            tokens=self.tokens,
            prestige_supply=self.prestige_supply,
            passed=self.passed,
            decision=self.decision,
            waiting=self.waiting,
            due_flips=self.due_flips,
            delivered=self.delivered,
            last_round=self.last_round,
            over=self.over,
        )

    def __copy__(self) -> State:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """A whole copy (copy.deepcopy: a compiled class is not rebuilt field by field)."""
        return self.model_copy(deep=True)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in STATE_FIELDS)

    __hash__ = None  # type: ignore[assignment]  # mutable, so unhashable (as a dataclass)

    def __repr__(self) -> str:
        return f"State(round={self.round}, phase={self.phase}, decision={self.decision})"

    # --- the JSON boundary (pydantic-like names, so records and the store treat all games
    # alike) ---
    def model_dump(self, **_: Any) -> dict[str, Any]:
        variant = self.options.variant
        return {
            "game": self.game,
            "options": self.options.model_dump(),
            "setup": self.setup.model_dump(),
            "round": self.round,
            "phase": cat.PHASE_NUMBERS[variant][self.stage],
            "cursor": self.cursor,
            "start_player": self.start_player,
            "players": [p.dump() for p in self.players],
            "road": [
                {
                    "card": self.road[i],
                    "owner": self.owners[i],
                    "residence": self.flipped[i],
                    "cover": self.covers[i],
                    "stored": self.stored[i],
                    "worker": self.workers[i],
                }
                for i in range(len(self.road))
            ],
            "provost": self.provost + 1 if self.provost >= 0 else None,
            "tokens": dict(zip(cat.TOKEN_NAMES, self.tokens, strict=True)),
            "prestige_supply": list(self.prestige_supply),
            "passed": list(self.passed),
            "decision": None
            if self.decision is None
            else {
                "kind": self.decision.kind,
                "seat": self.decision.seat,
                "at": self.decision.at + 1,
                "part": self.decision.part,
            },
            "waiting": list(self.waiting),
            "due_flips": [[i + 1, seat] for i, seat in self.due_flips],
            "delivered": list(self.delivered),
            "last_round": self.last_round,
            "over": self.over,
        }

    def model_dump_json(self, indent: int | None = None, **_: Any) -> str:
        return json.dumps(self.model_dump(), indent=indent)

    def model_copy(self, deep: bool = False, **_: Any) -> State:
        return State.model_validate(self.model_dump()) if deep else self.copy()

    @classmethod
    def model_validate(cls, data: Any) -> State:
        if isinstance(data, State):
            return data.copy()
        return _from_model(StateModel.model_validate(data))

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> State:
        return _from_model(StateModel.model_validate_json(text))


def _from_model(m: StateModel) -> State:
    variant = m.options.variant
    stages = {v: k for k, v in cat.PHASE_NUMBERS[variant].items()}
    if m.phase not in stages:
        numbers = ", ".join(str(k) for k in sorted(stages))
        raise BadState(
            f"The game state is not consistent: phase {m.phase} does not exist in the {variant} "
            f"game (its phases are {numbers})."
        )
    check_model(m)
    players = [
        Player(
            deniers=p.deniers,
            cubes=[p.cubes.get(c, 0) for c in CUBE_KEYS],
            workers=p.workers,
            hand=list(p.hand),
            deck=list(p.deck),
            discard=list(p.discard),
            tokens=[p.tokens.get(t, 0) for t in TOKEN_KEYS],
            prestige=list(p.prestige),
            shuffles=p.shuffles,
        )
        for p in m.players
    ]
    d = m.decision
    return State(
        options=m.options,
        setup=m.setup,
        round=m.round,
        stage=stages[m.phase],
        cursor=m.cursor,
        start_player=m.start_player,
        players=players,
        road=[r.card for r in m.road],
        owners=[r.owner for r in m.road],
        flipped=[r.residence for r in m.road],
        covers=[r.cover for r in m.road],
        stored=[r.stored for r in m.road],
        workers=[r.worker for r in m.road],
        provost=m.provost - 1 if m.provost is not None else -1,
        tokens=[m.tokens.get(t, 0) for t in TOKEN_KEYS],
        prestige_supply=list(m.prestige_supply),
        passed=list(m.passed),
        decision=None if d is None else decision(d.kind, d.seat, d.at - 1, d.part),
        waiting=list(m.waiting),
        due_flips=[(i - 1, seat) for i, seat in m.due_flips],
        delivered=list(m.delivered),
        last_round=m.last_round,
        over=m.over,
    )
