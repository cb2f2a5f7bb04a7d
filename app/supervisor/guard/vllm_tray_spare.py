"""An engine kept ready: vLLM's server module imported ahead of a load, run when the app asks.

The app starts it under a watchdog like any engine child (`python -m vllm_tray_spare MODULE`,
this folder on its PYTHONPATH, the allow-listed environment of the loads it may serve, the
app's private work folder). It imports MODULE (vLLM's `vllm.entrypoints.openai.api_server`:
torch, vLLM and the OpenAI server, 6-12 s and about 600 MB here), then reads one launch
request from its standard input, which only the app holds: JSON `{"argv": [...], "env":
{...}}`, at most MAX_REQUEST bytes, ended by EOF. It replaces its environment and argv with the
request's and runs MODULE as `python -m MODULE` would, in this process, and vLLM's EngineCore
is forked from it where the request allows (keep_fork). EOF without a request (the app stopped
it, or died) ends it. Standard library only: it runs in the engine's Python.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import runpy
import sys
import time
from collections.abc import Mapping
from typing import Any

MAX_REQUEST = 1 << 20  # bytes: a load's argv and environment are a few KB
MAX_ITEMS = 4096  # argv words, environment variables
MAX_WORD = 64 * 1024  # one argv word or one variable's value
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,255}")
MARKER = "vllm-tray spare:"


class BadRequest(ValueError):
    """A launch request that is not exactly what the app sends."""


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_WORD or "\0" in value:
        raise BadRequest("a word is not a string without NUL of at most 64 KiB")
    return value


def parse_request(raw: bytes) -> tuple[list[str], dict[str, str]]:
    """The (argv, env) of a launch request; BadRequest for anything else."""
    if len(raw) > MAX_REQUEST:
        raise BadRequest(f"the request is over {MAX_REQUEST} bytes")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, RecursionError, ValueError) as exc:
        raise BadRequest("the request is not JSON") from exc
    if not isinstance(data, dict) or set(data) != {"argv", "env"}:
        raise BadRequest("the request is not an object of argv and env")
    argv, env = data["argv"], data["env"]
    if not isinstance(argv, list) or not isinstance(env, dict):
        raise BadRequest("argv must be a list and env an object")
    if len(argv) > MAX_ITEMS or len(env) > MAX_ITEMS:
        raise BadRequest("too many words or variables")
    words = [_text(word) for word in argv]
    variables = {_text(name): _text(value) for name, value in env.items()}
    if any(not _NAME.fullmatch(name) for name in variables):
        raise BadRequest("a variable name is not a plain name")
    return words, variables


def read_request(fd: int) -> bytes:
    """Everything on `fd` up to EOF, or MAX_REQUEST + 1 bytes (then parse_request refuses)."""
    chunks: list[bytes] = []
    size = 0
    while size <= MAX_REQUEST:
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _say(line: str) -> None:
    print(f"{MARKER} {line}", flush=True)


def keep_fork(environ: Mapping[str, str]) -> bool:
    """Fork the EngineCore from this process, its imports done, and its Worker from it, when the
    request asks for it (`VLLM_WORKER_MULTIPROC_METHOD=fork`, which the app sets for a
    one-worker engine).

    vLLM's CPU platform sets that variable to `spawn` whenever it checks a config, and each
    spawned process imports torch and vLLM all over again: on a busy 2-core machine a warm
    load of the tests' tiny model took 24.5 s to /health spawned, 9.7 s forked (vLLM 0.32
    CPU). So the platform's check is wrapped to put the request's `fork` back after it. The
    one place this module reaches into vLLM, by name and without importing it for the type
    checker: where the platform is not the one expected, nothing changes and the EngineCore is
    spawned as before. Returns whether the wrap is in place."""
    if environ.get("VLLM_WORKER_MULTIPROC_METHOD") != "fork":
        return False
    try:
        platform = importlib.import_module("vllm.platforms.cpu").CpuPlatform
        checked = platform.check_and_update_config.__func__
    except (ImportError, AttributeError):
        return False
    # vLLM renames its processes (`VLLM::EngineCore`) with setproctitle, which finds the
    # command line's memory through the C environment on its first use. Called before this
    # process's environment is replaced, so that forked children inherit what it found; after,
    # it finds nothing and they keep the spare's command line in `ps`.
    with contextlib.suppress(ImportError, AttributeError):
        importlib.import_module("setproctitle").getproctitle()

    def check_and_keep_fork(cls: type, vllm_config: object) -> None:
        checked(cls, vllm_config)
        os.environ["VLLM_WORKER_MULTIPROC_METHOD"] = "fork"

    platform.check_and_update_config = classmethod(check_and_keep_fork)
    return True


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not re.fullmatch(r"[A-Za-z_][\w.]*", argv[0]):
        _say("usage: python -m vllm_tray_spare MODULE")
        return 2
    module = argv[0]
    began = time.monotonic()
    __import__(module)
    imported_s = time.monotonic() - began
    _say(f"{module} imported in {imported_s:.1f} s; waiting for a load")
    raw = read_request(sys.stdin.fileno())
    if not raw:
        return 0  # no load came: the app stopped this engine, or is gone
    try:
        words, env = parse_request(raw)
    except BadRequest as exc:
        _say(f"refused the launch request: {exc}")
        return 2
    waited_s = time.monotonic() - began - imported_s
    _say(f"load received {waited_s:.1f} s after {module} was imported ({imported_s:.1f} s)")
    forked = keep_fork(env)  # before the environment is replaced (see there)
    os.environ.clear()
    os.environ.update(env)
    _say("its EngineCore will be forked from here" if forked else "its EngineCore will be spawned")
    spec = importlib.util.find_spec(module)
    sys.argv = [spec.origin if spec and spec.origin else module, *words]
    # The request pipe is done with; the server reads nothing, so it gets what a child
    # started the usual way gets.
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    # As `python -m MODULE` runs it, but with this small module left as __main__: vLLM
    # spawns its EngineCore and Worker, and a spawned child imports the parent's __main__
    # first (3-5 s for the server module here), which neither of them needs.
    runpy.run_module(module, run_name="__main__", alter_sys=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
