"""A home folder laid out as Lemonade Server lays it out, with vLLM models, options and a bundle.

What goes where follows Lemonade's code (app/core/lemonade/lemonade.py cites it):
`~/.config/lemonade/`
holds user_models.json (bare names, `recipe`), recipe_options.json (built-ins by bare name,
user models as `user.NAME`, with other recipes' fields beside) and config.json (`vllm.args`
nested, `models_dir`); the Hugging Face files are in the hub layout under `models_dir`; the
vLLM ROCm bundle is unpacked in `~/.cache/lemonade/bin/vllm/rocm/` with `version.txt`
holding the release tag. The bundle's `bin/vllm-server` runs the fake vLLM engine and notes
each start in `launches.txt` beside the bundle, so a test can see it was used.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.fakes.fake_hub import build_tiny_model

ROOT = Path(__file__).resolve().parents[2]
FAKE_VLLM = ROOT / "tests" / "fakes" / "fake_vllm.py"
BUNDLE_TAG = "vllm0.20.1-rocm7.12.0-gfx1151"
USER_MODEL = "Qwen3-0.6B-vLLM"  # user.Qwen3-0.6B-vLLM once imported
USER_REPO = "Qwen/Qwen3-0.6B"
BUILTIN_MODEL = "Qwen3.5-0.8B-FP16-vLLM"  # in this app's catalog too
BUILTIN_REPO = "Qwen/Qwen3.5-0.8B"


@dataclass(frozen=True)
class LemonadeHome:
    home: Path
    config_dir: Path
    cache_dir: Path
    models_dir: Path
    bundle: Path  # the unpacked bundle's top folder (bin/vllm-server inside)
    launches: Path  # one line per start of the bundle's launcher


def hub_snapshot(cache: Path, repo: str, source: Path, commit: str) -> Path:
    """Put `source`'s files into `cache` as huggingface_hub does: blobs named by their hash,
    snapshot entries as relative links to them, refs/main naming the commit."""
    storage = cache / ("models--" + repo.replace("/", "--"))
    snapshot = storage / "snapshots" / commit
    (storage / "blobs").mkdir(parents=True, exist_ok=True)
    for path in sorted(p for p in source.rglob("*") if p.is_file()):
        data = path.read_bytes()
        blob = storage / "blobs" / hashlib.sha256(data).hexdigest()
        blob.write_bytes(data)
        pointer = snapshot / path.relative_to(source)
        pointer.parent.mkdir(parents=True, exist_ok=True)
        pointer.symlink_to(os.path.relpath(blob, pointer.parent))
    (storage / "refs").mkdir(exist_ok=True)
    (storage / "refs" / "main").write_text(commit)
    return snapshot


def _write_json(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def _bundle(cache_dir: Path, launches: Path) -> Path:
    root = cache_dir / "bin" / "vllm" / "rocm"
    top = root / f"{BUNDLE_TAG}-x64"
    (top / "lib").mkdir(parents=True)
    (top / "lib" / "librocm-placeholder.so").write_bytes(b"\0" * 64)
    launcher = top / "bin" / "vllm-server"
    launcher.parent.mkdir()
    launcher.write_text(
        f'#!/bin/sh\necho "$0" >> "{launches}"\nexec "{sys.executable}" "{FAKE_VLLM}" "$@"\n',
        encoding="utf-8",
    )
    launcher.chmod(0o755)
    (root / "version.txt").write_text(BUNDLE_TAG + "\n", encoding="utf-8")
    return top


def build_lemonade_home(base: Path, *, models_dir: Path | None = None) -> LemonadeHome:
    """A Lemonade user's home under `base`: two vLLM models downloaded (one of theirs, one
    built in), a llama.cpp model beside them, options, settings and the ROCm bundle."""
    home = base / "home"
    config_dir = home / ".config" / "lemonade"
    cache_dir = home / ".cache" / "lemonade"
    models_dir = models_dir or base / "lemonade-models"
    _write_json(
        config_dir / "user_models.json",
        {
            USER_MODEL: {
                "model_name": USER_MODEL,
                "checkpoint": USER_REPO,
                "recipe": "vllm",
                "size": 1.2,
                "labels": ["custom", "chat"],
            },
            "Llama-3.2-1B-GGUF": {
                "checkpoint": "unsloth/Llama-3.2-1B-Instruct-GGUF:Q4_K_M",
                "recipe": "llamacpp",
                "labels": ["custom"],
            },
        },
    )
    _write_json(
        config_dir / "recipe_options.json",
        {
            f"user.{USER_MODEL}": {
                "ctx_size": 16384,
                "vllm_args": "--max-num-seqs 4",
                "vllm_backend": "rocm",
            },
            BUILTIN_MODEL: {"ctx_size": 32768},
            "user.Llama-3.2-1B-GGUF": {"ctx_size": 4096, "llamacpp_args": "-ngl 99"},
            "Qwen3.6-27B-FP8-vLLM-lowconc": {"vllm_args": "--port 9000 --max-num-seqs 8"},
        },
    )
    _write_json(
        config_dir / "config.json",
        {
            "config_version": 2,
            "port": 13305,
            "ctx_size": -1,
            "models_dir": str(models_dir),
            "vllm": {"args": "--max-num-batched-tokens 4096", "backend": "auto"},
            "llamacpp": {"args": "", "backend": "auto"},
        },
    )
    source = base / "sources"
    hub_snapshot(
        models_dir,
        USER_REPO,
        build_tiny_model(source / "user", weights_bytes=256 * 1024, extras=False),
        "a" * 40,
    )
    hub_snapshot(
        models_dir,
        BUILTIN_REPO,
        build_tiny_model(source / "builtin", weights_bytes=128 * 1024, shards=2, extras=False),
        "b" * 40,
    )
    launches = base / "launches.txt"
    bundle = _bundle(cache_dir, launches)
    return LemonadeHome(home, config_dir, cache_dir, models_dir, bundle, launches)
