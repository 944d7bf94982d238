#!/usr/bin/env python3
"""One-command setup: `python3 dev.py run` (the bot) or `python3 dev.py test` (the test suite);
`python3 dev.py lint` runs ruff and mypy.

Creates `.venv` next to this file on first use, installs the project with its dev extras into it
(again whenever pyproject.toml changes), then runs the command inside it. Needs only Python 3.11+.

`test` also starts a throwaway PostgreSQL cluster (tests/pg_cluster.py: initdb and pg_ctl in a
temporary folder) for the PostgreSQL half of the store, service and clock tests, and stops it
afterwards; where no PostgreSQL server is installed, that half is skipped with one line saying so.

`run` and `test` first compile the engine's core with mypyc when its sources changed since the
last build (`python -m engine.compile --if-stale`: about a minute; without a C compiler, one
line says the engine runs as pure Python, the same code).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed-pyproject-hash"
# The packages `lint` type-checks with mypy (settings in pyproject.toml [tool.mypy]: strict, and
# bot/ at mypy's basic level); a package joins with one more name here.
TYPED = ("engine", "render", "bot")


def ensure_environment() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - this script must explain, not crash
        sys.exit(f"Python 3.11 or newer is needed; this is {sys.version.split()[0]}.")
    if not PYTHON.exists():
        print(f"Creating virtual environment in {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text().strip() == wanted:
        return
    print("Installing the project and its dependencies ...", flush=True)
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "-e", f"{ROOT}[dev]"], check=True)
    STAMP.write_text(wanted)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "help"
    rest = argv[1:]
    if command not in {"run", "test", "lint", "caylus"}:
        print(__doc__)
        print("usage: python3 dev.py run | test [pytest args] | lint | caylus ARGS")
        return 2
    ensure_environment()
    if command in {"run", "test"}:
        compile_engine()
    caylus = str(BIN / "caylus")
    if command == "run":
        return subprocess.call([caylus, "bot", *rest], cwd=ROOT)
    if command == "caylus":
        return subprocess.call([caylus, *rest], cwd=ROOT)
    if command == "lint":
        return lint()
    args = rest or ["-n", "2", "-q"]
    return run_tests(args)


def compile_engine() -> None:
    """Build the engine's core with mypyc when its sources changed since the last build; on a
    machine without a C compiler (or with CAYLUS_PURE_ENGINE set) one line says the engine runs
    as pure Python. A failed build is reported and the engine runs as Python: never fatal."""
    if os.environ.get("CAYLUS_PURE_ENGINE", "") not in ("", "0"):
        print("engine: pure Python (CAYLUS_PURE_ENGINE is set)", flush=True)
        return
    subprocess.call([str(PYTHON), "-m", "engine.compile", "--if-stale"], cwd=ROOT)


def lint() -> int:
    """ruff check, ruff format --check, then mypy on the TYPED packages."""
    ruff = str(BIN / "ruff")
    return (
        subprocess.call([ruff, "check", "."], cwd=ROOT)
        or subprocess.call([ruff, "format", "--check", "."], cwd=ROOT)
        or subprocess.call([str(BIN / "mypy"), *TYPED], cwd=ROOT)
    )


def run_tests(args: list[str]) -> int:
    """pytest with a PostgreSQL cluster of its own for the run (or that half skipped)."""
    spec = importlib.util.spec_from_file_location("pg_cluster", ROOT / "tests" / "pg_cluster.py")
    assert spec is not None and spec.loader is not None
    pg_cluster = importlib.util.module_from_spec(spec)
    sys.modules["pg_cluster"] = pg_cluster  # its dataclass looks its module up
    spec.loader.exec_module(pg_cluster)
    env = dict(os.environ)
    cluster = None
    if env.get(pg_cluster.URL_VARIABLE):
        pass  # a server given by the caller (a URL), or "skip"
    elif pg_cluster.find_bin() is None:
        print(pg_cluster.NOT_FOUND, flush=True)
        env[pg_cluster.URL_VARIABLE] = "skip"
    else:
        cluster = pg_cluster.start()
        env[pg_cluster.URL_VARIABLE] = cluster.url
        print(f"PostgreSQL for the tests: {cluster.url} (a throwaway cluster)", flush=True)
    try:
        return subprocess.call([str(PYTHON), "-m", "pytest", *args], cwd=ROOT, env=env)
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
