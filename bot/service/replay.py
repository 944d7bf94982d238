"""A finished game, phase by phase, without Discord: the boards and accounts the channel saw,
rebuilt from the game's record (`/caylus replay`, its animation, `caylus replay --animate`).
See docs/history.md.

A replay is a list of steps. Step 0 is the start (the first board and the game's intro); every
later step is one action of the log that ended one or more phases, with the state just after it
and the events of those phases, exactly as the channel was told them
(bot/discord/cogs/delivery.py groups the phases that one action ended in the same way). Every
picture and text is made from the game's public view (`GameUI.public`, the channel's), so a
Magna Carta hand that was hidden at the time is never shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.games import GameUI
from bot.service.narration import attribute
from bot.service.results import phases_between
from bot.words.lang import t
from engine import get_game
from engine.protocol import Event, GameState
from engine.record import GameRecord, initial_state
from render.animation import animate

# Frames of the animation: the phone card, scaled to this width (phones show 400 px anyway)
# and shown this long each; the last frame (the final board) stays longer.
FRAME_WIDTH = 540
FRAME_MS = 900
LAST_FRAME_MS = 4000


@dataclass(frozen=True, slots=True)
class Step:
    """One position of a replay: the board after `phases` ended, and what happened in them."""

    state: GameState  # the whole state: show only `ui.public(state)`
    previous: GameState | None  # the state of the step before (what changed); None at the start
    phases: tuple[tuple[int, int], ...]  # the (turn, phase)s that ended; () at the start
    events: tuple[tuple[Event, ...], ...]  # the events of each of `phases`
    seq: int  # the actions applied so far

    @property
    def turn(self) -> int:
        return self.phases[0][0] if self.phases else self.state.turn


def replay_steps(record: GameRecord, planned: Sequence[bool] | None = None) -> list[Step]:
    """The steps of a game record (its `start` state or its setup, then every action).
    `planned`: which actions the players' plans made (the store knows; a record does not), told
    with the mark the channel used. Raises the engine's error on an action that does not
    apply (a record that `caylus replay` would refuse too)."""
    game = get_game(record.game)
    state = initial_state(record)
    steps = [Step(state, None, (), (), 0)]
    seats = record.seats
    told: dict[tuple[int, int], list[Event]] = {}
    for index, action in enumerate(record.actions):
        before = (state.turn, state.phase)
        new_state, events = game.apply(state, action, seats[index] if seats else None)
        events = list(events)
        if planned is not None and index < len(planned) and planned[index] and events:
            # as the channel's chronicle marks it: the account adds "(planned)" on reading
            events[0] = replace(events[0], data={**(events[0].data or {}), "planned": True})
        for item in attribute(events, *before):
            told.setdefault((item.turn, item.phase), []).append(item.event)
        after = (new_state.turn, new_state.phase)
        over = game.outcome(new_state) is not None
        if before != after or over:
            ended = phases_between(before, after, over, game.phases_in_turn(new_state))
            if ended:
                steps.append(
                    Step(
                        new_state,
                        steps[-1].state,
                        tuple(ended),
                        tuple(tuple(told.pop(p, ())) for p in ended),
                        index + 1,
                    )
                )
                # events filed under an earlier phase than those told are never shown again
                told = {p: e for p, e in told.items() if p > ended[-1]}
        state = new_state
    return steps


def step_text(ui: GameUI, steps: Sequence[Step], k: int, names: list[str]) -> str:
    """The account of step `k`: the intro at the start, else each ended phase's account (a
    phase with nothing to tell gets its title and a short line, so every phase is named)."""
    step = steps[k]
    if not step.phases:
        return ui.intro(step.state, names)
    lines = []
    for (turn, phase), events in zip(step.phases, step.events, strict=True):
        told = ui.account(turn, phase, list(events), names)
        lines.append(told or f"{ui.phase_title(turn, phase, list(events))} {t.REPLAY_QUIET}")
    return "\n".join(lines)


def step_card(ui: GameUI, step: Step, names: list[str]) -> Any:
    """The phone card of a step (a `Picture`), drawn from the public view like the channel's."""
    events = [e for phase in step.events for e in phase]
    return ui.phase_pictures(step.state, names, step.previous, events, False)[0]


def step_board(ui: GameUI, step: Step, names: list[str]) -> Any:
    """The whole board of a step (a `Picture`), from the public view."""
    events = [e for phase in step.events for e in phase]
    return ui.board_picture(step.state, names, step.previous, events)


def turn_starts(steps: Sequence[Step]) -> list[tuple[int, int]]:
    """(turn, the first step of that turn) for every turn of the replay, in order."""
    out: list[tuple[int, int]] = []
    for k, step in enumerate(steps):
        if not out or step.turn != out[-1][0]:
            out.append((step.turn, k))
    return out


def animation(
    ui: GameUI,
    steps: Sequence[Step],
    names: list[str],
    *,
    width: int = FRAME_WIDTH,
    progress: Callable[[int], None] | None = None,
) -> bytes:
    """The whole game as one animated WebP: a frame per step (its phone card). Slow (a few
    seconds for a long game): run it in a worker thread."""
    frames = []
    for k, step in enumerate(steps):
        frames.append(step_card(ui, step, names).data)
        if progress is not None:
            progress(k)
    durations = [FRAME_MS] * len(frames)
    durations[-1] = LAST_FRAME_MS
    return animate(frames, durations, width=width)
