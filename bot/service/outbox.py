"""The outbox: what a game's channel must still see, claimed, posted and retried by the
Discord layer (docs/store.md, "The outbox").
"""

from __future__ import annotations

import asyncio
import time

from bot.service.core import ServiceCore
from bot.service.results import ActResult
from bot.store import OutboxRow
from bot.words import errors as err
from bot.words.lang import m


class OutboxCalls(ServiceCore):
    """What the channel must still see: claimed, posted, retried with growing pauses."""

    async def undelivered(self, game_id: int, *, wait: float = 5.0) -> list[OutboxRow]:
        """The game's outbox rows not yet posted, oldest first (the Discord layer posts them).
        They are claimed for this process while it posts them (several processes may share the
        database): while another process is posting the game's rows, this waits up to `wait`
        seconds for it to finish, then returns nothing (the scheduler posts them later)."""
        deadline = time.monotonic() + wait
        while True:
            rows = await self.store.claim_undelivered(game_id)
            if rows or time.monotonic() >= deadline:
                return rows
            if not await self.store.undelivered(game_id):
                return []
            await asyncio.sleep(0.2)

    async def due_posts(self, now: float) -> list[tuple[int, int]]:
        """(game id, channel id) of the games with an outbox row due for (another) attempt."""
        return await self.store.games_with_due_posts(now)

    async def post_delivered(self, outbox_id: int) -> None:
        await self.store.mark_delivered(outbox_id)

    async def post_failed(self, outbox_id: int, error: str, parts_done: int) -> int:
        """Count a failed attempt (the next after a growing pause); returns the attempts."""
        return await self.store.mark_failed(outbox_id, error, parts_done, retry_delay)

    async def stop_clock(self, game_id: int, reason: str) -> bool:
        """The bot cannot post in the game's channel: its clock stands still (no default moves
        played into the void) until `restart_clock`. True if it was running until now."""
        return await self.store.stop_clock(game_id, reason)

    async def restart_clock(self, game_id: int) -> bool:
        """Posting works again: the clock runs again (the stopped time is given back)."""
        return await self.store.restart_clock(game_id)

    async def claim_host_notice(self, game_id: int) -> bool:
        """True once per clock stop: the caller tells the host."""
        return await self.store.mark_host_told(game_id)

    async def post_result(self, entry: OutboxRow) -> ActResult:
        """What an outbox row stands for, rebuilt from the log: the moves after `after_seq` up
        to `to_seq` with their events, the phases they ended, the board before them. `game` is
        the game as it is now (so a prompt built from it is current)."""
        async with self._lock(entry.game_id, across=False):
            live = await self._load(entry.game_id)
            row = live.row
            game = self._game_of(row.kind)
            if row.setup is None:
                raise err.GameNotRunning(game_id=row.id, status=m.STATUS[row.status])
            rows = (await self.store.log(row.id))[: entry.to_seq]
            run, board_before = self._replay_run(game, row, rows, keep_after=entry.after_seq)
            return ActResult(
                game=self._info(live),
                moves=tuple(run.moves),
                state=run.state,
                phase_ends=tuple(run.phase_ends),
                board_before=board_before if entry.payload.get("cause") != "start" else None,
                outcome=game.outcome(run.state),
                outbox_id=entry.id,
                cause=dict(entry.payload),
            )


def retry_delay(attempts: int) -> float:
    """Seconds before the next attempt to post after `attempts` failures: 30 s, 1 min, 2 min,
    ... up to an hour."""
    return float(min(3600, 30 * 2 ** max(0, attempts - 1)))
