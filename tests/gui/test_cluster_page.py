"""The cluster window: the form saves a config, checks fill the table, problems are sentences,
the worker commands are copyable. Its commands are awaited the way its async slots await them."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from app.core.cluster.cluster import WorkerNode
from app.core.problems.problems import Problem, ProblemError
from app.gui.cluster.cluster_page import ClusterWindow
from app.runtime.api.cluster import ClusterReport, NodeReport
from tests.gui.conftest import run, start_gui
from tests.gui.fake_cluster import FakeCluster
from tests.gui.fake_facade import FakeFacade


def cell(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    assert item is not None
    return item.text()


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[tuple[ClusterWindow, FakeCluster]]:
    fake = FakeFacade(cluster=FakeCluster)
    cluster = fake.services.cluster
    assert isinstance(cluster, FakeCluster)
    page = ClusterWindow(fake, lambda: ["user.big", "user.small"])
    qtbot.addWidget(page)
    # The window reads the cluster's view asynchronously, as it does from the real facade.
    qtbot.waitUntil(lambda: page.model.currentText() == "user.big")
    yield page, cluster


def test_shows_the_saved_cluster_the_warning_and_the_commands(
    qtbot: QtBot, window: tuple[ClusterWindow, FakeCluster]
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
    qtbot: QtBot, window: tuple[ClusterWindow, FakeCluster]
) -> None:
    page, cluster = window
    page.workers.setPlainText("192.168.1.11\n\n[fd00::7]:29700\n")
    page.tp.setValue(2)
    run(qtbot, page.save())
    (saved,) = cluster.saved
    assert saved.workers == (WorkerNode("192.168.1.11"), WorkerNode("fd00::7", 29700))
    assert saved.tensor_parallel_size == 2 and saved.pipeline_parallel_size is None
    assert saved.token == "tok"  # the agents were joined with it
    cluster.fail_with = ProblemError(
        Problem(
            "cluster.public_address", "{address} is not a private address.", {"address": "8.8.8.8"}
        )
    )
    run(qtbot, page.save())
    assert page.outcome.text() == "8.8.8.8 is not a private address."
    assert page.outcome.isVisibleTo(page)
    assert page.save_button.isEnabled()  # not left disabled after a failure


def test_check_fills_one_row_per_machine(
    qtbot: QtBot, window: tuple[ClusterWindow, FakeCluster]
) -> None:
    page, _ = window
    run(qtbot, page.check())
    assert page.nodes.rowCount() == 3
    cells = [[cell(page.nodes, r, c) for c in range(5)] for r in range(3)]
    assert cells[0][:3] == ["this machine", "cpu 0.32.0", "abcdef012345"]
    assert cells[1][0] == "1: 192.168.1.11"
    assert cells[1][3] == "0.42 ms, 1,180 MB/s from it, 1,100 MB/s to it"  # the locale's grouping
    assert cells[1][4] == "ready"
    assert cells[2][4] == "192.168.1.12 does not answer on port 30000 (refused)."
    # Under the table, every problem in a sentence of its own.
    assert page.outcome.text() == (
        "Not ready: 1 problem to fix first.\n"
        "• 192.168.1.12 does not answer on port 30000 (refused)."
    )


def test_check_and_start_act_on_the_form_as_shown(
    qtbot: QtBot, window: tuple[ClusterWindow, FakeCluster]
) -> None:
    """Addresses typed and not saved are what Check checks: it saves them first."""
    page, cluster = window
    page.workers.setPlainText("192.168.1.11\n192.168.1.13")
    run(qtbot, page.check())
    (saved,) = cluster.saved
    assert saved.workers == (WorkerNode("192.168.1.11"), WorkerNode("192.168.1.13"))
    run(qtbot, page.check())
    assert len(cluster.saved) == 1  # unchanged since: not saved again


def test_the_other_machines_box_shows_several_addresses(
    qtbot: QtBot, window: tuple[ClusterWindow, FakeCluster]
) -> None:
    page, _ = window
    page.show()
    qtbot.waitExposed(page)
    lines = page.workers.fontMetrics().lineSpacing()
    assert page.workers.height() >= 4 * lines  # was squeezed to one line


def test_start_and_stop_follow_the_state(
    qtbot: QtBot, window: tuple[ClusterWindow, FakeCluster]
) -> None:
    page, _ = window
    run(qtbot, page.start())
    assert page.stop_button.isEnabled()
    assert page.status.text() == "Serving across 3 machines."
    run(qtbot, page.stop())
    assert not page.stop_button.isEnabled()
    assert page.status.text() == "Off: the model runs on this machine alone."


def test_the_main_window_opens_one_cluster_window(qtbot: QtBot, tmp_path: Path) -> None:
    gui = start_gui(qtbot, FakeFacade(cluster=FakeCluster), tmp_path)
    try:
        first = gui.window.open_cluster()
        assert isinstance(first, ClusterWindow) and first.isVisible()
        assert gui.window.open_cluster() is first
        first.close()
    finally:
        gui.close()


class ManyProblemsCluster(FakeCluster):
    """Six machines that each fail in a long sentence: a check's outcome of many lines."""

    async def check(self) -> ClusterReport:
        report = await super().check()
        gone = [
            Problem(
                "cluster.unreachable",
                "{address} does not answer on port {port} ({reason}).",
                {"address": f"192.168.1.{20 + n}", "port": 30000, "reason": "refused " * 12},
            )
            for n in range(6)
        ]
        nodes = tuple(
            NodeReport(2 + n, f"192.168.1.{20 + n}", False, problems=(p,))
            for n, p in enumerate(gone)
        )
        self.report = dataclasses.replace(
            report, nodes=(*report.nodes, *nodes), problems=(*report.problems, *gone)
        )
        return self.report


def test_check_machines_keeps_the_window_on_the_screen(qtbot: QtBot) -> None:
    """Issue 32 item 11: after "Check machines" the window grew 15 px past the screen; a
    long outcome scrolls inside it, every sentence of it kept."""
    fake = FakeFacade(cluster=ManyProblemsCluster)
    page = ClusterWindow(fake, lambda: ["user.big"])
    qtbot.addWidget(page)
    qtbot.waitUntil(lambda: page.model.currentText() == "user.big")
    screen = QGuiApplication.primaryScreen().availableGeometry()
    page.resize(760, screen.height() - 60)
    page.move(screen.topLeft())
    page.show()
    least = page.minimumSizeHint().height()
    run(qtbot, page.check())
    qtbot.waitUntil(lambda: not page._grower._timer.isActive())  # the fit after the outcome
    assert screen.contains(page.geometry()), (page.geometry(), screen)
    # The outcome's eight lines scroll: the least height grew by a few lines (it grew by
    # all eight before, to 773 px, past a 768 px screen).
    lines = page.outcome.fontMetrics().lineSpacing()
    assert page.minimumSizeHint().height() <= least + 4 * lines
    assert page.outcome.isVisibleTo(page) and page.outcome.text().count("\n•") == 6
