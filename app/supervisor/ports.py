"""Free TCP ports on loopback for engine children."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Collection
from typing import Any

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

    The tree's own sockets are read first (a few processes: the usual answer, and quick, as
    it is on every load's path); the whole machine's only when none of them listens there.
    Blocking (reads /proc): call through asyncio.to_thread."""
    try:
        root = psutil.Process(root_pid)
        tree = [root, *root.children(recursive=True)]
    except psutil.Error:
        return None
    for proc in tree:
        with contextlib.suppress(psutil.Error):
            if any(_listens(c, port, host) for c in proc.net_connections(kind="tcp")):
                return None
    try:
        listeners = [c.pid for c in psutil.net_connections(kind="tcp") if _listens(c, port, host)]
    except psutil.Error:
        return None
    pids = {p.pid for p in tree}
    return next((pid for pid in listeners if pid is not None and pid not in pids), None)


def _listens(conn: Any, port: int, host: str) -> bool:
    return bool(
        conn.status == psutil.CONN_LISTEN
        and conn.laddr
        and conn.laddr.port == port
        and conn.laddr.ip in (host, "0.0.0.0", "::")
    )
