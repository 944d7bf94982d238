"""Layering: engine/ is pure (no discord, PIL, sqlite, asyncio, clock, global random);
render/ draws without discord or sqlite. Checked by scanning the source with ast."""

from __future__ import annotations

import ast
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
