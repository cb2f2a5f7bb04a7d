"""BatchRun against a small local HTTP server: answers split into output and error files,
requests in flight cancelled and not recorded, and an endpoint that goes away."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from aiohttp import web

from app.core.problems.problems import ProblemError
from app.runtime.api.values import Endpoint
from app.runtime.batch import batch_run
from app.runtime.batch.batch_results import ResultFiles
from app.runtime.batch.batch_run import BatchRun, prepare


class Server:
    def __init__(self) -> None:
        self.seen: list[str] = []
        self.aborted = 0
        self.hang_from = 10**9
        self.release = asyncio.Event()
        self.changed = asyncio.Event()

    async def until(self, condition: Callable[[], bool]) -> None:
        while not condition():
            self.changed.clear()
            await self.changed.wait()

    async def handle(self, request: web.Request) -> web.Response:
        body = await request.json()
        n = int(body["prompt"])
        self.seen.append(request.headers.get("Authorization", ""))
        self.changed.set()
        if n >= self.hang_from:
            try:
                await self.release.wait()
            except asyncio.CancelledError:
                self.aborted += 1  # the client closed the connection: as vLLM sees it
                self.changed.set()
                raise
        if n % 5 == 4:
            return web.json_response(
                {"error": {"message": "bad prompt", "code": "engine.bad"}}, status=400
            )
        return web.json_response(
            {"id": f"cmpl-{n}", "choices": [{"text": "ok"}]}, headers={"x-request-id": f"rq-{n}"}
        )


@pytest.fixture
async def server() -> AsyncIterator[tuple[Server, str]]:
    state = Server()
    app = web.Application()
    app.router.add_post("/v1/completions", state.handle)
    runner = web.AppRunner(app, handler_cancellation=True)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield state, f"http://127.0.0.1:{port}"
    finally:
        state.release.set()
        await runner.cleanup()


def write_input(path: Path, n: int) -> None:
    path.write_text(
        "".join(
            json.dumps(
                {
                    "custom_id": f"c{i}",
                    "method": "POST",
                    "url": "/v1/completions",
                    "body": {"model": "m", "prompt": str(i)},
                }
            )
            + "\n"
            for i in range(n)
        )
    )


async def make_run(tmp_path: Path, url: str, n: int, concurrency: int) -> tuple[BatchRun, Path]:
    source = tmp_path / "in.jsonl"
    write_input(source, n)
    files = ResultFiles(tmp_path / "out.jsonl", tmp_path / "err.jsonl")
    scan = await asyncio.to_thread(prepare, files, source)
    run = BatchRun(Endpoint(url, "k3y"), source, files, scan=scan, concurrency=concurrency)
    return run, source


def records(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


async def test_answers_go_to_the_output_or_the_error_file(
    server: tuple[Server, str], tmp_path: Path
) -> None:
    state, url = server
    run, _ = await make_run(tmp_path, url, 20, concurrency=3)
    final = await run.run()
    assert (final.succeeded, final.failed, final.total) == (16, 4, 20)
    ok = records(tmp_path / "out.jsonl")
    bad = records(tmp_path / "err.jsonl")
    assert sorted(r["custom_id"] for r in ok) == sorted(f"c{i}" for i in range(20) if i % 5 != 4)
    assert sorted(r["custom_id"] for r in bad) == ["c14", "c19", "c4", "c9"]
    assert {r["response"]["request_id"] for r in ok} == {  # type: ignore[index]
        f"rq-{i}" for i in range(20) if i % 5 != 4
    }
    assert bad[0]["error"] == {"code": "engine.bad", "message": "bad prompt"}
    assert set(state.seen) == {"Bearer k3y"}


async def test_cancelled_requests_in_flight_are_dropped_not_recorded(
    server: tuple[Server, str], tmp_path: Path
) -> None:
    state, url = server
    state.hang_from = 10  # requests 10 and on wait until the client goes away
    run, _ = await make_run(tmp_path, url, 40, concurrency=4)
    task = asyncio.create_task(run.run())
    async with asyncio.timeout(30):
        await state.until(lambda: len(state.seen) >= 14)  # 0-9 answered, 10-13 hanging
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    written = records(tmp_path / "out.jsonl") + records(tmp_path / "err.jsonl")
    assert sorted(int(str(r["custom_id"])[1:]) for r in written) == list(range(10))
    async with asyncio.timeout(10):
        await state.until(lambda: state.aborted >= 4)
    assert state.aborted == 4  # each of the four in flight saw its connection close
    assert (tmp_path / "out.jsonl").read_bytes().endswith(b"\n")


async def test_an_endpoint_that_goes_away_ends_the_run_resumably(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch_run, "RETRY_PAUSES_S", (0.01, 0.01))
    run, _ = await make_run(tmp_path, "http://127.0.0.1:9", 5, concurrency=2)  # discard port
    with pytest.raises(ProblemError) as err:
        await run.run()
    assert err.value.problem.code == "batch.endpoint_unreachable"
    assert records(tmp_path / "out.jsonl") == []
