"""Layering: engine/ is pure (no discord, PIL, sqlite, asyncio, clock, global random);
render/ draws without discord or sqlite. Checked by scanning the source with ast."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE_FORBIDDEN = {"discord", "PIL", "sqlite3", "aiosqlite", "asyncio", "time", "datetime"}
RENDER_FORBIDDEN = {"discord", "sqlite3", "aiosqlite"}
# the seeded generator class is fine; module-level (global-state) random functions are not
RANDOM_ALLOWED = {"Random"}


def sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def imported_modules(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def top(name: str) -> str:
    return name.split(".")[0]


def random_violations(tree: ast.AST) -> list[str]:
    problems = []
    random_aliases = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            random_aliases |= {a.asname or a.name for a in node.names if a.name == "random"}
        elif isinstance(node, ast.ImportFrom) and node.module == "random":
            bad = [a.name for a in node.names if a.name not in RANDOM_ALLOWED]
            if bad:
                problems.append(f"line {node.lineno}: from random import {', '.join(bad)}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in random_aliases
            and node.attr not in RANDOM_ALLOWED
        ):
            problems.append(f"line {node.lineno}: random.{node.attr} (global generator)")
    return problems


def test_engine_sources_exist():
    assert sources("engine"), "engine/ has no Python files"


@pytest.mark.parametrize("path", sources("engine"), ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_imports_nothing_impure(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    bad = {m for m in imported_modules(tree) if top(m) in ENGINE_FORBIDDEN}
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"
    assert not {m for m in imported_modules(tree) if top(m) in ("bot", "render")}


@pytest.mark.parametrize("path", sources("engine"), ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_uses_no_global_random(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    assert random_violations(tree) == []


@pytest.mark.parametrize("path", sources("render"), ids=lambda p: str(p.relative_to(ROOT)))
def test_render_imports_no_discord_or_sqlite(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    bad = {m for m in imported_modules(tree) if top(m) in RENDER_FORBIDDEN}
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"
    assert not {m for m in imported_modules(tree) if top(m) == "bot"}


def test_scanner_catches_forbidden_things():
    """The scanner itself works (a guard against a silently passing layer test)."""
    tree = ast.parse("import random\nimport time\nx = random.choice([1])\nr = random.Random(1)\n")
    assert "time" in imported_modules(tree)
    assert random_violations(tree) == ["line 3: random.choice (global generator)"]
    tree = ast.parse("from random import shuffle\n")
    assert random_violations(tree)
    tree = ast.parse("from discord.ext import commands\n")
    assert top(next(iter(imported_modules(tree)))) == "discord"


# SQL as this code base writes it (upper-case keywords); English prose never has these shapes.
SQL_SHAPES = re.compile(
    r"\bSELECT\b.+\bFROM\b|\bSELECT\s+(?:\d|\w+\()|\bINSERT\s+INTO\b|\bUPDATE\s+\w+\s+SET\b"
    r"|\bDELETE\s+FROM\b|\bON\s+CONFLICT\b|\bPRAGMA\s+\w+|\b(?:CREATE|DROP|ALTER)\s+TABLE\b",
    re.DOTALL,
)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes (prose: it may name a statement it explains)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def sql_statements(tree: ast.AST) -> list[str]:
    """The SQL statements written in a module's code: each string constant or f-string (an
    f-string's literal parts joined) that has the shape of SQL, with its line."""
    skip = _docstrings(tree)
    inside_fstrings = {
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        for part in node.values
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(
                p.value
                for p in node.values
                if isinstance(p, ast.Constant) and isinstance(p.value, str)
            )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in skip or id(node) in inside_fstrings:
                continue
            text = node.value
        else:
            continue
        if SQL_SHAPES.search(text):
            found.append(f"line {node.lineno}: {' '.join(text.split())[:80]}")
    return found


def outside_the_store() -> list[Path]:
    return [p for p in sources("bot") if (ROOT / "bot" / "store") not in p.parents]


def test_no_sql_outside_the_store():
    """Every statement is a named method of the store (bot/store/, docs/store.md): the clock,
    the service and the cogs say what they want, never how the tables hold it."""
    found = {
        str(path.relative_to(ROOT)): statements
        for path in outside_the_store()
        if (statements := sql_statements(ast.parse(path.read_text(), filename=str(path))))
    }
    assert not found, f"SQL outside bot/store/: {found}"


def test_sql_scanner_catches_statements_and_spares_prose():
    """The scanner itself works: statements in strings and f-strings are found, docstrings and
    English sentences are not."""
    code = (
        '"""Select a building from the list; update the board."""\n'
        'a = "SELECT seat FROM clock_seats WHERE game_id = ?"\n'
        'b = f"UPDATE clock_settings SET {names}, updated_at = ? WHERE game_id = ?"\n'
        'c = ("INSERT INTO t (a) VALUES (?) "\n     "ON CONFLICT DO NOTHING")\n'
        'd = "DELETE FROM plans WHERE game_id = ?"\n'
        'e = "Select who may play from this channel; then insert into the lobby."\n'
        'def f():\n    """Runs SELECT x FROM y."""\n'
        "g = \"SELECT to_regclass('schema_migrations')\"\n"
    )
    found = sql_statements(ast.parse(code))
    assert [line.split(":")[0] for line in found] == [
        "line 2",
        "line 3",
        "line 4",
        "line 6",
        "line 10",
    ], found
    assert len(sql_statements(ast.parse((ROOT / "bot/store/base.py").read_text()))) > 20
