"""The fake vLLM with a known throughput knee: it batches like an engine and enforces
`--max-num-seqs`.

Everything but generation comes from tests/fakes/fake_vllm.py (flags, log lines, routes).
Generation runs in engine steps: each step gives one token to every running request and
lasts `--fake-step-ms` while the batch is at most `--fake-knee` requests, and grows with the
square of the batch past it. Throughput (batch / step) so rises linearly up to the knee and
falls beyond it, as the user's "unlimited batches of 10 regressed to 0.4x" did. At most
`--max-num-seqs` requests run; the others wait for a slot (vLLM's scheduler queue).

Run it like fake_vllm.py, with `--fake-knee K [--fake-step-ms MS]` added.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
import uuid
from pathlib import Path
from typing import Any

from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fake_vllm

DEFAULT_MAX_NUM_SEQS = 256  # vLLM's default when the flag is not given


class BatchEngine:
    """Steps all running requests together; admits at most `limit` of them."""

    def __init__(self, knee: int, step_s: float, limit: int) -> None:
        self.knee = knee
        self.step_s = step_s
        self.slots = asyncio.Semaphore(limit)
        self.running: dict[str, asyncio.Queue[None]] = {}
        self.waiting = 0
        self._loop_task: asyncio.Task[None] | None = None

    def step_time(self, batch: int) -> float:
        return self.step_s * max(1.0, (batch / self.knee) ** 2)

    async def generate(self, n: int) -> Any:
        """Yield once per token of a request of `n` tokens, after it was admitted."""
        self.waiting += 1
        async with self.slots:
            self.waiting -= 1
            rid = uuid.uuid4().hex
            tokens: asyncio.Queue[None] = asyncio.Queue()
            self.running[rid] = tokens
            self._ensure_loop()
            try:
                for _ in range(n):
                    await tokens.get()
                    yield
            finally:
                self.running.pop(rid, None)

    def _ensure_loop(self) -> None:
        if self._loop_task is None or self._loop_task.done():
            self._loop_task = asyncio.get_running_loop().create_task(self._steps())

    async def _steps(self) -> None:
        # The step ends on a fixed schedule, as GPU work does, whatever else the CPU does.
        loop = asyncio.get_running_loop()
        deadline = loop.time()
        while self.running:
            deadline += self.step_time(len(self.running))
            await asyncio.sleep(max(0.0, deadline - loop.time()))
            for queue in list(self.running.values()):
                queue.put_nowait(None)
            deadline = max(deadline, loop.time() - self.step_s)


class BatchServer(fake_vllm.FakeServer):
    def __init__(self, a: argparse.Namespace) -> None:
        super().__init__(a)
        self.engine = BatchEngine(a.fake_knee, a.fake_step_ms / 1000, a.max_num_seqs)

    async def metrics(self, request: web.Request) -> web.Response:
        if self.a.fake_no_metrics:
            raise web.HTTPNotFound()
        labels = f'{{engine="0",model_name="{self.a.served_model_name}"}}'
        rows = [
            ("vllm:num_requests_running", "gauge", len(self.engine.running)),
            ("vllm:num_requests_waiting", "gauge", self.engine.waiting),
            ("vllm:kv_cache_usage_perc", "gauge", min(1.0, len(self.engine.running) / 100)),
            ("vllm:prompt_tokens_total", "counter", self.prompt_tokens),
            ("vllm:generation_tokens_total", "counter", self.generation_tokens),
        ]
        out = []
        for name, kind, value in rows:
            out += [f"# TYPE {name} {kind}", f"{name}{labels} {float(value)}"]
        return web.Response(text="\n".join(out) + "\n", content_type="text/plain")

    async def _generate(self, request: web.Request, *, chat: bool) -> web.StreamResponse:
        body = await request.json()
        if (bad := self._check(body)) is not None:
            return bad
        pieces, finish, prompt_n = self._plan(body)
        base = {
            "id": ("chatcmpl-" if chat else "cmpl-") + uuid.uuid4().hex,
            "created": int(time.time()),
            "model": self.a.served_model_name,
        }
        usage = {
            "prompt_tokens": prompt_n,
            "completion_tokens": len(pieces),
            "total_tokens": prompt_n + len(pieces),
        }
        if not body.get("stream"):
            async for _ in self.engine.generate(len(pieces)):
                pass
            self.generation_tokens += len(pieces)
            text = "".join(pieces)
            choice: dict[str, Any] = (
                {"index": 0, "message": {"role": "assistant", "content": text}}
                if chat
                else {"index": 0, "text": text}
            )
            choice["finish_reason"] = finish
            obj = "chat.completion" if chat else "text_completion"
            return web.json_response({**base, "object": obj, "choices": [choice], "usage": usage})
        resp = web.StreamResponse(headers={"Content-Type": "text/event-stream; charset=utf-8"})
        await resp.prepare(request)
        obj = "chat.completion.chunk" if chat else "text_completion"

        async def send(choices: list[dict[str, Any]], extra: dict[str, Any] | None = None) -> None:
            chunk = {**base, "object": obj, "choices": choices, **(extra or {})}
            await resp.write(f"data: {json.dumps(chunk)}\n\n".encode())

        i = 0
        async for _ in self.engine.generate(len(pieces)):
            last = i == len(pieces) - 1
            piece = pieces[i]
            if chat:
                delta = {"content": piece} if i else {"role": "assistant", "content": piece}
                await send([{"index": 0, "delta": delta, "finish_reason": None}])
            else:
                await send([{"index": 0, "text": piece, "finish_reason": finish if last else None}])
            self.generation_tokens += 1
            i += 1
        if chat:
            await send([{"index": 0, "delta": {}, "finish_reason": finish}])
        include_usage = (body.get("stream_options") or {}).get("include_usage")
        if include_usage and not self.a.fake_no_usage:
            await send([], {"usage": usage})
        await resp.write(b"data: [DONE]\n\n")
        await resp.write_eof()
        self.prompt_tokens += prompt_n
        return resp


def main() -> int:
    extra = argparse.ArgumentParser(add_help=False)
    extra.add_argument("--fake-knee", type=int, required=True)
    extra.add_argument("--fake-step-ms", type=float, default=20.0)
    extra.add_argument("--max-num-seqs", type=int, default=DEFAULT_MAX_NUM_SEQS)
    known, _ = extra.parse_known_args(sys.argv[1:])
    original = fake_vllm.parse

    def parse(argv: list[str]) -> argparse.Namespace:
        a = original(argv)
        a.fake_knee, a.fake_step_ms, a.max_num_seqs = (
            known.fake_knee,
            known.fake_step_ms,
            known.max_num_seqs,
        )
        return a

    # The fake's start-up path (log lines, failure switches) runs unchanged with this server.
    fake_vllm.parse = parse
    fake_vllm.FakeServer = BatchServer  # type: ignore[misc]
    return fake_vllm.main()


if __name__ == "__main__":
    sys.exit(main())
