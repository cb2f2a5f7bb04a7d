"""vLLM's own `vllm bench startup`, run in the engine's Python: the engine's part of a start,
cold and warm, without the app or an HTTP server (`LLM(...)` in a fresh process).

vLLM 0.32 ships it (vllm/benchmarks/startup.py): a cold iteration gets an empty temporary
`VLLM_CACHE_ROOT` and torch's `fresh_cache()`, a warm one the `VLLM_CACHE_ROOT` it was
given, here the engine build's own (app.supervisor.compile_cache). It reports total start-up
and compilation seconds per iteration. Run through `python -c` rather than the `vllm`
console script, which the CPU build's distribution name breaks (FACTS.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from app.core.problems.problems import ProblemError, problem
from app.core.untrusted import parse_json
from app.supervisor import spawn

DRIVER = (
    "import sys\n"
    "from vllm.benchmarks.startup import add_cli_args, main\n"
    "from vllm.utils.argparse_utils import FlexibleArgumentParser\n"
    "parser = FlexibleArgumentParser()\n"
    "add_cli_args(parser)\n"
    "main(parser.parse_args(sys.argv[1:]))\n"
)
PROBE = "import vllm.benchmarks.startup"
# The figures the report keeps (vllm/benchmarks/startup.py `_metric_to_json`).
FIGURES = (
    "avg_cold_startup_time",
    "avg_cold_compilation_time",
    "avg_warm_startup_time",
    "avg_warm_compilation_time",
)
_TAIL = 2000


def startup_argv(
    python: str, model_path: str, ctx_size: int, args: Sequence[str], output: Path
) -> list[str]:
    """One cold and one warm iteration of `vllm bench startup` for the model's engine args."""
    return [
        *spawn.python_command(python, "-c", DRIVER),
        "--model",
        model_path,
        "--max-model-len",
        str(ctx_size),
        *args,
        "--num-iters-cold",
        "1",
        "--num-iters-warmup",
        "0",
        "--num-iters-warm",
        "1",
        "--output-json",
        str(output),
    ]


async def has_startup_bench(python: str, env: Mapping[str, str], state_dir: Path) -> bool:
    """Whether the engine's Python has `vllm bench startup` (vLLM ≥ 0.11)."""
    proc = await spawn.start(
        spawn.python_command(python, "-c", PROBE),
        env=env,
        state_dir=state_dir,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    return await proc.wait() == 0


async def run_startup_bench(
    python: str,
    *,
    model_path: str,
    ctx_size: int,
    args: Sequence[str],
    env: Mapping[str, str],
    log_path: Path,
    state_dir: Path,
) -> dict[str, Any]:
    """Run it (two engine starts; minutes on a CPU) and return its figures in seconds.

    Its output goes to `log_path`; a failure raises `bench.startup_failed` with its tail."""
    with tempfile.TemporaryDirectory(prefix="vllm-tray-startup-") as tmp:
        output = Path(tmp) / "startup.json"
        argv = startup_argv(python, model_path, ctx_size, args, output)
        with log_path.open("ab") as log:
            proc = await spawn.start(
                argv,
                env=env,
                state_dir=state_dir,
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
            try:
                code = await proc.wait()
            except asyncio.CancelledError:
                proc.kill()
                await proc.wait()
                raise
        raw: Any = None
        if code == 0 and output.is_file():
            with contextlib.suppress(ValueError):  # a report that is no JSON is none
                raw = parse_json(output.read_text(encoding="utf-8", errors="replace"))
        if raw is None:
            tail = await asyncio.to_thread(_tail, log_path)
            raise ProblemError(problem("bench.startup_failed", status=code, tail=tail))
    if not isinstance(raw, dict):
        raw = {}
    return {
        name: round(float(raw[name]), 3)
        for name in FIGURES
        if isinstance(raw.get(name), int | float) and not isinstance(raw[name], bool)
    }


def _tail(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    return text[-_TAIL:].strip()
