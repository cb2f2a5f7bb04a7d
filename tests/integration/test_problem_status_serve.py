"""`vllm-tray serve` answers each problem with the HTTP status its catalogue entry declares
(issue 19 item 3: the status table moved into app/core/problems/problem_catalogue/), in OpenAI's
error envelope whose code is the problem's code and whose message is its catalogue sentence."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from app.core.problems.problems import http_status, problem
from tests.fakes.engine_runtime import make_runtime
from tests.fakes.remote_servers import ServeProcess, free_port


@pytest.fixture(scope="module")
def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    tmp_path = tmp_path_factory.mktemp("serve")
    port = free_port()
    with pytest.MonkeyPatch.context() as monkeypatch:
        make_runtime(tmp_path, monkeypatch, models=("a",), settings={"proxy.port": port})
    running = ServeProcess(tmp_path / "home", port, {"HF_HUB_CACHE": str(tmp_path / "hub")})
    try:
        yield running
    finally:
        assert running.stop() == 0, "".join(running.lines[-30:])


def _error(response: httpx.Response) -> dict[str, object]:
    body = response.json()
    assert set(body) == {"error"}, body
    error: dict[str, object] = body["error"]
    return error


def test_an_unknown_model_is_404_with_the_catalogue_sentence(serve: ServeProcess) -> None:
    chat = {"model": "user.nope", "messages": [{"role": "user", "content": "hi"}]}
    r = httpx.post(f"{serve.url}/v1/chat/completions", json=chat, timeout=30)
    assert r.status_code == 404 == http_status("models.unknown")
    error = _error(r)
    assert error["code"] == "models.unknown"
    assert error["type"] == "not_found_error"
    assert error["param"] == "model"
    listed = httpx.get(f"{serve.url}/v1/models", timeout=30).json()["data"]
    names = ", ".join(sorted(m["id"] for m in listed))
    assert "user.a" in names
    expected = problem("models.unknown", model="user.nope", available=names).english()
    assert error["message"] == expected


@pytest.mark.parametrize(
    ("request_", "code", "status"),
    [
        (("POST", "/v1/chat/completions", b"{not json"), "proxy.bad_json", 400),
        (("GET", "/v1/no-such-route", b""), "proxy.not_found", 404),
        (("GET", "/v1/batches/batch_nope", b""), "batch.unknown_batch", 404),
    ],
)
def test_each_problem_has_its_declared_status(
    serve: ServeProcess, request_: tuple[str, str, bytes], code: str, status: int
) -> None:
    method, path, content = request_
    headers = {"Content-Type": "application/json"} if content else {}
    r = httpx.request(method, f"{serve.url}{path}", content=content, headers=headers, timeout=30)
    assert (r.status_code, _error(r)["code"]) == (status, code)
    assert http_status(code) == status
