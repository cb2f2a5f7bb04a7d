"""What a user types at `vllm-tray …` and what the terminal shows back: options where a user
puts them, secrets hidden, one sentence for a bad value, exit status 2 for bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.fakes.engine_runtime import FAKE, fake_engine, make_model_folder, make_runtime
from tests.fakes.remote_servers import ROOT, ServeProcess, free_port, run_cli


def run_cli_first(home: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """`vllm-tray --config-dir HOME ARGV`: the options before the command."""
    env = {k: v for k, v in os.environ.items() if k != "VLLM_TRAY_HOME"}
    return subprocess.run(
        [sys.executable, "-m", "app", "--config-dir", str(home), *argv],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def settings_of(home: Path) -> dict[str, object]:
    return dict(json.loads((home / "settings.json").read_text()))


def test_engine_use_takes_config_dir_typed_after_the_command(tmp_path: Path) -> None:
    home = tmp_path / "home"
    # run_cli puts --config-dir HOME last, after the engine command, as a user would.
    done = run_cli(home, "engine", "use", sys.executable, str(FAKE))
    assert done.returncode == 0, done.stderr
    stored = settings_of(home)
    assert stored["engine.kind"] == "custom"
    assert "--config-dir" not in str(stored["engine.custom_command"])
    assert str(stored["engine.custom_command"]).endswith("fake_vllm.py")
    # After --, every word is the command's (its own --config-dir is kept for it).
    done = run_cli_first(tmp_path / "other", "engine", "use", "--", sys.executable, str(FAKE), "-v")
    assert done.returncode == 0, done.stderr
    assert "-v" in str(settings_of(tmp_path / "other")["engine.custom_command"]).split()


SECRET = "hf_TopSecret123"


def test_environment_secrets_in_a_command_line_are_hidden_wherever_it_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    # The engine command as a user types it, with a token for the engine's downloads.
    used = run_cli(home, "engine", "use", "env", f"HF_TOKEN={SECRET}", sys.executable, str(FAKE))
    assert used.returncode == 0, used.stderr
    assert "HF_TOKEN=<hidden>" in used.stdout
    assert SECRET in str(settings_of(home)["engine.custom_command"])  # kept, to run it
    for argv in (("config", "get", "engine.custom_command"), ("config", "get", "--json")):
        shown = run_cli(home, *argv)
        assert shown.returncode == 0, shown.stderr
        assert "HF_TOKEN=<hidden>" in shown.stdout and SECRET not in shown.stdout
    # The model's start: the command line /v1/health shows and the one the log keeps.
    port = free_port()
    command = f"env HF_TOKEN={SECRET} {fake_engine()}"
    settings = {"proxy.port": port, "engine.custom_command": command}
    make_runtime(tmp_path, monkeypatch, models=("a",), settings=settings)
    serve = ServeProcess(home, port, {"HF_HUB_CACHE": str(tmp_path / "hub")})
    try:
        loaded = httpx.post(serve.url + "/api/v1/load", json={"model_name": "user.a"}, timeout=60)
        assert loaded.status_code == 200, loaded.text
        health = httpx.get(serve.url + "/v1/health", timeout=10).json()
        command = next(m for m in health["all_models_loaded"] if m["model_name"] == "user.a")
        assert "HF_TOKEN=<hidden>" in command["command"]
        assert SECRET not in json.dumps(health)
        logs = "".join(p.read_text() for p in (home / "cache" / "logs").rglob("*.log"))
        assert "HF_TOKEN=<hidden>" in logs and SECRET not in logs
    finally:
        assert serve.stop() == 0, "".join(serve.lines[-30:])
    assert SECRET not in "".join(serve.lines)


@pytest.mark.parametrize(
    "command",
    [
        [sys.executable, str(FAKE), "--api-key", "k-in-the-command"],
        ["env", "VLLM_API_KEY=k-in-the-env", sys.executable, str(FAKE)],
    ],
    ids=["flag", "env"],
)
def test_a_key_the_engine_command_sets_is_the_one_the_endpoint_sends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    """Every request was refused with "unload the model and try again", which never
    helped: the app sent the child its own key, not the one the command gave vLLM."""
    home = tmp_path / "home"
    used = run_cli(home, "engine", "use", *command)
    assert used.returncode == 0, used.stderr
    port = free_port()
    stored = str(settings_of(home)["engine.custom_command"])
    settings = {"proxy.port": port, "engine.custom_command": stored}  # as `engine use` kept it
    make_runtime(tmp_path, monkeypatch, models=("a",), settings=settings)  # registers user.a
    serve = ServeProcess(home, port, {"HF_HUB_CACHE": str(tmp_path / "hub")})
    try:
        chat = {"model": "user.a", "messages": [{"role": "user", "content": "hi"}]}
        answer = httpx.post(serve.url + "/v1/chat/completions", json=chat, timeout=60)
        assert answer.status_code == 200, answer.text
    finally:
        assert serve.stop() == 0, "".join(serve.lines[-30:])


def test_options_shows_a_models_secret_flags_hidden(tmp_path: Path) -> None:
    home = tmp_path / "home"
    args = "vllm_args=--api-key sk-ModelKey77 --hf-token=hf_ModelTok88 --max-num-seqs 4"
    for extra in ((), ("--json",)):
        done = run_cli(home, "options", "Qwen3.5-0.8B-FP16-vLLM", args, *extra)
        assert done.returncode == 0, done.stderr
        assert "sk-ModelKey77" not in done.stdout and "hf_ModelTok88" not in done.stdout
        assert "--max-num-seqs 4" in done.stdout  # the rest is shown as it is
    shown = json.loads(run_cli(home, "options", "Qwen3.5-0.8B-FP16-vLLM", "--json").stdout)
    assert shown["vllm_args"] == ("--api-key '<hidden>' '--hf-token=<hidden>' --max-num-seqs 4")
    text = run_cli(home, "options", "Qwen3.5-0.8B-FP16-vLLM").stdout
    assert "vllm_args:  --api-key '<hidden>' '--hf-token=<hidden>' --max-num-seqs 4" in text


def test_a_ctx_size_below_the_smallest_is_refused_in_one_sentence(tmp_path: Path) -> None:
    home = tmp_path / "home"
    for typed in ("1", "63", "2000000"):
        done = run_cli(home, "options", "Qwen3.5-0.8B-FP16-vLLM", f"ctx_size={typed}")
        assert done.returncode == 2
        assert done.stderr == (
            "vllm-tray: ctx_size must be a whole number of tokens between 64 and 1048576; "
            f"got {typed}.\n"
        )
        assert not (home / "recipe_options.json").exists()  # nothing written
    done = run_cli(home, "options", "Qwen3.5-0.8B-FP16-vLLM", "ctx_size=64", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["ctx_size"] == 64


def test_the_interface_language_is_one_the_app_ships(tmp_path: Path) -> None:
    home = tmp_path / "home"
    done = run_cli(home, "config", "set", "gui.language=anything")
    assert done.returncode == 2
    assert done.stderr == (
        "vllm-tray: gui.language: Must be auto (the system's language) or one of the "
        "languages vLLM Tray ships: en, de, en_XA; you typed “anything”.\n"
    )
    assert not (home / "settings.json").exists()
    for value in ("en", "de", "auto", ""):
        done = run_cli(home, "config", "set", f"gui.language={value}")
        assert done.returncode == 0, done.stderr
        assert settings_of(home)["gui.language"] == value


def test_a_huge_unknown_model_name_is_echoed_cut_short(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    huge = "Qwen" + "x" * 10_000
    shown = huge[:79] + "…"
    for argv in (("options", huge), ("rm", huge), ("pull", huge)):
        done = run_cli(home, *argv)
        assert done.returncode == 2
        assert done.stderr.startswith(f"vllm-tray: There is no model called {shown}. Available")
        assert len(done.stderr) < 1000
    port = free_port()
    make_runtime(tmp_path, monkeypatch, models=("a",), settings={"proxy.port": port})
    serve = ServeProcess(home, port, {"HF_HUB_CACHE": str(tmp_path / "hub")})
    try:
        body = {"model": huge, "messages": [{"role": "user", "content": "hi"}]}
        answer = httpx.post(serve.url + "/v1/chat/completions", json=body, timeout=30)
        assert answer.status_code == 404
        error = answer.json()["error"]
        assert error["message"].startswith(f"There is no model called {shown}. Available models:")
        assert len(answer.text) < 1000
        # A URL this long is refused by the HTTP parser (431); one of 2,000 characters is read.
        card = httpx.get(serve.url + "/v1/models/" + huge[:2000], timeout=30)
        assert card.status_code == 404 and len(card.text) < 1000
    finally:
        assert serve.stop() == 0, "".join(serve.lines[-30:])
    assert huge[:200] not in "".join(serve.lines)


def test_health_says_starting_until_the_model_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    port = free_port()
    slow = fake_engine("--fake-start-delay", "3")
    make_runtime(
        tmp_path,
        monkeypatch,
        models=("a",),
        settings={"proxy.port": port, "engine.custom_command": slow},
    )
    serve = ServeProcess(home, port, {"HF_HUB_CACHE": str(tmp_path / "hub")})
    try:
        with ThreadPoolExecutor(1) as pool:
            load = pool.submit(
                httpx.post, serve.url + "/api/v1/load", json={"model_name": "user.a"}, timeout=60
            )
            seen_starting = False
            while not load.done():
                health = httpx.get(serve.url + "/v1/health", timeout=10).json()
                states = {m["model_name"]: m["state"] for m in health["models"]}
                loaded = [c["model_name"] for c in health["all_models_loaded"]]
                if states.get("user.a") == "starting":
                    seen_starting = True
                    assert health["model_loaded"] is None, health
                    assert loaded == [], health
                else:
                    assert states.get("user.a") in (None, "running"), health
            assert load.result().status_code == 200
        assert seen_starting
        health = httpx.get(serve.url + "/v1/health", timeout=10).json()
        assert health["model_loaded"] == "user.a"
        assert [c["state"] for c in health["all_models_loaded"]] == ["running"]
    finally:
        assert serve.stop() == 0, "".join(serve.lines[-30:])


def test_a_name_that_only_looks_like_an_existing_model_is_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    folder = make_model_folder(tmp_path / "weights")
    done = run_cli(home, "pull", "user.Qwen", "--checkpoint", str(folder))
    assert done.returncode == 0, done.stderr
    before = (home / "user_models.json").read_text()
    for typed, existing in (
        ("user.QWEN", "user.Qwen"),
        ("user.Qw\u0435n", "user.Qwen"),  # a Cyrillic е
        ("user.qwen3.5-0.8b-fp16-vllm", "Qwen3.5-0.8B-FP16-vLLM"),  # a built-in one
    ):
        done = run_cli(home, "pull", typed, "--checkpoint", str(folder))
        assert done.returncode == 2
        assert done.stderr == (
            f"vllm-tray: The name {typed} looks like the existing model {existing} (they "
            "differ only in letter case or in letters drawn alike); use that model or choose "
            "a name that reads differently.\n"
        )
    assert (home / "user_models.json").read_text() == before


def test_config_and_engine_changes_answer_in_json_as_their_siblings_do(tmp_path: Path) -> None:
    home = tmp_path / "home"
    done = run_cli(
        home, "config", "set", "models.ctx_size=4096", "models.vllm_args=--api-key sk-Q", "--json"
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "models.ctx_size": 4096,
        "models.vllm_args": "--api-key '<hidden>'",
    }
    done = run_cli(home, "config", "reset", "models.ctx_size", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"models.ctx_size": 8192}
    done = run_cli(
        home, "engine", "use", "--json", "env", "HF_TOKEN=hf_x", sys.executable, str(FAKE)
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "kind": "custom",
        "command": ["env", "HF_TOKEN=<hidden>", sys.executable, str(FAKE)],
    }


def test_chat_with_an_unknown_model_says_so_in_one_line_without_starting_anything(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    for model, sentence in (
        ("no-such-model", "There is no model called no-such-model. Available models: "),
        ("Qwen3.5-0.8B-FP16-vLLM", "Qwen3.5-0.8B-FP16-vLLM is not downloaded yet."),
    ):
        done = run_cli(home, "chat", model, "hello")
        assert done.returncode == 2
        assert done.stderr.startswith("vllm-tray: " + sentence)
        assert done.stderr.count("\n") == 1 and done.stdout == ""
