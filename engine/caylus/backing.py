"""The engine's game behind the states `apply` makes (engine/caylus/rules.py): the part of the
immutable API that runs at every move, compiled with the core (engine/compiled.py).

A state `apply` made shows its decision and whether the game is over from the start and reads
the rest of its fields from the game behind it when they are first read (State.filled).
"""

from __future__ import annotations

import threading
from typing import Final

from engine.caylus.actions import Action
from engine.caylus.codes import ACTIONS, CODE, NO_DECISION
from engine.caylus.fast_game import FastGame
from engine.caylus.state import State, StateFields
from engine.protocol import Event

# States are read in other threads (the renderer's) while apply plays on: a game is read or
# handed on and played only under this lock, so a reader never sees one half played.
HANDING_ON: Final = threading.RLock()
# the lock's methods bound once: `with` looks both up on every move (play)
_hand_on: Final = HANDING_ON.acquire
_handed_on: Final = HANDING_ON.release
# Final: the compiled module keeps these in C variables, not in its globals' dict
_new_state: Final = State.__new__
_set_attr: Final = object.__setattr__
_STATE: Final = State

# the code of each interned action by its identity (interned actions live as long as the
# process, so their ids stay theirs): a legal action is found without hashing its fields
_CODE_OF: Final[dict[int, int]] = {id(action): code for action, code in CODE.items()}

# the fields a state may change in place (lists and dicts; the players and the castle apart)
CONTAINERS: Final = (
    "turn_order",
    "passed",
    "road",
    "owners",
    "workers",
    "specials",
    "stables",
    "castle_workers",
    "stock",
    "discarded",
    "lawyer_pending",
    "favor_queue",
    "favor_why",
    "favor_lines_used",
    "batches",
)


class Backing:
    """The engine's game behind a state `apply` made, read when the state's fields are.

    A game is handed on from state to state: `apply` plays the next move on the very game of the
    state it starts from (no copy), so only the newest state of a chain holds one. The states of
    a chain share its first game (`root`: a new game, or a state converted from its fields,
    never played on) and the list of moves played from there; a state read after its game was
    handed on gets it back by replaying its first `length` moves on a copy of the root. So an
    older state that is dropped leaves nothing behind but its move in that list.
    """

    __slots__ = ("codes", "game", "kept", "length", "moves", "root", "seat", "shown")

    def __init__(
        self,
        root: FastGame,
        moves: list[int],
        game: FastGame,
        shown: dict[str, object] | None = None,
    ) -> None:
        self.root = root
        self.moves = moves  # shared with the chain's later states (see play)
        self.length = len(moves)  # this position is `root` after moves[:length]
        self.game: FastGame | None = game  # None once handed on to the next state
        self.codes = game.options  # the legal moves here (a list the game replaces, never changes)
        # who decides here (-1: nobody, the game is over), read without reading the state
        self.seat = -1 if game.over or game.kind == NO_DECISION else game.seat
        self.kept: tuple[object, ...] | None = None  # the state's fields as given (keep)
        # the fields a new state of this chain shows from the start (made), the decision and
        # `over` to be set: shared along the chain, copied for each state (cheaper than
        # building the dict anew)
        self.shown: dict[str, object] = (
            {
                "game": "caylus",
                "options": game.game_options,
                "setup": game.setup,
                "decision": None,
                "over": False,
            }
            if shown is None
            else shown
        )

    def current(self) -> FastGame:
        """The game at this backing's position (replayed if it was handed on)."""
        game = self.game
        if game is None:
            game = self.root.copy()
            for code in self.moves[: self.length]:
                game.play(code)
            self.game = game
        return game

    def actions(self) -> list[Action]:
        """The legal actions here, in a new list (the caller's to change)."""
        actions = ACTIONS  # a global read once, not per code (compiled code reads it anew)
        return [actions[code] for code in self.codes]

    def code_of(self, action: object) -> int:
        """The code of `action` if it is one of the interned actions legal here, else -1
        (an action built some other way is first swapped for its twin by the caller)."""
        code = _CODE_OF.get(id(action), -1)
        return code if code >= 0 and code in self.codes else -1

    def read_fields(self) -> StateFields:
        with HANDING_ON:
            return self.current().read_fields()

    def keep(self, fields: StateFields) -> None:
        """Remember the fields given to the state (copies), to tell later whether the state
        was changed in place since (see _backing)."""
        self.kept = (
            [p.clone() for p in fields["players"]],
            *(fields[name].copy() for name in CONTAINERS),
            [sec[:] for sec in fields["castle"]],
        )

    def play(self, code: int, events: list[Event]) -> State:
        """The state after `code`, saying what happened into `events`. The game is handed on
        (the root's is copied: the chain replays from it) and the move added to the chain's
        list (a new list when this state is not the newest of its chain: a branch)."""
        _hand_on()
        try:
            game = self.game
            if game is None:
                game = self.current()
            if game is self.root:
                game = game.copy()
            else:
                self.game = None
                # the fields the state was given are needed no more: a state applied again
                # is converted from its fields
                self.kept = None
            game.events = events
            game.play(code)  # an inconsistent state may raise BadSetup: `state` replays
            game.events = None
            moves = self.moves
            if len(moves) != self.length:
                moves = moves[: self.length]
            moves.append(code)
        finally:
            _handed_on()
        return made(Backing(self.root, moves, game, self.shown), game)


# the fields a state `made` shows from the start; a state read whole has them all
SHOWN: Final = 5


# The two hot paths below are written out in full, not through helpers: a call is a good
# part of their cost, most of all on the pure build.


def legal_unread(state: object, seat: object) -> list[Action] | None:
    """rules.legal_actions on a state the engine made and nobody read whole yet (its hot
    path); None for any other state (the caller reads it). Typed `object`: the public API's
    callers may pass anything."""
    if len(state.__dict__) != SHOWN:
        return None
    backing = getattr(state, "_engine", None)
    if not isinstance(backing, Backing):
        return None
    if backing.seat != seat:
        return []
    actions = ACTIONS  # a global read once, not per code (compiled code reads it anew)
    return [actions[code] for code in backing.codes]


def apply_unread(state: object, action: object, seat: object) -> tuple[State, list[Event]] | None:
    """rules.apply on a state the engine made and nobody read whole yet (its hot path), when
    `action` is one of its legal actions (interned: found by identity) and `seat` is None or
    the seat it waits for; None in every other case: the caller plays it, or says what is
    wrong, the slow way."""
    if len(state.__dict__) != SHOWN:
        return None
    backing = getattr(state, "_engine", None)
    if not isinstance(backing, Backing):
        return None
    waiting = backing.seat
    if waiting < 0 or (seat is not None and seat != waiting):
        return None
    code = _CODE_OF.get(id(action), -1)
    if code < 0 or code not in backing.codes:
        return None
    events: list[Event] = []
    return backing.play(code, events), events


def made(backing: Backing, game: FastGame) -> State:
    """A state at `game`'s position, read through `backing`: it shows its decision (shared,
    frozen) and whether the game is over from the start, the rest when first read."""
    state = _new_state(_STATE)
    shown = backing.shown.copy()
    shown["decision"] = game.decision()
    shown["over"] = game.over
    _set_attr(state, "__dict__", shown)
    # pydantic's own slots are set when the state is read whole (State.filled)
    _set_attr(state, "_engine", backing)
    return state
