"""Magna Carta's activation of the road, the castle and the end of a round: each card's
worker and owner effects, effect decisions, prestige tokens, deliveries and the round's end,
on a `Play` (engine/magna_carta/play.py).
"""

from __future__ import annotations

from typing import Final

import engine.magna_carta.catalogue as cat
from engine.magna_carta.actions import Action
from engine.magna_carta.catalogue import CARDS, Effect
from engine.magna_carta.decision_kinds import OWNER_KIND, WORKER_KIND
from engine.magna_carta.explain import card_said
from engine.magna_carta.play import (
    BUY_ONE,
    BUY_TWO,
    DELIVER,
    LAWYER_PAYMENTS,
    SELL,
    SKIP,
    TRADE,
    A,
    Play,
    pay,
)
from engine.magna_carta.state import Decision, Player, State, decision
from engine.wording import Said

# ---------------------------------------------------------------------------------------------
# Activation
# ---------------------------------------------------------------------------------------------


def last_active(s: State) -> int:
    """The road index of the last card that activates: the provost's, or the road's end."""
    return s.provost if s.options.variant == "standard" else len(s.road) - 1


def activation_step(g: Play) -> None:
    s = g.s
    last = last_active(s)
    i = s.cursor
    workers = s.workers
    while i <= last and workers[i] is None:
        i += 1
    if i <= last:
        s.cursor = i
        _activate(g, i)
        return
    for j in range(last + 1, len(s.road)):  # beyond the provost: nothing happens
        seat = workers[j]
        if seat is not None:
            g.say("idle", seat, "mc_words.IDLE", {"label": card_said(s, j)}, at=j + 1)
    _workers_go_home(g)
    s.stage = 5
    s.cursor = 0
    g.put("delivered", [0] * len(s.players))


def _activate(g: Play, i: int) -> None:
    s = g.s
    seat = s.workers[i]
    assert seat is not None
    card = CARDS[s.road[i]]
    effect = card.effect
    if card.worker_gain:  # a free gain: taken at once (declining it can never help)
        _gain(g, seat, card.worker_gain, ("mc_words.WHY_WORKER", {"label": card_said(s, i)}))
        _owner_part(g, i)
        return
    kind = WORKER_KIND[effect]
    s.decision = decision(kind, seat, i, "worker")


def _gain(g: Play, seat: int, gain: str, why: Said) -> None:
    p = g.p(seat)
    if gain.endswith("d"):
        amount = int(gain[:-1])
        p.deniers += amount
        g.say(
            "gain", seat, "mc_words.TAKES_DENIERS", {"amount": amount, "why": why}, deniers=amount
        )
        return
    for c in gain:
        p.cubes[cat.CUBE_INDEX[c]] += 1
    g.say("gain", seat, "mc_words.TAKES_CUBES", {"cubes": gain, "why": why}, cubes=gain)


def _owner_part(g: Play, i: int) -> None:
    s = g.s
    owner = s.owners[i]
    if owner is None or owner == s.workers[i]:  # own card: only the worker's effect
        _finish_card(g, i)
        return
    card = CARDS[s.road[i]]
    effect = card.effect
    if effect is Effect.SMALL_PRODUCTION:
        if s.stored[i] > 0:
            g.w("stored")[i] -= 1
            _gain(g, owner, card.stores, ("mc_words.WHY_STORED", {"card": card.id, "at": i + 1}))
        else:
            g.say("gain", owner, "mc_words.NO_CUBE_LEFT", {"card": card.id, "at": i + 1})
        _finish_card(g, i)
        return
    if card.owner_gain:
        _gain(g, owner, card.owner_gain, ("mc_words.WHY_OWNER", {"label": card_said(s, i)}))
        _finish_card(g, i)
        return
    s.decision = decision(OWNER_KIND[effect], owner, i, "owner")


def _finish_card(g: Play, i: int) -> None:
    """Card `i` has acted. Its worker stays on it until the end of the activation phase (the
    rulebook returns the workers after the last card); a Lawyer flip waiting for this card
    happens now (M7: right after it has been activated)."""
    s = g.s
    s.decision = None
    s.cursor = i + 1
    _flip_if_due(g, i)


def _workers_go_home(g: Play) -> None:
    """The end of the activation: every worker on the road goes home, in road order; a card
    beyond the provost that a Lawyer made due turns when its worker returns (M7)."""
    s = g.s
    if not any(seat is not None for seat in s.workers):
        return
    workers = g.w("workers")
    for i, seat in enumerate(workers):
        if seat is not None:
            workers[i] = None
            g.p(seat).workers += 1
            _flip_if_due(g, i)


def _flip_if_due(g: Play, i: int) -> None:
    for k, (target, owner) in enumerate(g.s.due_flips):
        if target == i:
            del g.w("due_flips")[k]
            _flip(g, owner, i)
            return


