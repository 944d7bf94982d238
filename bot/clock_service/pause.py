"""Pauses by vote: the players of a game stop its clock together and start it again."""

from __future__ import annotations

from datetime import datetime

from bot.clock_service.core import ClockCore
from bot.clock_service.timing import to_seconds
from bot.clock_service.values import PauseState
from bot.store import Tx
from bot.words import errors as err
from bot.words.lang import m
from i18n import Later


class PauseCalls(ClockCore):
    """Votes to pause and to resume a game's clock."""

    async def vote_pause(self, game_id: int, user_id: int, now: datetime) -> PauseState:
        """A human player asks to pause; the game pauses when every human seat has asked."""
        info = await self._running_human(game_id, user_id)
        humans = tuple(s.user_id for s in info.seats if s.user_id is not None and not s.is_bot)
        now_s = to_seconds(now)

        def work(tx: Tx) -> tuple[bool, tuple[int, ...]]:
            if tx.is_paused(game_id):
                raise err.AlreadyPaused(game_id=game_id)
            tx.add_pause_vote(game_id, user_id, now_s)
            votes = tuple(v for v in tx.pause_voters(game_id) if v in humans)
            if set(votes) >= set(humans):
                tx.pause_game(game_id, now_s)
                return True, votes
            return False, votes

        paused, votes = await self.store.write(work)
        seat = info.seat_of(user_id)
        assert seat is not None
        if paused:
            notice = self._notice(
                "paused", info, None, humans, Later(m, "CLOCK_PAUSED", game_id=game_id)
            )
            return PauseState(game_id, True, now, (), humans, notice)
        text = Later(
            m,
            "CLOCK_PAUSE_VOTE",
            player="{player}",
            game_id=game_id,
            votes=len(votes),
            needed=len(humans),
        )
        notice = self._notice("pause_vote", info, seat.seat, (user_id,), text)
        return PauseState(game_id, False, None, votes, humans, notice)

    async def vote_resume(self, game_id: int, user_id: int, now: datetime) -> PauseState:
        """Any human player resumes a paused game (clocks continue with the time left); if the
        game is not paused, this withdraws the player's request to pause."""
        info = await self._running_human(game_id, user_id)
        humans = tuple(s.user_id for s in info.seats if s.user_id is not None and not s.is_bot)
        now_s = to_seconds(now)

        def work(tx: Tx) -> str:
            if tx.resume_game(game_id, max(now_s, 0.0)):
                return "resumed"
            if tx.withdraw_pause_vote(game_id, user_id):
                return "withdrawn"
            raise err.NotPaused(game_id=game_id)

        what = await self.store.write(work)
        seat = info.seat_of(user_id)
        assert seat is not None
        if what == "resumed":
            notice = self._notice(
                "resumed", info, None, humans, Later(m, "CLOCK_RESUMED", game_id=game_id)
            )
        else:
            text = Later(m, "CLOCK_VOTE_WITHDRAWN", player="{player}", game_id=game_id)
            notice = self._notice("vote_withdrawn", info, seat.seat, (user_id,), text)
        votes = await self.store.pause_voters(game_id)
        return PauseState(game_id, False, None, votes, humans, notice)
