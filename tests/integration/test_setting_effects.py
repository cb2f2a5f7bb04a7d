"""A setting the app offers is a setting the running app obeys (issue 18 item 1).

For every key of the settings table (app/core/settings/setting_table.py) a row in `EFFECTS` says the
value `vllm-tray config set KEY=VALUE` gives it and how a user sees the change on a running
`vllm-tray serve` (a subprocess, over HTTP, with the fake engine as "your own vLLM command");
a key a running serve cannot show names the test that shows it in its `effect_test` instead.
`test_every_setting_has_its_effect_checked` fails for a key with neither (or both): adding a
setting means adding its row here (docs/DEVELOPING.md, "Adding a setting").

One serve runs for the whole module. Rows are grouped: a group's values are stored with one
`config set` (the CLI's own code, ConfigService) and the running serve picks them up as it
would from a user (its config watcher; the test waits for serve's "setting KEY = …" log
line, never on the clock); a group with a key that applies "when the endpoint restarts"
restarts serve once. Leaving a group puts its keys back.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.core.models.registry import ModelOptions, Registry
from app.core.paths import resolve_paths
from app.core.settings.setting_rules import SPEC_BY_KEY
from app.core.settings.setting_table import SPECS
from app.core.settings.settings import Settings
from app.launcher import main as vllm_tray
from tests.fakes.engine_runtime import fake_engine, make_model_folder
from tests.fakes.remote_servers import free_port
from tests.pipes import close_when_read

ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 60.0  # for what the machine does (a start, a log line): generous on 2 loaded cores
# The test's models: each one's own flags make the fake engine behave as a check needs.
MODELS = {
    "a": "",
    "slow": "--fake-token-delay 6",  # a token every 6 s, after an immediate first chunk
    "creeping": "--fake-start-delay 40",  # progresses all along, ready only after 40 s
    "silent": "--fake-silent-start 40",  # prints nothing and uses no CPU for 40 s
}


# -- the running serve ---------------------------------------------------------------------
class Serve:
    """`vllm-tray serve --config-dir HOME` in its own process; its stderr lines are kept."""

    def __init__(self, home: Path, env: Mapping[str, str]) -> None:
        self.home = home
        self.env = env
        self.url = ""
        self.lines: list[str] = []
        self.proc: subprocess.Popen[str] | None = None
        self._group_memo: dict[str, Any] = {}
        self._reader: threading.Thread | None = None

    def start(self) -> None:
        self.lines = []
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--config-dir", str(self.home)],
            env={**os.environ, **self.env},
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._reader = threading.Thread(
            target=self._read, args=(self.proc, self.lines), daemon=True
        )
        self._reader.start()
        found = self.wait_for(r"vllm-tray: serving on (\S+)")
        self.url = found.group(1)

    @staticmethod
    def _read(proc: subprocess.Popen[str], lines: list[str]) -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.append(line.rstrip("\n"))

    def wait_for(self, pattern: str, after: int = 0) -> re.Match[str]:
        regex = re.compile(pattern)
        deadline = time.monotonic() + WAIT_S
        while True:
            for line in self.lines[after:]:
                if found := regex.search(line):
                    return found
            assert self.proc is not None
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"serve never logged {pattern!r}:\n" + self.tail())
            time.sleep(0.02)

    def tail(self) -> str:
        return "\n".join(self.lines[-30:])

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        proc.send_signal(signal.SIGTERM)
        try:
            assert proc.wait(WAIT_S) == 0, self.tail()
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)
            assert self._reader is not None
            close_when_read(proc.stderr, self._reader)

    def client(self, **kwargs: Any) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=WAIT_S, **kwargs)

    def once(self, name: str, work: Callable[[], Any]) -> Any:
        """`work()`'s result, computed once per group: rows of a group share a model start."""
        if name not in self._group_memo:
            self._group_memo[name] = work()
        return self._group_memo[name]

    def new_group(self) -> None:
        self._group_memo.clear()


