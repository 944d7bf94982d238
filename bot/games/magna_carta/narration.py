"""The account of a Magna Carta phase in words, from the engine's events (public parts only).

An event's text and data are public except `data["private"]` (the cards a player drew), which
nothing here reads: a draw is told as "draws a card". Cards discarded by a swap or a redraw lie
face up, so their names are public.
"""

from __future__ import annotations

from bot.games.magna_carta.lang import mt
from bot.words.lang import t
from engine.magna_carta import catalogue as cat
from engine.protocol import Event
from render.sentences import event_text

MAX_LINES_PER_PHASE = 18
_CASTLE_KINDS = frozenset({"deliver", "castle", "castle-bonus", "castle-penalty"})
_TOKEN_PP = dict(zip(cat.TOKEN_NAMES, cat.TOKEN_PP, strict=True))


def phase_stage(phase: int, events: list[Event]) -> str:
    """The kind of a phase from its number and its events. Phases are numbered per rule set (a
    beginner round has no provost phase), and the account is given no state: the events tell
    the two apart (the standard provost phase always has a provost decision per player, and a
    castle phase always has a castle event)."""
    kinds = {e.kind for e in events}
    seated_provost = any(e.kind == "provost" and e.seat is not None for e in events)
    if phase == 0:
        return "setup"
    if phase == 1:
        return "income"
    if phase == 2:
        return "actions"
    if phase == 3:
        return "provost" if seated_provost else "activation"
    if phase == 4:
        return "castle" if kinds & _CASTLE_KINDS else "activation"
    if phase == 5:
        return "castle" if kinds & _CASTLE_KINDS else "end"
    return "end"


def header(turn: int, phase: int, events: list[Event], so_far: bool) -> str:
    stage = phase_stage(phase, events)
    name = mt.MC_PHASE_NAMES[stage]
    if phase == 0:
        line = mt.MC_PHASE_HEADER_SETUP.format(round=turn, name=name)
    else:
        line = mt.MC_PHASE_HEADER.format(round=turn, phase=phase, name=name)
    return line + (mt.MC_SO_FAR if so_far else "")


def account(
    turn: int, phase: int, events: list[Event], names: list[str], so_far: bool = False
) -> str:
    """A short account of one phase: a header and one line per event (capped)."""
    sentences = lines(events, names)
    if not sentences:
        return ""
    shown = sentences[:MAX_LINES_PER_PHASE]
    out = [header(turn, phase, events, so_far), *(mt.MC_BULLET.format(line=s) for s in shown)]
    if len(sentences) > len(shown):
        more = mt.MC_MORE_LINES.format(count=len(sentences) - len(shown))
        out.append(mt.MC_BULLET.format(line=more))
    return "\n".join(out)


def _sentence(event: Event, names: list[str]) -> str:
    text = event_text(event, names)
    if text and (event.data or {}).get("planned"):
        text += t.PLANNED_MARK  # a move played from the player's plan
    return text


def _provost_stays(event: Event) -> bool:
    """The end of the round moves the provost 2 cards, fewer near the end of the road: a move
    of 0 tells nothing."""
    return event.key == "mc_words.PROVOST_END" and not (event.args or {}).get("step")


def lines(events: list[Event], names: list[str]) -> list[str]:
    """The events as sentences: income in one line, a batch or a Church purchase with the
    tokens it won, the players who delivered nothing together; the provost's non-move left out."""
    out: list[str] = []
    income: list[str] = []
    nothing: list[str] = []
    token_line: int | None = None  # the line tokens are added to (a batch, a Church)
    token_base = ""
    tokens_there: list[str] = []
    for event in events:
        kind = event.kind
        data = {k: v for k, v in (event.data or {}).items() if k != "private"}
        if kind == "round":
            continue
        if kind == "income" and event.seat is not None:
            income.append(mt.MC_INCOME_PART.format(name=names[event.seat], deniers=data["deniers"]))
            continue
        if kind == "castle" and event.seat is not None:
            nothing.append(names[event.seat])
            continue
        if kind == "provost" and event.seat is None and _provost_stays(event):
            continue
        if kind == "token" and token_line is not None:
            tokens_there.append(data["token"])
            out[token_line] = _with_tokens(token_base, tokens_there)
            continue
        out.append(_sentence(event, names))
        if kind in ("deliver", "church"):  # the tokens it wins follow
            token_line, token_base, tokens_there = len(out) - 1, out[-1], []
        else:
            token_line = None
    if income:
        out.insert(0, mt.MC_INCOME_LINE.format(parts=mt.MC_LIST.join(income)))
    if nothing:
        out.append(mt.MC_DELIVERS_NOTHING.format(names=mt.MC_LIST.join(nothing)))
    return out


def _with_tokens(base: str, tokens: list[str]) -> str:
    if len(tokens) == 1:
        token = tokens[0]
        return mt.MC_DELIVER_TOKEN.format(
            sentence=base, token=mt.MC_TOKEN_WORDS[token], pp=_TOKEN_PP[token]
        )
    parts = mt.MC_AND.join(
        mt.MC_TOKEN_PART.format(token=mt.MC_TOKEN_WORDS[x], pp=_TOKEN_PP[x]) for x in tokens
    )
    return mt.MC_CHURCH_TOKENS.format(sentence=base, tokens=parts)
