"""Caylus in Discord: its prompts, accounts, pictures, looks and rules behind `GameUI`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import bot.games.caylus.narration as narration
import bot.games.caylus.prompts as prompts
import bot.games.caylus.rules as rules
from bot.games.base import Picture
from bot.games.caylus.lang import ct
from bot.games.caylus.plans import PLANNER
from bot.games.layout import Choice, Layout
from bot.games.turn_plans import TurnPlanEditor
from bot.words.lang import t
from engine.caylus import catalogue as cat
from engine.caylus.state import State
from engine.protocol import Event, Outcome, PendingDecision
from render.names import space_name
from render.sentences import decision_words


def cubes_text(cubes: dict[str, int]) -> str:
    return " ".join(f"{t.CUBE_EMOJI[c]}{cubes.get(c, 0)}" for c in cat.CUBES)


class CaylusUI(TurnPlanEditor[State]):
    kind = "caylus"
    title = "Caylus"
    phases_per_turn = 7
    has_hands = False  # Caylus hides nothing: everyone sees the whole state
    order_names = ("inn", "bribe", "castle")  # (a Caylus owner always takes a cube)
    option_names = {"favor_mode": "favor_mode", "tile_set": "tile_set"}
    plan_conditions = ("else", "after", "above", "limit")  # the turn plan editor's menu
    plans = PLANNER

    def public(self, state: State) -> Any:
        return state

    def private(self, state: State, seat: int) -> Any:
        return state

    def split_actions(self, state: State, seat: int, actions: list[Any]) -> tuple[list, list]:
        return list(actions), []

    def hand_lines(self, state: State, seat: int, names: list[str]) -> list[str]:
        return []

    def hand_picture(self, state: State, seat: int, names: list[str]) -> Picture | None:
        return None

    def hand_layout(self, state: State, seat: int, actions: list[Any], names: list[str]) -> Layout:
        return Layout()

    def options_text(self, options: dict[str, Any]) -> str:
        favor_mode = options.get("favor_mode", "full")
        tile_set = options.get("tile_set", "revised")
        return ct.LOBBY_OPTIONS_TEXT.format(
            favor_mode=t.CHOICE_NAMES["favor_mode"].get(favor_mode, favor_mode),
            tile_set=t.CHOICE_NAMES["tile_set"].get(tile_set, tile_set),
        )

    def headline(self, state: State, pending: PendingDecision, names: list[str]) -> str:
        asked = decision_words(state) if state.decision is not None else pending.prompt
        return prompts.headline(state, asked, names)

    def context(self, state: State, seat: int) -> str:
        player = state.players[seat]
        stock = f"{player.deniers} d · {cubes_text(player.cubes)} · {player.prestige} PP"
        return ct.PROMPT_CONTEXT.format(
            turn=state.turn,
            phase=state.phase,
            name=t.PHASE_NAMES[state.phase - 1],
            stock=stock,
        )

    def layout(self, state: State, seat: int, actions: list[Any], names: list[str]) -> Layout:
        return prompts.layout(state, seat, actions, names)

    def placement_answers(
        self, state: State, seat: int, actions: list[Any], names: list[str]
    ) -> dict[str, list[tuple[str, str]]]:
        return prompts.placement_answers(state, seat, actions, names)

    def describe(self, state: State, seat: int, action: Any, names: list[str]) -> Choice:
        return prompts.describe(state, seat, action, names)

    def intro(self, state: State, names: list[str]) -> str:
        order = ", ".join(names[s] for s in state.turn_order)
        return ct.GAME_STARTS_ORDER.format(order=order)

    def account(
        self, turn: int, phase: int, events: list[Event], names: list[str], so_far: bool = False
    ) -> str:
        return narration.account(turn, phase, events, names, so_far)

    def phase_title(self, turn: int, phase: int, events: list[Event]) -> str:
        return ct.PHASE_HEADER.format(turn=turn, phase=phase, name=t.PHASE_NAMES[phase - 1])

    def tells_before_prompt(self, state: State) -> bool:
        return state.decision is not None and state.decision.kind == "favor"

    def score_lines(self, outcome: Outcome, names: list[str], emojis: list[str]) -> list[str]:
        order = sorted(range(len(outcome.scores)), key=lambda s: -outcome.scores[s])
        lines = []
        for seat in order:
            b = outcome.breakdown[seat]
            lines.append(
                ct.SCORE_LINE.format(
                    emoji=emojis[seat],
                    name=names[seat],
                    total=b["total"],
                    game=b["game"],
                    gold=b["gold"],
                    cubes=b["cubes"],
                    deniers=b["deniers"],
                )
            )
        return lines

    def shows_board(self, state: State, previous: State | None) -> bool:
        from render.caylus import starts_workers_phase

        return bool(state.over) or starts_workers_phase(state, previous)

    def phase_pictures(
        self,
        state: State,
        names: list[str],
        previous: State | None,
        events: Sequence[Event],
        board: bool,
    ) -> list[Picture]:
        from render.caylus import render_phase_pictures

        drawn = render_phase_pictures(
            state, names=names, previous=previous, events=events, board=board
        )
        return [Picture(p.filename, p.data) for p in drawn]

    def board_picture(
        self, state: State, names: list[str], previous: State | None, events: Sequence[Event] = ()
    ) -> Picture:
        from render.caylus import render_board_picture

        drawn = render_board_picture(state, names=names, previous=previous, events=events)
        return Picture(drawn.filename, drawn.data)

    def board_places(
        self, state: State, names: list[str], previous: State | None, actions: Sequence[str]
    ) -> dict[str, tuple[int, int, int, int]]:
        """A placement (`place 7`, `place gate`) is a click on its space of the board."""
        from render.caylus import board_areas

        areas = board_areas(state, names=names, previous=previous)
        places = {}
        for action in actions:
            verb, _, space = action.partition(" ")
            area = areas.get(f"road:{space}" if space.isdigit() else f"special:{space}")
            if verb == "place" and area is not None:
                places[action] = area
        return places

    def record_picture(self, state: State) -> bytes:
        from render.caylus import render_png

        return render_png(state)

    def status_lines(self, state: State, names: list[str], emojis: list[str]) -> list[str]:
        lines = [
            ct.STATUS_TURN.format(
                turn=state.turn,
                phase=state.phase,
                name=t.PHASE_NAMES[state.phase - 1],
                bailiff=state.bailiff,
                provost=state.provost,
            )
        ]
        for seat, p in enumerate(state.players):
            lines.append(
                ct.STATUS_SEAT.format(
                    emoji=emojis[seat],
                    name=names[seat],
                    pp=p.prestige,
                    deniers=p.deniers,
                    cubes=cubes_text(p.cubes),
                    count=p.workers,
                )
            )
        return lines

    def me_lines(self, state: State, seat: int) -> list[str]:
        p = state.players[seat]
        lines = [
            ct.ME_LINE.format(
                pp=p.prestige, deniers=p.deniers, cubes=cubes_text(p.cubes), count=p.workers
            ),
            ct.ME_FAVORS.format(a=p.favors[0], b=p.favors[1], c=p.favors[2], d=p.favors[3]),
        ]
        owned = [
            space_name(state, str(i + 1))
            for i, tile in enumerate(state.road)
            if tile and state.owners[i] == seat
        ]
        lines.append(
            ct.ME_BUILDINGS.format(buildings=", ".join(owned)) if owned else ct.ME_NO_BUILDINGS
        )
        return lines

    # --- plans (docs/pace.md)
    def premove_text(self, state: State, plan: Any) -> str:
        if plan.target == "pass":
            return ct.PREMOVE_PASS
        return ct.PREMOVE_ITEM.format(space=space_name(state, plan.target), cost=plan.max_cost)

    def turn_plan_choices(
        self, state: State, seat: int, options: Any, names: list[str]
    ) -> list[Choice]:
        return prompts.turn_plan_choices(state, seat, options, names)

    def placing_now(self, state: State) -> bool:
        """Whether a turn's placements are on (the prompt offers "Plan my turn")."""
        d = state.decision
        return bool(d is not None and d.kind == "place" and not state.over)

    def turn_plan_entry(
        self, state: State, seat: int, entry: Any, options: Any, names: list[str]
    ) -> str:
        return prompts.turn_plan_entry(state, seat, entry, options, names)

    def question_choices(self, question: Any, names: list[str]) -> tuple[str, list[Choice]]:
        """A question's options in words, as one menu (title, choices)."""
        title = prompts.question_title(question, names)
        choices = [
            Choice(
                option,
                prompts.ahead_label(question, option, question.seat, names),
                t.CHOICE_PLANNED if option == question.planned else "",
            )
            for option in question.options
        ]
        return title, choices

    def question_line(self, question: Any, names: list[str]) -> str:
        planned = ""
        if question.planned is not None:
            answer = prompts.ahead_label(question, question.planned, question.seat, names)
            planned = ct.CHOICES_PLANNED.format(answer=answer)
        return ct.CHOICES_LINE.format(
            question=prompts.question_title(question, names), planned=planned
        )

    def rule_topics(self) -> list[tuple[str, str]]:
        return rules.rule_topics()

    def rules_text(self, topic: str) -> str:
        return rules.rules_text(topic)


UI = CaylusUI()
