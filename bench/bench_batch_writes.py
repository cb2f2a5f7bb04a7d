"""What the batch result files' fsync policy costs, and what a kill -9 can lose.

Usage: python bench/bench_batch_writes.py [--lines N] [--line-bytes B]

1. Appending result lines through app.runtime.batch.batch_run.ResultFiles, as a run does
   (one write() per line, lines that arrive together written in one trip to a worker thread),
   with three fsync policies interleaved in rounds: never, once a second (what the app does)
   and after every line. Prints lines/s and the time each line costs.
2. A writer process appending lines is killed with SIGKILL at a random moment, 20 times; the
   file is then read under the resume rule. Prints how many complete lines each kill left,
   how many bytes were torn off the end (cut before appending again), and whether every line
   that the writer had reported as written was in the file.
"""

from __future__ import annotations

import argparse
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.core.batch.batch import encode_result, result_record, scan_results  # noqa: E402
from app.runtime.batch.batch_run import ResultFiles  # noqa: E402

POLICIES = {"no fsync": None, "fsync 1/s (app)": 1.0, "fsync every line": 0.0}


def line_of(i: int, size: int) -> bytes:
    body = {"id": f"chatcmpl-{i}", "choices": [{"text": "x" * max(0, size - 260)}]}
    return encode_result(result_record(f"req-{i}", 200, body))


def append_run(folder: Path, n: int, size: int, interval: float | None, group: int) -> float:
    files = ResultFiles(folder / "out.jsonl", folder / "err.jsonl")
    files.open()
    last_sync = time.monotonic()
    began = time.perf_counter()
    for start in range(0, n, group):
        lines = [(True, line_of(i, size)) for i in range(start, min(n, start + group))]
        now = time.monotonic()
        sync = interval is not None and now - last_sync >= interval
        files.append(lines, sync=sync)
        if sync:
            last_sync = now
    files.close()
    took = time.perf_counter() - began
    (folder / "out.jsonl").unlink()
    return took


WRITER = """
import sys, time
sys.path.insert(0, {root!r})
from pathlib import Path
from app.runtime.batch.batch_run import ResultFiles
from app.core.batch.batch import encode_result, result_record
files = ResultFiles(Path({out!r}), Path({err!r}))
files.open()
i = 0
while True:
    files.append([(True, encode_result(result_record(f"req-{{i}}", 200, {{"t": "x" * {pad}}})))],
                 sync=False)
    print(i, flush=True)  # reported only after write() returned
    i += 1
"""


def kill_run(folder: Path, size: int) -> tuple[int, int, bool]:
    out = folder / "kill.jsonl"
    out.unlink(missing_ok=True)
    code = WRITER.format(root=str(ROOT), out=str(out), err=str(folder / "kerr"), pad=size)
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert proc.stdout is not None
    proc.stdout.readline()  # running
    time.sleep(random.uniform(0.05, 0.4))
    proc.send_signal(signal.SIGKILL)
    reported = [int(x) for x in proc.stdout.read().split()]
    proc.wait()
    with out.open("rb") as fh:
        scan = scan_results(fh, str(out))
    last = reported[-1] if reported else -1
    all_there = all(f"req-{i}" in scan.ids for i in range(last + 1))
    return scan.lines, scan.torn_bytes, all_there


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=3000)
    parser.add_argument("--line-bytes", type=int, default=1200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--group", type=int, default=1, help="lines per write trip")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=ROOT) as tmp:
        folder = Path(tmp)
        times: dict[str, list[float]] = {name: [] for name in POLICIES}
        for _ in range(args.rounds):
            order = list(POLICIES.items())
            random.shuffle(order)
            for name, interval in order:
                times[name].append(
                    append_run(folder, args.lines, args.line_bytes, interval, args.group)
                )
        print(f"{args.lines} result lines of ~{args.line_bytes} B, {args.rounds} rounds:")
        for name, runs in times.items():
            best = min(runs)
            print(
                f"  {name:18s} {args.lines / best:10.0f} lines/s  "
                f"{best / args.lines * 1e6:8.1f} µs/line (median of rounds "
                f"{statistics.median(runs) / args.lines * 1e6:.1f} µs)"
            )
        kills = [kill_run(folder, args.line_bytes) for _ in range(20)]
        torn = sum(1 for _, t, _ in kills if t)
        print(
            f"20 kill -9 of a writer: {min(k[0] for k in kills)}-{max(k[0] for k in kills)} "
            f"lines kept, {torn} left a torn last line (cut off on resume), every line "
            f"reported written was in the file: {all(k[2] for k in kills)}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
