"""Discord under load: many games at once on one bot process, in the simulated Discord.

Run: python bench/bench_discord.py --games 100 --rates 10,30,60 [--seconds 45] [--seed 1]
         [--profile] [--cprofile FILE]
     (about 7 minutes on a shared 2-core machine: 20-30 seconds to open the 100 games, then 45
     seconds at each rate and the drain of its backlog, minutes at a rate the process cannot
     keep up with; --seconds sets the time at each rate)
     python bench/bench_discord.py [games] [caylus|magna-carta] [easy|medium|strong]
     (one game after the other; about 30 seconds for the default 4 Caylus games at easy)

The load run opens `--games` Caylus games (3 or 4 players, some seats bots at `easy`, pictures
on), each in a channel of its own (ten channels a server), on one process in SimCord. Then, for
each rate R, people act at random moments: arrivals form a Poisson process of R interactions a
second across the whole bot, each choosing at random one of the games whose decision waits for a
person (a game still answering its last interaction is not chosen: its player has not seen the
next prompt yet), whose awaited player answers its prompt (a quiet choice half the time, else a
button or a menu option); a game that ended opens a new one, one lobby step per arrival.

It prints one JSON line: `cpu_ms_per_interaction` (the process's CPU time over the measured
interactions, every thread: the bot, its picture and search threads, the simulator), and
`bot_cpu_ms_per_interaction` (the same without the simulator's own work), and for each rate the
p50 / p99 latency: from the moment the interaction arrives (its scheduled arrival, so a busy
event loop's delay counts) to its complete reply (every task the interaction started finished:
acknowledgement, move, commit, pictures, account, next prompt), the bot seats' thinking excluded
(the time spent in the service's bot decisions is taken off).

How the simulator's work is told apart (docs/discord.md, "One process, many games"): SimCord
settles after every operation (it waits until all of the bot's work is done) and refuses two
operations at once. Here its overlap guard is off and an interaction counts as complete when
every task it started (followed through a context variable set when it arrives) has finished
or waits for something a reply does not wait for (a view's timeout). The CPU of the event loop's
thread is split by sampling its stack every millisecond: a sample whose innermost frame that is
not the standard library's is SimCord's, the test harness's or this script's is the
simulator's, any other the bot's (discord.py's parsing of the events the simulator sends
included, since a real bot parses them too). The other threads (pictures, bot seats, SQLite)
are all the bot's.

The one-after-the-other mode plays complete games and times every interaction from the moment
the simulated user acts until the bot has finished answering it (SimCord settles). Its bot seats
play at `easy` unless a level is given: a searching level (medium, strong) thinks for its time
budget on every decision by design (0.22 s, 0.9 s a move), and that thinking time, spent in a
worker thread while the event loop goes on, is counted in the response of the human move that
handed the turn to the bots there. Run with `medium` to see it included.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import contextvars
import cProfile
import json
import logging
import random
import statistics
import sys
import sysconfig
import tempfile
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simcord
from simcord._settlement import _is_parked
from simcord.results import to_discord_message

from tests.discord_harness import MENTION, answer, is_game_over, is_prompt, table

SETUPS = [(3, 0), (2, 2), (4, 0), (3, 1)]  # (people, bot seats) of the games, in turn
CHANNELS_PER_SERVER = 10
PASS_RATE = 0.5  # how often a person takes the quiet choice (pass, build nothing, ...)
# a task of an interaction waiting longer than this for a timer is not part of its reply (a
# view's timeout); the bot's own retry pauses are shorter
REPLY_HORIZON_S = 60.0


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


# --- one game after the other (the bench's first form) ----------------------------------------


async def _game(seed: int, humans: int, bots: int, level: str) -> tuple[list[float], int, float]:
    with tempfile.TemporaryDirectory() as tmp:
        async with table(Path(tmp), humans, seed=seed) as tb:
            started = time.perf_counter()
            await tb.open_game(humans, bots=bots, bot_level=level)
            await tb.play_out(pass_rate=0.5, play_rate=0.1)
            images = sum(len(m.attachments) for m in tb.channel.history())
            return tb.latencies, images, time.perf_counter() - started


async def _magna_carta(
    seed: int, humans: int, bots: int, level: str
) -> tuple[list[float], int, float]:
    """A Magna Carta game: public choices on the prompts and private ones from "My hand"."""
    from tests.test_discord_magna_carta import mc_step

    with tempfile.TemporaryDirectory() as tmp:
        async with table(Path(tmp), humans, seed=seed) as tb:
            started = time.perf_counter()
            host = tb.players[0]
            await tb.new_game(host, game="magna-carta", players=humans + bots)
            lobby = tb.channel.last_message
            for player in tb.players[1:humans]:
                await player.click(lobby, label="Join")
            for _ in range(bots):
                await host.slash(tb.channel, "caylus addbot", level=level)
            await tb.timed(host.click(lobby, label="Start"))
            rng = random.Random(seed)
            while not any(is_game_over(m) for m in tb.channel.history()[-3:]):
                await mc_step(tb, rng)
            images = sum(len(m.attachments) for m in tb.channel.history())
            return tb.latencies, images, time.perf_counter() - started


async def main(games: int, game: str = "caylus", level: str = "easy") -> dict[str, Any]:
    latencies: list[float] = []
    images = 0
    seconds = 0.0
    setups = [(3, 0), (2, 2), (4, 0), (3, 2)]
    if game == "magna-carta":
        setups = [(3, 0), (2, 1), (4, 0), (2, 2)]
    play = _magna_carta if game == "magna-carta" else _game
    cpu_started = time.process_time()
    for k in range(games):
        humans, bots = setups[k % len(setups)]
        lat, imgs, secs = await play(100 + k, humans, bots, level)
        latencies += lat
        images += imgs
        seconds += secs
    cpu_s = time.process_time() - cpu_started
    ms = [x * 1000 for x in latencies]
    return {
        "benchmark": "discord interaction -> complete response (SimCord, board images on)",
        "game": game,
        "games": games,
        "bot_level": level,
        "interactions": len(ms),
        "board_images": images,
        "p50_ms": round(_quantile(ms, 0.50), 1),
        "p90_ms": round(_quantile(ms, 0.90), 1),
        "p99_ms": round(_quantile(ms, 0.99), 1),
        "max_ms": round(max(ms), 1),
        "mean_ms": round(statistics.fmean(ms), 1),
        "seconds": round(seconds, 2),
        # the process's CPU over the whole run (the lobbies too) per timed interaction
        "cpu_ms_per_interaction": round(cpu_s * 1000 / max(1, len(ms)), 1),
    }


# --- many games at once ------------------------------------------------------------------------


@dataclass
class Tracked:
    """One interaction: the tasks it started and the time the bot seats thought during it."""

    tasks: list[asyncio.Task[Any]] = field(default_factory=list)
    thinking_s: float = 0.0


CURRENT: contextvars.ContextVar[Tracked | None] = contextvars.ContextVar(
    "bench_discord_interaction", default=None
)


@dataclass
class Slot:
    """One game's place: its channel (the game's thread once opened), its people, its step."""

    server: Any
    parent: Any
    people: list[Any]
    bots: int
    channel: Any = None
    lobby_step: int = 0  # 0: no game yet; then new, joins, bots, start
    busy: bool = False

    def lobby_steps(self) -> int:
        return 1 + (len(self.people) - 1) + self.bots + 1


class Load:
    """Drives many games at once on the one bot of `tb` (tests.discord_harness.Table)."""

    def __init__(self, tb: Any, games: int, seed: int) -> None:
        self.tb = tb
        self.env = tb.env
        self.rng = random.Random(seed)
        self.slots: list[Slot] = []
        self.unexpected = 0
        self.nothing_to_answer = 0  # arrivals at a game whose prompt names no person of it
        self.games_opened = 0
        server = None
        for k in range(games):
            if k % CHANNELS_PER_SERVER == 0:
                server = self.env.create_guild(name=f"Caylus club {k // CHANNELS_PER_SERVER}")
            assert server is not None
            people_count, bots = SETUPS[k % len(SETUPS)]
            channel = server.create_text_channel(f"caylus-{k}")
            people = [
                server.add_member(self.env.create_user(f"p{k}x{j}")) for j in range(people_count)
            ]
            self.slots.append(Slot(server, channel, people, bots))

    # -- what a person does next in a game

    def _current_prompt(self, slot: Slot) -> Any:
        """The game's prompt waiting for a person, or None when the game is over (read from
        the newest message back: the prompt is among the last few)."""
        stored = self.env.backend.messages.get(slot.channel.id, {})
        for message in reversed(list(stored.values())):
            handle = to_discord_message(self.env, message)
            if is_game_over(handle):
                return None
            if is_prompt(handle):
                return handle
        return None

    def _next_action(self, slot: Slot) -> Callable[[], Awaitable[Any]] | None:
        """The interaction a person of `slot` sends now (a lobby step, or an answer to the
        prompt), or None when there is nothing to answer."""
        host = slot.people[0]
        step = slot.lobby_step
        if step == 0:
            return lambda: self._open(slot)
        joins = len(slot.people) - 1
        if step <= joins:
            player = slot.people[step]
            return lambda: player.slash(slot.channel, "caylus join")
        if step <= joins + slot.bots:
            return lambda: host.slash(slot.channel, "caylus addbot", level="easy")
        if step == joins + slot.bots + 1:
            return lambda: host.slash(slot.channel, "caylus start")
        prompt = self._current_prompt(slot)
        if prompt is None:
            return None
        mentioned = MENTION.search(prompt.content or "")
        if mentioned is None:
            return None
        actor = next((p for p in slot.people if p.id == int(mentioned.group(1))), None)
        if actor is None:
            return None
        return lambda: answer(actor, prompt, self.rng, PASS_RATE)

    async def _open(self, slot: Slot) -> Any:
        """`/caylus new` in the slot's channel; the game goes on in the thread it opens."""
        backend = self.env.backend
        before = {c.id for c in backend.channels.values() if c.parent_id == slot.parent.id}
        players = len(slot.people) + slot.bots
        result = await slot.people[0].slash(slot.parent, "caylus new", players=players)
        made = [
            c
            for c in backend.channels.values()
            if c.parent_id == slot.parent.id and c.id not in before
        ]
        slot.channel = slot.parent
        if made:
            slot.channel = simcord.ChannelHandle(self.env, slot.server, made[-1])
        self.games_opened += 1
        return result

    def _advance(self, slot: Slot) -> None:
        """After an interaction of `slot`: the lobby's next step, or a new game after the end."""
        if slot.lobby_step <= slot.lobby_steps() - 1:
            slot.lobby_step += 1
        elif self._current_prompt(slot) is None and self._game_over(slot):
            slot.lobby_step = 0

    def _game_over(self, slot: Slot) -> bool:
        stored = self.env.backend.messages.get(slot.channel.id, {})
        last = list(stored.values())[-3:]
        return any(is_game_over(to_discord_message(self.env, m)) for m in last)

    async def open_all(self) -> None:
        """Open every game and play it to its first prompt, one interaction at a time (SimCord
        settles after each)."""
        for slot in self.slots:
            while slot.lobby_step < slot.lobby_steps():
                action = self._next_action(slot)
                assert action is not None
                await action()
                self._advance(slot)

    # -- the concurrent driver

    @contextlib.asynccontextmanager
    async def concurrent(self) -> AsyncIterator[None]:
        """SimCord's overlap guard off, and an operation's settling replaced by waiting for the
        tasks its own interaction started (followed through `CURRENT`)."""
        env = self.env
        loop = asyncio.get_running_loop()
        tracking_create_task = loop.create_task

        def create_task(coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
            task = tracking_create_task(coro, **kwargs)
            tracked = CURRENT.get()
            if tracked is not None:
                tracked.tasks.append(task)
            return task

        async def own_tasks_done(**_: Any) -> None:
            tracked = CURRENT.get()
            assert tracked is not None, "an operation outside an interaction"
            while True:
                state = env._settlement_state()
                horizon = loop.time() + REPLY_HORIZON_S
                running = [
                    t for t in tracked.tasks if not t.done() and not _is_parked(state, t, horizon)
                ]
                if running:
                    await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
                    continue
                await asyncio.sleep(0)  # a task a finished one scheduled is seen next turn
                state = env._settlement_state()
                if all(t.done() or _is_parked(state, t, horizon) for t in tracked.tasks):
                    return

        def no_overlap_guard(_label: str) -> None:
            pass

        service = self.tb.service
        bot_action = service._bot_action

        async def timed_bot_action(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await bot_action(*args, **kwargs)
            finally:
                tracked = CURRENT.get()
                if tracked is not None:
                    tracked.thinking_s += time.perf_counter() - started

        loop.create_task = create_task  # type: ignore[method-assign]
        env._settle_internal = own_tasks_done
        env._begin_operation = no_overlap_guard
        env._end_operation = lambda: None
        service._bot_action = timed_bot_action
        try:
            yield
        finally:
            del env._settle_internal, env._begin_operation, env._end_operation
            del service._bot_action
            loop.create_task = tracking_create_task  # type: ignore[method-assign]

    async def _interaction(self, slot: Slot, arrived: float, out: list[float]) -> None:
        tracked = Tracked()
        CURRENT.set(tracked)  # this task's own context: what it starts inherits it
        try:
            action = self._next_action(slot)
            if action is None:
                self.nothing_to_answer += 1
                return
            await action()
            finished = time.perf_counter()
            out.append((finished - arrived - tracked.thinking_s) * 1000)
            self._advance(slot)
        except Exception:
            logging.exception("an interaction of the load failed")
            self.unexpected += 1
        finally:
            slot.busy = False

    async def run_rate(self, rate: float, seconds: float) -> dict[str, Any]:
        """Arrivals at `rate` a second for `seconds`; then the last replies are waited for."""
        latencies: list[float] = []
        running: set[asyncio.Task[None]] = set()
        missed = 0
        self.nothing_to_answer = 0
        started = time.perf_counter()
        arrival = started
        while True:
            arrival += self.rng.expovariate(rate)
            if arrival - started >= seconds:
                break
            await asyncio.sleep(max(0.0, arrival - time.perf_counter()))
            idle = [s for s in self.slots if not s.busy]
            if not idle:
                missed += 1
                continue
            slot = self.rng.choice(idle)
            slot.busy = True
            task = asyncio.create_task(self._interaction(slot, arrival, latencies))
            running.add(task)
            task.add_done_callback(running.discard)
        if running:
            await asyncio.wait(set(running))
        return {
            "latencies": latencies,
            "no_game_waiting": missed,
            "nothing_to_answer": self.nothing_to_answer,
        }


class StackSampler:
    """Samples the event loop thread's stack every `interval` seconds and counts whose work it
    was doing: the simulator's (SimCord, the test harness, this script) or the bot's (anything
    else that is not the standard library), by the innermost frame that is not the standard
    library's; `idle` when the loop waits for events. `functions` counts, for the bot's samples,
    every function on the stack once (inclusive: where the time goes)."""

    SIMULATOR = ("/simcord/", "tests/discord_harness.py", "bench/bench_discord.py")

    def __init__(self, interval: float = 0.001) -> None:
        self.interval = interval
        self.counts: Counter[str] = Counter()
        self.functions: Counter[tuple[str, str]] = Counter()
        self.cpu_s = 0.0  # the sampler's own CPU, left out of the figures
        self._stop = threading.Event()
        self._loop_thread = threading.get_ident()
        self._stdlib = sysconfig.get_paths()["stdlib"]
        self._thread = threading.Thread(target=self._run, name="bench-sampler", daemon=True)
        self._owner_cache: dict[str, str] = {}

    def _owner(self, filename: str) -> str:
        owner = self._owner_cache.get(filename)
        if owner is None:
            if any(part in filename for part in self.SIMULATOR):
                owner = "simulator"
            elif filename.startswith(self._stdlib) and "site-packages" not in filename:
                owner = "stdlib"
            elif filename.startswith("<"):
                owner = "stdlib"  # frozen modules, generated code
            else:
                owner = "bot"
            self._owner_cache[filename] = owner
        return owner

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            started = time.thread_time()
            frame = sys._current_frames().get(self._loop_thread)
            if frame is None:
                continue
            innermost = frame.f_code
            if innermost.co_name == "select" and innermost.co_filename.endswith("selectors.py"):
                self.counts["idle"] += 1  # the loop waits for events
                self.cpu_s += time.thread_time() - started
                continue
            kind = "loop"  # only the standard library on the stack: the event loop's own work
            names: list[str] = []
            while frame is not None:
                code = frame.f_code
                if code.co_name == "_run_once" and code.co_filename.endswith("base_events.py"):
                    break  # below it: whoever started the loop, not the work it runs
                owner = self._owner(code.co_filename)
                if owner != "stdlib" and kind == "loop":
                    kind = owner
                if owner != "stdlib":
                    names.append(f"{_short(code.co_filename)}:{code.co_qualname}")
                frame = frame.f_back
            self.counts[kind] += 1
            if kind in ("bot", "simulator"):
                for name in set(names):
                    self.functions[(kind, name)] += 1
            self.cpu_s += time.thread_time() - started

    def __enter__(self) -> StackSampler:
        # While the loop runs Python, the sampler gets the GIL at the interpreter's switch
        # interval (5 ms by default) or when the loop gives it up itself (handing work to a
        # thread, mostly the bot's): the samples would lean to the bot. With a switch interval
        # shorter than `interval` they come about every `interval`, evenly over the busy time.
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(self.interval / 2)
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()
        sys.setswitchinterval(self._switch)

    def simulator_share(self) -> float:
        """The simulator's share of the event loop's busy samples (the loop's own, standard
        library only, counted as the bot's: a real bot has its event loop too)."""
        busy = self.counts["simulator"] + self.counts["bot"] + self.counts["loop"]
        return self.counts["simulator"] / busy if busy else 0.0


def _short(filename: str) -> str:
    for marker in ("/site-packages/", "/wt-discord/", "/main/"):
        if marker in filename:
            return filename.split(marker, 1)[1]
    root = str(Path(__file__).resolve().parents[1]) + "/"
    return filename.removeprefix(root)


def _thread_cpu(ident: int) -> float:
    try:
        return time.clock_gettime(time.pthread_getcpuclockid(ident))
    except (OSError, AttributeError):
        return 0.0


# what each thread of the process does, by the start of its name
THREAD_KINDS = {
    "MainThread": "event loop",
    "caylus": "pictures",
    "png": "pictures",  # render/png.py deflates in threads of its own
    "bot-search": "bot seats",
    "bench-sampler": "sampler",
    "asyncio_": "worker threads",  # asyncio.to_thread
}


def _thread_kind(thread: threading.Thread) -> str:
    for prefix, kind in THREAD_KINDS.items():
        if thread.name.startswith(prefix):
            return kind
    if "_connection_worker_thread" in thread.name:  # aiosqlite's thread of a connection
        return "database"
    return "other"


class CpuMeter:
    """Process CPU seconds of a block, and each kind of thread's apart (`threads`; a thread
    that ended during the block is counted only in the process's figure)."""

    def __enter__(self) -> CpuMeter:
        self._loop = threading.get_ident()
        self._process = time.process_time()
        self._threads = {t.ident: _thread_cpu(t.ident) for t in threading.enumerate() if t.ident}
        return self

    def __exit__(self, *_: object) -> None:
        self.process_s = time.process_time() - self._process
        self.threads: Counter[str] = Counter()
        for thread in threading.enumerate():
            if thread.ident is None:
                continue
            spent = _thread_cpu(thread.ident) - self._threads.get(thread.ident, 0.0)
            self.threads[_thread_kind(thread)] += spent
        self.loop_s = self.threads["event loop"]


async def load(
    games: int,
    rates: list[float],
    seconds: float,
    *,
    seed: int = 1,
    profile: bool = False,
    cprofile: str | None = None,
) -> dict[str, Any]:
    """The load run: `games` games opened, then each rate in turn for `seconds`."""
    with tempfile.TemporaryDirectory() as tmp:
        # one channel of the table is not used: every game has its own
        async with table(Path(tmp), 1, seed=seed, clock_loop=False) as tb:
            driver = Load(tb, games, seed)
            opened = time.perf_counter()
            await driver.open_all()
            setup_s = time.perf_counter() - opened
            out_rates: dict[str, Any] = {}
            total_cpu = total_bot_cpu = total_loop = total_bot_loop = 0.0
            total_count = 0
            profiler = cProfile.Profile() if cprofile else None
            samplers: list[StackSampler] = []
            async with driver.concurrent():
                for rate in rates:
                    with StackSampler() as sampler, CpuMeter() as cpu:
                        if profiler is not None:
                            profiler.enable()
                        ran = await driver.run_rate(rate, seconds)
                        if profiler is not None:
                            profiler.disable()
                    samplers.append(sampler)
                    ms = ran["latencies"]
                    process = cpu.process_s - sampler.cpu_s
                    bot = process - cpu.loop_s * sampler.simulator_share()
                    count = max(1, len(ms))
                    total_cpu += process
                    total_bot_cpu += bot
                    total_loop += cpu.loop_s
                    total_bot_loop += cpu.loop_s * (1 - sampler.simulator_share())
                    total_count += len(ms)
                    out_rates[f"{rate:g}"] = {
                        "p50_ms": round(_quantile(ms, 0.50), 1) if ms else None,
                        "p99_ms": round(_quantile(ms, 0.99), 1) if ms else None,
                        "max_ms": round(max(ms), 1) if ms else None,
                        "interactions": len(ms),
                        "per_second": round(len(ms) / seconds, 1),
                        # arrivals that found every game still answering (saturated)
                        "no_game_waiting": ran["no_game_waiting"],
                        "nothing_to_answer": ran["nothing_to_answer"],
                        "cpu_ms_per_interaction": round(process * 1000 / count, 2),
                        "bot_cpu_ms_per_interaction": round(bot * 1000 / count, 2),
                        "thread_cpu_ms_per_interaction": {
                            kind: round(spent * 1000 / count, 2)
                            for kind, spent in sorted(cpu.threads.items())
                            if kind != "sampler"
                        },
                        "simulator_share_of_loop": round(sampler.simulator_share(), 3),
                        "loop_samples": dict(sampler.counts),
                    }
            if profiler is not None and cprofile:
                profiler.dump_stats(cprofile)
            if profile:
                _print_profile(samplers)
            unexpected = driver.unexpected + tb.cog.unexpected_errors
            count = max(1, total_count)
            return {
                "games": games,
                "cpu_ms_per_interaction": round(total_cpu * 1000 / count, 2),
                "bot_cpu_ms_per_interaction": round(total_bot_cpu * 1000 / count, 2),
                # the event loop's thread alone (what one process saturates on), and the bot's
                # part of it
                "loop_cpu_ms_per_interaction": round(total_loop * 1000 / count, 2),
                "bot_loop_cpu_ms_per_interaction": round(total_bot_loop * 1000 / count, 2),
                "rates": out_rates,
                "seconds_per_rate": seconds,
                "setup_seconds": round(setup_s, 1),
                "games_opened": driver.games_opened,
                "unexpected_errors": unexpected,
                "bot_level": "easy",
                "pictures": True,
            }


def _print_profile(samplers: list[StackSampler]) -> None:
    """Where the event loop's time went, over every rate, the bot's and the simulator's apart
    (inclusive: a function's share counts the functions it called); to stderr."""
    counts: Counter[str] = Counter()
    functions: Counter[tuple[str, str]] = Counter()
    for sampler in samplers:
        counts.update(sampler.counts)
        functions.update(sampler.functions)
    print(f"event loop samples: {dict(counts)}", file=sys.stderr)
    for kind in ("bot", "simulator"):
        print(f"--- the {kind}'s samples", file=sys.stderr)
        total = counts[kind] or 1
        found = Counter({name: hits for (k, name), hits in functions.items() if k == kind})
        for name, hits in found.most_common(45):
            print(f"{100 * hits / total:5.1f} %  {name}", file=sys.stderr)


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rates", default="10,30,60", help="interactions a second, in turn")
    parser.add_argument("--seconds", type=float, default=45.0, help="seconds at each rate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--profile", action="store_true", help="where the bot's CPU goes, sampled (stderr)"
    )
    parser.add_argument("--cprofile", help="write cProfile statistics of the run to this file")
    return parser.parse_args(argv)


def cli(argv: list[str]) -> dict[str, Any]:
    """The figures the command line prints for `argv` (either form of the usage above)."""
    if argv and not argv[0].startswith("-"):
        count = int(argv[0])
        which = argv[1] if len(argv) > 1 else "caylus"
        level = argv[2] if len(argv) > 2 else "easy"
        return asyncio.run(main(count, which, level))
    args = _arguments(argv)
    rates = [float(r) for r in args.rates.split(",") if r.strip()]
    if args.games < 1 or not rates or min(rates) <= 0 or args.seconds <= 0:
        sys.exit("--games, --rates and --seconds must be positive")
    return asyncio.run(
        load(
            args.games,
            rates,
            args.seconds,
            seed=args.seed,
            profile=args.profile,
            cprofile=args.cprofile,
        )
    )


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    print(json.dumps(cli(sys.argv[1:])))
