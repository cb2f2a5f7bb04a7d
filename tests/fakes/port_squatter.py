"""A program squatting on vLLM Tray's port: it says it is vLLM Tray and records what it is sent.

It answers `/live` ok and lists a model card `owned_by: vllm-tray`, as issue 31 item 2's 25-line
server did; it knows no instance secret. Every request's method, path, headers and body are
kept, so a test can show that neither the API key nor a prompt reached it. Its answers per path
(`answers`, without the query) can be changed while it runs.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

TRAY_CARD = {"id": "user.a", "object": "model", "owned_by": "vllm-tray", "state": "stopped"}
REPLY = {
    "id": "x",
    "object": "chat.completion",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "SQUATTED"}}],
}


def default_answers() -> dict[str, tuple[int, bytes]]:
    return {
        "/live": (200, json.dumps({"status": "ok"}).encode()),
        "/v1/models": (200, json.dumps({"object": "list", "data": [TRAY_CARD]}).encode()),
        "/v1/chat/completions": (200, json.dumps(REPLY).encode()),
    }


@dataclass(frozen=True)
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes


class PortSquatter:
    """ThreadingHTTPServer on 127.0.0.1:`port` (0: a free one) in a thread of its own."""

    def __init__(self, port: int = 0) -> None:
        self.seen: list[Seen] = []
        self.answers = default_answers()
        squatter = self

        class Handler(BaseHTTPRequestHandler):
            def _any(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(min(length, 1 << 20)) if length > 0 else b""
                path = self.path.split("?", 1)[0]
                squatter.seen.append(Seen(self.command, self.path, dict(self.headers), body))
                status, answer = squatter.answers.get(path, (404, b'{"error": "none"}'))
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            do_GET = do_POST = _any

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self._server.daemon_threads = True
        self.port = int(self._server.server_address[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), daemon=True
        )
        self._thread.start()

    def authorizations(self) -> list[str]:
        return [
            value
            for seen in self.seen
            for name, value in seen.headers.items()
            if name.lower() == "authorization"
        ]

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(10)

    def __enter__(self) -> PortSquatter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
