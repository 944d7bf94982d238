"""The words of the Magna Carta pictures: card names, short effects, phases, tokens.

Every number comes from the engine's catalogue (engine/magna_carta/catalogue.py); this module
only phrases it short enough for a road tile or a table cell. `render/` may not import the
Discord layer, so the pictures keep their own words here (the bot's are in bot/text.py).
"""

from __future__ import annotations

from engine.magna_carta import catalogue as cat
from engine.magna_carta.catalogue import CARDS, Effect, Kind
from engine.magna_carta.view import RoadCardView, View
from render.labels import w as lb
from render.names import card_name, residence

TOKEN_PP = dict(zip(cat.TOKEN_NAMES, cat.TOKEN_PP, strict=True))


def ordinal(k: int) -> str:
    return lb.ORDINALS.get(k) or lb.ORDINAL.format(k=k)


def stage_names(variant: str) -> list[str]:
    """The stage names of the phases 1.. of a round in this rule set, in order."""
    numbers = cat.PHASE_NUMBERS[variant]
    return [cat.STAGES[stage] for stage, _ in sorted(numbers.items(), key=lambda kv: kv[1])][1:]


def phase_title(view: View) -> str:
    return lb.MC_PHASES[view.phase_name]


def cube_words(cubes: str) -> str:
    """'FSS' -> '1 food + 2 stone'."""
    parts = [f"{cubes.count(c)} {cat.CUBE_NAMES[c]}" for c in cat.CUBES if c in cubes]
    return " + ".join(parts) if parts else "nothing"


def _gain(gain: str) -> str:
    if gain.endswith("d"):
        return f"{gain[:-1]} d"
    return cube_words(gain)


def short_effect(card_id: str) -> str:
    """A worker effect in a few words, for a road tile ('take 2 wood', '1 d → 1 gold')."""
    card = CARDS[card_id]
    effect = card.effect
    if card.worker_gain:
        return f"take {_gain(card.worker_gain)}"
    if effect is Effect.PEDDLER:
        return "buy 1 cube" if card.kind is Kind.NEUTRAL else "buy 1-2 cubes"
    if effect is Effect.MARKET:
        return f"1 cube → {cat.MARKET_PRICE} d"
    if effect is Effect.LAWYER:
        return "→ residence"
    if effect is Effect.BANK:
        return "buy gold"
    if effect is Effect.CHURCH:
        return "buy tokens"
    return ""


def tile_name(card: RoadCardView) -> str:
    """The name a road tile shows: the card, its residence side, or the prestige building."""
    if card.cover:
        return card_name(card.cover)
    if card.residence:
        return residence()
    return card_name(card.card)


def tile_effect(card: RoadCardView, variant: str) -> str:
    if card.cover:
        return "on a residence"
    if card.residence:
        return f"+{cat.RESIDENCE_INCOME} d income" if variant == "standard" else "residence"
    return short_effect(card.card)


def tile_points(card: RoadCardView) -> int:
    """The shield a road card scores for its owner now (0 for a neutral card)."""
    if card.owner is None:
        return 0
    if card.cover:
        return CARDS[card.cover].pp
    if card.residence:
        return cat.RESIDENCE_PP
    return CARDS[card.card].pp


def road_label(view: View, position: int) -> str:
    """'Bank (7)', 'Residence (5)', 'Statue (5)': a road card as the pictures name it."""
    return f"{tile_name(view.road[position - 1])} ({position})"


def active_stretch(view: View) -> str:
    """Which road cards act this round, as the provost stands now."""
    if view.provost is None or view.provost == len(view.road):
        return "the whole road acts"
    return f"cards 1-{view.provost} act, {view.provost + 1}-{len(view.road)} do not"


def best_tokens(tokens: dict[str, int], count: int) -> list[str]:
    """The next `count` castle tokens, best first (as the castle and the Church give them)."""
    left = dict(tokens)
    out = []
    for _ in range(count):
        for name in cat.TOKEN_NAMES:
            if left[name]:
                left[name] -= 1
                out.append(name)
                break
    return out
