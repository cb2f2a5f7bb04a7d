"""Soak and fault run of the real app endpoint: N streams for minutes through `vllm-tray serve`
with the fake engine (tests/fakes/fake_vllm.py), while the engine is killed (SIGKILL), stopped
(SIGSTOP) and resumed (SIGCONT); records errors, TTFT at the start and the end, and the app
process's RSS and open file descriptors over time, then prints a table.

    .venv/bin/python bench/soak.py                       # 64 streams, 3 minutes
    .venv/bin/python bench/soak.py --streams 128 --minutes 10 --json soak.json
    .venv/bin/python bench/soak.py --minutes 1 --burst   # also 8 concurrent 31 MiB bodies

tests/integration/test_soak.py runs a short version inside `make test`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import psutil

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

MODEL = "user.soak"
MIB = 2**20
_FIRST_TOKEN = re.compile(rb'"content": "[^"]')


@dataclass(frozen=True)
class SoakConfig:
    streams: int = 64
    duration_s: float = 180.0
    warmup_s: float = 10.0
    tokens: int = 32  # per request
    token_delay_s: float = 0.02  # the fake engine's pace
    # Faults, as fractions of the run after warm-up: the engine is SIGKILLed at `kill_at`,
    # SIGSTOPped at `stop_at` for `stop_s` seconds, then SIGCONTed. The last fifth of the
    # run is left clean for the end's TTFT.
    kill_at: float | None = 0.3
    stop_at: float | None = 0.55
    stop_s: float = 3.0
    sample_every_s: float = 0.5
    # After the run: 8 concurrent bodies of 31 MiB (the burst), RSS before and after.
    burst: bool = False
    burst_bodies: int = 8
    burst_body_bytes: int = 31 * MIB


@dataclass
class Request:
    started: float
    ended: float = 0.0
    ttft: float | None = None
    outcome: str = "running"  # ok | error_event:<code> | http_<status>:<code> | truncated | <exc>


@dataclass
class Fault:
    # kill | stop | cont, or hung_restarted: the supervisor replaced a stopped engine before
    # the SIGCONT (a stop longer than its hang detection, --stop-s 12 say).
    kind: str
    at: float
    pid: int


@dataclass
class Sample:
    t: float
    rss: int
    fds: int
    engine_pid: int | None


@dataclass
class SoakResult:
    config: SoakConfig
    requests: list[Request] = field(default_factory=list)
    faults: list[Fault] = field(default_factory=list)
    samples: list[Sample] = field(default_factory=list)
    t0: float = 0.0  # when the load started
    warm_at: float = 0.0
    load_end: float = 0.0
    fds_baseline: int = 0  # after a warm-up burst of `streams` requests, pool warm
    fds_end: int = 0  # after the run, clients gone
    burst: dict[str, Any] = field(default_factory=dict)

    # ---- what the run shows
    def in_flight_at(self, t: float) -> list[Request]:
        return [r for r in self.requests if r.started <= t and (r.ended == 0 or r.ended >= t)]

    def death_windows(self) -> list[tuple[float, float]]:
        """When an engine was dying: the instant of our SIGKILL, or from a SIGSTOP until the
        supervisor replaced that hung engine."""
        return [(f.at, f.at) for f in self.faults if f.kind == "kill"] + self.hangs()

    def hangs(self) -> list[tuple[float, float]]:
        """(SIGSTOP, the supervisor replacing that engine) for each stop it did not survive."""
        stops = [f for f in self.faults if f.kind == "stop"]
        gone = [f for f in self.faults if f.kind == "hung_restarted"]
        return [(s.at, g.at) for s in stops for g in gone if g.pid == s.pid]

    def failed(self) -> list[Request]:
        return [r for r in self.requests if r.outcome not in {"ok", "running"}]

    def lost(self) -> list[Request]:
        """Failed requests that were not in flight while an engine was dying."""
        windows = self.death_windows()
        return [
            r
            for r in self.failed()
            if not any(r.started <= end and (r.ended or end) >= start for start, end in windows)
        ]

    def ttft(self, start: float, end: float) -> tuple[float, float, int]:
        values = sorted(
            r.ttft
            for r in self.requests
            if r.ttft is not None and start <= r.started < end and r.outcome == "ok"
        )
        if not values:
            return float("nan"), float("nan"), 0
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        return statistics.median(values), p99, len(values)

    def rss_at(self, start: float, end: float) -> float:
        values = [s.rss for s in self.samples if start <= s.t <= end]
        return statistics.median(values) if values else float("nan")

    def rss_warm(self) -> float:
        return self.rss_at(self.warm_at - 3, self.warm_at)

    def rss_end(self) -> float:
        return self.rss_at(self.load_end - 3, self.load_end)


# ---- the app under test ----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class App:
    """`vllm-tray serve` in its own process on a fresh config dir, one fake-engine model."""

    def __init__(self, root: Path, token_delay_s: float) -> None:
        from app.core.paths import resolve_paths
        from app.runtime.composition.runtime import Runtime, RuntimeOptions
        from tests.fakes.engine_runtime import fake_engine, make_model_folder

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "VLLM_TRAY_HOME": str(root / "home"),
            "HF_HUB_CACHE": str(root / "hf"),
            "HF_HUB_OFFLINE": "1",
        }
        self.env.pop("VLLM_TRAY_API_KEY", None)
        rt = Runtime(resolve_paths(root / "home"), RuntimeOptions(sample_gpu=False))
        rt._parts.settings.set_many(
            {
                "engine.kind": "custom",
                "engine.custom_command": fake_engine("--fake-token-delay", str(token_delay_s)),
                "models.ctx_size": 4096,
            }
        )
        rt._parts.registry.add_user_model(
            MODEL.removeprefix("user."), str(make_model_folder(root / "m"))
        )
        self.lines: list[str] = []
        self._ready = threading.Event()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--port", str(self.port)],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._ready.wait(60):
            self.stop()
            raise RuntimeError("the app did not start:\n" + "\n".join(self.lines[-20:]))
        self.process = psutil.Process(self.proc.pid)

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line.rstrip())
            if "serving on" in line:
                self._ready.set()

    def engine(self) -> psutil.Process | None:
        """The fake engine serving now (None between a kill and the restart): the process
        that runs fake_vllm.py itself, not the supervisor's watchdog that names it."""
        with contextlib.suppress(psutil.Error):
            for child in self.process.children(recursive=True):
                with contextlib.suppress(psutil.Error):
                    argv = child.cmdline()
                    if (
                        child.status() != psutil.STATUS_ZOMBIE
                        and len(argv) > 1
                        and argv[1].endswith("fake_vllm.py")
                    ):
                        return child
        return None

    def sample(self, t: float) -> Sample:
        engine = self.engine()
        return Sample(
            t,
            self.process.memory_info().rss,
            self.process.num_fds(),
            engine.pid if engine else None,
        )

    def stop(self) -> int:
        """SIGTERM the app, wait, then make sure none of its processes is left."""
        family: list[psutil.Process] = []
        with contextlib.suppress(psutil.Error):
            family = psutil.Process(self.proc.pid).children(recursive=True)
        self.proc.send_signal(signal.SIGTERM)
        for p in family:
            with contextlib.suppress(psutil.Error):
                p.send_signal(signal.SIGCONT)  # a stopped engine cannot hear SIGTERM
        try:
            code = self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait(10)
        for p in family:
            with contextlib.suppress(psutil.Error):
                p.kill()
        # Closed only once read to its end: a close while the reader is inside a read
        # would wait (in C, deaf to signals) until every holder of the pipe is gone.
        self._reader.join(10)
        if self.proc.stderr is not None and not self._reader.is_alive():
            self.proc.stderr.close()
        return code