def _flip(g: Play, seat: int, i: int) -> None:
    s = g.s
    card = CARDS[s.road[i]]
    g.w("flipped")[i] = True
    stored = s.stored[i]
    if stored:
        g.w("stored")[i] = 0  # M7: cubes still on the card go back to the bank
        args = {"card": card.id, "at": i + 1, "stored": stored, "cube": card.stores}
        g.say("flip", seat, "mc_words.FLIP_STORED", args, at=i + 1)
    else:
        g.say("flip", seat, "mc_words.FLIP", {"card": card.id, "at": i + 1}, at=i + 1)


def effect_options(s: State, d: Decision) -> list[Action]:
    p = s.players[d.seat]
    kind = d.kind
    options = [SKIP]
    if kind == "buy":
        deniers = p.deniers
        if deniers >= cat.PEDDLER_PRICE:
            options += BUY_ONE
            card = CARDS[s.road[d.at]]
            if d.part == "worker" and card.kind is cat.Kind.PLAYER and deniers >= 2:
                options += BUY_TWO
    elif kind == "sell":
        options += [SELL[k] for k in range(4) if p.cubes[k]]  # M3: gold may be handed in
    elif kind == "trade":
        options += [TRADE[k] for k in range(4) if p.cubes[k]]  # M3: gold too
    elif kind == "bank":
        prices = cat.BANK_WORKER if d.part == "worker" else cat.BANK_OWNER
        options += [_PAY[price] for price in prices if p.deniers >= price]
    elif kind == "church":
        prices = cat.CHURCH_WORKER if d.part == "worker" else cat.CHURCH_OWNER
        left = sum(s.tokens)
        options += [
            _PAY[price]
            for price, count in prices.items()
            if p.deniers >= price and left >= count  # M14: two only if two are left
        ]
    elif kind == "lawyer":
        options += _lawyer_options(s, d.seat, p)
    return options


_PAY: Final = {k: A("pay", f"{k}d") for k in (1, 2, 3, 5)}


def _lawyer_options(s: State, seat: int, p: Player) -> list[Action]:
    """M15: any own road card on its building side but a Lawyer, wherever it lies, not one
    already due to be turned; 1 food, or 1 gold standing in for it."""
    pays = [c for c, k in LAWYER_PAYMENTS if p.cubes[k]]
    if not pays:
        return []
    due = {i for i, _ in s.due_flips}
    options = []
    for i, owner in enumerate(s.owners):
        if owner == seat and not s.flipped[i] and s.road[i] != "lawyer" and i not in due:
            options += [A("lawyer", f"{i + 1} {c}") for c in pays]
    return options


def do_effect(g: Play, seat: int, d: Decision, action: Action) -> None:
    s = g.s
    i = d.at
    label = card_said(s, i)
    s.decision = None
    if action is SKIP:
        g.say("skip", seat, "mc_words.DOES_NOT_USE", {"label": label}, at=i + 1, part=d.part)
    else:
        p = g.p(seat)
        verb, arg = action.verb, action.arg
        if verb == "buy":
            p.deniers -= cat.PEDDLER_PRICE * len(arg)
            for c in arg:
                p.cubes[cat.CUBE_INDEX[c]] += 1
            args = {"cubes": arg, "price": len(arg), "label": label}
            g.say("buy", seat, "mc_words.BUY", args, cubes=arg)
        elif verb == "sell":
            p.cubes[cat.CUBE_INDEX[arg]] -= 1
            p.deniers += cat.MARKET_PRICE
            args = {"cube": arg, "price": cat.MARKET_PRICE, "label": label}
            g.say("sell", seat, "mc_words.SELL", args, cube=arg)
        elif verb == "trade":
            p.cubes[cat.CUBE_INDEX[arg]] -= 1
            p.cubes[cat.GOLD] += 1
            g.say("trade", seat, "mc_words.TRADE", {"cube": arg, "label": label}, cube=arg)
        elif verb == "lawyer":
            position, cube = arg.split()
            target = int(position) - 1
            p.cubes[cat.CUBE_INDEX[cube]] -= 1
            args = {"cube": cube, "label": card_said(s, target)}
            g.say("lawyer", seat, "mc_words.LAWYER", args, at=target + 1, paid=cube)
            if target > i and s.workers[target] is not None:  # M7: once it has acted
                g.w("due_flips").append((target, seat))
                g.say("lawyer", seat, "mc_words.LAWYER_WAITS", {"at": target + 1})
            else:
                _flip(g, seat, target)
        else:  # pay: the Bank or the Church
            price = int(arg[:-1])
            p.deniers -= price
            if d.kind == "bank":
                table = cat.BANK_WORKER if d.part == "worker" else cat.BANK_OWNER
                p.cubes[cat.GOLD] += table[price]
                args = {"price": price, "gold": table[price], "label": label}
                g.say("bank", seat, "mc_words.BANK", args, gold=table[price])
            else:
                table = cat.CHURCH_WORKER if d.part == "worker" else cat.CHURCH_OWNER
                args = {"price": price, "count": table[price], "label": label}
                g.say("church", seat, "mc_words.CHURCH", args)
                for _ in range(table[price]):
                    _take_token(g, seat)  # M14: one at a time, best first
    if d.part == "worker":
        _owner_part(g, i)  # M10: the worker's effect first, then the owner's
    else:
        _finish_card(g, i)


