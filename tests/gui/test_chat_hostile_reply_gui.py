"""A hostile reply on the Chat page (issue 31 items 3-5): the page's real chat service talks to a
server on 127.0.0.1 playing the endpoint, whose reply holds HTML that would hide text, a fake
"You" turn, local images (Markdown's and HTML's) and an unclosed code fence; then a malformed
event. None of it is applied, nothing is loaded, the next message shows under the page's own
author line, and a broken stream is an error on its turn. A long reply redraws only itself."""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import json
import threading
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

import pytest
from aiohttp import web
from PySide6.QtCore import QUrl
from PySide6.QtGui import QColor, QImage, QPalette, QTextDocument, QTextFormat
from pytestqt.qtbot import QtBot

from app.core.chat.chat import ChatMessage, ChatStore, ReplyDelta
from app.gui.app import GuiApp
from app.gui.chat.chat_page import RENDER_SPACING, ChatPage
from app.gui.chat.chat_render import Pending, chunks
from app.runtime.api.services import Services
from app.runtime.api.values import Endpoint
from app.runtime.chat.chat import ChatService
from tests.gui.fake_facade import FakeFacade, ServiceSet
from tests.integration.test_relay_trust import LoopbackServer

T = TypeVar("T")


class LoopFacade(FakeFacade):
    """The fake facade whose `submit` runs the work on a loop of its own in a thread, as the
    runtime thread does (the real chat service streams: it cannot answer at once as the
    fakes do)."""

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()

    def submit(self, work: Callable[[Services], Awaitable[T]]) -> concurrent.futures.Future[T]:
        async def run() -> T:
            return await work(self.services)

        return asyncio.run_coroutine_threadsafe(run(), self.loop)

    def close(self) -> None:
        """Cancel what still runs there (a reply a test left streaming), then stop: a task
        left pending is destroyed later, in whichever test collects it (seen in a full run)."""

        async def drain() -> None:
            tasks = asyncio.all_tasks() - {asyncio.current_task()}
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(drain(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()


@pytest.fixture
def fake(qapp: object) -> Iterator[FakeFacade]:
    del qapp
    facade = LoopFacade()
    try:
        yield facade
    finally:
        facade.close()


def event(content: str) -> bytes:
    return b"data: " + json.dumps({"choices": [{"delta": {"content": content}}]}).encode() + b"\n\n"


class HostileEndpoint:
    """Plays the app's endpoint: each chat request gets the next of `replies` (raw SSE)."""

    def __init__(self) -> None:
        self.replies: list[bytes] = []
        self.server = LoopbackServer(
            {"/v1/chat/completions": self._chat, "/v1/health": self._health}
        )

    async def _health(self, request: web.Request) -> web.StreamResponse:
        return web.json_response({"status": "ok", "models": []})

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        await response.write(self.replies.pop(0))
        return response


@pytest.fixture
def endpoint() -> Iterator[HostileEndpoint]:
    server = HostileEndpoint()
    try:
        yield server
    finally:
        server.server.close()


@pytest.fixture
def hostile(fake: FakeFacade, endpoint: HostileEndpoint, tmp_path: Path) -> Iterator[ChatService]:
    """The fake facade with a real ChatService whose endpoint is the hostile server."""
    chat = ChatService(
        store=ChatStore(tmp_path / "chats"), endpoint=lambda: Endpoint(endpoint.server.url)
    )
    source = cast(ServiceSet, fake.services._source)  # the fakes are a ServiceSet
    fake.services = Services.over(dataclasses.replace(source, chat=chat))
    yield chat
    fake.submit(lambda _: chat.aclose()).result(10)


def open_chat(gui: GuiApp) -> ChatPage:
    page = gui.window.chat.open(gui.window.chat.page.model.itemData(0))
    return page


def say(qtbot: QtBot, page: ChatPage, text: str) -> None:
    qtbot.waitUntil(lambda: page.conversation is not None and not page.busy, timeout=10_000)
    page.message.setPlainText(text)
    page.send.click()
    assert page.busy
    qtbot.waitUntil(lambda: not page.busy, timeout=20_000)


def author_lines(page: ChatPage) -> list[str]:
    """The blocks drawn as an author's line: the band in the highlight colour."""
    band = page.palette().color(QPalette.ColorRole.Highlight)
    found = []
    block = page.view.document().begin()
    while block.isValid():
        if block.blockFormat().background().color() == band:
            found.append(block.text())
        block = block.next()
    return found


def fragments(document: QTextDocument) -> Iterator[tuple[str, Any]]:
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            yield it.fragment().text(), it.fragment().charFormat()
            it += 1
        block = block.next()


def test_a_replys_html_images_and_fake_turns_are_shown_as_text(
    qtbot: QtBot,
    hostile: ChatService,
    endpoint: HostileEndpoint,
    gui: GuiApp,
    tmp_path: Path,
) -> None:
    secret = tmp_path / "secret.png"
    image = QImage(40, 40, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    assert image.save(str(secret))
    url = QUrl.fromLocalFile(str(secret)).toString()
    reply = (
        'Visible <span style="color:white">hidden</span> text.\n\n'
        "**You**\n\nI am a fake turn.\n\n"
        f'<img src="{url}"> and ![the secret]({url})\n\n'
        "```\nan unclosed fence"
    )
    endpoint.replies = [event(reply) + b"data: [DONE]\n\n", event("ok") + b"data: [DONE]\n\n"]
    page = open_chat(gui)
    model = page.model.currentText()
    say(qtbot, page, "first question")
    say(qtbot, page, "next question")

    text = page.view.toPlainText()
    assert '<span style="color:white">hidden</span>' in text  # shown as it came, not applied
    assert f'<img src="{url}">' in text and "[the secret]" in text
    assert "next question\n" + model + "\nok\n" in text
    # The authors are the page's: two turns each, in order; the fake one is only text.
    assert author_lines(page) == ["You", model, "You", model]
    document = page.view.document()
    assert document.refused == 0  # no image ever asked for: none reached the view
    assert not any(f.isImageFormat() for _, f in fragments(document))
    hidden = [f for t, f in fragments(document) if "hidden" in t]
    assert hidden and not any(f.hasProperty(QTextFormat.Property.ForegroundBrush) for f in hidden)
    resource = document.resource(QTextDocument.ResourceType.ImageResource.value, QUrl(url))
    assert resource is None  # asked now, and still refused: nothing read from the file
    # The next message is outside the reply's unclosed fence: not a code block.
    block = document.find("next question").block()
    assert not block.blockFormat().hasProperty(QTextFormat.Property.BlockCodeFence)


MALFORMED = [b"data: {not json\n\n", b'data: {"choices": null}\n\n', b"data: [1]\n\n"]


@pytest.mark.parametrize("broken", MALFORMED, ids=["not-json", "choices-null", "not-object"])
def test_a_malformed_event_is_an_error_on_its_turn(
    qtbot: QtBot, hostile: ChatService, endpoint: HostileEndpoint, gui: GuiApp, broken: bytes
) -> None:
    endpoint.replies = [event("Part of it") + broken + event(" more") + b"data: [DONE]\n\n"]
    page = open_chat(gui)
    say(qtbot, page, "hello")
    text = page.view.toPlainText()
    assert "The reply broke off:" in text
    assert "the endpoint sent an event the chat cannot read" in text
    assert "Part of it" in text and "more" not in text.split("Part of it")[1].split("(stopped)")[0]
    assert "(stopped)" in text  # kept as a part, not as a finished answer


def test_a_streaming_reply_redraws_only_itself_and_waits_longer_as_it_grows(
    qtbot: QtBot, gui: GuiApp
) -> None:
    page = open_chat(gui)
    history = [ChatMessage("user", "q"), ChatMessage("assistant", "An earlier answer. " * 2000)]
    page.transcript.messages = tuple(history)
    page.transcript.pending = Pending("and now?")
    page.redraw()
    shown = page.view.toPlainText()
    kept_end = shown.rfind("An earlier answer.") + len("An earlier answer.")
    changed: list[int] = []
    page.view.document().contentsChange.connect(lambda at, _removed, _added: changed.append(at))
    for _ in range(5):
        page.transcript.pending.content_parts.append("more words " * 50)
        page.redraw()
    assert changed and min(changed) >= kept_end  # the earlier turns were left as they were
    # The next redraw waits RENDER_SPACING times as long as the last one took.
    page.view.last_draw_s = 1.0
    page._on_reply_event(page._generation, ReplyDelta("content", "x"))
    assert page._render_timer.interval() == 1000 * RENDER_SPACING


def test_a_reply_is_cut_into_pieces_that_stay_as_it_grows() -> None:
    paragraph = "words " * 500 + "\n\n"
    text = paragraph * 20 + "```\ncode\n\n" + paragraph * 10 + "```\n\n" + paragraph * 10
    whole = chunks(text)
    assert "".join(whole) == text and len(whole) > 3
    assert not any(piece.count("```") % 2 for piece in whole)  # never cut inside a fence
    for end in range(0, len(text), 997):
        grown = chunks(text[:end])
        assert grown[:-1] == whole[: max(len(grown) - 1, 0)]  # all but the last stay as drawn
