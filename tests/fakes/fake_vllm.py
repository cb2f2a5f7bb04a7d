"""A fake vLLM OpenAI server: same flags, same HTTP API, real vLLM log lines, test switches.

Run it as an engine: `python tests/fakes/fake_vllm.py [--fake-…] --model M --host H --port P
--served-model-name N --max-model-len C [other vLLM flags, ignored]`.

Switches (all optional):
  --fake-start-delay S     spread S seconds over the start-up log before the server listens
  --fake-token-delay S     sleep S seconds before each streamed token
  --fake-hold-file PATH    begin no answer while PATH exists
  --fake-fail KIND         print vLLM's error for KIND and exit 1; KIND is one of
                           free_memory, kv_cache, no_cache_blocks, engine_dead, unsupported_arch
  --fake-fail-once PATH    with --fake-fail: fail only if PATH exists (and delete it)
  --fake-replay NAME       print vLLM's captured output of failure NAME
                           (tests/fakes/data/vllm_cpu_fail_NAME.log) and exit as vLLM did
  --fake-silent-start S    after the first start-up lines, print nothing and use no CPU for S s
  --fake-busy-start S      after the first start-up lines, print nothing but compute for S s
  --fake-warm              print the start-up log of a start with a warm compile cache
                           (tests/fakes/data/vllm_cpu_startup_warm.log)
  --fake-warm-delay S      the --fake-start-delay of a warm start (default: the same)
  --fake-aot-loads         a warm start loads its AOT-compiled graphs, as vLLM's GPU builds
                           do ("Directly load AOT compilation…"), instead of compiling again
                           as the 0.32 CPU build does

With VLLM_CACHE_ROOT set, the compile cache decides as in vLLM: a start whose model has an
entry under $VLLM_CACHE_ROOT/torch_compile_cache is warm (the warm log, --fake-warm-delay),
any other is cold and leaves its entry there once its compile would have finished. With
VLLM_FORCE_AOT_LOAD=1 an entry that does not hold what the fake wrote is a stale cache: the
start replays vLLM's forced-load failure (vllm_cpu_fail_stale_aot.log); unforced, the start
is cold and writes the entry again, as vLLM recompiles.
  --fake-never-ready       serve, but /health answers 503 forever
  --fake-crash-after N     after N inference requests, print EngineDeadError and exit 1
  --fake-ignore-sigterm    ignore SIGTERM (the supervisor must SIGKILL)
  --fake-grandchild        spawn `VLLM::EngineCore` (which spawns `VLLM::Worker`) in the same
                           process group; like vLLM's, they outlive a SIGKILLed server
  --fake-tokens N          completion length when the request gives no max_tokens (default 16)
  --fake-no-usage          never send token counts in a stream, even when the request asks
                           stream_options.include_usage (as some OpenAI-compatible servers do)
  --fake-no-metrics        answer 404 on /metrics (a server without vLLM's Prometheus counters)
  --fake-reasoning         stream a reasoning model's thinking first, as vLLM 0.32 does with a
                           --reasoning-parser (`delta.reasoning`)
  --fake-sleep-buffer-mb N hold N MB of written memory from the start (the model's "device
                           memory"): a level 2 sleep frees it, a wake allocates it again
  --fake-ignore-sleep      answer sleep and wake with 200 and free nothing, as vLLM's CPU
                           worker does ("sleep mode is not supported on CPU, ignore it.")
  --fake-version V         the vLLM version /version answers (default: 0.32.0)
  --fake-vram-files F0,F1  the mem_info_vram_used files of GPU 0, 1 … in a fake /sys
                           (tests/unit/sysfs_trees.py); with --fake-vram-mb N, N MB are added
                           to each file of the GPUs in HIP_VISIBLE_DEVICES (all, unpinned)
                           while the model holds them: from the start until a sleep (level 1
                           or 2 frees VRAM), again after a wake, and given back at exit

With VLLM_SERVER_DEV_MODE=1 it serves vLLM's sleep-mode routes as vLLM 0.32 does
(entrypoints/serve/dev): `POST /sleep?level=0|1|2` (the level is read from the query only; a
`level` in the body is ignored and level 1 is done), `POST /wake_up[?tags=weights|kv_cache]`,
`GET /is_sleeping`, `POST /collective_rpc {"method": "reload_weights"}`. None is guarded by
the API key (but see --middleware below). While asleep, inference requests wait for the wake
(vLLM pauses its scheduler); after a level 2 sleep the weights are garbage until
`reload_weights`, and the fake answers 500 to inference until then (vLLM would answer
nonsense).

Like vLLM, it requires `Authorization: Bearer $VLLM_API_KEY` (or the `--api-key` flag's, which
wins) on /v1, /v2, /inference and /cohere when a key is set (OPTIONS and every other path stay
open). Like vLLM, it loads each `--middleware module.Class` (an ASGI middleware, imported from
PYTHONPATH) in front of every route: the app's key guard (app/supervisor/guard) runs here as it
runs in vLLM.

Log lines come from tests/fakes/data/vllm_cpu_startup.log (captured from a real run; `{MODEL}`
and `{PORT}` are filled in) when it exists, else from a built-in copy of vLLM 0.32's lines.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import fcntl
import hashlib
import importlib
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

VERSION = "0.32.0"
CAPTURED_LOG = Path(__file__).with_name("data") / "vllm_cpu_startup.log"
CAPTURED_WARM_LOG = CAPTURED_LOG.with_name("vllm_cpu_startup_warm.log")
FAIL_KINDS = ("free_memory", "kv_cache", "no_cache_blocks", "engine_dead", "unsupported_arch")
WORDS = ("Hello", " from", " the", " fake", " vLLM", " engine", ",", " token", " by", " token", ".")
THINKING = ("The", " user", " greets", " me", ".")  # --fake-reasoning

_PID = os.getpid()
_API = f"(APIServer pid={_PID})"
_CORE = f"(EngineCore pid={_PID + 1})"
_WORKER = f"(Worker pid={_PID + 2})"

# Used only when no captured log exists: lines of vLLM 0.32.0's CPU build, in its order.
BUILTIN_LOG = f"""\
{_API} INFO {{DATE}} [api_utils.py:347]   █▄█▀ █     █     █     █  version {VERSION}
{_API} INFO {{DATE}} [utils.py:286] non-default args: {{'model': '{{MODEL}}', 'port': {{PORT}}}}
{_API} INFO {{DATE}} [model.py:733] Resolved architecture: LlamaForCausalLM
{_API} INFO {{DATE}} [model.py:2152] Using max model len {{CTX}}
{_CORE} INFO {{DATE}} [core.py:133] Initializing a V1 LLM engine (v{VERSION}) with config: model='{{MODEL}}', device_config=cpu
{_WORKER} INFO {{DATE}} [parallel_state.py:1906] world_size=1 rank=0 local_rank=0 backend=gloo
{_WORKER} INFO {{DATE}} [cpu_model_runner.py:68] Starting to load model {{MODEL}}...
Loading safetensors checkpoint shards:   0% Completed | 0/2 [00:00<?, ?it/s]
Loading safetensors checkpoint shards:  50% Completed | 1/2 [00:00<00:00,  9.51it/s]
Loading safetensors checkpoint shards: 100% Completed | 2/2 [00:00<00:00, 12.20it/s]
{_WORKER} INFO {{DATE}} [default_loader.py:501] Loading weights took 0.02 seconds
{_WORKER} INFO {{DATE}} [cpu_model_runner.py:87] Warming up model for the compilation...
{_WORKER} INFO {{DATE}} [cpu_model_runner.py:91] Warming up done.
{_CORE} INFO {{DATE}} [kv_cache_utils.py:2327] CPU KV cache size: 43,680 tokens, Maximum concurrency for {{CTX}} tokens per request: 85.31x
{_CORE} INFO {{DATE}} [core.py:402] init engine (profile, create kv cache, warmup model) took 30.52 s
{_API} INFO {{DATE}} [entry.py:136] Supported tasks: ['generate']
{_API} INFO {{DATE}} [entry.py:140] Starting vLLM server on http://{{HOST}}:{{PORT}}
{_API} INFO {{DATE}} [launcher.py:186] Available routes are:
INFO:     Started server process [{_PID}]
INFO:     Waiting for application startup.
INFO:     Application startup complete.
"""  # noqa: E501

# Where each failure happens in a real start: the failure is printed before the first line
# matching the pattern (the free-memory check runs when the worker claims the device, the KV
# check after the weights are in).
FAIL_BEFORE = {
    "unsupported_arch": r"Resolved architecture|Initializing a V1 LLM engine",
    "free_memory": r"Starting to load model",
    "kv_cache": r"KV cache size|Warming up model",
    "no_cache_blocks": r"KV cache size|Warming up model",
    "engine_dead": r"Warming up done|init engine",
}
# argparse refuses these before anything starts (exit status 2); the rest exit 1.
REPLAY_EXIT = {"unknown_flag": 2, "bad_dtype": 2}
# vLLM's AuthenticationMiddleware (entrypoints/serve/middleware/authenticate.py).
GUARDED_PREFIX = ("/v1", "/v2", "/inference", "/cohere")
SILENT_AFTER = 3  # start-up lines printed before a silent or busy pause
SERVER_LINE = re.compile(r"Starting vLLM (API )?server|Available routes|Started server process")


def _date() -> str:
    return time.strftime("%m-%d %H:%M:%S")


AOT_RELOAD = "Compiling model again due to a load failure from"
AOT_LOADED = "[backbone] Directly load AOT compilation from path {MODEL}"


def _fill(line: str, a: argparse.Namespace) -> str:
    if a.fake_aot_loads and AOT_RELOAD in line:
        line = line.partition("[backbone]")[0] + AOT_LOADED
    for key, value in (
        ("{MODEL}", a.model),
        ("{PORT}", str(a.port)),
        ("{HOST}", a.host),
        ("{CTX}", str(a.max_model_len)),
        ("{NAME}", a.served_model_name),
        ("{DATE}", _date()),
    ):
        line = line.replace(key, value)
    return line


def startup_lines(*, warm: bool = False) -> list[str]:
    if warm:
        text = CAPTURED_WARM_LOG.read_text(encoding="utf-8")
    else:
        text = CAPTURED_LOG.read_text(encoding="utf-8") if CAPTURED_LOG.is_file() else BUILTIN_LOG
    return [line for line in text.splitlines() if line.strip()]


def _error_lines(kind: str, a: argparse.Namespace) -> list[str]:
    core_err = f"{_CORE} ERROR {_date()} [core.py:708]"
    api_err = f"{_API} ERROR {_date()} [api_server.py:1921]"
    if kind == "free_memory":
        message = (
            "ValueError: Free memory on device cuda:0 (76.45/96.0 GiB) on startup is less than "
            "desired GPU memory utilization (0.92, 88.32 GiB). Decrease GPU memory utilization "
            "or reduce GPU memory used by other processes."
        )
    elif kind == "kv_cache":
        estimated = (a.max_model_len * 4 // 5) // 16 * 16
        message = (
            "ValueError: To serve at least one request with the models's max seq len "
            f"({a.max_model_len}), (5.62 GiB KV cache is needed, which is larger than the "
            "available KV cache memory (4.50 GiB). Based on the available memory, the estimated "
            f"maximum model length is {estimated}. Try increasing `gpu_memory_utilization` or "
            "decreasing `max_model_len` when initializing the engine. See "
            "https://docs.vllm.ai/en/latest/configuration/conserving_memory.html for more "
            "details."
        )
    elif kind == "no_cache_blocks":
        message = (
            "ValueError: No available memory for the cache blocks. Try increasing "
            "`gpu_memory_utilization` when initializing the engine. See "
            "https://docs.vllm.ai/en/latest/configuration/conserving_memory.html for more "
            "details."
        )
    elif kind == "unsupported_arch":
        return [
            f"{_API} Traceback (most recent call last):",
            f'{_API}   File "<frozen runpy>", line 198, in _run_module_as_main',
            f"{_API} pydantic_core._pydantic_core.ValidationError: 1 validation error for "
            "ModelConfig",
            f"{_API}   Value error, Model architectures ['FakeNetForCausalLM'] are not supported "
            "for now. Supported architectures: dict_keys(['LlamaForCausalLM', "
            "'Qwen2ForCausalLM', 'Qwen3ForCausalLM'])",
        ]
    else:  # engine_dead
        return [
            f"{core_err} EngineCore encountered a fatal error.",
            f"{core_err} RuntimeError: Unsupported CPU attention configuration: head_dim=16",
            f"{api_err} AsyncLLM output_handler failed.",
            f"{_API} vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue. "
            "See stack trace (above) for the root cause.",
        ]
    return [
        f"{core_err} EngineCore failed to start.",
        f"{core_err} Traceback (most recent call last):",
        f'{core_err}   File "/vllm/v1/engine/core.py", line 699, in run_engine_core',
        f"{core_err} {message}",
        f"{_API} Traceback (most recent call last):",
        f"{_API} RuntimeError: Engine core initialization failed. See root cause above. "
        "Failed core proc(s): {}",
    ]


# ---- the EngineCore-like grandchild -------------------------------------------------------

_TITLED_SLEEPER = """
import ctypes, subprocess, sys, time
ctypes.CDLL(None).prctl(15, sys.argv[1].encode()[:15], 0, 0, 0)  # PR_SET_NAME
if len(sys.argv) > 2:
    subprocess.Popen([sys.argv[2], "-c", sys.argv[3], sys.argv[2]], executable=sys.argv[4])
