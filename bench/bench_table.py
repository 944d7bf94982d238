"""Table: pings, waits and posts of whole games played through the simulated Discord by people
who behave as people do.

    python bench/bench_table.py --game caylus --players 3 [--games 3] [--seed 1]
    python bench/bench_table.py --game magna-carta --players 4 --bots 2
    (about 3 minutes for 3-player Caylus at the default 3 games a model; one game a model, 1 minute)

Whole games run in the simulated Discord (tests/discord_harness.py: the real bot, its cogs and
the game service on a SQLite file); the people press the bot's own buttons and menus, open
their private replies ("My hand", "My choices") and use /caylus play where a choice is not on
the prompt. When they look is bench_pace.py's daily group: four looks a waking day in Tokyo,
Amsterdam and Los Angeles (a fourth person would look in Tokyo again). Every person decides as
the built-in easy player would (engine/*/ai.py), and behaves as one of four kinds:

- `asked` answers only what the game waits for them to decide, never plans;
- `offered` also takes what the table offers in passing: a placement's carried answer ("Farm
  (5) → take cloth"), the castle in one press, and, when a ping brought them and the prompt
  offers "My choices", those answers; no turn plan;
- `planner` makes a turn plan at the start of each placement phase (`make_turn_plan`) and
  answers every open question ahead whenever the prompt offers "My choices";
- `mixed`: the first person a planner, the others `offered` (the realistic group).

Prints one JSON line: {"models": {"asked": {...}, "offered": {...}, "planner": {...},
"mixed": {...}}, ...}, each model with (per game, averaged over the games):

- `pings_per_player`: notifications a person got, from the posts the simulated Discord
  recorded (a mention its allowed_mentions let through; an edit notifies nobody);
- `empty_pings`: those that went to a person the game was not waiting for when it was posted
  (per game, all people together; target 0);
- `waits_per_turn`: sequential waits per turn (a round in Magna Carta), as in bench_pace.py;
- `posts_visible`: messages still in the game's channel (and its threads) at the end;
- `posts_total`: messages posted there during the game (ephemeral replies not counted);
- `waits_per_turn_by_kind`: those waits by the kinds of people waited on ("offered",
  "planner", "bots", ...);
- `asked_decisions_per_player`: the people's decisions the table asked for (not played from a
  plan); each is a ping unless it came right after the person's own press;
- `median_days`: from the start to the last move, on the daily group's clock;
- `planned_share`: the people's moves played from plans and standing orders.

docs/pace.md ("Measured as players behave") has the definitions, the choices and the numbers.
"""

from __future__ import annotations

import argparse
import asyncio
import heapq
import json
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_pace import START, ZONES, looks  # the daily group: when each person looks

from bot.games import ui_for
from bot.games.caylus import plans as pl
from bot.games.layout import ANSWER_SEP, QUESTION_MARK
from bot.games.magna_carta import plans as mc_turn_plans
from engine import get_game
from engine.caylus.lookahead import with_decision
from engine.errors import EngineError
from tests.discord_harness import Seen, Table, components, said, table

MODELS = ("asked", "offered", "planner", "mixed")
PLAN_ENTRIES = 6  # a turn plan holds at most this many entries (a pass ends it sooner)
# A Magna Carta planner's standing orders: the easy player delivers every batch it can
MC_PLANNER_ORDERS = ("castle=all",)
MAX_LOOKS = 40_000  # a game that needs more looks is stuck: the bench says so and stops


def plans_of(state: Any) -> Any:
    """The plans of the game `state` belongs to."""
    return ui_for(state.game).plans


def kinds_of(model: str, people: int) -> list[str]:
    """How each person of a group behaves in `model` (mixed: one planner, the rest offered)."""
    if model == "mixed":
        return ["planner", *["offered"] * (people - 1)]
    return [model] * people


# --- pings ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ping:
    """A person notified by a post, and whom the game waited for when it was posted."""

    user_id: int
    message_id: int
    awaited: frozenset[int]

    @property
    def empty(self) -> bool:
        """A ping that asks nothing of its person: the game was not waiting for them."""
        return self.user_id not in self.awaited


