"""The engine child's environment: an allow-list of the app's, the spec's, never a secret."""

from __future__ import annotations

from app.supervisor.childenv import api_key_in_args, api_key_in_command, child_environment

APP_ENV = {
    "PATH": "/usr/bin",
    "HOME": "/home/u",
    "LANG": "de_DE.UTF-8",
    "LC_ALL": "de_DE.UTF-8",
    "XDG_CACHE_HOME": "/home/u/.cache",
    "TMPDIR": "/tmp/u",
    "HIP_VISIBLE_DEVICES": "1",
    "ROCR_VISIBLE_DEVICES": "0",
    "HSA_OVERRIDE_GFX_VERSION": "11.0.0",
    "CUDA_VISIBLE_DEVICES": "0",
    "OMP_NUM_THREADS": "4",
    "VLLM_CPU_KVCACHE_SPACE": "6",
    "VLLM_CACHE_ROOT": "/home/u/.cache/vllm",
    "TORCHINDUCTOR_CACHE_DIR": "/home/u/.cache/inductor",
    # never passed on:
    "VLLM_TRAY_API_KEY": "endpoint-key",
    "VLLM_TRAY_HOME": "/home/u/.config/vllm-tray",
    "HF_TOKEN": "hf_x",
    "HUGGING_FACE_HUB_TOKEN": "hf_y",
    "VLLM_API_KEY": "from-the-shell",
    "OPENAI_API_KEY": "sk-x",
    "AWS_SECRET_ACCESS_KEY": "aws",
    "GITHUB_TOKEN": "gh",
    "SSH_AUTH_SOCK": "/run/ssh",
    "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/bus",
    "DISPLAY": ":0",
    "PYTHONPATH": "/app/src",
    "PYTHONHOME": "/app",
    "VIRTUAL_ENV": "/app/.venv",
}


def test_only_allowed_variables_of_the_app_pass() -> None:
    env = child_environment({}, parent=APP_ENV)
    passed = set(APP_ENV) & set(env)
    assert passed == {
        "PATH",
        "HOME",
        "LANG",
        "LC_ALL",
        "XDG_CACHE_HOME",
        "TMPDIR",
        "HIP_VISIBLE_DEVICES",
        "ROCR_VISIBLE_DEVICES",
        "HSA_OVERRIDE_GFX_VERSION",
        "CUDA_VISIBLE_DEVICES",
        "OMP_NUM_THREADS",
        "VLLM_CPU_KVCACHE_SPACE",
        "VLLM_CACHE_ROOT",
        "TORCHINDUCTOR_CACHE_DIR",
    }
    assert env["PYTHONNOUSERSITE"] == "1" and env["PYTHONUNBUFFERED"] == "1"
    assert env["HF_HUB_OFFLINE"] == "1"  # children load a local folder, offline


def test_the_spec_env_wins_but_cannot_bring_a_secret() -> None:
    spec_env = {
        "VLLM_CPU_KVCACHE_SPACE": "2",
        "HF_HUB_OFFLINE": "0",
        "HF_TOKEN": "hf_from_runtime",
        "VLLM_TRAY_API_KEY": "x",
        "HF_HUB_CACHE": "/cache/hub",
    }
    env = child_environment(spec_env, parent=APP_ENV)
    assert env["VLLM_CPU_KVCACHE_SPACE"] == "2"  # what the planner must read
    assert env["HF_HUB_OFFLINE"] == "0" and env["HF_HUB_CACHE"] == "/cache/hub"
    assert "HF_TOKEN" not in env and "VLLM_TRAY_API_KEY" not in env


def test_the_child_key_is_the_only_vllm_api_key() -> None:
    assert "VLLM_API_KEY" not in child_environment({}, parent=APP_ENV)
    env = child_environment({"VLLM_API_KEY": "spec"}, api_key="fresh", parent=APP_ENV)
    assert env["VLLM_API_KEY"] == "fresh"
    assert "VLLM_API_KEY" not in child_environment({"VLLM_API_KEY": "spec"}, parent=APP_ENV)


def test_a_users_own_api_key_flag_is_found() -> None:
    assert api_key_in_args(["--dtype", "half", "--api-key", "mine"]) == "mine"
    assert api_key_in_args(["--api-key=mine"]) == "mine"
    assert api_key_in_args(["--dtype", "half"]) is None


def test_the_key_an_engine_command_sets() -> None:
    assert api_key_in_command(["/v/bin/vllm", "--api-key", "k1"]) == "k1"
    assert api_key_in_command(["env", "VLLM_API_KEY=k2", "/v/bin/vllm"]) == "k2"
    assert api_key_in_command(["/usr/bin/env", "-i", "A=1", "VLLM_API_KEY=k3", "vllm"]) == "k3"
    assert api_key_in_command(["env", "A=1", "vllm", "VLLM_API_KEY=not-env"]) is None
    assert api_key_in_command(["vllm", "VLLM_API_KEY=not-env"]) is None
    assert api_key_in_command([]) is None
