"""The model dialog's "start fast / serve fast" choice, the option `optimize`."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from app.core.models.optimize import CHOICES, Optimize


class OptimizeChoice(QComboBox):
    """Engine default, start fast (vLLM's -O0) or serve fast (-O3)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.addItem(self.tr("Engine default"), None)
        self.addItem(self.tr("Start fast: loads fastest, serves slower (-O0)"), "start")
        self.addItem(self.tr("Serve fast: answers fastest, loads slower (-O3)"), "serve")
        self.setToolTip(
            self.tr(
                "How vLLM starts this model. Start fast compiles nothing (and on the CPU "
                "engine runs in one process fewer): a load takes about half as long, "
                "requests are answered more slowly. Serve fast compiles and captures "
                "everything it can."
            )
        )
        self.setAccessibleName(self.tr("Optimize for"))

    def value(self) -> Optimize | None:
        data = self.currentData()
        return next((choice for choice in CHOICES if choice == data), None)

    def set_value(self, value: Optimize | None) -> None:
        self.setCurrentIndex(max(0, self.findData(value)))
