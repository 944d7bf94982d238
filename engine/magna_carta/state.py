"""The Magna Carta game state: plain slotted classes on the hot path, pydantic at the JSON edge.

`State` holds everything, hidden cards included (hands, draw piles in order); `view(state,
seat)` (engine/magna_carta/view.py) gives what one seat may know. Inside the engine road cards
are indexed from 0; everything a person reads (notation, JSON, events) counts road positions
from 1. The JSON layout is documented in docs/magna-carta-record.md.
"""

from __future__ import annotations

import json
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

import engine.magna_carta.catalogue as cat
from engine.errors import BadState, quoted
from engine.magna_carta.decision_kinds import KINDS, OPENING

Variant = Literal["beginner", "standard"]
# The keys of the JSON's cube and token counts, in the catalogue's order (checked below).
CubeLetter = Literal["F", "W", "S", "G"]
TokenName = Literal["dungeon", "walls", "towers"]
CUBE_KEYS: tuple[CubeLetter, ...] = get_args(CubeLetter)
TOKEN_KEYS: tuple[TokenName, ...] = get_args(TokenName)
assert tuple(cat.CUBES) == CUBE_KEYS and cat.TOKEN_NAMES == TOKEN_KEYS


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int = Field(4, ge=cat.MIN_PLAYERS, le=cat.MAX_PLAYERS)
    variant: Variant = "standard"


