"""The bot seen from outside (docs/deploy.md, "Watching the bot with Prometheus"): with
`CAYLUS_METRICS_PORT` the bot in the simulated Discord serves `/metrics`, read here with a real
HTTP client after real play; without it no port is opened. Routine Discord failures (an
expired interaction, a rate limit) are counted apart from unexpected errors, labels stay
bounded, and no Magna Carta card name ever appears in the output."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import re
import shutil
import socket
import subprocess
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from discord.http import HTTPClient, Route
from prometheus_client.parser import text_string_to_metric_families
from pydantic import ValidationError

from bot.metrics import MAX_COMMANDS, NO_METRICS, OTHER, Metrics, count_rate_limits, process_name
from bot.metrics.server import DatabaseFigures, MetricsServer, MetricsUnavailable
from bot.service import GameService
from bot.settings import Settings
from bot.words.lang import t
from tests.discord_harness import Table, table
from tests.test_discord_clock import start_game
from tests.test_discord_faults import expire_next_acknowledgement, messages, quiet_button
from tests.test_discord_magna_carta import PLAYER_NAMES, play_mc

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ROOT = Path(__file__).resolve().parent.parent
SERIES = re.compile(r"\bcaylus_[a-z_]+[a-z]\b")  # a metric named in the rules or the docs
SUFFIXES = ("_bucket", "_count", "_sum", "_total")


def free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listening_ports() -> set[int]:
    """The TCP ports this process listens on (Linux: its socket inodes in /proc/net/tcp*)."""
    fds = Path("/proc/self/fd")
    inodes = set()
    for fd in fds.iterdir():
        with contextlib.suppress(OSError):
            target = fd.readlink().name
            if target.startswith("socket:["):
                inodes.add(target[len("socket:[") : -1])
    ports = set()
    for table_file in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(table_file) as rows:
            next(rows)
            for row in rows:
                fields = row.split()
                if fields[3] == "0A" and fields[9] in inodes:  # LISTEN
                    ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


async def scrape(port: int) -> str:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain")
        return await response.text()


def samples(text: str) -> dict[str, list[tuple[dict[str, str], float]]]:
    """Sample name -> [(labels, value)], parsed by prometheus-client's own parser."""
    found: dict[str, list[tuple[dict[str, str], float]]] = defaultdict(list)
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[sample.name].append((dict(sample.labels), sample.value))
    return found


def total(found: dict[str, Any], name: str, **labels: str) -> float:
    return sum(
        value
        for have, value in found.get(name, [])
        if all(have.get(k) == v for k, v in labels.items())
    )


def has_picture(tb: Table) -> bool:
    return any(m.attachments for m in tb.seen_posts())


async def test_metrics_endpoint_after_a_simulated_game(tmp_path: Path) -> None:
    """A Caylus game with a bot seat, played through buttons and menus until pictures are
    posted: /metrics counts every press in the interaction histogram (family `press`, shard
    0, process `all`), and has engine (moves and the bot's decisions), render, store and
    clock histograms, the games by status and the outbox gauges."""
    port = free_port()
    async with table(tmp_path, 2, seed=5, metrics_port=port) as tb:
        assert port in listening_ports()
        await tb.open_game(2, bots=1, bot_level="easy")
        presses = 0
        for _ in range(200):
            if has_picture(tb) and presses >= 6:
                break
            await tb.step(pass_rate=0.3)
            presses += 1
        assert has_picture(tb), "no phase ended"
        await tb.cog.run_clock()
        found = samples(await scrape(port))
        assert tb.cog.unexpected_errors == 0

    # every press is one interaction of the family `press`, and no label names what was pressed
    assert total(found, "caylus_interaction_seconds_count", command="press") == presses
    commands = {labels["command"] for labels, _ in found["caylus_interaction_seconds_count"]}
    assert commands == {"new", "lobby", "bot", "press"}, commands  # addbot is `bot`
    assert {labels["shard"] for labels, _ in found["caylus_interaction_seconds_count"]} == {"0"}
    assert {labels["process"] for labels, _ in found["caylus_interaction_seconds_count"]} == {"all"}
    assert total(found, "caylus_interaction_seconds_sum") > 0
    # the engine: each logged move applied at least once; the easy bot decided
    assert total(found, "caylus_engine_seconds_count", game="caylus", what="apply") >= presses
    assert total(found, "caylus_engine_seconds_count", game="caylus", what="bot") > 0
    assert total(found, "caylus_render_seconds_count", picture="card") > 0
    assert total(found, "caylus_store_commit_seconds_count", backend="sqlite") >= presses
    assert total(found, "caylus_clock_tick_seconds_count") >= 1
    assert total(found, "caylus_clock_lag_seconds_count") >= 1
    assert total(found, "caylus_clock_last_tick_timestamp_seconds") > 0
    # the database's figures, read at the scrape
    games = {labels["status"]: value for labels, value in found["caylus_games"]}
    assert games == {"lobby": 0, "running": 1, "finished": 0, "aborted": 0}
    assert found["caylus_outbox_undelivered"] == [({"process": "all"}, 0.0)]
    assert found["caylus_outbox_oldest_undelivered_age_seconds"] == [({"process": "all"}, 0.0)]
    # nothing failed
    assert total(found, "caylus_unexpected_errors_total") == 0
    assert total(found, "caylus_discord_routine_failures_total") == 0
    # the process's own figures, as any exporter gives them
    assert total(found, "process_resident_memory_bytes") > 0