# -- what the checks do, as a user's client would -------------------------------------------
def load_again(serve: Serve, model: str) -> httpx.Response:
    """Unload and load `model`: "applies to models loaded from now on"."""
    with serve.client() as client:
        client.post("/api/v1/unload", json={"model_name": model}).raise_for_status()
        return client.post("/api/v1/load", json={"model_name": model})


def started_command(serve: Serve) -> list[str]:
    """The command line user.a was started with after the group's change (one start)."""

    def start() -> list[str]:
        answer = load_again(serve, "user.a")
        assert answer.status_code == 200, answer.text
        return list(answer.json()["command"])

    command: list[str] = serve.once("command of user.a", start)
    return command


def flag(command: list[str], name: str) -> str | None:
    return command[command.index(name) + 1] if name in command else None


def error_of(answer: httpx.Response) -> dict[str, Any]:
    assert answer.status_code >= 400, answer.text
    found: dict[str, Any] = answer.json()["error"]
    return found


def raw(serve: Serve) -> socket.socket:
    """A plain TCP connection to the endpoint, for what no HTTP client would send."""
    host, port = httpx.URL(serve.url).host, httpx.URL(serve.url).port
    assert port is not None
    return socket.create_connection((host, port), timeout=WAIT_S)


def answered_within(sock: socket.socket, limit_s: float) -> tuple[bytes, float]:
    """The first bytes the server sends on `sock` (b"" for a close) and how long it took."""
    began = time.monotonic()
    sock.settimeout(limit_s)
    try:
        data = sock.recv(4096)
    except TimeoutError:
        raise AssertionError(f"the server said nothing for {limit_s} s") from None
    return data, time.monotonic() - began


# -- the rows: one per setting ---------------------------------------------------------------
@dataclass(frozen=True)
class Effect:
    """A setting's check: `vllm-tray config set KEY=VALUE`, then `observe(serve)` on the
    running serve (restarted first when the key applies "when the endpoint restarts").

    `group`: rows stored by one `config set` and observed on the same serve (one restart for
    the whole group); a row whose value would disturb other rows' checks gets its own.
    """

    value: str
    observe: Callable[[Serve], None]
    group: str


def gpu_memory_utilization(serve: Serve) -> None:
    assert flag(started_command(serve), "--gpu-memory-utilization") == "0.42"


def max_num_seqs(serve: Serve) -> None:
    assert flag(started_command(serve), "--max-num-seqs") == "7"


def ctx_size(serve: Serve) -> None:
    assert flag(started_command(serve), "--max-model-len") == "1234"


ARGS_KEY = "s3cr3t-in-the-args"


def vllm_args(serve: Serve) -> None:
    assert flag(started_command(serve), "--fake-tokens") == "3"
    with serve.client() as client:
        chat = {"model": "user.a", "messages": [{"role": "user", "content": "hi"}]}
        answer = client.post("/v1/chat/completions", json=chat)
    assert answer.json()["usage"]["completion_tokens"] == 3  # the engine obeyed the flag
    # The key in the args reached the engine (it answered) and no line of serve's log.
    log = "\n".join(serve.lines)
    assert """setting models.vllm_args = "--fake-tokens 3 --api-key '<hidden>'\"""" in log, log
    assert ARGS_KEY not in log


def sleep_mode(serve: Serve) -> None:
    assert "--enable-sleep-mode" in started_command(serve)  # "on": with any engine


def custom_command(serve: Serve) -> None:
    # The command the row stores: the fake engine with one switch of its own first.
    command = started_command(serve)
    assert command[2:4] == ["--fake-tokens", "5"], command


def engine_kind(serve: Serve) -> None:
    # The CPU build instead of your own command; this config dir has none installed.
    answer = load_again(serve, "user.a")
    error = error_of(answer)
    assert error["code"].startswith("engine."), error
    assert "CPU" in error["message"] or "cpu" in error["message"], error


def failing_loads(serve: Serve) -> dict[str, dict[str, Any]]:
    """Both load limits at once (they take 10 and 15 s): the errors of the two loads."""

    def run() -> dict[str, dict[str, Any]]:
        def load(model: str) -> dict[str, Any]:
            with serve.client() as client:
                return error_of(client.post("/api/v1/load", json={"model_name": model}))

        with ThreadPoolExecutor(2) as pool:
            creeping = pool.submit(load, "user.creeping")
            silent = pool.submit(load, "user.silent")
            return {"creeping": creeping.result(), "silent": silent.result()}

    found: dict[str, dict[str, Any]] = serve.once("failing loads", run)
    return found


