"""The Discord Activity's sign-in (docs/web.md, "Inside Discord: the Activity"): the page inside
Discord's frame gets an authorization code from the Embedded App SDK (`authorize`) and posts it
here; the bot exchanges it at Discord's OAuth2 token endpoint with the application's secret
(`CAYLUS_CLIENT_SECRET`), reads who signed in (`/users/@me`) and gives that user's page.

The API's base address is a setting (`CAYLUS_DISCORD_API_URL`) so tests answer for Discord
with a local stand-in."""

from __future__ import annotations

from typing import NamedTuple

import aiohttp

DISCORD_API_URL = "https://discord.com/api/v10"
EXCHANGE_SECONDS = 10.0  # Discord answers in well under a second; never hang a sign-in


class SignInFailed(Exception):
    """Discord refused the code or could not be reached (the reason is for the log only)."""


class DiscordUser(NamedTuple):
    """Who signed in, and the token the page hands back to the SDK's `authenticate`."""

    user_id: int
    access_token: str


class DiscordSignIn:
    """Exchanges an Activity's authorization code for the Discord user it was given to."""

    def __init__(
        self, application_id: int, client_secret: str, *, api_url: str = DISCORD_API_URL
    ) -> None:
        self.application_id = application_id
        self._client_secret = client_secret
        self.api_url = api_url.rstrip("/")

    async def user_of(self, code: str) -> DiscordUser:
        timeout = aiohttp.ClientTimeout(total=EXCHANGE_SECONDS)
        try:
            async with aiohttp.ClientSession(timeout=timeout) as http:
                form = {
                    "client_id": str(self.application_id),
                    "client_secret": self._client_secret,
                    "grant_type": "authorization_code",
                    "code": code,
                }
                async with http.post(f"{self.api_url}/oauth2/token", data=form) as answer:
                    if answer.status != 200:
                        raise SignInFailed(f"/oauth2/token: HTTP {answer.status}")
                    token = str((await answer.json())["access_token"])
                headers = {"Authorization": f"Bearer {token}"}
                async with http.get(f"{self.api_url}/users/@me", headers=headers) as answer:
                    if answer.status != 200:
                        raise SignInFailed(f"/users/@me: HTTP {answer.status}")
                    user_id = int((await answer.json())["id"])
        except (aiohttp.ClientError, TimeoutError, KeyError, ValueError, TypeError) as error:
            raise SignInFailed(type(error).__name__) from None
        return DiscordUser(user_id, token)
