"""The management routes: load, unload, health, system info, stats, pull (SSE) and downloads."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from app.core.contracts import DownloadView
from app.core.events import DownloadFinished, DownloadProgressed, EventBus
from app.core.problems.problems import Problem
from app.core.states import ProcessState
from tests.unit.proxy.test_server import DIAGNOSIS, Proxy, error_of, running_proxy

GATED = Problem("downloads.gated", "{repo} is gated: accept its licence.", {"repo": "org/x"})


class FakeDownloads:
    """A DownloadController whose downloads report from a worker thread, as real ones do."""

    def __init__(self, bus: EventBus, outcome: str = "completed") -> None:
        self.bus = bus
        self.outcome = outcome
        self.views: dict[str, DownloadView] = {}
        self.pulls: list[tuple[str, str | None]] = []
        self.source_changes: list[bool] = []
        self.cancelled: list[str] = []
        self.threads: list[threading.Thread] = []
        self.finish_before_return = False

    async def pull(
        self, model_id: str, checkpoint: str | None = None, *, change_source: bool = False
    ) -> str:
        download_id = f"dl-{len(self.pulls) + 1}"
        self.pulls.append((model_id, checkpoint))
        self.source_changes.append(change_source)
        self.views[download_id] = DownloadView(download_id, model_id, "running", 0, 300)
        worker = threading.Thread(target=self._run, args=(download_id, model_id))
        self.threads.append(worker)
        worker.start()
        if self.finish_before_return:
            worker.join()
        return download_id

    def _run(self, download_id: str, model_id: str) -> None:
        for done in (100, 200, 300):
            time.sleep(0.01)
            # Another download's progress on the same bus must not leak into this stream.
            self.bus.publish(DownloadProgressed("other", "other-model", done, 999))
            self.bus.publish(
                DownloadProgressed(download_id, model_id, done, 300, file="model.safetensors")
            )
        prob = GATED if self.outcome == "failed" else None
        # The view first, then the event, as DownloadManager does: a client that lists the
        # downloads once the stream ended sees the outcome (the other order was a flake).
        self.views[download_id] = DownloadView(
            download_id, model_id, self.outcome, 300 if prob is None else 100, 300,
            problem=None if prob is None else prob.to_json(),
        )  # fmt: skip
        self.bus.publish(DownloadFinished(download_id, model_id, self.outcome, problem=prob))

    def downloads(self) -> list[DownloadView]:
        return list(self.views.values())

    async def cancel(self, download_id: str) -> bool:
        self.cancelled.append(download_id)
        return True


@pytest.fixture
def bus() -> EventBus:
    return EventBus()


@pytest.fixture
def downloads(bus: EventBus) -> Iterator[FakeDownloads]:
    fake = FakeDownloads(bus)
    yield fake
    for worker in fake.threads:
        worker.join()


@pytest.fixture
async def proxy(bus: EventBus, downloads: FakeDownloads) -> AsyncIterator[Proxy]:
    async with running_proxy(bus=bus, downloads=downloads) as p:
        yield p


def sse_events(text: str) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for block in text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        out.append((lines["event"], json.loads(lines["data"])))
    return out


# ---- load / unload / health -------------------------------------------------------------


async def test_load_waits_until_ready_and_reports_the_backend(proxy: Proxy) -> None:
    r = await proxy.client.post("/api/v1/load", json={"model_name": "tiny"})
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "success"
    assert body["model_name"] == "tiny"
    assert body["backend_url"] == proxy.upstream.url
    assert proxy.controller.loads == ["tiny"]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"model_name": "nope"}, 404, "models.unknown"),
        ({"model_name": "absent"}, 404, "models.not_downloaded"),
        ({"model_name": "broken"}, 503, "supervisor.kv_cache_too_small"),
        ({}, 400, "proxy.missing_field"),
        ({"model_name": 3}, 400, "proxy.bad_field"),
    ],
)
async def test_load_errors(proxy: Proxy, body: dict[str, Any], status: int, code: str) -> None:
    r = await proxy.client.post("/api/v1/load", json=body)
    assert r.status_code == status
    err = error_of(r)
    assert err["code"] == code
    if code == DIAGNOSIS.code:
        assert err["message"] == DIAGNOSIS.english()
    if code.startswith("proxy.") or code.startswith("models."):
        assert err["param"] == "model_name"


async def test_a_load_goes_on_when_its_client_gives_up(proxy: Proxy) -> None:
    proxy.controller.load_delay = 0.5
    with pytest.raises(httpx.ReadTimeout):
        await proxy.client.post("/api/v1/load", json={"model_name": "tiny"}, timeout=0.1)
    for _ in range(100):
        if "tiny" in proxy.controller.running:
            break
        await asyncio.sleep(0.02)
    assert "tiny" in proxy.controller.running


async def test_unload_one_or_all(proxy: Proxy) -> None:
    for name in ("tiny", "same"):
        await proxy.client.post("/api/v1/load", json={"model_name": name})
    r = await proxy.client.post("/api/v1/unload", json={"model_name": "tiny"})
    assert r.json() == {"status": "success", "unloaded": ["tiny"]}
    await proxy.client.post("/api/v1/load", json={"model_name": "tiny"})
    r = await proxy.client.post("/api/v1/unload")
    assert r.status_code == 200
    assert sorted(r.json()["unloaded"]) == ["same", "tiny"]
    assert proxy.controller.running == {}
    r = await proxy.client.post("/api/v1/unload", json={"model_name": "nope"})
    assert r.status_code == 404
    assert error_of(r)["code"] == "models.unknown"


async def test_health_lists_loaded_models_with_their_backend(proxy: Proxy) -> None:
    empty = (await proxy.client.get("/v1/health")).json()
    assert empty == {
        "status": "ok",
        "model_loaded": None,
        "all_models_loaded": [],
        "models": [],
        "remotes": [],
        "engine": None,
    }
    await proxy.client.post("/api/v1/load", json={"model_name": "tiny"})
    health = (await proxy.client.get("/v1/health")).json()
    assert health["model_loaded"] == "tiny"
    (card,) = health["all_models_loaded"]
    assert card == {
        "model_name": "tiny",
        "served_name": "tiny-served",
        "state": "running",
        "backend_url": proxy.upstream.url,
        "metrics_url": proxy.upstream.url + "/metrics",
        "pid": 4242,
        "command": ["vllm", "--model", "tiny"],
        "ctx_size": 4096,
        "in_flight": 0,
    }
    assert (await proxy.client.get("/api/v1/health")).json() == health


async def test_system_info_and_stats_are_plain_json(proxy: Proxy) -> None:
    info = (await proxy.client.get("/api/v1/system-info")).json()
    assert info == {"gpu": {"name": "Fake GPU", "gfx": "gfx1151"}, "states": ["fatal"]}
    assert (await proxy.client.get("/api/v1/stats")).json() == {"requests_total": 7}
    assert ProcessState.FATAL.value == "fatal"


# ---- pull and downloads -----------------------------------------------------------------


async def test_pull_streams_progress_then_completion(
    proxy: Proxy, downloads: FakeDownloads
) -> None:
    r = await proxy.client.post("/api/v1/pull", json={"model_name": "absent"})
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/event-stream")
    events = sse_events(r.text)
    assert [name for name, _ in events] == ["start", "progress", "progress", "progress", "complete"]
    assert events[0][1] == {"download_id": "dl-1", "model_name": "absent"}
    assert [data["done"] for _, data in events[1:4]] == [100, 200, 300]
    assert all(data["download_id"] == "dl-1" for _, data in events)
    assert events[3][1]["percent"] == 100.0
    assert events[1][1]["file"] == "model.safetensors"
    assert downloads.pulls == [("absent", None)]


async def test_pull_of_a_new_checkpoint_registers_it(
    proxy: Proxy, downloads: FakeDownloads
) -> None:
    body = {"model_name": "user.Mine", "checkpoint": "org/mine", "stream": False}
    r = await proxy.client.post("/api/v1/pull", json=body)
    assert r.json() == {"status": "success", "download_id": "dl-1"}
    assert downloads.pulls == [("user.Mine", "org/mine")]


async def test_pull_failure_is_an_error_event_or_status(
    proxy: Proxy, downloads: FakeDownloads
) -> None:
    downloads.outcome = "failed"
    events = sse_events((await proxy.client.post("/api/v1/pull", json={"model_name": "tiny"})).text)
    name, data = events[-1]
    assert name == "error"
    assert data["error"]["code"] == "downloads.gated"
    assert "org/x" in data["error"]["message"]
    r = await proxy.client.post("/api/v1/pull", json={"model_name": "tiny", "stream": False})
    assert r.status_code == 401  # the catalogue's status for "downloads.gated"
    assert error_of(r)["code"] == "downloads.gated"


async def test_pull_of_a_download_that_already_finished(
    proxy: Proxy, downloads: FakeDownloads
) -> None:
    downloads.finish_before_return = True
    events = sse_events((await proxy.client.post("/api/v1/pull", json={"model_name": "tiny"})).text)
    assert [name for name, _ in events] == ["start", "complete"]
    downloads.outcome = "failed"
    r = await proxy.client.post("/api/v1/pull", json={"model_name": "tiny", "stream": False})
    assert error_of(r)["code"] == "downloads.gated"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"model_name": "nope"}, 404, "models.unknown"),
        ({}, 400, "proxy.bad_field"),
        ({"model_name": "tiny", "checkpoint": 5}, 400, "proxy.bad_field"),
        ({"model_name": "tiny", "stream": "yes"}, 400, "proxy.bad_field"),
    ],
)
async def test_pull_errors(
    proxy: Proxy, downloads: FakeDownloads, body: dict[str, Any], status: int, code: str
) -> None:
    r = await proxy.client.post("/api/v1/pull", json=body)
    assert r.status_code == status
    assert error_of(r)["code"] == code
    assert downloads.pulls == []


async def test_downloads_list_and_cancel(proxy: Proxy, downloads: FakeDownloads) -> None:
    await proxy.client.post("/api/v1/pull", json={"model_name": "tiny"})
    listed = (await proxy.client.get("/api/v1/downloads")).json()["downloads"]
    assert [(d["download_id"], d["model_name"], d["status"]) for d in listed] == [
        ("dl-1", "tiny", "completed")
    ]
    r = await proxy.client.post("/api/v1/downloads/dl-1/cancel")
    assert r.json() == {"download_id": "dl-1", "cancelled": True}
    assert downloads.cancelled == ["dl-1"]
    r = await proxy.client.post("/api/v1/downloads/dl-9/cancel")
    assert r.status_code == 404
    assert error_of(r)["code"] == "downloads.unknown"


async def test_without_a_download_controller_pulls_are_503() -> None:
    async with running_proxy() as p:
        for method, path in (("POST", "/api/v1/pull"), ("GET", "/api/v1/downloads")):
            r = await p.client.request(method, path, json={"model_name": "tiny"})
            assert r.status_code == 503
            assert error_of(r)["code"] == "proxy.downloads_unavailable"
