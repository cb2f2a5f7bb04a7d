"""Every flawed request gets an OpenAI error envelope with the right status; none crashes it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from app.core.problems.problems import Problem
from app.proxy.limits import ProxyLimits
from tests.unit.proxy.test_server import DIAGNOSIS, Proxy, error_of, running_proxy


@pytest.fixture
async def proxy() -> AsyncIterator[Proxy]:
    async with running_proxy() as p:
        yield p


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"{not json", "proxy.bad_json"),
        (b"", "proxy.bad_json"),
        (b"\xff\xfe\x00garbage", "proxy.bad_json"),
        (b"[" * 100_000, "proxy.bad_json"),
        (b'["model", "tiny"]', "proxy.not_an_object"),
        (b'"tiny"', "proxy.not_an_object"),
        (b'{"model": "tiny", "prompt": "\\ud800"}', "proxy.bad_json"),  # a lone surrogate
    ],
)
async def test_malformed_bodies_are_400(proxy: Proxy, content: bytes, code: str) -> None:
    r = await proxy.client.post("/v1/chat/completions", content=content)
    assert r.status_code == 400
    err = error_of(r)
    assert err["code"] == code
    assert err["type"] == "invalid_request_error"


async def test_missing_model_is_400_naming_the_field_and_the_models(proxy: Proxy) -> None:
    r = await proxy.client.post("/v1/chat/completions", json={"messages": []})
    assert r.status_code == 400
    err = error_of(r)
    assert (err["code"], err["param"]) == ("proxy.missing_field", "model")
    assert "tiny" in err["message"]


@pytest.mark.parametrize("model", [1, 2.5, True, ["tiny"], {"id": "tiny"}])
async def test_non_string_model_is_400(proxy: Proxy, model: object) -> None:
    r = await proxy.client.post("/v1/chat/completions", json={"model": model})
    assert r.status_code == 400
    err = error_of(r)
    assert (err["code"], err["param"]) == ("proxy.bad_field", "model")


async def test_unknown_model_is_404_listing_what_exists(proxy: Proxy) -> None:
    r = await proxy.client.post("/v1/chat/completions", json={"model": "gpt-4o"})
    assert r.status_code == 404
    err = error_of(r)
    assert (err["code"], err["param"], err["type"]) == (
        "models.unknown",
        "model",
        "not_found_error",
    )
    assert "gpt-4o" in err["message"]
    assert all(name in err["message"] for name in ("tiny", "same", "absent"))
    assert proxy.controller.loads == []


async def test_not_downloaded_is_404_saying_how_to_pull(proxy: Proxy) -> None:
    r = await proxy.client.post("/v1/embeddings", json={"model": "absent", "input": "x"})
    assert r.status_code == 404
    err = error_of(r)
    assert err["code"] == "models.not_downloaded"
    assert "vllm-tray pull absent" in err["message"]


async def test_failed_load_is_503_with_the_diagnosis(proxy: Proxy) -> None:
    r = await proxy.client.post("/v1/chat/completions", json={"model": "broken"})
    assert r.status_code == 503
    err = error_of(r)
    assert err["code"] == "supervisor.kv_cache_too_small"
    assert err["message"] == DIAGNOSIS.english()
    assert err["type"] == "server_error"


async def test_problem_codes_map_through_the_shared_table(proxy: Proxy) -> None:
    bad = Problem("models.bad_name", "Bad name {n}.", {"n": "x"})
    proxy.controller.models["tiny"].fail = bad
    r = await proxy.client.post("/v1/chat/completions", json={"model": "tiny"})
    assert r.status_code == 400
    assert error_of(r)["code"] == "models.bad_name"


async def test_wrong_method_is_405_and_unknown_path_404(proxy: Proxy) -> None:
    r = await proxy.client.get("/v1/chat/completions")
    assert r.status_code == 405
    err = error_of(r)
    assert err["code"] == "proxy.method_not_allowed"
    assert "POST" in err["message"]
    r = await proxy.client.post("/v1/nothing-here", json={})
    assert r.status_code == 404
    assert error_of(r)["code"] == "proxy.not_found"


async def test_body_over_the_limit_is_413() -> None:
    async with running_proxy(limits=ProxyLimits(max_body_bytes=1024)) as p:
        r = await p.client.post("/v1/chat/completions", json={"model": "tiny", "x": "a" * 2000})
        assert r.status_code == 413
        assert error_of(r)["code"] == "proxy.body_too_large"
        ok = await p.client.post("/v1/chat/completions", json={"model": "tiny", "x": "a" * 100})
        assert ok.status_code == 200
        # The limit holds for a chunked body without Content-Length too.
        chunks = [b'{"model": "tiny", "x": "', b"a" * 2000, b'"}']

        async def body() -> AsyncIterator[bytes]:
            for chunk in chunks:
                yield chunk

        r = await p.client.post("/v1/chat/completions", content=body())
        assert r.status_code == 413


async def test_no_input_crashes_the_proxy(proxy: Proxy) -> None:
    weird: list[bytes] = [
        b"null",
        b"{}",
        b'{"model": null}',
        b'{"model": ""}',
        b'{"model": "' + b"x" * 100_000 + b'"}',
        b'{"model": "tiny", "stream": "yes please"}',
        b'{"model": "\\ud800"}',
        b"\x00" * 64,
        bytes(range(256)),
        b'{"model": "tiny"' + b", " * 1000,
    ]
    for raw in weird:
        for path in ("/v1/chat/completions", "/api/v1/load", "/api/v1/unload", "/api/v1/pull"):
            r = await proxy.client.post(path, content=raw, headers={"Content-Type": "text/plain"})
            assert r.status_code < 500 or r.status_code == 503, (path, raw[:40], r.text)
            if r.status_code >= 400:
                error_of(r)
    assert (await proxy.client.get("/live")).status_code == 200
