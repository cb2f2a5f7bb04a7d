"""The remote servers window: other vLLM servers whose models this endpoint serves as NAME/MODEL.

The form checks what is typed as it is typed (the rules `vllm-tray remote add` uses,
app.core.remotes.remotes): the sentence for a broken rule stands under its field and Add stays
disabled. Add asks the server for its models first; a server that does not answer is only
added after a second, explicit "Add anyway".
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from app.core.events import Event, RemotesChanged
from app.core.problems.problem_catalogue import PROBE_CODES
from app.core.problems.problems import ProblemError
from app.core.remotes.remotes import RemoteView, check_env_name, check_name, exists, normalize_url
from app.gui.bridge import EventBridge
from app.gui.commands import CommandFailed, async_slot, call
from app.gui.forms import buddy_label, set_text_row, text_columns, wrap
from app.gui.i18n import problem_text
from app.gui.theme import error_color, set_text_color
from app.gui.window_state import track
from app.runtime.api.services import Facade


class CheckedField(QWidget):
    """A line edit and, under it, the sentence for the rule its text breaks (hidden while
    the text is fine). `check` returns that sentence, or ""."""

    def __init__(self, check: Callable[[str], str], *, password: bool = False) -> None:
        super().__init__()
        self._check = check
        self.edit = QLineEdit()
        if password:
            self.edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.hint = wrap(QLabel())
        set_text_color(self.hint, error_color(self.palette()))
        self.hint.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.edit)
        layout.addWidget(self.hint)

    def text(self) -> str:
        return self.edit.text().strip()

    def problem(self) -> str:
        return self._check(self.text())

    def update_hint(self) -> None:
        text = self.problem()
        self.hint.setText(text)
        self.hint.setVisible(bool(text))


def _sentence(check: Callable[[str], object], text: str) -> str:
    """The sentence of the ProblemError `check(text)` raises, or ""."""
    try:
        check(text)
    except ProblemError as exc:
        return problem_text(exc.problem)
    return ""


class RemotesWindow(QWidget):
    """A top-level window (never modal): the remotes with their state; add, check, remove."""

    def __init__(
        self, facade: Facade, bridge: EventBridge | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self._facade = facade
        self._views: list[RemoteView] = []
        self._busy = False
        self._offer_force = False  # the last Add was refused by the server: "Add anyway"
        self.setWindowTitle(self.tr("Remote vLLM servers"))
        self.setObjectName("remotes-window")

        intro = wrap(
            QLabel(
                self.tr(
                    "The models of these servers are served through this endpoint too, "
                    "named NAME/MODEL. A server can be a vLLM server or another vLLM Tray."
                )
            )
        )
        self.table = QTableWidget()
        # Name, address, key and state whole; the models take the rest, each row as tall as
        # its list.
        text_columns(
            self.table,
            [
                self.tr("Name"),
                self.tr("Address"),
                self.tr("Key"),
                self.tr("State"),
                self.tr("Models"),
            ],
        )
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.check_button = QPushButton(self.tr("C&heck now"))
        self.check_button.clicked.connect(self._on_check_button_clicked)
        self.remove_button = QPushButton(self.tr("&Remove"))
        self.remove_button.clicked.connect(self._on_remove_button_clicked)
        list_buttons = QHBoxLayout()
        list_buttons.addStretch(1)
        list_buttons.addWidget(self.check_button)
        list_buttons.addWidget(self.remove_button)

        self.name = CheckedField(self._name_problem)
        self.name.edit.setPlaceholderText(self.tr("e.g. office"))
        self.url = CheckedField(lambda text: _sentence(normalize_url, text) if text else "")
        self.url.edit.setPlaceholderText(self.tr("e.g. http://192.168.1.20:8000"))
        self.key = CheckedField(lambda _text: "", password=True)
        self.key.edit.setPlaceholderText(self.tr("none"))
        self.key_env = CheckedField(self._env_problem)
        self.key_env.edit.setPlaceholderText(self.tr("for services: read from this variable"))
        for field in (self.name, self.url, self.key, self.key_env):
            field.edit.textChanged.connect(self._on_form_text_changed)
        form = QFormLayout()
        form.addRow(buddy_label(self.tr("&Name:"), self.name.edit), self.name)
        form.addRow(buddy_label(self.tr("&Address:"), self.url.edit), self.url)
        form.addRow(buddy_label(self.tr("API &key:"), self.key.edit), self.key)
        form.addRow(buddy_label(self.tr("or key from &variable:"), self.key_env.edit), self.key_env)
        self.add_button = QPushButton(self.tr("&Add"))
        self.add_button.clicked.connect(self._on_add_button_clicked)
        add_box = QGroupBox(self.tr("Add a server"))
        add_layout = QVBoxLayout(add_box)
        add_layout.addLayout(form)
        add_layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignRight)

        self.status = wrap(QLabel())
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addLayout(list_buttons)
        layout.addWidget(add_box)
        layout.addWidget(self.status)
        self.resize(720, 520)
        track(self, "remotes")

        if bridge is not None:
            bridge.event_received.connect(self._on_bridge_event_received)
        self._update_form()
        self.refresh()

    # -- the form -----------------------------------------------------------------------
    def _name_problem(self, text: str) -> str:
        if not text:
            return ""
        found = _sentence(check_name, text)
        if not found and text in (v.name for v in self._views):
            found = problem_text(exists(text).problem)
        return found

    def _env_problem(self, text: str) -> str:
        if not text:
            return ""
        if self.key.text():
            return self.tr("Give the key or a variable, not both.")
        return _sentence(check_env_name, text)

    def form_problems(self) -> list[str]:
        return [text for f in (self.name, self.url, self.key_env) if (text := f.problem())]

    def form_complete(self) -> bool:
        return bool(self.name.text() and self.url.text()) and not self.form_problems()

    def _update_form(self) -> None:
        for field in (self.name, self.url, self.key_env):
            field.update_hint()
        self.add_button.setText(self.tr("Add &anyway") if self._offer_force else self.tr("&Add"))
        self.add_button.setEnabled(self.form_complete() and not self._busy)

    def _on_form_text_changed(self, text: str) -> None:
        del text
        self._offer_force = False  # a changed form is a new attempt
        self._update_form()

    # -- the list -------------------------------------------------------------------------
    def show_views(self, views: list[RemoteView]) -> None:
        selected = self.selected()
        self._views = views
        self.table.setRowCount(len(views))
        for r, view in enumerate(views):
            models = ", ".join(f"{view.name}/{m}" for m in view.model_ids)
            cells = (view.name, view.url, self._key_text(view), self._state_text(view), models)
            tips = list(cells)
            if view.problem is not None:
                tips[3] = f"{cells[3]}: {problem_text(view.problem)}"
            set_text_row(self.table, r, cells, tips)
            if view.name == selected:
                self.table.selectRow(r)
        self._update_buttons()
        self._update_form()  # a name may now be taken, or free again

    def _key_text(self, view: RemoteView) -> str:
        source = view.key_source
        if source is None:
            return self.tr("none")
        if source == "keyring":
            return self.tr("in the keyring")
        if source == "file":
            return self.tr("in the file {path}").format(path=view.key_file or "")
        return self.tr("variable {name}").format(name=source.removeprefix("env:"))

    def _state_text(self, view: RemoteView) -> str:
        if view.reachable is None:
            return self.tr("checking…")
        if not view.reachable:
            return self.tr("unreachable")
        if view.server == "vllm-tray":
            return self.tr("reachable (vLLM Tray)")
        return self.tr("reachable")

    def selected(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or rows[0].row() >= len(self._views):
            return None
        return self._views[rows[0].row()].name

    def _update_buttons(self) -> None:
        chosen = self.selected() is not None and not self._busy
        self.check_button.setEnabled(chosen)
        self.remove_button.setEnabled(chosen)

    def _set_busy(self, busy: bool) -> None:
        self._busy = busy
        self._update_buttons()
        self._update_form()

    # -- commands -------------------------------------------------------------------------
    @async_slot()
    async def refresh(self) -> None:
        await self._reload()

    async def add(self) -> None:
        if not self.form_complete() or self._busy:
            return
        force = self._offer_force
        name, url = self.name.text(), self.url.text()
        self.status.setText(self.tr("Asking {url} for its models…").format(url=url))
        key, key_env = self.key.text() or None, self.key_env.text() or None
        self._set_busy(True)
        try:
            view = await call(
                self._facade.submit(
                    lambda s: s.remotes.add(
                        name, url, api_key=key, api_key_env=key_env, force=force
                    )
                )
            )
        except CommandFailed as failure:
            self._set_busy(False)
            code = failure.problem.code if failure.problem is not None else ""
            self._offer_force = code in PROBE_CODES
            self.status.setText(
                self.tr("{problem} Check the address and key, or add it anyway.").format(
                    problem=failure.text
                )
                if self._offer_force
                else failure.text
            )
            self._update_form()
            return
        self._set_busy(False)
        self._offer_force = False
        for field in (self.name, self.url, self.key, self.key_env):
            field.edit.clear()
        if view.problem is not None:
            self.status.setText(
                self.tr("{name} was added; it does not answer now.").format(name=view.name)
            )
        else:
            self.status.setText(
                self.tr("{name} was added with %n model(s).", "", len(view.model_ids)).format(
                    name=view.name
                )
            )
        await self._reload()

    async def remove(self) -> None:
        name = self.selected()
        if name is None or self._busy:
            return
        self._set_busy(True)
        try:
            await call(self._facade.submit(lambda s: s.remotes.remove(name)))
        except CommandFailed as failure:
            self.status.setText(failure.text)
        else:
            self.status.setText(self.tr("{name} was removed.").format(name=name))
        self._set_busy(False)
        await self._reload()

    async def check(self) -> None:
        name = self.selected()
        if name is None or self._busy:
            return
        self._set_busy(True)
        try:
            view = await call(self._facade.submit(lambda s: s.remotes.check(name)))
        except CommandFailed as failure:
            self.status.setText(failure.text)
        else:
            self.status.setText(
                problem_text(view.problem)
                if view.problem is not None
                else self.tr("{name} answers.").format(name=name)
            )
        self._set_busy(False)
        await self._reload()

    async def _reload(self) -> None:
        try:
            views = await call(self._facade.call(lambda s: s.remotes.views()))
        except CommandFailed as failure:
            self.status.setText(failure.text)
            return
        self.show_views(views)

    # -- slots ----------------------------------------------------------------------------
    @async_slot()
    async def _on_add_button_clicked(self) -> None:
        await self.add()

    @async_slot()
    async def _on_remove_button_clicked(self) -> None:
        await self.remove()

    @async_slot()
    async def _on_check_button_clicked(self) -> None:
        await self.check()

    def _on_bridge_event_received(self, event: Event) -> None:
        if isinstance(event, RemotesChanged) and self.isVisible():
            self.refresh()