def pings_in(
    posts: Iterable[Seen], awaited: Collection[int], people: Collection[int]
) -> list[Ping]:
    """The pings of `posts` (the harness's records of the bot's posts) to `people`, posted
    while the game waited for `awaited`."""
    waiting = frozenset(awaited)
    return [
        Ping(user, post.message.id, waiting)
        for post in posts
        if post.kind == "post"
        for user in dict.fromkeys(post.pinged)
        if user in people
    ]


def count_empty(pings: Iterable[Ping]) -> int:
    return sum(1 for p in pings if p.empty)


# --- one game -------------------------------------------------------------------------------


@dataclass
class GameStats:
    people: int
    turns: int = 0
    waits: int = 0
    waits_by_kind: Counter[str] = field(default_factory=Counter)  # whose decisions they wait on
    pings: list[Ping] = field(default_factory=list)
    posts_total: int = 0
    posts_visible: int = 0
    days: float = 0.0
    decisions: int = 0  # the people's moves (asked or planned)
    planned: int = 0  # of those, played from plans and standing orders


@dataclass
class Person:
    member: Any  # the simulated Discord member
    seat: int
    kind: str  # asked | offered | planner
    brain: random.Random  # their choices (the easy player's, seeded)
    schedule: Iterator[float]  # when they look (Unix seconds)
    seen_upto: int = 0  # the harness records read at their last look
    planned_turns: set[int] = field(default_factory=set)
    orders_set: bool = False

    @property
    def user_id(self) -> int:
        return self.member.id

    @property
    def takes_offers(self) -> bool:
        return self.kind in ("offered", "planner")


@dataclass(frozen=True, slots=True)
class PlanEntry:
    """One entry of a turn plan: a space ('12', 'castle', ... or 'pass') and the answer its
    placement carries ('take C'), if any."""

    target: str
    answer: str | None = None


