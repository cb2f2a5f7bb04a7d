"""The GPU panel: which GPU, VRAM (and GTT) now and over time, what models hold, prerequisites."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QLabel,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from app.core.events import GpuSampled
from app.core.gpu import GFX1151_PREREQ_KERNEL
from app.core.memory import GIB
from app.core.states import ALIVE
from app.gui.elide import elide_words
from app.gui.i18n import format_bytes, format_gb, format_number, problem_text
from app.gui.memory_plot import MemoryPlot, series_colors
from app.gui.model_state import kv_cache_text
from app.gui.store import AppStore

BAR_STEPS = 1000


class ElidedProgressBar(QProgressBar):
    """A bar whose text is cut at a word with "…" to fit: the style would wrap it out."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._text = ""

    def set_text(self, text: str) -> None:
        self._text = text
        self.update()

    def text(self) -> str:
        return elide_words(self._text, self.fontMetrics(), self.contentsRect().width() - 8)

    def full_text(self) -> str:
        return self._text


class GpuPanel(QGroupBox):
    """Reads the AppStore; updates on every GPU sample and model change."""

    def __init__(self, store: AppStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._store = store
        self.setTitle(self.tr("GPU"))
        self.name_label = QLabel()
        self.name_label.setTextFormat(Qt.TextFormat.PlainText)
        font = self.name_label.font()
        font.setBold(True)
        self.name_label.setFont(font)
        self.name_label.setWordWrap(True)
        self.detail_label = QLabel()
        self.detail_label.setWordWrap(True)
        self.vram_bar = self._bar(self.tr("VRAM in use"))
        self.gtt_bar = self._bar(self.tr("GTT (shared system memory) in use"))
        self.vram_caption = QLabel(self.tr("VRAM"))
        self.gtt_caption = QLabel(self.tr("GTT"))
        self.legend = QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.plot = MemoryPlot()
        self.models_label = QLabel()
        self.models_label.setWordWrap(True)
        self.models_label.setTextFormat(Qt.TextFormat.PlainText)
        self.prereq_label = QLabel()
        self.prereq_label.setWordWrap(True)
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.problems_label.setTextFormat(Qt.TextFormat.PlainText)
        self.problems_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        bars = QFormLayout()
        bars.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        bars.addRow(self.vram_caption, self.vram_bar)
        bars.addRow(self.gtt_caption, self.gtt_bar)
        layout = QVBoxLayout(self)
        layout.addWidget(self.name_label)
        layout.addWidget(self.detail_label)
        layout.addLayout(bars)
        layout.addWidget(self.plot)
        layout.addWidget(self.legend)
        layout.addWidget(self.models_label)
        layout.addWidget(self.prereq_label)
        layout.addWidget(self.problems_label)
        layout.addStretch(1)

        store.gpu_sampled.connect(self._on_store_gpu_sampled)
        store.models_reset.connect(self._update_models)
        store.model_changed.connect(self._update_models)
        store.engine_changed.connect(self.refresh)
        self.refresh()

    def _bar(self, accessible: str) -> ElidedProgressBar:
        bar = ElidedProgressBar()
        bar.setRange(0, BAR_STEPS)
        bar.setTextVisible(True)
        bar.setAccessibleName(accessible)
        return bar

    def refresh(self) -> None:
        system = self._store.system
        gpu = system.primary if system is not None else None
        has_gpu = gpu is not None
        for widget in (self.vram_bar, self.vram_caption, self.plot, self.legend):
            widget.setVisible(has_gpu)
        if gpu is None:
            self.name_label.setText(self.tr("No GPU found"))
            self.detail_label.setText(self.tr("Models run on the CPU build of vLLM, slowly."))
            self.gtt_bar.hide()
            self.gtt_caption.hide()
        else:
            self.name_label.setText(gpu.name)
            parts = [gpu.gfx_target or gpu.vendor.upper()]
            if gpu.apu:
                parts.append(self.tr("shared memory (APU)"))
            elif gpu.discrete:
                parts.append(self.tr("discrete card"))
            self.detail_label.setText(" · ".join(parts))
            self.gtt_bar.setVisible(gpu.apu)
            self.gtt_caption.setVisible(gpu.apu)
            vram, gtt = series_colors(self.palette())
            legend = f"<span style='color:{vram.name()}'>■</span> " + self.tr("VRAM")
            if gpu.apu:
                legend += f" &nbsp; <span style='color:{gtt.name()}'>■</span> " + self.tr("GTT")
            self.legend.setText(legend)
        self._update_prereq()
        problems = system.problems if system is not None else ()
        self.problems_label.setText("\n\n".join("⚠ " + problem_text(p) for p in problems))
        self.problems_label.setVisible(bool(problems))
        latest = self._store.gpu_history[-1] if self._store.gpu_history else None
        if latest is None and gpu is not None:
            latest = GpuSampled(gpu.vram_used, gpu.vram_total, gpu.gtt_used, gpu.gtt_total)
        if latest is not None:
            self._show_sample(latest)
        self._update_models()

    def _update_prereq(self) -> None:
        system = self._store.system
        gpu = system.primary if system is not None else None
        if gpu is None or gpu.kernel_prereq_ok is None:
            self.prereq_label.hide()
            return
        self.prereq_label.show()
        if gpu.kernel_prereq_ok:
            self.prereq_label.setText(
                self.tr("Kernel prerequisite for {target}: met (kernel {kernel}).").format(
                    target=gpu.gfx_target, kernel=system.kernel_release if system else "?"
                )
            )
        else:
            self.prereq_label.setText(
                "⚠ "
                + self.tr(
                    "Kernel prerequisite for {target}: missing. Update to Linux {required} or "
                    "newer before loading models on the GPU."
                ).format(target=gpu.gfx_target, required=GFX1151_PREREQ_KERNEL)
            )

    def _on_store_gpu_sampled(self, sample: GpuSampled) -> None:
        self._show_sample(sample)

    def _show_sample(self, sample: GpuSampled) -> None:
        self._fill(self.vram_bar, sample.vram_used, sample.vram_total)
        self._fill(self.gtt_bar, sample.gtt_used, sample.gtt_total)
        system = self._store.system
        apu = bool(system and system.primary and system.primary.apu)
        history = self._store.gpu_history or [sample]
        self.plot.set_samples(list(history), show_gtt=apu)

    def _fill(self, bar: ElidedProgressBar, used: int | None, total: int | None) -> None:
        if used is None or not total:
            bar.setValue(0)
            bar.set_text(self.tr("unknown"))
            return
        bar.setValue(round(used / total * BAR_STEPS))
        # Short on purpose: the text sits inside the bar, and translations run longer.
        text = self.tr("{used} / {total} · {percent} %").format(
            used=format_number(used / GIB, 1),
            total=format_bytes(total),
            percent=round(used / total * 100),
        )
        bar.set_text(text)
        bar.setToolTip(
            self.tr("{used} of {total} in use").format(
                used=format_bytes(used), total=format_bytes(total)
            )
        )

    def _update_models(self, model_id: str | None = None) -> None:
        del model_id
        lines = []
        for row in self._store.rows:
            if row.process not in ALIVE:
                continue
            # A user's model has no catalog size: what it holds on disk is its weights.
            size = format_gb(row.size_gb) if row.size_gb else format_bytes(row.bytes_on_disk)
            line = self.tr("{name}: weights {size}").format(name=row.name, size=size)
            kv = kv_cache_text(row)
            if kv:
                line += " · " + kv
            lines.append(line)
        if lines:
            self.models_label.setText(self.tr("Models in memory") + "\n" + "\n".join(lines))
        else:
            self.models_label.setText(self.tr("No model is loaded."))
