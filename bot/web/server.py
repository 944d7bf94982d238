"""The web server in the bot's process (docs/web.md): aiohttp, off unless `CAYLUS_WEB_PORT` is
set. It serves a game's public read-only page and its live updates, and a player's private page
they can play on; every answer comes from the game service (bot/web/page.py), never from the
engine.

Routes (a link's token: bot/web/tokens.py):

- `GET /g/<token>`: the page (plain HTML, works without JavaScript apart from live updates);
- `GET /g/<token>/page.json`: the page's content now (what the script redraws from);
- `GET /g/<token>/board/<version>.png`: the board picture at that version (cached for good:
  a version never changes);
- `GET /g/<token>/replay/<step>.png`: a finished game's board at that step of its replay
  (1 is the start; drawn once, cached for good), and `.../replay.webp` the whole game as the
  bot's replay animates it;
- `GET /g/<token>/events`: server-sent events, one `version` event whenever the game changes;
- the same four under `/p/<token>` for a player's private link, whose page.json adds the
  player's choices (their legal moves, placed on the board where they can be) and hand;
- `POST /p/<token>/play`: a move from a player's page (CSRF token, rate limit, version check);
  `.../answer`, `.../cancel-plans` and `.../undo` their questions ahead, plans and undo
  (bot/web/plans.py);
- `GET /p/<token>/hand/<version>.png` and `.../replay/<step>/hand.png`: the player's own hand
  (bot/web/hand.py);
- `GET /`: the Discord Activity's page (Discord opens the root of the mapped address), which
  signs the user in through the Embedded App SDK and `POST /activity/session`
  (bot/web/activity.py), then opens their page under `/a/<token>`: the same pages as `/p/` and
  `/g/`, allowed inside Discord's frame;
- `GET /static/<file>`: the page's script and style.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from html import escape
from string import Template
from typing import Any

from aiohttp import web

import i18n
from bot.clock_service import ClockService
from bot.service import ActResult, GameInfo, GameService, PlayerView
from bot.web.activity import DiscordSignIn, SignInFailed
from bot.web.hand import hand_routes
from bot.web.html import render_html, static_file
from bot.web.lang import wt
from bot.web.page import PageMaker, PlayerChoices, SpectatorPage
from bot.web.plans import PlanRoutes, Refused
from bot.web.tokens import PLAYER_LINK_SECONDS, LinkSigner
from bot.words import errors as err
from bot.words.lang import t

log = logging.getLogger(__name__)

# Only what the page needs: its own script and style, its own pictures, its own event stream.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
# The Activity's pages run in Discord's frame: the same policy, framed by Discord's clients only.
DISCORD_FRAME_ANCESTORS = " ".join(
    (
        "https://discord.com",
        "https://ptb.discord.com",
        "https://canary.discord.com",
        "https://discordapp.com",
        "https://ptb.discordapp.com",
        "https://canary.discordapp.com",
        "https://*.discordsays.com",  # the Activity's own proxied origin
    )
)
ACTIVITY_PATHS = ("/a/", "/activity/")
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the link is the key: never sent on to another site
    "Cross-Origin-Opener-Policy": "same-origin",
}
STATIC_FILES = {
    "game.js": "text/javascript",
    "chooser.js": "text/javascript",  # modules of game.js
    "replay_play.js": "text/javascript",
    "game.css": "text/css",
    "activity.js": "text/javascript",
    "plans.js": "text/javascript",
    # Discord's Embedded App SDK, vendored (its version and licence: vendor/README.md)
    "vendor/discord-embedded-app-sdk.mjs": "text/javascript",
}
# An idle event stream reads the stored version this often (a change made by another process
# sharing the database) and sends a comment that keeps proxies from closing it.
QUIET_SECONDS = 15.0
RETRY_MS = 3000  # how soon a browser reconnects a broken event stream
MOVES_PER_MINUTE = 30  # a player's moves from their page (a turn takes a handful)
# Activity sign-ins per bot process: each asks Discord twice, and who asks is not known before
# Discord answers, so the cap is shared (a flood of made-up codes cannot make the bot hammer
# Discord's API)
SIGN_INS_PER_MINUTE = 120


def content_security_policy(frame_ancestors: str) -> str:
    """The page's policy, framed by `frame_ancestors` ('none': by nobody)."""
    return CONTENT_SECURITY_POLICY.replace(
        "frame-ancestors 'none'", f"frame-ancestors {frame_ancestors}"
    )


ACTIVITY_CSP = web.AppKey("activity_csp", str)


