"""The official openai client against the proxy, with fake vLLM engines as real subprocesses."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest

from app.core.contracts import Backend, ModelView
from app.core.events import EventBus
from app.core.problems.problems import Problem, ProblemError
from app.core.states import ProcessState
from app.proxy.server import ProxyServer

FAKE_VLLM = Path(__file__).parents[1] / "fakes" / "fake_vllm.py"

# The openai SDK imports its resource modules and builds its pydantic schemas on first use, on
# the test's loop: together over a second on a busy 2-core machine (the suite's loop-stall
# limit; Response's schema alone takes a third of one). Done here at import, outside any loop.
with openai.OpenAI(api_key="unused", base_url="http://127.0.0.1:9/v1") as _warm:
    for _resource in (_warm.chat.completions, _warm.completions, _warm.embeddings):
        assert _resource is not None
    assert _warm.responses is not None and _warm.models is not None
for _model in (
    openai.types.chat.ChatCompletion,
    openai.types.chat.ChatCompletionChunk,
    openai.types.Completion,
    openai.types.CreateEmbeddingResponse,
    openai.types.Model,
    openai.types.responses.Response,
):
    _model.model_rebuild(force=True)

# Every client here speaks plain HTTP to 127.0.0.1; httpx would otherwise load the system's CA
# certificates for each client, on the loop (half a second on a busy machine).
PLAIN = {"trust_env": False, "verify": False}
EXPECTED = "Hello from the fake vLLM engine, token by token."


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Child:
    process: asyncio.subprocess.Process
    backend: Backend


class EngineController:
    """A ModelController that runs tests/fakes/fake_vllm.py per model, as the supervisor would.

    Loads are shared: every request for a model that is starting awaits the same task.
    """

    def __init__(self, log_dir: Path, token_delay: float = 0.0, start_delay: float = 0.0) -> None:
        self.log_dir = log_dir
        self.token_delay = token_delay
        self.start_delay = start_delay
        # model id → extra fake switches; "absent" is registered but not downloaded.
        self.specs: dict[str, list[str]] = {
            "tiny": [],
            "other": [],
            "absent": [],
            "broken": ["--fake-fail", "kv_cache"],
            "keyed": [],
        }
        # Children started with their own VLLM_API_KEY, as the supervisor does.
        self.child_keys: dict[str, str] = {"keyed": "child-secret"}
        self.starts: Counter[str] = Counter()
        self.in_flight: Counter[str] = Counter()
        self.last_used: dict[str, float] = {}
        self.children: dict[str, Child] = {}
        self._loading: dict[str, asyncio.Task[Backend]] = {}

    def find_model(self, model_id: str) -> ModelView | None:
        return next((v for v in self.list_models() if v.id == model_id), None)

    def list_models(self) -> list[ModelView]:
        return [
            ModelView(
                id=name,
                state=self.children[name].backend.state
                if name in self.children
                else ProcessState.STOPPED,
                downloaded=name != "absent",
                ctx_size=2048,
                checkpoint=f"org/{name}",
            )
            for name in self.specs
        ]

    @asynccontextmanager
    async def use(self, model_id: str) -> AsyncIterator[Backend]:
        backend = await self.load(model_id)
        self.in_flight[model_id] += 1
        try:
            yield backend
        finally:
            self.in_flight[model_id] -= 1
            self.last_used[model_id] = time.monotonic()

    async def load(self, model_id: str) -> Backend:
        if model_id not in self.specs:
            raise ProblemError(Problem("models.unknown", "No {m}.", {"m": model_id}))
        child = self.children.get(model_id)
        if child is not None and child.process.returncode is None:
            return child.backend
        task = self._loading.get(model_id)
        if task is None:
            task = asyncio.create_task(self._start(model_id))
            self._loading[model_id] = task
            task.add_done_callback(lambda _: self._loading.pop(model_id, None))
        # A waiter that is cancelled (its client left) must not cancel the shared start.
        return await asyncio.shield(task)

    async def _start(self, model_id: str) -> Backend:
        self.starts[model_id] += 1
        port = free_port()
        served = f"{model_id}-served"
        argv = [
            sys.executable, str(FAKE_VLLM),
            "--fake-start-delay", str(self.start_delay),
            "--fake-token-delay", str(self.token_delay),
            *self.specs[model_id],
            "--model", f"/models/{model_id}", "--host", "127.0.0.1", "--port", str(port),
            "--served-model-name", served, "--max-model-len", "2048",
        ]  # fmt: skip
        log_path = self.log_dir / f"{model_id}-{self.starts[model_id]}.log"
        key = self.child_keys.get(model_id)
        env = {**os.environ, "VLLM_API_KEY": key} if key else None
        with log_path.open("wb") as log:
            process = await asyncio.create_subprocess_exec(
                *argv, stdout=log, stderr=asyncio.subprocess.STDOUT, env=env
            )
        url = f"http://127.0.0.1:{port}"
        async with httpx.AsyncClient(**PLAIN) as client:
            while True:
                if process.returncode is not None or await _exited(process):
                    raise ProblemError(_diagnose(log_path.read_text()))
                try:
                    if (await client.get(url + "/health", timeout=1)).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                await asyncio.sleep(0.05)
        backend = Backend(
            model_id, served, url, process.pid, tuple(argv), 2048, ProcessState.RUNNING,
            api_key=key,
        )  # fmt: skip
        self.children[model_id] = Child(process, backend)
        return backend

    async def unload(self, model_id: str) -> None:
        child = self.children.pop(model_id, None)
        if child is not None and child.process.returncode is None:
            child.process.terminate()
            await child.process.wait()

    async def aclose(self) -> None:
        for model_id in list(self.children):
            await self.unload(model_id)

    def backends(self) -> list[Backend]:
        return [
            replace(c.backend, in_flight=self.in_flight[m], last_used=self.last_used.get(m, 0.0))
            for m, c in self.children.items()
        ]

    def remotes(self) -> list[Any]:
        return []  # remote servers are tested in tests/integration/test_remotes.py

    async def engine(self) -> Mapping[str, Any] | None:
        return None  # engine advisories are tested in tests/integration/test_engine_advisories.py

    async def system_info(self) -> Mapping[str, Any]:
        return {"cpu_count": 2}

    def stats(self) -> Mapping[str, Any]:
        return {"starts": dict(self.starts)}


async def _exited(process: asyncio.subprocess.Process) -> bool:
    try:
        await asyncio.wait_for(process.wait(), timeout=0.001)
    except TimeoutError:
        return False
    return True


def _diagnose(log: str) -> Any:
    """The supervisor's job, reduced to the one failure these tests provoke."""
    fits = re.search(r"estimated maximum model length is (\d+)", log)
    return Problem(
        "supervisor.kv_cache",
        "The KV cache does not fit at this context length; {fits} tokens would fit.",
        {"fits": int(fits.group(1)) if fits else None},
    )


