"""The GPU panel: every GPU with its VRAM (and GTT) now and over time, the room models have
there and in RAM, what models hold, prerequisites."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QLabel,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from app.core.events import GpuSampled, MemoryRoomSampled
from app.core.memory.gpu import GFX1151_PREREQ_KERNEL, GpuInfo
from app.core.memory.memory import GIB
from app.core.memory.memory_room import DeviceRoom
from app.core.memory.parallel import RAM_DEVICE, gpu_device
from app.core.states import ALIVE, EngineKind
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


# Direct translate("GpuPanel", "…") calls: lupdate reads only literal arguments.
translate = QCoreApplication.translate


def room_text(room: DeviceRoom) -> str:
    """ "Models may use 18.0 GiB now: …", both numbers (the budget and what other programs
    or the host leave), and which one decides."""
    room_now, budget = format_bytes(room.room), format_bytes(room.budget)
    if room.binding == "host":
        return translate(
            "GpuPanel",
            "Models may use {room} now, not all {budget}: without swapping, the computer can "
            "spare only that ({available} of RAM available, {reserve} kept for the system).",
        ).format(
            room=room_now,
            budget=budget,
            available=format_bytes(room.host_available),
            reserve=format_bytes(room.reserve),
        )
    if room.binding == "others":
        return translate(
            "GpuPanel", "Models may use {room} now, not all {budget}: other programs hold {others}."
        ).format(room=room_now, budget=budget, others=format_bytes(room.others))
    if room.host_limit is not None:
        return translate(
            "GpuPanel",
            "Models may use {room} now; the computer could spare {host} without swapping "
            "({available} of RAM available, {reserve} kept for the system).",
        ).format(
            room=room_now,
            host=format_bytes(room.host_limit),
            available=format_bytes(room.host_available),
            reserve=format_bytes(room.reserve),
        )
    return translate("GpuPanel", "Models may use {room} now.").format(room=room_now)


class GpuSection(QWidget):
    """One GPU: name and kind, VRAM (and GTT on an APU) bars, its plot, the room models have."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name_label = QLabel()
        self.name_label.setTextFormat(Qt.TextFormat.PlainText)
        font = self.name_label.font()
        font.setBold(True)
        self.name_label.setFont(font)
        self.name_label.setWordWrap(True)
        self.detail_label = QLabel()
        self.detail_label.setWordWrap(True)
        self.vram_bar = _bar(self.tr("VRAM in use"))
        self.gtt_bar = _bar(self.tr("GTT (shared system memory) in use"))
        self.vram_caption = QLabel(self.tr("VRAM"))
        self.gtt_caption = QLabel(self.tr("GTT"))
        self.legend = QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.plot = MemoryPlot()
        self.room_label = QLabel()
        self.room_label.setWordWrap(True)
        self.room_label.setTextFormat(Qt.TextFormat.PlainText)
        self.room_label.hide()
        bars = QFormLayout()
        bars.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        bars.addRow(self.vram_caption, self.vram_bar)
        bars.addRow(self.gtt_caption, self.gtt_bar)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.name_label)
        layout.addWidget(self.detail_label)
        layout.addLayout(bars)
        layout.addWidget(self.room_label)
        layout.addWidget(self.plot)
        layout.addWidget(self.legend)
        self._apu = False

    def show_gpu(self, gpu: GpuInfo | None) -> None:
        for widget in (self.vram_bar, self.vram_caption, self.plot, self.legend):
            widget.setVisible(gpu is not None)
        if gpu is None:
            self.name_label.setText(self.tr("No GPU found"))
            self.detail_label.setText(self.tr("Models run on the CPU build of vLLM, slowly."))
            self.gtt_bar.hide()
            self.gtt_caption.hide()
            return
        self._apu = gpu.apu
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
        legend = (
            self.tr("{vram_swatch} VRAM &nbsp; {gtt_swatch} GTT")
            if gpu.apu
            else self.tr("{vram_swatch} VRAM")
        )
        self.legend.setText(
            legend.format(
                vram_swatch=f"<span style='color:{vram.name()}'>■</span>",
                gtt_swatch=f"<span style='color:{gtt.name()}'>■</span>",
            )
        )

    def show_samples(self, samples: Sequence[GpuSampled]) -> None:
        if not samples:
            return
        latest = samples[-1]
        self._fill(self.vram_bar, latest.vram_used, latest.vram_total)
        self._fill(self.gtt_bar, latest.gtt_used, latest.gtt_total)
        self.plot.set_samples(list(samples), show_gtt=self._apu)

    def show_room(self, room: DeviceRoom | None) -> None:
        self.room_label.setVisible(room is not None)
        if room is not None:
            self.room_label.setText(room_text(room))

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


def _bar(accessible: str) -> ElidedProgressBar:
    bar = ElidedProgressBar()
    bar.setRange(0, BAR_STEPS)
    bar.setTextVisible(True)
    bar.setAccessibleName(accessible)
    return bar


