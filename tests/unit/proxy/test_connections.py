"""The connection layer probed with raw sockets, as a server's testers would: malformed heads,
slow heads and bodies, idle and surplus connections, all answered in OpenAI's envelope."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import psutil
import pytest

from app.proxy import bodies
from app.proxy.connections import GuardedConnection
from app.proxy.guarded_server import REFUSAL_SLOTS, GuardedServer
from app.proxy.limits import ProxyLimits
from app.proxy.server import ProxyServer
from tests.unit.proxy.test_server import Proxy, running_proxy

FAST = ProxyLimits(
    idle_timeout_s=0.6,
    header_timeout_s=0.5,
    body_timeout_s=0.5,
    body_min_rate_bps=1000,
    max_request_line_bytes=1024,
    max_header_bytes=1024,
    max_headers=16,
)


@pytest.fixture
async def fast() -> AsyncIterator[Proxy]:
    async with running_proxy(limits=FAST) as p:
        yield p


def port_of(p: Proxy) -> int:
    return int(p.url.rsplit(":", 1)[1])


class Raw:
    """A client that writes exactly the bytes it is given and reads whatever comes back."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(cls, p: Proxy) -> Raw:
        reader, writer = await asyncio.open_connection("127.0.0.1", port_of(p))
        return cls(reader, writer)

    async def send(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def read_all(self, within_s: float = 5.0) -> bytes:
        """Everything until the server closes the connection (fails if it does not); what
        arrived before a reset counts."""
        got = bytearray()
        async with asyncio.timeout(within_s):
            try:
                while chunk := await self.reader.read(65536):
                    got += chunk
            except ConnectionError:
                pass
        return bytes(got)

    async def response(self, within_s: float = 5.0) -> tuple[str, dict[str, str], bytes]:
        """One response with a Content-Length: status line, headers, body."""
        async with asyncio.timeout(within_s):
            head = await self.reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            headers = {
                k.strip().lower(): v.strip()
                for k, _, v in (line.partition(":") for line in lines[1:] if line)
            }
            body = await self.reader.readexactly(int(headers.get("content-length", "0")))
        return lines[0], headers, body

    async def closed_by_server(self, within_s: float = 5.0) -> bool:
        try:
            async with asyncio.timeout(within_s):
                while await self.reader.read(65536):
                    pass
        except ConnectionResetError:
            pass
        return True

    def close(self) -> None:
        self.writer.close()


def envelope(body: bytes) -> dict[str, Any]:
    payload = json.loads(body)
    assert set(payload) == {"error"}
    assert set(payload["error"]) == {"message", "type", "param", "code"}
    return payload["error"]  # type: ignore[no-any-return]


# ---- the parser's refusals -------------------------------------------------------------------

HOST = b"Host: localhost\r\n"


@pytest.mark.parametrize(
    ("request_bytes", "status", "code"),
    [
        # a header line past max_header_bytes
        (b"GET /v1/models HTTP/1.1\r\n" + HOST + b"X-Big: " + b"a" * 2000 + b"\r\n\r\n", 431,
         "proxy.head_too_large"),
        # a request line past max_request_line_bytes
        (b"GET /v1/" + b"m" * 2000 + b" HTTP/1.1\r\n" + HOST + b"\r\n", 431,
         "proxy.head_too_large"),
        # more headers than max_headers
        (b"GET /v1/models HTTP/1.1\r\n" + HOST
         + b"".join(b"X-H%d: v\r\n" % i for i in range(40)) + b"\r\n", 431,
         "proxy.too_many_headers"),
        (b"GET /v1/models HTTP/9.9\r\n" + HOST + b"\r\n", 400, "proxy.malformed_request"),
        (b"GET /v1 models HTTP/1.1\r\n" + HOST + b"\r\n", 400, "proxy.malformed_request"),
        (b"GET /v1/models HTTP/1.1\nHost: localhost\n\n", 400, "proxy.malformed_request"),
        (b"GET /v1/models HTTP/1.1\r\n" + HOST + b"Content-Length: 1\r\nContent-Length: 2\r\n\r\n",
         400, "proxy.malformed_request"),
        (b"POST /v1/chat/completions HTTP/1.1\r\n" + HOST + b"Content-Length: -1\r\n\r\n", 400,
         "proxy.malformed_request"),
        (b"POST /v1/completions HTTP/1.1\r\n" + HOST
         + b"Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400,
         "proxy.malformed_request"),
        (b"GET /v1/models HTTP/1.1\r\n" + HOST + b"Bad Header: x\r\n\r\n", 400,
         "proxy.malformed_request"),
        (b"GET /v1/models HTTP/1.1\r\n" + HOST + HOST + b"\r\n", 400, "proxy.malformed_request"),
        (b"GET /v1/models HTTP/1.1\r\n\r\n", 400, "proxy.malformed_request"),  # no Host in 1.1
        (b"FOO /v1/models HTTP/1.1\r\n" + HOST + b"\r\n", 501, "proxy.unknown_method"),
        (b"GET\r\n\r\n", 501, "proxy.unknown_method"),
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 40, 400, "proxy.not_http"),
    ],
)  # fmt: skip
async def test_what_the_parser_refuses_is_an_envelope_in_http_1_1(
    fast: Proxy,
    caplog: pytest.LogCaptureFixture,
    request_bytes: bytes,
    status: int,
    code: str,
) -> None:
    caplog.set_level(logging.DEBUG)
    raw = await Raw.connect(fast)
    await raw.send(request_bytes)
    line, headers, body = await raw.response()
    assert line.startswith(f"HTTP/1.1 {status} ")
    assert headers["content-type"].startswith("application/json")
    assert headers["connection"].lower() == "close"
    err = envelope(body)
    assert err["code"] == code
    assert await raw.closed_by_server()
    raw.close()
    # One concise line for the client's mistake, no traceback anywhere.
    assert [r for r in caplog.records if r.exc_info] == []
    refused = [r.getMessage() for r in caplog.records if "refused a request" in r.getMessage()]
    assert len(refused) == 1
    assert "\n" not in refused[0]
    assert (await fast.client.get("/live")).status_code == 200


