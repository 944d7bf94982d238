"""A Caylus decision and its legal actions -> plain-word choices laid out as buttons and menus.

Pure (no Discord): `describe` gives each action a label with its cost and a short description,
`layout` groups the choices into at most 5 rows (a row is up to 5 buttons or one select menu of
at most 25 options). Labels and costs come from the engine's catalogue and rules helpers.
"""

from __future__ import annotations

from typing import Any

from bot.games.caylus.ahead import answer_ahead_options
from bot.games.caylus.lang import ct
from bot.games.caylus.plan_kinds import CASTLE_ALL, castle_options
from bot.games.layout import (
    ANSWER_SEP,
    BUTTON_LABEL,
    MAX_BUTTONS_PER_ROW,
    QUESTION_MARK,
    Choice,
    Layout,
    finish,
    fit,
)
from bot.games.plans import answer_key
from engine.caylus import catalogue as cat
from engine.caylus.actions import parse, sort_cubes
from engine.caylus.catalogue import TILES, Effect, Kind, Tile
from engine.caylus.lookahead import castle_batches
from engine.caylus.rules import (
    USE_REWARDS,
    apply,
    build_cost,
    can_deliver_batch,
    castle_spaces_left,
    favor_marker_after,
    next_house_section,
    placement_cost,
    worker_can_work,
)
from engine.caylus.state import Decision, State
from engine.errors import EngineError
from i18n.grammar import Name
from render.names import (
    cube_name,
    cubes_words,
    favor_cell,
    favor_line_name,
    section_name,
    space_name,
    special_effect,
    tile_effect,
    tile_name,
)


def headline(state: State, prompt: str, names: list[str]) -> str:
    """The sentence of the pending decision (the engine's, which names the building and its
    position), with who used the building when an owner picks their cube."""
    d = state.decision
    if d is not None and d.kind == "owner" and d.at:
        user = state.workers[d.at - 1]
        if user is not None:
            return ct.USED_BY.format(prompt=prompt, user=names[user])
    return prompt


def _cubes(cubes: str) -> str:
    return cubes_words(cubes)


def _decision_tile(state: State, decision: Decision | None) -> Tile | None:
    """The building the decision is asked at (None: not at a building)."""
    tile = state.road[decision.at - 1] if decision is not None and decision.at else None
    return TILES[tile] if tile is not None else None


def _road_name(state: State, pos: int) -> str:
    return space_name(state, str(pos))


def space_reminder(state: State, target: str, names: list[str] | None = None) -> str:
    if target.isdigit():
        pos = int(target)
        tile = state.road[pos - 1]
        if tile is None:
            return ""
        text = tile_effect(tile)
        owner = state.owners[pos - 1]
        if owner is not None and names is not None:
            text = f"{text} · owner {names[owner]}"
        return text
    return special_effect(target)


def _favor_column(state: State, seat: int, line: str) -> int:
    return favor_marker_after(state, seat, cat.FAVOR_LINES.index(line))


_SHARED_NAMES = {
    name
    for name in {t.name for t in TILES.values()}
    if sum(1 for t in TILES.values() if t.name == name and t.cost) > 1
}


def _tile_name(tile: Any) -> str:
    """The building's name, with its effect when another building has the same name."""
    return (
        f"{tile_name(tile.id)} ({tile_effect(tile.id)})"
        if tile.name in _SHARED_NAMES
        else tile_name(tile.id)
    )


def _build_label(state: State, seat: int, arg: str) -> tuple[str, str]:
    decision = state.decision
    tile_id, _, extra = arg.partition(" ")
    tile = TILES[tile_id]
    gains = [f"{tile.prestige} PP"]
    if tile.favors:
        gains.append(ct.CY_FAVORS.format(count=tile.favors))
    if tile.kind is Kind.PRESTIGE:
        pos = int(extra[1:])
        label = ct.CY_BUILD_ON.format(
            name=tile_name(tile.id), pos=pos, cost=_cubes(tile.cost), gains=", ".join(gains)
        )
    else:
        effect = Effect(decision.effect) if decision and decision.effect else Effect.CARPENTER
        cost = build_cost(tile_id, bool(decision and decision.via_favor), effect)
        paid = cost.replace(cat.ANY, extra)
        label = f"{_tile_name(tile)} — {_cubes(paid)} → {', '.join(gains)}"
    return label, tile_effect(tile.id)


