"""The facade the GUI uses, on the real runtime thread with the fake engine: what rows say for
local folders, a user's Load after the supervisor gave up, and Apply-and-restart."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.problems import ProblemError
from app.core.registry import ModelOptions
from app.core.states import ProcessState
from app.runtime.facade import ThreadFacade
from app.runtime.thread import RuntimeThread
from tests.fakes.engine_runtime import fake_engine, make_runtime


@pytest.fixture
def facade(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ThreadFacade]:
    rt = make_runtime(tmp_path, monkeypatch, models=("good",))
    (tmp_path / "empty").mkdir()
    rt.registry.add_user_model("broken", str(tmp_path / "empty"))
    thread = RuntimeThread(rt, serve=False)
    thread.start()
    facade = ThreadFacade(thread)
    try:
        yield facade
    finally:
        facade.shutdown()


def test_local_folder_rows(facade: ThreadFacade) -> None:
    good = facade.row("user.good").result(30)
    assert good.file_state == "local" and good.downloaded and good.bytes_on_disk > 0
    broken = facade.row("user.broken").result(30)
    assert broken.file_state == "local_invalid" and not broken.downloaded
    assert broken.problem is not None and broken.problem.code == "models.local_invalid"


def test_user_load_resets_a_model_the_supervisor_gave_up_on(facade: ThreadFacade) -> None:
    rt = facade._thread.runtime  # the test reaches in to break the engine on purpose
    rt.settings.set("engine.custom_command", fake_engine("--fake-fail", "unsupported_arch"))
    for _ in range(6):
        with pytest.raises(ProblemError):
            facade.load("user.good").result(60)
        if facade.row("user.good").result(30).process is ProcessState.FATAL:
            break
    assert facade.row("user.good").result(30).process is ProcessState.FATAL
    rt.settings.set("engine.custom_command", fake_engine())
    backend = facade.load("user.good").result(60)  # the user's explicit Load
    assert backend.state is ProcessState.RUNNING


def test_apply_and_restart_returns_before_the_reload(facade: ThreadFacade) -> None:
    facade.load("user.good").result(60)
    rt = facade._thread.runtime
    rt.settings.set("engine.custom_command", fake_engine("--fake-start-delay", "3"))
    began = time.monotonic()
    preview = facade.set_options("user.good", 2048, "", restart=True).result(60)
    assert time.monotonic() - began < 2.5  # the dialog is not held for the whole load
    assert preview.ctx_size == 2048
    deadline = time.monotonic() + 60
    while facade.row("user.good").result(30).process is not ProcessState.RUNNING:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    info = rt.supervisor.info("user.good")
    assert info is not None and "2048" in info.argv


def test_preview_says_whether_ctx_size_follows_the_default(facade: ThreadFacade) -> None:
    assert facade.preview_options("user.good", None, None).result(30).ctx_is_default is True
    facade.set_options("user.good", 2048, "").result(30)
    assert facade.preview_options("user.good", None, None).result(30).ctx_is_default is False
    facade.reset_options("user.good").result(30)
    assert facade.preview_options("user.good", None, None).result(30).ctx_is_default is True


def test_every_option_through_the_facade_with_its_problem_for_the_dialog(
    facade: ThreadFacade,
) -> None:
    # No GPU here (the fake /sys is empty): a GPU named is one that does not exist.
    bad = facade.preview_model_options("user.good", ModelOptions(gpus=(0,))).result(30)
    assert bad.problem is not None and bad.problem.code == "options.gpu_unknown"
    assert bad.problem_field == "gpus" and bad.gpus == (0,)
    with pytest.raises(ProblemError):
        facade.set_model_options("user.good", ModelOptions(gpus=(0,))).result(30)
    stored = facade.set_model_options(
        "user.good", ModelOptions(ctx_size=2048, pipeline_parallel_size=2)
    ).result(30)
    assert stored.problem is None and stored.pipeline_parallel_size == 2
    assert "--pipeline-parallel-size" in stored.command
    # The older two-field save keeps the GPU options.
    facade.set_options("user.good", 1024, "").result(30)
    again = facade.preview_model_options(
        "user.good", ModelOptions(ctx_size=1024, pipeline_parallel_size=2)
    ).result(30)
    assert again.problem is None and again.pipeline_parallel_size == 2
    row = facade._thread.runtime.registry.options("user.good")
    assert (row.ctx_size, row.pipeline_parallel_size) == (1024, 2)


def test_use_custom_engine_validates_before_it_persists(facade: ThreadFacade) -> None:
    settings = facade._thread.runtime.settings  # the test reads what was stored
    settings.set_many({"engine.kind": "auto", "engine.custom_command": ""})
    for command, code in (
        ("/no/such/vllm serve", "engine.custom_invalid"),
        ('vllm serve "--model', "engine.custom_invalid"),
        ("", "engine.command_missing"),
    ):
        with pytest.raises(ProblemError) as refused:
            facade.use_custom_engine(command).result(60)
        assert refused.value.problem.code == code
        assert settings.get("engine.kind") == "auto" and settings.get("engine.custom_command") == ""
    command = fake_engine()
    view = facade.use_custom_engine(command).result(90)
    assert view.kind == "custom" and view.selected == "custom" and view.installed
    assert settings.get("engine.custom_command") == command
    assert settings.get("engine.kind") == "custom"


def test_rows_count_failed_starts_and_restarts(facade: ThreadFacade) -> None:
    """Issue 11: what the GUI shows of a crash loop comes from the supervisor's counts."""
    rt = facade._thread.runtime  # the test reaches in to break the engine on purpose
    rt.settings.set("engine.custom_command", fake_engine("--fake-fail", "engine_dead"))
    assert facade.row("user.good").result(30).failures == 0
    with pytest.raises(ProblemError):
        facade.load("user.good").result(60)
    row = facade.row("user.good").result(30)
    assert row.process is ProcessState.BACKOFF
    assert (row.failures, row.restarts) == (1, 0)
    assert row.next_retry_at is not None and row.next_retry_at > time.time()
    with pytest.raises(ProblemError):
        # A request through the endpoint waits out the back-off and tries again (the GUI's
        # Load would clear the count first).
        facade._thread.submit(rt.controller.load("user.good")).result(60)
    row = facade.row("user.good").result(30)
    assert (row.failures, row.restarts) == (2, 1)
    facade.unload("user.good").result(30)
    row = facade.row("user.good").result(30)
    assert (row.process, row.failures, row.restarts, row.next_retry_at) == (
        ProcessState.STOPPED,
        0,
        0,
        None,
    )
