"""Streams through the proxy vs straight to the engine: aggregate tokens/s, added TTFT, and the
proxy's CPU per relayed token.

Three processes, as in real use: a fake engine (tokens paced like a GPU-bound vLLM), the
proxy (ProxyServer with a one-model controller), and this driver as the client. Each round
sends N concurrent streaming chat requests to one target; targets are interleaved round by
round so that drift on the machine hits them alike, and figures are medians over rounds.
Run `python bench/bench_proxy.py -h`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import psutil
from aiohttp import web

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

MODEL = "bench-model"
# The app launches children with --served-model-name equal to the model id, so bodies pass
# untouched; --rename serves another name to include the proxy's rewrite in the measurement.
RENAMED = "bench-model-served"
# Issue 23's goals: throughput against direct at every stream count, added TTFT p50 for a
# lone request and for a burst of 64, and the proxy's CPU per relayed token.
GOAL_RATIO = 0.99
GOAL_SINGLE_ADDED_P50_MS = 0.5
GOAL_BURST_ADDED_P50_MS = 5.0
GOAL_BURST_STREAMS = 64
GOAL_CPU_US_PER_TOKEN = 10.0
# Share of the machine's CPU time used by processes other than this benchmark's.
BUSY_SHARE = 0.05


# ---- the fake engine ----------------------------------------------------------------------


def chunk_bytes(index: int, served: str = MODEL) -> bytes:
    """One vLLM-shaped chat.completion.chunk for token `index` (about 250 bytes, like vLLM's)."""
    chunk = {
        "id": "chatcmpl-0123456789abcdef0123456789abcdef",
        "object": "chat.completion.chunk",
        "created": 1767225600,
        "model": served,
        "choices": [
            {
                "index": 0,
                "delta": {"content": f" tok{index}"},
                "logprobs": None,
                "finish_reason": None,
            }
        ],
    }
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


async def engine_main(port: int, token_delay: float, prefill: float) -> None:
    """Tokens on a fixed schedule per stream (start + prefill + i × delay), as a GPU-bound
    engine produces them whatever the CPU is doing; falling behind never stretches a stream."""
    chunks = [chunk_bytes(i) for i in range(4096)]

    async def chat(request: web.Request) -> web.StreamResponse:
        start = asyncio.get_running_loop().time()
        body = await request.json()
        n = int(body.get("max_tokens", 128))
        out = web.StreamResponse(headers={"Content-Type": "text/event-stream; charset=utf-8"})
        await out.prepare(request)
        loop = asyncio.get_running_loop()
        for i in range(n):
            wait = start + prefill + i * token_delay - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            await out.write(chunks[i % len(chunks)])
        await out.write(b"data: [DONE]\n\n")
        await out.write_eof()
        return out

    app = web.Application()
    app.router.add_post("/v1/chat/completions", chat)
    runner = web.AppRunner(app, access_log=None, handle_signals=False)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port, backlog=1024).start()
    print(f"READY {runner.addresses[0][1]}", flush=True)
    await asyncio.Event().wait()


# ---- the proxy ------------------------------------------------------------------------------


def one_model_controller(engine_url: str, served: str) -> Any:
    """The smallest ModelController: one model, always running, at `engine_url`."""
    from app.core.contracts import Backend, ModelView
    from app.core.states import ProcessState

    backend = Backend(MODEL, served, engine_url, None, (), 4096, ProcessState.RUNNING)
    view = ModelView(MODEL, ProcessState.RUNNING, True, 4096, "org/bench")

    class OneModel:
        def find_model(self, model_id: str) -> ModelView | None:
            return view if model_id == MODEL else None

        def list_models(self) -> list[ModelView]:
            return [view]

        @asynccontextmanager
        async def use(self, model_id: str) -> AsyncIterator[Backend]:
            yield backend

        async def load(self, model_id: str) -> Backend:
            return backend

        async def unload(self, model_id: str) -> None:
            return None

        def backends(self) -> list[Backend]:
            return [backend]

        async def system_info(self) -> Mapping[str, Any]:
            return {}

        def stats(self) -> Mapping[str, Any]:
            return {}

        def remotes(self) -> list[Any]:
            return []

    return OneModel()


async def proxy_main(
    port: int, engine_url: str, client: str, served: str = MODEL, profile: Path | None = None
) -> None:
    from app.core.events import EventBus
    from app.proxy.server import ProxyServer

    controller = one_model_controller(engine_url, served)
    server = ProxyServer(controller, None, EventBus(), port=port, upstream=upstream_client(client))
    await server.start()
    if profile is not None:
        _profile_on_signals(profile)
    print(f"READY {server.url.rsplit(':', 1)[1]}", flush=True)
    await asyncio.Event().wait()


