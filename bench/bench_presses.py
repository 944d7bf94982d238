"""Menus and presses a 3-player Caylus turn takes in the channel, against clicks on the web page.

Run: python bench/bench_presses.py [games] [--seed 1] [--decisions N]
     (about 4 minutes for the default 2 games on a shared 2-core machine: each game, about 280
     decisions, is played twice, about 50 seconds a play; `--decisions 6` stops each play after
     6 decisions, a few seconds, as the test does)

Each game (3 people, no bot seat, seeded) is played twice with the same decisions: once in the
simulated Discord (tests/discord_harness.py, the real bot), each decision pressed on the channel's
prompt as a player does (a button; or a select menu opened and its option picked; a choice the
prompt does not show typed with `/caylus play`), and once on the players' web pages, over the
bot's real web server: the page's data (`page.json`, what its script draws) read over HTTP, each
decision clicked as the page's script offers it (a highlighted space on the board, or a button
under "Your choices"; a placement offered with its answers is a click on its space and a pick in
its chooser), then posted to `/p/<token>/play`. The decision at each prompt is the `easy` player's
move (its random numbers seeded by the game's seed and version); a placement the prompt offers
with its answers carries one of them, or "decide later", chosen at random the same way. An
answer given ahead is then played by the bot when its time comes: neither side presses for it.

Counted for each turn and player: in the channel, the menus opened and the presses (a button, an
option picked), and the commands typed; on the page, the board clicks, the chooser picks and the
buttons. It prints one JSON line: the means and maxima per turn and player, the totals, and
whether both plays of each game ended the same (they must: the same decisions).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aiohttp

from bot.games import ui_for
from bot.service.answers import legal_actions
from bot.web.server import RateLimit
from engine import get_game
from tests.discord_harness import components, table

KIND = "caylus"
LEVEL = "easy"  # who decides for the people: the game's automated player, seeded
CHANNEL_COUNTS = ("menus", "presses", "typed")
PAGE_COUNTS = ("board", "picks", "buttons")


@dataclass
class Played:
    """One play of a game: the counts of every (turn, seat) and how the game ended."""

    counts: dict[tuple[int, int], Counter[str]]
    decisions: int
    ending: str  # the final version and scores: both plays of a game must end the same


def decide(state: Any, seat: int, seed: int, version: int) -> str:
    """The value the player picks at this decision: the `easy` player's move, and for a
    placement the prompt offers with its answers, one of them (or "decide later") at random.
    Seeded by the game's seed and version: the channel's play and the page's pick the same."""
    rng = random.Random(f"{seed}:{version}")
    action = str(get_game(KIND).automated_action(state, seat, LEVEL, rng))
    names = ["", "", ""]
    joined = ui_for(KIND).placement_answers(state, seat, legal_actions(KIND, state, seat), names)
    offered = joined.get(action)
    return rng.choice([value for value, _ in offered]) if offered else action


def channel_press(prompt: Any, value: str) -> tuple[Counter[str], Any]:
    """What pressing `value` on the channel's prompt takes, and how to press it (None: it is
    not on the prompt, typed with /caylus play)."""
    buttons, menus = components(prompt) if prompt is not None else ([], [])
    for button in buttons:
        if (button.custom_id or "").endswith(f":{value}"):
            return Counter(presses=1), ("click", button.custom_id)
    for menu in menus:
        if value in [option.value for option in menu.options]:
            return Counter(menus=1, presses=1), ("select", menu.custom_id)
    return Counter(typed=1), None


def page_clicks(player: dict[str, Any], value: str) -> Counter[str]:
    """What playing `value` takes on the page, as its script draws the player's choices: a
    click on the space (a choice with an area) or on its button, and a pick in the chooser when
    the choice is offered with its answers."""
    move = value.partition("|")[0]
    choice = next(c for c in player["choices"] if c["action"] == move)
    clicks = Counter(board=1) if choice["area"] and player["board_size"] else Counter(buttons=1)
    if choice["options"]:
        assert value in [o["action"] for o in choice["options"]], (value, choice["options"])
        clicks["picks"] += 1
    else:
        assert value == move, value  # an answer only the chooser offers
    return clicks


