"""`caylus bot` at start-up: every problem is one clear line and a non-zero exit, never a
traceback; and what the process logs never contains a token."""

from __future__ import annotations

import io
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.discord.logsafe import REDACTED, RedactingFilter, install, redact
from bot.store import open_store

INTERACTION_TOKEN = (
    "aW50ZXJhY3Rpb246MTQ1NjA3NDQ0Mzk4MDgwMDAxMjp1SDRmR0xtY2VwQjJ3a2hPbE1YZEtQb3dHZ3Bq"
    "Z2NhYlZsZ3JvMzVTTm1ZaGVKc2xxdUZ3ZTNZT3BtUzdJbUdIRm1pcnA3cE5ZQ0l6a2RvQ2hGQ0d5"
)
BOT_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GabcDE.abcdefghijklmnopqrstuvwxyz0123456789AB"


def run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """`caylus bot` in a clean environment (no .env from the repository)."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("CAYLUS_", "DISCORD_"))}
    base.update(
        {
            "CAYLUS_DISCORD_TOKEN": BOT_TOKEN,
            "CAYLUS_DATABASE": str(tmp_path / "caylus.sqlite3"),
            "CAYLUS_DB_LOCK_WAIT": "0",
            "PYTHONPATH": str(Path(__file__).resolve().parent.parent),
        }
    )
    base.update(env)
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", "bot"],
        cwd=tmp_path,
        env=base,
        capture_output=True,
        text=True,
        timeout=120,
    )


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_bad_setting_is_one_line(tmp_path: Path) -> None:
    line = one_line(run_bot(tmp_path, CAYLUS_CLOCK_TICK_SECONDS="1"))
    assert "CAYLUS_CLOCK_TICK_SECONDS" in line and "not valid" in line


def test_bad_log_level_is_one_line(tmp_path: Path) -> None:
    line = one_line(run_bot(tmp_path, CAYLUS_LOG_LEVEL="LOUD"))
    assert "CAYLUS_LOG_LEVEL" in line


def test_not_a_database_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "caylus.sqlite3").write_bytes(b"\x00garbage" * 1000)
    line = one_line(run_bot(tmp_path))
    assert "is not a SQLite database" in line


def test_database_from_a_newer_version_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "caylus.sqlite3"
    import asyncio

    asyncio.run(_make(path))
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO schema_migrations VALUES (99, 'future', 0)")
    line = one_line(run_bot(tmp_path))
    assert "newer than this code" in line


async def _make(path: Path) -> None:
    store = await open_store(path)
    await store.close()


def test_database_in_use_by_another_bot_is_one_line(tmp_path: Path) -> None:
    import asyncio

    async def hold() -> subprocess.CompletedProcess[str]:
        store = await open_store(tmp_path / "caylus.sqlite3", exclusive=True)
        try:
            return await asyncio.to_thread(run_bot, tmp_path)
        finally:
            await store.close()

    line = one_line(asyncio.run(hold()))
    assert "in use by another bot process" in line and f"pid {os.getpid()}" in line


def test_discord_unreachable_or_refusing_is_one_line(tmp_path: Path) -> None:
    """Without a network this machine cannot reach Discord; with one, Discord refuses the made-up
    token. Either way: one line, no traceback, and the database was opened and checked."""
    line = one_line(run_bot(tmp_path, CAYLUS_LOG_LEVEL="CRITICAL"))
    assert "cannot reach Discord" in line or "refused the token" in line
    assert (tmp_path / "caylus.sqlite3").exists()


# --- secrets in logs ---------------------------------------------------------------------------


def test_discord_debug_lines_lose_their_tokens() -> None:
    """The shapes discord.py logs at DEBUG: a whole gateway event, an interaction callback URL,
    a follow-up webhook URL; and the bot token wherever it would appear."""
    event = {
        "t": "INTERACTION_CREATE",
        "d": {"id": "1456074443980800012", "token": INTERACTION_TOKEN, "type": 3},
    }
    lines = [
        f"For Shard ID None: WebSocket Event: {event}",
        f'{{"op": 0, "d": {{"token": "{INTERACTION_TOKEN}"}}}}',
        f"POST https://discord.com/api/v10/interactions/1456074443980800012/{INTERACTION_TOKEN}"
        "/callback with {'type': 5} has returned 204",
        f"Webhook ID 1456 with PATCH https://discord.com/api/v10/webhooks/1456/"
        f"{INTERACTION_TOKEN}/messages/@original has returned status code 200",
        f"Authorization: Bot {BOT_TOKEN}",
        f"a token alone {BOT_TOKEN} and {INTERACTION_TOKEN}",
    ]
    for line in lines:
        clean = redact(line)
        assert INTERACTION_TOKEN not in clean and BOT_TOKEN not in clean, clean
        assert REDACTED in clean
    assert redact("place 7 by alice") == "place 7 by alice"  # ordinary text untouched


def test_every_level_and_exception_text_is_redacted() -> None:
    stream = io.StringIO()
    logger = logging.getLogger("test.redaction")
    logger.propagate = False
    handler = logging.StreamHandler(stream)
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    install(["my-secret-token"], logger)
    try:
        logger.debug("WebSocket Event: %s", {"token": INTERACTION_TOKEN})
        logger.warning("token is my-secret-token")
        try:
            raise RuntimeError(f"failed at /webhooks/1/{INTERACTION_TOKEN}/messages")
        except RuntimeError:
            logger.exception("posting failed")
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert INTERACTION_TOKEN not in text and "my-secret-token" not in text
    assert text.count(REDACTED) >= 3


def test_filter_keeps_bad_format_strings_to_the_handler() -> None:
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "%s %s", ("one",), None)
    assert RedactingFilter().filter(record)


@pytest.mark.parametrize("level", ["DEBUG", "INFO"])
async def test_a_whole_game_at_debug_logs_no_interaction_token(
    tmp_path: Path, level: str, caplog
) -> None:
    """The bot's own logging at DEBUG through a simulated game: the root handlers carry the
    filter, and no interaction token of any interaction appears in what they write."""
    from tests.discord_harness import table
    from tests.test_discord_clock import start_game

    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    root = logging.getLogger()
    root.addHandler(handler)
    install([], root)
    old = root.level
    root.setLevel(level)
    tokens: list[str] = []
    try:
        async with table(tmp_path, 2, seed=1, render_boards=False) as tb:
            tb.env._register_dispatch_observer(lambda i: tokens.append(i.token))
            await start_game(tb, 2)
            for _ in range(6):
                await tb.step()
            logging.getLogger("discord.gateway").debug(
                "For Shard ID %s: WebSocket Event: %s", None, {"d": {"token": tokens[-1]}}
            )
    finally:
        root.removeHandler(handler)
        root.setLevel(old)
    text = stream.getvalue()
    assert tokens and text
    assert not [tok for tok in tokens if tok and tok in text]
