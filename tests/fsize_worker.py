"""A bot's store under a file-size limit (run by tests/test_store_edges.py in a subprocess, since
the limit is the whole process's):

    python tests/fsize_worker.py DB_PATH MOVES

Starts a two-player Caylus game, sets RLIMIT_FSIZE (what systemd's LimitFSIZE= sets) below what
the next writes need, with SIGXFSZ ignored (so write() fails with EFBIG rather than the signal
killing the process), tries MOVES typed moves, then lifts the limit and plays one move. Prints
one line per attempt (`refused CODE`, `raised TYPE`, `saved VERSION`) and the game's version and
seq before and after, for the test to read.
"""

from __future__ import annotations

import asyncio
import random
import resource
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import GameService
from bot.words import errors as err
from engine import caylus


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def main(path: str, moves: int) -> None:
    svc = await GameService.open(path, rng=random.Random(7))
    try:
        game = await svc.create_game(1, 10, 100, players=2)
        await svc.join(game.id, 101)
        started = await svc.start(game.id, 100)
        gid = started.game.id
        before = await svc.game(gid)
        say(f"before {before.version} {before.seq}")
        seat = before.awaiting[0]
        state = await svc.state(gid)
        action = str(caylus.legal_actions(state, seat.seat)[0])
        sizes = [p.stat().st_size for p in Path(path).parent.glob(Path(path).name + "*")]
        limit = 4096  # below the end of every file the next commit writes (the log, the WAL)
        assert max(sizes) > limit, sizes
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        hard = resource.getrlimit(resource.RLIMIT_FSIZE)[1]
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
        for _ in range(moves):
            try:
                await svc.act(gid, seat.user_id, action, None)
                say("saved")
            except err.ServiceError as error:
                say(f"refused {error.code} {error}")
            except Exception as error:  # what used to happen: the raw sqlite3 error
                say(f"raised {type(error).__name__} {error}")
        after = await svc.game(gid)
        say(f"after {after.version} {after.seq}")
        resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))
        done = await svc.act(gid, seat.user_id, action, None)
        say(f"lifted {done.game.version} {done.game.seq}")
    finally:
        await svc.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
