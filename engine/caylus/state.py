"""The Caylus game state: a pydantic model that round-trips through JSON losslessly.

Layout notes (documented for players of the JSON in docs/record.md):
- Seats are indices 0..n-1. Road position p (1..28) is index p-1 of `road`, `owners`, `workers`.
- Cube counts are dicts keyed by the letters F W S C G.
- `decision` is the one pending decision (Caylus never asks two seats at once).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, Self, TypedDict

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer
from pydantic_core import SchemaSerializer

FavorMode = Literal["full", "simplified"]
TileSet = Literal["revised", "first"]


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int = Field(4, ge=2, le=5)
    favor_mode: FavorMode = "full"
    tile_set: TileSet = "revised"


class Setup(BaseModel):
    """How the random parts were decided. `seed` draws whatever is not given explicitly."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seed: int | None = None
    neutral_order: list[str] | None = None  # tile ids for road positions 1-6
    turn_order: list[int] | None = None  # seats, first player first


@dataclass(slots=True)
class Player:
    """One seat's holdings. A slotted dataclass, not a model: the engine copies a player on
    almost every action, and this copies three times faster (pydantic still validates it inside
    State and round-trips it through JSON)."""

    __pydantic_config__ = ConfigDict(extra="forbid")

    deniers: int
    prestige: int = 0
    cubes: dict[str, int] = field(default_factory=dict)
    workers: int = 0  # workers in hand (not on the board)
    favors: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # marker column, lines a-d

    def clone(self) -> Player:
        return Player(
            self.deniers, self.prestige, self.cubes.copy(), self.workers, self.favors.copy()
        )

    def model_dump(self) -> dict[str, object]:
        """The JSON-ready dict, like a pydantic model's."""
        return {
            "deniers": self.deniers,
            "prestige": self.prestige,
            "cubes": dict(self.cubes),
            "workers": self.workers,
            "favors": list(self.favors),
        }


class Decision(BaseModel):
    """What the game waits for: `kind` from `seat`. `at` is a road position where it matters.
    Frozen: the engine shares one object between all the states that wait for the same thing
    (a changed copy is `model_copy(update=...)`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str
    seat: int
    at: int = 0
    effect: str = ""  # for build/lawyer decisions: carpenter, mason, architect, lawyer
    via_favor: bool = False  # a favor's building effect (line d): discounts apply
    why: str = ""  # for a favor: what won it ("the joust field", "the Walls scoring", ...)


def _empty_castle() -> list[list[int]]:
    return [[], [], []]  # the houses of the Dungeon, the Walls and the Towers


class StateFields(TypedDict):
    """A State's fields as a dict, in the model's order: what the engine reads a state into
    (FastGame.read_fields). Checked below to name exactly the model's fields."""

    game: Literal["caylus"]
    options: Options
    setup: Setup
    turn: int
    phase: int
    cursor: int
    players: list[Player]
    turn_order: list[int]
    passed: list[int]
    road: list[str | None]
    owners: list[int | None]
    workers: list[int | None]
    specials: dict[str, int | None]
    stables: list[int]
    inn_left: int | None
    inn_right: int | None
    castle_workers: list[int]
    castle: list[list[int]]
    section: int
    scored: int
    bailiff: int
    provost: int
    stock: dict[str, int]
    discarded: list[str]
    lawyer_pending: list[tuple[int, int]]
    favor_queue: list[int]
    favor_why: list[str]
    favor_lines_used: list[str]
    batches: list[int]
    decision: Decision | None
    over: bool


class FieldSource(Protocol):
    """What a state made by the engine reads its fields from (engine/caylus/rules.py)."""

    def read_fields(self) -> StateFields:
        """Every field, in the model's order, as the state's own copies."""
        ...

    def keep(self, fields: StateFields) -> None:
        """Remember `fields` as they are now, the fields the state was given."""
        ...


