"""/v1/files and /v1/batches on the real runtime with the fake engine, driven by the official
openai client: upload, create, poll, download; errors in OpenAI's envelope; pause, resume and
cancel; streamed uploads with a size limit; and a job that resumes after the app restarts."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import httpx
import openai
import pytest

from app.core.batch.batch_jobs import JobRecord, JobStatus
from app.core.paths import resolve_paths
from app.runtime.composition.runtime import Runtime, RuntimeOptions
from tests.fakes.engine_runtime import fake_engine, make_runtime

POLL_S = 0.05


def request_lines(n: int, *, model: str = "user.a", max_tokens: int = 4) -> str:
    return "".join(
        json.dumps(
            {
                "custom_id": f"req-{i}",
                "method": "POST",
                "url": "/v1/chat/completions",
                "body": {
                    "model": model,
                    "messages": [{"role": "user", "content": f"question {i}"}],
                    "max_tokens": max_tokens,
                },
            }
        )
        + "\n"
        for i in range(n)
    )


def runtime_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, token_delay: str) -> Runtime:
    return make_runtime(
        tmp_path,
        monkeypatch,
        models=("a",),
        settings={
            "engine.custom_command": fake_engine("--fake-token-delay", token_delay),
            "models.ctx_size": 4096,
            "models.max_num_seqs": 4,  # what `auto` uses for a model nobody tuned
        },
        proxy_port=0,
    )


@pytest.fixture
async def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Runtime]:
    rt = runtime_on(tmp_path, monkeypatch, "0.001")
    await rt.start(serve=True)
    try:
        yield rt
    finally:
        await rt.stop()


def client_for(rt: Runtime) -> openai.AsyncOpenAI:
    assert rt.services.endpoint.url is not None
    return openai.AsyncOpenAI(
        base_url=rt.services.endpoint.url + "/v1", api_key="unused", max_retries=0
    )


async def wait_for_status(
    client: openai.AsyncOpenAI, batch_id: str, *statuses: str, limit_s: float = 60
) -> openai.types.Batch:
    deadline = asyncio.get_running_loop().time() + limit_s
    while True:
        batch = await client.batches.retrieve(batch_id)
        if batch.status in statuses:
            return batch
        assert asyncio.get_running_loop().time() < deadline, batch
        await asyncio.sleep(POLL_S)


def custom_ids(text: str) -> Counter[str]:
    return Counter(json.loads(line)["custom_id"] for line in text.splitlines())


async def test_openai_client_runs_a_batch_end_to_end(served: Runtime, tmp_path: Path) -> None:
    source = tmp_path / "requests.jsonl"
    source.write_text(request_lines(40))
    async with client_for(served) as client:
        uploaded = await client.files.create(file=source, purpose="batch")
        assert uploaded.purpose == "batch" and uploaded.filename == "requests.jsonl"
        assert uploaded.bytes == source.stat().st_size
        assert (await client.files.retrieve(uploaded.id)).id == uploaded.id
        assert (await client.files.content(uploaded.id)).content == source.read_bytes()

        batch = await client.batches.create(
            input_file_id=uploaded.id,
            endpoint="/v1/chat/completions",
            completion_window="24h",
            metadata={"job": "test"},
        )
        assert batch.status == "validating" and batch.metadata == {"job": "test"}
        done = await wait_for_status(client, batch.id, "completed", "failed")
        assert done.status == "completed", done.errors
        assert done.request_counts is not None
        assert (done.request_counts.total, done.request_counts.completed) == (40, 40)
        assert done.request_counts.failed == 0 and done.error_file_id is None
        assert done.model == "user.a"
        assert done.in_progress_at and done.completed_at

        assert done.output_file_id is not None
        output = (await client.files.content(done.output_file_id)).text
        assert custom_ids(output) == Counter(f"req-{i}" for i in range(40))
        first = json.loads(output.splitlines()[0])
        assert first["response"]["status_code"] == 200
        assert first["response"]["body"]["object"] == "chat.completion"
        output_file = await client.files.retrieve(done.output_file_id)
        assert output_file.purpose == "batch_output" and output_file.bytes == len(output.encode())

        listed = await client.batches.list()
        assert [b.id for b in listed.data] == [batch.id]
        files = await client.files.list()
        assert uploaded.id in {f.id for f in files.data}

        deleted = await client.files.delete(uploaded.id)
        assert deleted.deleted is True
        with pytest.raises(openai.NotFoundError) as err:
            await client.files.retrieve(uploaded.id)
        assert err.value.code == "batch.unknown_file"


async def test_failed_requests_go_to_the_error_file(served: Runtime, tmp_path: Path) -> None:
    source = tmp_path / "mixed.jsonl"
    bad = request_lines(2).replace('"max_tokens": 4', '"max_tokens": "lots"')
    source.write_text(request_lines(5).replace("req-", "ok-") + bad)
    async with client_for(served) as client:
        uploaded = await client.files.create(file=source, purpose="batch")
        batch = await client.batches.create(
            input_file_id=uploaded.id, endpoint="/v1/chat/completions", completion_window="24h"
        )
        done = await wait_for_status(client, batch.id, "completed", "failed")
        assert done.request_counts is not None
        assert (done.request_counts.completed, done.request_counts.failed) == (5, 2)
        assert done.output_file_id and done.error_file_id
        output = (await client.files.content(done.output_file_id)).text
        errors = (await client.files.content(done.error_file_id)).text
    assert custom_ids(output) == Counter(f"ok-{i}" for i in range(5))
    assert custom_ids(errors) == Counter({"req-0": 1, "req-1": 1})
    failed = json.loads(errors.splitlines()[0])
    # The engine's status, relayed as it was, in the endpoint's envelope (vLLM's plain-text
    # 500 becomes OpenAI's shape), and its code names what happened.
    assert failed["response"]["status_code"] == 500
    assert failed["error"]["code"] == "proxy.upstream_error"


async def test_errors_come_in_openais_envelope(served: Runtime, tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(request_lines(2))
    async with client_for(served) as client:
        with pytest.raises(openai.BadRequestError) as bad_purpose:
            await client.files.create(file=source, purpose="fine-tune")
        assert bad_purpose.value.code == "batch.bad_purpose"
        assert bad_purpose.value.param == "purpose"

        with pytest.raises(openai.NotFoundError) as unknown:
            await client.batches.retrieve("batch_" + "0" * 24)
        assert unknown.value.code == "batch.unknown_batch"

        with pytest.raises(openai.NotFoundError) as no_file:
            await client.batches.create(
                input_file_id="file-" + "0" * 24,
                endpoint="/v1/chat/completions",
                completion_window="24h",
            )
        assert no_file.value.param == "input_file_id"

        with pytest.raises(openai.BadRequestError) as bad_endpoint:
            await client.batches.create(
                input_file_id="file-x",
                endpoint="/v1/images/generations",
                completion_window="24h",
            )
        assert bad_endpoint.value.code == "batch.bad_endpoint"

        # A line the endpoint cannot serve fails the batch at validation, naming the line.
        broken = tmp_path / "broken.jsonl"
        broken.write_text(request_lines(1) + '{"custom_id": "b", "method": "POST"}\n')
        uploaded = await client.files.create(file=broken, purpose="batch")
        batch = await client.batches.create(
            input_file_id=uploaded.id, endpoint="/v1/chat/completions", completion_window="24h"
        )
        failed = await wait_for_status(client, batch.id, "failed", "completed")
        assert failed.status == "failed" and failed.failed_at
        assert failed.errors is not None and failed.errors.data
        assert failed.errors.data[0].code == "batch.missing_field"
        assert failed.errors.data[0].line == 2

        with pytest.raises(openai.ConflictError) as ended:
            await client.batches.cancel(batch.id)
        assert ended.value.code == "batch.ended"

        # Ids from the URL never become paths outside the store.
        assert served.services.endpoint.url is not None
        async with httpx.AsyncClient() as http:
            raw = await http.get(
                served.services.endpoint.url + "/v1/files/..%2F..%2Fsettings.json/content"
            )
        assert raw.status_code == 404
        assert raw.json()["error"]["code"] in ("batch.unknown_file", "proxy.not_found")


async def test_uploads_are_streamed_to_disk_and_capped(served: Runtime, tmp_path: Path) -> None:
    served.services.batch.max_upload_bytes = 4096
    files_dir = served.services.batch.store.files_dir
    big = tmp_path / "big.jsonl"
    big.write_text(request_lines(100))
    assert big.stat().st_size > 4096
    async with client_for(served) as client:
        with pytest.raises(openai.APIStatusError) as too_big:
            await client.files.create(file=big, purpose="batch")
        assert too_big.value.status_code == 413
        assert too_big.value.code == "batch.file_too_large"

    # Without a Content-Length the limit is found while streaming; nothing is left behind.
    boundary = "vllmtraybatch"

    def chunked() -> Iterator[bytes]:
        yield (
            f'--{boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nbatch\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
            f'filename="big.jsonl"\r\nContent-Type: application/jsonl\r\n\r\n'
        ).encode()
        for _ in range(20):
            yield b"x" * 1024
        yield f"\r\n--{boundary}--\r\n".encode()

    assert served.services.endpoint.url is not None
    async with httpx.AsyncClient() as http:
        answer = await http.post(
            served.services.endpoint.url + "/v1/files",
            content=_async_iter(chunked()),
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
        )
    assert answer.status_code == 413
    assert answer.json()["error"]["code"] == "batch.file_too_large"
    assert sorted(p.name for p in files_dir.iterdir()) == []
    assert served.services.batch.files == {}


async def _async_iter(chunks: Iterator[bytes]) -> AsyncIterator[bytes]:
    for chunk in chunks:
        yield chunk


async def _job_started(rt: Runtime, tmp_path: Path, n: int) -> str:
    source = tmp_path / f"in-{n}.jsonl"
    source.write_text(request_lines(n))
    async with client_for(rt) as client:
        uploaded = await client.files.create(file=source, purpose="batch")
        batch = await client.batches.create(
            input_file_id=uploaded.id, endpoint="/v1/chat/completions", completion_window="24h"
        )
    return batch.id


async def wait_until(check: Callable[[], bool], limit_s: float = 60) -> None:
    deadline = asyncio.get_running_loop().time() + limit_s
    while not check():
        assert asyncio.get_running_loop().time() < deadline
        await asyncio.sleep(POLL_S)


def output_ids(rt: Runtime, batch_id: str) -> Counter[str]:
    job = rt.services.batch.jobs[batch_id]
    path = rt.services.batch.store.content_path(job.output_file_id)
    return custom_ids(path.read_text()) if path.exists() else Counter()


async def test_pause_resume_and_cancel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rt = runtime_on(tmp_path, monkeypatch, "0.01")
    await rt.start(serve=True)
    try:
        first = await _job_started(rt, tmp_path, 120)
        await wait_until(lambda: rt.services.batch.jobs[first].completed >= 8)
        paused = await rt.services.batch.pause(first)
        assert paused.paused and paused.status is JobStatus.IN_PROGRESS
        # Its task is gone: from here nothing of it can be sent until it is resumed.
        await wait_until(lambda: rt.services.batch.view(first).running is False)
        held = sum(output_ids(rt, first).values())

        # While the first is paused, a second job runs; then it is cancelled mid-way.
        second = await _job_started(rt, tmp_path, 200)
        await wait_until(lambda: rt.services.batch.jobs[second].completed >= 4)
        async with client_for(rt) as client:
            cancelling = await client.batches.cancel(second)
            assert cancelling.status in ("cancelling", "cancelled")
            cancelled = await wait_for_status(client, second, "cancelled")
            assert cancelled.cancelled_at and cancelled.output_file_id is not None
            partial = (await client.files.content(cancelled.output_file_id)).text
            assert cancelled.request_counts is not None
            assert 4 <= cancelled.request_counts.completed < 200
            assert sum(custom_ids(partial).values()) == cancelled.request_counts.completed

            # Nothing of the paused job was sent the whole time the second one ran.
            assert sum(output_ids(rt, first).values()) == held
            await rt.services.batch.resume(first)
            done = await wait_for_status(client, first, "completed")
        assert output_ids(rt, first) == Counter(f"req-{i}" for i in range(120))
        assert done.request_counts is not None and done.request_counts.completed == 120
    finally:
        await rt.stop()


async def test_a_resume_holds_while_the_scheduler_reads_the_jobs_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A resume whose write to disk is still under way when the scheduler looks at the job
    (here: woken by a new job) runs the job. The scheduler used to read the old, paused
    record from disk into memory, and the resumed job waited for ever (seen in `make test`,
    where a cancel finishing woke the scheduler)."""
    rt = runtime_on(tmp_path, monkeypatch, "0.01")
    await rt.start(serve=True)
    try:
        first = await _job_started(rt, tmp_path, 40)
        await wait_until(lambda: rt.services.batch.jobs[first].completed >= 4)
        await rt.services.batch.pause(first)
        await wait_until(lambda: rt.services.batch.view(first).running is False)

        store = rt.services.batch.store
        save_job = store.save_job

        writing = threading.Event()

        def slow_resume_write(job: JobRecord) -> None:
            if job.id == first and not job.paused:
                writing.set()
                time.sleep(2.0)  # a slow disk, or a busy machine's thread pool
            save_job(job)

        monkeypatch.setattr(store, "save_job", slow_resume_write)
        resuming = asyncio.create_task(rt.services.batch.resume(first))
        await wait_until(writing.is_set)  # the resume's write under way
        second = await _job_started(rt, tmp_path, 4)  # wakes the scheduler meanwhile
        assert (await resuming).paused is False
        async with client_for(rt) as client:
            done = await wait_for_status(client, first, "completed", limit_s=30)
            assert done.request_counts is not None and done.request_counts.completed == 40
            await wait_for_status(client, second, "completed", limit_s=30)
    finally:
        await rt.stop()


