"""Model folders: what makes one loadable, how damage shows, which repo files a download keeps."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.models.registry import ModelEntry, parse_checkpoint
from app.core.problems.problems import ProblemError
from app.downloads.cache_layout import CacheLayout
from app.downloads.selection import select_files
from app.downloads.status import (
    check_folder,
    model_status,
    safetensors_damage,
    validate_local_folder,
)
from tests.fakes.fake_hub import build_tiny_model, write_safetensors


def local(path: Path) -> ModelEntry:
    return ModelEntry(
        name="mine", source="user", checkpoint=parse_checkpoint(str(path)), size_gb=None, labels=()
    )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return build_tiny_model(tmp_path / "tiny", weights_bytes=4096, extras=False)


def test_a_whole_folder_is_complete_and_used_in_place(folder: Path, tmp_path: Path) -> None:
    assert check_folder(folder).ok
    validate_local_folder(folder)
    status = model_status(local(folder), tmp_path / "unused-cache")
    assert status.state == "complete"
    assert status.snapshot_path == folder
    assert status.bytes_on_disk == sum(p.stat().st_size for p in folder.iterdir())
    assert not (tmp_path / "unused-cache").exists()


def test_missing_config_and_weights_are_named(folder: Path, tmp_path: Path) -> None:
    (folder / "config.json").unlink()
    (folder / "model.safetensors").unlink()
    with pytest.raises(ProblemError) as err:
        validate_local_folder(folder)
    p = err.value.problem
    assert p.code == "models.local_invalid"
    assert p.params["missing"] == ["config.json", "weights (*.safetensors)"]
    assert "config.json" in p.english()
    status = model_status(local(folder), tmp_path)
    assert status.state == "not_downloaded"
    assert status.problem is not None and status.problem.code == "models.local_invalid"


def test_a_folder_that_does_not_exist(tmp_path: Path) -> None:
    with pytest.raises(ProblemError) as err:
        validate_local_folder(tmp_path / "nowhere")
    assert err.value.problem.code == "models.local_invalid"
    assert err.value.problem.params["missing"] == [str(tmp_path / "nowhere")]


def test_sharded_weights_need_every_shard_of_the_index(tmp_path: Path) -> None:
    folder = build_tiny_model(tmp_path / "sharded", weights_bytes=8192, shards=3, extras=False)
    assert check_folder(folder).ok
    (folder / "model-00002-of-00003.safetensors").unlink()
    assert check_folder(folder).missing == ("model-00002-of-00003.safetensors",)


def test_pytorch_weights_count_when_there_are_no_safetensors(folder: Path) -> None:
    (folder / "model.safetensors").unlink()
    (folder / "training_args.bin").write_bytes(b"not weights")
    assert not check_folder(folder).ok
    (folder / "pytorch_model.bin").write_bytes(b"\0" * 128)
    assert check_folder(folder).ok


def test_safetensors_damage_is_read_from_the_header(tmp_path: Path) -> None:
    good = tmp_path / "good.safetensors"
    write_safetensors(good, 10_000, seed=3)
    assert safetensors_damage(good) is None

    cut = tmp_path / "cut.safetensors"
    cut.write_bytes(good.read_bytes()[:-100])
    assert (safetensors_damage(cut) or "").startswith("truncated")

    long = tmp_path / "long.safetensors"
    long.write_bytes(good.read_bytes() + b"\0" * 5)
    assert safetensors_damage(long) == "5 bytes too long"

    junk = tmp_path / "junk.safetensors"
    junk.write_bytes(b"\x10\0\0\0\0\0\0\0not json at all!")
    assert safetensors_damage(junk) == "unreadable header"
    assert safetensors_damage(tmp_path / "absent.safetensors") == "missing"


def test_a_damaged_shard_makes_the_folder_invalid(folder: Path) -> None:
    weights = folder / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[:-1])
    check = check_folder(folder)
    assert check.missing == ()
    assert check.damaged and check.damaged[0].startswith("model.safetensors (truncated")


def test_unreadable_index_is_damage(folder: Path) -> None:
    (folder / "model.safetensors.index.json").write_text("{ nope")
    assert check_folder(folder).damaged == ("model.safetensors.index.json (unreadable)",)


def test_status_rechecks_a_file_that_changed(folder: Path) -> None:
    weights = folder / "model.safetensors"
    assert safetensors_damage(weights) is None
    data = weights.read_bytes()
    weights.write_bytes(data[:-10])
    assert safetensors_damage(weights) is not None  # not served from the cache of results
    weights.write_bytes(data)
    assert safetensors_damage(weights) is None


def test_download_selection_skips_duplicate_weight_formats() -> None:
    repo = [
        ".gitattributes",
        "README.md",
        "config.json",
        "generation_config.json",
        "model-00001-of-00002.safetensors",
        "model-00002-of-00002.safetensors",
        "model.safetensors.index.json",
        "tokenizer.json",
        "tokenizer_config.json",
        "chat_template.jinja",
        "modeling_custom.py",
        "params.json",
        "consolidated.safetensors",
        "pytorch_model.bin",
        "model.gguf",
        "onnx/model.onnx",
        "original/consolidated.00.pth",
        "figures/benchmark.png",
    ]
    assert select_files(repo) == [
        ".gitattributes",
        "README.md",
        "chat_template.jinja",
        "config.json",
        "generation_config.json",
        "model.safetensors.index.json",
        "modeling_custom.py",
        "params.json",
        "tokenizer.json",
        "tokenizer_config.json",
        "model-00001-of-00002.safetensors",
        "model-00002-of-00002.safetensors",
    ]


def test_download_selection_keeps_pytorch_weights_without_safetensors() -> None:
    chosen = select_files(["config.json", "pytorch_model.bin", "tokenizer.json", "model.gguf"])
    assert chosen == ["config.json", "tokenizer.json", "pytorch_model.bin"]


def test_mistral_consolidated_only_repo_keeps_its_weights() -> None:
    chosen = select_files(["params.json", "consolidated.safetensors", "tekken.json"])
    assert chosen == ["params.json", "tekken.json", "consolidated.safetensors"]


def test_a_partial_download_reads_its_recorded_total(tmp_path: Path) -> None:
    """Issue 32 item 5: after a restart the total comes from what the download kept."""
    entry = ModelEntry(
        name="x", source="user", checkpoint=parse_checkpoint("org/x"), size_gb=None, labels=()
    )
    layout = CacheLayout(tmp_path, "org/x")
    commit = "c" * 40
    layout.record_revision("main", commit)
    (layout.storage / "blobs").mkdir(parents=True)
    (layout.storage / "blobs" / ("e" * 64 + ".incomplete")).write_bytes(b"x" * 100)
    assert model_status(entry, tmp_path).expected_bytes is None  # nothing kept: unknown
    layout.record_total(commit, 1_800_000_000)
    status = model_status(entry, tmp_path)
    assert status.state == "partial" and status.expected_bytes == 1_800_000_000
