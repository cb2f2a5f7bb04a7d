"""A real Runtime wired to the fake engine and tiny local model folders, for tests."""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from app.core.events import Event, ProcessStateChanged
from app.core.paths import resolve_paths
from app.core.states import ProcessState
from app.runtime.composition.runtime import Runtime, RuntimeOptions

FAKE = Path(__file__).resolve().parent / "fake_vllm.py"

# A tiny Llama shape: 2 layers x 1 KV head x head_dim 64 x (K+V) x 4 bytes = 1 KiB per token.
TINY_CONFIG = {
    "architectures": ["LlamaForCausalLM"],
    "model_type": "llama",
    "hidden_size": 128,
    "num_attention_heads": 2,
    "num_key_value_heads": 1,
    "head_dim": 64,
    "num_hidden_layers": 2,
    "intermediate_size": 256,
    "max_position_embeddings": 4096,
    "torch_dtype": "float32",
}


def make_model_folder(folder: Path) -> Path:
    """config.json plus a valid (tiny) safetensors file: what the app accepts as a model."""
    folder.mkdir(parents=True)
    (folder / "config.json").write_text(json.dumps(TINY_CONFIG))
    header = json.dumps({"w": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}).encode()
    (folder / "model.safetensors").write_bytes(
        len(header).to_bytes(8, "little") + header + b"\0" * 8
    )
    return folder


def fake_engine(*switches: str) -> str:
    """The engine.custom_command that runs the fake engine with `switches`."""
    return shlex.join([sys.executable, str(FAKE), *switches])


def make_runtime(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    models: Sequence[str] = ("a", "b"),
    settings: Mapping[str, Any] | None = None,
    sysfs_root: Path | None = None,
    **options: Any,
) -> Runtime:
    """A Runtime (not started) on the fake engine with user.<name> for each of `models`.

    `sysfs_root` is a fake /sys (tests/unit/sysfs_trees.py) for the GPUs; none by default.
    """
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    rt = Runtime(
        resolve_paths(tmp_path / "home"),
        RuntimeOptions(
            **{"sysfs_root": sysfs_root or tmp_path / "no-sys", "sample_gpu": False, **options}
        ),
    )
    rt._parts.settings.set_many(
        {"engine.kind": "custom", "engine.custom_command": fake_engine(), **(settings or {})}
    )
    for name in models:
        rt._parts.registry.add_user_model(name, str(make_model_folder(tmp_path / name)))
    return rt


def starts(events: list[Event], model_id: str) -> int:
    """How many times `model_id` entered STARTING in `events`."""
    return sum(
        1
        for e in events
        if isinstance(e, ProcessStateChanged)
        and e.model_id == model_id
        and e.new is ProcessState.STARTING
    )
