"""Trying a model from the window (issue 21): the Chat page on the real runtime thread and its
own endpoint, the fake engine behind it — "Chat with…" on a row, send → the load's progress in
place of the reply → the streamed reply → its numbers; Stop mid-stream cancels the engine's
request; errors shown in place; a reasoning model's thinking folded; the conversation kept
(0600) and cleared."""

from __future__ import annotations

import asyncio
import json
import re
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from app.core.models.registry import ModelOptions
from app.core.states import LoadPhase
from app.gui.chat.chat_page import ChatPage
from app.gui.model_state import phase_text
from app.runtime.composition.facade import ThreadFacade
from app.runtime.composition.runtime import Runtime
from app.runtime.composition.thread import RuntimeThread
from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.gui.conftest import flush_deletes, run, start_gui
from tests.gui.test_runtime_thread_gui import choose, click_toolbar, free_port, open_tray_menu
from tests.harness import internals

FULL = "Hello from the fake vLLM engine, token by token."  # then again, to 16 tokens
STATS = re.compile(r"16 tokens · first token after \d+\.\d\d s · \d+\.\d tokens/s")


class ChatGui:
    """EngineGui's order (runtime, thread, facade, GUI), with model options set before the
    runtime starts: user.slow streams 400 tokens, user.thinker thinks first, user.broken
    cannot start (its KV cache does not fit, as vLLM says it)."""

    def __init__(self, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.home = tmp_path / "home"
        self.port = free_port()
        self.runtime: Runtime = make_runtime(
            tmp_path,
            monkeypatch,
            models=("tiny", "slow", "thinker", "broken"),
            settings={
                # A start of 1.5 s: the chat looks at the model's state every 0.5 s.
                "engine.custom_command": fake_engine(
                    "--fake-token-delay", "0.05", "--fake-start-delay", "1.5"
                ),
                "proxy.port": self.port,
            },
        )
        options: dict[str, str] = {
            "user.tiny": "--fake-token-delay 0.1",  # 1.6 s of stream: parts are drawn
            "user.slow": "--fake-tokens 400",
            "user.thinker": "--fake-reasoning",
            "user.broken": "--fake-fail kv_cache",
        }
        for model_id, args in options.items():
            internals(self.runtime).registry.set_options(model_id, ModelOptions(vllm_args=args))
        self.thread = RuntimeThread(self.runtime, serve=False)  # the endpoint: from the tray
        self.thread.start()
        self.facade = ThreadFacade(self.thread)
        self.gui = start_gui(qtbot, self.facade, tmp_path)

    def close(self) -> None:
        self.gui.close()
        flush_deletes()
        self.facade.shutdown()

    def conversation_file(self, model_id: str) -> Path:
        return self.home / "chats" / f"{model_id}.json"

    def running_requests(self, qtbot: QtBot, model_id: str) -> float:
        """vllm:num_requests_running of the model's fake engine, found through /v1/health
        (asked from a worker thread: the GUI loop the test turns must not wait on it)."""
        return run(qtbot, asyncio.to_thread(self._running_requests, model_id), timeout=20_000)

    def _running_requests(self, model_id: str) -> float:
        base = f"http://127.0.0.1:{self.port}"
        health = httpx.get(base + "/v1/health", timeout=10).json()
        child = next(c for c in health["all_models_loaded"] if c["model_name"] == model_id)
        text = httpx.get(child["backend_url"] + "/metrics", timeout=10).text
        found = re.search(r"^vllm:num_requests_running\{[^}]*\} (\S+)$", text, re.MULTILINE)
        assert found is not None
        return float(found.group(1))


@pytest.fixture
def chat_gui(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ChatGui]:
    app = ChatGui(qtbot, tmp_path, monkeypatch)
    try:
        yield app
    finally:
        app.close()


def start_endpoint(qtbot: QtBot, app: ChatGui) -> None:
    choose(qtbot, open_tray_menu(qtbot, app.gui), "S&tart endpoint")
    qtbot.waitUntil(lambda: app.gui.store.server.running, timeout=30_000)


def chat_with(qtbot: QtBot, app: ChatGui, model_id: str) -> ChatPage:
    """Select the model's row and click "Chat with…" (the toolbar's "Chat")."""
    window = app.gui.window
    assert window.select_model(model_id)
    click_toolbar(qtbot, app.gui, "C&hat with…")
    page = window.chat.page
    assert window.chat.tabs.currentWidget() is page and page.model_id == model_id
    qtbot.waitUntil(lambda: page.conversation is not None, timeout=10_000)
    return page


def send(qtbot: QtBot, page: ChatPage, text: str) -> None:
    qtbot.keyClicks(page.message, text)
    assert page.send.isEnabled()
    page.send.click()
    assert page.busy


def shown(page: ChatPage) -> str:
    return page.view.toPlainText()


def waits(page: ChatPage, check: Callable[[], bool]) -> Callable[[], bool]:
    return lambda: check() or not page.busy


def test_send_loads_the_model_streams_the_reply_and_keeps_the_conversation(
    qtbot: QtBot, chat_gui: ChatGui
) -> None:
    page = chat_with(qtbot, chat_gui, "user.tiny")
    # The endpoint is stopped: the reply's place says so, and how to go on.
    send(qtbot, page, "hello")
    qtbot.waitUntil(lambda: not page.busy, timeout=30_000)
    assert "No reply: The endpoint is stopped" in shown(page)
    assert "Start the endpoint, then send the message again." in shown(page)

    start_endpoint(qtbot, chat_gui)
    page.temperature.setValue(0.2)
    drawn: list[tuple[bool, str]] = []  # (streaming, what the page showed), at every draw
    page.view.textChanged.connect(lambda: drawn.append((page.busy, shown(page))))
    send(qtbot, page, "hello there")
    # Loaded on send: the load's progress stands where the reply will be.
    qtbot.waitUntil(
        waits(page, lambda: "Loading the model for this reply" in shown(page)), timeout=30_000
    )
    assert page.busy and page.progress.isVisible()
    assert page.stop.isVisible() and not page.send.isEnabled()
    qtbot.waitUntil(lambda: not page.busy, timeout=60_000)
    # Streamed: a part of the reply was drawn before the whole (a part, not necessarily
    # less than FULL: a busy machine can hold the GUI thread for a second of the stream).
    parts = [text for streaming, text in drawn if streaming and "Hello from" in text]
    assert parts, drawn
    assert FULL in shown(page) and "Loading the model" not in shown(page)
    # The load in words (its phase), never one of the engine's log lines.
    loading = [text for _, text in drawn if "Loading the model" in text]
    assert any(phase_text(phase) in text for text in loading for phase in LoadPhase), loading
    assert not any("INFO" in text or "Starting to load model" in text for text in loading)
    assert STATS.search(shown(page)), shown(page)
    assert not page.progress.isVisible()

    # Kept, for this model only, readable by its owner only, with the options used.
    path = chat_gui.conversation_file("user.tiny")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    kept = json.loads(path.read_text())
    assert [m["role"] for m in kept["messages"]] == ["user", "assistant"]
    reply = kept["messages"][1]["content"]
    assert reply.startswith(FULL)
    assert reply not in parts[0], (reply, parts[0])
    assert kept["options"]["temperature"] == 0.2

    page.copy.click()
    assert QGuiApplication.clipboard().text() == reply

    page.regenerate.click()
    assert page.busy
    qtbot.waitUntil(lambda: not page.busy, timeout=60_000)
    assert len(json.loads(path.read_text())["messages"]) == 2
    assert shown(page).count(FULL) == 1

    page.clear.click()
    qtbot.waitUntil(lambda: page.transcript.messages == (), timeout=10_000)
    assert json.loads(path.read_text())["messages"] == []
    assert FULL not in shown(page) and not page.clear.isEnabled()


def test_stop_mid_stream_keeps_what_came_and_cancels_the_engines_request(
    qtbot: QtBot, chat_gui: ChatGui
) -> None:
    start_endpoint(qtbot, chat_gui)
    page = chat_with(qtbot, chat_gui, "user.slow")
    send(qtbot, page, "tell me a long story")
    qtbot.waitUntil(waits(page, lambda: "Hello from the fake" in shown(page)), timeout=60_000)
    assert page.busy  # 400 tokens at 50 ms: 20 s still to come
    assert chat_gui.running_requests(qtbot, "user.slow") == 1.0
    page.stop.click()
    qtbot.waitUntil(lambda: not page.busy, timeout=30_000)
    assert "(stopped)" in shown(page)
    deadline = time.monotonic() + 20  # the engine's request ends when the chat hangs up
    while chat_gui.running_requests(qtbot, "user.slow") != 0.0:
        assert time.monotonic() < deadline, "the engine kept generating for a stopped chat"
        qtbot.wait(50)
    (_, reply) = json.loads(chat_gui.conversation_file("user.slow").read_text())["messages"]
    assert reply["stopped"] is True and reply["content"].startswith("Hello from the fake")
    assert page.send.isEnabled() is False and page.regenerate.isEnabled()


def test_stopping_the_endpoint_mid_reply_says_so_and_keeps_what_came(
    qtbot: QtBot, chat_gui: ChatGui
) -> None:
    """The endpoint stopped from the tray while a reply streams: after the stop's grace the
    reply's place says the endpoint stopped (its stream ended with proxy.stopping), what
    came is kept, and the chat can go on once the endpoint is back."""
    start_endpoint(qtbot, chat_gui)
    page = chat_with(qtbot, chat_gui, "user.slow")
    send(qtbot, page, "tell me a long story")
    qtbot.waitUntil(waits(page, lambda: "Hello from the fake" in shown(page)), timeout=60_000)
    assert page.busy  # 400 tokens at 50 ms: 20 s still to come
    choose(qtbot, open_tray_menu(qtbot, chat_gui.gui), "S&top endpoint")
    qtbot.waitUntil(lambda: not page.busy, timeout=30_000)
    # What came is kept, marked stopped, and the reason says the reply broke off.
    assert "The endpoint stopped before this answer was complete" in shown(page), shown(page)
    assert "The reply broke off:" in shown(page) and "No reply:" not in shown(page)
    assert "Hello from the fake" in shown(page) and "(stopped)" in shown(page)
    qtbot.waitUntil(lambda: not chat_gui.gui.store.server.running, timeout=30_000)
    assert page.send.isEnabled() is False  # nothing typed yet
    start_endpoint(qtbot, chat_gui)
    send(qtbot, page, "go on")
    qtbot.waitUntil(
        waits(page, lambda: shown(page).count("Hello from the fake") >= 2), timeout=60_000
    )
    page.stop.click()
    qtbot.waitUntil(lambda: not page.busy, timeout=30_000)


def test_a_model_that_cannot_start_says_why_in_place_of_the_reply(
    qtbot: QtBot, chat_gui: ChatGui
) -> None:
    start_endpoint(qtbot, chat_gui)
    page = chat_with(qtbot, chat_gui, "user.broken")
    send(qtbot, page, "hello")
    qtbot.waitUntil(lambda: not page.busy, timeout=60_000)
    assert "No reply:" in shown(page)
    assert "KV cache" in shown(page), shown(page)
    assert "Error" not in shown(page).replace("EngineCore", "")  # no exception class names


def test_a_reasoning_models_thinking_is_folded_until_asked_for(
    qtbot: QtBot, chat_gui: ChatGui
) -> None:
    start_endpoint(qtbot, chat_gui)
    page = chat_with(qtbot, chat_gui, "user.thinker")
    page.max_tokens.setValue(2)
    send(qtbot, page, "hi")
    qtbot.waitUntil(lambda: not page.busy, timeout=60_000)
    assert "Thought for 4 words (show)" in shown(page)
    assert "The user greets me." not in shown(page)
    assert "Hello from" in shown(page)
    page.view.anchorClicked.emit(QUrl("think:1"))  # what a click on the link sends
    assert "The user greets me." in shown(page) and "Hide the thinking" in shown(page)


def test_chat_with_from_the_tray_opens_the_page_with_that_model(
    qtbot: QtBot, chat_gui: ChatGui
) -> None:
    gui = chat_gui.gui
    menu = open_tray_menu(qtbot, gui)
    choose(qtbot, menu, "C&hat with…")
    submenu = next(a.menu() for a in menu.actions() if a.text() == "C&hat with…")
    assert isinstance(submenu, QMenu)
    qtbot.waitUntil(submenu.isVisible)
    choose(qtbot, submenu, "thinker")
    page = gui.window.chat.page
    qtbot.waitUntil(lambda: gui.window.chat.tabs.currentWidget() is page)
    assert page.model_id == "user.thinker" and page.model.currentText() == "thinker"
