"""Shared test settings: bot seats in the game service search a handful of playouts instead of
their level's time, so games with bots stay quick and play the same on every machine (the
levels' strength and time are measured by `caylus arena`, docs/players.md)."""

from __future__ import annotations

from typing import Any

import pytest

from bot import service
from engine.players import Budget

BOT_PLAYOUTS = 4


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    def budget(game: Any, level: str) -> Budget:
        return Budget(iterations=BOT_PLAYOUTS)

    monkeypatch.setattr(service, "timed_budget", budget)