@web.middleware
async def _secure(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    headers = dict(SECURITY_HEADERS)
    if request.path == "/" or request.path.startswith(ACTIVITY_PATHS):
        headers["Content-Security-Policy"] = request.app[ACTIVITY_CSP]
    try:
        response = await handler(request)
    except web.HTTPException as error:  # a refusal carries the same headers
        for name, value in headers.items():
            error.headers.setdefault(name, value)
        raise
    for name, value in headers.items():
        response.headers.setdefault(name, value)
    return response


ACTIVITY_PAGE = Template(static_file("activity.html").decode("utf-8"))


class WebSite:
    """The pages of the games, over one game service (and its clock, for the deadlines)."""

    def __init__(
        self,
        service: GameService,
        signer: LinkSigner,
        *,
        clock: ClockService | None = None,
        now: Callable[[], float] = time.time,
        public_url: str = "",
        after_move: Callable[[int, PlayerView, str, ActResult], Awaitable[None]] | None = None,
        sign_in: DiscordSignIn | None = None,
        frame_ancestors: str = DISCORD_FRAME_ANCESTORS,
    ) -> None:
        self.service = service
        self.signer = signer
        self.now = now
        self.pages = PageMaker(service, clock, now=now)
        # told of every move made on a page, after it is saved: the bot posts it in the
        # channel as it posts a button's (bot/app.py)
        self.after_move = after_move
        self.limits = RateLimit(MOVES_PER_MINUTE, 60.0, now)
        self.sign_ins = RateLimit(SIGN_INS_PER_MINUTE, 60.0, now)
        self.public_url = public_url.rstrip("/")
        # the Activity's sign-in (None: not set up, CAYLUS_CLIENT_SECRET empty)
        self.sign_in = sign_in
        self.activity_csp = content_security_policy(frame_ancestors)
        self._static = {name: static_file(name) for name in STATIC_FILES}
        self._streams: set[asyncio.Task[Any]] = set()
        self._moves: set[asyncio.Future[ActResult]] = set()
        # questions ahead, plans and undo (bot/web/plans.py)
        self.plans = PlanRoutes(service, signer, self.limits, self._reader)

    def app(self) -> web.Application:
        app = web.Application(middlewares=[_secure], client_max_size=4096)
        app[ACTIVITY_CSP] = self.activity_csp
        app.add_routes(
            [
                web.get(r"/{kind:[gpa]}/{token}", self.game_page),
                web.get(r"/{kind:[gpa]}/{token}/page.json", self.page_json),
                web.get(r"/{kind:[gpa]}/{token}/board/{version:\d{1,12}}.png", self.board),
                web.get(r"/{kind:[gpa]}/{token}/replay/{step:\d{1,6}}.png", self.replay_board),
                web.get(r"/{kind:[gpa]}/{token}/replay.webp", self.replay_animation),
                web.get(r"/{kind:[gpa]}/{token}/events", self.events),
                web.post(r"/{kind:[pa]}/{token}/play", self.play),
                web.get("/", self.activity_page),
                web.post("/activity/session", self.activity_session),
                web.get(r"/static/{name:(vendor/)?[\w.-]+}", self.static),
                web.get("/favicon.ico", self.no_icon),
                *hand_routes(self._reader, self.service, self.pages.hands, self.pages.replay),
            ]
        )
        app.add_routes(self.plans.routes())
        app.on_shutdown.append(self._close_streams)
        return app

    async def _close_streams(self, _app: web.Application) -> None:
        for task in list(self._streams):
            task.cancel()

    async def _reader(self, request: web.Request) -> tuple[int, int | None]:
        """The game a link opens and, for a player's link, whose it is (None: a spectator).
        A link of an earlier generation than the game's (its host revoked the links since it
        was given) is refused in the game's language."""
        token = request.match_info["token"]
        kind = request.match_info.get("kind", "p")
        # an Activity page (`a`) opens a player's token or a spectator's
        user_id: int | None = None
        if kind == "p" or (kind == "a" and token.startswith("p")):
            player = self.signer.player_of(token, self.now())
            if player is None:
                raise _not_found(request, wt.BAD_PLAYER_LINK)
            game_id, generation, user_id = player.game_id, player.generation, player.user_id
            revoked = "REVOKED_PLAYER_LINK"  # read in the game's language below
        else:
            spectator = self.signer.spectated_game(token)
            if spectator is None:
                raise _not_found(request, wt.BAD_LINK)
            game_id, generation = spectator
            revoked = "REVOKED_LINK"
        try:
            current = await self.service.link_generation(game_id)
        except err.UnknownGame:
            raise _not_found(request, wt.BAD_LINK) from None
        if generation != current:
            info = await self.service.game(game_id)
            with i18n.using(info.language):
                raise _not_found(request, str(getattr(wt, revoked)))
        return game_id, user_id

    async def _game_of(self, request: web.Request) -> int:
        return (await self._reader(request))[0]

    async def spectator_url(self, game_id: int) -> str:
        """The public read-only link of a game now, with its current link generation
        (absolute when CAYLUS_PUBLIC_URL is set)."""
        generation = await self.service.link_generation(game_id)
        return f"{self.public_url}/g/{self.signer.spectator_token(game_id, generation)}"

    async def player_url(self, game_id: int, user_id: int) -> str:
        """A player's private link now, valid for PLAYER_LINK_SECONDS (or until the host
        revokes the game's links)."""
        return f"{self.public_url}/p/{await self._player_token(game_id, user_id)}"

    async def _player_token(self, game_id: int, user_id: int) -> str:
        generation = await self.service.link_generation(game_id)
        expires = int(self.now()) + PLAYER_LINK_SECONDS
        return self.signer.player_token(game_id, user_id, expires, generation)

    async def _page(self, game_id: int) -> SpectatorPage:
        try:
            return await self.pages.page(game_id)
        except err.UnknownGame:
            raise web.HTTPNotFound(text=wt.BAD_LINK) from None
        except err.GameDamaged as error:  # what a command in the channel answers, not a 500
            raise web.HTTPServiceUnavailable(text=str(error)) from None

    async def _choices(self, game_id: int, user_id: int | None) -> PlayerChoices | None:
        """A player's part of their page (None: a spectator's page, or a game not started)."""
        if user_id is None:
            return None
        try:
            return await self.pages.choices(game_id, user_id)
        except err.ServiceError:
            return None

    async def game_page(self, request: web.Request) -> web.Response:
        game_id, user_id = await self._reader(request)
        page = await self._page(game_id)
        token = request.match_info["token"]
        base = f"/{request.match_info['kind']}/{token}"
        you = ""
        mine = await self._choices(game_id, user_id)
        if mine is not None and mine.seat_name:
            with i18n.using(page.language):
                you = (wt.YOU_PLAY_CARDS if mine.hand_size else wt.YOU_PLAY).format(
                    colour=mine.seat_name
                )
        replay = await self.pages.replay(game_id)
        with i18n.using(page.language):
            csrf = self.signer.csrf_token(token) if user_id is not None else ""
            steps = len(replay.steps) if replay is not None else 0
            html = render_html(
                page,
                base,
                csrf=csrf,
                you=you,
                replay_steps=steps,
                stats=await self.pages.stats(game_id),
            )
        return web.Response(
            text=html, content_type="text/html", headers={"Cache-Control": "no-store"}
        )

    async def page_json(self, request: web.Request) -> web.Response:
        game_id, user_id = await self._reader(request)
        page = await self._page(game_id)
        answer = page.as_json()
        replay = await self.pages.replay(game_id)  # a finished game's steps (else None)
        answer["replay"] = replay.as_json() if replay is not None else None
        answer["stats_html"] = list(await self.pages.stats(game_id))
        mine = await self._choices(game_id, user_id)
        if mine is not None:  # a player's page: their own choices and hand, nobody else's
            answer["player"] = mine.as_json()
        if user_id is not None:  # theirs only, read afresh: a plan changes without a version
            plans = await self.plans.part(game_id, user_id)
            answer["plans"] = plans.as_json() if plans is not None else None
        return web.json_response(answer, headers={"Cache-Control": "no-store"})

    async def play(self, request: web.Request) -> web.Response:
        """A move from a player's page: `{"action": notation, "version": the page's}` with the
        page's CSRF token in `X-CSRF-Token`, played through the service like a button press
        (the version checked: a stale page gets the stale button's message); then the channel
        is told as for any move (`after_move`)."""
        try:
            posted = await self.plans.posted(request)  # link, CSRF token, rate limit, JSON
        except Refused as refused:
            return refused.response()
        game_id, user_id, body = posted.game_id, posted.user_id, posted.body
        with i18n.using(posted.info.language):
            try:
                action, version = str(body["action"]), int(body["version"])
            except (KeyError, TypeError, ValueError):
                return _refused(400, wt.NOT_A_MOVE)
            if not action or len(action) > 200:
                return _refused(400, wt.NOT_A_MOVE)
            # played to its end even if the reader leaves meanwhile (a closed connection
            # cancels its handler): a saved move is always told to the channel
            move = asyncio.ensure_future(self._move(game_id, user_id, action, version))
            self._moves.add(move)
            move.add_done_callback(self._moves.discard)
            try:
                result = await asyncio.shield(move)
            except err.StaleVersion:
                return _refused(409, t.BOARD_CHANGED)
            except err.ServiceError as error:
                return _refused(400, str(error))
        return web.json_response({"version": result.game.version})

    async def _move(self, game_id: int, user_id: int, action: str, version: int) -> ActResult:
        """Play a move from a player's page and tell the channel (`after_move`)."""
        before = await self.service.view(game_id, user_id)  # what the move is named by
        # a placement may carry its answer ("place 11|take FF"), as the menu's choice does
        result = await self.service.act_with_answer(game_id, user_id, action, version)
        if self.after_move is not None:
            try:
                await self.after_move(game_id, before, action, result)
            except Exception:  # the move is saved; the scheduler posts what is left
                log.exception("game %s: a move from the web page is saved, not yet posted", game_id)
        return result

    async def _channel_game(self, guild: str, channel: str) -> GameInfo | None:
        """The game of the channel the Activity was opened in: its running game, else the
        last one when it ended (its result and account stay readable)."""
        if not (guild.isdigit() and channel.isdigit()) or len(guild) > 20 or len(channel) > 20:
            return None
        try:
            info = await self.service.game_in_channel(int(guild), int(channel))
            if info is None:
                ended = await self.service.ended_game_in_channel(int(guild), int(channel))
                info = await self.service.game(ended) if ended is not None else None
        except err.ServiceError:
            return None
        return info

    async def activity_page(self, request: web.Request) -> web.Response:
        """The page Discord opens for the Activity (`/?frame_id=...&channel_id=...`): it signs
        the user in with the Embedded App SDK, then opens their page. In the language of the
        channel's game."""
        query = request.query
        info = await self._channel_game(query.get("guild_id", ""), query.get("channel_id", ""))
        with i18n.using(info.language if info is not None else i18n.DEFAULT):
            if self.sign_in is None:
                raise web.HTTPNotFound(text=wt.ACTIVITY_OFF)
            html = ACTIVITY_PAGE.substitute(
                language=escape(i18n.current()),
                title=escape(wt.ACTIVITY_TITLE),
                client_id=self.sign_in.application_id,
                signing_in=escape(wt.SIGNING_IN),
                failed=escape(wt.SIGN_IN_FAILED),
            )
        return web.Response(
            text=html, content_type="text/html", headers={"Cache-Control": "no-store"}
        )

    async def activity_session(self, request: web.Request) -> web.Response:
        """`{"code", "guild_id", "channel_id"}` from the Activity's page: the code exchanged
        with Discord for the user, then the page of that user in the channel's game (their own
        page when they play in it, else the spectator's), and the access token the page hands
        to the SDK's `authenticate`."""
        if self.sign_in is None:
            return _refused(404, wt.ACTIVITY_OFF)
        try:
            body = await request.json()
            code, guild, channel = (str(body[key]) for key in ("code", "guild_id", "channel_id"))
        except (ValueError, KeyError, TypeError):
            return _refused(400, wt.SIGN_IN_FAILED)
        info = await self._channel_game(guild, channel)
        with i18n.using(info.language if info is not None else i18n.DEFAULT):
            if info is None:
                return _refused(404, wt.NO_GAME_HERE)
            if not code or len(code) > 200:
                return _refused(400, wt.SIGN_IN_FAILED)
            if not self.sign_ins.allow(0):  # one count for everyone (above)
                return _refused(429, wt.SIGN_IN_BUSY)
            try:
                user = await self.sign_in.user_of(code)
            except SignInFailed as error:
                log.warning("game %s: an Activity sign-in failed (%s)", info.id, error)
                return _refused(403, wt.SIGN_IN_FAILED)
        if info.seat_of(user.user_id) is not None:
            token = await self._player_token(info.id, user.user_id)
        else:
            generation = await self.service.link_generation(info.id)
            token = self.signer.spectator_token(info.id, generation)
        return web.json_response(
            {"access_token": user.access_token, "page": f"/a/{token}"},
            headers={"Cache-Control": "no-store"},
        )

    async def board(self, request: web.Request) -> web.Response:
        game_id = await self._game_of(request)
        version = int(request.match_info["version"])
        try:
            png = await self.pages.board_png(game_id, version)
        except (err.UnknownGame, err.GameNotRunning):
            png = None
        if png is None:
            raise web.HTTPNotFound(text=wt.NO_SUCH_BOARD)
        return web.Response(
            body=png,
            content_type="image/png",
            headers={"Cache-Control": "public,max-age=31536000,immutable"},
        )

    async def replay_board(self, request: web.Request) -> web.Response:
        """The board at one step of a finished game's replay (1: the start), as the bot's
        replay draws it; a step the game does not have gets a sentence saying which it has."""
        game_id = await self._game_of(request)
        step = int(request.match_info["step"])
        info = await self.service.game(game_id)
        with i18n.using(info.language):
            replay = await self.pages.replay(game_id)
            if replay is None:
                raise web.HTTPNotFound(text=wt.NO_REPLAY)
            png = await self.pages.replay_png(game_id, step - 1) if step >= 1 else None
            if png is None:
                raise web.HTTPNotFound(
                    text=wt.NO_SUCH_STEP.format(step=step, steps=len(replay.steps))
                )
        return web.Response(
            body=png,
            content_type="image/png",
            headers={"Cache-Control": "public,max-age=31536000,immutable"},
        )

    async def replay_animation(self, request: web.Request) -> web.Response:
        """A finished game as the bot's replay animates it (an animated WebP)."""
        game_id = await self._game_of(request)
        info = await self.service.game(game_id)
        data = await self.pages.replay_animation(game_id)
        if data is None:
            with i18n.using(info.language):
                raise web.HTTPNotFound(text=wt.NO_REPLAY)
        return web.Response(
            body=data,
            content_type="image/webp",
            headers={"Cache-Control": "public,max-age=31536000,immutable"},
        )

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in self._static:
            raise web.HTTPNotFound()
        return web.Response(
            body=self._static[name],
            content_type=STATIC_FILES[name],
            headers={"Cache-Control": "public,max-age=300"},
        )

    async def no_icon(self, _request: web.Request) -> web.Response:
        """Browsers ask for an icon: none, without an error in the reader's console."""
        return web.Response(status=204, headers={"Cache-Control": "public,max-age=86400"})

    async def events(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: `version` (the game's version, at once and after every change),
        so the page fetches what changed; nothing else is sent."""
        game_id = await self._game_of(request)
        await self._page(game_id)  # an unknown game is refused before the stream opens
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",  # nginx: pass each event on at once
            }
        )
        await response.prepare(request)
        task = asyncio.current_task()
        if task is not None:
            self._streams.add(task)
        try:
            await response.write(f"retry: {RETRY_MS}\n\n".encode())
            sent: int | None = None
            with self.service.changes.watching(game_id) as changed:
                while True:
                    changed.clear()  # before the read: a change after it is heard
                    version = await self.service.store.current_version(game_id)
                    if version is None:
                        break
                    if version != sent:
                        data = json.dumps({"version": version})
                        await response.write(f"event: version\ndata: {data}\n\n".encode())
                        sent = version
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(changed.wait(), QUIET_SECONDS)
                        continue
                    await response.write(b": quiet\n\n")
        except ConnectionResetError:
            pass  # the reader went; a closed connection cancels the handler (handler_cancellation)
        finally:
            if task is not None:
                self._streams.discard(task)
        return response


def _refused(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status)


def _not_found(request: web.Request, message: str) -> web.HTTPNotFound:
    """A link that opens nothing: the sentence as text, or as a move's refusal (JSON, which
    the page's script shows) for a move."""
    if request.method == "POST":
        return web.HTTPNotFound(
            text=json.dumps({"error": message}), content_type="application/json"
        )
    return web.HTTPNotFound(text=message)


class RateLimit:
    """At most `count` moves per user in any `seconds` (a sliding window in memory)."""

    def __init__(self, count: int, seconds: float, now: Callable[[], float]) -> None:
        self.count = count
        self.seconds = seconds
        self.now = now
        self._moves: dict[int, deque[float]] = {}

    def allow(self, user_id: int) -> bool:
        now = self.now()
        moves = self._moves.setdefault(user_id, deque())
        while moves and moves[0] <= now - self.seconds:
            moves.popleft()
        if len(moves) >= self.count:
            return False
        moves.append(now)
        return True


class WebServer:
    """The site on a port, started and stopped with the bot."""

    def __init__(self, site: WebSite, *, host: str = "0.0.0.0", port: int = 8080) -> None:
        self.site = site
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        # a reader who leaves ends their event stream at once, not at its next write
        self._runner = web.AppRunner(self.site.app(), access_log=None, handler_cancellation=True)
        await self._runner.setup()
        tcp = web.TCPSite(self._runner, self.host, self.port)
        await tcp.start()
        if self.port == 0:  # a free port was chosen (tests): say which
            server = tcp._server
            sockets = getattr(server, "sockets", None) or []
            if sockets:
                self.port = sockets[0].getsockname()[1]
        log.info("web pages served on %s:%d", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
