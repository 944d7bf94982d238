"""Who must decide what, in the pictures' words (from the public view only)."""

from __future__ import annotations

from collections.abc import Callable

from engine.magna_carta.catalogue import CARDS
from engine.magna_carta.decision_kinds import BY_NAME
from engine.magna_carta.view import PendingView, View
from render.labels import w as lb
from render.magna_carta.words import (
    TOKEN_PP,
    active_stretch,
    best_tokens,
    road_label,
    token_name,
)
from render.names import card_owner_effect, card_worker_effect
from render.sentences import ordinal


def decision_text(view: View, pending: PendingView, names: list[str]) -> tuple[str, str]:
    """(what the seat must do, a detail line) for one pending decision."""
    if BY_NAME[pending.kind].at_building:
        return _at_card(view, pending, names), ""
    return _TEXTS[pending.kind](view, pending)


def _redraw_text(view: View, pending: PendingView) -> tuple[str, str]:
    return lb.MC_MUST_REDRAW, lb.MC_REDRAW_DETAIL


def _action_text(view: View, pending: PendingView) -> tuple[str, str]:
    me = view.players[pending.seat]
    detail = lb.MC_ACT_DETAIL.format(count=me.hand_size, deniers=me.deniers, workers=me.workers)
    return lb.MC_MUST_ACT, detail


def _provost_text(view: View, pending: PendingView) -> tuple[str, str]:
    where = road_label(view, view.provost or 1)
    return lb.MC_MAY_PROVOST, lb.MC_PROVOST_DETAIL.format(where=where, stretch=active_stretch(view))


def _castle_text(view: View, pending: PendingView) -> tuple[str, str]:
    left = sum(view.tokens.values())
    nxt = best_tokens(view.tokens, 1)
    delivered = view.delivered[pending.seat]
    so_far = lb.MC_DELIVERED.format(count=delivered) if delivered else ""
    if nxt:
        token = lb.MC_NEXT_TOKEN.format(token=token_name(nxt[0]), pp=TOKEN_PP[nxt[0]])
    else:
        token = lb.MC_NO_TOKEN
    return lb.MC_MAY_CASTLE, lb.MC_CASTLE_DETAIL.format(token=token, left=left) + so_far


# What each decision kind not asked at a road card says (engine/magna_carta/decision_kinds.py);
# those asked at a card name the card, its position and its effect.
_TEXTS: dict[str, Callable[[View, PendingView], tuple[str, str]]] = {
    "redraw": _redraw_text,
    "action": _action_text,
    "provost": _provost_text,
    "castle": _castle_text,
}


def _at_card(view: View, pending: PendingView, names: list[str]) -> str:
    """A decision at a road card: its worker's effect, or its owner's."""
    at = pending.at or 1
    card = view.road[at - 1]
    data = CARDS[card.card]
    where = road_label(view, at)
    if pending.part == "owner":
        user = names[card.worker] if card.worker is not None else lb.MC_A_WORKER
        return lb.MC_MAY_USE_OWN.format(where=where, user=user, effect=card_owner_effect(data.id))
    if card.owner is not None:
        return lb.MC_MAY_USE_OF.format(
            owner=names[card.owner], where=where, effect=card_worker_effect(data.id)
        )
    return lb.MC_MAY_USE.format(where=where, effect=card_worker_effect(data.id))


def passed_text(view: View, seat: int) -> str:
    space = view.players[seat].passed
    return lb.PASSED.format(place=ordinal(space)) if space else ""
