"""The built-in load generator: streams chat completions at a given concurrency, in its own process.

Used when the engine's Python has no `vllm.benchmarks` (a ROCm bundle's launcher script, a
custom engine, the tests' fake engine): see docs/throughput.md for why vLLM's own
`vllm bench serve` is preferred and when this one stands in. It speaks the same protocol as
that driver (app.runtime.bench.loadgen): one JSON line `{"ready": …}` at start, then one
`{"point": …}` (or `{"error": …}`) line per `{"concurrency": C, "requests": N}` line read.

Hand-written rather than a library because it must run in the app's own environment with
nothing more than aiohttp, and measure exactly what vLLM's benchmark measures: time to the
first streamed token and the gaps between streamed chunks.

Run: python -m app.runtime.bench.loadgen_client --base-url URL --model ID
[--input-len N] [--output-len N]; the API key comes from OPENAI_API_KEY.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from typing import Any

import aiohttp

from app import __version__
from app.core.bench.tuning import RequestSample, summarize
from app.core.untrusted import parse_json

GENERATOR = "built-in"
# Prompt words: varied so that requests do not share one long cached prefix.
WORDS = (
    "river",
    "stone",
    "cloud",
    "lamp",
    "orange",
    "quiet",
    "metal",
    "paper",
    "window",
    "garden",
    "violet",
    "engine",
    "market",
    "silver",
    "candle",
    "bridge",
    "forest",
    "yellow",
    "pocket",
    "rabbit",
    "winter",
    "copper",
    "dinner",
    "harbor",
)
REQUEST_TIMEOUT_S = 6 * 60 * 60  # a slow machine under heavy load is measured, not cut off


def prompt(index: int, words: int) -> str:
    """Request `index`'s prompt of about `words` tokens (one word is about one token)."""
    rng = random.Random(index)
    return " ".join(rng.choice(WORDS) for _ in range(max(1, words)))


async def one_request(
    session: aiohttp.ClientSession, url: str, body: dict[str, Any], headers: dict[str, str]
) -> RequestSample:
    start = time.perf_counter()
    first: float | None = None
    last = start
    gaps: list[float] = []
    tokens = 0
    try:
        async with session.post(url, json=body, headers=headers) as response:
            if response.status != 200:
                await response.read()
                return RequestSample(ok=False)
            async for raw in response.content:
                line = raw.strip()
                if not line.startswith(b"data:"):
                    continue
                data = line[5:].strip()
                if data == b"[DONE]":
                    break
                chunk = parse_json(data)
                usage = chunk.get("usage")
                if usage:
                    tokens = int(usage.get("completion_tokens") or 0)
                for choice in chunk.get("choices") or ():
                    if (choice.get("delta") or {}).get("content"):
                        now = time.perf_counter()
                        if first is None:
                            first = now - start
                        else:
                            gaps.append(now - last)
                        last = now
    except (aiohttp.ClientError, TimeoutError, ValueError):
        return RequestSample(ok=False)
    return RequestSample(
        ok=first is not None, ttft_s=first, itl_s=tuple(gaps), completion_tokens=tokens
    )


async def measure(
    session: aiohttp.ClientSession,
    args: argparse.Namespace,
    concurrency: int,
    requests: int,
) -> dict[str, Any]:
    url = args.base_url.rstrip("/") + "/v1/chat/completions"
    headers = {"Content-Type": "application/json"}
    key = os.environ.get("OPENAI_API_KEY")
    if key:
        headers["Authorization"] = f"Bearer {key}"
    slots = asyncio.Semaphore(max(1, concurrency))

    async def limited(index: int) -> RequestSample:
        body = {
            "model": args.model,
            "messages": [{"role": "user", "content": prompt(index, args.input_len)}],
            "max_tokens": args.output_len,
            "temperature": 0,
            "ignore_eos": True,  # vLLM's extension: every request generates output_len tokens
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        async with slots:
            return await one_request(session, url, body, headers)

    started = time.perf_counter()
    samples = await asyncio.gather(*(limited(i) for i in range(requests)))
    wall = time.perf_counter() - started
    return summarize(concurrency, requests, wall, samples).to_json()


async def serve_commands(args: argparse.Namespace) -> int:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    say({"ready": True, "generator": GENERATOR, "version": __version__})
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=REQUEST_TIMEOUT_S)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        while line := await reader.readline():
            command = parse_json(line)
            try:
                point = await measure(
                    session, args, int(command["concurrency"]), int(command["requests"])
                )
            except Exception as exc:  # reported to the app, which shows it as a problem
                say({"error": f"{type(exc).__name__}: {exc}"})
                continue
            say({"point": point})
    return 0


def say(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="loadgen_client")
    p.add_argument("--base-url", required=True)
    p.add_argument("--model", required=True)
    p.add_argument("--input-len", type=int, default=32)
    p.add_argument("--output-len", type=int, default=64)
    args = p.parse_args(argv)
    return asyncio.run(serve_commands(args))


if __name__ == "__main__":
    sys.exit(main())