async def test_an_expired_interaction_and_a_rate_limit_count_as_routine_not_unexpected(
    tmp_path: Path,
) -> None:
    """Discord answers a press's acknowledgement with 10062 (expired), then refuses the next
    move's posts with 429: both are routine Discord failures by kind, the outbox gauges show
    the post still to make, and the unexpected errors stay at zero."""
    port = free_port()
    async with table(tmp_path, 2, seed=12, render_boards=False, metrics_port=port) as tb:
        first = await start_game(tb, 2)
        actor = tb.awaited(first)
        expire_next_acknowledgement(tb)
        await actor.click(first, custom_id=quiet_button(first).custom_id)
        found = samples(await scrape(port))
        assert tb.cog.expired_interactions == 1
        assert (
            total(found, "caylus_discord_routine_failures_total", kind="expired_interaction") == 1
        )
        assert total(found, "caylus_unexpected_errors_total") == 0
        # the expired press was still an interaction handled (quickly: nothing was played)
        assert total(found, "caylus_interaction_seconds_count", command="press") == 1

        tb.env.inject_error("POST", messages(tb), status=429, times=None, message="rate limited")
        await actor.click(first, custom_id=quiet_button(first).custom_id)
        await tb.env.advance_time(600)  # the outbox row waits ten minutes (retried, in vain)
        found = samples(await scrape(port))
        assert total(found, "caylus_discord_routine_failures_total", kind="rate_limited") >= 1
        assert total(found, "caylus_unexpected_errors_total") == 0
        assert total(found, "caylus_outbox_undelivered") == 1
        assert total(found, "caylus_outbox_oldest_undelivered_age_seconds") >= 600
        assert tb.cog.unexpected_errors == 0
        tb.env.backend.faults.clear()


async def test_a_restarted_bot_serves_its_metrics_on_the_same_port(tmp_path: Path) -> None:
    """A new bot process on the same database and port: its own counts from zero, the
    database's figures as they stand."""
    port = free_port()
    async with table(tmp_path, 2, seed=3, render_boards=False, metrics_port=port) as tb:
        await start_game(tb, 2)
        before = samples(await scrape(port))
        await tb.restart()
        after = samples(await scrape(port))
        assert tb.service.metrics is tb.env.bot.metrics  # the new service reports to it
    assert total(before, "caylus_interaction_seconds_count", command="lobby") >= 2
    assert total(after, "caylus_interaction_seconds_count") == 0
    games = {labels["status"]: value for labels, value in after["caylus_games"]}
    assert games["running"] == 1


async def test_without_the_metrics_port_no_port_is_opened(tmp_path: Path) -> None:
    before = listening_ports()
    async with table(tmp_path, 2, seed=3, render_boards=False) as tb:
        await start_game(tb, 2)
        assert not listening_ports() - before  # no new port (one closing meanwhile is fine)
        assert tb.env.bot.metrics_server is None
        assert tb.cog.metrics is NO_METRICS and tb.service.metrics is NO_METRICS
        assert tb.service.store.metrics is NO_METRICS


async def test_the_metrics_never_show_a_magna_carta_hand(tmp_path: Path) -> None:
    """A whole Magna Carta game (hands dealt, redrawn, played): no card name, in any language,
    is in /metrics; its labels are the bounded families only."""
    port = free_port()
    async with table(tmp_path, 2, seed=22, render_boards=False, metrics_port=port) as tb:
        await play_mc(tb, humans=2, bots=0, rules="beginner", seed=2)
        await tb.players[0].slash(tb.channel, "caylus me")  # the hand, privately
        text = await scrape(port)
    found = samples(text)
    assert total(found, "caylus_engine_seconds_count", game="magna-carta") > 0
    assert {labels["status"]: value for labels, value in found["caylus_games"]}["finished"] == 1
    leaked = [name for name in PLAYER_NAMES if name in text]
    assert not leaked, leaked[:5]


