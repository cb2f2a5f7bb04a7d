"""`vllm-tray engine status` names how many advisories from the advisory database apply to the
engine in use, the worst severity and the release that fixes them all (issue 34, item 2): from
the shipped OSV snapshot, or from osv.dev (a fake on loopback) when it answers; a hostile answer
leaves the snapshot in use and is said."""

from __future__ import annotations

import datetime as dt
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakes.fake_osv import HOSTILE, fake_osv
from tests.fakes.vllm_venv import API_SERVER, make_vllm_venv, set_vllm_version

ROOT = Path(__file__).resolve().parents[2]
BUNDLE_VLLM = "0.25.2.dev0+rocm7.15.0a20260724.g752a3a504.d20260724"
SNAPSHOT_LINE = "advisories: the shipped snapshot as of 2026-12-07"


def cli(home: Path, *argv: str, osv: str = "off") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "VLLM_TRAY_OSV_URL": osv}
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


@pytest.fixture(scope="module")
def own_vllm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_vllm_venv(tmp_path_factory.mktemp("venv") / "own", "0.20.1")


def home_using(tmp_path: Path, python: Path, version: str) -> Path:
    set_vllm_version(python, version)
    home = tmp_path / "home"
    home.mkdir()
    command = shlex.join([str(python), "-m", API_SERVER])
    (home / "settings.json").write_text(
        json.dumps({"engine.kind": "custom", "engine.custom_command": command})
    )
    return home


def status(home: Path, osv: str = "off") -> tuple[str, dict[str, object]]:
    text = cli(home, "engine", "status", osv=osv)
    assert text.returncode == 0, text.stderr
    done = cli(home, "engine", "status", "--json", osv=osv)
    assert done.returncode == 0, done.stderr
    rows = {row["kind"]: row for row in json.loads(done.stdout)["engines"]}
    return " ".join(text.stdout.split()), rows["custom"]


def test_the_snapshot_on_the_default_bundles_vllm(tmp_path: Path, own_vllm: Path) -> None:
    shown, row = status(home_using(tmp_path, own_vllm, "0.20.1"))
    assert "vLLM 0.20.1: 17 known security advisories (worst: critical); 0.32.0 fixes them all" in (
        shown
    )
    assert SNAPSHOT_LINE in shown
    assert "! [critical] vLLM 0.20.1 can let a request past its own access checks " in shown
    assert "(CVE-2026-48746, fixed in 0.22.0)" in shown
    assert (row["advisory_count"], row["worst_severity"], row["fixed_by"]) == (
        17,
        "critical",
        "0.32.0",
    )


def test_the_newest_qualified_rocm_build_and_the_cpu_build(tmp_path: Path, own_vllm: Path) -> None:
    shown, row = status(home_using(tmp_path, own_vllm, BUNDLE_VLLM))
    assert (
        f"vLLM {BUNDLE_VLLM}: 5 known security advisories (worst: high); 0.32.0 fixes them all"
        in (shown)
    )
    ids = {a["id"] for a in row["advisories"]}  # type: ignore[attr-defined]
    assert ids == {
        "PYSEC-2026-4199",  # structured-output failures reach the fatal path, fixed in 0.30.0
        "PYSEC-2026-4325",  # unbounded Prometheus labels, 0.30.0
        "PYSEC-2026-4353",  # multimodal metadata, 0.30.0
        "PYSEC-2026-4344",  # chat templates without bounds, 0.32.0
        "PYSEC-2026-4349",
    }
    set_vllm_version(own_vllm, "0.32.0")
    shown, row = status(tmp_path / "home")
    assert "vLLM 0.32.0: no known security advisory" in shown
    assert (row["advisory_count"], row["fixed_by"]) == (0, None)


def test_osv_dev_answers_a_newer_list(tmp_path: Path, own_vllm: Path) -> None:
    home = home_using(tmp_path, own_vllm, "0.32.0")
    today = dt.datetime.now(dt.UTC).date().isoformat()
    with fake_osv() as server:
        shown, row = status(home, osv=server.url)
        assert server.queries == [{"package": {"name": "vllm", "ecosystem": "PyPI"}}]  # once a day
    assert "vLLM 0.32.0: 1 known security advisory (worst: critical); 0.40.0 fixes it" in shown
    assert f"advisories: osv.dev as of {today}" in shown
    assert "can be made to run someone else's code on this machine (CVE-2026-99001" in shown
    (advisory,) = row["advisories"]  # type: ignore[misc]
    assert advisory["id"] == "PYSEC-2026-9001"  # one of the PYSEC and GHSA records
    assert advisory["url"] == "https://osv.dev/vulnerability/PYSEC-2026-9001"
    # Kept in the cache dir: offline, the list from osv.dev is still the one in use, and the
    # shipped records stay known beside it.
    shown, row = status(home, osv="http://127.0.0.1:9")
    assert f"advisories: osv.dev as of {today}" in shown
    set_vllm_version(own_vllm, "0.20.1")
    shown, row = status(home)
    assert row["advisory_count"] == 18 and row["fixed_by"] == "0.40.0"


@pytest.mark.parametrize("mode", sorted(HOSTILE))
def test_a_hostile_answer_keeps_the_snapshot_and_says_so(
    tmp_path: Path, own_vllm: Path, mode: str
) -> None:
    home = home_using(tmp_path, own_vllm, "0.20.1")
    with fake_osv(mode) as server:
        shown, row = status(home, osv=server.url)
        assert len(server.queries) == 1  # a failure is not retried at once
    assert "vLLM 0.20.1: 17 known security advisories (worst: critical)" in shown
    assert SNAPSHOT_LINE in shown
    assert f"The list of vLLM advisories could not be updated from {server.url} (" in shown
    assert "the list of 2026-12-07 is used." in shown
    assert "\x1b" not in shown
    source = row["advisories_source"]
    assert isinstance(source, dict) and source["from"] == "snapshot" and source["note"]
    assert not (home / "cache" / "advisories" / "osv-vllm.json").exists()
