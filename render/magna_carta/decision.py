"""Who must decide what, in the pictures' words (from the public view only)."""

from __future__ import annotations

from engine.magna_carta.catalogue import CARDS
from engine.magna_carta.view import PendingView, View
from render.magna_carta.words import (
    TOKEN_PP,
    active_stretch,
    best_tokens,
    ordinal,
    road_label,
)


def decision_text(view: View, pending: PendingView, names: list[str]) -> tuple[str, str]:
    """(what the seat must do, a detail line) for one pending decision."""
    kind = pending.kind
    if kind == "redraw":
        return "must keep or redraw the opening hand", "each player decides alone, in private"
    if kind == "action":
        me = view.players[pending.seat]
        hand = "1 card" if me.hand_size == 1 else f"{me.hand_size} cards"
        return (
            "must act: place a worker, build, draw, swap or pass",
            f"{me.deniers} d · {me.workers} workers and {hand} in hand",
        )
    if kind == "provost":
        return (
            "may move the provost, 1 d a card (up to 3)",
            f"provost on {road_label(view, view.provost or 1)}: {active_stretch(view)}",
        )
    if kind == "castle":
        left = sum(view.tokens.values())
        nxt = best_tokens(view.tokens, 1)
        delivered = view.delivered[pending.seat]
        so_far = f" · {delivered} delivered" if delivered else ""
        token = f"next token: {nxt[0]} ({TOKEN_PP[nxt[0]]} PP)" if nxt else "no token left"
        return "may deliver batches to the castle", f"{token} · {left} left{so_far}"
    at = pending.at or 1
    card = view.road[at - 1]
    data = CARDS[card.card]
    where = road_label(view, at)
    if pending.part == "owner":
        user = names[card.worker] if card.worker is not None else "a worker"
        return f"may use their {where} ({user}'s worker): {data.owner_text}", ""
    owner = f"{names[card.owner]}'s " if card.owner is not None else ""
    return f"may use {owner}{where}: {data.worker_text}", ""


def passed_text(view: View, seat: int) -> str:
    space = view.players[seat].passed
    return f"passed {ordinal(space)}" if space else ""
