"""The pydantic models of a Magna Carta game's JSON: the options and set-up a game starts from,
and the layout of a saved state (validated when a state comes in, then turned into the plain
classes of engine/magna_carta/state.py). They live apart from those classes because the rules
core is compiled with mypyc (engine/compiled.py), which cannot compile a module defining
pydantic models; these stay Python. The JSON layout is documented in docs/magna-carta-record.md.
"""

from __future__ import annotations

from typing import Literal, get_args

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


def check_model(m: StateModel) -> None:
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
