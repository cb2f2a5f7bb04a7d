"""The app's own client for the hop to a child (app/proxy/child_http.py, child_conn.py),
against a raw server on loopback that answers scripted bytes: the answer shapes aiohttp's
client used to handle for the relay, the pool, and what a child sees when a relay gives up.
The relay on top of it is tested through a ProxyServer in test_server.py (every relay test
runs on this client too) and test_passthrough.py."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import pytest

from app.core.problems.problems import ProblemError
from app.proxy import child_http
from app.proxy.child_http import AppUpstream, request_head
from app.proxy.memory import HeldBody
from app.proxy.upstream import ChildDisconnectedError, ChildUnreachableError, Opened

OK_HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"


@dataclass
class Script:
    """A server on 127.0.0.1 that answers each request with `answers[i]` (bytes, then
    closes the connection if `close`), and records the request heads and peers."""

    answers: list[tuple[bytes, bool]]
    heads: list[bytes] = field(default_factory=list)
    asked: asyncio.Event = field(default_factory=asyncio.Event)
    peers: list[object] = field(default_factory=list)
    closed: asyncio.Event = field(default_factory=asyncio.Event)
    port: int = 0
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self.tasks.add(task)
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = next(
                    (
                        int(line.split(b":", 1)[1])
                        for line in head.split(b"\r\n")
                        if line.lower().startswith(b"content-length:")
                    ),
                    0,
                )
                await reader.readexactly(length)
                self.heads.append(head)
                self.asked.set()
                self.peers.append(writer.get_extra_info("peername"))
                answer, close = self.answers[min(len(self.heads), len(self.answers)) - 1]
                writer.write(answer)
                await writer.drain()
                if close:
                    writer.close()
                    return
        except (asyncio.IncompleteReadError, ConnectionError):
            self.closed.set()
        finally:
            writer.close()


@asynccontextmanager
async def scripted(*answers: bytes | tuple[bytes, bool]) -> AsyncIterator[Script]:
    script = Script([a if isinstance(a, tuple) else (a, False) for a in answers])
    server = await asyncio.start_server(script.serve, "127.0.0.1", 0)
    script.port = server.sockets[0].getsockname()[1]
    try:
        yield script
    finally:
        server.close()
        for task in script.tasks:
            task.cancel()
        await asyncio.gather(*script.tasks, return_exceptions=True)


def body(data: bytes = b'{"model": "m"}') -> HeldBody:
    return HeldBody(bytearray(data), None, 0)


async def read_all(opened: Opened) -> bytes:
    return b"".join([piece async for piece in opened.chunks])


async def ask(upstream: AppUpstream, script: Script, path: str = "/v1/chat/completions") -> Opened:
    url = f"http://127.0.0.1:{script.port}{path}"
    return await upstream.open("POST", url, body(), [("X-Test", "yes")], "m")


@pytest.fixture
async def upstream() -> AsyncIterator[AppUpstream]:
    up = AppUpstream()
    yield up
    await up.aclose()


async def test_a_sized_answer_is_read_and_the_connection_pooled(upstream: AppUpstream) -> None:
    async with scripted(OK_HEAD + b"Content-Length: 11\r\n\r\n" + b'{"ok":true}') as s:
        for _ in range(3):
            opened = await ask(upstream, s)
            assert (opened.status, opened.length, opened.raw) == (200, 11, None)
            assert ("Content-Type", "application/json") in opened.headers
            assert await read_all(opened) == b'{"ok":true}'
            await opened.close()
        assert len(set(s.peers)) == 1  # one connection, reused
        head = s.heads[0].decode()
        assert head.startswith("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:")
        assert "X-Test: yes\r\n" in head


async def test_an_answer_without_a_length_ends_with_its_connection(
    upstream: AppUpstream,
) -> None:
    async with scripted((b"HTTP/1.0 200 OK\r\n\r\nall of it", True)) as s:
        opened = await ask(upstream, s)
        assert opened.length is None and opened.raw is None
        assert await read_all(opened) == b"all of it"
        await opened.close()


async def test_interim_answers_are_skipped(upstream: AppUpstream) -> None:
    early = b"HTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\n"
    async with scripted(early + OK_HEAD + b"Content-Length: 2\r\n\r\nok") as s:
        opened = await ask(upstream, s)
        assert opened.status == 200
        assert await read_all(opened) == b"ok"
        await opened.close()


async def test_no_body_and_connection_close_are_honoured(upstream: AppUpstream) -> None:
    async with scripted(
        b"HTTP/1.1 204 No Content\r\n\r\n",
        OK_HEAD + b"Connection: close\r\nContent-Length: 2\r\n\r\nok",
        OK_HEAD + b"Content-Length: 2\r\n\r\nok",
    ) as s:
        for expected in (b"", b"ok", b"ok"):
            opened = await ask(upstream, s)
            assert await read_all(opened) == expected
            await opened.close()
        # 204 kept the connection; "Connection: close" did not.
        assert s.peers[0] == s.peers[1] != s.peers[2]


async def test_a_chunked_error_is_decoded_not_passed_on(upstream: AppUpstream) -> None:
    chunked = b"HTTP/1.1 500 Oops\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nbad\r\n0\r\n\r\n"
    async with scripted(chunked) as s:
        opened = await ask(upstream, s)
        assert (opened.status, opened.raw) == (500, None)
        assert await read_all(opened) == b"bad"
        await opened.close()


async def test_a_chunked_success_is_held_for_the_pass_through(upstream: AppUpstream) -> None:
    stream = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
    async with scripted(stream, stream) as s:
        opened = await ask(upstream, s)
        assert opened.raw is not None  # the relay takes it or gives it back
        opened.raw.give_back()
        assert await read_all(opened) == b"hello"
        await opened.close()
        again = await ask(upstream, s)
        assert again.raw is not None
        again.raw.give_back()
        assert await read_all(again) == b"hello"
        await again.close()
        assert len(set(s.peers)) == 1


@pytest.mark.parametrize(
    "answer",
    [
        b"NOT HTTP AT ALL\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nX: " + b"y" * (70 * 1024),  # a head that never ends
    ],
    ids=["garbage", "bad-length", "endless-head"],
)
async def test_an_answer_that_is_not_http_is_a_502_problem(
    upstream: AppUpstream, answer: bytes
) -> None:
    async with scripted(answer) as s:
        with pytest.raises(ProblemError) as caught:
            await ask(upstream, s)
    assert caught.value.problem.code == "proxy.upstream_unreachable"


async def test_a_huge_answer_head_is_refused_not_buffered(upstream: AppUpstream) -> None:
    # A child that sends header lines without end: the client stops at MAX_HEAD_BYTES with
    # one sentence instead of holding whatever comes.
    huge = OK_HEAD + b"".join(b"X-Pad-%d: %s\r\n" % (i, b"x" * 1000) for i in range(200))
    async with scripted((huge, False)) as s:
        with pytest.raises(ProblemError) as caught:
            await ask(upstream, s)
    assert caught.value.problem.code == "proxy.upstream_unreachable"
    assert "too long" in str(caught.value.problem.params)


async def test_a_body_cut_short_raises_a_broken_error(upstream: AppUpstream) -> None:
    async with scripted((OK_HEAD + b"Content-Length: 100\r\n\r\npartial", True)) as s:
        opened = await ask(upstream, s)
        with pytest.raises(upstream.broken_errors) as caught:
            await read_all(opened)
        await opened.close()
    assert "cut short" in str(caught.value)


async def test_a_refused_port_and_a_silent_close_are_told_apart(upstream: AppUpstream) -> None:
    with pytest.raises(ChildUnreachableError):
        await upstream.open("POST", "http://127.0.0.1:9/v1/x", body(), [], "m")
    # Closed without a word, twice (the retry too): the child may be gone or working on it.
    async with scripted((b"", True)) as s:
        with pytest.raises(ChildDisconnectedError):
            await ask(upstream, s)
        assert len(s.heads) == 2  # sent once more on a fresh connection, not more


async def test_giving_up_closes_the_connection_so_the_child_knows(upstream: AppUpstream) -> None:
    # A head and then silence: a relay that stops waiting (client gone, timeout) closes
    # the connection instead of pooling it; that is how vLLM learns to abort.
    async with scripted(OK_HEAD + b"Content-Length: 100\r\n\r\n") as s:
        opened = await ask(upstream, s)
        await opened.close()
        await asyncio.wait_for(s.closed.wait(), 5)


async def test_a_cancelled_request_closes_its_connection(upstream: AppUpstream) -> None:
    async with scripted(b"") as s:  # takes the request, never answers
        task = asyncio.create_task(ask(upstream, s))
        await asyncio.wait_for(s.asked.wait(), 5)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await asyncio.wait_for(s.closed.wait(), 5)


async def test_idle_connections_expire(
    upstream: AppUpstream, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(child_http, "KEEPALIVE_S", 0.2)
    async with scripted(OK_HEAD + b"Content-Length: 2\r\n\r\nok") as s:
        for _ in range(2):
            opened = await ask(upstream, s)
            await read_all(opened)
            await opened.close()
            await asyncio.sleep(0.4)  # past the keep-alive: the sweep closes it
        assert len(set(s.peers)) == 2
        await asyncio.wait_for(s.closed.wait(), 5)


async def test_a_connection_the_child_closed_while_idle_is_not_reused(
    upstream: AppUpstream,
) -> None:
    async with scripted((OK_HEAD + b"Content-Length: 2\r\n\r\nok", True)) as s:
        for _ in range(2):
            opened = await ask(upstream, s)
            assert await read_all(opened) == b"ok"
            await opened.close()
            await asyncio.sleep(0.1)  # the close arrives while the connection is idle
        assert len(set(s.peers)) == 2


async def test_remote_servers_go_through_aiohttp(upstream: AppUpstream) -> None:
    opened: list[str] = []

    async def fake_remote(method: str, url: str, *args: object) -> Opened:
        opened.append(url)
        raise RuntimeError("stop here")

    upstream._remote.open = fake_remote  # type: ignore[method-assign, assignment]  # sees what goes where
    for url in ("https://127.0.0.1:8443/v1/x", "http://lab.example:8000/v1/x"):
        with pytest.raises(RuntimeError):
            await upstream.open("POST", url, body(), [], "m")
    assert opened == ["https://127.0.0.1:8443/v1/x", "http://lab.example:8000/v1/x"]


@pytest.mark.parametrize("bad", ["a\r\nInjected: 1", "a\nb", "a\rb"])
def test_a_header_with_a_line_break_is_never_sent(bad: str) -> None:
    with pytest.raises(ValueError, match="line break"):
        request_head("POST", "/v1/x", "127.0.0.1:1", [("X-Test", bad)])


def test_the_request_head_keeps_the_clients_bytes() -> None:
    head = request_head("POST", "/v1/x?a=%26", "127.0.0.1:8001", [("X-Name", "caf\udcc3\udca9")])
    assert head == (
        b"POST /v1/x?a=%26 HTTP/1.1\r\nHost: 127.0.0.1:8001\r\nX-Name: caf\xc3\xa9\r\n\r\n"
    )
