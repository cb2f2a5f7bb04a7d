"""`vllm-tray bench load MODEL`: Load to first token, cold, warm and swapped back, step by step,
beside vLLM's own fresh-process start (--direct) with the ratios issue 33 sets goals for."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any

from app.cli.bench_cmd import IN_PROCESS, say
from app.cli.context import human_bytes, print_json, run_interruptible, session_from
from app.cli.routing import BENCH_LOAD
from app.core.bench.load_bench import (
    APP_SHARE_GOAL_S,
    RATIO_GOALS,
    RUN_KINDS,
    STEP_ORDER,
    WARM_RATIO_GOAL,
    LoadBenchRecord,
    RunKind,
)
from app.core.events import Event, LoadBenchProgressed, LoadProgressed
from app.runtime.api.bench import LoadBenchOptions
from app.runtime.composition.facade import Session

COMMAND = BENCH_LOAD  # one token: `bench` keeps its MODEL positional (app.cli.routing)
STEP_NAMES = {
    "before_spawn": "the app, before the spawn",
    "process": "process start and imports",
    "weights": "weights",
    "compile": "compile, graph capture",
    "kv_cache": "KV cache, profiling",
    "server": "HTTP server start",
    "readiness": "the app noticing it is up",
    "handover": "the app handing it over",
    "first_token": "the first token",
    "relay": "the app's relay of it",
}


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        COMMAND,
        parents=[common],
        help="time Load to first token, cold (empty compile caches), warm and swapped back",
        description=(
            "Load MODEL through vLLM Tray with the compile caches of its engine build emptied "
            "(cold), then again with the caches that load filled (warm), then once more after "
            "putting it aside as a swap does to make room (swap back); each time, send one "
            "request and wait for its first token. Prints each step — the app before the "
            "spawn, Python's imports, weights, compile, KV cache, the HTTP server, the app "
            "noticing, the first token — and the app's own share. --direct adds vLLM's own "
            "`vllm bench startup` where the engine has it. Results are kept per model and "
            "engine version."
        ),
    )
    p.add_argument("model")
    runs = p.add_mutually_exclusive_group()
    runs.add_argument("--cold-only", action="store_true", help="only the cold load")
    runs.add_argument("--warm-only", action="store_true", help="only a warm load")
    runs.add_argument("--swap-only", action="store_true", help="only a swap back")
    runs.add_argument("--history", action="store_true", help="show earlier results, measure none")
    p.add_argument(
        "--direct",
        action="store_true",
        help="also run vLLM's own `vllm bench startup` (two more engine starts)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_bench_load)


def cmd_bench_load(args: argparse.Namespace) -> int:
    session = session_from(args, IN_PROCESS)
    entry = session.services.models.entry(args.model)  # unknown: exit 2 before anything starts
    if args.history:
        records = asyncio.run(session.services.load_bench.load_history(entry.id))
        if args.json:
            print_json([r.to_json() for r in records])
        else:
            print_history(entry.id, records)
        return 0
    kinds: tuple[RunKind, ...] = (
        ("cold",)
        if args.cold_only
        else ("warm",)
        if args.warm_only
        else ("swap",)
        if args.swap_only
        else RUN_KINDS
    )
    options = LoadBenchOptions(runs=kinds, direct=args.direct)
    argv = ["vllm-tray", *sys.argv[1:]]
    record = run_interruptible(_measure(session, entry.id, options, argv))
    if args.json:
        print_json(record.to_json())
    else:
        print_record(record)
    return 0


async def _measure(
    session: Session, model_id: str, options: LoadBenchOptions, argv: Sequence[str]
) -> LoadBenchRecord:
    unsubscribe = session.bus.subscribe(progress_printer(model_id))
    try:
        # Its own endpoint: the steps are read off this process's supervisor.
        async with session.running(serve=True) as services:
            return await services.load_bench.run(model_id, options, argv=argv)
    finally:
        unsubscribe()


def progress_printer(model_id: str) -> Callable[[Event], None]:
    """One stderr line per step of the benchmark and per phase of each load."""
    seen: list[object] = []

    def on_event(event: Event) -> None:
        if isinstance(event, LoadBenchProgressed) and event.model_id == model_id:
            run = "swap back" if event.kind == "swap" else f"{event.kind} load"
            text = {
                "emptying": f"{run}: emptying the compile caches",
                "loading": f"{run}: loading",
                "first_token": f"{run}: waiting for the first token",
                "direct": "vLLM's own `vllm bench startup` (two engine starts)",
            }.get(event.phase)
            if text is not None:
                say(text)
        elif (
            isinstance(event, LoadProgressed)
            and event.model_id == model_id
            and event.phase not in seen
        ):
            seen[:] = [event.phase]
            say(f"  {event.phase} ({event.elapsed_s or 0:.0f} s)")

    return on_event


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}" if value < 10 else f"{value:.1f}"


def print_record(record: LoadBenchRecord) -> None:
    """One column per run, one line per step (a step a run lacks shows as -)."""
    engine = f"{record.engine.get('kind')} {record.engine.get('version') or ''}".strip()
    optimize = record.options.get("optimize") or "default"
    print(f"{record.model_id} on the {engine} engine (optimize: {optimize})")
    runs = record.runs

    def line(title: str, cells: Iterable[str]) -> None:
        print(f"{title:<28}" + "".join(f"{cell:>10}" for cell in cells))

    line("STEP", (f"{run.kind.upper()} s" for run in runs))
    for step in STEP_ORDER:
        if any(run.step(step) is not None for run in runs):
            line(STEP_NAMES[step], (_seconds(run.step(step)) for run in runs))
    line("total", (f"{run.total_s:.1f}" for run in runs))
    line("the app's share", (f"{run.app_s:.3f}" for run in runs))
    line("vLLM's log said", ("cold" if run.cold else "warm" for run in runs))
    for run in runs:
        if run.kind == "cold" and run.freed_bytes:
            print(f"the cold load started with {human_bytes(run.freed_bytes)} of caches emptied")
    ratio = record.warm_ratio()
    if ratio is not None:
        verdict = "met" if ratio <= WARM_RATIO_GOAL else "NOT met"
        print(f"warm/cold: {ratio:.2f} (goal ≤ {WARM_RATIO_GOAL}: {verdict})")
    worst = max((run.app_s for run in runs), default=0.0)
    verdict = "met" if worst <= APP_SHARE_GOAL_S else "NOT met"
    print(f"the app's own share: at most {worst:.3f} s (goal ≤ {APP_SHARE_GOAL_S} s: {verdict})")
    print_comparison(record)


def print_comparison(record: LoadBenchRecord) -> None:
    """vLLM's own start beside the app's loads, and issue 33's ratios with their goals."""
    direct = record.direct
    if direct is not None and direct.get("available"):
        print(
            "vLLM's own `vllm bench startup` (no server): cold "
            f"{_seconds(direct.get('avg_cold_startup_time'))} s (compile "
            f"{_seconds(direct.get('avg_cold_compilation_time'))} s), warm "
            f"{_seconds(direct.get('avg_warm_startup_time'))} s (compile "
            f"{_seconds(direct.get('avg_warm_compilation_time'))} s)"
        )
    elif direct is not None:
        print("vLLM's own `vllm bench startup`: not available with this engine")
    ratios = record.ratios()
    for name, title, goal in RATIO_GOALS:
        if name in ratios:
            verdict = "met" if ratios[name] <= goal else "NOT met"
            print(f"{title}: {ratios[name]:.2f} (goal ≤ {goal}: {verdict})")


def print_history(model_id: str, records: Sequence[LoadBenchRecord]) -> None:
    if not records:
        print(f"{model_id}: no load benchmark yet; run: vllm-tray bench load {model_id}")
        return
    print(
        f"{'WHEN':<17}{'ENGINE':<22}{'OPTIMIZE':<10}{'COLD s':>8}{'WARM s':>8}{'SWAP s':>8}"
        f"{'RATIO':>7}"
    )
    for r in records:
        when = datetime.fromtimestamp(r.time).strftime("%Y-%m-%d %H:%M")
        engine = f"{r.engine.get('kind')} {r.engine.get('version') or ''}".strip()
        cold, warm, swap = r.last("cold"), r.last("warm"), r.last("swap")
        ratio = r.warm_ratio()
        print(
            f"{when:<17}{engine[:21]:<22}{r.options.get('optimize') or 'default'!s:<10}"
            f"{_seconds(cold.total_s if cold else None):>8}"
            f"{_seconds(warm.total_s if warm else None):>8}"
            f"{_seconds(swap.total_s if swap else None):>8}"
            f"{'-' if ratio is None else f'{ratio:.2f}':>7}"
        )