class Setup(BaseModel):
    """What chance decides at the start. Whatever is not given is drawn from `seed`.

    `neutral`: the start road, first card first (the Peddler is always last).
    `start_player`: the seat holding the start-player card in round 1.
    `decks`: per seat, that player's shuffled deck, top card first.
    The seed also drives every later reshuffle (with the seat and a per-seat counter), so a
    record replays the same and a state saved mid-game goes on identically.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    seed: int | None = None
    neutral: list[str] | None = None
    start_player: int | None = None
    decks: list[list[str]] | None = None


_new_player = object.__new__


class Player:
    """One seat's holdings. `deck` is the draw pile, top card first; `discard` the discard
    pile, bottom card first (face up, so public)."""

    __slots__ = (
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
        new = _new_player(Player)
        new.deniers = self.deniers
        new.cubes = self.cubes.copy()
        new.workers = self.workers
        new.hand = self.hand
        new.deck = self.deck
        new.discard = self.discard
        new.tokens = self.tokens
        new.prestige = self.prestige
        new.shuffles = self.shuffles
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Player):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in Player.__slots__)

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

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Decision{self.key()}"


_decisions: dict[tuple[str, int, int, str], Decision] = {}


def decision(kind: str, seat: int, at: int = -1, part: str = "") -> Decision:
    key = (kind, seat, at, part)
    found = _decisions.get(key)
    if found is None:
        found = _decisions[key] = Decision(kind, seat, at, part)
    return found


STATE_FIELDS = (
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
    game = "magna-carta"

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

    def __init__(self, **fields: Any) -> None:
        for name in STATE_FIELDS:
            object.__setattr__(self, name, fields[name])

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
        new = _new_state(State)
        new.options = self.options
        new.setup = self.setup
        new.round = self.round
        new.stage = self.stage
        new.cursor = self.cursor
        new.start_player = self.start_player
        new.players = self.players
        new.road = self.road
        new.owners = self.owners
        new.flipped = self.flipped
        new.covers = self.covers
        new.stored = self.stored
        new.workers = self.workers
        new.provost = self.provost
        new.tokens = self.tokens
        new.prestige_supply = self.prestige_supply
        new.passed = self.passed
        new.decision = self.decision
        new.waiting = self.waiting
        new.due_flips = self.due_flips
        new.delivered = self.delivered
        new.last_round = self.last_round
        new.over = self.over
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(_get(self, k) == _get(other, k) for k in STATE_FIELDS)

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


_new_state = object.__new__
_get = object.__getattribute__


# --- pydantic models of the JSON (validation when a state comes in) ---------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerModel(_Strict):
    deniers: int = Field(ge=0)
    cubes: dict[CubeLetter, int]
    workers: int = Field(ge=0, le=cat.WORKERS)
    hand: list[str]
    deck: list[str]
    discard: list[str]
    tokens: dict[TokenName, int]
    prestige: list[str]
    shuffles: int = Field(0, ge=0)


class RoadCardModel(_Strict):
    card: str
    owner: int | None = None
    residence: bool = False
    cover: str | None = None
    stored: int = Field(0, ge=0)
    worker: int | None = None


class DecisionModel(_Strict):
    kind: str
    seat: int
    at: int = 0
    part: str = ""


class StateModel(_Strict):
    game: Literal["magna-carta"] = "magna-carta"
    options: Options
    setup: Setup
    round: int = Field(ge=1)
    phase: int = Field(ge=0, le=6)
    cursor: int = 0
    start_player: int
    players: list[PlayerModel]
    road: list[RoadCardModel]
    provost: int | None
    tokens: dict[TokenName, int]
    prestige_supply: list[str]
    passed: list[int]
    decision: DecisionModel | None
    waiting: list[int] = Field(default_factory=list)
    due_flips: list[tuple[int, int]] = Field(default_factory=list)
    delivered: list[int]
    last_round: bool = False
    over: bool = False


# The kinds a state's `decision` may have (the opening hands are `waiting` instead).
DECISION_KINDS = tuple(kind.name for kind in KINDS if kind is not OPENING)


def _check(m: StateModel) -> None:
    """Structural checks of a state coming in as JSON (ids, seats and positions in range), so
    the engine never meets a reference to nothing. BadState (a ValueError) names every problem;
    whether the values fit together is engine/magna_carta/validate.py's job."""
    n = m.options.players
    seats = range(n)
    problems = []
    if len(m.players) != n or len(m.delivered) != n:
        problems.append("the number of players differs from the options")
    player_cards = set(cat.DECKS[m.options.variant])
    prestige_cards = set(cat.PRESTIGE_SUPPLY[m.options.variant])
    for k, p in enumerate(m.players):
        strangers = sorted(set(p.hand + p.deck + p.discard) - player_cards)
        if strangers:
            problems.append(
                f"seat {k} holds {quoted(strangers[0], 30)}, no card of the "
                f"{m.options.variant} deck"
            )
        if not set(p.prestige) <= prestige_cards:
            problems.append(f"seat {k} has an unknown prestige building")
    if not set(m.prestige_supply) <= prestige_cards:
        problems.append("an unknown prestige building in the supply")
    for i, r in enumerate(m.road):
        card = cat.CARDS.get(r.card)
        if card is None or card.kind is cat.Kind.PRESTIGE:
            problems.append(f"road card {i + 1} is unknown")
        elif (card.kind is cat.Kind.NEUTRAL) != (r.owner is None):
            problems.append(f"road card {i + 1} has a wrong owner")
        if r.owner is not None and r.owner not in seats:
            problems.append(f"road card {i + 1} belongs to no seat")
        if r.worker is not None and r.worker not in seats:
            problems.append(f"road card {i + 1} has a worker of no seat")
        if r.cover is not None and r.cover not in prestige_cards:
            problems.append(f"road card {i + 1} carries an unknown prestige building")
    if m.start_player not in seats or not set(m.passed + m.waiting) <= set(seats):
        problems.append(f"the start player, 'passed' and 'waiting' name seats 0-{n - 1}")
    if (m.provost is None) != (m.options.variant == "beginner") or (
        m.provost is not None and not 1 <= m.provost <= len(m.road)
    ):
        problems.append("the provost is off the road")
    d = m.decision
    if d is not None and (
        d.kind not in DECISION_KINDS or d.seat not in seats or not 0 <= d.at <= len(m.road)
    ):
        problems.append("the decision is not one of this game")
    if any(not 1 <= at <= len(m.road) or seat not in seats for at, seat in m.due_flips):
        problems.append("a Lawyer flip off the road")
    if problems:
        raise BadState("The game state is not consistent: " + "; ".join(problems) + ".")


def _from_model(m: StateModel) -> State:
    variant = m.options.variant
    stages = {v: k for k, v in cat.PHASE_NUMBERS[variant].items()}
    if m.phase not in stages:
        numbers = ", ".join(str(k) for k in sorted(stages))
        raise BadState(
            f"The game state is not consistent: phase {m.phase} does not exist in the {variant} "
            f"game (its phases are {numbers})."
        )
    _check(m)
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
