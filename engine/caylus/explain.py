"""Readable reasons why an action is not legal now (the message of IllegalAction)."""

from __future__ import annotations

from engine.caylus import catalogue as cat
from engine.caylus.actions import Action
from engine.caylus.catalogue import TILES, Kind
from engine.caylus.state import Decision, State
from engine.errors import quoted

_VERBS_FOR_KIND: dict[str, tuple[str, ...]] = {
    "place": ("place", "pass"),
    "gate": ("gate",),
    "guild": ("provost", "skip"),
    "bribe": ("provost", "skip"),
    "joust": ("joust", "skip"),
    "inn": ("inn",),
    "produce": ("take",),
    "owner": ("take",),
    "build": ("build", "skip"),
    "lawyer": ("lawyer", "skip"),
    "sell": ("sell", "skip"),
    "buy": ("buy", "skip"),
    "castle": ("batch", "skip"),
    "favor": ("favor",),
    "exchange": ("exchange", "skip"),
}


def _examples(options: list[Action], limit: int = 8) -> str:
    texts = [f"'{a}'" for a in options[:limit]]
    more = f" and {len(options) - limit} more" if len(options) > limit else ""
    return ", ".join(texts) + more


def why_illegal(s: State, d: Decision, action: Action, options: list[Action]) -> str:
    """`action` is canonical (apply reads a hand-built action through its text first), so its
    argument is in range: a road position 1-28, a known tile, a provost move of 1-3, ..."""
    from engine.caylus.rules import PROMPTS, placement_cost

    verbs = _VERBS_FOR_KIND.get(d.kind, ("pay", "skip"))
    if action.verb not in verbs:
        return (
            f"{quoted(action)} does not answer the current decision: {PROMPTS[d.kind]}. "
            f"You can: {_examples(options)}."
        )
    p = s.players[d.seat]
    arg = action.arg
    if d.kind == "place" and action.verb == "place":
        if p.workers <= 0:
            return "You have no worker left to place: pass."
        if arg.isdigit():
            tile = s.road[int(arg) - 1]
            if tile is None:
                return f"Space {arg} is an empty lot: workers go on buildings only."
            kind = TILES[tile].kind
            if kind in (Kind.RESIDENCE, Kind.PRESTIGE):
                return (
                    f"The {TILES[tile].name} on {arg} takes no workers "
                    "(residences and prestige buildings never do)."
                )
            if s.workers[int(arg) - 1] is not None:
                return f"The {TILES[tile].name} on {arg} is already occupied."
        elif arg == "castle" and d.seat in s.castle_workers:
            return "You already have a worker in the castle (one per player)."
        elif arg == "stables":
            if s.n == 2:
                return "The stables are not used in a 2-player game."
            if d.seat in s.stables:
                return "You already have a worker in the stables (one per player)."
            if len(s.stables) >= cat.STABLES_SLOTS:
                return "The stables are full (3 workers)."
        elif arg == "inn" and s.inn_left is not None:
            return "The inn's left circle is already taken this turn."
        elif arg in s.specials and s.specials[arg] is not None:
            return f"The {cat.SPECIAL_NAMES[arg]} is already occupied."
        cost = placement_cost(s, d.seat, arg)
        if p.deniers < cost:
            return f"That placement costs {cost} d and you have {p.deniers} d."
    if action.verb == "provost":
        delta = int(arg)
        target = s.provost + delta
        if not 1 <= target <= cat.ROAD_LENGTH:
            return (
                f"The provost is on {s.provost}; {arg} would take him off the road "
                f"(he stays between 1 and {cat.ROAD_LENGTH})."
            )
        if d.kind == "bribe" and abs(delta) > p.deniers:
            return (
                f"Moving the provost {abs(delta)} spaces costs {abs(delta)} d; "
                f"you have {p.deniers} d."
            )
    if action.verb == "build":
        tile_id, _, extra = arg.partition(" ")
        tile = TILES[tile_id]
        tile_set = s.options.tile_set
        if tile_id not in cat.TILE_SETS[tile_set]:
            return (
                f"The {tile.name} is not in this game: it plays the {tile_set} tile set, "
                "which has no such building."
            )
        if s.stock.get(tile_id, 0) <= 0:
            return f"The {tile.name} is not in the stock any more."
        if d.effect and tile.kind is not cat.BUILDS_KIND.get(cat.Effect(d.effect)):
            return f"The {d.effect} cannot build the {tile.name} ({tile.kind.value} building)."
        mine = [i + 1 for i, t in enumerate(s.road) if t == "residence" and s.owners[i] == d.seat]
        if tile.kind is Kind.PRESTIGE and not mine:
            return "A prestige building goes on one of your residences, and you have none."
        if tile.kind is Kind.PRESTIGE and extra.startswith("@") and extra[1:].isdigit():
            at = int(extra[1:])
            if at not in mine:
                where = ", ".join(str(k) for k in mine)
                return (
                    f"A prestige building goes on one of your own residences ({where}); "
                    f"space {at} is not one of them."
                )
        return (
            f"You cannot build the {tile.name} that way: it costs "
            f"{tile.cost.replace('*', '1 cube of your choice ')}. You can: "
            f"{_examples(options)}."
        )
    if action.verb == "batch":
        return (
            "A batch is 1 food and 2 other different cubes you own, and only while castle "
            f"spaces are left. You can: {_examples(options)}."
        )
    if action.verb == "favor" and arg[0] in s.favor_lines_used[d.seat]:
        return f"You already used favor line {arg[0]} in this phase: choose another line."
    return f"{quoted(action)} is not possible now. You can: {_examples(options)}."
