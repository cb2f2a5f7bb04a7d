"""The Benchmark window of one model: run a benchmark or a max-num-seqs tune, see their curves,
apply the tune's value with one click, and watch the running model's live metrics.

Opened from the main window's Model ▸ Benchmark and tune… (one window per model).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.core.bench.tuning import MAX_STARTS, Slo
from app.core.events import BenchProgressed, Event, MetricsSampled, TuneProgressed
from app.core.problems.problems import Problem
from app.gui.bench.bench_text import result_text, speedup_text, tune_status
from app.gui.bridge import EventBridge
from app.gui.commands import CommandFailed, async_slot, call, tasks_of
from app.gui.i18n import format_datetime, problem_text
from app.gui.metrics_plot import CurvePlot, LivePlot
from app.gui.restart_ask import RestartQuestion
from app.gui.window_state import track
from app.runtime.api.bench import (
    HIGH_LIMIT,
    BenchOptions,
    BenchRecord,
    TuneOptions,
    TuneResult,
    Workload,
    tokens_problem,
)
from app.runtime.api.services import Facade

if TYPE_CHECKING:
    pass


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


def _ms_box() -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(0, 600_000)
    box.setDecimals(0)
    box.setSuffix(" ms")
    box.setSpecialValueText("—")  # 0: no limit
    return box


class BenchWindow(QWidget):
    """One model's benchmarks: the curve, the controls, the history and the live metrics."""

    def __init__(
        self,
        facade: Facade,
        bridge: EventBridge,
        model_id: str,
        parent: QWidget | None = None,
        *,
        loaded: Callable[[], str | None] = lambda: None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self._facade = facade
        self._bridge = bridge
        # The model's name while it is loaded (Apply then asks before restarting it).
        self._loaded = loaded
        self._tasks = tasks_of(self)
        self.model_id = model_id
        self.records: list[BenchRecord] = []
        self.result: TuneResult | None = None
        self._busy: str | None = None  # "bench" | "tune" while one runs
        self._watching = False
        self.setWindowTitle(self.tr("Benchmark — {model}").format(model=model_id))
        self.resize(760, 640)
        track(self, "bench")

        self.curve = CurvePlot()
        self.live = LivePlot()
        self.live.set_model(model_id)
        self.status = QLabel(self.tr("Not measured yet."))
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.history = QComboBox()
        self.history.setAccessibleName(self.tr("Earlier results"))
        self.history.currentIndexChanged.connect(self._on_history_changed)

        self.requests = _spin(1, 100_000, 10)
        self.concurrency = QLineEdit()
        self.concurrency.setPlaceholderText(self.tr("all at once, or e.g. 2,4,8"))
        self.input_len = _spin(1, 1_000_000, 32)
        self.output_len = _spin(1, 1_000_000, 64)
        self.slo_ttft = _ms_box()
        self.slo_itl = _ms_box()
        self.max_concurrency = _spin(1, 4096, HIGH_LIMIT)

        self.run_bench_button = QPushButton(self.tr("&Run benchmark"))
        self.run_bench_button.clicked.connect(self._on_run_bench_clicked)
        self.run_tune_button = QPushButton(self.tr("Find &max-num-seqs"))
        self.run_tune_button.setToolTip(
            self.tr(
                "Starts the model up to {n} times with temporary limits; nothing is saved "
                "until you apply the result. The model is left running or stopped as it was."
            ).format(n=MAX_STARTS)
        )
        self.run_tune_button.clicked.connect(self._on_run_tune_clicked)
        self.cancel_button = QPushButton(self.tr("&Cancel"))
        self.cancel_button.clicked.connect(self._on_cancel_clicked)
        self.apply_button = QPushButton(self.tr("&Apply"))
        self.apply_button.clicked.connect(self._on_apply_clicked)
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        self.result_label.setTextFormat(Qt.TextFormat.PlainText)
        self._build()
        self._update_buttons()
        bridge.event_received.connect(self._on_event)
        self.load_history()

    def _build(self) -> None:
        workload = QFormLayout()
        workload.addRow(self.tr("Requests:"), self.requests)
        workload.addRow(self.tr("Concurrency:"), self.concurrency)
        workload.addRow(self.tr("Prompt tokens:"), self.input_len)
        workload.addRow(self.tr("Generated tokens:"), self.output_len)
        bench_box = QGroupBox(self.tr("Benchmark"))
        bench_layout = QVBoxLayout(bench_box)
        bench_layout.addLayout(workload)
        bench_layout.addWidget(self.run_bench_button)

        objective = QFormLayout()
        objective.addRow(self.tr("Time to first token p99 at most:"), self.slo_ttft)
        objective.addRow(self.tr("Inter-token latency p99 at most:"), self.slo_itl)
        objective.addRow(self.tr("Highest limit tried:"), self.max_concurrency)
        tune_box = QGroupBox(self.tr("max-num-seqs"))
        tune_layout = QVBoxLayout(tune_box)
        tune_layout.addLayout(objective)
        tune_layout.addWidget(self.run_tune_button)
        tune_layout.addWidget(self.result_label)
        tune_layout.addWidget(self.apply_button)

        controls = QHBoxLayout()
        controls.addWidget(bench_box)
        controls.addWidget(tune_box)

        curve_page = QWidget()
        curve_layout = QVBoxLayout(curve_page)
        curve_layout.addWidget(self.curve, 1)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Result:")))
        row.addWidget(self.history, 1)
        curve_layout.addLayout(row)
        self.tabs = QTabWidget()
        self.tabs.addTab(curve_page, self.tr("Curve"))
        self.tabs.addTab(self.live, self.tr("Live"))
        from app.gui.bench.load_bench_panel import LoadBenchPanel  # the engine's modules: now

        self.load_panel = LoadBenchPanel(self._facade, self._bridge, self.model_id)  # issue 23
        self.tabs.addTab(self.load_panel, self.tr("Load time"))

        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.status)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        layout.addLayout(buttons)
        layout.addLayout(controls)

    # -- metrics are scraped only while someone looks ---------------------------------------
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._watching:
            self._watching = True
            self._facade.post(lambda s: s.models.watch_metrics(True))

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        if self._watching:
            self._watching = False
            self._facade.post(lambda s: s.models.watch_metrics(False))

    # -- commands ---------------------------------------------------------------------------
    def bench_options(self) -> BenchOptions | None:
        text = self.concurrency.text().replace(" ", "")
        try:
            levels = tuple(int(part) for part in text.split(",") if part)
        except ValueError:
            self.status.setText(self.tr("Concurrency must be whole numbers separated by commas."))
            return None
        return BenchOptions(
            requests=self.requests.value(),
            concurrency=levels,
            workload=Workload(self.input_len.value(), self.output_len.value()),
        )

    def tune_options(self) -> TuneOptions:
        return TuneOptions(
            slo=Slo(
                ttft_ms=self.slo_ttft.value() or None,
                itl_ms=self.slo_itl.value() or None,
            ),
            requests=self.requests.value(),
            workload=Workload(self.input_len.value(), self.output_len.value()),
            high=self.max_concurrency.value(),
        )

    @async_slot()
    async def load_history(self) -> None:
        model_id = self.model_id
        try:
            records = await call(self._facade.submit(lambda s: s.bench.load_history(model_id)))
        except CommandFailed:
            return  # no history to show is not worth a sentence
        self._on_history_loaded(records)

    @async_slot()
    async def _on_run_bench_clicked(self) -> None:
        options = self.bench_options()
        if options is None:
            return
        self._set_busy("bench")
        self.status.setText(self.tr("Loading the model…"))
        model_id, argv = self.model_id, ("gui", "bench", self.model_id)
        try:
            record = await call(
                self._facade.submit(lambda s: s.bench.run(model_id, options, argv=argv))
            )
        except CommandFailed as exc:
            self._on_failed(exc.text, exc.problem)
            return
        self._on_bench_done(record)

    @async_slot()
    async def _on_run_tune_clicked(self) -> None:
        self.result = None
        self._set_busy("tune")
        self.status.setText(self.tr("Starting the model with a high limit…"))
        model_id, options, argv = self.model_id, self.tune_options(), ("gui", "tune", self.model_id)
        try:
            result = await call(
                self._facade.submit(lambda s: s.tune.run(model_id, options, argv=argv))
            )
        except CommandFailed as exc:
            self._on_failed(exc.text, exc.problem)
            return
        self._on_tune_done(result)

    def _on_cancel_clicked(self) -> None:
        model_id = self.model_id
        if self._busy == "bench":
            self._facade.post(lambda s: s.bench.cancel(model_id))
        elif self._busy == "tune":
            self._facade.post(lambda s: s.tune.cancel(model_id))
            self.status.setText(self.tr("Cancelling: putting the model back as it was…"))

    def _on_apply_clicked(self) -> None:
        if self.result is None or self.result.chosen is None:
            return
        name = self._loaded()
        if name is None:
            self._tasks.start(self._apply(restart=False))
            return
        # As the model dialog asks: the new limit applies when the model starts again.
        self.restart_question = RestartQuestion(
            self, name, lambda restart: self._tasks.start(self._apply(restart=restart))
        )
        self.restart_question.open()

    async def _apply(self, *, restart: bool) -> None:
        if self.result is None or self.result.chosen is None:
            return
        model_id, value = self.model_id, self.result.chosen
        self.apply_button.setEnabled(False)
        try:
            args = await call(
                self._facade.submit(lambda s: s.tune.apply(model_id, value, restart=restart))
            )
        except CommandFailed as exc:
            self._on_failed(exc.text, exc.problem)
            return
        self.status.setText(
            self.tr("Saved: the model's vLLM arguments are now {args}").format(args=args)
        )

    # -- outcomes ---------------------------------------------------------------------------
    def _on_bench_done(self, record: BenchRecord) -> None:
        self._set_busy(None)
        self._add_record(record)
        uncounted = tokens_problem(record.model_id, record.points)
        if uncounted is not None:
            # Not "0 tok/s": the answers carried no token counts and the engine told none.
            self.status.setText(problem_text(uncounted))
            return
        text = speedup_text(record)
        if text is not None:
            self.status.setText(text)

    def _on_tune_done(self, result: TuneResult) -> None:
        self._set_busy(None)
        self.show_result(result)
        self.load_history()

    def show_result(self, result: TuneResult) -> None:
        self.result = result
        self.curve.set_points(result.curve, result.chosen)
        self.result_label.setText(result_text(result))
        self.status.setText(self.tr("Done in {n} engine starts.").format(n=result.starts))
        self._update_buttons()

    def _on_failed(self, text: str, problem: Problem | None) -> None:
        del problem
        self._set_busy(None)
        self.status.setText(text)

    def _on_history_loaded(self, records: list[BenchRecord]) -> None:
        self.records = []
        self.history.blockSignals(True)
        self.history.clear()
        # A history that arrives while a run draws its live curve is listed, not drawn over it.
        self.history.blockSignals(self._busy is not None)
        for record in records:
            self._add_record(record)
        self.history.blockSignals(False)

    def _add_record(self, record: BenchRecord) -> None:
        self.records.append(record)
        when = format_datetime(record.time)
        kind = self.tr("tune") if record.kind == "tune" else self.tr("benchmark")
        self.history.addItem(f"{when} — {kind}")
        self.history.setCurrentIndex(self.history.count() - 1)

    def _on_history_changed(self, index: int) -> None:
        if 0 <= index < len(self.records):
            record = self.records[index]
            chosen = (record.tune or {}).get("chosen")
            self.curve.set_points(record.points, chosen if isinstance(chosen, int) else None)

    # -- progress ---------------------------------------------------------------------------
    def _on_event(self, event: Event) -> None:
        if isinstance(event, MetricsSampled):
            self.live.add_sample(event)
        elif self._busy is None:
            # A progress event the bridge delivers after the run's answer is old news: the
            # status says how the run ended, not a step of it.
            return
        elif isinstance(event, BenchProgressed) and event.model_id == self.model_id:
            self.curve.set_points(event.points)
            if event.phase == "measuring" and event.concurrency is not None:
                self.status.setText(
                    self.tr("Measuring {c} requests at once…").format(c=event.concurrency)
                )
            elif event.problem is not None:
                self.status.setText(problem_text(event.problem))
        elif isinstance(event, TuneProgressed) and event.model_id == self.model_id:
            self.curve.set_points(event.points, event.chosen)
            self.status.setText(tune_status(event))

    # -- state ------------------------------------------------------------------------------
    def _set_busy(self, what: str | None) -> None:
        self._busy = what
        self._update_buttons()

    def _update_buttons(self) -> None:
        idle = self._busy is None
        self.run_bench_button.setEnabled(idle)
        self.run_tune_button.setEnabled(idle)
        self.cancel_button.setEnabled(not idle)
        can_apply = (
            idle
            and self.result is not None
            and self.result.chosen is not None
            and not self.result.applied
        )
        self.apply_button.setEnabled(can_apply)
