"""The lobby: open a game in a channel, take and leave seats, add bots, start and abort."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

import engine.errors as engine_errors
import i18n
from bot.games import ui_for
from bot.service.core import Live, Run, ServiceCore, engine_error
from bot.service.pace import PlanBook
from bot.service.results import ActResult, GameInfo
from bot.store import GameRow, IntegrityError, SeatRow, Tx
from bot.words import errors as err
from bot.words.lang import m
from engine.players import DEFAULT_LEVEL, LEVELS

log = logging.getLogger(__name__)


class LobbyCalls(ServiceCore):
    """Open a lobby, take and leave seats, add bots, start, abort."""

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        *,
        kind: str = "caylus",
        players: int | None = None,
        options: dict[str, Any] | None = None,
        join: bool = True,
        language: str = "en",
    ) -> GameInfo:
        """Open a lobby in a channel (one active game per channel); the host takes seat 0.
        `language` is what the channel reads (i18n.LANGUAGES; anything else: English)."""
        language = i18n.normalize(language)
        validated = await self.new_game_options(guild_id, kind, players=players, options=options)
        try:

            def work(tx: Tx) -> int:
                busy = tx.active_game(guild_id, channel_id)
                if busy is not None:
                    raise self._channel_busy(busy)
                game_id = tx.insert_game(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    kind=kind,
                    options=validated,
                    host_id=host_id,
                    language=language,
                )
                if join:
                    tx.replace_seats(game_id, [self._seat_row(game_id, 0, host_id, tx.now)])
                return game_id

            game_id = await self.store.write(work)
        except IntegrityError:  # the partial unique index: another process was quicker
            busy = await self.store.active_game(guild_id, channel_id)
            if busy is None:
                raise
            raise self._channel_busy(busy) from None
        return await self.game(game_id)

    async def new_game_options(
        self,
        guild_id: int,
        kind: str,
        *,
        players: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The options a new game of `kind` would have (the server's defaults, then the given
        ones), or BadOptions: checked before anything is made for the game (its thread)."""
        game = self._game_of(kind)
        wanted = await self._default_options(guild_id, kind)
        wanted.update(options or {})
        if players is not None:
            wanted["players"] = players
        try:
            return dict(game.Options(**wanted).model_dump())
        except ValidationError as error:
            raise err.BadOptions(reason=_validation_reason(error)) from None
        except TypeError as error:
            raise err.BadOptions(reason=str(error)) from None

    async def join(self, game_id: int, user_id: int) -> GameInfo:
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_lobby(live)
            if any(s.user_id == user_id for s in live.seats):
                raise err.AlreadySeated(game_id=game_id, user_id=user_id)
            self._require_room(live)
            now = self._clock()
            seats = [*live.seats, self._seat_row(game_id, len(live.seats), user_id, now)]
            return await self._commit_lobby(live, seats)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Leave a lobby. A leaving host hands over to the next human; with none left the lobby
        is aborted. (A running game's seat goes to the bot only by the clock or a kick.)"""
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_lobby(live)
            seat = next((s for s in live.seats if s.user_id == user_id), None)
            if seat is None:
                raise err.NotSeated(game_id=game_id, user_id=user_id)
            return await self._remove_seat(live, seat.seat)

    async def add_bot(
        self,
        game_id: int,
        by_user_id: int,
        *,
        can_manage: bool = False,
        level: str = DEFAULT_LEVEL,
    ) -> GameInfo:
        """A bot seat playing at `level` (engine.players.LEVELS)."""
        if level not in LEVELS:
            reason = m.BAD_CHOICE.format(value=level, choices=", ".join(LEVELS))
            raise err.BadSetting(name="level", reason=reason)
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_manager(live, by_user_id, can_manage)
            self._require_lobby(live)
            self._require_room(live)
            new = self._seat_row(game_id, len(live.seats), None, self._clock(), level)
            seats = [*live.seats, new]
            return await self._commit_lobby(live, seats)

    async def kick(
        self, game_id: int, by_user_id: int, seat: int, *, can_manage: bool = False
    ) -> GameInfo:
        """Remove a seat (a bot or a player) from a lobby."""
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_manager(live, by_user_id, can_manage)
            self._require_lobby(live)
            if not 0 <= seat < len(live.seats):
                raise err.NoSuchSeat(game_id=game_id, seat=seat)
            return await self._remove_seat(live, seat)

    async def start(
        self,
        game_id: int,
        by_user_id: int,
        *,
        can_manage: bool = False,
    ) -> ActResult:
        """Start with the seated players: draws the seed, records the explicit setup, and lets
        bot seats play until a human must decide."""
        async with self._lock(game_id):
            live = await self._load(game_id)
            self._require_manager(live, by_user_id, can_manage)
            self._require_lobby(live)
            row = live.row
            game = self._game_of(row.kind)
            count = len(live.seats)
            if not game.min_players <= count <= min(game.max_players, row.options["players"]):
                raise err.WrongPlayerCount(
                    game_id=game_id,
                    kind=m.KIND_NAMES.get(row.kind, row.kind),
                    count=count,
                    low=game.min_players,
                    high=min(game.max_players, row.options["players"]),
                )
            seed = self._rng.randrange(2**31)
            try:
                options = game.Options(**{**row.options, "players": count})
                state = game.new_game(options, game.Setup(seed=seed))
            except engine_errors.EngineError as error:
                raise engine_error(error, game_id) from error
            except ValidationError as error:
                raise err.BadOptions(reason=_validation_reason(error)) from None
            now = self._clock()
            run = Run(game_id=game_id, state=state, phase_start=state, seq=0, now=now)
            planner = ui_for(row.kind).plans
            if planner is not None:
                run.book = await PlanBook.for_start(self.store, game_id, live.seats, planner)
            await self._play_bots(game, run, live.seats, seed)
            setup = state.setup.model_dump()
            return await self._commit_play(
                live,
                run,
                board_before=None,
                cause={"cause": "start"},
                extra={
                    "status": "running",
                    "options": options.model_dump(),
                    "setup": setup,
                    "started_at": now,
                },
            )

    async def abort(
        self,
        game_id: int,
        by_user_id: int,
        *,
        can_manage: bool = False,
    ) -> GameInfo:
        async with self._lock(game_id):
            try:
                live = await self._load(game_id)
            except err.GameDamaged:
                return await self._abort_damaged(game_id, by_user_id, can_manage)
            self._require_manager(live, by_user_id, can_manage)
            if not live.row.active:
                raise err.GameNotRunning(game_id=game_id, status=m.STATUS[live.row.status])
            now = self._clock()
            new_live = await self._commit(
                live,
                {
                    "status": "aborted",
                    "awaiting_seat": None,
                    "awaiting_since": None,
                    "ended_at": now,
                },
            )
            return self._info(new_live)

    # --- internals ---------------------------------------------------------------------------

    async def _abort_damaged(self, game_id: int, by_user_id: int, can_manage: bool) -> GameInfo:
        """A damaged game can still be aborted (to free its channel): only the columns that
        need no decoding are read and changed. The row stays for an operator to inspect."""
        head = await self.store.game_head(game_id)
        if head is None:
            raise err.UnknownGame(game_id=game_id)
        host_id, status, guild_id, channel_id = (
            head.host_id,
            head.status,
            head.guild_id,
            head.channel_id,
        )
        if not can_manage and by_user_id != host_id:
            raise err.NotHost(game_id=game_id, user_id=by_user_id)
        if status not in ("lobby", "running"):
            raise err.GameNotRunning(game_id=game_id, status=m.STATUS.get(status, str(status)))
        await self.store.write(lambda tx: tx.abort_damaged_game(game_id))
        self._forget(game_id)
        log.warning("damaged game %s aborted by user %s", game_id, by_user_id)
        now = self._clock()
        return GameInfo(
            id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            kind="?",
            options={},
            status="aborted",
            host_id=host_id,
            version=-1,
            seq=0,
            seats=(),
            pending=(),
            awaiting=(),
            awaiting_since=None,
            outcome=None,
            created_at=now,
            updated_at=now,
            started_at=None,
            ended_at=now,
        )

    async def _commit_lobby(
        self, live: Live, seats: Sequence[SeatRow], values: dict[str, Any] | None = None
    ) -> GameInfo:
        return self._info(await self._commit(live, values or {}, seats=seats))

    async def _remove_seat(self, live: Live, seat: int) -> GameInfo:
        removed = live.seats[seat]
        rest = [s for s in live.seats if s.seat != seat]
        seats = [dataclasses.replace(s, seat=i, colour=m.COLOURS[i]) for i, s in enumerate(rest)]
        values: dict[str, Any] = {}
        if removed.user_id == live.row.host_id and removed.user_id is not None:
            heir = next((s.user_id for s in seats if s.user_id is not None), None)
            if heir is None:
                values.update(status="aborted", ended_at=self._clock())
            else:
                values["host_id"] = heir
        return await self._commit_lobby(live, seats, values)

    async def _default_options(self, guild_id: int, kind: str) -> dict[str, Any]:
        """The server's defaults for the options this game has (a player count the game does
        not allow is left to the game's own default)."""
        game = self._game_of(kind)
        settings = await self.store.guild_settings(guild_id)
        defaults = {
            "players": settings.default_players,
            "favor_mode": settings.default_favor_mode,
            "tile_set": settings.default_tile_set,
        }
        known = game.Options.model_fields
        found = {k: v for k, v in defaults.items() if v is not None and k in known}
        players = settings.default_players
        if players is not None and not game.min_players <= players <= game.max_players:
            found.pop("players", None)
        return found

    @staticmethod
    def _seat_row(
        game_id: int, seat: int, user_id: int | None, now: float, level: str | None = None
    ) -> SeatRow:
        return SeatRow(
            game_id=game_id,
            seat=seat,
            user_id=user_id,
            is_bot=user_id is None,
            colour=m.COLOURS[seat],
            resigned_user_id=None,
            joined_at=now,
            level=(level or DEFAULT_LEVEL) if user_id is None else None,
        )

    @staticmethod
    def _channel_busy(row: GameRow) -> err.ChannelBusy:
        return err.ChannelBusy(
            game_id=row.id,
            kind=m.KIND_NAMES.get(row.kind, row.kind),
            status=m.STATUS[row.status],
            host_id=row.host_id,
        )

    @staticmethod
    def _require_lobby(live: Live) -> None:
        if live.row.status != "lobby":
            raise err.NotInLobby(game_id=live.row.id, status=m.STATUS[live.row.status])

    @staticmethod
    def _require_room(live: Live) -> None:
        wanted = live.row.options["players"]
        if len(live.seats) >= wanted:
            raise err.LobbyFull(game_id=live.row.id, players=wanted)

    @staticmethod
    def _require_manager(live: Live, user_id: int, can_manage: bool) -> None:
        if not can_manage and user_id != live.row.host_id:
            raise err.NotHost(game_id=live.row.id, user_id=user_id)


def _validation_reason(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(x) for x in first.get("loc", ()))
    return f"{where}: {first.get('msg', 'invalid')}" if where else first.get("msg", "invalid")
