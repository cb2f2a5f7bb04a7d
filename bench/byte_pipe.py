"""A TCP byte pipe on asyncio: the floor any Python relay on this machine can reach.

Not a proxy (no HTTP, no checks, no timeouts): each client connection gets its own connection
to the engine and bytes go both ways as they arrive, each piece written on as it was read.
bench_proxy.py runs it as the `pipe` target so the proxy's CPU per token can be read against
what a relay that does nothing at all costs here: one receive and one send per token, and the
loop's wake-up. A plain Protocol (asyncio's receive of up to 256 KiB, then the bytes written
as they are) costs fewer instructions per piece than a BufferedProtocol reading into a fixed
buffer (two calls into the protocol and a copy per piece): 22.8 k against 24.6 k per token,
callgrind (bench/callgrind_relay.py), whatever the buffer's size (64 or 256 KiB).
"""

from __future__ import annotations

import asyncio
import socket
import sys


class _Side(asyncio.Protocol):
    def __init__(self) -> None:
        self.peer: _Side | None = None
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def data_received(self, data: bytes) -> None:
        if self.peer is not None and self.peer.transport is not None:
            self.peer.transport.write(data)

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
