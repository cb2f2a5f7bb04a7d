"""`vllm-tray import-lemonade` on a home laid out as Lemonade lays it out (issue 22, item 3)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import httpx
import pytest

from tests.fakes.lemonade_home import (
    BUILTIN_MODEL,
    BUILTIN_REPO,
    BUNDLE_TAG,
    USER_MODEL,
    USER_REPO,
    LemonadeHome,
    build_lemonade_home,
)
from tests.fakes.remote_servers import ServeProcess, free_port, run_cli


@pytest.fixture
def lemonade(tmp_path: Path) -> LemonadeHome:
    return build_lemonade_home(tmp_path / "lemonade")


def user_env(lemonade: LemonadeHome, tmp_path: Path) -> dict[str, str]:
    """The Lemonade user's session: their HOME, and this app's own Hugging Face cache."""
    home = lemonade.home
    return {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "LEMONADE_CACHE_DIR": str(lemonade.cache_dir),
        "HF_HOME": str(tmp_path / "our-hf"),
        "HF_HUB_CACHE": str(tmp_path / "our-hf" / "hub"),
        "HF_HUB_OFFLINE": "1",
    }


def tree_digest(root: Path) -> dict[str, str]:
    """Every file and link under `root` with its content (or target): what must not change."""
    out: dict[str, str] = {}
    for path in sorted(root.rglob("*")):
        key = str(path.relative_to(root))
        if path.is_symlink():
            out[key] = f"-> {path.readlink()}"
        elif path.is_file():
            out[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def test_plan_first_then_import_on_yes_reusing_files_and_bundle(
    lemonade: LemonadeHome, tmp_path: Path
) -> None:
    ours = tmp_path / "vllm-tray"
    env = user_env(lemonade, tmp_path)
    before = tree_digest(lemonade.home) | tree_digest(lemonade.models_dir)

    shown = run_cli(ours, "import-lemonade", "--json", env=env)
    assert shown.returncode == 0, shown.stderr
    plan = json.loads(shown.stdout)
    kinds = {(c["kind"], c["target"]) for c in plan["changes"]}
    assert kinds == {
        ("add_model", f"user.{USER_MODEL}"),
        ("set_options", f"user.{USER_MODEL}"),
        ("set_options", BUILTIN_MODEL),
        ("set_options", "Qwen3.6-27B-FP8-vLLM-lowconc"),
        ("set_setting", "models.vllm_args"),
        ("link_files", USER_REPO),
        ("link_files", BUILTIN_REPO),
        ("use_engine", "rocm"),
    }
    # A managed flag in one model's options is left out, named with its value; the model's
    # other flags and the rest of the import go on. The llama.cpp model and its options are
    # not vLLM's: left out.
    assert [(s["target"], s["code"]) for s in plan["skipped"]] == [
        ("Qwen3.6-27B-FP8-vLLM-lowconc vllm_args --port 9000", "args.managed_flag")
    ]
    (kept,) = [c for c in plan["changes"] if c["target"] == "Qwen3.6-27B-FP8-vLLM-lowconc"]
    assert kept["vllm_args"] == "--max-num-seqs 8"
    assert "Llama" not in shown.stdout
    assert not (ours / "user_models.json").exists()  # looking writes nothing

    declined = run_cli(ours, "import-lemonade", stdin="n\n", env=env)
    assert declined.returncode == 1
    assert "Import these? [y/N]" in declined.stdout
    assert "+ add model user.Qwen3-0.6B-vLLM (Qwen/Qwen3-0.6B)" in declined.stdout
    assert "Nothing was imported." in declined.stdout
    assert not (ours / "user_models.json").exists()

    done = run_cli(ours, "import-lemonade", stdin="y\n", env=env)
    assert done.returncode == 0, done.stderr
    assert "Imported 8 changes" in done.stdout

    models = json.loads(run_cli(ours, "models", "--json", env=env).stdout)
    files = {row["id"]: row["files"] for row in models}
    assert files[f"user.{USER_MODEL}"] == "complete"  # not downloaded again
    assert files[BUILTIN_MODEL] == "complete"
    options = json.loads((ours / "recipe_options.json").read_text())
    assert options[f"user.{USER_MODEL}"] == {"ctx_size": 16384, "vllm_args": "--max-num-seqs 4"}
    assert options[f"builtin.{BUILTIN_MODEL}"] == {"ctx_size": 32768}
    assert options["builtin.Qwen3.6-27B-FP8-vLLM-lowconc"] == {"vllm_args": "--max-num-seqs 8"}
    setting = run_cli(ours, "config", "get", "models.vllm_args", env=env)
    assert setting.stdout.strip() == "--max-num-batched-tokens 4096"
    engines = json.loads(run_cli(ours, "engine", "status", "--json", env=env).stdout)
    rocm = next(e for e in engines["engines"] if e["kind"] == "rocm")
    assert rocm["installed"] is True
    assert rocm["version"] == BUNDLE_TAG

    # Linked, not copied: the weights here are the very files of Lemonade's cache.
    lemonade_blobs = lemonade.models_dir / f"models--{USER_REPO.replace('/', '--')}" / "blobs"
    our_blobs = tmp_path / "our-hf" / "hub" / f"models--{USER_REPO.replace('/', '--')}" / "blobs"
    for blob in lemonade_blobs.iterdir():
        assert (our_blobs / blob.name).stat().st_ino == blob.stat().st_ino
    # Lemonade's own folders are exactly as they were.
    assert tree_digest(lemonade.home) | tree_digest(lemonade.models_dir) == before

    again = run_cli(ours, "import-lemonade", env=env)
    assert again.returncode == 0, again.stderr
    assert "Nothing to import" in again.stdout


def test_the_adopted_bundle_runs_models(lemonade: LemonadeHome, tmp_path: Path) -> None:
    """The Lemonade bundle, adopted as the ROCm engine, answers a request through the app."""
    ours = tmp_path / "vllm-tray"
    env = user_env(lemonade, tmp_path)
    done = run_cli(ours, "import-lemonade", "--yes", env=env)
    assert done.returncode == 0, done.stderr
    port = free_port()
    settings = {"engine.kind": "rocm", "proxy.port": port}
    (ours / "settings.json").write_text(json.dumps(settings))
    serve = ServeProcess(ours, port, env)
    try:
        reply = httpx.post(
            f"{serve.url}/v1/chat/completions",
            json={
                "model": f"user.{USER_MODEL}",
                "messages": [{"role": "user", "content": "hi"}],
                "max_tokens": 4,
            },
            timeout=120,
        )
        assert reply.status_code == 200, reply.text + "".join(serve.lines[-30:])
    finally:
        serve.stop()
    launched = lemonade.launches.read_text().split()
    assert launched == [str(ours / "cache" / "engines" / "rocm" / "bin" / "vllm-server")]


def test_a_folder_without_lemonade_is_one_line_and_exit_2(tmp_path: Path) -> None:
    empty = tmp_path / "nothing"
    empty.mkdir()
    proc = run_cli(tmp_path / "vllm-tray", "import-lemonade", str(empty), "--yes")
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        f"vllm-tray: {empty} holds no Lemonade setup (no user_models.json, recipe_options.json "
        "or config.json, and no vLLM bundle)."
    ]
    assert not (tmp_path / "vllm-tray" / "user_models.json").exists()


async def test_a_plan_that_no_longer_holds_is_refused(
    lemonade: LemonadeHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.core.paths import resolve_paths
    from app.core.problems.problems import ProblemError
    from app.runtime.composition.runtime import Runtime

    for key, value in user_env(lemonade, tmp_path).items():
        monkeypatch.setenv(key, value)
    rt = Runtime(resolve_paths(tmp_path / "vllm-tray"))
    plan = await rt.services.lemonade.plan()
    options = lemonade.config_dir / "recipe_options.json"
    edited = json.loads(options.read_text())
    edited[f"user.{USER_MODEL}"]["ctx_size"] = 8192  # changed after the user looked
    options.write_text(json.dumps(edited))
    with pytest.raises(ProblemError) as refused:
        await rt.services.lemonade.apply(plan)
    assert refused.value.problem.code == "lemonade.changed"
    assert not (tmp_path / "vllm-tray" / "user_models.json").exists()
    assert not (tmp_path / "vllm-tray" / "cache" / "engines" / "rocm").exists()


def test_a_confirmed_change_of_source_is_applied(lemonade: LemonadeHome, tmp_path: Path) -> None:
    """A user model here with another checkpoint than Lemonade's is re-pointed only because
    the user confirmed the plan that says so (registering alone never re-points a model)."""
    ours = tmp_path / "vllm-tray"
    env = user_env(lemonade, tmp_path)
    ours.mkdir()
    mine = {USER_MODEL: {"checkpoint": "Other/Repo", "recipe": "vllm", "labels": []}}
    (ours / "user_models.json").write_text(json.dumps(mine))
    plan = json.loads(run_cli(ours, "import-lemonade", "--json", env=env).stdout)
    kinds = [(c["target"], c["kind"]) for c in plan["changes"]]
    assert (f"user.{USER_MODEL}", "replace_model") in kinds

    done = run_cli(ours, "import-lemonade", "--yes", env=env)

    assert done.returncode == 0, done.stderr
    users = json.loads((ours / "user_models.json").read_text())
    assert users[USER_MODEL]["checkpoint"] == USER_REPO


def test_a_ctx_size_too_small_is_left_out_and_said(lemonade: LemonadeHome, tmp_path: Path) -> None:
    options_file = lemonade.config_dir / "recipe_options.json"
    options = json.loads(options_file.read_text())
    options[f"user.{USER_MODEL}"]["ctx_size"] = 8
    options_file.write_text(json.dumps(options))
    ours = tmp_path / "vllm-tray"
    env = user_env(lemonade, tmp_path)
    done = run_cli(ours, "import-lemonade", "--yes", env=env)
    assert done.returncode == 0, done.stderr
    assert (
        f"user.{USER_MODEL} ctx_size: ctx_size must be a whole number of tokens between 64 "
        "and 1048576; got 8."
    ) in done.stdout + done.stderr
    # The model's other option came along; its ctx_size follows the default.
    imported = json.loads((ours / "recipe_options.json").read_text())
    assert imported[f"user.{USER_MODEL}"] == {"vllm_args": "--max-num-seqs 4"}


def test_engine_status_of_an_adopted_bundle_says_one_thing(
    lemonade: LemonadeHome, tmp_path: Path
) -> None:
    """The bundle is installed (adopted from Lemonade); on a machine without its GPU the status
    says it cannot run here, not that it cannot be installed."""
    ours = tmp_path / "vllm-tray"
    env = user_env(lemonade, tmp_path) | {"VLLM_TRAY_SYSFS_ROOT": str(tmp_path / "no-gpu")}
    assert run_cli(ours, "import-lemonade", "--yes", env=env).returncode == 0
    status = run_cli(ours, "engine", "status", env=env)
    assert status.returncode == 0, status.stderr
    rocm = status.stdout.split("\n  cpu ")[0].split("\n* cpu ")[0]
    assert f"rocm    installed {BUNDLE_TAG}" in rocm
    assert "cannot be installed" not in rocm and "was not installed" not in rocm
    assert (
        f"The ROCm engine {BUNDLE_TAG} is installed, but no AMD GPU was found, so it cannot "
        "run here."
    ) in rocm
    engines = json.loads(run_cli(ours, "engine", "status", "--json", env=env).stdout)
    (adopted,) = [e for e in engines["engines"] if e["kind"] == "rocm"]
    assert adopted["installed"] is True
    assert "is installed, but no AMD GPU was found" in adopted["problem"]


def test_a_key_in_lemonades_options_is_hidden_in_the_plan_and_kept_in_the_import(
    lemonade: LemonadeHome, tmp_path: Path
) -> None:
    """A user who put `--api-key` in a model's vllm_args: the plan (as text and as --json,
    which scripts log) shows the flag with its value hidden; the import keeps the value."""
    options_file = lemonade.config_dir / "recipe_options.json"
    options = json.loads(options_file.read_text())
    options[f"user.{USER_MODEL}"]["vllm_args"] = "--max-num-seqs 4 --api-key sk-lemon-1234"
    options_file.write_text(json.dumps(options))
    ours = tmp_path / "vllm-tray"
    env = user_env(lemonade, tmp_path)
    shown = run_cli(ours, "import-lemonade", "--json", env=env)
    assert shown.returncode == 0, shown.stderr
    assert "sk-lemon-1234" not in shown.stdout
    (change,) = [
        c
        for c in json.loads(shown.stdout)["changes"]
        if c["kind"] == "set_options" and c["target"] == f"user.{USER_MODEL}"
    ]
    assert change["vllm_args"] == "--max-num-seqs 4 --api-key '<hidden>'"
    done = run_cli(ours, "import-lemonade", "--yes", env=env)
    assert done.returncode == 0, done.stderr
    assert "sk-lemon-1234" not in done.stdout + done.stderr
    imported = json.loads((ours / "recipe_options.json").read_text())
    assert imported[f"user.{USER_MODEL}"]["vllm_args"].endswith("--api-key sk-lemon-1234")
