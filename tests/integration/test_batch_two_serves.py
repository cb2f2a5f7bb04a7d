"""Two `vllm-tray serve` processes on one config dir (a second one started with --port, or
the tray app beside a serve) and one /v1/batches job: it runs in exactly one of them at a
time, and the other takes it over when its owner dies. Each custom_id is answered once."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import openai
import pytest

from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.fakes.remote_servers import ServeProcess, free_port
from tests.integration.test_batch_cli import wait_no_engines

N = 6
HOLD = "engine-hold"  # in tmp_path: see `home`


def request_lines(n: int) -> str:
    return "".join(
        json.dumps(
            {
                "custom_id": f"req-{i}",
                "method": "POST",
                "url": "/v1/chat/completions",
                "body": {
                    "model": "user.a",
                    "messages": [{"role": "user", "content": f"q{i}"}],
                    "max_tokens": 4,
                },
            }
        )
        + "\n"
        for i in range(n)
    )


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    # 4 tokens at 0.25 s, 2 at a time: the job takes 3 s of sending; a test that needs it
    # in flight for longer creates the engine's hold file (no answer begins while it is).
    hold = str(tmp_path / HOLD)
    make_runtime(
        tmp_path,
        monkeypatch,
        models=("a",),
        settings={
            "engine.custom_command": fake_engine(
                "--fake-token-delay", "0.25", "--fake-hold-file", hold
            ),
            "models.ctx_size": 4096,
            "models.max_num_seqs": 2,
            "proxy.port": free_port(),
        },
    )
    return tmp_path / "home"


@pytest.fixture
def serves(home: Path, tmp_path: Path) -> Iterator[list[ServeProcess]]:
    started: list[ServeProcess] = []
    try:
        yield started
    finally:
        for serve in started:
            serve.stop()
        wait_no_engines(tmp_path)


def port_of(home: Path) -> int:
    return int(json.loads((home / "settings.json").read_text())["proxy.port"])


def client(serve: ServeProcess) -> openai.OpenAI:
    return openai.OpenAI(base_url=serve.url + "/v1", api_key="unused", max_retries=0)


def start_job(serve: ServeProcess, tmp_path: Path) -> str:
    source = tmp_path / "requests.jsonl"
    source.write_text(request_lines(N))
    with client(serve) as api:
        uploaded = api.files.create(file=source, purpose="batch")
        batch = api.batches.create(
            input_file_id=uploaded.id, endpoint="/v1/chat/completions", completion_window="24h"
        )
    return batch.id


def wait_completed(serve: ServeProcess, batch_id: str, limit_s: float = 60) -> openai.types.Batch:
    deadline = time.monotonic() + limit_s
    with client(serve) as api:
        while True:
            batch = api.batches.retrieve(batch_id)
            if batch.status not in ("validating", "in_progress", "finalizing"):
                return batch
            assert time.monotonic() < deadline, batch
            time.sleep(0.05)


def output_ids(home: Path, batch: openai.types.Batch) -> Counter[str]:
    assert batch.output_file_id is not None
    text = (home / "batches" / "files" / f"{batch.output_file_id}.jsonl").read_text()
    return Counter(json.loads(line)["custom_id"] for line in text.splitlines())


def wait_for_lines(home: Path, batch_id: str, n: int, limit_s: float = 60) -> None:
    record = json.loads((home / "batches" / "jobs" / f"{batch_id}.json").read_text())
    output = home / "batches" / "files" / f"{record['output_file_id']}.jsonl"
    deadline = time.monotonic() + limit_s
    while not output.exists() or output.read_bytes().count(b"\n") < n:
        assert time.monotonic() < deadline
        time.sleep(0.02)


def env_of(tmp_path: Path) -> dict[str, str]:
    return {"HF_HUB_CACHE": str(tmp_path / "hub")}


def a_job_and_a_second_serve(
    home: Path, tmp_path: Path, serves: list[ServeProcess]
) -> tuple[ServeProcess, str, ServeProcess]:
    """A serve running a job, and a second serve on the same config folder started after."""
    first = ServeProcess(home, port_of(home), env_of(tmp_path))
    serves.append(first)
    batch_id = start_job(first, tmp_path)
    other = free_port()
    second = ServeProcess(home, other, env_of(tmp_path), "--port", str(other))
    serves.append(second)
    return first, batch_id, second


def test_a_second_serve_leaves_the_running_job_to_the_first(
    home: Path, tmp_path: Path, serves: list[ServeProcess]
) -> None:
    # The engine answers nothing until the hold goes: the job is surely still running when
    # the second serve is up (3 s of sending were not always enough for a serve's start on
    # a busy machine; the job had completed and the test proved nothing).
    hold = tmp_path / HOLD
    hold.touch()
    first, batch_id, second = a_job_and_a_second_serve(home, tmp_path, serves)
    with client(first) as api:
        assert api.batches.retrieve(batch_id).status in ("validating", "in_progress")
    # Its runner would never see a cancel made here: refused, pointing at the other one.
    with client(second) as api, pytest.raises(openai.ConflictError) as refused:
        api.batches.cancel(batch_id)
    assert "Another vllm-tray using this config folder is running this batch" in str(refused.value)

    hold.unlink()
    done = wait_completed(first, batch_id)
    assert done.status == "completed", done.errors
    assert done.request_counts is not None
    assert (done.request_counts.total, done.request_counts.completed) == (N, N)
    assert output_ids(home, done) == Counter(f"req-{i}" for i in range(N))
    # The second one reads the job's end from disk instead of running it again.
    seen = wait_completed(second, batch_id, limit_s=10)
    assert seen.status == "completed" and seen.request_counts == done.request_counts
    assert output_ids(home, seen) == Counter(f"req-{i}" for i in range(N))


def test_the_second_serve_takes_the_job_over_when_the_first_dies(
    home: Path, tmp_path: Path, serves: list[ServeProcess]
) -> None:
    first, batch_id, second = a_job_and_a_second_serve(home, tmp_path, serves)
    wait_for_lines(home, batch_id, 2)
    first.proc.kill()  # its lock goes with it (the OS frees a dead process's flock)
    first.proc.wait(10)

    done = wait_completed(second, batch_id)
    assert done.status == "completed", done.errors
    assert done.request_counts is not None
    assert (done.request_counts.total, done.request_counts.completed) == (N, N)
    # Requests the first had in flight were not written, so they are sent once more: once.
    assert output_ids(home, done) == Counter(f"req-{i}" for i in range(N))
