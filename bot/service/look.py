"""Reading games without changing them: a game, a player's view, the log, records, replays,
history, leaderboards, a user's games.
"""

from __future__ import annotations

import bot.service.history as hist
from bot.service.core import Live, ServiceCore, replay_problems
from bot.service.results import GameInfo, LogPage, PlayerView, SinceLastMove, UserGame
from bot.store import DamagedRow, GameRow
from bot.words import errors as err
from bot.words.lang import m
from bot.words.messages import REPLAY_PROBLEMS
from engine import GAME_NAMES
from engine.protocol import GameState
from engine.record import GameRecord


class LookCalls(ServiceCore):
    """Reads: none of these changes a game (a repaired snapshot aside, docs/store.md)."""

    async def game_in_channel(self, guild_id: int, channel_id: int) -> GameInfo | None:
        """The active (lobby or running) game of a channel, if any (GameDamaged if it cannot
        be read: its id is on the error, for /caylus abort)."""
        try:
            row = await self.store.active_game(guild_id, channel_id)
        except DamagedRow as error:
            raise await self._damaged(error.game_id, error.reason) from None
        return await self.game(row.id) if row else None

    async def ended_game_in_channel(self, guild_id: int, channel_id: int) -> int | None:
        """The id of the channel's last game when it has ended (finished or aborted) and no
        game has been opened there since; else None. Read without decoding the row, so a
        damaged one answers too."""
        last = await self.store.last_game_in_channel(guild_id, channel_id)
        return last[0] if last is not None and last[1] in ("finished", "aborted") else None

    async def state(self, game_id: int) -> GameState | None:
        """The engine state (None before the start)."""
        async with self._lock(game_id, across=False):
            return (await self._load(game_id)).state

    async def started_state(self, game_id: int) -> GameState:
        """The engine state of a game that has started; GameNotRunning for a lobby."""
        async with self._lock(game_id, across=False):
            return self._require_started(await self._load(game_id))

    async def phase_start_state(self, game_id: int) -> GameState | None:
        """The state when the current phase began: the board the channel last saw."""
        async with self._lock(game_id, across=False):
            return (await self._load(game_id)).phase_start

    async def since_last_move(self, game_id: int, user_id: int) -> SinceLastMove:
        """What a player's catch-up is made from (their last move's place in the log)."""
        info = await self.game(game_id)
        seat = info.seat_of(user_id)
        if seat is None:
            raise err.NotSeated(game_id=game_id, user_id=user_id)
        record = await self.record(game_id)
        seats = list(record.seats or [])
        after = max((k + 1 for k, s in enumerate(seats) if s == seat.seat), default=0)
        return SinceLastMove(info=info, seat=seat.seat, after=after, record=record)

    async def view(self, game_id: int, user_id: int) -> PlayerView:
        """What `user_id` sees of a started game: its state, their pending decision and what
        they may play (GameNotRunning for a lobby)."""
        async with self._lock(game_id, across=False):
            live = await self._load(game_id)
            state = self._require_started(live)
            info = self._info(live)
            seat = info.seat_of(user_id)
            decision = None
            legal: tuple[str, ...] = ()
            if seat is not None and not seat.is_bot:
                game = self._game_of(live.row.kind)
                decision = next((p for p in info.pending if p.seat == seat.seat), None)
                if decision is not None:
                    legal = tuple(str(a) for a in game.legal_actions(state, seat.seat))
            return PlayerView(
                game=info, seat=seat, state=state, decision=decision, legal_actions=legal
            )

    async def legal_actions(self, game_id: int, user_id: int) -> list[str]:
        """What `user_id` may play now, in notation (empty when it is not their decision)."""
        return list((await self.view(game_id, user_id)).legal_actions)

    async def log(self, game_id: int, *, after_seq: int = 0, limit: int = 20) -> LogPage:
        """A page of the action log, oldest first: the actions with seq > after_seq."""
        row = await self.store.game(game_id)
        if row is None:
            raise err.UnknownGame(game_id=game_id)
        limit = max(1, min(limit, 500))
        entries = await self.store.log(game_id, after_seq=after_seq, limit=limit)
        last = entries[-1].seq if entries else after_seq
        more = bool(entries) and last < row.seq
        return LogPage(
            entries=tuple(entries),
            total=row.seq,
            after_seq=after_seq,
            next_after_seq=last if more else None,
        )

    async def record(self, game_id: int) -> GameRecord:
        """The game record (options, explicit setup, actions), as `caylus replay` reads it.
        A damaged game answers GameDamaged, as every other call on it does."""
        async with self._lock(game_id, across=False):
            row = (await self._load(game_id)).row
        if row.setup is None:
            raise err.GameNotRunning(game_id=game_id, status=m.STATUS[row.status])
        rows = await self.store.log(game_id)
        return GameRecord(
            game=row.kind,
            options=row.options,
            setup=row.setup,
            actions=[r.action for r in rows],
            seats=[r.seat for r in rows],  # who acted: needed where several seats decide at once
        )

    async def shared_record(self, game_id: int, guild_id: int) -> GameRecord:
        """The record of a game of this server for anyone who asks (`/caylus record`): a
        finished or aborted game's, or a running game's where nothing in it is hidden from any
        player. A running game with hidden information (hands, draw piles) is refused, since its
        setup and log reveal every hand (docs/history.md). A game of another server is
        unknown here; a damaged one answers GameDamaged."""
        row = (await self._of_guild(game_id, guild_id)).row
        if row.setup is None:
            raise err.GameNotRunning(game_id=game_id, status=m.STATUS[row.status])
        game = self._game_of(row.kind)
        if row.status == "running" and game.hidden_information:
            raise err.RecordHidden(game_id=game_id)
        return await self.record(game_id)

    async def finished_game(
        self, game_id: int, guild_id: int
    ) -> tuple[hist.PastGame, GameRecord, tuple[bool, ...]]:
        """A finished game of this server for its replay (`/caylus replay`): who sat where, its
        record, and which of its actions the players' plans made. Another server's game is
        unknown here; a game that never started, is running or was aborted has no replay; a
        damaged one answers GameDamaged."""
        live = await self._of_guild(game_id, guild_id)
        row = live.row
        if row.status != "finished" or row.setup is None:
            raise err.NoReplay(game_id=game_id, status=m.STATUS[row.status])
        rows = await self.store.log(game_id)
        record = GameRecord(
            game=row.kind,
            options=row.options,
            setup=row.setup,
            actions=[r.action for r in rows],
            seats=[r.seat for r in rows],
        )
        return hist.past_game(row, list(live.seats)), record, tuple(r.planned for r in rows)

    async def _of_guild(self, game_id: int, guild_id: int) -> Live:
        """A game of this server, loaded (and so checked) like any call's: another server's
        game is unknown here, even when damaged (its number tells nothing more)."""
        if await self.store.game_guild(game_id) != guild_id:
            raise err.UnknownGame(game_id=game_id)
        async with self._lock(game_id, across=False):
            return await self._load(game_id)

    async def finished_games(self, guild_id: int, limit: int = 25) -> list[hist.PastGame]:
        """This server's newest finished games that can be replayed (the replay's
        autocomplete: a damaged one is not offered)."""
        rows, _ = await self.store.finished_games(guild_id, limit=limit)
        marked = await self.store.damaged_among([row.id for row, _ in rows])
        return [
            hist.past_game(row, seats)
            for row, seats in rows
            if isinstance(row, GameRow) and row.id not in marked
        ]

    async def history(
        self, guild_id: int, *, user_id: int | None = None, page: int = 1
    ) -> hist.HistoryPage:
        """A page of this server's finished games, newest first (bot/service/history.py)."""
        return await hist.history(self.store, guild_id, user_id=user_id, page=page)

    async def leaderboard(self, guild_id: int, kind: str) -> list[hist.Standing]:
        """This server's rated players of one game, best first (bot/service/history.py)."""
        if kind not in GAME_NAMES:
            raise err.UnknownKind(kind=kind, known=", ".join(GAME_NAMES))
        return await hist.leaderboard(self.store, guild_id, kind)

    async def player_stats(self, guild_id: int, user_id: int, kind: str) -> hist.PlayerStats:
        """A player's results in one game of this server (bot/service/history.py)."""
        if kind not in GAME_NAMES:
            raise err.UnknownKind(kind=kind, known=", ".join(GAME_NAMES))
        return await hist.player_stats(self.store, guild_id, user_id, kind)

    async def replay_problem(self, game_id: int) -> str | None:
        """None when the stored game replays from its log to its stored snapshot, phase
        snapshot and seq (or has not started), else what disagrees. Reads only: nothing is
        repaired (used to check a copied database, `caylus copy-db`)."""
        try:
            row = await self.store.game(game_id, snapshots=True)
        except DamagedRow as error:
            return error.reason
        if row is None:
            return REPLAY_PROBLEMS["no_game"]
        if row.setup is None:
            return None
        game = self._game_of(row.kind)
        rows = await self.store.log(game_id)
        try:
            state, phase_start = self._replay(game, row, rows)
        except err.GameCorrupt as error:
            return str(error)
        return "; ".join(replay_problems(game, row, rows, state, phase_start)) or None

    async def games_of_user(
        self, user_id: int, *, guild_id: int | None = None, include_finished: bool = False
    ) -> list[UserGame]:
        """The user's games (lobby and running; finished too if asked), those where the user
        must decide first, longest waiting first."""
        statuses = () if include_finished else ("lobby", "running")
        pairs = await self.store.user_games(user_id, guild_id=guild_id, statuses=statuses)
        # an unreadable row is not among them; a marked one that reads is left out too
        marked = await self.store.damaged_among([g.id for g, _ in pairs])
        pairs = [(g, s) for g, s in pairs if g.id not in marked]
        games = [
            UserGame(
                game_id=g.id,
                guild_id=g.guild_id,
                channel_id=g.channel_id,
                kind=g.kind,
                status=g.status,
                seat=s.seat,
                colour=s.colour,
                my_turn=g.status == "running" and g.awaiting_seat == s.seat,
                awaiting_since=g.awaiting_since,
                version=g.version,
            )
            for g, s in pairs
            if not s.is_bot
        ]
        games.sort(key=lambda u: (not u.my_turn, u.awaiting_since or 0.0, u.game_id))
        return games
