"""The main window's banner for the selected model's failed load or download, with Retry."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Signal

from app.core.problems.problems import Problem
from app.core.states import FAILED
from app.gui.commands import FailureReporter, async_slot
from app.gui.diagnosis import DiagnosisBanner
from app.gui.model_actions import download_model, load_model
from app.gui.model_failures import failure_count_text, failure_title
from app.gui.model_state import download_failed
from app.gui.store import AppStore
from app.runtime.api.services import Facade

# Direct translate("MainWindow", "…") calls with literals, which lupdate reads: the main
# window's sentences, in its context.
translate = QCoreApplication.translate


class SelectedFailure(QObject):
    """Shows the selected model's failure on `banner`; gone by itself once it is gone."""

    said = Signal(str)  # a sentence for the status bar

    def __init__(
        self,
        banner: DiagnosisBanner,
        facade: Facade,
        store: AppStore,
        failures: FailureReporter,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.banner = banner
        self._facade = facade
        self._store = store
        self._failures = failures
        # The problem the user dismissed for each model: not shown again until it changes.
        self._dismissed: dict[str, Problem | None] = {}
        banner.retry_requested.connect(self._on_retry_requested)
        banner.dismissed.connect(self._on_dismissed)

    def follow(self, model_id: str | None) -> None:
        """Show `model_id`'s failure unless dismissed, or nothing."""
        row = self._store.row(model_id) if model_id is not None else None
        failed = row is not None and row.process in FAILED
        download = row is not None and download_failed(row)
        if row is None or not (failed or download):
            if row is not None:
                self._dismissed.pop(row.id, None)
            self.banner.clear()
            return
        if row.id in self._dismissed and self._dismissed[row.id] == row.problem:
            self.banner.clear()
            return
        self._dismissed.pop(row.id, None)
        if failed:
            self.banner.show_problem(
                row.id,
                failure_title(row),
                row.problem,
                retry_text=translate("MainWindow", "&Load again"),
                detail=failure_count_text(row),
            )
        else:
            self.banner.show_problem(
                row.id,
                translate("MainWindow", "The download of {name} failed").format(name=row.name),
                row.problem,
                with_log=False,
                retry_text=translate("MainWindow", "&Retry download"),
            )

    def _on_dismissed(self, model_id: str) -> None:
        row = self._store.row(model_id)
        self._dismissed[model_id] = row.problem if row is not None else None

    @async_slot(str)
    async def _on_retry_requested(self, model_id: str) -> None:
        row = self._store.row(model_id)
        if row is None:
            return
        if row.process in FAILED:
            self.said.emit(translate("MainWindow", "Loading {name}…").format(name=row.name))
            await load_model(self._facade, self._store, self._failures, model_id)
        elif download_failed(row):
            started = translate("MainWindow", "Download of {name} started.")
            self.said.emit(started.format(name=row.name))
            await download_model(self._facade, self._store, self._failures, model_id)
