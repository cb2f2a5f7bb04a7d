"""Launch to window on screen (issue 20.5), measured as bench/bench_startup.py does it: the
installed `vllm-tray` against a bare PySide6 window started the same way in the same test, on
an X server of its own, the time from exec to the X server mapping the window.

The machine is shared and busy, so the bound is on the ratio, and generous; what does not
depend on the load is asserted exactly: the window is on screen before the engine answers.
(Before the window came first it took about ten times the bare window: 4 s here.)
"""

from __future__ import annotations

import os
import statistics
import subprocess
import threading
import time
from pathlib import Path

from bench.bench_startup import (
    BARE_TITLE,
    MAIN_TITLE,
    app_command,
    app_env,
    bare_command,
    quit_app,
    screen,
    time_to_map,
)
from tests.pipes import close_when_read

ROUNDS = 3
MOST_TIMES_BARE = 8.0  # measured 2.4–4.2× under loads of 5–10 on 2 cores (up to 7.7× once,
# against a bare window at 0.13 s); 10× before the window came first (4 s against 0.4 s)


def test_the_window_maps_within_a_few_times_a_bare_pyside6_window(tmp_path: Path) -> None:
    with screen() as shown:
        app_env_ = app_env(shown.env, tmp_path / "user")
        time_to_map(shown, app_command(), app_env_, MAIN_TITLE)  # the first start: set up
        bare: list[float] = []
        app: list[float] = []
        for _ in range(ROUNDS):
            bare.append(time_to_map(shown, bare_command(), shown.env, BARE_TITLE))
            app.append(time_to_map(shown, app_command(), app_env_, MAIN_TITLE))
    ratio = statistics.median(app) / statistics.median(bare)
    print(f"bare {bare}, vllm-tray {app}, ratio {ratio:.1f}, load {os.getloadavg()[0]:.1f}")
    assert ratio <= MOST_TIMES_BARE, (bare, app)


def test_the_window_is_on_screen_before_the_engine_answers(tmp_path: Path) -> None:
    with screen() as shown:
        env = app_env(shown.env, tmp_path / "user")
        started = time.monotonic()
        proc = subprocess.Popen(
            app_command(),
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        lines: list[tuple[float, str]] = []

        def read() -> None:
            assert proc.stderr is not None
            for line in proc.stderr:
                lines.append((time.monotonic(), line))

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        try:
            mapped = shown.wait_mapped(MAIN_TITLE, started)
            deadline = time.monotonic() + 60
            while not any("window is up" in text for _t, text in lines):
                assert time.monotonic() < deadline, lines
                time.sleep(0.05)
        finally:
            quit_app(proc)  # type: ignore[arg-type]
            close_when_read(proc.stderr, reader)
    answered = next(t for t, text in lines if "window is up" in text)
    painted = [text for _t, text in lines if "window painted" in text]
    assert mapped < answered, "the window waited for the engine"
    assert painted and "after the start" in painted[0]
