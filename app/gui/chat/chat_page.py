"""The Chat page: talk to any registered model through the app's own endpoint.

Every action is one call of the chat service (app.runtime.chat.chat) on the runtime
loop: the conversation is read and kept there (one file per model, 0600), a reply streams
from there item by item (app.gui.streams), and Stop closes the stream there, which cancels
the model's generation. The model loads on send; its progress shows in place of the reply.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, Qt, QTimer, QUrl
from PySide6.QtGui import (
    QAction,
    QGuiApplication,
    QKeySequence,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.core.chat.chat import (
    TEMPERATURE_MAX,
    ChatOptions,
    Conversation,
    ReplyDelta,
    ReplyEvent,
    ReplyFailed,
    ReplyLoading,
)
from app.gui.chat.chat_render import PENDING, THINK_SCHEME, Pending, Transcript
from app.gui.chat.chat_view import TranscriptView
from app.gui.commands import CommandFailed, async_slot, call, tasks_of
from app.gui.forms import buddy_label
from app.gui.i18n import problem_text
from app.gui.store import AppStore
from app.gui.streams import Stopper, gui_sink, relay
from app.runtime.api.services import Facade, Services

if TYPE_CHECKING:
    from app.gui.model_actions import ModelActions

log = logging.getLogger(__name__)

RENDER_MS = 50  # a streaming reply is drawn at most this often (a long one is costly to lay out)
# And a redraw waits at least this many times as long as the last one took: however long a
# reply grows, drawing it takes at most a fifth of the GUI thread's time.
RENDER_SPACING = 4
MAX_TOKENS_LIMIT = 1_000_000

StreamOf = Callable[[Services], AsyncIterator[ReplyEvent]]  # one service call


class ChatPage(QWidget):
    """Model, options, the conversation, the message box and its buttons."""

    def __init__(self, facade: Facade, store: AppStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self.transcript = Transcript()
        self.model_id: str | None = None
        self.conversation: Conversation | None = None
        self._stopper: Stopper | None = None
        self._generation = 0
        self.reply_task: asyncio.Task[None] | None = None

        self.model = QComboBox()
        self.model.setAccessibleName(self.tr("Model to chat with"))
        self.model.setMinimumContentsLength(24)
        self.clear = QPushButton(self.tr("C&lear conversation"))
        self.view = TranscriptView()
        self.view.setAccessibleName(self.tr("Conversation"))
        self.view.anchorClicked.connect(self._on_view_anchor_clicked)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.hide()
        self.message = QPlainTextEdit()
        self.message.setPlaceholderText(self.tr("Type a message; Ctrl+Enter sends it"))
        self.message.setAccessibleName(self.tr("Message"))
        self.message.setMaximumHeight(96)
        self.send = QPushButton(self.tr("&Send"))
        self.send.setToolTip(self.tr("Send the message (Ctrl+Enter)"))
        self.stop = QPushButton(self.tr("S&top"))
        self.stop.setToolTip(self.tr("Stop the reply; what arrived is kept"))
        self.regenerate = QPushButton(self.tr("&Regenerate"))
        self.regenerate.setToolTip(self.tr("Answer the last message again"))
        self.copy = QPushButton(self.tr("&Copy reply"))
        self.copy.setToolTip(self.tr("Copy the last reply as Markdown"))
        self.system_prompt = QPlainTextEdit()
        self.system_prompt.setPlaceholderText(self.tr("e.g. You are a concise assistant."))
        self.system_prompt.setMaximumHeight(120)
        self.temperature = QDoubleSpinBox()
        self.temperature.setRange(-0.1, TEMPERATURE_MAX)
        self.temperature.setSingleStep(0.1)
        self.temperature.setDecimals(2)
        self.temperature.setSpecialValueText(self.tr("model's default"))
        self.temperature.setValue(-0.1)
        self.max_tokens = QSpinBox()
        self.max_tokens.setRange(0, MAX_TOKENS_LIMIT)
        self.max_tokens.setSingleStep(256)
        self.max_tokens.setSpecialValueText(self.tr("model's default"))
        self.status = QLabel()
        self.status.hide()  # shown with a sentence in it
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self._build_layout()

        self._render_timer = QTimer(self)
        self._render_timer.setSingleShot(True)
        self._render_timer.setInterval(RENDER_MS)
        self._render_timer.timeout.connect(self.redraw)
        send_action = QAction(self)
        send_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        send_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        send_action.triggered.connect(self.send.click)
        self.addAction(send_action)
        self.model.currentIndexChanged.connect(self._on_model_current_index_changed)
        self.send.clicked.connect(self._on_send_clicked)
        self.stop.clicked.connect(self.stop_reply)
        self.regenerate.clicked.connect(self._on_regenerate_clicked)
        self.copy.clicked.connect(self.copy_reply)
        self.clear.clicked.connect(self._on_clear_clicked)
        self.message.textChanged.connect(self._update_buttons)
        store.models_reset.connect(self._fill_models)
        self._fill_models()

    def _build_layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(buddy_label(self.tr("Mo&del:"), self.model))
        top.addWidget(self.model, 1)
        top.addWidget(self.clear)
        buttons = QHBoxLayout()
        buttons.addWidget(self.regenerate)
        buttons.addWidget(self.copy)
        buttons.addStretch(1)
        buttons.addWidget(self.stop)
        buttons.addWidget(self.send)
        talk = QWidget()
        talk_layout = QVBoxLayout(talk)
        talk_layout.setContentsMargins(0, 0, 0, 0)
        talk_layout.addLayout(top)
        talk_layout.addWidget(self.view, 1)
        talk_layout.addWidget(self.progress)
        talk_layout.addWidget(self.status)
        talk_layout.addWidget(self.message)
        talk_layout.addLayout(buttons)
        options = QWidget()
        form = QFormLayout(options)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        form.addRow(buddy_label(self.tr("S&ystem prompt:"), self.system_prompt), self.system_prompt)
        form.addRow(buddy_label(self.tr("T&emperature:"), self.temperature), self.temperature)
        form.addRow(buddy_label(self.tr("Ma&x tokens:"), self.max_tokens), self.max_tokens)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(talk)
        splitter.addWidget(options)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([900, 300])
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(splitter)

    # -- the model ---------------------------------------------------------------------------
    def _fill_models(self) -> None:
        wanted = self.model_id
        self.model.blockSignals(True)
        self.model.clear()
        for row in sorted(self._store.rows, key=lambda r: r.name.casefold()):
            self.model.addItem(row.name, row.id)
        self.model.blockSignals(False)
        at = self.model.findData(wanted) if wanted is not None else -1
        if at >= 0:
            self.model.setCurrentIndex(at)
        elif self.model.count():
            self._on_model_current_index_changed(self.model.currentIndex())
        self._update_buttons()

    def choose(self, model_id: str) -> None:
        """Show the conversation with `model_id` (a reply on its way to another goes on)."""
        at = self.model.findData(model_id)
        if at >= 0:
            self.model.setCurrentIndex(at)

    def _on_model_current_index_changed(self, index: int) -> None:
        model_id = self.model.itemData(index)
        if not isinstance(model_id, str) or model_id == self.model_id:
            return
        self.model_id = model_id
        self.conversation = None
        self.transcript = Transcript(model_name=self.model.itemText(index))
        self._say("")
        self.redraw()
        self._update_buttons()
        if self.isVisible():  # else when the page is first shown: nothing is read at start-up
            tasks_of(self).start(self._load_conversation(model_id))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.model_id is not None and self.conversation is None:
            tasks_of(self).start(self._load_conversation(self.model_id))

    async def _load_conversation(self, model_id: str) -> None:
        try:
            found = await call(self._facade.submit(lambda s: s.chat.conversation(model_id)))
        except CommandFailed as failure:
            self._say(failure.text)
            return
        if model_id != self.model_id:
            return
        self._show(found)
        self._set_options(found.options)

    def _show(self, conversation: Conversation) -> None:
        self.conversation = conversation
        self.transcript.messages = conversation.messages
        self.redraw()
        self._update_buttons()

    # -- options ------------------------------------------------------------------------------
    def options(self) -> ChatOptions:
        temperature = self.temperature.value()
        return ChatOptions(
            system_prompt=self.system_prompt.toPlainText(),
            temperature=None if temperature < 0 else round(temperature, 2),
            max_tokens=self.max_tokens.value() or None,
        )

    def _set_options(self, options: ChatOptions) -> None:
        self.system_prompt.setPlainText(options.system_prompt)
        t = options.temperature
        self.temperature.setValue(self.temperature.minimum() if t is None else t)
        self.max_tokens.setValue(options.max_tokens or 0)

    # -- replies -------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.reply_task is not None and not self.reply_task.done()

    def _on_send_clicked(self) -> None:
        text = self.message.toPlainText()
        model_id = self.model_id
        if self.busy or model_id is None or not text.strip():
            return
        options = self.options()
        self.message.clear()
        self._start(model_id, Pending(text), lambda s: s.chat.send(model_id, text, options=options))

    def _on_regenerate_clicked(self) -> None:
        model_id = self.model_id
        if self.busy or model_id is None or self.conversation is None:
            return
        options = self.options()
        self.transcript.messages = self.conversation.without_last_reply().messages
        self._start(model_id, Pending(None), lambda s: s.chat.regenerate(model_id, options=options))

    def _start(self, model_id: str, pending: Pending, stream: StreamOf) -> None:
        self._generation += 1
        self.transcript.pending = pending
        self.transcript.failure = None
        self.transcript.unfolded.discard(PENDING)
        self._say("")
        self.redraw()
        self.reply_task = tasks_of(self).start(self._reply(model_id, stream, self._generation))
        self._update_buttons()

    async def _reply(self, model_id: str, stream: StreamOf, generation: int) -> None:
        stopper = self._stopper = Stopper()
        sink = gui_sink(partial(self._on_reply_event, generation), self)
        failure: str | None = None
        try:
            await call(self._facade.submit(lambda s: relay(stream(s), sink, stopper)))
        except CommandFailed as failed:
            failure = None if stopper.requested else failed.text
        try:
            kept = await call(self._facade.submit(lambda s: s.chat.conversation(model_id)))
        except CommandFailed as failed:
            kept, failure = None, failure or failed.text
        self._stopper = None
        self.reply_task = None
        self.progress.hide()
        # Still this model's page (another model chosen meanwhile has a transcript of its own).
        if generation == self._generation and model_id == self.model_id:
            failure = self.transcript.failure or failure  # a ReplyFailed said it first
            self.transcript.pending, self.transcript.failure = None, failure
            if kept is not None:
                self._show(kept)
            else:
                self.redraw()
        last = kept.messages[-1] if kept is not None and kept.messages else None
        tokens = last.stats.completion_tokens if last and last.stats else 0
        log.info("chat reply from %s: %s", model_id, failure or f"{tokens} tokens")
        self._update_buttons()

    def _on_reply_event(self, generation: int, event: ReplyEvent) -> None:
        pending = self.transcript.pending
        if generation != self._generation or pending is None:
            return
        if isinstance(event, ReplyLoading):
            pending.loading = event
            self.progress.setVisible(True)
            if event.fraction is None:
                self.progress.setRange(0, 0)  # busy: the log has not told how far
            else:
                self.progress.setRange(0, 1000)
                self.progress.setValue(round(event.fraction * 1000))
        elif isinstance(event, ReplyDelta):
            pending.waiting = False
            self.progress.hide()
            parts = pending.reasoning_parts if event.kind == "reasoning" else pending.content_parts
            parts.append(event.text)
        elif isinstance(event, ReplyFailed):
            self.transcript.failure = problem_text(event.problem)
        if not self._render_timer.isActive():
            spacing = round(self.view.last_draw_s * 1000 * RENDER_SPACING)
            self._render_timer.start(max(RENDER_MS, spacing))

    def stop_reply(self) -> None:
        if self._stopper is not None:
            self._stopper.stop()
            self.stop.setEnabled(False)

    # -- the other buttons -------------------------------------------------------------------
    def last_reply(self) -> str:
        for m in reversed(self.transcript.messages):
            if m.role == "assistant":
                return m.content
        return ""

    def copy_reply(self) -> None:
        text = self.last_reply()
        if text:
            QGuiApplication.clipboard().setText(text)
            self._say(self.tr("The reply is copied."))

    @async_slot()
    async def _on_clear_clicked(self) -> None:
        model_id = self.model_id
        if model_id is None or self.busy:
            return
        try:
            await call(self._facade.submit(lambda s: s.chat.clear(model_id)))
            kept = await call(self._facade.submit(lambda s: s.chat.conversation(model_id)))
        except CommandFailed as failure:
            self._say(failure.text)
            return
        self.transcript.failure = None
        if model_id == self.model_id:
            self._show(kept)
        self._say(self.tr("The conversation is cleared."))

    def _on_view_anchor_clicked(self, url: QUrl) -> None:
        if url.scheme() != THINK_SCHEME:
            return
        try:
            index = int(url.path())
        except ValueError:
            return
        self.transcript.unfolded ^= {index}
        self.redraw()

    # -- drawing ---------------------------------------------------------------------------------
    def redraw(self) -> None:
        self.view.show_turns(self.transcript.turns())

    def _say(self, text: str) -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))

    def _update_buttons(self) -> None:
        busy = self.busy
        chosen = self.model_id is not None
        self.send.setEnabled(chosen and not busy and bool(self.message.toPlainText().strip()))
        self.stop.setEnabled(busy and not (self._stopper and self._stopper.requested))
        self.stop.setVisible(busy)
        has_user = self.conversation is not None and any(
            m.role == "user" for m in self.conversation.messages
        )
        self.regenerate.setEnabled(chosen and not busy and has_user)
        self.copy.setEnabled(bool(self.last_reply()) and not busy)
        self.clear.setEnabled(chosen and not busy and bool(self.transcript.messages))
        self.model.setEnabled(not busy)


class PagedWindow(Protocol):
    """What ChatPages needs of the main window (not imported: it imports this module)."""

    actions_: ModelActions

    def takeCentralWidget(self) -> QWidget | None: ...
    def setCentralWidget(self, widget: QWidget) -> None: ...
    def show_and_raise(self) -> None: ...


class ChatPages:
    """The window's pages (Models, Chat) and how "Chat with…" reaches the Chat page."""

    def __init__(self, window: PagedWindow, facade: Facade, store: AppStore) -> None:
        self._window = window
        self.page = ChatPage(facade, store)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        models = window.takeCentralWidget()
        assert models is not None  # the window built its layout first
        # Mnemonics apart from the menu bar's (&File, &Model): Alt+O, Alt+H.
        self.tabs.addTab(models, QCoreApplication.translate("ChatPages", "M&odels"))
        self.tabs.addTab(self.page, QCoreApplication.translate("ChatPages", "C&hat"))
        window.setCentralWidget(self.tabs)
        window.actions_.chat_requested.connect(self.open)

    def open(self, model_id: str | None = None) -> ChatPage:
        """The Chat page in front, with `model_id`'s conversation when given."""
        if model_id is not None:
            self.page.choose(model_id)
        log.info("chat page: %s", self.page.model_id)
        self.tabs.setCurrentWidget(self.page)
        self._window.show_and_raise()
        self.page.message.setFocus()
        return self.page
