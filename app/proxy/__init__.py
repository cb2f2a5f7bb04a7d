"""The local OpenAI-compatible endpoint (aiohttp server, relays to children on 127.0.0.1):
`app.proxy.server.ProxyServer`. Nothing is imported here, so a module that needs only the
endpoint's rules (`security`, `limits`) does not load aiohttp."""
