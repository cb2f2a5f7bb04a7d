"""The engine (which vLLM runs models, installed or not, its install progress) and the endpoint."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.core.events import EngineInstallProgressed
from app.core.memory.gpu import rocm_support_problem
from app.core.states import EngineKind
from app.gui.commands import CommandFailed, FailureReporter, async_slot, call
from app.gui.i18n import format_bytes, problem_text
from app.gui.store import AppStore
from app.runtime.api.services import Facade
from app.runtime.api.snapshot import EngineView

if TYPE_CHECKING:  # the engines' service loads the planner: not before the window shows
    from app.runtime.api.values import RocmBuilds

CPU = "cpu"


class EnginePanel(QGroupBox):
    """Install button with progress; Start/Stop and the URL of the local endpoint."""

    def __init__(
        self,
        facade: Facade,
        store: AppStore,
        failures: FailureReporter,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self._failures = failures
        self.setTitle(self.tr("Engine and endpoint"))

        self.engine_label = QLabel()
        self.engine_label.setWordWrap(True)
        self.engine_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.engine_problem = QLabel()
        self.engine_problem.setWordWrap(True)
        # Known security advisories of the vLLM release the engine runs
        # (app.core.engines.advisories):
        # how many, the worst, the release that fixes them all; the list on demand.
        self.advisories_label = QLabel()
        self.advisories_label.setWordWrap(True)
        self.advisories_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.advisories_button = QPushButton(self.tr("Show &advisories"))
        self.advisories_button.setCheckable(True)
        self.advisories_button.toggled.connect(self._on_advisories_button_toggled)
        self.advisories_list = QLabel()
        self.advisories_list.setWordWrap(True)
        self.advisories_list.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.advisories_list.setVisible(False)
        self.install_button = QPushButton(self.tr("&Install engine"))
        self.install_button.clicked.connect(self._on_install_button_clicked)
        self.install_bar = QProgressBar()
        self.install_bar.setAccessibleName(self.tr("Engine installation"))
        self.install_status = QLabel()
        self.install_status.setWordWrap(True)

        # The ROCm builds for this GPU from the publisher's qualification feed: choose one,
        # installed beside the others, or switch back to one installed before.
        self.builds_combo = QComboBox()
        # A build's line is long: sized to its text, the combo widened the whole side panel
        # past the window (its bars and the engine line were cut off on the right).
        self.builds_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.builds_combo.setMinimumContentsLength(20)
        self.builds_combo.setAccessibleName(self.tr("ROCm build"))
        self.builds_combo.currentIndexChanged.connect(self._update_use_build)
        self.use_build_button = QPushButton(self.tr("&Switch to this build"))
        self.use_build_button.clicked.connect(self._on_use_build_clicked)
        self.builds_note = QLabel()
        self.builds_note.setWordWrap(True)
        self._builds: RocmBuilds | None = None
        self._builds_asked = False

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
        layout.addWidget(self.advisories_label)
        layout.addWidget(self.advisories_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.advisories_list)
        layout.addLayout(install_row)
        layout.addWidget(self.install_status)
        builds_row = QHBoxLayout()
        builds_row.addWidget(self.builds_combo, 1)
        builds_row.addWidget(self.use_build_button, 0)
        layout.addLayout(builds_row)
        layout.addWidget(self.builds_note)
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

    def no_supported_gpu(self) -> bool:
        """No GPU the ROCm build runs on: the CPU build is the engine to offer."""
        system = self._store.system
        gpu = system.primary if system is not None else None
        return gpu is None or rocm_support_problem(gpu) is not None

    def install_kind(self, engine: EngineView) -> str | None:
        """What the Install button installs: the engine in use, or the CPU build where the
        chosen engine cannot run here; None when there is nothing to install."""
        if engine.installed:
            return None
        if engine.kind == CPU or (engine.kind != EngineKind.CUSTOM and self.no_supported_gpu()):
            return CPU
        return None if engine.kind == EngineKind.CUSTOM else engine.kind

    def refresh(self) -> None:
        engine = self._store.engine
        installing = self._store.install is not None or bool(engine and engine.installing)
        if engine is None:
            self.engine_label.setText(self.tr("Engine: unknown"))
            self.install_button.hide()
        else:
            name = self._kind_name(engine.kind)
            advice = engine.advice
            if engine.installed:
                version = engine.version or (advice.version if advice is not None else None)
                text = self.tr("Engine: {name}, version {version}").format(
                    name=name, version=version or self.tr("unknown")
                )
            else:
                text = self.tr("Engine: {name}, not installed").format(name=name)
            self.engine_label.setText(text)
            self.engine_label.setToolTip(engine.location or "")
            kind = self.install_kind(engine)
            if kind == CPU and engine.kind != CPU:
                self.install_button.setText(self.tr("&Install the CPU build instead"))
                self.install_button.setToolTip(
                    self.tr("No GPU here runs the ROCm build: models can run on the CPU, slowly.")
                )
            elif kind == CPU:
                self.install_button.setText(self.tr("&Install the CPU build"))
                self.install_button.setToolTip(
                    self.tr("No supported GPU was found: models run on the CPU, slowly.")
                )
            else:
                self.install_button.setText(self.tr("&Install engine"))
                self.install_button.setToolTip("")
            self.install_button.setVisible(kind is not None or installing)
            self.install_button.setEnabled(not installing and kind is not None)
        problem = engine.problem if engine is not None else None
        self.engine_problem.setText("⚠ " + problem_text(problem) if problem else "")
        self.engine_problem.setVisible(problem is not None)
        self._show_advisories(engine)
        self._show_builds(engine, installing)
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

    def _severity_name(self, level: str | None) -> str:
        return {
            "critical": self.tr("critical"),
            "high": self.tr("high"),
            "medium": self.tr("medium"),
            "low": self.tr("low"),
        }.get(level or "", self.tr("not rated"))

    def _show_builds(self, engine: EngineView | None, installing: bool) -> None:
        rocm = engine is not None and engine.kind == EngineKind.ROCM and not self.no_supported_gpu()
        if rocm and not self._builds_asked:
            self._builds_asked = True
            self.load_builds()
        shown = rocm and self.builds_combo.count() > 0
        self.builds_combo.setVisible(shown)
        self.use_build_button.setVisible(shown)
        self.builds_note.setVisible(shown and bool(self.builds_note.text()))
        self.builds_combo.setEnabled(not installing)
        self._update_use_build()

    def _update_use_build(self) -> None:
        rows = self._builds.rows if self._builds is not None else ()
        index = self.builds_combo.currentIndex()
        row = rows[index] if 0 <= index < len(rows) else None
        busy = self._store.install is not None
        self.use_build_button.setEnabled(row is not None and not row.in_use and not busy)
        if row is not None and row.installed:
            self.use_build_button.setText(self.tr("&Switch to this build"))
        else:
            self.use_build_button.setText(self.tr("Install this &build"))

    @async_slot()
    async def load_builds(self, refresh: bool = True) -> None:
        """Ask for the builds (the feed refreshed, bounded) and show them."""
        try:
            found = await call(self._facade.submit(lambda s: s.engines.rocm_builds(refresh)))
        except CommandFailed as failure:
            self.builds_note.setText("⚠ " + failure.text)
            self.builds_note.show()
            return
        self._builds = found
        self.builds_combo.blockSignals(True)
        self.builds_combo.clear()
        current = 0
        for index, row in enumerate(found.rows):
            build = row.build
            verdict = self.tr("qualified") if build.qualified else self.tr("not qualified")
            marks = [self.tr("default")] if row.default else []
            marks += [self.tr("in use")] if row.in_use else []
            marks += [self.tr("installed")] if row.installed and not row.in_use else []
            text = (
                self.tr("vLLM {vllm} · ROCm {rocm} · {channel} · {verdict} ({marks})")
                if marks
                else self.tr("vLLM {vllm} · ROCm {rocm} · {channel} · {verdict}")
            )
            self.builds_combo.addItem(
                text.format(
                    vllm=build.vllm_version,
                    rocm=build.rocm_version,
                    channel=build.channel,
                    verdict=verdict,
                    marks=", ".join(marks),
                )
            )
            tip = build.tag if build.qualified else f"{build.tag}\n{build.why}"
            self.builds_combo.setItemData(index, tip, Qt.ItemDataRole.ToolTipRole)
            current = index if row.in_use else current
        self.builds_combo.setCurrentIndex(current)
        self.builds_combo.blockSignals(False)
        problem = found.feed.problem
        self.builds_note.setText("⚠ " + problem_text(problem) if problem else "")
        self.refresh()

    @async_slot()
    async def _on_use_build_clicked(self) -> None:
        rows = self._builds.rows if self._builds is not None else ()
        index = self.builds_combo.currentIndex()
        if not 0 <= index < len(rows):
            return
        tag = rows[index].build.tag
        self.use_build_button.setEnabled(False)
        try:
            await call(self._facade.submit(lambda s: s.engines.install(EngineKind.ROCM, build=tag)))
            await self._store.refresh()
        except CommandFailed as failure:
            self.install_status.setText(failure.text)
            self.install_status.show()
        self.load_builds(refresh=False)

    def _show_advisories(self, engine: EngineView | None) -> None:
        advice = engine.advice if engine is not None else None
        problems = advice.problems() if advice is not None else ()
        if problems and advice is not None:
            lines = [
                self.tr(
                    "vLLM {version} has %n known security advisory(s); the worst is {severity}.",
                    "",
                    len(problems),
                ).format(
                    version=advice.version, severity=self._severity_name(advice.worst_severity)
                )
            ]
            if advice.fixed_by:
                lines.append(self.tr("vLLM {fixed} fixes them all.").format(fixed=advice.fixed_by))
            else:
                lines.append(self.tr("No release is known to fix them all."))
            db = advice.db
            if db is not None:
                lines.append(
                    self.tr("Advisories from osv.dev as of {date}.").format(date=db.taken)
                    if db.source == "osv.dev"
                    else self.tr(
                        "Advisories from the list shipped with vLLM Tray, as of {date}."
                    ).format(date=db.taken)
                )
            self.advisories_label.setText(" ".join(lines))
            self.advisories_list.setText(
                "\n".join(
                    f"⚠ [{self._severity_name(a.severity)}] {problem_text(p)}"
                    for a, p in zip(advice.advisories, problems, strict=True)
                )
            )
        else:
            self.advisories_label.setText("")
            self.advisories_list.setText("")
        self.advisories_label.setVisible(bool(problems))
        self.advisories_button.setVisible(bool(problems))
        self.advisories_list.setVisible(bool(problems) and self.advisories_button.isChecked())

    def _on_advisories_button_toggled(self, shown: bool) -> None:
        self.advisories_button.setText(
            self.tr("Hide &advisories") if shown else self.tr("Show &advisories")
        )
        self.advisories_list.setVisible(shown and bool(self.advisories_list.text()))

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

    @async_slot()
    async def _on_install_button_clicked(self) -> None:
        engine = self._store.engine
        kind = self.install_kind(engine) if engine is not None else None
        if engine is None or kind is None:
            return
        self.install_button.setEnabled(False)
        self.install_status.setText(self.tr("Starting the installation…"))
        self.install_status.show()
        try:
            await call(self._facade.submit(lambda s: s.engines.install(EngineKind(kind))))
            if kind != engine.kind:
                # The chosen engine cannot run here: run models on the build just installed.
                choice = "auto" if engine.selected == "auto" else kind
                stored = await call(
                    self._facade.submit(lambda s: s.config.set_settings({"engine.kind": choice}))
                )
                self._store.apply_settings(stored)
            await self._store.refresh()
        except CommandFailed as failure:
            self.refresh()
            self.install_status.setText(failure.text)
            self.install_status.show()
            return
        self.refresh()

    @async_slot()
    async def _on_server_button_clicked(self) -> None:
        self.server_button.setEnabled(False)
        running = self._store.server.running
        try:
            await call(
                self._facade.submit(lambda s: s.endpoint.stop() if running else s.endpoint.start())
            )
            await self._store.refresh()
        except CommandFailed as failure:
            self.server_problem.setText("⚠ " + failure.text)
            self.server_problem.show()
        # Not in a finally: a cancelled slot (panel deleted) must not touch the button.
        self.server_button.setEnabled(True)

    def _on_copy_button_clicked(self) -> None:
        url = self._store.server.url
        if url:
            QGuiApplication.clipboard().setText(url)
