"""The web layer (docs/web.md): a game's page in a browser, served by the bot's own process
beside the Discord layer, thin over the Discord-free game service (bot/service/). It never
imports the engine (tests/test_layers.py)."""

from bot.web.server import WebServer, WebSite
from bot.web.tokens import LinkSigner, load_secret

__all__ = ["LinkSigner", "WebServer", "WebSite", "load_secret"]
