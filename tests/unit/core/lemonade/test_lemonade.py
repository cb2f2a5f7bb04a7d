"""Reading a Lemonade setup, planning its import and linking its files
(app.core.lemonade.lemonade*)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.lemonade.lemonade import MAX_FILE_BYTES, lemonade_dirs, parse_bundle_tag, read_setup
from app.core.lemonade.lemonade_compare import plan_import
from app.core.lemonade.lemonade_files import link_snapshot, snapshot_for
from app.core.lemonade.lemonade_plan import ChangeKind, EngineFacts, FileFacts, HereNow
from app.core.models.registry import ModelEntry, ModelOptions, parse_checkpoint
from tests.fakes.lemonade_home import (
    BUNDLE_TAG,
    USER_MODEL,
    USER_REPO,
    build_lemonade_home,
    hub_snapshot,
)

BUILTIN = ModelEntry(
    "Qwen3.5-0.8B-FP16-vLLM", "builtin", parse_checkpoint("Qwen/Qwen3.5-0.8B"), 1.77, ("chat",)
)


def here(**kw: object) -> HereNow:
    base: dict[str, object] = {
        "builtins": {BUILTIN.name: BUILTIN},
        "users": {},
        "options": {},
        "settings": {"models.vllm_args": "", "models.ctx_size": 8192},
        "files": {},
        "engine": EngineFacts(False),
    }
    base.update(kw)
    return HereNow(**base)  # type: ignore[arg-type]  # test data, checked by the dataclass


def write(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))


def test_dirs_follow_lemonade_resolution(tmp_path: Path) -> None:
    home = tmp_path / "h"
    plain = lemonade_dirs({}, home)
    assert plain.config_dir == home / ".config" / "lemonade"
    assert plain.cache_dir == home / ".cache" / "lemonade"
    xdg = lemonade_dirs({"XDG_CONFIG_HOME": "/x/c", "XDG_CACHE_HOME": "/x/k"}, home)
    assert (xdg.config_dir, xdg.cache_dir) == (Path("/x/c/lemonade"), Path("/x/k/lemonade"))
    own = lemonade_dirs({"LEMONADE_CACHE_DIR": "/lc", "XDG_CACHE_HOME": "/x/k"}, home)
    assert own.cache_dir == Path("/lc")
    given = tmp_path / "old"
    (given / "bin").mkdir(parents=True)
    assert lemonade_dirs({}, home, given) == lemonade_dirs({}, home, given, given)


def test_bundle_tag_names_versions_and_gpu() -> None:
    assert parse_bundle_tag(BUNDLE_TAG) == ("0.20.1", "7.12.0", "gfx1151")
    assert parse_bundle_tag("vllm0.19.1-rocm7.13.0-gfx110X") == ("0.19.1", "7.13.0", "gfx110X")
    assert parse_bundle_tag("something else") == (None, None, None)


def test_reads_the_fixture_as_lemonade_wrote_it(tmp_path: Path) -> None:
    fixture = build_lemonade_home(tmp_path)
    setup = read_setup(lemonade_dirs({}, fixture.home), {}, fixture.home)
    assert [m.name for m in setup.models] == [USER_MODEL]
    assert setup.other_models == ("Llama-3.2-1B-GGUF",)
    assert setup.vllm_args == "--max-num-batched-tokens 4096"
    assert setup.ctx_size is None  # -1: Lemonade's default
    assert setup.hf_caches[0] == fixture.models_dir
    assert setup.bundle is not None
    assert setup.bundle.top == fixture.bundle
    assert setup.bundle.gfx_target == "gfx1151"
    assert setup.problems == ()


def test_legacy_files_in_the_cache_dir_and_a_broken_file(tmp_path: Path) -> None:
    home = tmp_path / "h"
    cache = home / ".cache" / "lemonade"
    write(cache / "user_models.json", {"m": {"checkpoint": "org/m", "recipe": "vllm"}})
    (cache / "recipe_options.json").write_text("{not json")
    write(cache / "config.json", {"vllm_args": "--max-num-seqs 2", "ctx_size": 4096})
    setup = read_setup(lemonade_dirs({}, home), {}, home)
    assert [m.checkpoint for m in setup.models] == ["org/m"]
    assert setup.vllm_args == "--max-num-seqs 2"  # the flat form Lemonade also accepts
    assert setup.ctx_size == 4096
    assert [p.code for p in setup.problems] == ["lemonade.unreadable"]
    assert setup.problems[0].params["file"] == str(cache / "recipe_options.json")


def test_a_file_too_large_or_nested_too_deep_is_unreadable_not_a_crash(tmp_path: Path) -> None:
    home = tmp_path / "h"
    config = home / ".config" / "lemonade"
    config.mkdir(parents=True)
    (config / "user_models.json").write_bytes(b" " * (MAX_FILE_BYTES + 1))
    (config / "recipe_options.json").write_text("[" * 100_000 + "]" * 100_000)
    setup = read_setup(lemonade_dirs({}, home), {}, home)
    reasons = {Path(p.params["file"]).name: p.params["reason"] for p in setup.problems}
    assert reasons == {
        "user_models.json": "it is larger than 8 MB",
        "recipe_options.json": "nested too deeply: line 1 column 1 (char 0)",
    }


def test_nothing_found_is_an_empty_plan(tmp_path: Path) -> None:
    setup = read_setup(lemonade_dirs({}, tmp_path), {}, tmp_path)
    plan = plan_import(setup, here())
    assert (plan.found, plan.changes) == (False, ())


def test_plan_replaces_changed_models_and_keeps_same_ones(tmp_path: Path) -> None:
    home = tmp_path / "h"
    write(
        home / ".config" / "lemonade" / "user_models.json",
        {
            "same": {"checkpoint": "org/same", "recipe": "vllm", "labels": ["chat"]},
            "moved": {"checkpoint": "org/new", "recipe": "vllm"},
            "bad name!": {"checkpoint": "org/x", "recipe": "vllm"},
        },
    )
    write(
        home / ".config" / "lemonade" / "recipe_options.json",
        {f"builtin.{BUILTIN.name}": {"ctx_size": 4096, "vllm_args": "--max-num-seqs 2"}},
    )
    users = {
        "same": ModelEntry("same", "user", parse_checkpoint("org/same"), None, ("chat",)),
        "moved": ModelEntry("moved", "user", parse_checkpoint("org/old"), None, ()),
    }
    setup = read_setup(lemonade_dirs({}, home), {}, home)
    plan = plan_import(setup, here(users=users))
    by_target = {c.target: c for c in plan.changes}
    assert by_target["user.moved"].kind is ChangeKind.REPLACE_MODEL
    assert (by_target["user.moved"].old, by_target["user.moved"].new) == ("org/old", "org/new")
    assert "user.same" in plan.unchanged
    assert by_target[BUILTIN.name].values == {"ctx_size": 4096, "vllm_args": "--max-num-seqs 2"}
    assert [(s.target, s.problem.code) for s in plan.skipped] == [
        ("user.bad name!", "models.bad_name")
    ]


def test_files_complete_here_or_partial_there_are_not_linked(tmp_path: Path) -> None:
    fixture = build_lemonade_home(tmp_path)
    setup = read_setup(lemonade_dirs({}, fixture.home), {}, fixture.home)
    files = {
        USER_REPO: FileFacts(complete_here=True, lemonade_snapshot=tmp_path / "x", size=5),
        "Qwen/Qwen3.5-0.8B": FileFacts(complete_here=False, lemonade_partial=True),
    }
    plan = plan_import(setup, here(files=files))
    assert not [c for c in plan.changes if c.kind is ChangeKind.LINK_FILES]
    assert f"{USER_REPO} files" in plan.unchanged
    assert ("Qwen/Qwen3.5-0.8B", "lemonade.partial_files") in [
        (s.target, s.problem.code) for s in plan.skipped
    ]


def test_bundle_for_another_gpu_or_an_own_engine_is_not_used(tmp_path: Path) -> None:
    fixture = build_lemonade_home(tmp_path)
    setup = read_setup(lemonade_dirs({}, fixture.home), {}, fixture.home)
    other_gpu = plan_import(setup, here(engine=EngineFacts(False, gpu_family="gfx110X")))
    assert "lemonade.bundle_other_gpu" in [s.problem.code for s in other_gpu.skipped]
    own = plan_import(setup, here(engine=EngineFacts(True, "vllm0.20.1-rocm7.12.0-gfx1151")))
    assert "lemonade.engine_kept" in [s.problem.code for s in own.skipped]
    same_gpu = plan_import(setup, here(engine=EngineFacts(False, gpu_family="gfx1151")))
    assert ChangeKind.USE_ENGINE in [c.kind for c in same_gpu.changes]


def test_options_already_equal_are_unchanged(tmp_path: Path) -> None:
    fixture = build_lemonade_home(tmp_path)
    setup = read_setup(lemonade_dirs({}, fixture.home), {}, fixture.home)
    options = {BUILTIN.name: ModelOptions(ctx_size=32768)}
    plan = plan_import(setup, here(options=options))
    assert f"{BUILTIN.name} options" in plan.unchanged
    assert BUILTIN.name not in [c.target for c in plan.changes]


def test_link_snapshot_hard_links_blobs_and_runs_again(tmp_path: Path) -> None:
    source = tmp_path / "src"
    (source / "sub").mkdir(parents=True)
    (source / "config.json").write_text("{}")
    (source / "sub" / "a.txt").write_text("a")
    theirs = tmp_path / "theirs"
    snapshot = hub_snapshot(theirs, "org/m", source, "c" * 40)
    ours = tmp_path / "ours" / "models--org--m"
    first = link_snapshot(snapshot, ours, "main")
    assert (first.files, first.hard_links) == (2, True)
    assert (ours / "refs" / "main").read_text() == "c" * 40
    linked = ours / "snapshots" / ("c" * 40) / "sub" / "a.txt"
    assert linked.is_symlink() and not linked.readlink().is_absolute()
    assert linked.read_text() == "a"
    assert linked.resolve().stat().st_nlink == 2
    assert link_snapshot(snapshot, ours, "main").files == 0  # nothing twice
    assert snapshot_for(ours, "main") == ours / "snapshots" / ("c" * 40)
    assert snapshot_for(theirs / "models--org--m", "other") == snapshot  # newest, without a ref


def test_deleting_a_symlinked_import_here_keeps_lemonades_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Across file systems the blobs are symbolic links into Lemonade's cache: deleting the
    model in this app removes the links and this app's folder, never Lemonade's files."""
    from app.downloads.status import delete_model_files

    source = tmp_path / "src"
    source.mkdir()
    (source / "config.json").write_text("{}")
    (source / "model.safetensors").write_bytes(b"w" * 1000)
    theirs = hub_snapshot(tmp_path / "lemonade-hub", USER_REPO, source, "c" * 40)
    ours = tmp_path / "our-hub"

    def no_hard_links(src: object, dst: object) -> None:
        raise OSError(18, "Invalid cross-device link")

    monkeypatch.setattr("app.core.lemonade.lemonade_files.os.link", no_hard_links)
    storage = ours / ("models--" + USER_REPO.replace("/", "--"))
    result = link_snapshot(theirs, storage, "main")
    assert not result.hard_links
    entry = ModelEntry("x", "user", parse_checkpoint(USER_REPO), None, ())

    delete_model_files(entry, ours)

    assert not storage.exists()
    blobs = sorted((theirs.parent.parent / "blobs").iterdir())
    assert len(blobs) == 2
    assert sum(b.stat().st_size for b in blobs) == 1002
    assert (theirs / "model.safetensors").read_bytes() == b"w" * 1000
