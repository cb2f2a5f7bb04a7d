"""The cluster window: serve one model across machines, check them, start and stop them.

Each command is an async slot that awaits the facade's future (`asyncio.wrap_future`) on the
GUI thread's qasync loop; the coroutines behind the slots are plain methods so that tests can
await them without a Qt event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core.cluster import (
    DEFAULT_AGENT_PORT,
    DEFAULT_MASTER_PORT,
    ClusterConfig,
    WorkerNode,
    unencrypted_notice,
)
from app.core.problems import Problem, ProblemError
from app.core.states import ProcessState
from app.gui.commands import CommandFailed, async_slot, call
from app.gui.i18n import format_number, problem_text
from app.runtime.services import Facade
from app.runtime.services.cluster import ClusterReport, ClusterView

T = TypeVar("T")
REFRESH_MS = 2000


class ClusterWindow(QWidget):
    """A top-level window (never modal): set up, check, start, stop; the worker commands."""

    def __init__(
        self,
        facade: Facade,
        model_ids: Callable[[], list[str]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self._facade = facade
        self._model_ids = model_ids
        self.setWindowTitle(self.tr("Cluster: one model across machines"))
        self.setObjectName("cluster-window")

        self.warning = QLabel(problem_text(unencrypted_notice()))
        self.warning.setWordWrap(True)
        self.warning.setObjectName("cluster-warning")

        self.model = QComboBox()
        self.model.setAccessibleName(self.tr("Model"))
        self.head = QLineEdit()
        self.head.setPlaceholderText(self.tr("e.g. 192.168.1.10"))
        self.workers = QPlainTextEdit()
        self.workers.setPlaceholderText(
            self.tr("One address per line, e.g. 192.168.1.11 or 192.168.1.11:29601")
        )
        self.workers.setMaximumHeight(80)
        self.tp = QSpinBox()
        self.tp.setRange(1, 64)
        self.pp = QSpinBox()
        self.pp.setRange(0, 64)
        self.pp.setSpecialValueText(self.tr("one per machine"))
        self.master_port = QSpinBox()
        self.master_port.setRange(1024, 65535)
        self.master_port.setValue(DEFAULT_MASTER_PORT)
        self.allow_public = QCheckBox(self.tr("Allow public addresses (not recommended)"))
        self.save_button = QPushButton(self.tr("&Save"))
        self.save_button.clicked.connect(self._on_save_button_clicked)

        form = QFormLayout()
        form.addRow(self.tr("Model"), self.model)
        form.addRow(self.tr("This machine's address"), self.head)
        form.addRow(self.tr("Other machines"), self.workers)
        form.addRow(self.tr("Tensor parallel (GPUs per machine)"), self.tp)
        form.addRow(self.tr("Pipeline parallel"), self.pp)
        form.addRow(self.tr("Master port"), self.master_port)
        form.addRow("", self.allow_public)
        setup = QGroupBox(self.tr("Setup"))
        setup_layout = QVBoxLayout(setup)
        setup_layout.addLayout(form)
        setup_layout.addWidget(self.save_button, 0, Qt.AlignmentFlag.AlignRight)

        self.join = QPlainTextEdit()
        self.join.setReadOnly(True)
        self.join.setAccessibleName(self.tr("Commands for the other machines"))
        self.copy_button = QPushButton(self.tr("&Copy commands"))
        self.copy_button.clicked.connect(self._on_copy_button_clicked)
        join_box = QGroupBox(self.tr("Run this on each other machine"))
        join_layout = QVBoxLayout(join_box)
        join_layout.addWidget(self.join)
        join_layout.addWidget(self.copy_button, 0, Qt.AlignmentFlag.AlignRight)

        self.nodes = QTableWidget(0, 5)
        self.nodes.setHorizontalHeaderLabels(
            [
                self.tr("Machine"),
                self.tr("Engine"),
                self.tr("Model files"),
                self.tr("Link"),
                self.tr("Problems"),
            ]
        )
        self.nodes.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.nodes.verticalHeader().setVisible(False)
        self.nodes.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.check_button = QPushButton(self.tr("C&heck machines"))
        self.check_button.clicked.connect(self._on_check_button_clicked)
        self.start_button = QPushButton(self.tr("S&tart"))
        self.start_button.clicked.connect(self._on_start_button_clicked)
        self.stop_button = QPushButton(self.tr("St&op"))
        self.stop_button.clicked.connect(self._on_stop_button_clicked)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addStretch(1)
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        run_box = QGroupBox(self.tr("Machines"))
        run_layout = QVBoxLayout(run_box)
        run_layout.addWidget(self.nodes)
        run_layout.addLayout(buttons)
        run_layout.addWidget(self.status)

        layout = QVBoxLayout(self)
        layout.addWidget(self.warning)
        layout.addWidget(setup)
        layout.addWidget(join_box)
        layout.addWidget(run_box, 1)
        self.resize(760, 720)

        self._busy = False
        self._shown_report: ClusterReport | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._timer.start()
        self._view: ClusterView | None = None
        self._first_load()

    # -- showing ------------------------------------------------------------------------
    def load(self, view: ClusterView) -> None:
        """Fill the form from the saved cluster, and everything else from the view."""
        self._view = view
        config = view.config
        self.model.clear()
        ids = self._model_ids()
        if config.model_id and config.model_id not in ids:
            ids.insert(0, config.model_id)
        self.model.addItems(ids)
        if config.model_id:
            self.model.setCurrentText(config.model_id)
        self.head.setText(config.head_address)
        self.workers.setPlainText("\n".join(_worker_text(w) for w in config.workers))
        self.tp.setValue(config.tensor_parallel_size)
        self.pp.setValue(config.pipeline_parallel_size or 0)
        self.master_port.setValue(config.master_port)
        self.allow_public.setChecked(config.allow_public_addresses)
        self.show_view(view)

    def show_view(self, view: ClusterView) -> None:
        self._view = view
        lines = []
        for join in view.join_commands:
            header = self.tr("# machine %1 (%2)")
            lines.append(header.replace("%1", str(join.rank)).replace("%2", join.address))
            lines.append(join.command)
        text = "\n".join(lines)
        if text != self.join.toPlainText():  # the timer must not undo a selection
            self.join.setPlainText(text)
        self.copy_button.setEnabled(bool(view.join_commands))
        if view.report is not None and view.report is not self._shown_report:
            self.show_report(view.report)
        running = view.config.enabled and view.model_state is not ProcessState.STOPPED
        self.start_button.setEnabled(view.config.configured and not self._busy)
        self.stop_button.setEnabled(running and not self._busy)
        self.check_button.setEnabled(view.config.configured and not self._busy)
        self.status.setText(self._status_text(view))

    def _status_text(self, view: ClusterView) -> str:
        if view.problem is not None:
            return problem_text(view.problem)
        if not view.config.configured:
            return self.tr("Set up the model, this machine's address and the other machines.")
        if not view.config.enabled:
            return self.tr("Off: the model runs on this machine alone.")
        machines = view.config.nnodes
        if view.model_state is ProcessState.RUNNING:
            return self.tr("Serving across %n machine(s).", "", machines)
        if view.model_state is ProcessState.STARTING:
            return self.tr("Starting across %n machine(s)…", "", machines)
        return self.tr("On: the model loads across the machines on its next request.")

    def show_report(self, report: ClusterReport) -> None:
        self._shown_report = report
        rows: list[tuple[str, str, str, str, str]] = []
        if report.head is not None:
            head = report.head
            rows.append(
                (
                    self.tr("this machine"),
                    f"{head.engine_kind} {head.engine_version or ''}".strip(),
                    (head.fingerprint or "—")[:12],
                    "",
                    "",
                )
            )
        for node in report.nodes:
            info = node.info
            link = ""
            if node.link is not None:
                link = (
                    self.tr("%1 ms, %2 MB/s from it, %3 MB/s to it")
                    .replace("%1", format_number(node.link.rtt_ms, 2))
                    .replace("%2", format_number(node.link.down_mb_s, 0))
                    .replace("%3", format_number(node.link.up_mb_s, 0))
                )
            rows.append(
                (
                    f"{node.rank}: {node.address}",
                    f"{info.engine_kind} {info.engine_version or ''}".strip() if info else "—",
                    (info.fingerprint or "—")[:12] if info else "—",
                    link,
                    " ".join(problem_text(p) for p in node.problems) or self.tr("ready"),
                )
            )
        self.nodes.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.nodes.setItem(r, c, item)

    # -- commands -----------------------------------------------------------------------
    def config_from_form(self) -> ClusterConfig:
        # The token is never typed: it comes from what was loaded (or made new by a save).
        token = self._view.config.token if self._view is not None else ""
        workers = []
        for line in self.workers.toPlainText().splitlines():
            text = line.strip()
            if text:
                workers.append(_parse_worker(text))
        return ClusterConfig(
            model_id=self.model.currentText(),
            head_address=self.head.text().strip(),
            workers=tuple(workers),
            master_port=self.master_port.value(),
            tensor_parallel_size=self.tp.value(),
            pipeline_parallel_size=self.pp.value() or None,
            allow_public_addresses=self.allow_public.isChecked(),
            token=token,
        )

    async def save(self) -> None:
        config = self.config_from_form()
        view = await self._run(self._facade.submit(lambda s: s.cluster.configure(config)))
        if view is not None:
            self.show_view(view)
            self.status.setText(self.tr("Saved. Run the commands below on the other machines."))

    async def check(self) -> None:
        report = await self._run(self._facade.submit(lambda s: s.cluster.check()))
        if report is not None:
            self.show_report(report)
            self.status.setText(
                self.tr("Every machine is ready.")
                if report.ok
                else problem_text(report.problems[0])
            )

    async def start(self) -> None:
        self.status.setText(self.tr("Checking the machines, then starting…"))
        view = await self._run(self._facade.submit(lambda s: s.cluster.start()))
        self.refresh()
        if view is not None:
            self.show_view(view)

    async def stop(self) -> None:
        view = await self._run(self._facade.submit(lambda s: s.cluster.stop()))
        if view is not None:
            self.show_view(view)

    async def _run(self, future: Future[T]) -> T | None:
        """Await one command; its problem, if any, is shown in the status line."""
        self._set_busy(True)
        try:
            return await asyncio.wrap_future(future)
        except ProblemError as exc:
            self._show_problem(exc.problem)
            return None
        finally:
            self._set_busy(False)

    def _show_problem(self, found: Problem) -> None:
        self.status.setText(problem_text(found))
        self._show_last_report()

    @async_slot()
    async def _show_last_report(self) -> None:
        view = await self._read_view()
        if view is not None and view.report is not None:
            self.show_report(view.report)

    async def _read_view(self) -> ClusterView | None:
        try:
            view = await call(self._facade.call(lambda s: s.cluster.view()))
        except CommandFailed as exc:
            self.status.setText(exc.text)
            return None
        self._view = view
        return view

    @async_slot()
    async def _first_load(self) -> None:
        view = await self._read_view()
        if view is not None:
            self.load(view)

    def _set_busy(self, busy: bool) -> None:
        self._busy = busy
        for button in (self.save_button, self.check_button, self.start_button):
            button.setEnabled(not busy)
        if busy:
            self.stop_button.setEnabled(False)

    @async_slot()
    async def refresh(self) -> None:
        if self._busy:
            return
        status = self.status.text()
        view = await self._read_view()
        if view is None or self._busy:
            return
        self.show_view(view)
        if view.problem is None and view.report is None and status:
            self.status.setText(status)

    # -- slots ----------------------------------------------------------------------------
    @async_slot()
    async def _on_save_button_clicked(self) -> None:
        await self.save()

    @async_slot()
    async def _on_check_button_clicked(self) -> None:
        await self.check()

    @async_slot()
    async def _on_start_button_clicked(self) -> None:
        await self.start()

    @async_slot()
    async def _on_stop_button_clicked(self) -> None:
        await self.stop()

    def _on_copy_button_clicked(self) -> None:
        QGuiApplication.clipboard().setText(
            "\n".join(
                line for line in self.join.toPlainText().splitlines() if not line.startswith("#")
            )
        )

    def _on_timer_timeout(self) -> None:
        if self.isVisible():
            self.refresh()


def _worker_text(worker: WorkerNode) -> str:
    if worker.agent_port == DEFAULT_AGENT_PORT:
        return worker.address
    host = f"[{worker.address}]" if ":" in worker.address else worker.address
    return f"{host}:{worker.agent_port}"


def _parse_worker(text: str) -> WorkerNode:
    """`ADDR`, `ADDR:PORT` or `[IPv6]:PORT`; what is not a port is left to validation."""
    if text.startswith("[") and "]:" in text:
        address, port = text[1:].split("]:", 1)
    elif text.count(":") == 1:
        address, port = text.split(":", 1)
    else:
        return WorkerNode(address=text.strip("[]"))
    try:
        return WorkerNode(address=address, agent_port=int(port))
    except ValueError:
        return WorkerNode(address=text)
