"""Who may use the endpoint: bind address, API key, Host header (DNS rebinding) and CORS."""

from __future__ import annotations

import asyncio
import socket

import pytest

from app.core.events import EventBus, ServerStateChanged
from app.core.problems.problems import ProblemError
from app.proxy.security import ApiKey, CorsPolicy, HostPolicy, host_without_port, is_loopback_name
from app.proxy.server import ProxyServer
from tests.unit.proxy.test_server import FakeController, error_of, running_proxy

# ---- the policies, pure -----------------------------------------------------------------


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1",
        "127.1.2.3",
        "localhost",
        "LOCALHOST",
        "localhost.",
        "::1",
        "[::1]",
        "::ffff:127.0.0.1",
    ],
)
def test_loopback_names(host: str) -> None:
    assert is_loopback_name(host)


@pytest.mark.parametrize(
    "host",
    [
        "0.0.0.0",
        "::",
        "",
        "192.168.1.5",
        "10.0.0.1",
        "example.com",
        "localhost.evil.com",
        "127.0.0.1.nip.io",
        "::ffff:192.168.1.5",
    ],
)
def test_not_loopback(host: str) -> None:
    assert not is_loopback_name(host)


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("localhost:8321", "localhost"),
        ("[::1]:8321", "::1"),
        ("[::1]", "::1"),
        ("::1", "::1"),
        ("example.com", "example.com"),
        ("127.0.0.1:80", "127.0.0.1"),
    ],
)
def test_host_header_name(header: str, name: str) -> None:
    assert host_without_port(header) == name


def test_host_policy_allows_loopback_and_configured_hosts_only() -> None:
    policy = HostPolicy(["MyBox.lan", "studio.local:8321", " "], bind_host="127.0.0.1")
    for ok in ("localhost:8321", "127.0.0.1", "127.9.9.9:1", "[::1]:8321", "mybox.lan",
               "MYBOX.LAN:9999", "studio.local", None):  # fmt: skip
        assert policy.allows(ok), ok
    for bad in ("evil.com", "evil.com:8321", "192.168.1.5", "mybox.lan.evil.com", "", "[::2]"):
        assert not policy.allows(bad), bad


def test_host_policy_accepts_the_concrete_bind_address() -> None:
    assert HostPolicy([], bind_host="192.168.1.5").allows("192.168.1.5:8321")
    assert not HostPolicy([], bind_host="0.0.0.0").allows("0.0.0.0:8321")
    assert not HostPolicy([], bind_host="0.0.0.0").allows("192.168.1.5")


def test_cors_policy() -> None:
    policy = CorsPolicy(["https://chat.example.com/", "http://localhost:3000"])
    assert policy.allows("https://chat.example.com")
    assert policy.allows("http://localhost:3000")
    assert not policy.allows("http://localhost:3001")
    assert not policy.allows("null")
    assert not CorsPolicy([]).allows("http://localhost:3000")
    assert CorsPolicy(["*"]).allows("https://anything.example")


def test_api_key() -> None:
    key = ApiKey("s3cret")
    assert key.required
    assert key.accepts("Bearer s3cret")
    assert key.accepts("bearer  s3cret ")
    for bad in (None, "", "Bearer", "Bearer s3cre", "Bearer s3cret2", "Basic s3cret", "s3cret"):
        assert not key.accepts(bad), bad
    assert ApiKey(None).accepts(None)
    assert not ApiKey(None).required
    assert not ApiKey("").required


# ---- through the server -----------------------------------------------------------------


async def test_api_key_is_required_on_every_route_but_liveness() -> None:
    async with running_proxy(api_key="s3cret") as p:
        for method, path in (("GET", "/v1/models"), ("GET", "/v1/health"),
                             ("POST", "/v1/chat/completions"), ("POST", "/api/v1/load"),
                             ("GET", "/api/v1/stats"), ("GET", "/nowhere")):  # fmt: skip
            r = await p.client.request(method, path, json={"model": "tiny"})
            assert r.status_code == 401, path
            assert error_of(r)["code"] == "proxy.unauthorized"
            assert r.headers["www-authenticate"] == "Bearer"
        wrong = await p.client.get("/v1/models", headers={"Authorization": "Bearer nope"})
        assert wrong.status_code == 401
        assert p.controller.loads == []
        for path in ("/live", "/health"):
            assert (await p.client.get(path)).status_code == 200
        good = {"Authorization": "Bearer s3cret"}
        assert (await p.client.get("/v1/models", headers=good)).status_code == 200
        r = await p.client.post("/v1/chat/completions", json={"model": "tiny"}, headers=good)
        assert r.status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8321", "192.168.1.5", "[::2]"])
async def test_foreign_host_header_is_403(host: str) -> None:
    async with running_proxy() as p:
        for path in ("/v1/models", "/live"):
            r = await p.client.get(path, headers={"Host": host})
            assert r.status_code == 403
            err = error_of(r)
            assert err["code"] == "proxy.forbidden_host"
            assert "proxy.allowed_hosts" in err["message"]
        r = await p.client.post(
            "/v1/chat/completions", json={"model": "tiny"}, headers={"Host": host}
        )
        assert r.status_code == 403
        assert p.controller.loads == []