class TableGame:
    """One game at the simulated table, its people and what was counted."""

    def __init__(self, tb: Table, kind: str, gid: int, people: list[Person]) -> None:
        self.tb, self.kind, self.gid, self.people = tb, kind, gid, people
        self.game = get_game(kind)
        self.stats = GameStats(len(people))
        self.seen_upto = 0
        self.last_wait: tuple[frozenset[int], int] = (frozenset(), -1)
        self.users = frozenset(p.user_id for p in people)

    @property
    def svc(self) -> Any:
        return self.tb.service

    async def channel(self) -> Any:
        """Where the game is posted: its channel, or a thread of it."""
        info = await self.svc.game(self.gid)
        if info.channel_id == self.tb.channel.id:
            return self.tb.channel
        for thread in self.tb.channel.threads:
            if thread.id == info.channel_id:
                return thread
        raise RuntimeError(f"game {self.gid}: channel {info.channel_id} not found")

    async def observe(self) -> None:
        """Count the pings of the posts made since the last call (call after every
        interaction: the bot posts only after committing, so the game's state now is the state
        each of them was posted in)."""
        assert self.tb.cog.unexpected_errors == 0, "the bot met an unexpected error"
        posts = self.tb.seen[self.seen_upto :]
        self.seen_upto = len(self.tb.seen)
        info = await self.svc.game(self.gid)
        awaited = info.awaiting_user_ids if info.status == "running" else []
        self.stats.pings += pings_in(posts, awaited, self.users)

    async def count_wait(self) -> None:
        """A new sequential wait begins when the game comes to people it was not already
        waiting for (the rest of a call several answer at once is the same wait)."""
        info = await self.svc.game(self.gid)
        if info.status != "running" or not info.awaiting_user_ids:
            return
        awaited = frozenset(info.awaiting_user_ids)
        previous, seq = self.last_wait
        if (awaited, info.seq) != (previous, seq) and not awaited < previous:
            self.stats.waits += 1
            kinds = sorted({p.kind for p in self.people if p.user_id in awaited})
            self.stats.waits_by_kind["+".join(kinds) or "bots"] += 1
        self.last_wait = (awaited, info.seq)

    # --- a look ---------------------------------------------------------------------------

    async def look(self, person: Person) -> None:
        """What a person does when they look at Discord: make their turn plan (a planner at the
        start of a placement phase), decide while the game waits for them, answer ahead."""
        notified = any(person.user_id in s.pinged for s in self.tb.seen[person.seen_upto :])
        tried: set[str] = set()  # the questions answered (or found unanswerable) in this look
        for _ in range(200):
            info = await self.svc.game(self.gid)
            if info.status != "running":
                break
            if person.kind == "planner" and await self._plan_turn(person):
                continue
            if person.user_id in info.awaiting_user_ids:
                await self.decide(person)
                continue
            wants = person.kind == "planner" or (person.kind == "offered" and notified)
            if not (wants and await self.answer_ahead(person, tried)):
                break
        person.seen_upto = len(self.tb.seen)

    async def decide(self, person: Person) -> None:
        """Answer the decision the game waits for, with the easy player's choice: on the
        channel's prompt, in "My hand" for a card of the hand, else with /caylus play."""
        before = await self.svc.game(self.gid)
        state = await self.svc.state(self.gid)
        action = self.game.automated_action(state, person.seat, "easy", person.brain)
        channel = await self.channel()
        prompt = self.tb.last_prompt(channel)
        result = None
        if prompt is not None:
            for value in self._values_for(person, state, action):
                result = await self._press(person, prompt, prompt, value)
                if result is not None:
                    break
        if result is None and prompt is not None and self.kind == "magna-carta":
            result = await self._from_hand(person, prompt, str(action))
        if result is None:
            result = await person.member.slash(channel, "caylus play", action=str(action))
        await self.observe()
        after = await self.svc.game(self.gid)
        if after.version == before.version:
            raise RuntimeError(f"{action} was not played: {said(result)[:300]}")

    def _values_for(self, person: Person, state: Any, action: Any) -> list[str]:
        """The component values that play `action`, the one a person of this kind picks
        first: the placement with its answer, the castle in one press."""
        plain = str(action)
        if not person.takes_offers or self.kind != "caylus":
            return [plain]
        kind = state.decision.kind if state.decision is not None else ""
        if kind == "castle" and action.verb == "batch":
            return [f"{QUESTION_MARK}={pl.CASTLE_ALL}", plain]
        if kind == "place" and action.verb == "place":
            answer = carried_answer(state, person.seat, action, person.brain)
            if answer is not None:
                return [f"{plain}{ANSWER_SEP}{answer}", plain]
        return [plain]

    async def _press(self, person: Person, target: Any, message: Any, value: str) -> Any:
        """Press the choice with `value` on `message` (a prompt, or a private reply `target`);
        None when it has no such choice. A value ending in '=castle all' matches any key."""
        buttons, menus = components(message)
        for button in buttons:
            custom_id = button.custom_id or ""
            if custom_id.startswith("cay:b:") and _matches(custom_id.split(":", 4)[4], value):
                return await person.member.click(target, custom_id=custom_id)
        for menu in menus:
            if not (menu.custom_id or "").startswith("cay:s:"):
                continue
            for option in menu.options:
                if _matches(option.value, value):
                    return await person.member.select(
                        target, [option.value], custom_id=menu.custom_id
                    )
        return None

    async def _from_hand(self, person: Person, prompt: Any, value: str) -> Any:
        """A choice on the hand: "My hand", then the choice in the private reply."""
        buttons, _ = components(prompt)
        hand = next((b for b in buttons if (b.custom_id or "").startswith("cay:h:")), None)
        if hand is None:
            return None
        reply = await person.member.click(prompt, custom_id=hand.custom_id)
        await self.observe()
        private = reply.followups[-1] if reply.followups else reply.response
        return await self._press(person, private, private.message, value)

    async def answer_ahead(self, person: Person, tried: set[str]) -> bool:
        """ "My choices" on the prompt, then each open question shown there answered with the
        easy player's choice (each at most once a look: `tried`). Whether anything was
        answered."""
        channel = await self.channel()
        prompt = self.tb.last_prompt(channel)
        if prompt is None:
            return False
        buttons, _ = components(prompt)
        mine = next((b for b in buttons if (b.custom_id or "").startswith("cay:c:")), None)
        if mine is None:
            return False
        reply = await person.member.click(prompt, custom_id=mine.custom_id)
        await self.observe()
        answered = False
        for _ in range(40):
            private = reply.followups[-1] if reply.followups else reply.response
            questions = {q.key: q for q in await self.svc.questions_for(self.gid, person.user_id)}
            found = None
            for menu in components(private.message)[1]:
                if not (menu.custom_id or "").startswith("cay:a:"):
                    continue
                key = menu.options[0].value.partition("=")[0]
                question = questions.get(key)
                if question is None or question.now or not question.open or key in tried:
                    continue
                found = (menu, question)
                break
            if found is None:
                break
            menu, question = found
            tried.add(question.key)
            option = ahead_answer(self.game, question, person.seat, person.brain)
            value = f"{question.key}={option}"
            if option is None or value not in [o.value for o in menu.options]:
                continue
            reply = await person.member.select(private, [value], custom_id=menu.custom_id)
            await self.observe()
            answered = True
        return answered

    async def _plan_turn(self, person: Person) -> bool:
        """A planner's turn plan, made once at the start of each placement phase (in Magna
        Carta, each round's actions, after the standing orders the easy player agrees with).
        Whether a plan was made now."""
        if self.kind != "caylus":
            if await self._standing_orders(person):
                return True
            state = await self.svc.state(self.gid)
            if not mc_turn_plans.placing(state) or person.seat in state.passed:
                return False
            if state.round in person.planned_turns:
                return False
            person.planned_turns.add(state.round)
            await make_round_plan(self, person)
            await self.observe()
            return True
        state = await self.svc.state(self.gid)
        if state.phase != 2 or state.turn in person.planned_turns or person.seat in state.passed:
            return False
        person.planned_turns.add(state.turn)
        entries = planned_placements(state, person.seat, person.brain, most=PLAN_ENTRIES)
        await make_turn_plan(self, person, state, entries)
        await self.observe()
        return True

    async def _standing_orders(self, person: Person) -> bool:
        """Once a game, from /caylus me's menu (shown while the game does not wait for them):
        `MC_PLANNER_ORDERS`. Whether they were set now."""
        if person.orders_set:
            return False
        info = await self.svc.game(self.gid)
        if person.user_id in info.awaiting_user_ids:
            return False
        reply = await person.member.slash(await self.channel(), "caylus me")
        await self.observe()
        private = reply.followups[-1] if reply.followups else reply.response
        _, menus = components(private.message)
        menu = next((m for m in menus if (m.custom_id or "").startswith("cay:o:")), None)
        if menu is None:
            return False
        person.orders_set = True
        values = [o.value for o in menu.options]
        for value in MC_PLANNER_ORDERS:
            if value in values:
                await person.member.select(private, [value], custom_id=menu.custom_id)
                await self.observe()
        return True


