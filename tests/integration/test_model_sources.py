"""A client cannot re-point a model (issue 18 item 6): registering never changes an existing
model's source — through `vllm-tray serve`'s /api/v1/pull, `vllm-tray pull` and the facade the
window's Add dialog uses — and changing it is an explicit use case the endpoint offers only to
a request that carries its key."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.core.models.registry import ModelOptions, Registry
from app.core.paths import resolve_paths
from app.core.problems.problems import ProblemError
from app.core.settings.settings import Settings
from app.runtime.composition.facade import ThreadFacade
from app.runtime.composition.thread import RuntimeThread
from tests.fakes.engine_runtime import fake_engine, make_model_folder, make_runtime
from tests.fakes.fake_hub import FakeHub
from tests.fakes.remote_servers import ServeProcess, free_port
from tests.harness import internals

ROOT = Path(__file__).resolve().parents[2]
KEY = "sk-owner-only"
# The owner's own trust: with this in a model's options, whoever chooses that model's files
# chooses code that runs as the owner.
TRUSTED = "--trust-remote-code"


class Home:
    """A config dir with user.tiny (a folder of the owner's, trusted) and the fake engine."""

    def __init__(self, tmp_path: Path, hub: FakeHub) -> None:
        self.root = tmp_path / "home"
        self.port = free_port()
        self.env = {
            "HF_ENDPOINT": hub.url,
            "HF_HUB_OFFLINE": "0",
            "HF_HUB_CACHE": str(tmp_path / "hub"),
        }
        self.owners = make_model_folder(tmp_path / "owners-tiny")
        self.strangers = make_model_folder(tmp_path / "strangers-tiny")
        # Set up in this process (the CLI is what some tests drive, not what they set up).
        paths = resolve_paths(self.root)
        Settings(paths.settings_file).set_many(
            {
                "engine.kind": "custom",
                "engine.custom_command": fake_engine(),
                "proxy.port": self.port,
            }
        )
        registry = Registry(paths)
        registry.add_user_model("tiny", str(self.owners))
        registry.set_options("user.tiny", ModelOptions(vllm_args=TRUSTED))

    def cli(self, *argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "app", *argv, "--config-dir", str(self.root)],
            env={**os.environ, **self.env},
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    def files(self) -> dict[str, bytes]:
        return {
            name: (self.root / name).read_bytes()
            for name in ("user_models.json", "recipe_options.json")
        }

    def source_of(self, model: str) -> str:
        name = model.removeprefix("user.")
        return str(json.loads((self.root / "user_models.json").read_text())[name]["checkpoint"])

    def options_of(self, model: str) -> ModelOptions:
        return Registry(resolve_paths(self.root)).options(model)


@pytest.fixture
def home(tmp_path: Path, hub: FakeHub) -> Home:
    return Home(tmp_path, hub)


@pytest.fixture
def serve(home: Home) -> Iterator[ServeProcess]:
    running = ServeProcess(home.root, home.port, home.env)
    try:
        yield running
    finally:
        assert running.stop() == 0, "".join(running.lines[-30:])


def pull(url: str, body: dict[str, object], key: str | None = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return httpx.post(
        url + "/api/v1/pull", json={**body, "stream": False}, headers=headers, timeout=60
    )


def test_without_the_key_the_endpoint_cannot_re_point_a_model(
    home: Home, serve: ServeProcess
) -> None:
    before = home.files()
    attempts = [
        # Another folder for the trusted model: refused before anything is looked at.
        ({"checkpoint": str(home.strangers)}, 403, "proxy.local_folder_needs_key"),
        # Another repository for it: registering never changes a source.
        ({"checkpoint": "org/tiny"}, 409, "models.exists"),
        # ... and the explicit change is not offered without the key.
        ({"checkpoint": "org/tiny", "replace": True}, 403, "proxy.source_change_needs_key"),
        ({"checkpoint": str(home.strangers), "replace": True}, 403, None),
    ]
    for extra, status, code in attempts:
        answer = pull(serve.url, {"model_name": "user.tiny", **extra})
        assert answer.status_code == status, answer.text
        if code is not None:
            assert answer.json()["error"]["code"] == code
        assert home.files() == before  # the error answer leaves nothing changed
    exists = pull(serve.url, {"model_name": "tiny", "checkpoint": "org/tiny"}).json()["error"]
    assert str(home.owners) in exists["message"] and "--replace" in exists["message"]

    # A stranger's folder as a new model is refused too; nothing is registered.
    answer = pull(serve.url, {"model_name": "user.mine", "checkpoint": str(home.strangers)})
    assert answer.json()["error"]["code"] == "proxy.local_folder_needs_key"
    assert home.files() == before

    # What a local user without the key can do: pull a new repository (with the owner's
    # Hugging Face token), which is a new model with no options of the owner's.
    answer = pull(serve.url, {"model_name": "user.fresh", "checkpoint": "org/tiny"})
    assert answer.json() == {"status": "success", "download_id": answer.json()["download_id"]}
    assert home.source_of("user.fresh") == "org/tiny"
    assert home.source_of("user.tiny") == str(home.owners)
    assert home.options_of("user.tiny").vllm_args == TRUSTED
    # Pulling a registered model again with its own source is fine.
    again = pull(serve.url, {"model_name": "user.fresh", "checkpoint": "org/tiny"})
    assert again.json()["status"] == "success"


def test_with_the_key_the_change_is_explicit(home: Home, hub: FakeHub) -> None:
    serve = ServeProcess(home.root, home.port, {**home.env, "VLLM_TRAY_API_KEY": KEY})
    try:
        before = home.files()
        answer = pull(serve.url, {"model_name": "user.tiny", "checkpoint": "org/tiny"}, KEY)
        assert answer.json()["error"]["code"] == "models.exists"
        assert home.files() == before
        body = {"model_name": "user.tiny", "checkpoint": "org/tiny", "replace": True}
        assert pull(serve.url, body).status_code == 401  # no key, no change
        answer = pull(serve.url, body, KEY)
        assert answer.json()["status"] == "success", answer.text
        assert home.source_of("user.tiny") == "org/tiny"
        assert home.options_of("user.tiny").vllm_args == TRUSTED  # its options stay
        # A folder, with the key: registered and used in place, answered as a success.
        folder = {"model_name": "user.mine", "checkpoint": str(home.strangers)}
        answer = pull(serve.url, folder, KEY)
        assert answer.json()["status"] == "success", answer.text
        assert home.source_of("user.mine") == str(home.strangers)
    finally:
        assert serve.stop() == 0, "".join(serve.lines[-30:])


def test_the_cli_pull_changes_a_source_only_with_replace(home: Home) -> None:
    before = home.files()
    done = home.cli("pull", "user.tiny", "--checkpoint", str(home.strangers))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1, done.stderr
    assert "exists already and takes its files from" in done.stderr
    assert str(home.owners) in done.stderr
    assert home.files() == before
    done = home.cli("pull", "user.tiny", "--replace")
    assert done.returncode == 2 and "--replace needs --checkpoint" in done.stderr

    done = home.cli("pull", "user.tiny", "--checkpoint", str(home.strangers), "--replace")
    assert done.returncode == 0, done.stderr
    assert home.source_of("user.tiny") == str(home.strangers)
    assert home.options_of("user.tiny").vllm_args == TRUSTED


def test_the_windows_add_dialog_goes_through_the_same_rule(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = make_runtime(tmp_path, monkeypatch, models=("a",))
    owners = rt.services.models.entry("user.a").checkpoint
    thread = RuntimeThread(rt, serve=False)
    thread.start()
    facade = ThreadFacade(thread)
    try:
        other = make_model_folder(tmp_path / "other")
        with pytest.raises(ProblemError) as refused:
            facade.submit(lambda s: s.models.add_user_model("a", str(other))).result(30)
        assert refused.value.problem.code == "models.exists"
        assert rt.services.models.entry("user.a").checkpoint == owners
        # The same source again is no change, and no error.
        row = facade.submit(lambda s: s.models.add_user_model("a", str(owners), ["chat"])).result(
            30
        )
        assert row.id == "user.a" and row.labels == ("chat",)
        # A folder that holds no model is refused before anything is registered.
        (tmp_path / "empty").mkdir()
        with pytest.raises(ProblemError) as empty:
            facade.submit(lambda s: s.models.add_user_model("b", str(tmp_path / "empty"))).result(
                30
            )
        assert empty.value.problem.code == "models.local_invalid"
        assert internals(rt).registry.find("user.b") is None
    finally:
        facade.shutdown()
