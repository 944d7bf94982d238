"""Build the engine's core modules with mypyc: `python -m engine.compile [--if-stale] [--clean]`.

The same typed source runs compiled or as pure Python (engine/compiled.py says which runs and
why). The build needs a C compiler and the Python headers; without them it says so in one line
and the engine runs as Python. It compiles a copy of the engine in a temporary folder (mypyc
writes its C and objects beside the sources) and keeps only the built extension modules and a
stamp of the sources they came from, in build/compiled/.

- `--if-stale`: build only when the stamp does not match today's sources (what `dev.py run` and
  `dev.py test` call).
- `--clean`: remove the built modules (the engine runs as Python).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

try:
    import fcntl
except ImportError:  # not on Windows
    fcntl = None  # type: ignore[assignment]

from engine.compiled import (
    BUILD,
    CORE_MODULES,
    ROOT,
    STAMP,
    build_is_current,
    digest,
    source_file,
)

# mypyc's build, run in a child process inside the temporary copy (setuptools stays out of the
# caller's process). opt_level 3 is mypyc's default for speed; debug symbols off keep it small.
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
setup(
    name="caylus_engine_core",
    ext_modules=mypycify(sys.argv[1:], opt_level="3", debug_level="0"),
    script_args=["build_ext", "--inplace", "--quiet"],
)
"""


def cannot_build() -> str | None:
    """Why this machine cannot compile the engine, or None when it can."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) on the PATH"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.exists():
        return f"no Python headers ({include} is missing; install the python3-dev package)"
    for needed in ("mypyc", "setuptools"):  # mypyc comes with mypy, a development dependency
        if importlib.util.find_spec(needed) is None:
            return f"{needed} is not installed (pip install -e '.[dev]')"
    return None


def clean() -> None:
    shutil.rmtree(BUILD, ignore_errors=True)


def build() -> None:
    """Compile CORE_MODULES into BUILD (raises CalledProcessError with mypyc's output). One
    build at a time (a lock file); the new build is made beside the old one and swapped in by
    renaming, so a process starting meanwhile finds the old build whole, none, or the new one
    whole."""
    BUILD.parent.mkdir(parents=True, exist_ok=True)
    with open(BUILD.parent / "compile.lock", "w") as lock:
        if fcntl is not None:  # POSIX; elsewhere two builds at once are the caller's care
            fcntl.flock(lock, fcntl.LOCK_EX)  # another build waits here, then finds it current
        if build_is_current():
            return
        _build_unlocked()


def _build_unlocked() -> None:
    wanted = digest()
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    with tempfile.TemporaryDirectory(prefix="engine-compile-") as tmp:
        work = Path(tmp)
        shutil.copytree(ROOT / "engine", work / "engine", ignore=_not_source)
        # mypy's settings alone: a project file in the folder would be read by setuptools too
        (work / "mypy.toml").write_text(mypy_settings(), encoding="utf-8")
        sources = [str(source_file(m).relative_to(ROOT)) for m in CORE_MODULES]
        subprocess.run(
            [sys.executable, "-c", _SETUP, "--config-file=mypy.toml", *sources],
            cwd=work,
            check=True,
            capture_output=True,
            text=True,
        )
        fresh = BUILD.with_name(f"{BUILD.name}.new-{os.getpid()}")
        shutil.rmtree(fresh, ignore_errors=True)
        for module in CORE_MODULES:
            built = work.joinpath(*module.split(".")).with_suffix(suffix)
            target = fresh.joinpath(*module.split(".")).with_suffix(suffix)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(built, target)
        for runtime in work.rglob(f"*__mypyc{suffix}"):  # the modules' shared runtime
            if runtime.relative_to(work).parts[0] == "build":
                continue  # setuptools' own copy
            target = fresh / runtime.relative_to(work)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(runtime, target)
        (fresh / STAMP.name).write_text(wanted + "\n", encoding="utf-8")
    old = BUILD.with_name(f"{BUILD.name}.old-{os.getpid()}")
    if BUILD.exists():
        BUILD.rename(old)
    fresh.rename(BUILD)
    shutil.rmtree(old, ignore_errors=True)


def mypy_settings() -> str:
    """The [tool.mypy] tables of pyproject.toml (the one place they are written), as a file of
    their own."""
    kept: list[str] = []
    keeping = False
    for line in (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            keeping = line.strip("[] ").startswith("tool.mypy")
        if keeping:
            kept.append(line)
    return "\n".join(kept) + "\n"


def _not_source(folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n == "__pycache__" or n.endswith((".so", ".pyd", ".c"))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.compile", description=__doc__)
    parser.add_argument("--if-stale", action="store_true", help="build only if out of date")
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = parser.parse_args(argv)
    if args.clean:
        clean()
        print("engine: compiled modules removed; the engine runs as pure Python")
        return 0
    if args.if_stale and build_is_current():
        return 0
    reason = cannot_build()
    if reason is not None:
        print(f"engine: runs as pure Python ({reason})")
        return 0
    print(f"engine: compiling {len(CORE_MODULES)} core modules with mypyc ...", flush=True)
    try:
        build()
    except subprocess.CalledProcessError as failed:
        print(failed.stdout[-4000:], failed.stderr[-4000:], sep="\n", file=sys.stderr)
        print("engine: the compile failed (above); the engine runs as pure Python")
        return 1
    print(f"engine: compiled into {BUILD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
