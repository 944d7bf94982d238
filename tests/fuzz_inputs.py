"""Seeded hostile input for the engine and for `caylus replay`, and the harnesses that run it.

Shared by tests/test_fuzz_engine.py, tests/test_fuzz_records.py (small, fixed-seed runs) and
bench/bench_fuzz.py (long runs). Everything is drawn from a `random.Random` passed in, so a
failure is reproduced from its seed.

The contract checked: `parse_action` and `apply` end every input in a typed engine error or a
valid result and never change the state they are given; `caylus replay` ends every file in exit
status 0 (and no error) or a non-zero status with exactly one line on stderr, never a traceback
and never a hang.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import signal
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import caylus, magna_carta
from engine.caylus.actions import VERBS, Action
from engine.caylus.catalogue import NEUTRAL_TILES, TILES
from engine.errors import BadState, EngineError
from engine.magna_carta.catalogue import CARDS as MC_CARDS
from engine.record import GameRecord, record_for

CONFIGS: list[tuple[int, str, str]] = [
    (players, mode, tiles)
    for players in (2, 3, 4, 5)
    for mode in ("full", "simplified")
    for tiles in ("revised", "first")
]

# --- hostile characters and texts ------------------------------------------------------------

UNICODE_DIGITS = (
    "²³¹⁰⁴⁵⁶⁷⁸⁹"  # superscripts: str.isdigit() says yes, int() says no
    "₀₁₂₃"  # subscripts
    "０１２３４５６７８９"  # fullwidth
    "٠١٢٣٤٥٦٧٨٩"  # Arabic-Indic
    "०१२३"  # Devanagari
    "①②⑳⓪"  # circled
    "½¼Ⅻⅳ"  # fractions and Roman numerals (numeric, not digits)
)
ODD_LETTERS = "ßﬀﬁſİıKÅéñØ🏰ｐａｓ"  # upper()/lower() change their length or map them to ASCII
SPACES = "\t\n\r\x0b\x0c\x1c\x85\u00a0\u1680\u2003\u2028\u3000"
INVISIBLE = "\u200b\u200d\u2060\ufeff\u202e\u0301\x00\x1b\x7f\ud800"
ASCII = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 +-@>*#.,'\"\\/{}[]()%"
ALPHABET = ASCII * 3 + UNICODE_DIGITS + ODD_LETTERS + SPACES + INVISIBLE

NOTATION_SAMPLES = (
    "pass", "skip", "done", "joust", "place castle", "place 7", "place trading post",
    "place stable", "gate back", "gate 12", "gate inn", "provost +2", "provost -3",
    "inn stay", "inn leave", "take FF", "take C", "build sawmill", "build market G",
    "build statue @9", "build cathedral @28", "lawyer 3", "sell G", "buy WS", "pay 2d",
    "pay CCC", "pay FFSS", "batch FWS", "batch F+W+S", "favor a", "favor c2S", "favor d3",
    "exchange G WS", "exchange G > SW",
)  # fmt: skip
NUMBER_SHAPES = (
    "0", "00", "007", "29", "99", "-1", "+3", "1e3", "0x1F", "3.0", "1_0", "٣", "²", "１２",
)  # fmt: skip


def huge_number(rng: random.Random) -> str:
    """ASCII digits, sometimes past Python's int-string conversion limit (4300 digits)."""
    return "".join(rng.choice("0123456789") for _ in range(rng.choice((20, 120, 4400, 9000))))


def random_text(rng: random.Random, longest: int = 40) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(longest + 1)))