def load_timeout(serve: Serve) -> None:
    error = failing_loads(serve)["creeping"]
    assert error["code"] == "load.timeout", error
    assert re.search(r"after 15(\.0)? seconds", error["message"]), error


def load_stall_timeout(serve: Serve) -> None:
    error = failing_loads(serve)["silent"]
    assert error["code"] == "load.stalled", error
    assert re.search(r"for 10(\.0)? seconds", error["message"]), error


def memory_budget(serve: Serve) -> None:
    error = error_of(load_again(serve, "user.a"))
    assert error["code"] == "load.no_room", error


def host_reserve(serve: Serve) -> None:
    # More RAM kept for the system than the (suite's) machine has available: in RAM, where
    # the fake engine runs here, no model may start, and the sentence says why.
    error = error_of(load_again(serve, "user.a"))
    assert error["code"] == "load.host_memory", error
    assert "kept for the system" in error["message"]


def allowed_hosts(serve: Serve) -> None:
    with serve.client() as client:
        assert client.get("/v1/models", headers={"Host": "models.example"}).status_code == 200
        refused = client.get("/v1/models", headers={"Host": "other.example"})
    assert error_of(refused)["code"] == "proxy.forbidden_host"


def cors_origins(serve: Serve) -> None:
    with serve.client() as client:
        answer = client.get("/v1/models", headers={"Origin": "https://chat.example"})
        assert answer.status_code == 200
        assert answer.headers["Access-Control-Allow-Origin"] == "https://chat.example"
        refused = client.get("/v1/models", headers={"Origin": "https://evil.example"})
    assert error_of(refused)["code"] == "proxy.forbidden_origin"


def proxy_host(serve: Serve) -> None:
    assert httpx.URL(serve.url).host == "127.0.0.2"
    port = httpx.URL(serve.url).port
    assert httpx.get(f"http://127.0.0.2:{port}/live", timeout=WAIT_S).status_code == 200
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/live", timeout=WAIT_S)


def proxy_port(serve: Serve) -> None:
    assert httpx.URL(serve.url).port == SERVER_PORT


def max_connections(serve: Serve) -> None:
    """16 connections waiting with nothing sent, then a 17th with a request: the one that
    waited longest is closed to make room (the default, 512, would keep all of them)."""
    waiting = []
    try:
        for _ in range(16):
            waiting.append(raw(serve))
            time.sleep(0.02)  # an order the server sees too
        with serve.client() as client:
            assert client.get("/live").status_code == 200
        data, _ = answered_within(waiting[0], 10)  # the idle timeout is 60 s here
        assert data == b"", data  # closed without a word: it had asked nothing
        waiting[-1].setblocking(False)
        with pytest.raises(BlockingIOError):
            waiting[-1].recv(1)  # the newest is still open, with nothing to read
    finally:
        for sock in waiting:
            sock.close()


def idle_timeout(serve: Serve) -> None:
    with raw(serve) as sock:
        data, took = answered_within(sock, 20)  # the default would wait 60 s
    assert data == b"" and took < 20


