"""Short texts about a state, shared by the whole board and the phone card.

Every number and name comes from the engine (rules, catalogue); nothing is copied here.
"""

from __future__ import annotations

from engine.caylus import catalogue as cat
from engine.caylus.rules import (
    base_placement_cost,
    castle_spaces_left,
    next_house_section,
    open_columns,
)
from engine.caylus.state import State
from render.labels import w as lb
from render.names import tile_name

CASTLE_SPACES = sum(cat.SECTION_SIZES)


def ordinal(k: int) -> str:
    return lb.ORDINALS.get(k) or lb.ORDINAL.format(k=k)


def decision_detail(s: State) -> str:
    """What the pending decision needs to know: 'next worker costs 2 d', 'as mason' ..."""
    dec = s.decision
    if dec is None or s.over:
        return ""
    extra = ""
    if dec.kind == "place":
        extra = f"next worker costs {base_placement_cost(s, dec.seat)} d"
    elif dec.kind in ("build", "lawyer") and dec.effect:
        extra = f"as {dec.effect}" + (" (royal favor)" if dec.via_favor else "")
    elif dec.kind == "favor":
        used = s.favor_lines_used[dec.seat]
        extra = f"columns 1-{open_columns(s)} open"
        if used:
            extra += f"; lines used: {', '.join(used)}"
    elif dec.kind == "castle":
        extra = f"{castle_spaces_left(s)} spaces left"
    elif dec.kind in ("bribe", "guild"):
        extra = f"provost on {s.provost}"
    if dec.at:
        tile = s.road[dec.at - 1]
        where = f"at the {tile_name(tile)} ({dec.at})" if tile else f"at {dec.at}"
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


def the_section_is(name: str) -> str:
    """'the Walls are', 'the Dungeon is' (section names are plural when they end in s)."""
    return f"the {name} {'are' if name.endswith('s') else 'is'}"


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
            return f"game over after the Towers scoring · all {CASTLE_SPACES} spaces built"
        return f"game over after the Towers scoring · {empty} of {CASTLE_SPACES} spaces empty"
    current = cat.SECTION_NAMES[s.section]
    target = next_house_section(s)
    if target is None:
        return f"no space left · {the_section_is(current)} scored at the end of this turn"
    if target != s.section:
        return (
            f"{the_section_is(current)} full (scored at the end of this turn) · "
            f"next houses go to the {cat.SECTION_NAMES[target]}"
        )
    free = cat.SECTION_SIZES[s.section] - len(s.castle[s.section])
    return f"building the {current} · {free} of {cat.SECTION_SIZES[s.section]} spaces free"