def describe(state: State, seat: int, action: Any, names: list[str]) -> Choice:
    """The plain-word choice for one legal action of `seat` (the state's current decision)."""
    verb, arg = action.verb, action.arg
    text = str(action)
    decision = state.decision
    kind = decision.kind if decision is not None else ""
    if verb == "pass":
        label = ct.CY_PASS_FIRST if not state.passed else ct.CY_PASS
        return Choice(text, label, ct.CY_PASS_DESC, "secondary")
    if verb == "skip":
        return Choice(text, ct.CY_SKIP.get(kind, ct.CY_SKIP_ANY), "", "secondary")
    if verb == "place":
        cost = placement_cost(state, seat, arg)
        return Choice(
            text, f"{space_name(state, arg)} — {cost} d", space_reminder(state, arg, names)
        )
    if verb == "gate":
        if arg == "back":
            return Choice(text, ct.CY_GATE_BACK, ct.CY_GATE_BACK_DESC, "secondary")
        return Choice(
            text,
            ct.CY_GATE_MOVE.format(space=space_name(state, arg)),
            space_reminder(state, arg, names),
        )
    if verb == "provost":
        delta = int(arg)
        target = state.provost + delta
        if kind == "bribe":
            label = ct.CY_PROVOST_PAID.format(delta=delta, target=target, cost=abs(delta))
        else:
            label = ct.CY_PROVOST_FREE.format(delta=delta, target=target)
        return Choice(text, label, ct.CY_PROVOST_DESC.format(target=target))
    if verb == "joust":
        return Choice(text, ct.CY_JOUST)
    if verb == "inn":
        if arg == "stay":
            return Choice(text, ct.CY_INN_STAY, ct.CY_INN_STAY_DESC)
        return Choice(text, ct.CY_INN_LEAVE, ct.CY_INN_LEAVE_DESC, "secondary")
    if verb == "take":
        where = _road_name(state, decision.at) if decision and decision.at else Name("")
        if kind == "owner":
            return Choice(
                text,
                ct.CY_TAKE_OWNER.format(cube=cube_name(arg)),
                ct.CY_TAKE_OWNER_DESC.format(where=where),
            )
        at = ct.CY_TAKE_AT.format(where=where) if where else ""
        return Choice(text, ct.CY_TAKE.format(cubes=_cubes(arg)), at)
    if verb == "build":
        label, reminder = _build_label(state, seat, arg)
        return Choice(text, label, reminder)
    if verb == "lawyer":
        pos = int(arg)
        paid = ct.CY_LAWYER_PAID_FAVOR if decision and decision.via_favor else ct.CY_LAWYER_PAID
        return Choice(
            text,
            ct.CY_LAWYER.format(where=_road_name(state, pos), paid=paid),
            ct.CY_LAWYER_DESC,
        )
    if verb == "sell":
        tile = _decision_tile(state, decision)
        price = tile.market_price if tile else 0
        return Choice(text, ct.CY_SELL.format(cube=cube_name(arg), price=price))
    if verb == "buy":
        tile = _decision_tile(state, decision)
        price = tile.peddler_price * len(arg) if tile else len(arg)
        return Choice(text, ct.CY_BUY.format(cubes=_cubes(arg), price=price))
    if verb == "pay":
        return Choice(text, _pay_label(kind, arg))
    if verb == "batch":
        section = next_house_section(state)  # a full section overflows into the next one
        section = min(state.section, 2) if section is None else section
        points = cat.SECTION_POINTS[section]
        return Choice(
            text,
            ct.CY_BATCH.format(cubes=_cubes(arg), points=points),
            ct.CY_BATCH_DESC.format(section=section_name(section)),
        )
    if verb == "favor":
        return _favor_choice(state, seat, arg, text)
    if verb == "exchange":
        give, take = arg.split()
        return Choice(text, ct.CY_EXCHANGE.format(give=cube_name(give), cubes=_cubes(take)))
    return Choice(text, text)  # a verb this module does not know: the notation itself


