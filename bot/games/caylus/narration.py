"""The account of a Caylus phase in words, from the engine's events."""

from __future__ import annotations

from bot.lang import t
from engine.protocol import Event

MAX_LINES_PER_PHASE = 12


def account(
    turn: int, phase: int, events: list[Event], names: list[str], so_far: bool = False
) -> str:
    """A short account of one phase: a header line and one line per event (capped).
    `so_far`: the phase is still going on (the account of its first part)."""
    header = t.PHASE_HEADER_SO_FAR if so_far else t.PHASE_HEADER
    lines = [header.format(turn=turn, phase=phase, name=t.PHASE_NAMES[phase - 1])]
    sentences = [_line(e, names) for e in events if _worth_telling(e)]
    sentences = [s for s in sentences if s]
    if not sentences:
        return ""
    merged = _merge_prestige(sentences)
    shown = merged[:MAX_LINES_PER_PHASE]
    lines.extend(f"• {s}" for s in shown)
    if len(merged) > len(shown):
        lines.append("• " + t.MORE_LINES.format(count=len(merged) - len(shown)))
    return "\n".join(lines)


def _worth_telling(event: Event) -> bool:
    if event.kind == "phase":
        return False
    # "loses 0 PP": a penalty that found nothing to take
    return not (event.kind == "prestige" and event.pp == 0 and "loses" in event.text)


def _line(event: Event, names: list[str]) -> str:
    sentence = event.render(names).strip()
    if not sentence:
        return ""
    return sentence[0].upper() + sentence[1:]


def _merge_prestige(lines: list[str]) -> list[str]:
    """'X builds ...' followed by 'X gains 2 PP (building ...)' reads as one line."""
    out: list[str] = []
    for line in lines:
        if out and " gains " in line and "PP (" in line:
            who = line.split(" gains ", 1)[0]
            if out[-1].startswith(who) and " PP" not in out[-1]:
                gain = line.split(" gains ", 1)[1].split(" (", 1)[0]
                out[-1] = f"{out[-1]}: +{gain}"
                continue
        out.append(line)
    return out
