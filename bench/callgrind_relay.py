"""The relay's instructions per request and per token, counted by callgrind: figures no other
process on the machine changes, unlike wall-clock time or even CPU time.

The relay (the proxy of bench_proxy.py, or the byte pipe) runs under
`valgrind --tool=callgrind --instr-atstart=no`; the driver warms it up, then switches the
counting on for one workload at a time (`callgrind_control -z`, `-i on`, `-i off`, `-d`):

- `lone`: 40 requests one after another, 4 tokens each: what a lone request costs;
- `short` and `long`: 16 streams at once, 4 and 128 tokens per request, fitted to a cost per
  request and a cost per token (instructions = a × requests + b × tokens).

The engine paces tokens slowly (50 ms) and the streams start spread over that time, so that
the relay under valgrind, some 50× slower, keeps up and each token arrives on a wake-up of
its own: the worst case per token, and one that timing does not change. `--profile` runs the same
workloads without valgrind under cProfile (CPU-time clock), to say where in Python it goes.

    .venv/bin/python bench/callgrind_relay.py                  # the proxy, about 2 minutes
    .venv/bin/python bench/callgrind_relay.py --target pipe    # the byte pipe (the floor)
    .venv/bin/python bench/callgrind_relay.py --target engine  # aiohttp's server alone
    .venv/bin/python bench/callgrind_relay.py --root ../old --client aiohttp  # another checkout
    .venv/bin/python bench/callgrind_relay.py --profile lone.prof --only lone
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Protocol

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from bench.bench_proxy import one_stream, spawn  # noqa: E402

HERE = Path(__file__).resolve().parent
STREAMS = 16
# name: (concurrent streams, requests per stream, tokens per request)
WORKLOADS = {
    "lone": (1, 40, 4),
    "lone128": (1, 8, 128),
    "short": (STREAMS, 6, 4),
    "long": (STREAMS, 2, 128),
}


class Meter(Protocol):
    def start(self) -> None: ...

    def stop(self, name: str) -> int: ...


class Callgrind:
    """Switches callgrind's counting in a process on and off, one dump per workload."""

    def __init__(self, pid: int, out_dir: Path) -> None:
        self._pid = pid
        self._dir = out_dir

    def _control(self, *args: str) -> None:
        subprocess.run(
            ["callgrind_control", *args, str(self._pid)],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def start(self) -> None:
        self._control("-z")
        self._control("-i", "on")

    def stop(self, name: str) -> int:
        self._control("-i", "off")
        before = set(self._dir.glob("callgrind.out.*"))
        self._control("-d", name)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            new = set(self._dir.glob("callgrind.out.*")) - before
            if new:
                (dump,) = new
                time.sleep(0.2)  # written in one go, but let it finish
                found = re.search(r"^totals:\s*(\d+)", dump.read_text(errors="replace"), re.M)
                if found is None:
                    raise SystemExit(f"no totals in {dump}")
                return int(found.group(1))
            time.sleep(0.1)
        raise SystemExit("callgrind wrote no dump")


class Profiler:
    """cProfile inside the proxy (bench_proxy.py --profile-out), switched by signals."""

    def __init__(self, pid: int) -> None:
        self._pid = pid

    def start(self) -> None:
        os.kill(self._pid, signal.SIGUSR1)
        time.sleep(0.3)

    def stop(self, name: str) -> int:
        os.kill(self._pid, signal.SIGUSR2)
        time.sleep(0.5)
        return 0


async def workload(
    meter: Meter, url: str, streams: int, requests: int, tokens: int, *, spread_s: float
) -> int:
    """`streams` slots each sending `requests` streams back to back, counted from the first;
    slot i starts i × `spread_s` later, so that the streams' tokens do not arrive in the same
    instant (one wake-up of the relay for many tokens would cost less per token, by chance)."""
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        # Every connection opened first: the workload then measures reused ones only.
        await asyncio.gather(*(one_stream(session, url, 2, None) for _ in range(streams)))
        go = asyncio.Event()

        async def slot(index: int) -> int:
            await go.wait()
            await asyncio.sleep(index * spread_s)
            return sum([await one_stream(session, url, tokens, None) for _ in range(requests)])

        tasks = [asyncio.ensure_future(slot(i)) for i in range(streams)]
        await asyncio.to_thread(meter.start)
        go.set()
        return sum(await asyncio.gather(*tasks))


def run(
    meter: Meter, url: str, names: list[str], token_delay: float, repeat: int = 1
) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name in names:
        streams, requests, tokens = WORKLOADS[name]
        requests *= repeat
        spread = token_delay / streams
        got = asyncio.run(workload(meter, url, streams, requests, tokens, spread_s=spread))
        count = meter.stop(name)
        results[name] = {"requests": streams * requests, "tokens": got, "instructions": count}
        print(f"{name:<6} {streams * requests:>4} requests {got:>5} tokens {count:>13,} Ir")
    if "short" in results and "long" in results:
        s, lg = results["short"], results["long"]
        # a × requests + b × tokens = instructions, for both workloads.
        det = s["requests"] * lg["tokens"] - lg["requests"] * s["tokens"]
        a = (s["instructions"] * lg["tokens"] - lg["instructions"] * s["tokens"]) / det
        b = (s["requests"] * lg["instructions"] - lg["requests"] * s["instructions"]) / det
        results["fit"] = {"per_request": round(a), "per_token": round(b)}
        print(f"fit: {a:,.0f} Ir per request, {b:,.0f} per token")
    if "lone" in results:
        lone = results["lone"]
        results["lone_per_request"] = round(lone["instructions"] / lone["requests"])
        print(f"lone: {results['lone_per_request']:,} Ir per request of 4 tokens")
    if "lone" in results and "lone128" in results:
        lone, long = results["lone"], results["lone128"]
        # Instructions per request = a + b × tokens per request, for both workloads.
        b = (long["instructions"] / long["requests"] - lone["instructions"] / lone["requests"]) / (
            long["tokens"] / long["requests"] - lone["tokens"] / lone["requests"]
        )
        results["lone_per_token"] = round(b)
        print(f"lone: {b:,.0f} Ir per token")
    return results


def relay_command(a: argparse.Namespace, engine_port: int, out_dir: Path) -> list[str]:
    if a.target == "pipe":
        args = [str(a.pipe), "0", str(engine_port)]
    elif a.target == "engine":  # the fake engine itself: what aiohttp's server costs alone
        args = [str(HERE / "bench_proxy.py"), "--role", "engine",
                "--token-delay", str(a.token_delay), "--prefill", "0.02"]  # fmt: skip
    else:
        args = [str(a.root / "bench" / "bench_proxy.py"), "--role", "proxy",
                "--engine-url", f"http://127.0.0.1:{engine_port}",
                "--client", a.client, "--proxy-loop", a.loop]  # fmt: skip
        if a.profile:
            args += ["--profile-out", str(a.profile)]
    if a.profile:
        return [sys.executable, *args]
    return ["valgrind", "--tool=callgrind", "--instr-atstart=no",
            f"--callgrind-out-file={out_dir}/callgrind.out.%p", sys.executable, *args]  # fmt: skip


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument(
        "--target",
        choices=("proxy", "pipe", "engine"),
        default="proxy",
        help="what is counted: the proxy, the byte pipe (the floor of a relay), or the fake "
        "engine itself (an aiohttp server answering the same requests: its floor)",
    )
    p.add_argument("--pipe", type=Path, default=HERE / "byte_pipe.py", help="a variant of it")
    p.add_argument("--client", default="app", help="the proxy's client to the engine (app)")
    p.add_argument("--root", type=Path, default=ROOT, help="run the proxy of this checkout")
    p.add_argument("--loop", choices=("asyncio", "uvloop"), default="asyncio", help="the proxy's")
    p.add_argument("--only", default="lone,short,long", help="workloads, comma-separated")
    p.add_argument("--token-delay", type=float, default=0.05)
    p.add_argument("--repeat", type=int, default=1, help="requests per slot × this (profiles)")
    p.add_argument("--profile", type=Path, help="cProfile instead of callgrind; stats go here")
    p.add_argument("--keep", type=Path, help="keep callgrind's dumps in this folder")
    p.add_argument("--json", type=Path, help="also write the results here")
    a = p.parse_args()
    out_dir = a.keep or Path(tempfile.mkdtemp(prefix="callgrind-relay-"))
    out_dir.mkdir(parents=True, exist_ok=True)
    helpers: list[subprocess.Popen[str]] = []
    try:
        engine, engine_port = spawn(
            "--role", "engine", "--token-delay", str(a.token_delay), "--prefill", "0.02",
            script=HERE / "bench_proxy.py",
        )  # fmt: skip
        helpers.append(engine)
        relay = subprocess.Popen(
            relay_command(a, engine_port, out_dir),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=a.root,
        )
        helpers.append(relay)
        assert relay.stdout is not None
        line = relay.stdout.readline()
        if not line.startswith("READY "):
            raise SystemExit(f"the relay did not start: {line!r}")
        url = f"http://127.0.0.1:{int(line.split()[1])}"
        meter: Meter = Profiler(relay.pid) if a.profile else Callgrind(relay.pid, out_dir)
        asyncio.run(warm(url))
        names = [w.strip() for w in a.only.split(",") if w.strip()]
        results = run(meter, url, names, a.token_delay, a.repeat)
        if a.json:
            a.json.write_text(json.dumps(results, indent=2) + "\n")
    finally:
        for helper in reversed(helpers):
            helper.terminate()
            try:
                helper.wait(timeout=30)
            except subprocess.TimeoutExpired:
                helper.kill()
    return 0


async def warm(url: str) -> None:
    """Every code path once: imports done, caches filled, connections open."""
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        for _ in range(2):
            await asyncio.gather(*(one_stream(session, url, 4, None) for _ in range(STREAMS)))


if __name__ == "__main__":
    sys.exit(main())