async def play(folder: Path, seed: int, route: str, decisions: int | None) -> Played:
    """One game of three people, every decision made on `route` ("channel" or "page")."""
    counts: dict[tuple[int, int], Counter[str]] = defaultdict(Counter)
    made = 0
    async with (
        table(
            folder,
            3,
            seed=seed,
            render_boards=False,
            web_port=0,
            web_secret_file=str(folder / "secret"),
        ) as tb,
        # a connection per request: an idle kept-alive one would keep the bot from settling
        aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True)) as http,
    ):
        web = tb.env.bot.web
        web.site.public_url = f"http://127.0.0.1:{web.port}"
        # moves come faster than a person's: the page's 30 moves a minute lifted for the bench
        web.site.limits = RateLimit(10**9, 60.0, time.time)
        await tb.open_game(3, 0)
        started = await tb.service.game_in_channel(tb.guild.id, tb.channel.id)
        assert started is not None
        links: dict[int, str] = {}
        while decisions is None or made < decisions:
            info = await tb.service.game(started.id)
            if info.status != "running":
                break
            seat = info.pending[0].seat
            user = info.seats[seat].user_id
            assert user is not None
            view = await tb.service.view(info.id, user)
            value = decide(view.state, seat, seed, info.version)
            key = (view.state.turn, seat)
            if route == "channel":
                prompt = tb.last_prompt()
                count, how = channel_press(prompt, value)
                member = tb.by_id[user]
                if how is None:
                    await member.slash(tb.channel, "caylus play", action=value)
                elif how[0] == "click":
                    await member.click(prompt, custom_id=how[1])
                else:
                    await member.select(prompt, [value], custom_id=how[1])
            else:
                if user not in links:
                    links[user] = await web.site.player_url(info.id, user)
                url = links[user]
                async with http.get(url + "/page.json") as answer:
                    player = (await answer.json())["player"]
                count = page_clicks(player, value)
                csrf = web.site.signer.csrf_token(url.rsplit("/p/", 1)[1])
                body = {"action": value, "version": info.version}
                async with http.post(url + "/play", json=body, headers={"X-CSRF-Token": csrf}) as a:
                    assert a.status == 200, (value, await a.text())
            await tb.env.settle()
            counts[key] += count
            made += 1
        info = await tb.service.game(started.id)
        outcome = info.outcome
        ending = f"v{info.version} {info.status} {outcome!r}"
        await tb.env.bot.close()
    return Played(dict(counts), made, ending)


def summary(plays: list[Played], counted: tuple[str, ...]) -> dict[str, Any]:
    """Means and maxima per (turn, player) of each count and of their total."""
    per_turn = [c for p in plays for c in p.counts.values()]
    out: dict[str, Any] = {}
    for name in (*counted, "total"):
        values = [sum(c[k] for k in counted) if name == "total" else c[name] for c in per_turn]
        out[name] = {"mean": round(statistics.fmean(values), 2), "max": max(values)}
    out["sum"] = {k: sum(c[k] for c in per_turn) for k in counted}
    return out


async def measure(games: int, seed: int, decisions: int | None) -> dict[str, Any]:
    started = time.perf_counter()
    channel: list[Played] = []
    page: list[Played] = []
    with tempfile.TemporaryDirectory() as folder:
        for k in range(games):
            for route, plays in (("channel", channel), ("page", page)):
                where = Path(folder) / f"{k}-{route}"
                where.mkdir()
                plays.append(await play(where, seed + k, route, decisions))
    return {
        "games": games,
        "players": 3,
        "seed": seed,
        "decisions": sum(p.decisions for p in channel),
        "turns_and_players": sum(len(p.counts) for p in channel),
        "same_decisions": [c.ending for c in channel] == [p.ending for p in page],
        "channel": summary(channel, CHANNEL_COUNTS),
        "page": summary(page, PAGE_COUNTS),
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=None, help="stop each play after N")
    args = parser.parse_args(argv)
    result = asyncio.run(measure(args.games, args.seed, args.decisions))
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