def upstream_client(name: str) -> Callable[[], Any]:
    """The proxy's client to the engine: `app` (the app's own, child_http.py), `aiohttp` (its
    ClientSession for every hop, as the app relayed before) or `httpx` (for comparison).
    Imported lazily: a checkout from before the app's own client runs this bench too."""
    if name == "app":
        from app.proxy.child_http import AppUpstream

        return AppUpstream
    if name == "aiohttp":
        from app.proxy.upstream import AiohttpUpstream

        return AiohttpUpstream
    from bench.httpx_upstream import HttpxUpstream

    return HttpxUpstream


def _profile_on_signals(out: Path) -> None:
    """cProfile from SIGUSR1 until SIGUSR2, which writes the stats to `out` (callgrind_relay.py
    --profile drives it)."""
    import cProfile
    import signal

    profiler = cProfile.Profile(time.thread_time)  # CPU time: what other processes do not change
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGUSR1, profiler.enable)

    def stop() -> None:
        profiler.disable()
        profiler.dump_stats(out)

    loop.add_signal_handler(signal.SIGUSR2, stop)


# ---- the driver -----------------------------------------------------------------------------


@dataclass
class Round:
    """What one target measured in one round of a phase."""

    ttft_ms: list[float]
    rate: float  # aggregate tokens/s
    cpu_s: float
    tokens: int


@dataclass
class Target:
    name: str
    url: str
    pid: int | None = None  # the relaying process, for its CPU time
    phases: dict[str, list[Round]] = field(default_factory=dict)

    def rounds(self, phase: str) -> list[Round]:
        return self.phases.setdefault(phase, [])


def spawn(*args: str, script: Path | None = None) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [sys.executable, str(script or Path(__file__).resolve()), *args],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.startswith("READY "):
        process.kill()
        raise SystemExit(f"helper {args[:2]} did not start: {line!r}")
    return process, int(line.split()[1])


async def one_stream(
    session: aiohttp.ClientSession, url: str, tokens: int, ttft: list[float] | None
) -> int:
    body = {"model": MODEL, "messages": [{"role": "user", "content": "Hi"}],
            "max_tokens": tokens, "stream": True}  # fmt: skip
    started = time.perf_counter()
    count = 0
    tail = b""
    async with session.post(url + "/v1/chat/completions", json=body) as response:
        response.raise_for_status()
        async for data in response.content.iter_any():
            window = tail + data
            if count == 0 and ttft is not None and b"data: {" in window:
                ttft.append((time.perf_counter() - started) * 1000)
            count += window.count(b"data: {") - tail.count(b"data: {")
            tail = window[-8:]
    return count


async def burst_round(
    session: aiohttp.ClientSession, target: Target, a: argparse.Namespace, streams: int
) -> tuple[int, list[float]]:
    """All streams start at the same instant: the worst case for time to first token."""
    ttft: list[float] = []
    counts = await asyncio.gather(
        *(one_stream(session, target.url, a.tokens, ttft) for _ in range(streams))
    )
    return sum(counts), ttft


async def steady_round(
    session: aiohttp.ClientSession, target: Target, a: argparse.Namespace, streams: int
) -> tuple[int, list[float]]:
    """Each of N workers sends `--requests` streams back to back, their first starts spread
    over one stream's duration: N streams are always running and requests arrive one at a
    time, as they do from many users. TTFT counts once all N are running."""
    duration = a.prefill + a.tokens * a.token_delay
    ttft: list[float] = []
    started = time.perf_counter()

    async def worker(index: int) -> int:
        await asyncio.sleep(index * duration / streams)
        total = 0
        for _ in range(a.requests):
            steady = time.perf_counter() - started >= duration
            total += await one_stream(session, target.url, a.tokens, ttft if steady else None)
        return total

    counts = await asyncio.gather(*(worker(i) for i in range(streams)))
    return sum(counts), ttft


async def single_round(
    session: aiohttp.ClientSession, target: Target, a: argparse.Namespace, streams: int
) -> tuple[int, list[float]]:
    """One short request at a time: the latency the extra hop adds on an otherwise idle path."""
    ttft: list[float] = []
    total = 0
    for _ in range(a.single_requests):
        total += await one_stream(session, target.url, 2, ttft)
    return total, ttft


