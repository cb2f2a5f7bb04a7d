"""Which files of a Hugging Face repository a download fetches for vLLM, and in what order.

Decision: the whole repository *minus* what vLLM never reads, rather than an allow-list.

An allow-list (config*.json, tokenizer*, *.safetensors, …) breaks silently on repositories that
need one more small file vLLM reads: custom modelling code for `--trust-remote-code`
(`*.py`), Mistral's `params.json` / `tekken.json`, tiktoken vocabularies, quantisation configs
(`quantize_config.json`, `hf_quant_config.json`), new processor configs. Those files are tiny;
missing one costs the user a failed load. What makes "the whole repo" expensive is always the
same handful of things: the weights again in other formats (PyTorch `.bin`/`.pt`, GGUF, ONNX,
Flax, TF, Core ML, OpenVINO, the `original/` checkpoint of Llama repos, Mistral's
`consolidated.safetensors` next to the sharded HF weights) and documentation media. Those are
excluded; everything else is fetched. When a repository has no safetensors at all, PyTorch
`.bin`/`.pt` weights are kept because vLLM falls back to them.
"""

from __future__ import annotations

from collections.abc import Iterable
from fnmatch import fnmatchcase
from pathlib import PurePosixPath

# Weights in formats vLLM does not load from an HF-format folder (or duplicates of the weights).
_ALWAYS_SKIPPED = (
    "*.gguf",
    "*.onnx",
    "*.onnx_data",
    "*.msgpack",
    "*.h5",
    "*.tflite",
    "*.ot",
    "*.mlmodel",
    "*.nemo",
    "*.ckpt",
    # Documentation media: never read by a model loader.
    "*.png",
    "*.jpg",
    "*.jpeg",
    "*.gif",
    "*.webp",
    "*.mp4",
    "*.pdf",
)
_SKIPPED_FOLDERS = frozenset({"onnx", "openvino", "coreml", "original", "gguf", "flax", "tf"})
_TORCH_WEIGHTS = ("*.bin", "*.pt", "*.pth")
WEIGHT_PATTERNS = ("*.safetensors", *_TORCH_WEIGHTS)


def _matches(path: str, patterns: Iterable[str]) -> bool:
    name = PurePosixPath(path).name.lower()
    return any(fnmatchcase(name, p) for p in patterns)


def is_weight_file(path: str) -> bool:
    return _matches(path, WEIGHT_PATTERNS)


def select_files(paths: Iterable[str]) -> list[str]:
    """The repository files to fetch for vLLM, small files first, then the weights by name.

    Small files go first so that an interrupted download already has the config and tokenizer,
    and a folder whose weights are all present is complete.
    """
    all_paths = list(paths)
    has_safetensors = any(_matches(p, ("*.safetensors",)) for p in all_paths)
    has_sharded_hf = any(
        _matches(p, ("*.safetensors",)) and not _matches(p, ("consolidated*.safetensors",))
        for p in all_paths
    )
    chosen: list[str] = []
    for path in all_paths:
        parts = PurePosixPath(path).parts
        if len(parts) > 1 and parts[0].lower() in _SKIPPED_FOLDERS:
            continue
        if _matches(path, _ALWAYS_SKIPPED):
            continue
        if has_safetensors and _matches(path, _TORCH_WEIGHTS):
            continue
        # Mistral repos ship the same weights twice; vLLM reads the HF-format shards.
        if has_sharded_hf and _matches(path, ("consolidated*.safetensors",)):
            continue
        chosen.append(path)
    return sorted(chosen, key=lambda p: (is_weight_file(p), p))
