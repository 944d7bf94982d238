"""Recorded seeded Caylus games (tests/golden/caylus_*.json): the guard of the rules engine.

Each file holds a game record in the project's format (engine/record.py: options, explicit
setup, actions, seats), a short digest of the state JSON after the setup and after every action,
a digest of every action's events, the full final state, and the error messages of a sample of
illegal moves at recorded states. test_golden_games.py replays every record and checks that each
state, each event list and each error is what the engine produced when the record was made.

The records were made from the engine as it stood before the two Caylus rule sets became one;
remake them (`python -m tests.caylus_golden`) only for a deliberate change of the rules, and say
so in the commit.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from engine import caylus
from engine.errors import EngineError
from engine.protocol import Event
from engine.record import GameRecord, initial_state, record_for

GOLDEN = Path(__file__).resolve().parent / "golden"

# (name, players, favor_mode, tile_set, seed, share of moves by the built-in player)
GAMES: tuple[tuple[str, int, str, str, int, float], ...] = (
    ("caylus_2p_full_revised_builtin", 2, "full", "revised", 11, 1.0),
    ("caylus_2p_simplified_first_random", 2, "simplified", "first", 12, 0.0),
    ("caylus_3p_full_first_mixed", 3, "full", "first", 13, 0.5),
    ("caylus_3p_simplified_revised_builtin", 3, "simplified", "revised", 14, 1.0),
    ("caylus_4p_full_revised_random", 4, "full", "revised", 15, 0.0),
    ("caylus_4p_full_revised_builtin", 4, "full", "revised", 16, 1.0),
    ("caylus_4p_simplified_first_mixed", 4, "simplified", "first", 17, 0.5),
    ("caylus_5p_full_revised_mixed", 5, "full", "revised", 18, 0.5),
    ("caylus_5p_full_first_builtin", 5, "full", "first", 19, 1.0),
    ("caylus_5p_simplified_revised_random", 5, "simplified", "revised", 20, 0.0),
)

# Moves tried at sampled states; those not legal there are recorded with their error message.
PROBES = (
    "pass",
    "skip",
    "place 7",
    "place 12",
    "place castle",
    "place stables",
    "place inn",
    "place gate",
    "gate 9",
    "gate castle",
    "provost +3",
    "provost -3",
    "take F",
    "build food-farm",
    "build park W",
    "build bank",
    "build jeweller",
    "build stone-farm",
    "build statue @8",
    "lawyer 3",
    "sell G",
    "buy WW",
    "pay 2d",
    "pay CCC",
    "batch FWS",
    "favor c5",
    "favor d4",
    "exchange F WW",
    "inn leave",
    "joust",
)
PROBE_EVERY = 7  # a sample of the states: every seventh one
PROBES_AT_ONCE = 6  # and at each, six of the probes in turn (all of them every few states)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def state_digest(state: caylus.State) -> str:
    return digest(state.model_dump_json())


def event_digest(events: list[Event]) -> str:
    """Every field of every event (the bot narrates them), in order."""
    return digest(json.dumps([dataclasses.astuple(e) for e in events], sort_keys=True))


def probe_errors(state: caylus.State, index: int) -> list[list[Any]]:
    """[state index, move, seat, error class, message] for the probes not legal at `state`."""
    d = state.decision
    if d is None:
        return []
    legal = {str(a) for a in caylus.legal_actions(state, d.seat)}
    found: list[list[Any]] = []
    first = (index // PROBE_EVERY * PROBES_AT_ONCE) % len(PROBES)
    for text in (PROBES * 2)[first : first + PROBES_AT_ONCE]:
        if text in legal:
            continue
        try:
            caylus.apply(state, text, d.seat)
        except EngineError as error:
            found.append([index, text, d.seat, type(error).__name__, str(error)])
        else:
            raise AssertionError(f"'{text}' was applied but is not among the legal actions")
    other = (d.seat + 1) % state.n
    for text in (str(caylus.legal_actions(state, d.seat)[0]),):
        try:
            caylus.apply(state, text, other)
        except EngineError as error:
            found.append([index, text, other, type(error).__name__, str(error)])
    return found


def make(name: str, players: int, mode: str, tiles: str, seed: int, builtin: float) -> dict:
    """Play the game and what it records (see the module docstring)."""
    rng = random.Random(seed)
    options = caylus.Options(players=players, favor_mode=mode, tile_set=tiles)  # type: ignore[arg-type]
    start = caylus.new_game(options, caylus.Setup(seed=seed))
    state = start
    actions: list[str] = []
    seats: list[int] = []
    states = [state_digest(state)]
    events: list[str] = []
    errors = probe_errors(state, 0)
    while not state.over:
        seat = state.decision.seat  # type: ignore[union-attr]
        if rng.random() < builtin:
            action = caylus.choose_action(state, seat, rng)
        else:
            legal = caylus.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        state, said = caylus.apply(state, action, seat)
        actions.append(str(action))
        seats.append(seat)
        states.append(state_digest(state))
        events.append(event_digest(said))
        if len(actions) % PROBE_EVERY == 0:
            errors += probe_errors(state, len(actions))
    return {
        "name": name,
        "record": record_for(start, actions, seats).model_dump(),
        "states": states,
        "events": events,
        "errors": errors,
        "final": json.loads(state.model_dump_json()),
    }


def load(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text())


def replay_problems(golden: dict) -> list[str]:
    """Where replaying `golden` differs from what was recorded (empty: identical)."""
    record = GameRecord.model_validate(golden["record"])
    state = initial_state(record)
    name = golden["name"]
    problems: list[str] = []
    probes: dict[int, list[list[Any]]] = {}
    for entry in golden["errors"]:
        probes.setdefault(entry[0], []).append(entry)

    def check_probes(index: int, state: caylus.State) -> None:
        for _, text, seat, kind, message in probes.get(index, []):
            try:
                caylus.apply(state, text, seat)
            except EngineError as error:
                if (type(error).__name__, str(error)) != (kind, message):
                    problems.append(
                        f"{name} state {index}: '{text}' by seat {seat} now fails with "
                        f"{type(error).__name__}: {error} (recorded {kind}: {message})"
                    )
            else:
                problems.append(f"{name} state {index}: '{text}' by seat {seat} was applied")

    if state_digest(state) != golden["states"][0]:
        problems.append(f"{name}: the starting state differs")
    check_probes(0, state)
    for index, (text, seat) in enumerate(zip(record.actions, record.seats or [], strict=True)):
        state, events = caylus.apply(state, text, seat)
        if state_digest(state) != golden["states"][index + 1]:
            problems.append(f"{name}: the state after action {index} '{text}' differs")
            break
        if event_digest(events) != golden["events"][index]:
            problems.append(f"{name}: the events of action {index} '{text}' differ")
        check_probes(index + 1, state)
    if not problems and json.loads(state.model_dump_json()) != golden["final"]:
        problems.append(f"{name}: the final state differs")
    return problems


def main() -> None:
    for spec in GAMES:
        golden = make(*spec)
        path = GOLDEN / f"{spec[0]}.json"
        path.write_text(json.dumps(golden, separators=(",", ":"), ensure_ascii=False) + "\n")
        print(f"{path.name}: {len(golden['states']) - 1} actions, {len(golden['errors'])} errors")


if __name__ == "__main__":
    sys.exit(main())
