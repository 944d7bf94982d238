"""The words of the Magna Carta pictures: card names, short effects, phases, tokens.

Every number comes from the engine's catalogue (engine/magna_carta/catalogue.py); this module
only phrases it short enough for a road tile or a table cell. `render/` may not import the
Discord layer, so the pictures keep their own words here (the bot's are in bot/text.py).
"""

from __future__ import annotations

from engine.magna_carta import catalogue as cat
from engine.magna_carta.catalogue import CARDS, Effect, Kind
from engine.magna_carta.view import RoadCardView, View
from i18n.grammar import Name
from render.labels import w as lb
from render.names import card_name, cube_name, residence

TOKEN_PP = dict(zip(cat.TOKEN_NAMES, cat.TOKEN_PP, strict=True))


def stage_names(variant: str) -> list[str]:
    """The stage names of the phases 1.. of a round in this rule set, in order."""
    numbers = cat.PHASE_NUMBERS[variant]
    return [cat.STAGES[stage] for stage, _ in sorted(numbers.items(), key=lambda kv: kv[1])][1:]


def phase_title(view: View) -> str:
    return lb.MC_PHASES[view.phase_name]


def cube_words(cubes: str) -> str:
    """'FSS' -> '1 food + 2 stone'."""
    parts = [f"{cubes.count(c)} {cube_name(c)}" for c in cat.CUBES if c in cubes]
    return " + ".join(parts) if parts else lb.MC_NOTHING


def _gain(gain: str) -> str:
    if gain.endswith("d"):
        return f"{gain[:-1]} d"
    return cube_words(gain)


def short_effect(card_id: str) -> str:
    """A worker effect in a few words, for a road tile ('take 2 wood', '1 d → 1 gold')."""
    card = CARDS[card_id]
    effect = card.effect
    if card.worker_gain:
        return lb.MC_TAKE.format(what=_gain(card.worker_gain))
    if effect is Effect.PEDDLER:
        return lb.MC_BUY_ONE if card.kind is Kind.NEUTRAL else lb.MC_BUY_TWO
    if effect is Effect.MARKET:
        return lb.MC_SELL.format(price=cat.MARKET_PRICE)
    if effect is Effect.LAWYER:
        return lb.MC_TO_RESIDENCE
    if effect is Effect.BANK:
        return lb.MC_BUY_GOLD
    if effect is Effect.CHURCH:
        return lb.MC_BUY_TOKENS
    return ""


def tile_name(card: RoadCardView) -> Name:
    """The name a road tile shows: the card, its residence side, or the prestige building."""
    if card.cover:
        return card_name(card.cover)
    if card.residence:
        return residence()
    return card_name(card.card)


def tile_effect(card: RoadCardView, variant: str) -> str:
    if card.cover:
        return lb.MC_ON_A_RESIDENCE
    if card.residence:
        if variant == "standard":
            return lb.MC_RESIDENCE_INCOME.format(income=cat.RESIDENCE_INCOME)
        return lb.MC_RESIDENCE
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


def road_label(view: View, position: int) -> Name:
    """'Bank (7)', 'Residence (5)', 'Statue (5)': a road card as the pictures name it."""
    return tile_name(view.road[position - 1]).with_suffix(f" ({position})")


def active_stretch(view: View) -> str:
    """Which road cards act this round, as the provost stands now."""
    if view.provost is None or view.provost == len(view.road):
        return lb.MC_WHOLE_ROAD
    provost, last = view.provost, len(view.road)
    acting = lb.MC_ACTING_ONE if provost == 1 else lb.MC_ACTING.format(provost=provost)
    if provost + 1 == last:
        idle = lb.MC_IDLE_ONE.format(at=last)
    else:
        idle = lb.MC_IDLE.format(first=provost + 1, last=last)
    return lb.MC_STRETCH.format(acting=acting, idle=idle)


def token_name(kind: str) -> str:
    """A castle token's kind ('dungeon', 'walls', 'towers') in the language in force."""
    return lb.MC_TOKEN_NAMES.get(kind, kind)


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
