"""The numbered migrations of each backend (migrations/sqlite/, migrations/postgres/): found,
ordered, and checked against the database's version.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.store.rows import StoreError

MIGRATIONS_ROOT = Path(__file__).resolve().parent.parent.parent / "migrations"
MIGRATIONS_DIR = MIGRATIONS_ROOT / "sqlite"  # each backend keeps its own numbered files
PG_MIGRATIONS_DIR = MIGRATIONS_ROOT / "postgres"
_MIGRATION_NAME = re.compile(r"^(\d+)_([A-Za-z0-9_\-]+)\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    path: Path

    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")


def discover_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The numbered files of one backend's folder, checked: NNNN_name.sql, 1, 2, 3 ... no gaps."""
    found: dict[int, Migration] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _MIGRATION_NAME.match(path.name)
        if not match:
            raise StoreError(f"migration file name not NNNN_name.sql: {path.name}")
        version = int(match.group(1))
        if version in found:
            raise StoreError(
                f"two migrations numbered {version}: {found[version].path.name}, {path.name}"
            )
        found[version] = Migration(version, match.group(2), path)
    versions = sorted(found)
    if versions != list(range(1, len(versions) + 1)):
        raise StoreError(f"migrations must be numbered 1, 2, 3 ... without gaps: {versions}")
    return [found[v] for v in versions]


def newer_than_code(current: int, migrations: Sequence[Migration]) -> StoreError | None:
    newest = migrations[-1].version if migrations else 0
    if current > newest:
        return StoreError(
            f"the database is at schema {current}, newer than this code ({newest}); refusing to run"
        )
    return None