def _take_token(g: Play, seat: int) -> None:
    tokens = g.w("tokens")
    for k in range(3):
        if tokens[k]:
            tokens[k] -= 1
            p = g.p(seat)
            won = p.tokens = p.tokens.copy()
            won[k] += 1
            token = cat.TOKEN_NAMES[k]
            args = {"token": token, "pp": cat.TOKEN_PP[k]}
            g.say("token", seat, "mc_words.TOKEN", args, token=token)
            break
    _check_tokens_out(g)


def _check_tokens_out(g: Play) -> None:
    s = g.s
    if not s.last_round and not any(s.tokens):
        s.last_round = True  # M4: whoever took the last one, the game ends with this round
        g.say("last-round", None, "mc_words.LAST_ROUND")


# ---------------------------------------------------------------------------------------------
# The castle
# ---------------------------------------------------------------------------------------------


def castle_step(g: Play) -> None:
    s = g.s
    if s.cursor < len(s.passed):
        s.decision = decision("castle", s.passed[s.cursor])
        return
    best, winner = 0, None
    for seat in s.passed:  # M16: among tied players the earliest in passing order wins
        if s.delivered[seat] > best:
            best, winner = s.delivered[seat], seat
    if winner is not None:
        g.p(winner).cubes[cat.GOLD] += cat.CASTLE_BONUS_GOLD
        g.say("castle-bonus", winner, "mc_words.CASTLE_BONUS", {"count": best}, batches=best)
    elif any(s.tokens):
        removed = []
        tokens = g.w("tokens")
        for _ in range(cat.NO_DELIVERY_REMOVES):  # M5: what is left, if fewer
            for k in range(3):
                if tokens[k]:
                    tokens[k] -= 1
                    removed.append(cat.TOKEN_NAMES[k])
                    break
        args = {"tokens": list(removed)}
        g.say("castle-penalty", None, "mc_words.CASTLE_PENALTY", args, removed=removed)
    _check_tokens_out(g)
    s.stage = 6
    s.cursor = 0


def castle_options(s: State, seat: int) -> list[Action]:
    if not any(s.tokens):  # M4: no token left, no batch
        return [SKIP]
    f, w, st, gold = s.players[seat].cubes
    options = [SKIP]
    for (pf, pw, ps, pg), action in DELIVER:
        if pf <= f and pw <= w and ps <= st and pg <= gold:
            options.append(action)
    return options


def do_castle(g: Play, seat: int, action: Action) -> None:
    s = g.s
    if action is SKIP:
        s.decision = None
        s.cursor += 1
        if not s.delivered[seat]:
            g.say("castle", seat, "mc_words.DELIVERS_NOTHING")
        return
    pay(g.p(seat), action.arg)
    g.w("delivered")[seat] += 1
    g.say("deliver", seat, "mc_words.DELIVER", {"cubes": action.arg}, paid=action.arg)
    _take_token(g, seat)
    # the decision stays with this seat for another batch


# ---------------------------------------------------------------------------------------------
# End of the round
# ---------------------------------------------------------------------------------------------


def end_of_round(g: Play) -> None:
    s = g.s
    if s.options.variant == "standard":
        last = len(s.road) - 1
        step = min(cat.PROVOST_END_OF_ROUND, last - s.provost)
        s.provost += step
        args = {"step": step, "label": card_said(s, s.provost)}
        g.say("provost", None, "mc_words.PROVOST_END", args, at=s.provost + 1)
    s.start_player = (s.start_player + 1) % len(s.players)  # M19: to the left neighbour
    if s.last_round:
        s.over = True
        s.decision = None
        g.say("end", None, "mc_words.GAME_END")
        return
    g.say("start-player", s.start_player, "mc_words.START_PLAYER")
    s.round += 1
    s.stage = 1
    g.say("round", None, "mc_words.ROUND", {"round": s.round}, round=s.round)


def actions_done(g: Play) -> None:  # reached only if nobody is left to act
    s = g.s
    s.stage = 3 if s.options.variant == "standard" else 4
    s.cursor = 0
