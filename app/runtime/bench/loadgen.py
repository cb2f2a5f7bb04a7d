"""Load generators for benchmarks: vLLM's own `vllm bench serve`, or the built-in client.

Both run in their own process (on the engine's thread they would share a loop and the GIL
with the endpoint they measure) and speak one protocol: a `{"ready": …}` line, then one
result line per `{"concurrency": C, "requests": N}` command. The process lives for a whole
benchmark or tune, so vLLM's import (11 CPU-seconds here) and tokenizer load are paid once.
docs/throughput.md says why vLLM's benchmark is preferred and what each one costs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core.bench.tuning import BenchPoint
from app.core.problems.problems import ProblemError, problem
from app.core.untrusted import parse_json
from app.runtime.api.bench import BUILTIN, GENERATOR_CHOICES, VLLM, Workload
from app.supervisor import spawn
from app.supervisor.childenv import helper_environment
from app.supervisor.spawn import python_command

READY_TIMEOUT_S = 600.0  # importing vLLM took 60 s on this 2-core machine while it was busy
STOP_GRACE_S = 5.0

# Runs in the engine's Python: imports vLLM's benchmark once, then runs `vllm bench serve`
# (its main_async, with the same flags as the command line) once per command. vLLM prints
# its report on stdout, so stdout is kept for our protocol and the report goes to stderr.
VLLM_DRIVER = r"""
import argparse, asyncio, contextlib, json, sys
out = sys.stdout
def say(obj):
    out.write(json.dumps(obj) + "\n"); out.flush()
try:
    with contextlib.redirect_stdout(sys.stderr):
        import vllm
        from vllm.benchmarks import serve as bench
        try:
            from vllm.utils.argparse_utils import FlexibleArgumentParser as Parser
        except ImportError:
            try:
                from vllm.utils import FlexibleArgumentParser as Parser
            except ImportError:
                Parser = argparse.ArgumentParser
        parser = Parser()
        bench.add_cli_args(parser)
except Exception as exc:
    say({"ready": False, "error": f"{type(exc).__name__}: {exc}"})
    sys.exit(3)
say({"ready": True, "generator": "vllm bench serve", "version": getattr(vllm, "__version__", "")})
base = json.loads(sys.argv[1])
for line in sys.stdin:
    command = json.loads(line)
    argv = base + ["--num-prompts", str(command["requests"]),
                   "--max-concurrency", str(command["concurrency"])]
    try:
        with contextlib.redirect_stdout(sys.stderr):
            result = asyncio.run(bench.main_async(parser.parse_args(argv)))
    except BaseException as exc:
        say({"error": f"{type(exc).__name__}: {exc}"})
        continue
    say({"result": {k: v for k, v in result.items() if not isinstance(v, list)}})
