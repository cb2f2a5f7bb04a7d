"""The engine (which vLLM runs models, installed or not, its install progress) and the endpoint."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.core.events import EngineInstallProgressed
from app.gui.i18n import format_bytes, problem_text
from app.gui.store import AppStore
from app.gui.tasks import CommandRunner
from app.runtime.api import Facade


class EnginePanel(QGroupBox):
    """Install button with progress; Start/Stop and the URL of the local endpoint."""

    def __init__(
        self, facade: Facade, store: AppStore, runner: CommandRunner, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self._runner = runner
        self.setTitle(self.tr("Engine and endpoint"))

        self.engine_label = QLabel()
        self.engine_label.setWordWrap(True)
        self.engine_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.engine_problem = QLabel()
        self.engine_problem.setWordWrap(True)
        self.install_button = QPushButton(self.tr("&Install engine"))
        self.install_button.clicked.connect(self._on_install_button_clicked)
        self.install_bar = QProgressBar()
        self.install_bar.setAccessibleName(self.tr("Engine installation"))
        self.install_status = QLabel()
        self.install_status.setWordWrap(True)

        self.server_label = QLabel()
        self.server_label.setWordWrap(True)
        self.server_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.server_problem = QLabel()
        self.server_problem.setWordWrap(True)
        self.server_button = QPushButton()
        self.server_button.clicked.connect(self._on_server_button_clicked)
        self.copy_button = QPushButton(self.tr("&Copy URL"))
        self.copy_button.clicked.connect(self._on_copy_button_clicked)

        install_row = QHBoxLayout()
        install_row.addWidget(self.install_bar, 1)
        # Right-aligned, not stretched, when the bar beside it is hidden.
        install_row.addWidget(self.install_button, 0, Qt.AlignmentFlag.AlignRight)
        server_row = QHBoxLayout()
        server_row.addStretch(1)
        server_row.addWidget(self.copy_button)
        server_row.addWidget(self.server_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.engine_label)
        layout.addWidget(self.engine_problem)
        layout.addLayout(install_row)
        layout.addWidget(self.install_status)
        layout.addSpacing(6)
        layout.addWidget(self.server_label)
        layout.addWidget(self.server_problem)
        layout.addLayout(server_row)

        store.engine_changed.connect(self.refresh)
        store.server_changed.connect(self.refresh)
        store.install_progressed.connect(self._on_store_install_progressed)
        self.refresh()

    def _kind_name(self, kind: str) -> str:
        return {
            "rocm": self.tr("AMD ROCm build of vLLM"),
            "cpu": self.tr("vLLM CPU build"),
            "custom": self.tr("your own vLLM command"),
        }.get(kind, kind)

    def refresh(self) -> None:
        engine = self._store.engine
        installing = self._store.install is not None or bool(engine and engine.installing)
        if engine is None:
            self.engine_label.setText(self.tr("Engine: unknown"))
            self.install_button.hide()
        else:
            name = self._kind_name(engine.kind)
            if engine.installed:
                text = self.tr("Engine: {name}, version {version}").format(
                    name=name, version=engine.version or self.tr("unknown")
                )
            else:
                text = self.tr("Engine: {name}, not installed").format(name=name)
            self.engine_label.setText(text)
            self.engine_label.setToolTip(engine.location or "")
            self.install_button.setVisible(not engine.installed or installing)
            self.install_button.setEnabled(not installing and engine.kind != "custom")
        problem = engine.problem if engine is not None else None
        self.engine_problem.setText("⚠ " + problem_text(problem) if problem else "")
        self.engine_problem.setVisible(problem is not None)
        self.install_bar.setVisible(installing)
        self.install_status.setVisible(installing)

        server = self._store.server
        if server.running:
            self.server_label.setText(
                self.tr("Endpoint: {url} (running). Any OpenAI client can use it.").format(
                    url=server.url or "?"
                )
            )
            self.server_button.setText(self.tr("S&top endpoint"))
        else:
            self.server_label.setText(self.tr("Endpoint: stopped."))
            self.server_button.setText(self.tr("S&tart endpoint"))
        self.copy_button.setEnabled(bool(server.running and server.url))
        self.server_problem.setText("⚠ " + problem_text(server.problem) if server.problem else "")
        self.server_problem.setVisible(server.problem is not None)

    def _on_store_install_progressed(self, ev: EngineInstallProgressed) -> None:
        if ev.finished:
            self.install_status.setText(problem_text(ev.problem) if ev.problem else "")
            self.refresh()
            self.install_status.setVisible(ev.problem is not None)
            return
        if ev.total:
            self.install_bar.setRange(0, 1000)
            self.install_bar.setValue(round(ev.done / ev.total * 1000))
            detail = self.tr("{done} of {total}").format(
                done=format_bytes(ev.done), total=format_bytes(ev.total)
            )
        else:
            self.install_bar.setRange(0, 0)  # busy indicator: the size is not known
            detail = format_bytes(ev.done) if ev.done else ""
        self.install_status.setText(" · ".join(p for p in (ev.message or ev.phase, detail) if p))
        self.refresh()

    def _on_install_button_clicked(self) -> None:
        engine = self._store.engine
        if engine is None:
            return
        self.install_button.setEnabled(False)
        self.install_status.setText(self.tr("Starting the installation…"))
        self.install_status.show()
        self._runner.run(self._facade.install_engine(engine.kind), on_done=lambda _v: None)

    def _on_server_button_clicked(self) -> None:
        self.server_button.setEnabled(False)
        future = (
            self._facade.stop_server()
            if self._store.server.running
            else self._facade.start_server()
        )
        self._runner.run(
            future, on_done=self._on_server_command_done, on_error=self._on_server_error
        )

    def _on_server_command_done(self, view: object) -> None:
        del view
        self.server_button.setEnabled(True)
        self._store.refresh()

    def _on_server_error(self, text: str, problem: object) -> None:
        del problem
        self.server_button.setEnabled(True)
        self.server_problem.setText("⚠ " + text)
        self.server_problem.show()

    def _on_copy_button_clicked(self) -> None:
        url = self._store.server.url
        if url:
            QGuiApplication.clipboard().setText(url)