def _pay_label(kind: str, arg: str) -> str:
    paid = f"{arg[:-1]} d" if arg.endswith("d") else _cubes(arg)
    prestige, gold = USE_REWARDS.get(kind, {}).get(arg, (0, 0))  # the engine's table
    reward = f"{prestige} PP" if prestige else ct.CY_GOLD.format(count=gold) if gold else None
    if reward is None and kind == "alchemist":
        reward = ct.CY_GOLD.format(count=len(arg) // 2)
    return ct.CY_PAY_FOR.format(paid=paid, reward=reward) if reward else ct.CY_PAY.format(paid=paid)


def _favor_choice(state: State, seat: int, arg: str, text: str) -> Choice:
    line = arg[0]
    line_name = favor_line_name(line).capitalize()
    before = state.players[seat].favors[cat.FAVOR_LINES.index(line)]
    after = _favor_column(state, seat, line)
    marker = (ct.CY_MARKER_TO if after > before else ct.CY_MARKER_STAYS).format(col=after)
    if line in ("a", "b"):
        gain = (
            f"+{cat.FAVOR_PRESTIGE[after - 1]} PP"
            if line == "a"
            else f"+{cat.FAVOR_DENIERS[after - 1]} d"
        )
        return Choice(
            text, f"{line_name}: {gain}", ct.CY_FAVOR_LINE.format(line=line, marker=marker)
        )
    col = int(arg[1])
    if line == "c":
        if len(arg) > 2:
            cell = f"1 {cube_name(arg[2])}"
        else:
            cell = favor_cell("c", col)
        desc = ct.CY_FAVOR_CELL.format(line="c", col=col, marker=marker)
        return Choice(text, f"{line_name}: {cell}", desc)
    cell = favor_cell("d", col)
    if cell == "-":  # the first column of line d does nothing but move the marker on
        return Choice(
            text,
            ct.CY_FAVOR_NO_EFFECT.format(name=line_name, marker=marker),
            ct.CY_FAVOR_CELL_ONLY.format(line="d", col=col),
            "secondary",
        )
    return Choice(
        text, f"{line_name}: {cell}", ct.CY_FAVOR_CELL.format(line="d", col=col, marker=marker)
    )


# --- warnings: a choice that breaks what the player has committed to -----------------------------


def _still_to_work(state: State, seat: int) -> list[int]:
    """Road positions where `seat` has a worker that has not worked yet this turn."""
    if state.phase > 5:
        return []
    d = state.decision
    now = d.at if state.phase == 5 and d is not None and d.at else 0
    last = min(state.provost, cat.ROAD_LENGTH)
    return [p for p in range(now + 1, last + 1) if state.workers[p - 1] == seat]


def commitment_warnings(state: State, seat: int, actions: list[Any], names: list[str]) -> dict:
    """action text -> a warning, for the choices that would leave a worker the player has
    already placed with nothing to do: the castle worker without a batch (the penalty), a road
    worker that could no longer pay or would end beyond the provost."""
    castle = (
        seat in state.castle_workers
        and state.batches[seat] == 0
        and state.phase <= 6
        and castle_spaces_left(state) > 0  # a full castle waives the penalty (R22)
        and can_deliver_batch(state.players[seat].cubes)
    )
    roads = [p for p in _still_to_work(state, seat) if worker_can_work(state, seat, p)]
    if not castle and not roads:
        return {}
    out: dict[str, str] = {}
    for action in actions:
        if action.verb in ("pass", "skip", "batch"):
            continue
        try:
            after, _ = apply(state, action, seat)
        except EngineError:
            continue
        holdings = state.model_copy(update={"players": after.players})
        lost = []
        if castle and not can_deliver_batch(after.players[seat].cubes):
            lost.append(ct.CY_WARN_CASTLE.format(penalty=cat.CASTLE_PENALTY))
        for pos in roads:
            where = _road_name(state, pos)
            if pos > after.provost:
                lost.append(ct.CY_WARN_BEYOND.format(where=where))
            elif after.workers[pos - 1] == seat and not worker_can_work(holdings, seat, pos):
                lost.append(ct.CY_WARN_IDLE.format(where=where))
        if lost:
            out[str(action)] = "; ".join(lost)
    return out


# --- answers ahead (docs/pace.md) ----------------------------------------------------------------


def question_title(question: Any, names: list[str]) -> str:
    """What a question asks, naming the building and the turn: 'Farm (11), turn 3: produce'."""
    state = question.state
    where = _road_name(state, question.at) if state is not None and question.at else ""
    what = ct.CY_QUESTION_WORDS.get(question.kind, question.kind)
    now = ct.CY_NOW if question.now else ""
    return f"{where + ': ' if where else ''}{what}{now}"


def ahead_label(question: Any, option: str, seat: int, names: list[str]) -> str:
    """An answer ahead in words: 'Take 2 food', 'deliver all I can', 'joust'."""
    if option == CASTLE_ALL:
        return ct.CY_ALL_I_CAN
    if option.startswith("castle "):
        return ct.CY_DELIVER_N.format(count=int(option.split()[1]))
    try:
        return describe(question.state, seat, parse(option), names).label
    except EngineError:
        return option


def _with_answers_ahead(state: State, seat: int, choice: Choice, names: list[str]) -> list[Choice]:
    """A placement on a building with a choice offers the choice with it ("Farm (11) — 1 d →
    Take 2 food"), and "decide later" (the placement alone)."""
    return [joined for joined, _ in _answers_ahead(state, seat, choice, names)] or [choice]


def _answers_ahead(
    state: State, seat: int, choice: Choice, names: list[str]
) -> list[tuple[Choice, str]]:
    """The choices a placement offers with its answers ahead, each with the answer alone in
    words ("Take 2 food", ..., "Decide later" last); [] when it is offered alone."""
    if choice.action == "pass" or choice.action.split()[1] not in AHEAD_SPACES:
        return []
    questions = answer_ahead_options(state, seat, choice.action)
    if len(questions) != 1:
        return []
    question = questions[0]
    if question.kind not in AHEAD_KINDS or len(question.options) > MAX_AHEAD_OPTIONS:
        return []  # many answers (what to build, sell, ...): asked when the time comes
    out = []
    for option in question.options:
        words = ahead_label(question, option, seat, names)
        label = f"{choice.label} → {words}"
        value = f"{choice.action}{ANSWER_SEP}{option}"
        out.append((Choice(value, label, choice.description, choice.style), words))
    later = ct.CY_DECIDE_LATER.format(label=choice.label)
    out.append((Choice(choice.action, later, choice.description, choice.style), ct.CY_LATER))
    return out


def placement_answers(
    state: State, seat: int, actions: list[Any], names: list[str]
) -> dict[str, list[tuple[str, str]]]:
    """The placements the prompt offers with their answers ahead (its menu's "Farm (11) — 1 d
    → Take 2 food" ... "· decide later"): for each placement, its choices' values with the
    answer alone in words, in the menu's order (the web page's chooser at the space)."""
    if state.decision is None or state.decision.kind != "place":
        return {}
    out = {}
    for action in actions:
        choice = describe(state, seat, action, names)
        found = _answers_ahead(state, seat, choice, names)
        if found:
            out[choice.action] = [(joined.action, words) for joined, words in found]
    return out


# Placements offered with their answer ahead: the road (a building's choice), the castle, the
# joust; not the guild (six provost moves would crowd the menu: it is asked when it comes).
AHEAD_SPACES = frozenset({*(str(k) for k in range(1, 29)), "castle", "joust"})
# The decisions a placement offers with it: few answers each, the ones players decide at once
# (a production's output, the castle, the joust, what to pay at an exchange building).
AHEAD_KINDS = frozenset({"produce", "castle", "joust", "church", "tailor", "bank", "jeweller"})
MAX_AHEAD_OPTIONS = 3


# --- the turn plan (docs/pace.md, "Plan my turn") ----------------------------------------------


def turn_plan_choices(state: State, seat: int, options: Any, names: list[str]) -> list[Choice]:
    """The spaces a turn plan may add, as the placement menu shows them: "Farm (5) — 1 d →
    Take 1 cloth" (value '5|take C'), "… · decide later" (value '5'), "Gate — 1 d"."""
    out = []
    for option in options:
        label = f"{space_name(state, option.target)} — {option.cost} d"
        reminder = space_reminder(state, option.target)
        question = option.question
        carries = (
            question is not None
            and option.target in AHEAD_SPACES
            and question.kind in AHEAD_KINDS
            and len(option.answers) <= MAX_AHEAD_OPTIONS
        )
        if not carries:
            out.append(Choice(option.target, label, reminder))
            continue
        for answer in option.answers:
            words = ahead_label(question, answer, seat, names)
            out.append(
                Choice(f"{option.target}{ANSWER_SEP}{answer}", f"{label} → {words}", reminder)
            )
        out.append(Choice(option.target, ct.CY_DECIDE_LATER.format(label=label), reminder))
    return out


def turn_plan_entry(state: State, seat: int, entry: Any, options: Any, names: list[str]) -> str:
    """An entry of a turn plan in words: "Farm (5) → Take 1 cloth", "Castle → deliver all I
    can" (an answer no longer offered, its space taken, stays in notation)."""
    label = str(space_name(state, entry.target))
    if entry.answer is None:
        return label
    question = next((o.question for o in options if o.target == entry.target), None)
    if entry.answer.startswith("castle") or (
        question is not None and entry.answer in question.options
    ):
        return f"{label} → {ahead_label(question, entry.answer, seat, names)}"
    return f"{label} → {entry.answer}"


def _castle_choices(state: State, seat: int, names: list[str]) -> list[Choice]:
    """The castle in one decision: all the batches one can, or N of them (which cubes: the
    dearest are kept), each as one answer."""
    key = answer_key(state.turn, state.phase, "castle", 0)
    section = next_house_section(state)
    section = min(state.section, 2) if section is None else section
    out = []
    for option in castle_options(state, seat):
        limit = None if option == CASTLE_ALL else int(option.split()[1]) - state.batches[seat]
        batches = castle_batches(state.players[seat].cubes, castle_spaces_left(state), limit)
        if not batches:
            continue
        n = len(batches)
        what = ", ".join(sort_cubes(b) for b in batches)
        words = ct.CY_CASTLE_ALL if option == CASTLE_ALL else ct.CY_CASTLE_N
        label = words.format(count=n, pp=n * cat.SECTION_POINTS[section])
        out.append(Choice(f"{QUESTION_MARK}{key}={option}", label, what, "success"))
    return out


def _warned(choice: Choice, warning: str | None) -> Choice:
    if not warning:
        return choice
    return Choice(choice.action, f"{choice.label} {warning}", warning, "danger")


# --- layout -------------------------------------------------------------------------------------


def layout(state: State, seat: int, actions: list[Any], names: list[str]) -> Layout:
    """The components for `seat`'s decision: buttons for few choices, menus by group."""
    kind = state.decision.kind if state.decision is not None else ""
    warnings = commitment_warnings(state, seat, actions, names)
    choices = [_warned(describe(state, seat, a, names), warnings.get(str(a))) for a in actions]
    by_action = dict(zip((str(a) for a in actions), choices, strict=True))
    quiet = [c for a, c in by_action.items() if a in ("pass", "skip", "gate back")]
    doing = [c for a, c in by_action.items() if a not in ("pass", "skip", "gate back")]
    if kind == "place":
        doing = [x for c in doing for x in _with_answers_ahead(state, seat, c, names)]
    if kind == "castle":
        doing = _castle_choices(state, seat, names) + doing
    if kind in ("place", "gate"):
        on_road = [c.action.split()[1].split(ANSWER_SEP)[0].isdigit() for c in doing]
        specials = [c for c, road_space in zip(doing, on_road, strict=True) if not road_space]
        road = [c for c, road_space in zip(doing, on_road, strict=True) if road_space]
        groups = [(ct.CY_GROUP_SPECIALS, specials), (ct.CY_GROUP_ROAD, road)]
        return finish(fit(quiet, [g for g in groups if g[1]]))
    if kind == "favor":
        lines: dict[str, list[Choice]] = {}
        for c in doing:
            lines.setdefault(c.action.split()[1][0], []).append(c)
        buttons = [c for line in ("a", "b") for c in lines.get(line, [])]
        groups = []
        for line in ("c", "d"):
            found = lines.get(line, [])
            if len(found) == 1:
                buttons.append(found[0])
            elif found:
                groups.append(
                    (ct.CY_GROUP_LINE.format(line=line, name=favor_line_name(line)), found)
                )
        return finish(fit(buttons + quiet, groups))
    if kind == "exchange":
        gives: dict[str, list[Choice]] = {}
        for c in doing:
            gives.setdefault(c.action.split()[1], []).append(c)
        groups = [(ct.CY_GROUP_GIVE.format(cube=cube_name(g)), cs) for g, cs in gives.items()]
        return finish(fit(quiet, groups))
    if len(doing) <= 2 * MAX_BUTTONS_PER_ROW - len(quiet) and all(
        len(c.label) <= BUTTON_LABEL for c in doing
    ):
        return finish(Layout(buttons=doing + quiet))
    title = {"build": ct.CY_CHOOSE_BUILDING, "lawyer": ct.CY_CHOOSE_TRANSFORM}.get(
        kind, ct.CY_CHOOSE
    )
    return finish(fit(quiet, [(title, doing)]))
