"""Readable reasons why an action is not legal now (the message of IllegalAction)."""

from __future__ import annotations

from typing import Any

import engine.caylus.catalogue as cat
from engine.caylus.actions import Action
from engine.caylus.catalogue import TILES, Kind
from engine.caylus.decision_kinds import BY_NAME
from engine.caylus.queries import placement_cost
from engine.caylus.state import Decision, State
from engine.errors import quoted
from engine.wording import Said


def _examples(options: list[Action], limit: int = 8) -> Any:
    """The legal actions as a value of a message: their notation, the first `limit` of them."""
    texts = ", ".join(f"'{a}'" for a in options[:limit])
    if len(options) > limit:
        return ("words.OPTIONS_MORE", {"options": texts, "more": len(options) - limit})
    return texts


def why_illegal(s: State, d: Decision, action: Action, options: list[Action]) -> Said:
    """Why `action` is not legal now, as a message (engine/caylus/words.py).

    `action` is canonical (apply reads a hand-built action through its text first), so its
    argument is in range: a road position 1-28, a known tile, a provost move of 1-3, ..."""
    verbs = BY_NAME[d.kind].verbs
    if action.verb not in verbs:
        return (
            "words.NOT_THIS_DECISION",
            {"action": quoted(action), "decision": d.kind, "options": _examples(options)},
        )
    p = s.players[d.seat]
    arg = action.arg
    if d.kind == "place" and action.verb == "place":
        if p.workers <= 0:
            return ("words.NO_WORKER_LEFT", {})
        if arg.isdigit():
            tile = s.road[int(arg) - 1]
            if tile is None:
                return ("words.EMPTY_LOT", {"at": arg})
            kind = TILES[tile].kind
            if kind in (Kind.RESIDENCE, Kind.PRESTIGE):
                return ("words.TAKES_NO_WORKERS", {"tile": tile, "at": arg})
            if s.workers[int(arg) - 1] is not None:
                return ("words.ROAD_OCCUPIED", {"tile": tile, "at": arg})
        elif arg == "castle" and d.seat in s.castle_workers:
            return ("words.CASTLE_TAKEN", {})
        elif arg == "stables":
            if s.n == 2:
                return ("words.NO_STABLES", {})
            if d.seat in s.stables:
                return ("words.STABLES_TAKEN", {})
            if len(s.stables) >= cat.STABLES_SLOTS:
                return ("words.STABLES_FULL", {})
        elif arg == "inn" and s.inn_left is not None:
            return ("words.INN_TAKEN", {})
        elif arg in s.specials and s.specials[arg] is not None:
            return ("words.SPECIAL_OCCUPIED", {"special": arg})
        cost = placement_cost(s, d.seat, arg)
        if p.deniers < cost:
            return ("words.PLACEMENT_COST", {"cost": cost, "deniers": p.deniers})
    if action.verb == "provost":
        delta = int(arg)
        target = s.provost + delta
        if not 1 <= target <= cat.ROAD_LENGTH:
            return (
                "words.PROVOST_OFF_ROAD",
                {"at": s.provost, "move": arg, "last": cat.ROAD_LENGTH},
            )
        if d.kind == "bribe" and abs(delta) > p.deniers:
            return ("words.PROVOST_COST", {"spaces": abs(delta), "deniers": p.deniers})
    if action.verb == "build":
        tile_id, _, extra = arg.partition(" ")
        building = TILES[tile_id]
        tile_set = s.options.tile_set
        if tile_id not in cat.TILE_SETS[tile_set]:
            return ("words.NOT_IN_TILE_SET", {"tile": tile_id, "tile_set": tile_set})
        if s.stock.get(tile_id, 0) <= 0:
            return ("words.NOT_IN_STOCK", {"tile": tile_id})
        if d.effect and building.kind is not cat.BUILDS_KIND.get(cat.Effect(d.effect)):
            return (
                "words.WRONG_BUILDER",
                {"effect": d.effect, "tile": tile_id, "kind": building.kind.value},
            )
        mine = [i + 1 for i, t in enumerate(s.road) if t == "residence" and s.owners[i] == d.seat]
        if building.kind is Kind.PRESTIGE and not mine:
            return ("words.NO_RESIDENCE", {})
        if building.kind is Kind.PRESTIGE and extra.startswith("@") and extra[1:].isdigit():
            at = int(extra[1:])
            if at not in mine:
                homes = ", ".join(str(k) for k in mine)
                return ("words.NOT_YOUR_RESIDENCE", {"homes": homes, "at": at})
        return (
            "words.CANNOT_BUILD",
            {"tile": tile_id, "needs": building.cost, "options": _examples(options)},
        )
    if action.verb == "batch":
        return ("words.BAD_BATCH", {"options": _examples(options)})
    if action.verb == "favor" and arg[0] in s.favor_lines_used[d.seat]:
        return ("words.FAVOR_LINE_USED", {"line": arg[0]})
    return ("words.NOT_POSSIBLE", {"action": quoted(action), "options": _examples(options)})