ROUNDS = {"single": single_round, "burst": burst_round, "steady": steady_round}


def phase_name(kind: str, streams: int) -> str:
    return kind if kind == "single" else f"{kind}@{streams}"


async def one_round(
    session: aiohttp.ClientSession, target: Target, kind: str, streams: int, a: argparse.Namespace
) -> None:
    cpu_before = _cpu(target.pid)
    started = time.perf_counter()
    tokens, ttft = await ROUNDS[kind](session, target, a, streams)
    elapsed = time.perf_counter() - started
    cpu = _cpu(target.pid) - cpu_before
    target.rounds(phase_name(kind, streams)).append(Round(ttft, tokens / elapsed, cpu, tokens))


def _cpu(pid: int | None, own: bool = False) -> float:
    if pid is None and not own:
        return 0.0
    times = psutil.Process(pid).cpu_times()
    return float(times.user + times.system)


def _machine_busy(helpers: Sequence[subprocess.Popen[str]]) -> tuple[float, float, float]:
    """(wall clock, CPU seconds busy on the whole machine, CPU seconds of this benchmark)."""
    total = psutil.cpu_times()
    busy = sum(total) - total.idle - getattr(total, "iowait", 0.0)
    ours = sum(_cpu(p.pid) for p in helpers) + _cpu(None, own=True)
    return time.monotonic(), busy, ours


def _other_share(before: tuple[float, float, float], after: tuple[float, float, float]) -> float:
    wall = after[0] - before[0]
    other = (after[1] - before[1]) - (after[2] - before[2])
    return max(0.0, other / (wall * (psutil.cpu_count() or 1)))


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def drive(targets: list[Target], a: argparse.Namespace) -> None:
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        for target in targets:  # warm-up: open the keep-alive connections on every hop
            await asyncio.gather(
                *(one_stream(session, target.url, 8, None) for _ in range(max(a.streams)))
            )
        for kind, streams, rounds in phases(a):
            order = list(targets)
            for _ in range(rounds):
                random.shuffle(order)
                for target in order:
                    await one_round(session, target, kind, streams, a)


def phases(a: argparse.Namespace) -> list[tuple[str, int, int]]:
    """(kind, streams, rounds) in the order they run."""
    plan = [("single", 1, a.single_rounds)]
    for streams in a.streams:
        plan += [("burst", streams, a.rounds), ("steady", streams, a.steady_rounds)]
    return [(kind, streams, rounds) for kind, streams, rounds in plan if rounds > 0]


def _row(
    target: Target, direct: list[Round], mine: list[Round], measure_cpu: bool
) -> dict[str, Any]:
    """One target's figures in one phase. Round i of a target ran right after or before round
    i of direct (interleaved), so each round is compared with its partner and the median of
    those comparisons is reported with its range, which shows how noisy the machine was."""
    added = [
        statistics.median(m.ttft_ms) - statistics.median(d.ttft_ms)
        for m, d in zip(mine, direct, strict=True)
    ]
    ratios = [m.rate / d.rate for m, d in zip(mine, direct, strict=True)]
    pooled = [t for r in mine for t in r.ttft_ms]
    pooled_direct = [t for r in direct for t in r.ttft_ms]
    tokens = sum(r.tokens for r in mine)
    cpu_s = sum(r.cpu_s for r in mine)
    return {
        "target": target.name,
        "tokens_per_s": round(statistics.median(r.rate for r in mine), 1),
        "ratio": round(statistics.median(ratios), 4),
        "ratio_range": [round(min(ratios), 4), round(max(ratios), 4)],
        "ttft_p50_ms": round(percentile(pooled, 0.5), 2),
        "ttft_p99_ms": round(percentile(pooled, 0.99), 2),
        "added_ttft_p50_ms": round(statistics.median(added), 2),
        "added_ttft_p50_range_ms": [round(min(added), 2), round(max(added), 2)],
        "added_ttft_p99_ms": round(percentile(pooled, 0.99) - percentile(pooled_direct, 0.99), 2),
        "ttft_samples": len(pooled),
        # psutil's CPU clock ticks every 10 ms: only phases with many tokens resolve it.
        "proxy_cpu_us_per_token": round(1e6 * cpu_s / tokens, 1)
        if target.pid and measure_cpu and tokens
        else None,
    }


