"""Crash safety: a process appending actions is killed with SIGKILL at random moments, many
times; after each kill every acknowledged action is in the log, the log replays and the
snapshot is exactly its replay. At the end the service reopens every game without repairs."""

from __future__ import annotations

import logging
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.service import GameService
from engine import caylus
from engine.record import GameRecord, replay

WORKER = Path(__file__).resolve().parent / "store_crash_worker.py"
KILLS = 24
BUDGET_SECONDS = 25.0


def _check_database(path: Path, acked: set[tuple[int, int]]) -> int:
    """Check the file directly with sqlite3 (no repair). Returns the number of logged actions."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        logged = set(conn.execute("SELECT game_id, seq FROM actions"))
        missing = acked - logged
        assert not missing, f"acknowledged but lost: {sorted(missing)[:10]}"
        games = conn.execute(
            "SELECT id, kind, options, setup, seq, snapshot, status FROM games "
            "WHERE setup IS NOT NULL"
        ).fetchall()
        for gid, kind, options, setup, seq, snapshot, status in games:
            actions = [
                r[0]
                for r in conn.execute(
                    "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (gid,)
                )
            ]
            seqs = [
                r[0]
                for r in conn.execute(
                    "SELECT seq FROM actions WHERE game_id = ? ORDER BY seq", (gid,)
                )
            ]
            assert seqs == list(range(1, len(seqs) + 1)) and seq == len(seqs)
            record = GameRecord.model_validate_json(
                f'{{"game": "{kind}", "options": {options}, "setup": {setup}, "actions": []}}'
            )
            record.actions = actions
            result = replay(record)
            assert result.ok, result.failure
            assert caylus.state_from_json(snapshot) == result.state, f"game {gid}"
            assert (status == "finished") == result.state.over
        return len(logged)
    finally:
        conn.close()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
async def test_sigkill_at_random_moments(tmp_path: Path, caplog) -> None:
    path = tmp_path / "crash.db"
    rng = random.Random(2024)
    acked: set[tuple[int, int]] = set()
    started = time.monotonic()
    kills = 0
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    while kills < KILLS and time.monotonic() - started < BUDGET_SECONDS:
        proc = subprocess.Popen(
            [sys.executable, str(WORKER), str(path), str(kills)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        try:
            if kills % 4 != 3:  # mostly mid-play; every fourth time anywhere, even in open()
                line = proc.stdout.readline()
                assert line.strip() == "ready", (line, proc.stderr.read())
            time.sleep(rng.uniform(0.0, 0.3))
        finally:
            proc.send_signal(signal.SIGKILL)
            out, errors = proc.communicate(timeout=10)
        assert proc.returncode == -signal.SIGKILL, errors
        for line in out.splitlines():
            parts = line.split()
            assert parts[:1] != ["error"], line
            if len(parts) == 3 and parts[0] == "ack":
                acked.add((int(parts[1]), int(parts[2])))
        kills += 1
        logged = _check_database(path, acked)
        assert logged >= len(acked)
    print(f"crash test: {kills} kills, {len(acked)} acknowledged actions")
    assert kills >= 12, f"only {kills} kills in the time budget"
    assert len(acked) > 100  # the worker did real work between kills

    # reopening through the service: every game loads, nothing needed repair
    async with await GameService.open(path) as svc:
        with caplog.at_level(logging.WARNING, logger="bot.service"):
            for row in await svc.store.games(limit=10_000):
                game = await svc.game(row.id)
                assert game.seq == row.seq
        assert "replacing the snapshot" not in caplog.text