def mutate_text(rng: random.Random, text: str) -> str:
    """One to three edits of `text`: characters, numbers, tokens, case, length."""
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(10)
        at = rng.randrange(len(text) + 1)
        if op == 0:
            text = text[:at] + rng.choice(ALPHABET) + text[at:]
        elif op == 1 and text:
            text = text[:at] + text[at + 1 :]
        elif op == 2:
            text = text[:at] + rng.choice(UNICODE_DIGITS + ODD_LETTERS) + text[at + 1 :]
        elif op == 3:  # swap a number (or the end) for an odd one
            number = rng.choice((*NUMBER_SHAPES, huge_number(rng), rng.choice(UNICODE_DIGITS)))
            words = text.split(" ")
            index = next((i for i, w in enumerate(words) if w[-1:].isdigit()), len(words))
            words[index : index + 1] = [number]
            text = " ".join(words)
        elif op == 4:
            text = text.swapcase() if rng.random() < 0.5 else text.upper()
        elif op == 5:
            text = text[:at]
        elif op == 6:
            text = text + " " + text
        elif op == 7:
            text = text.replace(" ", rng.choice(SPACES), 1)
        elif op == 8:
            text = rng.choice(INVISIBLE) + text + rng.choice(INVISIBLE + SPACES)
        else:
            text = text[:at] + random_text(rng, 6) + text[at:]
    return text


def hostile_text(rng: random.Random, legal: list[str]) -> str:
    """A string for parse/apply: mostly near-notation, sometimes plain garbage."""
    roll = rng.random()
    if roll < 0.55:
        return mutate_text(rng, rng.choice(legal or NOTATION_SAMPLES))
    if roll < 0.75:
        return mutate_text(rng, rng.choice(NOTATION_SAMPLES))
    if roll < 0.85:
        verb = rng.choice((*VERBS, "done", "no"))
        return f"{verb} {rng.choice((*NUMBER_SHAPES, huge_number(rng), random_text(rng, 8)))}"
    if roll < 0.97:
        return random_text(rng)
    return rng.choice(
        (
            "",
            " ",
            "\n\t ",
            "\x00",
            "place " + "9" * 5000,
            "place " + "0" * 5000 + "7",
            "take " + "F" * 100_000,
            "a" * 200_000,
            "pass" + "\u200b" * 1000,
            "place ²",
            "lawyer ³",
            "build statue @²",
        )
    )


# --- hand-built actions and seats ------------------------------------------------------------

_ODD_VALUES: tuple[Any, ...] = (
    None, 0, -1, 7, 29, 10**30, -(10**30), 1.5, float("nan"), True, b"place", [], {},
    ("a",), ["place", "7"], {"verb": "pass"}, "", " ", "PLACE", "dance", "²",
)  # fmt: skip
_VERBS_OF_KIND: dict[str, tuple[str, ...]] = {
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
    "castle": ("batch", "skip"),
    "favor": ("favor",),
    "exchange": ("exchange", "skip"),
}
_ARG_SAMPLES: tuple[str, ...] = (
    "0", "29", "99", "-1", "+9", "-0", "+0", "07", "²", "٣", "castle", "moon", "back", "e",
    "a9", "c2", "c2X", "d9", "", " ", "F", "FFFFFFFFFF", "X", "G WS", "GG G", "2", "2d", "-2d",
    "99999999999d", "statue", "statue @0", "statue @99", "statue @²", "sawmill Z", "n-farm",
    "residence", "peddler @7", "cathedral @12", "market *", "stay", "leave", "stay leave",
)  # fmt: skip


def hostile_action(rng: random.Random, state: caylus.State) -> Any:
    """An action object built by hand: sometimes well-typed and in range, often not."""
    kind = state.decision.kind if state.decision is not None else "place"
    roll = rng.random()
    verb = rng.choice(_VERBS_OF_KIND.get(kind, ("pay", "skip")) if rng.random() < 0.6 else VERBS)
    if roll < 0.4:  # validated by pydantic: verb in VERBS, arg any string
        arg = rng.choice(_ARG_SAMPLES) if rng.random() < 0.7 else random_text(rng, 12)
        return Action(verb=verb, arg=arg)
    if roll < 0.85:  # model_construct: any values, fields possibly missing
        fields: dict[str, Any] = {}
        if rng.random() < 0.9:
            fields["verb"] = verb if rng.random() < 0.6 else rng.choice(_ODD_VALUES)
        if rng.random() < 0.9:
            fields["arg"] = rng.choice((*_ARG_SAMPLES, *_ODD_VALUES))
        return Action.model_construct(**fields)
    return rng.choice((*_ODD_VALUES, object(), Action, caylus.parse("pass")))