@dataclass
class Stack:
    controller: EngineController
    server: ProxyServer
    client: openai.AsyncOpenAI
    http: httpx.AsyncClient


@asynccontextmanager
async def stack(
    tmp_path: Path, api_key: str | None = None, client_key: str = "unused", **delays: float
) -> AsyncIterator[Stack]:
    controller = EngineController(tmp_path, **delays)
    server = ProxyServer(controller, None, EventBus(), host="127.0.0.1", port=0, api_key=api_key)
    await server.start()
    client = openai.AsyncOpenAI(
        base_url=server.url + "/v1",
        api_key=client_key,
        max_retries=0,
        http_client=httpx.AsyncClient(timeout=60, **PLAIN),
    )
    http = httpx.AsyncClient(base_url=server.url, timeout=60, **PLAIN)
    try:
        yield Stack(controller, server, client, http)
    finally:
        await client.close()
        await http.aclose()
        await server.stop()
        await controller.aclose()


async def running_requests(backend_url: str) -> float:
    async with httpx.AsyncClient(**PLAIN) as c:
        text = (await c.get(backend_url + "/metrics")).text
    match = re.search(r"^vllm:num_requests_running\{[^}]*\} (\S+)$", text, re.MULTILINE)
    assert match is not None
    return float(match.group(1))