class GpuPanel(QGroupBox):
    """Reads the AppStore; updates on every GPU sample, memory reading and model change.

    One section per GPU the app detects, the primary first; the first section's widgets are
    also the panel's own (`name_label`, `vram_bar`, …) for the primary GPU.
    """

    def __init__(self, store: AppStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._store = store
        self.setTitle(self.tr("GPU"))
        self.sections: list[GpuSection] = []
        self.ram_label = QLabel()
        self.ram_label.setWordWrap(True)
        self.ram_label.setTextFormat(Qt.TextFormat.PlainText)
        self.models_label = QLabel()
        self.models_label.setWordWrap(True)
        self.models_label.setTextFormat(Qt.TextFormat.PlainText)
        self.prereq_label = QLabel()
        self.prereq_label.setWordWrap(True)
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.problems_label.setTextFormat(Qt.TextFormat.PlainText)
        self.problems_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._sections_layout = QVBoxLayout()
        layout = QVBoxLayout(self)
        layout.addLayout(self._sections_layout)
        layout.addWidget(self.ram_label)
        layout.addWidget(self.models_label)
        layout.addWidget(self.prereq_label)
        layout.addWidget(self.problems_label)
        layout.addStretch(1)
        self._set_section_count(1)

        store.gpu_sampled.connect(self._on_store_gpu_sampled)
        store.memory_room_sampled.connect(self._on_store_memory_room_sampled)
        store.models_reset.connect(self._update_models)
        store.model_changed.connect(self._update_models)
        store.engine_changed.connect(self.refresh)
        self.refresh()

    # The primary GPU's widgets, as the panel had them before it showed every GPU.
    @property
    def name_label(self) -> QLabel:
        return self.sections[0].name_label

    @property
    def detail_label(self) -> QLabel:
        return self.sections[0].detail_label

    @property
    def vram_bar(self) -> ElidedProgressBar:
        return self.sections[0].vram_bar

    @property
    def gtt_bar(self) -> ElidedProgressBar:
        return self.sections[0].gtt_bar

    @property
    def plot(self) -> MemoryPlot:
        return self.sections[0].plot

    def _set_section_count(self, n: int) -> None:
        while len(self.sections) < n:
            section = GpuSection()
            self.sections.append(section)
            self._sections_layout.addWidget(section)
        while len(self.sections) > max(n, 1):
            self.sections.pop().deleteLater()

    def refresh(self) -> None:
        system = self._store.system
        gpus = system.gpus if system is not None else ()
        self._set_section_count(len(gpus))
        if not gpus:
            self.sections[0].show_gpu(None)
        for index, gpu in enumerate(gpus):
            section = self.sections[index]
            section.show_gpu(gpu)
            samples = self._store.gpu_samples(index)
            if not samples:
                samples = [GpuSampled(gpu.vram_used, gpu.vram_total, gpu.gtt_used, gpu.gtt_total)]
            section.show_samples(samples)
        self._update_prereq()
        problems = system.problems if system is not None else ()
        engine = self._store.engine
        if engine is not None and engine.kind != EngineKind.ROCM:
            # "No ROCm engine for this GPU: use the CPU engine or a custom engine" is advice
            # already taken when one of those runs the models.
            problems = tuple(p for p in problems if p.code != "engine.unsupported_gpu")
        self.problems_label.setText("\n\n".join("⚠ " + problem_text(p) for p in problems))
        self.problems_label.setVisible(bool(problems))
        self._show_rooms(self._store.memory_room)
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
                self.tr(
                    "⚠ Kernel prerequisite for {target}: missing. Update to Linux {required} or "
                    "newer before loading models on the GPU."
                ).format(target=gpu.gfx_target, required=GFX1151_PREREQ_KERNEL)
            )

    def _on_store_gpu_sampled(self, sample: GpuSampled) -> None:
        if sample.index < len(self.sections):
            self.sections[sample.index].show_samples(self._store.gpu_samples(sample.index))

    def _on_store_memory_room_sampled(self, reading: MemoryRoomSampled) -> None:
        self._show_rooms(reading)

    def _show_rooms(self, reading: MemoryRoomSampled | None) -> None:
        system = self._store.system
        gpus = system.gpus if system is not None else ()
        for index, section in enumerate(self.sections[: len(gpus)]):
            section.show_room(reading.room(gpu_device(index)) if reading is not None else None)
        if reading is None or reading.ram_available is None:
            self.ram_label.hide()
            return
        text = self.tr("RAM: {available} available of {total}").format(
            available=format_bytes(reading.ram_available), total=format_bytes(reading.ram_total)
        )
        ram = reading.room(RAM_DEVICE)
        # Models run in RAM with the CPU engine; say then what they may take of it.
        if ram is not None and not any(r.device != RAM_DEVICE for r in reading.rooms):
            text += "\n" + room_text(ram)
        self.ram_label.setText(text)
        self.ram_label.show()

    def _update_models(self, model_id: str | None = None) -> None:
        del model_id
        lines = []
        for row in self._store.rows:
            if row.process not in ALIVE:
                continue
            # A user's model has no catalog size: what it holds on disk is its weights.
            size = format_gb(row.size_gb) if row.size_gb else format_bytes(row.bytes_on_disk)
            kv = kv_cache_text(row)
            line = (
                self.tr("{name}: weights {size} · {kv}")
                if kv
                else self.tr("{name}: weights {size}")
            )
            lines.append(line.format(name=row.name, size=size, kv=kv))
        if lines:
            self.models_label.setText(self.tr("Models in memory") + "\n" + "\n".join(lines))
        else:
            self.models_label.setText(self.tr("No model is loaded."))