@pytest.mark.parametrize("host", ["localhost", "localhost:8321", "127.0.0.1", "127.0.0.2:1",
                                  "[::1]:8321", "box.lan:8321"])  # fmt: skip
async def test_loopback_and_allowed_hosts_are_served(host: str) -> None:
    async with running_proxy(allowed_hosts=["box.lan"]) as p:
        r = await p.client.get("/v1/models", headers={"Host": host})
        assert r.status_code == 200


async def test_request_without_host_header_is_served() -> None:
    """HTTP/1.0 tools omit Host; browsers never do, so this is no rebinding path."""
    async with running_proxy() as p:
        port = int(p.url.rsplit(":", 1)[1])
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /v1/models HTTP/1.0\r\n\r\n")
        await writer.drain()
        answer = await reader.read()
        writer.close()
        await writer.wait_closed()
        assert answer.startswith(b"HTTP/1.0 200") or answer.startswith(b"HTTP/1.1 200")


async def test_cors_only_for_configured_origins() -> None:
    origin = "https://chat.example.com"
    async with running_proxy(cors_origins=[origin], api_key="k") as p:
        auth = {"Authorization": "Bearer k"}
        preflight = await p.client.options(
            "/v1/chat/completions",
            headers={
                "Origin": origin,
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "authorization, content-type",
            },
        )
        # A preflight carries no key and still succeeds.
        assert preflight.status_code == 204
        assert preflight.headers["access-control-allow-origin"] == origin
        assert "POST" in preflight.headers["access-control-allow-methods"]
        assert preflight.headers["access-control-allow-headers"] == "authorization, content-type"

        r = await p.client.get("/v1/models", headers={"Origin": origin, **auth})
        assert r.status_code == 200
        assert r.headers["access-control-allow-origin"] == origin
        assert r.headers["vary"] == "Origin"

        body = {"model": "tiny", "stream": True, "max_tokens": 2}
        r = await p.client.post(
            "/v1/chat/completions", json=body, headers={"Origin": origin, **auth}
        )
        assert r.headers["access-control-allow-origin"] == origin  # streamed answers too

        bad = await p.client.get("/v1/models", headers={"Origin": "https://evil.example", **auth})
        assert bad.status_code == 403
        assert error_of(bad)["code"] == "proxy.forbidden_origin"
        assert "access-control-allow-origin" not in bad.headers
        bad_pre = await p.client.options(
            "/v1/models",
            headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "GET"},
        )
        assert bad_pre.status_code == 403
        assert "access-control-allow-origin" not in bad_pre.headers

        plain = await p.client.get("/v1/models", headers=auth)
        assert "access-control-allow-origin" not in plain.headers


async def test_no_cors_origins_means_every_browser_origin_is_refused() -> None:
    async with running_proxy() as p:
        r = await p.client.post(
            "/api/v1/unload", json={}, headers={"Origin": "http://localhost:3000"}
        )
        assert r.status_code == 403
        assert p.controller.unloads == []


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "", "192.168.1.5", "myhost.example"])
async def test_non_loopback_bind_without_a_key_is_refused(host: str) -> None:
    bus = EventBus()
    events: list[object] = []
    bus.subscribe(events.append)
    server = ProxyServer(FakeController("http://127.0.0.1:9"), None, bus, host=host, port=0)
    with pytest.raises(ProblemError) as caught:
        await server.start()
    assert caught.value.problem.code == "proxy.key_required"
    assert caught.value.problem.params["setting"] == "proxy.host"
    assert "API key" in str(caught.value)
    assert not server.running
    assert isinstance(events[-1], ServerStateChanged)
    assert events[-1].problem == caught.value.problem


async def test_non_loopback_bind_with_a_key_starts() -> None:
    server = ProxyServer(
        FakeController("http://127.0.0.1:9"), None, EventBus(), host="0.0.0.0", port=0,
        api_key="k",
    )  # fmt: skip
    await server.start()
    try:
        assert server.url.startswith("http://127.0.0.1:")
    finally:
        await server.stop()


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1"])
async def test_loopback_bind_needs_no_key(host: str) -> None:
    server = ProxyServer(FakeController("http://127.0.0.1:9"), None, EventBus(), host=host, port=0)
    await server.start()
    await server.stop()


async def test_port_in_use_names_the_port_and_the_setting() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = ProxyServer(FakeController("x"), None, EventBus(), host="127.0.0.1", port=port)
        with pytest.raises(ProblemError) as caught:
            await server.start()
    prob = caught.value.problem
    assert prob.code == "proxy.port_in_use"
    assert prob.params["port"] == port
    assert prob.params["setting"] == "proxy.port"
    assert str(port) in prob.english()
    assert not server.running
