"""Crash-safety worker (run by tests/test_store_crash.py, killed with SIGKILL at random).

    python tests/store_crash_worker.py DB_PATH SEED

Plays several games concurrently through the service, continuing those it finds running, and
prints `ack GAME SEQ` for every action whose transaction has committed (act() returned).
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import GameService
from bot.words.errors import ServiceError
from engine import caylus
from engine.players import Budget

GUILD = 1
TABLES = 4  # games played at once, one per channel


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def table(svc: GameService, channel: int, rng: random.Random) -> None:
    users = [channel * 10 + 1, channel * 10 + 2]
    while True:
        game = await svc.game_in_channel(GUILD, channel)
        if game is None:
            game = await svc.create_game(GUILD, channel, users[0], players=3)
        if game.status == "lobby":
            if len(game.seats) < 2:
                game = await svc.join(game.id, users[1])
            if len(game.seats) < 3:
                game = await svc.add_bot(game.id, users[0])
            result = await svc.start(game.id, users[0])
            for move in result.moves:
                say(f"ack {game.id} {move.seq}")
            game = result.game
        while game.status == "running":
            seat = game.awaiting[0]
            state = await svc.state(game.id)
            action = caylus.choose_action(state, seat.seat, rng)
            try:
                result = await svc.act(game.id, seat.user_id, str(action), game.version)
            except ServiceError as error:  # not expected: report and stop
                say(f"error {game.id} {type(error).__name__} {error}")
                raise
            for move in result.moves:
                say(f"ack {game.id} {move.seq}")
            game = result.game


async def main(path: str, seed: int) -> None:
    # bot seats search a handful of playouts (tests/conftest.py), not their level's time
    svc = await GameService.open(
        path, rng=random.Random(seed), bot_budget=lambda game, level: Budget(iterations=4)
    )
    say("ready")
    rng = random.Random(seed)
    await asyncio.gather(*(table(svc, k, random.Random(rng.random())) for k in range(TABLES)))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
