"""A hub whose model search answers what a hostile or broken mirror could: too many items, items
that do not parse, a body that is not JSON, text with escape sequences, or no body at all.

`GET /api/models` answers `answer` (bytes, or an iterator of byte chunks streamed with chunked
encoding, so 300,000 items are never held whole); `stall` sends the head and then nothing until
`stop()`, `stall_details` the same for each repository's details. The details
(`GET /api/models/ORG/NAME`) list one config.json, served at `/ORG/NAME/resolve/REV/config.json`;
the hub counts both, so a test can tell how many results a search went on to read.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CONFIG = {"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 64}


def item(repo_id: str, **fields: Any) -> dict[str, Any]:
    """One search result as the hub writes it."""
    return {
        "id": repo_id,
        "author": repo_id.split("/", maxsplit=1)[0],
        "downloads": 10,
        "likes": 1,
        "lastModified": "2026-03-01T10:00:00.000Z",
        "gated": False,
        "pipeline_tag": "text-generation",
        "library_name": "transformers",
        "tags": ["license:apache-2.0"],
        **fields,
    }


def many_items(count: int, per_chunk: int = 2000) -> Iterator[bytes]:
    """A JSON array of `count` good items, made a chunk at a time."""
    yield b"["
    for start in range(0, count, per_chunk):
        part = [item(f"org/m{i}") for i in range(start, min(count, start + per_chunk))]
        text = json.dumps(part)[1:-1]
        yield (b"," if start else b"") + text.encode()
    yield b"]"


def body_of(items: list[Any]) -> bytes:
    return json.dumps(items).encode()


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that stops reading (a search that took enough) is what is being tested."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@dataclass
class HostileSearchHub:
    answer: bytes | Iterable[bytes] = b"[]"
    stall: bool = False
    stall_details: bool = False  # each repository's details: the head, then nothing
    details_body: bytes | None = None  # each repository's details, instead of a file list
    config: dict[str, Any] = field(default_factory=lambda: dict(CONFIG))
    details_asked: list[str] = field(default_factory=list)
    configs_asked: list[str] = field(default_factory=list)
    search_asked: list[str] = field(default_factory=list)
    search_started: threading.Event = field(default_factory=threading.Event)
    details_started: threading.Event = field(default_factory=threading.Event)
    _stopping: threading.Event = field(default_factory=threading.Event)
    _server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> HostileSearchHub:
        hub = self

        class Handler(_Handler):
            pass

        Handler.hub = hub
        self._server = _Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def __enter__(self) -> HostileSearchHub:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class _Handler(BaseHTTPRequestHandler):
    hub: HostileSearchHub
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        parts = path.strip("/").split("/")
        if path == "/api/models":
            self.hub.search_asked.append(self.path)
            self._search()
        elif parts[:2] == ["api", "models"] and len(parts) == 4:
            repo = "/".join(parts[2:4])
            self.hub.details_asked.append(repo)
            if self.hub.stall_details:
                self.send_response(200)
                self.send_header("Content-Length", "100")
                self.end_headers()
                self.wfile.flush()
                self.hub.details_started.set()
                self.hub._stopping.wait()
                return
            if self.hub.details_body is not None:
                self._send(200, self.hub.details_body)
                return
            size = len(json.dumps(self.hub.config))
            info = {
                "id": repo,
                "sha": "a" * 40,
                "siblings": [{"rfilename": "config.json", "size": size}],
                "tags": [],
            }
            self._send(200, json.dumps(info).encode())
        elif len(parts) == 5 and parts[2] == "resolve" and parts[4] == "config.json":
            self.hub.configs_asked.append("/".join(parts[:2]))
            self._send(200, json.dumps(self.hub.config).encode())
        else:
            self._send(404, b'{"error": "not here"}')

    def _send(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _search(self) -> None:
        hub = self.hub
        if isinstance(hub.answer, bytes) and not hub.stall:
            self._send(200, hub.answer)
            hub.search_started.set()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()
        hub.search_started.set()
        if hub.stall:
            hub._stopping.wait()
            return
        assert not isinstance(hub.answer, bytes)
        for chunk in hub.answer:
            if chunk:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        self.wfile.write(b"0\r\n\r\n")
