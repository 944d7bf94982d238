"""The Caylus rules' immutable API: new_game, pending, legal_actions, apply, outcome.

A thin layer over the one rules engine (engine/caylus/fast_game.py, FastGame): `apply` takes over
the engine's game behind the state (a copy of a chain's first game, which stays as it is), plays
the action with events switched on, and hands back a new State that reads its fields from that
game when they are first read (engine/caylus/backing.py). A state read from JSON, or one whose
fields were changed in place, is converted to a game first. The rulings of docs/rules.md are
cited as R1..R26.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import engine.caylus.catalogue as cat
from engine.caylus.actions import Action, parse
from engine.caylus.backing import (
    CONTAINERS,
    HANDING_ON,
    SHOWN,
    Backing,
    apply_unread,
    legal_unread,
    made,
)
from engine.caylus.catalogue import CUBES, Effect
from engine.caylus.codes import (
    ACTIONS,
    EFFECT_KIND,
    FAVORS,
    GATE_BACK,
    INN_STAY,
    PASS,
    SKIP,
    TILE_IDS,
    USE_REWARDS,
    build_cost,
)
from engine.caylus.decision_kinds import KINDS
from engine.caylus.decisions import LEGAL
from engine.caylus.explain import why_illegal
from engine.caylus.fast_game import FastGame
from engine.caylus.queries import (
    base_placement_cost,
    can_deliver_batch,
    castle_spaces_left,
    favor_marker_after,
    final_scores,
    incomes,
    next_house_section,
    open_columns,
    placement_cost,
    space_name,
)
from engine.caylus.state import Decision, Options, Player, Setup, State, engine_source
from engine.caylus.words import cube_text
from engine.errors import BadSetup, GameOver, IllegalAction, MalformedAction, NotYourDecision
from engine.protocol import Event, Outcome, PendingDecision

SPECIAL_SINGLE = ("gate", "trading", "guild", "joust")
_SKIP = ACTIONS[SKIP]
# what a clock applies, by decision kind (else skip, else the first legal option)
_DEFAULTS = {
    "place": ACTIONS[PASS],
    "gate": ACTIONS[GATE_BACK],
    "inn": ACTIONS[INN_STAY],
    "favor": ACTIONS[FAVORS["b"]],
}

# ---------------------------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------------------------


def new_game(options: Options | None = None, setup: Setup | None = None) -> State:
    """A new game at its first decision. Random parts not given in `setup` come from its seed."""
    options = options or Options()
    setup = setup or Setup(seed=0)
    n = options.players
    if setup.seed is None and (setup.neutral_order is None or setup.turn_order is None):
        raise BadSetup("A new game needs a seed, or an explicit neutral_order and turn_order.")
    rng = random.Random(setup.seed)  # a private generator: the engine never uses global random
    neutral = list(setup.neutral_order) if setup.neutral_order else None
    if neutral is None:
        neutral = list(cat.NEUTRAL_TILES)
        rng.shuffle(neutral)
    elif sorted(neutral) != sorted(cat.NEUTRAL_TILES):
        raise BadSetup(
            "The neutral order must list the six neutral tiles once each: "
            f"{', '.join(cat.NEUTRAL_TILES)}."
        )
    order = list(setup.turn_order) if setup.turn_order is not None else None
    if order is None:
        order = list(range(n))
        rng.shuffle(order)
    elif sorted(order) != list(range(n)):
        raise BadSetup(f"The turn order must list each seat 0-{n - 1} once.")
    explicit = Setup(seed=setup.seed, neutral_order=neutral, turn_order=order)

    position_of = {seat: position for position, seat in enumerate(order)}
    players = [
        Player(
            # R11: by turn-order position
            deniers=cat.TWO_PLAYER_DENIERS if n == 2 else cat.START_DENIERS[position_of[seat]],
            cubes={c: cat.START_CUBES.get(c, 0) for c in CUBES},
            workers=cat.WORKERS,
        )
        for seat in range(n)
    ]
    road: list[str | None] = [None] * cat.ROAD_LENGTH
    for i, tile in enumerate(neutral):
        road[i] = tile
    for position, tile in cat.FIXED_POSITIONS.items():
        road[position - 1] = tile
    state = State(
        options=options,
        setup=explicit,
        players=players,
        turn_order=order,
        road=road,
        owners=[None] * cat.ROAD_LENGTH,
        workers=[None] * cat.ROAD_LENGTH,
        specials={k: None for k in SPECIAL_SINGLE},
        stock=dict(cat.TILE_SETS[options.tile_set]),
        favor_lines_used=[""] * n,
        batches=[0] * n,
        bailiff=cat.BAILIFF_START,
        provost=cat.BAILIFF_START,
    )
    game = FastGame.from_state(state)  # runs on to the first decision
    return made(Backing(game, [], game), game)


# ---------------------------------------------------------------------------------------------
# States and the engine's game behind them
# ---------------------------------------------------------------------------------------------


# the state's slot for its backing, read directly: set on every state with SHOWN fields
_engine_of: Callable[[State], Backing] = State._engine.__get__  # type: ignore[attr-defined]  # mypy does not see __slots__ members


def _backing(state: State) -> Backing | None:
    """The backing of `state` if the state still says exactly what its game says: it was not
    read whole yet, or its fields are still as they were given (setting a field leaves the
    engine: State.__setattr__)."""
    backing = engine_source(state)
    if not isinstance(backing, Backing):
        return None
    fields = state.__dict__
    if len(fields) == SHOWN:
        return backing
    try:
        now = (fields["players"], *(fields[name] for name in CONTAINERS), fields["castle"])
        if now == backing.kept:
            return backing
    except (AttributeError, KeyError):
        pass
    object.__setattr__(state, "_engine", None)  # changed in place: the state is its own from now on
    return None


def _engine_for(state: State) -> Backing:
    """The backing of `state`; a state without one (read from JSON, a copy, one changed in
    place) is converted into a game once, which it then keeps with a copy of its fields as
    they are (as a state the engine made and that was read whole): the next calls on it,
    legal_actions then apply, do not convert it again."""
    if len(state.__dict__) == SHOWN:  # a state the engine made, not read yet: the hot path
        return _engine_of(state)
    backing = _backing(state)
    if backing is None:
        game = FastGame.from_state(state)
        backing = Backing(game, [], game)
        backing.keep(state.filled().__dict__)  # type: ignore[arg-type]  # a State's __dict__ is its StateFields
        object.__setattr__(state, "_engine", backing)
    return backing


def game_at(state: State) -> FastGame:
    """A copy of the engine's game at `state`, the caller's to play on."""
    with HANDING_ON:
        backing = _backing(state)
        return backing.current().copy() if backing is not None else FastGame.from_state(state)


# ---------------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------------


def pending(state: State) -> list[PendingDecision]:
    d = state.decision
    if state.over or d is None:
        return []
    return [PendingDecision(seat=d.seat, kind=d.kind, prompt=decision_prompt(state, d))]


def decision_prompt(state: State, d: Decision) -> str:
    """What `d` asks, naming the building and its road position, or what won a favor."""
    if d.kind == "favor" and d.why:
        return f"choose a royal favor (won for {d.why})"
    if not d.at or d.kind not in PROMPTS_AT:
        return PROMPTS[d.kind]
    tile = tile_at(state, d.at)
    where = f"{cat.TILES[tile].name} ({d.at})" if tile else f"space {d.at}"
    return PROMPTS_AT[d.kind].format(where=where)


def turn_and_phase(state: State) -> tuple[int, int]:
    """The state's turn and phase, read on the engine's game while the state was not read
    whole: a lookahead that plays a turn on asks this at every step, and reading the whole
    state (every player, the road, the castle) for two numbers would cost more than the move."""
    if len(state.__dict__) == SHOWN:
        with HANDING_ON:
            game = _engine_of(state).current()
            return game.turn, game.phase
    return state.turn, state.phase


def tile_at(state: State, position: int) -> str | None:
    """The tile at road `position`, read on the engine's game while the state was not read
    whole (reading its road would convert all its fields)."""
    backing = _backing(state)
    if backing is not None and len(state.__dict__) == SHOWN:
        with HANDING_ON:
            tile = backing.current().road[position - 1]
        return None if tile < 0 else TILE_IDS[tile]
    return state.road[position - 1]


def legal_actions(state: State, seat: int) -> list[Action]:
    """The actions `seat` may take now (empty when it is not this seat's decision)."""
    legal = legal_unread(state, seat)  # a state the engine made, not read yet: the hot path
    if legal is not None:
        return legal
    d = state.decision
    if state.over or d is None or d.seat != seat:
        return []
    return _engine_for(state).actions()


def apply(state: State, action: Action | str, seat: int | None = None) -> tuple[State, list[Event]]:
    """Apply `action` by `seat` (default: whoever must decide). Returns a new state and events.

    Raises GameOver, NotYourDecision, MalformedAction or IllegalAction; `state` is never changed.
    An inconsistent state (see validate_state) may raise BadSetup instead of looping or crashing.
    """
    if isinstance(action, str):
        action = parse(action)
    played = apply_unread(state, action, seat)  # the hot path (compiled with the core)
    if played is not None:
        return played
    made = _engine_of(state) if len(state.__dict__) == SHOWN else None
    if made is not None:
        waiting = made.seat
    else:
        d = state.decision
        waiting = -1 if state.over or d is None else d.seat
    if waiting < 0:
        raise GameOver("The game is over; no more moves can be made.")
    if seat is not None and seat != waiting:
        waited = state.decision
        asks = PROMPTS[waited.kind] if waited is not None else ""
        raise NotYourDecision(
            f"It is not your decision: the game waits for seat {waiting} ({asks})."
        )
    backing = made if made is not None else _engine_for(state)
    # Legal actions are interned, so an action is found by identity; one built some other way is
    # first swapped for its interned twin, or read through its text (_canonical).
    code = backing.code_of(action)
    if code < 0:
        action = _canonical(action)
        code = backing.code_of(action)
        if code < 0:
            legal = backing.actions()
            waited = state.decision
            assert waited is not None  # someone is waited for (above)
            raise IllegalAction.said(*why_illegal(state, waited, action, legal))
    events: list[Event] = []
    return backing.play(code, events), events


def _canonical(action: object) -> Action:
    """The canonical action an action object stands for (legal actions are interned).

    One built by hand (not by the engine or `parse`) is read as its text, exactly as if that
    text had been typed, so any field values end in a canonical action or a MalformedAction.
    """
    if isinstance(action, Action):
        fields = action.__dict__  # model_construct may have left a field out or set any value
        verb, arg = fields.get("verb"), fields.get("arg", "")
        found = Action.interned(verb, arg)
        if found is not None:
            return found
        if isinstance(verb, str) and isinstance(arg, str):
            return parse(f"{verb} {arg}")
    elif isinstance(action, str):
        return parse(action)
    raise MalformedAction.said("words.NO_ACTION")


def outcome(state: State) -> Outcome | None:
    if not state.over:
        return None
    return final_scores(state)


# What each decision kind asks (engine/caylus/decision_kinds.py), and the same for a decision
# at a road building: {where} is its name and position, "Farm (11)".
PROMPTS: dict[str, str] = {kind.name: kind.prompt for kind in KINDS}
PROMPTS_AT: dict[str, str] = {kind.name: kind.prompt_at for kind in KINDS if kind.prompt_at}


def default_action(state: State, seat: int | None = None) -> Action | None:
    """What a player's clock applies when their time runs out (docs/rules-choices.md).

    Pass in placement; decline every optional effect (skip: no bribe, no build, no purchase, no
    joust, no batch, which costs the castle penalty); the gate's worker goes home; the inn's
    occupant stays (leaving gives up the inn for nothing); a forced choice takes its first legal
    option (production: the first listed product; the owner's cube: the first kind); a favor
    takes the deniers line (b) if it is free in this phase, else the first legal line.
    """
    d = state.decision
    if state.over or d is None:
        return None
    options = legal_actions(state, d.seat)
    preferred = _DEFAULTS.get(d.kind, _SKIP)
    return preferred if preferred in options else options[0]


def worker_can_work(s: State, seat: int, pos: int) -> bool:
    """Whether `seat`'s worker on the road building at `pos` could do more than skip there,
    with what the seat holds in `s` (a production building always works)."""
    tile_id = s.road[pos - 1]
    if tile_id is None:
        return False
    tile = cat.TILES[tile_id]
    if tile.effect is Effect.PRODUCE:
        return True
    kind = EFFECT_KIND.get(tile.effect)
    if kind is None:
        return True
    game = game_at(s)
    game.decide(kind, seat, pos, tile.effect.value)
    return any(code != SKIP for code in LEGAL[kind](game))


__all__ = [
    "PROMPTS",
    "PROMPTS_AT",
    "USE_REWARDS",
    "apply",
    "base_placement_cost",
    "build_cost",
    "can_deliver_batch",
    "castle_spaces_left",
    "cube_text",
    "default_action",
    "favor_marker_after",
    "final_scores",
    "game_at",
    "incomes",
    "legal_actions",
    "new_game",
    "next_house_section",
    "open_columns",
    "outcome",
    "pending",
    "placement_cost",
    "space_name",
    "tile_at",
    "turn_and_phase",
    "worker_can_work",
]
