"""The "Add model…" dialog: search Hugging Face (app/gui/search/model_search.py), or name a
repository or a local folder."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.core.models.registry import USER_PREFIX, parse_checkpoint, validate_name
from app.core.problems.problems import Problem, ProblemError
from app.gui.commands import CommandFailed, FailureReporter, async_slot, call
from app.gui.forms import buddy_label
from app.gui.i18n import problem_text
from app.gui.model_actions import download_model
from app.gui.search.model_search import ModelSearchPanel
from app.gui.store import AppStore
from app.gui.theme import error_color, set_text_color
from app.gui.window_state import track
from app.runtime.api.services import Facade

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def suggested_name(checkpoint: str) -> str:
    """ "Qwen/Qwen3-4B:main" → "Qwen3-4B"; "/models/my llama" → "my-llama"."""
    text = checkpoint.strip().rstrip("/")
    if not text:
        return ""
    base = text.rsplit("/", 1)[-1].split(":", 1)[0]
    return _UNSAFE.sub("-", base).strip("-._")[:128]


class AddModelDialog(QDialog):
    """Registers a user model (`models.add_user_model`); optionally starts its download.
    Its first tab finds one on Hugging Face and downloads it in one click."""

    added = Signal(str)  # model id

    def __init__(
        self,
        facade: Facade,
        store: AppStore,
        failures: FailureReporter,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self._failures = failures
        self._name_edited = False
        self.setWindowTitle(self.tr("Add a model"))
        track(self, "add-model")

        self.from_hub = QRadioButton(self.tr("From &Hugging Face"))
        self.from_folder = QRadioButton(self.tr("From a local &folder"))
        self.from_hub.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.from_hub)
        group.addButton(self.from_folder)
        self.repo = QLineEdit()
        self.repo.setPlaceholderText(self.tr("organisation/model, e.g. Qwen/Qwen3-4B"))
        self.repo.setAccessibleName(self.tr("Hugging Face repository"))
        self.folder = QLineEdit()
        self.folder.setPlaceholderText(self.tr("/path/to/a/folder/with/config.json"))
        self.folder.setAccessibleName(self.tr("Local folder"))
        self.browse = QPushButton(self.tr("&Browse…"))
        self.browse.clicked.connect(self._on_browse_clicked)
        self.name = QLineEdit()
        self.name.setPlaceholderText(self.tr("how clients address it"))
        self.name_hint = QLabel()
        self.labels = QLineEdit()
        self.labels.setPlaceholderText(self.tr("e.g. chat, tool-calling (optional)"))
        self.download_now = QCheckBox(self.tr("&Download it now"))
        self.download_now.setChecked(True)
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        self.problem_label.setTextFormat(Qt.TextFormat.PlainText)
        set_text_color(self.problem_label, error_color(self.palette()))
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("&Add"))
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)

        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(self.browse)
        form = self.form = QFormLayout()
        form.addRow(self.from_hub)
        form.addRow(buddy_label(self.tr("&Repository:"), self.repo), self.repo)
        form.addRow(self.from_folder)
        # A row whose field is a layout gets no buddy from addRow: its "&" would show.
        form.addRow(buddy_label(self.tr("F&older:"), self.folder), folder_row)
        form.addRow(buddy_label(self.tr("&Name:"), self.name), self.name)
        form.addRow("", self.name_hint)
        form.addRow(buddy_label(self.tr("&Labels:"), self.labels), self.labels)
        form.addRow("", self.download_now)
        by_name = QWidget()
        by_name_layout = QVBoxLayout(by_name)
        by_name_layout.addLayout(form)
        by_name_layout.addWidget(self.problem_label)
        by_name_layout.addStretch(1)
        self.search = ModelSearchPanel(facade)
        self.search.added.connect(self._on_search_added)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.search, self.tr("&Search Hugging Face"))
        self.tabs.addTab(by_name, self.tr("By &repository or folder"))
        self.tabs.currentChanged.connect(lambda _i: self._update())
        self.tabs.currentChanged.connect(lambda _i: self._focus_first_field())
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(520)
        self.resize(1240, 640)

        self.from_hub.toggled.connect(self._on_source_changed)
        self.repo.textChanged.connect(self._on_source_changed)
        self.folder.textChanged.connect(self._on_source_changed)
        self.name.textEdited.connect(self._on_name_edited)
        self.name.textChanged.connect(self._update)
        self._update()
        self._focus_first_field()

    def _focus_first_field(self) -> None:
        """The cursor starts where everyone types first — the search, or the repository —
        not on the tab bar or the radio button above it (Qt's first in the tab order)."""
        if self.tabs.currentWidget() is self.search:
            self.search.query.setFocus()
        else:
            self.repo.setFocus()

    def show_by_name(self) -> None:
        """The tab for a repository id or a folder the user knows already."""
        self.tabs.setCurrentIndex(1)

    def checkpoint(self) -> str:
        return (self.repo if self.from_hub.isChecked() else self.folder).text().strip()

    def validation_problem(self) -> Problem | None:
        """The first thing wrong with the input, checked with the registry's own rules."""
        try:
            if self.checkpoint():
                parse_checkpoint(self.checkpoint())
            if self.name.text():
                validate_name(self.name.text().strip())
        except ProblemError as exc:
            return exc.problem
        return None

    def _on_source_changed(self, _value: object = None) -> None:
        if not self._name_edited:
            self.name.setText(suggested_name(self.checkpoint()))
        self._update()

    def _on_name_edited(self, text: str) -> None:
        self._name_edited = bool(text)

    def _update(self) -> None:
        hub = self.from_hub.isChecked()
        self.repo.setEnabled(hub)
        self.folder.setEnabled(not hub)
        self.browse.setEnabled(not hub)
        self.download_now.setEnabled(hub)
        name = self.name.text().strip()
        self.name_hint.setText(
            self.tr("Clients will ask for {model_id}").format(model_id=USER_PREFIX + name)
            if name
            else ""
        )
        problem = self.validation_problem()
        self.problem_label.setText(problem_text(problem) if problem else "")
        self.problem_label.setVisible(problem is not None)
        self.ok_button.setEnabled(problem is None and bool(self.checkpoint()) and bool(name))
        # The search tab has its own Download button.
        self.ok_button.setVisible(self.tabs.currentWidget() is not self.search)

    def _on_browse_clicked(self) -> None:
        # open() rather than the static getExistingDirectory(): no nested event loop.
        picker = QFileDialog(self, self.tr("Choose the model folder"))
        picker.setFileMode(QFileDialog.FileMode.Directory)
        picker.setOption(QFileDialog.Option.ShowDirsOnly, True)
        if self.folder.text():
            picker.setDirectory(str(Path(self.folder.text()).expanduser()))
        picker.fileSelected.connect(self.folder.setText)
        self.picker = picker
        picker.open()

    def _on_search_added(self, model_id: str) -> None:
        self.added.emit(model_id)
        self.accept()

    @async_slot()
    async def submit(self) -> None:
        self._update()
        if not self.ok_button.isEnabled() or self.tabs.currentWidget() is self.search:
            return
        labels = [p.strip() for p in self.labels.text().split(",") if p.strip()]
        name, checkpoint = self.name.text().strip(), self.checkpoint()
        self.ok_button.setEnabled(False)
        try:
            entry = await call(
                self._facade.submit(lambda s: s.models.add_user_model(name, checkpoint, labels))
            )
        except CommandFailed as failure:
            self.problem_label.setText(failure.text)
            self.problem_label.show()
            self.ok_button.setEnabled(True)
            return
        download = self.from_hub.isChecked() and self.download_now.isChecked()
        self.added.emit(entry.id)
        self.accept()
        if download:
            await download_model(self._facade, self._store, self._failures, entry.id)