@contextlib.contextmanager
def running_app(token_delay_s: float) -> Iterator[App]:
    with tempfile.TemporaryDirectory(prefix="vllm-tray-soak-") as tmp:
        app = App(Path(tmp), token_delay_s)
        try:
            yield app
        finally:
            app.stop()


# ---- the load --------------------------------------------------------------------------------


async def one_request(session: aiohttp.ClientSession, url: str, cfg: SoakConfig) -> Request:
    loop = asyncio.get_running_loop()
    req = Request(started=loop.time())
    body = {
        "model": MODEL,
        "messages": [{"role": "user", "content": "soak"}],
        "max_tokens": cfg.tokens,
        "stream": True,
    }
    try:
        async with session.post(url + "/v1/chat/completions", json=body) as resp:
            if resp.status != 200:
                data = await resp.read()
                code = _code(data)
                req.outcome = f"http_{resp.status}:{code}"
                return req
            done = False
            async for chunk in resp.content.iter_any():
                if req.ttft is None and _FIRST_TOKEN.search(chunk):
                    req.ttft = loop.time() - req.started
                if b'"error"' in chunk:
                    req.outcome = f"error_event:{_code(chunk)}"
                if b"data: [DONE]" in chunk:
                    done = True
            if req.outcome == "running":
                req.outcome = "ok" if done else "truncated"
    except (TimeoutError, aiohttp.ClientError) as exc:
        req.outcome = type(exc).__name__
    finally:
        req.ended = loop.time()
    return req


