"""Automated players that cannot strand a game: the bot seats, the clock's takeovers and
`caylus arena` all decide through `safe_action`.

An automated player that raises, or answers with an action that is not legal, must not stop the
game: its choices are fixed by the game's seed and the move number, so a retry would fail the
same way every time. `safe_action` then plays the rulebook's default move for that seat (the
move the clock plays when a player's time runs out; the first legal action when the game has
none) and says what went wrong in a few words, for the caller to log once.

The words name the exception's type and where it was raised, never its message nor the action
the player answered: either could quote a card of a hidden Magna Carta hand.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.players import Budget
from engine.protocol import Game, GameState

# (game, state, seat, level, rng, budget) -> the action to play
AutomatedPlayer = Callable[[Game, Any, int, str, random.Random, Budget], Any]

_ROOT = Path(__file__).resolve().parents[2]  # the checkout: bot/service/automated.py
# the failure of a player that answered an action that is not legal, named like an exception
ILLEGAL_ANSWER = "IllegalAnswer"


def engine_player(
    game: Game, state: GameState, seat: int, level: str, rng: random.Random, budget: Budget
) -> Any:
    """The game's own automated player of `level` (engine/*/ai.py)."""
    return game.automated_action(state, seat, level, rng, budget)


@dataclass(frozen=True, slots=True)
class Decided:
    """What a seat plays: the automated player's action, or the default move when it failed
    (`failure` then says how, in words safe for a log)."""

    action: Any
    failure: str | None = None


def default_move(game: Game, state: GameState, seat: int) -> Any:
    """The rulebook's default move for `seat` (what its clock plays), else its first legal
    action."""
    legal = game.legal_actions(state, seat)
    action = game.default_action(state, seat)
    return action if action is not None and action in legal else legal[0]


def failure_words(error: BaseException) -> str:
    """'IndexError in engine/caylus/ai.py:157 (_spent)': the type and the innermost frame."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return type(error).__name__
    frame = frames[-1]
    path = Path(frame.filename)
    where = path.relative_to(_ROOT).as_posix() if path.is_relative_to(_ROOT) else path.name
    return f"{type(error).__name__} in {where}:{frame.lineno} ({frame.name})"


def safe_action(
    game: Game,
    state: GameState,
    seat: int,
    level: str,
    rng: random.Random,
    budget: Budget,
    player: AutomatedPlayer = engine_player,
) -> Decided:
    """`player`'s action for `seat`, or the default move if it raises or answers an illegal
    action. Never raises for the player's sake (only if the game itself has no legal action
    for `seat`, which no player could fix)."""
    try:
        action = player(game, state, seat, level, rng, budget)
    except Exception as error:  # any bug of any player: the game goes on without it
        return Decided(default_move(game, state, seat), failure_words(error))
    if action not in game.legal_actions(state, seat):
        return Decided(default_move(game, state, seat), ILLEGAL_ANSWER)
    return Decided(action)
