"""A check of a field that only the engine can make (the engine's --help, a port's owner),
asked once typing pauses; its sentence is shown at the field until the text changes."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

from PySide6.QtCore import QObject, QTimer, Signal

from app.core.problems.problems import Problem
from app.gui.commands import CommandFailed, call, tasks_of
from app.gui.forms import SettingField
from app.gui.i18n import problem_text

PAUSE_MS = 400


class FieldCheck(QObject):
    """`ask()` returns the engine's answer for the field's text now, or None when there is
    nothing to ask (the text breaks a rule of its own, or is what is stored). A late answer
    for a text since changed is dropped."""

    checked = Signal()  # a refusal was shown or taken back: the dialog's OK may change

    def __init__(
        self,
        field: SettingField,
        ask: Callable[[], Future[Problem | None] | None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._field = field
        self._ask = ask
        self._tasks = tasks_of(self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PAUSE_MS)
        self._timer.timeout.connect(self.check_now)
        field.changed.connect(self._timer.start)

    def check_now(self) -> None:
        self._timer.stop()
        future = self._ask()
        if future is not None:
            self._tasks.start(self._wait(self._field.text(), future))

    async def _wait(self, text: str, future: Future[Problem | None]) -> None:
        try:
            found = await call(future)
        except CommandFailed:
            return  # what cannot be checked is not refused (OK checks again)
        if self._field.text() != text:
            return
        self._field.refuse(problem_text(found) if found is not None else "")
        self.checked.emit()