def header_timeout(serve: Serve) -> None:
    with raw(serve) as sock:
        sock.sendall(b"GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and no more
        data, _ = answered_within(sock, 8)  # the default would wait 10 s
    assert data.startswith(b"HTTP/1.1 408"), data
    assert b"proxy.header_timeout" in data


def body_timeout(serve: Serve) -> None:
    with raw(serve) as sock:
        head = b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        sock.sendall(head + b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        data, _ = answered_within(sock, 20)  # the default would wait 30 s
    assert data.startswith(b"HTTP/1.1 408"), data
    assert b"proxy.body_timeout" in data


def max_body(serve: Serve) -> None:
    with raw(serve) as sock:
        head = b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        sock.sendall(head + b"Content-Type: application/json\r\nContent-Length: 1048577\r\n\r\n")
        data, _ = answered_within(sock, WAIT_S)
    assert data.startswith(b"HTTP/1.1 413"), data  # refused before a byte of the body


def body_budget(serve: Serve) -> None:
    """With 1 MiB for all bodies, a second body waits while a first one of 1 MiB is held:
    it is answered only after the first one is complete (the default would not wait)."""
    size = 1024 * 1024
    head = (
        b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n"
    )
    for _attempt in range(3):  # a first body the server took up too late is tried again
        with raw(serve) as first, raw(serve) as second:
            # Half of it at once: the body timeout allows 1 s more per 64 KiB received.
            first.sendall(head % size + b" " * (size // 2))
            time.sleep(1.5)  # for the server to take it up (reserve it) and read it
            second.sendall(head % 2 + b"{}")
            second.settimeout(1.0)
            early = b""
            with contextlib.suppress(TimeoutError):
                early = second.recv(4096)
            first.sendall(b" " * (size - size // 2))
            if early:
                continue  # answered before the first was complete: see the note above
            data, _ = answered_within(second, WAIT_S)
            assert data.startswith(b"HTTP/1.1 "), data
            return
    raise AssertionError("a second body never waited for the first one's memory")


def upstream_first_byte_timeout(serve: Serve) -> None:
    chat = {"model": "user.slow", "messages": [{"role": "user", "content": "hi"}], "max_tokens": 1}
    with serve.client() as client:
        error = error_of(client.post("/v1/chat/completions", json=chat))  # 6 s to answer
    assert error["code"] == "proxy.upstream_timeout", error
    assert "proxy.upstream_first_byte_timeout_s" in error["message"]


def upstream_idle_timeout(serve: Serve) -> None:
    chat = {
        "model": "user.slow",
        "messages": [{"role": "user", "content": "hi"}],
        "max_tokens": 2,
        "stream": True,
    }
    events = []
    with serve.client() as client, client.stream("POST", "/v1/chat/completions", json=chat) as s:
        assert s.status_code == 200
        for line in s.iter_lines():
            if line.startswith("data: ") and line != "data: [DONE]":
                events.append(json.loads(line.removeprefix("data: ")))
    errors = [e["error"] for e in events if "error" in e]
    assert errors and errors[0]["code"] == "proxy.upstream_timeout", events
    assert "proxy.upstream_idle_timeout_s" in errors[0]["message"]


def max_n(serve: Serve) -> None:
    prompt = {"model": "user.a", "prompt": "x", "max_tokens": 1}
    with serve.client() as client:
        error = error_of(client.post("/v1/completions", json={**prompt, "n": 3}))
        assert (error["code"], error["param"]) == ("proxy.too_many_choices", "n"), error
        assert "at most 2" in error["message"], error  # the default would take 16
        # Text that vLLM's request model would read as a number does not slip past the limit.
        for field, value in (("n", "100"), ("n", "  100 "), ("best_of", "64")):
            sent = client.post("/v1/completions", json={**prompt, field: value})
            assert sent.status_code == 400, (field, value, sent.text)
            error = error_of(sent)
            assert (error["code"], error["param"]) == ("proxy.bad_field", field), error
            assert "a whole number" in error["message"], error


def sse_keepalive(serve: Serve) -> None:
    """A stream to a model that takes 40 s to load: a comment line a second while it waits
    (the default would send the first after 15 s). The client leaves after three."""
    chat = {"model": "user.creeping", "messages": [{"role": "user", "content": "hi"}]}
    began = time.monotonic()
    comments = 0
    with (
        serve.client() as client,
        client.stream("POST", "/v1/chat/completions", json={**chat, "stream": True}) as s,
    ):
        assert s.status_code == 200
        for line in s.iter_lines():
            comments += line == ": keep-alive"
            if comments == 3:
                break
    # Timing is the behaviour: keep-alive comments come every interval while the model loads.
    assert comments == 3 and time.monotonic() - began < 10


def upload(serve: Serve, size: int) -> httpx.Response:
    line = json.dumps({"custom_id": "a", "method": "POST", "url": "/v1/completions"})
    with serve.client() as client:
        files = {"file": ("in.jsonl", line.encode().ljust(size) + b"\n")}
        return client.post("/v1/files", data={"purpose": "batch"}, files=files)


def batch_disk_quota(serve: Serve) -> None:
    error = error_of(upload(serve, 1_100_000))  # over the 1 MB all batch files may take
    assert error["code"] == "batch.quota_full", error
    assert "batch.disk_quota_gb" in error["message"], error


def batch_file_expiry(serve: Serve) -> None:
    answer = upload(serve, 100)
    assert answer.status_code == 200, answer.text
    kept = answer.json()
    assert kept["expires_at"] - kept["created_at"] == 2 * 86_400  # the default: 30 days


SERVER_PORT = free_port()

EFFECTS: dict[str, Effect] = {
    # applies to models started from now on: one start of user.a shows them all
    "models.gpu_memory_utilization": Effect("0.42", gpu_memory_utilization, "argv"),
    "models.max_num_seqs": Effect("7", max_num_seqs, "argv"),
    "models.ctx_size": Effect("1234", ctx_size, "argv"),
    "models.vllm_args": Effect(f"--fake-tokens 3 --api-key {ARGS_KEY}", vllm_args, "argv"),
    "memory.sleep_mode": Effect("on", sleep_mode, "argv"),
    "engine.custom_command": Effect(
        fake_engine("--fake-tokens", "5"), custom_command, "engine.custom_command"
    ),
    "engine.kind": Effect("cpu", engine_kind, "engine.kind"),
    # applies at once
    # Both at once: the silent start is stuck for 10 s before the creeping one runs out.
    "models.load_timeout_s": Effect("15", load_timeout, "loads"),
    "models.load_stall_timeout_s": Effect("10", load_stall_timeout, "loads"),
    "memory.budget_gb": Effect("0.001", memory_budget, "memory.budget_gb"),
    "memory.host_reserve_gb": Effect("100000", host_reserve, "memory.host_reserve_gb"),
    "proxy.allowed_hosts": Effect("models.example", allowed_hosts, "security"),
    "proxy.cors_origins": Effect("https://chat.example", cors_origins, "security"),
    "batch.file_expiry_days": Effect("2", batch_file_expiry, "batch"),
    "batch.disk_quota_gb": Effect("0.001", batch_disk_quota, "batch"),
    # applies when the endpoint restarts: one restart for all of them, and one for the cap
    # on connections, whose check needs the default idle timeout
    "proxy.max_connections": Effect("16", max_connections, "connections"),
    "proxy.host": Effect("127.0.0.2", proxy_host, "endpoint"),
    "proxy.port": Effect(str(SERVER_PORT), proxy_port, "endpoint"),
    "proxy.idle_timeout_s": Effect("3", idle_timeout, "endpoint"),
    "proxy.header_timeout_s": Effect("1", header_timeout, "endpoint"),
    "proxy.body_timeout_s": Effect("1", body_timeout, "endpoint"),
    "proxy.max_body_mb": Effect("1", max_body, "endpoint"),
    "proxy.body_budget_mb": Effect("1", body_budget, "endpoint"),
    "proxy.upstream_first_byte_timeout_s": Effect("2", upstream_first_byte_timeout, "endpoint"),
    "proxy.upstream_idle_timeout_s": Effect("1", upstream_idle_timeout, "endpoint"),
    "proxy.max_n": Effect("2", max_n, "endpoint"),
    "proxy.sse_keepalive_s": Effect("1", sse_keepalive, "keepalive"),
}


def restarts(key: str) -> bool:
    return SPEC_BY_KEY[key].restart in ("server", "app")


# Groups that need no restart first, then the others: the fewest serve starts.
ORDER = sorted(EFFECTS, key=lambda key: (restarts(key), EFFECTS[key].group))


# -- the harness -----------------------------------------------------------------------------
class Groups:
    """Moves the one serve from group to group (see the module's docstring)."""

    def __init__(self, serve: Serve, base: Mapping[str, object]) -> None:
        self.serve = serve
        self.base = base  # what the settings file held before the first group
        self.current: str | None = None

    def enter(self, group: str) -> Serve:
        if group == self.current:
            return self.serve
        leaving = [k for k in EFFECTS if EFFECTS[k].group == self.current]
        entering = {k: EFFECTS[k].value for k in EFFECTS if EFFECTS[k].group == group}
        restart = any(restarts(k) for k in (*leaving, *entering))
        if not restart:
            self._tidy_models()
        settings = Settings(self.serve.home / "settings.json")
        mark = len(self.serve.lines)
        before = settings.as_dict()
        # Back to what it was, then the group's values through the CLI (ConfigService).
        settings.set_many({k: self.base[k] for k in leaving})
        args = [f"{k}={v}" for k, v in entering.items()]
        assert vllm_tray(["config", "set", *args, "--config-dir", str(self.serve.home)]) == 0
        after = Settings(self.serve.home / "settings.json").as_dict()
        self.current = group
        self.serve.new_group()
        if restart:
            self.serve.stop()
            self.serve.start()
            return self.serve
        for key in (k for k in after if after[k] != before[k]):
            self.serve.wait_for(rf"setting {re.escape(key)} = ", after=mark)
        return self.serve

    def _tidy_models(self) -> None:
        """Nothing a group started stays: failing loads would retry into the next one."""
        with self.serve.client() as client:
            for name in MODELS:
                client.post("/api/v1/unload", json={"model_name": f"user.{name}"})


@pytest.fixture(scope="module")
def groups(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Groups]:
    tmp = tmp_path_factory.mktemp("settings")
    home = tmp / "home"
    paths = resolve_paths(home)
    base = {
        "engine.kind": "custom",
        "engine.custom_command": fake_engine(),
        "proxy.port": free_port(),
        "models.ctx_size": 4096,
    }
    # The starting point, set up in this process: the rows' changes are what goes through
    # `vllm-tray config set`.
    Settings(paths.settings_file).set_many(base)
    registry = Registry(paths)
    for name, flags in MODELS.items():
        registry.add_user_model(name, str(make_model_folder(tmp / name)))
        if flags:
            registry.set_options(f"user.{name}", ModelOptions(vllm_args=flags))
    serve = Serve(home, {"HF_HUB_CACHE": str(tmp / "hub")})
    serve.start()
    try:
        yield Groups(serve, Settings(paths.settings_file).as_dict())
    finally:
        serve.stop()


@pytest.mark.parametrize("key", ORDER)
def test_a_changed_setting_takes_effect(key: str, groups: Groups) -> None:
    serve = groups.enter(EFFECTS[key].group)
    try:
        EFFECTS[key].observe(serve)
    except AssertionError as failure:
        raise AssertionError(f"{key}: {failure}\nserve's log:\n{serve.tail()}") from None


EFFECT_TEST = re.compile(r"(tests/[\w/]+\.py)::(\w+)")


def test_every_setting_has_its_effect_checked() -> None:
    """A key added to the table without a row here (or an `effect_test`) fails this."""
    elsewhere = {spec.key: spec.effect_test for spec in SPECS if spec.effect_test}
    assert set(EFFECTS) & set(elsewhere) == set(), "a row here, or an effect_test: not both"
    unchecked = {spec.key for spec in SPECS} - set(EFFECTS) - set(elsewhere)
    assert unchecked == set(), (
        f"no check that a change of {sorted(unchecked)} takes effect: add a row to EFFECTS "
        "in this file, or an effect_test to the setting (docs/DEVELOPING.md)"
    )
    assert set(EFFECTS) <= set(SPEC_BY_KEY), "a row for a setting that no longer exists"
    for key, where in elsewhere.items():
        found = EFFECT_TEST.search(where)
        assert found is not None, f"{key}: effect_test names no tests/….py::test_name"
        assert where[: found.start()].strip(" ;"), f"{key}: effect_test says no reason"
        path, name = found.groups()
        assert f"def {name}(" in (ROOT / path).read_text(), f"{key}: {path}::{name} is gone"
