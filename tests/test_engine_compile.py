"""The engine's core runs compiled (mypyc) when built from today's sources, else as pure Python
(engine/compiled.py, engine/compile.py; docs/architecture.md "Compiled or pure")."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import engine.compiled as compiled
from engine import compile as build

ROOT = Path(__file__).resolve().parents[1]


def _environment(root: Path) -> dict[str, str]:
    """This process's environment for a child at `root`, without a choice of build."""
    kept = {k: v for k, v in os.environ.items() if k != compiled.PURE_VARIABLE}
    return {**kept, "PYTHONPATH": str(root)}


def _which_build(root: Path, env: dict[str, str] | None = None) -> list[str]:
    """COMPILED, and where fast_game was loaded from, in a fresh interpreter at `root`."""
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import engine.compiled as c, engine.caylus.fast_game as f; print(c.COMPILED); "
            "print(f.__file__); print(c.running())",
        ],
        cwd=root,
        env={**_environment(root), **(env or {})},
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.splitlines()


def test_the_running_build_is_the_one_the_engine_reports() -> None:
    import engine.caylus.fast_game as fast_game

    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    assert fast_game.__file__ is not None
    assert fast_game.__file__.endswith(suffix) == compiled.COMPILED
    expected = os.environ.get("CAYLUS_EXPECT_ENGINE")  # set by .ci/run for each of its runs
    if expected:
        assert ("compiled" if compiled.COMPILED else "pure") == expected, compiled.running()


def test_engine_compiled_says_which_build_runs() -> None:
    """The issue's name for it: `engine.COMPILED`, the same answer as engine.compiled's."""
    import engine

    assert engine.COMPILED is compiled.COMPILED
    with pytest.raises(AttributeError):
        engine.NOT_THERE  # noqa: B018  # an unknown name is still an AttributeError


def test_a_build_older_than_the_source_or_incomplete_is_not_used(tmp_path: Path) -> None:
    """The stamp names the sources a build came from, and every module must be there: edit a
    source, or lose a module, and the engine runs as Python."""
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("*.so"))
    stamp = tmp_path / "build" / "compiled" / "STAMP"
    stamp.parent.mkdir(parents=True)
    digest = subprocess.run(
        [sys.executable, "-c", "import engine.compiled as c; print(c.digest())"],
        cwd=tmp_path,
        env=_environment(tmp_path),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    stamp.write_text(digest + "\n")
    # a stamp that matches, but no module built: not used
    status, where, _ = _which_build(tmp_path)
    assert status == "False" and where.endswith("fast_game.py")
    if not compiled.COMPILED:
        return  # the rest needs a real build (CI's compiled run has one)
    shutil.rmtree(stamp.parent)
    shutil.copytree(compiled.BUILD, stamp.parent)  # built from the same sources as the copy
    status, where, said = _which_build(tmp_path)
    assert status == "True" and where.endswith(str(sysconfig.get_config_var("EXT_SUFFIX")))
    assert _which_build(tmp_path, {"CAYLUS_PURE_ENGINE": "1"})[0] == "False"
    rules = tmp_path / "engine" / "caylus" / "catalogue.py"
    rules.write_text(rules.read_text() + "\n# edited after the build\n")
    status, where, said = _which_build(tmp_path)
    assert status == "False"
    assert where.endswith("fast_game.py")
    assert "older than the source" in said


def test_without_a_c_compiler_the_build_says_why_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no compiler to be found
    reason = build.cannot_build()
    assert reason is not None and "no C compiler" in reason
    assert build.main([]) == 0  # not an error: the engine runs as pure Python
    said = capsys.readouterr().out.strip().splitlines()
    assert said == [f"engine: runs as pure Python ({reason})"]


def test_the_compile_reads_only_mypys_settings_from_the_project_file() -> None:
    """setuptools (an old one above all) must not read the project's file during the build."""
    settings = build.mypy_settings()
    assert settings.startswith("[tool.mypy]")
    assert "[[tool.mypy.overrides]]" in settings
    assert "[project]" not in settings and "license" not in settings


def test_caylus_version_says_which_engine_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli import main

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    said = capsys.readouterr().out.strip()
    assert said.startswith("caylus ")
    assert said.endswith(compiled.running())
    assert ("engine: compiled" in said) == compiled.COMPILED
