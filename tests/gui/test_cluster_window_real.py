"""The Cluster window on the real runtime thread (issue 20.6): opened from the main window,
filled in and clicked as a person does, against machines on loopback — a port where another
program answers 404, and a real cluster agent with the fake multi-node engine.

"Check machines" once said "could not start its part of the model: HTTP 404" for the first;
Start did nothing visible. Now each check names the machine, what was found and what to do,
and Start says where it stands until the model serves, or why it did not start.
"""

from __future__ import annotations

import asyncio
import http.server
import stat
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.cluster.cluster import ClusterConfig, WorkerNode
from app.gui.cluster.cluster_page import ClusterWindow
from tests.gui.test_runtime_thread_gui import EngineGui, free_port
from tests.harness import process
from tests.integration.test_cluster import FAKE_CLUSTER, Node, start_agent

WAIT_MS = 60_000


class NotFound(http.server.BaseHTTPRequestHandler):
    """Another program on the port: it answers every request with 404."""

    def do_GET(self) -> None:
        self.send_error(404)

    do_POST = do_GET

    def log_message(self, format: str, *args: object) -> None:
        del format, args


@pytest.fixture
def other_program() -> Iterator[int]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), NotFound)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield int(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


def slow_cluster_engine(folder: Path, start_delay_s: float) -> str:
    """`vllm serve` as the fake multi-node engine, slow to start like a real load."""
    folder.mkdir(parents=True, exist_ok=True)
    shim = folder / "vllm"
    shim.write_text(
        f'#!/bin/sh\nshift\nexec "{sys.executable}" "{FAKE_CLUSTER}" "$@" '
        f"--fake-start-delay {start_delay_s}\n"
    )
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    return f"{shim} serve"


class AgentThread:
    """Another machine: a real cluster agent (and its own runtime) on a loop of its own."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.node: Node = asyncio.run_coroutine_threadsafe(
            start_agent(tmp_path, monkeypatch, "m1"), self.loop
        ).result(60)

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self.node.agent.stop(), self.loop).result(60)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


def open_cluster(qtbot: QtBot, engine: EngineGui, workers: str) -> ClusterWindow:
    """File ▸ Cluster…, then the form filled in (not saved: Check and Start save it)."""
    engine.gui.window.cluster_action.trigger()
    window = engine.gui.window.findChild(ClusterWindow)
    assert isinstance(window, ClusterWindow)
    qtbot.waitUntil(lambda: window.model.findText("user.a") >= 0)
    window.model.setCurrentText("user.a")
    window.head.setText("127.0.0.1")
    window.workers.setPlainText(workers)
    window.master_port.setValue(free_port())
    return window


def said(window: ClusterWindow) -> str:
    return window.outcome.text() if window.outcome.isVisibleTo(window) else ""


def test_a_check_and_a_start_say_which_machine_and_what_to_do(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, other_program: int
) -> None:
    engine = EngineGui(qtbot, tmp_path, monkeypatch, models=("a",))
    try:
        window = open_cluster(qtbot, engine, f"127.0.0.1:{other_program}")
        qtbot.mouseClick(window.check_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: said(window).startswith("Not ready"), timeout=WAIT_MS)
        sentence = (
            f"Something answers on 127.0.0.1 port {other_program}, but it is not a vLLM Tray "
            "cluster agent (it answered HTTP 404). Check the port given for that machine, and "
            "run the join command shown for it there."
        )
        assert said(window) == f"Not ready: 1 problem to fix first.\n• {sentence}"
        assert window.nodes.item(1, 0).text() == "1: 127.0.0.1"
        assert window.nodes.item(1, 4).text() == sentence

        # Every sentence the window shows, in order: "starting" may last less than one poll
        # of waitUntil when the start fails at once, as here.
        shown: list[str] = []
        show = window.outcome.setText

        def record(text: str) -> None:
            shown.append(text)
            show(text)

        monkeypatch.setattr(window.outcome, "setText", record)
        qtbot.mouseClick(window.start_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: said(window).startswith("Not started"), timeout=WAIT_MS)
        assert any("starting" in text.lower() for text in shown[:-1]), shown
        assert sentence in said(window)
        assert "could not start its part" not in said(window)
        assert process(engine.runtime, "user.a") is None  # nothing was started
        assert window.start_button.isEnabled()  # to try again once it is fixed
    finally:
        engine.close()


def test_start_shows_where_it_stands_until_the_model_serves(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    agent = AgentThread(tmp_path, monkeypatch)
    engine = EngineGui(
        qtbot,
        tmp_path / "head",
        monkeypatch,
        models=("a",),
        settings={"engine.custom_command": slow_cluster_engine(tmp_path / "head-bin", 5)},
    )
    try:
        # Set up earlier (`vllm-tray cluster init`), and the join command run on the other
        # machine with the cluster's token: the window opens on that setup.
        setup = ClusterConfig(
            model_id="user.a",
            head_address="127.0.0.1",
            workers=(WorkerNode("127.0.0.1", agent.node.agent.port),),
            master_port=free_port(),
            token="secret-token",
        )
        engine.thread.submit(engine.runtime.services.cluster.configure(setup)).result(30)
        engine.gui.window.cluster_action.trigger()
        window = engine.gui.window.findChild(ClusterWindow)
        assert isinstance(window, ClusterWindow)
        qtbot.waitUntil(lambda: window.model.currentText() == "user.a")
        qtbot.mouseClick(window.start_button, Qt.MouseButton.LeftButton)
        seen: list[str] = []

        def serving() -> bool:
            if said(window) and (not seen or seen[-1] != said(window)):
                seen.append(said(window))
            return said(window) == "Serving across 2 machines."

        qtbot.waitUntil(serving, timeout=WAIT_MS)
        loading = [text for text in seen if text.startswith("Loading the model across 2")]
        assert loading, seen  # progress while the model loaded, not a silent wait
        assert "so far" in loading[-1]
        assert seen[0] == "Checking the machines, then starting…"
        assert window.status.text() == "Serving across 2 machines."
        assert agent.node.agent.worker.running

        qtbot.mouseClick(window.stop_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: said(window) == "Stopped.", timeout=WAIT_MS)
        qtbot.waitUntil(lambda: not agent.node.agent.worker.running, timeout=WAIT_MS)
    finally:
        engine.close()
        agent.close()
