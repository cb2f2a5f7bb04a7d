"""The window's Delete: the question that says what will go, then the one use case."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from app.gui.commands import CommandFailed, FailureReporter, async_slot, call
from app.gui.i18n import format_bytes
from app.gui.store import AppStore
from app.runtime.api.services import Facade
from app.runtime.api.snapshot import ModelRow


class DeleteQuestion(QObject):
    """Asks (window-modal, `open()`) before `ModelService.delete`, naming what goes and which
    other models share the files (issue 32 item 3)."""

    deleted = Signal()

    def __init__(
        self, facade: Facade, store: AppStore, failures: FailureReporter, parent: QWidget
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self._failures = failures
        self._window = parent

    def ask(self, model_id: str) -> QMessageBox | None:
        row = self._store.row(model_id)
        if row is None:
            return None
        box = QMessageBox(self._window)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("Delete {name}?").format(name=row.name))
        box.setTextFormat(Qt.TextFormat.PlainText)  # names and paths are the user's text
        box.setText(self.question(row))
        delete = box.addButton(self.tr("&Delete"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.finished.connect(
            lambda _r: self._on_box_finished(box.clickedButton() is delete, model_id)
        )
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def question(self, row: ModelRow) -> str:
        """What Delete will do: a built-in's shared files go for the other models too; a model
        of your own leaves them to the others."""
        size = format_bytes(row.bytes_on_disk) if row.bytes_on_disk else "?"
        others = ", ".join(row.shares_files_with)
        shared = len(row.shares_files_with)
        if row.source == "builtin" and shared:
            return self.tr(
                "Delete the downloaded files of {name} ({size})? %n other model(s) use the same "
                "files and would need them downloaded again too: {others}.",
                "",
                shared,
            ).format(name=row.name, size=size, others=others)
        if row.source == "builtin":
            return self.tr(
                "Delete the downloaded files of {name} ({size})? You can download them again later."
            ).format(name=row.name, size=size)
        if row.file_state in ("local", "local_invalid"):
            return self.tr("Remove {name} from the list? Its folder stays where it is.").format(
                name=row.name
            )
        if shared:
            return self.tr(
                "Remove {name} from the list? Its downloaded files stay: %n other model(s) use "
                "them: {others}.",
                "",
                shared,
            ).format(name=row.name, others=others)
        return self.tr("Remove {name} from the list and delete its downloaded files?").format(
            name=row.name
        )

    @async_slot(bool, str)
    async def _on_box_finished(self, confirmed: bool, model_id: str) -> None:
        if not confirmed or self._store.row(model_id) is None:
            return
        try:
            await call(self._facade.submit(lambda s: s.models.delete(model_id)))
            await self._store.refresh()
        except CommandFailed as failure:
            self._failures.report(failure)
            return
        self.deleted.emit()