# ---- slow and idle clients -------------------------------------------------------------------


async def test_a_head_that_dribbles_in_is_cut_off_with_a_408(fast: Proxy) -> None:
    """Slowloris: a byte at a time, never finishing the head; aiohttp alone would hold it for
    its whole keep-alive timeout."""
    raws = [await Raw.connect(fast) for _ in range(20)]
    head = b"GET /v1/models HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + b"a" * 100
    started = time.monotonic()

    async def dribble(raw: Raw) -> bytes:
        answer = asyncio.create_task(raw.read_all(within_s=3))
        for byte in head:
            if answer.done():
                break
            try:
                await raw.send(bytes([byte]))
            except ConnectionError:
                break
            await asyncio.sleep(0.05)
        return await answer

    answers = await asyncio.gather(*(dribble(raw) for raw in raws))
    took = time.monotonic() - started
    # Timing is the behaviour: the header timeout.
    assert took < FAST.header_timeout_s + 1.5  # not the 5 s the dribble would take
    for answer in answers:
        assert answer.startswith(b"HTTP/1.1 408 ")
        assert envelope(answer.split(b"\r\n\r\n", 1)[1])["code"] == "proxy.header_timeout"
    for raw in raws:
        raw.close()
    await wait_for_connections(fast.server, 0)


async def test_a_head_begun_is_timed_by_the_header_timeout_not_the_idle_one() -> None:
    """With the idle timeout the shorter, a head that has begun still gets its full header
    timeout and the 408, on a new connection and on a kept-alive one after an answer; aiohttp's
    idle timer closed both without a word at the idle timeout."""
    limits = ProxyLimits(idle_timeout_s=0.3, header_timeout_s=1.0)
    async with running_proxy(limits=limits) as p:
        fresh, kept = await Raw.connect(p), await Raw.connect(p)
        try:
            await kept.send(b"GET /live HTTP/1.1\r\nHost: localhost\r\n\r\n")
            line, _, _ = await kept.response()
            assert line.startswith("HTTP/1.1 200")
            started = time.monotonic()
            for raw in (fresh, kept):
                await raw.send(b"GET /v1/models HTTP/1.1\r\nHost: localhost\r\n")  # no more
            answers = await asyncio.gather(fresh.read_all(within_s=4), kept.read_all(within_s=4))
            took = time.monotonic() - started
        finally:
            fresh.close()
            kept.close()
    # Timing is the behaviour: the header timeout.
    assert limits.header_timeout_s - 0.1 < took < limits.header_timeout_s + 1.5, took
    for answer in answers:
        assert answer.startswith(b"HTTP/1.1 408 "), answer
        assert envelope(answer.split(b"\r\n\r\n", 1)[1])["code"] == "proxy.header_timeout"


