"""No user-facing string is built outside the catalogues (docs/i18n.md): a scan of the bot and
render code for English sentences in string literals.

What counts: a string literal with two words or more, outside docstrings, log calls, SQL, the
catalogue modules themselves and the command line (which an operator reads in a terminal).
Files still holding such words are listed in NOT_YET with how many: the list may only shrink.
A file not on it must have none; a listed file may not gain any.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from i18n.catalogue import SOURCES

ROOT = Path(__file__).resolve().parent.parent
WORDS = re.compile(r"[A-Za-z]{2,},? +[A-Za-z]{2,}")
SQL = re.compile(r"\b(SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA|WHERE|ORDER BY|FROM)\b")
NOTATION = {"gate back", "inn stay", "inn leave", "castle all"}  # actions in notation, not words
# A programmer's error (never shown to a player: the error handler apologises instead).
INTERNAL_ERRORS = {
    "TypeError",
    "ValueError",
    "RuntimeError",
    "AssertionError",
    "KeyError",
    "LookupError",
    "NotImplementedError",
    "DamagedRow",
}
CATALOGUES = {name.replace(".", "/") + ".py" for name in SOURCES}
# Read by the operator (terminal, logs) or machine text (SQL, ids), not by players; so are
# bot/store/ (the database's errors reach the operator's log) and bot/metrics/ (the metrics'
# help texts, read in Prometheus, and discord.py's log lines it counts).
NOT_FOR_PLAYERS = {
    "bot/cli.py",
    "bot/service/copy_db.py",  # `caylus copy-db`'s console lines
    "render/cli.py",
    "bot/discord/logsafe.py",
    "bot/settings.py",
    "bot/app.py",
    "render/caylus/sample.py",
    "render/magna_carta/sample.py",
}
LOG_CALLS = {"debug", "info", "warning", "error", "exception", "critical", "log"}
# Files still holding English built in code, with how many strings (docs/i18n.md, "What is not
# translated yet"): the numbers may only go down. Empty now: every file is translated.
NOT_YET: dict[str, int] = {}


def english_literals(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), filename=str(path))
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            skip.add(id(body[0].value))  # a docstring
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            if getattr(func, "id", getattr(func, "attr", "")) in INTERNAL_ERRORS:
                for inner in ast.walk(node):
                    skip.add(id(inner))
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in LOG_CALLS or name in {
                "execute",
                "query",
                "fetchone",
                "_all",
                "executescript",
            }:
                for inner in ast.walk(node):
                    skip.add(id(inner))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = re.sub(r"\{[^{}]*\}", " ", node.value)
            if node.value in NOTATION:
                continue
            if WORDS.search(text) and not SQL.search(text):
                found.append((node.lineno, node.value))
    return found


def counts() -> dict[str, list[tuple[int, str]]]:
    out = {}
    for package in ("bot", "render"):
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            if (
                rel in CATALOGUES
                or rel in NOT_FOR_PLAYERS
                or rel.startswith(("bot/store/", "bot/metrics/"))
            ):
                continue
            found = english_literals(path)
            if found:
                out[rel] = found
    return out


def test_no_english_is_built_outside_the_catalogues():
    problems = []
    for rel, found in counts().items():
        allowed = NOT_YET.get(rel, 0)
        if len(found) > allowed:
            shown = "; ".join(f"{line}: {text[:60]!r}" for line, text in found[:8])
            problems.append(f"{rel}: {len(found)} English strings (at most {allowed}): {shown}")
    assert problems == [], "\n".join(problems)


def test_the_list_of_files_not_yet_translated_only_shrinks():
    now = {rel: len(found) for rel, found in counts().items()}
    stale = {rel: n for rel, n in NOT_YET.items() if now.get(rel, 0) < n}
    assert stale == {}, f"lower these counts in NOT_YET: {now}"
