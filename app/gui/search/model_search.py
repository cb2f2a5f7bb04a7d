"""Search Hugging Face as you type, see what each result needs here, download one.

The Add model dialog's first tab. Every query goes through the search service on the
runtime loop (app.runtime.search.search): typing waits for a pause (DEBOUNCE_MS), a new
query cancels the one before (its search and its details fetches), and the details of the
results arrive a few at a time and fill their rows in.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QItemSelection, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.core.problems.problems import Problem
from app.core.search.hub_search import SearchQuery, SearchSort
from app.gui.commands import CommandFailed, async_slot, call, tasks_of
from app.gui.delegates import CellDelegate
from app.gui.i18n import format_bytes, problem_text
from app.gui.search.search_results import (
    REPO_ROLE,
    SearchColumn,
    SearchResultsModel,
    cannot_run,
    fit_detail,
    loadable,
    support_text,
)
from app.gui.streams import gui_sink, relay
from app.gui.theme import error_color, set_text_color
from app.runtime.api.services import Facade
from app.runtime.api.values import ModelDetails

DEBOUNCE_MS = 350  # typing faster than this is one query
MIN_QUERY = 2  # one letter matches half the hub


class ModelSearchPanel(QWidget):
    """Query, order, results and the Download button; `added(model_id)` once one is
    registered and its download started."""

    added = Signal(str)

    def __init__(self, facade: Facade, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._facade = facade
        self._search: asyncio.Task[None] | None = None
        self.ask_box: QMessageBox | None = None  # "cannot run here: download anyway?"
        self.query = QLineEdit()
        self.query.setPlaceholderText(self.tr("Search Hugging Face, e.g. qwen3 0.6b"))
        self.query.setClearButtonEnabled(True)
        self.query.setAccessibleName(self.tr("Search Hugging Face"))
        self.sort = QComboBox()
        self.sort.setAccessibleName(self.tr("Order of the results"))
        for text, value in (
            (self.tr("Most downloaded"), SearchSort.DOWNLOADS),
            (self.tr("Most liked"), SearchSort.LIKES),
            (self.tr("Recently updated"), SearchSort.RECENT),
        ):
            self.sort.addItem(text, value)
        self.status = QLabel(self.tr("Type a model's name to search Hugging Face."))
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.results = SearchResultsModel(self.palette(), self)
        self.table = QTableView()
        self.table.setModel(self.results)
        self.table.setItemDelegate(CellDelegate(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.setAccessibleName(self.tr("Search results"))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.resizeSection(SearchColumn.MODEL, 250)
        header.resizeSection(SearchColumn.FIT, 150)
        header.resizeSection(SearchColumn.SIZE, 150)
        header.resizeSection(SearchColumn.ARCHITECTURE, 230)
        for column in SearchColumn:  # no title cut off, in any language (scripts/text_fit.py)
            wanted = header.sectionSizeFromContents(column).width()
            header.resizeSection(column, max(header.sectionSize(column), wanted))
        header.setStretchLastSection(True)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        set_text_color(self.problem, error_color(self.palette()))
        self.problem.hide()
        self.download = QPushButton(self.tr("&Download"))
        self.download.setToolTip(self.tr("Add the selected model to your models and download it"))
        self.download.setEnabled(False)

        row = QHBoxLayout()
        row.addWidget(self.query, 1)
        row.addWidget(self.sort)
        bottom = QHBoxLayout()
        bottom.addWidget(self.detail, 1)
        bottom.addWidget(self.download, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)
        layout.addWidget(self.problem)

        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEBOUNCE_MS)
        self._debounce.timeout.connect(self.search_now)
        self.query.textChanged.connect(self._on_query_text_changed)
        self.query.returnPressed.connect(self.search_now)
        self.sort.currentIndexChanged.connect(self.search_now)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.results.dataChanged.connect(self._update_selected)
        self.table.doubleClicked.connect(lambda _i: self.download.click())
        self.download.clicked.connect(self._on_download_clicked)

    # -- searching ------------------------------------------------------------------------
    def _on_query_text_changed(self, _text: str) -> None:
        self._debounce.start()

    def search_now(self) -> None:
        """Search for the query as it is now, dropping any search still on its way."""
        self._debounce.stop()
        if self._search is not None:
            self._search.cancel()
        text = self.query.text().strip()
        if len(text) < MIN_QUERY:
            self._search = None
            self.results.set_results([])
            self.status.setText(self.tr("Type a model's name to search Hugging Face."))
            self._update_selected()
            return
        query = SearchQuery(text=text, sort=SearchSort(self.sort.currentData()))
        self.status.setText(self.tr("Searching for “{query}”…").format(query=text))
        self._search = tasks_of(self).start(self._run(query))

    async def _run(self, query: SearchQuery) -> None:
        try:
            found = await call(self._facade.submit(lambda s: s.search.search(query)))
        except CommandFailed as failure:
            # Offline, the hub down: one sentence in place of the results.
            self.results.set_results([])
            self.status.setText(failure.text)
            self._update_selected()
            return
        results = found.results
        self.results.set_results(results)
        skipped = found.skipped
        if not results:
            text = (
                self.tr(
                    "No text-generation model matches “{query}”. %n result(s) from Hugging Face "
                    "could not be read and are left out.",
                    "",
                    skipped,
                )
                if skipped
                else self.tr("No text-generation model matches “{query}”.")
            )
            self.status.setText(text.format(query=query.text))
            return
        text = (
            self.tr(
                "{count} models. Select one to see what it needs; sizes and fit are read from "
                "each repository. %n result(s) from Hugging Face could not be read and are left "
                "out.",
                "",
                skipped,
            )
            if skipped
            else self.tr(
                "{count} models. Select one to see what it needs; sizes and fit are read from "
                "each repository."
            )
        )
        self.status.setText(text.format(count=len(results)))
        if self.table.selectionModel().selectedRows() == []:
            self.table.selectRow(0)
        missing = [r.model.repo_id for r in results if r.details is None]
        if missing:
            sink = gui_sink(self._on_details, self)
            await call(self._facade.submit(lambda s: relay(s.search.details_many(missing), sink)))

    def _on_details(self, item: tuple[str, ModelDetails | Problem]) -> None:
        self.results.set_details(*item)

    # -- the selected result ----------------------------------------------------------------
    def _on_selection_changed(self, selected: QItemSelection, deselected: QItemSelection) -> None:
        del selected, deselected
        self.problem.hide()
        self._update_selected()

    def selected_repo(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].data(REPO_ROLE) if rows else None

    def _update_selected(self, *_args: object) -> None:
        repo = self.selected_repo()
        found = self.results.found.get(repo) if repo is not None else None
        self.download.setEnabled(loadable(found))
        self.detail.setText(self._detail_text(repo, found))

    def _detail_text(self, repo: str | None, found: ModelDetails | Problem | None) -> str:
        if repo is None:
            return ""
        if isinstance(found, Problem):
            return problem_text(found)
        if found is None:
            return self.tr("Reading {repo}'s files…").format(repo=repo)
        lines = [fit_detail(found), support_text(found)]
        if found.problem is not None:
            lines.append(problem_text(found.problem))  # a gated repo: what to do
        if found.family_args:
            lines.append(
                self.tr("Starts with {args} (its family's arguments).").format(
                    args=" ".join(found.family_args)
                )
            )
        if found.registered_as is not None:
            lines.append(self.tr("Already in your models as {model}.").format(
                model=found.registered_as
            ))  # fmt: skip
        return "\n".join(lines)

    # -- adding ------------------------------------------------------------------------------
    def _on_download_clicked(self) -> None:
        repo = self.selected_repo()
        if repo is None or not self.download.isEnabled():
            return
        found = self.results.found.get(repo)
        why = cannot_run(found)
        if why is None:
            self._download(repo)
            return
        size = found.download_bytes if isinstance(found, ModelDetails) else 0
        self.ask_box = self._ask_cannot_run(repo, problem_text(why), size)

    def _ask_cannot_run(self, repo: str, why: str, size: int) -> QMessageBox:
        """Window-modal (`open()`), Cancel the default: nothing is fetched unless the user
        chooses to download a model that cannot run here (issue 32 item 1)."""
        box = QMessageBox(self.window())
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("Download {repo}?").format(repo=repo))
        box.setTextFormat(Qt.TextFormat.PlainText)  # the architecture's name is the hub's text
        box.setText(
            why
            + "\n\n"
            + self.tr("Download its files ({size}) anyway?").format(size=format_bytes(size))
        )
        anyway = box.addButton(self.tr("Download &anyway"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.finished.connect(lambda _r: self._on_ask_finished(box.clickedButton() is anyway, repo))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def _on_ask_finished(self, confirmed: bool, repo: str) -> None:
        self.ask_box = None
        if confirmed and self.selected_repo() == repo and self.download.isEnabled():
            self._download(repo)

    @async_slot(str)
    async def _download(self, repo: str) -> None:
        self.download.setEnabled(False)
        self.problem.hide()
        try:
            added = await call(self._facade.submit(lambda s: s.search.add(repo)))
        except CommandFailed as failure:
            self.problem.setText(failure.text)
            self.problem.show()
            self._update_selected()
            return
        self.added.emit(added.model_id)
