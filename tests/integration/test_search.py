"""`vllm-tray search` as users run it, against the fake hub: results with their size, format,
architecture, context and fit before anything is downloaded; a GGUF-only repo, a gated one, an
architecture vLLM lacks; no network; and adding a result. Then the service the GUI will call:
details fetched a few at a time, once."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.core.memory.fit import ArchSupport, FitVerdict, WeightFormat
from app.core.models.registry import Registry
from app.core.paths import resolve_paths
from app.core.search.hub_search import SearchQuery, SearchSort
from app.runtime.api.values import ModelDetails
from app.runtime.composition.runtime import Runtime, RuntimeOptions
from app.runtime.search.search import DETAILS_AT_ONCE
from tests.fakes.engine_runtime import TINY_CONFIG
from tests.fakes.fake_hub import FakeHub, build_tiny_model, refusing_url

ROOT = Path(__file__).resolve().parents[2]
GRANTED = "hf_granted_token"
# 64 layers x 64 KV heads x 128 x (K+V) x 4 bytes = 4 MiB of KV cache per token: a million
# tokens need 4 TiB, a thousand 4 GiB. "Fits at a shorter context" on any test machine.
LONG_CONFIG = {
    **TINY_CONFIG,
    "architectures": ["Qwen3ForCausalLM"],
    "model_type": "qwen3",
    "num_hidden_layers": 64,
    "num_attention_heads": 64,
    "num_key_value_heads": 64,
    "head_dim": 128,
    "hidden_size": 8192,
    "max_position_embeddings": 1_048_576,
}
# 512 MiB per token: not even the 1024 tokens a chat needs fit anywhere a test runs.
HUGE_CONFIG = {**LONG_CONFIG, "num_key_value_heads": 1024, "head_dim": 1024}


def _repo(root: Path, repo_id: str, config: dict[str, Any] | None, **listing: Any) -> Path:
    folder = root / repo_id
    build_tiny_model(folder, weights_bytes=256 * 1024, extras=False)
    if config is None:
        (folder / "config.json").unlink()
    else:
        (folder / "config.json").write_text(json.dumps(config))
    (folder / "hub.json").write_text(json.dumps(listing))
    return folder


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[FakeHub]:
    root = tmp_path / "repos"
    _repo(root, "org/tiny-chat", TINY_CONFIG, downloads=500, likes=40, license="apache-2.0",
          last_modified="2026-03-01T10:00:00.000Z")  # fmt: skip
    gguf = root / "org" / "tiny-gguf"
    gguf.mkdir(parents=True)
    (gguf / "tiny.Q4_K_M.gguf").write_bytes(b"GGUF" + bytes(4096))
    (gguf / "README.md").write_text("# GGUF only\n")
    (gguf / "hub.json").write_text(json.dumps({"downloads": 900, "likes": 5}))
    _repo(root, "org/tiny-gated", TINY_CONFIG, downloads=300, likes=90, gated=True)
    novel = {**TINY_CONFIG, "architectures": ["NovelForCausalLM"], "model_type": "novel"}
    _repo(root, "org/tiny-novel", novel, downloads=100, likes=1)
    _repo(root, "org/tiny-long", LONG_CONFIG, downloads=50, likes=2)
    _repo(root, "org/tiny-huge", HUGE_CONFIG, downloads=40, likes=3)
    _repo(root, "org/tiny-embedder", TINY_CONFIG, downloads=800, pipeline_tag="feature-extraction")
    _repo(root, "Qwen/Qwen3.5-tiny", TINY_CONFIG, downloads=10, likes=4)
    fake = FakeHub()
    fake.start(root)
    fake.repos["org/tiny-gated"].tokens = frozenset({GRANTED})
    fake.valid_tokens.add(GRANTED)
    yield fake
    fake.stop()


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    # A default context of a million tokens: what the long-context repo cannot have here.
    (home / "settings.json").write_text(json.dumps({"models.ctx_size": 1_048_576}))
    return home


def env_for(tmp_path: Path, endpoint: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("HF_TOKEN", "VLLM_TRAY_HOME")}
    return {
        **env,
        "HF_ENDPOINT": endpoint,
        "HF_HUB_OFFLINE": "0",
        "HF_HUB_CACHE": str(tmp_path / "hf-cache"),
        "HF_HUB_DISABLE_TELEMETRY": "1",
        "HF_HOME": str(tmp_path / "hf-home"),  # no login token of the machine's user
        **extra,
    }


def search(home: Path, env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", "search", *argv, "--config-dir", str(home)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def block_of(stdout: str, repo: str) -> str:
    """The lines of one result in the text output: its head line and the indented ones."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(repo + "  "))
    end = start + 1
    while end < len(lines) and lines[end].startswith("  "):
        end += 1
    return "\n".join(lines[start:end])