def hostile_seat(rng: random.Random, state: caylus.State) -> Any:
    n = len(state.players)
    deciding = state.decision.seat if state.decision is not None else 0
    return rng.choice(
        (None, None, None, deciding, deciding, rng.randrange(n), -1, n, 10**20, "0", 1.5, True)
    )


# --- states ----------------------------------------------------------------------------------


def play_on(rng: random.Random, state: caylus.State, steps: int) -> tuple[caylus.State, list[str]]:
    """`steps` actions (or fewer, at the end), half by the built-in player, half uniform."""
    actions: list[str] = []
    for _ in range(steps):
        if state.over:
            break
        seat = state.decision.seat  # type: ignore[union-attr]
        if rng.random() < 0.5:
            action = caylus.choose_action(state, seat, rng)
        else:
            legal = caylus.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        state, _ = caylus.apply(state, action)
        actions.append(str(action))
    return state, actions


def new_random_game(rng: random.Random, config: tuple[int, str, str] | None = None) -> Any:
    players, mode, tiles = config or rng.choice(CONFIGS)
    options = caylus.Options(players=players, favor_mode=mode, tile_set=tiles)  # type: ignore[arg-type]
    return caylus.new_game(options, caylus.Setup(seed=rng.randrange(10**9)))


def perturbed(rng: random.Random, state: caylus.State) -> caylus.State:
    """`state` with odd but consistent holdings and board: amounts, favor markers, bailiff and
    provost, castle houses, buildings on the empty lots. The original if that breaks a check."""
    data = state.model_dump(mode="json")
    n = len(data["players"])
    for player in data["players"]:
        player["deniers"] = rng.choice((0, 1, 2, rng.randrange(60)))
        player["prestige"] = rng.randrange(80)
        player["cubes"] = {c: rng.choice((0, 0, 1, 2, rng.randrange(12))) for c in "FWSCG"}
        player["favors"] = [rng.randrange(6) for _ in range(4)]
    data["bailiff"], data["provost"] = rng.randint(1, 28), rng.randint(1, 28)
    if not data["over"]:
        data["scored"] = rng.randrange(4)
        data["castle"] = [
            [rng.randrange(n) for _ in range(rng.randrange(size + 1))] for size in (6, 10, 14)
        ]
    buildable = [t for t, k in data["stock"].items() if k > 0]
    for i, tile in enumerate(data["road"]):
        if tile is None and buildable and rng.random() < 0.5:
            data["road"][i] = rng.choice((*buildable, "residence"))
            data["owners"][i] = rng.randrange(n)
    try:
        return caylus.state_from_json(json.dumps(data))
    except BadState:
        return state


def fuzz_states(rng: random.Random, count: int, config: tuple[int, str, str] | None = None):
    """`count` states met in seeded random games (every configuration unless one is given),
    at random points from the first decision to the end; a quarter of them perturbed."""
    made = 0
    while made < count:
        state = new_random_game(rng, config)
        while made < count:
            yield perturbed(rng, state) if rng.random() < 0.25 else state
            made += 1
            if state.over:
                break
            state, _ = play_on(rng, state, rng.randrange(1, 60))


# --- the engine harness ----------------------------------------------------------------------


@dataclass
class FuzzReport:
    """What a fuzz run found: counts, and the first examples of each distinct problem."""

    tried: int = 0
    problems: int = 0
    hangs: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)

    def add(self, kind: str, example: str) -> None:
        self.problems += 1
        self.kinds[kind] += 1
        self.examples.setdefault(kind, example[:300])

    def first(self, limit: int = 8) -> list[str]:
        return [f"{kind} (x{self.kinds[kind]}): {self.examples[kind]}" for kind in self.kinds][
            :limit
        ]


