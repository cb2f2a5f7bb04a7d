"""`vllm-tray chat` against a hostile remote (issue 31 items 3-5): a server on 127.0.0.1 that
streams what each test says — one 300 MiB line, many big deltas, escape sequences, malformed
events — reached as the remote "evil" through the endpoint the chat starts for itself."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp import web

from tests.fakes.engine_runtime import make_runtime
from tests.fakes.remote_servers import free_port
from tests.integration.test_relay_trust import LoopbackServer

ROOT = Path(__file__).resolve().parents[2]
MIB = 1 << 20

Script = Callable[[web.StreamResponse], Awaitable[None]]


def chunk_event(content: str) -> bytes:
    chunk = {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}}]}
    chunk["choices"][0]["delta"] = {"content": content}
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


class Remote:
    """The hostile remote: one model, m1; its chat route plays `script`."""

    def __init__(self) -> None:
        self.script: Script = self._nothing
        self.server = LoopbackServer(
            {"/v1/models": self._models, "/v1/chat/completions": self._chat}
        )

    async def _nothing(self, response: web.StreamResponse) -> None:
        await response.write(b"data: [DONE]\n\n")

    async def _models(self, request: web.Request) -> web.StreamResponse:
        card = {"id": "m1", "object": "model", "owned_by": "vllm", "max_model_len": 2048}
        return web.json_response({"object": "list", "data": [card]})

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        # The chat hangs up on a stream it refuses: the writes then fail, as they should.
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.script(response)
        return response


@pytest.fixture
def remote() -> Iterator[Remote]:
    server = Remote()
    try:
        yield server
    finally:
        server.server.close()


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str
    max_rss_mib: float


@pytest.fixture
def chat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, remote: Remote) -> Callable[[], Ran]:
    """`vllm-tray chat evil/m1 hi` as a user types it (no endpoint running: the chat starts
    one), with the child's peak RSS."""
    make_runtime(tmp_path, monkeypatch, models=(), settings={"proxy.port": free_port()})
    home = tmp_path / "home"
    (home / "remotes.json").write_text(
        json.dumps({"remotes": [{"name": "evil", "url": remote.server.url}]})
    )
    env = {**os.environ, "HF_HUB_CACHE": str(tmp_path / "hub")}
    env.pop("VLLM_TRAY_HOME", None)

    def run() -> Ran:
        out, err = tmp_path / "out", tmp_path / "err"
        with out.open("wb") as stdout, err.open("wb") as stderr:
            argv = [sys.executable, "-m", "app", "chat", "evil/m1", "hi", "--config-dir"]
            proc = subprocess.Popen(
                [*argv, str(home)],
                env=env,
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                stdout=stdout,
                stderr=stderr,
            )
            peak_kib = 0
            while True:  # the child's own high-water mark, read until it ends
                peak_kib = max(peak_kib, high_water_kib(proc.pid))
                try:
                    proc.wait(timeout=0.05)
                    break
                except subprocess.TimeoutExpired:
                    continue
        return Ran(
            proc.returncode,
            out.read_text(errors="replace"),
            err.read_text(errors="replace"),
            peak_kib / 1024,
        )

    return run


