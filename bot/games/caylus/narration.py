"""The account of a Caylus phase in words, from the engine's events."""

from __future__ import annotations

from bot.games.caylus.lang import ct
from bot.words.lang import t
from engine.protocol import Event
from render.sentences import event_text

MAX_LINES_PER_PHASE = 12


def account(
    turn: int, phase: int, events: list[Event], names: list[str], so_far: bool = False
) -> str:
    """A short account of one phase: a header line and one line per event (capped).
    `so_far`: the phase is still going on (the account of its first part)."""
    header = ct.PHASE_HEADER_SO_FAR if so_far else ct.PHASE_HEADER
    lines = [header.format(turn=turn, phase=phase, name=t.PHASE_NAMES[phase - 1])]
    told = [e for e in events if _worth_telling(e)]
    merged = [s for s in _merge_prestige(told, names) if s]
    if not merged:
        return ""
    shown = merged[:MAX_LINES_PER_PHASE]
    lines.extend(f"• {s}" for s in shown)
    if len(merged) > len(shown):
        lines.append("• " + ct.MORE_LINES.format(count=len(merged) - len(shown)))
    return "\n".join(lines)


def _worth_telling(event: Event) -> bool:
    if event.kind == "phase":
        return False
    # "loses 0 PP": a penalty that found nothing to take
    return not (event.kind == "prestige" and event.pp == 0 and event.key == "words.LOSE_PP")


def _line(event: Event, names: list[str]) -> str:
    sentence = event_text(event, names)
    if sentence and (event.data or {}).get("planned"):
        sentence += t.PLANNED_MARK  # a move played from the player's plan
    return sentence


def _merge_prestige(events: list[Event], names: list[str]) -> list[str]:
    """'X builds ...' followed by 'X gains 2 PP (building ...)' reads as one line."""
    out: list[str] = []
    last: Event | None = None
    for event in events:
        if (
            event.key == "words.GAIN_PP"
            and out
            and last is not None
            and last.seat == event.seat
            and last.kind != "prestige"
        ):
            out[-1] = ct.WITH_PRESTIGE.format(line=out[-1], amount=(event.args or {})["amount"])
            last = event
            continue
        out.append(_line(event, names))
        last = event
    return out
