"""What the benchmarks share: CPU time with its spread (wall time beside it, labelled), and one
name and one choice for the sampled game state the picture benchmarks time.

CPU time (`time.process_time`, every thread of the process) is what a benchmark's figure is:
on a shared machine wall time grows with everything else that runs, CPU time much less. The
spread (min / median / max over the runs) says how much a figure may be trusted.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

# The one mid-game state the picture benchmarks draw (bench_render.py, bench_phone.py): the
# first decision of turn 8's second phase of a seeded random 5-player Caylus game.
CAYLUS_SAMPLE = {"seed": 3, "players": 5, "turn": 8, "phase": 2}


def spread(samples: list[float], digits: int = 1) -> dict[str, float]:
    """min / median / max of `samples`, rounded."""
    return {
        "min": round(min(samples), digits),
        "median": round(statistics.median(samples), digits),
        "max": round(max(samples), digits),
    }


def timed_ms(action: Callable[[], Any], runs: int) -> dict[str, Any]:
    """`action` run `runs` times: its CPU milliseconds (min / median / max) and, labelled apart,
    the median wall milliseconds."""
    cpu: list[float] = []
    wall: list[float] = []
    for _ in range(runs):
        cpu_started, wall_started = time.process_time(), time.perf_counter()
        action()
        cpu.append((time.process_time() - cpu_started) * 1000)
        wall.append((time.perf_counter() - wall_started) * 1000)
    return {"cpu_ms": spread(cpu), "wall_ms_median": round(statistics.median(wall), 1)}


class Stopwatch:
    """CPU and wall seconds of a `with` block."""

    def __enter__(self) -> Stopwatch:
        self._cpu, self._wall = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *_: object) -> None:
        self.cpu_s = time.process_time() - self._cpu
        self.wall_s = time.perf_counter() - self._wall


def caylus_state_name(players: int, seed: int, turn: int, phase: int) -> str:
    """How every benchmark names a sampled Caylus state."""
    return f"Caylus, {players} players, seed {seed}, turn {turn} phase {phase}"


def magna_carta_state_name(players: int, rules: str, seed: int, round_: int, phase: int) -> str:
    """How every benchmark names a sampled Magna Carta state."""
    return (
        f"Magna Carta, {players} players, {rules} rules, seed {seed}, round {round_} phase {phase}"
    )
