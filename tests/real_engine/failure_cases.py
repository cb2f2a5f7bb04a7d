"""Ways to make vLLM's CPU build fail on purpose, shared by the capture script and the tests.

Each case changes one thing of a working start (flags, environment, model folder). The
capture script (`python -m tests.real_engine.capture_failures`, under the real-engine flock)
runs each once and keeps vLLM's output verbatim in tests/fakes/data/vllm_cpu_fail_<name>.log;
the unit tests diagnose those files, test_failures_real.py re-induces them through the
supervisor. Cases that only matter after the compile warm-up pass `-O0` with an explicit KV
cache size: vLLM's CPU worker then skips the warm-up (cpu_worker._should_warm_up_model), so the
memory checks fail within seconds of loading the weights.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).parents[1] / "fakes" / "data"
# Far above what this machine has (24 GiB), and checked by vLLM before it allocates anything.
HUGE_KV_GIB = "64"
# 256 KiB: the tiny model needs 1 KiB per token (2 layers x K,V x 1 head x 64 x fp32).
SMALL_KV_BYTES = "262144"
CTX = 512
MODEL_LIMIT = 2048  # max_position_embeddings of tests/real_engine/tiny_model.py


@dataclass(frozen=True)
class FailureCase:
    name: str
    args: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    drop_env: tuple[str, ...] = ()
    ctx: int = CTX
    model: str = "good"  # "good", "no_weights" or "broken_config"
    python_module_without_vllm: bool = False  # run the app's python, which lacks vLLM
    port_taken: bool = False
    # Start once to fill a private compile cache, cut its AOT artifact short, then start
    # again with VLLM_FORCE_AOT_LOAD=1: what a stale cache does to a forced load.
    stale_aot: bool = False

    @property
    def capture(self) -> Path:
        if self.name == "warm_start":
            return DATA / "vllm_cpu_startup_warm.log"
        return DATA / f"vllm_cpu_fail_{self.name}.log"


CASES: tuple[FailureCase, ...] = (
    FailureCase("ctx_over_limit", ctx=4096),
    FailureCase("unknown_flag", args=("--no-such-flag",)),
    FailureCase("bad_dtype", args=("--dtype", "float99")),
    FailureCase("no_weights", model="no_weights"),
    FailureCase("broken_config", model="broken_config"),
    FailureCase(
        "kv_too_small",
        args=("-O0", "--kv-cache-memory-bytes", SMALL_KV_BYTES),
        drop_env=("VLLM_CPU_KVCACHE_SPACE",),
    ),
    FailureCase("kv_over_memory", args=("-O0",), env={"VLLM_CPU_KVCACHE_SPACE": HUGE_KV_GIB}),
    FailureCase(
        "memory_at_startup",
        args=("--gpu-memory-utilization", "0.99"),
        drop_env=("VLLM_CPU_KVCACHE_SPACE",),
    ),
    FailureCase("port_taken", port_taken=True),
    FailureCase("engine_without_vllm", python_module_without_vllm=True),
    FailureCase("stale_aot", env={"VLLM_FORCE_AOT_LOAD": "1"}, stale_aot=True),
)
BY_NAME = {case.name: case for case in CASES}


def model_variant(good: Path, kind: str, workdir: Path) -> Path:
    """The tiny model as is, without its weights, or with a config.json cut in half."""
    if kind == "good":
        return good
    out = workdir / f"tiny-{kind}"
    if out.exists():
        return out
    shutil.copytree(good, out)
    if kind == "no_weights":
        for weights in out.glob("*.safetensors"):
            weights.unlink()
    elif kind == "broken_config":
        config = out / "config.json"
        text = config.read_text(encoding="utf-8")
        config.write_text(text[: len(text) // 2], encoding="utf-8")
    else:
        raise ValueError(kind)
    return out


def spoil_aot_cache(cache_root: Path) -> list[Path]:
    """Cut every AOT-compiled artifact under `cache_root` to half its size (a stale cache)."""
    spoiled = sorted(cache_root.glob("torch_compile_cache/torch_aot_compile/*/rank_*/model"))
    for artifact in spoiled:
        data = artifact.read_bytes()
        artifact.write_bytes(data[: len(data) // 2])
    return spoiled
