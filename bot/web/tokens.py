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
from typing import NamedTuple

SIGNATURE_BYTES = 16  # 128 bits: the link cannot be guessed
SPECTATE = b"spectate"
PLAYER = b"player"
CSRF = b"csrf"
PLAYER_LINK_SECONDS = 24 * 3600  # a player's private link works this long after it is given


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


class PlayerLink(NamedTuple):
    """What a valid player link names."""

    game_id: int
    user_id: int
    expires: int  # Unix time


class LinkSigner:
    """Makes and checks the signed tokens of the web links: a game's public spectator link
    (`<game>.<signature>`) and a player's private one (`p<game>.<user>.<expires>.<signature>`:
    the game, the player and when it stops working), and the CSRF token of a player's page."""

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

    def player_token(self, game_id: int, user_id: int, expires: int) -> str:
        """The token of a player's private link, valid until `expires` (Unix time)."""
        body = f"p{game_id}.{user_id}.{expires}"
        digest = hmac.new(self._secret, PLAYER + b":" + body.encode("ascii"), hashlib.sha256)
        return f"{body}.{_b64(digest.digest()[:SIGNATURE_BYTES])}"

    def player_of(self, token: str, now: float) -> PlayerLink | None:
        """The game and player a link names while it is valid; None for a forged, cut or
        expired one."""
        body = token.rpartition(".")[0]
        parts = body[1:].split(".") if body.startswith("p") else []
        if len(parts) != 3 or not all(p.isdigit() and len(p) <= 20 for p in parts):
            return None
        game_id, user_id, expires = (int(p) for p in parts)
        if not hmac.compare_digest(token, self.player_token(game_id, user_id, expires)):
            return None
        if expires <= now:
            return None
        return PlayerLink(game_id, user_id, expires)

    def csrf_token(self, token: str) -> str:
        """What the page of a player link sends with every move (a header no other site can
        set): bound to the link, so a page of one link cannot act for another."""
        digest = hmac.new(self._secret, CSRF + b":" + token.encode("utf-8"), hashlib.sha256)
        return _b64(digest.digest()[:SIGNATURE_BYTES])


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
