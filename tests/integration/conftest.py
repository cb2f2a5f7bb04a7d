"""Fixtures of the download tests: an isolated Hugging Face cache, a fake hub with a tiny model."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from huggingface_hub import constants as hf_constants

from tests.fakes.fake_hub import FakeHub, build_tiny_model


@pytest.fixture
def hf_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "hf-home"
    monkeypatch.setenv("HF_HOME", str(home))
    monkeypatch.setenv("HF_HUB_CACHE", str(home / "hub"))
    monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")
    monkeypatch.delenv("HF_TOKEN", raising=False)
    # huggingface_hub reads HF_HUB_OFFLINE once at import; the runner's env must not leak in.
    monkeypatch.setattr(hf_constants, "HF_HUB_OFFLINE", False)
    return home / "hub"


@pytest.fixture
def hub_weights_bytes() -> int:
    """The size of the weights `hub` serves in org/tiny; a test module may override it."""
    return 2 * 1024 * 1024


@pytest.fixture
def hub(tmp_path: Path, hub_weights_bytes: int) -> Iterator[FakeHub]:
    """A fake hub serving org/tiny: a tiny model in two safetensors shards."""
    root = tmp_path / "repos"
    build_tiny_model(root / "org" / "tiny", weights_bytes=hub_weights_bytes, shards=2)
    fake = FakeHub()
    fake.start(root)
    yield fake
    fake.stop()
