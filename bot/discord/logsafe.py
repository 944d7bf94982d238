"""Logging that never writes a secret: the bot token, interaction tokens, webhook tokens, the
password of a URL.

At DEBUG level discord.py logs whole gateway events (an INTERACTION_CREATE carries a token that
lets anyone answer as the bot for 15 minutes) and the URLs of interaction callbacks and
follow-ups (the token is part of the path). `RedactingFilter`, installed on every handler by
`configure_logging`, rewrites each record before any handler writes it, at every level.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable

REDACTED = "<redacted>"

_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # interaction callbacks and webhook (follow-up) URLs: /interactions/<id>/<token>/...
    (re.compile(r"(/(?:webhooks|interactions)/\d+/)[^/\s?#'\"]+"), rf"\1{REDACTED}"),
    # a token field in a payload, as JSON or as a Python dict's repr
    (
        re.compile(r"""(['"](?:token|access_token|webhook_token)['"]\s*:\s*['"])[^'"]+(['"])"""),
        rf"\1{REDACTED}\2",
    ),
    # an interaction token on its own: base64 of "interaction:..."
    (re.compile(r"aW50ZXJhY3Rpb246[A-Za-z0-9_\-.=]+"), REDACTED),
    # a bot token on its own: base64 user id . timestamp . HMAC
    (re.compile(r"\b[MNO][A-Za-z\d_-]{23,27}\.[A-Za-z\d_-]{6}\.[A-Za-z\d_-]{27,40}\b"), REDACTED),
    (re.compile(r"(Authorization['\"]?\s*[:=]\s*['\"]?Bot )[^\s'\"]+"), rf"\1{REDACTED}"),
    # the password of any URL, whatever its scheme (a mistyped postgress:// one too), masked
    # as the PostgreSQL store shows its own URL: user:***@host
    (re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*://[^:/@\s]*:)[^@\s]+@"), r"\1***@"),
)


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` with every token-like secret replaced by <redacted>."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class RedactingFilter(logging.Filter):
    """Rewrites a record's message (and its exception text) with the secrets removed."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = tuple(s for s in secrets if s)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: let the handler report it as usual
            return True
        clean = redact(message, self.secrets)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text, self.secrets)
        return True


def install(secrets: Iterable[str] = (), logger: logging.Logger | None = None) -> RedactingFilter:
    """Put the filter on every handler of `logger` (the root logger by default)."""
    target = logger or logging.getLogger()
    found = RedactingFilter(secrets)
    for handler in target.handlers:
        handler.addFilter(found)
    return found


def configure_logging(level: str, secrets: Iterable[str] = ()) -> None:
    """The process's logging: one stderr handler, secrets always redacted."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    install(secrets)


def one_line(error: BaseException) -> str:
    """An error's message on one line, at most 200 characters (for a log line or the console)."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text[:200]
