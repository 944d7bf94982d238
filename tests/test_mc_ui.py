"""Magna Carta behind GameUI: prompts within Discord's limits, private hand actions, accounts,
looks, scores and rules."""

from __future__ import annotations

import inspect
import random

import pytest

from bot.games import GameUI, Picture, ui_for
from bot.games.layout import (
    BUTTON_LABEL,
    MAX_BUTTONS_PER_ROW,
    MAX_OPTIONS,
    MAX_ROWS,
    OPTION_LABEL,
    Layout,
)
from bot.games.magna_carta import narration
from bot.games.magna_carta import text as t
from bot.games.magna_carta.prompts import PRIVATE_VERBS
from engine import magna_carta as mc
from engine.magna_carta import catalogue as cat
from engine.magna_carta import view
from engine.magna_carta.actions import parse
from engine.magna_carta.view import View
from render.magna_carta.sample import game_posts

UI = ui_for("magna-carta")
NAMES = ["Alice", "Bob", "Carol", "Dan"]
EMOJIS = ["🔵", "🔴", "🟢", "🟠"]


def _states(seed: int, players: int, variant: str, uniform: float = 0.5):
    """Every state of a seeded random game (the built-in player or uniform moves)."""
    state = mc.new_game(mc.Options(players=players, variant=variant), mc.Setup(seed=seed))
    rng = random.Random(seed)
    while True:
        yield state
        if state.over:
            return
        seat = mc.deciding_seats(state)[0]
        legal = mc.legal_actions(state, seat)
        if rng.random() < uniform:
            action = legal[rng.randrange(len(legal))]
        else:
            action = mc.choose_action(state, seat, rng)
        state, _ = mc.apply(state, action, seat)


def _check_limits(layout: Layout) -> None:
    assert layout.rows <= MAX_ROWS
    assert len(layout.buttons) <= MAX_BUTTONS_PER_ROW * (MAX_ROWS - len(layout.menus))
    for choice in layout.buttons:
        assert 0 < len(choice.label) <= BUTTON_LABEL
        assert choice.style in ("primary", "secondary", "success", "danger")
    for menu in layout.menus:
        assert 0 < len(menu.choices) <= MAX_OPTIONS
        assert len(menu.placeholder) <= 150
        for choice in menu.choices:
            assert 0 < len(choice.label) <= OPTION_LABEL and len(choice.description) <= 100
    actions = [c.action for c in layout.choices()]
    assert len(actions) == len(set(actions)), "each choice once"


def test_the_ui_implements_every_method_of_game_ui() -> None:
    wanted = {
        name
        for name, member in inspect.getmembers(GameUI)
        if not name.startswith("_") and callable(member)
    }
    for name in wanted:
        assert callable(getattr(UI, name)), name
    assert UI.kind == mc.name and UI.title == t.MC_TITLE
    assert UI.has_hands is True
    # the service numbers phases up to phases_per_turn: the standard round's 6 (a beginner
    # round has 5; its phase 6 never comes)
    assert UI.phases_per_turn == cat.PHASES_PER_ROUND["standard"] == 6


def test_public_and_private_views() -> None:
    state = mc.new_game(mc.Options(players=3), mc.Setup(seed=4))
    public = UI.public(state)
    assert isinstance(public, View) and public.viewer is None
    assert all(p.hand is None for p in public.players)
    mine = UI.private(state, 1)
    assert mine.viewer == 1 and mine.players[1].hand == state.players[1].hand
    assert mine.players[0].hand is None
    # a player's view made public loses its hand
    assert UI.public(mine) == public
    with pytest.raises(ValueError):
        UI.private(mine, 2)


