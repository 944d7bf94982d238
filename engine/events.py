"""`Event`: something that happened in a game, as every engine reports it (re-exported by
engine/protocol.py, where callers import it).

It lives in a module of its own so that it compiles with the engines' cores (engine/compiled.py):
the engines make a few events per action, and a compiled class with its own `__init__` is made
without the interpreter (the `__init__` a dataclass generates is Python even when compiled, and
cost more than the rest of `Play.say`). It is still a dataclass (`==`, `repr`, `fields`,
`dataclasses.replace`); `__reduce__` makes copies and pickles, which a compiled class cannot
make field by field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(init=False, slots=True)
class Event:
    """Something that happened. Its sentence names seats as {s} (the actor) and {o} (another
    seat).

    The engine says it as a message `key` and its `args` (engine/wording.py), phrased only when
    read: `text` in English, the bot's accounts from the translated template. `said` is a
    ready-made English sentence instead (events made outside the engine).
    A slotted dataclass, cheap to make (the engine makes a few per action); treat it as a value.
    On the compiled build a field given a value of another type raises TypeError.
    """

    kind: str
    seat: int | None
    said: str
    pp: int = 0  # prestige change of `seat` (actual, after the never-below-zero rule)
    other: int | None = None
    data: dict[str, Any] | None = None
    turn: int = 0  # the turn and phase the event happened in
    phase: int = 0
    key: str = ""  # the message (engine/wording.py); "" when `said` is the sentence
    args: dict[str, Any] | None = None  # its values: numbers and ids, never hidden information

    # the fields above, in their order (tests/test_engine_events.py holds the two the same)
    def __init__(
        self,
        kind: str,
        seat: int | None,
        said: str,
        pp: int = 0,
        other: int | None = None,
        data: dict[str, Any] | None = None,
        turn: int = 0,
        phase: int = 0,
        key: str = "",
        args: dict[str, Any] | None = None,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.said = said
        self.pp = pp
        self.other = other
        self.data = data
        self.turn = turn
        self.phase = phase
        self.key = key
        self.args = args

    def __reduce__(self) -> tuple[type[Event], tuple[Any, ...]]:
        fields = (self.kind, self.seat, self.said, self.pp, self.other, self.data, self.turn)
        return (Event, (*fields, self.phase, self.key, self.args))

    @property
    def text(self) -> str:
        """The sentence in English, {s} and {o} not filled in."""
        if self.key:
            from engine.wording import english

            return english(self.key, self.args)
        return self.said

    def render(self, names: list[str]) -> str:
        """The sentence in English with the seats' names."""
        actor = names[self.seat] if self.seat is not None else ""
        other = names[self.other] if self.other is not None else ""
        if self.key:
            from engine.wording import english

            return english(self.key, self.args, s=actor, o=other)
        return self.said.format(s=actor, o=other)
