"""A throwaway PostgreSQL cluster for the tests and benchmarks (standard library only, so
`dev.py` can use it before the virtual environment exists).

`start()` runs `initdb` and `pg_ctl start` in a new temporary folder, listening on 127.0.0.1
at a free port (and a unix socket in that folder), with one database `caylus` and a superuser
`caylus` that logs in without a password; `Cluster.stop()` stops the server and removes the
folder. PostgreSQL refuses to run as root: as root the cluster runs as the unprivileged user
`CAYLUS_PG_USER` (default `nobody`). The server binaries are found in `CAYLUS_PG_BIN`, next to
`pg_ctl` on the PATH, or in /usr/lib/postgresql/<newest>/bin.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

NOT_FOUND = (
    "PostgreSQL server binaries (initdb, pg_ctl) not found: the PostgreSQL half of the store, "
    "service and clock tests is skipped (install the server, e.g. Debian's postgresql package, "
    "or set CAYLUS_PG_BIN)"
)
# Set by dev.py (and so .ci/run) for the whole test run: the URL of its cluster, or "skip".
URL_VARIABLE = "CAYLUS_TEST_POSTGRES"


def find_bin() -> Path | None:
    """The folder with initdb and pg_ctl, or None."""
    candidates: list[Path] = []
    if os.environ.get("CAYLUS_PG_BIN"):
        candidates.append(Path(os.environ["CAYLUS_PG_BIN"]))
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda p: [int(x) for x in Path(p).parent.name.split(".") if x.isdigit()],
        reverse=True,
    )
    candidates += [Path(p) for p in versions]
    for folder in candidates:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Cluster:
    bin: Path
    folder: Path
    port: int
    user: str | None  # the OS user the server runs as (None: this one)

    @property
    def url(self) -> str:
        return f"postgresql://caylus@127.0.0.1:{self.port}/caylus"

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(a) for a in args],
            check=check,
            capture_output=True,
            text=True,
            cwd=self.folder,
            user=self.user,
            env={**os.environ, "LC_ALL": "C"},
        )

    def stop(self) -> None:
        try:
            self._run(self.bin / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop", check=False)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def start(settings: dict[str, str] | None = None, *, durable: bool = False) -> Cluster:
    """Start a new cluster. Without `durable` it never syncs to disk (fsync off: fast, and
    fine for a test database that is thrown away). `settings`: more `postgres -c` values."""
    folder_bin = find_bin()
    if folder_bin is None:
        raise RuntimeError(NOT_FOUND)
    folder = Path(tempfile.mkdtemp(prefix="caylus-pg-"))
    user = None
    if os.geteuid() == 0:
        user = os.environ.get("CAYLUS_PG_USER", "nobody")
        shutil.chown(folder, user=user)
    cluster = Cluster(folder_bin, folder, _free_port(), user)
    try:
        cluster._run(
            folder_bin / "initdb",
            "-D",
            cluster.data,
            "-U",
            "caylus",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C",
            *(() if durable else ("--no-sync",)),
        )
        values = {
            "listen_addresses": "127.0.0.1",
            "unix_socket_directories": str(folder),
            "max_connections": "200",
            "shared_buffers": "128MB",
            **({} if durable else {"fsync": "off", "full_page_writes": "off"}),
            **(settings or {}),
        }
        options = f"-p {cluster.port} " + " ".join(f"-c {k}={v}" for k, v in values.items())
        started = cluster._run(
            folder_bin / "pg_ctl",
            "-D",
            cluster.data,
            "-l",
            folder / "server.log",
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
            check=False,
        )
        if started.returncode != 0:
            log = (folder / "server.log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"pg_ctl start failed: {started.stderr.strip()}\n{log}")
        cluster._run(
            folder_bin / "createdb", "-h", "127.0.0.1", "-p", cluster.port, "-U", "caylus", "caylus"
        )
    except BaseException as error:
        if isinstance(error, subprocess.CalledProcessError):
            error = RuntimeError(f"{error.cmd[0]} failed: {error.stderr.strip()}")
            cluster.stop()
            raise error from None
        cluster.stop()
        raise
    return cluster


if __name__ == "__main__":  # a cluster to try things by hand: prints its URL, stops on Enter
    running = start()
    print(running.url, flush=True)
    try:
        input()
    finally:
        running.stop()
