"""`vllm-tray batch run`: an OpenAI Batch JSONL file through the app's endpoint, resumable."""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import time
from pathlib import Path
from typing import Any

from app.cli.context import session_from, warn_problems
from app.cli.progress import ProgressReporter
from app.core.batch.batch_progress import BatchProgress, parse_concurrency
from app.core.events import Event, ProcessStateChanged
from app.core.problems.problems import ProblemError
from app.runtime.api.protocols import BatchFileApi
from app.runtime.composition.facade import RuntimeOptions, Session

EXIT_FAILURE = 1
EXIT_INTERRUPTED = 130


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "batch",
        parents=[common],
        help="run OpenAI Batch JSONL files through the endpoint",
        description="Run OpenAI Batch API files (JSONL) through the app's endpoint.",
    )
    bsub = p.add_subparsers(dest="batch_command", metavar="run", required=True)
    r = bsub.add_parser(
        "run",
        parents=[common],
        help="send every request of IN and append the answers to OUT",
        description=(
            "Send every request of IN (lines of {custom_id, method, url, body}) through the "
            "endpoint — a running `vllm-tray serve` or tray app, else one started for this "
            "run — and append each answer to OUT as it arrives (failed ones to the errors "
            "file). Run the same command again after an interruption: requests that already "
            "have an answer are skipped."
        ),
    )
    r.add_argument("input", metavar="IN.jsonl")
    r.add_argument("--out", required=True, metavar="OUT.jsonl", help="answers (2xx)")
    r.add_argument(
        "--errors",
        metavar="ERR.jsonl",
        help="failed answers (default: OUT with .errors.jsonl)",
    )
    r.add_argument(
        "--concurrency",
        default="auto",
        metavar="N|auto",
        help="requests in flight; auto: the model's tuned --max-num-seqs (default)",
    )
    r.set_defaults(func=cmd_batch_run)


def default_errors_path(out: Path) -> Path:
    stem = out.name[: -len(".jsonl")] if out.name.endswith(".jsonl") else out.name
    return out.with_name(stem + ".errors.jsonl")


def cmd_batch_run(args: argparse.Namespace) -> int:
    source = Path(args.input).expanduser()
    out = Path(args.out).expanduser()
    err = Path(args.errors).expanduser() if args.errors else default_errors_path(out)
    options = RuntimeOptions(
        proxy_host="127.0.0.1", proxy_port=0, sample_gpu=False, batch_jobs=False
    )
    session = session_from(args, options, warn=False)  # the warnings build parts that write
    # A ProblemError (here or before anything is sent) is main.run's to print: it exits 2
    # for bad input, 1 for a failure.
    concurrency = parse_concurrency(str(args.concurrency))
    # Every line checked (and the result files read) before anything starts or is written.
    batch = session.services.batch.open_file(source, out, err)
    try:
        warn_problems(session.services)
        return asyncio.run(_main(session, batch, concurrency, out, err))
    finally:
        batch.close()


async def _main(
    session: Session, batch: BatchFileApi, concurrency: int | None, out: Path, err: Path
) -> int:
    work = asyncio.create_task(_work(session, batch, concurrency, out, err))
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, work.cancel)
    try:
        return await work
    except asyncio.CancelledError:
        return EXIT_INTERRUPTED
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)


async def _work(
    session: Session, batch: BatchFileApi, concurrency: int | None, out: Path, err: Path
) -> int:
    started_here = False
    display = ProgressDisplay()
    services = session.services
    try:
        endpoint = await services.endpoint.find_running()
        if endpoint is None:
            session.bus.subscribe(_report_state)
            started_here = True  # stopped in the end even if Ctrl-C comes while it starts
            await session.start(serve=True)
            endpoint = services.endpoint.local()
            assert endpoint is not None
            _say(f"no endpoint was running; started one for this batch at {endpoint.url}")
        else:
            _say(f"sending through the endpoint at {endpoint.url}")
        scan, n = await batch.plan(endpoint, concurrency)
        if scan.done_ok + scan.done_failed >= scan.total:
            print(f"nothing to send: all {scan.total} requests have results already")
            return 0
        resumed = scan.done_ok + scan.done_failed
        _say(
            f"{scan.total - resumed} of {scan.total} requests to send, {n} at a time"
            + (f" ({resumed} already done)" if resumed else "")
        )
        began = time.monotonic()
        try:
            final = await batch.run(display.show)
        except asyncio.CancelledError:
            display.finish(batch.progress)
            _say(
                f"stopped with {batch.progress.done} of {scan.total} done; requests in flight "
                "were dropped. Run the same command again to resume."
            )
            raise
        except ProblemError as exc:
            display.finish(batch.progress)
            print(f"vllm-tray: {exc.problem.english()}", file=sys.stderr)
            return EXIT_FAILURE
        display.finish(final)
        took = time.monotonic() - began
        print(
            f"{final.total} results: {final.succeeded} in {out}"
            + (f", {final.failed} failed in {err}" if final.failed else "")
            + f" ({took:.1f} s this run)"
        )
        return 0
    finally:
        if started_here:
            await session.stop()


def _report_state(event: Event) -> None:
    if isinstance(event, ProcessStateChanged):
        why = f": {event.problem.english()}" if event.problem else ""
        _say(f"{event.model_id}: {event.old.value} -> {event.new.value}{why}")


def _say(text: str) -> None:
    print(f"vllm-tray: {text}", file=sys.stderr, flush=True)


class ProgressDisplay:
    """A run's progress through the CLI's one ProgressReporter (redrawn on a terminal,
    whole lines in a log)."""

    def __init__(self) -> None:
        self._reporter = ProgressReporter()

    def show(self, progress: BatchProgress) -> None:
        fraction = progress.done / progress.total if progress.total else None
        self._reporter.update("batch", format_progress(progress), fraction)

    def finish(self, progress: BatchProgress) -> None:
        self.show(progress)
        self._reporter.finish()


def format_progress(p: BatchProgress) -> str:
    percent = 100.0 * p.done / p.total if p.total else 100.0
    parts = [f"{p.done}/{p.total} ({percent:.1f}%)"]
    if p.failed:
        parts.append(f"{p.failed} failed")
    if p.rate:
        parts.append(f"{p.rate:.1f} req/s")
    if p.eta_s is not None and p.done < p.total:
        parts.append(f"ETA {_duration(p.eta_s)}")
    return "batch: " + ", ".join(parts)


def _duration(seconds: float) -> str:
    s = round(seconds)
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"
