"""Requests to a child with odd Host headers, byte for byte (no client library fills one in).

vLLM before 0.22.0 lets a request past its `--api-key` check through the Host header
(CVE-2026-48746). The app's key guard must not care: the same answer with no Host header, an
empty one, the child's own, an attacker's. Shared by the guard's tests on the fake engine (via
`vllm-tray serve`) and on the real CPU engine.
"""

from __future__ import annotations

import json
import socket
from typing import Any

# (name, Host header or None for none at all). Without a Host header the request is HTTP/1.0,
# where it is optional; HTTP/1.1 requires one and servers refuse its absence before any
# middleware runs.
HOST_CASES: tuple[tuple[str, str | None], ...] = (
    ("none", None),
    ("empty", ""),
    ("own", "{own}"),
    ("localhost", "localhost"),
    ("attacker", "attacker.example"),
    ("attacker with port", "attacker.example:443"),
)


def post(
    port: int, path: str, body: dict[str, Any], host: str | None, key: str | None = None
) -> int:
    """POST `body` as JSON to 127.0.0.1:`port``path` with exactly this Host header (or none);
    the status code of the answer."""
    data = json.dumps(body).encode()
    version = "HTTP/1.0" if host is None else "HTTP/1.1"
    lines = [f"POST {path} {version}"]
    if host is not None:
        lines.append(f"Host: {host.format(own=f'127.0.0.1:{port}')}")
    if key is not None:
        lines.append(f"Authorization: Bearer {key}")
    lines += ["Content-Type: application/json", f"Content-Length: {len(data)}", "Connection: close"]
    request = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + data
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request)
        answer = b""
        while b"\r\n" not in answer:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
    status_line = answer.split(b"\r\n", 1)[0].decode("latin-1")
    return int(status_line.split()[1])


def statuses(port: int, path: str, body: dict[str, Any], key: str | None = None) -> dict[str, int]:
    """The status for every Host case: {case name: status}."""
    return {name: post(port, path, body, host, key) for name, host in HOST_CASES}
