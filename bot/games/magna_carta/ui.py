"""Caylus Magna Carta in Discord: its prompts, accounts, pictures, looks and rules behind
`GameUI`, with hidden hands.

Every method that feeds the channel (headline, context, layout, account, status, scores,
pictures) works from the public view `view(state, None)`: it holds every hand's size and no
hand. Only `private`, `hand_lines`, `hand_picture` and `hand_layout` read one seat's own view,
for that player's eyes. The methods accept a State (as the service keeps it) or a View.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import bot.games.magna_carta.narration as narration
import bot.games.magna_carta.prompts as prompts
import bot.games.magna_carta.rules as rules
from bot.games.base import Picture
from bot.games.layout import Choice, Layout
from bot.games.magna_carta.lang import mt
from bot.games.magna_carta.plans import PLANNER, placing
from bot.games.turn_plans import TurnPlanEditor
from bot.words.lang import t
from engine.magna_carta import catalogue as cat
from engine.magna_carta import parse
from engine.magna_carta.catalogue import CARDS
from engine.magna_carta.state import State
from engine.magna_carta.view import View, view
from engine.protocol import Event, Outcome, PendingDecision
from render.names import card_name, card_owner_effect, card_worker_effect

# What the UI is given: the whole state, or a view already made from it (replays, pictures).
Seen = State | View


def public_view(state: Seen) -> View:
    """What everyone may see: `view(state, None)` (a player's view loses its hand)."""
    if isinstance(state, View):
        if state.viewer is None:
            return state
        players = [p._replace(hand=None) for p in state.players]
        return dataclasses.replace(state, viewer=None, players=players, legal=[])
    return view(state, None)


def seat_view(state: Seen, seat: int) -> View:
    """What `seat` may see, its own hand too."""
    if isinstance(state, View):
        if state.viewer != seat:
            raise ValueError(f"a view of seat {state.viewer} is not the view of seat {seat}")
        return state
    return view(state, seat)


def cubes_text(cubes: dict[str, int]) -> str:
    return " ".join(
        mt.MC_CUBE_COUNT.format(emoji=t.CUBE_EMOJI[c], count=cubes.get(c, 0)) for c in cat.CUBES
    )


def _phase_name(v: View) -> str:
    return mt.MC_PHASE_NAMES[v.phase_name]


def _stock(v: View, seat: int) -> str:
    p = v.players[seat]
    return mt.MC_STOCK.format(
        deniers=p.deniers,
        cubes=cubes_text(p.cubes),
        count=p.workers,
        hand=prompts.cards_count(p.hand_size),
    )


def _tokens(tokens: dict[str, int]) -> str:
    return mt.MC_TOKENS_LEFT.format(**tokens)


def _board_key(v: View, action: str) -> str | None:
    """The part of the board picture (render.magna_carta.board_areas) a move targets."""
    verb, _, arg = action.partition(" ")
    if verb in ("place", "lawyer"):
        return f"road:{arg.split()[0]}"
    if verb == "provost":
        return f"road:{(v.provost or 1) + int(arg)}"  # where he goes, as its label says
    if verb == "prestige":
        return f"prestige:{arg.split()[0]}"
    if verb == "deliver":
        return "castle"
    if verb == "pass":
        return "bridge"
    return None


class MagnaCartaUI(TurnPlanEditor[State]):
    kind = "magna-carta"
    title = mt.MC_TITLE
    # The most phases of a round (standard 6, beginner 5); the service asks the engine for the
    # rule set's own number (`phases_in_turn(state)`).
    phases_per_turn = max(cat.PHASES_PER_ROUND.values())
    has_hands = True
    order_names = ("bribe", "castle", "owner")  # the provost, the castle, my cards' owners
    option_names = {"rules": "variant"}  # /caylus new rules: standard | beginner

    # --- hidden information
    def public(self, state: Seen) -> View:
        return public_view(state)

    def private(self, state: Seen, seat: int) -> View:
        return seat_view(state, seat)

    def split_actions(self, state: Seen, seat: int, actions: list[Any]) -> tuple[list, list]:
        return prompts.split_actions(actions)

    def hand_lines(self, state: Seen, seat: int, names: list[str]) -> list[str]:
        v = seat_view(state, seat)
        me = v.players[seat]
        hand = me.hand or []
        lines = [
            mt.MC_HAND_TITLE.format(cards=prompts.cards_count(len(hand)))
            if hand
            else mt.MC_HAND_EMPTY
        ]
        for card_id in hand:
            card = CARDS[card_id]
            verdict = (
                mt.MC_HAND_CAN_PAY if cat.affordable(card.cost, me.cubes) else mt.MC_HAND_CANNOT_PAY
            )
            lines.append(
                mt.MC_HAND_CARD.format(
                    name=card_name(card.id),
                    cost=prompts.cost_emojis(card.cost),
                    pp=card.pp,
                    worker=card_worker_effect(card.id),
                    owner=card_owner_effect(card.id),
                    verdict=verdict,
                )
            )
        lines.append(mt.MC_HAND_STOCK.format(stock=_stock(v, seat)))
        discard = mt.MC_LIST.join(card_name(c) for c in me.discard) or mt.MC_HAND_DISCARD_EMPTY
        lines.append(
            mt.MC_HAND_PILES.format(deck=prompts.cards_count(me.deck_size), discard=discard)
        )
        return lines

    def hand_picture(self, state: Seen, seat: int, names: list[str]) -> Picture | None:
        from render.magna_carta import render_hand_picture

        drawn = render_hand_picture(seat_view(state, seat), names=names)
        return Picture(drawn.filename, drawn.data)

    def hand_layout(self, state: Seen, seat: int, actions: list[Any], names: list[str]) -> Layout:
        return prompts.hand_layout(public_view(state), seat, actions, names)

    # --- the lobby
    def options_text(self, options: dict[str, Any]) -> str:
        variant = options.get("variant", "standard")
        return mt.MC_LOBBY_OPTIONS_TEXT.format(rule_set=mt.MC_RULE_SETS.get(variant, variant))

    # --- prompts
    def headline(self, state: Seen, pending: PendingDecision, names: list[str]) -> str:
        return prompts.headline(public_view(state), pending.seat, names) or pending.prompt

    def context(self, state: Seen, seat: int) -> str:
        v = public_view(state)
        if v.phase == 0:
            return mt.MC_CONTEXT_SETUP.format(
                round=v.round, name=_phase_name(v), stock=_stock(v, seat)
            )
        return mt.MC_CONTEXT.format(
            round=v.round, phase=v.phase, name=_phase_name(v), stock=_stock(v, seat)
        )

    def layout(self, state: Seen, seat: int, actions: list[Any], names: list[str]) -> Layout:
        return prompts.layout(public_view(state), seat, actions, names)

    def describe(self, state: Seen, seat: int, action: Any, names: list[str]) -> Choice:
        return prompts.describe(public_view(state), seat, action, names)

    # --- the turn plan (docs/pace.md): road cards to put workers on, never the hand
    plan_conditions = ("else", "after", "below")
    plans = PLANNER

    def turn_plan_title(self, game_id: int, turn: int) -> str:
        return mt.MC_TURN_PLAN_TITLE.format(game_id=game_id, turn=turn)

    def turn_plan_how(self) -> str:
        return mt.MC_TURN_PLAN_HOW

    def turn_plan_empty(self) -> str:
        return mt.MC_TURN_PLAN_EMPTY

    def placing_now(self, state: State) -> bool:
        return placing(state)

    def turn_plan_choices(
        self, state: Seen, seat: int, options: Any, names: list[str]
    ) -> list[Choice]:
        """The road cards a plan may add, as the action menu names them (public words)."""
        v = public_view(state)
        return [
            dataclasses.replace(
                prompts.describe(v, seat, parse(f"place {o.target}"), names), action=o.target
            )
            for o in options
        ]

    def turn_plan_entry(
        self, state: Seen, seat: int, entry: Any, options: Any, names: list[str]
    ) -> str:
        """A road card of the plan: its name and position ('Farm (3)'), '(5)' if not built yet."""
        position = int(entry.target)
        v = public_view(state)
        if position > len(v.road):
            return f"({position})"
        return str(prompts.road_card(v, position))

    # --- what happened
    def intro(self, state: Seen, names: list[str]) -> str:
        v = public_view(state)
        n = v.players_count
        order = [(v.start_player + k) % n for k in range(n)]
        road = mt.MC_LIST.join(prompts.road_card(v, card.position) for card in v.road)
        return mt.MC_INTRO.format(
            title=mt.MC_TITLE,
            rule_set=mt.MC_RULE_SETS[v.variant],
            players=n,
            start=names[order[0]],
            others=mt.MC_LIST.join(names[s] for s in order[1:]),
            road=road,
        )

    def account(
        self, turn: int, phase: int, events: list[Event], names: list[str], so_far: bool = False
    ) -> str:
        return narration.account(turn, phase, events, names, so_far)

    def phase_title(self, turn: int, phase: int, events: list[Event]) -> str:
        return narration.header(turn, phase, events, False)

    def tells_before_prompt(self, state: Seen) -> bool:
        return False  # no decision needs the account of its phase so far first

    def score_lines(self, outcome: Outcome, names: list[str], emojis: list[str]) -> list[str]:
        order = sorted(range(len(outcome.scores)), key=lambda s: -outcome.scores[s])
        return [
            mt.MC_SCORE_LINE.format(emoji=emojis[seat], name=names[seat], **outcome.breakdown[seat])
            for seat in order
        ]

    # --- pictures
    def shows_board(self, state: Seen, previous: Seen | None) -> bool:
        from render.magna_carta import starts_actions_phase

        v = public_view(state)
        before = public_view(previous) if previous is not None else None
        return v.over or starts_actions_phase(v, before)

    def phase_pictures(
        self,
        state: Seen,
        names: list[str],
        previous: Seen | None,
        events: Sequence[Event],
        board: bool,
    ) -> list[Picture]:
        from render.magna_carta import render_phase_pictures

        before = public_view(previous) if previous is not None else None
        drawn = render_phase_pictures(
            public_view(state), names=names, previous=before, events=events, board=board
        )
        return [Picture(p.filename, p.data) for p in drawn]

    def board_picture(
        self, state: Seen, names: list[str], previous: Seen | None, events: Sequence[Event] = ()
    ) -> Picture:
        from render.magna_carta import render_board_picture

        before = public_view(previous) if previous is not None else None
        drawn = render_board_picture(
            public_view(state), names=names, previous=before, events=events
        )
        return Picture(drawn.filename, drawn.data)

    def board_places(
        self, state: Seen, names: list[str], previous: Seen | None, actions: Sequence[str]
    ) -> dict[str, tuple[int, int, int, int]]:
        """A move with a place on the board is a click on it: a worker placed or a Lawyer's
        residence on its road card, the provost moved to his new card, a prestige building on
        its entry of the supply, a castle batch on the castle, passing on the bridge. The
        other moves (an activation's choices, the hand's) are not the board's."""
        from render.magna_carta import board_picture_areas

        v = public_view(state)
        before = public_view(previous) if previous is not None else None
        areas = board_picture_areas(v, names=names, previous=before)
        places = {}
        for action in actions:
            key = _board_key(v, action)
            area = areas.get(key) if key is not None else None
            if area is not None:
                places[action] = area
        return places

    def hand_places(
        self, state: Seen, seat: int, names: list[str], actions: Sequence[str]
    ) -> dict[str, tuple[int, int, int, int]]:
        """Building a card of the hand is a click on that card of the hand picture (each way
        to pay it: the same card)."""
        from render.magna_carta import hand_picture_areas

        builds = [a for a in actions if a.startswith("build ")]
        if not builds:
            return {}
        areas = hand_picture_areas(seat_view(state, seat), names=names)
        places = {}
        for action in builds:
            area = areas.get(f"card:{action.split()[1]}")
            if area is not None:
                places[action] = area
        return places

    def record_picture(self, state: Seen) -> bytes:
        from render.magna_carta import render_board_picture

        return render_board_picture(public_view(state)).data

    # --- looking
    def status_lines(self, state: Seen, names: list[str], emojis: list[str]) -> list[str]:
        v = public_view(state)
        lines = [
            mt.MC_STATUS.format(
                round=v.round,
                phase=v.phase,
                name=_phase_name(v),
                rule_set=mt.MC_RULE_SET_NAMES[v.variant],
                stretch=prompts.stretch(v),
                tokens=_tokens(v.tokens),
            )
        ]
        for seat, p in enumerate(v.players):
            extra = mt.MC_STATUS_START if seat == v.start_player else ""
            if p.passed:
                extra += mt.MC_STATUS_PASSED.format(place=prompts.ordinal(p.passed))
            lines.append(
                mt.MC_STATUS_SEAT.format(
                    emoji=emojis[seat] if seat < len(emojis) else "",
                    name=names[seat],
                    pp=p.score["total"],
                    deniers=p.deniers,
                    cubes=cubes_text(p.cubes),
                    count=p.workers,
                    hand=prompts.cards_count(p.hand_size),
                    deck=p.deck_size,
                    discard=len(p.discard),
                    extra=extra,
                )
            )
        return lines

    def me_lines(self, state: Seen, seat: int) -> list[str]:
        v = public_view(state)
        p = v.players[seat]
        lines = [
            mt.MC_ME_LINE.format(
                pp=p.score["total"], deniers=p.deniers, cubes=cubes_text(p.cubes), count=p.workers
            ),
            mt.MC_ME_TOKENS.format(tokens=_tokens(p.tokens)),
        ]
        mine = [prompts.road_card(v, r.position) for r in v.road if r.owner == seat]
        lines.append(
            mt.MC_ME_BUILDINGS.format(cards=mt.MC_LIST.join(mine))
            if mine
            else mt.MC_ME_NO_BUILDINGS
        )
        prestige = [prompts.road_card(v, r.position) for r in v.road if r.owner == seat and r.cover]
        prestige += [card_name(c) for c in p.prestige]
        if prestige:
            lines.append(mt.MC_ME_PRESTIGE.format(prestige=mt.MC_LIST.join(prestige)))
        lines.append(
            mt.MC_ME_CARDS.format(
                hand=prompts.cards_count(p.hand_size), deck=p.deck_size, discard=len(p.discard)
            )
        )
        return lines

    # --- rules
    def rule_topics(self) -> list[tuple[str, str]]:
        return rules.rule_topics()

    def rules_text(self, topic: str) -> str:
        return rules.rules_text(topic)


UI = MagnaCartaUI()