async def test_list_chat_stream_completions_responses_embeddings(tmp_path: Path) -> None:
    async with stack(tmp_path) as s:
        models = await s.client.models.list()
        cards = {m.id: m for m in models.data}
        assert set(cards) == {"tiny", "other", "absent", "broken", "keyed"}
        assert cards["tiny"].model_extra == {
            "state": "stopped", "downloaded": True, "ctx_size": 2048, "checkpoint": "org/tiny",
            "size_gb": None, "labels": [], "remote": None,
        }  # fmt: skip
        assert s.controller.starts == Counter()

        chat = await s.client.chat.completions.create(
            model="tiny", messages=[{"role": "user", "content": "hi"}], max_tokens=11
        )
        assert chat.choices[0].message.content == EXPECTED
        assert s.controller.starts == Counter({"tiny": 1})  # loaded on the first request

        stream = await s.client.chat.completions.create(
            model="tiny", messages=[{"role": "user", "content": "hi"}], max_tokens=11,
            stream=True, stream_options={"include_usage": True},
        )  # fmt: skip
        pieces = [c.choices[0].delta.content or "" async for c in stream if c.choices]
        assert "".join(pieces) == EXPECTED
        assert len(pieces) == 13  # role chunk, 11 tokens, finish chunk

        done = await s.client.completions.create(model="tiny", prompt="say", max_tokens=3)
        assert done.choices[0].text == "Hello from the"
        streamed = await s.client.completions.create(
            model="tiny", prompt="say", max_tokens=3, stream=True
        )
        assert "".join([c.choices[0].text async for c in streamed]) == "Hello from the"

        response = await s.client.responses.create(model="tiny", input="hi", max_output_tokens=2)
        assert response.output_text == "Hello from"

        vectors = await s.client.embeddings.create(model="tiny", input=["a", "b"])
        assert len(vectors.data) == 2
        tokens = await s.http.post("/tokenize", json={"model": "tiny", "prompt": "a b c"})
        assert tokens.json()["count"] == 3
        assert s.controller.starts == Counter({"tiny": 1})
        assert s.controller.in_flight["tiny"] == 0


async def test_concurrent_first_requests_share_one_start(tmp_path: Path) -> None:
    async with stack(tmp_path, start_delay=1.0) as s:

        async def ask() -> str | None:
            chat = await s.client.chat.completions.create(
                model="other", messages=[{"role": "user", "content": "hi"}], max_tokens=2
            )
            return chat.choices[0].message.content

        answers = await asyncio.gather(*(ask() for _ in range(8)))
        assert answers == ["Hello from"] * 8
        assert s.controller.starts == Counter({"other": 1})


async def test_client_disconnect_mid_stream_cancels_the_engine_request(tmp_path: Path) -> None:
    async with stack(tmp_path, token_delay=0.05) as s:
        stream = await s.client.chat.completions.create(
            model="tiny", messages=[{"role": "user", "content": "hi"}], max_tokens=400,
            stream=True,
        )  # fmt: skip
        received = 0
        async for _chunk in stream:
            received += 1
            if received == 3:
                break
        health = (await s.http.get("/v1/health")).json()
        (card,) = health["all_models_loaded"]
        backend_url = card["backend_url"]
        assert card["pid"] == s.controller.children["tiny"].process.pid
        assert card["in_flight"] == 1
        assert await running_requests(backend_url) == 1.0
        await stream.close()  # 20 s of tokens were still to come
        for _ in range(60):
            if await running_requests(backend_url) == 0.0:
                break
            await asyncio.sleep(0.05)
        assert await running_requests(backend_url) == 0.0
        assert s.controller.in_flight["tiny"] == 0


