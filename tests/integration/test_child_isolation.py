"""Children and helpers import only what the app meant (issue 18, items 2, 7 and 8a).

`vllm-tray serve` is started, as a user would, from a folder that holds a `vllm_tray_guard.py`,
an `app/` package and a `vllm/` package. Python puts the current folder first on the import
path for `python -m …` and `python -c …`; the fake engine here is started with `python -c`,
as the real one is with `python -m`, so each planted module would be imported instead of the
real one if a child ran there. Each writes a marker file when imported: none may appear. The
model's own `--api-key` must not reach the child's log or `/v1/health`, and the key guard's
answer must not depend on the Host header.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests import host_probe
from tests.fakes.engine_runtime import FAKE, make_model_folder
from tests.fakes.remote_servers import free_port

VLLM_TRAY = Path(sys.executable).with_name("vllm-tray")  # the installed console script
USER_KEY = "the-users-own-key-4711"
HF_FLAG_TOKEN = "hf_flag_token_0815"
PLANTED = {
    "vllm_tray_guard.py": "guard",  # the key guard every keyed child loads
    "app/__init__.py": "app",  # the app's package: the built-in load generator runs from it
    "vllm/__init__.py": "vllm",  # vLLM's benchmark driver imports it
}
MARKER_CODE = """import pathlib, os
pathlib.Path({marker!r}).write_text(os.environ.get("VLLM_TRAY_CHILD_KEY", "") + " {what}")
class KeyGuard:  # lets everything through, and would have seen the child's key
    def __init__(self, app):
        self.app = app
    async def __call__(self, scope, receive, send):
        await self.app(scope, receive, send)
"""


# The fake engine answers /version with this: the engine's Python (the app's own, without
# vLLM) cannot tell, so the running child's answer is what /v1/health's advisories use.
CHILD_VLLM = "0.20.1"


def fake_engine_with_c(*switches: str) -> str:
    """The fake engine started as `python -c …` (the current folder goes first on the path
    for -c, as for the real engine's `python -m`)."""
    code = (
        "import runpy, sys; sys.argv[0] = 'fake_vllm'; "
        f"runpy.run_path({str(FAKE)!r}, run_name='__main__')"
    )
    return shlex.join([sys.executable, "-c", code, *switches])


def plant(folder: Path, markers: Path) -> None:
    for name, what in PLANTED.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(MARKER_CODE.format(marker=str(markers / f"{what}.ran"), what=what))


class Serve:
    """`vllm-tray serve` (the console script) started in `cwd`; waits on its own log line."""

    def __init__(self, home: Path, port: int, cwd: Path, env: dict[str, str]) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.lines: list[str] = []
        self._ready = threading.Event()
        self.proc = subprocess.Popen(
            [str(VLLM_TRAY), "serve", "--config-dir", str(home), "--port", str(port)],
            env=env,
            cwd=cwd,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._ready.wait(90):
            self.stop()
            raise AssertionError("serve never started:\n" + "".join(self.lines[-30:]))

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line)
            if "serving on" in line:
                self._ready.set()

    def stop(self) -> int:
        self.proc.terminate()
        try:
            return self.proc.wait(60)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(10)
            self._reader.join(10)
            assert self.proc.stderr is not None
            self.proc.stderr.close()


def cli(home: Path, cwd: Path, env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(VLLM_TRAY), *argv, "--config-dir", str(home)],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )


@pytest.fixture
def world(tmp_path: Path) -> Iterator[tuple[Path, Path, Path, dict[str, str]]]:
    """(home, the planted launch folder, the markers folder, the environment)."""
    home = tmp_path / "home"
    home.mkdir()
    launch = tmp_path / "launch"
    markers = tmp_path / "markers"
    markers.mkdir()
    plant(launch, markers)
    models = {
        "plain": str(make_model_folder(tmp_path / "plain")),
        "keyed": str(make_model_folder(tmp_path / "keyed")),
    }
    (home / "user_models.json").write_text(
        json.dumps({name: {"checkpoint": path, "recipe": "vllm"} for name, path in models.items()})
    )
    (home / "recipe_options.json").write_text(
        json.dumps(
            {"user.keyed": {"vllm_args": f"--api-key {USER_KEY} --hf-token={HF_FLAG_TOKEN}"}}
        )
    )
    (home / "settings.json").write_text(
        json.dumps(
            {
                "engine.kind": "custom",
                "engine.custom_command": fake_engine_with_c("--fake-version", CHILD_VLLM),
            }
        )
    )
    env = {**os.environ, "HF_HUB_CACHE": str(tmp_path / "hub")}
    env.pop("VLLM_TRAY_HOME", None)
    env.pop("PYTHONPATH", None)
    yield home, launch, markers, env