def show(value: Any, limit: int = 80) -> str:
    """A short repr for a report, also of an action built with missing fields."""
    if isinstance(value, Action):
        return f"Action{value.__dict__!r}"[:limit]
    try:
        return repr(value)[:limit]
    except Exception:
        return f"<{type(value).__name__}>"


def _problem_kind(error: BaseException) -> str:
    """A short key grouping alike failures: the exception type and where it was raised."""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    where = f"{Path(tb.tb_frame.f_code.co_filename).name}:{tb.tb_lineno}" if tb else "?"
    return f"{type(error).__name__} at {where}"


def fuzz_engine_state(rng: random.Random, state: caylus.State, inputs: int, report: FuzzReport):
    """Throw `inputs` hostile texts, action objects and seats at `state`."""
    before = state.model_dump_json()
    legal = (
        [str(a) for a in caylus.legal_actions(state, state.decision.seat)]
        if state.decision is not None
        else []
    )
    for _ in range(inputs):
        report.tried += 1
        roll = rng.random()
        if roll < 0.1 and legal:  # a legal move: its result must be consistent too
            action: Any = rng.choice(legal)
        elif roll < 0.7:
            action = hostile_text(rng, legal)
        else:
            action = hostile_action(rng, state)
        seat = hostile_seat(rng, state)
        if isinstance(action, str):
            try:
                parsed = caylus.parse_action(action)
            except EngineError:
                pass
            except Exception as error:
                report.add(_problem_kind(error), f"parse_action({action[:80]!r}): {error!r}")
            else:
                if caylus.parse_action(str(parsed)) != parsed:
                    report.add("parse round trip", f"{action[:80]!r} -> {parsed!r}")
        try:
            new_state, _ = caylus.apply(state, action, seat)
        except EngineError as error:
            message = str(error)
            if len(message) > 400 or "\n" in message:
                report.add("unreadable message", f"{show(action)}: {message[:200]!r}")
            continue
        except Exception as error:
            report.add(_problem_kind(error), f"apply({show(action)}, seat={seat!r}): {error!r}")
            continue
        try:
            caylus.validate_state(new_state)
        except BadState as error:
            report.add("inconsistent result", f"apply({show(action)}): {error}")
    if state.model_dump_json() != before:
        report.add("input state changed", f"turn {state.turn} phase {state.phase}")


def fuzz_engine(seed: int, states: int, inputs_per_state: int, config=None) -> FuzzReport:
    rng = random.Random(seed)
    report = FuzzReport()
    for state in fuzz_states(rng, states, config):
        fuzz_engine_state(rng, state, inputs_per_state, report)
    return report


# --- records ---------------------------------------------------------------------------------


def base_record(rng: random.Random) -> GameRecord:
    """A valid record: from options and setup, or from a mid-game start state with seats."""
    state = new_random_game(rng)
    if rng.random() < 0.5:
        _, actions = play_on(rng, state, rng.randrange(0, 120))
        return record_for(state, actions)
    start, _ = play_on(rng, state, rng.randrange(0, 250))
    if rng.random() < 0.3:
        start = perturbed(rng, start)
    _, actions = play_on(rng, start, rng.randrange(0, 40))
    seats: list[int] | None = None
    if rng.random() < 0.5:  # the seat of each action, as the store keeps it
        seats, replayed = [], start
        for text in actions:
            seats.append(replayed.decision.seat)  # type: ignore[union-attr]
            replayed, _ = caylus.apply(replayed, text)
    return GameRecord(start=start.model_dump(mode="json"), actions=actions, seats=seats)


