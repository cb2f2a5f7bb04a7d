"""A model's GPU options in its settings dialog: tensor and pipeline parallel sizes, the GPUs
it runs on, the machine's GPUs, and where the engine would place it with what memory."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QFormLayout, QLabel

from app.core.memory.gpu import SystemInfo
from app.core.memory.parallel import (
    GPUS_OPTION,
    PP_FLAG,
    PP_OPTION,
    RAM_DEVICE,
    TP_FLAG,
    TP_OPTION,
    gpu_device,
    parse_gpus,
    parse_parallel_size,
)
from app.core.problems.problems import ProblemError
from app.gui.forms import ParsedField, buddy_label, wrap
from app.gui.i18n import format_bytes

if TYPE_CHECKING:
    from app.runtime.api.snapshot import OptionsPreview

OPTIONS = (TP_OPTION, PP_OPTION, GPUS_OPTION)


def gpus_text(gpus: Sequence[int] | None) -> str:
    """GPU numbers as a person types them ("0,1"); "" for "the app chooses"."""
    return ",".join(str(i) for i in gpus) if gpus is not None else ""


def size_text(size: int | None) -> str:
    return str(size) if size is not None else ""


class GpuOptions(QObject):
    """Three fields, each checked as it is typed by the rules the CLI uses
    (app.core.memory.parallel); the engine's preview checks them against the machine and each
    other, and its refusal is shown at the field it names (`refuse`). Its rows go into the
    dialog's form (`add_rows`), so that their labels line up with the others'."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tensor = ParsedField(
            lambda text: parse_parallel_size(TP_OPTION, text),
            placeholder="1",
            numeric=True,
            unit=self.tr("GPUs share each layer"),
            label=self.tr("Tensor parallel size"),
        )
        self.tensor.edit.setToolTip(
            self.tr(
                "Split every layer across this many GPUs (vLLM's {flag}); empty: 1. "
                "Stored as tensor_parallel_size."
            ).format(flag=TP_FLAG)
        )
        self.pipeline = ParsedField(
            lambda text: parse_parallel_size(PP_OPTION, text),
            placeholder="1",
            numeric=True,
            unit=self.tr("stages, one GPU each"),
            label=self.tr("Pipeline parallel size"),
        )
        self.pipeline.edit.setToolTip(
            self.tr(
                "Split the layers into this many stages, one per GPU (vLLM's {flag}); "
                "empty: 1. Stored as pipeline_parallel_size."
            ).format(flag=PP_FLAG)
        )
        self.gpus = ParsedField(
            parse_gpus,
            placeholder=self.tr("chosen by the app, e.g. 0,1"),
            label=self.tr("GPUs"),
        )
        self.gpus.edit.setToolTip(
            self.tr(
                "The GPUs this model runs on, by their numbers below, the first one first; "
                "empty: the app chooses. Stored as gpus."
            )
        )
        self.fields = {TP_OPTION: self.tensor, PP_OPTION: self.pipeline, GPUS_OPTION: self.gpus}
        self.machine_label = wrap(QLabel())
        self.machine_label.setTextFormat(Qt.TextFormat.PlainText)
        self.placement_label = wrap(QLabel())
        self.placement_label.setTextFormat(Qt.TextFormat.PlainText)
        self.placement_label.hide()
        for field in self.fields.values():
            field.changed.connect(self.changed)

    def add_rows(self, form: QFormLayout) -> None:
        form.addRow(buddy_label(self.tr("&Tensor parallel size:"), self.tensor.edit), self.tensor)
        form.addRow(
            buddy_label(self.tr("&Pipeline parallel size:"), self.pipeline.edit), self.pipeline
        )
        form.addRow(buddy_label(self.tr("&GPUs:"), self.gpus.edit), self.gpus)
        form.addRow("", self.machine_label)
        form.addRow("", self.placement_label)

    def set_enabled(self, enabled: bool) -> None:
        for field in self.fields.values():
            field.setEnabled(enabled)

    # -- values ---------------------------------------------------------------------------
    def set_values(
        self,
        tensor_parallel_size: int | None,
        pipeline_parallel_size: int | None,
        gpus: Sequence[int] | None,
    ) -> None:
        self.tensor.edit.setText(size_text(tensor_parallel_size))
        self.pipeline.edit.setText(size_text(pipeline_parallel_size))
        self.gpus.edit.setText(gpus_text(gpus))

    def problems(self) -> list[str]:
        """The sentences of the fields' own rules and of the engine's refusal."""
        return [text for field in self.fields.values() if (text := field.problem())]

    def valid_locally(self) -> bool:
        """Every field's text follows its own rule (the engine may still refuse the mix)."""
        for field in self.fields.values():
            try:
                field.parsed()
            except ProblemError:
                return False
        return True

    def values(self) -> tuple[int | None, int | None, tuple[int, ...] | None]:
        """(tensor_parallel_size, pipeline_parallel_size, gpus); None where the default
        applies. Call only when `valid_locally()`."""
        return self.tensor.parsed(), self.pipeline.parsed(), self.gpus.parsed()

    def refuse(self, option: str | None, text: str) -> None:
        """Show the engine's refusal at the field it names; clear the others' (a change in
        one field can make another's refusal go away)."""
        for name, field in self.fields.items():
            field.refuse(text if name == option else "")

    # -- what the machine has and where the model would run -------------------------------
    def show_machine(self, system: SystemInfo | None) -> None:
        gpus = system.gpus if system is not None else ()
        if not gpus:
            self.machine_label.setText(
                self.tr(
                    "No GPU was found on this machine. The CPU engine ignores these; with "
                    "your own vLLM command leave GPUs empty: it finds its GPUs itself."
                )
            )
            return
        lines = [
            self.tr("GPU {index}: {name}, {memory}").format(
                index=index, name=gpu.name, memory=format_bytes(gpu.budget_total)
            )
            for index, gpu in enumerate(gpus)
        ]
        self.machine_label.setText(self.tr("This machine's GPUs:") + "\n" + "\n".join(lines))

    def show_placement(self, preview: OptionsPreview | None) -> None:
        """Where the engine would run the model and what it would reserve on each device."""
        if preview is None or not preview.planned:
            self.placement_label.hide()
            return
        if not preview.effective_gpus:
            ram = preview.planned.get(RAM_DEVICE)
            text = self.tr("It runs in system memory and would reserve {memory}.").format(
                memory=format_bytes(ram)
            )
        else:
            parts = [
                self.tr("{memory} on GPU {index}").format(
                    index=index, memory=format_bytes(preview.planned.get(gpu_device(index)))
                )
                for index in preview.effective_gpus
            ]
            text = self.tr("It would reserve {parts}.").format(parts=", ".join(parts))
        self.placement_label.setText(text)
        self.placement_label.show()