class State(BaseModel):
    """A Caylus position. A state the engine made (rules.apply) holds the engine's game and
    fills each field from it when the field is first read: most states the bot passes through
    are never read whole (see docs/players.md, "Engine"). Every way to read a state (its
    attributes, ==, JSON, dumps, copies, repr, pickling) sees the same values as an eager one."""

    model_config = ConfigDict(extra="forbid")
    # The engine's link behind a state it made (rules.py); not a field: copies, pickles and
    # states read from JSON have none.
    __slots__ = ("_engine",)

    game: Literal["caylus"] = "caylus"
    options: Options
    setup: Setup
    turn: int = 1
    phase: int = 1
    cursor: int = 0  # progress inside the phase (special index, road position, castle index ...)
    players: list[Player]
    turn_order: list[int]
    passed: list[int] = Field(default_factory=list)  # passing order; index+1 = passing-scale space
    road: list[str | None]
    owners: list[int | None]
    workers: list[int | None]
    specials: dict[str, int | None]  # gate, trading, guild, joust -> seat of the worker
    stables: list[int] = Field(default_factory=list)  # seats in slot order 1..3
    inn_left: int | None = None
    inn_right: int | None = None
    castle_workers: list[int] = Field(default_factory=list)  # arrival order
    castle: list[list[int]] = Field(default_factory=lambda: _empty_castle())  # houses per section
    section: int = 0  # section under construction: 0 Dungeon, 1 Walls, 2 Towers, 3 done
    scored: int = 0  # sections scored so far (opens favor columns, R9)
    bailiff: int = 6
    provost: int = 6
    stock: dict[str, int]
    discarded: list[str] = Field(default_factory=list)  # neutral tiles removed by the lawyer
    lawyer_pending: list[tuple[int, int]] = Field(default_factory=list)  # (position, seat), R7
    favor_queue: list[int] = Field(default_factory=list)  # seats owed a favor, in order won
    favor_why: list[str] = Field(default_factory=list)  # what won each queued favor (same order)
    favor_lines_used: list[str]  # per seat: favor lines used in this phase (R10)
    batches: list[int]  # per seat: castle batches delivered this turn
    decision: Decision | None = None
    over: bool = False

    # --- small read helpers shared by rules, renderer and bot ---
    @property
    def n(self) -> int:
        return len(self.players)

    def tile_at(self, position: int) -> str | None:
        return self.road[position - 1]

    def owner_at(self, position: int) -> int | None:
        return self.owners[position - 1]

    def worker_at(self, position: int) -> int | None:
        return self.workers[position - 1]

    # --- fields read on demand from the engine's game -------------------------------------------

    def __setattr__(self, name: str, value: Any) -> None:
        """Plain assignment of a field, without pydantic's bookkeeping (no field validates on
        assignment). A state the engine made is filled first and leaves the engine: the next
        move is played on what it says (scenario tests change states this way). A name that is
        not a field is refused, as pydantic refuses it."""
        if name not in _FIELDS:
            super().__setattr__(name, value)  # raises: "State" object has no field ...
        if engine_source(self) is not None:
            self.filled()
            object.__setattr__(self, "_engine", None)
        object.__setattr__(self, name, value)

    def __getattr__(self, name: str) -> Any:
        # A field not shown yet, or one of pydantic's own slots (a state the engine made sets
        # them once read): the state reads all its fields at once (one conversion).
        if name in _READ_ON_DEMAND and len(self.__dict__) < _FIELD_COUNT:
            source = engine_source(self)
            if source is not None:
                self.filled()
                return object.__getattribute__(self, name)
        return super().__getattr__(name)  # type: ignore[misc]  # BaseModel's is typing-only

    def filled(self) -> Self:
        """This state with every field read (its own copies, which may be changed in place:
        the engine remembers them as given and plays on the changed ones). The fields shown
        from the start (backing.made) are the game's too, so the read replaces them."""
        if len(self.__dict__) < _FIELD_COUNT:
            source = engine_source(self)
            if source is not None:
                whole = source.read_fields()
                object.__setattr__(self, "__dict__", whole)
                object.__setattr__(self, "__pydantic_fields_set__", _ALL_FIELDS)
                object.__setattr__(self, "__pydantic_extra__", None)
                object.__setattr__(self, "__pydantic_private__", None)
                source.keep(whole)
        return self

    @model_serializer(mode="wrap")
    def _serialize_filled(self, serialize: SerializerFunctionWrapHandler) -> Any:
        """A State inside another model (or a list, a TypeAdapter) reads whole before it is
        dumped: pydantic reads a nested model's fields from its __dict__ directly."""
        return serialize(self.filled())

    # A State's own dumps skip that wrapper (which makes JSON twice: a dict, then its JSON).
    def model_dump(self, **kwargs: Any) -> dict[str, Any]:
        dumped: dict[str, Any] = _UNWRAPPED.to_python(self.filled(), **kwargs)
        return dumped

    def model_dump_json(self, **kwargs: Any) -> str:
        return _UNWRAPPED.to_json(self.filled(), **kwargs).decode()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, State):
            other.filled()
        self.filled()
        return super().__eq__(other)

    def __iter__(self) -> Generator[tuple[str, Any], None, None]:
        self.filled()
        return super().__iter__()

    def __repr_args__(self) -> Iterable[tuple[str | None, Any]]:
        self.filled()
        return super().__repr_args__()

    def __copy__(self) -> Self:
        self.filled()
        return super().__copy__()

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        self.filled()
        return super().__deepcopy__(memo)

    def __getstate__(self) -> dict[Any, Any]:
        self.filled()
        return super().__getstate__()

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        self.filled()
        return super().model_copy(update=update, deep=deep)


# State's serializer without the wrapper above (the same schema otherwise), for its own dumps
_UNWRAPPED = SchemaSerializer(
    {key: value for key, value in State.__pydantic_core_schema__.items() if key != "serialization"}
)
_FIELDS = frozenset(State.model_fields)
_ALL_FIELDS = set(_FIELDS)  # every field is set (pydantic's fields_set), shared as pydantic allows
_PYDANTIC_SLOTS = frozenset(
    {"__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__"}
)
_READ_ON_DEMAND = _FIELDS | _PYDANTIC_SLOTS
_FIELD_COUNT = len(_FIELDS)
assert list(StateFields.__annotations__) == list(State.model_fields), "StateFields is State's"


def engine_source(state: State) -> FieldSource | None:
    """The engine's link behind `state` (engine/caylus/rules.py), None for a state pydantic
    made (read from JSON, a copy) or one that left the engine."""
    try:
        source: FieldSource | None = _read_slot(state)
    except AttributeError:  # a state pydantic made: the slot was never set
        return None
    return source


_read_slot: Callable[[State], FieldSource | None] = State._engine.__get__  # type: ignore[attr-defined]  # the slot's own reader (C speed); mypy does not see __slots__ members