_WRONG: tuple[Any, ...] = (
    None, True, False, 0, -1, 1, 2, 5, 6, 28, 29, 1000, 10**30, -(10**30), 2**63, 1.5, -0.5,
    "", "x", "0", "²", "caylus", "residence", "n-farm", [], [0], [0, 0], [-1], [99], {},
    {"a": 1}, [[]], "a" * 300,
)  # fmt: skip


def _wrong(rng: random.Random) -> Any:
    return copy.deepcopy(rng.choice(_WRONG))  # a fresh copy: later edits must not share it


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*path, index))


def _at(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def _mutate_node(rng: random.Random, data: dict[str, Any]) -> None:
    """One change somewhere in the JSON tree: a wrong value, a removed or added entry, ..."""
    path = rng.choice(list(_paths(data))[1:] or [("game",)])
    parent, key = _at(data, path[:-1]), path[-1]
    value = parent[key]
    op = rng.randrange(8)
    if op == 0:
        parent[key] = _wrong(rng)
    elif op == 1 and isinstance(value, bool | int) and not isinstance(value, bool):
        parent[key] = value + rng.choice((-1, 1, -value - 1, 10**6, 1000))
    elif op == 2 and isinstance(parent, dict):
        del parent[key]
    elif op == 2 and isinstance(parent, list):
        parent.pop(key)
    elif op == 3 and isinstance(value, list) and value:
        value.append(rng.choice(value))  # a duplicate entry
    elif op == 4 and isinstance(value, list) and len(value) > 1:
        rng.shuffle(value)
    elif op == 5 and isinstance(value, dict):
        value[rng.choice(("extra", "F", "X", "seat", "gate"))] = _wrong(rng)
    elif op == 6 and isinstance(value, str):
        parent[key] = mutate_text(rng, value)
    else:
        parent[key] = _wrong(rng)


def _seat_count(start: dict[str, Any]) -> int:
    return len(start.get("players", [])) or 4


def _crafted(rng: random.Random, start: dict[str, Any]) -> None:
    """One of the inconsistent start states a crafted record may carry."""
    n = _seat_count(start)
    seat = rng.randrange(n)
    out = rng.choice((-1, n, n + 7, 10**9))
    edits: list[Callable[[], None]] = [
        lambda: start.__setitem__("passed", [seat, seat]),
        lambda: start.__setitem__("passed", [*range(n), seat]),
        lambda: start.__setitem__("passed", [out]),
        lambda: start.__setitem__("turn_order", [seat] * n),
        lambda: start.__setitem__("turn_order", list(range(n + 1))),
        lambda: start["players"].append(copy.deepcopy(start["players"][0])),
        lambda: start["players"].pop(),
        lambda: start["players"][seat].__setitem__("deniers", -rng.randrange(1, 9)),
        lambda: start["players"][seat].__setitem__("prestige", rng.choice((-3, 10**40))),
        lambda: start["players"][seat]["cubes"].__setitem__(rng.choice("FWSCG"), -1),
        lambda: start["players"][seat]["cubes"].pop(rng.choice("FWSCG")),
        lambda: start["players"][seat].__setitem__("workers", rng.choice((-1, 7, 60))),
        lambda: start["players"][seat].__setitem__("favors", [9, 0, 0, 0]),
        lambda: start["owners"].__setitem__(rng.randrange(28), out),
        lambda: start["workers"].__setitem__(rng.randrange(28), out),
        lambda: start["workers"].__setitem__(rng.randrange(28), seat),
        lambda: start["road"].__setitem__(rng.randrange(28), rng.choice((None, "x", "peddler"))),
        lambda: start["road"].__setitem__(rng.randrange(28), rng.choice(NEUTRAL_TILES)),
        lambda: start["specials"].__setitem__(rng.choice(("gate", "joust")), out),
        lambda: start.__setitem__("stables", [seat, seat]),
        lambda: start.__setitem__("inn_left", out),
        lambda: start.__setitem__("castle_workers", [seat, seat]),
        lambda: start["castle"][0].extend([seat] * 7),
        lambda: start.__setitem__("castle", [[]]),
        lambda: start.__setitem__("favor_queue", [out]),
        lambda: start.__setitem__("favor_queue", [seat] * 100_000),
        lambda: start.__setitem__("lawyer_pending", [[rng.choice((0, 29, 9)), seat]]),
        lambda: start.__setitem__("favor_lines_used", ["abcd"] * n),
        lambda: start.__setitem__("favor_lines_used", ["aa"] * n),
        lambda: start.__setitem__("batches", [0] * (n + 1)),
        lambda: start.__setitem__("stock", {**start["stock"], rng.choice(list(TILES)): -1}),
        lambda: start.__setitem__("discarded", ["n-farm", "n-farm"]),
        lambda: start.__setitem__("phase", rng.choice((0, 1, 8, 6, 7))),
        lambda: start.__setitem__("cursor", rng.choice((-1, 999, 1000, 10**6))),
        lambda: start.__setitem__("section", rng.choice((3, 4, -1))),
        lambda: start.__setitem__("bailiff", rng.choice((0, 29))),
        lambda: start.__setitem__("provost", rng.choice((0, 29, -5))),
        lambda: start.__setitem__("turn", rng.choice((0, 10**6))),
        lambda: start.__setitem__("over", not start.get("over")),
        lambda: start.__setitem__("decision", None),
        lambda: start.__setitem__(
            "decision",
            {
                "kind": rng.choice(("place", "favor", "produce", "build", "dance", "castle")),
                "seat": rng.choice((seat, out)),
                "at": rng.choice((0, 1, 9, 28, 29, -1)),
                "effect": rng.choice(("", "carpenter", "mason", "lawyer", "moon")),
                "via_favor": rng.random() < 0.5,
            },
        ),
    ]
    with contextlib.suppress(IndexError, KeyError, TypeError, AttributeError):
        rng.choice(edits)()  # an earlier edit may have removed what this one changes


def mutated_record(rng: random.Random) -> bytes:
    """A valid record, damaged: bytes flipped or cut, a field of a wrong type, an inconsistent
    start state, seats or actions out of line. It may come out valid now and then."""
    record = base_record(rng)
    data = record.model_dump(mode="json", exclude_none=rng.random() < 0.5)
    roll = rng.random()
    if roll < 0.3 and data.get("start"):
        for _ in range(rng.randint(1, 2)):
            _crafted(rng, data["start"])
    elif roll < 0.6:
        for _ in range(rng.randint(1, 3)):
            _mutate_node(rng, data)
    elif roll < 0.7:
        kind = rng.randrange(5)
        if kind == 0:
            data["game"] = rng.choice(("chess", "", "CAYLUS", "magna_carta"))
        elif kind == 1:
            data["seats"] = [rng.choice((0, 1, -1, 7)) for _ in range(rng.randrange(5))]
        elif kind == 2 and data["actions"]:
            index = rng.randrange(len(data["actions"]))
            data["actions"][index] = hostile_text(rng, data["actions"])
        elif kind == 3:
            data["options"] = {"players": rng.choice((0, 1, 6, "4", None))}
        else:
            data["setup"] = {"turn_order": [0, 0], "seed": rng.choice((None, -1, "x"))}
    text = json.dumps(data).encode()
    if roll >= 0.7:  # damage the bytes themselves
        text = _damage_bytes(rng, text)
    return text


# --- Magna Carta records ----------------------------------------------------------------------


def _mc_play(rng: random.Random, state: Any, steps: int) -> tuple[Any, list[str], list[int]]:
    """Up to `steps` moves (half the built-in player's, half uniform), with their seats."""
    actions: list[str] = []
    seats: list[int] = []
    for _ in range(steps):
        if state.over:
            break
        seat = magna_carta.deciding_seats(state)[0]
        if rng.random() < 0.5:
            action = magna_carta.choose_action(state, seat, rng)
        else:
            action = rng.choice(magna_carta.legal_actions(state, seat))
        actions.append(str(action))
        seats.append(seat)
        state, _ = magna_carta.apply(state, action, seat)
    return state, actions, seats


def mc_base_record(rng: random.Random) -> GameRecord:
    """A valid Magna Carta record with seats, from a mid-game start state (random options)."""
    players = rng.randint(magna_carta.min_players, magna_carta.max_players)
    variant = rng.choice(("beginner", "standard"))
    state = magna_carta.new_game(
        magna_carta.Options(players=players, variant=variant),  # type: ignore[arg-type]
        magna_carta.Setup(seed=rng.randrange(10**9)),
    )
    start, _, _ = _mc_play(rng, state, rng.randrange(0, 300))
    _, actions, seats = _mc_play(rng, start, rng.randrange(0, 40))
    return GameRecord(game="magna-carta", start=start.model_dump(), actions=actions, seats=seats)


def _mc_crafted(rng: random.Random, start: dict[str, Any]) -> None:
    """One of the damaged or impossible Magna Carta start states a crafted record may carry."""
    n = _seat_count(start)
    seat = rng.randrange(n)
    out = rng.choice((-1, n, n + 7, 10**9))
    cards = list(MC_CARDS)
    edits: list[Callable[[], None]] = [
        lambda: start["players"][seat].__setitem__("deniers", rng.choice((-3, 10**40))),
        lambda: start["players"][seat].__setitem__("shuffles", rng.choice((-1, 10**9))),
        lambda: start["players"][seat].__setitem__("workers", rng.choice((-1, 0, 5, 60))),
        lambda: start["players"][seat]["cubes"].__setitem__(rng.choice("FWSGX"), -1),
        lambda: start["players"][seat]["hand"].extend([rng.choice(cards)] * 15_000),
        lambda: start["players"][seat]["deck"].append(rng.choice((*cards, "dragon"))),
        lambda: start["players"][seat]["tokens"].__setitem__("dungeon", rng.choice((8, -1))),
        lambda: start["players"][seat]["prestige"].append(rng.choice(cards)),
        lambda: start["road"].append(copy.deepcopy(rng.choice(start["road"]))),
        lambda: start["road"][rng.randrange(len(start["road"]))].update(worker=out),
        lambda: start["road"][rng.randrange(len(start["road"]))].update(worker=seat),
        lambda: start["road"][rng.randrange(len(start["road"]))].update(residence=True),
        lambda: start["road"][rng.randrange(len(start["road"]))].update(stored=9),
        lambda: start["road"][rng.randrange(len(start["road"]))].update(cover="statue"),
        lambda: start.__setitem__("phase", rng.choice((0, 1, 3, 6, 7, 99))),
        lambda: start.__setitem__("round", rng.choice((0, 25, 10**9))),
        lambda: start.__setitem__("cursor", rng.choice((-1, 5, 60, 10**6))),
        lambda: start.__setitem__("start_player", out),
        lambda: start.__setitem__("provost", rng.choice((0, 60, None, 1))),
        lambda: start.__setitem__("passed", [seat, seat]),
        lambda: start.__setitem__("passed", list(range(n))),
        lambda: start.__setitem__("waiting", [seat]),
        lambda: start.__setitem__("due_flips", [[rng.randrange(1, 9), seat]]),
        lambda: start.__setitem__("delivered", [10**6] * n),
        lambda: start["tokens"].__setitem__("walls", rng.choice((-1, 9, 10**9))),
        lambda: start.__setitem__("prestige_supply", ["statue", "statue"]),
        lambda: start.__setitem__("over", not start.get("over")),
        lambda: start.__setitem__("last_round", True),
        lambda: start.__setitem__("decision", None),
        lambda: start.__setitem__(
            "decision",
            {
                "kind": rng.choice(("action", "provost", "buy", "lawyer", "church", "castle")),
                "seat": rng.choice((seat, out)),
                "at": rng.choice((0, 1, 4, 5, 9, 60)),
                "part": rng.choice(("", "worker", "owner")),
            },
        ),
    ]
    with contextlib.suppress(IndexError, KeyError, TypeError, AttributeError, ValueError):
        rng.choice(edits)()  # an earlier edit may have removed what this one changes


def mc_mutated_record(rng: random.Random) -> bytes:
    """A valid Magna Carta record, damaged: an impossible start state, a field of a wrong type,
    bytes flipped or cut. It may come out valid now and then."""
    data = mc_base_record(rng).model_dump(mode="json")
    roll = rng.random()
    if roll < 0.6:
        for _ in range(rng.randint(1, 2)):
            _mc_crafted(rng, data["start"])
    elif roll < 0.9:
        for _ in range(rng.randint(1, 3)):
            _mutate_node(rng, data)
    text = json.dumps(data).encode()
    if roll >= 0.9:
        text = _damage_bytes(rng, text)
    return text


def _damage_bytes(rng: random.Random, text: bytes) -> bytes:
    data = bytearray(text)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(6)
        at = rng.randrange(len(data) + 1)
        if op == 0 and data:
            data[min(at, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif op == 1:
            data = data[:at]
        elif op == 2:
            data[at:at] = rng.choice((b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\\ud800"))
        elif op == 3:
            data[at:at] = rng.choice((b",", b"]", b"}", b'"', b"[" * 5000, b"9" * 5000, b"NaN"))
        elif op == 4 and data:
            del data[at : at + rng.randrange(1, 40)]
        else:
            data[at:at] = data[max(0, at - 30) : at]
    return bytes(data)


# --- the `caylus replay` harness -------------------------------------------------------------


class Hang(Exception):
    """Raised into the code under test when its deadline passes."""


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Interrupt the block with Hang after `seconds` (real time; main thread, Unix)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_cli(argv: list[str], seconds: float = 20.0) -> tuple[int, str, str]:
    """`caylus ARGV` in this process: (exit status, stdout, stderr). Hang if too slow."""
    from bot.cli import main

    out, err = io.StringIO(), io.StringIO()
    with deadline(seconds), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit:  # argparse
            status = exit.code if isinstance(exit.code, int) else 1
    return status, out.getvalue(), err.getvalue()


def check_cli_outcome(status: int, out: str, err: str) -> str | None:
    """None if the run kept the contract, else what went wrong."""
    if "Traceback" in err or "Traceback" in out:
        return "traceback"
    if status == 0:
        return None if not err else f"exit 0 with stderr {err[:200]!r}"
    lines = err.splitlines()
    if len(lines) != 1 or not err.endswith("\n"):
        return f"exit {status} with {len(lines)} stderr lines: {err[:300]!r}"
    return None


def fuzz_replay(
    seed: int,
    records: int,
    workdir: Path,
    seconds: float = 20.0,
    make: Callable[[random.Random], bytes] | None = None,
) -> FuzzReport:
    """`records` mutated records (by `make`, default Caylus's `mutated_record`) through
    `caylus replay` in this process."""
    rng = random.Random(seed)
    report = FuzzReport()
    path = workdir / f"record-{seed}-{os.getpid()}.json"
    make = make or mutated_record
    for _ in range(records):
        data = make(rng)
        path.write_bytes(data)
        report.tried += 1
        argv = ["replay", str(path)] + (["--json"] if rng.random() < 0.1 else [])
        try:
            status, out, err = run_cli(argv, seconds)
        except Hang:
            report.hangs += 1
            report.add("hang", data[:300].decode("utf-8", "replace"))
            continue
        except Exception as error:
            report.add(_problem_kind(error), f"{error!r}: {data[:200]!r}")
            continue
        problem = check_cli_outcome(status, out, err)
        if problem is not None:
            report.add(problem.split(" with ")[0], f"{problem}: {data[:200]!r}")
    path.unlink(missing_ok=True)
    return report
