"""The Remote servers window checks input as it is typed (the CLI's rules, one sentence under
the field, Add disabled), offers "Add anyway" only after the server failed to answer, and the
model list shows remote models with their state there and no local actions."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from app.core.events import RemotesChanged
from app.core.problems.problems import ProblemError
from app.core.remotes.remotes import RemoteView, normalize_url, unreachable
from app.core.states import ProcessState
from app.gui.bridge import EventBridge
from app.gui.model_state import StateKind
from app.gui.model_table import KIND_ROLE, Column
from app.gui.remotes_page import RemotesWindow
from app.runtime.api.snapshot import ModelRow
from tests.gui.conftest import run, start_gui
from tests.gui.fake_facade import FakeFacade, default_rows
from tests.gui.fake_services import IdleRemotes

T = TypeVar("T")
LAB = RemoteView(
    name="lab",
    url="http://192.168.1.30:8000",
    reachable=True,
    server="vllm",
    model_ids=("Qwen/Qwen3-8B",),
    key_source="keyring",
)


class FakeRemotes(IdleRemotes):
    """Remote servers as the window sees them; `down`: the next add without force finds
    the server not answering."""

    def __init__(self, app: FakeFacade) -> None:
        super().__init__(app)
        self.listed = [LAB]
        self.added: list[dict[str, Any]] = []
        self.down = False
        self.asked = 0

    def views(self) -> list[RemoteView]:
        self.asked += 1
        return list(self.listed)

    async def add(
        self,
        name: str,
        url: str,
        *,
        api_key: str | None = None,
        api_key_env: str | None = None,
        force: bool = False,
    ) -> RemoteView:
        self.added.append(
            {"name": name, "url": url, "key": api_key, "env": api_key_env, "force": force}
        )
        normal = normalize_url(url)
        if self.down and not force:
            raise ProblemError(unreachable(name, normal, "connection refused"))
        view = RemoteView(
            name=name,
            url=normal,
            reachable=not self.down,
            server="vllm-tray",
            model_ids=() if self.down else ("user.a", "user.b"),
            key_source="keyring" if api_key else None,
            problem=unreachable(name, normal, "connection refused") if self.down else None,
        )
        self.listed.append(view)
        return view

    async def remove(self, name: str) -> None:
        self.listed = [v for v in self.listed if v.name != name]

    async def check(self, name: str) -> RemoteView:
        return next(v for v in self.listed if v.name == name)


def remotes_of(fake: FakeFacade) -> FakeRemotes:
    remotes = fake.services.remotes
    assert isinstance(remotes, FakeRemotes)
    return remotes


def cell(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    assert item is not None
    return item.text()


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[tuple[RemotesWindow, FakeRemotes]]:
    fake = FakeFacade(remotes=FakeRemotes)
    remotes = remotes_of(fake)
    page = RemotesWindow(fake, None)
    qtbot.addWidget(page)
    qtbot.waitUntil(lambda: page.table.rowCount() == 1)
    yield page, remotes


def type_form(page: RemotesWindow, name: str, url: str, key: str = "", env: str = "") -> None:
    page.name.edit.setText(name)
    page.url.edit.setText(url)
    page.key.edit.setText(key)
    page.key_env.edit.setText(env)


def test_the_list_shows_each_remote(window: tuple[RemotesWindow, FakeRemotes]) -> None:
    page, _ = window
    cells = [cell(page.table, 0, c) for c in range(5)]
    assert cells == [
        "lab",
        "http://192.168.1.30:8000",
        "in the keyring",
        "reachable",
        "lab/Qwen/Qwen3-8B",
    ]
    assert not page.remove_button.isEnabled()  # nothing selected yet
    page.table.selectRow(0)
    assert page.remove_button.isEnabled() and page.check_button.isEnabled()


def test_input_is_checked_as_it_is_typed(window: tuple[RemotesWindow, FakeRemotes]) -> None:
    page, _ = window
    assert not page.add_button.isEnabled()  # an empty form adds nothing
    assert page.name.hint.isHidden() and page.url.hint.isHidden()  # and blames nothing

    type_form(page, "Off/ice", "http://192.168.1.20:8000")
    assert not page.add_button.isEnabled()
    assert not page.name.hint.isHidden()  # shown (the window itself is not)
    assert "cannot name a remote server" in page.name.hint.text()

    page.name.edit.setText("lab")
    assert page.name.hint.text() == "There is already a remote server called lab; remove it first."
    assert not page.add_button.isEnabled()

    page.name.edit.setText("office")
    assert page.name.hint.text() == "" and page.name.hint.isHidden()
    assert page.add_button.isEnabled()

    page.url.edit.setText("ftp://192.168.1.20")
    assert "must start with http:// or https://" in page.url.hint.text()
    assert not page.add_button.isEnabled()
    page.url.edit.setText("http://me:pw@192.168.1.20")
    assert "user name or key" in page.url.hint.text()
    page.url.edit.setText("http://192.168.1.20:8000/v1")
    assert page.url.hint.text() == "" and page.add_button.isEnabled()

    page.key_env.edit.setText("1KEY")
    assert "environment variable" in page.key_env.hint.text()
    assert not page.add_button.isEnabled()
    page.key_env.edit.setText("OFFICE_KEY")
    assert page.add_button.isEnabled()
    page.key.edit.setText("s3cret")
    assert page.key_env.hint.text() == "Give the key or a variable, not both."
    assert not page.add_button.isEnabled()


def test_add_sends_the_form_and_shows_the_new_remote(
    qtbot: QtBot, window: tuple[RemotesWindow, FakeRemotes]
) -> None:
    page, remotes = window
    type_form(page, "office", "http://192.168.1.20:8000/v1", key="s3cret")
    run(qtbot, page.add())
    assert remotes.added == [
        {
            "name": "office",
            "url": "http://192.168.1.20:8000/v1",
            "key": "s3cret",
            "env": None,
            "force": False,
        }
    ]
    assert page.status.text() == "office was added with 2 models."
    assert page.table.rowCount() == 2
    assert cell(page.table, 1, 4) == "office/user.a, office/user.b"
    assert page.name.text() == "" and page.key.text() == ""  # the key is not kept in the form


def test_a_server_that_does_not_answer_is_added_only_when_asked_again(
    qtbot: QtBot, window: tuple[RemotesWindow, FakeRemotes]
) -> None:
    page, remotes = window
    remotes.down = True
    type_form(page, "office", "http://192.168.1.20:8000")
    run(qtbot, page.add())
    assert page.status.text() == (
        "The remote server office (http://192.168.1.20:8000) does not answer: connection "
        "refused. Its models come back when it answers again. Check the address and key, or "
        "add it anyway."
    )
    assert page.add_button.text() == "Add &anyway" and page.add_button.isEnabled()
    assert page.table.rowCount() == 1
    page.url.edit.setText("http://192.168.1.21:8000")  # a changed form is a new attempt
    assert page.add_button.text() == "&Add"
    run(qtbot, page.add())
    assert page.add_button.text() == "Add &anyway"
    run(qtbot, page.add())
    assert [a["force"] for a in remotes.added] == [False, False, True]
    assert page.status.text() == "office was added; it does not answer now."
    assert cell(page.table, 1, 3) == "unreachable"


def test_remove_and_check_the_selected_remote(
    qtbot: QtBot, window: tuple[RemotesWindow, FakeRemotes]
) -> None:
    page, remotes = window
    page.table.selectRow(0)
    run(qtbot, page.check())
    assert page.status.text() == "lab answers."
    page.table.selectRow(0)
    run(qtbot, page.remove())
    assert page.status.text() == "lab was removed."
    assert page.table.rowCount() == 0 and remotes.listed == []


def test_a_remotes_event_refreshes_the_list(qtbot: QtBot) -> None:
    fake = FakeFacade(remotes=FakeRemotes)
    remotes = remotes_of(fake)
    bridge = EventBridge(fake.bus)
    page = RemotesWindow(fake, bridge)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.table.rowCount() == 1)
    remotes.listed = [dataclasses.replace(LAB, reachable=False, problem=None)]
    fake.publish_from_thread(RemotesChanged("lab"))
    qtbot.waitUntil(lambda: cell(page.table, 0, 3) == "unreachable")
    bridge.close()


def remote_row(model: str, state: ProcessState, *, reachable: bool = True) -> ModelRow:
    problem = None if reachable else unreachable("lab", LAB.url, "connection refused")
    return ModelRow(
        id=f"lab/{model}",
        name=f"lab/{model}",
        source="remote",
        checkpoint=model,
        size_gb=None,
        labels=(),
        experimental=False,
        file_state="remote",
        bytes_on_disk=0,
        process=ProcessState.STOPPED,
        ctx_size=32768,
        problem=problem,
        remote="lab",
        remote_state=state,
        reachable=reachable,
    )


def test_remote_models_in_the_model_list(qtbot: QtBot, tmp_path: Path) -> None:
    rows = [
        *default_rows(),
        remote_row("Qwen/Qwen3-8B", ProcessState.RUNNING),
        remote_row("user.b", ProcessState.STOPPED),
        remote_row("user.c", ProcessState.RUNNING, reachable=False),
        remote_row("user.d", ProcessState.SLEEPING),
    ]
    fake = FakeFacade(rows=rows)
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        model = gui.window.table_model

        def state(model_id: str) -> str:
            return str(model.index_of(model_id, Column.STATE).data())

        assert state("lab/Qwen/Qwen3-8B") == "running on lab"
        assert state("lab/user.b") == "on lab, loads on first request"
        assert state("lab/user.d") == "asleep on lab, wakes on the next request"
        assert state("lab/user.c") == (
            "unreachable: The remote server lab (http://192.168.1.30:8000) does not answer: "
            "connection refused. Its models come back when it answers again."
        )
        index = model.index_of("lab/user.c", Column.NAME)
        assert index.data(KIND_ROLE) == StateKind.UNREACHABLE
        assert gui.window.select_model("lab/Qwen/Qwen3-8B")
        actions = gui.window.actions_
        # Nothing of it is loaded, configured or logged here; the endpoint relays a chat.
        local = [action for action in actions.all if action is not actions.chat]
        assert not any(action.isEnabled() for action in local)
        assert not actions.bench.isEnabled()  # benchmarked on its own machine
        assert actions.chat.isEnabled()
        assert gui.window.select_model("lab/user.c")  # unreachable: nobody would answer
        assert not actions.chat.isEnabled()
        assert gui.tray.status.value == "idle"  # nothing runs on this machine
    finally:
        gui.close()


def test_the_main_window_opens_one_remotes_window(qtbot: QtBot, tmp_path: Path) -> None:
    gui = start_gui(qtbot, FakeFacade(remotes=FakeRemotes), tmp_path)
    try:
        first = gui.window.open_remotes()
        assert isinstance(first, RemotesWindow) and first.isVisible()
        assert gui.window.open_remotes() is first
    finally:
        gui.close()


def test_a_key_in_the_fallback_file_is_said_to_be_there(qtbot: QtBot) -> None:
    """No keyring on this machine: the page names the file, not "the keyring" (issue 18)."""
    fake = FakeFacade(remotes=FakeRemotes)
    remotes = remotes_of(fake)
    remotes.listed = [
        dataclasses.replace(LAB, key_source="file", key_file="/home/u/.config/vllm-tray/s.json")
    ]
    page = RemotesWindow(fake, None)
    qtbot.addWidget(page)
    qtbot.waitUntil(lambda: page.table.rowCount() == 1)
    assert cell(page.table, 0, 2) == "in the file /home/u/.config/vllm-tray/s.json"