def _matches(offered: str, wanted: str) -> bool:
    every = f"={pl.CASTLE_ALL}"
    if wanted.startswith(QUESTION_MARK) and wanted.endswith(every):
        return offered.startswith(QUESTION_MARK) and offered.endswith(every)
    return offered == wanted


# --- what the people choose (the easy player's choices) --------------------------------------


def easy_choice(game: Any, state: Any, seat: int, brain: random.Random) -> Any | None:
    try:
        return game.automated_action(state, seat, "easy", brain)
    except (EngineError, ValueError):
        return None


def carried_answer(state: Any, seat: int, action: Any, brain: random.Random) -> str | None:
    """The answer a Caylus placement carries for this person: the easy player's choice when the
    building's decision comes (as the lookahead sees it now), if there is one to carry."""
    game = get_game("caylus")
    for question in pl.answer_ahead_options(state, seat, action):
        option = ahead_answer(game, question, seat, brain)
        if option is not None:
            return option
    return None


def ahead_answer(game: Any, question: pl.Question, seat: int, brain: random.Random) -> str | None:
    """The easy player's answer to a question ahead (its looked-ahead state), among the
    question's options: 'castle all' for the castle."""
    if question.kind == "castle":
        return pl.CASTLE_ALL if pl.CASTLE_ALL in question.options else question.default
    if question.state is None:
        return question.default
    choice = easy_choice(game, question.state, seat, brain)
    if choice is not None and str(choice) in question.options:
        return str(choice)
    return question.default


def planned_placements(
    state: Any, seat: int, brain: random.Random, most: int = PLAN_ENTRIES
) -> list[PlanEntry]:
    """The placements a Caylus player means to make this turn as things stand (the others'
    placements unknown): the easy player's own sequence from `state`, with the answer each
    placement carries; a pass ends it."""
    game = get_game("caylus")
    out: list[PlanEntry] = []
    s = state
    while len(out) < most and not s.over and s.phase == 2 and seat not in s.passed:
        mine = with_decision(s, "place", seat)
        action = easy_choice(game, mine, seat, brain)
        if action is None:
            break
        if action.verb != "place":
            out.append(PlanEntry("pass"))
            break
        out.append(PlanEntry(action.arg, carried_answer(mine, seat, action, brain)))
        s, _ = game.apply(mine, action, seat)
    return out


