"""`vllm-tray engine status` / `engine list` name the vLLM release of each installed engine and
the known advisories for it (issue 18, item 8): the ROCm bundle by its pinned tag, the CPU
build by its package, the user's own vLLM by asking its Python (cached per command; an upgrade
is noticed)."""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.events import EngineVersionRead, Event, EventBus
from app.core.states import EngineKind
from app.runtime.services.engine_advice import EngineAdvisor
from app.supervisor.engines.base import write_version_file
from app.supervisor.engines.custom import CustomEngine
from app.supervisor.engines.rocm_builds import PINNED_BASE
from app.supervisor.engines.rocm_unpack import LAUNCHER
from tests.fakes.vllm_venv import API_SERVER, make_vllm_venv, set_vllm_version

ROOT = Path(__file__).resolve().parents[2]
BUNDLE_TAG = f"{PINNED_BASE}-gfx1151"  # vllm0.20.1-rocm7.12.0: what RDNA machines get


def cli(home: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ}
    env.pop("VLLM_TRAY_HOME", None)
    return subprocess.run(
        [sys.executable, "-m", "app", *argv, "--config-dir", str(home)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def install_fake_builds(home: Path) -> None:
    """The ROCm bundle and the CPU build as an install leaves them (version file, entry)."""
    engines = home / "cache" / "engines"
    rocm = engines / "rocm"
    (rocm / LAUNCHER).parent.mkdir(parents=True)
    (rocm / LAUNCHER).write_text("#!/bin/sh\nexit 0\n")
    (rocm / LAUNCHER).chmod(0o755)
    write_version_file(rocm, EngineKind.ROCM, BUNDLE_TAG)
    cpu = engines / "cpu"
    (cpu / "venv" / "bin").mkdir(parents=True)
    (cpu / "venv" / "bin" / "python").symlink_to(sys.executable)
    write_version_file(cpu, EngineKind.CPU, "0.32.0")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    install_fake_builds(home)
    return home


def use_own_vllm(home: Path, python: Path) -> None:
    command = shlex.join([str(python), "-m", API_SERVER])
    (home / "settings.json").write_text(
        json.dumps({"engine.kind": "custom", "engine.custom_command": command})
    )


def rows(home: Path, verb: str = "list") -> dict[str, dict[str, object]]:
    done = cli(home, "engine", verb, "--json")
    assert done.returncode == 0, done.stderr
    return {row["kind"]: row for row in json.loads(done.stdout)["engines"]}


def ids(row: dict[str, object]) -> list[str]:
    """Each advisory by its CVE when it has one (the OSV id otherwise), the worst first."""
    advisories = row["advisories"]
    assert isinstance(advisories, list)
    return [next((x for x in a["aliases"] if x.startswith("CVE-")), a["id"]) for a in advisories]


def test_each_installed_engine_shows_the_advisories_of_its_vllm(home: Path, tmp_path: Path) -> None:
    python = make_vllm_venv(tmp_path / "own-venv", "0.19.1")
    use_own_vllm(home, python)

    found = rows(home)  # `engine list` is `engine status` under the name the issue uses
    assert (found["rocm"]["vllm_version"], found["rocm"]["version_source"]) == (
        "0.20.1",
        "bundle",
    )
    # The advisory database's records (app/core/data/osv_vllm.json): the worst first, the
    # Host-header bypass (critical, fixed in 0.22.0).
    assert len(ids(found["rocm"])) == 17 and ids(found["rocm"])[0] == "CVE-2026-48746"
    assert (found["cpu"]["vllm_version"], ids(found["cpu"])) == ("0.32.0", [])
    own = found["custom"]
    assert own["active"] is True
    assert (own["vllm_version"], own["version_source"]) == ("0.19.1", "engine")
    assert len(ids(own)) == 18 and ids(own)[0] == "CVE-2026-48746"
    assert own["advisories"][0]["affected"] == ">=0.3.0,<0.22.0"  # type: ignore[index]
    # The answer is kept per command, with a stamp of what an upgrade changes.
    cache = json.loads((home / "cache" / "run" / "engine_versions.json").read_text())
    assert [entry["version"] for entry in cache.values()] == ["0.19.1"]

    text = cli(home, "engine", "status")
    assert text.returncode == 0, text.stderr
    assert "vLLM 0.19.1: 18 known security advisories" in text.stdout
    assert "vLLM 0.32.0: no known security advisory" in text.stdout
    assert "vLLM 0.19.1 can let a request past its own access checks (CVE-2026-48746" in (
        " ".join(text.stdout.split())
    )

    set_vllm_version(python, "0.13.0")  # an older vLLM: more advisories apply
    older = ids(rows(home, "status")["custom"])
    assert len(older) == 24
    assert {"CVE-2026-34756", "CVE-2026-22778", "CVE-2026-22807"} < set(older)
    assert "CVE-2026-34753" not in older  # the SSRF came with 0.16.0 (its OSV range)
    set_vllm_version(python, "0.32.0")  # the upgrade is noticed
    upgraded = rows(home)["custom"]
    assert (upgraded["vllm_version"], ids(upgraded)) == ("0.32.0", [])


def test_an_engine_that_hides_its_python_says_its_version_is_unknown(
    home: Path, tmp_path: Path
) -> None:
    launcher = tmp_path / "my-vllm"
    launcher.write_text("#!/bin/sh\nexec true\n")
    launcher.chmod(0o755)
    (home / "settings.json").write_text(
        json.dumps({"engine.kind": "custom", "engine.custom_command": str(launcher)})
    )
    own = rows(home)["custom"]
    assert (own["vllm_version"], own["version_source"], own["advisories"]) == (
        None,
        "unknown",
        [],
    )
    text = cli(home, "engine", "status")
    assert "vLLM version: unknown (its known advisories cannot be checked)" in text.stdout


async def test_views_asking_again_and_again_read_once_and_announce_only_news(
    tmp_path: Path,
) -> None:
    """The GUI refreshes on EngineVersionRead and asks again: an unchanged answer must not be
    announced (or the two would loop), and a reading is not repeated for every view."""
    bus = EventBus()
    events: list[Event] = []
    bus.subscribe(events.append)
    advisor = EngineAdvisor(bus=bus, state_dir=tmp_path / "state")
    launcher = tmp_path / "my-vllm"
    await asyncio.to_thread(launcher.write_text, "#!/bin/sh\nexit 0\n")
    await asyncio.to_thread(launcher.chmod, 0o755)
    hidden = CustomEngine([str(launcher)])
    for _ in range(3):
        advisor.check_soon(hidden)
        assert (await advisor.check(hidden, None)).version is None
    assert [e for e in events if isinstance(e, EngineVersionRead)] == []

    python = await asyncio.to_thread(make_vllm_venv, tmp_path / "own-venv", "0.19.1")
    own = CustomEngine([str(python), "-m", API_SERVER])
    assert advisor.advice(own, None).version is None  # not read yet: a view does not wait
    advisor.check_soon(own)
    assert (await advisor.check(own, None)).version == "0.19.1"
    for _ in range(3):
        advisor.check_soon(own)
        await advisor.check(own, None)
    read = [e for e in events if isinstance(e, EngineVersionRead)]
    assert [(e.kind, e.version) for e in read] == [("custom", "0.19.1")]
