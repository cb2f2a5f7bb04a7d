"""The Benchmark window's "Load time" tab: Load to first token, cold and warm, step by step,
with the app's own share and the model's earlier results (per engine version)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core.bench.load_bench import (
    APP_SHARE_GOAL_S,
    STEP_ORDER,
    WARM_RATIO_GOAL,
    LoadBenchRecord,
    LoadRun,
)
from app.core.events import Event, LoadBenchProgressed, LoadProgressed
from app.gui.bridge import EventBridge
from app.gui.commands import CommandFailed, async_slot, call
from app.gui.i18n import format_datetime, format_number, problem_text
from app.gui.model_state import load_text
from app.runtime.api.bench import LoadBenchOptions
from app.runtime.api.services import Facade

# What a record says started it (the CLI's is its command line).
ARGV = ("gui", "bench", "load")


class LoadBenchPanel(QWidget):
    """Measure the model's load (two loads: cold, then warm) and show the steps of a result."""

    def __init__(
        self,
        facade: Facade,
        bridge: EventBridge,
        model_id: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self.model_id = model_id
        self.records: list[LoadBenchRecord] = []
        self._busy = False
        self.table = QTableWidget(0, 0)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAccessibleName(self.tr("Seconds each step of a load took"))
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.status = QLabel(self.tr("Not measured yet."))
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.history = QComboBox()
        self.history.setAccessibleName(self.tr("Earlier load measurements"))
        self.history.currentIndexChanged.connect(self._on_history_changed)
        self.run_button = QPushButton(self.tr("&Measure load (cold, then warm)"))
        self.run_button.setToolTip(
            self.tr(
                "Empties the compile caches of this engine version, loads the model and waits "
                "for a first token; then loads it again with the caches that load filled. The "
                "model ends loaded or not, as it was."
            )
        )
        self.run_button.clicked.connect(self._on_run_button_clicked)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Result:")))
        row.addWidget(self.history, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.run_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        self._update_buttons()
        bridge.event_received.connect(self._on_event)
        self.load_history()

    def step_name(self, step: str) -> str:
        return {
            "before_spawn": self.tr("The app, before the engine starts"),
            "process": self.tr("Process start and imports"),
            "weights": self.tr("Weights"),
            "compile": self.tr("Compile and graph capture"),
            "kv_cache": self.tr("KV cache and profiling"),
            "server": self.tr("HTTP server start"),
            "readiness": self.tr("The app noticing it is up"),
            "handover": self.tr("The app handing it over"),
            "first_token": self.tr("First token"),
            "relay": self.tr("The app relaying the first token"),
        }.get(step, step)

    # -- commands ---------------------------------------------------------------------------
    @async_slot()
    async def load_history(self) -> None:
        try:
            model_id = self.model_id
            records = await call(self._facade.submit(lambda s: s.load_bench.load_history(model_id)))
        except CommandFailed:
            return  # no history to show is not worth a sentence
        self.records = []
        self.history.blockSignals(True)
        self.history.clear()
        self.history.blockSignals(False)
        for record in records:
            self._add_record(record)

    @async_slot()
    async def _on_run_button_clicked(self) -> None:
        self._busy = True
        self._update_buttons()
        self.status.setText(self.tr("Emptying the compile caches…"))
        model_id = self.model_id
        try:
            record = await call(
                self._facade.submit(
                    lambda s: s.load_bench.run(model_id, LoadBenchOptions(), argv=ARGV)
                )
            )
        except CommandFailed as exc:
            self.status.setText(exc.text)
            return
        finally:
            self._busy = False
            self._update_buttons()
        self._add_record(record)
        self.status.setText(self.tr("Done."))

    def _on_cancel_button_clicked(self) -> None:
        model_id = self.model_id
        self._facade.post(lambda s: s.load_bench.cancel(model_id))

    # -- results ----------------------------------------------------------------------------
    def _add_record(self, record: LoadBenchRecord) -> None:
        self.records.append(record)
        engine = " ".join(str(x) for x in (record.engine.get("kind"), record.engine.get("version")))
        self.history.addItem(f"{format_datetime(record.time)} — {engine}")
        self.history.setCurrentIndex(self.history.count() - 1)

    def _on_history_changed(self, index: int) -> None:
        if 0 <= index < len(self.records):
            self.show_record(self.records[index])

    def show_record(self, record: LoadBenchRecord) -> None:
        runs = record.runs
        steps = [s for s in STEP_ORDER if any(run.step(s) is not None for run in runs)]
        self.table.clear()
        self.table.setColumnCount(len(runs))
        self.table.setRowCount(len(steps) + 1)
        self.table.setHorizontalHeaderLabels([self.run_title(run) for run in runs])
        self.table.setVerticalHeaderLabels([*map(self.step_name, steps), self.tr("Total")])
        for col, run in enumerate(runs):
            for row, step in enumerate(steps):
                self._cell(row, col, run.step(step))
            self._cell(len(steps), col, run.total_s)
        self.summary.setText(self.summary_text(record))

    def _cell(self, row: int, col: int, seconds: float | None) -> None:
        text = "–" if seconds is None else self.tr("{s} s").format(s=format_number(seconds, 2))
        item = QTableWidgetItem(text)
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.table.setItem(row, col, item)

    def run_title(self, run: LoadRun) -> str:
        asked = {"cold": self.tr("Cold"), "warm": self.tr("Warm"), "swap": self.tr("Swap back")}[
            run.kind
        ]
        if run.cold == (run.kind == "cold"):
            return asked
        said = self.tr("cold") if run.cold else self.tr("warm")
        return self.tr("{asked} (vLLM: {said})").format(asked=asked, said=said)

    def summary_text(self, record: LoadBenchRecord) -> str:
        lines = []
        ratio = record.warm_ratio()
        if ratio is not None:
            lines.append(
                self.tr("A warm load takes {r} × the cold one (goal: at most {g}).").format(
                    r=format_number(ratio, 2), g=format_number(WARM_RATIO_GOAL, 1)
                )
            )
        worst = max((run.app_s for run in record.runs), default=0.0)
        lines.append(
            self.tr("The app's own share: at most {s} s (goal: at most {g} s).").format(
                s=format_number(worst, 3), g=format_number(APP_SHARE_GOAL_S, 1)
            )
        )
        return "\n".join(lines)

    # -- progress ---------------------------------------------------------------------------
    def _on_event(self, event: Event) -> None:
        if isinstance(event, LoadProgressed) and event.model_id == self.model_id and self._busy:
            self.status.setText(load_text(event))
        elif isinstance(event, LoadBenchProgressed) and event.model_id == self.model_id:
            text = self.progress_text(event)
            if text:
                self.status.setText(text)

    def progress_text(self, event: LoadBenchProgressed) -> str:
        cold = event.kind == "cold"
        if event.phase == "emptying":
            return self.tr("Emptying the compile caches…")
        if event.phase == "first_token":
            return (
                self.tr("Cold load: waiting for the first token…")
                if cold
                else self.tr("Warm load: waiting for the first token…")
            )
        if event.phase == "unloading":
            return self.tr("Unloading the model…")
        if event.phase == "cancelled":
            return self.tr("Cancelled; nothing was kept.")
        if event.phase == "failed" and event.problem is not None:
            return problem_text(event.problem)
        return ""

    def _update_buttons(self) -> None:
        self.run_button.setEnabled(not self._busy)
        self.cancel_button.setEnabled(self._busy)
