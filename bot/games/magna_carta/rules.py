"""/caylus help topic: for Magna Carta: every card, phase and figure and the two rule sets, with
every number from the engine's catalogue (engine/magna_carta/catalogue.py)."""

from __future__ import annotations

from bot.games.magna_carta.lang import mt
from engine.magna_carta import catalogue as cat
from engine.magna_carta.catalogue import CARDS, Card, Effect, Kind
from render.names import card_name, card_owner_effect, card_worker_effect

PHASE_STAGES = ("setup", "income", "actions", "provost", "activation", "castle", "end")
TOKEN_PP = dict(zip(cat.TOKEN_NAMES, cat.TOKEN_PP, strict=True))


def _numbers() -> dict[str, object]:
    """The catalogue's numbers the rule texts quote."""
    return {
        "hand_size": cat.HAND_SIZE,
        "food": cat.START_CUBES[0],
        "wood": cat.START_CUBES[1],
        "deniers": cat.START_DENIERS,
        "workers": cat.WORKERS,
        "base": cat.BASE_INCOME,
        "residence": cat.RESIDENCE_INCOME,
        "hotel": cat.HOTEL_INCOME,
        "cost": cat.ACTION_COST,
        "bonus": cat.FIRST_PASS_BONUS,
        "most": cat.PROVOST_MAX,
        "removed": cat.NO_DELIVERY_REMOVES,
        "provost": cat.PROVOST_END_OF_ROUND,
        "end": cat.PROVOST_END_OF_ROUND,
        "dungeon": TOKEN_PP["dungeon"],
        "walls": TOKEN_PP["walls"],
        "towers": TOKEN_PP["towers"],
        "start4": " / ".join(str(n) for n in cat.tokens_at_start(4)),
        "gold_pp": cat.END_GOLD_PP,
        "residence_pp": cat.RESIDENCE_PP,
        "income": cat.RESIDENCE_INCOME,
        "cubes_per_pp": cat.END_CUBES_PER_PP,
        "deniers_per_pp": cat.END_DENIERS_PER_PP,
        "list": _prestige_list(),
    }


def _prestige_list() -> str:
    return mt.MC_RULES_PRESTIGE_LIST.join(
        mt.MC_RULES_PRESTIGE_ITEM.format(name=c.name, cost=_cost_letters(c.cost), pp=c.pp)
        for c in cat.PRESTIGE_CARDS
    )


def _cost_letters(cost: str) -> str:
    return " ".join(cost)


def _cost_words(cost: str) -> str:
    parts = []
    for c in cat.CUBES:
        if c in cost:
            parts.append(mt.MC_COUNT.format(count=cost.count(c), what=mt.MC_CUBE_WORDS[c]))
    if cat.ANY in cost:
        parts.append(mt.MC_RULES_ANY)
    return mt.MC_AND.join(parts)


def _summary(card: Card) -> str:
    """A card in a few words for the topic list: cost, points and what a worker gets."""
    cost = _cost_letters(card.cost)
    if card.kind is Kind.PRESTIGE:
        return mt.MC_RULES_SUMMARY_PRESTIGE.format(cost=cost, pp=card.pp)
    if card.kind is Kind.NEUTRAL:
        return mt.MC_RULES_SUMMARY_NEUTRAL.format(worker=card_worker_effect(card.id))
    worker = card_worker_effect(card.id)
    return mt.MC_RULES_SUMMARY_PLAYER.format(cost=cost, pp=card.pp, worker=worker)


def rule_topics() -> list[tuple[str, str]]:
    """(label, value) of every topic: the round and its phases, the figures, every card."""
    out = [(mt.MC_RULES_PHASES_TOPIC, "phases")]
    out += [
        (mt.MC_RULES_PHASE_TOPIC.format(name=mt.MC_PHASE_NAMES[stage]), f"phase {stage}")
        for stage in PHASE_STAGES
    ]
    out += [(label, key) for key, (label, _) in mt.MC_RULES_FIGURES.items()]
    for card in cat.CARDS.values():
        label = mt.MC_RULES_CARD_TOPIC.format(name=card_name(card.id), summary=_summary(card))
        out.append((label[:100], card.id))
    return out


