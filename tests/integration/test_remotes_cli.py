"""`vllm-tray remote add|list|rm`: bad input is one line and exit status 2 with nothing
written; a key comes from stdin or an environment variable, never the command line; an
unreachable server needs --force; a running app picks up what the CLI changed."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from app.cli.main import main
from app.runtime.composition.runtime import Runtime
from tests.fakes.engine_runtime import make_runtime
from tests.fakes.remote_servers import BareEngine, free_port, run_cli

KEY = "bare-secret"


@pytest.fixture(scope="module")
def bare() -> Iterator[BareEngine]:
    engine = BareEngine(KEY)
    try:
        yield engine
    finally:
        engine.kill()


def written(home: Path) -> list[str]:
    return sorted(p.name for p in home.glob("*") if p.is_file()) if home.exists() else []


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["add", "Off/ice", "http://192.168.1.20:8000"], "cannot name a remote server"),
        (["add", "office", "ftp://192.168.1.20"], "http:// or https://"),
        (["add", "office", "192.168.1.20:8000"], "http:// or https://"),
        (["add", "office", "http://me:pw@192.168.1.20"], "user name or key"),
        (["add", "office", "http://h:8000", "--api-key-env", "1KEY"], "environment variable"),
        (["add", "office", "http://h:8000", "--api-key-env", "K", "--ask-key"], "not allowed"),
        (["rm", "office"], "no remote server called office"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    home = tmp_path / "home"
    try:
        status = main(["remote", *argv, "--config-dir", str(home)])
    except SystemExit as exc:  # argparse's own refusals
        status = int(exc.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    assert says in err
    assert len(err.strip().splitlines()) == 1
    assert written(home) == []


def test_an_empty_key_on_stdin_is_refused_before_anything_is_written(
    tmp_path: Path, bare: BareEngine
) -> None:
    home = tmp_path / "home"
    done = run_cli(home, "remote", "add", "bare", bare.url, "--ask-key", stdin="\n")
    assert done.returncode == 2
    assert done.stderr.strip() == "vllm-tray: No value was given for bare."
    assert written(home) == []


def test_add_list_rm_with_a_key_from_stdin(tmp_path: Path, bare: BareEngine) -> None:
    home = tmp_path / "home"
    added = run_cli(home, "remote", "add", "bare", bare.url + "/v1", "--ask-key", stdin=KEY)
    assert added.returncode == 0, added.stderr
    assert added.stdout.strip() == f"bare added: {bare.url} (vLLM; models: bare/tiny)"
    saved = (home / "remotes.json").read_text()
    assert json.loads(saved)["remotes"] == [
        {"name": "bare", "url": bare.url, "api_key_env": None, "key_saved": True}
    ]
    assert KEY not in saved  # the key is in the keyring (here: the 0600 secrets file)
    secrets = home / "secrets.json"
    assert json.loads(secrets.read_text()) == {"remote.bare": KEY}
    assert secrets.stat().st_mode & 0o077 == 0

    again = run_cli(home, "remote", "add", "bare", bare.url, "--ask-key", stdin=KEY)
    assert (again.returncode, again.stderr.count("\n")) == (2, 1)
    assert "already a remote server called bare" in again.stderr
    assert (home / "remotes.json").read_text() == saved

    closed = f"http://127.0.0.1:{free_port()}"
    refused = run_cli(home, "remote", "add", "down", closed)
    assert refused.returncode == 1
    assert "does not answer: connection refused" in refused.stderr
    assert "--force" in refused.stderr
    assert (home / "remotes.json").read_text() == saved
    forced = run_cli(home, "remote", "add", "down", closed, "--force")
    assert forced.returncode == 0 and "added anyway" in forced.stdout

    listed = run_cli(home, "remote", "list")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[0].split() == ["NAME", "URL", "KEY", "STATUS", "MODELS"]
    # No keyring here: the key is in the 0600 file, and the list says so (issue 18: it
    # used to say "keyring" wherever the key was).
    assert lines[1].split() == ["bare", bare.url, "file", "reachable", "1"]
    assert lines[2].split() == ["down", closed, "none", "unreachable", "-"]
    assert lines[-1] == (
        f"Keys marked 'file' are kept in {secrets} (readable by you only): no keyring is usable."
    )
    as_json = json.loads(run_cli(home, "remote", "list", "--json").stdout)
    assert [(r["name"], r["status"], r["models"], r["key"]) for r in as_json] == [
        ("bare", "reachable", ["bare/tiny"], "file"),
        ("down", "unreachable", [], None),
    ]
    assert as_json[0]["key_file"] == str(secrets)

    removed = run_cli(home, "remote", "rm", "bare")
    assert removed.returncode == 0 and removed.stdout.strip() == "bare removed"
    assert json.loads(secrets.read_text()) == {}  # its key went with it
    assert [r["name"] for r in json.loads((home / "remotes.json").read_text())["remotes"]] == [
        "down"
    ]


def test_a_key_from_an_environment_variable_is_read_when_used_not_stored(
    tmp_path: Path, bare: BareEngine
) -> None:
    home = tmp_path / "home"
    env = {"OFFICE_KEY": KEY}
    added = run_cli(home, "remote", "add", "bare", bare.url, "--api-key-env", "OFFICE_KEY", env=env)
    assert added.returncode == 0, added.stderr
    assert not (home / "secrets.json").exists()
    unset = run_cli(home, "remote", "list", "--json")
    (remote,) = json.loads(unset.stdout)
    assert remote["status"] == "unreachable"
    assert remote["problem"]["code"] == "remotes.missing_env_key"
    (remote,) = json.loads(run_cli(home, "remote", "list", "--json", env=env).stdout)
    assert (remote["status"], remote["key"]) == ("reachable", "env:OFFICE_KEY")


@pytest.fixture
async def running(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Runtime]:
    rt = make_runtime(tmp_path, monkeypatch, models=())
    await rt.start(serve=False)
    try:
        yield rt
    finally:
        await rt.stop()


async def test_a_running_app_picks_up_what_the_cli_changed(
    running: Runtime, tmp_path: Path, bare: BareEngine
) -> None:
    home = tmp_path / "home"

    async def wait_until(names: list[str], reachable: bool = True) -> None:
        deadline = time.monotonic() + 10
        while [
            v.name for v in running.services.remotes.views() if v.reachable or not reachable
        ] != names:
            assert time.monotonic() < deadline, running.services.remotes.views()
            await asyncio.sleep(0.1)

    added = await asyncio.to_thread(
        run_cli, home, "remote", "add", "bare", bare.url, "--ask-key", stdin=KEY
    )
    assert added.returncode == 0, added.stderr
    await wait_until(["bare"])  # read its key from the store, then asked the server
    assert [v.id for v in running.services.views.model_views() if v.remote] == ["bare/tiny"]
    removed = await asyncio.to_thread(run_cli, home, "remote", "rm", "bare")
    assert removed.returncode == 0
    await wait_until([], reachable=False)
    assert [v.id for v in running.services.views.model_views() if v.remote] == []