async def test_a_job_resumes_after_the_app_restarts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = runtime_on(tmp_path, monkeypatch, "0.01")
    await rt.start(serve=True)
    try:
        batch_id = await _job_started(rt, tmp_path, 200)
        await wait_until(lambda: rt.services.batch.jobs[batch_id].completed >= 20)
    finally:
        await rt.stop()
    before = output_ids(rt, batch_id)
    assert 20 <= sum(before.values()) < 200
    assert max(before.values()) == 1

    again = Runtime(
        resolve_paths(tmp_path / "home"),
        RuntimeOptions(sysfs_root=tmp_path / "no-sys", sample_gpu=False, proxy_port=0),
    )
    job = (await asyncio.to_thread(again.services.batch.store.load))[1][batch_id]
    assert job.status is JobStatus.IN_PROGRESS  # left as it was, not failed or restarted
    await again.start(serve=True)
    try:
        async with client_for(again) as client:
            done = await wait_for_status(client, batch_id, "completed")
            output = (await client.files.content(done.output_file_id or "")).text
    finally:
        await again.stop()
    ids = custom_ids(output)
    assert ids == Counter(f"req-{i}" for i in range(200))  # each exactly once
    assert all(json.loads(line)["response"]["status_code"] == 200 for line in output.splitlines())
    # What the first run wrote is still there, unchanged, at the start of the file.
    assert set(list(ids)[: sum(before.values())]) == set(before)
