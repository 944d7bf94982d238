"""Signed links (docs/web.md): a spectator link names its game and carries an HMAC of it, so
nobody can guess the link of another game from their own.

Every link also carries the game's link generation (migration 0013), which the host raises to
revoke every link of the game given so far. Generation 0 (never revoked) is not written, so a
game's links keep their short form until its host first revokes them:
`<game>.<signature>`, then `<game>.<generation>.<signature>`.

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
    generation: int = 0  # the game's link generation when it was given


class SpectatorLink(NamedTuple):
    """What a valid spectator link names."""

    game_id: int
    generation: int = 0


def _numbers(text: str, count: tuple[int, ...]) -> list[int] | None:
    """The dot-separated decimal numbers of `text` when there are as many as one of `count`."""
    parts = text.split(".")
    if len(parts) not in count or not all(p.isdigit() and len(p) <= 20 for p in parts):
        return None
    return [int(p) for p in parts]


def _generation_part(generation: int) -> str:
    return f".{generation}" if generation else ""


class LinkSigner:
    """Makes and checks the signed tokens of the web links: a game's public spectator link
    (`<game>.<signature>`) and a player's private one (`p<game>.<user>.<expires>.<signature>`:
    the game, the player and when it stops working), and the CSRF token of a player's page."""

    def __init__(self, secret: bytes) -> None:
        if len(secret) < 16:
            raise ValueError("the web secret must be at least 16 bytes")
        self._secret = secret

    def _signature(self, purpose: bytes, body: str) -> str:
        digest = hmac.new(self._secret, purpose + b":" + body.encode("ascii"), hashlib.sha256)
        return _b64(digest.digest()[:SIGNATURE_BYTES])

    def spectator_token(self, game_id: int, generation: int = 0) -> str:
        """The token of the public read-only link of a game: `<game id>.<signature>`, with the
        game's link generation after the id once its host revoked the links."""
        body = f"{game_id}{_generation_part(generation)}"
        return f"{body}.{self._signature(SPECTATE, body.replace('.', ':'))}"

    def spectated_game(self, token: str) -> SpectatorLink | None:
        """The game (and link generation) a spectator token names, or None when it is not one
        of ours."""
        body, _, signature = token.rpartition(".")
        numbers = _numbers(body, (1, 2))
        if numbers is None or not signature:
            return None
        link = SpectatorLink(*numbers)
        if not hmac.compare_digest(token, self.spectator_token(*link)):
            return None
        return link

    def player_token(self, game_id: int, user_id: int, expires: int, generation: int = 0) -> str:
        """The token of a player's private link, valid until `expires` (Unix time) while the
        game's link generation is `generation`."""
        body = f"p{game_id}.{user_id}.{expires}{_generation_part(generation)}"
        return f"{body}.{self._signature(PLAYER, body)}"

    def player_of(self, token: str, now: float) -> PlayerLink | None:
        """The game and player a link names while it is valid; None for a forged, cut or
        expired one (a revoked one names its generation: the caller compares it)."""
        body = token.rpartition(".")[0]
        numbers = _numbers(body[1:], (3, 4)) if body.startswith("p") else None
        if numbers is None:
            return None
        link = PlayerLink(*numbers)
        if not hmac.compare_digest(token, self.player_token(*link)):
            return None
        if link.expires <= now:
            return None
        return link

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
