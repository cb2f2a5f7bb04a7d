"""`vllm-tray serve` and `system-info` on a machine whose memory others use (issues 20.2, 23.3).

A real `serve` process on a fake /sys and a fake /proc/meminfo (VLLM_TRAY_SYSFS_ROOT,
VLLM_TRAY_MEMINFO) with the fake engine: a Strix Halo whose host has 20 GiB available
refuses a start at utilization 0.95 with one sentence that names the share that fits, and
loads at that share; memory.host_reserve_gb, changed in the running server, decides; a card
whose VRAM other programs hold refuses the start the same way; system-info shows the budget
and the bound.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from tests.fakes.engine_runtime import make_runtime
from tests.fakes.remote_servers import ServeProcess, run_cli
from tests.unit import sysfs_trees as trees

GIB = 1024**3


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def write_meminfo(path: Path, available_gib: float, total_gib: float = 125.0) -> Path:
    path.write_text(
        f"MemTotal:       {int(total_gib * GIB / 1024)} kB\n"
        "MemFree:         1048576 kB\n"
        f"MemAvailable:   {int(available_gib * GIB / 1024)} kB\n"
    )
    return path


class Machine:
    """A home with user.a on the fake engine, and the fake machine it runs on."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sysfs: Path) -> None:
        self.port = free_port()
        self.home = tmp_path / "home"
        self.meminfo = write_meminfo(tmp_path / "meminfo", available_gib=20)
        self.env = {
            "HF_HUB_CACHE": str(tmp_path / "hub"),
            "VLLM_TRAY_SYSFS_ROOT": str(sysfs),
            "VLLM_TRAY_MEMINFO": str(self.meminfo),
        }
        make_runtime(tmp_path, monkeypatch, models=("a",), settings={"proxy.port": self.port})

    def cli(self, *argv: str) -> tuple[int, str, str]:
        done = run_cli(self.home, *argv, env=self.env)
        return done.returncode, done.stdout, done.stderr

    def set_while_serving(self, serve: ServeProcess, key: str, value: str) -> None:
        """`vllm-tray config set KEY=VALUE`, then wait until the running serve says it took
        it (its "setting KEY = …" log line), never on the clock."""
        seen = len(serve.lines)
        assert self.cli("config", "set", f"{key}={value}")[0] == 0
        wait_for(
            lambda: any(f"setting {key} = " in line for line in serve.lines[seen:]),
            f"serve to take {key}={value}",
            within=60,
        )


def wait_for(check: Callable[[], bool], what: str, within: float = 15.0) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    pytest.fail(f"timed out waiting for {what}")


def load(client: httpx.Client, model: str = "user.a") -> httpx.Response:
    return client.post("/api/v1/load", json={"model_name": model}, timeout=60)


def state_of(client: httpx.Client, model: str = "user.a") -> str:
    models = client.get("/v1/health").json()["models"]
    return str(next((m["state"] for m in models if m["model_name"] == model), "stopped"))


@pytest.fixture
def strix_halo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Machine:
    """A Strix Halo with a 512 MiB carve-out and 120 GiB of GTT: nearly all of its budget is
    the host's RAM, of which 20 GiB are available."""
    return Machine(tmp_path, monkeypatch, trees.strix_halo(tmp_path / "sys", carveout="512m"))


def test_system_info_shows_the_budget_and_what_the_host_can_spare(strix_halo: Machine) -> None:
    code, out, err = strix_halo.cli("system-info", "--json")
    assert code == 0, err
    info = json.loads(out)
    room = next(r for r in info["memory_room"]["rooms"] if r["device"] == "gpu0")
    assert room["binding"] == "host"
    assert room["budget"] == info["gpus"][0]["budget_total"]  # VRAM + GTT: ~120.5 GiB
    assert room["host_available"] == 20 * GIB
    assert room["host_limit"] == 512 * 1024**2 + 20 * GIB - 4 * 10**9
    assert info["memory_room"]["reserve"] == 4 * 10**9
    code, out, _ = strix_halo.cli("system-info")
    line = next(s for s in out.splitlines() if "models may use" in s)
    assert "budget 129.4 GB" in line  # both numbers: the budget …
    assert "without swapping the host can spare 18.0 GB" in line  # … and the bound
    assert "21.5 GB RAM available, 4.0 GB kept for the system" in line