async def test_a_rate_limit_discord_py_waits_out_counts_as_routine(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """discord.py's own HTTP client against a server that answers 429 once: it waits and
    retries by itself, and its warning line counts one routine `rate_limited` failure (and
    still reaches the log)."""
    calls = 0

    def answer(body: dict[str, Any], status: int, **headers: str) -> web.Response:
        # exactly Discord's content type: discord.py reads JSON only under this one
        headers["Content-Type"] = "application/json"
        return web.Response(body=json.dumps(body).encode(), status=status, headers=headers)

    async def me(_request: web.Request) -> web.Response:
        nonlocal calls
        calls += 1
        if calls == 1:
            body = {"message": "You are being rate limited.", "retry_after": 0.01, "global": False}
            return answer(body, 429, Via="1.1 google")
        return answer({"id": "1", "username": "bot", "discriminator": "0"}, 200)

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    metrics = Metrics("all")
    count_rate_limits(metrics)
    caplog.set_level(logging.WARNING)
    http = HTTPClient(asyncio.get_running_loop())
    try:
        await http.static_login("token")
    finally:
        await http.close()
        await runner.cleanup()
    assert calls == 2
    assert any("rate limited" in r.getMessage() for r in caplog.records)
    found = samples(metrics.text().decode())
    assert total(found, "caylus_discord_routine_failures_total", kind="rate_limited") == 1
    assert total(found, "caylus_unexpected_errors_total") == 0


def test_interaction_labels_keep_the_command_family_only() -> None:
    metrics = Metrics("0,1")
    metrics.interaction("press:Farm (5) — 1 d → Take 1 cloth", 1, 0.01)
    metrics.interaction("turnplan:add", 1, 0.01)
    for k in range(3 * MAX_COMMANDS):
        metrics.interaction(f"made-up-{k}", 0, 0.01)
    found = samples(metrics.text().decode())
    commands = {labels["command"] for labels, _ in found["caylus_interaction_seconds_count"]}
    assert "press" in commands and "turnplan" in commands and OTHER in commands
    assert len(commands) <= MAX_COMMANDS + 1
    assert not any("Farm" in c for c in commands)
    assert {labels["process"] for labels, _ in found["caylus_interaction_seconds_count"]} == {"0,1"}


def test_two_bots_in_one_process_count_apart() -> None:
    """Each bot's registry is its own (never prometheus-client's global one)."""
    first, second = Metrics("all"), Metrics("all")
    first.unexpected_error("interaction")
    assert total(samples(first.text().decode()), "caylus_unexpected_errors_total") == 1
    assert total(samples(second.text().decode()), "caylus_unexpected_errors_total") == 0


def test_process_label_names_the_shards_of_the_process() -> None:
    assert process_name(None, None) == "all"
    assert process_name(None, 4) == "all"
    assert process_name([2, 3], 4) == "2,3"


def test_metrics_settings_are_off_when_empty_and_checked() -> None:
    assert Settings(_env_file=None).metrics_port is None
    assert Settings(_env_file=None, metrics_port="").metrics_port is None
    on = Settings(_env_file=None, metrics_port="9464", metrics_host="0.0.0.0")
    assert (on.metrics_port, on.metrics_host) == (9464, "0.0.0.0")
    for bad in ({"metrics_port": "0"}, {"metrics_port": "70000"}, {"metrics_host": " "}):
        with pytest.raises(ValidationError):
            Settings(_env_file=None, **bad)


class NoStore:
    """A database with no games (for the server's checks without a bot)."""

    async def games_by_status(self) -> dict[str, int]:
        return {}

    async def outbox_backlog(self) -> tuple[int, float]:
        return 0, 0.0


def test_every_setting_is_in_the_readme_table_and_env_example() -> None:
    """The metrics' settings (and every other) are documented where operators look."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    for field in Settings.model_fields:
        name = f"CAYLUS_{field.upper()}"
        assert f"| `{name}`" in readme, name
        assert f"\n{name}=" in example, name


@contextlib.contextmanager
def occupied() -> Iterator[int]:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield int(holder.getsockname()[1])


async def test_a_busy_metrics_port_stops_the_start_with_one_clear_line() -> None:
    with occupied() as port, pytest.raises(MetricsUnavailable) as caught:
        await MetricsServer(Metrics("all"), NoStore(), "127.0.0.1", port).start()
    error = caught.value
    line = t.START_METRICS_PORT.format(where=f"{error.host}:{error.port}", reason=error.reason)
    assert f"127.0.0.1:{port}" in line and "CAYLUS_METRICS_PORT" in line
    assert "\n" not in line and "Traceback" not in line


def test_every_metric_the_rules_and_the_docs_name_is_served() -> None:
    """deploy/caylus-rules.yml, its unit test and docs/deploy.md name only metrics the bot
    serves (one source of truth: the registry of bot/metrics/)."""
    figures = DatabaseFigures("all", NoStore(), asyncio.new_event_loop())
    families = [*Metrics("all").registry.collect(), *figures.describe()]
    figures.loop.close()
    served = {family.name for family in families}
    for source in ("deploy/caylus-rules.yml", "deploy/caylus-rules.test.yml", "docs/deploy.md"):
        named = set(SERIES.findall((ROOT / source).read_text(encoding="utf-8")))
        assert named, source
        for name in named:
            family = next((name[: -len(s)] for s in SUFFIXES if name.endswith(s)), name)
            assert family in served or name in served, (source, name)


def test_the_compose_file_and_prometheus_yml_name_the_same_bot_processes() -> None:
    """docs/deploy.md's compose file serves /metrics in every bot process on the port that
    deploy/prometheus.yml scrapes, and scrapes them all."""
    deploy = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    compose = deploy.split("```yaml\n", 1)[1].split("```", 1)[0]
    bots = re.findall(r"^  (bot-\d+):", compose, re.M)
    assert len(bots) == 2
    ports = re.findall(r'CAYLUS_METRICS_PORT: "(\d+)"', compose)
    assert len(ports) == len(bots) and len(set(ports)) == 1
    assert compose.count("CAYLUS_METRICS_HOST: 0.0.0.0") == len(bots)
    scrape = (ROOT / "deploy" / "prometheus.yml").read_text(encoding="utf-8")
    targets = re.findall(r'"([\w.-]+:\d+)"', scrape)
    assert sorted(targets) == [f"{bot}:{ports[0]}" for bot in bots]
    assert "./deploy:/etc/prometheus:ro" in compose


@pytest.mark.skipif(shutil.which("promtool") is None, reason="promtool (Prometheus) not installed")
def test_the_health_rules_compute_the_four_figures() -> None:
    """Prometheus's own checker: the scrape configuration and the rules are valid, and the
    four figures (and their alerts) come out as expected from series shaped like the bot's."""
    deploy = ROOT / "deploy"
    for args in (
        ["check", "config", "prometheus.yml"],
        ["test", "rules", "caylus-rules.test.yml"],
    ):
        done = subprocess.run(
            ["promtool", *args], cwd=deploy, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stdout + done.stderr


async def test_store_figures_and_commit_times_on_both_backends(database: str) -> None:
    """The games by status and the outbox's backlog (read through the served page, from the
    server's thread on the service's loop) and the store's commit times, on SQLite and on
    PostgreSQL; a game of the service's own, no Discord."""
    now = [1_000_000.0]
    service = await GameService.open(database, rng=random.Random(4), clock=lambda: now[0])
    metrics = Metrics("all", backend=service.store.backend)
    service.use_metrics(metrics)
    port = free_port()
    server = MetricsServer(metrics, service.store, "127.0.0.1", port)
    await server.start()
    try:
        await service.create_game(1, 10, 100, players=2)  # a lobby
        game = await service.create_game(1, 11, 100, players=2)
        await service.join(game.id, 101)
        started = await service.start(game.id, 100)  # its outbox row is not posted (no bot)
        now[0] += 90.0
        found = samples(await scrape(port))
    finally:
        await server.stop()
        await service.close()
    assert port not in listening_ports()  # stopped: the port is given back
    games = {labels["status"]: value for labels, value in found["caylus_games"]}
    assert games == {"lobby": 1, "running": 1, "finished": 0, "aborted": 0}
    assert total(found, "caylus_outbox_undelivered") == 1 and started.outbox_id is not None
    assert total(found, "caylus_outbox_oldest_undelivered_age_seconds") == 90.0
    backend = service.store.backend
    assert total(found, "caylus_store_commit_seconds_count", backend=backend) >= 4