def _alive(process: psutil.Process) -> bool:
    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def _code(data: bytes) -> str:
    match = re.search(rb'"code": "([^"]+)"', data)
    return match.group(1).decode() if match else "?"


async def drive(app: App, cfg: SoakConfig, result: SoakResult) -> None:  # noqa: C901 — the soak's script, phase after phase
    loop = asyncio.get_running_loop()
    timeout = aiohttp.ClientTimeout(total=None, sock_read=180)
    # Load the model and fill the app's pool to the children with `streams` connections,
    # from a client that then goes away: the fd baseline is the app with a warm pool and no
    # client connections, as it should be again after the run.
    async with aiohttp.ClientSession(timeout=timeout) as warmer:
        first = await one_request(warmer, app.url, cfg)
        if first.outcome != "ok":
            raise RuntimeError(f"the first request failed: {first.outcome}")
        burst = [one_request(warmer, app.url, cfg) for _ in range(cfg.streams)]
        warm = await asyncio.gather(*burst)
        if any(r.outcome != "ok" for r in warm):
            raise RuntimeError(f"the warm-up burst failed: {[r.outcome for r in warm]}")
    await asyncio.sleep(1.0)
    result.fds_baseline = app.process.num_fds()
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(timeout=timeout, connector=connector) as session:
        result.t0 = loop.time()
        result.warm_at = result.t0 + cfg.warmup_s
        end = result.warm_at + cfg.duration_s

        async def worker(i: int) -> None:
            await asyncio.sleep(i * cfg.tokens * cfg.token_delay_s / cfg.streams)  # spread
            while loop.time() < end:
                done = await one_request(session, app.url, cfg)
                result.requests.append(done)
                if done.outcome != "ok":
                    await asyncio.sleep(0.2)  # a failing endpoint is not hammered in a loop

        async def sampler() -> None:
            while True:
                with contextlib.suppress(psutil.Error):
                    result.samples.append(app.sample(loop.time()))
                await asyncio.sleep(cfg.sample_every_s)

        async def faults() -> None:
            plan: list[tuple[float, str]] = []
            if cfg.kill_at is not None:
                plan.append((result.warm_at + cfg.kill_at * cfg.duration_s, "kill"))
            if cfg.stop_at is not None:
                at = result.warm_at + cfg.stop_at * cfg.duration_s
                plan += [(at, "stop"), (at + cfg.stop_s, "cont")]
            stopped: psutil.Process | None = None
            for at, kind in sorted(plan):
                while loop.time() < at:
                    await asyncio.sleep(min(0.1, max(0.0, at - loop.time())))
                    if stopped is not None and not _alive(stopped):
                        result.faults.append(Fault("hung_restarted", loop.time(), stopped.pid))
                        stopped = None
                engine = stopped if kind == "cont" else app.engine()
                if engine is None:
                    continue
                with contextlib.suppress(psutil.Error):
                    sig = {"kill": signal.SIGKILL, "stop": signal.SIGSTOP, "cont": signal.SIGCONT}
                    engine.send_signal(sig[kind])
                    result.faults.append(Fault(kind, loop.time(), engine.pid))
                    stopped = engine if kind == "stop" else None

        sampling = asyncio.create_task(sampler())
        faulting = asyncio.create_task(faults())
        await asyncio.gather(*(worker(i) for i in range(cfg.streams)))
        result.load_end = loop.time()
        faulting.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await faulting
        await session.close()
        # Clients gone: the app's side of their connections must close too.
        await asyncio.sleep(1.5)
        result.fds_end = app.process.num_fds()
        sampling.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sampling


