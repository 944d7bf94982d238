"""The bot's settings, read by pydantic-settings from the environment and `.env`.

Every setting is listed, with its default, in `.env.example` and docs/discord.md.
"""

from __future__ import annotations

from pathlib import PurePath

from pydantic import AliasChoices, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# View Channel, Send Messages, Embed Links, Attach Files, Read Message History,
# Use Application Commands, Create Public Threads, Send Messages in Threads (a game's own
# thread; discord.Permissions(...).value, checked in the tests).
INVITE_PERMISSIONS = 311385246720
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
    # a SQLite file (one bot process), or a postgresql:// URL that several processes share
    database: str = "caylus.sqlite3"
    # a second bot process on the same file waits this long for the first to exit, then stops
    db_lock_wait: float = Field(default=30.0, ge=0, le=600)
    db_pool_size: int = Field(default=10, ge=2, le=100)  # PostgreSQL connections per process
    # Discord's sharding: the bot's total number of shards, and those this process runs
    # ("0,1", "2-3"; empty: all of them). Several processes need a PostgreSQL database.
    shard_count: int | None = Field(default=None, ge=1, le=10_000)
    shard_ids: str = ""
    dev_guild_id: int | None = None  # commands are synced there at every start (instantly)
    sync_globally: bool = False  # sync the commands globally at this start (takes a while)
    owner_ids: str = ""  # comma-separated user ids allowed to run the owner command `sync`
    log_level: str = "INFO"
    render_boards: bool = True  # attach a board image after every phase
    render_threads: int = Field(default=2, ge=1, le=16)
    clock_loop: bool = True  # run the decision clock's scheduler (deadlines, reminders)
    clock_tick_seconds: int = Field(default=60, ge=5, le=3600)  # how often it runs
    # a file the bot rewrites after every clock run while it is connected to Discord and its
    # database answers; `caylus health` checks that it is fresh (a container's health check)
    health_file: str = ""
    # Prometheus metrics at http://HOST:PORT/metrics (docs/deploy.md); none when the port is
    # empty. The host is the address listened on: 0.0.0.0 lets another container scrape it.
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    metrics_host: str = "127.0.0.1"
    # The web pages (docs/web.md): served on this port by the bot's own process when set
    # (0: any free port); the address players reach them at (behind a proxy with TLS); the
    # links' signing secret (empty: one made once and kept in `web_secret_file`).
    web_port: int | None = Field(default=None, ge=0, le=65535)
    web_host: str = "0.0.0.0"
    public_url: str = ""
    web_secret: SecretStr = SecretStr("")
    web_secret_file: str = "caylus-web-secret"
    # The Discord Activity (docs/web.md): the application's OAuth2 client secret, which signs
    # users in inside Discord (empty: no Activity); Discord's API, changed only by tests.
    client_secret: SecretStr = SecretStr("")
    discord_api_url: str = "https://discord.com/api/v10"

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        value = value.upper()
        if value not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise ValueError("one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
        return value

    @field_validator(
        "dev_guild_id", "application_id", "shard_count", "metrics_port", "web_port", mode="before"
    )
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("metrics_host")
    @classmethod
    def _metrics_host(cls, value: str) -> str:
        value = value.strip()
        if not value or any(c.isspace() for c in value) or "/" in value:
            raise ValueError("an address to listen on, such as 127.0.0.1 or 0.0.0.0")
        return value

    @field_validator("public_url")
    @classmethod
    def _public_url(cls, value: str) -> str:
        value = value.strip().rstrip("/")
        if value and not value.startswith(("https://", "http://")):
            raise ValueError("the address players open, starting with https:// (or http://)")
        return value

    @field_validator("database", mode="before")
    @classmethod
    def _path_is_text(cls, value: object) -> object:
        return str(value) if isinstance(value, PurePath) else value

    @field_validator("database")
    @classmethod
    def _database(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("a SQLite file path or a postgresql:// URL")
        postgres = value.startswith(("postgresql://", "postgres://"))
        if value.startswith("postgres") and "://" in value and not postgres:
            raise ValueError("a PostgreSQL URL starts with postgresql://")
        if "://" in value and not postgres:
            raise ValueError("a SQLite file path or a postgresql:// URL")
        return value

    @model_validator(mode="after")
    def _shards(self) -> Settings:
        ids = parse_shard_ids(self.shard_ids)  # ValueError names the problem
        if ids and self.shard_count is None:
            raise ValueError("CAYLUS_SHARD_IDS needs CAYLUS_SHARD_COUNT (the bot's total shards)")
        if ids and self.shard_count is not None and max(ids) >= self.shard_count:
            raise ValueError(
                f"CAYLUS_SHARD_IDS must be below CAYLUS_SHARD_COUNT ({self.shard_count})"
            )
        partial = ids and self.shard_count is not None and len(ids) < self.shard_count
        if partial and not self.uses_postgres:
            raise ValueError(
                "this process runs only some shards (CAYLUS_SHARD_IDS): the others run in "
                "other processes, which must share a PostgreSQL CAYLUS_DATABASE"
            )
        return self

    @property
    def uses_postgres(self) -> bool:
        return self.database.startswith(("postgresql://", "postgres://"))

    @property
    def shards(self) -> list[int] | None:
        """The shard ids this process runs (None: all of `shard_count`)."""
        return parse_shard_ids(self.shard_ids) or None

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


def parse_shard_ids(text: str) -> list[int]:
    """'0,1', '2-3', '0, 2-4' -> sorted unique ids; '' -> []."""
    ids: set[int] = set()
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        low, _, high = part.partition("-")
        if not low.strip().isdigit() or (high and not high.strip().isdigit()):
            raise ValueError(f"shard ids are numbers and ranges like 0,1 or 2-3, not {part!r}")
        first, last = int(low), int(high or low)
        if last < first:
            raise ValueError(f"empty shard range {part!r}")
        ids.update(range(first, last + 1))
    return sorted(ids)


def invite_url(application_id: int | str | None) -> str:
    client = application_id if application_id else "YOUR_APPLICATION_ID"
    scopes = "%20".join(INVITE_SCOPES)
    return (
        f"https://discord.com/oauth2/authorize?client_id={client}"
        f"&scope={scopes}&permissions={INVITE_PERMISSIONS}"
    )
