"""What the CLI writes besides its results: progress a log can read, no library chatter."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

from app.cli.main import setup_logging
from app.cli.progress import ProgressReporter


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_without_a_terminal_is_whole_lines_at_a_modest_rate() -> None:
    out = io.StringIO()
    clock = Clock()
    progress = ProgressReporter(out, tty=False, clock=clock)
    for i in range(0, 1001):  # a download reporting every 0.01 s, 1000 times
        progress.update("m", f"m: {i / 10:.1f} %", i / 1000)
        clock.now += 0.01
    progress.finish()
    lines = out.getvalue().splitlines()
    assert "\r" not in out.getvalue()
    # The first, one per 10 % step, and the end: 0 %, 10 %, …, 90 %, 100 %.
    assert lines == [f"m: {p}.0 %" for p in range(0, 101, 10)]


def test_progress_without_a_terminal_every_5_s_when_steps_are_slow() -> None:
    out = io.StringIO()
    clock = Clock()
    progress = ProgressReporter(out, tty=False, clock=clock)
    progress.update("pip", "collecting a")
    for name in "bcdefghijk":
        clock.now += 1.0
        progress.update("pip", f"collecting {name}")
    clock.now += 1.0
    progress.update("extract", "extracting", 0.0)
    progress.update("extract", "extracted", 1.0)
    progress.finish()
    assert out.getvalue().splitlines() == [
        "collecting a",
        "collecting f",  # 5 s later
        "collecting k",  # 5 s after that
        "extracting",  # a new step
        "extracted",  # done
    ]


def test_progress_shows_the_last_state_at_the_end() -> None:
    out = io.StringIO()
    clock = Clock()
    progress = ProgressReporter(out, tty=False, clock=clock)
    progress.update("pip", "collecting a")
    progress.update("pip", "installing")
    progress.finish()
    assert out.getvalue().splitlines() == ["collecting a", "installing"]


def test_progress_on_a_terminal_redraws_one_line_per_step() -> None:
    out = io.StringIO()
    clock = Clock()
    progress = ProgressReporter(out, tty=True, clock=clock)
    progress.update("a", "a 1")
    progress.update("a", "a 2")  # within 0.1 s: skipped
    clock.now += 0.2
    progress.update("a", "a 3")
    progress.update("b", "b 1")
    progress.finish()
    text = out.getvalue()
    drawn = [part.strip() for part in text.replace("\n", "\r").split("\r") if part.strip()]
    assert drawn == ["a 1", "a 3", "b 1"]
    assert text.count("\n") == 2  # one for the change of step, one at the end
    assert text.endswith("\n")


@pytest.fixture
def restore_root_logger() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(level)


def _log_everything() -> None:
    logging.getLogger("httpx2").info("HTTP Request: GET https://huggingface.co/api")
    logging.getLogger("huggingface_hub.file_download").warning("a library warning")
    logging.getLogger("app.runtime.secrets").info("stored secret hf_token")
    logging.getLogger("app.runtime.secrets").warning("no keyring backend is available")
    logging.getLogger("vllm-tray").info("user.x: STARTING -> RUNNING")


@pytest.mark.usefixtures("restore_root_logger")
def test_a_command_shows_only_the_apps_own_warnings(capsys: pytest.CaptureFixture[str]) -> None:
    setup_logging(verbose=False, command="pull")
    _log_everything()
    assert capsys.readouterr().err == "vllm-tray: warning: no keyring backend is available\n"


@pytest.mark.usefixtures("restore_root_logger")
def test_serve_shows_its_own_info_lines(capsys: pytest.CaptureFixture[str]) -> None:
    setup_logging(verbose=False, command="serve")
    _log_everything()
    err = capsys.readouterr().err.splitlines()
    assert [line.split(" ", 2)[2] for line in err] == [
        "INFO app.runtime.secrets: stored secret hf_token",
        "WARNING app.runtime.secrets: no keyring backend is available",
        "INFO vllm-tray: user.x: STARTING -> RUNNING",
    ]


@pytest.mark.usefixtures("restore_root_logger")
def test_verbose_shows_the_libraries_too(capsys: pytest.CaptureFixture[str]) -> None:
    setup_logging(verbose=True, command="pull")
    _log_everything()
    err = capsys.readouterr().err
    assert "HTTP Request: GET" in err
    assert err.count("a library warning") == 1  # huggingface_hub's own handler is gone
