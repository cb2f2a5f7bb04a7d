"""The ASGI guard every keyed vLLM child loads: the key on every route but health and metrics."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from types import ModuleType
from typing import Any

import pytest

from app.supervisor.childenv import GUARD_DIR, GUARD_KEY_VAR, guard_env


def load_guard() -> ModuleType:
    """As the engine's Python loads it: by its module name, from the folder on its path."""
    spec = importlib.util.spec_from_file_location(
        "vllm_tray_guard", GUARD_DIR / "vllm_tray_guard.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("vllm_tray_guard", module)
    spec.loader.exec_module(module)
    return module


def call(guard: Any, scope: dict[str, Any]) -> tuple[list[dict[str, Any]], bool]:
    sent: list[dict[str, Any]] = []
    reached = [False]

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached[0] = True

    async def receive() -> dict[str, Any]:
        return {"type": "http.request"}

    async def send(message: Any) -> None:
        sent.append(message)

    async def run() -> None:
        await guard.__class__(app)(scope, receive, send)

    asyncio.run(run())
    return sent, reached[0]


@pytest.fixture
def guard(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv(GUARD_KEY_VAR, "child-key")
    module = load_guard()

    async def nothing(scope: Any, receive: Any, send: Any) -> None:
        return None

    return module.KeyGuard(nothing)


def http(path: str, auth: str | None = None, method: str = "POST") -> dict[str, Any]:
    headers = [(b"content-type", b"application/json")]
    if auth is not None:
        headers.append((b"authorization", auth.encode()))
    return {"type": "http", "method": method, "path": path, "headers": headers}


@pytest.mark.parametrize(
    "path",
    [
        "/invocations",
        "/pooling",
        "/classify",
        "/score",
        "/rerank",
        "/tokenize",
        "/sleep",
        "/collective_rpc",
        "/v1/chat/completions",
        "/anything",
    ],
)
def test_every_route_needs_the_key(guard: Any, path: str) -> None:
    sent, reached = call(guard, http(path))
    assert not reached and sent[0]["status"] == 401
    sent, reached = call(guard, http(path, "Bearer wrong"))
    assert not reached and sent[0]["status"] == 401
    sent, reached = call(guard, http(path, "Bearer child-key"))
    assert reached and sent == []


@pytest.mark.parametrize("path", ["/health", "/metrics", "/ping", "/version"])
def test_health_and_metrics_stay_open(guard: Any, path: str) -> None:
    _, reached = call(guard, http(path, method="GET"))
    assert reached


def test_options_and_lifespan_pass_and_a_websocket_is_closed(guard: Any) -> None:
    assert call(guard, http("/v1/models", method="OPTIONS"))[1]
    assert call(guard, {"type": "lifespan"})[1]
    sent, reached = call(guard, {"type": "websocket", "path": "/v1/realtime", "headers": []})
    assert not reached and sent == [{"type": "websocket.close", "code": 1008}]


def test_without_a_key_it_lets_everything_through(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(GUARD_KEY_VAR, raising=False)
    module = load_guard()

    async def nothing(scope: Any, receive: Any, send: Any) -> None:
        return None

    assert call(module.KeyGuard(nothing), http("/invocations"))[1]


def test_the_guards_folder_goes_first_on_the_childs_path() -> None:
    env = guard_env("k", {"PYTHONPATH": "/engine/site"})
    assert env["PYTHONPATH"].split(":") == [str(GUARD_DIR), "/engine/site"]
    assert guard_env("k", {})["PYTHONPATH"] == str(GUARD_DIR)


# vLLM before 0.22.0 lets a request past its own --api-key check through the Host header
# (CVE-2026-48746; the ROCm bundles pin 0.20.1 and 0.19.1). The guard's answer must be the same
# whatever the Host says: none at all, empty, the child's own, localhost, an attacker's.
HOSTS = [None, b"", b"127.0.0.1:8001", b"localhost", b"attacker.example", b"attacker.example:443"]


@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("path", ["/v1/chat/completions", "/tokenize", "/invocations"])
def test_the_key_check_does_not_depend_on_the_host_header(
    guard: Any, path: str, host: bytes | None
) -> None:
    def scope(auth: str | None) -> dict[str, Any]:
        found = http(path, auth)
        if host is not None:
            found["headers"].append((b"host", host))
        # What uvicorn puts in the scope from the socket; a Host header must not override it.
        found["server"] = ("127.0.0.1", 8001)
        return found

    for auth in (None, "Bearer wrong", "Bearer ", "Basic child-key", "child-key"):
        sent, reached = call(guard, scope(auth))
        assert not reached and sent[0]["status"] == 401, (auth, host)
    sent, reached = call(guard, scope("Bearer child-key"))
    assert reached and sent == [], host