async def body_burst(app: App, cfg: SoakConfig) -> dict[str, Any]:
    """`burst_bodies` concurrent bodies of `burst_body_bytes` each; the app's RSS before, at
    its peak, and after (memory must go back, issue 11: 514 MiB had stayed resident)."""
    loop = asyncio.get_running_loop()
    body = json.dumps(
        {"model": MODEL, "messages": [{"role": "user", "content": ""}], "max_tokens": 1}
    ).encode()
    pad = cfg.burst_body_bytes - len(body)

    def build() -> bytes:
        return body.replace(b'"content": ""', b'"content": "' + b"x" * pad + b'"')

    payload = await asyncio.to_thread(build)  # 31 MiB of copying stays off the loop

    async def pieces() -> AsyncIterator[bytes]:
        # Slices of one buffer: aiohttp copies a BytesIO body whole before sending it.
        view = memoryview(payload)
        for start in range(0, len(view), 256 * 1024):
            yield view[start : start + 256 * 1024]  # type: ignore[misc]

    before = app.process.memory_info().rss
    peak = before
    stop = asyncio.Event()

    async def watch() -> None:
        nonlocal peak
        while not stop.is_set():
            with contextlib.suppress(psutil.Error):
                peak = max(peak, app.process.memory_info().rss)
            await asyncio.sleep(0.02)

    watcher = asyncio.create_task(watch())
    started = loop.time()
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=120)) as session:
        busy = 0

        async def post() -> int:
            """Like the openai SDK: a 503 is tried again after its Retry-After (twice)."""
            nonlocal busy
            for _attempt in range(3):
                async with session.post(
                    app.url + "/v1/chat/completions",
                    data=pieces(),
                    headers={
                        "Content-Type": "application/json",
                        "Content-Length": str(len(payload)),
                    },
                ) as resp:
                    await resp.read()
                    if resp.status != 503:
                        return resp.status
                    busy += 1
                    await asyncio.sleep(float(resp.headers.get("Retry-After", "1")))
            return 503

        statuses = await asyncio.gather(*(post() for _ in range(cfg.burst_bodies)))
    took = loop.time() - started
    stop.set()
    await watcher
    await asyncio.sleep(3.0)
    after = app.process.memory_info().rss
    return {
        "statuses": statuses,
        "busy_503": busy,
        "seconds": round(took, 2),
        "rss_before_mib": round(before / MIB, 1),
        "rss_peak_mib": round(peak / MIB, 1),
        "rss_after_mib": round(after / MIB, 1),
    }


def run_soak(cfg: SoakConfig) -> SoakResult:
    result = SoakResult(cfg)
    with running_app(cfg.token_delay_s) as app:
        asyncio.run(drive(app, cfg, result))
        if cfg.burst:
            result.burst = asyncio.run(body_burst(app, cfg))
    return result


# ---- the table -------------------------------------------------------------------------------


