"""A Magna Carta decision and its legal actions -> plain-word choices, buttons and menus.

Pure (no Discord). Everything here reads a public view (`view(state, None)`), never a hand: a
label names a hand card only for the action that builds it, which shows the card to everyone
anyway once made. The actions on the hand (keep or redraw the opening hand, draw, swap, build
a card) are private (`split_actions`): they go to the player's own reply (`hand_layout`), the
others to the channel's prompt (`layout`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.layout import BUTTON_LABEL, MAX_BUTTONS_PER_ROW, Choice, Layout, finish, fit
from bot.games.magna_carta.lang import mt
from bot.words.lang import t
from engine.magna_carta import catalogue as cat
from engine.magna_carta.catalogue import CARDS
from engine.magna_carta.decision_kinds import BY_NAME
from engine.magna_carta.view import PendingView, RoadCardView, View
from i18n.grammar import Name, headed
from render.names import card_name as name_of
from render.names import card_owner_effect, card_worker_effect, residence

# Actions whose choice shows or touches the hidden hand: only the player sees them.
PRIVATE_VERBS = frozenset({"keep", "redraw", "draw", "swap", "build"})


def is_private(action: Any) -> bool:
    return action.verb in PRIVATE_VERBS


def split_actions(actions: list[Any]) -> tuple[list[Any], list[Any]]:
    """(the actions the channel's prompt may show, those only the player may see)."""
    public = [a for a in actions if not is_private(a)]
    private = [a for a in actions if is_private(a)]
    return public, private


# --- words ----------------------------------------------------------------------------------------


def cube_words(cubes: str) -> str:
    """'FSS' -> '1 food + 2 stone'."""
    parts = [
        mt.MC_COUNT.format(count=cubes.count(c), what=mt.MC_CUBE_WORDS[c])
        for c in cat.CUBES
        if c in cubes
    ]
    return mt.MC_AND.join(parts) if parts else mt.MC_NOTHING


def cost_emojis(cost: str) -> str:
    """'W?' -> '🪵❔': a cost with the cube emojis (a `?` is any cube)."""
    return "".join(t.CUBE_EMOJI.get(c, mt.MC_ANY_EMOJI) for c in cost)


def ordinal(k: int) -> str:
    return mt.MC_ORDINALS.get(k) or mt.MC_ORDINAL.format(k=k)


def cards_count(count: int) -> str:
    return mt.MC_CARDS_COUNT.get(count) or mt.MC_CARDS_MANY.format(count=count)


def card_name(card: RoadCardView) -> Name:
    """The name of a road card as it lies: the card, its residence side or its cover (a name
    that templates can give its article, i18n/grammar.py)."""
    if card.cover:
        prestige = name_of(card.cover)
        return headed(mt.MC_COVERED.format(prestige=prestige), prestige)
    if card.residence:
        return headed(mt.MC_RESIDENCE, residence())
    return name_of(card.card)


def road_card(view: View, position: int, names: list[str] | None = None) -> Name:
    """'Bank (7)', or with `names` and an owner: "Bob's Bank (7)"."""
    card = view.road[position - 1]
    name = card_name(card)
    if names is not None and card.owner is not None:
        return headed(
            mt.MC_ROAD_CARD_OF.format(owner=names[card.owner], name=name, position=position), name
        )
    return headed(mt.MC_ROAD_CARD.format(name=name, position=position), name)


def stretch(view: View, provost: int | None = None) -> str:
    """Which road cards act this round with the provost on `provost` (default: where he is)."""
    at = provost if provost is not None else view.provost
    if at is None or at >= len(view.road):
        return mt.MC_STRETCH_ALL
    return mt.MC_STRETCH_ONE if at == 1 else mt.MC_STRETCH.format(last=at)


def next_tokens(view: View, count: int) -> list[str]:
    """The next `count` castle tokens, best first."""
    left = dict(view.tokens)
    out = []
    for _ in range(count):
        for name in cat.TOKEN_NAMES:
            if left[name]:
                left[name] -= 1
                out.append(name)
                break
    return out


def token_words(tokens: list[str]) -> str:
    pp = dict(zip(cat.TOKEN_NAMES, cat.TOKEN_PP, strict=True))
    return mt.MC_AND.join(
        mt.MC_TOKEN_PART.format(token=mt.MC_TOKEN_WORDS[x], pp=pp[x]) for x in tokens
    )


def pending_of(view: View, seat: int) -> PendingView | None:
    return next((p for p in view.pending if p.seat == seat), None)


# --- headline -------------------------------------------------------------------------------------


def headline(view: View, seat: int, names: list[str]) -> str:
    """The sentence of `seat`'s pending decision, naming the card and its position."""
    pending = pending_of(view, seat)
    if pending is None:
        return ""
    if BY_NAME[pending.kind].at_building:
        return _at_card(view, seat, pending, names)
    return _HEADLINES[pending.kind](view)


def _castle_headline(view: View) -> str:
    nxt = next_tokens(view, 1)
    if not nxt:
        return mt.MC_HEADLINE_CASTLE_EMPTY
    return mt.MC_HEADLINE_CASTLE.format(token=token_words(nxt))


# The headline of each decision kind not asked at a road card (engine/magna_carta/
# decision_kinds.py); those asked at a card name the card, its position and its effect.
_HEADLINES: dict[str, Callable[[View], str]] = {
    "redraw": lambda view: mt.MC_HEADLINE_REDRAW,
    "action": lambda view: mt.MC_HEADLINE_ACTION,
    "provost": lambda view: mt.MC_HEADLINE_PROVOST.format(
        where=road_card(view, view.provost or 1), stretch=stretch(view)
    ),
    "castle": _castle_headline,
}


def _at_card(view: View, seat: int, pending: PendingView, names: list[str]) -> str:
    """The headline of a decision at a road card: its worker's effect, or its owner's."""
    at = pending.at or 1
    card = view.road[at - 1]
    data = CARDS[card.card]
    if pending.part == "owner":
        user = names[card.worker] if card.worker is not None else mt.MC_SOMEBODY
        return mt.MC_HEADLINE_OWNER.format(
            where=road_card(view, at), user=user, effect=card_owner_effect(data.id)
        )
    where = road_card(view, at, names) if card.owner != seat else road_card(view, at)
    return mt.MC_HEADLINE_WORKER.format(where=where, effect=card_worker_effect(data.id))


# --- one action in words --------------------------------------------------------------------------


def describe(view: View, seat: int, action: Any, names: list[str]) -> Choice:
    """The plain-word choice for one legal action of `seat`: a label with its cost and what it
    gives, and a short description."""
    verb, arg = action.verb, action.arg
    text = str(action)
    pending = pending_of(view, seat)
    kind = pending.kind if pending is not None else ""
    me = view.players[seat]
    if verb == "pass":
        label = (
            mt.MC_PASS_FIRST.format(bonus=cat.FIRST_PASS_BONUS) if not view.passed else mt.MC_PASS
        )
        return Choice(text, label, mt.MC_PASS_DESC, "secondary")
    if verb == "skip":
        if kind == "provost":
            where = road_card(view, view.provost or 1)
            return Choice(
                text,
                mt.MC_PROVOST_STAY.format(where=where),
                mt.MC_PROVOST_DESC.format(stretch=stretch(view)),
                "secondary",
            )
        return Choice(text, mt.MC_SKIP.get(kind, mt.MC_SKIP_ANY), "", "secondary")
    if verb == "keep":
        return Choice(text, mt.MC_KEEP.format(count=me.hand_size), mt.MC_KEEP_DESC, "secondary")
    if verb == "redraw":
        count = me.hand_size
        return Choice(text, mt.MC_REDRAW.format(count=count), mt.MC_REDRAW_DESC.format(count=count))
    if verb == "draw":
        desc = (
            mt.MC_DRAW_DESC.format(deck=cards_count(me.deck_size))
            if me.deck_size
            else mt.MC_DRAW_RESHUFFLE
        )
        return Choice(text, mt.MC_DRAW.format(cost=cat.ACTION_COST), desc)
    if verb == "swap":
        return Choice(
            text,
            mt.MC_SWAP.format(cost=cat.ACTION_COST),
            mt.MC_SWAP_DESC.format(hand=cards_count(me.hand_size)),
        )
    if verb == "place":
        return _place(view, seat, int(arg), text, names)
    if verb == "build":
        card_id, paid = arg.split()
        card = CARDS[card_id]
        desc = mt.MC_BUILD_DESC.format(
            pp=card.pp, position=len(view.road) + 1, worker=card_worker_effect(card.id)
        )
        if card.stores:
            count = cat.STORED_CUBES[view.players_count]
            desc += mt.MC_BUILD_STORED.format(count=count, cube=mt.MC_CUBE_WORDS[card.stores])
        return Choice(text, mt.MC_BUILD.format(card=name_of(card.id), paid=cube_words(paid)), desc)
    if verb == "prestige":
        return _prestige(arg, text)
    if verb == "provost":
        delta = int(arg)
        target = (view.provost or 1) + delta
        return Choice(
            text,
            mt.MC_PROVOST_MOVE.format(delta=delta, where=road_card(view, target), cost=abs(delta)),
            mt.MC_PROVOST_DESC.format(stretch=stretch(view, target)),
        )
    if verb == "buy":
        return Choice(
            text, mt.MC_BUY.format(cubes=cube_words(arg), cost=cat.PEDDLER_PRICE * len(arg))
        )
    if verb == "sell":
        return Choice(text, mt.MC_SELL.format(cube=mt.MC_CUBE_WORDS[arg], price=cat.MARKET_PRICE))
    if verb == "trade":
        return Choice(text, mt.MC_TRADE.format(cube=mt.MC_CUBE_WORDS[arg]))
    if verb == "pay":
        price = int(arg[:-1])
        part = pending.part if pending is not None else "worker"
        if kind == "church":
            table = cat.CHURCH_WORKER if part == "worker" else cat.CHURCH_OWNER
            tokens = token_words(next_tokens(view, table.get(price, 1)))
            return Choice(text, mt.MC_CHURCH.format(price=price, tokens=tokens))
        table = cat.BANK_WORKER if part == "worker" else cat.BANK_OWNER
        return Choice(text, mt.MC_BANK.format(price=price, gold=table.get(price, 1)))
    if verb == "lawyer":
        return _lawyer(view, arg, text)
    if verb == "deliver":
        number = view.delivered[seat] + 1
        nxt = next_tokens(view, 1)
        token = nxt[0] if nxt else cat.TOKEN_NAMES[-1]
        pp = dict(zip(cat.TOKEN_NAMES, cat.TOKEN_PP, strict=True))[token]
        return Choice(
            text,
            mt.MC_DELIVER.format(cubes=cube_words(arg), token=mt.MC_TOKEN_WORDS[token], pp=pp),
            mt.MC_DELIVER_DESC.format(number=number),
        )
    return Choice(text, text)  # a verb this module does not know: the notation itself


def _place(view: View, seat: int, position: int, text: str, names: list[str]) -> Choice:
    card = view.road[position - 1]
    data = CARDS[card.card]
    label = mt.MC_PLACE.format(card=road_card(view, position), cost=cat.ACTION_COST)
    if card.owner is None:
        whose = mt.MC_PLACE_NEUTRAL
    elif card.owner == seat:
        whose = mt.MC_PLACE_OWN
    else:
        whose = mt.MC_PLACE_OTHER.format(
            owner=names[card.owner], owner_effect=card_owner_effect(data.id)
        )
    parts = [card_worker_effect(data.id), whose]
    style = "primary"
    if not card.active:
        parts.insert(0, mt.MC_PLACE_BEYOND.format(provost=view.provost))
        style = "danger"
    return Choice(text, label, mt.MC_PARTS.join(parts), style)


def _prestige(arg: str, text: str) -> Choice:
    words = arg.split()
    card = CARDS[words[0]]
    paid = cube_words(words[-1])
    if len(words) == 3:
        position = int(words[1][1:])
        label = mt.MC_PRESTIGE_ON.format(
            card=name_of(card.id), position=position, paid=paid, pp=card.pp
        )
        desc = mt.MC_PRESTIGE_ON_DESC.format(position=position)
    else:
        label = mt.MC_PRESTIGE.format(card=name_of(card.id), paid=paid, pp=card.pp)
        desc = mt.MC_PRESTIGE_DESC.format(pp=card.pp)
    if card.id == cat.HOTEL:
        desc = mt.MC_PARTS.join((mt.MC_PRESTIGE_HOTEL.format(income=cat.HOTEL_INCOME), desc))
    return Choice(text, label, desc, "success")


def _lawyer(view: View, arg: str, text: str) -> Choice:
    position, cube = arg.split()
    card = view.road[int(position) - 1]
    data = CARDS[card.card]
    label = mt.MC_LAWYER.format(where=road_card(view, int(position)), cube=mt.MC_CUBE_WORDS[cube])
    desc = mt.MC_LAWYER_DESC.format(
        pp=data.pp, residence_pp=cat.RESIDENCE_PP, income=cat.RESIDENCE_INCOME
    )
    if card.stored:
        desc += mt.MC_LAWYER_STORED.format(count=card.stored, cube=mt.MC_CUBE_WORDS[data.stores])
    return Choice(text, label, desc)


# --- layouts --------------------------------------------------------------------------------------


def _quiet(choice: Choice) -> bool:
    return choice.action in ("pass", "skip", "keep")


def layout(view: View, seat: int, actions: list[Any], names: list[str]) -> Layout:
    """The public choices of `seat`'s decision for the channel's prompt (private ones, if any
    are passed, are left out: they belong to `hand_layout`)."""
    public, _ = split_actions(actions)
    choices = [describe(view, seat, a, names) for a in public]
    quiet = [c for c in choices if _quiet(c)]
    doing = [c for c in choices if not _quiet(c)]
    pending = pending_of(view, seat)
    kind = pending.kind if pending is not None else ""
    if kind == "action":
        places = [c for c in doing if c.action.startswith("place ")]
        prestige = [c for c in doing if c.action.startswith("prestige ")]
        groups = [(mt.MC_MENU_PLACE, places), (mt.MC_MENU_PRESTIGE, prestige)]
        return finish(fit(quiet, [g for g in groups if g[1]]))
    if kind == "provost":  # left to right along the road, staying in the middle
        moves = sorted(doing, key=lambda c: int(c.action.split()[1]))
        back = [c for c in moves if c.action.split()[1].startswith("-")]
        ahead = [c for c in moves if c.action.split()[1].startswith("+")]
        return finish(Layout(buttons=back + quiet + ahead))
    if len(doing) + len(quiet) <= 2 * MAX_BUTTONS_PER_ROW and all(
        len(c.label) <= BUTTON_LABEL for c in doing
    ):
        return finish(Layout(buttons=doing + quiet))
    title = mt.MC_MENU_LAWYER if kind == "lawyer" else mt.MC_MENU_CHOOSE
    return finish(fit(quiet, [(title, doing)]))


def hand_layout(view: View, seat: int, actions: list[Any], names: list[str]) -> Layout:
    """The private choices (the opening hand, draw, swap, build a card) for the player's own
    reply: buttons, and one menu per card that can be paid in several ways."""
    _, private = split_actions(actions)
    choices = [describe(view, seat, a, names) for a in private]
    buttons = [c for c in choices if not c.action.startswith("build ")]
    by_card: dict[str, list[Choice]] = {}
    for c in choices:
        if c.action.startswith("build "):
            by_card.setdefault(c.action.split()[1], []).append(c)
    single = [cs[0] for cs in by_card.values() if len(cs) == 1]
    several = [(card, cs) for card, cs in by_card.items() if len(cs) > 1]
    buttons += single
    groups = [(mt.MC_MENU_BUILD.format(card=name_of(card)), cs) for card, cs in several]
    if -(-len(buttons) // MAX_BUTTONS_PER_ROW) + len(groups) > 5 or len(buttons) > 10:
        # too many for buttons: every build in menus
        buttons = [c for c in buttons if not c.action.startswith("build ")]
        builds = [c for cs in by_card.values() for c in cs]
        groups = [(mt.MC_MENU_BUILDS, builds)]
    return finish(fit(buttons, groups))
