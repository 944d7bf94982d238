"""Long fuzz runs: the fuzzers of tests/test_fuzz_engine.py and tests/test_fuzz_records.py at
any size. Prints one JSON object: inputs tried, unexpected exceptions (with the first few
distinct ones), other contract violations, hangs, seconds.

    python bench/bench_fuzz.py --inputs 2000000 --records 200000 --seed 1 --jobs 2
    (about half an hour; at the defaults, 200,000 inputs and 20,000 records on one job,
    about 3 minutes)

Engine: states from seeded random games of every configuration, each taking
`--inputs-per-state` hostile texts, hand-built actions and seats through parse_action and
apply. Records: mutated records through `caylus replay` in-process, each under a deadline
(a record that takes longer counts as a hang). The target is zero of everything but `tried`.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz_inputs import FuzzReport, fuzz_engine, fuzz_replay

CONTRACT_KINDS = (
    "parse round trip",
    "unreadable message",
    "inconsistent result",
    "input state changed",
    "exit 0",
    "exit 1",
    "exit 2",
)


def _engine_job(job: tuple[int, int, int]) -> FuzzReport:
    seed, states, per_state = job
    return fuzz_engine(seed, states, per_state)


def _records_job(job: tuple[int, int, float]) -> FuzzReport:
    seed, records, deadline = job
    with tempfile.TemporaryDirectory() as workdir:
        return fuzz_replay(seed, records, Path(workdir), seconds=deadline)


def _split(total: int, parts: int) -> list[int]:
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


def _merge(reports: list[FuzzReport]) -> FuzzReport:
    merged = FuzzReport()
    for report in reports:
        merged.tried += report.tried
        merged.problems += report.problems
        merged.hangs += report.hangs
        merged.kinds.update(report.kinds)
        for kind, example in report.examples.items():
            merged.examples.setdefault(kind, example)
    return merged


def _summary(report: FuzzReport, seconds: float) -> dict[str, object]:
    def contract(kind: str) -> bool:
        return kind.startswith(CONTRACT_KINDS) or kind == "traceback"

    unexpected = Counter({k: v for k, v in report.kinds.items() if not contract(k) and k != "hang"})
    violations = Counter({k: v for k, v in report.kinds.items() if contract(k)})
    return {
        "tried": report.tried,
        "unexpected_exceptions": sum(unexpected.values()),
        "contract_violations": sum(violations.values()),
        "hangs": report.hangs,
        "first_problems": report.first(5),
        "seconds": round(seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=200_000, help="engine inputs in all")
    parser.add_argument("--inputs-per-state", type=int, default=200)
    parser.add_argument("--records", type=int, default=20_000, help="mutated records in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes to spread the work on")
    parser.add_argument("--deadline", type=float, default=60.0, help="seconds per record")
    args = parser.parse_args()
    jobs = max(1, args.jobs)
    result: dict[str, object] = {"seed": args.seed, "jobs": jobs}
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        started = time.perf_counter()
        states = -(-args.inputs // args.inputs_per_state)  # enough states for the inputs
        engine_jobs = [
            (args.seed * 1000 + i, count, args.inputs_per_state)
            for i, count in enumerate(_split(states, jobs * 8))
            if count
        ]
        engine = _merge(pool.map(_engine_job, engine_jobs))
        result["engine"] = _summary(engine, time.perf_counter() - started)
        started = time.perf_counter()
        record_jobs = [
            (args.seed * 1000 + 500 + i, count, args.deadline)
            for i, count in enumerate(_split(args.records, jobs * 8))
            if count
        ]
        records = _merge(pool.map(_records_job, record_jobs))
        result["records"] = _summary(records, time.perf_counter() - started)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
