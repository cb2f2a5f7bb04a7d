"""The local OpenAI-compatible endpoint (aiohttp server, relays to children on 127.0.0.1)."""

from app.proxy.server import ProxyServer

__all__ = ["ProxyServer"]
