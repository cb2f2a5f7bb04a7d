"""Batch jobs as the GUI sees them, on the real runtime thread with the fake engine: the
facade's list, pause and resume, BatchJobChanged events, and a job that waits while the user
has the endpoint stopped and goes on when it is started again."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from app.core.batch.batch_jobs import BatchJobChanged, BatchJobView, JobStatus
from app.core.events import Event
from app.runtime.composition.facade import ThreadFacade
from app.runtime.composition.thread import RuntimeThread
from tests.fakes.engine_runtime import fake_engine, make_runtime


@pytest.fixture
def facade(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ThreadFacade]:
    rt = make_runtime(
        tmp_path,
        monkeypatch,
        models=("a",),
        settings={
            "engine.custom_command": fake_engine("--fake-token-delay", "0.01"),
            "models.ctx_size": 4096,
            "models.max_num_seqs": 4,
        },
        proxy_port=0,
    )
    thread = RuntimeThread(rt, serve=True)
    thread.start()
    facade = ThreadFacade(thread)
    try:
        yield facade
    finally:
        facade.shutdown()


def create_job(url: str, n: int) -> str:
    lines = "".join(
        json.dumps(
            {
                "custom_id": f"r{i}",
                "method": "POST",
                "url": "/v1/completions",
                "body": {"model": "user.a", "prompt": f"p{i}", "max_tokens": 4},
            }
        )
        + "\n"
        for i in range(n)
    )
    with httpx.Client(base_url=url, timeout=30) as http:
        uploaded = http.post(
            "/v1/files", files={"file": ("in.jsonl", lines.encode())}, data={"purpose": "batch"}
        )
        assert uploaded.status_code == 200, uploaded.text
        created = http.post(
            "/v1/batches",
            json={
                "input_file_id": uploaded.json()["id"],
                "endpoint": "/v1/completions",
                "completion_window": "24h",
            },
        )
        assert created.status_code == 200, created.text
        return str(created.json()["id"])


def wait(check: Callable[[], bool], limit_s: float = 60) -> None:
    deadline = time.monotonic() + limit_s
    while not check():
        assert time.monotonic() < deadline
        time.sleep(0.05)


def job_view(facade: ThreadFacade, batch_id: str) -> BatchJobView:
    return next(j for j in facade.call(lambda s: s.batch.views()).result(10) if j.id == batch_id)


def test_the_gui_lists_pauses_and_resumes_a_job(facade: ThreadFacade) -> None:
    seen: list[BatchJobView] = []
    lock = threading.Lock()

    def on_event(event: Event) -> None:
        if isinstance(event, BatchJobChanged):
            with lock:
                seen.append(event.job)

    facade.bus.subscribe(on_event)
    url = facade.call(lambda s: s.views.snapshot()).result(30).server.url
    assert url is not None
    batch_id = create_job(url, 150)
    wait(lambda: job_view(facade, batch_id).completed >= 10)
    running = job_view(facade, batch_id)
    assert running.status is JobStatus.IN_PROGRESS and running.running
    assert running.total == 150 and running.models == ("user.a",)
    assert running.output_path.endswith(".jsonl")

    paused = facade.submit(lambda s: s.batch.pause(batch_id)).result(10)
    # Not running: its task is gone, so nothing of it is sent until the resume (over a whole
    # second job: test_batch_endpoint.py::test_pause_resume_and_cancel).
    assert paused.paused and not paused.running
    assert job_view(facade, batch_id).running is False

    facade.submit(lambda s: s.batch.resume(batch_id)).result(10)
    wait(lambda: job_view(facade, batch_id).status is JobStatus.COMPLETED)
    assert job_view(facade, batch_id).completed == 150

    def last_event_completed() -> bool:
        with lock:
            return any(v.id == batch_id and v.status is JobStatus.COMPLETED for v in seen)

    wait(last_event_completed)  # events follow the record being saved
    with lock:
        statuses = [v.status for v in seen if v.id == batch_id]
        rates = [v.rate for v in seen if v.id == batch_id and v.rate]
    assert statuses[0] is JobStatus.VALIDATING and statuses[-1] is JobStatus.COMPLETED
    assert rates  # progress events carry the rate the page shows
    output = Path(job_view(facade, batch_id).output_path).read_text().splitlines()
    assert sorted(json.loads(line)["custom_id"] for line in output) == sorted(
        f"r{i}" for i in range(150)
    )


def test_a_job_waits_while_the_endpoint_is_stopped(facade: ThreadFacade) -> None:
    url = facade.call(lambda s: s.views.snapshot()).result(30).server.url
    assert url is not None
    batch_id = create_job(url, 120)
    wait(lambda: job_view(facade, batch_id).completed >= 5)
    facade.submit(lambda s: s.endpoint.stop()).result(30)
    wait(lambda: (job_view(facade, batch_id).problem or _none()).code == "batch.endpoint_stopped")
    stalled = job_view(facade, batch_id)
    assert stalled.status is JobStatus.IN_PROGRESS and stalled.done < 120
    time.sleep(0.3)
    assert job_view(facade, batch_id).done == stalled.done

    facade.submit(lambda s: s.endpoint.start()).result(30)
    wait(lambda: job_view(facade, batch_id).status is JobStatus.COMPLETED)
    done = job_view(facade, batch_id)
    assert (done.completed, done.failed, done.problem) == (120, 0, None)
    lines = Path(done.output_path).read_text().splitlines()
    assert len(lines) == len({json.loads(line)["custom_id"] for line in lines}) == 120


class _none:
    code = None