"""


@dataclass(frozen=True)
class Target:
    """Where requests go (the app's endpoint) and what the generator runs with."""

    base_url: str
    model_id: str
    api_key: str | None = None
    tokenizer: str | None = None  # the model's local folder: vLLM's benchmark reads it
    engine_python: str | None = None
    engine_env: Mapping[str, str] = field(default_factory=dict)
    # The generator runs in the app's private work folder below it (app.supervisor.spawn).
    state_dir: Path | None = None


def vllm_bench_argv(target: Target, workload: Workload) -> list[str]:
    """`vllm bench serve` flags for one model behind the app's endpoint."""
    assert target.tokenizer is not None
    return [
        "--backend",
        "openai-chat",
        "--endpoint",
        "/v1/chat/completions",
        "--base-url",
        target.base_url.rstrip("/"),
        "--model",
        target.tokenizer,
        "--tokenizer",
        target.tokenizer,
        "--served-model-name",
        target.model_id,
        "--dataset-name",
        "random",
        "--random-input-len",
        str(workload.input_len),
        "--random-output-len",
        str(workload.output_len),
        "--ignore-eos",
        "--temperature",
        "0",
        "--seed",
        "0",
        "--disable-tqdm",
        "--percentile-metrics",
        "ttft,itl",
        "--metric-percentiles",
        "50,99",
    ]


def point_from_vllm(result: Mapping[str, Any], concurrency: int, requests: int) -> BenchPoint:
    """vLLM's benchmark result as a BenchPoint (its keys as of vLLM 0.32)."""

    def opt(key: str) -> float | None:
        value = result.get(key)
        return None if value is None else float(value)

    completed = int(result.get("completed") or 0)
    return BenchPoint(
        concurrency=concurrency,
        requests=requests,
        completed=completed,
        failed=requests - completed,
        wall_s=float(result.get("duration") or 0.0),
        completion_tokens=int(result.get("total_output_tokens") or 0),
        tok_per_s=float(result.get("output_throughput") or 0.0),
        ttft_p50_ms=opt("median_ttft_ms"),
        ttft_p99_ms=opt("p99_ttft_ms"),
        itl_p50_ms=opt("median_itl_ms"),
        itl_p99_ms=opt("p99_itl_ms"),
    )


class LoadGenerator:
    """One running generator process; `measure` sends one command and waits for its figures."""

    def __init__(
        self, proc: asyncio.subprocess.Process, name: str, version: str, log_path: Path
    ) -> None:
        self._proc = proc
        self.name = name
        self.version = version
        self.log_path = log_path
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls, target: Target, workload: Workload, log_path: Path, prefer: str = "auto"
    ) -> LoadGenerator:
        """vLLM's benchmark when the engine's Python has it (unless `prefer` is built-in),
        else the built-in client. `prefer="vllm"` fails instead of falling back."""
        if prefer not in GENERATOR_CHOICES:
            raise ProblemError(
                problem("bench.bad_generator", choices=", ".join(GENERATOR_CHOICES), value=prefer)
            )
        log_path.parent.mkdir(parents=True, exist_ok=True)
        failure = ""
        if prefer != BUILTIN and target.engine_python and target.tokenizer:
            # The children's allow-list (no endpoint key, no Hugging Face token, no remote
            # keys), the engine's own variables, offline: the tokenizer is a local folder.
            env = helper_environment(target.engine_env)
            bench_argv = json.dumps(vllm_bench_argv(target, workload))
            argv = python_command(target.engine_python, "-c", VLLM_DRIVER, bench_argv)
            try:
                return await cls._start(argv, env, target, log_path)
            except ProblemError as exc:
                failure = str(exc.problem.params.get("detail", ""))
                if prefer == VLLM:
                    raise
        elif prefer == VLLM:
            failure = "the engine has no Python of its own to run it"
        if prefer == VLLM:
            raise _unavailable(failure)
        argv = python_command(
            sys.executable,
            "-m",
            "app.runtime.bench.loadgen_client",
            "--base-url",
            target.base_url,
            "--model",
            target.model_id,
            "--input-len",
            str(workload.input_len),
            "--output-len",
            str(workload.output_len),
        )
        # The app's own package must be importable by the child exactly as it is here: from
        # this process's import path, never from the folder the app was started in (the
        # child runs in the private work folder, with -P).
        app_path = os.pathsep.join(p for p in sys.path if p and Path(p).is_absolute())
        env = helper_environment({"PYTHONPATH": app_path})
        return await cls._start(argv, env, target, log_path)

    @classmethod
    async def _start(
        cls, argv: list[str], env: dict[str, str], target: Target, log_path: Path
    ) -> LoadGenerator:
        if target.api_key:
            env["OPENAI_API_KEY"] = target.api_key
        else:
            env.pop("OPENAI_API_KEY", None)
        with log_path.open("ab") as log:
            proc = await spawn.start(
                argv,
                env=env,
                state_dir=target.state_dir,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=log,
                # Its own session: Ctrl-C in a terminal reaches the app, which stops it.
                start_new_session=True,
            )
        generator = cls(proc, "", "", log_path)
        try:
            ready = await asyncio.wait_for(generator._read(), READY_TIMEOUT_S)
        except (TimeoutError, ProblemError):
            await generator.close()
            raise _failed(log_path, "it did not start") from None
        except asyncio.CancelledError:
            await generator.close()
            raise
        if not ready.get("ready"):
            await generator.close()
            raise _failed(log_path, str(ready.get("error", "")))
        generator.name = str(ready.get("generator", ""))
        generator.version = str(ready.get("version", ""))
        return generator

    async def _read(self) -> dict[str, Any]:
        assert self._proc.stdout is not None
        line = await self._proc.stdout.readline()
        if not line:
            raise _failed(self.log_path, "it stopped")
        obj: dict[str, Any] = parse_json(line)
        return obj

    async def measure(self, concurrency: int, requests: int) -> BenchPoint:
        """Send `requests` requests with at most `concurrency` in flight; their figures."""
        async with self._lock:
            assert self._proc.stdin is not None
            command = {"concurrency": concurrency, "requests": requests}
            self._proc.stdin.write((json.dumps(command) + "\n").encode())
            await self._proc.stdin.drain()
            answer = await self._read()
        if "error" in answer:
            raise _failed(self.log_path, str(answer["error"]))
        if "result" in answer:
            return point_from_vllm(answer["result"], concurrency, requests)
        return BenchPoint.from_json(answer["point"])

    async def close(self) -> None:
        proc = self._proc
        if proc.returncode is None:
            if proc.stdin is not None:
                proc.stdin.close()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, 15)
            try:
                await asyncio.wait_for(proc.wait(), STOP_GRACE_S)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, 9)
                await proc.wait()


def _failed(log_path: Path, detail: str) -> ProblemError:
    return ProblemError(
        problem("bench.generator_failed", detail=detail or "no reason given", log=str(log_path))
    )


def _unavailable(detail: str) -> ProblemError:
    return ProblemError(problem("bench.vllm_unavailable", detail=detail or "no reason given"))