@pytest.mark.timeout(180)
def test_a_start_that_would_swap_the_apu_is_refused_then_fits_at_the_share_named(
    strix_halo: Machine,
) -> None:
    assert strix_halo.cli("config", "set", "models.gpu_memory_utilization=0.95")[0] == 0
    serve = ServeProcess(strix_halo.home, strix_halo.port, strix_halo.env)
    try:
        with httpx.Client(base_url=serve.url) as client:
            refused = load(client)
            assert refused.status_code == 503
            error = refused.json()["error"]
            assert error["code"] == "load.host_memory"
            assert error["message"] == (
                "user.a needs about 122.92 GB on GPU 0 (Radeon 8060S (Strix Halo)), but only "
                "18.01 GB can be taken without pushing this computer into swap (21.47 GB of "
                "RAM available, 4.00 GB kept for the system): lower models.gpu_memory_utilization "
                "to 0.13, or close other programs."
            )
            assert state_of(client) == "stopped"  # nothing was started

            # The share the sentence names, set while the server runs, loads.
            strix_halo.set_while_serving(serve, "models.gpu_memory_utilization", "0.13")
            assert load(client).status_code == 200
            assert state_of(client) == "running"

            # memory.host_reserve_gb is observed by the running server: with 6 GB kept for
            # the system, 0.13 of the budget no longer fits and a new start is refused.
            assert client.post("/api/v1/unload", json={"model_name": "user.a"}).status_code == 200
            strix_halo.set_while_serving(serve, "memory.host_reserve_gb", "6")
            assert load(client).json()["error"]["code"] == "load.host_memory"
            strix_halo.set_while_serving(serve, "memory.host_reserve_gb", "4")
            assert load(client).status_code == 200
    finally:
        assert serve.stop() == 0, "".join(serve.lines[-30:])


@pytest.mark.timeout(180)
def test_the_cpu_engines_ram_keeps_the_reserve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    machine = Machine(tmp_path, monkeypatch, tmp_path / "no-sys")  # no GPU: models run in RAM
    write_meminfo(machine.meminfo, available_gib=3)  # less than the 4 GB reserve
    serve = ServeProcess(machine.home, machine.port, machine.env)
    try:
        with httpx.Client(base_url=serve.url) as client:
            refused = load(client)
            assert refused.json()["error"]["code"] == "load.host_memory"
            assert (
                "lower its ctx_size, or close other programs" in refused.json()["error"]["message"]
            )
            write_meminfo(machine.meminfo, available_gib=8)  # the desktop closed a browser
            assert load(client).status_code == 200
    finally:
        assert serve.stop() == 0, "".join(serve.lines[-30:])


@pytest.mark.timeout(180)
def test_a_card_whose_vram_other_programs_hold_refuses_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sysfs = trees.rdna3_card(tmp_path / "sys")
    trees.set_memory(sysfs, 128, vram_used=20 * GIB)  # a game holds 20 GiB of the 24
    machine = Machine(tmp_path, monkeypatch, sysfs)
    serve = ServeProcess(machine.home, machine.port, machine.env)
    try:
        with httpx.Client(base_url=serve.url) as client:
            refused = load(client)
            error = refused.json()["error"]
            assert error["code"] == "load.memory_in_use"
            assert "other programs hold 21.47 of its 25.75 GB" in error["message"]
            assert "lower models.gpu_memory_utilization to 0.16" in error["message"]
            trees.set_memory(sysfs, 128, vram_used=612 * 1024**2)  # the game quit
            assert load(client).status_code == 200
    finally:
        assert serve.stop() == 0, "".join(serve.lines[-30:])


def test_options_says_whether_the_model_fits_now_as_the_dialog_does(strix_halo: Machine) -> None:
    """Issue 32 item 16: `options` showed the plan but not the dialog's verdict."""
    assert strix_halo.cli("config", "set", "models.gpu_memory_utilization=0.95")[0] == 0
    code, out, err = strix_halo.cli("options", "user.a")
    assert code == 0, err
    line = next(s for s in out.splitlines() if s.startswith("fit:"))
    assert line.startswith("fit:        does not fit now: a start would reserve 12"), line
    assert line.endswith("GB, more than is free"), line
    code, out, _ = strix_halo.cli("options", "user.a", "--json")
    assert json.loads(out)["fit"] == "not_now"

    assert strix_halo.cli("config", "set", "models.gpu_memory_utilization=0.13")[0] == 0
    code, out, _ = strix_halo.cli("options", "user.a")
    line = next(s for s in out.splitlines() if s.startswith("fit:"))
    assert line.startswith("fit:        fits: needs "), line
