"""`vllm-tray search` for a model the engine cannot run (issue 32 item 1): SearchZebra-1B, whose
architecture ZebraForCausalLM is the repository's own code and not in vLLM's registry, reads
"cannot run" with the reason — never "fits", however small it is — in the text and the JSON,
and `search --add` of it says so before it downloads."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fakes.engine_runtime import TINY_CONFIG
from tests.fakes.fake_hub import FakeHub
from tests.integration.test_search import _repo, block_of, env_for, search

ZEBRA = "org/SearchZebra-1B"
# Small enough to fit anywhere: only the architecture stands in the way.
ZEBRA_CONFIG = {
    **TINY_CONFIG,
    "architectures": ["ZebraForCausalLM"],
    "model_type": "zebra",
    "auto_map": {"AutoModelForCausalLM": "modeling_zebra.ZebraForCausalLM"},
}
WHY = (
    "ZebraForCausalLM is this repository's own code, not one of the architectures "
    "vLLM 0.32.0 can load, so the model cannot run here."
)


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[FakeHub]:
    root = tmp_path / "repos"
    _repo(root, ZEBRA, ZEBRA_CONFIG, downloads=900, likes=9)
    _repo(root, "org/Search-chat", TINY_CONFIG, downloads=500, likes=4)
    fake = FakeHub()
    fake.start(root)
    yield fake
    fake.stop()


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    return home


def test_search_says_cannot_run_for_an_architecture_the_engine_lacks(
    hub: FakeHub, home: Path, tmp_path: Path
) -> None:
    env = env_for(tmp_path, hub.url)
    done = search(home, env, "search")
    assert done.returncode == 0, done.stderr
    zebra = block_of(done.stdout, ZEBRA)
    assert f"\n  cannot run: {WHY}" in zebra, zebra
    assert "fits" not in zebra
    assert "ZebraForCausalLM (not supported by vLLM 0.32.0)" in zebra
    # A model the engine runs still reads as fitting.
    assert "\n  fits: needs " in block_of(done.stdout, "org/Search-chat")

    found = json.loads(search(home, env, "search", "--json").stdout)
    details = {r["repo_id"]: r["details"] for r in found}
    assert details[ZEBRA]["fit"] == "cannot_run" and details[ZEBRA]["fit_label"] == "cannot run"
    assert details[ZEBRA]["cannot_run"]["code"] == "search.cannot_run_custom"
    assert details["org/Search-chat"]["fit"] == "fits"
    assert details["org/Search-chat"]["cannot_run"] is None
    assert hub.served(ZEBRA, "model.safetensors") == 0  # nothing was downloaded


def test_adding_it_by_name_warns_before_it_downloads(
    hub: FakeHub, home: Path, tmp_path: Path
) -> None:
    done = search(home, env_for(tmp_path, hub.url), "--add", ZEBRA)
    assert done.returncode == 0, done.stderr
    assert f"vllm-tray: warning: {WHY}" in done.stderr
    assert "registered user.SearchZebra-1B" in done.stdout
