"""Free TCP ports on loopback for engine children."""

from __future__ import annotations

import socket
from collections.abc import Collection

import psutil

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


def foreign_listener(port: int, root_pid: int, host: str = CHILD_HOST) -> int | None:
    """The pid of a process outside `root_pid`'s tree that listens on `host:port`, if one
    is known: then a health answer there is not the child's (another program took the
    port after free_port chose it, and the child will fail to bind). None when the listener
    is in the tree, when none is, or when its owner cannot be seen (another user's process,
    a container's port forwarder): the answer is then taken as the child's, as before.

    Blocking (reads /proc): call through asyncio.to_thread."""
    try:
        root = psutil.Process(root_pid)
        tree = {root_pid, *(p.pid for p in root.children(recursive=True))}
        listeners = [
            c.pid
            for c in psutil.net_connections(kind="tcp")
            if c.status == psutil.CONN_LISTEN
            and c.laddr
            and c.laddr.port == port
            and c.laddr.ip in (host, "0.0.0.0", "::")
        ]
    except psutil.Error:
        return None
    if any(pid in tree for pid in listeners if pid is not None):
        return None
    return next((pid for pid in listeners if pid is not None), None)
