"""The shipped list of vLLM's architectures is the pinned engine's own (no engine start)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from app.core.memory.fit import ARCHITECTURES_FILE
from app.supervisor.engines.cpu import VLLM_CPU_VERSION, CpuEngine

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import vllm_architectures  # noqa: E402

pytestmark = pytest.mark.real_engine


def test_the_shipped_architecture_list_matches_the_pinned_vllm(cpu_engine: CpuEngine) -> None:
    registry = vllm_architectures.find_registry(str(cpu_engine.root))
    fresh = vllm_architectures.build(registry)
    shipped = json.loads((ROOT / "app" / "core" / "data" / ARCHITECTURES_FILE).read_text())
    assert fresh["vllm_version"] == VLLM_CPU_VERSION
    assert shipped == fresh, "run: python scripts/vllm_architectures.py"
