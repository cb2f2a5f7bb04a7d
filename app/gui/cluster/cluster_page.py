"""The cluster window: serve one model across machines, check them, start and stop them.

Each command is an async slot that awaits the facade's future (`facade.submit(lambda s:
s.cluster.…)`) on the GUI thread's qasync loop; the coroutines behind the slots are plain
methods so that tests can await them without a Qt event loop.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.core.cluster.cluster import (
    DEFAULT_MASTER_PORT,
    ClusterConfig,
    unencrypted_notice,
)
from app.core.problems.problems import Problem
from app.core.states import ProcessState
from app.gui.cluster.cluster_nodes import NodesTable, parse_worker, worker_text
from app.gui.cluster.cluster_outcome import outcome_view, phase_text, report_outcome
from app.gui.commands import CommandFailed, async_slot, call
from app.gui.forms import CommandView, Grower
from app.gui.i18n import problem_text
from app.gui.theme import error_color, set_text_color
from app.gui.window_state import track
from app.runtime.api.services import Facade

if TYPE_CHECKING:  # the engine's modules load with the window, not with the app (startup)
    from app.runtime.api.cluster import ClusterReport, ClusterView

T = TypeVar("T")
REFRESH_MS = 2000
WORKER_LINES = 4  # the Other machines box shows this many addresses without scrolling


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
        # Several lines, each address on its own: a one-line box showed only the last one.
        lines = self.workers.fontMetrics().lineSpacing()
        self.workers.setMinimumHeight(lines * WORKER_LINES + 12)
        self.workers.setMaximumHeight(lines * (WORKER_LINES + 2) + 12)
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

        self.join = CommandView(fewest=2, most=8)  # as tall as its lines: room for the table
        self.join.setAccessibleName(self.tr("Commands for the other machines"))
        self.copy_button = QPushButton(self.tr("&Copy commands"))
        self.copy_button.clicked.connect(self._on_copy_button_clicked)
        join_box = QGroupBox(self.tr("Run this on each other machine"))
        join_layout = QVBoxLayout(join_box)
        join_layout.addWidget(self.join)
        join_layout.addWidget(self.copy_button, 0, Qt.AlignmentFlag.AlignRight)

        self.nodes = NodesTable()
        self.check_button = QPushButton(self.tr("C&heck machines"))
        self.check_button.clicked.connect(self._on_check_button_clicked)
        self.start_button = QPushButton(self.tr("S&tart"))
        self.start_button.clicked.connect(self._on_start_button_clicked)
        self.stop_button = QPushButton(self.tr("St&op"))
        self.stop_button.clicked.connect(self._on_stop_button_clicked)
        self.status = QLabel()  # the cluster's state: off, starting, serving
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # What the last command did, until the next one: a check's findings, a start's
        # progress or the reason it did not start.
        self.outcome, self.outcome_area = outcome_view()
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
        run_layout.addWidget(self.outcome_area)

        layout = QVBoxLayout(self)
        layout.addWidget(self.warning)
        layout.addWidget(setup)
        layout.addWidget(join_box)
        layout.addWidget(run_box, 1)
        self.resize(760, 720)
        track(self, "cluster")

        self._busy = False
        self._grower = Grower(self)
        self._shown_report: ClusterReport | None = None
        self._shown_problem: Problem | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._timer.start()
        self._view: ClusterView | None = None
        self.model.currentTextChanged.connect(self._update_buttons)
        self.head.textChanged.connect(self._update_buttons)
        self.workers.textChanged.connect(self._update_buttons)
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
        self.workers.setPlainText("\n".join(worker_text(w) for w in config.workers))
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
        self._update_buttons()
        self.status.setText(self._status_text(view))
        if view.problem is not None and view.problem != self._shown_problem:
            # Why the last start failed or the model was stopped (a worker that died),
            # also when that happened before this window was opened.
            self._shown_problem = view.problem
            self._say(problem_text(view.problem), failed=True)

    def _update_buttons(self) -> None:
        view = self._view
        on = view is not None and view.config.enabled
        running = on and view is not None and view.model_state is not ProcessState.STOPPED
        # What the form holds counts: Check and Start save it first.
        ready = self._form_complete() and not self._busy
        self.start_button.setEnabled(ready and not running)
        self.stop_button.setEnabled(running and not self._busy)
        self.check_button.setEnabled(ready)

    def _form_complete(self) -> bool:
        texts = (self.model.currentText(), self.head.text(), self.workers.toPlainText())
        return all(text.strip() for text in texts)

    def _status_text(self, view: ClusterView) -> str:
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
        self.nodes.show_report(report)

    # -- commands -----------------------------------------------------------------------
    def config_from_form(self) -> ClusterConfig:
        # The token is never typed: it comes from what was loaded (or made new by a save).
        token = self._view.config.token if self._view is not None else ""
        workers = []
        for line in self.workers.toPlainText().splitlines():
            text = line.strip()
            if text:
                workers.append(parse_worker(text))
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
        if await self._configure():
            self._say(self.tr("Saved. Run the commands below on the other machines."))

    async def _save_changes(self) -> bool:
        """Save the form when it differs from the saved cluster: Check and Start act on
        what the window shows. False when the form was refused (the reason is shown)."""
        if self._view is not None and self.config_from_form() == dataclasses.replace(
            self._view.config, enabled=False
        ):
            return True
        return await self._configure()

    async def _configure(self) -> bool:
        config = self.config_from_form()
        view = await self._run(self._facade.submit(lambda s: s.cluster.configure(config)))
        if view is not None:
            self.show_view(view)
        return view is not None

    async def check(self) -> None:
        self._say(self.tr("Checking each machine…"))
        if not await self._save_changes():
            return
        report = await self._run(self._facade.submit(lambda s: s.cluster.check()))
        if report is not None:
            self.show_report(report)
            self._say_report(report)

    async def start(self) -> None:
        self._say(self.tr("Checking the machines, then starting…"))
        if not await self._save_changes():
            return
        view = await self._run(
            self._facade.submit(lambda s: s.cluster.start()),
            failed=self.tr("Not started: {reason}"),
        )
        if view is None:
            await self._explain_refusal()
            return
        self.show_view(view)
        self._say(self._status_text(view))

    async def _explain_refusal(self) -> None:
        """After a start that did not happen: when the check found the reasons, show them
        all (in the table and under it), not only the first."""
        view = await self._read_view()
        if view is None or view.report is None:
            return
        self.show_report(view.report)
        if not view.report.ok:
            text = self.tr("Not started.") + "\n" + report_outcome(view.report)
            self._say(text, failed=True)

    async def stop(self) -> None:
        self._say(self.tr("Stopping the model and the workers…"))
        view = await self._run(self._facade.submit(lambda s: s.cluster.stop()))
        if view is not None:
            self.show_view(view)
            self._say(self.tr("Stopped."))

    async def _run(self, future: Future[T], *, failed: str = "{reason}") -> T | None:
        """Await one command; its failure, if any, is said under the table (with the
        report of the check that found it, if there was one)."""
        self._set_busy(True)
        try:
            return await call(future)
        except CommandFailed as failure:
            if failure.problem is not None:
                self._shown_problem = failure.problem
            self._say(failed.replace("{reason}", failure.text), failed=True)
            return None
        finally:
            self._set_busy(False)

    def _say(self, text: str, *, failed: bool = False) -> None:
        """Say what the last command did (or is doing), until the next one."""
        color = (
            error_color(self.palette()) if failed else self.palette().color(self.foregroundRole())
        )
        set_text_color(self.outcome, color)
        self.outcome.setText(text)
        self.outcome_area.setVisible(bool(text))
        self._grower.request()  # a list of problems needs room: not squeezed into a line

    def _say_report(self, report: ClusterReport) -> None:
        self._say(report_outcome(report), failed=not report.ok)

    async def _read_view(self) -> ClusterView | None:
        try:
            view = await call(self._facade.call(lambda s: s.cluster.view()))
        except CommandFailed as exc:
            self._say(exc.text, failed=True)
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
        self.save_button.setEnabled(not busy)
        self._update_buttons()

    @async_slot()
    async def refresh(self) -> None:
        view = await self._read_view()
        if view is None:
            return
        if self._busy:
            # A start runs: say where it stands (its answer comes when it is over).
            if view.phase is not None:
                self._say(phase_text(view))
            return
        self.show_view(view)

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
