"""Free TCP ports on loopback for engine children."""

from __future__ import annotations

import socket
from collections.abc import Collection

from app.core.contracts import CHILD_HOST


def free_port(host: str = CHILD_HOST, avoid: Collection[int] = ()) -> int:
    """A port nobody listens on now; `avoid` skips ports handed to children still starting.

    The kernel picks from its ephemeral range, which makes a clash with another program
    that binds in the meantime unlikely (not impossible: vLLM then reports the address in use).
    """
    for _ in range(50):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.bind((host, 0))
            port = int(sock.getsockname()[1])
        if port not in avoid:
            return port
    raise OSError("no free port found on " + host)