def report(targets: list[Target], a: argparse.Namespace) -> dict[str, Any]:
    print(
        f"\n{'/'.join(map(str, a.streams))} concurrent streams × {a.tokens} tokens; engine: "
        f"{a.token_delay * 1000:g} ms/token after {a.prefill * 1000:g} ms prefill"
    )
    results: dict[str, Any] = {
        "streams": a.streams,
        "tokens": a.tokens,
        "token_delay_s": a.token_delay,
        "prefill_s": a.prefill,
        "phases": {},
    }
    for kind, streams, rounds in phases(a):
        phase = phase_name(kind, streams)
        direct = targets[0].rounds(phase)
        rows = [_row(t, direct, t.rounds(phase), kind != "single") for t in targets]
        results["phases"][phase] = {"rounds": rounds, "rows": rows}
        how = {
            "single": f"{a.single_requests} requests one after another (2 tokens each)",
            "burst": f"{streams} streams start at once",
            "steady": f"{streams} stream slots, {a.requests} requests each, arrivals spread out",
        }[kind]
        print(f"\n{phase}: {rounds} rounds per target, {how}")
        head = ("target", "tok/s", "ratio", "TTFT p50", "TTFT p99", "+p50 ms", "(range)",
                "+p99 ms", "CPU µs/tok")  # fmt: skip
        print("{:<20} {:>7} {:>7} {:>9} {:>9} {:>8} {:>15} {:>8} {:>10}".format(*head))
        for r in rows:
            cpu = r["proxy_cpu_us_per_token"]
            # Two-token requests measure latency only; their tokens/s mean nothing.
            rate = "" if kind == "single" else f"{r['tokens_per_s']:.0f}"
            ratio = "" if kind == "single" else f"{r['ratio']:.4f}"
            low, high = r["added_ttft_p50_range_ms"]
            spread = f"{low:.2f}..{high:.2f}"
            print(
                f"{r['target']:<20} {rate:>7} {ratio:>7} "
                f"{r['ttft_p50_ms']:>9.2f} {r['ttft_p99_ms']:>9.2f} "
                f"{r['added_ttft_p50_ms']:>8.2f} {spread:>15} {r['added_ttft_p99_ms']:>8.2f} "
                f"{'' if cpu is None else f'{cpu:.1f}':>10}"
            )
    results["goals"] = verdicts(results)
    return results


def verdicts(results: dict[str, Any]) -> list[str]:
    """Each of issue 23's goals, met or not, for every relaying target."""
    print(
        f"\ngoals: ratio ≥ {GOAL_RATIO} at every stream count, added TTFT p50 ≤ "
        f"{GOAL_SINGLE_ADDED_P50_MS:g} ms alone and ≤ {GOAL_BURST_ADDED_P50_MS:g} ms for "
        f"{GOAL_BURST_STREAMS} at once, ≤ {GOAL_CPU_US_PER_TOKEN:g} µs proxy CPU per token"
    )
    lines = []
    for phase, data in results["phases"].items():
        for r in data["rows"][1:]:
            checks = []
            if phase == "single":
                checks.append(("TTFT", r["added_ttft_p50_ms"] <= GOAL_SINGLE_ADDED_P50_MS))
            else:
                checks.append(("ratio", r["ratio"] >= GOAL_RATIO))
                if phase == f"burst@{GOAL_BURST_STREAMS}":
                    checks.append(("TTFT", r["added_ttft_p50_ms"] <= GOAL_BURST_ADDED_P50_MS))
                cpu = r["proxy_cpu_us_per_token"]
                if cpu is not None:
                    checks.append(("CPU", cpu <= GOAL_CPU_US_PER_TOKEN))
            said = ", ".join(f"{name} {'met' if ok else 'NOT met'}" for name, ok in checks)
            lines.append(f"{phase:<11} {r['target']:<20} {said}")
            print("  " + lines[-1])
    return lines


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument(
        "--streams",
        type=lambda text: [int(x) for x in text.split(",") if x.strip()],
        default=[64, 256],
        help="concurrent streams, one burst and one steady phase per entry (64,256)",
    )
    p.add_argument("--tokens", type=int, default=128, help="tokens per stream (128)")
    p.add_argument("--single-rounds", type=int, default=5, help="single rounds per target (5)")
    p.add_argument("--single-requests", type=int, default=20, help="requests per single round")
    p.add_argument("--rounds", type=int, default=4, help="burst rounds per target (4)")
    p.add_argument("--steady-rounds", type=int, default=2, help="steady rounds per target (2)")
    p.add_argument("--requests", type=int, default=3, help="requests per steady stream slot")
    p.add_argument("--token-delay", type=float, default=0.015, help="s per token (0.015)")
    p.add_argument("--prefill", type=float, default=0.02, help="s before the first token")
    p.add_argument(
        "--clients",
        default="app,pipe",
        help="one relay per entry: a proxy with that client to the engine (app: the app's; "
        "aiohttp: aiohttp's ClientSession for every hop; httpx), optionally @uvloop for its "
        "event loop (uvloop must be installed); before: the proxy of --before DIR; or pipe: "
        "bench/byte_pipe.py, a TCP byte pipe that is the floor of a Python relay",
    )
    p.add_argument(
        "--before",
        type=Path,
        help="a checkout of an earlier version (with this bench in its bench/): the `before` "
        "entry of --clients runs its proxy",
    )
    p.add_argument("--before-client", default="aiohttp", help="the client `before` runs")
    p.add_argument("--json", type=Path, help="also write the results here")
    p.add_argument("--role", choices=("driver", "engine", "proxy"), default="driver")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--engine-url", default="")
    p.add_argument("--client", default="app")
    p.add_argument(
        "--rename",
        action="store_true",
        help="the child serves another name than the model id, so the proxy rewrites bodies",
    )
    p.add_argument("--proxy-loop", choices=("asyncio", "uvloop"), default="asyncio")
    p.add_argument("--profile-out", type=Path, help="proxy role: cProfile on SIGUSR1/SIGUSR2")
    a = p.parse_args()
    if a.role == "engine":
        asyncio.run(engine_main(a.port, a.token_delay, a.prefill))
        return 0
    served = RENAMED if a.rename else MODEL
    if a.role == "proxy":
        if a.proxy_loop == "uvloop":
            import uvloop  # optional: only for measuring what a faster loop would give

            uvloop.run(proxy_main(a.port, a.engine_url, a.client, served))
        else:
            asyncio.run(proxy_main(a.port, a.engine_url, a.client, served, a.profile_out))
        return 0
    return drive_all(a)