def report(result: SoakResult) -> str:
    cfg = result.config
    span = cfg.duration_s
    w = result.warm_at
    lines = [
        f"soak: {cfg.streams} streams x {span:.0f} s after {cfg.warmup_s:.0f} s warm-up, "
        f"{cfg.tokens} tokens per request at {cfg.token_delay_s * 1000:.0f} ms/token",
        "",
        "| window | requests ok | TTFT p50 | TTFT p99 |",
        "|---|---|---|---|",
    ]
    for name, a, b in (
        ("start (first fifth)", w, w + span / 5),
        ("end (last fifth)", w + span * 0.8, w + span),
    ):
        p50, p99, n = result.ttft(a, b)
        lines.append(f"| {name} | {n} | {p50 * 1000:.1f} ms | {p99 * 1000:.1f} ms |")
    failed = result.failed()
    lost = result.lost()
    lines += [
        "",
        f"requests: {len(result.requests)} sent, {len(failed)} failed, "
        f"{len(failed) - len(lost)} of them in flight when an engine died, {len(lost)} lost",
    ]
    kinds: dict[str, int] = {}
    for r in failed:
        kinds[r.outcome] = kinds.get(r.outcome, 0) + 1
    if kinds:
        lines.append("failures: " + ", ".join(f"{k} x{v}" for k, v in sorted(kinds.items())))
    lines += [
        "",
        "| fault | at | engine pid | in flight | of them failed |",
        "|---|---|---|---|---|",
    ]
    for f in result.faults:
        flying = result.in_flight_at(f.at)
        bad = [r for r in flying if r.outcome not in {"ok", "running"}]
        lines.append(f"| {f.kind} | {f.at - w:+.1f} s | {f.pid} | {len(flying)} | {len(bad)} |")
    for stop, gone in result.hangs():
        late = [r for r in result.requests if stop < r.started < gone]
        bad = [r for r in late if r.outcome not in {"ok", "running"}]
        lines.append(
            f"arrived while the stopped engine was not yet replaced ({gone - stop:.1f} s): "
            f"{len(late)}, of them failed {len(bad)}"
        )
    samples = result.samples
    if samples:
        peak_rss = max(s.rss for s in samples)
        warm, end = result.rss_warm(), result.rss_end()
        lines += [
            "",
            "| resource | baseline | after warm-up | peak | end | end vs warm-up |",
            "|---|---|---|---|---|---|",
            f"| RSS (MiB) | {samples[0].rss / MIB:.1f} | {warm / MIB:.1f} | {peak_rss / MIB:.1f} "
            f"| {end / MIB:.1f} | {100 * (end - warm) / warm:+.1f} % |",
            f"| open fds | {result.fds_baseline} | — | {max(s.fds for s in samples)} "
            f"| {result.fds_end} | {result.fds_end - result.fds_baseline:+d} |",
        ]
    if result.burst:
        b = result.burst
        lines += [
            "",
            f"body burst: {cfg.burst_bodies} x {cfg.burst_body_bytes / MIB:.0f} MiB in "
            f"{b['seconds']} s, statuses {sorted(set(b['statuses']))} ({b['busy_503']} × 503 "
            "busy first, retried after Retry-After); RSS "
            f"{b['rss_before_mib']} -> peak {b['rss_peak_mib']} -> after {b['rss_after_mib']} MiB",
        ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=64)
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds")
    parser.add_argument("--tokens", type=int, default=32)
    parser.add_argument("--token-delay", type=float, default=0.02, help="seconds per token")
    parser.add_argument("--stop-s", type=float, default=3.0, help="how long SIGSTOP lasts")
    parser.add_argument("--no-faults", action="store_true")
    parser.add_argument("--burst", action="store_true", help="also the 8 x 31 MiB body burst")
    parser.add_argument("--json", type=Path, help="write the raw result here")
    a = parser.parse_args()
    cfg = SoakConfig(
        streams=a.streams,
        duration_s=a.minutes * 60,
        warmup_s=a.warmup,
        tokens=a.tokens,
        token_delay_s=a.token_delay,
        stop_s=a.stop_s,
        kill_at=None if a.no_faults else 0.3,
        stop_at=None if a.no_faults else 0.55,
        burst=a.burst,
    )
    result = run_soak(cfg)
    print(report(result))
    if a.json:
        a.json.write_text(json.dumps(asdict(result), indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
