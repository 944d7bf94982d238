"""Layering: engine/ is pure (no discord, PIL, sqlite, asyncio, clock, global random);
render/ draws without discord or sqlite. Checked by scanning the source with ast."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import dev

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


# --- render/: one folder per game, shared modules on top, no cycle, typed --------------------

RENDER_GAMES = ("render.caylus", "render.magna_carta")
MAX_LINES = 600


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_imports(path: Path, modules: set[str]) -> set[str]:
    """The project modules `path` imports anywhere in it (inside functions too), each resolved
    to the longest module name that exists (`from render import theme` -> render.theme and
    render, whose __init__ runs first)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != module_name(path):
                found.add(name)
    return found


def import_graph(*packages: str) -> dict[str, set[str]]:
    """Module -> the project modules it imports (inside functions too), for `packages`."""
    paths = [path for package in packages for path in sources(package)]
    modules = {module_name(path) for path in paths}
    return {module_name(path): project_imports(path, modules) for path in paths}


def render_graph() -> dict[str, set[str]]:
    return import_graph("render")


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle():
    """No module of the product (engine, render, bot, i18n) reaches itself through imports,
    counting those inside functions and a package's __init__ (which every import of one of its
    modules runs first): `from engine.caylus import catalogue` goes through engine.caylus, so a
    game's own modules import `engine.caylus.catalogue` by its full name."""
    assert cycles(import_graph("engine", "render", "bot", "i18n")) == []


def test_import_cycle_finder_finds_a_cycle():
    """The cycle check itself works (a guard against a silently passing test)."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


@pytest.mark.parametrize("path", sources("render"), ids=lambda p: str(p.relative_to(ROOT)))
def test_render_has_no_function_level_imports_of_the_project(path):
    """Imports of the project's own modules are at the top of a render module, where the
    module's dependencies can be read (a function-level import hid the old cycle)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    late = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import | ast.ImportFrom):
                late += [m for m in imported_modules(node) if top(m) in PROJECT]
    assert late == [], f"{path.relative_to(ROOT)} imports {late} inside a function"


PROJECT = {"engine", "render", "bot", "i18n"}


def test_render_top_level_is_shared_by_both_games():
    """The modules at the top of render/ serve both games: none imports a game's render
    package, except the command line, which draws either."""
    graph = render_graph()
    shared = [m for m in graph if not m.startswith(RENDER_GAMES) and m != "render.cli"]
    leaks = {m: sorted(d for d in graph[m] if d.startswith(RENDER_GAMES)) for m in shared}
    assert {m: d for m, d in leaks.items() if d} == {}
    # and a game's pictures never reach into the other game's package
    for game in RENDER_GAMES:
        other = next(g for g in RENDER_GAMES if g != game)
        for module in (m for m in graph if m.startswith(game)):
            assert not [d for d in graph[module] if d.startswith(other)], module


def test_render_game_modules_do_not_import_their_package_init():
    """Inside a game's package, modules import each other by their full names, never the
    package itself (`render.caylus`), whose __init__ imports them: that would be a cycle."""
    graph = render_graph()
    for game in RENDER_GAMES:
        for module in (m for m in graph if m.startswith(game + ".")):
            assert game not in graph[module], module


@pytest.mark.parametrize("path", sources("render"), ids=lambda p: str(p.relative_to(ROOT)))
def test_render_files_stay_under_600_lines(path):
    lines = path.read_text().count("\n")
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines"


def test_render_passes_mypy_strict():
    """`mypy --strict render` (what `dev.py lint` runs) finds nothing, and no `type: ignore`
    hides an error in render/ (Pillow's stubs included)."""
    assert "render" in dev.TYPED
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "render"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    ignored = [p.relative_to(ROOT) for p in sources("render") if "type: ignore" in p.read_text()]
    assert ignored == []


# --- bot/discord/: speaks Discord, never the rules engine -------------------------------------


@pytest.mark.parametrize("path", sources("bot/discord"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_discord_layer_imports_no_engine(path):
    """The cogs word and post what the service gives them (bot/service/show.py): no module
    of the Discord layer imports the engine, at the top or inside a function."""
    tree = ast.parse(path.read_text(), filename=str(path))
    bad = {m for m in imported_modules(tree) if top(m) == "engine"}
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_engine_import_scanner_sees_imports_inside_functions():
    tree = ast.parse("def f():\n    from engine.errors import EngineError\n    import engine\n")
    assert {m for m in imported_modules(tree) if top(m) == "engine"} == {
        "engine.errors",
        "engine",
    }


# --- bot/web/: the web pages, over the game service, never the rules engine -------------------


@pytest.mark.parametrize("path", sources("bot/web"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_web_layer_imports_no_engine_and_no_discord(path):
    """The web layer (docs/web.md) calls the game service like the Discord layer does: no
    module of it imports the engine or discord.py, at the top or inside a function."""
    tree = ast.parse(path.read_text(), filename=str(path))
    bad = {m for m in imported_modules(tree) if top(m) in ("engine", "discord")}
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_nothing_below_the_web_layer_imports_it():
    """Only the bot's start (bot/app.py) and the command line reach the web layer: the service,
    the store, the games and the Discord layer know nothing of it."""
    graph = import_graph("engine", "render", "bot", "i18n")
    users = sorted(m for m, deps in graph.items() if any(d.startswith("bot.web") for d in deps))
    assert [u for u in users if not u.startswith("bot.web")] == ["bot.app", "bot.cli"]