# -- vllm-tray search ---------------------------------------------------------------------------
def test_search_shows_each_result_with_its_fit_before_any_download(
    hub: FakeHub, home: Path, tmp_path: Path
) -> None:
    done = search(home, env_for(tmp_path, hub.url), "tiny")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    order = [line.split()[0] for line in out.splitlines() if line[:1].isalpha()]
    # Most downloaded first; the feature-extraction repo is not a text generator.
    assert order[:6] == [
        "org/tiny-gguf",
        "org/tiny-chat",
        "org/tiny-gated",
        "org/tiny-novel",
        "org/tiny-long",
        "org/tiny-huge",
    ]
    assert "org/tiny-embedder" not in out

    chat = block_of(out, "org/tiny-chat")
    assert "500 downloads, 40 likes, updated 2026-03-01, apache-2.0" in chat
    assert "safetensors, LlamaForCausalLM (runs on vLLM 0.32.0), float32, context 4096" in chat
    assert "\n  fits: needs " in chat and "at ctx 4096 of" in chat

    gguf = block_of(out, "org/tiny-gguf")
    assert "not loadable by vLLM: GGUF files only" in gguf

    gated = block_of(out, "org/tiny-gated")
    assert "gated" in gated.splitlines()[0]
    # The hub shows the architecture of a gated repo; its config.json is behind the gate.
    assert "LlamaForCausalLM (runs on vLLM 0.32.0)" in gated
    assert "fit unknown" in gated
    assert "accept its terms on https://huggingface.co/org/tiny-gated" in gated
    assert "vllm-tray config set-secret hf_token" in gated

    novel = block_of(out, "org/tiny-novel")
    assert "NovelForCausalLM (not supported by vLLM 0.32.0)" in novel

    long = block_of(out, "org/tiny-long")
    assert "Qwen3ForCausalLM (runs on vLLM 0.32.0), float32, context 1048576" in long
    assert "fits at ctx " in long
    assert "won't fit" in block_of(out, "org/tiny-huge")
    # Nothing was downloaded: no repository folder in the cache.
    assert not (tmp_path / "hf-cache").exists() or not any((tmp_path / "hf-cache").iterdir())


def test_search_json_and_its_filters(hub: FakeHub, home: Path, tmp_path: Path) -> None:
    env = env_for(tmp_path, hub.url)
    done = search(home, env, "tiny", "--json", "--sort", "likes", "--limit", "3")
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert [r["repo_id"] for r in results] == ["org/tiny-gated", "org/tiny-chat", "org/tiny-gguf"]
    gated, chat, gguf = results
    assert gated["gated"] is True and gated["problem"]["code"] == "search.gated"
    assert gated["details"]["fit"] == "unknown"
    assert chat["details"]["fit"] == "fits" and chat["details"]["max_ctx"] == 4096
    assert chat["details"]["weight_format"] == "safetensors"
    assert chat["details"]["vllm_support"] == "generate"
    assert chat["license"] == "apache-2.0" and chat["last_modified"].startswith("2026-03-01")
    assert gguf["details"]["fit"] == "not_loadable" and gguf["details"]["weight_format"] == "gguf"

    long = json.loads(search(home, env, "tiny-long", "--json").stdout)[0]["details"]
    assert long["fit"] == "fits_shorter"
    assert long["ctx_size"] == 1_048_576 and 1024 <= long["max_ctx"] < long["ctx_size"]
    assert long["max_ctx"] % 256 == 0

    every = json.loads(search(home, env, "--task", "any", "--author", "org", "--json").stdout)
    assert "org/tiny-embedder" in {r["repo_id"] for r in every}
    assert "Qwen/Qwen3.5-tiny" not in {r["repo_id"] for r in every}


