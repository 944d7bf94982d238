"""The engine's answers the Discord layer needs for its words (a move's label, the legal moves,
an outcome, a catch-up or a damaged record replayed), so that no module of bot/discord/ imports
the engine (tests/test_layers.py); with the engine's names it shows (levels, states, outcomes).
"""

from __future__ import annotations

from typing import Any

from bot.games import ui_for
from bot.games.layout import ANSWER_SEP, QUESTION_MARK
from bot.service.narration import since
from engine import get_game
from engine.errors import EngineError
from engine.players import DEFAULT_LEVEL, LEVELS
from engine.protocol import GameState, Outcome
from engine.record import GameRecord
from engine.record import replay as replay_record

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "EngineError",
    "GameState",
    "Outcome",
    "action_label",
    "catch_up_replay",
    "choice_label",
    "legal_actions",
    "outcome_of",
    "public_label",
    "replay_failure",
]


def legal_actions(kind: str, state: GameState, seat: int) -> list[Any]:
    """The seat's legal actions now (the prompt's and autocomplete's choices)."""
    return list(get_game(kind).legal_actions(state, seat))


def action_label(kind: str, state: GameState, seat: int, action: str, names: list[str]) -> str:
    """How the game's UI names `action` (notation) for `seat` in `state`, in the language in
    force; the notation itself when it does not parse."""
    try:
        parsed = get_game(kind).parse_action(action)
    except EngineError:
        return action
    return ui_for(kind).describe(state, seat, parsed, names).label


def choice_label(kind: str, state: GameState, seat: int, choice: str, names: list[str]) -> str:
    """How the channel names a choice made: a placement offered with its answers ahead (the
    placement and its answer joined, or the same placement to decide later) as the prompt's
    menu names it ("Farm (11) — 1 d → Take 2 food"); any other as `action_label` does."""
    move = choice.partition(ANSWER_SEP)[0]
    ui = ui_for(kind)
    actions = legal_actions(kind, state, seat)
    if move in ui.placement_answers(state, seat, actions, names):
        for offered in ui.layout(state, seat, actions, names).choices():
            if offered.action == choice:
                return offered.label
    return action_label(kind, state, seat, choice, names)


def public_label(
    kind: str, state: GameState | None, seat: int | None, action: str, names: list[str]
) -> str | None:
    """The label of a plain engine `action` for the channel's line about a choice made in a
    private reply; None for an answer ahead or a question's option (their pressed label is
    kept) or when the action is not one the seat has now (refused with its reason)."""
    if state is None or seat is None or action.startswith(QUESTION_MARK) or ANSWER_SEP in action:
        return None
    game = get_game(kind)
    try:
        parsed = game.parse_action(action)
    except EngineError:
        return None
    if parsed not in game.legal_actions(state, seat):
        return None
    return ui_for(kind).describe(state, seat, parsed, names).label


def outcome_of(kind: str, state: GameState) -> Outcome | None:
    return get_game(kind).outcome(state)


def replay_failure(record: GameRecord) -> Any:
    """Where a record stops replaying (None: it replays), for a damaged game's message."""
    return replay_record(record).failure


def catch_up_replay(kind: str, record: GameRecord, after: int) -> tuple[Any, Any, list[Any]]:
    """A player's catch-up replayed (narration.since): the state after their last move, the
    state now, and what happened since."""
    return since(
        get_game(kind),
        record.options,
        record.setup,
        list(record.actions),
        list(record.seats or []),
        after,
    )