def _phase_text(stage: str) -> str:
    numbers = []
    for variant in cat.VARIANTS:
        number = cat.PHASE_NUMBERS[variant].get(cat.STAGES.index(stage))
        if number:
            numbers.append(
                mt.MC_RULES_PHASE_NUMBERS.format(
                    number=number, rule_set=mt.MC_RULE_SET_NAMES[variant]
                )
            )
    text = mt.MC_PHASE_RULES[stage].format(**_numbers())
    which = mt.MC_LIST.join(numbers) if numbers else mt.MC_RULES_PHASE_SETUP
    return mt.MC_RULES_PHASE.format(name=mt.MC_PHASE_NAMES[stage], numbers=which, text=text)


def _card_text(card: Card) -> str:
    kind = mt.MC_RULES_KINDS[card.kind.value]
    pp = mt.MC_RULES_PP.format(pp=card.pp) if card.pp else ""
    lines = [mt.MC_RULES_CARD.format(name=card_name(card.id), kind=kind, pp=pp)]
    if card.cost:
        lines.append(mt.MC_RULES_COST.format(cost=_cost_words(card.cost)))
    if card.kind is Kind.PRESTIGE:
        lines.append(
            mt.MC_RULES_HOTEL.format(income=cat.HOTEL_INCOME)
            if card.id == cat.HOTEL
            else mt.MC_RULES_PRESTIGE_EFFECT
        )
    else:
        lines.append(mt.MC_RULES_WORKER.format(text=card_worker_effect(card.id)))
        if card.owner_text:
            lines.append(mt.MC_RULES_OWNER.format(text=card_owner_effect(card.id)))
        if card.kind is Kind.NEUTRAL:
            lines.append(mt.MC_RULES_NEUTRAL_NOTE)
    if card.effect is Effect.SMALL_PRODUCTION:
        lines.append(mt.MC_RULES_STORED.format(count=cat.STORED_CUBES[3], two=cat.STORED_CUBES[2]))
    if not card.beginner:
        lines.append(mt.MC_RULES_NOT_BEGINNER)
    cost = cat.cube_text(cat.PAYMENTS[card.cost][0]) if card.cost else ""
    if card.kind is Kind.PLAYER:
        lines.append(mt.MC_RULES_NOTATION_BUILD.format(id=card.id, cost=cost))
    elif card.kind is Kind.PRESTIGE:
        lines.append(mt.MC_RULES_NOTATION_PRESTIGE.format(id=card.id, cost=cost))
    else:
        lines.append(mt.MC_RULES_NOTATION_PLACE)
    return "\n".join(lines)


def rules_text(topic: str) -> str:
    key = " ".join(topic.strip().lower().split())
    if key in ("phases", "round", "a round"):
        return mt.MC_RULES_PHASES
    stage = key.removeprefix("phase").strip()
    by_phase_name = {mt.MC_PHASE_NAMES[s].lower(): s for s in PHASE_STAGES}
    stage = by_phase_name.get(stage, stage)
    if key.startswith("phase") and stage in PHASE_STAGES:
        return _phase_text(stage)
    figures = {label.split(" — ")[0].lower(): k for k, (label, _) in mt.MC_RULES_FIGURES.items()}
    figure = figures.get(key, key)
    if figure in mt.MC_RULES_FIGURES:
        label, text = mt.MC_RULES_FIGURES[figure]
        return mt.MC_RULES_FIGURE.format(label=label, text=text.format(**_numbers()))
    if key in by_phase_name.values() or key in by_phase_name:
        return _phase_text(by_phase_name.get(key, key))
    by_name = {c.name.lower(): c.id for c in reversed(list(CARDS.values()))}  # player first
    card_id = cat.ALIASES.get(key, key)
    card = CARDS.get(card_id) or CARDS.get(by_name.get(key, ""))
    if card is None:
        return mt.MC_RULES_UNKNOWN.format(topic=topic)
    return _card_text(card)