async def test_an_idle_keep_alive_connection_is_closed(fast: Proxy) -> None:
    raw = await Raw.connect(fast)
    await raw.send(b"GET /live HTTP/1.1\r\nHost: localhost\r\n\r\n")
    line, _, _ = await raw.response()
    assert line.startswith("HTTP/1.1 200")
    started = time.monotonic()
    assert await raw.closed_by_server(within_s=3)
    # Timing is the behaviour: the keep-alive idle timeout.
    assert FAST.idle_timeout_s - 0.2 < time.monotonic() - started < FAST.idle_timeout_s + 1.5
    raw.close()


async def test_a_connection_that_never_speaks_is_closed(fast: Proxy) -> None:
    raw = await Raw.connect(fast)
    assert await raw.closed_by_server(within_s=3)
    raw.close()
    await wait_for_connections(fast.server, 0)


async def test_a_keep_alive_connection_serves_request_after_request(fast: Proxy) -> None:
    """The timers are reset by each request: a busy connection is never cut."""
    raw = await Raw.connect(fast)
    for _ in range(4):
        await raw.send(b"GET /live HTTP/1.1\r\nHost: localhost\r\n\r\n")
        line, _, _ = await raw.response()
        assert line.startswith("HTTP/1.1 200")
        await asyncio.sleep(FAST.header_timeout_s * 0.8)
    raw.close()


async def test_a_dribbling_body_is_cut_off_with_a_408(fast: Proxy) -> None:
    raw = await Raw.connect(fast)
    await raw.send(
        b"POST /v1/chat/completions HTTP/1.1\r\nHost: localhost\r\n"
        b"Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"
    )
    started = time.monotonic()

    async def dribble() -> None:
        for _ in range(100):
            await asyncio.sleep(0.1)
            try:
                await raw.send(b" ")
            except ConnectionError:
                return

    sender = asyncio.create_task(dribble())
    line, _, body = await raw.response()
    assert line.startswith("HTTP/1.1 408")
    err = envelope(body)
    assert err["code"] == "proxy.body_timeout"
    assert "of 5000 bytes" in err["message"]
    # Timing is the behaviour: the body timeout ends a dribbled body.
    assert time.monotonic() - started < 2.0
    assert await raw.closed_by_server()
    sender.cancel()
    raw.close()
    assert fast.server.body_bytes_held == 0


async def test_a_slow_but_steady_body_gets_through(fast: Proxy) -> None:
    """1 s for 1500 bytes: past body_timeout_s, within it plus one second per 1000 bytes."""
    payload = json.dumps({"model": "tiny", "pad": "x" * 1450}).encode()
    raw = await Raw.connect(fast)
    await raw.send(
        b"POST /v1/chat/completions HTTP/1.1\r\nHost: localhost\r\n"
        b"Content-Length: %d\r\n\r\n" % len(payload)
    )
    for i in range(0, len(payload), 150):
        await raw.send(payload[i : i + 150])
        await asyncio.sleep(0.1)
    line, _, body = await raw.response()
    assert line.startswith("HTTP/1.1 200"), body
    raw.close()


async def test_a_body_that_breaks_its_chunked_framing_is_a_400(fast: Proxy) -> None:
    raw = await Raw.connect(fast)
    await raw.send(
        b"POST /v1/chat/completions HTTP/1.1\r\nHost: localhost\r\n"
        b'Transfer-Encoding: chunked\r\n\r\n5\r\n{"mod\r\nzz\r\n'
    )
    line, _, body = await raw.response()
    assert line.startswith("HTTP/1.1 400")
    assert envelope(body)["code"] in {"proxy.malformed_body", "proxy.malformed_request"}
    raw.close()


# ---- the connection cap ----------------------------------------------------------------------


async def until(predicate: Callable[[], bool], within_s: float = 3.0) -> None:
    deadline = time.monotonic() + within_s
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.02)


async def wait_for_connections(server: ProxyServer, n: int, within_s: float = 3.0) -> None:
    await until(lambda: server.open_connections == n, within_s)


