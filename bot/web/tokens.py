"""Signed links (docs/web.md): a spectator link names its game and carries an HMAC of it, so
nobody can guess the link of another game from their own.

The secret is `CAYLUS_WEB_SECRET`, or, when that is empty, a random one generated once and kept in
the file `CAYLUS_WEB_SECRET_FILE` (several bot processes behind one address need the same secret:
give them all the same setting).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

SIGNATURE_BYTES = 16  # 128 bits: the link cannot be guessed
SPECTATE = b"spectate"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


class LinkSigner:
    """Makes and checks the signed tokens of the web links."""

    def __init__(self, secret: bytes) -> None:
        if len(secret) < 16:
            raise ValueError("the web secret must be at least 16 bytes")
        self._secret = secret

    def _signature(self, purpose: bytes, game_id: int) -> str:
        message = purpose + b":" + str(game_id).encode("ascii")
        digest = hmac.new(self._secret, message, hashlib.sha256).digest()
        return _b64(digest[:SIGNATURE_BYTES])

    def spectator_token(self, game_id: int) -> str:
        """The token of the public read-only link of a game: `<game id>.<signature>`."""
        return f"{game_id}.{self._signature(SPECTATE, game_id)}"

    def spectated_game(self, token: str) -> int | None:
        """The game a spectator token names, or None when it is not one of ours."""
        number, _, signature = token.partition(".")
        if not number.isdigit() or len(number) > 18 or not signature:
            return None
        game_id = int(number)
        if not hmac.compare_digest(signature, self._signature(SPECTATE, game_id)):
            return None
        return game_id


def load_secret(configured: str, secret_file: str) -> bytes:
    """The configured secret, or the one kept in `secret_file` (made there on first use,
    readable by its owner only)."""
    if configured.strip():
        return configured.strip().encode("utf-8")
    path = Path(secret_file)
    if path.exists():
        kept = path.read_text(encoding="ascii").strip()
        if len(kept) >= 32:
            return kept.encode("ascii")
    path.parent.mkdir(parents=True, exist_ok=True)
    made = secrets.token_urlsafe(32)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as out:
        out.write(made + "\n")
    return made.encode("ascii")
