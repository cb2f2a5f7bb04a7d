"""A release server on 127.0.0.1 for engine-bundle tests: Range, throttling, redirects, a log."""

from __future__ import annotations

import io
import os
import re
import tarfile
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Self

_RANGE = re.compile(r"bytes=(\d+)-(\d*)")


@dataclass
class LoggedRequest:
    """One request the server answered; `sent` counts body bytes actually written."""

    method: str
    path: str
    range: str | None
    status: int
    sent: int = 0


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, format: str, *args: object) -> None:
        del format, args  # keep test output clean

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def do_GET(self) -> None:
        self._answer(body=True)

    def _answer(self, body: bool) -> None:
        owner = self.server.owner
        path = self.path.split("?", 1)[0]
        entry = LoggedRequest(self.command, path, self.headers.get("Range"), 0)
        owner.log(entry)
        if path in owner.redirects:
            entry.status = 302
            self.send_response(302)
            self.send_header("Location", owner.redirects[path])
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        data = owner.files.get(path)
        if data is None:
            entry.status = 404
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        start, end = 0, len(data)
        match = _RANGE.fullmatch(entry.range or "") if owner.support_range else None
        if match is not None:
            start = int(match.group(1))
            if match.group(2):
                end = min(end, int(match.group(2)) + 1)
            if start >= len(data):
                entry.status = 416
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{len(data)}")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            entry.status = 206
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{end - 1}/{len(data)}")
        else:
            entry.status = 200
            self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(end - start))
        if owner.support_range:
            self.send_header("Accept-Ranges", "bytes")
        self.end_headers()
        if body:
            self._send_body(entry, data[start:end])

    def _send_body(self, entry: LoggedRequest, payload: bytes) -> None:
        owner = self.server.owner
        chunk = owner.chunk_size
        try:
            for offset in range(0, len(payload), chunk):
                piece = payload[offset : offset + chunk]
                self.wfile.write(piece)
                self.wfile.flush()
                entry.sent += len(piece)
                if owner.delay_per_chunk:
                    time.sleep(owner.delay_per_chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client went away (a cancelled download): expected in these tests


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, owner: BundleServer) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.owner = owner


class BundleServer:
    """Serves `files` (URL path → bytes) from a background thread until `stop()`."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.redirects: dict[str, str] = {}
        self.support_range = True
        self.chunk_size = 16 * 1024
        self.delay_per_chunk = 0.0
        self._requests: list[LoggedRequest] = []
        self._lock = threading.Lock()
        self._server = _Server(self)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def requests(self) -> list[LoggedRequest]:
        with self._lock:
            return list(self._requests)

    def log(self, entry: LoggedRequest) -> None:
        with self._lock:
            self._requests.append(entry)

    def clear_log(self) -> None:
        with self._lock:
            self._requests.clear()

    def bytes_sent(self, path: str) -> int:
        return sum(r.sent for r in self.requests if r.path == path)

    def start(self) -> Self:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=10)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


VLLM_SERVER_SCRIPT = b"""#!/bin/sh
# Stand-in for the bundle's launcher: sets the bundled library path and runs the api_server.
HERE="$(cd "$(dirname "$0")/.." && pwd)"
export LD_LIBRARY_PATH="$HERE/lib:$LD_LIBRARY_PATH"
echo "fake vllm-server $*"
"""


def _add(tar: tarfile.TarFile, info: tarfile.TarInfo, data: bytes | None = None) -> None:
    if data is not None:
        info.size = len(data)
    tar.addfile(info, io.BytesIO(data) if data is not None else None)


def bundle_archive(payload_size: int = 256 * 1024, marker: str = "v1") -> bytes:
    """A tar.gz shaped like the ROCm bundle: bin/vllm-server, lib/ with a library and a link.

    The library holds random bytes so the archive does not compress below `payload_size`.
    """
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for folder in ("bin", "lib"):
            info = tarfile.TarInfo(folder)
            info.type, info.mode = tarfile.DIRTYPE, 0o755
            _add(tar, info)
        script = tarfile.TarInfo("bin/vllm-server")
        script.mode = 0o755
        _add(tar, script, VLLM_SERVER_SCRIPT)
        library = tarfile.TarInfo("lib/libfake-rocm.so.7")
        library.mode = 0o644
        _add(tar, library, os.urandom(payload_size))
        link = tarfile.TarInfo("lib/libfake-rocm.so")
        link.type, link.linkname = tarfile.SYMTYPE, "libfake-rocm.so.7"
        _add(tar, link)
        version = tarfile.TarInfo("BUNDLE_MARKER")
        version.mode = 0o644
        _add(tar, version, marker.encode())
    return buffer.getvalue()


def evil_archive(kind: str) -> bytes:
    """A bundle-shaped tar.gz plus one hostile entry of `kind` (see the cases below)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        script = tarfile.TarInfo("bin/vllm-server")
        script.mode = 0o755
        _add(tar, script, VLLM_SERVER_SCRIPT)
        if kind == "dotdot":
            _add(tar, tarfile.TarInfo("../evil"), b"escaped")
        elif kind == "absolute":
            _add(tar, tarfile.TarInfo("/tmp/vllm-tray-test-evil"), b"escaped")
        elif kind == "symlink":
            link = tarfile.TarInfo("lib")
            link.type, link.linkname = tarfile.SYMTYPE, "../../outside"
            _add(tar, link)
            _add(tar, tarfile.TarInfo("lib/evil"), b"escaped")
        elif kind == "symlink_chain":
            # Each link looks harmless alone; together they climb out, and a file follows.
            first = tarfile.TarInfo("a")
            first.type, first.linkname = tarfile.SYMTYPE, "."
            _add(tar, first)
            second = tarfile.TarInfo("b")
            second.type, second.linkname = tarfile.SYMTYPE, "a/../.."
            _add(tar, second)
            _add(tar, tarfile.TarInfo("b/evil"), b"escaped")
        elif kind == "hardlink":
            link = tarfile.TarInfo("lib/evil")
            link.type, link.linkname = tarfile.LNKTYPE, "../outside/secret"
            _add(tar, link)
        else:
            raise ValueError(kind)
    return buffer.getvalue()