while True:
    time.sleep(3600)
"""


def spawn_engine_core() -> subprocess.Popen[bytes]:
    """Start `VLLM::EngineCore` → `VLLM::Worker` sleepers; they ignore their parent's death."""
    # argv[0] is what psutil's cmdline()[0] shows; PR_SET_NAME makes name() match as well.
    worker_args = ["VLLM::Worker", _TITLED_SLEEPER, sys.executable]
    core = subprocess.Popen(
        ["VLLM::EngineCore", "-c", _TITLED_SLEEPER, "VLLM::EngineCore", *worker_args],
        executable=sys.executable,
        stdin=subprocess.DEVNULL,
    )
    # Like vLLM, the tree is complete before the server says it is up (generous: on a busy
    # 2-core machine starting a Python sleeper has taken over 5 s).
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not _has_child(core.pid):
        time.sleep(0.01)
    return core


def _has_child(pid: int) -> bool:
    """Whether `pid` has a child that already shows its own title, `VLLM::Worker`. (Between
    fork and exec a child still shows its parent's `VLLM::EngineCore`, then `python` until
    it renames itself: only the exact title means it is there.)"""
    try:
        kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return any(Path(f"/proc/{k}/comm").read_text().strip() == "VLLM::Worker" for k in kids)
    except OSError:
        return False


