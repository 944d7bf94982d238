"""The engine's game behind the states `apply` makes (engine/caylus/rules.py): the part of the
immutable API that runs at every move, compiled with the core (engine/compiled.py).

A state `apply` made shows its decision and whether the game is over from the start and reads
the rest of its fields from the game behind it when they are first read (State.filled).
"""

from __future__ import annotations

import threading
from typing import Final

from engine.caylus.codes import NO_DECISION
from engine.caylus.fast_game import FastGame
from engine.caylus.state import State, StateFields
from engine.protocol import Event

# States are read in other threads (the renderer's) while apply plays on: a game is read or
# handed on and played only under this lock, so a reader never sees one half played.
HANDING_ON: Final = threading.RLock()
_new_state = State.__new__
_set_attr = object.__setattr__

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

    __slots__ = ("codes", "game", "kept", "length", "moves", "root", "seat")

    def __init__(self, root: FastGame, moves: list[int], game: FastGame) -> None:
        self.root = root
        self.moves = moves  # shared with the chain's later states (see play)
        self.length = len(moves)  # this position is `root` after moves[:length]
        self.game: FastGame | None = game  # None once handed on to the next state
        self.codes = game.options  # the legal moves here (a list the game replaces, never changes)
        # who decides here (-1: nobody, the game is over), read without reading the state
        self.seat = -1 if game.over or game.kind == NO_DECISION else game.seat
        self.kept: tuple[object, ...] | None = None  # the state's fields as given (keep)

    def current(self) -> FastGame:
        """The game at this backing's position (replayed if it was handed on)."""
        game = self.game
        if game is None:
            game = self.root.copy()
            for code in self.moves[: self.length]:
                game.play(code)
            self.game = game
        return game

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
        with HANDING_ON:
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
        return made(Backing(self.root, moves, game), game)


def made(backing: Backing, game: FastGame) -> State:
    """A state at `game`'s position, read through `backing`: it shows its decision (shared,
    frozen) and whether the game is over from the start, the rest when first read."""
    state = _new_state(State)
    _set_attr(
        state,
        "__dict__",
        {
            "game": "caylus",
            "options": game.game_options,
            "setup": game.setup,
            "decision": game.decision(),
            "over": game.over,
        },
    )
    # pydantic's own slots are set when the state is read whole (State.filled)
    _set_attr(state, "_engine", backing)
    return state