async def make_turn_plan(
    game: TableGame, person: Person, state: Any, entries: Sequence[PlanEntry]
) -> None:
    """The one place a planner's turn plan reaches the game: the plan the "Plan my turn" editor
    keeps (`set_turn_plan`), its entries in order with the answer each placement carries, and
    "else pass" when the person's own sequence ends in a pass (else "ask me"). A carried answer
    the table does not offer is left to be asked. What the plan plays at once (the placement is
    already theirs) is posted as the bot posts it after the editor."""
    places = [e for e in entries if e.target != "pass"]
    otherwise = "pass" if len(places) < len(entries) else "ask"

    def plan_of(with_answers: bool) -> pl.TurnPlan:
        return pl.TurnPlan(
            turn=plans_of(state).plan_turn(state),
            entries=tuple(
                pl.PlanEntry(target=e.target, answer=e.answer if with_answers else None)
                for e in places
            ),
            otherwise=otherwise,
        )

    for with_answers in (True, False):
        try:
            changed = await game.svc.set_turn_plan(game.gid, person.user_id, plan_of(with_answers))
        except pl.BadPlan:
            continue
        await _post(game, changed.result)
        return


async def make_round_plan(game: TableGame, person: Person) -> None:
    """A Magna Carta planner's plan for a round's actions: the road cards the table suggests
    (the easy player's placements as if the seat held no card) and its pass conditions; the
    build, draw and swap decisions are asked as usual."""
    try:
        plan = await game.svc.suggest_turn_plan(game.gid, person.user_id)
        changed = await game.svc.set_turn_plan(game.gid, person.user_id, plan)
    except pl.BadPlan:
        return
    await _post(game, changed.result)


async def _post(game: TableGame, result: Any) -> None:
    """Post what a plan change played, and count its pings in the state it was posted in (the
    next change of the same plan may play on)."""
    if result is None:
        return
    async with game.tb.cog.locks[game.gid]:
        await game.tb.cog.deliver(game.gid, result)
    await game.observe()


# --- the run ------------------------------------------------------------------------------


async def play_game(
    tmp: Path,
    kind: str,
    players: int,
    bots: int,
    model: str,
    seed: int,
    pictures: bool,
    budget: int | None = None,
) -> GameStats:
    """One game of `model` from `seed`; with `budget`, only its first `budget` looks (a short
    game for the tests: what was counted so far)."""
    humans = players - bots
    async with table(tmp, humans, seed=seed, render_boards=pictures, clock_loop=False) as tb:
        tb.clock.start_at(START)  # the bot's clock reads the daily group's time
        options = {"game": kind} if kind != "caylus" else {}
        await tb.open_game(humans, bots=bots, bot_level="easy" if bots else None, **options)
        gid = (await tb.service.store.games())[-1].id
        info = await tb.service.game(gid)
        seat_of = {s.user_id: s.seat for s in info.seats if s.user_id is not None}
        kinds = kinds_of(model, humans)
        people = [
            Person(
                member,
                seat_of[member.id],
                kinds[k],
                random.Random(seed * 7919 + k),
                looks(ZONES[k % len(ZONES)], random.Random(seed * 104729 + k)),
            )
            for k, member in enumerate(tb.players[:humans])
        ]
        game = TableGame(tb, kind, gid, people)
        return await _play(game, budget)


