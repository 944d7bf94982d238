"""Hidden information: nothing hidden reaches a channel message, picture or prompt.

Whole random games are followed like the bot posts them (a post each time an action ends a
phase). At every post, everything the channel (or a spectator) gets is collected: the texts
drawn on the phone card and the whole board (recorded by render.pieces.text), the accounts of
the phases, the intro, the headline, context and public choices (labels, descriptions, menu
titles) of every pending decision, /caylus board and me, and the final scores. Two checks:

1. By name: no card name appears that is hidden at that moment, i.e. not on the road, in a
   discard pile or discarded face up during the post (a card only in hands and draw piles).
2. By construction: the same texts come out when the hidden cards are dealt anew (every hand
   and draw pile re-dealt with the same sizes, the drawn cards of the events' private parts
   replaced), so they cannot depend on anything hidden.

A player's hand (`hand_picture`, `hand_lines`) names only that player's cards and public ones,
and does not change when the other players' hidden cards are dealt anew.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import replace

import pytest

from bot.games import ui_for
from bot.games.layout import Layout
from engine import magna_carta as mc
from engine.magna_carta import catalogue as cat
from engine.magna_carta import view
from engine.magna_carta.state import State
from engine.protocol import Event
from render.magna_carta.sample import Post, game_posts
from render.pieces import recording_text

UI = ui_for("magna-carta")
NAMES = ["Alice", "Bob", "Carol", "Dan"]
EMOJIS = ["🔵", "🔴", "🟢", "🟠"]
# Player cards' names (the neutral Peddler shares its name and is always on the road).
PLAYER_NAMES = sorted(
    {c.name for c in cat.PLAYER_CARDS} - {cat.CARDS[cat.FIRST_NEUTRAL].name}, key=len, reverse=True
)
NAME_PATTERN = re.compile(r"\b(" + "|".join(re.escape(n) for n in PLAYER_NAMES) + r")\b")
GAMES = [
    (seed, players, variant, uniform)
    for players in (2, 3, 4)
    for variant in ("beginner", "standard")
    for seed, uniform in ((players * 10 + 1, 0.0), (players * 10 + 2, 0.6))
]


def mentioned(texts: Iterable[str]) -> set[str]:
    return {m for text in texts for m in NAME_PATTERN.findall(text)}


def public_names(state: State | None) -> set[str]:
    """Names of player cards anybody may see now: on the road (either side) or discarded."""
    if state is None:
        return set()
    v = view(state, None)
    ids = {r.card for r in v.road} | {c for p in v.players for c in p.discard}
    return {cat.CARDS[c].name for c in ids}


def discarded_names(events: list[Event]) -> set[str]:
    return {cat.CARDS[c].name for e in events for c in (e.data or {}).get("discarded", [])}


def layout_texts(layout: Layout) -> list[str]:
    out = [c.label for c in layout.buttons] + [c.description for c in layout.buttons]
    for menu in layout.menus:
        out.append(menu.placeholder)
        out += [c.label for c in menu.choices] + [c.description for c in menu.choices]
    return out


def channel_texts(post: Post, first: bool, pictures: bool) -> list[str]:
    """Everything the channel and a spectator get at this post."""
    state = post.state
    texts: list[str] = []
    if first:
        texts.append(UI.intro(state, NAMES))
    for turn, phase in sorted({(e.turn, e.phase) for e in post.events}):
        told = [e for e in post.events if (e.turn, e.phase) == (turn, phase)]
        texts.append(UI.account(turn, phase, told, NAMES))
    for pending in mc.pending(state):
        actions = mc.legal_actions(state, pending.seat)
        texts.append(UI.headline(state, pending, NAMES))
        texts.append(UI.context(state, pending.seat))
        texts += layout_texts(UI.layout(state, pending.seat, actions, NAMES))
        public, _ = UI.split_actions(state, pending.seat, actions)
        for action in public:
            choice = UI.describe(state, pending.seat, action, NAMES)
            texts += [choice.label, choice.description]
    texts += UI.status_lines(state, NAMES, EMOJIS)
    for seat in range(len(state.players)):
        texts += UI.me_lines(state, seat)
    outcome = mc.outcome(state)
    if outcome is not None:
        texts += UI.score_lines(outcome, NAMES, EMOJIS)
    if pictures:
        board = UI.shows_board(state, post.previous)
        with recording_text() as drawn:
            # the RGB drawing of ui.phase_pictures (encoding adds no text)
            from render.magna_carta import render_board, render_card

            current = UI.public(state)
            previous = UI.public(post.previous) if post.previous is not None else None
            render_card(current, names=NAMES, previous=previous, events=post.events)
            if board:
                render_board(current, names=NAMES, previous=previous, events=post.events)
        texts += [x.text for x in drawn]
    return texts


def hand_texts(state: State, seat: int) -> list[str]:
    from render.magna_carta import render_hand

    with recording_text() as drawn:
        render_hand(UI.private(state, seat), names=NAMES)
    return [x.text for x in drawn] + UI.hand_lines(state, seat, NAMES)


def redeal(state: State, rng: random.Random, keep: int | None = None) -> State:
    """The same public position with the hidden cards dealt anew: each hand and draw pile
    (but `keep`'s hand) re-dealt from their cards, with the same sizes."""
    data = state.model_dump()
    for seat, p in enumerate(data["players"]):
        if seat == keep:
            rng.shuffle(p["deck"])  # nobody knows a draw pile's order, its owner neither
            continue
        pool = p["hand"] + p["deck"]
        rng.shuffle(pool)
        p["hand"], p["deck"] = pool[: len(p["hand"])], pool[len(p["hand"]) :]
    return State.model_validate(data)


def forge(events: list[Event], rng: random.Random) -> list[Event]:
    """The events with other cards in their private parts."""
    out = []
    for e in events:
        data = dict(e.data or {})
        if "private" in data:
            data["private"] = {
                seat: {"cards": [rng.choice(cat.DECKS["beginner"]) for _ in part["cards"]]}
                for seat, part in data["private"].items()
            }
        out.append(replace(e, data=data or None))
    return out


@pytest.mark.parametrize(("seed", "players", "variant", "uniform"), GAMES)
def test_nothing_hidden_reaches_the_channel(
    seed: int, players: int, variant: str, uniform: float
) -> None:
    rng = random.Random(seed)
    in_play = {cat.CARDS[c].name for c in cat.DECKS[variant]}  # others are named by the rules
    checked = hands = 0
    hidden_somewhere = False
    for k, post in enumerate(game_posts(seed, players, variant, uniform)):
        state = post.state
        allowed = public_names(state) | public_names(post.previous) | discarded_names(post.events)
        hidden = {cat.CARDS[c].name for p in state.players for c in p.hand + p.deck}
        hidden_somewhere |= bool(hidden - allowed)
        deep = k % 4 == 0  # the re-dealt comparison on every 4th post (it draws twice)
        texts = channel_texts(post, first=k == 0, pictures=True)
        leaked = (mentioned(texts) & in_play) - allowed
        assert not leaked, f"post {k}: hidden cards {leaked} in {texts}"
        if deep:
            alternative = Post(redeal(state, rng), post.previous, forge(post.events, rng))
            assert view(alternative.state, None) == view(state, None)
            assert channel_texts(alternative, first=k == 0, pictures=True) == texts
        # one player's hand per post (taking turns): their cards and public ones only
        seat = k % players
        own = {cat.CARDS[c].name for c in state.players[seat].hand + state.players[seat].discard}
        mine = hand_texts(state, seat)
        assert mentioned(mine) & in_play <= own | allowed
        held = {cat.CARDS[c].name for c in state.players[seat].hand}
        assert mentioned(mine) >= held & set(PLAYER_NAMES)
        if deep:
            assert hand_texts(redeal(state, rng, keep=seat), seat) == mine
        checked += 1
        hands += 1
    assert checked > 20 and hands == checked
    assert hidden_somewhere  # the check had something to find


def test_a_hand_is_its_players_only() -> None:
    """Seat 0's hand names its own cards; seat 1's hand is never in it (both dealt so that
    their hands share no card and no card is public yet)."""
    decks = [
        [
            "bank",
            "market",
            "gold-mine",
            *[c for c in cat.DECKS["standard"] if c not in ("bank", "market", "gold-mine")],
        ],
        [
            "church",
            "lawyer",
            "large-farm",
            *[c for c in cat.DECKS["standard"] if c not in ("church", "lawyer", "large-farm")],
        ],
    ]
    state = mc.new_game(
        mc.Options(players=2),
        mc.Setup(neutral=["n-park", "n-peddler"], start_player=0, decks=decks, seed=1),
    )
    own = hand_texts(state, 0)
    assert {"Bank", "Market", "Gold Mine"} <= mentioned(own)
    assert not mentioned(own) & {"Church", "Lawyer", "Large Farm"}
    other = hand_texts(state, 1)
    assert {"Church", "Lawyer", "Large Farm"} <= mentioned(other)
    assert not mentioned(other) & {"Bank", "Market", "Gold Mine"}
    # the channel: no card at all yet
    post = Post(state)
    assert not mentioned(channel_texts(post, first=True, pictures=True))
