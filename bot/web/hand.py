"""A player's own hand on their page (docs/web.md, "A player's page"): the picture Discord's
"My hand" sends, with each card a click that builds it, and the same picture at a step of a
finished game's replay ("My hand at this step" under the bot's replay).

Served only through the player's own link: the seat is the link's, never one the request
names, so no link can ask for another seat's hand; a spectator's link is refused.

- `GET /p/<token>/hand/<version>.png`: the link's player's hand at that version;
- `GET /p/<token>/replay/<step>/hand.png`: their hand at that step of a finished game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

from aiohttp import web

import i18n
from bot.games import ui_for
from bot.service import GameInfo, GameService
from bot.web.lang import seat_names, wt
from bot.words import errors as err

Area = tuple[int, int, int, int]
# A hand picture is the player's alone: a browser may keep it (a version never changes), a
# shared cache may not, and its address holds the player's own link.
PRIVATE_PICTURE = "private,max-age=31536000,immutable"


class ReplayStep(Protocol):
    @property
    def state(self) -> Any: ...


class Replay(Protocol):
    """What a hand at a replay step needs of a finished game's replay (the page's WebReplay)."""

    @property
    def game_id(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def language(self) -> str: ...
    @property
    def steps(self) -> Sequence[ReplayStep]: ...
    @property
    def names(self) -> Sequence[str]: ...


def replay_seat(info: GameInfo, user_id: int) -> int | None:
    """The seat `user_id` played in a game (to its end, or until they left it), as the bot's
    replay reads it for "My hand at this step"."""
    return next((s.seat for s in info.seats if user_id in (s.user_id, s.resigned_user_id)), None)


class HandPictures:
    """The players' hand pictures, one per (game, version, seat) and per replay step, each
    drawn once and kept."""

    def __init__(self, service: GameService, *, keep: int = 64) -> None:
        self.service = service
        self._keep = keep
        self._pictures: dict[tuple[Any, ...], bytes] = {}
        self._drawing: dict[tuple[Any, ...], asyncio.Lock] = {}

    async def _kept_or_drawn(self, key: tuple[Any, ...], draw: Any, *args: Any) -> bytes:
        kept = self._pictures.get(key)
        if kept is not None:
            return kept
        async with self._drawing.setdefault(key, asyncio.Lock()):  # drawn once
            kept = self._pictures.get(key)
            if kept is None:
                try:
                    kept = bytes(await asyncio.to_thread(draw, *args))
                finally:
                    self._drawing.pop(key, None)
                self._pictures[key] = kept
                while len(self._pictures) > self._keep:
                    del self._pictures[next(iter(self._pictures))]
            return kept

    async def hand_png(self, game_id: int, version: int, user_id: int) -> bytes | None:
        """The hand of `user_id`'s seat at `version` as "My hand" draws it, or None: no such
        version now, no seat, or a game without hands."""
        view = await self.service.view(game_id, user_id)
        info = view.game
        ui = ui_for(info.kind)
        if view.seat is None or not ui.has_hands or info.version != version:
            return None
        seat = view.seat.seat
        names = _names(info)

        def draw() -> bytes:
            with i18n.using(info.language):
                picture = ui.hand_picture(view.state, seat, names)
            return picture.data if picture is not None else b""

        png = await self._kept_or_drawn((game_id, version, seat), draw)
        return png or None

    def hand_places(
        self, info: GameInfo, state: Any, seat: int, legal: list[str]
    ) -> dict[str, Area]:
        """Where on the seat's hand picture each of `legal` is played by a click."""
        with i18n.using(info.language):
            return ui_for(info.kind).hand_places(state, seat, _names(info), legal)

    async def replay_hand_png(self, replay: Replay, step: int, seat: int) -> bytes | None:
        """`seat`'s hand at `step` (0: the start) of a finished game's replay, or None when the
        replay has no such step."""
        ui = ui_for(replay.kind)
        if not ui.has_hands or not 0 <= step < len(replay.steps):
            return None
        state = replay.steps[step].state
        names = list(replay.names)

        def draw() -> bytes:
            with i18n.using(replay.language):
                picture = ui.hand_picture(state, seat, names)
            return picture.data if picture is not None else b""

        png = await self._kept_or_drawn(("replay", replay.game_id, step, seat), draw)
        return png or None


def _names(info: GameInfo) -> list[str]:
    with i18n.using(info.language):
        return seat_names(info)


def hand_routes(
    reader: Callable[[web.Request], Awaitable[tuple[int, int | None]]],
    service: GameService,
    hands: HandPictures,
    replay_of: Callable[[int], Awaitable[Replay | None]],
) -> list[web.RouteDef]:
    """The hand's routes, under a player's link (`/p/`) or an Activity page's (`/a/`):
    `reader` reads a link's game and user (None: a spectator's link), `replay_of` a finished
    game's replay."""

    async def own_seat(request: web.Request) -> tuple[GameInfo, int]:
        """The game and user of a player's link; a spectator's link is refused."""
        game_id, user_id = await reader(request)
        info = await service.game(game_id)
        if user_id is None:
            with i18n.using(info.language):
                raise web.HTTPNotFound(text=wt.NO_HAND)
        return info, user_id

    async def hand(request: web.Request) -> web.Response:
        info, user_id = await own_seat(request)
        version = int(request.match_info["version"])
        try:
            png = await hands.hand_png(info.id, version, user_id)
        except (err.UnknownGame, err.GameNotRunning):
            png = None
        if png is None:
            with i18n.using(info.language):
                raise web.HTTPNotFound(text=wt.NO_SUCH_HAND)
        return _picture(png)

    async def replay_hand(request: web.Request) -> web.Response:
        info, user_id = await own_seat(request)
        step = int(request.match_info["step"])
        with i18n.using(info.language):
            replay = await replay_of(info.id)
            seat = replay_seat(info, user_id)
            if replay is None:
                raise web.HTTPNotFound(text=wt.NO_REPLAY)
            if seat is None:
                raise web.HTTPNotFound(text=wt.NO_HAND)
            png = await hands.replay_hand_png(replay, step - 1, seat)
            if png is None:
                raise web.HTTPNotFound(
                    text=wt.NO_SUCH_STEP.format(step=step, steps=len(replay.steps))
                )
        return _picture(png)

    return [
        # a spectator's link (`g`) too: refused with a sentence saying whose hand shows where
        web.get(r"/{kind:[gpa]}/{token}/hand/{version:\d{1,12}}.png", hand),
        web.get(r"/{kind:[gpa]}/{token}/replay/{step:\d{1,6}}/hand.png", replay_hand),
    ]


def _picture(png: bytes) -> web.Response:
    return web.Response(
        body=png, content_type="image/png", headers={"Cache-Control": PRIVATE_PICTURE}
    )