def test_a_token_with_access_shows_the_gated_repos_fit(
    hub: FakeHub, home: Path, tmp_path: Path
) -> None:
    done = search(home, env_for(tmp_path, hub.url, HF_TOKEN=GRANTED), "tiny-gated", "--json")
    assert done.returncode == 0, done.stderr
    (gated,) = json.loads(done.stdout)
    assert gated["problem"] is None
    assert gated["details"]["fit"] == "fits"
    assert any(r.authorization == f"Bearer {GRANTED}" for r in hub.requests)


def test_no_network_says_search_unavailable_at_once(home: Path, tmp_path: Path) -> None:
    began = time.monotonic()
    search(home, env_for(tmp_path, refusing_url()), "--help")
    starting = time.monotonic() - began  # this machine's start of the CLI, right now
    began = time.monotonic()
    done = search(home, env_for(tmp_path, refusing_url()), "qwen")
    took = time.monotonic() - began - starting
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("vllm-tray: Search unavailable: Hugging Face (http://127.0.0.1:")
    assert "the connection could not be made" in done.stderr
    # huggingface_hub's list_models would retry a refused connection for 23 s.
    # Timing is the behaviour: a refused hub is said at once, not after retries.
    assert took < 15, f"{took:.1f} s past the CLI's own start of {starting:.1f} s"

    offline = search(home, env_for(tmp_path, refusing_url(), HF_HUB_OFFLINE="1"), "qwen")
    assert offline.returncode == 1
    assert "HF_HUB_OFFLINE is set" in offline.stderr


