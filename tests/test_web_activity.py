"""The Discord Activity (docs/web.md, "Inside Discord: the Activity"): the page Discord opens
signs the user in with the Embedded App SDK; the bot exchanges the code at a LOCAL stand-in for
Discord's OAuth2 endpoints (`/oauth2/token`, `/users/@me`, an aiohttp app here) and gives the
user's page. Over HTTP: the exchange, a player's and a spectator's page, the refusals, the
Activity's content security policy. In a real Chromium: a test page plays Discord's parent
frame (the SDK's handshake, READY, AUTHORIZE, AUTHENTICATE) around the Activity's page, and the
sign-in ends on the player's own page."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from bot.web import WebSite
from bot.web import server as web_server
from bot.web.activity import DiscordSignIn
from bot.web.demo import DEMO_USERS
from bot.web.server import CONTENT_SECURITY_POLICY, DISCORD_FRAME_ANCESTORS
from bot.web.webtext import ACTIVITY_OFF, NO_GAME_HERE, SIGN_IN_BUSY, SIGN_IN_FAILED
from tests.discord_harness import table, web_table
from tests.test_web_play import buttons_of
from tests.web_browser import LAUNCH_ARGS, NOT_FOUND, find_chromium, playwright_missing, shots
from tests.web_helpers import Served, served

APPLICATION_ID = 424242
CLIENT_SECRET = "the application's client secret"
SECONDS = 10_000  # Playwright's waits, in ms


@dataclass
class StandInDiscord:
    """Discord's OAuth2 endpoints as an Activity's sign-in uses them: a code (given by the
    SDK's authorize) is exchanged for an access token with the application's secret, and the
    token reads its user."""

    codes: dict[str, int]  # code -> the user it was given to
    tokens: dict[str, int] = field(default_factory=dict)
    exchanges: list[dict[str, str]] = field(default_factory=list)
    url: str = ""

    async def token(self, request: web.Request) -> web.Response:
        form = {key: str(value) for key, value in (await request.post()).items()}
        self.exchanges.append(form)
        good = (
            form.get("client_id") == str(APPLICATION_ID)
            and form.get("client_secret") == CLIENT_SECRET
            and form.get("grant_type") == "authorization_code"
            and form.get("code") in self.codes
        )
        if not good:
            return web.json_response({"error": "invalid_grant"}, status=400)
        access = f"access-{form['code']}"
        self.tokens[access] = self.codes.pop(form["code"])  # a code works once
        return web.json_response(
            {"access_token": access, "token_type": "Bearer", "expires_in": 604800}
        )

    async def me(self, request: web.Request) -> web.Response:
        scheme, _, access = request.headers.get("Authorization", "").partition(" ")
        if scheme != "Bearer" or access not in self.tokens:
            return web.json_response({"message": "401: Unauthorized"}, status=401)
        user = self.tokens[access]
        return web.json_response({"id": str(user), "username": f"user{user}"})


@contextlib.asynccontextmanager
async def stand_in_discord(codes: dict[str, int]) -> AsyncIterator[StandInDiscord]:
    discord = StandInDiscord(dict(codes))
    app = web.Application()
    app.add_routes(
        [web.post("/api/oauth2/token", discord.token), web.get("/api/users/@me", discord.me)]
    )
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    discord.url = f"http://127.0.0.1:{port}/api"
    try:
        yield discord
    finally:
        await runner.cleanup()


@contextlib.asynccontextmanager
async def activity(
    tmp_path: Path, codes: dict[str, int], **options: object
) -> AsyncIterator[tuple[Served, StandInDiscord]]:
    async with stand_in_discord(codes) as discord:
        sign_in = DiscordSignIn(APPLICATION_ID, CLIENT_SECRET, api_url=discord.url)
        async with served(tmp_path, sign_in=sign_in, **options) as web_:
            yield web_, discord


def base_url(web_: Served) -> str:
    return f"http://127.0.0.1:{web_.server.port}"


async def channel_of(web_: Served, game_id: int) -> dict[str, str]:
    info = await web_.service.game(game_id)
    return {"guild_id": str(info.guild_id), "channel_id": str(info.channel_id)}


async def test_activity_sign_in_exchanges_the_code_and_gives_the_players_own_page(
    tmp_path: Path,
):
    player = DEMO_USERS[2]  # plays the Magna Carta game
    async with activity(tmp_path, {"code-1": player}) as (web_, discord):
        game_id = web_.games.magna_carta
        async with aiohttp.ClientSession() as http:
            where = await channel_of(web_, game_id)
            async with http.post(
                f"{base_url(web_)}/activity/session", json={"code": "code-1", **where}
            ) as answer:
                assert answer.status == 200
                session = await answer.json()
            assert session["access_token"] == "access-code-1"  # for the SDK's authenticate
            assert session["page"].startswith(f"/a/p{game_id}.{player}.")
            exchange = discord.exchanges[0]
            assert exchange["client_secret"] == CLIENT_SECRET
            assert exchange["client_id"] == str(APPLICATION_ID)
            async with http.get(f"{base_url(web_)}{session['page']}/page.json") as answer:
                assert answer.status == 200
                page = await answer.json()
            assert "player" in page  # their own choices and hand
            async with http.get(f"{base_url(web_)}{session['page']}") as answer:
                assert answer.status == 200
                assert 'data-csrf=""' not in await answer.text()  # a player may move


async def test_activity_sign_in_of_someone_not_seated_gives_the_spectators_page(tmp_path: Path):
    watcher = 555  # in the channel, not in the game
    async with activity(tmp_path, {"code-w": watcher}) as (web_, _discord):
        game_id = web_.games.caylus
        async with aiohttp.ClientSession() as http:
            where = await channel_of(web_, game_id)
            async with http.post(
                f"{base_url(web_)}/activity/session", json={"code": "code-w", **where}
            ) as answer:
                session = await answer.json()
            assert session["page"] == f"/a/{web_.site.signer.spectator_token(game_id)}"
            async with http.get(f"{base_url(web_)}{session['page']}/page.json") as answer:
                assert answer.status == 200
                assert "player" not in await answer.json()


async def test_activity_sign_in_refuses_a_code_discord_does_not_accept(tmp_path: Path):
    async with activity(tmp_path, {"good": DEMO_USERS[0]}) as (web_, discord):
        where = await channel_of(web_, web_.games.caylus)
        async with aiohttp.ClientSession() as http:
            for body in ({"code": "forged", **where}, {"code": "", **where}, {"nothing": 1}):
                async with http.post(f"{base_url(web_)}/activity/session", json=body) as answer:
                    assert answer.status in (400, 403)
                    refusal = await answer.json()
                assert refusal == {"error": SIGN_IN_FAILED}
                assert "page" not in refusal
            assert discord.tokens == {}  # no token was ever given


async def test_activity_sign_in_in_a_channel_without_a_game(tmp_path: Path):
    async with (
        activity(tmp_path, {"code-1": DEMO_USERS[0]}) as (web_, discord),
        aiohttp.ClientSession() as http,
    ):
        body = {"code": "code-1", "guild_id": "1", "channel_id": "999999"}
        async with http.post(f"{base_url(web_)}/activity/session", json=body) as answer:
            assert answer.status == 404
            assert await answer.json() == {"error": NO_GAME_HERE}
        assert discord.exchanges == []  # nothing asked of Discord


async def test_activity_off_without_client_secret(tmp_path: Path):
    async with served(tmp_path) as web_, aiohttp.ClientSession() as http:
        async with http.get(f"{base_url(web_)}/?frame_id=1&instance_id=1") as answer:
            assert answer.status == 404
            assert await answer.text() == ACTIVITY_OFF
        body = {"code": "x", "guild_id": "1", "channel_id": "1"}
        async with http.post(f"{base_url(web_)}/activity/session", json=body) as answer:
            assert answer.status == 404


async def test_activity_pages_may_be_framed_by_discord_only(tmp_path: Path):
    """The Activity's pages (its entry page, /a/ and the sign-in) allow Discord's clients as
    frame ancestors and nothing more; the link pages stay unframeable."""
    async with activity(tmp_path, {}) as (web_, _discord):
        game_id = web_.games.caylus
        where = await channel_of(web_, game_id)
        token = web_.site.signer.spectator_token(game_id)
        activity_csp = CONTENT_SECURITY_POLICY.replace(
            "frame-ancestors 'none'", f"frame-ancestors {DISCORD_FRAME_ANCESTORS}"
        )
        async with aiohttp.ClientSession() as http:
            query = f"?frame_id=f&instance_id=i&platform=desktop&guild_id={where['guild_id']}"
            for path in (f"/{query}&channel_id={where['channel_id']}", f"/a/{token}"):
                async with http.get(f"{base_url(web_)}{path}") as answer:
                    assert answer.status == 200, path
                    assert answer.headers["Content-Security-Policy"] == activity_csp
            async with http.get(f"{base_url(web_)}/a/{token}x") as answer:  # a refusal too
                assert answer.status == 404
                assert answer.headers["Content-Security-Policy"] == activity_csp
            async with http.get(f"{base_url(web_)}/g/{token}") as answer:
                assert answer.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
        assert "frame-ancestors https://discord.com " in activity_csp
        assert "https://*.discordsays.com" in activity_csp
        assert "'self'" not in DISCORD_FRAME_ANCESTORS and "*" not in activity_csp.replace(
            "https://*.discordsays.com", ""
        )


# --- in a real browser -------------------------------------------------------------------

# Plays Discord's client around the Activity's frame: answers the SDK's handshake with READY,
# its AUTHORIZE with a code, its AUTHENTICATE with the user; the commands seen are kept on the
# page's body for the test to read.
PARENT_SCRIPT = """
const frame = document.getElementById("activity");
const seen = [];
window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  const reply = (frame_) => frame.contentWindow.postMessage(frame_, "*");
  if (opcode === 0) {
    seen.push("HANDSHAKE:" + payload.client_id + ":" + payload.frame_id);
    reply([1, { cmd: "DISPATCH", evt: "READY", nonce: null,
      data: { v: 1, config: { api_endpoint: "//discord.com/api", environment: "production" } } }]);
  } else if (opcode === 1 && payload.cmd === "AUTHORIZE") {
    seen.push("AUTHORIZE:" + payload.args.scope.join(" "));
    reply([1, { cmd: "AUTHORIZE", evt: null, nonce: payload.nonce,
      data: { code: document.body.dataset.code } }]);
  } else if (opcode === 1 && payload.cmd === "AUTHENTICATE") {
    seen.push("AUTHENTICATE:" + payload.args.access_token);
    reply([1, { cmd: "AUTHENTICATE", evt: null, nonce: payload.nonce, data: {
      access_token: payload.args.access_token,
      user: { username: "alice", discriminator: "0", id: document.body.dataset.user,
              public_flags: 0 },
      scopes: ["identify"], expires: "2030-01-01T00:00:00.000Z",
      application: { description: "", id: document.body.dataset.client, name: "Caylus" } } }]);
  }
  document.body.dataset.seen = seen.join("|");
});
"""


class ParentFrameSite(WebSite):
    """The bot's site plus a page that frames the Activity as Discord's client does."""

    code = ""
    user = 0
    query = ""

    def app(self) -> web.Application:
        app = super().app()
        app.router.add_get("/test/discord", self.parent_page)
        app.router.add_get("/test/discord.js", self.parent_script)
        return app

    async def parent_page(self, _request: web.Request) -> web.Response:
        html = (
            '<!doctype html><html><head><script type="module" src="/test/discord.js"></script>'
            f'</head><body data-code="{self.code}" data-user="{self.user}" '
            f'data-client="{APPLICATION_ID}">'
            f'<iframe id="activity" src="/{self.query}" width="400" height="800"></iframe>'
            "</body></html>"
        )
        headers = {"Content-Security-Policy": "default-src 'self'"}
        return web.Response(text=html, content_type="text/html", headers=headers)

    async def parent_script(self, _request: web.Request) -> web.Response:
        return web.Response(text=PARENT_SCRIPT, content_type="text/javascript")


async def test_browser_activity_signs_in_through_the_sdk_and_shows_the_players_own_view(
    tmp_path: Path,
):
    chromium = find_chromium()
    if chromium is None or playwright_missing():
        pytest.skip(playwright_missing() or NOT_FOUND)
    from playwright.async_api import async_playwright

    player = DEMO_USERS[1]  # plays the Caylus game
    # the test's parent page is of the bot's own origin: it is the one ancestor allowed here
    async with activity(
        tmp_path, {"code-b": player}, site_type=ParentFrameSite, frame_ancestors="'self'"
    ) as (web_, discord):
        game_id = web_.games.caylus
        where = await channel_of(web_, game_id)
        site = web_.site
        assert isinstance(site, ParentFrameSite)
        site.code, site.user = "code-b", player
        site.query = (
            f"?frame_id=frame-1&instance_id=i-1&platform=desktop"
            f"&guild_id={where['guild_id']}&channel_id={where['channel_id']}"
        )
        async with async_playwright() as driver:
            browser = await driver.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
            try:
                page = await browser.new_page(viewport={"width": 500, "height": 900})
                problems: list[str] = []
                page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
                page.on("pageerror", lambda e: problems.append(str(e)))
                await page.goto(f"{base_url(web_)}/test/discord")
                await page.wait_for_function(
                    "() => (document.body.dataset.seen || '').includes('AUTHENTICATE')",
                    timeout=SECONDS,
                )
                frame = page.frame_locator("#activity")
                you = frame.locator("#you")
                await you.wait_for(timeout=SECONDS)
                seat = (await web_.service.game(game_id)).seat_of(player)
                assert seat is not None
                assert "You play" in await you.inner_text()
                await frame.locator("#board").wait_for(timeout=SECONDS)
                assert await frame.locator("#mine").is_visible()
                seen = (await page.get_attribute("body", "data-seen") or "").split("|")
                assert seen == [
                    f"HANDSHAKE:{APPLICATION_ID}:frame-1",
                    "AUTHORIZE:identify",
                    "AUTHENTICATE:access-code-b",
                ]
                inner = page.frames[1]
                assert inner.url.startswith(f"{base_url(web_)}/a/p{game_id}.{player}.")
                assert len(discord.exchanges) == 1
                assert problems == []
                await page.screenshot(path=str(shots(tmp_path) / "activity.png"))
            finally:
                await browser.close()


# --- in Discord ---------------------------------------------------------------------------


async def test_open_the_board_button_on_caylus_board_launches_the_activity(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    """With the Activity set up, /caylus board offers "Open the board", whose press asks
    Discord to launch the Activity (callback LAUNCH_ACTIVITY). The simulated Discord refuses
    that callback, as Discord does for an application whose Activity is not enabled: the
    presser then gets their own page's link privately, which opens it."""
    async with table(
        tmp_path,
        web_port=0,
        public_url="http://127.0.0.1:1",
        web_secret_file=str(tmp_path / "s"),
        client_secret=CLIENT_SECRET,
        application_id=APPLICATION_ID,
    ) as tb:
        await tb.open_game(2, 1)
        bot_web = tb.env.bot.web
        bot_web.site.public_url = f"http://127.0.0.1:{bot_web.port}"
        assert bot_web.site.sign_in is not None
        player = tb.players[1]
        reply = await player.slash(tb.channel, "caylus board")
        message = reply.followups[-1] if reply.followups else reply.response
        button = next(b for b in buttons_of(message) if b["custom_id"].startswith("cay:w:"))
        assert button["label"] == "Open the board"
        pressed = await player.click(message, custom_id=button["custom_id"])
        answer = pressed.followups[-1] if pressed.followups else pressed.response
        assert answer.ephemeral
        text = answer.content
        assert text.startswith("Discord did not open the board here.")
        # the launch was asked of Discord first, and its refusal logged
        assert "Discord did not launch the Activity" in caplog.text
        link = text.rsplit(" ", 1)[1]
        assert f"/p/p{(await tb.service.game_in_channel(tb.guild.id, tb.channel.id)).id}." in link
        async with aiohttp.ClientSession() as http, http.get(link) as page:
            assert page.status == 200 and "You play" in await page.text()
        await tb.env.bot.close()


