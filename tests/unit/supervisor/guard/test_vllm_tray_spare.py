"""The engine kept ready, on the engine's side: its launch request is exactly the app's or refused.

The entry-point tests run `python -m vllm_tray_spare MODULE` as the app does (the guard folder on
PYTHONPATH), with a small stand-in for vLLM's server module that shows the environment and argv
it ran with.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.supervisor.childenv import GUARD_DIR

FAKE_SERVER = """
import json, os, sys
if __name__ == "__main__":
    main = sys.modules["__main__"].__spec__.name
    try:  # what vLLM's server does before it starts its EngineCore: check the config
        from vllm.platforms.cpu import CpuPlatform
        CpuPlatform.check_and_update_config(None)
    except ImportError:
        pass
    env = dict(os.environ)
    print("SERVED " + json.dumps({"argv": sys.argv[1:], "env": env, "main": main}))
"""
# Stands in for vLLM's CPU platform, which forces a spawned EngineCore whatever was asked.
FAKE_PLATFORM = """
import os
class CpuPlatform:
    @classmethod
    def check_and_update_config(cls, vllm_config):
        os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "spawn"
"""


def load_spare() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "vllm_tray_spare", GUARD_DIR / "vllm_tray_spare.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


spare = load_spare()


def request(argv: object, env: object) -> bytes:
    return json.dumps({"argv": argv, "env": env}).encode()


def test_a_request_of_the_apps_shape_is_read() -> None:
    assert spare.parse_request(request(["--port", "1"], {"A_B": "x"})) == (
        ["--port", "1"],
        {"A_B": "x"},
    )


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"not json",
        b"\xff\xfe",
        b"[" * 100_000 + b"]" * 100_000,  # nesting deeper than the parser goes
        request(["a"], {}) + b" " * spare.MAX_REQUEST,  # over the size limit
        json.dumps({"argv": [], "env": {}, "cwd": "/"}).encode(),  # an unknown field
        json.dumps({"argv": []}).encode(),
        request("--port 1", {}),
        request([1], {}),
        request(["a\0b"], {}),
        request(["x" * (spare.MAX_WORD + 1)], {}),
        request(["a"] * (spare.MAX_ITEMS + 1), {}),
        request([], {"BAD NAME": "1"}),
        request([], {"=": "1"}),
        request([], {"A": 1}),
        request([], {"A": "a\0b"}),
        request([], [["A", "1"]]),
    ],
)
def test_a_hostile_or_oversized_request_is_refused(raw: bytes) -> None:
    with pytest.raises(spare.BadRequest):
        spare.parse_request(raw)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.recursive(st.none(), st.lists, max_leaves=20)))
def test_whatever_comes_is_a_bounded_request_or_refused(data: object) -> None:
    raw = data if isinstance(data, bytes) else json.dumps({"argv": data, "env": {}}).encode()
    try:
        argv, env = spare.parse_request(raw)
    except spare.BadRequest:
        return
    assert all(isinstance(word, str) and "\0" not in word for word in argv)
    assert all(isinstance(v, str) for v in env.values())


def run_spare(
    tmp_path: Path, stdin: bytes, *, platform: bool = False
) -> subprocess.CompletedProcess[bytes]:
    (tmp_path / "fake_server.py").write_text(FAKE_SERVER)
    if platform:
        (tmp_path / "vllm" / "platforms").mkdir(parents=True)
        (tmp_path / "vllm" / "platforms" / "cpu.py").write_text(FAKE_PLATFORM)
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": f"{GUARD_DIR}{os.pathsep}{tmp_path}",
        "SPARE_ONLY": "1",
    }
    return subprocess.run(
        [sys.executable, "-m", "vllm_tray_spare", "fake_server"],
        input=stdin,
        env=env,
        cwd=tmp_path,
        capture_output=True,
        timeout=60,
        check=False,
    )


def test_a_load_runs_the_module_as_main_with_its_own_env_and_argv(tmp_path: Path) -> None:
    done = run_spare(tmp_path, request(["--port", "8"], {"ONLY_THIS": "1"}))
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    assert "fake_server imported in" in out
    assert "load received 0.0 s after fake_server was imported" in out
    served = json.loads(out.split("SERVED ", 1)[1])
    assert served["argv"] == ["--port", "8"]
    # The start's environment is gone: exactly the load's (the interpreter may add LC_CTYPE).
    assert {k: v for k, v in served["env"].items() if k != "LC_CTYPE"} == {"ONLY_THIS": "1"}
    # The small spare module stays __main__: a child vLLM spawns imports it, not the server.
    assert served["main"] == "vllm_tray_spare"


def test_an_oversized_request_is_refused_and_nothing_runs(tmp_path: Path) -> None:
    done = run_spare(tmp_path, b"{" + b" " * (spare.MAX_REQUEST + 10))
    assert done.returncode == 2
    assert b"refused the launch request" in done.stdout
    assert b"SERVED" not in done.stdout


def test_no_request_before_eof_ends_it_quietly(tmp_path: Path) -> None:
    done = run_spare(tmp_path, b"")
    assert done.returncode == 0
    assert b"SERVED" not in done.stdout


@pytest.mark.parametrize(
    ("asked", "platform", "ran"),
    [
        ("fork", True, "fork"),  # the platform's spawn undone: forked from the spare
        ("spawn", True, "spawn"),
        (None, True, "spawn"),
        ("fork", False, "fork"),  # no such platform: nothing wrapped, the request's own value
    ],
)
def test_the_engine_core_is_forked_only_when_the_request_asks(
    tmp_path: Path, asked: str | None, platform: bool, ran: str
) -> None:
    env = {} if asked is None else {"VLLM_WORKER_MULTIPROC_METHOD": asked}
    done = run_spare(tmp_path, request([], env), platform=platform)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    served = json.loads(out.split("SERVED ", 1)[1])
    assert served["env"].get("VLLM_WORKER_MULTIPROC_METHOD") == ran
    wrapped = asked == "fork" and platform
    assert ("its EngineCore will be forked from here" in out) is wrapped
