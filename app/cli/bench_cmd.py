"""`vllm-tray bench`: a model's throughput one request at a time and many at once."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from app.cli.context import print_json, run_interruptible, session_from
from app.core.bench.tuning import BenchPoint, speedup
from app.core.events import BenchProgressed, Event, LoadProgressed, TunePhase, TuneProgressed
from app.runtime.api.bench import (
    GENERATOR_CHOICES,
    BenchOptions,
    BenchRecord,
    Workload,
    tokens_problem,
)
from app.runtime.composition.facade import RuntimeOptions, Session

# Options the in-process runtime needs: its own endpoint on a free loopback port.
IN_PROCESS = RuntimeOptions(proxy_host="127.0.0.1", proxy_port=0, sample_gpu=False)
PROBING: frozenset[TunePhase] = frozenset(
    {"before", "sweep", "objective", "peak", "knee", "confirm"}
)


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "bench",
        parents=[common],
        help="measure a model's throughput one request at a time and many at once",
        description=(
            "Load MODEL through vLLM Tray, send the same N requests one at a time, then N "
            "at once (or at each --concurrency), and report tokens per second, time to first "
            "token and inter-token latency. Requests go through the app's endpoint: a running "
            "vllm-tray (serve or the tray) if one answers, else one started for the run."
        ),
    )
    p.add_argument("model")
    add_workload_args(p)
    p.add_argument(
        "--concurrency",
        type=concurrency_list,
        default=(),
        metavar="LIST",
        help="comma-separated concurrencies to measure (default: all N requests at once)",
    )
    p.add_argument("--url", help="endpoint of a running vLLM Tray (default: find or start one)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_bench)


def add_workload_args(p: argparse.ArgumentParser, requests_help: str = "") -> None:
    p.add_argument(
        "--requests",
        type=int,
        default=10,
        metavar="N",
        help=requests_help or "requests per run (default 10)",
    )
    p.add_argument("--input-len", type=int, default=32, help="prompt tokens (default 32)")
    p.add_argument("--output-len", type=int, default=64, help="tokens generated (default 64)")
    p.add_argument(
        "--generator",
        choices=GENERATOR_CHOICES,
        default="auto",
        help="load generator: vLLM's `vllm bench serve` when the engine has it (auto), or the "
        "built-in client",
    )


def concurrency_list(text: str) -> tuple[int, ...]:
    try:
        values = tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of whole numbers: {text!r}") from None
    if not values:
        raise argparse.ArgumentTypeError("at least one concurrency is needed")
    return values


def cmd_bench(args: argparse.Namespace) -> int:
    session = session_from(args, IN_PROCESS)
    entry = session.services.models.entry(args.model)  # unknown: exit 2 before anything starts
    options = BenchOptions(
        requests=args.requests,
        concurrency=args.concurrency,
        workload=Workload(args.input_len, args.output_len),
        generator=args.generator,
    )
    argv = ["vllm-tray", *sys.argv[1:]]
    record = run_interruptible(_bench(session, entry.id, options, args.url, argv, quiet=args.json))
    if args.json:
        print_json(record.to_json())
    else:
        print_record(record)
    return 0


async def _bench(
    session: Session,
    model_id: str,
    options: BenchOptions,
    url: str | None,
    argv: Sequence[str],
    *,
    quiet: bool,
) -> BenchRecord:
    """Through the vLLM Tray at `url`, else the one running with this configuration, else
    an endpoint of this command's own (stopped at the end)."""
    services = session.services
    unsubscribe = session.bus.subscribe(progress_printer(model_id, quiet))
    try:
        endpoint = await (services.endpoint.at(url) if url else services.endpoint.find_running())
        if endpoint is not None:
            say(f"using the running vLLM Tray at {endpoint.url}", quiet)
            return await services.bench.run(model_id, options, endpoint=endpoint, argv=argv)
        await session.start(serve=True)
        say(f"started vLLM Tray's endpoint for this run at {services.endpoint.url}", quiet)
        return await services.bench.run(model_id, options, argv=argv)
    finally:
        unsubscribe()
        await session.stop()


def say(line: str, quiet: bool = False) -> None:
    del quiet  # progress goes to stderr either way; --json only changes stdout
    print(f"vllm-tray: {line}", file=sys.stderr, flush=True)


