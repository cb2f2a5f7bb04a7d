"""Once a request head has begun, `proxy.header_timeout_s` times it, not `proxy.idle_timeout_s`
(docs/proxy.md, "Limits and security"), in `vllm-tray serve` as a user runs it: with the idle
timeout set shorter than the header timeout (`vllm-tray config set`), a client that sends part
of a head gets the 408 `proxy.header_timeout` when the header timeout runs out, not a silent
close at the idle timeout; a kept-alive connection with nothing under way still closes
silently at the idle timeout. (The other way round, a header timeout shorter than the idle
one, is the "proxy.header_timeout_s" row of tests/integration/test_setting_effects.py.)"""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Iterator

import pytest

from tests.fakes.remote_servers import ServeProcess, free_port, run_cli

IDLE_S = 1
HEADER_S = 3
PARTIAL_HEAD = b"GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # no blank line: unfinished


@pytest.fixture(scope="module")
def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    tmp = tmp_path_factory.mktemp("head-timeout")
    home, env, port = tmp / "home", {"HF_HUB_CACHE": str(tmp / "hub")}, free_port()
    done = run_cli(
        home,
        "config",
        "set",
        f"proxy.port={port}",
        f"proxy.idle_timeout_s={IDLE_S}",
        f"proxy.header_timeout_s={HEADER_S}",
        env=env,
    )
    assert done.returncode == 0, done.stderr
    running = ServeProcess(home, port, env)
    try:
        yield running
    finally:
        assert running.stop() == 0, "".join(running.lines[-30:])


def connect(serve: ServeProcess) -> socket.socket:
    port = int(serve.url.rsplit(":", 1)[1])
    return socket.create_connection(("127.0.0.1", port), timeout=30)


def first_bytes(sock: socket.socket, limit_s: float) -> tuple[bytes, float]:
    """What the server sends first on `sock` (b"" for a close), and after how long."""
    began = time.monotonic()
    sock.settimeout(limit_s)
    try:
        data = sock.recv(65536)
    except TimeoutError:
        raise AssertionError(f"the server said nothing for {limit_s} s") from None
    return data, time.monotonic() - began


def whole_answer(sock: socket.socket) -> bytes:
    """One answer with a Content-Length, head and body."""
    got = b""
    while b"\r\n\r\n" not in got:
        got += first_bytes(sock, 30)[0] or pytest.fail(f"closed mid-answer: {got!r}")
    head, _, body = got.partition(b"\r\n\r\n")
    found = re.search(rb"(?im)^content-length: *(\d+)", head)
    assert found is not None, head
    length = int(found[1])
    while len(body) < length:
        body += first_bytes(sock, 30)[0] or pytest.fail(f"closed mid-answer: {got!r}")
    return head + b"\r\n\r\n" + body


def test_a_begun_head_gets_the_408_at_the_header_timeout_not_the_idle_one(
    serve: ServeProcess,
) -> None:
    with connect(serve) as sock:
        sock.sendall(PARTIAL_HEAD)
        data, took = first_bytes(sock, HEADER_S + 10)
    assert data.startswith(b"HTTP/1.1 408"), data  # not b"": closed without a word
    assert b"proxy.header_timeout" in data, data
    # Timing is the behaviour: which timeout ended the connection.
    assert HEADER_S - 0.5 < took < HEADER_S + 5, took  # after the header timeout, not the idle


def test_a_kept_alive_connection_with_nothing_under_way_closes_at_the_idle_timeout(
    serve: ServeProcess,
) -> None:
    with connect(serve) as sock:
        sock.sendall(b"GET /live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = whole_answer(sock)
        assert answer.startswith(b"HTTP/1.1 200"), answer
        assert b"connection: close" not in answer.lower(), answer  # kept alive
        data, took = first_bytes(sock, HEADER_S + 10)
    assert data == b"", data  # closed without a word: nothing was asked
    # Timing is the behaviour: which timeout ended the connection.
    assert took < HEADER_S - 0.5, took  # at the idle timeout, well before the header one