async def test_over_the_cap_the_longest_idle_connection_makes_room() -> None:
    async with running_proxy(limits=ProxyLimits(max_connections=8)) as p:
        raws = []
        for _ in range(8):
            raw = await Raw.connect(p)
            await raw.send(b"GET /live HTTP/1.1\r\nHost: localhost\r\n\r\n")
            await raw.response()
            raws.append(raw)
        await wait_for_connections(p.server, 8)
        newcomer = await Raw.connect(p)
        await newcomer.send(b"GET /v1/models HTTP/1.1\r\nHost: localhost\r\n\r\n")
        line, _, _ = await newcomer.response()
        assert line.startswith("HTTP/1.1 200")
        assert await raws[0].closed_by_server(within_s=2)  # the oldest idle one went
        assert p.server.open_connections == 8
        for raw in [*raws, newcomer]:
            raw.close()
        await wait_for_connections(p.server, 0)


async def test_over_the_cap_with_nothing_idle_newcomers_get_503_then_are_dropped() -> None:
    limits = ProxyLimits(max_connections=4)
    async with running_proxy(limits=limits) as p:
        p.upstream.token_delay = 0.2
        streams = []
        for _ in range(4):  # four connections busy with a slow stream each
            raw = await Raw.connect(p)
            body = json.dumps({"model": "tiny", "stream": True, "max_tokens": 20}).encode()
            await raw.send(
                b"POST /v1/completions HTTP/1.1\r\nHost: localhost\r\nContent-Length: %d\r\n\r\n"
                % len(body)
                + body
            )
            streams.append(raw)
        await until(lambda: p.upstream.running == 4)  # all four are streaming
        refused = await Raw.connect(p)
        await refused.send(b"GET /v1/models HTTP/1.1\r\nHost: localhost\r\n\r\n")
        line, headers, body = await refused.response()
        assert line.startswith("HTTP/1.1 503")
        assert headers["retry-after"] == "1"
        assert envelope(body)["code"] == "proxy.too_many_connections"
        assert await refused.closed_by_server()
        # A flood past the refusal slots is dropped at once instead of taking descriptors.
        flood = [await Raw.connect(p) for _ in range(REFUSAL_SLOTS + 10)]
        await asyncio.sleep(0.3)
        assert p.server.open_connections <= limits.max_connections + REFUSAL_SLOTS
        for raw in [*flood, *streams, refused]:
            raw.close()
        await wait_for_connections(p.server, 0, within_s=10)


DRIBBLED_HEAD = (
    b"POST /v1/chat/completions HTTP/1.1\r\nHost: localhost\r\n"
    b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"
)


async def dribbler(p: Proxy, source: str = "127.0.0.1") -> Raw:
    """A connection from `source` holding a body of which one byte came (issue 31 item 10)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port_of(p), local_addr=(source, 0))
    raw = Raw(reader, writer)
    await raw.send(DRIBBLED_HEAD)
    return raw


async def test_over_the_cap_the_slowest_body_of_the_heaviest_client_makes_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With nothing idle, a newcomer is refused while the bodies held are young; once they
    are past the first seconds and below the minimum rate, the slowest body of the address
    holding the most of them is cut short (408) for it, not an older one from another."""
    monkeypatch.setattr(bodies, "SLOW_BODY_AFTER_S", 60.0)  # the bodies are young
    async with running_proxy(limits=ProxyLimits(max_connections=4)) as p:
        lone = await dribbler(p, "127.0.0.1")  # the oldest, so the slowest by rate
        crowd = [await dribbler(p, "127.0.0.2") for _ in range(3)]
        await until(lambda: p.server.body_bytes_held == 4 * 100000)  # all four reading
        early = await Raw.connect(p)
        await early.send(b"GET /v1/models HTTP/1.1\r\nHost: localhost\r\n\r\n")
        line, _, body = await early.response()
        assert line.startswith("HTTP/1.1 503"), body  # young bodies are not cut
        monkeypatch.setattr(bodies, "SLOW_BODY_AFTER_S", 0.0)  # now they are past their grace
        newcomer = await Raw.connect(p)
        await newcomer.send(b"GET /v1/models HTTP/1.1\r\nHost: localhost\r\n\r\n")
        line, _, _ = await newcomer.response()
        assert line.startswith("HTTP/1.1 200")
        cut = await asyncio.wait_for(
            next(asyncio.as_completed([r.response() for r in crowd])), timeout=5
        )
        assert cut[0].startswith("HTTP/1.1 408")
        err = envelope(cut[2])
        assert err["code"] == "proxy.body_too_slow"
        assert "1 bytes" in err["message"]
        assert not lone.reader.at_eof()  # the other client's body was left alone
        for raw in [lone, *crowd, early, newcomer]:
            raw.close()
        await wait_for_connections(p.server, 0, within_s=10)


