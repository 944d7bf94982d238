"""/caylus help topic: for Caylus: every building, phase, figure and special space, the royal favor
table and the castle scoring tables, from the catalogue."""

from __future__ import annotations

from bot.lang import t
from engine.caylus import catalogue as cat
from render.names import favor_cell, favor_line_name, tile_effect, tile_name


def rule_topics() -> list[tuple[str, str]]:
    """(label, value) of every building and phase, for /caylus help."""
    out = [(f"Phase {k}: {name}", f"phase {k}") for k, name in enumerate(t.PHASE_NAMES, 1)]
    out += [(t.RULES_FAVORS_TOPIC, "favors"), (t.RULES_SCORING_TOPIC, "scoring")]
    out += [(label, key) for key, (label, _) in t.RULES_FIGURES.items()]
    for tile in cat.TILES.values():
        label = f"{tile_name(tile.id)} ({tile.kind.value}) — {tile_effect(tile.id)}"
        out.append((label[:100], tile.id))
    return out


def _favor_rules() -> str:
    """The royal favor table, from the catalogue."""
    lines = [t.RULES_FAVORS_HEAD]
    for line in cat.FAVOR_LINES:
        cells = " | ".join(
            f"{col}: {favor_cell(line, col)}"
            for col in range(1, len(cat.FAVOR_CELL_TEXT[line]) + 1)
        )
        lines.append(f"**{line}) {favor_line_name(line)}** — {cells}")
    lines.append(t.RULES_FAVORS_FOOT)
    return "\n".join(lines)


def _scoring_rules() -> str:
    """The castle scoring tables and the end bonus, from the catalogue."""
    lines = [t.RULES_SCORING_HEAD]
    for sec, name in enumerate(cat.SECTION_NAMES):
        results = []
        for houses in range(0, 7):  # 6 houses or more all score alike
            pp, favors = cat.section_reward(sec, houses)
            text = f"{pp} PP" if pp else f"{favors} favor{'s' if favors > 1 else ''}"
            results.append(text if pp or favors else "nothing")
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
            t.RULES_SCORING_LINE.format(
                name=name,
                size=cat.SECTION_SIZES[sec],
                points=cat.SECTION_POINTS[sec],
                trigger=cat.SECTION_TRIGGERS[sec],
                rows=", ".join(rows),
            )
        )
    lines.append(t.RULES_SCORING_FOOT)
    return "\n".join(lines)


def rules_text(topic: str) -> str:
    key = topic.strip().lower()
    if key.startswith("phase"):
        number = key.removeprefix("phase").strip()
        if number.isdigit() and 1 <= int(number) <= 7:
            k = int(number)
            return t.RULES_PHASE.format(phase=k, name=t.PHASE_NAMES[k - 1], text=t.PHASE_RULES[k])
    if key in ("favors", "favor", "royal favors"):
        return _favor_rules()
    if key in ("scoring", "score", "castle scoring"):
        return _scoring_rules()
    aliases = {"trading post": "trading", "merchants' guild": "guild", "joust field": "joust"}
    key = aliases.get(key, key)
    by_label = {label.split(" — ")[0].lower(): k for k, (label, _) in t.RULES_FIGURES.items()}
    key = by_label.get(key, key)
    if key in t.RULES_FIGURES:
        label, text = t.RULES_FIGURES[key]
        lines = [f"**{label}**", text]
        if key in cat.SPECIAL_NAMES:
            lines.append(t.RULES_PLACE.format(id=key))
        return "\n".join(lines)
    by_name = {tile.name.lower(): tile.id for tile in cat.TILES.values()}
    tile = cat.TILES.get(key) or cat.TILES.get(by_name.get(key, ""))
    if tile is None:
        return t.RULES_UNKNOWN.format(topic=topic)
    fixed = [p for p, tid in cat.FIXED_POSITIONS.items() if tid == tile.id]
    pos = f", space {fixed[0]}" if fixed else ""
    lines = [t.RULES_BUILDING.format(name=tile_name(tile.id), kind=tile.kind.value, pos=pos)]
    if tile.cost:
        cost = " + ".join(
            "1 cube of your choice" if c == cat.ANY else f"1 {cat.CUBE_NAMES[c]}" for c in tile.cost
        )
        if tile.deniers_cost:
            cost += f" + {tile.deniers_cost} d"
        lines.append(t.RULES_COST.format(cost=cost))
    if tile.prestige:
        favors = (
            f", {tile.favors} royal favor" + ("s" if tile.favors > 1 else "") if tile.favors else ""
        )
        lines.append(t.RULES_PRESTIGE.format(pp=tile.prestige, favors=favors))
    if tile_effect(tile.id):
        lines.append(t.RULES_EFFECT.format(reminder=tile_effect(tile.id)))
    lines.append(t.RULES_NOTATION.format(id=tile.id))
    return "\n".join(lines)
