"""The `vllm-tray` subcommands: exit status 2 and one line for bad input, nothing written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.launcher import main
from tests.fakes.engine_runtime import make_model_folder

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def snapshot_files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    monkeypatch.delenv("VLLM_TRAY_HOME", raising=False)
    return tmp_path / "cfg"


def test_models_json_lists_catalog_and_user(
    capsys: pytest.CaptureFixture[str], home: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "config.json").write_text("{}")
    header = json.dumps({"w": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}).encode()
    (folder / "model.safetensors").write_bytes(
        len(header).to_bytes(8, "little") + header + b"\0" * 8
    )
    home.mkdir()
    (home / "user_models.json").write_text(
        json.dumps({"tiny": {"checkpoint": str(folder), "recipe": "vllm", "labels": ["chat"]}})
    )
    code, out, _ = run(capsys, "models", "--json", "--config-dir", str(home))
    assert code == 0
    rows = {r["id"]: r for r in json.loads(out)}
    assert len(rows) == 12
    assert rows["user.tiny"]["downloaded"] is True
    assert rows["user.tiny"]["labels"] == ["chat"]
    assert rows["Qwen3.5-0.8B-FP16-vLLM"]["downloaded"] is False
    assert rows["Qwen3.5-0.8B-FP16-vLLM"]["size_gb"] == 1.77
    code, out, _ = run(capsys, "models", "--config-dir", str(home))
    assert code == 0 and "user.tiny" in out and "experimental" in out


def test_options_prints_effective_argv_and_keeps_json_quoting(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    spec = '--speculative-config \'{"method": "mtp", "num_speculative_tokens": 1}\''
    code, out, err = run(
        capsys,
        "options",
        "Qwen3.6-27B-FP8-vLLM-lowconc",
        "ctx_size=16384",
        f"vllm_args={spec}",
        "--json",
        "--config-dir",
        str(home),
    )
    assert code == 0, err
    data = json.loads(out)
    argv = data["argv"]
    assert argv[argv.index("--max-model-len") + 1] == "16384"
    i = argv.index("--speculative-config")
    assert json.loads(argv[i + 1]) == {"method": "mtp", "num_speculative_tokens": 1}
    assert argv[argv.index("--max-num-seqs") + 1] == "8"  # the model's own args beat the global
    assert "--tool-call-parser" in argv  # the qwen3. family matched
    stored = json.loads((home / "recipe_options.json").read_text())
    assert stored["builtin.Qwen3.6-27B-FP8-vLLM-lowconc"]["ctx_size"] == 16384
    code, out, _ = run(
        capsys, "options", "Qwen3.6-27B-FP8-vLLM-lowconc", "--reset", "--config-dir", str(home)
    )
    assert code == 0 and "(default)" in out
    assert json.loads((home / "recipe_options.json").read_text()) == {}


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["options", "Qwen3.5-0.8B-FP16-vLLM", "vllm_args=--port 9"], "--port"),
        (["options", "Qwen3.5-0.8B-FP16-vLLM", "vllm_args=--max-model-len=9"], "ctx_size"),
        (["options", "Qwen3.5-0.8B-FP16-vLLM", "vllm_args=--x 'unbalanced"], "quot"),
        (["options", "Qwen3.5-0.8B-FP16-vLLM", "ctx_size=big"], "ctx_size"),
        (["options", "Qwen3.5-0.8B-FP16-vLLM", "colour=blue"], "colour"),
        (["options", "no-such-model"], "no-such-model"),
        (["config", "set", "models.gpu_memory_utilization=1.5"], "between"),
        (["config", "set", "models.max_num_seqs=4", "proxy.port=http"], "proxy.port"),
        (["config", "get", "nope"], "nope"),
        (["pull", "user.x", "--checkpoint", "not a repo"], "not a repo"),
        (["frobnicate"], "frobnicate"),
    ],
)
def test_bad_input_exit_2_one_line_nothing_written(
    capsys: pytest.CaptureFixture[str], home: Path, argv: list[str], needle: str
) -> None:
    home.mkdir()
    (home / "settings.json").write_text('{"models.max_num_seqs": 32}\n')
    before = snapshot_files(home)
    code, _, err = run(capsys, *argv, "--config-dir", str(home))
    assert code == 2
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert needle in lines[0]
    assert snapshot_files(home) == before


def test_config_set_get_roundtrip(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, _ = run(
        capsys, "config", "set", "models.gpu_memory_utilization=0.78", "--config-dir", str(home)
    )
    assert code == 0 and "0.78" in out and "models loaded from now on" in out
    code, out, _ = run(
        capsys, "config", "get", "models.gpu_memory_utilization", "--config-dir", str(home)
    )
    assert out.strip() == "0.78"
    code, out, _ = run(capsys, "config", "get", "--json", "--config-dir", str(home))
    assert json.loads(out)["proxy.host"] == "127.0.0.1"


def test_config_set_writes_through_a_symlinked_settings_file(
    capsys: pytest.CaptureFixture[str], home: Path, tmp_path: Path
) -> None:
    """A settings.json kept elsewhere (a dotfiles repository) stays a link (issue 18 item 7);
    so does every other config file, which the same writer replaces."""
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    (dotfiles / "settings.json").write_text('{"models.max_num_seqs": 32}\n')
    home.mkdir()
    (home / "settings.json").symlink_to(dotfiles / "settings.json")
    (home / "user_models.json").symlink_to(dotfiles / "models.json")  # not written yet
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "config.json").write_text("{}")
    header = json.dumps({"w": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}).encode()
    (folder / "model.safetensors").write_bytes(
        len(header).to_bytes(8, "little") + header + b"\0" * 8
    )

    code, _, err = run(capsys, "config", "set", "models.ctx_size=4096", "--config-dir", str(home))
    assert code == 0, err
    code, _, err = run(
        capsys, "pull", "user.tiny", "--checkpoint", str(folder), "--config-dir", str(home)
    )
    assert code == 0, err

    assert (home / "settings.json").is_symlink()
    assert json.loads((dotfiles / "settings.json").read_text()) == {
        "models.max_num_seqs": 32,
        "models.ctx_size": 4096,
    }
    assert (home / "user_models.json").is_symlink()
    assert "tiny" in json.loads((dotfiles / "models.json").read_text())
    assert sorted(p.name for p in dotfiles.iterdir()) == ["models.json", "settings.json"]


def test_config_set_refuses_a_link_that_cannot_be_followed(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    home.mkdir()
    (home / "settings.json").symlink_to(home / "elsewhere.json")
    (home / "elsewhere.json").symlink_to(home / "settings.json")  # a loop
    code, _, err = run(capsys, "config", "set", "models.ctx_size=4096", "--config-dir", str(home))
    assert code == 2
    lines = [line for line in err.splitlines() if line.strip() and "warning" not in line]
    assert len(lines) == 1, err
    assert "is a symbolic link that cannot be followed" in lines[0]
    assert (home / "settings.json").is_symlink()
    assert (home / "elsewhere.json").is_symlink()


def test_system_info_json(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, _ = run(capsys, "system-info", "--json", "--config-dir", str(home))
    assert code == 0
    data = json.loads(out)
    assert data["ram_total"] > 0
    assert "engine" in data


def test_python_m_app_and_no_display_message(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    env["VLLM_TRAY_HOME"] = str(tmp_path)
    proc = subprocess.run(
        [sys.executable, "-m", "app"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 1
    assert "vllm-tray serve" in proc.stderr
    proc = subprocess.run(
        [sys.executable, "-m", "app", "config", "get", "proxy.host"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0 and proc.stdout.strip() == "127.0.0.1"


def test_core_and_cli_do_not_import_qt() -> None:
    code = (
        "import app.core, app.cli.main, app.runtime.composition.runtime, sys; "
        "assert 'PySide6' not in sys.modules"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr


def test_config_set_says_which_value_is_wrong_in_one_sentence(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    code, _, err = run(
        capsys,
        "config",
        "set",
        "models.max_num_seqs=4",
        "models.gpu_memory_utilization=1.5",
        "--config-dir",
        str(home),
    )
    assert code == 2
    assert (
        err == "vllm-tray: models.gpu_memory_utilization: Must be between 0.10 and 0.99; you "
        "typed 1.5.\n"
    )
    assert not (home / "settings.json").exists()


def test_the_network_needs_a_key_first_and_keeps_it(
    capsys: pytest.CaptureFixture[str],
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("VLLM_TRAY_API_KEY", raising=False)
    cfg = ("--config-dir", str(home))
    code, _, err = run(capsys, "config", "set", "proxy.host=0.0.0.0", *cfg)
    assert code == 2 and err.count("\n") == 1 and "API key" in err
    assert not (home / "settings.json").exists()  # nothing written
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("s3cret\n"))
    assert run(capsys, "config", "set-secret", "api_key", *cfg)[0] == 0
    assert run(capsys, "config", "set", "proxy.host=0.0.0.0", *cfg)[0] == 0
    # Removing the key now would leave the endpoint open to the network: refused first.
    code, _, err = run(capsys, "config", "set-secret", "api_key", "--delete", *cfg)
    assert code == 2 and "API key" in err
    from app.runtime.secrets import SecretStore

    assert SecretStore(home / "secrets.json").get("api_key") == "s3cret"


def test_config_reset_is_checked_like_a_change(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    """`config reset` goes through the same use case as `config set`: a default that breaks
    a rule between settings is refused, nothing written (it used to be written as is)."""
    cfg = ("--config-dir", str(home))
    assert (
        run(capsys, "config", "set", "proxy.max_body_mb=256", "proxy.body_budget_mb=512", *cfg)[0]
        == 0
    )
    before = snapshot_files(home)
    code, _, err = run(capsys, "config", "reset", "proxy.body_budget_mb", *cfg)
    assert code == 2
    assert err == (
        "vllm-tray: The memory for request bodies (128 MiB) must hold at least one request of "
        "the largest size (256 MiB).\n"
    )
    assert snapshot_files(home) == before
    code, out, _ = run(capsys, "config", "reset", "proxy.max_body_mb", *cfg)
    assert code == 0 and out == "proxy.max_body_mb = 32  (default)\n"
    code, out, _ = run(capsys, "config", "get", "proxy.max_body_mb", *cfg)
    assert out.strip() == "32"
    assert run(capsys, "config", "reset", "proxy.body_budget_mb", *cfg)[0] == 0


def test_models_lists_local_folders_as_the_window_does(
    capsys: pytest.CaptureFixture[str], home: Path, tmp_path: Path
) -> None:
    """One projection of a model for the window, the endpoint and the CLI: a folder used in
    place is "local" (the CLI said "complete"), a folder vLLM cannot load "local_invalid"
    (the CLI said "not_downloaded", as if a download could help)."""
    good = make_model_folder(tmp_path / "good")
    (tmp_path / "empty").mkdir()
    cfg = ("--config-dir", str(home))
    assert run(capsys, "pull", "user.good", "--checkpoint", str(good), *cfg)[0] == 0
    home.joinpath("user_models.json").write_text(
        json.dumps(
            {
                "good": {"checkpoint": str(good), "recipe": "vllm"},
                "empty": {"checkpoint": str(tmp_path / "empty"), "recipe": "vllm"},
            }
        )
    )
    code, out, _ = run(capsys, "models", "--json", *cfg)
    assert code == 0
    rows = {r["id"]: r for r in json.loads(out)}
    assert (rows["user.good"]["files"], rows["user.good"]["downloaded"]) == ("local", True)
    assert (rows["user.empty"]["files"], rows["user.empty"]["downloaded"]) == (
        "local_invalid",
        False,
    )
    assert rows["Qwen3.5-0.8B-FP16-vLLM"]["files"] == "not_downloaded"
    code, out, _ = run(capsys, "models", *cfg)
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("user.empty"))
    assert "local_invalid" in line


def test_pull_of_a_folder_checks_it_before_registering_it_with_its_labels(
    capsys: pytest.CaptureFixture[str], home: Path, tmp_path: Path
) -> None:
    """`pull --checkpoint FOLDER` is the GUI's use case (ModelService.pull): the folder is
    checked first, then registered once, labels included."""
    cfg = ("--config-dir", str(home))
    (tmp_path / "empty").mkdir()
    code, _, err = run(capsys, "pull", "user.x", "--checkpoint", str(tmp_path / "empty"), *cfg)
    assert code == 2 and "config.json" in err
    assert not (home / "user_models.json").exists()
    good = make_model_folder(tmp_path / "good")
    argv = ("pull", "user.x", "--checkpoint", str(good), "--label", "chat", "--label", "mine")
    code, out, _ = run(capsys, *argv, *cfg)
    assert code == 0
    assert out == (
        f"registered user.x -> {good}\nuser.x uses the folder {good} in place; "
        "nothing to download.\n"
    )
    stored = json.loads((home / "user_models.json").read_text())
    assert stored["x"]["labels"] == ["chat", "mine"]


def test_a_quick_command_builds_only_what_it_needs(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    """Every command gets the same Services; a service is built when first asked for, so
    reading settings or the remote servers creates no folder, starts no supervisor, and a
    settings change writes settings.json alone (app/runtime/composition/parts.py)."""
    cfg = ("--config-dir", str(home))
    assert run(capsys, "config", "get", "proxy.port", *cfg)[:2] == (0, "8321\n")
    assert run(capsys, "remote", "list", *cfg)[0] == 0
    assert not home.exists()
    assert run(capsys, "config", "set", "proxy.port=9000", *cfg)[0] == 0
    # (the lock file beside it is hidden: `.settings.json.lock`)
    assert sorted(p.name for p in home.rglob("*") if not p.name.startswith(".")) == [
        "settings.json"
    ]
