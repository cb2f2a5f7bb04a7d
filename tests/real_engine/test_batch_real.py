"""Batch jobs on the real CPU engine: `vllm-tray batch run` killed with SIGKILL mid-way and run
again ends with each custom_id exactly once and every answer a 200, and the openai client's
batch calls work against the endpoint.

One engine start for the module: a `vllm-tray serve` preloads the tiny model, the CLI finds
that endpoint running and sends through it, and the /v1/batches job runs on it too. Measured
here: 83 s for the module with a warm compile cache (71 s of it the set-up and the engine
start; 300 requests of 4 tokens, killed and resumed, 6 s; the openai client's job 1 s), about
200 s while other tests loaded the machine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import openai
import pytest

from tests.real_engine.conftest import app_home
from tests.real_engine.test_e2e_serve import ROOT, Serve, free_port, our_processes, run_cli

MODEL = "user.tiny-batch"  # a name no other test on this machine uses (leftover check)
REQUESTS = 300
START_TIMEOUT_S = 900  # a cold compile on a new machine; ~75 s warm


def request_lines(n: int, prefix: str = "req") -> str:
    return "".join(
        json.dumps(
            {
                "custom_id": f"{prefix}-{i}",
                "method": "POST",
                "url": "/v1/chat/completions",
                "body": {
                    "model": MODEL,
                    "messages": [{"role": "user", "content": f"Say something about {i}"}],
                    "max_tokens": 4,
                },
            }
        )
        + "\n"
        for i in range(n)
    )


class Served:
    def __init__(self, home: Path, env: dict[str, str], port: int, serve: Serve) -> None:
        self.home = home
        self.env = env
        self.port = port
        self.serve = serve

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, tiny_model_dir: Path) -> Iterator[Served]:
    root = tmp_path_factory.mktemp("batch-real")
    home = app_home(root / "home")  # the one shared CPU engine install, warm caches
    port = free_port()
    env = {**os.environ, "VLLM_TRAY_HOME": str(home), "HF_HUB_CACHE": str(root / "hf-cache")}
    for argv in (
        ("config", "set", "engine.kind=cpu", f"proxy.port={port}"),
        ("pull", MODEL, "--checkpoint", str(tiny_model_dir)),
        # Start fast (-O0, the worker in the engine core): what is tested here is serving,
        # and a start then takes half as long (docs/throughput.md, "Load to first token").
        ("options", MODEL, "ctx_size=512", "vllm_args=--dtype float32", "optimize=start"),
    ):
        done = run_cli(env, *argv)
        assert done.returncode == 0, done.stderr
    serve = Serve([sys.executable, "-m", "app", "serve", "--load", MODEL], env)
    try:
        serve.wait_for("serving on", 120)
        serve.wait_for(f"{MODEL}: starting -> running", START_TIMEOUT_S)
        yield Served(home, env, port, serve)
    finally:
        code = serve.stop(120)
    assert code == 0, "\n".join(serve.lines[-40:])
    deadline = time.monotonic() + 10
    markers = (str(root), MODEL)
    while our_processes(*markers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert our_processes(*markers) == []


def batch_argv(source: Path, out: Path) -> list[str]:
    return [sys.executable, "-m", "app", "batch", "run", str(source), "--out", str(out)]


def ids_and_statuses(path: Path) -> tuple[Counter[str], set[int]]:
    records = [json.loads(line) for line in path.read_text().splitlines()]
    return (
        Counter(r["custom_id"] for r in records),
        {r["response"]["status_code"] for r in records},
    )


@pytest.mark.timeout(1200)
def test_batch_killed_mid_way_and_rerun_gives_each_id_once(served: Served, tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(request_lines(REQUESTS))
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen(
        batch_argv(source, out),
        env=served.env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 300
        while not out.exists() or out.read_bytes().count(b"\n") < REQUESTS // 4:
            assert proc.poll() is None, "the batch ended before it could be killed"
            assert time.monotonic() < deadline
            time.sleep(0.02)
    finally:
        proc.kill()
        proc.wait(30)
    kept = out.read_bytes()
    complete = kept[: kept.rfind(b"\n") + 1]
    written = Counter(json.loads(line)["custom_id"] for line in complete.splitlines())
    assert REQUESTS // 4 <= sum(written.values()) < REQUESTS

    began = time.monotonic()
    again = subprocess.run(
        batch_argv(source, out),
        env=served.env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    took = time.monotonic() - began
    assert again.returncode == 0, again.stderr
    assert f"sending through the endpoint at {served.url}" in again.stderr  # no second engine
    assert f"({sum(written.values())} already done)" in again.stderr
    ids, statuses = ids_and_statuses(out)
    assert ids == Counter(f"req-{i}" for i in range(REQUESTS))  # each exactly once
    assert statuses == {200}
    assert not out.with_name("out.errors.jsonl").exists()
    print(f"rerun of {REQUESTS - sum(written.values())} requests took {took:.1f} s")


@pytest.mark.timeout(600)
def test_openai_client_batch_calls_against_the_endpoint(served: Served, tmp_path: Path) -> None:
    source = tmp_path / "jobs.jsonl"
    source.write_text(request_lines(24, prefix="job"))
    client = openai.OpenAI(base_url=served.url + "/v1", api_key="unused", max_retries=0)
    uploaded = client.files.create(file=source, purpose="batch")
    assert uploaded.bytes == source.stat().st_size
    batch = client.batches.create(
        input_file_id=uploaded.id, endpoint="/v1/chat/completions", completion_window="24h"
    )
    deadline = time.monotonic() + 300
    while batch.status not in ("completed", "failed", "cancelled"):
        assert time.monotonic() < deadline, batch
        time.sleep(0.2)
        batch = client.batches.retrieve(batch.id)
    assert batch.status == "completed", batch.errors
    assert batch.request_counts is not None and batch.request_counts.completed == 24
    assert batch.output_file_id is not None and batch.error_file_id is None
    output = client.files.content(batch.output_file_id).text
    records = [json.loads(line) for line in output.splitlines()]
    assert Counter(r["custom_id"] for r in records) == Counter(f"job-{i}" for i in range(24))
    assert {r["response"]["status_code"] for r in records} == {200}
    body = records[0]["response"]["body"]
    assert body["object"] == "chat.completion" and body["model"] == MODEL
    assert body["usage"]["completion_tokens"] <= 4
    assert batch.id in {b.id for b in client.batches.list().data}
    assert client.files.delete(uploaded.id).deleted