async def _play(game: TableGame, budget: int | None) -> GameStats:
    svc, gid, stats = game.svc, game.gid, game.stats
    await game.observe()
    for person in game.people:
        person.seen_upto = game.seen_upto
    await game.count_wait()
    events = [(next(p.schedule), k) for k, p in enumerate(game.people)]
    heapq.heapify(events)
    now = START.timestamp()
    for _ in range(budget or MAX_LOOKS):
        if (await svc.game(gid)).status != "running":
            break
        now, k = heapq.heappop(events)
        person = game.people[k]
        heapq.heappush(events, (next(person.schedule), k))
        # hours pass between looks (private replies' buttons expire, as in Discord)
        await game.tb.env.advance_time(max(0.0, now - game.tb.clock()))
        await game.look(person)
        await game.count_wait()
    else:
        if budget is None:
            raise RuntimeError(f"game {gid} did not end in {MAX_LOOKS} looks")
    state = await svc.state(gid)
    stats.turns = state.round if game.kind == "magna-carta" else state.turn
    stats.days = (now - START.timestamp()) / 86_400
    for row in await svc.store.log(gid):
        if not row.by_bot:
            stats.decisions += 1
            stats.planned += row.planned
    await game.tb.env.settle()
    await game.observe()
    channel = await game.channel()
    where = {channel.id, *(t.id for t in channel.threads)}
    stats.posts_total = sum(
        1
        for s in game.tb.seen
        if s.kind == "post" and s.message.channel.id in where and not s.message.flags.ephemeral
    )
    shown = [channel, *channel.threads]
    stats.posts_visible = sum(1 for c in shown for m in c.history() if not m.flags.ephemeral)
    return stats


def summary(results: list[GameStats]) -> dict[str, Any]:
    games = len(results)
    turns = sum(r.turns for r in results)
    people = sum(r.people for r in results)
    decisions = sum(r.decisions for r in results)
    return {
        "games": games,
        "pings_per_player": round(sum(len(r.pings) for r in results) / people, 1),
        "empty_pings": round(sum(count_empty(r.pings) for r in results) / games, 1),
        "waits_per_turn": round(sum(r.waits for r in results) / max(turns, 1), 2),
        # the waits on each kind of person (mixed: how many are the offered people's own)
        "waits_per_turn_by_kind": {
            kind: round(sum(r.waits_by_kind[kind] for r in results) / max(turns, 1), 2)
            for kind in sorted({k for r in results for k in r.waits_by_kind})
        },
        # the people's own decisions the table had to ask (not played from a plan): each is a
        # ping unless it came to them at the table, right after their own press
        "asked_decisions_per_player": round(
            sum(r.decisions - r.planned for r in results) / people, 1
        ),
        "posts_visible": round(sum(r.posts_visible for r in results) / games, 1),
        "posts_total": round(sum(r.posts_total for r in results) / games, 1),
        "median_days": round(statistics.median(r.days for r in results), 1),
        "turns_per_game": round(turns / games, 1),
        "planned_share": round(sum(r.planned for r in results) / decisions, 2) if decisions else 0,
    }


async def main(
    kind: str,
    players: int,
    bots: int,
    games: int,
    seed: int,
    models: Sequence[str] = MODELS,
    pictures: bool = True,
    budget: int | None = None,
) -> dict[str, Any]:
    started = time.process_time()
    out: dict[str, Any] = {}
    for model in models:
        results = []
        for g in range(games):
            with tempfile.TemporaryDirectory() as tmp:
                results.append(
                    await play_game(
                        Path(tmp), kind, players, bots, model, seed * 1000 + g, pictures, budget
                    )
                )
        out[model] = summary(results)
    return {
        "models": out,
        "game": kind,
        "players": players,
        "bots": bots,
        "seed": seed,
        "cpu_seconds": round(time.process_time() - started, 1),
    }


if __name__ == "__main__":
    import logging
    import warnings

    logging.basicConfig(level=logging.ERROR)
    warnings.simplefilter("ignore", DeprecationWarning)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=("caylus", "magna-carta"), default="caylus")
    parser.add_argument("--players", type=int, default=3, help="seats, bots included")
    parser.add_argument("--bots", type=int, default=0, help="bot seats (easy) among them")
    parser.add_argument("--games", type=int, default=3, help="games per model")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--models", default=",".join(MODELS), help="comma-separated")
    parser.add_argument("--no-pictures", action="store_true", help="no board images (faster)")
    parser.add_argument("--budget", type=int, help="stop each game after this many looks")
    args = parser.parse_args()
    if args.players - args.bots < 1:
        parser.error("at least one seat must be a person")
    chosen = [m for m in args.models.split(",") if m]
    unknown = [m for m in chosen if m not in MODELS]
    if unknown:
        parser.error(f"unknown model {', '.join(unknown)}; models: {', '.join(MODELS)}")
    result = asyncio.run(
        main(
            args.game,
            args.players,
            args.bots,
            args.games,
            args.seed,
            chosen,
            pictures=not args.no_pictures,
            budget=args.budget,
        )
    )
    print(json.dumps(result))