def high_water_kib(pid: int) -> int:
    """VmHWM of a running process (0 once it is gone). Not wait4's ru_maxrss: Linux counts in
    it the parent's RSS at the fork that started the child (here, this test's)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = next((line for line in status.splitlines() if line.startswith("VmHWM:")), None)
    return int(found.split()[1]) if found else 0


def last_line(ran: Ran) -> str:
    return ran.stderr.strip().splitlines()[-1]


def test_one_300_mib_line_is_refused_with_bounded_memory(
    chat: Callable[[], Ran], remote: Remote
) -> None:
    async def huge_line(response: web.StreamResponse) -> None:
        await response.write(b'data: {"choices":[{"delta":{"content":"')
        block = b"a" * MIB  # the line is sent a mebibyte at a time, never held whole
        for _ in range(300):
            await response.write(block)
        await response.write(b'"}}]}\n\ndata: [DONE]\n\n')

    remote.script = huge_line
    ran = chat()
    assert ran.returncode == 1, ran.stderr
    assert last_line(ran) == (
        "vllm-tray: The reply is too long: one event of its stream passed 1 MiB, the most the "
        "chat reads at once. What came before it is kept."
    )
    assert ran.max_rss_mib < 300, ran.max_rss_mib
    print(f"peak RSS for a 300 MiB line: {ran.max_rss_mib:.0f} MiB")


def test_many_big_deltas_stop_at_the_replys_limit(chat: Callable[[], Ran], remote: Remote) -> None:
    async def big_deltas(response: web.StreamResponse) -> None:
        event = chunk_event("b" * 500_000)
        for _ in range(200):
            await response.write(event)
        await response.write(b"data: [DONE]\n\n")

    remote.script = big_deltas
    ran = chat()
    assert ran.returncode == 1, ran.stderr
    assert last_line(ran) == (
        "vllm-tray: The reply is too long: it passed 4 MiB of text, the most the chat keeps. "
        "What came before it is kept."
    )
    assert set(ran.stdout.strip()) == {"b"} and len(ran.stdout.strip()) <= 4 * MIB
    assert ran.max_rss_mib < 300, ran.max_rss_mib
    print(f"peak RSS for 200 deltas of 500 kB: {ran.max_rss_mib:.0f} MiB")


def test_escape_sequences_never_reach_the_terminal(chat: Callable[[], Ran], remote: Remote) -> None:
    # Each sequence split across two deltas, as a model's tokens may split it.
    pieces = [
        "Hello\x1b[2",
        "J world\x1b]0;owned",
        "\x07 link \x1b]8;;http://evil.example\x1b",
        "\\here\x1b]8;;\x1b\\ over\r",
        "written \x9b31mred\x1b(",
        "B.",
    ]

    async def escapes(response: web.StreamResponse) -> None:
        for piece in pieces:
            await response.write(chunk_event(piece))
        await response.write(b"data: [DONE]\n\n")

    remote.script = escapes
    ran = chat()
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == "Hello world link here overwritten red.\n"


MALFORMED = {
    "not JSON": b"data: {not json\n\n",
    "not an object": b"data: [1, 2]\n\n",
    "too deeply nested": b"data: " + b"[" * 200_000 + b"]" * 200_000 + b"\n\n",
    "choices is null": b'data: {"choices": null}\n\n',
    "a choice that is not an object": b'data: {"choices": ["x"]}\n\n',
    "content that is not text": b'data: {"choices": [{"delta": {"content": 7}}]}\n\n',
}


@pytest.mark.parametrize("event", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_event_is_an_error_not_an_answer(
    chat: Callable[[], Ran], remote: Remote, event: bytes
) -> None:
    async def broken(response: web.StreamResponse) -> None:
        await response.write(chunk_event("So far "))
        await response.write(event)
        await response.write(chunk_event("never shown"))
        await response.write(b"data: [DONE]\n\n")

    remote.script = broken
    ran = chat()
    assert ran.returncode == 1, ran.stderr
    assert ran.stdout == "So far \n"
    assert last_line(ran).startswith(
        "vllm-tray: The reply broke off: the endpoint sent an event the chat cannot read ("
    )
    assert "Traceback" not in ran.stderr


def test_a_stream_that_ends_without_done_is_not_a_finished_answer(
    chat: Callable[[], Ran], remote: Remote
) -> None:
    async def cut(response: web.StreamResponse) -> None:
        await response.write(chunk_event("Half an"))

    remote.script = cut
    ran = chat()
    assert ran.returncode == 1, ran.stderr
    assert ran.stdout == "Half an\n"
    assert last_line(ran) == (
        "vllm-tray: The reply broke off: its stream ended before the endpoint said the reply "
        "was complete. What came before it is kept."
    )