def spawn_relay(
    entry: str, engine_port: int, a: argparse.Namespace
) -> tuple[subprocess.Popen[str], int, str]:
    """One relaying process for a `--clients` entry, its port and its name in the tables."""
    engine_url = f"http://127.0.0.1:{engine_port}"
    client, _, loop = entry.partition("@")
    if client == "pipe":
        relay, port = spawn("0", str(engine_port), script=Path(__file__).parent / "byte_pipe.py")
        return relay, port, "pipe (floor)"
    script = None
    if client == "before":
        # The proxy of another checkout (its app and this bench copied into its bench/),
        # relaying as that version of the app did.
        if a.before is None:
            raise SystemExit("--clients before needs --before DIR")
        script, client = a.before / "bench" / "bench_proxy.py", a.before_client
    relay, port = spawn(
        "--role", "proxy", "--engine-url", engine_url, "--client", client,
        "--proxy-loop", loop or "asyncio", *(["--rename"] if a.rename else []),
        script=script,
    )  # fmt: skip
    return relay, port, f"proxy ({entry})"


def drive_all(a: argparse.Namespace) -> int:
    helpers: list[subprocess.Popen[str]] = []
    try:
        engine, engine_port = spawn(
            "--role", "engine", "--token-delay", str(a.token_delay), "--prefill", str(a.prefill)
        )
        helpers.append(engine)
        engine_url = f"http://127.0.0.1:{engine_port}"
        targets = [Target("direct", engine_url)]
        for entry in [c.strip() for c in a.clients.split(",") if c.strip()]:
            relay, port, name = spawn_relay(entry, engine_port, a)
            helpers.append(relay)
            targets.append(Target(name, f"http://127.0.0.1:{port}", relay.pid))
        before = _machine_busy(helpers)
        asyncio.run(drive(targets, a))
        results = report(targets, a)
        other = _other_share(before, _machine_busy(helpers))
        results["other_processes_cpu_share"] = round(other, 3)
        print(f"\nother processes used {other:.0%} of this machine's CPU time during the run")
        if other > BUSY_SHARE:
            print(
                "warning: the proxy competes with that work for CPU (2 cores here), so the "
                "TTFT figures are pessimistic (CPU per token is not: it is the proxy's own)"
            )
        if a.json:
            a.json.write_text(json.dumps(results, indent=2) + "\n")
    finally:
        for helper in helpers:
            helper.terminate()
            helper.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
