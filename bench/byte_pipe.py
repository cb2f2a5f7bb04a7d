"""A TCP byte pipe on asyncio: the floor any Python relay on this machine can reach.

Not a proxy (no HTTP, no checks, no timeouts): each client connection gets its own connection
to the engine and bytes go both ways as they arrive, read into a fixed buffer
(`asyncio.BufferedProtocol`, no allocation per read) and written at once. bench_proxy.py runs
it as the `pipe` target so the proxy's CPU per token can be read against what a relay that
does nothing at all costs here: one receive and one send per token, and the loop's wake-up.
"""

from __future__ import annotations

import asyncio
import socket
import sys

BUFFER = 64 * 1024


class _Side(asyncio.BufferedProtocol):
    def __init__(self) -> None:
        self.peer: _Side | None = None
        self.transport: asyncio.Transport | None = None
        self._view = memoryview(bytearray(BUFFER))

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def get_buffer(self, sizehint: int) -> memoryview:
        return self._view

    def buffer_updated(self, nbytes: int) -> None:
        if self.peer is not None and self.peer.transport is not None:
            self.peer.transport.write(bytes(self._view[:nbytes]))

    def connection_lost(self, exc: Exception | None) -> None:
        if self.peer is not None and self.peer.transport is not None:
            self.peer.transport.close()


class _ClientSide(_Side):
    def __init__(self, port: int) -> None:
        super().__init__()
        self._port = port

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        assert self.transport is not None
        self.transport.pause_reading()
        asyncio.get_running_loop().create_task(self._connect())

    async def _connect(self) -> None:
        engine = _Side()
        engine.peer = self
        await asyncio.get_running_loop().create_connection(lambda: engine, "127.0.0.1", self._port)
        self.peer = engine
        assert self.transport is not None
        self.transport.resume_reading()


async def main(port: int, engine_port: int) -> None:
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: _ClientSide(engine_port), "127.0.0.1", port, backlog=1024
    )
    print(f"READY {server.sockets[0].getsockname()[1]}", flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), int(sys.argv[2])))