async def test_errors_reach_the_openai_client_as_its_exceptions(tmp_path: Path) -> None:
    async with stack(tmp_path) as s:
        messages: Any = [{"role": "user", "content": "hi"}]
        with pytest.raises(openai.NotFoundError) as unknown:
            await s.client.chat.completions.create(model="gpt-4o", messages=messages)
        assert unknown.value.code == "models.unknown"
        assert "tiny" in unknown.value.message
        with pytest.raises(openai.NotFoundError) as absent:
            await s.client.chat.completions.create(model="absent", messages=messages)
        assert absent.value.code == "models.not_downloaded"
        assert "vllm-tray pull absent" in absent.value.message
        with pytest.raises(openai.InternalServerError) as broken:
            await s.client.chat.completions.create(model="broken", messages=messages)
        assert broken.value.status_code == 503
        assert broken.value.code == "supervisor.kv_cache"
        assert "1632 tokens would fit" in broken.value.message
        with pytest.raises(openai.BadRequestError) as bad:
            await s.client.chat.completions.create(model=7, messages=messages)  # type: ignore[arg-type]
        assert bad.value.code == "proxy.bad_field"
        assert bad.value.param == "model"
        r = await s.http.post("/v1/chat/completions", content=b"{oops")
        assert (r.status_code, r.json()["error"]["code"]) == (400, "proxy.bad_json")
        assert s.controller.starts == Counter({"broken": 1})


async def test_api_key_with_the_openai_client(tmp_path: Path) -> None:
    async with stack(tmp_path, api_key="s3cret", client_key="wrong") as s:
        with pytest.raises(openai.AuthenticationError) as denied:
            await s.client.models.list()
        assert denied.value.code == "proxy.unauthorized"
        good = s.client.with_options(api_key="s3cret")
        chat = await good.chat.completions.create(
            model="tiny", messages=[{"role": "user", "content": "hi"}], max_tokens=1
        )
        assert chat.choices[0].message.content == "Hello"
        assert (await s.http.get("/live")).status_code == 200


async def test_foreign_host_is_refused_before_anything_loads(tmp_path: Path) -> None:
    async with stack(tmp_path) as s:
        r = await s.http.post(
            "/v1/chat/completions",
            json={"model": "tiny", "messages": []},
            headers={"Host": "attacker.example:8321"},
        )
        assert r.status_code == 403
        assert r.json()["error"]["code"] == "proxy.forbidden_host"
        assert s.controller.starts == Counter()


async def test_non_loopback_bind_without_key_refuses_to_start(tmp_path: Path) -> None:
    controller = EngineController(tmp_path)
    server = ProxyServer(controller, None, EventBus(), host="0.0.0.0", port=free_port())
    with pytest.raises(ProblemError) as caught:
        await server.start()
    assert caught.value.problem.code == "proxy.key_required"
    assert not server.running


async def test_a_child_with_its_own_key_is_reached_only_through_the_endpoint(
    tmp_path: Path,
) -> None:
    """The child demands its key on /v1 (as vLLM does with VLLM_API_KEY); the relay sends it,
    so clients of the endpoint never need it, and the endpoint's key opens nothing there."""
    async with stack(tmp_path, api_key="endpoint-key", client_key="endpoint-key") as s:
        messages: Any = [{"role": "user", "content": "hi"}]
        reply = await s.client.chat.completions.create(
            model="keyed", messages=messages, max_tokens=3
        )
        assert reply.choices[0].message.content
        stream = await s.client.chat.completions.create(
            model="keyed", messages=messages, max_tokens=3, stream=True
        )
        assert [c async for c in stream]
        backend_url = s.controller.children["keyed"].backend.base_url
        async with httpx.AsyncClient(base_url=backend_url, **PLAIN) as direct:
            for key in (None, "endpoint-key"):
                headers = {"Authorization": f"Bearer {key}"} if key else {}
                assert (await direct.get("/v1/models", headers=headers)).status_code == 401
            child = {"Authorization": "Bearer child-secret"}
            assert (await direct.get("/v1/models", headers=child)).status_code == 200
            assert (await direct.get("/metrics")).status_code == 200  # unguarded, as in vLLM