@pytest.mark.parametrize("variant", ["beginner", "standard"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_decision_fits_discord_and_hand_actions_are_private(
    players: int, variant: str
) -> None:
    kinds: set[str] = set()
    for game in range(6):
        for state in _states(100 * players + game, players, variant):
            for pending in mc.pending(state):
                seat = pending.seat
                actions = mc.legal_actions(state, seat)
                public, private = UI.split_actions(state, seat, actions)
                assert sorted(map(str, public + private)) == sorted(map(str, actions))
                assert all(a.verb in PRIVATE_VERBS for a in private)
                assert not any(a.verb in PRIVATE_VERBS for a in public)
                shown = UI.layout(state, seat, actions, NAMES)
                _check_limits(shown)
                assert len(shown.choices()) + shown.hidden == len(public)
                assert {c.action for c in shown.choices()} <= set(map(str, public))
                mine = UI.hand_layout(state, seat, actions, NAMES)
                _check_limits(mine)
                assert len(mine.choices()) + mine.hidden == len(private)
                assert {c.action for c in mine.choices()} <= set(map(str, private))
                # every choice parses back to the legal action it stands for
                for choice in shown.choices() + mine.choices():
                    assert parse(choice.action) in actions
                kinds.add(pending.kind)
    assert {"redraw", "action", "castle"} <= kinds
    if variant == "standard":
        assert "provost" in kinds


def test_the_opening_hand_is_decided_in_private_by_everyone_at_once() -> None:
    state = mc.new_game(mc.Options(players=3), mc.Setup(seed=5))
    assert len(mc.deciding_seats(state)) == 3
    for seat in range(3):
        actions = mc.legal_actions(state, seat)
        public, private = UI.split_actions(state, seat, actions)
        assert public == [] and {str(a) for a in private} == {"keep", "redraw"}
        assert UI.layout(state, seat, actions, NAMES).choices() == []
        labels = [c.label for c in UI.hand_layout(state, seat, actions, NAMES).choices()]
        assert labels[0].startswith("Keep these 3 cards") and "Redraw all 3" in labels[1]
    headline = UI.headline(state, mc.pending(state)[0], NAMES)
    assert "only you see" in headline


def _first(states, test):
    return next(s for s in states if test(s))


def test_labels_name_the_card_its_position_and_what_it_costs() -> None:
    states = list(_states(7, 4, "standard", uniform=0.0))
    acting = _first(states, lambda s: s.decision and s.decision.kind == "action" and s.round > 2)
    seat = acting.decision.seat
    actions = mc.legal_actions(acting, seat)
    by_action = {str(a): UI.describe(acting, seat, a, NAMES) for a in actions}
    place = next(c for a, c in by_action.items() if a.startswith("place "))
    position = int(place.action.split()[1])
    card = cat.CARDS[acting.road[position - 1]]
    assert place.label == f"{card.name} ({position}) — 1 d"
    assert card.worker_text in place.description
    assert by_action["pass"].label.startswith("Pass")
    if "draw" in by_action:
        assert by_action["draw"].label == "Draw a card — 1 d"
    builds = [c for a, c in by_action.items() if a.startswith("build ")]
    for choice in builds:
        card = cat.CARDS[choice.action.split()[1]]
        assert choice.label.startswith(f"Build {card.name} — ")
        assert f"{card.pp} PP" in choice.description
    # beyond the provost: a warning, in red
    beyond = [
        c
        for a, c in by_action.items()
        if a.startswith("place ") and int(a.split()[1]) > acting.provost + 1
    ]
    for choice in beyond:
        assert choice.style == "danger" and "beyond the provost" in choice.description


def test_headlines_of_every_kind_name_the_card() -> None:
    seen: dict[tuple[str, str], str] = {}
    for game in range(8):
        for state in _states(200 + game, 3, "standard"):
            for pending in mc.pending(state):
                d = state.decision
                key = (pending.kind, d.part if d is not None else "")
                if key not in seen:
                    seen[key] = UI.headline(state, pending, NAMES)
                    if d is not None and d.at >= 0:
                        card = cat.CARDS[state.road[d.at]]
                        assert f"{card.name} ({d.at + 1})" in seen[key]
                        assert "or skip" in seen[key]
                        if d.part == "owner":
                            assert f"used by {NAMES[state.workers[d.at]]}" in seen[key]
    assert ("provost", "") in seen and "provost from" in seen[("provost", "")]
    assert ("castle", "") in seen and "castle" in seen[("castle", "")]
    assert ("buy", "worker") in seen and ("buy", "owner") in seen


def test_context_and_status_use_only_public_facts() -> None:
    states = list(_states(9, 3, "standard", uniform=0.0))
    state = states[len(states) // 2]
    seat = mc.deciding_seats(state)[0]
    p = state.players[seat]
    line = UI.context(state, seat)
    assert f"Round {state.round} · phase {state.phase}" in line
    assert f"{p.deniers} d" in line and f"{len(p.hand)} cards in hand" in line
    status = UI.status_lines(state, NAMES, EMOJIS)
    assert len(status) == 4 and status[0].startswith(f"Round {state.round}")
    assert all(f"pile {len(q.deck)}" in status[1 + k] for k, q in enumerate(state.players))
    me = UI.me_lines(state, seat)
    assert me[0].startswith(f"**{view(state, None).players[seat].score['total']} PP**")


def test_the_account_names_phases_per_rule_set() -> None:
    for variant, expected in (
        (
            "standard",
            [
                "Opening hands",
                "Income",
                "Actions",
                "Provost",
                "Activation",
                "Castle",
                "End of the round",
            ],
        ),
        (
            "beginner",
            ["Opening hands", "Income", "Actions", "Activation", "Castle", "End of the round"],
        ),
    ):
        names_seen = []
        for post in game_posts(3, 3, variant):
            for turn, phase in sorted({(e.turn, e.phase) for e in post.events}):
                if turn != 1:
                    continue
                told = [e for e in post.events if (e.turn, e.phase) == (turn, phase)]
                header = UI.account(turn, phase, told, NAMES).splitlines()[0]
                names_seen.append(header.strip("*").split(". ")[-1].split(" · ")[-1])
        assert names_seen == expected, variant
    assert UI.account(1, 6, [], NAMES) == ""  # no phase 6 in a beginner round: nothing to tell


def test_the_account_tells_draws_without_cards_and_merges_tokens() -> None:
    state = mc.new_game(mc.Options(players=2), mc.Setup(seed=2))
    events = []
    for seat in (0, 1):
        state, more = mc.apply(state, "keep", seat)
        events += more
    seat = mc.deciding_seats(state)[0]
    state, drawn = mc.apply(state, "draw", seat)
    account = UI.account(1, 2, drawn, NAMES)
    assert account.splitlines()[1] == f"• {NAMES[seat]} pays 1 d and draws a card"
    card = cat.CARDS[drawn[0].data["private"][seat]["cards"][0]].name
    assert card not in account or card == "Peddler"
    # a batch and the token it won are one line
    for post in game_posts(4, 3, "standard"):
        if any(e.kind == "deliver" for e in post.events):
            lines = narration.lines(post.events, NAMES)
            assert any("delivers a batch" in x and "→" in x and "token" in x for x in lines)
            assert not any(x.startswith("Alice takes a") and "token" in x for x in lines)
            break


def test_score_lines_show_the_breakdown_best_first() -> None:
    states = list(_states(12, 4, "standard", uniform=0.0))
    outcome = mc.outcome(states[-1])
    lines = UI.score_lines(outcome, NAMES, EMOJIS)
    best = max(range(4), key=lambda s: outcome.scores[s])
    assert NAMES[best] in lines[0]
    for seat in range(4):
        b = outcome.breakdown[seat]
        line = next(x for x in lines if f"**{NAMES[seat]}**" in x)
        assert f"**{b['total']}** = {b['tokens']} (castle) + {b['buildings']} (road)" in line


def test_intro_options_and_boards() -> None:
    state = mc.new_game(mc.Options(players=3, variant="beginner"), mc.Setup(seed=3))
    intro = UI.intro(state, NAMES[:3])
    assert f"Start player: {NAMES[state.start_player]}" in intro
    for k, card in enumerate(state.road):
        assert f"{cat.CARDS[card].name} ({k + 1})" in intro
    assert "beginner" in UI.options_text({"variant": "beginner"})
    assert "provost" in UI.options_text({"variant": "standard"})
    assert "provost" in UI.options_text({})
    posts = list(game_posts(5, 3, "standard"))
    actions = next(p for p in posts if p.state.phase == 2 and p.state.round == 2)
    assert UI.shows_board(actions.state, actions.previous)
    assert not UI.shows_board(posts[-2].state, posts[-2].previous) or posts[-2].state.phase == 2
    assert UI.shows_board(posts[-1].state, posts[-1].previous)
    pictures = UI.phase_pictures(actions.state, NAMES[:3], actions.previous, actions.events, True)
    assert [p.filename for p in pictures] == ["mc_r02_p2.png", "mc_r02_p2_board.png"]
    assert all(isinstance(p, Picture) for p in pictures)
    board = UI.board_picture(actions.state, NAMES[:3], actions.previous)
    assert board.filename == "mc_r02_p2_board.png"
    hand = UI.hand_picture(actions.state, 1, NAMES[:3])
    assert hand is not None and hand.data[:4] == b"\x89PNG"
    lines = UI.hand_lines(actions.state, 1, NAMES[:3])
    for card in actions.state.players[1].hand:
        assert any(f"**{cat.CARDS[card].name}**" in line for line in lines)
    assert not UI.tells_before_prompt(actions.state)


def test_rules_cover_every_card_phase_and_figure() -> None:
    topics = UI.rule_topics()
    values = [v for _, v in topics]
    assert len(values) == len(set(values))
    assert all(len(label) <= 100 for label, _ in topics)
    for card in cat.CARDS.values():
        assert card.id in values
        text = UI.rules_text(card.id)
        assert text.startswith(f"**{card.name}**")
        if card.cost:
            assert "Cost:" in text
        if card.worker_text:
            assert card.worker_text in text
        if card.owner_text:
            assert card.owner_text in text
        if card.kind is cat.Kind.PRESTIGE:
            assert f"{card.pp} PP" in text
    for figure in ("provost", "bridge", "castle", "tokens", "gold", "residences", "prestige",
                   "beginner", "standard", "scoring", "cards", "road"):  # fmt: skip
        assert figure in values
        assert "{" not in UI.rules_text(figure)
    for stage in ("setup", "income", "actions", "provost", "activation", "castle", "end"):
        text = UI.rules_text(f"phase {stage}")
        assert text.startswith(f"**{t.MC_PHASE_NAMES[stage]}**") and "{" not in text
    assert "phase 3 of the standard rules" in UI.rules_text("phase provost")
    assert "phase 3 of the beginner rules" in UI.rules_text("phase activation")
    # names and short forms work too
    assert UI.rules_text("Gold Mine") == UI.rules_text("gold-mine") == UI.rules_text("mine")
    assert UI.rules_text("Hotel").startswith("**Hotel**")
    assert "14 PP" in UI.rules_text("prestige")  # the Cathedral in the list
    assert "moonbase" in UI.rules_text("moonbase")