def progress_printer(model_id: str, quiet: bool) -> Callable[[Event], None]:
    """One stderr line per step of the run (loading, each measurement, each tune start)."""
    last_fraction = [-1.0]

    def on_event(event: Event) -> None:
        if isinstance(event, LoadProgressed) and event.model_id == model_id:
            if event.fraction - last_fraction[0] >= 0.1 or event.fraction >= 1.0:
                last_fraction[0] = event.fraction if event.fraction < 1.0 else -1.0
                say(f"loading {model_id}: {event.fraction * 100:3.0f}% {event.phase}", quiet)
        elif isinstance(event, BenchProgressed) and event.model_id == model_id:
            if event.phase == "measuring" and event.concurrency is not None:
                what = "one at a time" if event.concurrency == 1 else "at once"
                say(f"measuring: concurrency {event.concurrency} ({what})", quiet)
        elif isinstance(event, TuneProgressed) and event.model_id == model_id:
            if event.phase == "starting":
                say(
                    f"engine start {event.start} of at most {event.max_starts} "
                    f"with --max-num-seqs {event.max_num_seqs}",
                    quiet,
                )
            elif event.concurrency is None and event.points and event.phase in PROBING:
                p = event.points[-1]
                say(f"  {event.phase:9} {point_line(p)}", quiet)
            elif event.phase == "restoring":
                say("putting the model back as it was", quiet)

    return on_event


def tok_s(p: BenchPoint) -> str:
    """Tokens per second as the table shows them: "n/a" when they were not measured."""
    return f"{p.tok_per_s:8.1f}" if p.measured else f"{'n/a':>8}"


def point_line(p: BenchPoint) -> str:
    return (
        f"concurrency {p.concurrency:>4}: {tok_s(p)} tok/s, "
        f"TTFT p99 {ms(p.ttft_p99_ms)} ms, ITL p99 {ms(p.itl_p99_ms)} ms"
        + (f", {p.failed} failed" if p.failed else "")
    )


def ms(value: float | None) -> str:
    return "?" if value is None else f"{value:.1f}"


def print_table(
    points: Sequence[BenchPoint], base: BenchPoint | None, model: str = "the model"
) -> None:
    print(
        f"{'CONCURRENCY':>11}  {'WALL s':>7}  {'TOKENS':>7}  {'TOK/S':>8}  "
        f"{'TTFT p50/p99 ms':>17}  {'ITL p50/p99 ms':>15}  {'SPEED-UP':>8}  FAILED"
    )
    for p in points:
        ratio = speedup(base, p) if base is not None else None
        up = f"{ratio:.2f}x" if ratio is not None else "-"
        tokens = str(p.completion_tokens) if p.measured else "?"
        print(
            f"{p.concurrency:>11}  {p.wall_s:7.2f}  {tokens:>7}  "
            f"{tok_s(p)}  {ms(p.ttft_p50_ms) + '/' + ms(p.ttft_p99_ms):>17}  "
            f"{ms(p.itl_p50_ms) + '/' + ms(p.itl_p99_ms):>15}  {up:>8}  {p.failed}"
        )
    print_token_source(points, model)


def print_token_source(points: Sequence[BenchPoint], model: str) -> None:
    """Say where the token counts came from when not from the answers themselves."""
    uncounted = tokens_problem(model, points)
    if uncounted is not None:
        print(uncounted.english())
    elif any(p.token_source == "engine" for p in points):
        print(
            "tokens counted by the engine (vllm:generation_tokens_total over each run): "
            "its streamed answers carry no token counts"
        )


def print_record(record: BenchRecord) -> None:
    s = record.settings
    engine = f"{record.engine.get('kind')} {record.engine.get('version') or ''}".strip()
    gen = f"{record.generator.get('name')} {record.generator.get('version') or ''}".strip()
    print(
        f"{record.model_id}: {s.get('requests')} requests of {s.get('input_len')} prompt + "
        f"{s.get('output_len')} generated tokens; engine {engine}; load generator {gen}"
    )
    print_table(record.points, record.sequential, record.model_id)
    seq = record.sequential
    speedups = record.speedups()
    if seq is not None and speedups:
        top = max(speedups, key=lambda c: speedups[c])
        print(
            f"simultaneous/sequential: {speedups[top]:.2f}x at concurrency {top} "
            f"({seq.tok_per_s:.1f} -> {seq.tok_per_s * speedups[top]:.1f} tok/s)"
        )