def test_add_registers_and_downloads_with_the_family_arguments(
    hub: FakeHub, home: Path, tmp_path: Path
) -> None:
    env = env_for(tmp_path, hub.url)
    found = json.loads(search(home, env, "Qwen3.5", "--json").stdout)
    assert found[0]["details"]["family_args"] == [
        "--enable-auto-tool-choice",
        "--tool-call-parser",
        "qwen3_coder",
    ]
    added = search(home, env, "--add", "Qwen/Qwen3.5-tiny")
    assert added.returncode == 0, added.stderr
    assert "registered user.Qwen3.5-tiny -> Qwen/Qwen3.5-tiny" in added.stdout
    assert "user.Qwen3.5-tiny downloaded; try it: vllm-tray chat user.Qwen3.5-tiny" in added.stdout

    options = subprocess.run(
        [sys.executable, "-m", "app", "options", "user.Qwen3.5-tiny", "--config-dir", str(home)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert "from family qwen3.: --enable-auto-tool-choice --tool-call-parser qwen3_coder" in (
        options.stdout
    )
    again = search(home, env, "Qwen3.5")
    assert "registered as user.Qwen3.5-tiny" in again.stdout


def test_add_refuses_a_gguf_only_repo_and_writes_nothing(
    hub: FakeHub, home: Path, tmp_path: Path
) -> None:
    done = search(home, env_for(tmp_path, hub.url), "--add", "org/tiny-gguf")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "holds only GGUF files" in done.stderr
    assert not (home / "user_models.json").exists()
    assert not (tmp_path / "hf-cache").exists()
    assert Registry(resolve_paths(home)).find("user.tiny-gguf") is None


def test_add_of_a_gated_repo_without_access_says_what_to_do(
    hub: FakeHub, home: Path, tmp_path: Path
) -> None:
    done = search(home, env_for(tmp_path, hub.url), "--add", "org/tiny-gated")
    assert done.returncode == 1
    assert "Accept them on the model's page" in done.stderr
    assert Registry(resolve_paths(home)).find("user.tiny-gated") is None  # rolled back


# -- the service the GUI calls ----------------------------------------------------------------
@pytest.fixture
def runtime(hub: FakeHub, home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Runtime:
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf-cache"))
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    monkeypatch.delenv("HF_TOKEN", raising=False)
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    options = RuntimeOptions(sysfs_root=tmp_path / "no-sys", hf_endpoint=hub.url, sample_gpu=False)
    return Runtime(resolve_paths(home), options)


async def test_details_are_fetched_a_few_at_a_time_and_once(runtime: Runtime, hub: FakeHub) -> None:
    await runtime.services.views.refresh_system()
    query = SearchQuery("tiny", sort=SearchSort.LIKES)
    results = (await runtime.services.search.search(query)).results
    assert results[0].model.repo_id == "org/tiny-gated" and results[0].details is None
    hub.api_delay_s = 0.3
    repos = [r.model.repo_id for r in results]
    got = {repo: found async for repo, found in runtime.services.search.details_many(repos)}
    assert set(got) == set(repos)
    assert 2 <= hub.api_max_in_flight <= DETAILS_AT_ONCE
    chat = got["org/tiny-chat"]
    assert isinstance(chat, ModelDetails)
    assert chat.weight_format is WeightFormat.SAFETENSORS and chat.fit.verdict is FitVerdict.FITS
    novel = got["org/tiny-novel"]
    assert isinstance(novel, ModelDetails) and novel.support is ArchSupport.UNKNOWN

    asked = len(hub.requests)
    again = (await runtime.services.search.search(query)).results
    assert all(r.details is not None for r in again)  # known already: shown at once
    await asyncio.gather(*(runtime.services.search.details(repo) for repo in repos))
    assert len(hub.requests) == asked + 1  # only the search itself asked the hub again


async def test_a_failed_detail_is_asked_again(runtime: Runtime, hub: FakeHub) -> None:
    await runtime.services.views.refresh_system()
    found = [x async for x in runtime.services.search.details_many(["org/nothing-here"])]
    (repo, problem), = found  # fmt: skip
    assert repo == "org/nothing-here"
    assert not isinstance(problem, ModelDetails) and problem.code == "search.not_found"
    hub.add_repo("org/nothing-here", hub.repos["org/tiny-chat"].folder)
    details = await runtime.services.search.details("org/nothing-here")
    assert details.fit.verdict is FitVerdict.FITS


def test_an_id_or_author_that_cannot_be_a_repository_is_said_so_not_a_network_failure(
    hub: FakeHub, home: Path, tmp_path: Path
) -> None:
    env = env_for(tmp_path, hub.url)
    for repo in ("bad repo!!", "a/b/c"):
        added = search(home, env, "--add", repo)
        assert added.returncode == 2
        assert added.stderr == (
            f"vllm-tray: “{repo}” is not a Hugging Face repository id: write it as ORG/NAME, "
            "each part letters, digits, '-', '_' or '.' (at most 96 characters).\n"
        )
    assert not (home / "user_models.json").exists()
    found = search(home, env, "tiny", "--author", "no such org!")
    assert found.returncode == 2
    assert "is not a Hugging Face user or organisation name" in found.stderr
    assert "cannot be reached" not in found.stderr
    # A search the hub reads and refuses (HTTP 400) is the hub's word, not "unreachable".
    hub.search_refusal = "Invalid search query"
    refused = search(home, env, "tiny")
    assert refused.returncode == 2
    assert refused.stderr == (
        "vllm-tray: Hugging Face refused this search: Invalid search query. "
        "Check the words and the author.\n"
    )
