"""A real headless Chromium for the web tests (docs/web.md, "Tests"): the distribution's package
(Debian: `apt-get install chromium`), driven by Playwright for Python, which downloads no browser
of its own here. Without Chromium or Playwright the browser tests are skipped with one line."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CANDIDATES = ("chromium", "chromium-browser", "google-chrome")
NOT_FOUND = (
    "no Chromium for the browser tests (Debian: apt-get install chromium; or set "
    "CAYLUS_CHROMIUM to its path): tests/test_web_browser.py skipped"
)


def find_chromium() -> str | None:
    """The browser the tests drive: CAYLUS_CHROMIUM, else the first of CANDIDATES on the PATH."""
    given = os.environ.get("CAYLUS_CHROMIUM", "")
    if given:
        return given if os.access(given, os.X_OK) else None
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


def playwright_missing() -> str | None:
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (the dev extra): browser tests skipped"
    return None


# A container runs as root, where Chromium's sandbox cannot start; the pages are our own.
LAUNCH_ARGS = ["--no-sandbox", "--disable-dev-shm-usage"]


def shots(tmp_path: Path) -> Path:
    """Where a test keeps its screenshots: CAYLUS_WEB_SHOTS when set (to be looked at)."""
    folder = Path(os.environ.get("CAYLUS_WEB_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder
