"""`vllm-tray tune`: find a model's --max-num-seqs knee in a few engine starts; apply on request."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from app.cli.bench_cmd import (
    IN_PROCESS,
    add_workload_args,
    print_table,
    progress_printer,
    say,
)
from app.cli.context import print_json, run_interruptible, session_from
from app.core.bench.tuning import MAX_STARTS, Slo
from app.core.problems.problems import ProblemError, problem
from app.core.redact import redact_text
from app.runtime.api.bench import HIGH_LIMIT, TuneOptions, TuneResult, Workload
from app.runtime.composition.facade import Session


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "tune",
        parents=[common],
        help="find the --max-num-seqs that gives the most tokens per second",
        description=(
            f"Start MODEL (at most {MAX_STARTS} times) with temporary --max-num-seqs limits, "
            "measure throughput and latency at growing concurrency through the app's "
            "endpoint, and propose the smallest limit within a few percent of the best that "
            "meets the latency objective. Nothing is saved without --apply; the model is left "
            "running or stopped as it was. Ctrl-C stops the tune and puts the model back."
        ),
    )
    p.add_argument("model")
    p.add_argument("--slo-ttft-ms", type=float, help="p99 time to first token must stay below")
    p.add_argument("--slo-itl-ms", type=float, help="p99 inter-token latency must stay below")
    p.add_argument(
        "--apply", action="store_true", help="write the result into the model's vllm_args"
    )
    p.add_argument(
        "--max-concurrency",
        type=int,
        default=HIGH_LIMIT,
        metavar="N",
        help=f"the first start's limit and the highest value tried (default {HIGH_LIMIT})",
    )
    add_workload_args(p, "at least this many requests per measurement (default 10)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_tune)


def cmd_tune(args: argparse.Namespace) -> int:
    session = session_from(args, IN_PROCESS)
    entry = session.services.models.entry(args.model)
    options = TuneOptions(
        slo=Slo(ttft_ms=args.slo_ttft_ms, itl_ms=args.slo_itl_ms),
        requests=args.requests,
        workload=Workload(args.input_len, args.output_len),
        high=args.max_concurrency,
        generator=args.generator,
        apply=args.apply,
    )
    options = session.services.tune.check(options)
    argv = ["vllm-tray", *sys.argv[1:]]
    result = run_interruptible(_tune(session, entry.id, options, argv, quiet=args.json))
    if args.json:
        print_json({"model_id": result.model_id, **result.to_json()})
    else:
        print_result(result)
    return 0


async def _tune(
    session: Session, model_id: str, options: TuneOptions, argv: Sequence[str], *, quiet: bool
) -> TuneResult:
    services = session.services
    unsubscribe = session.bus.subscribe(progress_printer(model_id, quiet))
    try:
        other = await services.endpoint.find_running()
        if other is not None and model_id in await services.endpoint.loaded_models(other):
            # That app owns the model: a tune here would start a second copy of it.
            raise ProblemError(problem("cli.model_in_use", model=model_id, url=other.url))
        await session.start(serve=True)
        say(f"started vLLM Tray's endpoint for this tune at {services.endpoint.url}", quiet)
        return await services.tune.run(model_id, options, argv=argv)
    finally:
        unsubscribe()
        await session.stop()


def print_result(result: TuneResult) -> None:
    print(f"{result.model_id}: the curve with --max-num-seqs high (first start)")
    sequential = next((p for p in result.curve if p.concurrency == 1), None)
    print_table(result.curve, sequential, result.model_id)
    print(
        f"engine starts: {result.starts} (at most {MAX_STARTS}); highest concurrency tried: "
        f"{result.upper} (what the KV cache holds for these requests, at most "
        "--max-concurrency)"
    )
    if result.chosen is None:
        print("no value met the latency objective on a confirming start; nothing proposed")
        return
    current = result.current if result.current is not None else "vLLM's default"
    print(f"proposed --max-num-seqs {result.chosen} (now {current})")
    if result.before is not None and result.after is not None:
        b, a = result.before, result.after
        print(
            f"  before: {b.tok_per_s:8.1f} tok/s, ITL p99 {b.itl_p99_ms or 0:.1f} ms, "
            f"TTFT p99 {b.ttft_p99_ms or 0:.1f} ms  (batch of {b.concurrency})"
        )
        print(
            f"  after:  {a.tok_per_s:8.1f} tok/s, ITL p99 {a.itl_p99_ms or 0:.1f} ms, "
            f"TTFT p99 {a.ttft_p99_ms or 0:.1f} ms  (confirmed on a restart with that limit)"
        )
    if result.overload is not None:
        o = result.overload
        print(
            f"  with {o.concurrency} clients and that limit: {o.tok_per_s:.1f} tok/s "
            f"(extra requests wait instead of slowing the batch)"
        )
    if not result.confirmed:
        print("  note: the restart did not reproduce the first start's figure within 5 %")
    if result.applied:
        print(f"applied: vllm_args is now {redact_text(result.proposed_args)!r}")
    else:
        print(
            f"not saved; to use it: vllm-tray tune {result.model_id} --apply, or\n"
            f"  vllm-tray options {result.model_id} vllm_args={result.proposed_args!r}"
        )