async def test_caylus_board_offers_no_open_the_board_button_without_the_activity(tmp_path: Path):
    async with web_table(tmp_path, reachable=False) as tb:
        reply = await tb.players[1].slash(tb.channel, "caylus board")
        message = reply.followups[-1] if reply.followups else reply.response
        assert buttons_of(message) == []  # no "Open the board"
        await tb.env.bot.close()


async def test_activity_sign_in_when_discord_cannot_be_reached_is_refused_at_once(
    tmp_path: Path,
):
    """Discord's API not answering (here: nothing listens at its address) is a refused
    sign-in with its sentence, not a hang and not an error page."""
    async with stand_in_discord({}) as discord:
        unreachable = discord.url
    sign_in = DiscordSignIn(APPLICATION_ID, CLIENT_SECRET, api_url=unreachable)
    async with served(tmp_path, sign_in=sign_in) as web_, aiohttp.ClientSession() as http:
        body = {"code": "any", **await channel_of(web_, web_.games.caylus)}
        async with http.post(f"{base_url(web_)}/activity/session", json=body) as answer:
            assert answer.status == 403
            assert await answer.json() == {"error": SIGN_IN_FAILED}


async def test_activity_page_speaks_the_language_of_the_channels_game(tmp_path: Path):
    async with activity(tmp_path, {}) as (web_, _discord), aiohttp.ClientSession() as http:
        game_id = web_.games.caylus
        info = await web_.service.game(game_id)
        await web_.service.set_game_language(game_id, info.host_id, "de")
        where = await channel_of(web_, game_id)
        query = "&".join(f"{key}={value}" for key, value in where.items())
        async with http.get(f"{base_url(web_)}/?frame_id=f&instance_id=i&{query}") as answer:
            html = await answer.text()
        assert '<html lang="de">' in html and "Du wirst mit Discord angemeldet…" in html
        assert f'data-client="{APPLICATION_ID}"' in html
        # every script is a file of the site (the policy allows no inline script)
        assert html.count("<script") == html.count('<script type="module" src="/static/') == 1


async def test_activity_sign_ins_are_rate_limited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Past SIGN_INS_PER_MINUTE sign-ins in a minute (made-up codes included) the bot asks
    Discord nothing more and says so."""
    monkeypatch.setattr(web_server, "SIGN_INS_PER_MINUTE", 2)
    async with activity(tmp_path, {"late": DEMO_USERS[0]}) as (web_, discord):
        where = await channel_of(web_, web_.games.caylus)
        async with aiohttp.ClientSession() as http:
            for code in ("made-up-1", "made-up-2", "late"):
                body = {"code": code, **where}
                async with http.post(f"{base_url(web_)}/activity/session", json=body) as answer:
                    status, refusal = answer.status, await answer.json()
            assert (status, refusal) == (429, {"error": SIGN_IN_BUSY})
            assert len(discord.exchanges) == 2  # the third was not sent to Discord
