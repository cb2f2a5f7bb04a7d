"""A fake osv.dev on loopback: answers POST /v1/query as the real one does, or with a hostile
body (huge, deeply nested, ill-shaped, records of the wrong shape, an HTTP error)."""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# A record newer than the shipped snapshot: every release before 0.40.0, critical.
NEW_RECORD: dict[str, Any] = {
    "id": "PYSEC-2026-9001",
    "published": "2026-12-01T10:00:00Z",
    "aliases": ["CVE-2026-99001", "GHSA-abcd-efgh-ijkl"],
    "summary": "remote code execution through a crafted request",
    "affected": [
        {
            "package": {"ecosystem": "PyPI", "name": "vllm", "purl": "pkg:pypi/vllm"},
            "ranges": [{"type": "ECOSYSTEM", "events": [{"introduced": "0"}, {"fixed": "0.40.0"}]}],
        }
    ],
    "severity": [{"type": "CVSS_V3", "score": "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"}],
}
# The same vulnerability as GitHub's record: osv.dev answers both; the app keeps one.
NEW_RECORD_GHSA = {**NEW_RECORD, "id": "GHSA-abcd-efgh-ijkl", "aliases": ["CVE-2026-99001"]}

HOSTILE: dict[str, tuple[int, bytes]] = {
    "huge": (200, b'{"vulns": [' + b'"x", ' * (2 * 1024 * 1024) + b'"x"]}'),
    "deep": (200, b'{"vulns": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
    "not json": (200, b"<html>\x1b[31mmaintenance</html>"),
    "ill-shaped": (200, b'{"vulns": {"id": "PYSEC-2026-1"}}'),
    "records of the wrong shape": (
        200,
        json.dumps(
            {"vulns": [{"id": "../../etc"}, {"id": "PYSEC-2026-1", "affected": "all"}]}
        ).encode(),
    ),
    "server error": (500, b'{"error": "boom"}'),
}


class FakeOsv(ThreadingHTTPServer):
    """`mode` None answers NEW_RECORD (twice, as PYSEC and GHSA); else a HOSTILE answer."""

    daemon_threads = True

    def __init__(self, mode: str | None = None) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.mode = mode
        self.queries: list[Any] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class _Handler(BaseHTTPRequestHandler):
    server: FakeOsv

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        if self.path != "/v1/query":
            self._send(404, b"{}")
            return
        self.server.queries.append(json.loads(body))
        if self.server.mode is None:
            self._send(200, json.dumps({"vulns": [NEW_RECORD_GHSA, NEW_RECORD]}).encode())
        else:
            self._send(*HOSTILE[self.server.mode])

    def _send(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        # The app stops reading a body it finds too large.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def fake_osv(mode: str | None = None) -> Iterator[FakeOsv]:
    server = FakeOsv(mode)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
