"""Readable reasons why an action is not legal now (the message of IllegalAction).

A reason is shown only to the seat that tried the action, so it may name that seat's own
hand, never anybody else's hidden cards.
"""

from __future__ import annotations

from typing import Any

import engine.magna_carta.catalogue as cat
from engine.magna_carta.actions import Action
from engine.magna_carta.catalogue import CARDS
from engine.magna_carta.decision_kinds import BY_NAME, OPENING
from engine.magna_carta.state import Decision, State
from engine.wording import Said


def _examples(options: list[Action], limit: int = 8) -> Any:
    """The legal actions as a value of a message: their notation, the first `limit` of them."""
    texts = ", ".join(f"'{a}'" for a in options[:limit])
    if len(options) > limit:
        return ("mc_words.OPTIONS_MORE", {"options": texts, "more": len(options) - limit})
    return texts


def free_residences(s: State, seat: int) -> list[int]:
    """Road indices of `seat`'s residences that carry no prestige building yet."""
    return [
        i
        for i, owner in enumerate(s.owners)
        if owner == seat and s.flipped[i] and s.covers[i] is None
    ]


def card_said(s: State, i: int) -> Said:
    """Road card `i` as a message (mc_words.CARD, RESIDENCE or COVERED)."""
    if s.flipped[i]:
        cover = s.covers[i]
        if cover:
            return ("mc_words.COVERED", {"card": cover, "at": i + 1})
        return ("mc_words.RESIDENCE", {"at": i + 1})
    return ("mc_words.CARD", {"card": s.road[i], "at": i + 1})


def why_illegal(
    s: State, d: Decision | None, action: Action, options: list[Action], matches: list[Action]
) -> Said:
    """Why `action` is not legal now, as a message (engine/magna_carta/mc_words.py)."""
    asked = BY_NAME[d.kind] if d is not None else OPENING
    kind = asked.name
    seat = d.seat if d is not None else -1
    quoted = f"'{action}'"
    if action.verb not in asked.verbs:
        return (
            "mc_words.NOT_THIS_DECISION",
            {"action": quoted, "decision": kind, "options": _examples(options)},
        )
    if len(matches) > 1:
        return ("mc_words.AMBIGUOUS", {"action": quoted, "options": _examples(matches)})
    p = s.players[seat]
    verb, arg = action.verb, action.arg
    words = arg.split()
    if verb in ("draw", "swap", "place") and p.deniers < cat.ACTION_COST:
        return ("mc_words.NO_DENIER", {"cost": cat.ACTION_COST})
    if verb == "draw":
        return ("mc_words.NOTHING_TO_DRAW", {})
    if verb == "swap":
        return ("mc_words.NOTHING_TO_SWAP", {})
    if verb == "place":
        i = int(arg) - 1
        if p.workers <= 0:
            return ("mc_words.NO_WORKER_LEFT", {})
        if i >= len(s.road):
            return ("mc_words.NO_SUCH_CARD", {"count": len(s.road), "at": arg})
        if s.flipped[i]:
            return ("mc_words.RESIDENCE_NO_WORKERS", {"label": card_said(s, i)})
        return ("mc_words.CARD_OCCUPIED", {"label": card_said(s, i)})
    if verb == "build":
        card = CARDS[words[0]]
        if words[0] not in p.hand:
            return ("mc_words.NOT_IN_HAND", {"card": card.id})
        payments = _examples([o for o in options if o.verb == "build"], 4)
        return (
            "mc_words.CANNOT_PAY",
            {
                "card": card.id,
                "needs": card.cost,
                "stock": list(p.cubes),
                "options": payments or ("mc_words.NONE_NOW", {}),
            },
        )
    if verb == "prestige":
        card = CARDS[words[0]]
        if words[0] not in s.prestige_supply:
            if s.options.variant == "beginner" and words[0] == cat.HOTEL:
                return ("mc_words.NO_HOTEL", {})
            return ("mc_words.PRESTIGE_BUILT", {"card": card.id})
        at = [w for w in words if w.startswith("@")]
        if s.options.variant == "beginner" and at:
            return ("mc_words.BEGINNER_PRESTIGE_NOT_ON_ROAD", {"card": card.id, "at": at[0][1:]})
        if s.options.variant == "standard":
            homes = free_residences(s, seat)
            if not homes:
                return ("mc_words.NO_FREE_RESIDENCE", {})
            if at and int(at[0][1:]) - 1 not in homes:
                free = ", ".join(str(i + 1) for i in homes)
                return ("mc_words.NOT_FREE_RESIDENCE", {"at": at[0][1:], "homes": free})
        return (
            "mc_words.PRESTIGE_COST",
            {"card": card.id, "needs": card.cost, "stock": list(p.cubes)},
        )
    if verb == "provost":
        k = int(arg)
        if abs(k) > p.deniers:
            return ("mc_words.PROVOST_COST", {"spaces": abs(k), "deniers": p.deniers})
        return (
            "mc_words.PROVOST_OFF_ROAD",
            {"at": s.provost + 1, "count": len(s.road), "move": arg},
        )
    if verb == "buy":
        if len(arg) == 2 and d is not None and d.part == "owner":
            return ("mc_words.OWNER_BUYS_ONE", {})
        if len(arg) == 2 and d is not None and CARDS[s.road[d.at]].kind is cat.Kind.NEUTRAL:
            return ("mc_words.NEUTRAL_PEDDLER", {})
        return ("mc_words.CUBES_COST", {"count": len(arg), "deniers": p.deniers})
    if verb in ("sell", "trade"):
        return ("mc_words.NO_CUBE_TO_HAND_IN", {"cube": arg})
    if verb == "pay":
        owner = d is not None and d.part == "owner"
        table = {
            ("bank", False): cat.BANK_WORKER,
            ("bank", True): cat.BANK_OWNER,
            ("church", False): cat.CHURCH_WORKER,
            ("church", True): cat.CHURCH_OWNER,
        }[kind, owner]
        prices = ["gold" if kind == "bank" else "tokens", list(table.items())]
        if int(arg[:-1]) in table and int(arg[:-1]) > p.deniers:
            return ("mc_words.NOT_ENOUGH_DENIERS", {"deniers": p.deniers, "price": arg[:-1]})
        if kind == "church" and int(arg[:-1]) in table:
            return ("mc_words.CHURCH_PRICES", {"prices": prices, "left": sum(s.tokens)})
        return ("mc_words.PRICES", {"prices": prices})
    if verb == "lawyer":
        i = int(words[0]) - 1
        if not p.cubes[0] and not p.cubes[cat.GOLD]:
            return ("mc_words.NO_FOOD", {})
        if i >= len(s.road) or s.owners[i] != seat:
            return ("mc_words.NOT_YOUR_CARD", {"at": words[0]})
        if s.flipped[i]:
            return ("mc_words.ALREADY_RESIDENCE", {"at": words[0]})
        if s.road[i] == "lawyer":
            return ("mc_words.LAWYER_NO_FLIP", {})
        if any(t == i for t, _ in s.due_flips):
            return ("mc_words.ALREADY_DUE", {"at": words[0]})
        return ("mc_words.NO_CUBE_TO_PAY", {"cube": words[-1]})
    if verb == "deliver":
        if not any(s.tokens):
            return ("mc_words.NO_TOKEN_LEFT", {})
        return (
            "mc_words.CANNOT_PAY_BATCH",
            {"batch": arg, "stock": list(p.cubes), "options": _examples(options)},
        )
    return ("mc_words.NOT_POSSIBLE", {"action": quoted, "options": _examples(options)})