@pytest.mark.timeout(300)
def test_planted_modules_in_the_launch_folder_never_run(
    world: tuple[Path, Path, Path, dict[str, str]],
) -> None:
    home, launch, markers, env = world
    serve = Serve(home, free_port(), launch, env)
    try:
        with httpx.Client(base_url=serve.url, timeout=60) as client:
            for model in ("user.keyed", "user.plain"):
                loaded = client.post("/api/v1/load", json={"model_name": model})
                assert loaded.status_code == 200, loaded.text
            health = client.get("/v1/health").json()
        cards = {card["model_name"]: card for card in health["all_models_loaded"]}
        keyed = cards["user.keyed"]
        port = int(keyed["backend_url"].rsplit(":", 1)[1])
        tokenize = {"model": "user.keyed", "prompt": "Hi"}

        # The real guard runs (not the planted one): no key, no answer, whatever the Host.
        assert set(host_probe.statuses(port, "/tokenize", tokenize).values()) == {401}
        assert set(host_probe.statuses(port, "/tokenize", tokenize, "wrong").values()) == {401}
        assert set(host_probe.statuses(port, "/tokenize", tokenize, USER_KEY).values()) == {200}
        models_path = "/v1/models"  # vLLM's own check and the guard's, both on the key
        assert host_probe.post(port, models_path, {}, "attacker.example") == 401

        # The child runs in the app's private work folder with a safe import path.
        workdir = home / "cache" / "run" / "workdir"
        pid = keyed["pid"]
        assert Path(f"/proc/{pid}/cwd").resolve() == workdir
        assert workdir.stat().st_mode & 0o777 == 0o700
        environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        assert b"PYTHONSAFEPATH=1" in environ

        # The user's own --api-key (and any secret-looking flag) is hidden wherever the
        # command line is shown: /v1/health, the child's log, the options preview.
        command = " ".join(keyed["command"])
        assert USER_KEY not in command and HF_FLAG_TOKEN not in command
        assert "--api-key <hidden>" in command and "--hf-token=<hidden>" in command
        log_text = (home / "cache" / "logs" / "user.keyed.log").read_text()
        assert "--api-key <hidden>" in log_text
        assert USER_KEY not in log_text and HF_FLAG_TOKEN not in log_text
        preview = cli(home, launch, env, "options", "user.keyed")
        assert preview.returncode == 0, preview.stderr
        command_line = next(x for x in preview.stdout.splitlines() if x.startswith("command:"))
        assert "--api-key '<hidden>'" in command_line and USER_KEY not in command_line
        as_json = cli(home, launch, env, "options", "user.keyed", "--json")
        argv = json.loads(as_json.stdout)["argv"]
        assert argv[argv.index("--api-key") + 1] == "<hidden>" and USER_KEY not in argv

        # /v1/health names the vLLM release in use and its advisories (issue 18, item 8).
        engine = wait_for_engine_version(serve.url)
        assert engine["kind"] == "custom" and engine["vllm_version"] == CHILD_VLLM
        assert engine["version_source"] == "engine"
        # How many apply, the worst and the release that fixes them all (issue 34, item 2).
        assert (engine["advisory_count"], engine["worst_severity"], engine["fixed_by"]) == (
            len(engine["advisories"]), "critical", "0.32.0",
        )  # fmt: skip
        host = engine["advisories"][0]  # the worst first: the Host-header bypass
        assert "CVE-2026-48746" in host["aliases"] and host["fixed_in"] == "0.22.0"
        assert "past its own access checks (CVE-2026-48746" in host["summary"]

        # Both load generators start from the launch folder too: vLLM's driver (the engine's
        # Python has no vLLM here, so it falls back) and the built-in client.
        bench = cli(
            home, launch, env,
            "bench", "user.plain", "--url", serve.url, "--requests", "2",
            "--concurrency", "1", "--output-len", "4", "--json",
        )  # fmt: skip
        assert bench.returncode == 0, bench.stderr
        assert json.loads(bench.stdout)["generator"]["name"] == "built-in"
    finally:
        code = serve.stop()
    assert code == 0, "".join(serve.lines[-30:])
    assert sorted(p.name for p in markers.iterdir()) == []


def wait_for_engine_version(url: str) -> dict[str, Any]:
    """/v1/health's engine, once its version was read (the first reading of a user's own
    vLLM goes on in the background while /v1/health answers at once)."""
    deadline = time.monotonic() + 60
    while True:
        engine = httpx.get(f"{url}/v1/health", timeout=30).json()["engine"]
        if engine["vllm_version"] is not None or time.monotonic() > deadline:
            return dict(engine)
        time.sleep(0.2)