async def test_hundreds_of_idle_connections_cost_no_descriptors_past_the_cap() -> None:
    """500 idle connections were all held before; now the cap bounds them (and the fds)."""
    process = psutil.Process()
    async with running_proxy(limits=ProxyLimits(max_connections=50, idle_timeout_s=30)) as p:
        baseline = process.num_fds()
        raws = [await Raw.connect(p) for _ in range(300)]
        await asyncio.sleep(0.3)
        assert p.server.open_connections <= 50 + REFUSAL_SLOTS
        # Our own 300 client sockets count in this process too; the server's side must not.
        assert process.num_fds() - baseline <= 300 + 50 + REFUSAL_SLOTS + 5
        for raw in raws:
            raw.close()
        await wait_for_connections(p.server, 0)
        await asyncio.sleep(0.1)
        assert process.num_fds() <= baseline + 2


# ---- hooks this layer relies on --------------------------------------------------------------


def test_the_aiohttp_hooks_used_are_still_there() -> None:
    """connections.py and guarded_server.py override these RequestHandler/Server methods of
    aiohttp 3.14; if a new aiohttp renames one, this says so before the behaviour quietly goes."""
    from aiohttp.web_protocol import RequestHandler
    from aiohttp.web_server import Server

    hooks = ("handle_error", "finish_response", "data_received", "connection_lost", "log_exception")
    for name in (*hooks, "_process_keepalive"):
        assert name in vars(RequestHandler), name
        assert name in vars(GuardedConnection), name
    for name in ("connection_made", "connection_lost", "__call__"):
        assert name in vars(Server), name
        assert name in vars(GuardedServer), name


def test_the_cap_fits_the_descriptor_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    import resource

    from app.proxy.guarded_server import fit_to_descriptors

    raised: list[tuple[int, int]] = []
    limits = ProxyLimits(max_connections=512)
    need = 2 * (512 + REFUSAL_SLOTS) + 256

    # A soft limit of 1024 under a high hard one is raised, the cap kept.
    monkeypatch.setattr(resource, "getrlimit", lambda _: (1024, 524288))
    monkeypatch.setattr(resource, "setrlimit", lambda _, v: raised.append(v))
    assert fit_to_descriptors(limits) == limits
    assert raised == [(need, 524288)]

    # A hard limit of 1024: the cap comes down so that connections cannot exhaust it.
    monkeypatch.setattr(resource, "getrlimit", lambda _: (1024, 1024))
    fitted = fit_to_descriptors(limits)
    assert 2 * (fitted.max_connections + REFUSAL_SLOTS) + 256 <= 1024
    assert fitted.max_connections >= 16

    raised.clear()
    monkeypatch.setattr(resource, "getrlimit", lambda _: (65536, 65536))
    assert fit_to_descriptors(limits) == limits
    assert raised == []


async def test_the_rest_of_an_unread_body_is_not_taken_for_a_slow_head() -> None:
    """After a 401 aiohttp drops what is left of the body; those bytes arriving slowly must
    not set off the head timeout and a second, unasked-for answer."""
    async with running_proxy(api_key="s3cret", limits=FAST) as p:
        raw = await Raw.connect(p)
        await raw.send(
            b"POST /v1/chat/completions HTTP/1.1\r\nHost: localhost\r\n"
            b"Content-Length: 2000\r\n\r\n" + b"x" * 100
        )
        line, _, _ = await raw.response()
        assert line.startswith("HTTP/1.1 401")
        # The other 1900 bytes over about 1.3 s: a head timer started by them would have fired
        # (header_timeout_s is 0.5 s) and answered 408 in the middle.
        for _ in range(19):
            await asyncio.sleep(0.07)
            await raw.send(b"x" * 100)
        await raw.send(b"GET /live HTTP/1.1\r\nHost: localhost\r\n\r\n")
        line, _, body = await raw.response()
        assert line.startswith("HTTP/1.1 200"), (line, body)  # not a stray 408
        raw.close()
