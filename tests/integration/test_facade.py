"""The facade the GUI uses, on the real runtime thread with the fake engine: what rows say for
local folders, a user's Load after the supervisor gave up, and Apply-and-restart."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.core.contracts import Backend
from app.core.events import ProcessStateChanged
from app.core.models.registry import OPTION_FIELDS, ModelOptions
from app.core.problems.problems import ProblemError
from app.core.states import ProcessState
from app.runtime.api.snapshot import ModelRow, OptionsPreview
from app.runtime.composition.facade import ThreadFacade
from app.runtime.composition.thread import RuntimeThread
from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.harness import Events, internals, process, request


@pytest.fixture
def facade(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ThreadFacade]:
    rt = make_runtime(tmp_path, monkeypatch, models=("good",))
    (tmp_path / "empty").mkdir()
    internals(rt).registry.add_user_model("broken", str(tmp_path / "empty"))
    thread = RuntimeThread(rt, serve=False)
    thread.start()
    facade = ThreadFacade(thread)
    try:
        yield facade
    finally:
        facade.shutdown()


def set_settings(facade: ThreadFacade, changes: dict[str, Any]) -> None:
    facade.submit(lambda s: s.config.set_settings(changes)).result(30)


def row(facade: ThreadFacade, model_id: str) -> ModelRow:
    return facade.call(lambda s: s.views.row(model_id)).result(30)


def load(facade: ThreadFacade, model_id: str) -> Backend:
    return facade.submit(lambda s: s.models.load(model_id)).result(60)


def set_options(
    facade: ThreadFacade, model_id: str, options: ModelOptions, **kw: Any
) -> OptionsPreview:
    return facade.submit(lambda s: s.models.set_options(model_id, options, **kw)).result(60)


def preview_stored(facade: ThreadFacade, model_id: str) -> OptionsPreview:
    return facade.call(lambda s: s.models.preview_stored(model_id)).result(30)


def test_local_folder_rows(facade: ThreadFacade) -> None:
    good = row(facade, "user.good")
    assert good.file_state == "local" and good.downloaded and good.bytes_on_disk > 0
    broken = row(facade, "user.broken")
    assert broken.file_state == "local_invalid" and not broken.downloaded
    assert broken.problem is not None and broken.problem.code == "models.local_invalid"


def test_user_load_resets_a_model_the_supervisor_gave_up_on(facade: ThreadFacade) -> None:
    set_settings(facade, {"engine.custom_command": fake_engine("--fake-fail", "unsupported_arch")})
    for _ in range(6):
        with pytest.raises(ProblemError):
            load(facade, "user.good")
        if row(facade, "user.good").process is ProcessState.FATAL:
            break
    assert row(facade, "user.good").process is ProcessState.FATAL
    set_settings(facade, {"engine.custom_command": fake_engine()})
    backend = load(facade, "user.good")  # the user's explicit Load
    assert backend.state is ProcessState.RUNNING


def test_apply_and_restart_returns_before_the_reload(facade: ThreadFacade) -> None:
    load(facade, "user.good")
    rt = facade._thread.runtime
    set_settings(facade, {"engine.custom_command": fake_engine("--fake-start-delay", "3")})
    events = Events(rt.bus)
    preview = set_options(facade, "user.good", ModelOptions(2048, ""), restart=True)
    # The dialog is not held for the whole load (a 3 s start): no start has ended yet.
    assert not events.of(ProcessStateChanged, lambda e: e.new is ProcessState.RUNNING)
    assert preview.ctx_size == 2048
    running = events.next(
        ProcessStateChanged, lambda e: e.model_id == "user.good" and e.new is ProcessState.RUNNING
    )
    facade._thread.submit(running).result(60)
    info = process(rt, "user.good")
    assert info is not None and "2048" in info.argv


def test_preview_says_whether_ctx_size_follows_the_default(facade: ThreadFacade) -> None:
    assert preview_stored(facade, "user.good").ctx_is_default is True
    set_options(facade, "user.good", ModelOptions(2048, ""))
    assert preview_stored(facade, "user.good").ctx_is_default is False
    facade.submit(lambda s: s.models.reset_options("user.good")).result(30)
    assert preview_stored(facade, "user.good").ctx_is_default is True


def test_every_option_through_the_facade_with_its_problem_for_the_dialog(
    facade: ThreadFacade,
) -> None:
    # No GPU here (the fake /sys is empty): a GPU named is one that does not exist.
    bad = facade.call(lambda s: s.models.preview("user.good", ModelOptions(gpus=(0,)))).result(30)
    assert bad.problem is not None and bad.problem.code == "options.gpu_unknown"
    assert bad.problem_field == "gpus" and bad.gpus == (0,)
    with pytest.raises(ProblemError):
        set_options(facade, "user.good", ModelOptions(gpus=(0,)), fields=OPTION_FIELDS)
    stored = set_options(
        facade,
        "user.good",
        ModelOptions(ctx_size=2048, pipeline_parallel_size=2),
        fields=OPTION_FIELDS,
    )
    assert stored.problem is None and stored.pipeline_parallel_size == 2
    assert "--pipeline-parallel-size" in stored.command
    # The older two-field save keeps the GPU options.
    set_options(facade, "user.good", ModelOptions(1024, ""))
    again = facade.call(
        lambda s: s.models.preview("user.good", ModelOptions(1024, pipeline_parallel_size=2))
    ).result(30)
    assert again.problem is None and again.pipeline_parallel_size == 2
    stored_now = facade.call(lambda s: s.models.options("user.good")).result(30)
    assert (stored_now.ctx_size, stored_now.pipeline_parallel_size) == (1024, 2)


def test_use_custom_engine_validates_before_it_persists(facade: ThreadFacade) -> None:
    settings = internals(facade._thread.runtime).settings  # the test reads what was stored
    settings.set_many({"engine.kind": "auto", "engine.custom_command": ""})
    for command, code in (
        ("/no/such/vllm serve", "engine.custom_invalid"),
        ('vllm serve "--model', "engine.custom_invalid"),
        ("", "engine.command_missing"),
    ):
        with pytest.raises(ProblemError) as refused:
            facade.submit(lambda s, c=command: s.engines.use_custom(c)).result(60)
        assert refused.value.problem.code == code
        assert settings.get("engine.kind") == "auto" and settings.get("engine.custom_command") == ""
    command = fake_engine()
    facade.submit(lambda s: s.engines.use_custom(command)).result(90)
    view = facade.call(lambda s: s.views.engine()).result(30)
    assert view.kind == "custom" and view.selected == "custom" and view.installed
    assert settings.get("engine.custom_command") == command
    assert settings.get("engine.kind") == "custom"


def test_rows_count_failed_starts_and_restarts(facade: ThreadFacade) -> None:
    """Issue 11: what the GUI shows of a crash loop comes from the supervisor's counts."""
    set_settings(facade, {"engine.custom_command": fake_engine("--fake-fail", "engine_dead")})
    assert row(facade, "user.good").failures == 0
    with pytest.raises(ProblemError):
        load(facade, "user.good")
    first = row(facade, "user.good")
    assert first.process is ProcessState.BACKOFF
    assert (first.failures, first.restarts) == (1, 0)
    # Timing is the behaviour: the retry time is in the back-off's future.
    assert first.next_retry_at is not None and first.next_retry_at > time.time()
    with pytest.raises(ProblemError):
        # A request through the endpoint waits out the back-off and tries again (the GUI's
        # Load would clear the count first).
        facade.submit(lambda s: request(s, "user.good")).result(60)
    second = row(facade, "user.good")
    assert (second.failures, second.restarts) == (2, 1)
    facade.submit(lambda s: s.models.unload("user.good")).result(30)
    last = row(facade, "user.good")
    assert (last.process, last.failures, last.restarts, last.next_retry_at) == (
        ProcessState.STOPPED,
        0,
        0,
        None,
    )


def test_work_submitted_as_the_engine_stops_ends_with_an_error_not_a_lost_coroutine(
    facade: ThreadFacade,
) -> None:
    """A window's call arriving as the app quits was dropped unrun: its coroutine, never
    awaited, warned when collected (a later GUI test failed on it)."""
    facade.shutdown()
    late = facade.call(lambda s: s.views.rows())
    with pytest.raises(RuntimeError, match="the engine has stopped"):
        late.result(5)
    gc.collect()  # a coroutine never awaited would warn here (warnings are errors)
