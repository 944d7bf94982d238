"""/caylus help topic: for Caylus: every building, phase, figure and special space, the royal favor
table and the castle scoring tables, from the catalogue."""

from __future__ import annotations

from bot.games.caylus.lang import ct
from bot.words.lang import t
from engine.caylus import catalogue as cat
from render.labels import w as lb
from render.names import (
    cube_name,
    favor_cell,
    favor_line_name,
    section_name,
    special_name,
    tile_effect,
    tile_name,
)


def rule_topics() -> list[tuple[str, str]]:
    """(label, value) of every building and phase, for /caylus help."""
    out = [
        (ct.RULES_PHASE_TOPIC.format(number=k, name=name), f"phase {k}")
        for k, name in enumerate(t.PHASE_NAMES, 1)
    ]
    out += [(ct.RULES_FAVORS_TOPIC, "favors"), (ct.RULES_SCORING_TOPIC, "scoring")]
    out += [(label, key) for key, (label, _) in ct.RULES_FIGURES.items()]
    for tile in cat.TILES.values():
        label = ct.RULES_TILE_TOPIC.format(
            name=tile_name(tile.id),
            kind=lb.KIND_LABELS[tile.kind.value],
            reminder=tile_effect(tile.id),
        )
        out.append((label[:100], tile.id))
    return out


def _favor_rules() -> str:
    """The royal favor table, from the catalogue."""
    lines = [ct.RULES_FAVORS_HEAD]
    for line in cat.FAVOR_LINES:
        cells = " | ".join(
            ct.RULES_FAVOR_CELL.format(column=col, text=favor_cell(line, col))
            for col in range(1, len(cat.FAVOR_CELL_TEXT[line]) + 1)
        )
        lines.append(ct.RULES_FAVOR_LINE.format(line=line, name=favor_line_name(line), cells=cells))
    lines.append(ct.RULES_FAVORS_FOOT)
    return "\n".join(lines)


def _scoring_rules() -> str:
    """The castle scoring tables and the end bonus, from the catalogue."""
    lines = [ct.RULES_SCORING_HEAD]
    for sec in range(len(cat.SECTION_NAMES)):
        results = []
        for houses in range(0, 7):  # 6 houses or more all score alike
            pp, favors = cat.section_reward(sec, houses)
            text = f"{pp} PP" if pp else ct.RULES_SCORE_FAVORS.format(count=favors)
            results.append(text if pp or favors else ct.RULES_SCORE_NOTHING)
        rows = []
        start = 0
        for houses in range(1, 8):
            if houses == 7 or results[houses] != results[start]:
                span = (
                    f"{start}+"
                    if houses == 7
                    else f"{start}"
                    if houses - 1 == start
                    else f"{start}-{houses - 1}"
                )
                rows.append(f"{span}: {results[start]}")
                start = houses
        lines.append(
            ct.RULES_SCORING_LINE.format(
                name=section_name(sec),
                size=cat.SECTION_SIZES[sec],
                points=cat.SECTION_POINTS[sec],
                trigger=cat.SECTION_TRIGGERS[sec],
                rows=", ".join(rows),
            )
        )
    lines.append(ct.RULES_SCORING_FOOT)
    return "\n".join(lines)


def rules_text(topic: str) -> str:
    key = topic.strip().lower()
    if key.startswith("phase"):
        number = key.removeprefix("phase").strip()
        if number.isdigit() and 1 <= int(number) <= 7:
            k = int(number)
            return ct.RULES_PHASE.format(phase=k, name=t.PHASE_NAMES[k - 1], text=ct.PHASE_RULES[k])
    english = ct.module  # a topic may be typed in English or in the language in force
    if key in ("favors", "favor", english.RULES_FAVORS_NAME, ct.RULES_FAVORS_NAME.lower()):
        return _favor_rules()
    if key in ("scoring", "score", english.RULES_SCORING_NAME, ct.RULES_SCORING_NAME.lower()):
        return _scoring_rules()
    aliases = {name.lower(): k for k, name in cat.SPECIAL_NAMES.items()}
    aliases |= {special_name(k).lower(): k for k in cat.SPECIAL_NAMES}
    key = aliases.get(key, key)
    by_label = {label.split(" — ")[0].lower(): k for k, (label, _) in ct.RULES_FIGURES.items()}
    key = by_label.get(key, key)
    if key in ct.RULES_FIGURES:
        label, text = ct.RULES_FIGURES[key]
        lines = [f"**{label}**", text]
        if key in cat.SPECIAL_NAMES:
            lines.append(ct.RULES_PLACE.format(id=key))
        return "\n".join(lines)
    by_name = {tile.name.lower(): tile.id for tile in cat.TILES.values()}
    by_name |= {tile_name(tile.id).lower(): tile.id for tile in cat.TILES.values()}
    tile = cat.TILES.get(key) or cat.TILES.get(by_name.get(key, ""))
    if tile is None:
        return ct.RULES_UNKNOWN.format(topic=topic)
    fixed = [p for p, tid in cat.FIXED_POSITIONS.items() if tid == tile.id]
    pos = ct.RULES_SPACE.format(position=fixed[0]) if fixed else ""
    kind = lb.KIND_LABELS[tile.kind.value]
    lines = [ct.RULES_BUILDING.format(name=tile_name(tile.id), kind=kind, pos=pos)]
    if tile.cost:
        cost = " + ".join(
            ct.RULES_ANY_CUBE if c == cat.ANY else ct.RULES_ONE_CUBE.format(cube=cube_name(c))
            for c in tile.cost
        )
        if tile.deniers_cost:
            cost += f" + {tile.deniers_cost} d"
        lines.append(ct.RULES_COST.format(cost=cost))
    if tile.prestige:
        favors = ct.RULES_FAVORS_BUILT.format(count=tile.favors) if tile.favors else ""
        lines.append(ct.RULES_PRESTIGE.format(pp=tile.prestige, favors=favors))
    if tile_effect(tile.id):
        lines.append(ct.RULES_EFFECT.format(reminder=tile_effect(tile.id)))
    lines.append(ct.RULES_NOTATION.format(id=tile.id))
    return "\n".join(lines)
