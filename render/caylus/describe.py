"""Short texts about a Caylus state, shared by the whole board and the phone card.

Every number and name comes from the engine (rules, catalogue); nothing is copied here.
"""

from __future__ import annotations

from engine.caylus import catalogue as cat
from engine.caylus.rules import (
    base_placement_cost,
    castle_spaces_left,
    final_scores,
    next_house_section,
    open_columns,
)
from engine.caylus.state import State
from i18n import join
from render.labels import w as lb
from render.names import section_name, tile_name

CASTLE_SPACES = sum(cat.SECTION_SIZES)


def decision_detail(s: State) -> str:
    """What the pending decision needs to know: 'next worker costs 2 d', 'as mason' ..."""
    dec = s.decision
    if dec is None or s.over:
        return ""
    extra = ""
    if dec.kind == "place":
        extra = lb.NEXT_WORKER_COSTS.format(cost=base_placement_cost(s, dec.seat))
    elif dec.kind in ("build", "lawyer") and dec.effect:
        effect = tile_name(dec.effect) if dec.effect in cat.TILES else dec.effect
        extra = lb.AS_EFFECT.format(effect=effect) + (lb.VIA_FAVOR if dec.via_favor else "")
    elif dec.kind == "favor":
        used = s.favor_lines_used[dec.seat]
        extra = lb.COLUMNS_OPEN.format(open=open_columns(s))
        if used:
            extra += lb.LINES_USED.format(lines=", ".join(used))
    elif dec.kind == "castle":
        extra = lb.SPACES_LEFT.format(count=castle_spaces_left(s))
    elif dec.kind in ("bribe", "guild"):
        extra = lb.PROVOST_ON.format(at=s.provost)
    if dec.at:
        tile = s.road[dec.at - 1]
        where = (
            lb.AT_TILE.format(name=tile_name(tile), at=dec.at)
            if tile
            else lb.AT_SPACE.format(at=dec.at)
        )
        extra = f"{where}; {extra}" if extra else where
    return extra


def decision_text(s: State) -> str:
    """'must place a worker or pass  (next worker costs 2 d)': the decision line of the board."""
    dec = s.decision
    if dec is None or s.over:
        return ""
    what = lb.MUST.format(what=lb.DECISIONS.get(dec.kind, dec.kind))
    extra = decision_detail(s)
    return what + (f"  ({extra})" if extra else "")


def castle_empty_spaces(s: State) -> int:
    return CASTLE_SPACES - sum(len(houses) for houses in s.castle)


def castle_status(s: State) -> str:
    """The castle in one truthful phrase, for every stage of the game.

    Sections scored before they were full keep their empty spaces for good, so at the end of
    the game the castle is usually not complete: the game ends after the Towers scoring.
    """
    if s.over:
        empty = castle_empty_spaces(s)
        if empty == 0:
            return lb.CASTLE_OVER_ALL.format(spaces=CASTLE_SPACES)
        return lb.CASTLE_OVER_EMPTY.format(empty=empty, spaces=CASTLE_SPACES)
    target = next_house_section(s)
    if target is None:
        return lb.CASTLE_NO_SPACE[s.section]
    if target != s.section:
        return lb.CASTLE_FULL[s.section].format(next=section_name(target))
    free = cat.SECTION_SIZES[s.section] - len(s.castle[s.section])
    return lb.CASTLE_BUILDING[s.section].format(free=free, size=cat.SECTION_SIZES[s.section])


def winners_text(s: State, names: list[str]) -> str:
    """'Ann wins with 52 points', 'Ann and Ben win with 48 points' (the language's list)."""
    outcome = final_scores(s)
    who = join([names[i] for i in outcome.winners])
    best = outcome.scores[outcome.winners[0]]
    won = lb.WIN_WITH if len(outcome.winners) > 1 else lb.WINS_WITH
    return str(won.format(count=best, who=who))
