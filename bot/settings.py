"""The bot's settings, read by pydantic-settings from the environment and `.env`.

Every setting is listed, with its default, in `.env.example` and docs/discord.md.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# View Channel, Send Messages, Embed Links, Attach Files, Read Message History,
# Use Application Commands (discord.Permissions(...).value, checked in the tests).
INVITE_PERMISSIONS = 2147601408
INVITE_SCOPES = ("bot", "applications.commands")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        env_prefix="CAYLUS_",
        extra="ignore",
        populate_by_name=True,
    )

    discord_token: SecretStr | None = Field(
        default=None,
        validation_alias=AliasChoices("CAYLUS_DISCORD_TOKEN", "DISCORD_TOKEN", "discord_token"),
    )
    application_id: int | None = None  # only for the invite link printed without a token
    database: Path = Path("caylus.sqlite3")
    # a second bot process on the same file waits this long for the first to exit, then stops
    db_lock_wait: float = Field(default=30.0, ge=0, le=600)
    dev_guild_id: int | None = None  # commands are synced there at every start (instantly)
    sync_globally: bool = False  # sync the commands globally at this start (takes a while)
    owner_ids: str = ""  # comma-separated user ids allowed to run the owner command `sync`
    log_level: str = "INFO"
    render_boards: bool = True  # attach a board image after every phase
    render_threads: int = Field(default=2, ge=1, le=16)
    clock_loop: bool = True  # run the decision clock's scheduler (deadlines, reminders)
    clock_tick_seconds: int = Field(default=60, ge=5, le=3600)  # how often it runs

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        value = value.upper()
        if value not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise ValueError("one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
        return value

    @field_validator("dev_guild_id", "application_id", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if value == "" else value

    @property
    def owners(self) -> frozenset[int]:
        parts = (p.strip() for p in self.owner_ids.replace(";", ",").split(","))
        return frozenset(int(p) for p in parts if p.isdigit())

    @property
    def token(self) -> str | None:
        if self.discord_token is None:
            return None
        value = self.discord_token.get_secret_value().strip()
        return value or None


def invite_url(application_id: int | str | None) -> str:
    client = application_id if application_id else "YOUR_APPLICATION_ID"
    scopes = "%20".join(INVITE_SCOPES)
    return (
        f"https://discord.com/oauth2/authorize?client_id={client}"
        f"&scope={scopes}&permissions={INVITE_PERMISSIONS}"
    )
