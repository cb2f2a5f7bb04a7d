"""The cluster window: the form saves a config, checks fill the table, problems are sentences,
the worker commands are copyable. Its commands are awaited the way its async slots await them."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Coroutine, Iterator
from concurrent.futures import Future
from typing import Any, TypeVar

import pytest
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from app.core.cluster import ClusterConfig, NodeInfo, WorkerNode, unencrypted_notice, validate
from app.core.problems import ProblemError, problem, tr_noop
from app.core.states import ProcessState
from app.gui.app import GuiApp
from app.gui.cluster_page import ClusterWindow
from app.runtime.cluster_client import LinkSpeed
from app.runtime.cluster_views import ClusterReport, ClusterView, JoinCommand, NodeReport
from tests.gui.fake_facade import FakeFacade

T = TypeVar("T")
CONFIG = validate(
    ClusterConfig(
        model_id="user.big",
        head_address="192.168.1.10",
        workers=(WorkerNode("192.168.1.11"), WorkerNode("192.168.1.12", 30000)),
        token="tok",
    )
)


def done(value: T) -> Future[T]:
    future: Future[T] = Future()
    future.set_result(value)
    return future


def failed(exc: BaseException) -> Future[Any]:
    future: Future[Any] = Future()
    future.set_exception(exc)
    return future


class FakeCluster:
    def __init__(self) -> None:
        self.config = CONFIG
        self.state = ProcessState.STOPPED
        self.saved: list[ClusterConfig] = []
        self.fail_with: ProblemError | None = None
        self.report: ClusterReport | None = None

    def cluster_view(self) -> ClusterView:
        return ClusterView(
            config=self.config,
            model_state=self.state,
            workers_started=False,
            join_commands=(
                JoinCommand(1, "192.168.1.11", "vllm-tray cluster join --rank 1", "vllm serve"),
                JoinCommand(2, "192.168.1.12", "vllm-tray cluster join --rank 2", "vllm serve"),
            ),
            report=self.report,
            problem=None,
            notices=(unencrypted_notice(),),
        )

    def cluster_configure(
        self, config: ClusterConfig, *, renew_token: bool = False
    ) -> Future[ClusterView]:
        if self.fail_with is not None:
            return failed(self.fail_with)
        self.saved.append(config)
        self.config = config
        return done(self.cluster_view())

    def cluster_check(self) -> Future[ClusterReport]:
        head = NodeInfo(0, "0.1.0", "cpu", "0.32.0", True, "user.big", True, "abcdef0123456789")
        other = dataclasses.replace(head, rank=1)
        self.report = ClusterReport(
            head=head,
            nodes=(
                NodeReport(1, "192.168.1.11", True, other, LinkSpeed(0.42, 1180.0, 1100.0)),
                NodeReport(
                    2,
                    "192.168.1.12",
                    False,
                    problems=(
                        problem(
                            "cluster.unreachable",
                            tr_noop("{address} does not answer on port {port} ({reason})."),
                            address="192.168.1.12",
                            port=30000,
                            reason="refused",
                        ),
                    ),
                ),
            ),
            problems=(),
        )
        return done(self.report)

    def cluster_start(self) -> Future[ClusterView]:
        self.config = dataclasses.replace(self.config, enabled=True)
        self.state = ProcessState.RUNNING
        return done(self.cluster_view())

    def cluster_stop(self) -> Future[ClusterView]:
        self.config = dataclasses.replace(self.config, enabled=False)
        self.state = ProcessState.STOPPED
        return done(self.cluster_view())


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[tuple[ClusterWindow, FakeCluster]]:
    cluster = FakeCluster()
    page = ClusterWindow(cluster, lambda: ["user.big", "user.small"])
    qtbot.addWidget(page)
    yield page, cluster


def run(work: Coroutine[Any, Any, None]) -> None:
    """Await a command as its slot does (the fake's futures are already done)."""
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(work)
    finally:
        loop.close()


def test_shows_the_saved_cluster_the_warning_and_the_commands(
    window: tuple[ClusterWindow, FakeCluster],
) -> None:
    page, _ = window
    assert "not encrypted" in page.warning.text()
    assert page.model.currentText() == "user.big"
    assert page.head.text() == "192.168.1.10"
    assert page.workers.toPlainText() == "192.168.1.11\n192.168.1.12:30000"
    assert "vllm-tray cluster join --rank 2" in page.join.toPlainText()
    assert page.start_button.isEnabled() and not page.stop_button.isEnabled()
    page.copy_button.click()
    assert QGuiApplication.clipboard().text() == (
        "vllm-tray cluster join --rank 1\nvllm-tray cluster join --rank 2"
    )


def test_save_sends_the_form_and_shows_a_refusal_as_a_sentence(
    window: tuple[ClusterWindow, FakeCluster],
) -> None:
    page, cluster = window
    page.workers.setPlainText("192.168.1.11\n\n[fd00::7]:29700\n")
    page.tp.setValue(2)
    run(page.save())
    (saved,) = cluster.saved
    assert saved.workers == (WorkerNode("192.168.1.11"), WorkerNode("fd00::7", 29700))
    assert saved.tensor_parallel_size == 2 and saved.pipeline_parallel_size is None
    assert saved.token == "tok"  # the agents were joined with it
    cluster.fail_with = ProblemError(
        problem(
            "cluster.public_address",
            tr_noop("{address} is not a private address."),
            address="8.8.8.8",
        )
    )
    run(page.save())
    assert page.status.text() == "8.8.8.8 is not a private address."
    assert page.save_button.isEnabled()  # not left disabled after a failure


def test_check_fills_one_row_per_machine(window: tuple[ClusterWindow, FakeCluster]) -> None:
    page, _ = window
    run(page.check())
    assert page.nodes.rowCount() == 3
    cells = [[page.nodes.item(r, c).text() for c in range(5)] for r in range(3)]
    assert cells[0][:3] == ["this machine", "cpu 0.32.0", "abcdef012345"]
    assert cells[1][0] == "1: 192.168.1.11"
    assert cells[1][3] == "0.42 ms, 1180 MB/s from it, 1100 MB/s to it"
    assert cells[1][4] == "ready"
    assert cells[2][4] == "192.168.1.12 does not answer on port 30000 (refused)."


def test_start_and_stop_follow_the_state(window: tuple[ClusterWindow, FakeCluster]) -> None:
    page, _ = window
    run(page.start())
    assert page.stop_button.isEnabled()
    assert page.status.text() == "Serving across 3 machine(s)."
    run(page.stop())
    assert not page.stop_button.isEnabled()
    assert page.status.text() == "Off: the model runs on this machine alone."


def test_the_main_window_opens_one_cluster_window(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    cluster = FakeCluster()
    fake.cluster_view = cluster.cluster_view  # type: ignore[attr-defined]
    first = gui.window.open_cluster()
    assert isinstance(first, ClusterWindow) and first.isVisible()
    assert gui.window.open_cluster() is first
    first.close()
