"""Readable reasons why an action is not legal now (the message of IllegalAction).

A reason is shown only to the seat that tried the action, so it may name that seat's own
hand, never anybody else's hidden cards.
"""

from __future__ import annotations

from engine.magna_carta import catalogue as cat
from engine.magna_carta.actions import Action
from engine.magna_carta.catalogue import CARDS
from engine.magna_carta.state import Decision, State

_VERBS_FOR_KIND: dict[str, tuple[str, ...]] = {
    "redraw": ("keep", "redraw"),
    "action": ("draw", "swap", "place", "build", "prestige", "pass"),
    "provost": ("provost", "skip"),
    "buy": ("buy", "skip"),
    "sell": ("sell", "skip"),
    "trade": ("trade", "skip"),
    "lawyer": ("lawyer", "skip"),
    "bank": ("pay", "skip"),
    "church": ("pay", "skip"),
    "castle": ("deliver", "skip"),
}


def _examples(options: list[Action], limit: int = 8) -> str:
    texts = [f"'{a}'" for a in options[:limit]]
    more = f" and {len(options) - limit} more" if len(options) > limit else ""
    return ", ".join(texts) + more


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cost_words(cost: str) -> str:
    parts = []
    for c in (*cat.CUBES, cat.ANY):
        k = cost.count(c)
        if k:
            parts.append(f"{k} {cat.CUBE_NAMES.get(c, 'resource of any kind')}")
    return " + ".join(parts)


def _stock(cubes: list[int]) -> str:
    return ", ".join(f"{k} {cat.CUBE_NAMES[c]}" for c, k in zip(cat.CUBES, cubes, strict=True))


def why_illegal(
    s: State, d: Decision | None, action: Action, options: list[Action], matches: list[Action]
) -> str:
    from engine.magna_carta.rules import PROMPTS, card_label, free_residences

    kind = d.kind if d is not None else "redraw"
    seat = d.seat if d is not None else -1
    if action.verb not in _VERBS_FOR_KIND[kind]:
        return (
            f"'{action}' does not answer the current decision: {PROMPTS[kind]}. "
            f"You can: {_examples(options)}."
        )
    if len(matches) > 1:
        return f"'{action}' could mean several moves; say which: {_examples(matches)}."
    p = s.players[seat]
    verb, arg = action.verb, action.arg
    words = arg.split()
    if verb in ("draw", "swap", "place") and p.deniers < cat.ACTION_COST:
        return f"That costs {cat.ACTION_COST} d and you have none."
    if verb == "draw":
        return "Your draw pile and your discard pile are both empty: there is nothing to draw."
    if verb == "swap":
        return "Your hand is empty: there is nothing to swap."
    if verb == "place":
        i = int(arg) - 1
        if p.workers <= 0:
            return "All your workers are on the road already."
        if i >= len(s.road):
            return f"The road has {len(s.road)} cards: there is no card at {arg}."
        if s.flipped[i]:
            return f"{_first_up(card_label(s, i))} takes no workers (residences never do)."
        return f"{_first_up(card_label(s, i))} already has a worker (one per card)."
    if verb == "build":
        card = CARDS[words[0]]
        if words[0] not in p.hand:
            return f"You have no {card.name} in your hand."
        return (
            f"The {card.name} costs {_cost_words(card.cost)} (gold may stand in for any cube); "
            f"you have {_stock(p.cubes)}. Name a payment you can make, e.g. "
            f"{_examples([o for o in options if o.verb == 'build'], 4) or 'none now'}."
        )
    if verb == "prestige":
        card = CARDS[words[0]]
        if words[0] not in s.prestige_supply:
            if s.options.variant == "beginner" and words[0] == cat.HOTEL:
                return "The Hotel is not used in the beginner game."
            return f"The {card.name} has been built already."
        if s.options.variant == "standard":
            homes = free_residences(s, seat)
            if not homes:
                return (
                    "A prestige building goes on one of your residences that carries none "
                    "yet, and you have no such residence."
                )
            at = [w for w in words if w.startswith("@")]
            if at and int(at[0][1:]) - 1 not in homes:
                free = ", ".join(str(i + 1) for i in homes)
                return f"Position {at[0][1:]} is not one of your free residences ({free})."
        return (
            f"The {card.name} costs {_cost_words(card.cost)} (gold may stand in for any "
            f"cube); you have {_stock(p.cubes)}."
        )
    if verb == "provost":
        k = int(arg)
        if abs(k) > p.deniers:
            return f"Moving the provost {abs(k)} cards costs {abs(k)} d; you have {p.deniers} d."
        return (
            f"The provost is on card {s.provost + 1} of {len(s.road)}; {arg} would take him "
            "past the end of the road."
        )
    if verb == "buy":
        if len(arg) == 2 and d is not None and d.part == "owner":
            return "As the Peddler's owner you may buy only 1 cube."
        if len(arg) == 2 and d is not None and CARDS[s.road[d.at]].kind is cat.Kind.NEUTRAL:
            return "The neutral Peddler sells only 1 cube."
        return f"{len(arg)} cube(s) cost {len(arg)} d; you have {p.deniers} d."
    if verb in ("sell", "trade"):
        return f"You have no {cat.CUBE_NAMES[arg]} to hand in."
    if verb == "pay":
        owner = d is not None and d.part == "owner"
        table = {
            ("bank", False): cat.BANK_WORKER,
            ("bank", True): cat.BANK_OWNER,
            ("church", False): cat.CHURCH_WORKER,
            ("church", True): cat.CHURCH_OWNER,
        }[kind, owner]
        what = "gold" if kind == "bank" else "token(s)"
        prices = " or ".join(f"{price} d ({count} {what})" for price, count in table.items())
        if int(arg[:-1]) in table and int(arg[:-1]) > p.deniers:
            return f"You have {p.deniers} d, not {arg[:-1]} d."
        if kind == "church" and int(arg[:-1]) in table:
            return (
                f"Here you can pay {prices}, and only for tokens still left ({sum(s.tokens)} left)."
            )
        return f"Here you can pay {prices}."
    if verb == "lawyer":
        i = int(words[0]) - 1
        if not p.cubes[0] and not p.cubes[cat.GOLD]:
            return "The residence costs 1 food (or 1 gold) and you have neither."
        if i >= len(s.road) or s.owners[i] != seat:
            return f"The card at {words[0]} is not one of your road cards."
        if s.flipped[i]:
            return f"The card at {words[0]} is a residence already."
        if s.road[i] == "lawyer":
            return "A Lawyer cannot be turned into a residence."
        if any(t == i for t, _ in s.due_flips):
            return f"The card at {words[0]} is already due to become a residence this round."
        return f"You have no {cat.CUBE_NAMES.get(words[-1], words[-1])} to pay with."
    if verb == "deliver":
        if not any(s.tokens):
            return "No castle token is left, so no batch can be delivered."
        return (
            f"You cannot pay the batch {arg}: you have {_stock(p.cubes)}. "
            f"You can: {_examples(options)}."
        )
    return f"'{action}' is not possible now. You can: {_examples(options)}."