def _kill_descendants() -> None:
    """A graceful vLLM shutdown takes its EngineCore down with it."""
    try:
        import psutil
    except ImportError:  # the fake only needs psutil for this courtesy
        return
    for child in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            child.kill()


# ---- the HTTP server -----------------------------------------------------------------------


class FakeServer:
    def __init__(self, a: argparse.Namespace) -> None:
        self.a = a
        self.sleep = SleepMode(a)
        self.served = 0
        self.running = 0
        self.prompt_tokens = 0
        self.generation_tokens = 0
        self.created = int(time.time())

    def app(self) -> web.Application:
        # vLLM (uvicorn) puts no limit on request bodies; aiohttp would refuse past 1 MiB.
        guards = [_asgi_middleware(path) for path in self.a.middleware]
        app = web.Application(middlewares=[*guards, _authenticate], client_max_size=2**30)
        app.router.add_get("/health", self.health)
        app.router.add_get("/version", self.version)
        app.router.add_get("/v1/models", self.models)
        app.router.add_get("/metrics", self.metrics)
        app.router.add_post("/tokenize", self.tokenize)
        app.router.add_post("/v1/completions", self.completions)
        app.router.add_post("/v1/chat/completions", self.chat)
        app.router.add_post("/v1/responses", self.responses)
        app.router.add_post("/v1/embeddings", self.embeddings)
        if os.environ.get("VLLM_SERVER_DEV_MODE", "0") not in ("", "0"):
            self.sleep.add_routes(app)
        return app

    # -- plain endpoints
    async def health(self, request: web.Request) -> web.Response:
        return web.Response(status=503 if self.a.fake_never_ready else 200)

    async def version(self, request: web.Request) -> web.Response:
        return web.json_response({"version": self.a.fake_version})

    async def models(self, request: web.Request) -> web.Response:
        card = {
            "id": self.a.served_model_name,
            "object": "model",
            "created": self.created,
            "owned_by": "vllm",
            "root": self.a.model,
            "parent": None,
            "max_model_len": self.a.max_model_len,
        }
        return web.json_response({"object": "list", "data": [card]})

    async def metrics(self, request: web.Request) -> web.Response:
        if self.a.fake_no_metrics:
            raise web.HTTPNotFound()
        labels = f'{{engine="0",model_name="{self.a.served_model_name}"}}'
        rows = [
            ("vllm:num_requests_running", "gauge", self.running),
            ("vllm:num_requests_waiting", "gauge", 0),
            ("vllm:kv_cache_usage_perc", "gauge", min(1.0, self.running * 0.05)),
            ("vllm:prompt_tokens_total", "counter", self.prompt_tokens),
            ("vllm:generation_tokens_total", "counter", self.generation_tokens),
        ]
        out = []
        for name, kind, value in rows:
            out += [f"# HELP {name} {name}.", f"# TYPE {name} {kind}"]
            out.append(f"{name}{labels} {float(value)}")
        return web.Response(text="\n".join(out) + "\n", content_type="text/plain")

    async def tokenize(self, request: web.Request) -> web.Response:
        body = await request.json()
        tokens = _token_ids(_prompt_text(body))
        return web.json_response(
            {"count": len(tokens), "max_model_len": self.a.max_model_len, "tokens": tokens}
        )

    # -- inference endpoints
    def _check(self, body: dict[str, Any]) -> web.Response | None:
        if body.get("model", self.a.served_model_name) != self.a.served_model_name:
            return _error(404, f"The model `{body.get('model')}` does not exist.", "NotFoundError")
        return None

    def _plan(self, body: dict[str, Any]) -> tuple[list[str], str, int]:
        limit = body.get("max_tokens") or body.get("max_completion_tokens")
        limit = limit or body.get("max_output_tokens")
        n = int(limit) if limit else self.a.fake_tokens
        pieces = [WORDS[i % len(WORDS)] for i in range(n)]
        prompt_n = len(_token_ids(_prompt_text(body)))
        return pieces, ("length" if limit else "stop"), prompt_n

    def _finished(self, prompt_n: int, n: int) -> None:
        self.prompt_tokens += prompt_n
        self.generation_tokens += n
        self.served += 1
        if self.a.fake_crash_after is not None and self.served >= self.a.fake_crash_after:
            asyncio.get_running_loop().call_later(0.05, _crash)

    async def completions(self, request: web.Request) -> web.StreamResponse:
        return await self._generate(request, chat=False)

    async def chat(self, request: web.Request) -> web.StreamResponse:
        return await self._generate(request, chat=True)

    async def _generate(self, request: web.Request, *, chat: bool) -> web.StreamResponse:
        body = await request.json()
        if (bad := self._check(body)) is not None:
            return bad
        if (bad := await self.sleep.ready_to_serve()) is not None:
            return bad
        pieces, finish, prompt_n = self._plan(body)
        rid = ("chatcmpl-" if chat else "cmpl-") + uuid.uuid4().hex
        base = {
            "id": rid,
            "object": "chat.completion.chunk" if chat else "text_completion",
            "created": int(time.time()),
            "model": self.a.served_model_name,
        }
        usage = {
            "prompt_tokens": prompt_n,
            "total_tokens": prompt_n + len(pieces),
            "completion_tokens": len(pieces),
        }
        self.running += 1
        try:
            # --fake-hold-file: no answer begins while that file exists (a test holds a
            # job in flight for as long as it needs, instead of guessing how long is enough).
            # The file is the test's, in another process: there is no event to wait on.
            while self._held():  # noqa: ASYNC110
                await asyncio.sleep(0.02)
            if not body.get("stream"):
                await asyncio.sleep(self.a.fake_token_delay * len(pieces))
                text = "".join(pieces)
                if chat:
                    choice: dict[str, Any] = {
                        "index": 0,
                        "message": {"role": "assistant", "content": text, "tool_calls": []},
                        "logprobs": None,
                        "finish_reason": finish,
                    }
                else:
                    choice = {"index": 0, "text": text, "logprobs": None, "finish_reason": finish}
                obj = "chat.completion" if chat else "text_completion"
                payload = {**base, "object": obj, "choices": [choice], "usage": usage}
                return web.json_response(payload)
            return await self._stream(
                request, base=base, pieces=pieces, finish=finish, usage=usage, body=body, chat=chat
            )
        finally:
            self.running -= 1
            self._finished(prompt_n, len(pieces))

    def _held(self) -> bool:
        return bool(self.a.fake_hold_file) and Path(self.a.fake_hold_file).exists()

    async def _stream(  # noqa: C901 — one branch per misbehaviour a test asks for
        self,
        request: web.Request,
        *,
        base: dict[str, Any],
        pieces: list[str],
        finish: str,
        usage: dict[str, int],
        body: dict[str, Any],
        chat: bool,
    ) -> web.StreamResponse:
        resp = web.StreamResponse(headers={"Content-Type": "text/event-stream; charset=utf-8"})
        await resp.prepare(request)
        include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
        include_usage = include_usage and not self.a.fake_no_usage

        async def send(choices: list[dict[str, Any]], extra: dict[str, Any] | None = None) -> None:
            chunk = {**base, "choices": choices, **(extra or {})}
            if include_usage and extra is None:
                chunk["usage"] = None
            await resp.write(f"data: {json.dumps(chunk)}\n\n".encode())

        def choice(content: str | None, reason: str | None, role: bool = False) -> dict[str, Any]:
            if not chat:
                return {
                    "index": 0,
                    "text": content or "",
                    "logprobs": None,
                    "finish_reason": reason,
                    "stop_reason": None,
                }
            delta: dict[str, Any] = {}
            if role:
                delta["role"] = "assistant"
            if content is not None:
                delta["content"] = content
            return {"index": 0, "delta": delta, "logprobs": None, "finish_reason": reason}

        if chat:
            await send([choice("", None, role=True)])
            if self.a.fake_reasoning:
                for word in THINKING:
                    await asyncio.sleep(self.a.fake_token_delay)
                    delta = {"reasoning": word}
                    await send(
                        [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": None}]
                    )
        for i, piece in enumerate(pieces):
            await asyncio.sleep(self.a.fake_token_delay)
            last = i == len(pieces) - 1
            await send([choice(piece, finish if last and not chat else None)])
        if chat:
            await send([choice(None, finish)])
        if include_usage:
            await send([], {"usage": usage})
        await resp.write(b"data: [DONE]\n\n")
        await resp.write_eof()
        return resp

    async def responses(self, request: web.Request) -> web.Response:
        body = await request.json()
        if (bad := self._check(body)) is not None:
            return bad
        pieces, _finish, prompt_n = self._plan(body)
        self._finished(prompt_n, len(pieces))
        text = "".join(pieces)
        message = {
            "type": "message",
            "id": "msg_" + uuid.uuid4().hex,
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": text, "annotations": []}],
        }
        n = len(pieces)
        return web.json_response(
            {
                "id": "resp_" + uuid.uuid4().hex,
                "object": "response",
                "created_at": int(time.time()),
                "model": self.a.served_model_name,
                "status": "completed",
                "output": [message],
                "usage": {
                    "input_tokens": prompt_n,
                    "output_tokens": n,
                    "total_tokens": prompt_n + n,
                },
            }
        )

    async def embeddings(self, request: web.Request) -> web.Response:
        body = await request.json()
        if (bad := self._check(body)) is not None:
            return bad
        inputs = body.get("input", "")
        items = inputs if isinstance(inputs, list) else [inputs]
        data, total = [], 0
        for i, item in enumerate(items):
            text = item if isinstance(item, str) else json.dumps(item)
            total += len(_token_ids(text))
            digest = hashlib.sha256(text.encode()).digest()
            vector = [round(b / 255.0 - 0.5, 6) for b in digest[:8]]
            data.append({"object": "embedding", "index": i, "embedding": vector})
        self._finished(total, 0)
        return web.json_response(
            {
                "object": "list",
                "data": data,
                "model": self.a.served_model_name,
                "usage": {"prompt_tokens": total, "total_tokens": total},
            }
        )


# ---- sleep mode (vLLM's dev routes) ---------------------------------------------------------


class FakeVram:
    """The model's memory on its GPUs, as a fake /sys shows it (--fake-vram-files, -mb)."""

    def __init__(self, a: argparse.Namespace) -> None:
        files = [Path(f) for f in a.fake_vram_files.split(",") if f]
        pinned = os.environ.get("HIP_VISIBLE_DEVICES", "")
        indices = [int(i) for i in pinned.split(",")] if pinned else range(len(files))
        self.files = [files[i] for i in indices if i < len(files)]
        self.size = int(a.fake_vram_mb * 2**20)
        self.held = False

    def take(self) -> None:
        if not self.held:
            self._add(self.size)
            self.held = True

    def give_back(self) -> None:
        if self.held:
            self._add(-self.size)
            self.held = False

    def _add(self, delta: int) -> None:
        for path in self.files:
            with path.open("r+", encoding="ascii") as counter:
                # Other fake children count on the same GPU: one writer at a time.
                fcntl.flock(counter, fcntl.LOCK_EX)
                value = int(counter.read().strip() or "0") + delta
                counter.seek(0)
                counter.truncate()
                counter.write(f"{value}\n")


class SleepMode:
    """vLLM 0.32's sleep mode as the routes and the engine show it, with real memory."""

    TAGS = frozenset({"weights", "kv_cache"})

    def __init__(self, a: argparse.Namespace) -> None:
        self.a = a
        self.size = int(a.fake_sleep_buffer_mb * 2**20)
        self.buffer: bytes | None = self._allocate(1)
        self.vram = FakeVram(a)
        self.sleeping_tags: set[str] = set()
        self.paused = False  # level 0 pauses scheduling only
        self.weights_valid = True
        self.awake = asyncio.Event()
        self.awake.set()

    def _allocate(self, fill: int) -> bytes | None:
        # Written, not just reserved (bytes(n) would be untouched zero pages): it shows in RSS.
        return bytes([fill]) * self.size if self.size else None

    def add_routes(self, app: web.Application) -> None:
        _say(
            f"{_API} WARNING {_date()} [__init__.py:44] SECURITY WARNING: Development endpoints "
            "are enabled! This should NOT be used in production!"
        )
        app.router.add_post("/sleep", self.sleep)
        app.router.add_post("/wake_up", self.wake_up)
        app.router.add_get("/is_sleeping", self.is_sleeping)
        app.router.add_post("/collective_rpc", self.collective_rpc)

    async def ready_to_serve(self) -> web.Response | None:
        """Requests wait while asleep; after a level 2 wake without reload they fail."""
        await self.awake.wait()
        if not self.weights_valid:
            return _error(
                500, "the weights were dropped by a level 2 sleep and never reloaded", "Error"
            )
        return None

    async def sleep(self, request: web.Request) -> web.Response:
        # FastAPI's Query(ge=0, le=2) with default 1: the body is never read.
        text = request.query.get("level", "1")
        if not re.fullmatch(r"[+-]?\d+", text.strip()) or not 0 <= int(text) <= 2:
            message = f"1 validation error: query.level must be 0, 1 or 2; got {text!r}"
            return _error(400, message, "Bad Request")
        level = int(text)
        started = time.perf_counter()
        self.paused = True
        self.awake.clear()
        if level >= 1 and "weights" not in self.sleeping_tags:
            if self.a.fake_ignore_sleep:
                _say(
                    f"{_WORKER} WARNING {_date()} [cpu_worker.py:180] sleep mode is not "
                    "supported on CPU, ignore it."
                )
            elif level == 2:
                freed = self.size
                self.buffer = None  # weights and KV cache dropped
                self.weights_valid = False
                _say(
                    f"{_WORKER} INFO {_date()} [gpu_worker.py:330] Sleep mode freed "
                    f"{freed / 2**30:.2f} GiB memory, 0.00 GiB memory is still in use."
                )
            # level 1: the weights go to host RAM, which is this very process: nothing freed
            # there, but the GPU's memory is (where it is a discrete GPU's).
            if not self.a.fake_ignore_sleep:
                self.vram.give_back()
            self.sleeping_tags |= self.TAGS
            took = time.perf_counter() - started
            where = f"{_CORE} INFO {_date()} [abstract.py:390]"
            _say(f"{where} It took {took:.6f} seconds to fall asleep.")
        return web.json_response({"status": "sleeping", "level": level})

    async def wake_up(self, request: web.Request) -> web.Response:
        tags: list[str] | None = request.query.getall("tags", []) or None
        _say(f"{_API} INFO {_date()} [api_router.py:50] wake up the engine with tags: {tags}")
        wanted = set(tags) - {"scheduling"} if tags is not None else set(self.sleeping_tags)
        unknown = wanted - self.sleeping_tags
        if unknown and self.sleeping_tags:
            # vLLM's executor warns and does nothing for a tag that is not asleep.
            where = f"{_CORE} WARNING {_date()} [abstract.py:401]"
            _say(f"{where} Tag {sorted(unknown)[0]} is not in sleeping tags")
        else:
            if "weights" in wanted and not self.a.fake_ignore_sleep and self.buffer is None:
                self.buffer = self._allocate(0xFF)  # mapped again, contents undefined
            if "weights" in wanted:
                self.vram.take()
            self.sleeping_tags -= wanted
        fully_awake = not self.sleeping_tags
        if fully_awake:
            self.paused = False
            self.awake.set()
        return web.json_response({"status": "awake" if fully_awake else "sleeping", "tags": tags})

    async def is_sleeping(self, request: web.Request) -> web.Response:
        return web.json_response({"is_sleeping": self.paused or bool(self.sleeping_tags)})

    async def collective_rpc(self, request: web.Request) -> web.Response:
        try:
            body = await request.json()
        except ValueError as exc:
            return _error(400, f"JSON decode error: {exc}", "Bad Request")
        method = body.get("method") if isinstance(body, dict) else None
        if method is None:
            return _error(400, "Missing 'method' in request body", "Bad Request")
        if method != "reload_weights":
            return _error(500, f"Worker has no method {method!r}", "Internal Server Error")
        if "weights" in self.sleeping_tags:
            return _error(500, "cannot reload weights into memory that is asleep", "Error")
        if not self.a.fake_ignore_sleep:
            self.buffer = self._allocate(1)
            self.weights_valid = True
        return web.json_response({"results": [None]})


class UvicornAccessLog(AbstractAccessLogger):
    """One line per request, as uvicorn prints them under vLLM."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        peer = request.transport.get_extra_info("peername") if request.transport else None
        client = f"{peer[0]}:{peer[1]}" if peer else "-"
        version = f"{request.version.major}.{request.version.minor}"
        line = f"{request.method} {request.path_qs} HTTP/{version}"
        _say(f'INFO:     {client} - "{line}" {response.status} {response.reason}')


@web.middleware
async def _authenticate(request: web.Request, handler: Any) -> web.StreamResponse:
    """What vLLM does with VLLM_API_KEY: 401 on guarded paths without the bearer token."""
    key = os.environ.get("VLLM_API_KEY")
    if key and request.method != "OPTIONS" and request.path.startswith(GUARDED_PREFIX):
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        expected = hashlib.sha256(key.encode()).digest()
        given = hashlib.sha256(token.encode()).digest()
        if scheme.lower() != "bearer" or not secrets.compare_digest(expected, given):
            return web.json_response({"error": "Unauthorized"}, status=401)
    response: web.StreamResponse = await handler(request)
    return response


_PASSED = "fake_vllm.passed"  # set in the scope when the ASGI middleware let a request through


def _asgi_middleware(path: str) -> Any:
    """vLLM's `--middleware module.Class`: an ASGI middleware in front of the app. Run here by
    handing it each request's scope and an inner app that only notes that it was reached;
    whatever it answers instead is relayed as it sent it."""
    module, _, name = path.rpartition(".")
    cls = getattr(importlib.import_module(module), name)

    async def reached(scope: dict[str, Any], _receive: Any, _send: Any) -> None:
        scope[_PASSED] = True

    guard = cls(reached)

    @web.middleware
    async def run(request: web.Request, handler: Any) -> web.StreamResponse:
        scope: dict[str, Any] = {
            "type": "http",
            "method": request.method,
            "path": request.path,
            "root_path": "",
            "headers": [
                (k.lower().encode("latin-1"), v.encode("latin-1"))
                for k, v in request.headers.items()
            ],
        }
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        await guard(scope, receive, send)
        if scope.get(_PASSED):
            response: web.StreamResponse = await handler(request)
            return response
        start = next(m for m in sent if m["type"] == "http.response.start")
        body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
        kind = dict(start.get("headers", [])).get(b"content-type", b"application/json")
        return web.Response(status=start["status"], body=body, content_type=kind.decode())

    return run


def _error(status: int, message: str, kind: str) -> web.Response:
    body = {"error": {"message": message, "type": kind, "param": None, "code": status}}
    return web.json_response(body, status=status)


def _prompt_text(body: dict[str, Any]) -> str:
    if "messages" in body:
        return " ".join(str(m.get("content", "")) for m in body["messages"])
    for key in ("prompt", "input"):
        if key in body:
            value = body[key]
            return value if isinstance(value, str) else json.dumps(value)
    return ""


def _token_ids(text: str) -> list[int]:
    return [sum(word.encode()) % 32000 for word in text.split()]


def _crash() -> None:
    _say(f"{_API} ERROR {_date()} [async_llm.py:480] AsyncLLM output_handler failed.")
    _say(
        f"{_API} vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue. "
        "See stack trace (above) for the root cause."
    )
    _kill_descendants()
    os._exit(1)


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="fake_vllm", allow_abbrev=False)
    p.add_argument("--model", required=True)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--served-model-name", default=None)
    p.add_argument("--max-model-len", type=int, default=2048)
    p.add_argument("--fake-start-delay", type=float, default=0.0)
    p.add_argument("--fake-token-delay", type=float, default=0.0)
    p.add_argument("--fake-hold-file", default=None)
    # While this file exists, a start holds halfway through its log (a load under way, its
    # progress reported): a test sees the load as long as it needs to, whatever the machine.
    p.add_argument("--fake-start-hold-file", default=None)
    p.add_argument("--fake-fail", choices=FAIL_KINDS, default=None)
    p.add_argument("--fake-fail-once", default=None)
    p.add_argument("--fake-replay", default=None)
    p.add_argument("--fake-silent-start", type=float, default=0.0)
    p.add_argument("--fake-busy-start", type=float, default=0.0)
    p.add_argument("--fake-warm", action="store_true")
    p.add_argument("--fake-warm-delay", type=float, default=None)
    p.add_argument("--fake-aot-loads", action="store_true")
    p.add_argument("--fake-never-ready", action="store_true")
    p.add_argument("--fake-crash-after", type=int, default=None)
    p.add_argument("--fake-ignore-sigterm", action="store_true")
    p.add_argument("--fake-grandchild", action="store_true")
    p.add_argument("--fake-tokens", type=int, default=16)
    p.add_argument("--fake-reasoning", action="store_true")
    p.add_argument("--fake-no-usage", action="store_true")
    p.add_argument("--fake-no-metrics", action="store_true")
    p.add_argument("--fake-sleep-buffer-mb", type=float, default=0.0)
    p.add_argument("--fake-ignore-sleep", action="store_true")
    p.add_argument("--fake-vram-files", default="")
    p.add_argument("--fake-vram-mb", type=float, default=0.0)
    p.add_argument("--middleware", action="append", default=[])
    p.add_argument("--api-key", default=None)
    p.add_argument("--fake-version", default=VERSION)
    return p


def fake_switches() -> list[str]:
    """The --fake-* switches: only this fake takes them (tests pass them in vllm_args too)."""
    return [
        flag
        for action in parser()._actions  # argparse has no public list of its options
        for flag in action.option_strings
        if flag.startswith("--fake-")
    ]


def parse(argv: list[str]) -> argparse.Namespace:
    a, _unknown = parser().parse_known_args(argv)  # other vLLM flags: accepted, ignored
    a.served_model_name = a.served_model_name or a.model
    if a.api_key:
        os.environ["VLLM_API_KEY"] = a.api_key  # vLLM: the flag wins over the variable
    return a


async def serve(a: argparse.Namespace, server_lines: list[str]) -> None:
    server = FakeServer(a)
    runner = web.AppRunner(server.app(), access_log_class=UvicornAccessLog, handle_signals=False)
    server.sleep.vram.take()
    await runner.setup()
    await web.TCPSite(runner, a.host, a.port).start()
    for line in server_lines:
        _say(_fill(line, a))
    stop = asyncio.Event()
    if not a.fake_ignore_sigterm:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    _say("INFO:     Shutting down")
    await runner.cleanup()
    _say("INFO:     Application shutdown complete.")
    server.sleep.vram.give_back()
    _kill_descendants()


def _replay(name: str) -> int:
    """Print vLLM's own output of a failure, as it came, and exit with vLLM's status."""
    text = (CAPTURED_LOG.with_name(f"vllm_cpu_fail_{name}.log")).read_text(encoding="utf-8")
    for line in text.splitlines():
        _say(line)
    return REPLAY_EXIT.get(name, 1)


def _compile_cache_entry(model: str) -> Path | None:
    """Where vLLM would keep this model's compiled graphs (None: VLLM_CACHE_ROOT unset)."""
    root = os.environ.get("VLLM_CACHE_ROOT")
    if not root:
        return None
    digest = hashlib.sha256(model.encode()).hexdigest()[:16]
    return Path(root) / "torch_compile_cache" / "torch_aot_compile" / digest / "model"


def _pause(seconds: float, *, busy: bool) -> None:
    """Nothing on stdout for `seconds`: asleep (a hang) or computing (a silent compile)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if busy:
            sum(i * i for i in range(20_000))
        else:
            time.sleep(min(0.1, max(0.0, end - time.monotonic())))


# What `python -m vllm.entrypoints.openai.api_server --help` printed on stdout, vllm-cpu 0.32.0
# (the real CPU engine, captured for the tests): the app reads an engine's flags from it.
HELP_TEXT = Path(__file__).resolve().parent / "data" / "vllm_cpu_0.32_help.txt"


def main(argv: list[str] | None = None) -> int:  # noqa: C901 — one step per --fake-* flag, in start-up order
    args = sys.argv[1:] if argv is None else argv
    if any(arg == "--help" or arg.startswith("--help=") or arg == "-h" for arg in args):
        sys.stdout.write(HELP_TEXT.read_text(encoding="utf-8"))
        # Then the switches only this fake takes (tests pass them through vllm_args too).
        sys.stdout.write("\nfake engine switches:\n")
        for flag in fake_switches():
            sys.stdout.write(f"  {flag}\n")
        return 0
    a = parse(args)
    if a.fake_replay:
        return _replay(a.fake_replay)
    if a.fake_fail and a.fake_fail_once:
        # Fail only while the marker exists, and take it away: the next start succeeds.
        try:
            Path(a.fake_fail_once).unlink()
        except FileNotFoundError:
            a.fake_fail = None
    if a.fake_ignore_sigterm:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if a.fake_grandchild:
        spawn_engine_core()
    cache_entry = _compile_cache_entry(a.model)
    warm = a.fake_warm or (cache_entry is not None and cache_entry.exists())
    if (
        warm
        and not a.fake_warm
        and cache_entry is not None
        and cache_entry.read_text(encoding="utf-8", errors="replace") != a.model
    ):
        if os.environ.get("VLLM_FORCE_AOT_LOAD") == "1":
            return _replay("stale_aot")
        warm = False  # vLLM compiles again and replaces the entry
    if warm and a.fake_warm_delay is not None:
        a.fake_start_delay = a.fake_warm_delay
    lines = startup_lines(warm=warm)
    split = next((i for i, line in enumerate(lines) if SERVER_LINE.search(line)), len(lines))
    before, after = lines[:split], lines[split:]
    if a.fake_fail:
        cut = re.compile(FAIL_BEFORE[a.fake_fail])
        before = before[: next((i for i, x in enumerate(before) if cut.search(x)), len(before))]
    pause = a.fake_start_delay / max(1, len(before))
    for i, line in enumerate(before):
        if i == SILENT_AFTER and (a.fake_silent_start or a.fake_busy_start):
            _pause(a.fake_silent_start or a.fake_busy_start, busy=bool(a.fake_busy_start))
        _say(_fill(line, a))
        time.sleep(pause)
        while i == len(before) // 2 and a.fake_start_hold_file:
            if not Path(a.fake_start_hold_file).exists():
                break
            time.sleep(0.05)
    if a.fake_fail:
        for line in _error_lines(a.fake_fail, a):
            _say(line)
        _kill_descendants()
        return 1
    if cache_entry is not None and not warm:
        cache_entry.parent.mkdir(parents=True, exist_ok=True)
        cache_entry.write_text(a.model, encoding="utf-8")
    asyncio.run(serve(a, after))
    return 0


if __name__ == "__main__":
    sys.exit(main())
