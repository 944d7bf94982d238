"""Which build of the engine's core runs: the modules compiled with mypyc (`python -m
engine.compile`) when they were built from today's sources, else the same source as pure Python.

The compiled modules live apart from the source, in `build/compiled/` (a stamp there holds the
digest of the sources they were built from); a package (`engine` itself, each game, the
players) puts that folder ahead of its own in its `__path__` (`package_path`), so a compiled
module shadows its source only while the two agree: a source edited since the build runs as
Python until the next build. Setting `CAYLUS_PURE_ENGINE=1` runs the pure modules whatever was
built (the CI runs the rules tests both ways).
"""

from __future__ import annotations

import hashlib
import os
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "compiled"
STAMP = BUILD / "STAMP"
PURE_VARIABLE = "CAYLUS_PURE_ENGINE"

# The rules cores: the in-place game and what it plays with. The pydantic models (state,
# actions) and the immutable API over the game (rules.py) stay Python: they are the boundary,
# where hostile input (a seat of None, a hand-built action) must get the engine's own errors,
# not the TypeError a compiled function raises for an argument of the wrong type.
CORE_MODULES: tuple[str, ...] = (
    "engine.events",  # every game's Event: the cores make a few per action
    "engine.caylus.codes",
    "engine.caylus.core",
    "engine.caylus.activation",
    "engine.caylus.decisions",
    "engine.caylus.fast_game",
    "engine.caylus.backing",  # the immutable API's part that runs at every move
    "engine.magna_carta.catalogue",
    "engine.magna_carta.decision_kinds",
    "engine.magna_carta.state",
    "engine.magna_carta.play",
    "engine.magna_carta.phases",
    "engine.magna_carta.activation",
    "engine.magna_carta.explain",
    "engine.magna_carta.rules",
    "engine.magna_carta.view",
    "engine.magna_carta.player",
    "engine.magna_carta.ai",
    # the automated players' search over it
    "engine.caylus.easy",
    "engine.caylus.evaluation",
    "engine.caylus.ai",
    "engine.players.mcts",
)


def source_file(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def digest() -> str:
    """What a build must match: the interpreter's extension ABI, the modules compiled, and every
    source of the engine (a compiled module may have read a constant of one it imports)."""
    h = hashlib.sha256()
    h.update(str(sysconfig.get_config_var("EXT_SUFFIX")).encode())
    h.update(" ".join(CORE_MODULES).encode())
    engine = ROOT / "engine"
    for path in sorted(engine.rglob("*.py")):
        h.update(str(path.relative_to(engine)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def _built_and_current() -> bool:
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return False
    return build_is_current()


def build_is_current() -> bool:
    """The build is there whole (every module of CORE_MODULES) and made from today's sources."""
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    try:
        if STAMP.read_text(encoding="utf-8").strip() != digest():
            return False
    except OSError:
        return False
    return all(BUILD.joinpath(*m.split(".")).with_suffix(suffix).exists() for m in CORE_MODULES)


COMPILED: bool = _built_and_current()
if COMPILED and str(BUILD) not in sys.path:
    sys.path.append(str(BUILD))  # the compiled modules' shared runtime library


def package_path(package: str, path: list[str]) -> list[str]:
    """A package's `__path__` (`engine`, a game's, the players'): its compiled modules' folder
    first when they run."""
    if not COMPILED:
        return path
    return [str(BUILD.joinpath(*package.split("."))), *path]


def running() -> str:
    """One line for `caylus --version`: which build of the engine runs, and why."""
    if COMPILED:
        return "engine: compiled (mypyc)"
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return f"engine: pure Python ({PURE_VARIABLE} is set)"
    if STAMP.exists():
        return "engine: pure Python (the compiled build is older than the source: rebuild it)"
    return "engine: pure Python (not compiled)"
